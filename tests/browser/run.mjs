#!/usr/bin/env node
// Browser tests of the web build: playwright-core drives Debian's /usr/bin/chromium (never a
// downloaded browser) against the static site, served by this script on free localhost ports.
//
//   node tests/browser/run.mjs <site-dir> [--only name,name] [--skip name,name] [--headed]
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
import { createHash } from 'node:crypto';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const artifacts = path.join(root, 'build/browser-artifacts');
const args = process.argv.slice(2);
let siteArg = null;
let only = null;
let skip = new Set();
let headed = false;
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--only') only = new Set(args[++i].split(','));
  else if (args[i] === '--skip') skip = new Set(args[++i].split(','));
  else if (args[i] === '--headed') headed = true;
  else siteArg = args[i];
}
if (!siteArg) {
  console.error('usage: node tests/browser/run.mjs <site-dir> [--only a,b] [--skip a,b]');
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
// A static server like the ones the site is deployed to: revalidation with ETags
// (Cache-Control: no-cache), 304 when unchanged. `route(pathname)` gives {dir, path} (the
// folder serving the request and the path inside it) or null; `patch(path, text)` may
// rewrite a text file. Every request is logged as {path, search, status}.
function serve(route, patch) {
  const log = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let p = decodeURIComponent(url.pathname);
    if (p.endsWith('/')) p += 'index.html';
    const r = route(p);
    const file = r && path.join(r.dir, path.normalize(r.path).replace(/^(\.\.[/\\])+/, ''));
    if (!file || !file.startsWith(r.dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      log.push({ path: p, search: url.search, status: 404 });
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    let body = fs.readFileSync(file);
    if (patch) body = Buffer.from(patch(p, body.toString('latin1')), 'latin1');
    const etag = '"' + createHash('sha1').update(body).digest('hex').slice(0, 16) + '"';
    if (req.headers['if-none-match'] === etag) {
      log.push({ path: p, search: url.search, status: 304 });
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    log.push({ path: p, search: url.search, status: 200 });
    res.writeHead(200, {
      'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      ETag: etag,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  server.log = log;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const atRoot = (dir) => (p) => ({ dir, path: p });
const server = await serve(atRoot(site));
const base = `http://127.0.0.1:${server.address().port}/`;
// A second origin for the embedding page; its demo.js lists the game's origin as allowed.
const server2 = await serve(atRoot(site), (p, text) => (p === '/demo.js'
  ? text.replace('const ALLOWED_ORIGINS = [];', `const ALLOWED_ORIGINS = [${JSON.stringify(base.slice(0, -1))}];`)
  : text));
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

// Ends a test's page: no uncaught page errors happened, then the context is closed.
async function closeClean(context, page) {
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.close();
}

async function newPage(opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport || { width: 1280, height: 720 },
    deviceScaleFactor: opts.dpr || 1,
    serviceWorkers: opts.serviceWorkers || 'block',
  });
  // Content-Security-Policy violations of every frame, as "directive blocked-url".
  // Every notice line shown, even one gone by the time a test looks.
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    window.__notices = [];
    document.addEventListener('DOMContentLoaded', () => {
      const n = document.getElementById('notice');
      if (!n) return;
      new MutationObserver(() => {
        for (const line of n.children) {
          if (!window.__notices.includes(line.textContent)) window.__notices.push(line.textContent);
        }
      }).observe(n, { childList: true });
    });
  });
  const page = instrument(await context.newPage());
  return { context, page };
}

// Collects the console errors and warnings and the uncaught exceptions of a page.
function instrument(page) {
  page.consoleErrors = [];
  page.consoleWarnings = [];
  page.pageErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.consoleErrors.push(m.text());
    if (m.type() === 'warning') page.consoleWarnings.push(m.text());
  });
  page.on('pageerror', (e) => page.pageErrors.push(String(e)));
  return page;
}

// Polls fn(arg) in the page (or frame) until it returns something truthy, and returns it.
// (Playwright's waitForFunction evaluates strings in the page, which the pages' CSP forbids;
// evaluate() is not subject to it.) Errors while polling (a navigation, the app still
// loading) count as "not yet".
async function waitFor(target, fn, arg, opts = {}) {
  const timeout = opts.timeout || 30000;
  const t0 = Date.now();
  for (;;) {
    let v;
    let error = null;
    try {
      v = await target.evaluate(fn, arg);
    } catch (e) {
      error = e;
      if (/Target page, context or browser has been closed/.test(String(e && e.message))) throw e;
    }
    if (v) return v;
    if (Date.now() - t0 > timeout) {
      throw new Error(`timed out after ${timeout} ms waiting for ${String(fn).slice(0, 120)}` +
        (error ? ` (last error: ${String(error.message).split('\n')[0]})` : ''));
    }
    await sleep(opts.polling || 100);
  }
}

// CSP violations reported in any frame of the page, and CSP messages in the console.
async function cspViolations(page) {
  const out = page.consoleErrors.concat(page.consoleWarnings).filter((t) => /Content.Security.Policy/i.test(t));
  for (const f of page.frames()) {
    try { out.push(...(await f.evaluate(() => window.__csp || []))); } catch (e) { /* detached */ }
  }
  return out;
}

// catan.ready settles (ready or a fatal error) within the time limit: true, else false.
async function readySettles(page, ms = 60000) {
  await waitFor(page, () => window.catan, null, { timeout: ms });
  return page.evaluate((t) => Promise.race([window.catan.ready.then(() => true),
    new Promise((r) => setTimeout(() => r(false), t))]), ms);
}

// The notices shown so far on the page, as one text.
async function noticeText(frameOrPage) {
  return frameOrPage.evaluate(() => {
    const n = document.getElementById('notice');
    return (window.__notices || []).concat(n && !n.hidden ? [n.textContent] : []).join(' | ');
  });
}

async function waitReady(page, timeout = 90000) {
  await waitFor(page, () => window.catan && window.catan.loaded, null, { timeout });
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
  if ((only && !only.has(name)) || skip.has(name)) return;
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
  // A short AI game (5 VP) played to its end: replay links exist for finished games only.
  await page.goto(base + 'index.html?autoplay=1&seats=ai:easy,ai:easy,ai:easy&speed=20&seed=31337' +
    '&playseed=5&board=official&mode=custom&vp=5');
  await waitReady(page);
  await waitFor(page, () => window.catan.state(-1).state.phase === 'game_over', null,
    { timeout: 180000, polling: 250 });
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

// ------------------------------------------------------------------ board input (robber, zoom, taps)
// Plays the human seat by catan.act (roll, end the turn, the first legal action otherwise)
// until `want(legal)` picks an action to stop at; returns it.
async function playHumanUntil(page, want, timeout = 180000) {
  const t0 = Date.now();
  for (;;) {
    assert(Date.now() - t0 < timeout, 'the position never came');
    const st = await page.evaluate(() => window.catan.state());
    assert(st.state.phase !== 'game_over', 'the game ended first');
    if (!st.session.humanToAct) { await sleep(50); continue; }
    const legal = await page.evaluate(() => window.catan.legal());
    const stop = want(legal, st);
    if (stop) return stop;
    const a = legal.find((x) => x === 'roll') || legal.find((x) => x === 'end_turn') || legal[0];
    const r = await page.evaluate((x) => window.catan.act(x), a);
    assert(r.ok, `act ${a}: ${r.error}`);
  }
}

// RGB of the pixel at (x, y) of a decoded screenshot.
function pixel(img, x, y) {
  const i = (Math.round(y) * img.w + Math.round(x)) * img.bpp;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

// The robber's candidate hexes are marked under the pieces: a point of every settlement on a
// candidate hex, next to the marker, looks the same while the robber is being placed as
// after (when nothing is highlighted). Screenshots of the choice at both sizes.
for (const [w, h] of [[1280, 720], [390, 844]]) {
  await test(`robber-choice-keeps-pieces-in-view-${w}x${h}`, async () => {
    const { context, page } = await newPage({ viewport: { width: w, height: h } });
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({
      seed: 31, playseed: 31, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20,
    }));
    assert(r.ok, 'newGame: ' + r.error);
    const st0 = await playHumanUntil(page, (legal, st) => (legal.some((a) => a.startsWith('move_robber:'))
      && st.state.players.some((p, i) => i > 0 && p.settlements.length > 0) ? st : null));
    const legal = await page.evaluate(() => window.catan.legal());
    const hexes = legal.filter((a) => a.startsWith('move_robber:')).map((a) => Number(a.split(':')[1]));
    await sleep(4200);  // the notices over the board's top fade
    await frames(page, 3);
    const box = await page.locator('#canvas').boundingBox();
    const view = await page.evaluate(() => window.catan.view());
    const choice = decodePng(await page.screenshot({ path: path.join(artifacts, `robber-choice-${w}x${h}.png`) }));
    // Move it to the hex with most settlements, then take the steal if one is asked.
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    const radius = Math.min(...view.vertices.map((v) => dist(v, view.hexes[0])));
    const owner = new Map();
    st0.state.players.forEach((p, seat) => p.settlements.forEach((v) => owner.set(v, seat)));
    const samples = [];
    for (const hx of hexes) {
      view.vertices.forEach((v, id) => {
        if (!owner.has(id) || dist(v, view.hexes[hx]) > radius * 1.05) return;
        const c = view.hexes[hx];
        samples.push({ hex: hx, vertex: id, x: box.x + v[0] + (c[0] - v[0]) * 0.1, y: box.y + v[1] + (c[1] - v[1]) * 0.1 });
      });
    }
    assert(samples.length > 0, 'no settlement on a candidate hex');
    const target = hexes[0];
    let a = await page.evaluate((x) => window.catan.act(x), `move_robber:${target}`);
    assert(a.ok, a.error);
    await frames(page, 3);
    const steal = (await page.evaluate(() => window.catan.legal())).find((x) => x.startsWith('steal:'));
    if (steal) {
      a = await page.evaluate((x) => window.catan.act(x), steal);
      assert(a.ok, a.error);
    }
    await sleep(4200);
    await frames(page, 3);
    const after = decodePng(await page.screenshot({ path: path.join(artifacts, `robber-after-${w}x${h}.png`) }));
    const covered = samples.filter((s) => {
      const p = pixel(choice, s.x, s.y), q = pixel(after, s.x, s.y);
      return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60;
    });
    assert(covered.length === 0, `${covered.length} of ${samples.length} settlements on candidate hexes are drawn over: ` +
      JSON.stringify(covered.slice(0, 4)));
    await context.close();
  });
}

// The board's +, - and Fit buttons zoom, by mouse and by touch (found by their test ids); on a
// touch screen a tap on a settlement spot selects it and the Build button (or a second tap)
// places it; the phone's Players / Log / Trade tabs open their sheet by taps and close it
// again.
await test('zoom-buttons-and-taps', async () => {
  const span = (v) => Math.hypot(v.hexes[18][0] - v.hexes[0][0], v.hexes[18][1] - v.hexes[0][1]);
  const centre = (r) => [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
  for (const screen of [{ w: 1280, h: 720, touch: false }, { w: 390, h: 844, touch: true }]) {
    const context = await browser.newContext({ viewport: { width: screen.w, height: screen.h },
      hasTouch: screen.touch, serviceWorkers: 'block' });
    const page = instrument(await context.newPage());
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 8, playseed: 8, seats: ['human', 'ai:easy'], speed: 20 }));
    assert(r.ok, r.error);
    await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
    await frames(page, 5);
    const ws = await widgets(page);
    for (const id of ['zoom_in', 'zoom_out', 'zoom_fit']) assert(ws[id] && ws[id].whole, `${id} not on screen`);
    const v0 = await page.evaluate(() => window.catan.view());
    await press(page, screen, centre(ws.zoom_in));
    const v1 = await page.evaluate(() => window.catan.view());
    assert(span(v1) > span(v0) * 1.1, `${screen.w}x${screen.h}: + did not zoom in (${span(v0)} -> ${span(v1)})`);
    await press(page, screen, centre(ws.zoom_fit));
    await frames(page, 4);
    const v2 = await page.evaluate(() => window.catan.view());
    assert(Math.abs(span(v2) - span(v0)) < 1, `${screen.w}x${screen.h}: Fit did not fit (${span(v0)} -> ${span(v2)})`);
    if (!screen.touch) {
      await closeClean(context, page);
      continue;
    }
    await shot(page, 'tap-zoom-fit-390x844.png');
    // A tap selects a settlement spot and places nothing; Build places it.
    const legal = await page.evaluate(() => window.catan.legal());
    const spots = legal.filter((a) => a.startsWith('build_settlement:')).map((a) => Number(a.split(':')[1]));
    assert(spots.length > 0, 'no settlement spot: ' + legal.slice(0, 5));
    const spot = spots[Math.floor(spots.length / 2)];
    await press(page, screen, v2.vertices[spot]);
    const selected = await page.evaluate(() => window.catan.state());
    assert(!selected.state.players[0].settlements.includes(spot), 'a single tap placed the settlement at once');
    const confirm = (await widgets(page)).board_confirm;
    assert(confirm && confirm.y1 - confirm.y0 >= 44, 'no Build button 44 px high after the tap: ' + JSON.stringify(confirm));
    await shot(page, 'tap-settlement-selected-390x844.png');
    await press(page, screen, centre(confirm));
    const st = await page.evaluate(() => window.catan.state());
    assert(st.state.players[0].settlements.includes(spot), `Build after the tap on vertex ${spot} placed nothing`);
    await shot(page, 'tap-settlement-390x844.png');
    // The sheet's tabs: a tap opens the tab's panel over the board, a second tap closes it.
    for (const tab of ['tab_players', 'tab_log', 'tab_trade']) {
      await pressUi(page, screen, tab);
      const open = await page.evaluate(() => window.catan.view().sheet);
      assert(open === tab.slice(4), `a tap on ${tab} did not open its sheet: ${open}`);
    }
    await shot(page, 'tap-tabs-390x844.png');
    await pressUi(page, screen, 'tab_trade');
    const closed = await page.evaluate(() => window.catan.view().sheet);
    assert(closed === '', 'a second tap on the open tab did not close the sheet: ' + closed);
    await closeClean(context, page);
  }
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
  await waitFor(page, () => !/^setup/.test(window.catan.state().state.phase), null, { timeout: 240000, polling: 500 });
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

// Master's searches in Web Workers (shell/web_search_pool.h): 3 Master seats at masterthink
// 1000 ms; rAF intervals and the app's main-thread work per frame while they think.
// `workers: false` takes Worker away before the page loads: the pool then has no searchers and
// Master thinks on the main thread in slices (the fallback).
async function masterFrameTimes(workers, label) {
  const { context, page } = await newPage({ viewport: { width: 390, height: 844 }, dpr: 2 });
  if (!workers) await page.addInitScript(() => { window.Worker = undefined; });
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 9, playseed: 4, seats: ['ai:master', 'ai:master', 'ai:master'], autoplay: true, speed: 20,
    masterthink: 1000,
  }));
  assert(r.ok, r.error);
  // Into the main phase, where Master searches (the setup placements are not searched).
  await waitFor(page, () => !/^setup/.test(window.catan.state().state.phase), null, { timeout: 240000, polling: 500 });
  const sample = (ms) => page.evaluate((dur) => new Promise((done) => {
    window.catan.perf.reset();
    let thinking = 0;
    const a0 = window.catan.state().session.actions;
    const t0 = performance.now();
    const f = () => {
      if (window.catan.state().session.aiThinking) thinking++;
      if (performance.now() - t0 < dur) requestAnimationFrame(f);
      else {
        const s = window.catan.state().session;
        const d = window.catan.perf.deltas.slice().sort((x, y) => x - y);
        const w = window.catan.perf.work.slice().sort((x, y) => x - y);
        const q = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor(a.length * p))] : 0);
        const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
        done({
          frames: d.length, thinking, actions: s.actions - a0, workers: s.searchWorkers,
          mean: mean(d), p99: q(d, 0.99), max: q(d, 1),
          workMean: mean(w), workP99: q(w, 0.99), workMax: q(w, 1),
        });
      }
    };
    requestAnimationFrame(f);
  }), ms);
  const m = await sample(8000);
  measure(`${label}: ${m.workers} search workers, ${m.frames} frames in 8 s ` +
    `(${m.thinking} with a Master thinking), ${m.actions} actions; rAF interval mean ${m.mean.toFixed(1)} / ` +
    `p99 ${m.p99.toFixed(1)} / max ${m.max.toFixed(1)} ms; app main-thread work per frame mean ` +
    `${m.workMean.toFixed(2)} / p99 ${m.workP99.toFixed(1)} / max ${m.workMax.toFixed(1)} ms`);
  await shot(page, workers ? 'master-thinking-in-workers-phone.png' : 'master-thinking-on-main-thread-phone.png');
  assert(m.thinking > 0, 'no frame had a Master thinking');
  assert(m.actions > 0, 'no action was played in 8 s');
  return { context, page, m };
}

