// Invite and answer codes for signalling by hand: a WebRTC data channel's session description
// with every ICE candidate, packed into a few dozen bytes and written as base64url text short
// enough to paste into a chat or show as a QR code.
//
// Only what differs between two connections travels: ICE username fragment and password, the
// DTLS certificate's SHA-256 fingerprint, the DTLS role and the UDP candidates (address and port;
// an mDNS host name as its 16-byte UUID). The rest of the SDP is the same for every data-channel
// connection Chromium, Firefox and Safari make, and buildSdp writes it back.
//
// Layout: magic 'C' 'n', version, kind (1 invite, 2 answer), setup (0 actpass, 1 active,
// 2 passive), ufrag (length + ASCII), pwd (length + ASCII), fingerprint (32 bytes), candidate
// count, candidates (flags, address, port), Fletcher-16 checksum of everything before it.
import { TransportError } from './errors.js';

const VERSION = 1;
export const INVITE = 1;
export const ANSWER = 2;
const SETUPS = ['actpass', 'active', 'passive'];
const TYPES = ['host', 'srflx', 'prflx', 'relay'];
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const ADDR_IPV4 = 0;
const ADDR_IPV6 = 1;
const ADDR_MDNS = 2;
const ADDR_NAME = 3;
const MAX_CANDIDATES = 16;

const badCode = (why) => new TransportError('bad-code',
  `That code cannot be used: ${why}. Copy the whole code again and paste it unchanged.`);

// ------------------------------------------------------------------ SDP <-> fields
// The fields of a data-channel SDP that encodeCode keeps, or a TransportError.
export function parseSdp(sdp) {
  const line = (name) => {
    const m = sdp.match(new RegExp(`^a=${name}:(.*)$`, 'm'));
    return m ? m[1].trim() : null;
  };
  const fp = line('fingerprint');
  if (!fp || !/^sha-256 /i.test(fp)) throw new TransportError('sdp', 'the browser gave no SHA-256 DTLS fingerprint');
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const f = m[1].trim().split(/\s+/);
    // foundation component transport priority address port "typ" type ...
    if (f.length < 8 || f[1] !== '1' || f[2].toLowerCase() !== 'udp') continue;
    if (!TYPES.includes(f[7])) continue;
    candidates.push({ address: f[4], port: Number(f[5]), type: f[7] });
  }
  return {
    ufrag: line('ice-ufrag'),
    pwd: line('ice-pwd'),
    fingerprint: fp.split(' ')[1].split(':').map((h) => parseInt(h, 16)),
    setup: line('setup') || 'actpass',
    candidates: candidates.slice(0, MAX_CANDIDATES),
  };
}

