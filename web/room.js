// Online rooms, as far as a page that never opens one needs: the app's room events
// (Module.catanRoom) and an invitation link's fragment (#room=...&key=...) load web/net/room.js,
// which runs the room; until then nothing of web/net or web/vendor is fetched.
import { errorText, notice } from './page.js';

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