await test('master-thinks-in-web-workers-and-frames-stay-short', async () => {
  const { context, page, m } = await masterFrameTimes(true, 'Master x3 thinking in Web Workers (390x844)');
  assert(m.workers >= 1, `the page reports ${m.workers} search workers`);
  // The search is off the main thread: no app frame waits for it. (The rAF intervals above
  // also carry the software GL rendering, and on a loaded 2-core machine the worker and the
  // GPU process share the cores: they are reported, the app's own work is what must stay
  // short.)
  assert(m.workP99 < 50, `app work per frame p99 ${m.workP99.toFixed(1)} ms (must stay under 50 ms)`);
  assert(m.workMax < 250, `an app frame took ${m.workMax.toFixed(1)} ms of main-thread work (must stay under 250 ms)`);
  const warned = page.consoleWarnings.filter((t) => /search worker/.test(t));
  assert(warned.length === 0, 'search worker warnings: ' + warned.join(' | '));
  await closeClean(context, page);
});

await test('master-plays-on-the-main-thread-without-workers', async () => {
  const { context, page, m } = await masterFrameTimes(false, 'Master x3 thinking on the main thread, no Worker (390x844)');
  assert(m.workers === 0, `the page reports ${m.workers} search workers without Worker`);
  assert(m.max < 1000, `a frame took ${m.max.toFixed(1)} ms (the slices must keep frames going)`);
  await closeClean(context, page);
});

// Expert takes one worker, which computes exactly what the main thread computes: the same
// seeded blitz game of 3 Experts (a 5 s budget, so the 96-iteration cap decides every search)
// ends in the same position, every hand included, with workers and without.
async function expertGame(workers) {
  const { context, page } = await newPage();
  if (!workers) await page.addInitScript(() => { window.Worker = undefined; });
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 12, playseed: 3, seats: ['ai:expert', 'ai:expert:trader', 'ai:expert:builder'], mode: 'blitz',
    autoplay: true, speed: 20, think: 5000,
  }));
  assert(r.ok, r.error);
  await waitFor(page, () => window.catan.state().state.phase === 'game_over', null, { timeout: 300000, polling: 500 });
  const end = await page.evaluate(() => {
    const all = window.catan.state('all');
    return { state: JSON.stringify(all.state), actions: all.session.actions, workers: all.session.searchWorkers };
  });
  await closeClean(context, page);
  return end;
}

await test('expert-plays-the-same-game-in-a-worker-and-on-the-main-thread', async () => {
  const inWorkers = await expertGame(true);
  const onMain = await expertGame(false);
  measure(`3 Experts, blitz, seed 12: ${inWorkers.actions} actions with ${inWorkers.workers} search worker(s), ` +
    `${onMain.actions} on the main thread`);
  assert(inWorkers.workers >= 1, `the page reports ${inWorkers.workers} search workers`);
  assert(onMain.workers === 0, `the page without Worker reports ${onMain.workers} search workers`);
  assert(inWorkers.actions === onMain.actions, `${inWorkers.actions} actions in workers, ${onMain.actions} on the main thread`);
  assert(inWorkers.state === onMain.state, 'the final positions differ');
});

// The worker module on its own: a job that is not one is answered with an error (the worker
// stays up and answers the next message), and a worker that loads its own module says ready.
await test('search-worker-answers-a-bad-job-with-an-error', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => new Promise((done) => {
    const w = new Worker('search-worker.js');
    const got = [];
    const t = setTimeout(() => done({ got, timeout: true }), 20000);
    w.onerror = (e) => { clearTimeout(t); done({ got, error: e.message || 'error event' }); };
    w.onmessage = (ev) => {
      got.push(ev.data);
      if (got.length === 4) { clearTimeout(t); w.terminate(); done({ got }); }
    };
    w.postMessage({ type: 'init' });
    w.postMessage({ id: 7, job: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]).buffer });
    w.postMessage({ id: 8, job: new ArrayBuffer(0) });
    w.postMessage({ id: 9, job: 'text' });
  }));
  assert(!r.timeout && !r.error, 'worker: ' + JSON.stringify(r));
  const [ready, bad, empty, text] = r.got;
  assert(ready.type === 'ready', 'first message: ' + JSON.stringify(ready));
  assert(bad.id === 7 && /not a search job/.test(bad.error) && !bad.stats, 'bad job: ' + JSON.stringify(bad));
  assert(empty.id === 8 && typeof empty.error === 'string', 'empty job: ' + JSON.stringify(empty));
  assert(text.id === 9 && typeof text.error === 'string', 'text job: ' + JSON.stringify(text));
  await closeClean(context, page);
});

// ------------------------------------------------------------------ security at the web boundary
// A click on an ImGui widget found by its test id (catan.view().ui: the New game screen's
// Start button, the banner's menu, "Take back control", the "Time's up" notice).
async function clickUi(page, id) {
  const at = await waitFor(page, (i) => {
    const v = window.catan.view();
    return v && v.ui && v.ui[i];
  }, id, { timeout: 20000 });
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + at[0], box.y + at[1]);
  await frames(page, 3);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 5);
}

// Starts a game from index.html's New game screen as a visitor would and returns its public
// board seed.
async function startFromNewGameScreen(page) {
  await clickUi(page, 'start');
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.active && s;
  }, null, { timeout: 20000 });
  return st.session.config.seed;
}

await test('fresh-seed-for-every-visitor-and-game', async () => {
  // Two visitors with fresh browser profiles, no ?seed: two different islands.
  const seeds = [];
  const pages = [];
  for (let i = 0; i < 2; ++i) {
    const { context, page } = await newPage();
    await page.goto(base + 'index.html');
    await waitReady(page);
    await frames(page, 5);
    seeds.push(await startFromNewGameScreen(page));
    pages.push({ context, page });
  }
  assert(seeds[0] && seeds[1], 'no public board seed: ' + JSON.stringify(seeds));
  assert(seeds[0] !== seeds[1], `two fresh visitors got the same island (seed ${seeds[0]})`);
  // After a game, the New game screen offers a fresh island too.
  const { context, page } = pages[1];
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_new_game');
  await frames(page, 5);
  const again = await startFromNewGameScreen(page);
  assert(again !== seeds[1], `the second game from the New game screen kept the seed ${again}`);
  // A seed asked for is kept: ?seed=.
  await page.goto(base + 'index.html?seed=123');
  await waitReady(page);
  const linked = await page.evaluate(() => window.catan.state().session.config.seed);
  assert(linked === '123', 'index.html?seed=123 started seed ' + linked);
  await pages[0].context.close();
  await context.close();
});

await test('turn-timer-times-up-and-autopilot', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?timer=20&seats=human,ai:easy,ai:easy&speed=20&seed=5&playseed=5');
  await waitReady(page);
  // Nobody touches anything: the human's first decision times out and a notice says so.
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.timedOut === 0 && s;
  }, null, { timeout: 60000, polling: 100 });
  await frames(page, 3);
  const ui = await page.evaluate(() => window.catan.view().ui);
  assert(ui.times_up, "no \"Time's up\" notice on screen: " + JSON.stringify(ui));
  await shot(page, 'times-up-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 5);
  const ui390 = await page.evaluate(() => window.catan.view().ui);
  await shot(page, 'times-up-390.png');
  assert(ui390.times_up, "no \"Time's up\" notice at 390x844: " + JSON.stringify(ui390));
  await page.setViewportSize({ width: 1280, height: 720 });
  // Only the setup placement was made for the human: no offer, build or card.
  assert(['setup_settlement', 'setup_road'].includes(st.state.phase), 'phase ' + st.state.phase);
  // Two missed turns in a row: the AI plays the seat, the banner says so and offers control back.
  await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.autopilot && s.session.autopilot.includes(0);
  }, null, { timeout: 300000, polling: 250 });
  await frames(page, 3);
  const ap = await page.evaluate(() => window.catan.view().ui);
  assert(ap.take_back_0, 'no "Take back control" button: ' + JSON.stringify(ap));
  assert(ap.autopilot_notice, 'nothing says the AI plays for the player: ' + JSON.stringify(ap));
  await shot(page, 'autopilot-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 5);
  await shot(page, 'autopilot-390.png');
  await clickUi(page, 'take_back_0');
  const back = await page.evaluate(() => window.catan.state().session.autopilot);
  assert(back.length === 0, 'take back control left the AI playing: ' + JSON.stringify(back));
  await closeClean(context, page);
});

// ------------------------------------------------------------------ layouts: phones, tablet, desktop
// A setup and a full turn played by taps (touch screens) or clicks only, at five screen sizes,
// checked against the UI's own layout data (catan.view().widgets: every button's rectangle):
// no two buttons overlap, each lies whole in its panel, every label fits, touch targets are at
// least 44 CSS px, and the trade panel's buttons are in view without scrolling. (Densities
// above 1 cost minutes of software rendering here; the checks are in CSS px.)
const kScreens = [
  { name: 'phone-portrait', w: 390, h: 844, touch: true, dpr: 3 },
  { name: 'phone-landscape', w: 844, h: 390, touch: true, dpr: 2 },
  { name: 'tablet', w: 768, h: 1024, touch: true, dpr: 1 },
  { name: 'desktop', w: 1280, h: 720, touch: false, dpr: 1 },
  { name: 'desktop-large', w: 1920, h: 1080, touch: false, dpr: 1 },
];

// The widgets of the last frame by id: {x0, y0, x1, y1, whole, fits}.
async function widgets(page) {
  const v = await page.evaluate(() => window.catan.view());
  const out = {};
  for (const [id, x0, y0, x1, y1, whole, fits] of v.widgets || []) out[id] = { x0, y0, x1, y1, whole, fits };
  return out;
}

// What is wrong with the layout of the frame just drawn ([] when nothing).
function layoutProblems(ws, screen, needWhole) {
  const problems = [];
  const ids = Object.keys(ws);
  for (const id of ids) {
    const r = ws[id];
    if (!r.fits) problems.push(`label of ${id} does not fit`);
    if (r.whole && (r.x0 < -0.5 || r.y0 < -0.5 || r.x1 > screen.w + 0.5 || r.y1 > screen.h + 0.5)) problems.push(`${id} off screen ${JSON.stringify(r)}`);
  }
  for (const id of needWhole) {
    if (!ws[id]) problems.push(`${id} not on screen`);
    else if (!ws[id].whole) problems.push(`${id} cut by its panel`);
  }
  for (let i = 0; i < ids.length; ++i) {
    for (let j = i + 1; j < ids.length; ++j) {
      const a = ws[ids[i]], b = ws[ids[j]];
      if (!a.whole || !b.whole) continue;
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox > 1 && oy > 1) problems.push(`${ids[i]} overlaps ${ids[j]}`);
    }
  }
  if (screen.touch) {
    for (const id of needWhole) {
      const r = ws[id];
      if (r && (r.x1 - r.x0 < 43.5 || r.y1 - r.y0 < 43.5)) problems.push(`${id} is ${Math.round(r.x1 - r.x0)}x${Math.round(r.y1 - r.y0)}, under 44 px`);
    }
  }
  return problems;
}

// A tap (touch screens) or a click at canvas point p.
async function press(page, screen, p) {
  const box = await page.locator('#canvas').boundingBox();
  if (screen.touch) {
    await page.touchscreen.tap(box.x + p[0], box.y + p[1]);
  } else {
    await page.mouse.move(box.x + p[0], box.y + p[1]);
    await frames(page, 2);
    await page.mouse.down();
    await frames(page, 2);
    await page.mouse.up();
  }
  await frames(page, 4);
}

async function pressUi(page, screen, id) {
  const ws = await waitFor(page, (i) => {
    const v = window.catan.view();
    return v && (v.widgets || []).find((w) => w[0] === i);
  }, id, { timeout: 20000 });
  await press(page, screen, [(ws[1] + ws[3]) / 2, (ws[2] + ws[4]) / 2]);
}

// Puts a piece on the board by tapping its spot; on a touch screen the tap selects the spot
// and a second tap on the confirm button (or the spot) places it.
async function placeByTap(page, screen, where, n) {
  const applied = () => page.evaluate((k) => window.catan.state().session.actions > k, n);
  await press(page, screen, where);
  if (await applied()) return;
  const ws = await widgets(page);
  const confirm = Object.keys(ws).find((id) => /^(place|board)_confirm/.test(id));
  if (confirm) await pressUi(page, screen, confirm);
  else await press(page, screen, where);
  await frames(page, 4);
}

