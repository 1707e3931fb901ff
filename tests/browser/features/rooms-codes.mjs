// Online rooms connected by codes (web/net/manual.js, frontend/room_codes.h): no relay, no
// server, no STUN server; the pages swap invite and answer codes through the clipboard, pressed
// by clicks and taps on the app's own widgets (Paste reads the clipboard the test fills, as a
// player's chat app would). Every request of every page goes to this test's own web server, no
// WebSocket opens, and every RTCPeerConnection gets the ICE servers of the player's settings
// ("None"): nobody but the pages takes part.
import {
  assert, atRoot, closeStrict, frames, instrument, measure, newContext, serve, shot, site, sleep, test, waitFor,
  waitReady,
} from '../lib.mjs';
import { hiddenInformationProblems, qrProblems } from '../rooms-lib.mjs';
import { PHONE_390, tapOrClickUi } from '../ui.mjs';

// A phone held upright, touch, drawn at 1 device pixel per CSS pixel (3 costs minutes of
// software rendering on this machine; the layout is the same in CSS pixels).
const PHONE = { ...PHONE_390, deviceScaleFactor: 1 };

const own = await serve(atRoot(site));
const origin = `http://127.0.0.1:${own.address().port}`;
const pageBase = `${origin}/`;

// A page with the test hooks, Settings' connection servers at "None", the room's texts and
// codes recorded (window.__room), and what could reach a third party recorded: WebSockets
// opened, the ICE servers of every RTCPeerConnection, every request's address.
async function codesPage(device, name) {
  const context = await newContext({ serviceWorkers: 'block', ...device });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await context.addInitScript(() => {
    if (!localStorage.getItem('catan.app.settings')) localStorage.setItem('catan.app.settings', '{"ice_mode":1}');
    window.__room = { in: [], out: [], codes: [], qrs: [] };
    window.catanTestRoomTap = (direction, peer, text) => {
      if (direction === 'invite-code' || direction === 'answer-code') window.__room.codes.push([direction, text]);
      else if (direction === 'code-qr') window.__room.qrs.push(text);
      else if (direction === 'in' || direction === 'out') window.__room[direction].push([Date.now(), peer, text]);
    };
    window.__sockets = [];
    const WS = window.WebSocket;
    window.WebSocket = function (...args) {
      window.__sockets.push(String(args[0]));
      return new WS(...args);
    };
    window.__ice = [];
    const PC = window.RTCPeerConnection;
    window.RTCPeerConnection = function (config, ...rest) {
      window.__ice.push(JSON.stringify((config && config.iceServers) || null));
      return new PC(config, ...rest);
    };
    window.RTCPeerConnection.prototype = PC.prototype;
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = instrument(await context.newPage());
  const p = { context, page, touch: !!device.hasTouch, name, requests: [] };
  page.on('request', (r) => p.requests.push(r.url()));
  await page.goto(pageBase + 'index.html');
  await waitReady(page);
  return p;
}

// A click or tap on a widget by its test id; one below or above the window's fold (a phone's
// setup form) is scrolled to first by a drag in the window's left margin, as a thumb does.
async function press(p, id) {
  for (let i = 0; i < 12 && !(await hasUi(p.page, id)); ++i) {
    const box = await p.page.locator('#canvas').boundingBox();
    const x = box.x + 13, [from, to] = i < 6 ? [0.7, 0.3] : [0.3, 0.7];
    await p.page.mouse.move(x, box.y + box.height * from);
    await p.page.mouse.down();
    for (let k = 1; k <= 4; ++k) {
      await p.page.mouse.move(x, box.y + box.height * (from + ((to - from) * k) / 4));
      await frames(p.page, 1);
    }
    await p.page.mouse.up();
    await frames(p.page, 3);
  }
  try {
    return await tapOrClickUi(p.page, id, p.touch);
  } catch (e) {
    await shot(p.page, `rooms-codes-missing-${id}.png`).catch(() => {});
    throw new Error(`${p.name}: no ${id} on the screen (${e.message.split('\n')[0]})`);
  }
}
const roomCall = (page, name, types = [], args = []) =>
  page.evaluate(([n, t, a]) => JSON.parse(window.Module.ccall(n, 'string', t, a)), [name, types, args]);
const status = (page) => roomCall(page, 'catan_web_room_status');
const hasUi = (page, id) => page.evaluate((i) => !!(window.catan.view().uiRects || {})[i], id);

// "Play with friends" on the first screen. Its test id is recorded only when the button lies
// whole in its window; where it does not, it is pressed where it shows.
async function playWithFriends(p) {
  if (await hasUi(p.page, 'play_friends')) return press(p, 'play_friends');
  const r = await waitFor(p.page, () => window.catan.view().uiRects.start, null, { timeout: 20000 });
  const narrow = r[2] - r[0] > 300;
  const box = await p.page.locator('#canvas').boundingBox();
  const at = narrow ? [(r[0] + r[2]) / 2, r[3] + 30] : [r[2] + 40, (r[1] + r[3]) / 2];
  if (p.touch) await p.page.touchscreen.tap(box.x + at[0], box.y + at[1]);
  else await p.page.mouse.click(box.x + at[0], box.y + at[1]);
  await frames(p.page, 8);
}

// `text` into the field by the player's clipboard and the field's Paste button.
async function pasteInto(p, button, text) {
  await p.page.bringToFront();
  await p.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await press(p, button);
  await waitFor(p.page, (t) => {
    const s = JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], []));
    return s.codes && s.codes.typed === t;
  }, text, { timeout: 10000 });
}

