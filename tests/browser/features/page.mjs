// The page: loading, the canvas, an AI game, a human move, saves and reloads, share and replay
// links, the embed demo, URL parameters, postMessage, offline play.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { artifacts, assert, atRoot, base, base2, closeClean, cspViolations, frames, gz, imageStats, measure, newPage, root, serve, shot, site, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { playShortAiGame } from '../ui.mjs';

await test('page-loads-without-errors', async () => {
  const { context, page } = await newPage();
  const requested = new Set();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(base).origin) requested.add(u.pathname.replace(/^\//, '') || 'index.html');
  });
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 10);
  await shot(page, 'index-loaded.png');
  const timing = await page.evaluate(() => window.catan.timing);
  measure(`navigation to ready ${timing.navigationToReady} ms, to first interactive frame ` +
    `${timing.navigationToFirstFrame} ms (localhost, headless Chromium, swiftshader, no cache)`);
  let raw = 0, total = 0;
  const rows = [];
  for (const f of [...requested].sort()) {
    if (!fs.existsSync(path.join(site, f))) continue;
    const g = gz(f);
    raw += fs.statSync(path.join(site, f)).size;
    total += g;
    rows.push(`${f} ${g}`);
  }
  measure(`first load: ${requested.size} files, ${raw} bytes raw, ${total} bytes gzip -9 ` +
    `(${(total / 1048576).toFixed(3)} MiB; ${rows.join(', ')})`);
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  assert(page.consoleErrors.length === 0, 'console errors: ' + page.consoleErrors.join(' | '));
  const csp = await cspViolations(page);
  assert(csp.length === 0, 'CSP violations: ' + csp.join(' | '));
  await context.close();
});

await test('canvas-renders', async () => {
  const { context, page } = await newPage({ dpr: 2 });
  await page.goto(base + 'index.html?seed=123&seats=human,ai:easy,ai:easy,ai:easy');
  await waitReady(page);
  await frames(page, 20);
  const png = await page.screenshot({ path: path.join(artifacts, 'canvas-hidpi.png') });
  const st = imageStats(png);
  const size = await page.evaluate(() => {
    const c = document.getElementById('canvas');
    return { w: c.width, h: c.height, cssW: c.clientWidth, dpr: devicePixelRatio };
  });
  assert(size.w === size.cssW * 2, `HiDPI: canvas ${size.w}px for ${size.cssW} CSS px at dpr 2`);
  assert(st.colors > 40 && st.dominant < 0.9, `canvas looks blank (${st.colors} colours, ` +
    `dominant ${(st.dominant * 100).toFixed(0)}%)`);
  // Responsive: resizing the window resizes the drawing buffer.
  await page.setViewportSize({ width: 900, height: 600 });
  await frames(page, 10);
  const after = await page.evaluate(() => document.getElementById('canvas').width);
  assert(after === 1800, `after resize to 900 CSS px the canvas is ${after}px wide (want 1800)`);
  await context.close();
});

