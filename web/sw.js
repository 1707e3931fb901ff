// Service worker: caches the static site so the game loads and plays offline after the first
// visit. The version and the file list are injected by web/tools/make-site.mjs from a hash of
// the site's files, so every release gets its own cache and old caches are dropped.
'use strict';
const VERSION = '__CATAN_VERSION__';
const FILES = __CATAN_FILES__;
const CACHE = 'catan-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: 'reload' skips the HTTP cache so a new version never stores stale files.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('catan-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// Network first for version.json (so a new release is noticed), cache first for the rest;
// query strings are ignored (embed.html?seed=..., app.wasm?v=...).
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (name === 'version.json') {
      try {
        return await fetch(req);
      } catch (e) {
        return (await cache.match(req, { ignoreSearch: true })) || Response.error();
      }
    }
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (e) {
      if (req.mode === 'navigate') {
        const page = await cache.match('index.html');
        if (page) return page;
      }
      return Response.error();
    }
  })());
});
