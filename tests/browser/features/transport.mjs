// Online play's transport (web/net): real Chromium pages over real WebRTC data channels, the
// signalling relays started here on 127.0.0.1 (tests/browser/transport/relays.mjs). A page of
// its own (tests/browser/transport/fixture.html) serves web/net and web/vendor/trystero as
// they ship, under the game page's Content-Security-Policy; no site needed.
import fs from 'node:fs';
import path from 'node:path';
import {
  assert, atRoot, browser, closeStrict, instrument, measure, quantile, root, serve, sleep, test, waitFor,
} from '../lib.mjs';
import { RELAYS } from '../transport/relays.mjs';
import { vendorFiles } from '../../../web/tools/vendor-trystero.mjs';

const nodeModules = path.join(root, 'tests/browser/node_modules');
const fixtureDir = path.join(root, 'tests/browser/transport');
const netDir = path.join(root, 'web/net');
// The packages these tests need (tests/browser/package.json); without them every test here
// fails, and the first one says why.
const missing = ['@trystero-p2p/core', '@trystero-p2p/mqtt', '@trystero-p2p/torrent', 'bittorrent-tracker', 'aedes', 'ws']
  .filter((p) => !fs.existsSync(path.join(nodeModules, p)));
// The shipped copy of Trystero, every strategy measured here included.
const vendorDir = path.join(root, 'web/vendor/trystero');

// The game page's policy (web/index.html), with WebSocket to this machine's relays (ws:, not
// the public relays' wss:) added: a room must open under it without a violation.
const CSP_META = /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/;
const pagePolicy = CSP_META.exec(fs.readFileSync(path.join(root, 'web/index.html'), 'utf8'))[2];
const fixturePolicy = pagePolicy.replace("connect-src 'self' wss:", "connect-src 'self' wss: ws://127.0.0.1:*");
const server = await serve((p) => {
  if (p.startsWith('/net/')) return { dir: netDir, path: p.slice(5) };
  if (p.startsWith('/vendor/trystero/')) return { dir: vendorDir, path: p.slice(17) };
  if (p === '/fixture.html' || p === '/fixture.js') return atRoot(fixtureDir)(p);
  return null;
}, (p, text) => (p === '/fixture.html' ? text.replace(CSP_META, (m, head) => `${head}${fixturePolicy}"`) : text));
const pageUrl = `http://127.0.0.1:${server.address().port}/fixture.html`;
const ICE = { iceServers: [] }; // offline machine: host candidates only

async function openPage() {
  const context = await browser.newContext();
  // Every RTCPeerConnection the page makes, to count the open ones; the policy's violations.
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    const Native = window.RTCPeerConnection;
    window.__pcs = [];
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        super(...args);
        window.__pcs.push(this);
      }
    };
  });
  const page = instrument(await context.newPage());
  await page.goto(pageUrl);
  await waitFor(page, () => window.T);
  return { context, page };
}
async function openPages(n) {
  return Promise.all(Array.from({ length: n }, openPage));
}
async function closePages(pages) {
  for (const p of pages) await closeStrict(p);
}
const ms = (x) => `${x.toFixed(1)} ms`;
// A failure case that hangs fails the test instead of the run.
const within = (promise, limit, what) => Promise.race([promise, new Promise((_, reject) =>
  setTimeout(() => reject(new Error(`${what}: no answer within ${limit} ms`)), limit))]);

// Messages both ways between the host page and each guest page, then round trips of
// action-sized (100-byte) messages: guest 1 pings the host, the host pings guest 2.
async function exchange(label, host, guests) {
  await host.page.evaluate(() => T.peers.forEach((p, i) => p.send(`hello guest ${i}`)));
  await Promise.all(guests.map((g, i) => g.page.evaluate((k) => T.peers[0].send(`hello host from ${k}`), i)));
  for (const g of guests) {
    await waitFor(g.page, () => T.received.some((t) => t.includes('hello guest')), null, { timeout: 5000 });
  }
  await waitFor(host.page, () => T.received.filter((t) => t.includes('hello host')).length === 2,
    null, { timeout: 5000 });
  const fromGuest = await guests[0].page.evaluate(() => T.ping(0, 200, 100));
  const hostPeerOfGuest2 = await host.page.evaluate(() => T.peers.length - 1);
  const fromHost = await host.page.evaluate((i) => T.ping(i, 200, 100), hostPeerOfGuest2);
  for (const [who, rtts] of [['guest->host', fromGuest], ['host->guest', fromHost]]) {
    measure(`transport ${label} round trip ${who} (200 x 100 B): median ${ms(quantile(rtts, 0.5))}, ` +
      `p99 ${ms(quantile(rtts, 0.99))}, max ${ms(Math.max(...rtts))}`);
  }
  assert(quantile(fromGuest, 0.5) < 50 && quantile(fromHost, 0.5) < 50, 'median round trip over 50 ms on one machine');
}

