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
//   reload:  the hosting page keeps its room (catan_web_room_snapshot, the room name and key) under
//            catan.hosted-room, each second and when the page goes; web/room.js resumes it at
//            start-up and resumeHosting() opens the same room on the relays. A guest whose
//            channel to the host closes holds its board under "The host is away" and tries
//            again with a backoff for 5 minutes; the channel open again, its hello with the
//            seat's token (catan_web_room_rejoin) takes the seat back.
//   both:    catan_web_room_outbox() drained every 50 ms (an interval, which background tabs
//            still run), right after every frame of the app and right after each call into the
//            room. Hosting in a hidden tab (no frames), the interval runs the room too.
//
// Everything a peer sends goes to the app, which checks it; here a text is only passed on, and
// nothing a peer sends or does can throw out of this module.
import { callJson, callList } from '../bridge.js';
import { cleanUrl, errorText, notice } from '../page.js';
import { store } from '../persistence.js';
import { HOSTED_KEY } from '../room.js';
import {
  answerInvite, joinHost, newRoom, openHost, parseRoomFragment, roomFragment,
} from './transport.js';

const DRAIN_MS = 50;
// A guest tries to reach its host again 1 s after a failure, then 2, 4, 8 and 15 s, for 5
// minutes (each try itself waits up to joinHost's 30 s for the host to answer).
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15000;
const RETRY_FOR_MS = 5 * 60 * 1000;
// How often the hosting page keeps its room for a reload (and when the page goes).
const KEEP_MS = 1000;

// The one room of this page: null, or {hosting, gen, host | hostPeer, peers, link, room, key}.
let current = null;
let generation = 0;
let drainTimer = null;

const hooksOn = () => window.catanTestHooks === true;

// The browser tests' relays and taps (window.catanTestRelays {strategy, relayUrls, iceServers},
// window.catanTestRoomTap(direction, peer, text): 'in', 'out', 'invite' with the link,
// 'qr' with its matrix; by codes 'invite-code', 'answer-code' and 'code-qr'), read
// only with the test hooks on.
function testTransportOptions() {
  const t = hooksOn() ? window.catanTestRelays : null;
  if (!t || typeof t !== 'object') return {};
  const o = {};
  if (typeof t.strategy === 'string') o.strategy = t.strategy;
  if (Array.isArray(t.relayUrls)) o.relayUrls = t.relayUrls.filter((u) => typeof u === 'string');
  if (Array.isArray(t.iceServers)) o.iceServers = t.iceServers;
  return o;
}