for (const screen of kScreens) {
  await test(`layout-${screen.name}-${screen.w}x${screen.h}`, async () => {
    const context = await browser.newContext({
      viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
      hasTouch: screen.touch, isMobile: screen.touch && screen.w < 900, serviceWorkers: 'block',
    });
    const page = instrument(await context.newPage());
    try {
      await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
      await waitReady(page);
      const problems = [];
      const check = async (label, needWhole) => {
        await frames(page, 3);
        for (const p of layoutProblems(await widgets(page), screen, needWhole)) problems.push(`${label}: ${p}`);
      };
      const actions = ['roll', 'tool_road', 'tool_settlement', 'tool_city', 'buy_dev', 'trade', 'end_turn'];
      const tabs = screen.w < 600 || screen.h < 500 ? ['tab_players', 'tab_log', 'tab_trade'] : [];
      const chrome = ['menu', 'help', 'zoom_in', 'zoom_out', 'zoom_fit', ...tabs];
      let byApi = 0, rolled = false, turnDone = false, shotSetup = false, lastPhase = '';
      const t0 = Date.now();
      while (!turnDone) {
        assert(Date.now() - t0 < 240000, `the turn never came to an end (last phase ${lastPhase}; ${problems.join(' | ')})`);
        const st = await page.evaluate(() => window.catan.state());
        if (!st.session.humanToAct) { await sleep(60); continue; }
        const legal = await page.evaluate(() => window.catan.legal());
        const view = await page.evaluate(() => window.catan.view());
        const phase = st.state.phase;
        lastPhase = phase;
        const n = st.session.actions;
        if (phase === 'setup_settlement') {
          if (!shotSetup) {
            await check('setup', [...actions, ...chrome]);
            await shot(page, `layout-${screen.name}-setup.png`);
            shotSetup = true;
          }
          const spots = legal.filter((a) => a.startsWith('build_settlement:')).map((a) => Number(a.split(':')[1]));
          await placeByTap(page, screen, view.vertices[spots[Math.floor(spots.length / 3)]], n);
        } else if (phase === 'setup_road') {
          const e = Number(legal.find((a) => a.startsWith('build_road:')).split(':')[1]);
          await placeByTap(page, screen, view.edges[e], n);
        } else if (legal.includes('roll')) {
          await check('before the roll', [...actions, ...chrome]);
          await pressUi(page, screen, 'roll');
          rolled = true;
        } else if (phase === 'main' && rolled) {
          await check('main', [...actions, ...chrome]);
          await shot(page, `layout-${screen.name}-turn.png`);
          // The trade panel: its buttons in view without scrolling.
          await pressUi(page, screen, 'trade');
          await frames(page, 4);
          // A phone shows the builder and the bank one at a time; on a phone held sideways the
          // builder scrolls (a wheel here, a drag on a phone).
          const split = (await widgets(page)).trade_with_bank;
          const scroll = async (dy) => {
            const box = await page.locator('#canvas').boundingBox();
            await page.mouse.move(box.x + screen.w * 0.3, box.y + screen.h * 0.5);
            await page.mouse.wheel(0, dy);
            await frames(page, 6);
          };
          let scrolled = 0;
          while (screen.h < 500 && !(await widgets(page)).trade_offer?.whole && scrolled < 12) {
            await scroll(200);
            scrolled++;
          }
          await check('trade open', ['trade_offer', ...(split ? [] : ['bank_get_4']), ...actions.filter(() => !tabs.length)]);
          await shot(page, `layout-${screen.name}-trade.png`);
          for (let k = 0; k < scrolled; ++k) await scroll(-200);
          if (split) {
            await pressUi(page, screen, 'trade_with_bank');
            await check('bank trade', ['bank_get_4']);
            await shot(page, `layout-${screen.name}-bank.png`);
          }
          await pressUi(page, screen, tabs.length ? 'tab_trade' : 'trade');  // closes it
          await pressUi(page, screen, 'end_turn');
          turnDone = true;
        } else if (phase === 'move_robber') {
          const h = Number(legal.find((a) => a.startsWith('move_robber:')).split(':')[1]);
          await placeByTap(page, screen, view.hexes[h], n);
        } else {
          // A discard or a steal after a 7: not what this test is about.
          const r = await page.evaluate((a) => window.catan.act(a), legal[0]);
          assert(r.ok, r.error);
          byApi++;
        }
        if (await page.evaluate(() => window.catan.state().session.actions) === n && phase !== 'main')
          problems.push(`${phase}: the tap did nothing`);
        if (problems.length > 12) break;
      }
      measure(`${screen.name} ${screen.w}x${screen.h}: setup and a turn played, ${byApi} action(s) by the API (discard/steal)`);
      assert(problems.length === 0, problems.slice(0, 12).join(' | '));
      assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
    } finally {
      await context.close();
    }
  });
}

await test('csp-on-every-page', async () => {
  const { context, page } = await newPage({ viewport: { width: 1400, height: 800 } });
  // The game loads and plays under the policy, with no violation anywhere.
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
  assert(r.ok, 'newGame: ' + r.error);
  await frames(page, 20);
  await page.goto(base + 'demo.html');
  await waitFor(page, () => window.demoEvents.some((m) => m.type === 'diceRolled'), null, { timeout: 90000 });
  const seen = await cspViolations(page);
  assert(seen.length === 0, 'CSP violations while playing: ' + seen.join(' | '));
  for (const f of ['index.html', 'embed.html', 'demo.html']) {
    await page.goto(base + f + (f === 'demo.html' ? '?src=version.json' : ''));
    const csp = await page.evaluate(() => [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')]
      .map((m) => m.content));
    assert(csp.length >= 1 && /default-src 'self'/.test(csp[0]), `${f}: no CSP with default-src 'self': ${csp}`);
    assert(!csp.some((c) => /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/.test(c)), `${f}: the CSP allows inline script: ${csp}`);
    // Enforced: an inline script and an inline style block added to the page do nothing.
    const inline = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.appendChild(s);
      const st = document.createElement('style');
      st.textContent = 'body { visibility: hidden }';
      document.head.appendChild(st);
      await new Promise((r) => setTimeout(r, 50));
      return { script: window.__inline === 1, style: getComputedStyle(document.body).visibility === 'hidden' };
    });
    assert(!inline.script && !inline.style, `${f}: inline code ran despite the CSP: ${JSON.stringify(inline)}`);
  }
  await context.close();
});

await test('demo-refuses-unsafe-src', async () => {
  const { context, page } = await newPage();
  for (const [src, why] of [
    ['javascript:window.parent.pwned=1//', /only http: and https:/],
    ['javascript:parent.pwned=1', /only http: and https:/],
    ['data:text/html,<script>parent.pwned=1</script>', /only http: and https:/],
    [`${base2}embed.html`, /ALLOWED_ORIGINS/],
  ]) {
    await page.goto(`${base}demo.html?src=${encodeURIComponent(src)}`);
    await sleep(400);
    const r = await page.evaluate(() => {
      const box = document.getElementById('refused');
      return { pwned: window.pwned, refused: box && !box.hidden ? box.textContent : '',
        frameSrc: document.getElementById('game').getAttribute('src') };
    });
    assert(r.pwned === undefined, `src=${src} ran script in the demo page`);
    assert(why.test(r.refused), `src=${src}: no visible refusal (${JSON.stringify(r.refused)})`);
    assert(!r.frameSrc, `src=${src}: the iframe was pointed at ${r.frameSrc}`);
  }
  await shot(page, 'demo-refused.png');
  // The policy narrows frames to this origin and ALLOWED_ORIGINS even if the check were gone.
  await page.goto(`${base}demo.html?src=version.json`);
  const blocked = await page.evaluate(async (other) => {
    const f = document.createElement('iframe');
    f.src = other + 'version.json';
    document.body.appendChild(f);
    await new Promise((r) => setTimeout(r, 800));
    return window.__csp.filter((v) => /^frame-src/.test(v)).length > 0;
  }, base2);
  assert(blocked, 'a frame of another origin was not blocked by the demo page\'s CSP');
  await context.close();
});

// Replay codes (shell/web_bridge.cpp encode_game, code version 1): version byte, seed,
// 15 option varints, one byte per seat, AI delay (ms), think budget (ms), action count, then
// per action its index among the legal actions, or that count (an escape) + length + text.
function varint(n) {
  const out = [];
  let v = BigInt(n);
  while (v >= 0x80n) { out.push(Number(v & 0x7fn) | 0x80); v >>= 7n; }
  out.push(Number(v));
  return out;
}
const codeHeader = [1, ...varint(42), 0, 4, 2, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
  0, 9, 9, 9, ...varint(600), ...varint(1000)];
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');

await test('bad-replay-links-cleared', async () => {
  const { context, page } = await newPage();
  const codes = [
    // One escaped action (54 = every vertex is legal at the start) whose text is not UTF-8.
    ['invalid-utf8', b64url([...codeHeader, ...varint(1), ...varint(54), ...varint(3), 0xff, 0xfe, 0xc3])],
    ['huge-count', b64url([...codeHeader, ...varint(1n << 60n)])],
    ['garbage', '%%not*a*code$$'],
  ];
  for (const [label, code] of codes) {
    await page.goto('about:blank'); // a new document each time (not a hash change)
    await page.goto(base + 'index.html#game=' + code);
    assert(await readySettles(page), `${label}: catan.ready never resolved`);
    assert(await page.evaluate(() => window.catan.loaded), `${label}: the app is not running`);
    await frames(page, 3);
    const msg = await noticeText(page);
    assert(/replay link could not be opened/.test(msg), `${label}: notice "${msg}"`);
    const url = await page.evaluate(() => location.href);
    assert(!url.includes('#'), `${label}: the address still holds the link: ${url.slice(0, 120)}`);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 3, seats: ['human', 'ai:easy'] }));
    assert(r.ok, `${label}: the page is not usable afterwards: ${r.error}`);
    if (label === 'invalid-utf8') await shot(page, 'bad-replay-link.png');
  }
  await closeClean(context, page);
});

await test('prototype-key-parameters', async () => {
  const { context, page } = await newPage({ viewport: { width: 1400, height: 800 } });
  const keys = [['constructor', '1'], ['__proto__', '1'], ['toString', '3'], ['hasOwnProperty', '1']];
  for (const [key, value] of keys) {
    await page.goto(`${base}index.html?${key}=${value}`);
    assert(await readySettles(page), `index.html?${key}: catan.ready never resolved`);
    assert(await page.evaluate(() => window.catan.loaded), `index.html?${key}: the app is not running`);
    const msg = await noticeText(page);
    assert(msg.includes(key), `index.html?${key}: not reported on the page ("${msg}")`);
    assert(page.consoleWarnings.some((w) => w.includes(`"${key}"`)), `index.html?${key}: not reported in the console`);
  }
  // Embedded: each key is reported to the embedder, the known parameters are applied and the
  // game plays.
  const src = `embed.html?${keys.map(([k, v]) => `${k}=${v}`).join('&')}&seed=11&autoplay=1&seats=ai:easy,ai:easy&speed=20`;
  await page.goto(`${base}demo.html?src=${encodeURIComponent(src)}`);
  await waitFor(page, () => window.demoEvents.some((m) => m.type === 'diceRolled'), null, { timeout: 60000 });
  const ev = await page.evaluate(() => window.demoEvents);
  assert(ev.some((m) => m.type === 'ready'), 'embed.html: no ready event');
  for (const [key] of keys) {
    assert(ev.some((m) => m.type === 'error' && m.errors.some((e) => e.includes(`"${key}"`))),
      `embed.html?${key}: no error event naming the key`);
  }
  assert(ev.some((m) => m.type === 'gameStarted' && String(m.seed) === '11'), 'embed.html: seed=11 was not applied');
  await closeClean(context, page);
});

await test('save-without-config-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 4242, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
  assert(r.ok, r.error);
  await frames(page, 10);
  await page.evaluate(() => window.catan.pause());
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state(-1));
  for (const text of ['{"format":"catan-web-save","version":1}',
    '{"format":"catan-web-save","version":1,"config":null,"game":{}}',
    '{"format":"catan-web-save","version":1,"config":[],"game":[]}']) {
    const res = await page.evaluate((t) => window.catan.load(t), text);
    assert(res && res.ok === false && /\b(no|missing)\b.*config|config.*\b(missing|absent)\b/.test(res.error),
      `load(${text}) is not refused for its missing config: ${JSON.stringify(res)}`);
  }
  const after = await page.evaluate(() => window.catan.state(-1));
  assert(after.ok !== false && after.session.active, 'the running game is gone');
  assert(after.session.config.seed === before.session.config.seed && after.session.actions === before.session.actions,
    'the running game changed');
  await closeClean(context, page);
});

await test('no-play-seed-during-play', async () => {
  const { context, page } = await newPage();
  const PLAY = 987654321987n;
  const secrets = [PLAY.toString(), PLAY.toString(16), PLAY.toString(16).toUpperCase()];
  const leaks = (label, value) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const hit = secrets.find((x) => text && text.includes(x));
    assert(!hit, `${label} holds the play seed: ...${text.slice(Math.max(0, text.indexOf(hit) - 80), text.indexOf(hit) + 40)}...`);
  };
  await page.goto(base + 'index.html');
  await waitReady(page);
  await page.evaluate(() => {
    window.__events = [];
    window.catan.on((m) => window.__events.push(m));
  });
  const r = await page.evaluate((ps) => window.catan.newGame({ seed: '4242', playseed: ps,
    seats: ['ai:easy', 'ai:easy', 'ai:easy'], autoplay: true, speed: 20 }), PLAY.toString());
  assert(r.ok, 'newGame: ' + r.error);
  leaks('the newGame result', r);
  await waitFor(page, () => window.__events.filter((m) => m.type === 'diceRolled').length >= 3, null,
    { timeout: 90000, polling: 200 });
  const got = await page.evaluate(() => ({
    s0: window.catan.state(0), s: window.catan.state(), spectator: window.catan.state(-1),
    all: window.catan.state('all'), events: window.__events, share: window.catan.shareLink(),
    save: window.catan.save(), replay: window.catan.replayLink(), code: window.catan.gameCode(),
    board: window.catan.board(), legal: window.catan.legal(), url: location.href,
    text: document.body.innerText,
  }));
  for (const k of ['s0', 's', 'spectator', 'all', 'events', 'share', 'board', 'legal', 'url', 'text']) leaks(k, got[k]);
  // state(0) may be refused during play (only the shown seat's view and the spectator's);
  // given or not, it holds no play seed.
  assert(got.s.ok !== false && got.s.state && got.spectator.ok !== false && got.spectator.state,
    'state() / state(-1) failed: ' + JSON.stringify([got.s, got.spectator]).slice(0, 300));
  assert(got.all.ok === false, 'state("all") shows every hand during the game');
  assert(got.save === null && got.replay === null && got.code === null,
    'save / replayLink / gameCode are handed out during the game');
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_replay');
  const menuNote = await noticeText(page);
  assert(/available when the game has ended/.test(menuNote), 'the menu offered a replay link: ' + menuNote);
  const started = got.events.find((m) => m.type === 'gameStarted');
  assert(started && started.seed === '4242', 'gameStarted does not carry the board seed: ' + JSON.stringify(started));
  // A link with a play seed starts that game; the address then drops it, share links never hold it.
  await page.goto(`${base}index.html?seed=4242&playseed=${PLAY}&seats=human,ai:easy`);
  await waitReady(page);
  const after = await page.evaluate(() => ({ url: location.href, share: window.catan.shareLink(), s: window.catan.state() }));
  leaks('the address', after.url);
  leaks('the share link', after.share);
  leaks('state()', after.s);
  assert(after.s.session.config.seed === '4242', 'the linked game did not start');
  await context.close();
});

