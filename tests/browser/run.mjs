#!/usr/bin/env node
// Browser tests of the web build: playwright-core drives Debian's /usr/bin/chromium (never a
// downloaded browser) against the static site, served by this script on free localhost ports.
//
//   node tests/browser/run.mjs <site-dir> [--only name,name] [--headed]
//
// The site dir is what scripts/play assembles (web/* + app.js + app.wasm). If it has not been
// finished by web/tools/make-site.mjs (version + service worker list), a finished copy is made
// in a temporary folder first. Screenshots go to build/browser-artifacts/. The last line is
// "N passed, N failed"; measurements are printed as "measure: ..." lines before it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const artifacts = path.join(root, 'build/browser-artifacts');
const args = process.argv.slice(2);
let siteArg = null;
let only = null;
let headed = false;
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--only') only = new Set(args[++i].split(','));
  else if (args[i] === '--headed') headed = true;
  else siteArg = args[i];
}
if (!siteArg) {
  console.error('usage: node tests/browser/run.mjs <site-dir> [--only a,b]');
  console.log('0 passed, 1 failed');
  process.exit(2);
}

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (e) {
  console.error('playwright-core is missing: run `npm install` in tests/browser (scripts/setup does)');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// ------------------------------------------------------------------ the site
let site = path.resolve(siteArg);
for (const f of ['index.html', 'app.js', 'app.wasm', 'catan.js', 'embed.html', 'demo.html']) {
  if (!fs.existsSync(path.join(site, f))) {
    console.error(`${site}/${f} is missing (build the wasm app and assemble the site first)`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
if (!fs.existsSync(path.join(site, 'version.json'))) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-site-'));
  fs.cpSync(site, tmp, { recursive: true });
  execFileSync(process.execPath, [path.join(root, 'web/tools/make-site.mjs'), tmp], { stdio: 'inherit' });
  site = tmp;
}
fs.mkdirSync(artifacts, { recursive: true });

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
};
function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let p = decodeURIComponent(url.pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(dir, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, {
      'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const server = await serve(site);
const server2 = await serve(site); // a second origin, for the embedding page
const base = `http://127.0.0.1:${server.address().port}/`;
const base2 = `http://localhost:${server2.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: !headed,
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-quic', '--no-first-run', '--ignore-gpu-blocklist'],
});

// ------------------------------------------------------------------ helpers
const results = [];
const measures = [];
function measure(line) {
  measures.push(line);
  console.log('measure: ' + line);
}
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function newPage(opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport || { width: 1280, height: 720 },
    deviceScaleFactor: opts.dpr || 1,
    serviceWorkers: opts.serviceWorkers || 'block',
  });
  const page = await context.newPage();
  page.consoleErrors = [];
  page.consoleWarnings = [];
  page.pageErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.consoleErrors.push(m.text());
    if (m.type() === 'warning') page.consoleWarnings.push(m.text());
  });
  page.on('pageerror', (e) => page.pageErrors.push(String(e)));
  return { context, page };
}

async function waitReady(page, timeout = 90000) {
  await page.waitForFunction(() => window.catan && window.catan.loaded, null, { timeout });
}

async function frames(page, n) {
  await page.evaluate((k) => new Promise((r) => {
    let i = 0;
    const f = () => (++i >= k ? r() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
}

async function shot(page, name) {
  const file = path.join(artifacts, name);
  await page.screenshot({ path: file });
  return file;
}

// A minimal PNG decoder (8-bit, non-interlaced RGB/RGBA), for "is the canvas blank?".
function decodePng(buf) {
  let pos = 8, w = 0, h = 0, ct = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); ct = data[9]; }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = ct === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const out = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const r = raw[y * (stride + 1) + 1 + x];
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let v;
      if (f === 0) v = r;
      else if (f === 1) v = r + a;
      else if (f === 2) v = r + b;
      else if (f === 3) v = r + ((a + b) >> 1);
      else {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v = r + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + x] = v & 255;
    }
  }
  return { w, h, bpp, data: out };
}
function imageStats(png) {
  const img = decodePng(png);
  const counts = new Map();
  for (let i = 0; i < img.data.length; i += img.bpp * 7) {
    const k = (img.data[i] >> 3) << 10 | (img.data[i + 1] >> 3) << 5 | (img.data[i + 2] >> 3);
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const top = Math.max(...counts.values());
  return { colors: counts.size, dominant: top / total };
}

async function test(name, fn) {
  if (only && !only.has(name)) return;
  const t = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`PASS ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false, error: e });
    console.log(`FAIL ${name} (${((Date.now() - t) / 1000).toFixed(1)} s): ${e && e.message}`);
  }
}

function gz(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(site, file)), { level: 9 }).length;
}

// ------------------------------------------------------------------ tests
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

await test('ai-game-runs-to-game-over', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?autoplay=1&seats=ai:easy,ai:normal,ai:easy,ai:normal&speed=20&seed=2024');
  await waitReady(page);
  await page.evaluate(() => {
    window.__over = null;
    window.catan.on((m) => { if (m.type === 'gameOver') window.__over = m; });
  });
  await page.waitForFunction(() => window.__over, null, { timeout: 300000, polling: 500 });
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
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.close();
});

