// The host's reload (docs/MULTIPLAYER.md, "The host's reload"): a host page and two guest pages
// (one a 390x844 phone) play a 5 VP game on autoplay through a local MQTT relay; the host's page
// reloads mid-game. The guests show "The host is away" over their boards; the reloaded page
// resumes the room from what it kept and opens the same room on the relay; the guests take their
// seats back by their tokens, and the game ends and verifies on every page.
import {
  assert, closeStrict, frames, measure, noticeText, shot, test, waitFor, waitReady,
} from '../lib.mjs';
import { roomCall, roomPage, roomSite, status } from '../rooms-lib.mjs';
import { RELAYS } from '../transport/relays.mjs';
import { PHONE_390 } from '../ui.mjs';

const { server: own, pageBase } = await roomSite();
const SMALL = { viewport: { width: 480, height: 360 } };

// The actions the host's room has applied (its snapshot's), or -1 when it hosts none.
async function hostActions(page) {
  const s = await roomCall(page, 'catan_web_room_snapshot');
  return s.ok ? JSON.parse(s.snapshot).room.actions.length : -1;
}
const hostAwayShown = (page) => page.evaluate(() => {
  const v = window.catan.view();
  return !!(v && v.uiRects && v.uiRects.host_away);
});
const autoplay = async (page) => {
  const r = await roomCall(page, 'catan_web_test_room_autoplay', ['number'], [1]);
  assert(r.ok !== false, 'autoplay: ' + JSON.stringify(r));
};

