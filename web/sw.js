// Service worker: keeps one release of the site in a cache of its own, so the game loads and
// plays offline and a page always runs the files of one release together.
//   - FILES lists every file of the release as the pages request it (app.wasm?v=<version>)
//     with its SHA-256; the install stores exactly those bytes or fails (and is retried on a
//     later visit), so a cache never mixes two releases.
//   - ON_DEMAND lists the files only online play loads (net/, vendor/), with their SHA-256:
//     they join the release's cache the first time a page fetches them, so a visitor who never
//     opens a room downloads none of them. A release installing over one that holds some
//     takes all of its own along (the player has played online: rooms keep opening offline).
//   - The cache is named after this deployment's scope and the release. Activation deletes
//     only this scope's older caches: another deployment on the same origin (another folder)
//     keeps its own.
//   - A new release installs beside the running one and waits. It takes over when a page
//     asks (web/service_worker.js: the player accepts the update, or a page loading while it is the
//     only page of this deployment) or, by the browser's rule, once no page of this
//     deployment is open: never under a running game.
// VERSION, FILES and ON_DEMAND are written by web/tools/make-site.mjs.
'use strict';
const VERSION = '__CATAN_VERSION__';
const FILES = __CATAN_FILES__;
const ON_DEMAND = __CATAN_ON_DEMAND__;
const SCOPE = self.registration.scope; // absolute URL, ends with "/"
const SCOPE_PATH = new URL(SCOPE).pathname;
const CACHE = `catan|${SCOPE_PATH}|${VERSION}`;
// A page's query configures the page (embed.html?seed=...) and is not part of the file.
const PAGES = new Set(Object.keys(FILES).filter((f) => f.endsWith('.html')));
const isFile = (key) => Object.prototype.hasOwnProperty.call(FILES, key);
const isOnDemand = (key) => Object.prototype.hasOwnProperty.call(ON_DEMAND, key);

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return btoa(bin);
}

const checkedResponse = (body, type) =>
  new Response(body, { headers: { 'Content-Type': type || 'application/octet-stream' } });

// One file of the release: from `earlier` (a cache) or the HTTP cache when it holds the right
// bytes (no second download), else from the network.
async function fetchChecked(url, hash, earlier) {
  const kept = earlier && (await earlier.match(new URL(url, SCOPE).href));
  if (kept) {
    const body = await kept.arrayBuffer();
    if ((await sha256(body)) === hash) return checkedResponse(body, kept.headers.get('Content-Type'));
  }
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
    if ((await sha256(body)) === hash) return checkedResponse(body, res.headers.get('Content-Type'));
  }
  throw new Error(`${url} is not the file of release ${VERSION} (the site changed since)`);
}

// An earlier release's cache of this scope holding files of online play, or null.
async function earlierCacheWithRooms() {
  for (const name of await caches.keys()) {
    if (!(await isOldCacheOfThisScope(name))) continue;
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.some((r) => r.url.startsWith(SCOPE) && isOnDemand(r.url.slice(SCOPE.length)))) return cache;
  }
  return null;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const earlier = await earlierCacheWithRooms();
    const wanted = Object.keys(FILES).map((f) => [f, FILES[f], null]);
    if (earlier) wanted.push(...Object.keys(ON_DEMAND).map((f) => [f, ON_DEMAND[f], earlier]));
    const files = await Promise.all(wanted.map(async ([f, hash, from]) => [f, await fetchChecked(f, hash, from)]));
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

// A file of online play: from the cache, else fetched, checked against this release and
// kept. A file of another release (the site changed since this one installed) is refused,
// as the network error the page sees: a page never runs two releases' files together.
async function onDemand(key) {
  const cache = await caches.open(CACHE);
  const url = new URL(key, SCOPE).href;
  const hit = await cache.match(url);
  if (hit) return hit;
  const res = await fetchChecked(url, ON_DEMAND[key]);
  await cache.put(url, res.clone());
  return res;
}

// Files of the release come from the cache, matched exactly (query included, except for the
// pages' own query); everything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE)) return;
  const url = new URL(req.url);
  let key = url.pathname.slice(SCOPE_PATH.length) || 'index.html';
  if (!PAGES.has(key)) key += url.search;
  if (isOnDemand(key)) {
    event.respondWith(onDemand(key));
    return;
  }
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