// A complete SDP for the fields.
export function buildSdp(kind, f) {
  const fp = f.fingerprint.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  const lines = [
    'v=0', `o=- ${kind === INVITE ? 1 : 2} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0',
    'a=group:BUNDLE 0', 'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
    `a=ice-ufrag:${f.ufrag}`, `a=ice-pwd:${f.pwd}`, 'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fp}`, `a=setup:${f.setup}`, 'a=mid:0',
    'a=sctp-port:5000', 'a=max-message-size:262144',
  ];
  f.candidates.forEach((c, i) => {
    const priority = (TYPE_PREFERENCE[c.type] << 24) + ((65535 - i) << 8) + 255;
    const related = c.type === 'host' ? '' : ' raddr 0.0.0.0 rport 0';
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`);
  });
  lines.push('a=end-of-candidates');
  return lines.join('\r\n') + '\r\n';
}

// ------------------------------------------------------------------ fields <-> bytes
function fletcher16(bytes) {
  let a = 0, b = 0;
  for (const x of bytes) {
    a = (a + x) % 255;
    b = (b + a) % 255;
  }
  return (b << 8) | a;
}

function packAddress(out, address) {
  const v4 = address.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    out.push(...v4.slice(1).map(Number));
    return ADDR_IPV4;
  }
  const mdns = address.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (mdns) {
    const hex = mdns.slice(1).join('');
    for (let i = 0; i < 32; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
    return ADDR_MDNS;
  }
  if (address.includes(':')) {
    const [head, tail = ''] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    for (const g of groups) out.push(parseInt(g, 16) >> 8, parseInt(g, 16) & 255);
    return ADDR_IPV6;
  }
  const name = new TextEncoder().encode(address).slice(0, 255);
  out.push(name.length, ...name);
  return ADDR_NAME;
}

function unpackAddress(r, kind) {
  if (kind === ADDR_IPV4) return r.bytes(4).join('.');
  if (kind === ADDR_IPV6) {
    const b = r.bytes(16);
    const groups = [];
    for (let i = 0; i < 16; i += 2) groups.push(((b[i] << 8) | b[i + 1]).toString(16));
    return groups.join(':');
  }
  if (kind === ADDR_MDNS) {
    const hex = r.bytes(16).map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  return new TextDecoder().decode(new Uint8Array(r.bytes(r.byte())));
}

const toBase64url = (bytes) => btoa(String.fromCharCode(...bytes))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

// The code (base64url text) for an SDP of kind INVITE or ANSWER.
export function encodeCode(kind, sdp) {
  const f = parseSdp(sdp);
  if (!f.candidates.length) {
    throw new TransportError('no-candidates', 'the browser found no network address to offer (is the network off?)');
  }
  const out = [0x43, 0x6e, VERSION, kind, Math.max(0, SETUPS.indexOf(f.setup))];
  for (const s of [f.ufrag, f.pwd]) out.push(s.length, ...new TextEncoder().encode(s));
  out.push(...f.fingerprint, f.candidates.length);
  for (const c of f.candidates) {
    const at = out.push(0) - 1;
    const addrKind = packAddress(out, c.address);
    out[at] = TYPES.indexOf(c.type) | (addrKind << 2);
    out.push(c.port >> 8, c.port & 255);
  }
  const sum = fletcher16(out);
  out.push(sum >> 8, sum & 255);
  return toBase64url(out);
}

// {kind, sdp} for a code, or a TransportError saying plainly what is wrong with it.
export function decodeCode(code) {
  const text = String(code || '').replace(/\s+/g, '');
  if (!text) throw badCode('it is empty');
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw badCode('it has characters no code has');
  let bytes;
  try {
    bytes = Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch (e) {
    throw badCode('it is cut short');
  }
  if (bytes.length < 8 || bytes[0] !== 0x43 || bytes[1] !== 0x6e) throw badCode('it is not a Catan invite or answer code');
  if (bytes[2] !== VERSION) throw badCode('it comes from another version of the game');
  const sum = fletcher16(bytes.slice(0, -2));
  if (((bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1]) !== sum) {
    throw badCode('part of it is missing or changed');
  }
  let pos = 3;
  const r = {
    byte: () => {
      if (pos >= bytes.length - 2) throw badCode('it is cut short');
      return bytes[pos++];
    },
    bytes: (n) => Array.from({ length: n }, () => r.byte()),
  };
  try {
    const kind = r.byte();
    if (kind !== INVITE && kind !== ANSWER) throw badCode('it is not a Catan invite or answer code');
    const setup = SETUPS[r.byte()] || 'actpass';
    const str = () => String.fromCharCode(...r.bytes(r.byte()));
    const ufrag = str();
    const pwd = str();
    const fingerprint = r.bytes(32);
    const candidates = Array.from({ length: r.byte() }, () => {
      const flags = r.byte();
      const address = unpackAddress(r, flags >> 2);
      return { type: TYPES[flags & 3], address, port: (r.byte() << 8) | r.byte() };
    });
    return { kind, sdp: buildSdp(kind, { ufrag, pwd, fingerprint, setup, candidates }) };
  } catch (e) {
    if (e instanceof TransportError) throw e;
    throw badCode('it is damaged');
  }
}