// A frame that would draw exactly what the canvas shows is not drawn again (shell/app_main.cpp,
// same_as_drawn): on the first screen, where only the waves move (10 steps a second), most frames
// are not drawn, the main thread is free between them (a timer's lateness: how long a room's
// message would wait), and a change (the pointer over a button) is drawn at once.
await test('an-unchanged-frame-is-not-drawn-again', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 10);
  const sample = (every) => page.evaluate(async (e) => {
    Module.ccall('catan_web_draw_every_frame', null, ['number'], [e]);
    await new Promise((r) => setTimeout(r, 300));
    const count = () => Module.ccall('catan_web_frames_drawn', 'string', [], []).split(' ').map(Number);
    const c0 = count();
    const late = [];
    for (let i = 0; i < 60; ++i) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      late.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 23));
    }
    const c1 = count();
    late.sort((a, b) => a - b);
    return { frames: c1[0] - c0[0], notDrawn: c1[1] - c0[1], late: late[30], late95: late[57] };
  }, every);
  const all = await sample(1);
  const skip = await sample(0);
  measure(`first screen 1280x720: every frame drawn: ${all.frames} frames, a timer waits ${all.late.toFixed(1)} ms ` +
    `(p95 ${all.late95.toFixed(1)}); unchanged frames not drawn: ${skip.notDrawn} of ${skip.frames} frames not drawn, ` +
    `a timer waits ${skip.late.toFixed(1)} ms (p95 ${skip.late95.toFixed(1)})`);
  assert(all.notDrawn === 0, `${all.notDrawn} frames not drawn with catan_web_draw_every_frame(1)`);
  assert(skip.frames > 20 && skip.notDrawn >= skip.frames / 2,
    `only ${skip.notDrawn} of ${skip.frames} frames on the still first screen were not drawn`);
  // A change is drawn: the pointer over a button lights it.
  const at = await page.evaluate(() => window.catan.view().ui.play_friends);
  const box = await page.locator('#canvas').boundingBox();
  const clip = { x: box.x + at[0] - 60, y: box.y + at[1] - 12, width: 120, height: 24 };
  const before = await page.screenshot({ clip });
  await page.mouse.move(box.x + at[0], box.y + at[1]);
  await frames(page, 5);
  const after = await page.screenshot({ clip });
  assert(!before.equals(after), 'the hovered button looks the same: the change was not drawn');
  await context.close();
});

await test('ai-game-runs-to-game-over', async () => {
  const { context, page } = await newPage();
  // A match without Expert or Master never fetches the search worker's module.
  const workerFetches = [];
  page.on('request', (req) => { if (/search-worker/.test(req.url())) workerFetches.push(req.url()); });
  await page.goto(base + 'index.html?autoplay=1&seats=ai:easy,ai:normal,ai:easy,ai:normal&speed=20&seed=2024');
  await waitReady(page);
  await page.evaluate(() => {
    window.__over = null;
    window.catan.on((m) => { if (m.type === 'gameOver') window.__over = m; });
  });
  await waitFor(page, () => window.__over, null, { timeout: 300000, polling: 500 });
  const over = await page.evaluate(() => window.__over);
  const st = await page.evaluate(() => window.catan.state());
  await frames(page, 10);
  await shot(page, 'ai-game-over.png');
  assert(st.state.phase === 'game_over', 'phase is ' + st.state.phase);
  assert(Number.isInteger(over.winner) && over.winner >= 0 && over.winner < 4, 'winner ' + over.winner);
  assert(over.winner === st.state.winner, 'event winner differs from the state');
  assert(over.scores[over.winner] >= st.state.vp_target, `winner has ${over.scores[over.winner]} VP`);
  measure(`AI game: winner seat ${over.winner} with scores ${JSON.stringify(over.scores)} after ` +
    `${over.turns} turns, ${over.actions} actions`);
  assert(workerFetches.length === 0, 'a game of Easy and Normal fetched ' + workerFetches.join(', '));
  await closeClean(context, page);
});

let humanContext = null;
await test('human-places-settlement-by-click', async () => {
  const { context, page } = await newPage();
  humanContext = context;
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 77, playseed: 77, seats: ['human', 'ai:easy', 'ai:easy', 'ai:easy'], speed: 20,
  }));
  assert(r.ok, 'newGame: ' + r.error);
  await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.humanToAct && s.state.phase === 'setup_settlement';
  }, null, { timeout: 60000, polling: 100 });
  await frames(page, 5);
  const legal = await page.evaluate(() => window.catan.legal());
  const spots = legal.filter((a) => a.startsWith('build_settlement:')).map((a) => Number(a.split(':')[1]));
  assert(spots.length > 0, 'no legal settlement spot');
  const view = await page.evaluate(() => window.catan.view());
  assert(view.vertices && view.vertices.length === 54, 'catan.view() has no vertex positions');
  const v = spots[Math.floor(spots.length / 2)];
  const [x, y] = view.vertices[v];
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + x, box.y + y);
  await frames(page, 3);
  await shot(page, 'human-hover-settlement.png');
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 5);
  const st = await page.evaluate(() => window.catan.state());
  const mine = st.state.players[0].settlements;
  assert(mine.includes(v), `vertex ${v} at (${x}, ${y}) was clicked but seat 0 has settlements ${JSON.stringify(mine)}`);
  await shot(page, 'human-settlement-placed.png');
  humanContext.page = page;
});