// The code exchange's state (catan_web_room_status().codes) once pred(codes) holds.
async function codesWhen(page, pred, timeout = 20000) {
  const t0 = Date.now();
  for (;;) {
    const c = (await status(page)).codes;
    if (c && pred(c)) return c;
    if (Date.now() - t0 > timeout) throw new Error('timed out waiting on the code exchange: ' + JSON.stringify(c));
    await sleep(100);
  }
}

// The host makes an invite code (a click or tap): the code, checked with its QR code.
async function makeInvite(host, n) {
  await press(host, 'room_make_invite');
  const code = await waitFor(host.page, (k) => {
    const c = window.__room.codes.filter(([d]) => d === 'invite-code');
    return c.length > k ? c[c.length - 1][1] : null;
  }, n, { timeout: 20000 });
  await codesWhen(host.page, (c) => c.code === code);
  return code;
}

// A guest on the first screen: Play with friends, Join with a code, the host's code pasted,
// "Make my answer code": the answer code.
async function guestAnswers(guest, invite) {
  await playWithFriends(guest);
  await press(guest, 'join_by_code');
  await pasteInto(guest, 'room_paste_invite', invite);
  await press(guest, 'room_answer_invite');
  return waitFor(guest.page, () => (window.__room.codes.find(([d]) => d === 'answer-code') || [])[1], null,
    { timeout: 20000 });
}

// What a page did that could reach anybody but the pages themselves: [] when nothing.
async function thirdParties(p) {
  const sockets = await p.page.evaluate(() => window.__sockets);
  const ice = await p.page.evaluate(() => window.__ice);
  return [
    ...p.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))
      .map((u) => `request ${u}`),
    ...sockets.map((u) => `WebSocket ${u}`),
    ...ice.filter((s) => s !== '[]').map((s) => `ICE servers ${s}`),
  ];
}

