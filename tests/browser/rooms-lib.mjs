// Helpers of the online rooms' browser tests (features/rooms.mjs, features/rooms-chat.mjs): the
// site served with the relays let through, a page with the room's texts recorded, the app's room
// exports, and the lobby driven by its widgets where they show.
import {
  assert, atRoot, frames, instrument, newContext, serve, site, sleep, waitFor, waitReady,
} from './lib.mjs';
import { tapOrClickUi } from './ui.mjs';

// The site with the page's policy letting WebSocket reach this machine's relays (ws:, where the
// public relays are wss:): nothing else of the site changes. {own: the server, pageBase}.
const CSP_META = /(http-equiv="Content-Security-Policy"\s+content="[^"]*connect-src 'self' wss:)/;
export async function serveRoomsSite() {
  const own = await serve(atRoot(site), (p, text) => (p === '/index.html'
    ? text.replace(CSP_META, (m, head) => `${head} ws://127.0.0.1:*`) : text));
  return { own, pageBase: `http://127.0.0.1:${own.address().port}/` };
}

// A page with the test hooks, these relays, and the room's texts recorded with their times:
// window.__room = {in: [[ms, peer, text]], out: [...], invite: link}, ms on the machine's clock
// (performance.timeOrigin + performance.now()) so that times of different pages compare;
// window.__longTasks = [[start ms, duration ms]], the page's main-thread tasks over 50 ms;
// window.__glQueries, the WebGL 2 getParameter calls that reach the browser, by pname.
export async function roomPage(device, relays) {
  const context = await newContext({ serviceWorkers: 'block', ...device });
  await context.addInitScript((r) => {
    window.catanTestRelays = r;
    window.__room = { in: [], out: [], invite: null };
    window.catanTestRoomTap = (direction, peer, text) => {
      if (direction === 'invite' || direction === 'qr') window.__room[direction] = text;
      else window.__room[direction].push([performance.timeOrigin + performance.now(), peer, text]);
    };
    // The WebGL queries that reach the browser (web/loader.js answers the UI's own): {pname: count}.
    window.__glQueries = {};
    const getParameter = WebGL2RenderingContext.prototype.getParameter;
    WebGL2RenderingContext.prototype.getParameter = function (pname) {
      window.__glQueries[pname] = (window.__glQueries[pname] || 0) + 1;
      return getParameter.call(this, pname);
    };
    window.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([performance.timeOrigin + e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    } catch (e) { /* no long task timing in this browser */ }
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  }, relays);
  const page = instrument(await context.newPage());
  return { context, page, touch: !!device.hasTouch };
}

// Calls a catan_web_room_* export in the page: its JSON answer.
export function roomCall(page, name, types = [], args = []) {
  return page.evaluate(([n, t, a]) => JSON.parse(window.Module.ccall(n, 'string', t, a)), [name, types, args]);
}
export const status = (page) => roomCall(page, 'catan_web_room_status');

// ------------------------------------------------------------------ driving the lobby
// By the app's widgets where it names them (test ids), else by its exports; `how` records which.
export const how = new Set();
export async function hasUi(page, id) {
  return page.evaluate((i) => {
    const v = window.catan.view();
    return !!(v && v.uiRects && v.uiRects[i]);
  }, id);
}
export async function clickOrCall(page, touch, id, exportName, types, args) {
  if (await hasUi(page, id)) {
    how.add(`${id}: ${touch ? 'tap' : 'click'}`);
    await tapOrClickUi(page, id, touch);
    return { ok: true };
  }
  how.add(`${id}: ${exportName}()`);
  const r = await roomCall(page, exportName, types, args);
  await frames(page, 3);
  return r;
}

// The host opens a room (You, Friend, Friend, a Normal bot) and waits for its invitation link.
export async function hostOpens(host, options = {}) {
  await waitReady(host.page);
  const config = JSON.stringify({ seats: 'human,human,human,ai:normal', speed: 20, ...options });
  const r = await roomCall(host.page, 'catan_web_room_host', ['string'], [config]);
  assert(r.ok, 'catan_web_room_host: ' + JSON.stringify(r));
  how.add('open room: catan_web_room_host()');
  // The app tells the page (Module.catanRoom 'hosting') when its own lobby opens the room.
  await sleep(1000);
  if (!(await host.page.evaluate(() => window.__room.invite))) {
    how.add("'hosting' event: sent by the test");
    await host.page.evaluate(() => window.Module.catanRoom({ event: 'hosting' }));
  }
  return waitFor(host.page, () => window.__room.invite, null, { timeout: 30000 });
}

// A guest opens the link and waits for the room (the host's `room` message): ms from opening.
export async function guestOpens(guest, link) {
  const t0 = Date.now();
  await guest.page.goto(link);
  // A guest whose first try finds no host tries again after joinHost's 30 s (web/net/room.js).
  await waitFor(guest.page, () => window.__room.in.some(([, , t]) => t.includes('"t":"room"')), null, { timeout: 100000 });
  return Date.now() - t0;
}

// A guest joins (any open seat); with none open it watches (seat -1, no token).
export async function guestJoins(guest, name) {
  const rooms = () => window.__room.in.filter(([, , t]) => t.includes('"t":"room"')).length;
  const before = await guest.page.evaluate(rooms);
  if (await hasUi(guest.page, 'room_name')) {
    how.add(`guest name and Join: ${guest.touch ? 'taps' : 'clicks'} and typing`);
    await tapOrClickUi(guest.page, 'room_name', guest.touch);
    await guest.page.keyboard.type(name, { delay: 20 });
    await frames(guest.page, 4);
    await tapOrClickUi(guest.page, 'room_join', guest.touch);
  } else {
    how.add('join: catan_web_room_guest()');
    const r = await roomCall(guest.page, 'catan_web_room_guest', ['number', 'string', 'string'], [-1, name, '']);
    assert(r.ok, `join ${name}: ${JSON.stringify(r)}`);
  }
  await waitFor(guest.page, (n) => window.__room.in.filter(([, , t]) => t.includes('"t":"room"')).length > n,
    before, { timeout: 20000 });
  const s = await status(guest.page);
  assert(s.room && Number.isInteger(s.room.seat), `${name}: no seat in ${JSON.stringify(s)}`);
  if (s.room.seat >= 0) assert(s.room.seats[s.room.seat].name === name, `${name} sits as ${JSON.stringify(s.room.seats[s.room.seat])}`);
  return s.room;
}

export async function hostStarts(host) {
  const r = await clickOrCall(host.page, host.touch, 'room_start', 'catan_web_room_start');
  assert(r.ok, 'start: ' + JSON.stringify(r));
}
