// window.catan, the page's API for integrators and tests (docs/WEB.md): the game's state as
// the shown seat sees it, its legal moves and actions, new games, saves and links (those that
// hold the play seed only once the game is over), and events through on(fn).
import { callJson, callList, callText, callVoid, gameOver, requireReady, runtime, setPaused, startGame } from './bridge.js';
import { listen } from './embedding.js';
import { readyPromise, timing } from './lifecycle.js';
import { PAGE } from './page.js';
import * as P from './params.js';
import { perf } from './perf.js';
import { loadSave, saveKey, saveMuted, sound } from './persistence.js';
import { RELEASE } from './release.js';
import { gameCodeOfFinishedGame, replayLink, shareLink } from './share.js';
import { loadGameCode } from './startup.js';

export function setMuted(m) {
  saveMuted(m);
  if (runtime.ready) callVoid('catan_web_set_muted', ['number'], [sound.muted ? 1 : 0]);
}

// A new game from a config object ({} for a default game; a missing config is an error).
export function newGame(config, source) {
  const parsed = P.parseConfig(config);
  if (parsed.errors.length) return { ok: false, error: parsed.errors.join('; '), errors: parsed.errors };
  if (parsed.config.muted !== undefined) setMuted(parsed.config.muted);
  if (parsed.config.theme !== undefined) {
    callVoid('catan_web_set_colorblind', ['number'], [parsed.config.theme === 'colorblind' ? 1 : 0]);
  }
  return startGame(P.gameConfig(parsed.config), source);
}

// state(seat): no seat = the view of the seat whose screen is shown; a seat number; -1 a
// spectator; "all" every hand (refused by the bridge until the game is over).
function viewSeat(seat) {
  if (seat === undefined) return -2;
  if (seat === 'all') return 99;
  const n = typeof seat === 'number' || (typeof seat === 'string' && /^-?\d$/.test(seat)) ? Number(seat) : Number.NaN;
  return Number.isInteger(n) && n >= -1 && n <= 3 ? n : null;
}

window.catan = {
  ready: readyPromise,
  page: PAGE,
  get version() { return RELEASE.version; },
  get loaded() { return runtime.ready; },
  timing,
  perf,
  state(seat) {
    requireReady();
    const s = viewSeat(seat);
    if (s === null) return { ok: false, error: 'seat must be a seat number, -1 (spectator) or "all"' };
    return callJson('catan_web_state', ['number'], [s]);
  },
  legal() { requireReady(); return callList('catan_web_legal', 'actions'); },
  act(action) {
    requireReady();
    if (typeof action !== 'string' || action.length > 200) return { ok: false, error: 'the action must be a string' };
    return callJson('catan_web_act', ['string'], [action]);
  },
  newGame(config) {
    requireReady();
    const r = newGame(config, 'catan.newGame');
    return r.ok ? r : { ok: false, error: r.error };
  },
  pause() { requireReady(); setPaused(true); },
  resume() { requireReady(); setPaused(false); },
  setSpeed(x) { requireReady(); callVoid('catan_web_set_speed', ['number'], [Number(x)]); },
  setMuted(m) { setMuted(m); },
  get muted() { return sound.muted; },
  save() {
    requireReady();
    if (!gameOver()) {
      console.info('[catan] catan.save() returns the game once it is over (a save holds the dice and the deck)');
      return null;
    }
    return callText('catan_web_save') || null;
  },
  load(text) { requireReady(); return loadSave(String(text), 'catan.load'); },
  gameCode: gameCodeOfFinishedGame,
  loadGameCode(code) { requireReady(); return loadGameCode(code); },
  shareLink,
  replayLink,
  // Where the board view drew things, in CSS pixels relative to the canvas.
  view() { requireReady(); return callJson('catan_web_view'); },
  board() { requireReady(); return callJson('catan_web_board'); },
  saveKey,
  on: listen,
};