await test('rooms-host-reloads-mid-game-and-resumes', async () => {
  const t0 = Date.now();
  const relay = await RELAYS.mqtt();
  const relays = { strategy: 'mqtt', relayUrls: [relay.url], iceServers: [] };
  const pages = [];
  try {
    const host = await roomPage(SMALL, relays);
    pages.push(host);
    // Every notice line shown, kept past its fading (as lib.mjs newPage does).
    await host.context.addInitScript(() => {
      window.__notices = [];
      document.addEventListener('DOMContentLoaded', () => {
        const n = document.getElementById('notice');
        if (!n) return;
        new MutationObserver(() => {
          if (!window.__notices.includes(n.textContent)) window.__notices.push(n.textContent);
        }).observe(n, { childList: true, subtree: true, characterData: true });
      });
    });
    await host.page.goto(pageBase + 'index.html');
    await waitReady(host.page);
    const config = JSON.stringify({ seats: 'human,human,human', speed: 20, mode: 'custom', vp: 5 });
    const opened = await roomCall(host.page, 'catan_web_room_host', ['string'], [config]);
    assert(opened.ok, 'catan_web_room_host: ' + JSON.stringify(opened));
    await host.page.evaluate(() => window.Module.catanRoom({ event: 'hosting' }));
    const link = await waitFor(host.page, () => window.__room.invite, null, { timeout: 30000 });

    // A wait that timed out: every page's screen, for the report.
    const failed = (label) => async (e) => {
      for (const p of pages) await shot(p.page, `rooms-resume-failed-${label}-${p.name || 'host'}.png`).catch(() => {});
      throw e;
    };
    const guests = [];
    for (const [device, name] of [[PHONE_390, 'Pia'], [SMALL, 'Sam']]) {
      const g = await roomPage(device, relays);
      pages.push(g);
      guests.push(g);
      g.name = name;
      await g.page.goto(link);
      await waitFor(g.page, () => window.__room.in.some(([, , t]) => t.includes('"t":"room"')), null, { timeout: 100000 });
      const r = await roomCall(g.page, 'catan_web_room_guest', ['number', 'string', 'string'], [-1, name, '']);
      assert(r.ok, `join ${name}: ${JSON.stringify(r)}`);
      g.room = (await waitFor(g.page, () => {
        const s = JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], []));
        return s.room && s.room.seat >= 0 ? s : null;
      }, null, { timeout: 20000 })).room;
    }
    const started = await roomCall(host.page, 'catan_web_room_start');
    assert(started.ok, 'start: ' + JSON.stringify(started));
    for (const p of pages) await autoplay(p.page);

    // Mid-game, the host's page reloads.
    await waitFor(host.page, () => {
      const s = JSON.parse(window.Module.ccall('catan_web_room_snapshot', 'string', [], []));
      return s.ok && JSON.parse(s.snapshot).room.actions.length >= 40;
    }, null, { timeout: 240000, polling: 250 });
    const before = await hostActions(host.page);
    const kept = await host.page.evaluate(() => JSON.parse(localStorage.getItem('catan.hosted-room')));
    assert(kept && kept.room && kept.snapshot, 'the host page keeps no room: ' + JSON.stringify(kept).slice(0, 200));
    const reloadAt = Date.now();
    await host.page.reload();

    // The guests: the board held under "The host is away".
    const phone = guests[0];
    await waitFor(phone.page, () => {
      const v = window.catan.view();
      return v && v.uiRects && v.uiRects.host_away;
    }, null, { timeout: 30000 }).catch(failed('host-away'));
    const awayMs = Date.now() - reloadAt;
    await frames(phone.page, 4);
    await shot(phone.page, 'rooms-resume-guest-host-away-phone.png');
    await shot(guests[1].page, 'rooms-resume-guest-host-away-small.png');
    const outWhileAway = await phone.page.evaluate(() => window.__room.out.length);

    // The host: resumed by itself, with a notice, on the same room.
    await waitReady(host.page);
    await waitFor(host.page, () => window.__notices.some((t) => /room was resumed/.test(t)), null, { timeout: 30000 });
    const notice = await noticeText(host.page);
    const resumedAt = await hostActions(host.page);
    assert(resumedAt >= before, `the resumed room has ${resumedAt} actions, ${before} before the reload`);
    await autoplay(host.page);
    const link2 = await waitFor(host.page, () => window.__room.invite, null, { timeout: 30000 });
    assert(link2 === link, `the resumed room's link ${link2} is not the guests' ${link}`);
    await frames(host.page, 4);
    await shot(host.page, 'rooms-resume-host-resumed.png');

    // The guests take their seats back and the notice goes.
    for (const g of guests) {
      await waitFor(g.page, () => {
        const v = window.catan.view();
        return v && v.uiRects && !v.uiRects.host_away;
      }, null, { timeout: 180000, polling: 250 }).catch(failed(`${g.name}-back`));
      const s = await status(g.page);
      assert(s.room.seat === g.room.seat && s.room.token === g.room.token,
        `${g.name} came back as ${JSON.stringify(s.room)}, was seat ${g.room.seat}`);
    }
    const backMs = Date.now() - reloadAt;
    // Nothing queued while away: the first text to the resumed host is the hello.
    const firstBack = await phone.page.evaluate((n) => (window.__room.out[n] || [])[2], outWhileAway);
    assert(firstBack && firstBack.includes('"t":"hello"'), `the phone guest's first text back: ${firstBack}`);

    // The game ends and every page verifies the host's reveal.
    for (const p of pages) {
      const s = await waitFor(p.page, () => {
        const st = JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], []));
        return st.room && st.room.verification ? st : null;
      }, null, { timeout: 300000, polling: 1000 });
      assert(s.room.verification.ok, 'verification failed: ' + JSON.stringify(s.room.verification));
    }
    const after = await hostActions(host.page);
    assert(after > resumedAt, `no action after the resume (${after})`);
    // A finished room is not kept for another reload.
    await waitFor(host.page, () => localStorage.getItem('catan.hosted-room') === null, null, { timeout: 5000 });
    measure(`rooms resume: ${before} actions before the reload, resumed at ${resumedAt}, ${after} at the end; `
      + `guests showed the host away ${awayMs} ms after the reload and were back ${backMs} ms after it; `
      + `host notice "${notice.slice(0, 90)}"; whole test ${Math.round((Date.now() - t0) / 1000)} s`);
    assert(await hostAwayShown(phone.page) === false, 'the host-away notice stayed');
    for (const p of pages) await closeStrict(p);
  } finally {
    for (const p of pages) await p.context.close().catch(() => {});
    await relay.close();
  }
});

own.close();
