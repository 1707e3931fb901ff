// Service worker: keeps one release of the site in a cache of its own, so the game loads and
// plays offline and a page always runs the files of one release together.
//   - FILES lists every file of the release as the pages request it (app.wasm?v=<version>)
//     with its SHA-256; the install stores exactly those bytes or fails (and is retried on a
//     later visit), so a cache never mixes two releases.
//   - The cache is named after this deployment's scope and the release. Activation deletes
//     only this scope's older caches: another deployment on the same origin (another folder)
//     keeps its own.
//   - A new release installs beside the running one and waits. It takes over when a page
//     asks (web/service_worker.js: the player accepts the update, or a page loading while it is the
//     only page of this deployment) or, by the browser's rule, once no page of this
//     deployment is open: never under a running game.
// VERSION and FILES are written by web/tools/make-site.mjs.
'use strict';
const VERSION = '__CATAN_VERSION__';
const FILES = __CATAN_FILES__;
const SCOPE = self.registration.scope; // absolute URL, ends with "/"
const SCOPE_PATH = new URL(SCOPE).pathname;
const CACHE = `catan|${SCOPE_PATH}|${VERSION}`;
// A page's query configures the page (embed.html?seed=...) and is not part of the file.
const PAGES = new Set(Object.keys(FILES).filter((f) => f.endsWith('.html')));
const isFile = (key) => Object.prototype.hasOwnProperty.call(FILES, key);

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return btoa(bin);
}

// One file of the release: from the HTTP cache when it holds the right bytes (the page has
// just downloaded them: no second download), else from the network.
async function fetchChecked(url, hash) {
  for (const mode of ['default', 'reload']) {
    let res;
    try {
      res = await fetch(url, { cache: mode });
    } catch (e) {
      if (mode === 'reload') throw e;
      continue;
    }
    if (!res.ok) continue;
    const body = await res.arrayBuffer();
    if ((await sha256(body)) === hash) {
      const type = res.headers.get('Content-Type') || 'application/octet-stream';
      return new Response(body, { headers: { 'Content-Type': type } });
    }
  }
  throw new Error(`${url} is not the file of release ${VERSION} (the site changed during the install)`);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const files = await Promise.all(Object.keys(FILES).map(async (f) => [f, await fetchChecked(f, FILES[f])]));
    const cache = await caches.open(CACHE);
    try {
      for (const [f, res] of files) await cache.put(new URL(f, SCOPE).href, res);
    } catch (e) {
      await caches.delete(CACHE);
      throw e;
    }
  })());
});

// Caches of this deployment are "catan|<scope path>|<version>". Earlier releases named them
// "catan-<version>" without the scope: such a cache is ours when it holds this scope's page.
async function isOldCacheOfThisScope(name) {
  if (name === CACHE) return false;
  const m = /^catan\|(.*)\|[^|]*$/.exec(name);
  if (m) return m[1] === SCOPE_PATH;
  if (!/^catan-[0-9a-f]+$/.test(name)) return false;
  const keys = await (await caches.open(name)).keys();
  return keys.some((r) => r.url === SCOPE || r.url === SCOPE + 'index.html');
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (await isOldCacheOfThisScope(name)) await caches.delete(name);
    }
  })());
});

// Files of the release come from the cache, matched exactly (query included, except for the
// pages' own query); everything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE)) return;
  const url = new URL(req.url);
  let key = url.pathname.slice(SCOPE_PATH.length) || 'index.html';
  if (!PAGES.has(key)) key += url.search;
  if (!isFile(key)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(new URL(key, SCOPE).href);
    return hit || fetch(req);
  })());
});

// From the pages: {type: "version"} -> {version, cache}; {type: "skipWaiting", onlyIfAlone}
// -> {applied}: the waiting release takes over (onlyIfAlone: only when the asking page is
// the one page of this deployment). Replies go to the message's port, if any.
self.addEventListener('message', (event) => {
  const d = event.data;
  const port = event.ports && event.ports[0];
  const reply = (m) => { if (port) port.postMessage(m); };
  if (!d || typeof d !== 'object') return;
  if (d.type === 'version') {
    reply({ version: VERSION, cache: CACHE });
  } else if (d.type === 'skipWaiting') {
    event.waitUntil((async () => {
      if (d.onlyIfAlone === true) {
        const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (pages.filter((c) => c.url.startsWith(SCOPE)).length > 1) {
          reply({ applied: false });
          return;
        }
      }
      // Not awaited: the promise settles only once the old worker is done, which may wait
      // for this very event.
      self.skipWaiting();
      reply({ applied: true });
    })());
  }
});
