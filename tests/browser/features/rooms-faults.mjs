// Online rooms when things go wrong (docs/MULTIPLAYER.md, "Faults"): a guest closes its page in
// the middle of its turn (the turn timer, the autopilot, the rejoin by the same link, "Take back
// control"), a view lost on its way to a guest and an `act` sent twice, a hostile guest in a
// started game; and the host's frame times meanwhile. Real pages, real WebRTC data channels
// through the MQTT relay the test starts, as in rooms.mjs.
import {
  assert, closeStrict, frames, instrument, measure, quantile, shot, sleep, test, waitFor, waitReady,
} from '../lib.mjs';
import {
  guestJoins, guestOpens, hostOpens, hostStarts, roomCall, roomPage, roomSite, status,
} from '../rooms-lib.mjs';
import { RELAYS } from '../transport/relays.mjs';
import { PHONE_390, tapOrClickUi } from '../ui.mjs';

const { server: own, pageBase } = await roomSite();
const SMALL = { viewport: { width: 800, height: 600 } };
// What a time-out may do for a human (match/turn_clock.cpp kTimeoutAction): never an offer, a
// build outside the setup, a bank trade or a development card.
const SAFE = /^(build_settlement|build_road|roll|discard|move_robber|steal|end_turn|free_road|decline_trade|cancel_trade)\b/;

// The view of `seat` on a page (hosting: what the room sends it; a guest: the last one received):
// catan_web_test_room_probe.
const probe = (page, seat = -1) => roomCall(page, 'catan_web_test_room_probe', ['number'], [seat]);
const autoplay = (page, on) => roomCall(page, 'catan_web_test_room_autoplay', ['number'], [on ? 1 : 0]);

// The host's frame times since perf.reset(): between animation frames and the app's work per frame.
async function frameTimes(page) {
  return page.evaluate(() => ({ deltas: window.catan.perf.deltas.slice(), work: window.catan.perf.work.slice() }));
}
function frameLine(label, { deltas, work }, longTasks) {
  const q = (xs, p) => (xs.length ? quantile(xs, p).toFixed(1) : '-');
  const over = (xs) => xs.filter((x) => x > 50).length;
  return `rooms faults ${label}: ${deltas.length} frames; between frames median ${q(deltas, 0.5)} ms, `
    + `p99 ${q(deltas, 0.99)} ms, max ${Math.max(0, ...deltas).toFixed(0)} ms, ${over(deltas)} over 50 ms; `
    + `the app's work per frame median ${q(work, 0.5)} ms, p99 ${q(work, 0.99)} ms, max ${Math.max(0, ...work).toFixed(1)} ms, `
    + `${over(work)} over 50 ms (at frames ${work.map((x, i) => (x > 50 ? i : -1)).filter((i) => i >= 0).join(', ') || '-'}); `
    + `main-thread tasks over 50 ms: ${longTasks.length}`
    + (longTasks.length ? ` (max ${Math.max(...longTasks).toFixed(0)} ms)` : '');
}
const longTasksSince = (page, t0) => page.evaluate((t) => (window.__longTasks || [])
  .filter(([start]) => start >= t).map(([, d]) => d), t0);
const pageNow = (page) => page.evaluate(() => performance.timeOrigin + performance.now());