await test('reload-resumes-the-game', async () => {
  assert(humanContext && humanContext.page, 'needs the human game of the previous test');
  const page = humanContext.page;
  // Let a few AI actions happen, then compare the state before and after a reload.
  await page.evaluate(() => window.catan.pause());
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state());
  const saved = await page.evaluate(() => localStorage.getItem(window.catan.saveKey));
  assert(saved && saved.length > 100, 'nothing saved in localStorage');
  // One copy: the page's slot only (the App keeps no second one per page).
  const appCopy = await page.evaluate(() => localStorage.getItem('catan.app.save'));
  assert(appCopy === null, 'the game is stored twice (catan.app.save as well)');
  await page.reload();
  await waitReady(page);
  await frames(page, 3);
  const after = await page.evaluate(() => window.catan.state());
  assert(after.session.active, 'no game after reload');
  assert(after.session.actions === before.session.actions,
    `actions ${before.session.actions} before, ${after.session.actions} after`);
  assert(JSON.stringify(after.state) === JSON.stringify(before.state), 'state differs after reload');
  await shot(page, 'reload-resumed.png');
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await humanContext.close();
});

await test('corrupt-and-outdated-saves-are-reported', async () => {
  for (const [label, text, want] of [
    ['corrupt', '{"format":"catan-web-save","version":1,"config":{"seed":"x"},"game":{}}', /damaged/],
    ['not-json', '{{{ nope', /damaged/],
    ['outdated', '{"format":"catan-web-save","version":0,"config":{},"game":{}}', /another version/],
  ]) {
    const { context, page } = await newPage();
    await page.goto(base + 'version.json');
    await page.evaluate((t) => localStorage.setItem('catan.save', t), text);
    await page.goto(base + 'index.html');
    await waitReady(page);
    await frames(page, 3);
    const msg = await page.evaluate(() => {
      const n = document.getElementById('notice');
      return n.hidden ? '' : n.textContent;
    });
    assert(want.test(msg), `${label}: notice "${msg}"`);
    assert(page.pageErrors.length === 0, `${label}: page errors ${page.pageErrors.join(' | ')}`);
    const kept = await page.evaluate(() => localStorage.getItem('catan.save.rejected'));
    assert(kept === text, `${label}: the rejected save was not kept aside`);
    if (label === 'corrupt') await shot(page, 'corrupt-save-notice.png');
    await context.close();
  }
});

