// The calls into app.wasm (the catan_web_* exports, shell/web_exports.cpp). Every call is
// guarded: an exception from the wasm side or an unreadable result becomes {ok: false, error}
// (or an empty list / text), so no caller can be left half-done.
import { hasOwn } from './params.js';
import { errorText } from './page.js';

// The Emscripten Module once running, and whether the app has attached its bridge.
export const runtime = { M: null, ready: false };

export function requireReady() {
  if (!runtime.ready) throw new Error('catan: the app is still loading (await catan.ready)');
}

// Text arguments cross as heap copies: ccall would copy them onto the module's 5 MiB stack,
// which a string of a million characters overflows. A copy holds at most MAX_ARG_BYTES (more
// than any export reads, so the export's own size check refuses a longer text), and a text
// with a NUL character is refused here (C would read it as the end of the text). The stack
// pointer is put back after every call, one that throws included.
const MAX_ARG_BYTES = 16 * 1024 * 1024 + 1;
const ARG_NAMES = {
  catan_web_act: 'action', catan_web_new_game: 'config', catan_web_load: 'saved game', catan_web_load_game_code: 'game code',
  catan_web_room_peer_message: 'message', catan_web_room_host_message: 'message', catan_web_room_set_invite: 'invitation',
  catan_web_room_set_connection: 'connection status', catan_web_room_connect: 'rejoin token', catan_web_room_peer_joined: 'peer id',
  catan_web_room_peer_left: 'peer id', catan_web_room_resume: 'saved room',
};
class Refused extends Error {}

export function call(name, ret, types, args) {
  const M = runtime.M;
  if (!M) throw new Error('the app is not running');
  types = types || [];
  args = args || [];
  const heap = [];
  const sp = typeof M.stackSave === 'function' ? M.stackSave() : null;
  try {
    const cTypes = [], cArgs = [];
    for (let i = 0; i < args.length; ++i) {
      if (types[i] !== 'string') { cTypes.push(types[i]); cArgs.push(args[i]); continue; }
      const s = String(args[i]);
      if (s.includes('\0')) throw new Refused(`the ${hasOwn(ARG_NAMES, name) ? ARG_NAMES[name] : 'text'} holds a NUL character`);
      const n = Math.min(M.lengthBytesUTF8(s), MAX_ARG_BYTES) + 1;
      const p = M._malloc(n);
      if (!p) throw new Error('out of memory');
      heap.push(p);
      M.stringToUTF8(s, p, n);
      cTypes.push('number');
      cArgs.push(p);
    }
    return M.ccall(name, ret, cTypes, cArgs);
  } finally {
    if (sp !== null) M.stackRestore(sp);
    for (const p of heap) M._free(p);
  }
}

export function callJson(name, types, args) {
  let text;
  try {
    text = call(name, 'string', types, args);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.message };
    console.error(`[catan] ${name} failed:`, e);
    return { ok: false, error: `${name} failed (${errorText(e)})` };
  }
  try {
    const v = JSON.parse(text);
    if (v !== null && typeof v === 'object') return v;
  } catch (e) { /* reported below */ }
  console.error(`[catan] ${name} returned an unreadable result`);
  return { ok: false, error: `${name} returned an unreadable result` };
}

// A list result: the bridge returns an array (or an object holding it under `key`).
export function callList(name, key) {
  const v = callJson(name);
  if (Array.isArray(v)) return v;
  if (v && hasOwn(v, key) && Array.isArray(v[key])) return v[key];
  return [];
}

export function callText(name) {
  try {
    const t = call(name, 'string');
    return typeof t === 'string' ? t : '';
  } catch (e) {
    console.error(`[catan] ${name} failed:`, e);
    return '';
  }
}

export function callVoid(name, types, args) {
  try { call(name, null, types, args); } catch (e) { console.error(`[catan] ${name} failed:`, e); }
}

export const failed = (r, fallback) => ({ ok: false, error: r && typeof r.error === 'string' ? r.error : fallback });

export const setPaused = (paused) => callVoid('catan_web_set_paused', ['number'], [paused ? 1 : 0]);

export function startGame(flat, source) {
  const r = callJson('catan_web_new_game', ['string'], [JSON.stringify(flat)]);
  if (r.ok !== true) {
    const f = failed(r, 'the game could not be started');
    console.error(`[catan] ${source}: ${f.error}`);
    return f;
  }
  return { ok: true, config: r.config };
}

// The spectator's view of the running game, or null.
export function spectatorState() {
  const s = callJson('catan_web_state', ['number'], [-1]);
  return s.ok === true && s.session && s.session.active && s.state ? s : null;
}

// Saves and replay codes hold the play seed (dice, deck, steals): handed out only once the
// game is over.
export function gameOver() {
  const s = spectatorState();
  return !!s && s.state.phase === 'game_over';
}

// Rebuilds a flat config from the running game (for share links of resumed games).
export function flatFromState() {
  const s = spectatorState();
  if (!s) return null;
  try {
    const c = s.session.config;
    const o = c.options || {};
    const flat = { seed: String(c.seed), seats: c.seats.map((x) => x.kind === 'human' ? 'human' : `ai:${x.level}:${x.personality}`) };
    for (const k of ['mode', 'board', 'visibility', 'dice']) if (typeof o[k] === 'string') flat[k] = o[k];
    if (typeof o.vp === 'number' && o.mode === 'custom') flat.vp = o.vp;
    else if (typeof o.vp_target === 'number' && o.mode === 'custom') flat.vp = o.vp_target;
    if (typeof o.timer === 'number' && o.timer > 0) flat.timer = o.timer;
    return flat;
  } catch (e) {
    console.error('[catan] the game config is unreadable:', e);
    return null;
  }
}
