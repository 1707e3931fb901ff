#!/usr/bin/env node
// Finishes an assembled static site in place (web/* + app.js + app.wasm already copied):
//   - draws the PNG app icons (icons/icon-192.png, icon-512.png, icon-maskable-512.png);
//   - derives the release version from a SHA-256 of every file (so it changes exactly when
//     the site changes) and writes version.json {version, built, files: {name: bytes}};
//   - writes the release into release.js (version, size and SRI hash of app.js, app.wasm and
//     the AI's search-worker.js and search-worker.wasm: the page checks that they belong to
//     its release);
//   - writes the version and the file lists with SHA-256 hashes into sw.js: the files the
//     service worker installs (app.* and search-worker.* under the ?v=<version> URLs the page
//     requests), and online play's (net/, vendor/), which it caches when a page first loads them;
//   - removes this tools/ folder from the site.
// Usage: node web/tools/make-site.mjs <site-dir>   (run once, on a freshly assembled site)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const site = process.argv[2];
if (!site || !fs.existsSync(path.join(site, 'index.html'))) {
  console.error('usage: node web/tools/make-site.mjs <site-dir>   (the dir must contain index.html)');
  process.exit(2);
}
fs.rmSync(path.join(site, 'tools'), { recursive: true, force: true });

// ------------------------------------------------------------------ PNG icons
function crc32(buf) {
  let c, crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(w, h, rgba) {
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
// The icon of web/icon.svg in a 512 unit square: rounded sea tile, sand hexagon with a light
// rim, a green inner hexagon and a number token. Shapes are tested per subsample (4x4 AA).
function hexContains(cx, cy, r, x, y) {
  const dx = Math.abs(x - cx), dy = Math.abs(y - cy);
  const h = r * Math.sqrt(3) / 2; // pointy-top: half width
  return dx <= h && dy <= r && dy <= r - dx / Math.sqrt(3);
}
function roundedRect(x, y, s, rad) {
  const cx = Math.min(Math.max(x, rad), s - rad), cy = Math.min(Math.max(y, rad), s - rad);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad;
}
function drawIcon(size, maskable) {
  const out = Buffer.alloc(size * size * 4);
  const col = {
    sea: [0x1c, 0x54, 0x89], rim: [0xf4, 0xef, 0xe1], sand: [0xe9, 0xc4, 0x6a],
    green: [0x2a, 0x9d, 0x8f], token: [0xf4, 0xef, 0xe1], red: [0xc0, 0x39, 0x2b],
  };
  const scale = maskable ? 0.8 : 1; // maskable: keep the art inside the 80% safe zone
  const ss = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const X = ((px + (sx + 0.5) / ss) / size) * 512, Y = ((py + (sy + 0.5) / ss) / size) * 512;
          const x = 256 + (X - 256) / scale, y = 256 + (Y - 256) / scale;
          let c = null;
          if (maskable || roundedRect(X, Y, 512, 96)) c = col.sea;
          if (hexContains(256, 256, 209, x, y)) c = col.rim;
          if (hexContains(256, 256, 191, x, y)) c = col.sand;
          if (hexContains(256, 256, 120, x, y)) c = col.green;
          const d2 = (x - 256) ** 2 + (y - 256) ** 2;
          if (d2 <= 62 * 62) c = col.token;
          // A red "8": two stacked rings.
          const ring = (cy, ro, ri) => {
            const e = (x - 256) ** 2 + (y - cy) ** 2;
            return e <= ro * ro && e >= ri * ri;
          };
          if (ring(234, 19, 10) || ring(276, 23, 13)) c = col.red;
          if (c) { r += c[0]; g += c[1]; b += c[2]; a += 255; }
        }
      }
      const n = ss * ss, i = (py * size + px) * 4;
      const cov = a / 255;
      out[i] = cov ? Math.round(r / cov) : 0;
      out[i + 1] = cov ? Math.round(g / cov) : 0;
      out[i + 2] = cov ? Math.round(b / cov) : 0;
      out[i + 3] = Math.round(a / n);
    }
  }
  return png(size, size, out);
}
fs.mkdirSync(path.join(site, 'icons'), { recursive: true });
fs.writeFileSync(path.join(site, 'icons/icon-192.png'), drawIcon(192, false));
fs.writeFileSync(path.join(site, 'icons/icon-512.png'), drawIcon(512, false));
fs.writeFileSync(path.join(site, 'icons/icon-maskable-512.png'), drawIcon(512, true));

// ------------------------------------------------------------------ version, release.js, service worker
function walk(dir, base = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out.sort();
}
const read = (f) => fs.readFileSync(path.join(site, f));
const digest = (algo, data) => createHash(algo).update(data).digest('base64');
function replaceOnce(file, placeholder, value) {
  const text = read(file).toString('utf8');
  if (!text.includes(placeholder)) {
    console.error(`make-site: ${file} has no ${placeholder} placeholder (already finished?)`);
    process.exit(1);
  }
  fs.writeFileSync(path.join(site, file), text.replace(placeholder, () => value));
}

// The version: every file as assembled (release.js and sw.js still with their placeholders).
const files = walk(site).filter((f) => f !== 'sw.js' && f !== 'version.json' && !f.endsWith('.map'));
const hash = createHash('sha256');
const sizes = {};
for (const f of files) {
  const data = read(f);
  sizes[f] = data.length;
  hash.update(f + '\0');
  hash.update(data);
}
hash.update(read('sw.js'));
const version = hash.digest('hex').slice(0, 12);

const release = { version, files: {} };
// The files the page requests as <name>?v=<version>: the app, and the AI's worker module.
const VERSIONED = ['app.js', 'app.wasm', 'search-worker.js', 'search-worker.wasm'];
for (const f of VERSIONED) {
  if (!sizes[f]) continue;
  release.files[f] = { bytes: sizes[f], integrity: 'sha384-' + digest('sha384', read(f)) };
}
replaceOnce('release.js', "/*__CATAN_RELEASE__*/ { version: 'dev', files: {} }", JSON.stringify(release));
sizes['release.js'] = read('release.js').length;
fs.writeFileSync(path.join(site, 'version.json'),
  JSON.stringify({ version, built: new Date().toISOString(), files: sizes }, null, 1) + '\n');

// The worker's lists: each file under the URL the pages request, with its final SHA-256.
// Online play's files are loaded only when a room opens: the worker caches them then.
const ON_DEMAND_DIRS = ['net/', 'vendor/'];
const precache = {};
const onDemand = {};
for (const f of [...files, 'version.json']) {
  const url = VERSIONED.includes(f) ? `${f}?v=${version}` : f;
  const list = ON_DEMAND_DIRS.some((d) => f.startsWith(d)) ? onDemand : precache;
  list[url] = digest('sha256', read(f));
}
replaceOnce('sw.js', "'__CATAN_VERSION__'", JSON.stringify(version));
replaceOnce('sw.js', '__CATAN_FILES__', JSON.stringify(precache, null, 1));
replaceOnce('sw.js', '__CATAN_ON_DEMAND__', JSON.stringify(onDemand, null, 1));
console.log(`site ${site}: version ${version}, ${files.length} files`);
