// Automatic signalling through public relays with Trystero (web/vendor/trystero, loaded on first
// use): the host and the guests join one room named in the invitation link's fragment; the
// fragment's key encrypts the SDP the relays pass on (AES-GCM) and proves the guests know it.
// Every side announces itself: a passive guest would wait for the host's next announcement, and
// after its first seconds in a room Trystero's topic strategies announce once a minute, so a
// guest opening the link later would wait up to a minute. A handshake of roles keeps every link
// between the host and a guest.
import { TransportError, NO_DIRECT_PATH } from './errors.js';
import { makePeer } from './peer.js';

// The strategies web/vendor/trystero ships; MQTT first (docs/MULTIPLAYER.md, Transport).
export const STRATEGIES = ['mqtt', 'torrent'];
const APP_ID = 'catan.online.v1';
const HOST = 'host';
const GUEST = 'guest';

async function loadStrategy(name) {
  if (!STRATEGIES.includes(name)) {
    throw new TransportError('settings', `Unknown signalling "${name}" (known: ${STRATEGIES.join(', ')}).`);
  }
  return import(new URL(`../vendor/trystero/${name}.mjs`, import.meta.url).href);
}

function trysteroConfig(opts) {
  const relayConfig = { warnOnRelayFailure: false };
  if (opts.relayUrls && opts.relayUrls.length) relayConfig.urls = opts.relayUrls;
  return {
    appId: APP_ID,
    password: opts.key,
    passive: false,
    relayConfig,
    rtcConfig: { iceServers: opts.iceServers || [] },
  };
}

// A player-facing error for one of Trystero's join errors.
function joinError(e) {
  const text = String((e && e.error) || e);
  if (/password/i.test(text)) {
    return new TransportError('wrong-key', 'The invitation link is not complete or not for this room (wrong key).');
  }
  if (/after exchanging SDP/i.test(text)) return new TransportError('ice-failed', NO_DIRECT_PATH);
  return new TransportError('join', `Joining the room failed: ${text}`);
}

// Resolves once a relay's WebSocket is open; rejects after ms.
function reachRelay(strategy, ms) {
  const open = () => Object.values(strategy.getRelaySockets()).some((s) => s && s.readyState === 1);
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const poll = () => {
      if (open()) return resolve();
      if (Date.now() - t0 >= ms) {
        return reject(new TransportError('relay-unreachable',
          `Could not reach the matchmaking relays within ${Math.round(ms / 1000)} s. ` +
          'Check the connection, or invite with a code instead.'));
      }
      setTimeout(poll, 100);
    };
    poll();
  });
}

