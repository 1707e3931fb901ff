// Share links (the board from the board seed) and replay links (finished games only), made
// from the page's own address; the app's menu asks for them (share()).
import { callText, flatFromState, gameOver, requireReady, runtime, spectatorState } from './bridge.js';
import { notice } from './page.js';
import * as P from './params.js';

// While mist or terra incognita hides the island (setup), the board seed is withheld from
// every view: it lays out the terrain, so a board link would reveal it. No link until then.
const FOGGED_LINK = 'The board link is available once the setup is over: until then it would reveal the hidden island.';

function islandHidden() {
  const s = spectatorState();
  return !!s && !(s.session.config && typeof s.session.config.seed === 'string');
}

export function shareLink() {
  requireReady();
  if (islandHidden()) {
    console.info('[catan] shareLink(): ' + FOGGED_LINK);
    return null;
  }
  const flat = flatFromState();
  if (!flat) return null;
  const base = new URL('index.html', location.href);
  base.search = P.toQuery(flat);
  return base.toString();
}

export function gameCodeOfFinishedGame() {
  requireReady();
  if (!gameOver()) return null;
  return callText('catan_web_game_code') || null;
}

export function replayLink() {
  const code = gameCodeOfFinishedGame();
  if (!code) return null;
  const base = new URL('index.html', location.href);
  base.search = '';
  base.hash = 'game=' + code;
  return base.toString();
}

// The app's one menu (frontend/overlays.cpp, natively the same) asks for a link: the page
// makes it from its own address and copies it. The tap that asked was a frame ago, so the
// browser still counts it as the user's gesture for the clipboard.
export async function share(kind) {
  const ready = runtime.ready;
  const [text, what, none] = kind === 'replay'
    ? [ready ? replayLink() : null, 'Replay link', 'Replay links are available when the game has ended.']
    : [ready ? shareLink() : null, 'Board link', ready && islandHidden() ? FOGGED_LINK : 'Start a game first.'];
  if (!text) { notice(none, 'warn'); return; }
  try {
    await navigator.clipboard.writeText(text);
    notice(`${what} copied to the clipboard.`, 'info');
  } catch (e) {
    window.prompt(`${what}:`, text);
  }
}
