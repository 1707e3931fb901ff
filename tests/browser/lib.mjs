// The browser tests' harness: the static site served on free localhost ports, Chromium
// (Debian's /usr/bin/chromium through playwright-core, never a downloaded browser), pages
// with the test hooks on, and the helpers every feature's tests share (tests/browser/features).
// run.mjs starts it (startHarness), imports the features in order and prints the summary.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const artifacts = path.join(root, 'build/browser-artifacts');

// Set by startHarness: the finished site, its two servers (base, and base2 another origin for
// the embedding page) and the browser.
export let site = null;
export let server = null;
export let server2 = null;
export let base = null;
export let base2 = null;
export let browser = null;
let only = null;
let skip = new Set();

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
};
// A static server like the ones the site is deployed to: revalidation with ETags
// (Cache-Control: no-cache), 304 when unchanged. `route(pathname)` gives {dir, path} (the
// folder serving the request and the path inside it) or null; `patch(path, text)` may
// rewrite a text file. Every request is logged as {path, search, status}.
export function serve(route, patch) {
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
export const atRoot = (dir) => (p) => ({ dir, path: p });

// Checks and (when needed) finishes the site, serves it and launches the browser. opts:
// {siteArg (null: no site, for features that serve their own pages), only: Set or null, skip:
// Set, headed}.
export async function startHarness(opts) {
  only = opts.only;
  skip = opts.skip;
  const siteArg = opts.siteArg;
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    console.error('playwright-core is missing: run `npm install` in tests/browser (scripts/setup does)');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }

  if (siteArg) await serveSite(siteArg);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: !opts.headed,
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-quic', '--no-first-run', '--ignore-gpu-blocklist'],
  });
}

// The site: checked, finished when needed (make-site.mjs), served on two origins.
async function serveSite(siteArg) {
  site = path.resolve(siteArg);
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

  server = await serve(atRoot(site));
  base = `http://127.0.0.1:${server.address().port}/`;
  // A second origin for the embedding page; its demo.js lists the game's origin as allowed.
  server2 = await serve(atRoot(site), (p, text) => (p === '/demo.js'
    ? text.replace('const ALLOWED_ORIGINS = [];', `const ALLOWED_ORIGINS = [${JSON.stringify(base.slice(0, -1))}];`)
    : text));
  base2 = `http://localhost:${server2.address().port}/`;
}

// Closes the browser and the servers; returns {passed, failed}.
export async function stopHarness() {
  await browser.close();
  if (server) server.close();
  if (server2) server2.close();
  const passed = results.filter((r) => r.ok).length;
  return { passed, failed: results.length - passed };
}

// A context whose pages run with the test hooks on: window.catanTestHooks, set before any of
// the page's scripts, asks the app for the widget ids the tests click by (web/catan.js,
// shell/web_test_hooks.h). The shipped pages never set it.
export async function newContext(options) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => { window.catanTestHooks = true; });
  return context;
}

// ------------------------------------------------------------------ helpers
const results = [];
const measures = [];
export function measure(line) {
  measures.push(line);
  console.log('measure: ' + line);
}
export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Ends a test's page: no uncaught page errors happened, then the context is closed.
export async function closeClean(context, page) {
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await context.close();
}

// Ends a page that must have run clean: no uncaught page errors and no Content-Security-Policy
// violation reported in it; then its context is closed.
export async function closeStrict({ context, page }) {
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  const csp = await page.evaluate(() => window.__csp);
  assert(csp.length === 0, 'Content-Security-Policy violations: ' + csp.join(' | '));
  await context.close();
}

// The q-quantile of a list of numbers (the element at floor(q * n) in order); NaN when empty.
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

export async function newPage(opts = {}) {
  const context = await newContext({
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
export function instrument(page) {
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
export async function waitFor(target, fn, arg, opts = {}) {
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
export async function cspViolations(page) {
  const out = page.consoleErrors.concat(page.consoleWarnings).filter((t) => /Content.Security.Policy/i.test(t));
  for (const f of page.frames()) {
    try { out.push(...(await f.evaluate(() => window.__csp || []))); } catch (e) { /* detached */ }
  }
  return out;
}

// catan.ready settles (ready or a fatal error) within the time limit: true, else false.
export async function readySettles(page, ms = 60000) {
  await waitFor(page, () => window.catan, null, { timeout: ms });
  return page.evaluate((t) => Promise.race([window.catan.ready.then(() => true),
    new Promise((r) => setTimeout(() => r(false), t))]), ms);
}

// The notices shown so far on the page, as one text.
export async function noticeText(frameOrPage) {
  return frameOrPage.evaluate(() => {
    const n = document.getElementById('notice');
    return (window.__notices || []).concat(n && !n.hidden ? [n.textContent] : []).join(' | ');
  });
}

export async function waitReady(page, timeout = 90000) {
  await waitFor(page, () => window.catan && window.catan.loaded, null, { timeout });
}

export async function frames(page, n) {
  await page.evaluate((k) => new Promise((r) => {
    let i = 0;
    const f = () => (++i >= k ? r() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
}

export async function shot(page, name) {
  const file = path.join(artifacts, name);
  await page.screenshot({ path: file });
  return file;
}

// A minimal PNG decoder (8-bit, non-interlaced RGB/RGBA), for "is the canvas blank?".
export function decodePng(buf) {
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
export function imageStats(png) {
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

export async function test(name, fn) {
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

export function gz(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(site, file)), { level: 9 }).length;
}