// A host and its guests through a fresh MQTT relay; `body(host, guests, link)` runs the test.
async function withRoom(options, guestsWanted, body) {
  const relay = await RELAYS.mqtt();
  const relays = { strategy: 'mqtt', relayUrls: [relay.url], iceServers: [] };
  const pages = [];
  try {
    const host = await roomPage(SMALL, relays);
    pages.push(host);
    await host.page.goto(pageBase + 'index.html');
    const link = await hostOpens(host, options);
    const guests = [];
    for (const g of guestsWanted) {
      const guest = await roomPage(g.device, relays);
      pages.push(guest);
      guest.name = g.name;
      guest.relays = relays;
      // A page that found no host (it happens to the third guest page on a loaded machine: see
      // docs/MULTIPLAYER.md, "Faults") opens the link once more.
      await guestOpens(guest, link).catch(async (e) => {
        measure(`rooms faults: ${g.name}'s page found no host (${e.message.split('\n')[0].slice(0, 60)}...); the link opened again`);
        await shot(guest.page, `rooms-faults-no-host-${g.name}.png`).catch(() => {});
        await guest.page.goto('about:blank');
        await guestOpens(guest, link);
      });
      await frames(guest.page, 10);
      guest.room = await guestJoins(guest, g.name);
      guests.push(guest);
      await frames(host.page, 10);
    }
    await body(host, guests, link, relay);
    for (const p of pages) if (!p.page.isClosed()) await closeStrict(p);
  } finally {
    for (const p of pages) await p.context.close().catch(() => {});
    await relay.close();
  }
}