// ------------------------------------------------------------------ service worker updates
// Release A (the site under test) and release B (web/ + the same app, one file changed,
// finished by make-site) are served in turn at /gameA/; /gameB/ is another deployment of A
// on the same origin. A page runs the files of one release together, an update waits while a
// game runs, applies on request or on the next visit, and deletes this scope's old cache only.
// ------------------------------------------------------------------ first screen, one menu
// A phone held upright (touch, 3 device pixels per CSS pixel) and a desktop window.
const PHONE_390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 };
const DESKTOP_1280 = { viewport: { width: 1280, height: 720 } };
async function newDevicePage(device) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...device });
  const page = instrument(await context.newPage());
  return { context, page };
}
// The rectangle [x0, y0, x1, y1] (CSS pixels) where the app drew the widget with this test id.
async function uiRectOf(page, id, timeout = 20000) {
  return waitFor(page, (i) => {
    const v = window.catan.view();
    return v && v.uiRects && v.uiRects[i];
  }, id, { timeout });
}
// A tap (touch screens) or a click on a widget, by its test id.
async function tapOrClickUi(page, id, touch) {
  if (!touch) return clickUi(page, id);
  const r = await uiRectOf(page, id);
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + (r[0] + r[2]) / 2, box.y + (r[1] + r[3]) / 2);
  await frames(page, 8);
}

await test('one-click-start-on-phone-and-desktop', async () => {
  for (const [label, device] of [['390x844', PHONE_390], ['1280x720', DESKTOP_1280]]) {
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    await frames(page, 5);
    const r = await uiRectOf(page, 'start');
    const w = device.viewport.width;
    await shot(page, `first-screen-${label}.png`);
    assert(r[0] >= 0 && r[2] <= w, `"Play vs bots" leaves the screen at ${label}: ${r}`);
    assert(r[3] - r[1] >= 44, `"Play vs bots" is ${r[3] - r[1]} px tall at ${label} (a finger needs 44)`);
    assert(!(await page.evaluate(() => window.catan.state().session.active)), 'a game runs before the click');
    await tapOrClickUi(page, 'start', !!device.hasTouch);
    const st = await waitFor(page, () => {
      const s = window.catan.state();
      return s.session.active && s;
    }, null, { timeout: 20000 });
    const seats = st.session.config.seats;
    assert(seats.length === 4 && seats[0].kind === 'human' &&
      seats.slice(1).every((s) => s.kind === 'ai' && s.level === 'normal'),
    `one click did not start you against 3 Normal bots at ${label}: ` + JSON.stringify(seats));
    await frames(page, 10);
    await shot(page, `one-click-game-${label}.png`);
    // The one menu, as a finger or the mouse opens it.
    await tapOrClickUi(page, 'menu', !!device.hasTouch);
    const row = await uiRectOf(page, 'menu_sound', 5000);
    assert(row[2] <= w, `the menu leaves the screen at ${label}: ${row}`);
    await shot(page, `one-menu-${label}.png`);
    await closeClean(context, page);
  }
});

await test('custom-form-fits-a-phone', async () => {
  const { context, page } = await newDevicePage(PHONE_390);
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 5);
  await tapOrClickUi(page, 'custom_game', true);
  await frames(page, 5);
  await shot(page, 'custom-form-390x844-top.png');
  // Every control of the form, read from the app's own layout while the form scrolls down
  // (a wheel over it; a drag scrolls it by touch).
  const ids = ['players_2', 'players_3', 'players_4', 'seat_kind_0', 'seat_name_0', 'mode', 'board',
    'visibility', 'dice', 'timer', 'form_ai_speed', 'seed', 'random_seed', 'custom_back', 'start'];
  for (let i = 1; i < 4; ++i) ids.push(`seat_kind_${i}`, `seat_level_${i}`, `seat_personality_${i}`);
  const seen = {};
  for (let step = 0; step < 30 && ids.some((id) => !seen[id]); ++step) {
    const rects = await page.evaluate(() => window.catan.view().uiRects);
    for (const id of ids) if (rects[id] && !seen[id]) seen[id] = rects[id];
    await page.mouse.move(195, 420);
    await page.mouse.wheel(0, 120);
    await frames(page, 4);
  }
  await shot(page, 'custom-form-390x844-bottom.png');
  const missing = ids.filter((id) => !seen[id]);
  assert(!missing.length, 'never on screen: ' + missing.join(', '));
  const bad = [];
  for (const id of ids) {
    const [x0, y0, x1, y1] = seen[id];
    if (x0 < 0 || x1 > 390) bad.push(`${id} leaves the screen (${x0}..${x1})`);
    if (!id.startsWith('players_') && y1 - y0 < 44) bad.push(`${id} is ${y1 - y0} px tall`);
  }
  // Wide enough for their longest choice ("Human (hot-seat)", "Opportunist", "Blitz (7 VP, 1
  // of each)"): today's cut dropdowns read "Yo", "Al", "N".
  for (const [id, min] of [['seat_kind_1', 150], ['seat_level_1', 100], ['seat_personality_1', 130], ['mode', 220], ['dice', 220]]) {
    if (seen[id][2] - seen[id][0] < min) bad.push(`${id} is ${seen[id][2] - seen[id][0]} px wide (< ${min})`);
  }
  assert(!bad.length, bad.join('; '));
  // The form's Start button starts the game it shows.
  await tapOrClickUi(page, 'start', true);
  await waitFor(page, () => window.catan.state().session.active, null, { timeout: 20000 });
  await closeClean(context, page);
});

await test('one-menu-with-sound-and-share', async () => {
  const { context, page } = await newDevicePage(DESKTOP_1280);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.goto(base + 'index.html');
  await waitReady(page);
  // No second menu in the page itself: the app's menu is the only one.
  const html = await page.evaluate(() => ({
    menus: document.querySelectorAll('#menu, #menu-button, #menu-mute, #menu-share').length,
    buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => b.textContent),
  }));
  assert(html.menus === 0 && html.buttons.length === 0, 'the page has its own menu: ' + JSON.stringify(html));
  await clickUi(page, 'start');
  await waitFor(page, () => window.catan.state().session.active, null, { timeout: 20000 });
  await frames(page, 5);
  await clickUi(page, 'menu');
  for (const id of ['menu_settings', 'menu_sound', 'menu_help', 'menu_share', 'menu_replay', 'menu_new_game']) {
    await uiRectOf(page, id, 5000);
  }
  await shot(page, 'one-menu-1280x720.png');
  // Sound off in the menu: the app's saved settings say so.
  const sound = () => page.evaluate(() => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound);
  await clickUi(page, 'menu_sound');
  await waitFor(page, () => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound === false, null,
    { timeout: 5000 });
  // Muted by the page (catan.setMuted, as a link's muted=true does), the menu's Sound turns it
  // back on, page setting included.
  await page.evaluate(() => window.catan.setMuted(true));
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_sound');
  await waitFor(page, () => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound === true, null,
    { timeout: 5000 });
  assert(await sound() === true, 'the menu did not switch the sound back on');
  assert(!(await page.evaluate(() => window.catan.muted)), 'the page stayed muted after the menu switched the sound on');
  // Share: the board link on the clipboard; the replay link only after the game.
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_share');
  const link = await waitFor(page, () => navigator.clipboard.readText().then((t) => t.includes('seed=') && t), null,
    { timeout: 5000 });
  const seed = await page.evaluate(() => window.catan.state().session.config.seed);
  assert(link.includes(`seed=${seed}`), 'the copied board link is not this island: ' + link);
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_replay');
  await waitFor(page, () => /available when the game has ended/.test(document.getElementById('notice').textContent), null,
    { timeout: 5000 }).catch(async () => {
    throw new Error('no notice for the replay link: ' + await noticeText(page));
  });
  // New game from the same menu.
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_new_game');
  await uiRectOf(page, 'custom_game');
  await closeClean(context, page);
});

await test('viewport-allows-zoom', async () => {
  const { context, page } = await newDevicePage(PHONE_390);
  await page.goto(base + 'index.html');
  const meta = await page.evaluate(() => document.querySelector('meta[name=viewport]').content);
  assert(!/user-scalable\s*=\s*(no|0)/i.test(meta) && !/maximum-scale\s*=\s*1(\.0*)?\b/.test(meta),
    'the page blocks the browser zoom: ' + meta);
  // Gestures on the board still go to the game, not to the page.
  const touch = await page.evaluate(() => getComputedStyle(document.getElementById('canvas')).touchAction);
  assert(touch === 'none', 'the canvas lets the browser take its gestures: touch-action ' + touch);
  await context.close();
});

await test('service-worker-update-between-games', async () => {
  const releaseB = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-release-b-'));
  fs.cpSync(path.join(root, 'web'), releaseB, { recursive: true });
  for (const f of ['app.js', 'app.wasm']) fs.copyFileSync(path.join(site, f), path.join(releaseB, f));
  fs.appendFileSync(path.join(releaseB, 'style.css'), '\n/* release B */\n');
  execFileSync(process.execPath, [path.join(root, 'web/tools/make-site.mjs'), releaseB], { stdio: 'ignore' });
  const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')).version;
  const vA = versionOf(site);
  const vB = versionOf(releaseB);
  assert(vA !== vB, 'release B has the version of A');
  let gameA = site;
  const sw = await serve((p) => {
    if (p.startsWith('/gameA/')) return { dir: gameA, path: p.slice(6) };
    if (p.startsWith('/gameB/')) return { dir: site, path: p.slice(6) };
    return null;
  });
  const origin = `http://127.0.0.1:${sw.address().port}`;
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  // What a page runs: its catan.js, the version.json it is served, its worker's release.
  const running = (p) => p.evaluate(async () => {
    const ask = (w) => new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = (e) => resolve(e.data);
      w.postMessage({ type: 'version' }, [ch.port2]);
      setTimeout(() => resolve(null), 3000);
    });
    const c = navigator.serviceWorker.controller;
    return { page: window.catan.version, json: (await (await fetch('version.json')).json()).version,
      worker: c ? (await ask(c)).version : null };
  });
  const cacheNames = () => page.evaluate(() => caches.keys());
  try {
    // The other deployment, then this one's first visit: each file is downloaded once.
    await page.goto(origin + '/gameB/index.html');
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    sw.log.length = 0;
    await page.goto(origin + '/gameA/index.html');
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const downloads = (name) => sw.log.filter((e) => e.path === '/gameA/' + name && e.status === 200).length;
    for (const f of ['app.wasm', 'app.js', 'index.html', 'catan.js']) {
      assert(downloads(f) === 1, `first visit: ${f} downloaded ${downloads(f)} times`);
    }
    let names = await cacheNames();
    assert(names.includes(`catan|/gameA/|${vA}`) && names.includes(`catan|/gameB/|${vA}`),
      'caches after the first visits: ' + names.join(', '));

    // Controlled by A, a game running; then B is deployed and found.
    await page.reload();
    await waitReady(page);
    let now = await running(page);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'release A runs as ' + JSON.stringify(now));
    const r = await page.evaluate(() => window.catan.newGame({ seed: 5, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
    assert(r.ok, r.error);
    await frames(page, 10);
    gameA = releaseB;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg.update()));
    await waitFor(page, () => !document.getElementById('update').hidden, null, { timeout: 30000 });
    await shot(page, 'update-ready.png');
    now = await running(page);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'the update took over a running game: ' + JSON.stringify(now));
    assert(await page.evaluate(() => window.catan.state(-1).session.active), 'the game stopped');

    // A second page opened meanwhile still gets A, every file from A's cache.
    sw.log.length = 0;
    const p2 = instrument(await context.newPage());
    await p2.goto(origin + '/gameA/embed.html?seed=3&seats=ai:easy,ai:easy&autoplay=1');
    await waitReady(p2);
    now = await running(p2);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'a page opened during the update runs ' + JSON.stringify(now));
    // (The browser checks sw.js itself for updates and may fetch icons outside the worker.)
    const fetched = sw.log.filter((e) => !/(sw\.js|\.png|\.svg|\.webmanifest)$/.test(e.path)).map((e) => e.path + e.search);
    assert(fetched.length === 0, 'files fetched from the server instead of release A\'s cache: ' + fetched.join(', '));
    await p2.close();

    // The player applies the update: the page reloads into B and resumes the game.
    await Promise.all([page.waitForNavigation({ timeout: 30000 }), page.click('#update-apply')]);
    await waitReady(page);
    now = await running(page);
    assert(now.page === vB && now.json === vB && now.worker === vB, 'after the update the page runs ' + JSON.stringify(now));
    assert(await page.evaluate(() => window.catan.state(-1).session.active), 'the game was not resumed after the update');
    names = await cacheNames();
    assert(names.includes(`catan|/gameA/|${vB}`) && !names.includes(`catan|/gameA/|${vA}`),
      'this deployment\'s caches after the update: ' + names.join(', '));
    assert(names.includes(`catan|/gameB/|${vA}`), 'the other deployment\'s cache was deleted: ' + names.join(', '));

    // A page loading alone while a release waits asks for it: it reloads into it if the
    // browser switches before the app starts; otherwise it runs the release it loaded and
    // offers the update (or says it runs next time). The browser decides when the old worker
    // is done, so either may happen; in both cases the page runs one release.
    gameA = site;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg.update()));
    await waitFor(page, () => !document.getElementById('update').hidden, null, { timeout: 30000 });
    await page.reload();
    await waitFor(page, () => window.catan && window.catan.loaded, null, { timeout: 60000 });
    await sleep(500);
    const loaded = await page.evaluate(() => window.catan.version);
    measure(`fresh load with a release waiting: ${loaded === vA ? 'switched to it before the app started' : 'kept the loaded release'}`);
    if (loaded === vA) {
      now = await running(page);
      assert(now.json === vA && now.worker === vA, 'after switching on load the page runs ' + JSON.stringify(now));
    } else {
      assert(loaded === vB, 'the page runs ' + loaded);
      const offered = await page.evaluate(() => !document.getElementById('update').hidden);
      await Promise.all([page.waitForNavigation({ timeout: 30000 }),
        offered ? page.click('#update-apply') : page.reload()]);
      await waitReady(page);
      now = await running(page);
      assert(now.page === vA && now.json === vA && now.worker === vA, 'after the second update the page runs ' + JSON.stringify(now));
    }
    assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  } finally {
    await context.close();
    sw.close();
    fs.rmSync(releaseB, { recursive: true, force: true });
  }
});