await test('share-and-replay-links', async () => {
  const { context, page } = await newPage();
  await playShortAiGame(page, 'ai:easy,ai:easy,ai:easy');
  const info = await page.evaluate(() => ({
    share: window.catan.shareLink(), replay: window.catan.replayLink(), save: window.catan.save(),
    state: window.catan.state('all'), board: window.catan.board(),
  }));
  assert(/seed=31337/.test(info.share) && /board=official/.test(info.share), 'share link ' + info.share);
  assert(!/playseed/.test(info.share), 'the share link holds the play seed: ' + info.share);
  assert(info.replay && /#game=/.test(info.replay), 'no replay link after the game: ' + info.replay);
  assert(info.save && /catan-web-save/.test(info.save), 'catan.save() gave nothing after the game');
  assert(info.state.ok !== false && info.state.state, 'state("all") after the game: ' + JSON.stringify(info.state).slice(0, 200));
  measure(`replay link for ${info.state.session.actions} actions: ${info.replay.length} characters`);
  const p2 = await context.newPage();
  await p2.goto(info.replay);
  await waitReady(p2);
  const st2 = await p2.evaluate(() => window.catan.state('all'));
  assert(JSON.stringify(st2.state) === JSON.stringify(info.state.state), 'the replayed game differs');
  assert(await p2.evaluate(() => location.hash === ''), 'the replay link stays in the address bar');
  const p3 = await context.newPage();
  await p3.goto(info.share);
  await waitReady(p3);
  const b3 = await p3.evaluate(() => window.catan.board());
  const island = (b) => JSON.stringify([b.hexes, b.ports].map((x) => (x || []).map((h) =>
    ({ terrain: h.terrain, number: h.number, type: h.type }))));
  assert(b3.hexes && island(b3) === island(info.board), 'the share link made another island');
  await context.close();
});

await test('embed-demo-events-and-commands', async () => {
  const { context, page } = await newPage({ viewport: { width: 1400, height: 800 } });
  const src = `${base}embed.html?autoplay=1&seats=ai:easy,ai:easy,ai:normal&speed=12&seed=5`;
  await page.goto(`${base2}demo.html?src=${encodeURIComponent(src)}`);
  const has = (type, pred) => page.evaluate(([t, p]) => window.demoEvents.some((m) => m.type === t &&
    (!p || Object.entries(p).every(([k, v]) => String(m[k]) === String(v)))), [type, pred]);
  const waitEvent = (type, pred, timeout = 90000) => waitFor(page, ([t, p]) =>
    window.demoEvents.some((m) => m.type === t && (!p || Object.entries(p).every(([k, v]) => String(m[k]) === String(v)))),
  [type, pred], { timeout, polling: 100 });
  await waitEvent('ready');
  const readyEv = await page.evaluate(() => window.demoEvents.find((m) => m.type === 'ready'));
  assert(readyEv.version === 1 && typeof readyEv.build === 'string' && readyEv.build.length > 0,
    'the ready event breaks the message format: ' + JSON.stringify(readyEv));
  await waitEvent('gameStarted', { seed: 5 });
  await waitEvent('diceRolled', null, 60000);
  await waitEvent('turn', null, 60000);
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('embed.html'));
  const scroll = await frame.evaluate(() => ({
    sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth,
    sh: document.documentElement.scrollHeight, ch: document.documentElement.clientHeight,
    overflow: getComputedStyle(document.body).overflow,
  }));
  assert(scroll.sw <= scroll.cw && scroll.sh <= scroll.ch && scroll.overflow === 'hidden',
    'the embed page can scroll: ' + JSON.stringify(scroll));
  // pause: no game events for a while; resume: they come back.
  await page.evaluate(() => window.demoSend({ type: 'pause' }));
  await waitEvent('paused');
  await sleep(300);
  const n0 = await page.evaluate(() => window.demoEvents.length);
  await sleep(1500);
  const n1 = await page.evaluate(() => window.demoEvents.length);
  assert(n1 === n0, `${n1 - n0} events arrived while paused`);
  await page.evaluate(() => window.demoSend({ type: 'resume' }));
  await waitEvent('resumed');
  await waitFor(page, (n) => window.demoEvents.length > n + 1, n1, { timeout: 30000 });
  // newGame with a config.
  await page.evaluate(() => window.demoSend({ type: 'newGame',
    config: { seed: 99, seats: ['ai:easy', 'ai:easy', 'ai:easy', 'ai:easy'], autoplay: true, speed: 20, board: 'beginner' } }));
  await waitEvent('gameStarted', { seed: 99, players: 4 });
  await waitEvent('diceRolled', null, 60000);
  await shot(page, 'embed-demo.png');
  // The events went only to the demo's origin (events are sent with targetOrigin = parent).
  assert(frame.page() === page, 'frame detached');
  const fs2 = await frame.evaluate(() => window.catan.state());
  assert(fs2.state.options.board === 'beginner', 'the new game did not use the config');
  // newGame needs a config: a missing or null one is refused like any bad config; {} is a
  // default game.
  const errorsBefore = await page.evaluate(() => window.demoEvents.filter((m) => m.type === 'error').length);
  const startsBefore = await page.evaluate(() => window.demoEvents.filter((m) => m.type === 'gameStarted').length);
  await page.evaluate(() => {
    window.demoSend({ type: 'newGame' });
    window.demoSend({ type: 'newGame', config: null });
  });
  await waitFor(page, (n) => window.demoEvents.filter((m) => m.type === 'error').length >= n + 2,
    errorsBefore, { timeout: 10000 });
  await sleep(300);
  const startsAfter = await page.evaluate(() => window.demoEvents.filter((m) => m.type === 'gameStarted').length);
  assert(startsAfter === startsBefore, 'a newGame without config started a game');
  await page.evaluate(() => window.demoSend({ type: 'newGame', config: {} }));
  await waitFor(page, (n) => window.demoEvents.filter((m) => m.type === 'gameStarted').length > n,
    startsBefore, { timeout: 10000 });
  await context.close();
});