await test('transport-vendored-copy-matches-npm', async () => {
  assert(!missing.length, `tests/browser/node_modules lacks ${missing.join(', ')} (scripts/setup installs them)`);
  const want = vendorFiles(nodeModules);
  const dir = vendorDir;
  const have = fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  assert(JSON.stringify(have.sort()) === JSON.stringify(Object.keys(want).sort()),
    `web/vendor/trystero has ${have.join(', ')}; node web/tools/vendor-trystero.mjs makes ${Object.keys(want).join(', ')}`);
  for (const [f, text] of Object.entries(want)) {
    assert(fs.readFileSync(path.join(dir, f), 'utf8') === text,
      `web/vendor/trystero/${f} differs from the npm package: run node web/tools/vendor-trystero.mjs`);
  }
});

await test('transport-invite-codes', async () => {
  const pages = await openPages(2);
  // The page has loaded nothing of web/net yet: it comes with the first room.
  assert(!server.log.some((r) => /^\/(net|vendor)\//.test(r.path)), 'web/net was loaded before a room opened');
  const [a, b] = pages.map((p) => p.page);
  const invite = await a.evaluate(async (o) => {
    const t = await T.load();
    T.host = await t.openHost({ signalling: 'manual', ...o });
    T.invite = await T.host.createInvite();
    return T.invite.code;
  }, ICE);
  measure(`transport invite code: ${invite.length} characters`);
  // Every kind of candidate survives a code: IPv4, IPv6 (compressed), mDNS, a host name; host,
  // server-reflexive and relayed.
  const kinds = await a.evaluate(async () => {
    const codes = await import('./net/invite_code.js');
    const fields = {
      ufrag: 'Ab3+', pwd: 'abcdefghijklmnopqrstuv+/', setup: 'active',
      fingerprint: Array.from({ length: 32 }, (_, i) => (i * 37) & 255),
      candidates: [
        { address: '192.168.1.20', port: 50000, type: 'host' },
        { address: '2001:db8::8a2e:370:7334', port: 443, type: 'srflx' },
        { address: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.local', port: 61234, type: 'host' },
        { address: 'turn.example.org', port: 3478, type: 'relay' },
      ],
    };
    const code = codes.encodeCode(codes.ANSWER, codes.buildSdp(codes.ANSWER, fields));
    const back = codes.parseSdp(codes.decodeCode(code).sdp);
    return { code, fields, back };
  });
  kinds.fields.candidates[1].address = '2001:db8:0:0:0:8a2e:370:7334';
  const fieldsOf = (f) => JSON.stringify([f.ufrag, f.pwd, f.fingerprint, f.setup, f.candidates]);
  assert(fieldsOf(kinds.back) === fieldsOf(kinds.fields),
    `a code changed its fields: ${JSON.stringify(kinds.back)}`);
  measure(`transport answer code with 4 candidates (IPv4, IPv6, mDNS, TURN name): ${kinds.code.length} characters`);
  assert(invite.length < 200, `invite code of ${invite.length} characters`);
  // Pasted badly: a clear error, nothing else changes (the invite still works afterwards).
  const bad = await b.evaluate(async (code) => {
    const t = await T.load();
    const cases = {
      empty: '', garbage: 'hello there!', cut: code.slice(0, 30), changed: code.slice(0, 40) +
        (code[40] === 'A' ? 'B' : 'A') + code.slice(41), other: 'Q2F0YW4gaXMgZnVu',
    };
    const out = {};
    for (const [k, c] of Object.entries(cases)) out[k] = await T.timed(() => t.answerInvite(c, { iceServers: [] }));
    return out;
  }, invite);
  for (const [k, r] of Object.entries(bad)) {
    assert(!r.ok && r.code === 'bad-code' && /code/i.test(r.message), `${k}: ${JSON.stringify(r)}`);
  }
  measure(`transport bad code pasted: "${bad.changed.message}"`);
  const answer = await b.evaluate(async (code) => {
    const t = await T.load();
    T.answer = await t.answerInvite(code, { iceServers: [] });
    return T.answer.code;
  }, invite);
  measure(`transport answer code: ${answer.length} characters`);
  // The answer pasted into the guest's own box, the invite into the host's: told which is which.
  const swapped = await b.evaluate(async (code) => T.timed(async () => (await T.load()).answerInvite(code)), answer);
  assert(!swapped.ok && /host's invite code/.test(swapped.message), JSON.stringify(swapped));
  const wrongWay = await a.evaluate(async (code) => T.timed(() => T.invite.acceptAnswer(code)), invite);
  assert(!wrongWay.ok && /answer code the guest sends/.test(wrongWay.message), JSON.stringify(wrongWay));
  const ok = await a.evaluate(async (code) => T.timed(async () => T.attach(await T.invite.acceptAnswer(code))), answer);
  assert(ok.ok, JSON.stringify(ok));
  await b.evaluate(async () => T.attach(await T.answer.connected));
  const again = await a.evaluate(async (code) => T.timed(() => T.invite.acceptAnswer(code)), answer);
  assert(!again.ok && again.code === 'used', JSON.stringify(again));
  await closePages(pages);
});

await test('transport-manual-codes-three-pages', async () => {
  const pages = await openPages(3);
  const [host, ...guests] = pages;
  await host.page.evaluate(async (o) => {
    const t = await T.load();
    T.host = await t.openHost({ signalling: 'manual', ...o });
    T.host.onpeer = T.attach;
  }, ICE);
  for (const [i, g] of guests.entries()) {
    const t0 = Date.now();
    const invite = await host.page.evaluate(async () => {
      T.invite = await T.host.createInvite();
      return T.invite.code;
    });
    const answer = await g.page.evaluate(async ([code, o]) => {
      T.answer = await (await T.load()).answerInvite(code, o);
      T.connected = T.answer.connected.then(T.attach);
      return T.answer.code;
    }, [invite, ICE]);
    const codesMs = Date.now() - t0;
    await host.page.evaluate((code) => T.invite.acceptAnswer(code), answer);
    await g.page.evaluate(() => T.connected);
    measure(`transport manual guest ${i + 1}: codes made in ${codesMs} ms (ICE gathering), ` +
      `channel open ${Date.now() - t0 - codesMs} ms after the answer was pasted`);
  }
  await exchange('manual', host, guests);
  // Signalling by hand loads nothing from the relays' side.
  assert(!server.log.some((r) => r.path.startsWith('/vendor/')), 'Trystero was loaded for signalling by hand');
  // A guest leaving: the host's peer says so.
  await guests[1].page.evaluate(() => T.peers[0].close());
  await waitFor(host.page, () => T.closed.length === 1, null, { timeout: 10000 });
  await closePages(pages);
});

// Host and two guests in one room over a relay started here; returns the pages.
async function automaticRoom(strategy, relayUrl, room) {
  const pages = await openPages(3);
  const [host, ...guests] = pages;
  const opts = { ...ICE, strategy, relayUrls: [relayUrl], room, key: 'k3y-0f-this-room' };
  await host.page.evaluate(async (o) => {
    const t = await T.load();
    T.host = await t.openHost(o);
    T.host.onpeer = T.attach;
  }, opts);
  const joined = await Promise.all(guests.map((g) => g.page.evaluate(async (o) => {
    const t = await T.load();
    return T.timed(async () => T.attach(await t.joinHost(o)));
  }, opts)));
  for (const r of joined) assert(r.ok, `${strategy}: ${JSON.stringify(r)}`);
  measure(`transport auto/${strategy} 2 guests joined in ${joined.map((r) => ms(r.ms)).join(', ')}`);
  await waitFor(host.page, () => T.peers.length === 2, null, { timeout: 10000 });
  return pages;
}

for (const strategy of Object.keys(RELAYS)) {
  await test(`transport-auto-${strategy}-three-pages`, async () => {
    const relay = await RELAYS[strategy]();
    try {
      const pages = await automaticRoom(strategy, relay.url, `room-${strategy}-three`);
      const [host, ...guests] = pages;
      await exchange(`auto/${strategy}`, host, guests);
      // The guests link to the host only (the role handshake refuses a guest-guest pair; the
      // two guests still find each other through the relay and Trystero keeps that WebRTC
      // connection open, unused: counted here, see docs/SECURITY.md).
      const open = () => window.__pcs.filter((pc) => pc.connectionState === 'connected').length;
      const counts = [];
      for (const g of guests) {
        assert(await g.page.evaluate(() => T.peers.length) === 1, 'a guest has more than one peer');
        counts.push(await g.page.evaluate(open));
      }
      const hostLinks = await host.page.evaluate(open);
      assert(hostLinks === 2, `the host has ${hostLinks} open connections`);
      measure(`transport auto/${strategy} open WebRTC connections: host ${hostLinks}, guests ${counts.join(', ')}`);
      await closePages(pages);
    } finally {
      await relay.close();
    }
  });
}

// A guest opening the link a while after the room opened (past Trystero's first announcements,
// which then come once a minute) still finds the host at once.
// Through the BitTorrent tracker a late guest finds no host in some runs (passive guests as well
// as announcing ones): that case runs with CATAN_ROOMS_TORRENT=1 until it is explained.
const lateStrategies = Object.keys(RELAYS).filter((s) => s !== 'torrent' || process.env.CATAN_ROOMS_TORRENT === '1');
for (const strategy of lateStrategies) {
  await test(`transport-auto-${strategy}-late-guest`, async () => {
    const relay = await RELAYS[strategy]();
    try {
      const pages = await openPages(2);
      const opts = { ...ICE, strategy, relayUrls: [relay.url], room: `room-${strategy}-late`, key: 'late-guest-key', timeoutMs: 15000 };
      await pages[0].page.evaluate(async (o) => {
        T.host = await (await T.load()).openHost(o);
        T.host.onpeer = T.attach;
      }, opts);
      await new Promise((r) => setTimeout(r, 8000));
      const r = await pages[1].page.evaluate(async (o) => {
        const t = await T.load();
        return T.timed(async () => T.attach(await t.joinHost(o)));
      }, opts);
      measure(`transport auto/${strategy} guest 8 s after the host: ${r.ok ? `connected in ${ms(r.ms)}` : r.message}`);
      assert(r.ok && r.ms < 10000, JSON.stringify(r));
      await closePages(pages);
    } finally {
      await relay.close();
    }
  });
}

// A room that already has peers: a host and two guests (the guests meet through the relay too,
// and keep that link past their role handshake), then pages joining late, then the host's page
// reloading and opening the same room again while the guests try to find it; each guest tries at
// once when the host leaves, and once more after 1 s. Every page finds the host at its first try.
// Not yet reliable (docs/MULTIPLAYER.md, Faults: "Not solved"): runs with CATAN_TRANSPORT_CROWDED=1.
if (process.env.CATAN_TRANSPORT_CROWDED) await test('transport-auto-mqtt-crowded-room', async () => {
  const relay = await RELAYS.mqtt();
  const TRIES = Number(process.env.CATAN_CROWDED_TRIES || 3);
  const opts = { ...ICE, strategy: 'mqtt', relayUrls: [relay.url], room: 'room-mqtt-crowded', key: 'crowded-room-key', timeoutMs: 8000 };
  const openHostOn = (page) => page.evaluate(async (o) => {
    T.host = await (await T.load()).openHost(o);
    T.host.onpeer = T.attach;
  }, opts);
  // {ok, ms, failed: the failed tries}, tried once the page's links have ended.
  const join = (page) => within(page.evaluate(async (o) => {
    const t = await T.load();
    while (T.peers.some((p) => !p.closed)) await new Promise((res) => setTimeout(res, 10));
    const t0 = performance.now();
    const failed = [];
    for (let k = 0; k < 2; ++k) {
      const r = await T.timed(async () => T.attach(await t.joinHost(o)));
      if (r.ok) return { ok: true, ms: performance.now() - t0, failed };
      failed.push(`${r.code} after ${Math.round(r.ms)} ms`);
      await new Promise((res) => setTimeout(res, 1000));
    }
    return { ok: false, ms: performance.now() - t0, failed };
  }, opts), 30000, 'a guest\'s tries');
  const late = [];
  const rejoins = [];
  try {
    const host = await openPage();
    const guests = await openPages(2);
    await openHostOn(host.page);
    for (const g of guests) assert((await join(g.page)).ok, 'a guest did not find the host in a fresh room');
    // CATAN_CROWDED_AGE=65000: a room older than Trystero's offer pool (docs/MULTIPLAYER.md).
    await sleep(Number(process.env.CATAN_CROWDED_AGE || 0));
    for (let k = 0; k < TRIES; ++k) {
      await sleep(2500); // past the peers' first, frequent announcements
      const extra = await openPage();
      late.push(await join(extra.page));
      await closeStrict(extra);
    }
    for (let k = 0; k < TRIES; ++k) {
      await host.page.reload();
      await waitFor(host.page, () => window.T);
      const tries = Promise.all(guests.map((g) => join(g.page)));
      await sleep(2000); // the game page takes a while to open its room again
      await openHostOn(host.page);
      rejoins.push(...await tries);
    }
    await closePages([host, ...guests]);
  } finally {
    await relay.close();
  }
  const show = (rs) => rs.map((r) => `${r.ok ? ms(r.ms) : 'none'}${r.failed.length ? ` (${r.failed.join('; ')})` : ''}`).join(', ');
  measure(`transport auto/mqtt crowded room: late guests ${show(late)}; guests after the host's reload ${show(rejoins)}`);
  assert([...late, ...rejoins].every((r) => r.ok && !r.failed.length && r.ms < 10000),
    'a page did not find the host at its first try within 10 s');
});

// Reliability: ATTEMPTS fresh host + guest pairs (fresh browser contexts, fresh rooms) per
// strategy through one local relay; success count and the guest's time to connect.
const ATTEMPTS = Number(process.env.CATAN_TRANSPORT_ATTEMPTS || 20);
for (const strategy of Object.keys(RELAYS)) {
  await test(`transport-auto-${strategy}-reliability`, async () => {
    const relay = await RELAYS[strategy]();
    const times = [];
    const failures = [];
    try {
      for (let k = 0; k < ATTEMPTS; ++k) {
        const pages = await openPages(2);
        const opts = { ...ICE, strategy, relayUrls: [relay.url], room: `room-${strategy}-${k}-${Date.now()}`, key: 'reliability-key', timeoutMs: 15000 };
        await pages[0].page.evaluate(async (o) => {
          T.host = await (await T.load()).openHost(o);
          T.host.onpeer = T.attach;
        }, opts);
        const r = await pages[1].page.evaluate(async (o) => {
          const t = await T.load();
          return T.timed(async () => T.attach(await t.joinHost(o)));
        }, opts);
        if (r.ok) times.push(r.ms);
        else failures.push(r.message);
        await closePages(pages);
      }
    } finally {
      await relay.close();
    }
    measure(`transport auto/${strategy} reliability: ${times.length}/${ATTEMPTS} connected; time to connect ` +
      (times.length ? `median ${ms(quantile(times, 0.5))}, max ${ms(Math.max(...times))}` : '-') +
      (failures.length ? `; failures: ${[...new Set(failures)].join(' | ')}` : ''));
    assert(times.length === ATTEMPTS, `${failures.length} of ${ATTEMPTS} attempts failed`);
  });
}

await test('transport-failures-are-explained', async () => {
  const pages = await openPages(2);
  const [a, b] = pages.map((p) => p.page);
  // A relay that is down: a closed port.
  const relay = await RELAYS.mqtt();
  const deadUrl = relay.url;
  await relay.close();
  const down = await within(a.evaluate(async (o) => T.timed(async () => (await T.load()).openHost(o)),
    { ...ICE, relayUrls: [deadUrl], room: 'room-relay-down', key: 'some-key-here', relayTimeoutMs: 4000 }),
  15000, 'host with the relay down');
  assert(!down.ok && down.code === 'relay-unreachable' && down.ms < 6000, JSON.stringify(down));
  const downGuest = await within(b.evaluate(async (o) => T.timed(async () => (await T.load()).joinHost(o)),
    { ...ICE, relayUrls: [deadUrl], room: 'room-relay-down', key: 'some-key-here', relayTimeoutMs: 4000 }),
  15000, 'guest with the relay down');
  assert(!downGuest.ok && downGuest.code === 'relay-unreachable' && downGuest.ms < 6000, JSON.stringify(downGuest));
  measure(`transport relay down: error after ${ms(down.ms)}: "${down.message}"`);
  // A relay that works but a room with no host.
  const live = await RELAYS.mqtt();
  try {
    const lonely = await within(b.evaluate(async (o) => T.timed(async () => (await T.load()).joinHost(o)),
      { ...ICE, relayUrls: [live.url], room: 'room-with-no-host', key: 'some-key-here', timeoutMs: 4000 }),
    15000, 'guest in a room with no host');
    assert(!lonely.ok && lonely.code === 'no-host' && lonely.ms < 6000, JSON.stringify(lonely));
    // The host is there, but the guest's link has another key.
    const opts = { ...ICE, relayUrls: [live.url], room: 'room-with-a-key' };
    await a.evaluate(async (o) => {
      T.host = await (await T.load()).openHost(o);
    }, { ...opts, key: 'the-right-key' });
    const wrongKey = await within(b.evaluate(async (o) => T.timed(async () => (await T.load()).joinHost(o)),
      { ...opts, key: 'not-the-right-key', timeoutMs: 8000 }), 20000, 'guest with the wrong key');
    measure(`transport wrong key: error after ${ms(wrongKey.ms)}: "${wrongKey.message}"`);
    assert(!wrongKey.ok && ['wrong-key', 'no-host'].includes(wrongKey.code), JSON.stringify(wrongKey));
    await a.evaluate(() => T.host.close());
  } finally {
    await live.close();
  }
  // A damaged link.
  const link = await a.evaluate(async () => {
    const t = await T.load();
    const fresh = t.newRoom();
    const back = t.parseRoomFragment(t.roomFragment(fresh));
    let damaged = null;
    try {
      t.parseRoomFragment('#room=abc&key=');
    } catch (e) {
      damaged = e.code;
    }
    return { same: back.room === fresh.room && back.key === fresh.key, none: t.parseRoomFragment('#seed=5'), damaged };
  });
  assert(link.same && link.none === null && link.damaged === 'bad-link', JSON.stringify(link));
  // ICE fails: an answer whose only candidate is a closed port (decoded, changed, encoded again).
  const iceFail = await within(a.evaluate(async () => {
    const t = await T.load();
    const codes = await import('./net/invite_code.js');
    const host = await t.openHost({ signalling: 'manual', iceServers: [], timeoutMs: 60000 });
    const invite = await host.createInvite();
    const guest = await t.answerInvite(invite.code, { iceServers: [] });
    guest.cancel();
    const { sdp } = codes.decodeCode(guest.code);
    const dead = sdp.replace(/^a=candidate:(\S+ 1 udp \d+) \S+ \d+ typ host/gm, 'a=candidate:$1 127.0.0.1 9 typ host');
    return T.timed(() => invite.acceptAnswer(codes.encodeCode(codes.ANSWER, dead)));
  }), 90000, 'ICE failure');
  measure(`transport ICE failure: error after ${ms(iceFail.ms)}: "${iceFail.message}"`);
  assert(!iceFail.ok && ['ice-failed', 'timeout'].includes(iceFail.code) &&
    /try the same network, or a TURN server in settings/.test(iceFail.message), JSON.stringify(iceFail));
  await closePages(pages);
});

server.close();