// ------------------------------------------------------------------ the game review
// The end screen's Review (frontend/review_screen.h): the analysis runs in slices while the
// page keeps drawing, the scrubber and a turning point move the shown position, and "Play
// from here" starts a game at that position with the same seats. Then the finished game's
// replay link opens straight into its review on a phone.
const kReviewControls = ['review_back', 'review_play_from_here', 'review_prev_turn', 'review_step_back',
  'review_play', 'review_step_forward', 'review_next_turn', 'review_slider', 'review_graph',
  'review_tab_moments', 'review_tab_moves'];
const reviewOf = (page) => page.evaluate(() => window.catan.view().review || null);
let reviewReplayLink = null;
await test('review-from-end-screen-and-play-from-here', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?autoplay=1&seats=ai:easy,ai:normal,ai:easy&speed=20&seed=31337' +
    '&playseed=5&board=official&mode=custom&vp=5');
  await waitReady(page);
  await waitFor(page, () => window.catan.state(-1).state.phase === 'game_over', null,
    { timeout: 180000, polling: 250 });
  reviewReplayLink = await page.evaluate(() => window.catan.replayLink());
  // A slow pace for the game Play from here starts: no bot moves before the test looks.
  await page.evaluate(() => window.catan.setSpeed(0.25));
  const before = await page.evaluate(() => window.catan.state());
  const n = before.session.actions;
  await pressUi(page, screen, 'end_review');
  let rv = await waitFor(page, () => window.catan.view().review, null, { timeout: 20000 });
  assert(rv.actions === n && rv.position === n, 'the review opens at the end: ' + JSON.stringify(rv));
  // The app's work per frame while the analysis runs (it runs in slices: the page keeps
  // drawing). As in expert-ai-keeps-frames-smooth: the 95th percentile must stay under 50 ms
  // and no frame may block for a quarter of a second (lone outliers on a loaded 2-core
  // machine are preemption, reported in the measure line).
  await page.evaluate(() => window.catan.perf.reset());
  const t0 = Date.now();
  rv = await waitFor(page, () => { const r = window.catan.view().review; return r && r.done && r; }, null,
    { timeout: 300000, polling: 250 });
  const ps = await page.evaluate(() => window.catan.perf.stats());
  measure(`review of ${n} actions: ${((Date.now() - t0) / 1000).toFixed(1)} s in ${ps.frames} frames; app work ` +
    `per frame p50 ${ps.workP50.toFixed(1)} / p95 ${ps.workP95.toFixed(1)} / max ${ps.workMax.toFixed(1)} ms, ` +
    `${ps.workOver50} over 50 ms; ${rv.turningPoints} turning points, ${rv.decisions} decisions`);
  assert(rv.turningPoints > 0, 'no turning points: ' + JSON.stringify(rv));
  assert(ps.workP95 < 50, `app work per frame p95 ${ps.workP95.toFixed(1)} ms while the review ran`);
  assert(ps.workMax < 250, `an app frame took ${ps.workMax.toFixed(1)} ms while the review ran`);
  await frames(page, 5);
  await shot(page, 'review-1280x720.png');
  const problems = layoutProblems(await widgets(page), screen, kReviewControls);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  // Step, a turn back, a turning point.
  await pressUi(page, screen, 'review_step_back');
  rv = await reviewOf(page);
  assert(rv.position === n - 1, 'step back: ' + JSON.stringify(rv));
  await pressUi(page, screen, 'review_prev_turn');
  const turnStart = (await reviewOf(page)).position;
  assert(turnStart < n - 1, 'a turn back: ' + turnStart);
  await pressUi(page, screen, 'review_tp_0');
  rv = await reviewOf(page);
  assert(rv.position > 0 && rv.position <= n, 'turning point: ' + JSON.stringify(rv));
  if (rv.position === n) await pressUi(page, screen, 'review_step_back');
  await pressUi(page, screen, 'review_step_back');
  const at = (await reviewOf(page)).position;
  // Play from here: a game at that position, the same seats.
  await pressUi(page, screen, 'review_play_from_here');
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return !window.catan.view().review && s.session.active && s;
  }, null, { timeout: 20000 });
  assert(st.session.actions === at, `Play from here at ${at} started a game of ${st.session.actions} actions`);
  assert(st.state.phase !== 'game_over', 'the game is over after Play from here');
  assert(JSON.stringify(st.session.config.seats) === JSON.stringify(before.session.config.seats),
    'other seats: ' + JSON.stringify(st.session.config.seats) + ' vs ' + JSON.stringify(before.session.config.seats));
  await frames(page, 5);
  await shot(page, 'review-played-from-here.png');
  await closeClean(context, page);
});

await test('review-opens-for-a-replay-link-on-a-phone', async () => {
  assert(reviewReplayLink && /#game=/.test(reviewReplayLink), 'needs the replay link of the previous test');
  const screen = { w: 390, h: 844, touch: true };
  // Density 2, not the phone's 3: software rendering at 3x costs minutes here.
  const { context, page } = await newDevicePage({ ...PHONE_390, deviceScaleFactor: 2 });
  await page.goto(reviewReplayLink);
  await waitReady(page);
  let rv = await waitFor(page, () => window.catan.view().review, null, { timeout: 20000 });
  assert(rv.position === rv.actions, 'the replay opens its review at the end: ' + JSON.stringify(rv));
  rv = await waitFor(page, () => { const r = window.catan.view().review; return r && r.done && r; }, null,
    { timeout: 300000, polling: 250 });
  await pressUi(page, screen, 'review_step_back');
  rv = await reviewOf(page);
  assert(rv.position === rv.actions - 1, 'a tap steps back: ' + JSON.stringify(rv));
  await frames(page, 5);
  await shot(page, 'review-390x844.png');
  const problems = layoutProblems(await widgets(page), screen, [...kReviewControls, 'review_tab_hands']);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  await pressUi(page, screen, 'review_tab_hands');
  await frames(page, 3);
  await closeClean(context, page);
});

// ------------------------------------------------------------------ the coach: hint and trade advisor
// The Hint tile (frontend/coach_view.h): in the setup the coach recommends a legal settlement
// spot, which glows on the board (the pixels around it change when the hint is closed), and
// its card fits the desktop and a phone. Two people at one screen: the second offers the first
// a trade, and the first sees the advisor's line under the offer.
function boxDiff(a, b, c, r) {
  let d = 0;
  for (let y = Math.round(c[1] - r); y <= Math.round(c[1] + r); ++y)
    for (let x = Math.round(c[0] - r); x <= Math.round(c[0] + r); ++x) {
      const p = pixel(a, x, y), q = pixel(b, x, y);
      d += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
    }
  return d / ((2 * r + 1) * (2 * r + 1));
}
const kHintIds = ['hint', 'hint_card', 'hint_move', 'hint_play', 'hint_close', 'win_bar'];
await test('coach-hint-in-setup-highlights-a-legal-spot', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  // The live win chances switched on, as Settings saves them (frontend/theme.h settings_to_json).
  await context.addInitScript(() => localStorage.setItem('catan.app.settings', '{"win_chances":true}'));
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy&seed=5&playseed=5&speed=20');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'setup_settlement' && legal);
  await frames(page, 3);
  assert((await widgets(page)).win_bar, 'the saved setting did not show the win-chance bar');
  const t0 = Date.now();
  await page.evaluate(() => window.catan.perf.reset());
  await pressUi(page, screen, 'hint');
  const hint = await waitFor(page, () => {
    const h = window.catan.view().hint;
    return h && h.status === 'ready' && h;
  }, null, { timeout: 60000 });
  // The coach thinks in slices: the app's work per frame stays small while it does.
  const ps = await page.evaluate(() => window.catan.perf.stats());
  measure(`hint in the setup: ready ${Date.now() - t0} ms after the press (swiftshader); app work per frame ` +
    `p50 ${ps.workP50.toFixed(1)} / p95 ${ps.workP95.toFixed(1)} / max ${ps.workMax.toFixed(1)} ms, ${ps.workOver50} over 50 ms`);
  assert(ps.workP95 < 50, `app work per frame p95 ${ps.workP95.toFixed(1)} ms while the coach thought`);
  assert(ps.workMax < 250, `an app frame took ${ps.workMax.toFixed(1)} ms while the coach thought`);
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.includes(hint.action), `the hint ${hint.action} is not legal: ${legal.join(' ')}`);
  assert(/^build_settlement:\d+$/.test(hint.action), 'a setup hint that is no settlement: ' + hint.action);
  // Let the mouse leave the board (no ghost piece under it), then compare with and without.
  await page.mouse.move(5, 5);
  await frames(page, 5);
  const problems = layoutProblems(await widgets(page), screen, kHintIds);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  const withHint = decodePng(await page.screenshot({ path: path.join(artifacts, 'hint-1280x720.png') }));
  const v = Number(hint.action.split(':')[1]);
  const at = (await page.evaluate(() => window.catan.view())).vertices[v];
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 8);
  await shot(page, 'hint-390x844.png');
  const phone = layoutProblems(await widgets(page), { w: 390, h: 844, touch: false }, kHintIds);
  assert(phone.length === 0, 'layout at 390x844: ' + phone.join(' | '));
  await page.setViewportSize({ width: 1280, height: 720 });
  await frames(page, 8);
  await pressUi(page, screen, 'hint_close');
  await page.mouse.move(5, 5);
  await frames(page, 5);
  assert((await page.evaluate(() => window.catan.view().hint.status)) === '', 'the hint did not close');
  const without = decodePng(await page.screenshot());
  const d = boxDiff(withHint, without, at, 14);
  measure(`hint glow: mean colour change ${d.toFixed(1)} around vertex ${v}`);
  assert(d > 20, `nothing glows at vertex ${v} (mean change ${d.toFixed(1)})`);
  // Hint again and play it: the move is made and the hint goes with its decision.
  const n = (await page.evaluate(() => window.catan.state())).session.actions;
  await pressUi(page, screen, 'hint');
  await waitFor(page, () => window.catan.view().hint.status === 'ready', null, { timeout: 60000 });
  await pressUi(page, screen, 'hint_play');
  const st = await waitFor(page, (k) => {
    const s = window.catan.state();
    return s.session.actions > k && s;
  }, n, { timeout: 10000 });
  assert(st.state.players[0].settlements.includes(v), `Play it did not build at ${v}`);
  assert((await page.evaluate(() => window.catan.view().hint.status)) === '', 'the hint outlived its move');
  await closeClean(context, page);
});

await test('coach-trade-advisor-on-an-incoming-offer', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,ai:easy&seed=7&playseed=7&speed=20');
  await waitReady(page);
  const kRes = ['wood', 'brick', 'sheep', 'wheat', 'ore'];
  // The first player's hand as last seen on their own turn: the offer asks for a card of it.
  let hand0 = {};
  const offer = await playHumanUntil(page, (legal, st) => {
    if (st.session.viewer === 0) hand0 = st.state.players[0].resources || {};
    if (st.state.phase !== 'main' || st.state.current_player !== 1 || st.session.viewer !== 1) return null;
    const hand = st.state.players[1].resources || {};
    const get = kRes.find((r) => hand0[r] > 0 && !(hand[r] > 0));
    // A generous offer (up to three cards for one), so the chances move.
    const give = [];
    for (const r of kRes) for (let k = 0; k < (hand[r] || 0) && give.length < 3; ++k) if (r !== get) give.push(r);
    return give.length >= 2 && get ? `offer_trade:0:${give.join(',')}:${get}` : null;
  });
  const r = await page.evaluate((a) => window.catan.act(a), offer);
  assert(r.ok, `${offer}: ${r.error}`);
  // The screen passes to the first player, who is asked.
  await pressUi(page, screen, 'handoff_ok');
  await waitFor(page, () => (window.catan.view().widgets || []).some((w) => w[0] === 'trade_advice'),
    null, { timeout: 60000 });
  await frames(page, 5);
  const ws = await widgets(page);
  assert(ws.trade_accept, 'the incoming offer is not on screen');
  const problems = layoutProblems(ws, screen, ['trade_advice', 'trade_accept', 'trade_decline']);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  await shot(page, 'trade-advisor-1280x720.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 8);
  if ((await page.evaluate(() => window.catan.view().sheet)) !== 'trade') await pressUi(page, screen, 'tab_trade');
  await frames(page, 8);
  const phone = await widgets(page);
  assert(phone.trade_advice && phone.trade_advice.whole, 'the advisor line is not in view at 390x844');
  await shot(page, 'trade-advisor-390x844.png');
  await closeClean(context, page);
});

// The Cards tab (frontend/cards_view.h): what each opponent can hold, from public information.
// At 390x844 it is the sheet's fourth tab (44 px, beside Players / Log / Trade), on a desktop a
// tab beside Log and Trade; every opponent's section shows, inside the panel, nothing overlaps.
await test('cards-tab-on-phone-and-desktop', async () => {
  for (const screen of kScreens.filter((s) => s.name === 'phone-portrait' || s.name === 'desktop')) {
    const context = await browser.newContext({
      viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
      hasTouch: screen.touch, isMobile: screen.touch, serviceWorkers: 'block',
    });
    const page = instrument(await context.newPage());
    await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
    await waitReady(page);
    // Some rounds in: production, trades, steals and development cards to count.
    await playHumanUntil(page, (legal, st) => st.state.turn >= 30 && legal.includes('end_turn'));
    await frames(page, 4);
    await pressUi(page, screen, 'tab_cards');
    await frames(page, 6);
    const ws = await widgets(page);
    const sections = ['cards_seat_1', 'cards_seat_2', 'cards_seat_3'];
    const phone = screen.w < 600;
    if (phone) {
      const open = await page.evaluate(() => window.catan.view().sheet);
      assert(open === 'cards', `a tap on tab_cards did not open its sheet: ${open}`);
    }
    assert(!ws.cards_seat_0, 'the viewer\'s own hand shows as a guess');
    const problems = layoutProblems(ws, screen, [sections[0], 'tab_cards', ...(phone ? ['tab_players', 'tab_log', 'tab_trade'] : [])]);
    await shot(page, `cards-${screen.name}-${screen.w}x${screen.h}.png`);
    // The panel scrolls (a wheel here, a drag on a phone) to every other opponent.
    const first = ws[sections[0]];
    assert(first, 'cards_seat_1 not on screen');
    const box = await page.locator('#canvas').boundingBox();
    for (const id of sections.slice(1)) {
      let w = await widgets(page);
      for (let k = 0; k < 10 && !(w[id] && w[id].whole); ++k) {
        await page.mouse.move(box.x + (first.x0 + first.x1) / 2, box.y + (first.y0 + first.y1) / 2);
        await page.mouse.wheel(0, 120);
        await frames(page, 6);
        w = await widgets(page);
      }
      for (const p of layoutProblems(w, screen, [id])) problems.push(`scrolled to ${id}: ${p}`);
    }
    assert(problems.length === 0, problems.slice(0, 12).join(' | '));
    if (phone) {
      await pressUi(page, screen, 'tab_cards');
      const closed = await page.evaluate(() => window.catan.view().sheet);
      assert(closed === '', 'a second tap on the Cards tab did not close the sheet: ' + closed);
    }
    measure(`cards tab ${screen.w}x${screen.h}: ${sections.length} opponents in view`);
    await closeClean(context, page);
  }
});