let humanContext = null;
await test('human-places-settlement-by-click', async () => {
  const { context, page } = await newPage();
  humanContext = context;
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 77, seats: ['human', 'ai:easy', 'ai:easy', 'ai:easy'], speed: 20,
  }));
  assert(r.ok, 'newGame: ' + r.error);
  await page.waitForFunction(() => {
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
  // One copy: the page's slot only (the App used to keep a second one for every page).
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
  await page.goto(base + 'index.html?autoplay=1&seats=ai:easy,ai:easy,ai:easy&speed=20&seed=31337&board=official');
  await waitReady(page);
  await page.waitForFunction(() => window.catan.state().session.actions > 60, null, { timeout: 60000, polling: 200 });
  await page.evaluate(() => window.catan.pause());
  const info = await page.evaluate(() => ({
    share: window.catan.shareLink(), replay: window.catan.replayLink(),
    state: window.catan.state(), board: window.catan.board(),
  }));
  assert(/seed=31337/.test(info.share) && /board=official/.test(info.share), 'share link ' + info.share);
  measure(`replay link for ${info.state.session.actions} actions: ${info.replay.length} characters`);
  const p2 = await context.newPage();
  await p2.goto(info.replay);
  await waitReady(p2);
  const st2 = await p2.evaluate(() => window.catan.state());
  assert(JSON.stringify(st2.state) === JSON.stringify(info.state.state), 'the replayed game differs');
  const p3 = await context.newPage();
  await p3.goto(info.share.replace('autoplay=true', 'autoplay=true&speed=0.25'));
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
  const waitEvent = (type, pred, timeout = 90000) => page.waitForFunction(([t, p]) =>
    window.demoEvents.some((m) => m.type === t && (!p || Object.entries(p).every(([k, v]) => String(m[k]) === String(v)))),
  [type, pred], { timeout, polling: 100 });
  await waitEvent('ready');
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
  await page.waitForFunction((n) => window.demoEvents.length > n + 1, n1, { timeout: 30000 });
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
  assert(page.consoleErrors.filter((e) => /bad URL parameter/.test(e)).length >= 5, 'errors not in the console');
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
  await page.waitForFunction(() => window.demoEvents.some((m) => m.type === 'gameStarted'), null, { timeout: 90000 });
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
    send({ type: 'pause', extra: 1 });
  });
  await sleep(800);
  const ignored = warnings.filter((w) => /\[catan\] ignored/.test(w));
  assert(ignored.length >= 8, `expected 8 "ignored" warnings, got ${ignored.length}: ${warnings.join(' | ')}`);
  const errorsEv = await page.evaluate(() => window.demoEvents.filter((m) => m.type === 'error').length);
  assert(errorsEv >= 2, 'bad newGame configs were not reported with an error event');
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
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.close();
});

await test('offline-reload-with-service-worker', async () => {
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  await page.goto(base + 'index.html');
  await waitReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 }).catch(() => {});
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
  // embed.html with parameters is served from the cache too (query ignored).
  const p2 = await context.newPage();
  await p2.goto(base + 'embed.html?seed=5&players=3');
  await waitReady(p2, 60000);
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.setOffline(false);
  await context.close();
});

await test('frame-times-while-expert-ai-thinks', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 5, seats: ['ai:expert', 'ai:expert', 'ai:easy'], autoplay: true, speed: 20, think: 1000,
  }));
  assert(r.ok, r.error);
  // Samples rAF intervals for `ms`, counting frames in which an AI was thinking.
  const sample = (ms) => page.evaluate((dur) => new Promise((done) => {
    window.catan.perf.reset();
    let thinking = 0;
    const t0 = performance.now();
    const f = () => {
      if (window.catan.state().session.aiThinking) thinking++;
      if (performance.now() - t0 < dur) requestAnimationFrame(f);
      else done({ stats: window.catan.perf.stats(), thinking, phase: window.catan.state().state.phase });
    };
    requestAnimationFrame(f);
  }), ms);
  const fmt = (label, x) => `${label}: ${x.stats.frames} frames (${x.thinking} with an Expert thinking); ` +
    `rAF interval p50 ${x.stats.p50.toFixed(1)} / p95 ${x.stats.p95.toFixed(1)} / max ${x.stats.max.toFixed(1)} ms, ` +
    `${x.stats.over50} over 50 ms; app main-thread work per frame p50 ${x.stats.workP50.toFixed(1)} / ` +
    `p95 ${x.stats.workP95.toFixed(1)} / max ${x.stats.workMax.toFixed(1)} ms, ${x.stats.workOver50} over 50 ms`;
  const setup = await sample(8000);
  measure(fmt('frames during the setup phase (2 Expert AIs, 1000 ms budget, 8 s)', setup));
  await page.waitForFunction(() => !/^setup/.test(window.catan.state().state.phase), null, { timeout: 240000, polling: 500 });
  const main = await sample(8000);
  measure(fmt(`frames after the setup (phase ${main.phase}, 8 s)`, main));
  await shot(page, 'expert-ai-thinking.png');
  assert(setup.thinking + main.thinking > 0, 'no frame had an AI thinking');
  // A blocking AI would hold a frame for its whole 1000 ms budget. The app's own work per
  // frame must stay under 50 ms at the 95th percentile, and no frame may take a quarter of
  // the budget. (A lone frame of ~100 ms was seen on a loaded 2-core CI machine while the
  // AI's slice is ~8 ms: preemption, not the app, so single outliers are reported above
  // rather than failed.)
  const workP95 = Math.max(setup.stats.workP95, main.stats.workP95);
  const workMax = Math.max(setup.stats.workMax, main.stats.workMax);
  assert(workP95 < 50, `app work per frame p95 ${workP95.toFixed(1)} ms (must stay under 50 ms)`);
  assert(workMax < 250, `an app frame took ${workMax.toFixed(1)} ms (a blocking AI; must stay under 250 ms)`);
  await context.close();
});

await browser.close();
server.close();
server2.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`screenshots: ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
