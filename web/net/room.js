// The page's side of an online room (docs/MULTIPLAYER.md): the app (frontend/room_play.h behind
// the catan_web_room_* exports) runs the room and speaks its messages; this module carries them
// over web/net's transport and tells the app what the transport does. Loaded by web/room.js the
// first time a room opens or an invitation link is opened.
//
//   hosting: the app's 'hosting' event -> openHost (automatic signalling, a fresh room) -> the
//            invitation link and its QR code to the app; each guest's channel: peer_joined,
//            peer_message, peer_left.
//   joining: #room=...&key=... -> catan_web_room_connect(saved token) -> joinHost -> the host's
//            texts to catan_web_room_host_message; the seat and rejoin token, once the host gives
//            them, saved under catan.room.<room>.
//   both:    catan_web_room_outbox() drained every 50 ms (an interval, which background tabs
//            still run), right after every frame of the app and right after each call into the
//            room. Hosting in a hidden tab (no frames), the interval runs the room too.
//
// Everything a peer sends goes to the app, which checks it; here a text is only passed on, and
// nothing a peer sends or does can throw out of this module.
import { callJson, callList } from '../bridge.js';
import { cleanUrl, errorText, notice } from '../page.js';
import { store } from '../persistence.js';
import { joinHost, newRoom, openHost, parseRoomFragment, roomFragment } from './transport.js';

const DRAIN_MS = 50;
const RECONNECT_TRIES = 3;
const RECONNECT_DELAY_MS = 2000;

// The one room of this page: null, or {hosting, gen, host | hostPeer, peers, link, room, key}.
let current = null;
let generation = 0;
let drainTimer = null;

const hooksOn = () => window.catanTestHooks === true;

// The browser tests' relays and taps (window.catanTestRelays {strategy, relayUrls, iceServers},
// window.catanTestRoomTap(direction, peer, text): 'in', 'out', 'invite' with the link,
// 'qr' with its matrix), read
// only with the test hooks on.
function transportOptions() {
  const t = hooksOn() ? window.catanTestRelays : null;
  if (!t || typeof t !== 'object') return {};
  const o = {};
  if (typeof t.strategy === 'string') o.strategy = t.strategy;
  if (Array.isArray(t.relayUrls)) o.relayUrls = t.relayUrls.filter((u) => typeof u === 'string');
  if (Array.isArray(t.iceServers)) o.iceServers = t.iceServers;
  return o;
}
// window.catanTestRoomFault(peer, text) -> 'drop' (the text is lost) or 'twice' (sent twice),
// for each text this page sends: the fault tests' lost and duplicated messages.
function fault(peer, text) {
  const fn = hooksOn() ? window.catanTestRoomFault : null;
  if (typeof fn !== 'function') return '';
  try { return fn(peer, text) || ''; } catch (e) { return ''; }
}
function tap(direction, peer, text) {
  const fn = hooksOn() ? window.catanTestRoomTap : null;
  if (typeof fn !== 'function') return;
  try { fn(direction, peer, text); } catch (e) { /* a test's own problem */ }
}

// ------------------------------------------------------------------ calls into the app
function roomCall(name, types, args) {
  const r = callJson(name, types, args);
  drain();
  return r;
}
const setConnection = (text) => callJson('catan_web_room_set_connection', ['string'], [String(text)]);

// Sends what the app has for the peers. A guest's texts wait in the app until its channel to the
// host is open; a text for a peer that has gone is dropped (the app learns of it by peer_left).
function drain() {
  const r = current;
  if (!r || (!r.hosting && !r.hostPeer)) return;
  for (const m of callList('catan_web_room_outbox')) {
    if (!m || typeof m.text !== 'string' || typeof m.peer !== 'string') continue;
    const peer = m.peer === '' ? r.hostPeer : r.peers.get(m.peer);
    if (!peer || peer.closed) continue;
    const f = fault(m.peer, m.text);
    for (let n = f === 'drop' ? 0 : f === 'twice' ? 2 : 1; n > 0; --n) {
      tap('out', m.peer, m.text);
      try {
        peer.send(m.text);
      } catch (e) {
        console.warn(`[catan] room: sending to ${m.peer || 'the host'} failed:`, errorText(e));
      }
    }
  }
}

// A hidden tab gets no animation frames, so the app's frame, which runs the hosted room, stops:
// while no frame has come for TICK_AFTER_MS, the interval runs the room instead (its bots, turn
// timers and views; catan_web_room_tick), so the guests' game goes on.
const TICK_AFTER_MS = 250;
let lastFrameMs = 0;
let lastRunMs = 0;
function tickWithoutFrames() {
  const r = current;
  if (!r || !r.hosting || !lastFrameMs) return;
  const now = performance.now();
  if (now - lastFrameMs < TICK_AFTER_MS) return;
  const dt = (now - Math.max(lastFrameMs, lastRunMs)) / 1000;
  lastRunMs = now;
  const answer = callJson('catan_web_room_tick', ['number'], [dt]);
  if (answer.ok !== true) console.warn('[catan] room: tick refused:', answer.error);
}

