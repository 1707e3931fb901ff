// Online play's transport: the host's page runs the match and every guest holds one WebRTC data
// channel to it; there is no server of the game's own. One interface for both ways of finding
// each other:
//
//   automatic (a link): host = await openHost({signalling: 'auto', room, key}); host.onpeer = ...
//                       peer = await joinHost({room, key})                       (guest)
//   by hand (codes):    host = await openHost({signalling: 'manual'});
//                       invite = await host.createInvite(); -> invite.code to the guest
//                       {code, connected} = await answerInvite(inviteCode)       (guest)
//                       peer = await invite.acceptAnswer(code)                   (host; onpeer too)
//
// A peer is {id, send(text), onmessage, onclose, close()} (web/net/peer.js). Failures reject
// with a TransportError whose message is written for the player (web/net/errors.js).
// Options: iceServers (STUN/TURN, from settings; DEFAULT_ICE_SERVERS when absent), relayUrls
// (the signalling relays; Trystero's public ones when absent), strategy ('mqtt', the default, or
// 'torrent'),
// timeoutMs. The page imports this module only when a room opens.
import { TransportError } from './errors.js';
import { answerInvite as answerManualInvite, createManualHost } from './manual.js';
import { hostAutomatic, joinAutomatic } from './automatic.js';

export { TransportError } from './errors.js';

// Public STUN servers (they learn each player's public address, nothing else); settings may
// replace them, add TURN, or set none.
export const DEFAULT_ICE_SERVERS = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun.cloudflare.com:3478' },
];

const iceOf = (opts) => (Array.isArray(opts.iceServers) ? opts.iceServers : DEFAULT_ICE_SERVERS);

// ------------------------------------------------------------------ the room in the link
const ROOM_RE = /^[A-Za-z0-9_-]{8,64}$/;

function randomId(bytes) {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// A fresh room: a 72-bit name and a 128-bit key.
export function newRoom() {
  return { room: randomId(9), key: randomId(16) };
}

// The link fragment for a room ("#room=...&key=..."); the fragment never reaches the web host.
export function roomFragment({ room, key }) {
  return `#room=${room}&key=${key}`;
}

// {room, key} from a location.hash, null when it names no room, a TransportError when it names
// one but is damaged.
export function parseRoomFragment(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  if (!params.has('room')) return null;
  const room = params.get('room');
  const key = params.get('key');
  if (!ROOM_RE.test(room) || !key || !ROOM_RE.test(key)) {
    throw new TransportError('bad-link', 'The invitation link is damaged: copy the whole link again.');
  }
  return { room, key };
}

// ------------------------------------------------------------------ host and guest
// The host: {signalling, onpeer, onerror, close()} and, by hand, createInvite().
export async function openHost(opts = {}) {
  if (opts.signalling === 'manual') {
    const manual = createManualHost({ iceServers: iceOf(opts), timeoutMs: opts.timeoutMs });
    const host = {
      signalling: 'manual',
      onpeer: null,
      onerror: null,
      async createInvite() {
        const invite = await manual.createInvite();
        const accept = invite.acceptAnswer;
        invite.acceptAnswer = async (code) => {
          const peer = await accept(code);
          if (host.onpeer) host.onpeer(peer);
          return peer;
        };
        return invite;
      },
      close: () => manual.close(),
    };
    return host;
  }
  if (opts.signalling !== undefined && opts.signalling !== 'auto') {
    throw new TransportError('settings', `Unknown signalling "${opts.signalling}" (auto or manual).`);
  }
  requireRoom(opts);
  const host = await hostAutomatic({ ...opts, iceServers: iceOf(opts) });
  host.signalling = 'auto';
  return host;
}

// The guest's link to the host, by automatic signalling.
export async function joinHost(opts = {}) {
  requireRoom(opts);
  return joinAutomatic({ ...opts, iceServers: iceOf(opts) });
}

// The guest's answer to an invite code: {code, connected: Promise<peer>, cancel()}.
export async function answerInvite(inviteCode, opts = {}) {
  return answerManualInvite(inviteCode, { iceServers: iceOf(opts), waitMs: opts.timeoutMs });
}

function requireRoom(opts) {
  if (!opts.room || !opts.key || !ROOM_RE.test(opts.room)) {
    throw new TransportError('bad-link', 'No room to join: the invitation link is missing its room or key.');
  }
}