await test('bad-url-parameters-rejected', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'embed.html?players=9&seats=human,robot&bogus=1&vp=abc&origin=javascript:alert(1)');
  await waitReady(page);
  await frames(page, 3);
  const errs = await page.evaluate(() => [...document.querySelectorAll('#param-errors li')].map((li) => li.textContent));
  await shot(page, 'bad-params.png');
  assert(errs.length >= 5, 'expected 5 errors, got ' + JSON.stringify(errs));
  assert(errs.some((e) => /players must be 2, 3 or 4/.test(e)), 'players error missing');
  assert(errs.some((e) => /bad seat "robot"/.test(e)), 'seat error missing');
  assert(errs.some((e) => /unknown parameter "bogus"/.test(e)), 'unknown key error missing');
  assert(errs.some((e) => /origin must be/.test(e)), 'origin error missing');
  const visible = await page.isVisible('#param-errors');
  assert(visible, 'the errors are not shown on the page');
  const logged = page.consoleErrors.concat(page.consoleWarnings).filter((e) => /bad URL parameter/.test(e));
  assert(logged.length >= 5, 'errors not in the console');
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  const st = await page.evaluate(() => window.catan.state());
  assert(!st.session.active, 'a game started despite bad parameters');
  await context.close();
});

await test('malformed-postmessages-ignored', async () => {
  const { context, page } = await newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const src = `${base}embed.html?autoplay=1&seats=ai:easy,ai:easy,ai:easy&speed=4&seed=8`;
  await page.goto(`${base2}demo.html?src=${encodeURIComponent(src)}`);
  await waitFor(page, () => window.demoEvents.some((m) => m.type === 'gameStarted'), null, { timeout: 90000 });
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('embed.html'));
  const before = await frame.evaluate(() => window.catan.state().state.options);
  await page.evaluate(() => {
    const send = window.demoSend;
    send('just a string');
    send(null);
    send([1, 2, 3]);
    send({ type: 'explode' });
    send({ type: 42 });
    send({ type: 'newGame', config: { players: 9, colour: 'red' } });
    send({ type: 'newGame', config: 'seed=1' });
    send({ type: 'newGame', config: null });
    send({ type: 'newGame' });
    send({ type: 'newGame', config: JSON.parse('{"__proto__": {"seed": 1}, "constructor": 1}') });
    send({ type: 'pause', extra: 1 });
  });
  await sleep(800);
  const ignored = warnings.filter((w) => /\[catan\] ignored/.test(w));
  assert(ignored.length >= 11, `expected 11 "ignored" warnings, got ${ignored.length}: ${warnings.join(' | ')}`);
  const errorsEv = await page.evaluate(() => window.demoEvents.filter((m) => m.type === 'error').length);
  assert(errorsEv >= 5, `bad newGame commands were not all reported with an error event (${errorsEv} of 5)`);
  const after = await frame.evaluate(() => window.catan.state());
  assert(JSON.stringify(after.state.options) === JSON.stringify(before), 'a malformed message changed the game');
  assert(!after.session.paused, 'a malformed pause command paused the game');
  // A message from another window (not the parent) is ignored too.
  const p2 = await context.newPage();
  await p2.goto(src);
  await waitReady(p2);
  await p2.evaluate(() => window.postMessage({ type: 'pause' }, '*'));
  await sleep(200);
  assert(!(await p2.evaluate(() => window.catan.state().session.paused)), 'a self-posted pause was obeyed');
  await closeClean(context, page);
});