// Right after each frame of the app (Module.postMainLoop, which emscripten calls after every
// main loop iteration): a move the frame made leaves in that frame, not one frame later.
let drainsAfterFrames = false;
function drainAfterFrames() {
  const M = window.Module;
  if (drainsAfterFrames || !M) return;
  drainsAfterFrames = true;
  const after = M.postMainLoop;
  M.postMainLoop = () => {
    if (typeof after === 'function') after();
    lastFrameMs = performance.now();
    if (current) drain();
  };
}

function startDraining() {
  if (drainTimer === null) {
    drainTimer = setInterval(() => {
      tickWithoutFrames();
      drain();
    }, DRAIN_MS);
  }
  drainAfterFrames();
}

function stopDraining() {
  if (drainTimer !== null) clearInterval(drainTimer);
  drainTimer = null;
}

// Ends the room this page holds (its transport; the app has closed its side already).
function closeCurrent() {
  const r = current;
  current = null;
  ++generation;
  stopDraining();
  if (!r) return;
  try {
    if (r.hosting) {
      for (const p of r.peers.values()) p.close();
      if (r.host) r.host.close();
    } else if (r.hostPeer) {
      r.hostPeer.close();
    }
  } catch (e) {
    console.warn('[catan] room: closing the connections:', errorText(e));
  }
}

// ------------------------------------------------------------------ hosting
// The QR code of `text` as N*N characters '0'/'1', row-major, dark '1' ("" if it cannot be made).
async function qrMatrix(text) {
  try {
    const { default: qrcode } = await import('../vendor/qrcode/qrcode.mjs');
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let out = '';
    for (let row = 0; row < n; ++row) for (let col = 0; col < n; ++col) out += qr.isDark(row, col) ? '1' : '0';
    return out;
  } catch (e) {
    console.warn('[catan] room: no QR code for the link:', errorText(e));
    return '';
  }
}

function hostStatus(r) {
  const n = [...r.peers.values()].filter((p) => !p.closed).length;
  return n ? `${n} ${n === 1 ? 'friend' : 'friends'} connected (relay connected)` : 'Waiting for friends (relay connected)';
}

// A NUL cannot cross into the app (web/bridge.js refuses the call, and the guest would hear
// nothing): it becomes U+0001, which JSON allows nowhere unescaped either, so the text stays as
// invalid as it was and the app refuses it with its own sentence, to the guest.
const withoutNul = (text) => (typeof text === 'string' && text.includes('\0') ? text.replaceAll('\0', '\u0001') : text);

function acceptPeer(r, peer) {
  if (current !== r) {
    peer.close();
    return;
  }
  r.peers.set(peer.id, peer);
  peer.onmessage = (text) => {
    if (current !== r) return;
    tap('in', peer.id, text);
    roomCall('catan_web_room_peer_message', ['string', 'string'], [peer.id, withoutNul(text)]);
  };
  peer.onclose = () => {
    if (current !== r) return;
    r.peers.delete(peer.id);
    roomCall('catan_web_room_peer_left', ['string'], [peer.id]);
    setConnection(hostStatus(r));
  };
  roomCall('catan_web_room_peer_joined', ['string'], [peer.id]);
  setConnection(hostStatus(r));
}

async function startHosting() {
  closeCurrent();
  const gen = generation;
  const { room, key } = newRoom();
  const r = { hosting: true, host: null, peers: new Map(), room, key, link: '' };
  current = r;
  startDraining();
  setConnection('Opening the room on the matchmaking relays…');
  let host;
  try {
    host = await openHost({ signalling: 'auto', room, key, ...transportOptions() });
  } catch (e) {
    if (gen === generation) setConnection(errorText(e));
    return;
  }
  if (gen !== generation) {
    host.close();
    return;
  }
  r.host = host;
  host.onpeer = (peer) => acceptPeer(r, peer);
  host.onerror = (e) => {
    if (current === r) setConnection(errorText(e));
  };
  r.link = location.href.split('#')[0] + roomFragment({ room, key });
  const qr = await qrMatrix(r.link);
  if (gen !== generation) return;
  tap('invite', '', r.link);
  tap('qr', '', qr);
  const answer = callJson('catan_web_room_set_invite', ['string', 'string'], [r.link, qr]);
  if (answer.ok !== true) console.warn('[catan] room: the app refused the invitation:', answer.error);
  setConnection(hostStatus(r));
}

