// The page's saves in localStorage: the game after every change (one slot per page, which
// the app's "Continue last game" reads too), resumed on reload; a save that cannot be resumed
// is set aside, never lost silently; and the page's settings (muted).
import { callJson, callText, failed } from './bridge.js';
import { post } from './embedding.js';
import { startup } from './lifecycle.js';
import { EMBEDDED, PAGE, notice, query } from './page.js';
import { hasOwn } from './params.js';

const KEY_SETTINGS = 'catan.settings.v1';
const MAX_SAVE = 16 * 1024 * 1024; // longest saved game accepted (the bridge has the same limit)

// Storage that never throws.
export const store = {
  get(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch (e) {
      if (!store.warned) {
        store.warned = true;
        console.warn('[catan] could not save to localStorage:', e && e.message);
        notice('Your browser does not let this page save the game (storage full or blocked).', 'warn');
      }
      return false;
    }
  },
  remove(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* ignore */ }
  },
};

// Earlier builds of the app kept a copy of the game under "catan.app.save", shared by every
// page; the app now reads the page's own slot: dropped.
store.remove('catan.app.save');

// Only the known settings are read back, with their types checked.
const settings = (() => {
  let s = null;
  try { s = JSON.parse(store.get(KEY_SETTINGS) || 'null'); } catch (e) { s = null; }
  const out = {};
  if (s && typeof s === 'object' && hasOwn(s, 'muted') && typeof s.muted === 'boolean') out.muted = s.muted;
  return out;
})();

// Muted: URL wins, then the saved setting, then muted by default when embedded.
export const sound = {
  muted: query.page.muted !== undefined ? query.page.muted
    : settings.muted !== undefined ? settings.muted : (PAGE === 'embed' || EMBEDDED),
};
export function saveMuted(m) {
  sound.muted = !!m;
  settings.muted = sound.muted;
  store.set(KEY_SETTINGS, JSON.stringify(settings));
}

function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h.toString(36);
}

// Where saves go: the main page has one slot; index.html inside another page's frame has its
// own, and so has each embed configuration, so no framed page reads or overwrites the
// visitor's own game.
export const saveKey = PAGE === 'index' ? (EMBEDDED ? 'catan.framed' : 'catan.save') :
  'catan.embed.' + (query.present ? hashString(location.search) : 'default');

// The outline of a saved game, checked before the bridge sees it (the bridge checks the
// rest and replays the history). Returns an error text or null.
function saveProblem(text) {
  let j;
  try { j = JSON.parse(text); } catch (e) { return 'the saved game is corrupt (not valid JSON)'; }
  const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
  if (!isObject(j) || !hasOwn(j, 'format') || j.format !== 'catan-web-save') return 'the saved game is corrupt (not a Catan save)';
  if (!hasOwn(j, 'version') || typeof j.version !== 'number') return 'the saved game is corrupt (no version)';
  if (!hasOwn(j, 'config') || !isObject(j.config)) return 'the saved game is corrupt (no config)';
  if (!hasOwn(j, 'game') || !isObject(j.game)) return 'the saved game is corrupt (no game)';
  return null;
}

export function loadSave(text, what) {
  // The bridge reads at most 16 MiB (match::kMaxWebSaveText); a longer text is not parsed.
  const problem = text.length > MAX_SAVE ? 'the saved game is too large (over 16 MiB)'
    : saveProblem(text);
  const r = problem ? { ok: false, error: problem } : callJson('catan_web_load', ['string'], [text]);
  if (r.ok !== true) {
    const f = failed(r, 'the saved game could not be loaded');
    console.error(`[catan] ${what}: ${f.error}`);
    return f;
  }
  return { ok: true };
}

// hold: true while the player chooses between a link and the saved game in progress:
// nothing is written over that game until the choice is made.
export const saving = { hold: false };
export function persist() {
  if (saving.hold) return;
  const text = callText('catan_web_save');
  if (text) store.set(saveKey, text);
}

// The saved game when it is still being played: {text, turn}, else null.
export function unfinishedSave() {
  const text = store.get(saveKey);
  if (!text) return null;
  let phase = null, turn = null;
  try {
    const st = JSON.parse(text).game.state;
    phase = st.phase;
    turn = typeof st.turn === 'number' ? st.turn : null;
  } catch (e) { /* unreadable: kept as if unfinished */ }
  return phase === 'game_over' ? null : { text, turn };
}

// Keeps the old game aside under saveKey + '.previous' before a link's game replaces it;
// false when the copy could not be stored.
export const keepPrevious = (text) => store.set(saveKey + '.previous', text);

export function resumeSaved() {
  const text = store.get(saveKey);
  if (!text) return false;
  const r = loadSave(text, 'saved game');
  if (r.ok) {
    notice('Resumed your game.', 'info');
    startup.save = { ok: true };
    return true;
  }
  setAside(text, r.error);
  return false;
}

// Keeps a save that cannot be resumed aside under saveKey + '.rejected' (never lost
// silently), then reports it. The slot is emptied first so that a large save fits; if the
// copy is still refused, the save goes back.
export function setAside(text, error, next = 'a new game can be started') {
  let version = null;
  try { version = text.length <= MAX_SAVE ? JSON.parse(text).version : null; } catch (e) { version = null; }
  const keptAs = saveKey + '.rejected';
  store.remove(saveKey);
  const kept = store.set(keptAs, text);
  if (!kept) store.set(saveKey, text);
  startup.save = kept ? { ok: false, error: error, keptAs } : { ok: false, error: error };
  post('error', { errors: ['saved game: ' + error] });
  const outdated = /outdated/.test(error) || (typeof version === 'number' && version !== 1);
  notice((outdated ? 'Your saved game is from another version and cannot be resumed: '
    : 'Your saved game is damaged and cannot be resumed: ') + error +
    (kept ? '. It was set aside; ' + next + '.'
      : '. It could not be set aside (storage full): a new game will replace it.'), 'error', true);
}
