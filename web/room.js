// Online rooms, as far as a page that never opens one needs: the app's room events
// (Module.catanRoom) and an invitation link's fragment (#room=...&key=...) load web/net/room.js,
// which runs the room; until then nothing of web/net or web/vendor is fetched.
import { callJson } from './bridge.js';
import { errorText, notice } from './page.js';
import { store } from './persistence.js';

// Where a hosting page keeps its room for a reload: {room, key, snapshot} (web/net/room.js).
export const HOSTED_KEY = 'catan.hosted-room';

// A fragment that names a room (the damaged ones included: web/net/room.js explains those).
export const roomLinked = () => /(^#|&)room=/.test(location.hash);

let loading = null;
function roomModule() {
  if (!loading) {
    loading = import('./net/room.js').catch((e) => {
      loading = null;
      console.error('[catan] online play could not be loaded:', e);
      notice('Online play could not be loaded: ' + errorText(e) +
        (navigator.onLine === false ? ' (you are offline)' : ''), 'error', true);
      return null;
    });
  }
  return loading;
}

// Module.catanRoom({event, text}): 'hosting', 'copy-link', 'closed' and the code exchange's
// events (frontend/room_codes.h; shell/web_page_hooks.cpp).
export function roomEvent(message) {
  const event = message && typeof message === 'object' ? message.event : undefined;
  if (typeof event !== 'string') return;
  // A room closed before one ever opened needs no module.
  if (event === 'closed' && !loading) return;
  const text = typeof message.text === 'string' ? message.text : '';
  roomModule().then((m) => {
    if (m) m.onRoomEvent(event, text);
  });
}

// Startup with an invitation link: joins the room it names (true), or false without one. A
// damaged link is explained and the page starts as without it: fallback().
export function joinLinkedRoom(fallback) {
  if (!roomLinked()) return false;
  roomModule().then((m) => {
    if (m) m.joinFromLink(location.hash, fallback);
  });
  return true;
}

// Start-up after a reload of a page that hosted a room: the app resumes the kept room (its game,
// its seats kept for the guests' tokens) and web/net/room.js opens the same room name and key
// on the relays, so the guests' links still work (true). false without a kept room; a kept room
// that cannot be resumed is explained, set aside under HOSTED_KEY + '.damaged', and the page
// starts as without it.
export function resumeHostedRoom() {
  const text = store.get(HOSTED_KEY);
  if (!text) return false;
  let kept = null;
  try {
    kept = JSON.parse(text);
  } catch (e) {
    kept = null;
  }
  const usable = kept && typeof kept === 'object' && typeof kept.room === 'string' && typeof kept.key === 'string' &&
    typeof kept.snapshot === 'string';
  const r = usable ? callJson('catan_web_room_resume', ['string'], [kept.snapshot])
    : { ok: false, error: 'the saved room is damaged (not a saved room)' };
  if (r.ok !== true || r.over === true) {
    store.remove(HOSTED_KEY);
    if (r.ok !== true) {
      store.set(HOSTED_KEY + '.damaged', text);
      console.error('[catan] the hosted room could not be resumed: ' + r.error);
      notice('Your online room could not be resumed after the reload: ' + r.error, 'error', true);
    } else {
      callJson('catan_web_room_close');
    }
    return false;
  }
  notice('Your online room was resumed after the reload: your friends reconnect by the same link.', 'info');
  roomModule().then((m) => {
    if (m) m.resumeHosting(kept.room, kept.key);
  });
  return true;
}