await test('offline-reload-with-service-worker', async () => {
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  await page.goto(base + 'index.html');
  await waitReady(page);
  // The worker is installed and active (it controls the pages loaded from now on).
  await page.evaluate(() => navigator.serviceWorker.ready);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 4242, seats: ['human', 'ai:easy', 'ai:easy'] }));
  assert(r.ok, r.error);
  await frames(page, 5);
  const before = await page.evaluate(() => window.catan.state());
  await context.setOffline(true);
  await page.reload();
  await waitReady(page, 60000);
  await frames(page, 5);
  const after = await page.evaluate(() => window.catan.state());
  await shot(page, 'offline-reload.png');
  assert(after.session.active && after.state.options.players === 3, 'the game did not resume offline');
  assert(after.session.config.seed === before.session.config.seed, 'another game after the offline reload');
  // embed.html with parameters is served from the cache too (a page's query is not part of the file).
  const p2 = await context.newPage();
  await p2.goto(base + 'embed.html?seed=5&players=3');
  await waitReady(p2, 60000);
  // The AI's worker module comes from the cache as well: its script starts a Worker offline,
  // and the .wasm the page compiles for it is there under the release's URL.
  const worker = await page.evaluate(() => new Promise((done) => {
    const v = encodeURIComponent(window.catan.version);
    fetch(`search-worker.wasm?v=${v}`).then((res) => res.arrayBuffer().then((buf) => {
      if (!res.ok) return done({ error: `search-worker.wasm: HTTP ${res.status}` });
      return WebAssembly.compile(buf).then((module) => {
        const w = new Worker(`search-worker.js?v=${v}`);
        const t = setTimeout(() => done({ error: 'no answer from the worker' }), 20000);
        w.onerror = (e) => { clearTimeout(t); done({ error: e.message || 'error event' }); };
        w.onmessage = (ev) => { clearTimeout(t); w.terminate(); done({ type: ev.data && ev.data.type }); };
        w.postMessage({ type: 'init', module });
      });
    }), (e) => done({ error: String(e) }));
  }));
  assert(worker.type === 'ready', 'the search worker offline: ' + JSON.stringify(worker));
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.setOffline(false);
  await context.close();
});

