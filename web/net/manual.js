// Signalling by hand, with no third party: the host makes an invite code per guest (an SDP offer
// with every ICE candidate, web/net/invite_code.js), the guest pastes it and gets an answer code,
// the host pastes that, and the data channel opens. Works on a LAN with no Internet, and where
// the public relays are blocked.
import { ANSWER, INVITE, decodeCode, encodeCode } from './invite_code.js';
import { TransportError, iceFailed, timedOut } from './errors.js';
import { makePeer } from './peer.js';

// ICE gathering stops waiting after this; the code carries the candidates found by then (an
// unreachable STUN server would otherwise hold it for tens of seconds).
const GATHER_MS = 4000;

function gathered(pc, ms = GATHER_MS) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

// The peer once `channel` (or the channel promise) opens; rejects when ICE fails or after
// timeoutMs.
function opened(pc, channelPromise, id, timeoutMs) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      pc.close();
      reject(err);
    };
    const timer = setTimeout(() => fail(timedOut('The direct connection', timeoutMs)), timeoutMs);
    const onState = () => {
      if (pc.iceConnectionState === 'failed' || pc.connectionState === 'failed') fail(iceFailed());
    };
    pc.addEventListener('iceconnectionstatechange', onState);
    pc.addEventListener('connectionstatechange', onState);
    Promise.resolve(channelPromise).then((channel) => {
      const ready = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const peer = makePeer(id, (text) => channel.send(text), () => pc.close());
        channel.onmessage = (e) => peer.received(typeof e.data === 'string' ? e.data : '');
        channel.onclose = () => peer.ended('the other player left or lost the connection');
        pc.addEventListener('connectionstatechange', () => {
          if (['failed', 'closed'].includes(pc.connectionState)) peer.ended('the connection was lost');
        });
        resolve(peer);
      };
      if (channel.readyState === 'open') ready();
      else channel.addEventListener('open', ready);
    });
  });
}

// The code of pc's local description once its candidates are gathered; closes pc when there is
// none to give.
async function localCode(pc, kind) {
  await gathered(pc);
  try {
    return encodeCode(kind, pc.localDescription.sdp);
  } catch (e) {
    pc.close();
    throw e;
  }
}

let nextGuest = 1;

// The host's side: createInvite() gives {code, acceptAnswer(answerCode) -> Promise<peer>,
// cancel()}, one invite per guest.
export function createManualHost({ iceServers = [], timeoutMs = 20000 } = {}) {
  const invites = new Set();
  return {
    async createInvite() {
      const pc = new RTCPeerConnection({ iceServers });
      const channel = pc.createDataChannel('catan', { ordered: true });
      await pc.setLocalDescription(await pc.createOffer());
      const code = await localCode(pc, INVITE);
      let answered = false;
      const invite = {
        code,
        async acceptAnswer(answerCode) {
          const { kind, sdp } = decodeCode(answerCode);
          if (kind !== ANSWER) {
            throw new TransportError('bad-code',
              'That is an invite code. Paste the answer code the guest sends back.');
          }
          if (answered) {
            throw new TransportError('used', 'This invite has been answered already; make a new invite for the next player.');
          }
          try {
            await pc.setRemoteDescription({ type: 'answer', sdp });
          } catch (e) {
            throw new TransportError('bad-code', `That answer code does not fit this invite (${e.message}).`);
          }
          answered = true;
          invites.delete(invite);
          return opened(pc, channel, `guest-${nextGuest++}`, timeoutMs);
        },
        cancel() {
          invites.delete(invite);
          pc.close();
        },
      };
      invites.add(invite);
      return invite;
    },
    close() {
      for (const invite of [...invites]) invite.cancel();
    },
  };
}

// The guest's side: {code (the answer to send back), connected: Promise<peer of the host>,
// cancel()}. The host still has to paste the answer, so `connected` waits up to waitMs.
export async function answerInvite(inviteCode, { iceServers = [], waitMs = 300000 } = {}) {
  const { kind, sdp } = decodeCode(inviteCode);
  if (kind !== INVITE) {
    throw new TransportError('bad-code',
      "That is an answer code; it goes into the host's window. Paste the host's invite code here.");
  }
  const pc = new RTCPeerConnection({ iceServers });
  const channel = new Promise((resolve) => { pc.ondatachannel = (e) => resolve(e.channel); });
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp });
  } catch (e) {
    pc.close();
    throw new TransportError('bad-code', `That invite code cannot be used (${e.message}).`);
  }
  await pc.setLocalDescription(await pc.createAnswer());
  const code = await localCode(pc, ANSWER);
  return { code, connected: opened(pc, channel, 'host', waitMs), cancel: () => pc.close() };
}
