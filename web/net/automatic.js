// Automatic signalling through public relays with Trystero (web/vendor/trystero, loaded on first
// use): the host and the guests join one room named in the invitation link's fragment; the
// fragment's key encrypts the SDP the relays pass on (AES-GCM) and proves the guests know it.
// The host announces itself; guests are Trystero's passive peers (they answer the host, not one
// another), and each side greets the other with its role before the link counts as a peer.
import { TransportError, NO_DIRECT_PATH } from './errors.js';
import { makePeer } from './peer.js';

export const STRATEGIES = ['torrent', 'mqtt'];
const APP_ID = 'catan.online.v1';
const HOST = 'host';
const GUEST = 'guest';

async function loadStrategy(name) {
  if (!STRATEGIES.includes(name)) {
    throw new TransportError('settings', `Unknown signalling "${name}" (known: ${STRATEGIES.join(', ')}).`);
  }
  return import(new URL(`../vendor/trystero/${name}.mjs`, import.meta.url).href);
}

function trysteroConfig(opts, passive) {
  const relayConfig = { warnOnRelayFailure: false };
  if (opts.relayUrls && opts.relayUrls.length) relayConfig.urls = opts.relayUrls;
  return {
    appId: APP_ID,
    password: opts.key,
    passive,
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

// Leaving waits for the relays, which may never answer: not awaited.
const leaveQuietly = (room) => room && Promise.resolve().then(() => room.leave()).catch(() => {});

// Actions of one room: the greeting and the game's messages.
function roomLinks(room, onHello) {
  const hello = room.makeAction('hello');
  const msg = room.makeAction('msg');
  const links = new Map();
  const quiet = (p) => p.catch(() => {});
  hello.onMessage = (role, { peerId }) => onHello(role, peerId);
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
    const peer = makePeer(peerId, (text) => quiet(msg.send(text, { target: peerId })), closeLink);
    links.set(peerId, peer);
    return peer;
  };
  return { hello: (role, peerId) => quiet(hello.send(role, { target: peerId })), link, links };
}

// The host's room. {onpeer, onerror, peers, close()}.
export async function hostAutomatic(opts) {
  const strategy = await loadStrategy(opts.strategy || 'torrent');
  const host = { onpeer: null, onerror: null, peers: null, close: null };
  const room = strategy.joinRoom(trysteroConfig(opts, false), opts.room, {
    onJoinError: (e) => host.onerror && host.onerror(joinError(e)),
  });
  const links = roomLinks(room, (role, peerId) => {
    if (role !== GUEST || links.links.has(peerId)) return;
    const peer = links.link(peerId);
    if (host.onpeer) host.onpeer(peer);
  });
  room.onPeerJoin = (peerId) => links.hello(HOST, peerId);
  host.peers = links.links;
  host.close = () => { leaveQuietly(room); };
  try {
    await reachRelay(strategy, opts.relayTimeoutMs || 10000);
  } catch (e) {
    leaveQuietly(room);
    throw e;
  }
  return host;
}

// The guest's link to the host of the room; rejects with a TransportError when no relay answers,
// the key is wrong, ICE fails, or no host shows up within timeoutMs.
export async function joinAutomatic(opts) {
  const strategy = await loadStrategy(opts.strategy || 'torrent');
  const timeoutMs = opts.timeoutMs || 30000;
  let room = null;
  const result = new Promise((resolve, reject) => {
    room = strategy.joinRoom(trysteroConfig(opts, true), opts.room, { onJoinError: (e) => reject(joinError(e)) });
    const links = roomLinks(room, (role, peerId) => {
      if (role !== HOST || links.links.size) return;
      links.hello(GUEST, peerId);
      resolve(links.link(peerId, () => leaveQuietly(room)));
    });
    reachRelay(strategy, Math.min(opts.relayTimeoutMs || 10000, timeoutMs)).catch(reject);
    setTimeout(() => reject(new TransportError('no-host',
      `No host answered in this room within ${Math.round(timeoutMs / 1000)} s: check that the host's page ` +
      'is open and that the whole invitation link was copied.')), timeoutMs);
  });
  try {
    return await result;
  } catch (e) {
    leaveQuietly(room);
    throw e;
  }
}
