// The page runtime shared by index.html and embed.html (data-page="index" | "embed"):
//   - checks WebAssembly and WebGL 2, shows a clear message when either is missing;
//   - downloads app.wasm + app.js with a real progress bar, then starts the Emscripten app;
//   - polls the wasm bridge (shell/web_bridge.cpp) once per animation frame for events;
//   - saves the game in localStorage after every action and resumes it on reload;
//   - the postMessage API for embedding pages and window.catan for integrators and tests;
//   - share links (board from the seed) and replay links (the whole game, compact);
//   - registers the service worker (web/sw.js) for offline play.
(function () {
  'use strict';

  const P = window.CatanParams;
  const PAGE = document.documentElement.dataset.page === 'embed' ? 'embed' : 'index';
  const EMBEDDED = window.parent !== window;
  const SAVE_FORMAT = 1; // bump together with kWebSaveVersion in shell/web_bridge.h
  const KEY_SETTINGS = 'catan.settings.v1';
  const $ = (id) => document.getElementById(id);
  const t0 = performance.now();

  // ---------------------------------------------------------------- messages on the page
  function showFatal(title, lines) {
    const box = $('fatal');
    box.hidden = false;
    box.querySelector('h2').textContent = title;
    const ul = box.querySelector('ul');
    ul.textContent = '';
    for (const line of lines) {
      const li = document.createElement('li');
      li.textContent = line;
      ul.appendChild(li);
    }
    $('loading').hidden = true;
  }

  let noticeTimer = 0;
  function notice(text, kind, sticky) {
    const n = $('notice');
    if (!n) return;
    n.textContent = text;
    n.className = 'notice ' + (kind || 'info');
    n.hidden = false;
    clearTimeout(noticeTimer);
    if (!sticky) noticeTimer = setTimeout(() => (n.hidden = true), 6000);
  }

  // ---------------------------------------------------------------- storage (never throws)
  const store = {
    get(key) {
      try { return window.localStorage.getItem(key); } catch (e) { return null; }
    },
    set(key, value) {
      try {
        window.localStorage.setItem(key, value);
        return true;
      } catch (e) {
        if (!store.warned) {
          store.warned = true;
          console.warn('[catan] could not save to localStorage:', e && e.message);
          notice('Your browser does not let this page save the game (storage full or blocked).', 'warn');
        }
        return false;
      }
    },
    remove(key) {
      try { window.localStorage.removeItem(key); } catch (e) { /* ignore */ }
    },
  };

  // ---------------------------------------------------------------- URL parameters
  const query = P.parseQuery(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const gameCode = hash.get('game');
  if (query.errors.length) {
    for (const e of query.errors) console.error('[catan] bad URL parameter: ' + e);
  }

  const settings = (() => {
    let s = {};
    try { s = JSON.parse(store.get(KEY_SETTINGS) || '{}') || {}; } catch (e) { s = {}; }
    if (typeof s !== 'object' || Array.isArray(s)) s = {};
    return s;
  })();
  // Muted: URL wins, then the saved setting, then muted by default when embedded.
  let muted = query.page.muted !== undefined ? query.page.muted
    : typeof settings.muted === 'boolean' ? settings.muted : (PAGE === 'embed' || EMBEDDED);
  const theme = query.page.theme || settings.theme || 'default';

  // Where saves go: the main page has one slot; each embed configuration has its own, so an
  // embedded demo never overwrites the visitor's own game.
  const saveKey = PAGE === 'index' ? 'catan.save' :
    'catan.embed.' + (query.present ? hashString(location.search) : 'default');
  function hashString(s) {
    let h = 2166136261;
    for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h.toString(36);
  }

  // ---------------------------------------------------------------- postMessage: target origin
  // Safe default: events go only to the embedding page's own origin, taken from the referrer
  // (the browser sends at least the origin by default); "*" only when the URL says origin=*.
  // Without a referrer and without origin=, nothing is posted (a console warning says why).
  // Commands are accepted only from window.parent and, unless origin=*, from that origin.
  let targetOrigin = query.page.origin || null;
  if (!targetOrigin && document.referrer) {
    try { targetOrigin = new URL(document.referrer).origin; } catch (e) { targetOrigin = null; }
  }
  if (EMBEDDED && !targetOrigin) {
    console.warn('[catan] embedded without a known parent origin: events are not posted. ' +
      'Add ?origin=https://your.site (or origin=* to allow any).');
  }

  function post(type, payload) {
    const msg = Object.assign({ source: 'catan', version: 1, type }, payload || {});
    listeners.forEach((fn) => {
      try { fn(msg); } catch (e) { console.error(e); }
    });
    if (EMBEDDED && targetOrigin) {
      try { window.parent.postMessage(msg, targetOrigin); } catch (e) { console.warn('[catan] postMessage failed', e); }
    }
  }
  const listeners = new Set();

  // ---------------------------------------------------------------- environment checks
  function webgl2Available() {
    try {
      const c = document.createElement('canvas');
      return !!(window.WebGL2RenderingContext && c.getContext('webgl2'));
    } catch (e) {
      return false;
    }
  }
  const missing = [];
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    missing.push('WebAssembly is not available in this browser (or it is disabled, for example by a security setting).');
  }
  if (!webgl2Available()) {
    missing.push('WebGL 2 is not available: the browser, the graphics driver or a setting (hardware acceleration off) prevents it.');
  }

  // ---------------------------------------------------------------- the wasm bridge
  let M = null; // the Emscripten Module once running
  const call = (name, ret, types, args) => M.ccall(name, ret, types, args);
  const callJson = (name, types, args) => JSON.parse(call(name, 'string', types || [], args || []));
  let ready = false;
  let readyResolve;
  const readyPromise = new Promise((r) => (readyResolve = r));
  const timing = { navigationToReady: null, navigationToFirstFrame: null, loadBytes: 0 };
  let currentConfig = null; // the flat config of the running game (for share links)

  function requireReady() {
    if (!ready) throw new Error('catan: the app is still loading (await catan.ready)');
  }

  function startGame(flat, source) {
    const r = callJson('catan_web_new_game', ['string'], [JSON.stringify(flat)]);
    if (!r.ok) {
      console.error(`[catan] ${source}: ${r.error}`);
      return { ok: false, error: r.error };
    }
    currentConfig = Object.assign({}, flat, { seed: r.config.seed });
    return { ok: true, config: r.config };
  }

  function loadSave(text, what) {
    const r = callJson('catan_web_load', ['string'], [text]);
    if (!r.ok) {
      console.error(`[catan] ${what}: ${r.error}`);
      return r;
    }
    currentConfig = null;
    return r;
  }

  function persist() {
    const text = call('catan_web_save', 'string', [], []);
    if (text) store.set(saveKey, text);
  }

  function flatFromState() {
    // Rebuilds a flat config from the running game (for share links of resumed games).
    const s = callJson('catan_web_state', ['number'], [-1]);
    if (!s.ok || !s.session.active) return null;
    const c = s.session.config;
    const o = c.options || {};
    const flat = { seed: c.seed, seats: c.seats.map((x) => x.kind === 'human' ? 'human' : `ai:${x.level}:${x.personality}`) };
    for (const k of ['mode', 'board', 'visibility', 'dice']) if (typeof o[k] === 'string') flat[k] = o[k];
    if (typeof o.vp === 'number' && o.mode === 'custom') flat.vp = o.vp;
    else if (typeof o.vp_target === 'number' && o.mode === 'custom') flat.vp = o.vp_target;
    if (typeof o.timer === 'number' && o.timer > 0) flat.timer = o.timer;
    return flat;
  }

  // ---------------------------------------------------------------- frame loop: events, saves, perf
  // deltas: intervals between animation frames (what the user sees); work: main-thread time
  // of each app frame (Emscripten's main-loop iteration: input, AI slice, UI, GL calls).
  const perf = {
    deltas: [],
    work: [],
    last: 0,
    reset() { this.deltas = []; this.work = []; this.last = 0; },
    stats() {
      const d = this.deltas.slice().sort((a, b) => a - b);
      const w = this.work.slice().sort((a, b) => a - b);
      const n = d.length;
      return {
        frames: n,
        max: n ? d[n - 1] : 0,
        p50: n ? d[Math.floor(n * 0.5)] : 0,
        p95: n ? d[Math.floor(n * 0.95)] : 0,
        over50: d.filter((x) => x > 50).length,
        workFrames: w.length,
        workP50: w.length ? w[Math.floor(w.length * 0.5)] : 0,
        workP95: w.length ? w[Math.floor(w.length * 0.95)] : 0,
        workMax: w.length ? w[w.length - 1] : 0,
        workOver50: w.filter((x) => x > 50).length,
      };
    },
  };
  let framesSinceReady = 0;
  function tick(now) {
    if (perf.last) {
      perf.deltas.push(now - perf.last);
      if (perf.deltas.length > 5000) perf.deltas.shift();
    }
    perf.last = now;
    if (ready) {
      ++framesSinceReady;
      if (framesSinceReady === 2 && timing.navigationToFirstFrame === null) {
        timing.navigationToFirstFrame = Math.round(performance.now());
      }
      let events = [];
      try { events = JSON.parse(call('catan_web_poll', 'string', [], [])); } catch (e) { events = []; }
      let changed = false;
      for (const ev of events) {
        if (ev.type === 'changed') { changed = true; continue; }
        const payload = Object.assign({}, ev);
        delete payload.type;
        post(ev.type, payload);
      }
      if (changed) persist();
    }
    requestAnimationFrame(tick);
  }

  // ---------------------------------------------------------------- postMessage commands
  const COMMANDS = ['newGame', 'pause', 'resume'];
  window.addEventListener('message', (ev) => {
    if (ev.source !== window.parent || window.parent === window) return; // not from our embedder
    if (targetOrigin !== '*' && ev.origin !== targetOrigin) {
      console.warn(`[catan] ignored a message from ${ev.origin} (expected ${targetOrigin || 'an origin= parameter'})`);
      return;
    }
    const d = ev.data;
    if (!d || typeof d !== 'object' || Array.isArray(d) || typeof d.type !== 'string') {
      console.warn('[catan] ignored a malformed message (expected an object with a string "type"):', d);
      return;
    }
    if (!COMMANDS.includes(d.type)) {
      console.warn(`[catan] ignored an unknown command "${String(d.type).slice(0, 40)}" (known: ${COMMANDS.join(', ')})`);
      return;
    }
    const extra = Object.keys(d).filter((k) => !['type', 'config', 'source', 'version'].includes(k));
    if (extra.length || (d.type !== 'newGame' && d.config !== undefined)) {
      console.warn(`[catan] ignored a malformed "${d.type}" command (unexpected fields: ${extra.concat(d.config !== undefined && d.type !== 'newGame' ? ['config'] : []).join(', ')})`);
      return;
    }
    if (!ready) {
      console.warn(`[catan] ignored "${d.type}": the app is still loading (wait for the ready event)`);
      return;
    }
    if (d.type === 'pause' || d.type === 'resume') {
      call('catan_web_set_paused', null, ['number'], [d.type === 'pause' ? 1 : 0]);
      post(d.type === 'pause' ? 'paused' : 'resumed', {});
      return;
    }
    const parsed = P.parseConfig(d.config);
    if (parsed.errors.length) {
      console.warn('[catan] ignored a newGame command with a bad config: ' + parsed.errors.join('; '));
      post('error', { command: 'newGame', errors: parsed.errors });
      return;
    }
    const game = {};
    for (const k of P.GAME_KEYS) if (parsed.config[k] !== undefined) game[k] = parsed.config[k];
    if (parsed.config.muted !== undefined) setMuted(parsed.config.muted);
    if (PAGE === 'embed' && game.seed === undefined) game.seed = P.checkKey('seed', 'random').value;
    const r = startGame(game, 'newGame command');
    if (!r.ok) post('error', { command: 'newGame', errors: [r.error] });
  });

  function setMuted(m) {
    muted = !!m;
    if (ready) call('catan_web_set_muted', null, ['number'], [muted ? 1 : 0]);
    settings.muted = muted;
    store.set(KEY_SETTINGS, JSON.stringify(settings));
  }

  // ---------------------------------------------------------------- what to show first
  function startFirstGame() {
    if (query.errors.length) {
      showParamErrors(query.errors);
      return;
    }
    if (gameCode) {
      const r = callJson('catan_web_load_game_code', ['string'], [gameCode]);
      if (!r.ok) {
        console.error('[catan] replay link: ' + r.error);
        notice('This replay link could not be opened: ' + r.error, 'error', true);
      } else {
        notice('Replayed a shared game to its last position (paused: press Resume to play on).', 'info');
        history.replaceState(null, '', location.pathname + location.search);
      }
      return;
    }
    if (query.present && Object.keys(query.game).length) {
      // A share link or an embed configuration. The embed page resumes its own save for the
      // same parameters (a reload resumes); the main page starts the linked game and then
      // drops the query, so the next reload resumes it from the save.
      if (PAGE === 'embed' && resumeSaved()) return;
      const game = Object.assign({}, query.game);
      if (game.seed === undefined) game.seed = P.checkKey('seed', 'random').value;
      const r = startGame(game, 'URL parameters');
      if (!r.ok) showParamErrors([r.error]);
      else if (PAGE === 'index') history.replaceState(null, '', location.pathname);
      return;
    }
    if (resumeSaved()) return;
    if (PAGE === 'embed') {
      const r = startGame({ seed: P.checkKey('seed', 'random').value }, 'default embed game');
      if (!r.ok) showParamErrors([r.error]);
    }
    // index.html without a save: the app shows its New game screen.
  }

  function resumeSaved() {
    const text = store.get(saveKey);
    if (!text) return false;
    let version = null;
    try { version = JSON.parse(text).version; } catch (e) { version = null; }
    const r = loadSave(text, 'saved game');
    if (r.ok) {
      notice('Resumed your game.', 'info');
      return true;
    }
    // Keep the broken save aside (never lose it silently), then report it.
    store.set(saveKey + '.rejected', text);
    store.remove(saveKey);
    const outdated = typeof version === 'number' && version !== SAVE_FORMAT;
    notice((outdated ? 'Your saved game is from another version and cannot be resumed: '
      : 'Your saved game is damaged and cannot be resumed: ') + r.error +
      '. It was set aside; a new game can be started.', 'error', true);
    return false;
  }

  function showParamErrors(errors) {
    const box = $('param-errors');
    if (!box) return;
    box.hidden = false;
    const ul = box.querySelector('ul');
    ul.textContent = '';
    for (const e of errors) {
      const li = document.createElement('li');
      li.textContent = e;
      ul.appendChild(li);
    }
    post('error', { errors });
  }

  // ---------------------------------------------------------------- loading with progress
  function setProgress(done, total) {
    const bar = $('progress-bar');
    const label = $('progress-label');
    if (total > 0) {
      const pct = Math.min(100, Math.round((done / total) * 100));
      bar.style.width = pct + '%';
      label.textContent = `Loading ${pct}% (${(done / 1048576).toFixed(1)} of ${(total / 1048576).toFixed(1)} MB)`;
    } else {
      label.textContent = `Loading ${(done / 1048576).toFixed(1)} MB`;
    }
  }

  async function fetchWithProgress(url, expected, onBytes) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const encoded = res.headers.get('content-encoding');
    const len = Number(res.headers.get('content-length')) || 0;
    // Content-Length counts compressed bytes when the server gzips; the stream yields
    // uncompressed bytes, so the expected (uncompressed) size from version.json is preferred.
    const total = expected || (encoded ? 0 : len);
    if (!res.body || !res.body.getReader) {
      const buf = await res.arrayBuffer();
      onBytes(buf.byteLength, total);
      return new Uint8Array(buf);
    }
    const reader = res.body.getReader();
    const chunks = [];
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      got += value.byteLength;
      onBytes(value.byteLength, total);
    }
    const out = new Uint8Array(got);
    let off = 0;
    for (const c of chunks) { out.set(c, off); off += c.byteLength; }
    return out;
  }

  let buildInfo = { version: 'dev', files: {} };
  async function load() {
    try {
      const r = await fetch('version.json', { cache: 'no-cache' });
      if (r.ok) buildInfo = await r.json();
    } catch (e) { /* served without the site builder: no progress totals, no service worker */ }
    const sizes = buildInfo.files || {};
    const total = (sizes['app.wasm'] || 0) + (sizes['app.js'] || 0);
    let done = 0;
    const progress = (n, t) => {
      done += n;
      setProgress(done, total || 0);
    };
    const v = encodeURIComponent(buildInfo.version);
    const [wasm, js] = await Promise.all([
      fetchWithProgress(`app.wasm?v=${v}`, sizes['app.wasm'], progress),
      fetchWithProgress(`app.js?v=${v}`, sizes['app.js'], progress),
    ]);
    timing.loadBytes = wasm.byteLength + js.byteLength;
    $('progress-label').textContent = 'Starting…';

    const canvas = $('canvas');
    // Do not let the page itself scroll or open menus on the canvas.
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('webglcontextlost', (e) => {
      e.preventDefault();
      showFatal('The graphics context was lost', ['Reload the page to continue; your game is saved.']);
    });

    window.Module = {
      canvas,
      wasmBinary: wasm.buffer,
      arguments: [],
      print: (t) => console.log(t),
      printErr: (t) => console.warn(t),
      preMainLoop: () => { perf.t = performance.now(); },
      postMainLoop: () => {
        perf.work.push(performance.now() - perf.t);
        if (perf.work.length > 5000) perf.work.shift();
      },
      onAbort: (what) => showFatal('The game stopped because of an internal error', [String(what)]),
      onRuntimeInitialized() {
        M = window.Module;
        waitForApp();
      },
    };
    const script = document.createElement('script');
    script.textContent = new TextDecoder().decode(js) + '\n//# sourceURL=app.js';
    document.body.appendChild(script);
  }

  // main() attaches the bridge before it enters the main loop; wait for that, then go.
  function waitForApp(tries) {
    tries = tries || 0;
    if (!call('catan_web_attached', 'number', [], [])) {
      if (tries > 500) {
        showFatal('The game did not start', ['The app never attached its JavaScript bridge.']);
        return;
      }
      setTimeout(() => waitForApp(tries + 1), 10);
      return;
    }
    ready = true;
    timing.navigationToReady = Math.round(performance.now());
    $('loading').hidden = true;
    document.body.classList.add('running');
    call('catan_web_set_muted', null, ['number'], [muted ? 1 : 0]);
    if (theme === 'colorblind') call('catan_web_set_colorblind', null, ['number'], [1]);
    startFirstGame();
    post('ready', { page: PAGE, version: buildInfo.version });
    readyResolve();
    $('canvas').focus();
  }

  // ---------------------------------------------------------------- share / menu (index.html)
  function shareLink() {
    requireReady();
    const flat = flatFromState();
    if (!flat) return null;
    const base = new URL('index.html', location.href);
    base.search = P.toQuery(flat);
    return base.toString();
  }
  function replayLink() {
    requireReady();
    const code = call('catan_web_game_code', 'string', [], []);
    if (!code) return null;
    const base = new URL('index.html', location.href);
    base.search = '';
    base.hash = 'game=' + code;
    return base.toString();
  }

  function setupMenu() {
    const btn = $('menu-button');
    const menu = $('menu');
    if (!btn || !menu) return;
    btn.addEventListener('click', () => { menu.hidden = !menu.hidden; });
    const copy = async (text, what) => {
      if (!text) { notice('Start a game first.', 'warn'); return; }
      try {
        await navigator.clipboard.writeText(text);
        notice(`${what} copied to the clipboard.`, 'info');
      } catch (e) {
        window.prompt(`${what}:`, text);
      }
      menu.hidden = true;
    };
    $('menu-share').addEventListener('click', () => copy(shareLink(), 'Board link'));
    $('menu-replay').addEventListener('click', () => copy(replayLink(), 'Replay link'));
    const mute = $('menu-mute');
    const label = () => (mute.textContent = muted ? 'Sound: off' : 'Sound: on');
    label();
    mute.addEventListener('click', () => { setMuted(!muted); label(); });
  }

  // ---------------------------------------------------------------- window.catan
  window.catan = {
    ready: readyPromise,
    page: PAGE,
    get version() { return buildInfo.version; },
    get loaded() { return ready; },
    timing,
    perf,
    // The state as JSON. seat: 'all' (default), a seat number, or -1 for a spectator.
    state(seat) {
      requireReady();
      const s = seat === undefined || seat === 'all' ? 99 : Number(seat);
      return callJson('catan_web_state', ['number'], [s]);
    },
    legal() { requireReady(); return callJson('catan_web_legal'); },
    act(action) {
      requireReady();
      if (typeof action !== 'string' || action.length > 200) return { ok: false, error: 'the action must be a string' };
      return callJson('catan_web_act', ['string'], [action]);
    },
    newGame(config) {
      requireReady();
      const parsed = P.parseConfig(config || {});
      if (parsed.errors.length) return { ok: false, error: parsed.errors.join('; ') };
      const game = {};
      for (const k of P.GAME_KEYS) if (parsed.config[k] !== undefined) game[k] = parsed.config[k];
      if (game.seed === undefined) game.seed = P.checkKey('seed', 'random').value;
      if (parsed.config.muted !== undefined) setMuted(parsed.config.muted);
      return startGame(game, 'catan.newGame');
    },
    pause() { requireReady(); call('catan_web_set_paused', null, ['number'], [1]); },
    resume() { requireReady(); call('catan_web_set_paused', null, ['number'], [0]); },
    setSpeed(x) { requireReady(); call('catan_web_set_speed', null, ['number'], [Number(x)]); },
    setMuted(m) { setMuted(m); },
    get muted() { return muted; },
    save() { requireReady(); return call('catan_web_save', 'string', [], []); },
    load(text) { requireReady(); return loadSave(String(text), 'catan.load'); },
    gameCode() { requireReady(); return call('catan_web_game_code', 'string', [], []); },
    loadGameCode(code) { requireReady(); return callJson('catan_web_load_game_code', ['string'], [String(code)]); },
    shareLink,
    replayLink,
    // Where the board view drew things, in CSS pixels relative to the canvas.
    view() { requireReady(); return callJson('catan_web_view'); },
    board() { requireReady(); return callJson('catan_web_board'); },
    saveKey,
    on(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  };

  // ---------------------------------------------------------------- service worker
  function registerServiceWorker() {
    if (!('serviceWorker' in navigator) || buildInfo.version === 'dev') return;
    if (location.protocol !== 'https:' && location.hostname !== 'localhost' && location.hostname !== '127.0.0.1') return;
    navigator.serviceWorker.register('sw.js').catch((e) => console.warn('[catan] service worker not registered:', e && e.message));
  }

  // ---------------------------------------------------------------- go
  window.addEventListener('pagehide', () => { if (ready) persist(); });
  document.addEventListener('visibilitychange', () => { if (ready && document.hidden) persist(); });
  setupMenu();
  if (missing.length) {
    showFatal('This browser cannot run the game', missing.concat([
      'Try a current Chrome, Edge, Firefox or Safari with hardware acceleration enabled.']));
    for (const m of missing) console.error('[catan] ' + m);
    return;
  }
  requestAnimationFrame(tick);
  load().then(registerServiceWorker).catch((e) => {
    console.error('[catan] loading failed:', e);
    showFatal('The game could not be loaded', [String(e && e.message || e),
      navigator.onLine === false ? 'You are offline and this page was not saved for offline use yet.' : 'Check your connection and reload.']);
  });
  void t0;
})();
