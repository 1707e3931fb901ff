// What the online rooms' features share (tests/browser/features/rooms*.mjs): the site served with
// the page's policy letting WebSocket reach this machine's relays, a page with the test hooks and
// its room's texts recorded, and the catan_web_room_* calls.
import { atRoot, instrument, newContext, serve, site } from './lib.mjs';

// The site with the page's policy letting WebSocket reach this machine's relays (ws:, where the
// public relays are wss:): nothing else of the site changes. {server, pageBase}.
const CSP_META = /(http-equiv="Content-Security-Policy"\s+content="[^"]*connect-src 'self' wss:)/;
export async function roomSite() {
  const server = await serve(atRoot(site), (p, text) => (p === '/index.html'
    ? text.replace(CSP_META, (m, head) => `${head} ws://127.0.0.1:*`) : text));
  return { server, pageBase: `http://127.0.0.1:${server.address().port}/` };
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