// A first visit, the service worker's install included, as the server sees it: nothing of
// online play (net/, vendor/), which loads only when a room opens.
await test('first-visit-loads-no-online-play', async () => {
  const own = await serve(atRoot(site));
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  try {
    await page.goto(`http://127.0.0.1:${own.address().port}/index.html`);
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const sent = own.log.filter((e) => e.status === 200);
    let raw = 0, total = 0;
    for (const e of sent) {
      raw += fs.statSync(path.join(site, e.path)).size;
      total += gz(e.path.slice(1));
    }
    measure(`first visit with the service worker installing: ${own.log.length} requests, ` +
      `${sent.length} answered with a body, ${raw} bytes raw, ${total} bytes gzip -9`);
    const online = own.log.filter((e) => /^\/(net|vendor)\//.test(e.path)).map((e) => e.path);
    assert(online.length === 0, 'online play loaded on the first visit: ' + online.join(', '));
    assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  } finally {
    await context.close();
    own.close();
  }
});

// Online play's files join the release's cache when a page first imports them: a room opens
// offline afterwards, and a release installing over this one brings its own along (changed
// files downloaded, unchanged ones copied from the old cache).
await test('online-play-cached-on-first-use', async () => {
  const releaseB = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-release-b-'));
  fs.cpSync(path.join(root, 'web'), releaseB, { recursive: true });
  for (const f of ['app.js', 'app.wasm', 'search-worker.js', 'search-worker.wasm']) {
    fs.copyFileSync(path.join(site, f), path.join(releaseB, f));
  }
  fs.appendFileSync(path.join(releaseB, 'net/errors.js'), '\n// release B\n');
  execFileSync(process.execPath, [path.join(root, 'web/tools/make-site.mjs'), releaseB], { stdio: 'ignore' });
  let served = site;
  const own = await serve((p) => ({ dir: served, path: p }));
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  const importTransport = () => page.evaluate(() => import('./net/transport.js').then(
    (m) => Object.keys(m).sort().join(','), (e) => 'error: ' + e.message));
  const cachedOnline = () => page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname).filter((p) => /^\/(net|vendor)\//.test(p)).sort();
    }
    return out;
  });
  const downloads = (from, re) => own.log.slice(from).filter((e) => re.test(e.path) && e.status === 200).map((e) => e.path);
  try {
    await page.goto(`http://127.0.0.1:${own.address().port}/index.html`);
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await waitReady(page);
    assert(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the page is not controlled by the worker');
    const vA = await page.evaluate(() => window.catan.version);
    const cacheA = `catan|/|${vA}`;
    let cached = await cachedOnline();
    assert(cached[cacheA] && cached[cacheA].length === 0, 'online play cached before any room: ' + JSON.stringify(cached));

    const exportsOnline = await importTransport();
    assert(!exportsOnline.startsWith('error'), 'importing net/transport.js: ' + exportsOnline);
    cached = await cachedOnline();
    for (const f of ['/net/transport.js', '/net/manual.js', '/net/automatic.js', '/net/invite_code.js']) {
      assert(cached[cacheA].includes(f), `${f} not cached after the import: ${JSON.stringify(cached)}`);
    }
    assert(!cached[cacheA].some((f) => f.startsWith('/vendor/')), 'Trystero cached without a room using it');

    let mark = own.log.length;
    await context.setOffline(true);
    await page.reload();
    await waitReady(page, 60000);
    const exportsOffline = await importTransport();
    await context.setOffline(false);
    assert(exportsOffline === exportsOnline, 'importing net/transport.js offline: ' + exportsOffline);
    const fetched = downloads(mark, /^\/net\//);
    assert(fetched.length === 0, 'fetched from the server offline: ' + fetched.join(', '));

    // Release B (net/errors.js changed) installs and waits beside A.
    served = releaseB;
    mark = own.log.length;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg.update()));
    await waitFor(page, () => navigator.serviceWorker.getRegistration().then((reg) => !!reg.waiting), null, { timeout: 30000 });
    const vB = JSON.parse(fs.readFileSync(path.join(releaseB, 'version.json'), 'utf8')).version;
    cached = await cachedOnline();
    const cacheB = cached[`catan|/|${vB}`] || [];
    for (const f of ['/net/transport.js', '/net/errors.js', '/vendor/trystero/mqtt.mjs', '/vendor/trystero/torrent.mjs']) {
      assert(cacheB.includes(f), `release B's cache lacks ${f}: ${JSON.stringify(cached)}`);
    }
    const got = downloads(mark, /^\/(net|vendor)\//);
    assert(got.includes('/net/errors.js'), 'release B took net/errors.js from somewhere else than the server: ' + got.join(', '));
    assert(!got.includes('/net/transport.js'), 'release B downloaded the unchanged net/transport.js again');
    assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  } finally {
    await context.close();
    own.close();
    fs.rmSync(releaseB, { recursive: true, force: true });
  }
});
