// The page runtime shared by index.html and embed.html (data-page="index" | "embed"), as ES
// modules by concern:
//   loader.js          checks the browser, downloads and starts app.wasm for this release
//   bridge.js          the calls into app.wasm (shell/web_exports.cpp)
//   api.js             window.catan for integrators and tests
//   embedding.js       the postMessage API: events to the embedding page, its commands
//   persistence.js     the game saved in localStorage after every change, resumed on reload
//   startup.js         what the page shows first (links, the saved game, a question between)
//   share.js           share links and replay links
//   room.js            online rooms: web/net/room.js loaded when one opens
//   service_worker.js  offline play, and updates applied between games (web/sw.js)
//   lifecycle.js       the start-up's one `ready` (or fatal `error`) and catan.ready
//   page.js, params.js, release.js, perf.js, config_tables.js: what they share.
// This module wires them: the frame loop that polls the bridge for events and saves, and the
// start once the app has attached its bridge.
import { newGame } from './api.js';
import { call, callList, callVoid, runtime, setPaused } from './bridge.js';
import { post, takeCommands } from './embedding.js';
import { settle, showFatal, timing } from './lifecycle.js';
import { load, missingFeatures } from './loader.js';
import { $, errorText, notice, query } from './page.js';
import { perf } from './perf.js';
import { persist, saveMuted, sound } from './persistence.js';
import { registerServiceWorker, watchReleases } from './service_worker.js';
import { roomEvent } from './room.js';
import { share } from './share.js';
import { startFirstGame } from './startup.js';

let framesSinceReady = 0;
function tick(now) {
  perf.frame(now);
  if (runtime.ready) {
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

function attached() {
  try { return call('catan_web_attached', 'number') === 1; } catch (e) { return false; }
}

// The browser tests' harness sets window.catanTestHooks (page.addInitScript) before any of
// the page's scripts run; the shipped pages never do, and no URL or message can.
function enableTestHooks() {
  if (window.catanTestHooks === true) callVoid('catan_web_enable_test_hooks');
}

function start() {
  runtime.ready = true;
  timing.navigationToReady = Math.round(performance.now());
  $('loading').hidden = true;
  document.body.classList.add('running');
  try {
    enableTestHooks();
    callVoid('catan_web_set_muted', ['number'], [sound.muted ? 1 : 0]);
    if (query.page.theme === 'colorblind') callVoid('catan_web_set_colorblind', ['number'], [1]);
    startFirstGame();
  } catch (e) {
    console.error('[catan] starting the first game failed:', e);
    notice('The game could not be started: ' + errorText(e), 'error', true);
    post('error', { errors: ['the first game could not be started: ' + errorText(e)] });
  }
  settle(null);
  $('canvas').focus();
}

// main() attaches the bridge before it enters the main loop; wait for that, then go.
function waitForApp(tries = 0) {
  if (attached()) {
    start();
    return;
  }
  if (tries > 500) {
    showFatal('The game did not start', ['The app never attached its JavaScript bridge.']);
    return;
  }
  setTimeout(() => waitForApp(tries + 1), 10);
}

const loadHooks = {
  perf,
  onBytes: (n) => { timing.loadBytes = n; },
  onAbort: (what) => showFatal('The game stopped because of an internal error', [String(what)]),
  onContextLost: () => showFatal('The graphics context was lost', ['Reload the page to continue; your game is saved.']),
  share: (kind) => { share(kind).catch((e) => console.warn('[catan] share:', e && e.message)); },
  muted: (m) => saveMuted(m),
  room: roomEvent,
};

function go() {
  window.addEventListener('pagehide', () => { if (runtime.ready) persist(); });
  document.addEventListener('visibilitychange', () => { if (runtime.ready && document.hidden) persist(); });
  takeCommands({ ready: () => runtime.ready, setPaused, newGame });
  const missing = missingFeatures();
  if (missing.length) {
    for (const m of missing) console.error('[catan] ' + m);
    showFatal('This browser cannot run the game', missing.concat([
      'Try a current Chrome, Edge, Firefox or Safari with hardware acceleration enabled.']));
    return;
  }
  requestAnimationFrame(tick);
  watchReleases();
  load(loadHooks)
    .then((M) => {
      runtime.M = M;
      waitForApp();
      registerServiceWorker().catch((e) => console.warn('[catan] service worker:', e && e.message));
    })
    .catch((e) => {
      console.error('[catan] loading failed:', e);
      showFatal('The game could not be loaded', [errorText(e),
        navigator.onLine === false ? 'You are offline and this page was not saved for offline use yet.' : 'Check your connection and reload.']);
    });
}

go();