async function copyLink() {
  const link = current && current.hosting ? current.link : '';
  if (!link) {
    notice('The invitation link is not ready yet.', 'warn');
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    notice('Invitation link copied to the clipboard: send it to your friends.', 'info');
  } catch (e) {
    window.prompt('Invitation link:', link);
  }
}

// ------------------------------------------------------------------ joining
const tokenKey = (room) => `catan.room.${room}`;

function savedToken(room) {
  try {
    const s = JSON.parse(store.get(tokenKey(room)) || 'null');
    return s && typeof s.token === 'string' && s.token.length <= 200 ? s.token : '';
  } catch (e) {
    return '';
  }
}

// The seat and token the host gave, kept for a rejoin (a reload, a lost connection).
function saveSeat(r) {
  const s = callJson('catan_web_room_status');
  const room = s.ok === true && s.room && typeof s.room === 'object' ? s.room : null;
  if (!room || typeof room.token !== 'string' || !room.token || room.token === r.token) return;
  const seat = Number.isInteger(room.seat) ? room.seat : -1;
  const seats = Array.isArray(room.seats) ? room.seats : [];
  const name = seats[seat] && typeof seats[seat].name === 'string' ? seats[seat].name : '';
  r.token = room.token;
  store.set(tokenKey(r.room), JSON.stringify({ token: room.token, seat, name }));
}

function retryLater(r, gen, tries) {
  setTimeout(() => {
    if (current === r && gen === generation) {
      connectToHost(r, tries).catch((e) => console.error('[catan] room: rejoining failed:', e));
    }
  }, RECONNECT_DELAY_MS);
}

async function connectToHost(r, tries) {
  const gen = generation;
  const answer = callJson('catan_web_room_connect', ['string'], [savedToken(r.room)]);
  if (answer.ok !== true) {
    notice('The room could not be opened: ' + (answer.error || 'the app refused it'), 'error', true);
    return;
  }
  setConnection(tries ? 'Reconnecting to the host…' : 'Looking for the host…');
  let peer;
  try {
    peer = await joinHost({ room: r.room, key: r.key, ...transportOptions() });
  } catch (e) {
    if (gen !== generation) return;
    // A host not found yet may still answer (the relays' announcements come and go): tried
    // again, as a lost channel is; a damaged link or a wrong key is final.
    if (!['no-host', 'relay-unreachable', 'ice-failed', 'timeout', 'join'].includes(e && e.code) || tries + 1 >= RECONNECT_TRIES) {
      setConnection(errorText(e));
      return;
    }
    setConnection(`${errorText(e)} Trying again…`);
    retryLater(r, gen, tries + 1);
    return;
  }
  if (gen !== generation) {
    peer.close();
    return;
  }
  r.hostPeer = peer;
  peer.onmessage = (text) => {
    if (current !== r) return;
    tap('in', '', text);
    roomCall('catan_web_room_host_message', ['string'], [text]);
    if (text.includes('"room"')) saveSeat(r);
  };
  peer.onclose = (reason) => {
    if (current !== r) return;
    r.hostPeer = null;
    if (tries + 1 >= RECONNECT_TRIES) {
      setConnection(`Lost the connection to the host (${reason}). Open the invitation link again to rejoin.`);
      return;
    }
    setConnection(`Lost the connection to the host (${reason}); reconnecting…`);
    retryLater(r, gen, tries + 1);
  };
  setConnection('Connected to the host');
  drain();
}

// Startup with #room=...&key=...: joins that room. A damaged link is explained, leaves the
// address, and the page starts as it would without it (`fallback`).
export function joinFromLink(hash, fallback) {
  let linked = null;
  try {
    linked = parseRoomFragment(hash);
  } catch (e) {
    notice(errorText(e), 'error', true);
  }
  if (!linked) {
    cleanUrl(location.pathname + location.search);
    if (fallback) fallback();
    return;
  }
  closeCurrent();
  current = { hosting: false, hostPeer: null, peers: new Map(), room: linked.room, key: linked.key, token: '' };
  startDraining();
  connectToHost(current, 0).catch((e) => console.error('[catan] room: joining failed:', e));
}

// ------------------------------------------------------------------ the app's events
export function onRoomEvent(event) {
  try {
    const failed = (e) => console.error(`[catan] room event ${event}:`, e);
    if (event === 'hosting') startHosting().catch(failed);
    else if (event === 'copy-link') copyLink().catch(failed);
    else if (event === 'closed') {
      const guest = current && !current.hosting;
      closeCurrent();
      // A guest who left: a reload does not open the room again.
      if (guest) cleanUrl(location.pathname + location.search);
    }
  } catch (e) {
    console.error(`[catan] room event ${event}:`, e);
  }
}
