// The service worker (web/sw.js) serves one release from its cache. A new release installs
// beside it and waits: the page offers "A new version is ready" and switches when the player
// says so (the game is saved and resumes after the reload). A page that loads while a release
// waits and is the only page of this deployment asks for the switch at once; if it comes
// before the app has started, the page reloads into the new release, else it carries on (the
// browser decides when the old worker is done, so this is a best effort).
import { runtime } from './bridge.js';
import { $, notice } from './page.js';
import { persist } from './persistence.js';
import { RELEASE } from './release.js';

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
  if (!navigator.serviceWorker.controller) return;
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg || !reg.waiting) return;
  const reply = await askWorker(reg.waiting, { type: 'skipWaiting', onlyIfAlone: true }, 3000);
  if (reply && reply.applied) switchOnLoad = true;
}

function controllerChanged() {
  if (applyingUpdate || (switchOnLoad && !runtime.ready)) {
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
  if (runtime.ready) persist();
  const waiting = swRegistration && swRegistration.waiting;
  if (!waiting) { location.reload(); return; }
  waiting.postMessage({ type: 'skipWaiting' });
}

// At page load: the update button, and a waiting release taken at once when this page is
// the deployment's only one.
export function watchReleases() {
  const updateButton = $('update-apply');
  if (updateButton) updateButton.addEventListener('click', applyUpdate);
  if (!SW_ON) return;
  navigator.serviceWorker.addEventListener('controllerchange', controllerChanged);
  askForWaitingRelease().catch((e) => console.warn('[catan] service worker:', e && e.message));
}

// Once the app is loaded: registers sw.js and offers the releases it installs.
export async function registerServiceWorker() {
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