await test('rooms-codes-host-and-two-guests-play-a-whole-game', async () => {
  const pages = [];
  try {
    const host = await codesPage({ viewport: { width: 800, height: 600 } }, 'host');
    pages.push(host);
    // The room as the test's 5 VP game (the setup form's clicks: rooms-codes-garbage-answer-refused).
    const config = JSON.stringify({ seats: 'human,human,human,ai:normal', speed: 20, mode: 'custom', vp: 5 });
    const opened = await roomCall(host.page, 'catan_web_room_host', ['string'], [config]);
    assert(opened.ok, 'catan_web_room_host: ' + JSON.stringify(opened));
    await host.page.evaluate(() => window.Module.catanRoom({ event: 'hosting', text: 'codes' }));
    await waitFor(host.page, () => !!(window.catan.view().uiRects || {}).room_make_invite, null, { timeout: 20000 });

    const guests = [];
    const wanted = [[PHONE, 'Bo'], [{ viewport: { width: 640, height: 480 } }, 'Cy']];
    for (const [k, [device, name]] of wanted.entries()) {
      const t0 = Date.now();
      const invite = await makeInvite(host, k);
      const qr = await status(host.page);
      assert(qr.codes && qr.codes.code === invite, 'the lobby shows another code: ' + JSON.stringify(qr.codes));
      if (k === 0) {
        await frames(host.page, 6);
        await shot(host.page, 'rooms-codes-host-lobby-desktop.png');
      }
      const guest = await codesPage(device, name);
      pages.push(guest);
      const answer = await guestAnswers(guest, invite);
      measure(`rooms-codes: ${name}: invite ${invite.length} characters, answer ${answer.length}`);
      if (k === 0) {
        await frames(guest.page, 6);
        await shot(guest.page, 'rooms-codes-guest-answer-phone.png');
      }
      if (k === 1) {
        // A damaged answer (one character changed) is refused with a sentence and changes
        // nothing: the invite still waits, and the right answer then connects.
        const i = Math.floor(answer.length / 2);
        const damaged = answer.slice(0, i) + (answer[i] === 'A' ? 'B' : 'A') + answer.slice(i + 1);
        await pasteInto(host, 'room_paste_answer', damaged);
        await press(host, 'room_connect_answer');
        const refused = await codesWhen(host.page, (c) => c.error && !c.busy);
        assert(/cannot be used/.test(refused.status) && refused.code === invite && refused.friends === 1,
          'a damaged answer: ' + JSON.stringify(refused));
        const s = await status(host.page);
        assert(s.room.seats.filter((x) => x.status === 'taken').length === 2, 'seats changed: ' + JSON.stringify(s.room.seats));
      }
      await pasteInto(host, 'room_paste_answer', answer);
      await press(host, 'room_connect_answer');
      await codesWhen(host.page, (c) => c.friends === k + 1);
      await waitFor(guest.page, () => window.__room.in.some(([, , t]) => t.includes('"t":"room"')), null, { timeout: 20000 });
      measure(`rooms-codes: ${name}: invite made -> the guest sees the room: ${Date.now() - t0} ms (clicks, taps, pastes included)`);
      await frames(guest.page, 6);
      // The guest lobby, as with a link: a name, Join.
      await press(guest, 'room_name');
      await guest.page.keyboard.type(name, { delay: 20 });
      await frames(guest.page, 4);
      await press(guest, 'room_join');
      const room = await waitFor(guest.page, () => {
        const s = JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], []));
        return s.room && s.room.seat >= 0 && s.room.token ? s.room : null;
      }, null, { timeout: 20000 });
      assert(room.seats[room.seat].name === name, `${name} sits as ${JSON.stringify(room.seats[room.seat])}`);
      guest.room = room;
      guests.push(guest);
    }
    await frames(host.page, 6);
    await shot(host.page, 'rooms-codes-host-lobby-two-friends-desktop.png');
    await press(host, 'room_start');
    for (const p of pages) {
      const r = await roomCall(p.page, 'catan_web_test_room_autoplay', ['number'], [1]);
      assert(r.ok !== false, 'autoplay: ' + JSON.stringify(r));
    }
    const t0 = Date.now();
    for (const p of pages) {
      const s = await waitFor(p.page, () => {
        const st = JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], []));
        return st.room && st.room.verification ? st : null;
      }, null, { timeout: 600000, polling: 1000 });
      assert(s.room.verification.ok, `${p.name}: verification failed: ` + JSON.stringify(s.room.verification));
    }
    measure(`rooms-codes: the game ended and was verified on ${pages.length} pages ${Math.round((Date.now() - t0) / 1000)} s after the start`);
    await shot(guests[0].page, 'rooms-codes-guest-end-phone.png');
    await sleep(4000);  // the results open by themselves after 3 s, with the fair-play check
    await shot(guests[0].page, 'rooms-codes-guest-verified-phone.png');
    for (const g of guests) {
      const texts = await g.page.evaluate(() => window.__room.in.map(([, , t]) => t));
      const others = guests.filter((o) => o !== g).map((o) => o.room.token);
      const problems = hiddenInformationProblems(texts, g.room.seat, others);
      assert(problems.length === 0, `${g.name} (seat ${g.room.seat}): ${problems.slice(0, 5).join('; ')}`);
      measure(`rooms-codes: ${g.name} received ${texts.length} texts, none with hidden information`);
    }
    for (const p of pages) {
      const qrs = await p.page.evaluate(() => window.__room.qrs);
      assert(qrs.length === (p === host ? 2 : 1), `${p.name}: ${qrs.length} QR codes`);
      for (const q of qrs) assert(qrProblems(q).length === 0, `${p.name}'s QR code: ${qrProblems(q).slice(0, 3).join('; ')}`);
    }
    for (const p of pages) {
      const bad = await thirdParties(p);
      assert(bad.length === 0, `${p.name}: ${bad.slice(0, 5).join('; ')}`);
    }
    for (const p of pages) await closeStrict(p);
  } finally {
    for (const p of pages) await p.context.close().catch(() => {});
  }
});