// ------------------------------------------------------------------ a guest leaves mid-turn
// Seats: the host, Ada and Bo, a Hard bot; Cy watches (three guest pages). The turn timer at its
// minimum, 20 s, on a room clock 4 times as fast (catan_web_test_room_clock_scale: the room's own
// TurnClock, only sooner). Ada closes her page in the middle of her turn: the host's timer
// completes it with the smallest safe completion; after two missed turns the AI plays her seat
// and every page says so; she opens the link again in a new page (her token is in the browser's
// storage), gets her seat and the current view, presses "Take back control" and plays on.
// Meanwhile the host's frame times: three guests and a bot thinking.
await test('rooms-faults-guest-leaves-mid-turn', async () => {
  await withRoom({ seats: 'human,human,human,ai:hard', timer: 20, speed: 4, mode: 'custom', vp: 10 }, [
    { device: SMALL, name: 'Ada' },
    { device: PHONE_390, name: 'Bo' },
    { device: SMALL, name: 'Cy' },
  ], async (host, [ada, bo, cy], link) => {
    assert(ada.room.seat === 1 && bo.room.seat === 2 && cy.room.seat === -1,
      `seats: Ada ${ada.room.seat}, Bo ${bo.room.seat}, Cy ${cy.room.seat}`);
    const r = await roomCall(host.page, 'catan_web_test_room_clock_scale', ['number'], [4]);
    assert(r.ok, 'clock scale: ' + JSON.stringify(r));
    await hostStarts(host);
    for (const p of [host, ada, bo]) await autoplay(p.page, true);
    await host.page.evaluate(() => window.catan.perf.reset());
    const t0 = await pageNow(host.page);

    // Ada's turn after the setup: her autoplay stops, and her page closes.
    await waitFor(host.page, () => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [1]));
      return p.ok && p.phase > 1 && p.current === 1; // past the setup (engine/state.h Phase 0, 1)
    }, null, { timeout: 240000, polling: 50 });
    await autoplay(ada.page, false);
    const threeGuests = await frameTimes(host.page);
    measure(frameLine('host with 3 guests and a Hard bot, to Ada\'s first turn', threeGuests, await longTasksSince(host.page, t0)));
    const before = await probe(host.page, 1);
    await ada.page.close();
    const closedAt = Date.now();

    // The timer completes her turns; the second missed turn puts her seat on the autopilot.
    const away = await waitFor(host.page, () => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [0]));
      if (p.timed_out === 1) window.__timedOut = true;
      return p.autopilot[1] ? p : null;
    }, null, { timeout: 180000, polling: 100 });
    const timedOutSeen = await host.page.evaluate(() => !!window.__timedOut);
    const awayMs = Date.now() - closedAt;
    const moves = away.timeout_moves.filter(([seat]) => seat === 1).map(([, a]) => a);
    measure(`rooms faults: Ada's page closed at action ${before.applied} (phase ${before.phase}); her seat on the autopilot `
      + `${(awayMs / 1000).toFixed(1)} s later (room clock x4) at action ${away.applied}; moves made for her on time-outs: ${moves.join(', ')}`);
    assert(moves.length >= 2 && moves.every((a) => SAFE.test(a)), `time-out moves: ${moves.join(', ')}`);
    assert(moves.includes('end_turn'), `no turn ended for her: ${moves.join(', ')}`);
    // Every page says so: the banner and the strip under it (test id autopilot_notice).
    for (const p of [host, bo, cy]) {
      await waitFor(p.page, () => {
        const s = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [-1]));
        return s.ok && s.autopilot[1];
      }, null, { timeout: 30000 });
      await waitFor(p.page, () => !!(window.catan.view().uiRects || {}).autopilot_notice, null, { timeout: 20000 });
    }
    await shot(host.page, 'rooms-faults-autopilot-host-desktop.png');
    await shot(bo.page, 'rooms-faults-autopilot-guest-phone.png');
    await shot(cy.page, 'rooms-faults-autopilot-spectator.png');

    // Ada opens the link again: a new page of the same browser (her saved token).
    const page = instrument(await ada.context.newPage());
    ada.page = page;
    const reopened = Date.now();
    await page.goto(link);
    await waitReady(page);
    await frames(page, 2);
    const early = await page.evaluate(() => window.__room.in.length);
    await shot(page, 'rooms-faults-reconnecting-guest.png');
    await waitFor(page, () => {
      const s = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [-1]));
      return s.ok;
    }, null, { timeout: 60000 });
    const back = await status(page);
    assert(back.room.seat === 1 && back.room.token === ada.room.token, 'rejoined as ' + JSON.stringify(back.room));
    const [mine, hosts] = [await probe(page), await probe(host.page, 1)];
    assert(mine.applied <= hosts.applied && mine.applied >= away.applied, `view at ${mine.applied}, host at ${hosts.applied}`);
    assert(mine.autopilot[1], 'the rejoined seat is no longer on the autopilot before the take-back');
    await waitFor(page, () => !!(window.catan.view().uiRects || {}).take_back_1, null, { timeout: 20000 });
    const rejoinMs = Date.now() - reopened;
    await frames(page, 3);
    await shot(page, 'rooms-faults-rejoined-on-autopilot.png');
    await tapOrClickUi(page, 'take_back_1', false);
    await waitFor(host.page, () => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [1]));
      return p.ok && !p.autopilot[1];
    }, null, { timeout: 20000 });
    // She plays on: her own moves are applied (her autoplay now: the same acts a click makes).
    const sentBefore = await page.evaluate(() => window.__room.out.filter(([, , t]) => t.includes('"t":"act"')).length);
    await autoplay(page, true);
    const mineAt = await waitFor(page, (n) => {
      const acts = window.__room.out.filter(([, , t]) => t.includes('"t":"act"'));
      return acts.length >= n + 1 ? JSON.parse(acts[n][2]).seen : null;
    }, sentBefore, { timeout: 180000, polling: 200 });
    // Applied: the host's views go past it, and no refusal came.
    await waitFor(host.page, (n) => JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string',
      ['number'], [1])).applied > n, mineAt, { timeout: 30000 });
    const after = await status(page);
    assert(!after.room.refusal, 'her move was refused: ' + after.room.refusal);
    assert(!(await probe(host.page, 1)).autopilot[1], 'back on the autopilot');
    // The host's page draws no frames (a hidden tab gets no animation frames; here its main loop
    // is paused): web/net/room.js's interval runs the room, whose bots and timers go on.
    const framesBefore = await host.page.evaluate(() => { window.Module.pauseMainLoop(); return window.catan.perf.work.length; });
    const paused = await probe(host.page, 0);
    const ran = await waitFor(host.page, (n) => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [0]));
      return p.applied >= n + 8 ? p : null;
    }, paused.applied, { timeout: 90000, polling: 500 });
    const framesDuring = await host.page.evaluate(() => window.catan.perf.work.length);
    await host.page.evaluate(() => window.Module.resumeMainLoop());
    assert(framesDuring === framesBefore, `${framesDuring - framesBefore} app frames while paused`);
    measure(`rooms faults: the host's main loop paused: the room went on from action ${paused.applied} to ${ran.applied} without a frame`);
    measure(`rooms faults: the link reopened -> her seat and view back, "Take back control" shown in ${(rejoinMs / 1000).toFixed(1)} s `
      + `(the reconnecting page had ${early} messages when shot); time-out notice seen on the host: ${timedOutSeen}`);
    measure(frameLine('host, the whole test', await frameTimes(host.page), await longTasksSince(host.page, t0)));
  });
});