// Leaving waits for the relays, which may never answer: not awaited. Until Trystero has left a
// room (a second or more on a busy page: the leave goes to every peer first), a join of the same
// name gets that room back, and the leave then ends it: the join would wait for its whole
// timeout in a room that is gone. So a join waits for a leave of its room, up to LEAVE_WAIT_MS,
// and RELAY_GAP_MS more: a relay may handle an unsubscription and a subscription of the same
// topic that arrive together in either order (aedes does), and the join's subscription to its
// own topic, where the host's offers arrive, would be lost. Each room is left once: a second
// leave would end a newer room of the same name.
const LEAVE_WAIT_MS = 5000;
const RELAY_GAP_MS = 500;
const leaving = new Map();  // room name -> the leave under way
const left = new WeakSet();
function leaveQuietly(room, name) {
  if (!room || left.has(room)) return;
  left.add(room);
  const done = Promise.resolve().then(() => room.leave()).catch(() => {});
  leaving.set(name, done);
  done.then(() => { if (leaving.get(name) === done) leaving.delete(name); });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const leaveOf = (name) => Promise.race([leaving.get(name).then(() => sleep(RELAY_GAP_MS)), sleep(LEAVE_WAIT_MS)]);

// The handshake Trystero runs on every new connection before it counts as a peer: each side
// says its role, and only a host and a guest accept each other. Two guests that found each
// other through the relay drop their connection here.
const NOT_FOR_US = 'catan: not a host-guest pair';
function roleHandshake(role) {
  return async (peerId, send, receive) => {
    await send({ catanRole: role });
    const { data } = await receive();
    const other = data && data.catanRole;
    if (![HOST, GUEST].includes(other) || (other === GUEST) === (role === GUEST)) throw new Error(NOT_FOR_US);
  };
}
const isNotForUs = (e) => String((e && e.error) || e).includes(NOT_FOR_US);

// Joins the room as `role`; gives the room and its links (peer id -> peer), the peers' game
// messages routed to them. onJoinError gets Trystero's join errors other than refused pairs.
function joinAs(strategy, opts, role, onJoinError) {
  const room = strategy.joinRoom(trysteroConfig(opts), opts.room, {
    onPeerHandshake: roleHandshake(role),
    onJoinError: (e) => !isNotForUs(e) && onJoinError(e),
  });
  const msg = room.makeAction('msg');
  const links = new Map();
  msg.onMessage = (text, { peerId }) => {
    const peer = links.get(peerId);
    if (peer && typeof text === 'string') peer.received(text);
  };
  room.onPeerLeave = (peerId) => {
    const peer = links.get(peerId);
    links.delete(peerId);
    if (peer) peer.ended('the other player left or lost the connection');
  };
  const dropPeer = (peerId) => () => {
    const pc = room.getPeers()[peerId];
    if (pc) pc.close();
  };
  const link = (peerId, closeLink = dropPeer(peerId)) => {
    const peer = makePeer(peerId, (text) => msg.send(text, { target: peerId }).catch(() => {}), closeLink);
    links.set(peerId, peer);
    return peer;
  };
  return { room, links, link };
}

// The host's room. {onpeer, onerror, peers, close()}.
export async function hostAutomatic(opts) {
  const strategy = await loadStrategy(opts.strategy || STRATEGIES[0]);
  if (leaving.has(opts.room)) await leaveOf(opts.room);
  const host = { onpeer: null, onerror: null, peers: null, close: null };
  const { room, links, link } = joinAs(strategy, opts, HOST, (e) => host.onerror && host.onerror(joinError(e)));
  room.onPeerJoin = (peerId) => {
    if (links.has(peerId)) return;
    const peer = link(peerId);
    if (host.onpeer) host.onpeer(peer);
  };
  host.peers = links;
  host.close = () => { leaveQuietly(room, opts.room); };
  try {
    await reachRelay(strategy, opts.relayTimeoutMs || 10000);
  } catch (e) {
    leaveQuietly(room, opts.room);
    throw e;
  }
  return host;
}

// The guest's link to the host of the room; rejects with a TransportError when no relay answers,
// the key is wrong, or no host shows up within timeoutMs (ice-failed if a link failed so).
// A guest meets the room's other guests too, and a link to one of them can fail (a handshake cut
// short on a busy page, or confused by a link to that guest kept from an earlier try, which
// reads as a wrong password): that says nothing about the host, so only SDP that the key cannot
// decrypt (a wrong key: everyone else encrypts with the right one) ends the search early.
export async function joinAutomatic(opts) {
  const strategy = await loadStrategy(opts.strategy || STRATEGIES[0]);
  const timeoutMs = opts.timeoutMs || 30000;
  if (leaving.has(opts.room)) await leaveOf(opts.room);
  let room = null;
  let iceFailed = null;
  const result = new Promise((resolve, reject) => {
    const joined = joinAs(strategy, opts, GUEST, (e) => {
      const error = joinError(e);
      if (error.code === 'wrong-key' && /decrypting/.test(String((e && e.error) || e))) reject(error);
      else if (error.code === 'ice-failed') iceFailed = error;
    });
    room = joined.room;
    room.onPeerJoin = (peerId) => {
      if (!joined.links.size) resolve(joined.link(peerId, () => leaveQuietly(room, opts.room)));
    };
    // The host gone, the room is left: a guest that tries again joins it afresh and announces
    // itself (a room kept would wait, passive, for the host's next announcement: up to a minute).
    const peerLeft = room.onPeerLeave;
    room.onPeerLeave = (peerId) => {
      const host = joined.links.has(peerId);
      peerLeft(peerId);
      if (host) leaveQuietly(room, opts.room);
    };
    reachRelay(strategy, Math.min(opts.relayTimeoutMs || 10000, timeoutMs)).catch(reject);
    setTimeout(() => reject(iceFailed || new TransportError('no-host',
      `No host answered in this room within ${Math.round(timeoutMs / 1000)} s: check that the host's page ` +
      'is open and that the whole invitation link was copied.')), timeoutMs);
  });
  try {
    return await result;
  } catch (e) {
    leaveQuietly(room, opts.room);
    throw e;
  }
}