// The setup form by taps on a phone: "Codes (by hand, no third party)", Open room, an invite
// code with its QR code; garbage pasted as the answer is refused with a sentence and changes
// nothing; Close room.
await test('rooms-codes-garbage-answer-refused', async () => {
  const host = await codesPage(PHONE, 'host');
  try {
    await playWithFriends(host);
    await press(host, 'room_by_codes');
    await frames(host.page, 4);
    await shot(host.page, 'rooms-codes-room-form-phone.png');
    await press(host, 'open_room');
    const invite = await makeInvite(host, 0);
    const shown = (await status(host.page)).codes;
    assert(shown.code === invite && !shown.error, JSON.stringify(shown));
    const qr = await host.page.evaluate(() => window.__room.qrs[0]);
    assert(qrProblems(qr || '').length === 0, 'the QR code: ' + qrProblems(qr || '').slice(0, 3).join('; '));
    measure(`rooms-codes: invite code ${invite.length} characters, QR code ${Math.sqrt(qr.length)} modules a side`);
    await frames(host.page, 6);
    await shot(host.page, 'rooms-codes-host-lobby-phone.png');
    const before = await status(host.page);
    for (const garbage of ['hello there', invite, `${invite.slice(0, 40)}`]) {
      await pasteInto(host, 'room_paste_answer', garbage);
      await press(host, 'room_connect_answer');
      const c = await codesWhen(host.page, (x) => x.error && !x.busy);
      assert(c.code === invite && c.friends === 0, 'the invite changed: ' + JSON.stringify(c));
      const want = garbage === invite ? /invite code/ : /cannot be used/;
      assert(want.test(c.status), `"${garbage.slice(0, 20)}": ${c.status}`);
      measure(`rooms-codes: "${garbage.slice(0, 16)}..." refused: ${c.status}`);
      if (garbage === invite) {
        await frames(host.page, 4);
        await shot(host.page, 'rooms-codes-answer-refused-phone.png');
      }
      // The refusal read; cleared, so that the next try's is its own.
      await roomCall(host.page, 'catan_web_room_codes', ['string', 'string', 'string'], ['status', '', '']);
    }
    await frames(host.page, 4);
    const after = await status(host.page);
    assert(JSON.stringify(after.room) === JSON.stringify(before.room), 'the room changed');
    await press(host, 'room_close');
    await waitFor(host.page, () => !JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], [])).open);
    const bad = await thirdParties(host);
    assert(bad.length === 0, bad.join('; '));
    // Settings' connection servers, as the phone shows them.
    await press(host, 'ng_settings');
    await press(host, 'settings_online');
    await frames(host.page, 4);
    await shot(host.page, 'rooms-codes-settings-phone.png');
    await closeStrict(host);
  } finally {
    await host.context.close().catch(() => {});
  }
});

own.close();