// ------------------------------------------------------------------ lost and duplicated messages
// Host and Eve (two human seats, no bots: the game waits for them). The host's page loses one
// view on its way to Eve (window.catanTestRoomFault): her next view does not apply, she asks for
// the whole view and then holds exactly the host's view of her seat. Then one of her `act`s
// leaves twice: the copy is refused as stale and changes nothing.
await test('rooms-faults-lost-view-and-duplicated-act', async () => {
  await withRoom({ seats: 'human,human', speed: 20, mode: 'custom', vp: 5 }, [
    { device: SMALL, name: 'Eve' },
  ], async (host, [eve]) => {
    await host.page.evaluate(() => {
      window.__views = 0;
      window.__dropped = null;
      window.catanTestRoomFault = (peer, text) => {
        if (peer === '' || !text.includes('"t":"view"')) return '';
        if (++window.__views === 12) {
          window.__dropped = text;
          return 'drop';
        }
        return '';
      };
    });
    await hostStarts(host);
    for (const p of [host, eve]) await autoplay(p.page, true);
    // The lost view, then her resync and the whole view answering it.
    await waitFor(eve.page, () => {
      const out = window.__room.out.findIndex(([, , t]) => t.includes('"t":"resync"'));
      if (out < 0) return false;
      const at = window.__room.out[out][0];
      return window.__room.in.some(([ms, , t]) => ms > at && t.includes('"t":"view"') && t.includes('"base":0'));
    }, null, { timeout: 120000, polling: 200 }).catch(async (e) => {
      const h = await host.page.evaluate(() => [window.__views, !!window.__dropped, window.__room.out.length]);
      const ev = await eve.page.evaluate(() => window.__room.out.map(([, , t]) => t.slice(0, 60)).slice(-5));
      throw new Error(`${e.message}; host views ${h}; host probe ${JSON.stringify(await probe(host.page, 1)).slice(0, 300)}; Eve sent ${ev.join(' | ')}; Eve ${JSON.stringify(await status(eve.page)).slice(0, 300)}`);
    });
    const dropped = await host.page.evaluate(() => window.__dropped);
    assert(dropped, 'no view was dropped');
    const got = await eve.page.evaluate((d) => window.__room.in.some(([, , t]) => t === d), dropped);
    assert(!got, 'the dropped view arrived');
    // One act sent twice.
    await eve.page.evaluate(() => {
      window.__twice = null;
      window.catanTestRoomFault = (peer, text) => {
        if (window.__twice || !text.includes('"t":"act"')) return '';
        window.__twice = text;
        return 'twice';
      };
    });
    const refusal = await waitFor(eve.page, () => {
      const r = window.__room.in.find(([, , t]) => t.includes('"t":"refused"'));
      return r ? r[2] : null;
    }, null, { timeout: 60000 });
    const twice = await eve.page.evaluate(() => window.__twice);
    const seen = JSON.parse(twice).seen;
    assert(refusal.includes(`stale move: it was chosen after ${seen} actions, and ${seen + 1} are applied`),
      `the copy of ${twice}: ${refusal}`);
    const atHost = await host.page.evaluate((t) => window.__room.in.filter(([, , x]) => x === t).length, twice);
    assert(atHost === 2, `the host received the act ${atHost} times`);
    // Both stop; the game waits for a human; Eve holds the host's view of her seat.
    for (const p of [host, eve]) await autoplay(p.page, false);
    const same = await waitFor(host.page, async () => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [1]));
      await new Promise((r) => setTimeout(r, 600));
      const q = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [1]));
      return p.applied === q.applied ? q : null;
    }, null, { timeout: 30000 });
    const mine = await waitFor(eve.page, (n) => {
      const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [-1]));
      return p.applied === n ? p : null;
    }, same.applied, { timeout: 20000 });
    assert(mine.digest === same.digest, `Eve's view ${mine.digest}, the host's view of her seat ${same.digest} at ${same.applied}`);
    const refusals = await eve.page.evaluate(() => window.__room.in.filter(([, , t]) => t.includes('"t":"refused"')).length);
    assert(refusals === 1, `${refusals} refusals`);
    measure(`rooms faults: view ${JSON.parse(dropped).seq} to Eve dropped; she resynced; her view equals the host's at action ${same.applied}; `
      + `the act sent twice (seen ${seen}) applied once: "${JSON.parse(refusal).reason}"`);
  });
});