// ------------------------------------------------------------------ page: long links, framing, saved game
// Replay links are bounded by what opens at once (kMaxLinkActions = 10,000 actions); the
// game screen after a long history keeps drawing frames (the log keeps its newest lines).
// The codes repeat legal action 0 (code version 1): valid games of any length.
const longCode = (n) => b64url([...codeHeader, ...varint(n), ...new Array(n).fill(0)]);

await test('long-replay-links-bounded', async () => {
  const { context, page } = await newPage();
  // 149,000 actions (under the 200,000-character cap): refused with a message, at once.
  const huge = longCode(149000);
  assert(huge.length < 200000, 'the code is over the character cap: ' + huge.length);
  const t0 = Date.now();
  await page.goto(base + 'index.html#game=' + huge);
  assert(await readySettles(page), 'catan.ready never resolved for the 149,000-action link');
  await frames(page, 3);
  const msg = await noticeText(page);
  assert(/149000 actions; a link may hold 10000/.test(msg), `no clear refusal of the 149,000-action link: "${msg}"`);
  const opened = await page.evaluate(() => window.catan.state(-1).session.active);
  assert(!opened, 'the 149,000-action link was opened');
  measure(`149,000-action link refused ${Date.now() - t0} ms after navigation`);
  await shot(page, 'long-link-refused.png');
  // 10,000 actions (the most a link may hold): the review opens; then the game screen, with
  // the whole history behind its log, draws every frame quickly.
  await page.goto('about:blank');
  const t1 = Date.now();
  await page.goto(base + 'index.html#game=' + longCode(10000));
  await waitReady(page);
  const st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session && st.session.active, 'the 10,000-action link did not open: ' + (await noticeText(page)));
  measure(`10,000-action link: ready ${Date.now() - t1} ms after navigation`);
  await frames(page, 3);
  const back = (await widgets(page)).review_back;
  await page.evaluate(() => window.catan.perf.reset());
  await page.mouse.click(back ? (back.x0 + back.x1) / 2 : 40, back ? (back.y0 + back.y1) / 2 : 28);
  // The log tab: every line of the history is behind it.
  const tab = await waitFor(page, () => (window.catan.view().widgets || []).find((w) => w[0] === 'tab_log'),
    null, { timeout: 20000 });
  await page.mouse.click((tab[1] + tab[3]) / 2, (tab[2] + tab[4]) / 2);
  await sleep(3000);
  const perf = await page.evaluate(() => window.catan.perf.stats());
  measure(`game screen after a 10,000-action link: ${perf.workFrames} frames, work p50 ` +
    `${perf.workP50.toFixed(1)} ms, max ${perf.workMax.toFixed(1)} ms`);
  await shot(page, 'long-link-game-screen.png');
  assert(perf.workFrames >= 4, `the page drew ${perf.workFrames} frames in 3 s`);
  assert(perf.workMax < 400, `a frame took ${perf.workMax.toFixed(0)} ms of main-thread work`);
  await closeClean(context, page);
});

// index.html framed by a same-site page of another origin (127.0.0.1, another port): no
// events, no commands, and the visitor's saved game is neither read nor written. With
// origin= naming the embedder it takes part in the postMessage API, still without the save.
await test('framed-index-keeps-the-saved-game', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }));
  assert(r.ok, 'newGame: ' + r.error);
  await frames(page, 5);
  await page.goto(base + 'version.json'); // the save as the page left it
  const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
  assert(saved && /catan-web-save/.test(saved), 'no saved game to protect');
  const framer = `http://127.0.0.1:${server2.address().port}/`;
  const frameIndex = async (src) => {
    await page.goto(framer + 'framer-page');
    await page.evaluate((u) => {
      window.__msgs = [];
      window.addEventListener('message', (e) => window.__msgs.push(e.data && e.data.type));
      const f = document.createElement('iframe');
      f.src = u;
      f.style.width = '800px';
      f.style.height = '500px';
      document.body.appendChild(f);
    }, src);
    let f = null;
    const t = Date.now();
    while (!f && Date.now() - t < 30000) {
      f = page.frames().find((x) => x !== page.mainFrame() && x.url().startsWith(base));
      if (!f) await sleep(100);
    }
    assert(f, 'the frame did not load');
    await waitReady(f);
    await sleep(500);
    return f;
  };
  // Framed without origin=: nothing posted, commands ignored, the save not resumed.
  let f = await frameIndex(base + 'index.html');
  let st = await f.evaluate(() => window.catan.state(-1));
  assert(!(st.session && st.session.active && st.session.config.seed === '77'),
    'the framed page resumed the visitor\'s saved game');
  // Nor does the app's New game screen offer it ("Continue last game").
  await frames(f, 5);
  assert(!(await f.evaluate(() => (window.catan.view().ui || {}).continue)),
    'the framed page offers to continue the visitor\'s saved game');
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage(
    { type: 'newGame', config: { seed: 9, seats: ['human', 'ai:easy'] } }, '*'));
  await sleep(1500);
  st = await f.evaluate(() => window.catan.state(-1));
  assert(!(st.session && st.session.active), 'a command from the framing page started a game');
  let msgs = await page.evaluate(() => window.__msgs);
  assert(msgs.length === 0, 'the framing page received events: ' + msgs.join(', '));
  // Played in the frame: still the visitor's save is untouched.
  await f.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy'] }));
  await frames(f, 5);
  assert(await f.evaluate(() => localStorage.getItem('catan.save')) === saved,
    'the framed page wrote over the visitor\'s saved game');
  await shot(page, 'framed-index.png');
  // With origin= naming the embedder: events and commands, and still no save.
  f = await frameIndex(base + 'index.html?origin=' + encodeURIComponent(framer.slice(0, -1)));
  msgs = await page.evaluate(() => window.__msgs);
  assert(msgs.includes('ready'), 'origin= given, yet no ready event: ' + msgs.join(', '));
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage(
    { type: 'newGame', config: { seed: 9, seats: ['human', 'ai:easy'] } }, '*'));
  await waitFor(f, () => {
    const s = window.catan.state(-1);
    return s.session && s.session.active && s.session.config.seed === '9';
  });
  await frames(f, 5);
  assert(await f.evaluate(() => localStorage.getItem('catan.save')) === saved,
    'the framed page (origin=) wrote over the visitor\'s saved game');
  // The visitor's own page resumes the game they left.
  await page.goto(base + 'index.html');
  await waitReady(page);
  st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session.active && st.session.config.seed === '77', 'the visitor\'s game did not resume');
  await context.close();
});

// A board or replay link opened while a game is in progress asks first, on a desktop and on
// a phone; either answer keeps a game, and the one not chosen is never written over before.
await test('link-asks-before-replacing-a-game', async () => {
  const PHONE = { ...PHONE_390, deviceScaleFactor: 2 };
  for (const [label, device] of [['1280x720', DESKTOP_1280], ['390x844', PHONE]]) {
    const touch = !!device.hasTouch;
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    assert((await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }))).ok, 'newGame');
    await frames(page, 5);
    // The save as the page left it (it saves once more when it goes).
    await page.goto(base + 'version.json');
    const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
    // A board link: the question, with thumb-sized buttons in view.
    await page.goto(base + 'index.html?seed=555&seats=human,ai:easy,ai:easy');
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await frames(page, 5);
    assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved,
      `${label}: the saved game was written over before the player chose`);
    const boxes = await page.evaluate(() => ['link-choice-resume', 'link-choice-open'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, x: r.x, y: r.y, w: r.width, h: r.height, text: document.getElementById(id).textContent };
    }));
    const vw = device.viewport.width, vh = device.viewport.height;
    for (const b of boxes) {
      assert(b.h >= 44 && b.w >= 120, `${label}: ${b.id} is ${b.w}x${b.h}`);
      assert(b.x >= 0 && b.y >= 0 && b.x + b.w <= vw && b.y + b.h <= vh, `${label}: ${b.id} is not in view`);
    }
    await shot(page, `link-choice-${label}.png`);
    // "Resume my game": the game in progress comes back, the link's game is dropped.
    const resume = boxes[0];
    if (touch) await page.touchscreen.tap(resume.x + resume.w / 2, resume.y + resume.h / 2);
    else await page.mouse.click(resume.x + resume.w / 2, resume.y + resume.h / 2);
    await frames(page, 5);
    let st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '77', `${label}: "Resume my game" gave seed ${st.session.config.seed}`);
    assert(!(await page.evaluate(() => !!document.getElementById('link-choice'))), `${label}: the question stays`);
    // The link again, and "Play the linked game": the link's game runs and is saved; the old
    // game is set aside, not lost.
    await page.goto(base + 'index.html?seed=555&seats=human,ai:easy,ai:easy');
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    const open = await page.evaluate(() => {
      const r = document.getElementById('link-choice-open').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    if (touch) await page.touchscreen.tap(open.x, open.y);
    else await page.mouse.click(open.x, open.y);
    await frames(page, 5);
    st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '555', `${label}: the linked game is not running`);
    assert(!st.session.paused, `${label}: the linked game stays paused`);
    const after = await page.evaluate(() => ({ save: localStorage.getItem('catan.save'), previous: localStorage.getItem('catan.save.previous') }));
    assert(after.previous && after.previous.length > 0, `${label}: the old game was not set aside`);
    assert(after.save && after.save !== after.previous, `${label}: the linked game was not saved`);
    await closeClean(context, page);
  }
  // A replay link asks the same way (its review opens behind the question).
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }));
  await frames(page, 5);
  await page.goto(base + 'version.json');
  const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
  await page.goto(base + 'index.html#game=' + longCode(40));
  await waitReady(page);
  await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
  await frames(page, 5);
  assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved, 'replay link: the saved game was written over');
  await shot(page, 'link-choice-replay.png');
  await page.click('#link-choice-resume');
  await frames(page, 5);
  const st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session.config.seed === '77', 'replay link: "Resume my game" gave seed ' + st.session.config.seed);
  await closeClean(context, page);
});

// A link while the save cannot be read: "Resume my game" sets the save aside (it is not
// written over) and the link's game runs on, unpaused. A link while the old game's copy cannot
// be stored (storage full): "Play the linked game" leaves the old game saved and says so.
await test('link-keeps-a-damaged-or-uncopied-save', async () => {
  const LINK = 'index.html?seed=555&seats=human,ai:easy,ai:easy';
  const noticeText = (page) => page.evaluate(() => {
    const n = document.getElementById('notice');
    return n.hidden ? '' : n.textContent;
  });
  {
    const { context, page } = await newPage();
    const damaged = '{{{ nope';
    await page.goto(base + 'version.json');
    await page.evaluate((t) => localStorage.setItem('catan.save', t), damaged);
    await page.goto(base + LINK);
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await page.click('#link-choice-resume');
    await frames(page, 5);
    const msg = await noticeText(page);
    assert(/damaged/.test(msg) && /set aside/.test(msg), 'damaged save: notice "' + msg + '"');
    assert(await page.evaluate(() => localStorage.getItem('catan.save.rejected')) === damaged,
      'damaged save: not set aside');
    const st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '555', 'damaged save: the link\'s game is not running');
    assert(!st.session.paused, 'damaged save: the link\'s game stays paused');
    await shot(page, 'link-damaged-save.png');
    await closeClean(context, page);
  }
  {
    const { context, page } = await newPage();
    await page.goto(base + 'index.html');
    await waitReady(page);
    assert((await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }))).ok, 'newGame');
    await frames(page, 5);
    await page.goto(base + 'version.json');
    const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
    // Storage full for the old game's copy.
    await page.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'catan.save.previous') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    await page.goto(base + LINK);
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await page.click('#link-choice-open');
    await frames(page, 5);
    const msg = await noticeText(page);
    assert(/could not be copied aside/.test(msg), 'storage full: notice "' + msg + '"');
    const st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.config.seed === '555' && !st.session.paused, 'storage full: the link\'s game is not running');
    await shot(page, 'link-copy-failed.png');
    await page.goto(base + 'version.json');
    assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved,
      'storage full: the old game was written over');
    await page.goto(base + 'index.html');
    await waitReady(page);
    const back = await page.evaluate(() => window.catan.state(-1));
    assert(back.session.config.seed === '77', 'storage full: a reload gave seed ' + back.session.config.seed);
    await closeClean(context, page);
  }
});

// ------------------------------------------------------------------ layout: tablet and phone trading, touch targets
// A tablet upright (768x1024, touch): the island keeps most of its size while the Trade tab is
// open, every player's points stay in view, and every control (tabs, log filter chips, trade
// buttons) is at least 44 px high. A phone (390x844): the trade sheet leaves End turn in view
// and working and fits its content. Touch screens show no keyboard letters; the log's filter
// chips show whole labels in the demo's 600 px iframe.
const TABLET = { name: 'tablet', w: 768, h: 1024, touch: true, dpr: 1 };
const PHONE = { name: 'phone', w: 390, h: 844, touch: true, dpr: 2 };
async function touchPage(screen) {
  const context = await browser.newContext({
    viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
    hasTouch: true, isMobile: true, serviceWorkers: 'block',
  });
  const page = instrument(await context.newPage());
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
  await waitReady(page);
  return { context, page };
}
// The island's width on screen: the spread of the hexes' centres (CSS px).
async function islandWidth(page) {
  const hx = (await page.evaluate(() => window.catan.view().hexes)).map((p) => p[0]);
  return Math.max(...hx) - Math.min(...hx);
}
// Ids of the widgets in view that are under 44 px in either direction.
function smallTargets(ws) {
  return Object.entries(ws).filter(([, r]) => r.whole && (r.x1 - r.x0 < 43.5 || r.y1 - r.y0 < 43.5))
    .map(([id, r]) => `${id} ${Math.round(r.x1 - r.x0)}x${Math.round(r.y1 - r.y0)}`);
}
// Light pixels where a button's corner would carry its key letter (a screenshot at 1 device
// pixel per CSS px): the corner's pixels that differ from the button's face.
function cornerInk(img, r) {
  const bg = pixel(img, r.x0 + 6, (r.y0 + r.y1) / 2);
  let ink = 0;
  for (let y = Math.ceil(r.y0 + 5); y <= r.y0 + 14; ++y)
    for (let x = Math.floor(r.x1 - 13); x <= r.x1 - 5; ++x) {
      const p = pixel(img, x, y);
      if (Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60) ink++;
    }
  return ink;
}

