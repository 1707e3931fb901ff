// The postMessage API for embedding pages: the events posted to the embedder (and to
// window.catan.on listeners) and the commands taken from it (docs/WEB.md, docs/SECURITY.md).
//
// The API is embed.html's; index.html takes part only when its URL names the embedding page
// (origin=), so a page that merely frames it gets no events and no control. Safe default:
// events go only to the embedding page's own origin, taken from the referrer (the browser
// sends at least the origin by default); "*" only when the URL says origin=*. Without a
// referrer and without origin=, nothing is posted (a console warning says why). Commands are
// accepted only from window.parent and, unless origin=*, from that origin.
import { hasOwn } from './params.js';
import { EMBEDDED, PAGE, query } from './page.js';

const MESSAGING = PAGE === 'embed' || query.page.origin !== undefined;
let targetOrigin = MESSAGING ? query.page.origin || null : null;
if (MESSAGING && !targetOrigin && document.referrer) {
  try { targetOrigin = new URL(document.referrer).origin; } catch (e) { targetOrigin = null; }
}
if (EMBEDDED && !MESSAGING) {
  console.info('[catan] index.html in a frame: no events are posted and no commands taken ' +
    '(use embed.html, or add ?origin=<the embedding page\'s origin>).');
} else if (EMBEDDED && !targetOrigin) {
  console.warn('[catan] embedded without a known parent origin: events are not posted. ' +
    'Add ?origin=<the embedding page\'s origin> (or origin=* to allow any).');
}

const listeners = new Set();
const RESERVED = new Set(['source', 'version', 'type']);

// window.catan.on(fn): fn gets every event; returns the function that removes it.
export function listen(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Every message is {source: "catan", version: 1, type, ...}; a payload never overrides
// those three fields, and its keys are copied as own data (never through a setter).
export function post(type, payload) {
  const msg = { source: 'catan', version: 1, type };
  if (payload) {
    for (const k of Object.keys(payload)) {
      if (RESERVED.has(k)) continue;
      Object.defineProperty(msg, k, { value: payload[k], enumerable: true, writable: true, configurable: true });
    }
  }
  listeners.forEach((fn) => {
    try { fn(msg); } catch (e) { console.error(e); }
  });
  if (EMBEDDED && targetOrigin) {
    try { window.parent.postMessage(msg, targetOrigin); } catch (e) { console.warn('[catan] postMessage failed', e); }
  }
}

const COMMANDS = new Set(['newGame', 'pause', 'resume']);
const MESSAGE_FIELDS = new Set(['type', 'config', 'source', 'version']);

// A message that is not a command from this page's embedder is ignored with a console
// warning saying why; null when it is one.
function refusal(ev) {
  if (!MESSAGING) return 'ignored a message: index.html takes commands only with ?origin= (or use embed.html)';
  if (targetOrigin !== '*' && ev.origin !== targetOrigin) {
    return `ignored a message from ${ev.origin} (expected ${targetOrigin || 'an origin= parameter'})`;
  }
  const d = ev.data;
  if (!d || typeof d !== 'object' || Array.isArray(d) || !hasOwn(d, 'type') || typeof d.type !== 'string') {
    return ['ignored a malformed message (expected an object with a string "type"):', d];
  }
  if (!COMMANDS.has(d.type)) {
    return `ignored an unknown command "${d.type.slice(0, 40)}" (known: ${[...COMMANDS].join(', ')})`;
  }
  const extra = Object.keys(d).filter((k) => !MESSAGE_FIELDS.has(k))
    .concat(hasOwn(d, 'config') && d.type !== 'newGame' ? ['config'] : []);
  if (extra.length) {
    return `ignored a malformed "${d.type}" command (unexpected fields: ${extra.map((k) => k.slice(0, 40)).join(', ')})`;
  }
  return null;
}

// Takes the embedder's commands once the app runs: `app` is {ready(), setPaused(bool),
// newGame(config, source) -> {ok, error, errors}}.
export function takeCommands(app) {
  window.addEventListener('message', (ev) => {
    if (ev.source !== window.parent || window.parent === window) return; // not from our embedder
    const why = refusal(ev);
    if (why) {
      if (Array.isArray(why)) console.warn('[catan] ' + why[0], why[1]);
      else console.warn('[catan] ' + why);
      return;
    }
    const d = ev.data;
    if (!app.ready()) {
      console.warn(`[catan] ignored "${d.type}": the app is still loading (wait for the ready event)`);
      return;
    }
    if (d.type === 'pause' || d.type === 'resume') {
      app.setPaused(d.type === 'pause');
      post(d.type === 'pause' ? 'paused' : 'resumed', {});
      return;
    }
    const r = app.newGame(hasOwn(d, 'config') ? d.config : undefined, 'newGame command');
    if (!r.ok) {
      console.warn('[catan] ignored a newGame command: ' + r.error);
      post('error', { command: 'newGame', errors: r.errors || [r.error] });
    }
  });
}
