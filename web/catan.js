// The page runtime shared by index.html and embed.html (data-page="index" | "embed"):
//   - checks WebAssembly and WebGL 2, shows a clear message when either is missing;
//   - downloads app.wasm with a real progress bar, checks that it and app.js belong to this
//     release, then starts the Emscripten app (app.js is a plain <script src>: the pages'
//     Content-Security-Policy allows no inline script);
//   - polls the wasm bridge (shell/web_bridge.cpp) once per animation frame for events;
//   - saves the game in localStorage after every action and resumes it on reload;
//   - the postMessage API for embedding pages and window.catan for integrators and tests;
//   - share links (board from the board seed) and replay links (finished games only);
//   - the service worker (web/sw.js): offline play, and updates applied between games.
//
// Whatever the bridge, the URL or a message contains, the page always ends its start-up with
// a `ready` event (or an `error` event with fatal: true when the app cannot run at all) and
// resolves catan.ready.
(function () {
  'use strict';

  const P = window.CatanParams;
  const hasOwn = P.hasOwn;
  // The release this file belongs to: its version and the size and SRI hash of app.js and
  // app.wasm. Written by web/tools/make-site.mjs; "dev" when the site was not finished.
  const RELEASE = /*__CATAN_RELEASE__*/ { version: 'dev', files: {} };
  const PAGE = document.documentElement.dataset.page === 'embed' ? 'embed' : 'index';
  const EMBEDDED = window.parent !== window;
  const KEY_SETTINGS = 'catan.settings.v1';
  const MAX_CODE = 200000; // longest replay code accepted (the bridge has the same limit)
  const MAX_SAVE = 16 * 1024 * 1024; // longest saved game accepted (the bridge has the same limit)
  const $ = (id) => document.getElementById(id);
  const errorText = (e) => String((e && e.message) || e).slice(0, 300);

  // The status elements both pages share exist only for this script, so it makes them and
  // the pages keep just their own markup: #fatal (the app cannot run), #notice (short
  // messages) and #update (a new release is waiting).
  function addStatusElements() {
    const add = (parent, tag, attrs, text) => {
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      if (text) el.textContent = text;
      parent.appendChild(el);
      return el;
    };
    if (!$('fatal')) {
      const box = add(document.body, 'div', { id: 'fatal', class: 'panel', role: 'alert', hidden: '' });
      add(box, 'h2', {});
      add(box, 'ul', {});
    }
    if (!$('notice')) add(document.body, 'div', { id: 'notice', class: 'notice', role: 'status', hidden: '' });
    if (!$('update')) {
      const bar = add(document.body, 'div', { id: 'update', class: 'update', role: 'status', hidden: '' },
        'A new version is ready. ');
      add(bar, 'button', { id: 'update-apply' }, 'Reload to update');
    }
  }
  addStatusElements();

  // ---------------------------------------------------------------- messages on the page
  // Shows a panel (#fatal, #param-errors) with its list replaced by `lines`.
  function showList(box, lines) {
    box.hidden = false;
    const ul = box.querySelector('ul');
    ul.textContent = '';
    for (const line of lines) {
      const li = document.createElement('li');
      li.textContent = line;
      ul.appendChild(li);
    }
  }

  function showFatal(title, lines) {
    const box = $('fatal');
    box.querySelector('h2').textContent = title;
    showList(box, lines);
    $('loading').hidden = true;
    ready = false; // the app is gone: no more polling, the API says it is not running
    settle([title].concat(lines));
  }

  // Notices stack at the bottom of the page; each line goes away after a while (sticky ones
  // when clicked).
  function notice(text, kind, sticky) {
    const box = $('notice');
    if (!box) return;
    const line = document.createElement('div');
    line.className = 'notice-line ' + (kind || 'info');
    line.textContent = text;
    const drop = () => {
      line.remove();
      if (!box.firstChild) box.hidden = true;
    };
    line.addEventListener('click', drop);
    while (box.childNodes.length >= 4) box.firstChild.remove();
    box.appendChild(line);
    box.hidden = false;
    if (!sticky) setTimeout(drop, 8000);
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

  function cleanUrl(url) {
    try { history.replaceState(null, '', url); } catch (e) { /* a sandboxed frame: keep it */ }
  }

  // ---------------------------------------------------------------- URL parameters
  const query = P.parseQuery(location.search);
  for (const e of query.errors) console.error('[catan] bad URL parameter: ' + e);
  for (const e of query.unknown) console.warn('[catan] bad URL parameter (ignored): ' + e);
  const gameCode = new URLSearchParams(location.hash.replace(/^#/, '')).get('game');

  // Only the known settings are read back, with their types checked.
  const settings = (() => {
    let s = null;
    try { s = JSON.parse(store.get(KEY_SETTINGS) || 'null'); } catch (e) { s = null; }
    const out = {};
    if (s && typeof s === 'object' && hasOwn(s, 'muted') && typeof s.muted === 'boolean') out.muted = s.muted;
    return out;
  })();
  // Muted: URL wins, then the saved setting, then muted by default when embedded.
  let muted = query.page.muted !== undefined ? query.page.muted
    : settings.muted !== undefined ? settings.muted : (PAGE === 'embed' || EMBEDDED);
  const theme = query.page.theme || 'default';

  // Where saves go (the app's "Continue last game" reads the same slot): the main page has
  // one slot; index.html inside another page's frame has its own, and so has each embed
  // configuration, so no framed page reads or overwrites the visitor's own game.
  const saveKey = PAGE === 'index' ? (EMBEDDED ? 'catan.framed' : 'catan.save') :
    'catan.embed.' + (query.present ? hashString(location.search) : 'default');
  function hashString(s) {
    let h = 2166136261;
    for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h.toString(36);
  }

  // ---------------------------------------------------------------- postMessage: target origin
  // The postMessage API is embed.html's; index.html takes part only when its URL names the
  // embedding page (origin=), so a page that merely frames it gets no events and no control.
  // Safe default: events go only to the embedding page's own origin, taken from the referrer
  // (the browser sends at least the origin by default); "*" only when the URL says origin=*.
  // Without a referrer and without origin=, nothing is posted (a console warning says why).
  // Commands are accepted only from window.parent and, unless origin=*, from that origin.
  const MESSAGING = PAGE === 'embed' || query.page.origin !== undefined;
  let targetOrigin = MESSAGING ? query.page.origin || null : null;
  if (MESSAGING && !targetOrigin && document.referrer) {
    try { targetOrigin = new URL(document.referrer).origin; } catch (e) { targetOrigin = null; }
  }
  if (EMBEDDED && !MESSAGING) {
    console.info('[catan] index.html in a frame: no events are posted and no commands taken ' +
      '(use embed.html, or add ?origin=<the embedding page\'s origin>).');
  } else if (EMBEDDED && !targetOrigin) {
    console.warn('[catan] embedded without a known parent origin: events are not posted. ' +
      'Add ?origin=<the embedding page\'s origin> (or origin=* to allow any).');
  }

  const listeners = new Set();
  const RESERVED = new Set(['source', 'version', 'type']);
  // Every message is {source: "catan", version: 1, type, ...}; a payload never overrides
  // those three fields, and its keys are copied as own data (never through a setter).
  function post(type, payload) {
    const msg = { source: 'catan', version: 1, type };
    if (payload) {
      for (const k of Object.keys(payload)) {
        if (RESERVED.has(k)) continue;
        Object.defineProperty(msg, k, { value: payload[k], enumerable: true, writable: true, configurable: true });
      }
    }
    listeners.forEach((fn) => {
      try { fn(msg); } catch (e) { console.error(e); }
    });
    if (EMBEDDED && targetOrigin) {
      try { window.parent.postMessage(msg, targetOrigin); } catch (e) { console.warn('[catan] postMessage failed', e); }
    }
  }

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
  // Every call is guarded: an exception from the wasm side or an unreadable result becomes
  // {ok: false, error} (or an empty list / text), so no caller can be left half-done.
  let M = null; // the Emscripten Module once running
  // Text arguments cross as heap copies: ccall would copy them onto the module's 5 MiB stack,
  // which a string of a million characters overflows. A copy holds at most MAX_ARG_BYTES (more
  // than any export reads, so the export's own size check refuses a longer text), and a text
  // with a NUL character is refused here (C would read it as the end of the text). The stack
  // pointer is put back after every call, one that throws included.
  const MAX_ARG_BYTES = 16 * 1024 * 1024 + 1;
  const ARG_NAMES = { catan_web_act: 'action', catan_web_new_game: 'config', catan_web_load: 'saved game', catan_web_load_game_code: 'game code' };
  class Refused extends Error {}
  function call(name, ret, types, args) {
    if (!M) throw new Error('the app is not running');
    types = types || [];
    args = args || [];
    const heap = [];
    const sp = typeof M.stackSave === 'function' ? M.stackSave() : null;
    try {
      const cTypes = [], cArgs = [];
      for (let i = 0; i < args.length; ++i) {
        if (types[i] !== 'string') { cTypes.push(types[i]); cArgs.push(args[i]); continue; }
        const s = String(args[i]);
        if (s.includes('\0')) throw new Refused(`the ${hasOwn(ARG_NAMES, name) ? ARG_NAMES[name] : 'text'} holds a NUL character`);
        const n = Math.min(M.lengthBytesUTF8(s), MAX_ARG_BYTES) + 1;
        const p = M._malloc(n);
        if (!p) throw new Error('out of memory');
        heap.push(p);
        M.stringToUTF8(s, p, n);
        cTypes.push('number');
        cArgs.push(p);
      }
      return M.ccall(name, ret, cTypes, cArgs);
    } finally {
      if (sp !== null) M.stackRestore(sp);
      for (const p of heap) M._free(p);
    }
  }
  function callJson(name, types, args) {
    let text;
    try {
      text = call(name, 'string', types, args);
    } catch (e) {
      if (e instanceof Refused) return { ok: false, error: e.message };
      console.error(`[catan] ${name} failed:`, e);
      return { ok: false, error: `${name} failed (${errorText(e)})` };
    }
    try {
      const v = JSON.parse(text);
      if (v !== null && typeof v === 'object') return v;
    } catch (e) { /* reported below */ }
    console.error(`[catan] ${name} returned an unreadable result`);
    return { ok: false, error: `${name} returned an unreadable result` };
  }
  // A list result: the bridge returns an array (or an object holding it under `key`).
  function callList(name, key) {
    const v = callJson(name);
    if (Array.isArray(v)) return v;
    if (v && hasOwn(v, key) && Array.isArray(v[key])) return v[key];
    return [];
  }
  function callText(name) {
    try {
      const t = call(name, 'string');
      return typeof t === 'string' ? t : '';
    } catch (e) {
      console.error(`[catan] ${name} failed:`, e);
      return '';
    }
  }
  function callVoid(name, types, args) {
    try { call(name, null, types, args); } catch (e) { console.error(`[catan] ${name} failed:`, e); }
  }
  const failed = (r, fallback) => ({ ok: false, error: r && typeof r.error === 'string' ? r.error : fallback });

  let ready = false;
  let settled = false;
  let readyResolve;
  const readyPromise = new Promise((r) => (readyResolve = r));
  const timing = { navigationToReady: null, navigationToFirstFrame: null, loadBytes: 0 };

  // The saved game's fate at start-up, reported with `ready`: {ok: true} resumed, {ok: false,
  // error, keptAs} refused and set aside; null when none was tried.
  let startupSave = null;
  // Ends the start-up exactly once: `ready` when the app runs, else a fatal `error` event.
  // catan.ready resolves either way ({ok, errors}). Later fatal errors post `error` again.
  function settle(fatalErrors) {
    if (fatalErrors) post('error', { fatal: true, errors: fatalErrors });
    if (settled) return;
    settled = true;
    const saved = startupSave ? { savedGame: startupSave } : {};
    if (!fatalErrors) post('ready', Object.assign({ page: PAGE, build: RELEASE.version }, saved));
    readyResolve(fatalErrors ? { ok: false, errors: fatalErrors } : Object.assign({ ok: true }, saved));
  }

  function requireReady() {
    if (!ready) throw new Error('catan: the app is still loading (await catan.ready)');
  }

  function startGame(flat, source) {
    const r = callJson('catan_web_new_game', ['string'], [JSON.stringify(flat)]);
    if (r.ok !== true) {
      const f = failed(r, 'the game could not be started');
      console.error(`[catan] ${source}: ${f.error}`);
      return f;
    }
    return { ok: true, config: r.config };
  }

  // The outline of a saved game, checked before the bridge sees it (the bridge checks the
  // rest and replays the history). Returns an error text or null.
  function saveProblem(text) {
    let j;
    try { j = JSON.parse(text); } catch (e) { return 'the saved game is corrupt (not valid JSON)'; }
    const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
    if (!isObject(j) || !hasOwn(j, 'format') || j.format !== 'catan-web-save') return 'the saved game is corrupt (not a Catan save)';
    if (!hasOwn(j, 'version') || typeof j.version !== 'number') return 'the saved game is corrupt (no version)';
    if (!hasOwn(j, 'config') || !isObject(j.config)) return 'the saved game is corrupt (no config)';
    if (!hasOwn(j, 'game') || !isObject(j.game)) return 'the saved game is corrupt (no game)';
    return null;
  }

  function loadSave(text, what) {
    // The bridge reads at most 16 MiB (match::kMaxWebSaveText); a longer text is not parsed.
    const problem = text.length > MAX_SAVE ? 'the saved game is too large (over 16 MiB)'
      : saveProblem(text);
    const r = problem ? { ok: false, error: problem } : callJson('catan_web_load', ['string'], [text]);
    if (r.ok !== true) {
      const f = failed(r, 'the saved game could not be loaded');
      console.error(`[catan] ${what}: ${f.error}`);
      return f;
    }
    return { ok: true };
  }

  // True while the player chooses between a link and the saved game in progress: nothing is
  // written over that game until the choice is made.
  let holdSave = false;
  function persist() {
    if (holdSave) return;
    const text = callText('catan_web_save');
    if (text) store.set(saveKey, text);
  }

  // The spectator's view of the running game, or null.
  function spectatorState() {
    const s = callJson('catan_web_state', ['number'], [-1]);
    return s.ok === true && s.session && s.session.active && s.state ? s : null;
  }
  // Saves and replay codes hold the play seed (dice, deck, steals): handed out only once the
  // game is over.
  function gameOver() {
    const s = spectatorState();
    return !!s && s.state.phase === 'game_over';
  }

  function flatFromState() {
    // Rebuilds a flat config from the running game (for share links of resumed games).
    const s = spectatorState();
    if (!s) return null;
    try {
      const c = s.session.config;
      const o = c.options || {};
      const flat = { seed: String(c.seed), seats: c.seats.map((x) => x.kind === 'human' ? 'human' : `ai:${x.level}:${x.personality}`) };
      for (const k of ['mode', 'board', 'visibility', 'dice']) if (typeof o[k] === 'string') flat[k] = o[k];
      if (typeof o.vp === 'number' && o.mode === 'custom') flat.vp = o.vp;
      else if (typeof o.vp_target === 'number' && o.mode === 'custom') flat.vp = o.vp_target;
      if (typeof o.timer === 'number' && o.timer > 0) flat.timer = o.timer;
      return flat;
    } catch (e) {
      console.error('[catan] the game config is unreadable:', e);
      return null;
    }
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
      let changed = false;
      for (const ev of callList('catan_web_poll', 'events')) {
        if (!ev || typeof ev !== 'object' || typeof ev.type !== 'string') continue;
        if (ev.type === 'changed') { changed = true; continue; }
        post(ev.type, ev);
      }
      if (changed) persist();
    }
    requestAnimationFrame(tick);
  }

  // ---------------------------------------------------------------- postMessage commands
  const COMMANDS = new Set(['newGame', 'pause', 'resume']);
  const MESSAGE_FIELDS = new Set(['type', 'config', 'source', 'version']);
  window.addEventListener('message', (ev) => {
    if (ev.source !== window.parent || window.parent === window) return; // not from our embedder
    if (!MESSAGING) {
      console.warn('[catan] ignored a message: index.html takes commands only with ?origin= (or use embed.html)');
      return;
    }
    if (targetOrigin !== '*' && ev.origin !== targetOrigin) {
      console.warn(`[catan] ignored a message from ${ev.origin} (expected ${targetOrigin || 'an origin= parameter'})`);
      return;
    }
    const d = ev.data;
    if (!d || typeof d !== 'object' || Array.isArray(d) || !hasOwn(d, 'type') || typeof d.type !== 'string') {
      console.warn('[catan] ignored a malformed message (expected an object with a string "type"):', d);
      return;
    }
    if (!COMMANDS.has(d.type)) {
      console.warn(`[catan] ignored an unknown command "${d.type.slice(0, 40)}" (known: ${[...COMMANDS].join(', ')})`);
      return;
    }
    const hasConfig = hasOwn(d, 'config');
    const extra = Object.keys(d).filter((k) => !MESSAGE_FIELDS.has(k))
      .concat(hasConfig && d.type !== 'newGame' ? ['config'] : []);
    if (extra.length) {
      console.warn(`[catan] ignored a malformed "${d.type}" command (unexpected fields: ${extra.map((k) => k.slice(0, 40)).join(', ')})`);
      return;
    }
    if (!ready) {
      console.warn(`[catan] ignored "${d.type}": the app is still loading (wait for the ready event)`);
      return;
    }
    if (d.type === 'pause' || d.type === 'resume') {
      callVoid('catan_web_set_paused', ['number'], [d.type === 'pause' ? 1 : 0]);
      post(d.type === 'pause' ? 'paused' : 'resumed', {});
      return;
    }
    const r = newGame(hasConfig ? d.config : undefined, 'newGame command');
    if (!r.ok) {
      console.warn('[catan] ignored a newGame command: ' + r.error);
      post('error', { command: 'newGame', errors: r.errors || [r.error] });
    }
  });

  // A new game from a config object ({} for a default game; a missing config is an error).
  function newGame(config, source) {
    const parsed = P.parseConfig(config);
    if (parsed.errors.length) return { ok: false, error: parsed.errors.join('; '), errors: parsed.errors };
    if (parsed.config.muted !== undefined) setMuted(parsed.config.muted);
    if (parsed.config.theme !== undefined) {
      callVoid('catan_web_set_colorblind', ['number'], [parsed.config.theme === 'colorblind' ? 1 : 0]);
    }
    return startGame(P.gameConfig(parsed.config), source);
  }

  function setMuted(m) {
    muted = !!m;
    if (ready) callVoid('catan_web_set_muted', ['number'], [muted ? 1 : 0]);
    settings.muted = muted;
    store.set(KEY_SETTINGS, JSON.stringify(settings));
  }

  // ---------------------------------------------------------------- what to show first
  function startFirstGame() {
    if (query.unknown.length) {
      const names = query.unknown.map((u) => (/"([^"]*)"/.exec(u) || ['', u])[1]);
      notice('Ignored unknown link parameters: ' + names.join(', '), 'warn');
      post('error', { errors: query.unknown });
    }
    if (query.errors.length) {
      showParamErrors(query.errors.concat(query.unknown));
      return;
    }
    // A replay link is tried once: the hash leaves the URL either way, so a reload resumes
    // the saved game instead of failing again. After a bad link the page carries on as
    // without it.
    // A link while a game is in progress: the link opens behind a question, and the saved
    // game stays as it is until the player chooses (resume it, or keep the link's game).
    const previous = PAGE === 'index' &&
      (gameCode !== null || (query.present && Object.keys(query.game).length)) ? unfinishedSave() : null;
    holdSave = !!previous;
    if (gameCode !== null) {
      cleanUrl(location.pathname + location.search);
      if (openReplay(gameCode)) {
        if (previous) askAboutSavedGame(previous, 'replay');
        return;
      }
    }
    if (query.present && Object.keys(query.game).length) {
      // A share link or an embed configuration. The embed page resumes its own save for the
      // same parameters (a reload resumes); the main page starts the linked game and then
      // drops the query, so the next reload resumes it from the save.
      if (PAGE === 'embed' && resumeSaved()) return;
      const r = startGame(P.gameConfig(query.game), 'URL parameters');
      holdSave = !!previous && r.ok;
      if (!r.ok) showParamErrors([r.error]);
      else if (PAGE === 'index') cleanUrl(location.pathname);
      if (holdSave) askAboutSavedGame(previous, 'board');
      return;
    }
    holdSave = false;
    if (resumeSaved()) return;
    if (PAGE === 'embed') {
      const r = startGame({}, 'default embed game');
      if (!r.ok) showParamErrors([r.error]);
    }
    // index.html without a save: the app shows its New game screen.
  }

  function openReplay(code) {
    const r = code.length > MAX_CODE ? { ok: false, error: 'the game code is empty or too long' }
      : callJson('catan_web_load_game_code', ['string'], [code]);
    if (r.ok === true) {
      notice('Opened the review of a shared game: step through it, or play on from any point with "Play from here".', 'info');
      return true;
    }
    const error = failed(r, 'the game code is invalid').error;
    console.error('[catan] replay link: ' + error);
    notice('This replay link could not be opened: ' + error, 'error', true);
    post('error', { errors: ['replay link: ' + error] });
    return false;
  }

  // The saved game when it is still being played: {text, turn}, else null.
  function unfinishedSave() {
    const text = store.get(saveKey);
    if (!text) return null;
    let phase = null, turn = null;
    try {
      const st = JSON.parse(text).game.state;
      phase = st.phase;
      turn = typeof st.turn === 'number' ? st.turn : null;
    } catch (e) { /* unreadable: kept as if unfinished */ }
    return phase === 'game_over' ? null : { text, turn };
  }

  // Asks whether to resume the saved game or keep the link's game (kind 'board' | 'replay'),
  // which is already open behind the question (a board link's game paused). Keeping the link
  // sets the old game aside under saveKey + '.previous' before the link's game is saved (when
  // that copy fails, the link's game is not saved).
  function askAboutSavedGame(previous, kind) {
    if (kind === 'board') callVoid('catan_web_set_paused', ['number'], [1]);
    const box = document.createElement('div');
    box.id = 'link-choice';
    box.className = 'choice';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'link-choice-title');
    const card = document.createElement('div');
    card.className = 'choice-card';
    const h = document.createElement('h2');
    h.id = 'link-choice-title';
    h.textContent = 'You have a game in progress';
    const p = document.createElement('p');
    const where = previous.turn !== null ? ` (turn ${previous.turn + 1})` : '';
    p.textContent = (kind === 'replay'
      ? 'This link opens the review of a shared game.'
      : 'This link starts a new game on a shared board.') +
      ` Your game${where} is kept until you choose.`;
    const buttons = document.createElement('div');
    buttons.className = 'choice-buttons';
    const resume = document.createElement('button');
    resume.id = 'link-choice-resume';
    resume.className = 'primary';
    resume.textContent = 'Resume my game';
    const open = document.createElement('button');
    open.id = 'link-choice-open';
    open.textContent = kind === 'replay' ? 'Open the shared game' : 'Play the linked game';
    const small = document.createElement('p');
    small.className = 'choice-note';
    small.textContent = 'Opening the link replaces your game in progress.';
    buttons.append(resume, open);
    card.append(h, p, buttons, small);
    box.appendChild(card);
    document.body.appendChild(box);
    const done = (keepLink) => {
      box.remove();
      holdSave = false;
      if (keepLink) {
        // The old game is overwritten only once its copy is stored.
        holdSave = !store.set(saveKey + '.previous', previous.text);
        if (kind === 'board') callVoid('catan_web_set_paused', ['number'], [0]);
        if (holdSave) {
          notice('Your game in progress could not be copied aside (browser storage is full), so ' +
            'it stays saved and this game is not saved. Reload to resume your game.', 'error', true);
        }
        persist();
      } else {
        const r = loadSave(previous.text, 'saved game');
        if (r.ok) {
          callVoid('catan_web_set_paused', ['number'], [0]);
          notice('Resumed your game.', 'info');
        } else {
          // The link's game goes on; the save that cannot be read is set aside first.
          setAside(previous.text, r.error, 'the linked game goes on');
          if (kind === 'board') callVoid('catan_web_set_paused', ['number'], [0]);
        }
      }
      $('canvas').focus();
    };
    resume.addEventListener('click', () => done(false));
    open.addEventListener('click', () => done(true));
    resume.focus();
  }

  function resumeSaved() {
    const text = store.get(saveKey);
    if (!text) return false;
    const r = loadSave(text, 'saved game');
    if (r.ok) {
      notice('Resumed your game.', 'info');
      startupSave = { ok: true };
      return true;
    }
    setAside(text, r.error);
    return false;
  }

  // Keeps a save that cannot be resumed aside under saveKey + '.rejected' (never lost
  // silently), then reports it. The slot is emptied first so that a large save fits; if the
  // copy is still refused, the save goes back.
  function setAside(text, error, next = 'a new game can be started') {
    let version = null;
    try { version = text.length <= MAX_SAVE ? JSON.parse(text).version : null; } catch (e) { version = null; }
    const keptAs = saveKey + '.rejected';
    store.remove(saveKey);
    const kept = store.set(keptAs, text);
    if (!kept) store.set(saveKey, text);
    startupSave = kept ? { ok: false, error: error, keptAs } : { ok: false, error: error };
    post('error', { errors: ['saved game: ' + error] });
    const outdated = /outdated/.test(error) || (typeof version === 'number' && version !== 1);
    notice((outdated ? 'Your saved game is from another version and cannot be resumed: '
      : 'Your saved game is damaged and cannot be resumed: ') + error +
      (kept ? '. It was set aside; ' + next + '.'
        : '. It could not be set aside (storage full): a new game will replace it.'), 'error', true);
  }

  function showParamErrors(errors) {
    const box = $('param-errors');
    if (!box) return;
    showList(box, errors);
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
    // uncompressed bytes, so the expected (uncompressed) size of the release is preferred.
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

  const fileInfo = (name) => (hasOwn(RELEASE.files, name) ? RELEASE.files[name] : {});
  const mixedRelease = (name) => new Error(`${name} does not belong to release ${RELEASE.version}: ` +
    'the site was updated while this page loaded. Reload the page.');

  // A module (app.wasm, search-worker.wasm) must be the release's own: same size and, where
  // the browser can hash (secure contexts), the same SHA-384 as recorded by make-site.
  async function checkWasm(bytes, name = 'app.wasm') {
    const info = fileInfo(name);
    if (info.bytes && bytes.byteLength !== info.bytes) throw mixedRelease(name);
    if (info.integrity && window.crypto && crypto.subtle) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
      let bin = '';
      for (const b of digest) bin += String.fromCharCode(b);
      if ('sha384-' + btoa(bin) !== info.integrity) throw mixedRelease(name);
    }
  }

  function load() {
    return new Promise((resolve, reject) => {
      const wasmInfo = fileInfo('app.wasm');
      let done = 0;
      const v = encodeURIComponent(RELEASE.version);
      // app.js and app.wasm download in parallel; app.js hands its imports to
      // instantiateWasm, which waits for the checked bytes.
      const wasm = fetchWithProgress(`app.wasm?v=${v}`, wasmInfo.bytes, (n, total) => {
        done += n;
        setProgress(done, total || 0);
      }).then(async (bytes) => {
        await checkWasm(bytes);
        timing.loadBytes = bytes.byteLength;
        $('progress-label').textContent = 'Starting…';
        return bytes;
      });
      wasm.catch(reject);

      const canvas = $('canvas');
      // Do not let the page itself scroll or open menus on the canvas.
      canvas.addEventListener('contextmenu', (e) => e.preventDefault());
      canvas.addEventListener('webglcontextlost', (e) => {
        e.preventDefault();
        showFatal('The graphics context was lost', ['Reload the page to continue; your game is saved.']);
      });

      window.Module = {
        canvas,
        arguments: [],
        print: (t) => console.log(t),
        printErr: (t) => console.warn(t),
        preMainLoop: () => { perf.t = performance.now(); },
        postMainLoop: () => {
          perf.work.push(performance.now() - perf.t);
          if (perf.work.length > 5000) perf.work.shift();
        },
        onAbort: (what) => showFatal('The game stopped because of an internal error', [String(what)]),
        // The AI's Web Workers (shell/web_library.js): this release's worker script and module,
        // and the check that the module's bytes are the release's (a rejected promise if not).
        catanSearchWorker: {
          script: `search-worker.js?v=${v}`,
          wasm: `search-worker.wasm?v=${v}`,
          check: (bytes) => checkWasm(bytes, 'search-worker.wasm'),
        },
        // Called by the app (shell/web_bridge.cpp): its menu's share entries, and its sound
        // switched back on (the page's saved mute follows).
        catanShare: (kind) => { share(kind).catch((e) => console.warn('[catan] share:', e && e.message)); },
        catanMuted: (m) => {
          muted = !!m;
          settings.muted = muted;
          store.set(KEY_SETTINGS, JSON.stringify(settings));
        },
        instantiateWasm(imports, receive) {
          wasm.then((bytes) => WebAssembly.instantiate(bytes, imports))
            .then((r) => receive(r.instance, r.module))
            .catch(reject);
          return {};
        },
        onRuntimeInitialized() {
          M = window.Module;
          resolve();
        },
      };
      const script = document.createElement('script');
      script.src = `app.js?v=${v}`;
      const jsInfo = fileInfo('app.js');
      if (jsInfo.integrity) script.integrity = jsInfo.integrity;
      script.onerror = () => reject(jsInfo.integrity ? mixedRelease('app.js') : new Error('app.js could not be loaded'));
      document.body.appendChild(script);
    });
  }

  // main() attaches the bridge before it enters the main loop; wait for that, then go.
  function waitForApp(tries) {
    tries = tries || 0;
    let attached = 0;
    try { attached = call('catan_web_attached', 'number'); } catch (e) { attached = 0; }
    if (!attached) {
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
    try {
      callVoid('catan_web_set_muted', ['number'], [muted ? 1 : 0]);
      if (theme === 'colorblind') callVoid('catan_web_set_colorblind', ['number'], [1]);
      startFirstGame();
    } catch (e) {
      console.error('[catan] starting the first game failed:', e);
      notice('The game could not be started: ' + errorText(e), 'error', true);
      post('error', { errors: ['the first game could not be started: ' + errorText(e)] });
    }
    settle(null);
    $('canvas').focus();
  }

  // ---------------------------------------------------------------- share / menu (index.html)
  // While mist or terra incognita hides the island (setup), the board seed is withheld from
  // every view: it lays out the terrain, so a board link would reveal it. No link until then.
  const FOGGED_LINK = 'The board link is available once the setup is over: until then it would reveal the hidden island.';
  function islandHidden() {
    const s = spectatorState();
    return !!s && !(s.session.config && typeof s.session.config.seed === 'string');
  }
  function shareLink() {
    requireReady();
    if (islandHidden()) {
      console.info('[catan] shareLink(): ' + FOGGED_LINK);
      return null;
    }
    const flat = flatFromState();
    if (!flat) return null;
    const base = new URL('index.html', location.href);
    base.search = P.toQuery(flat);
    return base.toString();
  }
  function gameCodeOfFinishedGame() {
    requireReady();
    if (!gameOver()) return null;
    return callText('catan_web_game_code') || null;
  }
  function replayLink() {
    const code = gameCodeOfFinishedGame();
    if (!code) return null;
    const base = new URL('index.html', location.href);
    base.search = '';
    base.hash = 'game=' + code;
    return base.toString();
  }

  // The app's one menu (frontend/overlays.cpp, natively the same) asks for a link: the page
  // makes it from its own address and copies it. The tap that asked was a frame ago, so the
  // browser still counts it as the user's gesture for the clipboard.
  async function share(kind) {
    const [text, what, none] = kind === 'replay'
      ? [ready ? replayLink() : null, 'Replay link', 'Replay links are available when the game has ended.']
      : [ready ? shareLink() : null, 'Board link', ready && islandHidden() ? FOGGED_LINK : 'Start a game first.'];
    if (!text) { notice(none, 'warn'); return; }
    try {
      await navigator.clipboard.writeText(text);
      notice(`${what} copied to the clipboard.`, 'info');
    } catch (e) {
      window.prompt(`${what}:`, text);
    }
  }

  // ---------------------------------------------------------------- window.catan
  // state(seat): no seat = the view of the seat whose screen is shown; a seat number; -1 a
  // spectator; "all" every hand (refused by the bridge until the game is over).
  function viewSeat(seat) {
    if (seat === undefined) return -2;
    if (seat === 'all') return 99;
    const n = typeof seat === 'number' || (typeof seat === 'string' && /^-?\d$/.test(seat)) ? Number(seat) : Number.NaN;
    return Number.isInteger(n) && n >= -1 && n <= 3 ? n : null;
  }

  window.catan = {
    ready: readyPromise,
    page: PAGE,
    get version() { return RELEASE.version; },
    get loaded() { return ready; },
    timing,
    perf,
    state(seat) {
      requireReady();
      const s = viewSeat(seat);
      if (s === null) return { ok: false, error: 'seat must be a seat number, -1 (spectator) or "all"' };
      return callJson('catan_web_state', ['number'], [s]);
    },
    legal() { requireReady(); return callList('catan_web_legal', 'actions'); },
    act(action) {
      requireReady();
      if (typeof action !== 'string' || action.length > 200) return { ok: false, error: 'the action must be a string' };
      return callJson('catan_web_act', ['string'], [action]);
    },
    newGame(config) {
      requireReady();
      const r = newGame(config, 'catan.newGame');
      return r.ok ? r : { ok: false, error: r.error };
    },
    pause() { requireReady(); callVoid('catan_web_set_paused', ['number'], [1]); },
    resume() { requireReady(); callVoid('catan_web_set_paused', ['number'], [0]); },
    setSpeed(x) { requireReady(); callVoid('catan_web_set_speed', ['number'], [Number(x)]); },
    setMuted(m) { setMuted(m); },
    get muted() { return muted; },
    save() {
      requireReady();
      if (!gameOver()) {
        console.info('[catan] catan.save() returns the game once it is over (a save holds the dice and the deck)');
        return null;
      }
      return callText('catan_web_save') || null;
    },
    load(text) { requireReady(); return loadSave(String(text), 'catan.load'); },
    gameCode: gameCodeOfFinishedGame,
    loadGameCode(code) {
      requireReady();
      const c = String(code);
      if (c.length > MAX_CODE) return { ok: false, error: 'the game code is empty or too long' };
      return callJson('catan_web_load_game_code', ['string'], [c]);
    },
    shareLink,
    replayLink,
    // Where the board view drew things, in CSS pixels relative to the canvas.
    view() { requireReady(); return callJson('catan_web_view'); },
    board() { requireReady(); return callJson('catan_web_board'); },
    saveKey,
    on(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  };

  // ---------------------------------------------------------------- service worker
  // The worker serves one release from its cache. A new release installs beside it and
  // waits: the page offers "A new version is ready" and switches when the player says so (the
  // game is saved and resumes after the reload). A page that loads while a release waits and
  // is the only page of this deployment asks for the switch at once; if it comes before the
  // app has started, the page reloads into the new release, else it carries on (the browser
  // decides when the old worker is done, so this is a best effort).
  const SW_ON = 'serviceWorker' in navigator && RELEASE.version !== 'dev' && window.isSecureContext;
  let swRegistration = null;
  let applyingUpdate = false;
  let switchOnLoad = false;

  function askWorker(worker, msg, timeoutMs) {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      const timer = setTimeout(() => resolve(null), timeoutMs);
      ch.port1.onmessage = (e) => { clearTimeout(timer); resolve(e.data); };
      worker.postMessage(msg, [ch.port2]);
    });
  }

  async function askForWaitingRelease() {
    if (!SW_ON || !navigator.serviceWorker.controller) return;
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg || !reg.waiting) return;
    const reply = await askWorker(reg.waiting, { type: 'skipWaiting', onlyIfAlone: true }, 3000);
    if (reply && reply.applied) switchOnLoad = true;
  }

  function controllerChanged() {
    if (applyingUpdate || (switchOnLoad && !ready)) {
      location.reload();
      return;
    }
    // Another page applied the update: this one keeps running the release it loaded.
    const bar = $('update');
    if (bar) bar.hidden = true;
    notice('A new version was installed; it runs the next time this page is loaded.', 'info');
  }

  function offerUpdate() {
    const bar = $('update');
    if (bar) bar.hidden = false;
  }

  function applyUpdate() {
    applyingUpdate = true;
    if (ready) persist();
    const waiting = swRegistration && swRegistration.waiting;
    if (!waiting) { location.reload(); return; }
    waiting.postMessage({ type: 'skipWaiting' });
  }

  async function setupServiceWorker() {
    if (!SW_ON) return;
    let reg;
    try {
      reg = await navigator.serviceWorker.register('sw.js');
    } catch (e) {
      console.warn('[catan] service worker not registered:', e && e.message);
      return;
    }
    swRegistration = reg;
    const watch = (w) => {
      if (!w) return;
      const check = () => {
        if (w.state === 'installed' && navigator.serviceWorker.controller) offerUpdate();
      };
      w.addEventListener('statechange', check);
      check();
    };
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate();
    watch(reg.installing);
    reg.addEventListener('updatefound', () => watch(reg.installing));
    // The browser looks for a new sw.js on every navigation; a page left open looks hourly.
    setInterval(() => reg.update().catch(() => {}), 3600 * 1000);
  }

  // ---------------------------------------------------------------- go
  window.addEventListener('pagehide', () => { if (ready) persist(); });
  document.addEventListener('visibilitychange', () => { if (ready && document.hidden) persist(); });
  const updateButton = $('update-apply');
  if (updateButton) updateButton.addEventListener('click', applyUpdate);
  if (missing.length) {
    for (const m of missing) console.error('[catan] ' + m);
    showFatal('This browser cannot run the game', missing.concat([
      'Try a current Chrome, Edge, Firefox or Safari with hardware acceleration enabled.']));
    return;
  }
  requestAnimationFrame(tick);
  if (SW_ON) {
    navigator.serviceWorker.addEventListener('controllerchange', controllerChanged);
    askForWaitingRelease().catch((e) => console.warn('[catan] service worker:', e && e.message));
  }
  load()
    .then(() => {
      waitForApp();
      setupServiceWorker().catch((e) => console.warn('[catan] service worker:', e && e.message));
    })
    .catch((e) => {
      console.error('[catan] loading failed:', e);
      showFatal('The game could not be loaded', [errorText(e),
        navigator.onLine === false ? 'You are offline and this page was not saved for offline use yet.' : 'Check your connection and reload.']);
    });
})();