// The transport's options: the tests' first, then the STUN/TURN servers of the player's
// settings (checked by the app, frontend/ice_servers.h; "default" leaves the transport's own).
function transportOptions() {
  const o = testTransportOptions();
  if (o.iceServers) return o;
  const s = callJson('catan_web_room_ice_servers');
  if (s.ok === true && s.mode !== 'default' && Array.isArray(s.servers)) o.iceServers = s.servers;
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
  stopKeeping();
  if (!r) return;
  try {
    if (r.pending) r.pending.cancel();
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
  if (r.codes) return n ? `${n} ${n === 1 ? 'friend' : 'friends'} connected` : 'No friend connected yet';
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

// `kept`: {room, key} of a room resumed after a reload (the guests' links stay valid), else a
// fresh room.
async function startHosting(kept) {
  closeCurrent();
  const gen = generation;
  const { room, key } = kept || newRoom();
  const r = { hosting: true, host: null, peers: new Map(), room, key, link: '', kept: '' };
  current = r;
  startDraining();
  startKeeping(r);
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

// The rejoin token and this page's nonce (its part of the seeds, checked at the end) saved for
// `room`, as the arguments of catan_web_room_connect; ['', ''] for none.
function savedSeat(room) {
  try {
    const s = JSON.parse(store.get(tokenKey(room)) || 'null');
    const token = s && typeof s.token === 'string' && s.token.length <= 200 ? s.token : '';
    const nonce = token && typeof s.nonce === 'string' && /^[0-9a-f]{32}$/.test(s.nonce) ? s.nonce : '';
    return [token, nonce];
  } catch (e) {
    return ['', ''];
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
  const nonce = typeof room.nonce === 'string' ? room.nonce : '';
  r.token = room.token;
  store.set(tokenKey(r.room), JSON.stringify({ token: room.token, nonce, seat, name }));
}

// Another try at the host `tries` failures on (the first right away), or, after RETRY_FOR_MS
// without the host, none: false.
function retryLater(r, gen, tries) {
  if (Date.now() - r.since >= RETRY_FOR_MS) return false;
  const ms = tries ? Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (tries - 1)) : 0;
  setTimeout(() => {
    if (current === r && gen === generation) {
      connectToHost(r, tries).catch((e) => console.error('[catan] room: rejoining failed:', e));
    }
  }, ms);
  return true;
}

// The host's channel is gone, or back: the app holds the seat's board under its notice meanwhile.
function setHostAway(r, state) {
  r.away = state !== 0;
  callJson('catan_web_room_host_away', ['number'], [state]);
}

// No more tries: what to do now, in the app's words.
function gaveUp(r, why) {
  if (r.away) {
    setHostAway(r, 2);
    setConnection('The host has not come back for 5 minutes. When they are back, open the invitation link again.');
  } else {
    setConnection(`${why} Open the invitation link again to try once more.`);
  }
}

// The seat held through a lost channel: the hello with its token again on the new channel, or
// (a spectator, a guest still in the lobby) the room joined afresh.
function rejoinSeat(r) {
  const again = callJson('catan_web_room_rejoin');
  if (again.ok !== true) callJson('catan_web_room_connect', ['string', 'string'], savedSeat(r.room));
  setHostAway(r, 0);
}

async function connectToHost(r, tries) {
  const gen = generation;
  if (!r.away) {
    const answer = callJson('catan_web_room_connect', ['string', 'string'], savedSeat(r.room));
    if (answer.ok !== true) {
      notice('The room could not be opened: ' + (answer.error || 'the app refused it'), 'error', true);
      return;
    }
  }
  setConnection(tries ? 'Reconnecting to the host…' : 'Looking for the host…');
  let peer;
  try {
    peer = await joinHost({ room: r.room, key: r.key, ...transportOptions() });
  } catch (e) {
    if (gen !== generation) return;
    // A host not found yet may still answer (the relays' announcements come and go, a host's
    // page reloads): tried again, as a lost channel is; a damaged link or a wrong key is final,
    // but for a key this room took before (the key is not what changed).
    const code = e && e.code;
    const again = ['no-host', 'relay-unreachable', 'ice-failed', 'timeout', 'join'].includes(code) ||
      (r.away && code === 'wrong-key');
    if (!again || !retryLater(r, gen, tries + 1)) {
      if (again) gaveUp(r, errorText(e));
      else setConnection(errorText(e));
      return;
    }
    setConnection(`${errorText(e)} Trying again…`);
    return;
  }
  if (gen !== generation) {
    peer.close();
    return;
  }
  r.hostPeer = peer;
  if (r.away) rejoinSeat(r);
  peer.onmessage = (text) => {
    if (current !== r) return;
    tap('in', '', text);
    roomCall('catan_web_room_host_message', ['string'], [text]);
    if (text.includes('"room"')) saveSeat(r);
  };
  peer.onclose = (reason) => {
    if (current !== r) return;
    r.hostPeer = null;
    const s = callJson('catan_web_room_status');
    if (s.room && s.room.verification) {
      setConnection('The game is over and the host has left the room.');
      return;
    }
    // The host's page may be reloading: its room comes back under the same name.
    r.since = Date.now();
    setHostAway(r, 1);
    setConnection(`Lost the connection to the host (${reason}); reconnecting…`);
    retryLater(r, gen, 1);  // after 1 s: the transport leaves the room first (web/net/automatic.js)
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
  current = {
    hosting: false, hostPeer: null, peers: new Map(), room: linked.room, key: linked.key, token: '',
    since: Date.now(), away: false,
  };
  startDraining();
  connectToHost(current, 0).catch((e) => console.error('[catan] room: joining failed:', e));
}

// ------------------------------------------------------------------ codes (by hand)
// A room connected by codes (web/net/manual.js): no relay, no server; the host makes an invite
// code per friend, the friend's page answers it, the host pastes the answer. The app shows the
// exchange (frontend/room_codes.h); catan_web_room_codes tells it what happens.
const MAX_CODE = 500;
const codesSay = (kind, text = '', qr = '') =>
  callJson('catan_web_room_codes', ['string', 'string', 'string'], [kind, String(text).slice(0, 500), qr]);

// A failure in the player's words: a direct connection that did not open says what to try.
function codesError(e) {
  if (e && (e.code === 'ice-failed' || e.code === 'timeout')) {
    return 'The direct connection failed. This happens behind some routers (symmetric NAT). ' +
      'Try the invitation link, another network, or a TURN server in Settings.';
  }
  return errorText(e);
}

async function startHostingByCodes() {
  closeCurrent();
  const gen = generation;
  const r = { hosting: true, codes: true, host: null, invite: null, peers: new Map(), link: '' };
  current = r;
  startDraining();
  codesSay('open');
  let host;
  try {
    host = await openHost({ signalling: 'manual', ...transportOptions() });
  } catch (e) {
    if (gen === generation) codesSay('error', errorText(e));
    return;
  }
  if (gen !== generation) {
    host.close();
    return;
  }
  r.host = host;
  host.onpeer = (peer) => acceptPeer(r, peer);
  setConnection(hostStatus(r));
}

// Hosting: a fresh invite code for the next friend (an unanswered one is dropped).
async function makeInvite() {
  const r = current;
  if (!r || !r.codes || !r.hosting || !r.host) return;
  if (r.invite) r.invite.cancel();
  r.invite = null;
  codesSay('busy', 'Making the invite code (a few seconds)…');
  let invite;
  try {
    invite = await r.host.createInvite();
  } catch (e) {
    if (current === r) codesSay('error', codesError(e));
    return;
  }
  if (current !== r) {
    invite.cancel();
    return;
  }
  r.invite = invite;
  const qr = await qrMatrix(invite.code);
  if (current !== r || r.invite !== invite) return;
  tap('invite-code', '', invite.code);
  tap('code-qr', '', qr);
  codesSay('code', invite.code, qr);
}

// Hosting: the friend's answer to the invite shown. A code that cannot be used changes nothing
// (the invite still waits for the right one); a connection that fails spends the invite.
async function acceptAnswer(text) {
  const r = current;
  if (!r || !r.codes || !r.hosting) return;
  const invite = r.invite;
  if (!invite) {
    codesSay('error', 'Make an invite code first.');
    return;
  }
  codesSay('busy', 'Connecting to your friend…');
  try {
    await invite.acceptAnswer(String(text || '').trim().slice(0, MAX_CODE));
  } catch (e) {
    if (current !== r || r.invite !== invite) return;
    if (e && e.code === 'bad-code') {
      codesSay('error', errorText(e));
      return;
    }
    r.invite = null;
    codesSay('failed', codesError(e));
    return;
  }
  if (current !== r || r.invite !== invite) return;
  r.invite = null;
  codesSay('connected', 'Your friend is connected. Make a code for the next friend, or start the game.');
}

// A guest: the answer to the host's invite code, shown until the host pastes it; then the
// guest lobby as with a link. The channel to the host is this page's only one.
async function answerByCode(text) {
  let r = current;
  if (!r || r.hosting || !r.codes) {
    closeCurrent();
    r = { hosting: false, codes: true, hostPeer: null, pending: null, peers: new Map(), token: '' };
    current = r;
    startDraining();
  }
  if (r.pending || r.hostPeer) return;
  const gen = generation;
  codesSay('busy', 'Making your answer code…');
  let answer;
  try {
    answer = await answerInvite(String(text || '').trim().slice(0, MAX_CODE), transportOptions());
  } catch (e) {
    if (current === r && gen === generation) codesSay('error', codesError(e));
    return;
  }
  if (current !== r || gen !== generation) {
    answer.cancel();
    return;
  }
  r.pending = answer;
  const qr = await qrMatrix(answer.code);
  if (current !== r) return;
  tap('answer-code', '', answer.code);
  tap('code-qr', '', qr);
  codesSay('code', answer.code, qr);
  codesSay('status', 'Waiting for your host to paste it (up to 5 minutes)…');
  let peer;
  try {
    peer = await answer.connected;
  } catch (e) {
    if (current === r && r.pending === answer) {
      r.pending = null;
      // Waiting is all a guest does: a timeout is a host that did not paste the answer.
      codesSay('failed', e && e.code === 'timeout'
        ? 'Your host did not paste your answer code in time. Ask for a new invite code.' : codesError(e));
    }
    return;
  }
  if (current !== r || r.pending !== answer) {
    peer.close();
    return;
  }
  r.pending = null;
  r.hostPeer = peer;
  peer.onmessage = (m) => {
    if (current !== r) return;
    tap('in', '', m);
    roomCall('catan_web_room_host_message', ['string'], [m]);
  };
  peer.onclose = (reason) => {
    if (current !== r) return;
    r.hostPeer = null;
    setConnection(`Lost the connection to the host (${reason}). Ask the host for a new invite code to join again.`);
  };
  setConnection('Connected to the host');
  drain();
}

// Copy: the clipboard, or a prompt to copy from where the browser refuses it.
async function copyCode(text) {
  const code = String(text || '').slice(0, MAX_CODE);
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code);
    notice('Code copied to the clipboard: send it to the other player.', 'info');
  } catch (e) {
    window.prompt('Copy this code:', code);
  }
}

// Paste: ImGui's field cannot read the system clipboard in a browser; the page reads it (or
// asks for the code in a prompt, where the browser refuses) and hands the text to the field.
async function pasteCode() {
  let text = null;
  try {
    text = await navigator.clipboard.readText();
  } catch (e) {
    text = window.prompt('Paste the code here:', '');
  }
  // The app takes it only while a room connected by codes is open.
  if (typeof text === 'string') codesSay('pasted', text.trim().slice(0, MAX_CODE));
}

// ------------------------------------------------------------------ the app's events
export function onRoomEvent(event, text = '') {
  try {
    const failed = (e) => console.error(`[catan] room event ${event}:`, e);
    if (event === 'hosting' && text === 'codes') startHostingByCodes().catch(failed);
    else if (event === 'make-invite') makeInvite().catch(failed);
    else if (event === 'accept-answer') acceptAnswer(text).catch(failed);
    else if (event === 'answer-invite') answerByCode(text).catch(failed);
    else if (event === 'copy-code') copyCode(text).catch(failed);
    else if (event === 'paste-code') pasteCode().catch(failed);
    else if (event === 'hosting') startHosting().catch(failed);
    else if (event === 'copy-link') copyLink().catch(failed);
    else if (event === 'closed') {
      const guest = current && !current.hosting;
      if (current && current.hosting) forgetHostedRoom();
      closeCurrent();
      // A guest who left: a reload does not open the room again.
      if (guest) cleanUrl(location.pathname + location.search);
    }
  } catch (e) {
    console.error(`[catan] room event ${event}:`, e);
  }
}

// ------------------------------------------------------------------ the host's reload
// The hosting page keeps its room ({room, key, snapshot}) under HOSTED_KEY when it changed:
// each KEEP_MS and when the page goes (a reload). A finished room is forgotten.
let keepTimer = null;
function keepRoom(r) {
  if (current !== r || !r.hosting) return;
  const s = callJson('catan_web_room_snapshot');
  if (s.ok !== true || typeof s.snapshot !== 'string') return;
  if (s.over) {
    forgetHostedRoom();
    stopKeeping();
    return;
  }
  if (s.snapshot === r.kept) return;
  if (store.set(HOSTED_KEY, JSON.stringify({ room: r.room, key: r.key, snapshot: s.snapshot }))) r.kept = s.snapshot;
}
function startKeeping(r) {
  stopKeeping();
  keepRoom(r);
  keepTimer = setInterval(() => keepRoom(r), KEEP_MS);
}
function stopKeeping() {
  if (keepTimer !== null) clearInterval(keepTimer);
  keepTimer = null;
}
const forgetHostedRoom = () => store.remove(HOSTED_KEY);
window.addEventListener('pagehide', () => {
  try {
    if (current && current.hosting) keepRoom(current);
  } catch (e) {
    console.warn('[catan] room: keeping the room for a reload:', errorText(e));
  }
});

// Start-up after the hosting page reloaded, once the app has resumed the kept room
// (web/room.js): the same room name and key on the relays, so the guests' links still work.
export function resumeHosting(room, key) {
  startHosting({ room, key }).catch((e) => console.error('[catan] room: resuming the room failed:', e));
}