await test('layout-tablet-trade-keeps-the-board-and-44px-targets', async () => {
  const { context, page } = await touchPage(TABLET);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 6);
  const problems = [];
  let ws = await widgets(page);
  for (let s = 0; s < 4; ++s) if (!ws[`chip_${s}`]?.whole) problems.push(`turn: chip_${s} (the player's points) not in view`);
  const before = await islandWidth(page);
  await pressUi(page, TABLET, 'trade');
  await frames(page, 8);
  ws = await widgets(page);
  const after = await islandWidth(page);
  if (after < 0.6 * before) problems.push(`trade: the island shrinks from ${Math.round(before)} to ${Math.round(after)} px`);
  for (let s = 0; s < 4; ++s) if (!ws[`chip_${s}`]?.whole) problems.push(`trade: chip_${s} (the player's points) not in view`);
  for (const p of layoutProblems(ws, TABLET, ['trade_offer', 'tab_trade', 'tab_log', 'end_turn'])) problems.push(`trade: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`trade: ${p}`);
  await shot(page, 'tablet-trade.png');
  if (ws.trade_with_bank) {  // the builder and the bank one at a time
    await pressUi(page, TABLET, 'trade_with_bank');
    await frames(page, 4);
    ws = await widgets(page);
  }
  for (const p of layoutProblems(ws, TABLET, ['bank_get_4'])) problems.push(`bank: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`bank: ${p}`);
  await pressUi(page, TABLET, 'tab_log');
  await frames(page, 6);
  ws = await widgets(page);
  for (const p of layoutProblems(ws, TABLET, ['log_filter_0', 'log_filter_4', 'tab_players', 'tab_cards'])) problems.push(`log: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`log: ${p}`);
  await shot(page, 'tablet-log.png');
  measure(`tablet 768x1024: island ${Math.round(before)} px wide, ${Math.round(after)} px with the Trade tab open`);
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await closeClean(context, page);
});

await test('layout-phone-trade-sheet-keeps-end-turn', async () => {
  const { context, page } = await touchPage(PHONE);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 6);
  await pressUi(page, PHONE, 'trade');
  await frames(page, 8);
  const open = await page.evaluate(() => window.catan.view().sheet);
  assert(open === 'trade', `the Trade button did not open the trade sheet: ${open}`);
  await frames(page, 4);
  const ws = await widgets(page);
  const problems = layoutProblems(ws, PHONE, ['end_turn', 'trade', 'trade_offer', 'trade_with_players', 'trade_with_bank', 'tab_trade']);
  // The sheet fits its content: no empty band taller than a row of buttons (56 px) between its
  // last button and its tab strip.
  const content = Math.max(...Object.entries(ws).filter(([id, r]) => /^trade_/.test(id) && r.whole).map(([, r]) => r.y1));
  const gap = ws.tab_trade ? ws.tab_trade.y0 - content : 0;
  if (gap > 56) problems.push(`${Math.round(gap)} px of the trade sheet are empty under its content`);
  await shot(page, 'phone-trade.png');
  await pressUi(page, PHONE, 'trade_with_bank');
  await frames(page, 6);
  for (const p of layoutProblems(await widgets(page), PHONE, ['end_turn', 'bank_get_4', 'trade_with_players'])) problems.push(`bank: ${p}`);
  await shot(page, 'phone-trade-bank.png');
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
  // End turn works with the sheet open.
  const turn = await page.evaluate(() => window.catan.state().state.turn);
  await pressUi(page, PHONE, 'end_turn');
  await frames(page, 6);
  const now = await page.evaluate(() => window.catan.state().state.turn);
  assert(now !== turn, 'a tap on End turn with the trade sheet open did not end the turn');
  measure(`phone 390x844 trade sheet: ${Math.round(gap)} px empty under its content, End turn at y ${Math.round(ws.end_turn.y0)}`);
  await closeClean(context, page);
});

await test('layout-no-keyboard-letters-on-touch', async () => {
  for (const screen of [{ ...PHONE, dpr: 1 }, TABLET]) {
    const { context, page } = await touchPage(screen);
    await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
    await frames(page, 8);
    const ws = await widgets(page);
    const img = decodePng(await page.screenshot());
    for (const id of ['roll', 'trade']) {
      assert(ws[id], `${id} not on screen at ${screen.w}x${screen.h}`);
      const ink = cornerInk(img, ws[id]);
      assert(ink < 4, `${screen.w}x${screen.h}: the ${id} button carries a keyboard letter (${ink} px of ink in its corner)`);
    }
    await closeClean(context, page);
  }
  // A mouse on a desktop keeps them.
  const { context, page } = await newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 8);
  const ws = await widgets(page);
  const ink = cornerInk(decodePng(await page.screenshot()), ws.roll);
  assert(ink >= 4, `1280x720: the Roll button lost its key letter (${ink} px of ink)`);
  await closeClean(context, page);
});

await test('layout-log-chips-whole-in-the-demo-iframe', async () => {
  // demo.html at 984 and 1280 px wide puts the game in a 600 and an 896 px wide iframe
  // (a tablet's arrangement, then a desktop's with a narrow side panel).
  const problems = [];
  for (const width of [984, 1280]) {
    const { context, page } = await newPage({ viewport: { width, height: 720 } });
    await page.goto(base + 'demo.html');
    const box = await page.locator('#game').boundingBox();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const byId = async () => {
      const ws = await waitFor(frame, () => window.catan && window.catan.view() && window.catan.view().widgets, null, { timeout: 90000 });
      const out = {};
      for (const [id, x0, y0, x1, y1, whole, fits] of ws) out[id] = { x0, y0, x1, y1, whole, fits };
      return out;
    };
    await frames(frame, 10);
    let ws = await byId();
    if (ws.tab_log && !ws.log_filter_0) {  // the Log tab, by a click in the frame
      const r = ws.tab_log;
      await page.mouse.move(box.x + (r.x0 + r.x1) / 2, box.y + (r.y0 + r.y1) / 2);
      await frames(frame, 2);
      await page.mouse.down();
      await frames(frame, 2);
      await page.mouse.up();
      await frames(frame, 8);
      ws = await byId();
    }
    await shot(page, `demo-${Math.round(box.width)}.png`);
    const screen = { w: box.width, h: box.height, touch: false };
    const chips = [0, 1, 2, 3, 4].map((k) => `log_filter_${k}`);
    for (const p of layoutProblems(ws, screen, chips)) problems.push(`${Math.round(box.width)}x${Math.round(box.height)}: ${p}`);
    measure(`demo iframe ${Math.round(box.width)}x${Math.round(box.height)}: log filter chips ${chips.filter((c) => ws[c]?.whole).length} of 5 whole`);
    await closeClean(context, page);
  }
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
});

// ------------------------------------------------------------------ at the table: hidden hands, timers, dialogs
// The player's own hand while a hidden island keeps it face down says why, on the screen and
// in state(); in terra incognita and in mist, at 1280x720 and on a phone.
await test('table-hidden-setup-hand-says-why', async () => {
  for (const visibility of ['terra_incognita', 'mist']) {
    for (const [label, device] of [['1280x720', DESKTOP_1280], ['390x844', PHONE_390]]) {
      const { context, page } = await newDevicePage(device);
      await page.goto(base + 'index.html');
      await waitReady(page);
      // Blitz deals one card of each resource at the start: the hand is face down from the start.
      const r = await page.evaluate((v) => window.catan.newGame({ seed: 12, playseed: 12, seats: ['human', 'ai:easy', 'ai:easy'],
        mode: 'blitz', visibility: v, speed: 20 }), visibility);
      assert(r.ok, r.error);
      await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
      await frames(page, 5);
      const st = await page.evaluate(() => window.catan.state());
      const mine = st.state.players[0];
      assert(mine.resource_count === 5, `${visibility}: ${mine.resource_count} start cards`);
      assert(Object.values(mine.resources).every((x) => x === null), `${visibility}: the hand is not hidden: ` + JSON.stringify(mine.resources));
      assert(typeof st.state.cards_face_down === 'string' && /revealed/.test(st.state.cards_face_down),
        `${visibility}: state() hides the cards with no word why: ` + JSON.stringify(st.state.cards_face_down));
      const ui = await page.evaluate(() => window.catan.view().ui);
      assert(ui.hand_face_down, `${visibility} ${label}: no face-down hand with its words on screen: ` + JSON.stringify(ui));
      await shot(page, `table-${visibility}-setup-${label}.png`);
      await closeClean(context, page);
    }
  }
});

// The phone's "Place" button and the Hint button are in view().ui, as docs/WEB.md says.
await test('table-place-and-hint-in-view-ui', async () => {
  const { context, page } = await newDevicePage(PHONE_390);
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 8, playseed: 8, seats: ['human', 'ai:easy'], speed: 20 }));
  assert(r.ok, r.error);
  await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
  await frames(page, 5);
  const v = await page.evaluate(() => window.catan.view());
  assert(v.ui.hint && v.uiRects.hint, 'no Hint button in view().ui: ' + JSON.stringify(Object.keys(v.ui)));
  assert(!v.ui.board_confirm, 'a Place button before any spot was tapped');
  const spots = (await page.evaluate(() => window.catan.legal())).filter((a) => a.startsWith('build_settlement:'));
  const spot = Number(spots[Math.floor(spots.length / 2)].split(':')[1]);
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + v.vertices[spot][0], box.y + v.vertices[spot][1]);
  await frames(page, 6);
  const ui = await page.evaluate(() => window.catan.view().ui);
  assert(ui.board_confirm && ui.board_cancel, 'no Place button in view().ui after a tap on a spot: ' + JSON.stringify(Object.keys(ui)));
  await shot(page, 'table-place-button-390x844.png');
  await tapOrClickUi(page, 'board_confirm', true);
  const st = await page.evaluate(() => window.catan.state());
  assert(st.state.players[0].settlements.includes(spot), `Place (found through view().ui) placed nothing at ${spot}`);
  await closeClean(context, page);
});

// When the turn timer runs out, the "Time's up" notice stays until the player acts (it went
// after 5 s), and the log says what was done for the player.
await test('table-times-up-stays-until-the-player-acts', async () => {
  const { context, page } = await newDevicePage(DESKTOP_1280);
  await page.goto(base + 'index.html?timer=20&seats=human,ai:easy,ai:easy&speed=20&seed=5&playseed=5');
  await waitReady(page);
  await waitFor(page, () => window.catan.state().session.timedOut === 0, null, { timeout: 60000, polling: 100 });
  // Long after the time-out, while the player has not acted, the notice is still there.
  await sleep(6000);
  await frames(page, 3);
  const later = await page.evaluate(() => ({ ui: window.catan.view().ui, s: window.catan.state().session }));
  assert(later.s.timedOut === 0 && later.ui.times_up, '"Time\'s up" went before the player acted: ' + JSON.stringify(later.s.timedOut));
  await pressUi(page, { touch: false }, 'tab_log');
  await frames(page, 5);
  await shot(page, 'table-times-up-log-1280x720.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 6);
  await shot(page, 'table-times-up-390x844.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  // The player's own move takes it down.
  await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
  const legal = await page.evaluate(() => window.catan.legal());
  const done = await page.evaluate((a) => window.catan.act(a), legal[0]);
  assert(done.ok, done.error);
  await frames(page, 3);
  const after = await page.evaluate(() => ({ ui: window.catan.view().ui, s: window.catan.state().session }));
  assert(after.s.timedOut === -1 && !after.ui.times_up, 'the notice outlived the player\'s move');
  await closeClean(context, page);
});

// The answers to the player's offer name each partner whole ("Blue (Normal Tr." was cut):
// the short name, the full one as its tooltip; at 1280x720 and on a phone.
await test('table-trade-partner-names-whole', async () => {
  for (const [label, device, touch] of [['1280x720', DESKTOP_1280, false], ['390x844', PHONE_390, true]]) {
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 21, playseed: 21, speed: 20,
      seats: ['human', 'ai:normal:opportunist', 'ai:expert:expansionist', 'ai:normal:aggressor'] }));
    assert(r.ok, r.error);
    // The human's moves by the first legal one (the roll when it may) until a main phase with cards.
    let mine = null;
    for (let i = 0; i < 400 && !mine; ++i) {
      await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
      const st = (await page.evaluate(() => window.catan.state())).state;
      const res = st.players[0].resources;
      const have = Object.keys(res).find((k) => res[k] > 0);
      if (st.phase === 'main' && st.turn >= 3 && have) { mine = have; break; }
      const legal = await page.evaluate(() => window.catan.legal());
      const a = legal.includes('roll') ? 'roll' : st.phase === 'main' ? 'end_turn' : legal[0];
      const done = await page.evaluate((x) => window.catan.act(x), a);
      assert(done.ok, a + ': ' + done.error);
    }
    assert(mine, 'the human never had a card to offer');
    const want = ['wood', 'brick', 'sheep', 'wheat', 'ore'].find((k) => k !== mine);
    const offered = await page.evaluate((x) => window.catan.act(x), `offer_trade:all:${mine}:${want}`);
    assert(offered.ok, offered.error);
    await pressUi(page, { touch }, 'tab_trade');
    if (touch && (await page.evaluate(() => window.catan.view().sheet)) !== 'trade') await pressUi(page, { touch }, 'tab_trade');
    await frames(page, 6);
    const ws = await widgets(page);
    for (const p of [1, 2, 3]) {
      const w = ws['trade_answer_' + p];
      assert(w, `${label}: no answer row for seat ${p}: ` + Object.keys(ws).filter((k) => k.startsWith('trade')).join(' '));
      assert(w.fits, `${label}: the name of seat ${p} is cut`);
      if (ws['chip_' + p]) assert(ws['chip_' + p].fits, `${label}: the player chip cuts the name of seat ${p}`);
    }
    await shot(page, `table-trade-answers-${label}.png`);
    await closeClean(context, page);
  }
});

// ------------------------------------------------------------------ boundary: strings, nesting, configs, fog links
// Text crosses into the wasm module as heap copies: a save of millions of characters (a
// 250,000-action history) is refused by the bridge with its own message, and the module keeps
// running (ccall copied it onto the 5 MiB stack, which overflowed and broke every later call).
function hugeSave(actions) {
  const history = new Array(actions).fill('"end_turn"').join(',');
  return '{"format":"catan-web-save","version":1,"config":{"seed":"5","playSeed":"5","seats":[]},' +
    `"game":{"history":[${history}]}}`;
}

await test('bound-oversized-strings-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,human&seed=7&playseed=7');
  await waitReady(page);
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state().session.actions);
  const big = hugeSave(250000);
  assert(big.length > 2500000, 'the save is not oversized: ' + big.length);
  const r = await page.evaluate((t) => window.catan.load(t), big);
  assert(r && r.ok === false && /saved game/.test(r.error) && !/failed \(/.test(r.error),
    'a 250,000-action save: ' + JSON.stringify(r).slice(0, 300));
  // Beyond the bridge's 16 MiB, the page refuses it before the call.
  const r2 = await page.evaluate(() => window.catan.load('{"format":"catan-web-save","version":1,"config":{},"game":{"pad":"' +
    'x'.repeat(17 * 1024 * 1024) + '"}}'));
  assert(r2.ok === false && /too large/.test(r2.error), 'a 17 MiB save: ' + JSON.stringify(r2).slice(0, 300));
  // A replay code and a config of millions of characters are refused too.
  const r3 = await page.evaluate(() => window.catan.loadGameCode('A'.repeat(3000000)));
  assert(r3.ok === false && /too long/.test(r3.error), 'a 3 M-character game code: ' + JSON.stringify(r3).slice(0, 300));
  // The module still answers: the same game, and it still takes actions.
  const st = await page.evaluate(() => window.catan.state());
  assert(st.ok && st.session.active && st.session.actions === before, 'the game changed or the module broke: ' +
    JSON.stringify(st).slice(0, 300));
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.length > 0, 'no legal actions after the oversized inputs');
  const act = await page.evaluate((a) => window.catan.act(a), legal[0]);
  assert(act.ok, 'act after the oversized inputs: ' + JSON.stringify(act));
  const ng = await page.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy', 'ai:easy'] }));
  assert(ng.ok, 'newGame after the oversized inputs: ' + JSON.stringify(ng));
  await closeClean(context, page);
});

// An oversized save in localStorage at start-up: refused, set aside like a damaged save, and
// `ready` says so; the page goes on and starts games.
await test('bound-oversized-save-at-start-up', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'version.json');
  const big = hugeSave(250000);
  await page.evaluate((t) => localStorage.setItem('catan.save', t), big);
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 3);
  const ready = await page.evaluate(() => window.catan.ready);
  assert(ready.ok === true && ready.savedGame && ready.savedGame.ok === false &&
    /saved game/.test(ready.savedGame.error) && ready.savedGame.keptAs === 'catan.save.rejected',
  'ready does not report the refused save: ' + JSON.stringify(ready).slice(0, 300));
  const msg = await noticeText(page);
  assert(/damaged/.test(msg) && /set aside/.test(msg), 'notice: ' + msg);
  const kept = await page.evaluate(() => localStorage.getItem('catan.save.rejected'));
  assert(kept === big, 'the refused save was not kept aside');
  await shot(page, 'bound-oversized-save-notice-1280x720.png');
  const ng = await page.evaluate(() => window.catan.newGame({ seed: 3, seats: ['human', 'ai:easy', 'ai:easy'] }));
  assert(ng.ok, 'newGame after the oversized save: ' + JSON.stringify(ng));
  const st = await page.evaluate(() => window.catan.state());
  assert(st.ok && st.session.active, 'no game after the oversized save');
  await closeClean(context, page);
});

// A NUL character is refused (C read it as the end of the text), and so is a config that is
// not a plain object (a Map or a Date has no own keys and started a default game).
await test('bound-nul-and-non-plain-configs-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,human&seed=7&playseed=7');
  await waitReady(page);
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state());
  const legal = await page.evaluate(() => window.catan.legal());
  const r = await page.evaluate((a) => window.catan.act(a + '\u0000garbage'), legal[0]);
  assert(r.ok === false && /NUL/.test(r.error), 'an action with a NUL: ' + JSON.stringify(r));
  const code = await page.evaluate(() => window.catan.loadGameCode('AQ\u0000x'));
  assert(code.ok === false && /NUL/.test(code.error), 'a game code with a NUL: ' + JSON.stringify(code));
  for (const kind of ['Map', 'Date']) {
    const ng = await page.evaluate((k) => window.catan.newGame(k === 'Map' ? new Map([['seed', '5']]) : new Date()), kind);
    assert(ng.ok === false && /plain object/.test(ng.error) && ng.error.includes(kind), `newGame(${kind}): ${JSON.stringify(ng)}`);
  }
  const after = await page.evaluate(() => window.catan.state());
  assert(after.session.actions === before.session.actions && after.session.config.seed === before.session.config.seed,
    'a refused input changed the game');
  await closeClean(context, page);
  // The newGame command with a Map or a Date (structured clones keep them) is refused too.
  const { context: c2, page: p2 } = await newPage();
  const src = `${base}embed.html?autoplay=1&seats=ai:easy,ai:easy,ai:easy&speed=4&seed=8`;
  await p2.goto(`${base2}demo.html?src=${encodeURIComponent(src)}`);
  await waitFor(p2, () => window.demoEvents.some((m) => m.type === 'gameStarted'), null, { timeout: 90000 });
  const frame = p2.frames().find((f) => f !== p2.mainFrame() && f.url().includes('embed.html'));
  const seed = await frame.evaluate(() => window.catan.state().session.config.seed);
  await p2.evaluate(() => {
    window.demoSend({ type: 'newGame', config: new Map([['seed', '5']]) });
    window.demoSend({ type: 'newGame', config: new Date() });
  });
  const errs = await waitFor(p2, () => {
    const e = window.demoEvents.filter((m) => m.type === 'error' && m.command === 'newGame');
    return e.length >= 2 && e;
  }, null, { timeout: 5000 }).catch(() => null);
  assert(errs && errs.every((e) => /plain object/.test(e.errors.join(' '))), 'no error events: ' + JSON.stringify(errs));
  const seedAfter = await frame.evaluate(() => window.catan.state().session.config.seed);
  assert(seedAfter === seed, `a Map or a Date started a new game (seed ${seed} -> ${seedAfter})`);
  await closeClean(c2, p2);
});

// Under mist and terra incognita the board seed lays out the hidden island: no board link
// during the setup (a clear notice instead of "seed=undefined"); after it, the real seed.
for (const [visibility, device, touch] of [['mist', null, false], ['terra_incognita', 'phone', true]]) {
  await test(`bound-board-link-under-${visibility}`, async () => {
    const { context, page } = device === 'phone' ? await newDevicePage(PHONE_390) : await newDevicePage(DESKTOP_1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(base + `index.html?seats=human,ai:easy,ai:easy,ai:easy&seed=4321&playseed=9&visibility=${visibility}`);
    await waitReady(page);
    await frames(page, 5);
    const during = await page.evaluate(() => window.catan.shareLink());
    assert(during === null, 'a board link during the fogged setup: ' + during);
    await page.evaluate(() => navigator.clipboard.writeText('empty'));
    // The menu's "Copy board link" (a tap that lands while the app is busy is tried again).
    const fogNotice = () => /available once the setup is over/.test(document.getElementById('notice').textContent);
    let shown = false;
    for (let k = 0; k < 3 && !shown; ++k) {
      const open = await page.evaluate(() => !!(window.catan.view().uiRects || {}).menu_share);
      if (!open) await tapOrClickUi(page, 'menu', touch);
      await tapOrClickUi(page, 'menu_share', touch);
      shown = await waitFor(page, fogNotice, null, { timeout: 8000 }).catch(() => false);
    }
    assert(shown, 'no notice for the fogged board link: ' + await noticeText(page));
    await shot(page, `bound-board-link-${visibility}-${touch ? '390x844' : '1280x720'}.png`);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assert(clip === 'empty', 'something was copied during the fogged setup: ' + clip);
    // Once the setup is over the island is revealed, and the link carries its seed.
    await playHumanUntil(page, (l, st) => !/^setup/.test(st.state.phase) && st.session.config.seed);
    const after = await page.evaluate(() => window.catan.shareLink());
    assert(after && after.includes('seed=4321') && !/undefined/.test(after), 'the board link after the setup: ' + after);
    await closeClean(context, page);
  });
}

// ------------------------------------------------------------------ the coach's speed (hint and review on the AI workers)
// The hint and the review run on the AI's Web Workers: a hint is on screen within seconds of
// the press, with the time left while it thinks; the review of a 200-action game shows its
// progress with the time left and lists turning points and graded moves while it runs.
// A game of 210 actions (three Normal AIs, seed 31337, play seed 5, 8 VP), as its replay code.
const kReviewGame210 = 'Aun0AQUAAwEDCAAAAAAAAAAAAQAREREe6AfSAeEDwgShBaIGYcICoQviDqEC4gOBCIIKAOIGFADCAxQAFADiBYIGFAAUAASGwICEgIACBwgqFAAUAKEDFADxAjIN7g2ODoaAgISAgIAQCAgUABQAFACTkATxAVLhChQABBQABBQAwgwUABQM0QRyABQABBQAFAAEBIaAkICBCAgHKhQM8QFSABQA4gSGgICAwIBACImAgoCEgIAECxQM0QRyAJOYArEBMqICFADxAVIEFAAUDNEEcgAUDPEBUgCGgICEgAgHB0oUAKIEhoCAgKGAQAcISqEEFAAEwgUUAJEBMobAgICAgICABAgIFAAUABQA4gkUAKXAARQADNEEchQAYxQApYECFADhBBQABBQAogkUAAQEFAzxAVIApYACBIaAgISACAgIFADBBxQM0QRyALECMhQAFAAUAA2OB64H';
// Presses Hint and times the answer in the page (from the press's pointer event to the first
// frame with the hint ready, so the harness' own round trips do not count), noting whether
// the time left was on show while the coach thought.
async function timeHint(page, screen) {
  await page.evaluate(() => {
    const t = { press: null, ready: null, eta: null, action: null };
    window.__coachHint = t;
    const on = () => { if (t.press === null) t.press = performance.now(); };
    window.addEventListener('pointerdown', on, { capture: true });
    window.addEventListener('mousedown', on, { capture: true });
    const tick = () => {
      const h = window.catan.view().hint;
      if (t.press !== null && h && h.status === 'thinking' && typeof h.secondsLeft === 'number' && t.eta === null) t.eta = h.secondsLeft;
      if (t.press !== null && h && h.status === 'ready') {
        t.ready = performance.now();
        t.action = h.action;
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await pressUi(page, screen, 'hint');
  const t = await waitFor(page, () => window.__coachHint.ready !== null && window.__coachHint, null,
    { timeout: 240000, polling: 100 });
  return { ms: Math.round(t.ready - t.press), eta: t.eta, action: t.action };
}
// The bound on a hint: the goal is 2 s on an idle 2-core machine; a loaded one gets 3 times that.
const kHintBoundMs = 6000;
await test('coach-hint-in-setup-is-quick', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy&seed=5&playseed=5&speed=20');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'setup_settlement' && legal);
  await frames(page, 3);
  const r = await timeHint(page, screen);
  measure(`coach hint in the setup: ${r.ms} ms after the press (${r.action}); time left shown: ${r.eta}`);
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.includes(r.action), `the hint ${r.action} is not legal`);
  assert(r.ms <= kHintBoundMs, `the setup hint took ${r.ms} ms`);
  await closeClean(context, page);
});
await test('coach-hint-in-main-phase-is-quick', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy&seed=5&playseed=5&speed=20');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.length > 1 && legal);
  await frames(page, 3);
  const r = await timeHint(page, screen);
  measure(`coach hint in the main phase: ${r.ms} ms after the press (${r.action}); time left shown: ${r.eta}`);
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.includes(r.action), `the hint ${r.action} is not legal`);
  assert(r.ms <= kHintBoundMs, `the main-phase hint took ${r.ms} ms`);
  await closeClean(context, page);
});
await test('coach-review-fills-in-as-it-runs', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  const t0 = Date.now();
  await page.goto(base + 'index.html#game=' + kReviewGame210);
  await waitReady(page);
  let rv = await waitFor(page, () => window.catan.view().review, null, { timeout: 30000 });
  const tOpen = Date.now();
  let firstTp = null, firstGrade = null, eta = null, partial = null, shotTaken = false;
  for (;;) {
    rv = await page.evaluate(() => window.catan.view().review);
    const t = (Date.now() - tOpen) / 1000;
    if (rv.turningPoints > 0 && firstTp === null) firstTp = t;
    if (rv.decisions > 0 && firstGrade === null) firstGrade = t;
    if (!rv.done && typeof rv.secondsLeft === 'number' && eta === null) eta = { t, left: rv.secondsLeft, progress: rv.progress };
    if (!rv.done && rv.decisions > 0 && rv.turningPoints > 0 && !partial) partial = { t, decisions: rv.decisions, progress: rv.progress };
    if (!rv.done && partial && !shotTaken && rv.progress > 0.3) {
      shotTaken = true;
      await shot(page, 'coach-review-running-1280x720.png');
    }
    if (rv.done) break;
    assert(Date.now() - tOpen < 600000, 'the review did not finish in 600 s: ' + JSON.stringify(rv));
    await sleep(100);
  }
  const total = (Date.now() - tOpen) / 1000;
  measure(`coach review of ${rv.actions} actions: complete ${total.toFixed(1)} s after it opened (page load ` +
    `${((tOpen - t0) / 1000).toFixed(1)} s); first turning point at ${firstTp}s, first graded move at ${firstGrade}s; ` +
    `time left first shown ${JSON.stringify(eta)}; partial ${JSON.stringify(partial)}; ${rv.decisions} decisions, ${rv.turningPoints} turning points`);
  assert(rv.actions === 210, 'the game has ' + rv.actions + ' actions');
  assert(partial, 'no turning points and graded moves before the review completed');
  assert(eta, 'the time left was never shown while the review ran');
  assert(total <= 90, `the review took ${total.toFixed(1)} s`);
  await shot(page, 'coach-review-done-1280x720.png');
  await closeClean(context, page);
});

await browser.close();
server.close();
server2.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`screenshots: ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