// ------------------------------------------------------------------ a hostile guest in a game
// A page speaking the transport itself takes seat 1 and, once the game has started, sends what
// no app sends: garbage, a flood, oversized texts, stale and illegal moves, moves while the host's
// seat or the bot's is to move. Each is refused, to it alone; the game does not change (the host
// page's views of every seat, with nothing else to move them, stay as they were); the host's frames
// keep their pace while it floods. (rooms.mjs's lobby test sends the lobby's own refusals.)
await test('rooms-faults-hostile-guest-in-a-game', async () => {
  await withRoom({ seats: 'human,human,ai:hard', speed: 20, mode: 'custom', vp: 5 }, [], async (host, guests, link, relay) => {
    const g = await roomPage(SMALL, {});
    try {
      await g.page.goto(pageBase + 'index.html');
      await waitReady(g.page);
      await g.page.evaluate(async ([frag, url]) => {
        const t = await import('./net/transport.js');
        const peer = await t.joinHost({ ...t.parseRoomFragment(frag), strategy: 'mqtt', relayUrls: [url], iceServers: [] });
        window.__hostile = { peer, got: [] };
        peer.onmessage = (text) => window.__hostile.got.push(text);
        peer.send(JSON.stringify({ v: 1, t: 'hello', name: 'Mallory', seat: 1, token: '', nonce: '' }));
      }, [new URL(link).hash, relay.url]);
      await waitFor(g.page, () => window.__hostile.got.some((t) => t.includes('"seat":1')), null, { timeout: 20000 });
      await hostStarts(host);
      const answers = () => g.page.evaluate(() => window.__hostile.got.filter((t) => t.includes('"t":"refused"')));
      const send = (texts) => g.page.evaluate((ts) => { for (const t of ts) window.__hostile.peer.send(t); }, texts);
      const frozen = async () => {
        const seats = [];
        for (const s of [0, 1, 2]) seats.push(await probe(host.page, s));
        return seats;
      };
      // Waits for the game to stand still at a human seat (no timer: nobody moves for them).
      const still = () => waitFor(host.page, async () => {
        const p = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [0]));
        await new Promise((r) => setTimeout(r, 800));
        const q = JSON.parse(window.Module.ccall('catan_web_test_room_probe', 'string', ['number'], [0]));
        return p.applied === q.applied && q.to_move !== 2 ? q : null;
      }, null, { timeout: 60000 });
      const act = (action, seen) => JSON.stringify({ v: 1, t: 'act', action, seen });
      const expect = async (texts, wanted, what) => {
        const n = (await answers()).length;
        await send(texts);
        const got = await waitFor(g.page, (k) => {
          const r = window.__hostile.got.filter((t) => t.includes('"t":"refused"'));
          return r.length >= k ? r.slice(k - 1) : null;
        }, n + texts.length, { timeout: 20000 });
        const last = got[got.length - 1];
        assert(wanted.test(last), `${what}: ${last}`);
        return JSON.parse(last).reason;
      };
      const reasons = new Map();

      // 1. The game stands still at a human seat: garbage, oversized texts, a stale move, then the
      // move of whichever seat stands (the host's: another seat's turn; Mallory's: an illegal move).
      let at = await still();
      const views = await frozen();
      const garbage = ['', 'not json', '[]', '{"v":2,"t":"hello"}', '\ud800', 'a\u0000b', '{"v":1,"t":"act"}',
        '{"v":1,"t":"act","action":"roll","seen":0,"seat":2}', '{"v":1,"t":"resync","x":1}',
        JSON.stringify({ v: 1, t: 'hello', name: 'Mallory', seat: 1, token: '' }),
        act('roll', at.applied + 7), act('x'.repeat(5000), at.applied), 'x'.repeat(200000), act('build_city:0', at.applied)];
      const n0 = (await answers()).length;
      await send(garbage);
      await waitFor(g.page, (k) => window.__hostile.got.filter((t) => t.includes('"t":"refused"')).length >= k,
        n0 + garbage.length, { timeout: 20000 }).catch(async (e) => {
        const got = (await answers()).slice(n0).map((t) => JSON.parse(t).reason);
        const hostIn = await host.page.evaluate(() => window.__room.in.map(([, , t]) => t.slice(0, 40)));
        throw new Error(`${e.message}: ${got.length} refusals for ${garbage.length}: ${got.join(' | ')}; host received ${hostIn.length}: ${hostIn.join(' | ')}`);
      });
      const batch = (await answers()).slice(n0).map((t) => JSON.parse(t).reason);
      reasons.set('garbage and oversized', batch.slice(0, 3).join(' | ') + ` ... (${batch.length} refusals for ${garbage.length} texts)`);
      // (The 200,000-byte text arrives in pieces, after the texts sent behind it.)
      const find = (re) => batch.find((x) => re.test(x));
      reasons.set('stale move', find(/stale move/));
      reasons.set('oversized', find(/bytes is more than the 4096 allowed/));
      assert(batch.length === garbage.length && reasons.get('stale move')
        && batch.filter((x) => /bytes is more than the 4096 allowed/.test(x)).length === 2, batch.join(' | '));
      if (at.to_move === 0) reasons.set("another seat's turn", find(/seat 0 to move, not seat 1/));
      else reasons.set('an illegal move', find(/\(build_city:0\)$/));
      assert(reasons.get(at.to_move === 0 ? "another seat's turn" : 'an illegal move'), batch.join(' | '));

      // 2. A flood: 300 texts at once. The first ones spend the burst, the rest are refused as too
      // many; the host's frames meanwhile.
      await sleep(6000); // the allowance refills
      await host.page.evaluate(() => window.catan.perf.reset());
      await sleep(2000);
      const calm = await frameTimes(host.page);
      await host.page.evaluate(() => window.catan.perf.reset());
      const tFlood = await pageNow(host.page);
      // The time the app spends on each text (its catan_web_room_* calls), apart from the transport's.
      await host.page.evaluate(() => {
        window.__calls = {};
        const cc = window.Module.ccall;
        window.Module.ccall = function (n, ...rest) {
          const t = performance.now();
          try { return cc.call(this, n, ...rest); } finally {
            const c = window.__calls[n] || (window.__calls[n] = [0, 0, 0]);
            const d = performance.now() - t; c[0] += 1; c[1] += d; c[2] = Math.max(c[2], d);
          }
        };
      });
      const flood = Array.from({ length: 300 }, (_, i) => act('end_turn', i % 2 ? at.applied : at.applied + 1));
      const n1 = (await answers()).length;
      await send(flood);
      await waitFor(g.page, (k) => window.__hostile.got.filter((t) => t.includes('"t":"refused"')).length >= k,
        n1 + flood.length, { timeout: 30000 });
      await sleep(1000);
      const flooded = await frameTimes(host.page);
      const calls = await host.page.evaluate(() => window.__calls);
      const inApp = calls.catan_web_room_peer_message || [0, 0, 0];
      const drains = calls.catan_web_room_outbox || [0, 0, 0];
      measure(`rooms faults: the host app's own time on the flood: ${inApp[0]} texts in ${inApp[1].toFixed(1)} ms `
        + `(max ${inApp[2].toFixed(2)} ms), its outbox drained ${drains[0]} times in ${drains[1].toFixed(1)} ms`);
      assert(inApp[0] >= 300 && inApp[1] < 150 && inApp[2] < 10, 'the app\'s time on the flood: ' + JSON.stringify(calls));
      const floodReasons = (await answers()).slice(n1).map((t) => JSON.parse(t).reason);
      const tooMany = floodReasons.filter((r) => /too many messages/.test(r)).length;
      reasons.set('flood', `${tooMany} of 300 "${floodReasons.find((r) => /too many/.test(r))}"`);
      assert(tooMany >= 250, `only ${tooMany} of 300 refused as too many`);
      measure(frameLine('host, 2 s before the flood', calm, []));
      measure(frameLine('host, while 300 texts flood in', flooded, await longTasksSince(host.page, tFlood)));
      const median = (xs) => quantile(xs, 0.5);
      assert(median(flooded.deltas) <= Math.max(2 * median(calm.deltas), median(calm.deltas) + 20),
        `frames slowed: median ${median(flooded.deltas)} ms, ${median(calm.deltas)} ms before`);
      const unchanged = await frozen();
      assert(JSON.stringify(unchanged.map((p) => [p.applied, p.digest])) === JSON.stringify(views.map((p) => [p.applied, p.digest])),
        `the game changed: ${JSON.stringify(views.map((p) => p.applied))} -> ${JSON.stringify(unchanged.map((p) => p.applied))}`);
      await sleep(5000); // the allowance refills

      // 3. The other seats' turns, the host's and Mallory's seats moved on by the test (the host's
      // autoplay; Mallory's first legal move, read from the host's probe): a move while the bot is
      // to move, and whichever of the host's turn and Mallory's own step 1 did not meet.
      const moved = (from) => waitFor(host.page, (n) => JSON.parse(window.Module.ccall(
        'catan_web_test_room_probe', 'string', ['number'], [1])).applied > n, from, { timeout: 30000 });
      for (let tries = 0; tries < 200 && reasons.size < 7; ++tries) {
        const p = await probe(host.page, 1);
        if (p.to_move === 2) {
          if (!reasons.has('a move for the bot')) {
            const r = await expect([act('roll', p.applied)], /to move|stale/, 'a move for the bot');
            if (/bot in seat 2 to move/.test(r)) reasons.set('a move for the bot', r);
          } else {
            await sleep(200);
          }
        } else if (p.to_move === 1) {
          if (!reasons.has('an illegal move')) {
            reasons.set('an illegal move', await expect([act('build_city:0', p.applied)], /./, 'an illegal move'));
            assert(!/stale|to move/.test(reasons.get('an illegal move')), reasons.get('an illegal move'));
          }
          await send([act(p.legal[0], p.applied)]);
          await moved(p.applied);
        } else if (p.to_move === 0) {
          if (!reasons.has("another seat's turn")) {
            reasons.set("another seat's turn", await expect([act('roll', p.applied)], /seat 0 to move, not seat 1/, "another seat's turn"));
          }
          await autoplay(host.page, true);
          await moved(p.applied);
          await autoplay(host.page, false);
        } else {
          await sleep(200);
        }
      }
      for (const [k, v] of reasons) measure(`rooms faults hostile guest: ${k}: ${v}`);
      assert(reasons.size === 7, `refusals seen: ${[...reasons.keys()].join(', ')}`);
      assert(host.page.pageErrors.length === 0, 'host page errors: ' + host.page.pageErrors.join(' | '));
      const s = await status(host.page);
      assert(s.open && s.started, JSON.stringify(s));
    } finally {
      await g.context.close().catch(() => {});
    }
  });
});

own.close();
await sleep(0);
