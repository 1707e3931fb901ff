// Talking in an online room (frontend/chat_view.h): a host page (960x640) and a guest on a
// 390x844 touch phone, real WebRTC through a local MQTT relay. Chat typed and sent by clicks and
// taps both ways in the lobby and in the game, a mute that hides the muted player's next line on
// the phone, and a trade offer from the guest to the host made, accepted and confirmed on the two
// pages' trade screens, with each page's log telling it. Screenshots of both pages at each step.
// The phone is drawn at 1 device pixel per CSS pixel (see PHONE).
import { assert, closeStrict, frames, measure, shot, test, waitFor } from '../lib.mjs';
import {
  guestJoins, guestOpens, hostOpens, hostStarts, roomCall, roomPage, roomSite,
} from '../rooms-lib.mjs';
import { RELAYS } from '../transport/relays.mjs';
import { PHONE_390, pressUi, widgets } from '../ui.mjs';

const { server: own, pageBase } = await roomSite();
const HOST_960 = { viewport: { width: 960, height: 640 } };
// The phone at 1 device pixel per CSS pixel: its layout is the 390x844 one, and software
// rendering at 3 (the rooms feature's phone) made each tap cost seconds here.
const PHONE = { ...PHONE_390, deviceScaleFactor: 1 };

// The page's room status (catan_web_room_status), read in the page.
const roomStatus = () => JSON.parse(window.Module.ccall('catan_web_room_status', 'string', [], [])).room || {};
// The widgets of the page's last frame, by test id (ui.mjs widgets: the chat's lines included).
const rects = (page) => widgets(page);
// A tap (the phone) or a click on a widget by its test id.
const tap = (p, id) => pressUi(p.page, { touch: p.touch }, id);

// Types a line into the chat field and sends it with the Send button, by taps or clicks.
async function say(p, text) {
  await tap(p, 'chat_input');
  await p.page.keyboard.type(text, { delay: 10 });
  await frames(p.page, 3);
  await tap(p, 'chat_send');
}
// Waits until the page holds `n` chat lines.
async function chatCount(p, n) {
  const f = new Function(`return (${roomStatus})().chat >= ${n};`);
  await waitFor(p.page, f, null, { timeout: 20000 });
}
// Waits until the page's table satisfies `cond` (a function of the status' table, in the page).
function table(p, cond, timeout = 60000) {
  const f = new Function(`const t = (${roomStatus})().table; return t && (${cond})(t) ? t : null;`);
  return waitFor(p.page, f, null, { timeout, polling: 100 });
}

await test('rooms-chat-and-a-trade-between-two-pages', async () => {
  const relay = await RELAYS.mqtt();
  const relays = { strategy: 'mqtt', relayUrls: [relay.url], iceServers: [] };
  const pages = [];
  let t = Date.now();
  const phases = [];
  const phase = (name) => {
    phases.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
  };
  try {
    const host = await roomPage(HOST_960, relays);
    pages.push(host);
    await host.page.goto(pageBase + 'index.html');
    const link = await hostOpens(host, { seats: 'human,human,ai:easy' });
    const guest = await roomPage(PHONE, relays);
    pages.push(guest);
    await guestOpens(guest, link);
    const seat = await guestJoins(guest, 'Ann');
    assert(seat.seat === 1, `the guest sits in ${seat.seat}`);
    phase('pages open and joined');

    // The lobby: the host's chat beside its lobby, the phone's behind a bar at the bottom.
    await say(host, 'Welcome <b>Ann</b>!');
    await chatCount(guest, 1);
    await tap(guest, 'chat_open');
    assert((await rects(guest.page)).chat_line_0, 'the host\'s line is not on the phone');
    await say(guest, 'Hi host');
    await chatCount(host, 2);
    await frames(host.page, 3);
    assert((await rects(host.page)).chat_line_1, 'the guest\'s line is not on the host\'s page');
    await shot(guest.page, 'rooms-chat-lobby-phone.png');
    await shot(host.page, 'rooms-chat-lobby-desktop.png');
    const bar = (await rects(guest.page)).chat_open;
    assert(bar && bar.y1 - bar.y0 >= 43.5 && bar.y1 >= 844 - 60, `the phone's chat bar ${JSON.stringify(bar)}: not at a thumb's reach`);
    await tap(guest, 'chat_open'); // closed again
    phase('lobby chat');

    // The game: the host's Chat tab beside the Log; the phone's sheet tab counts the new line.
    await hostStarts(host);
    await table(guest, '() => true');
    await tap(host, 'tab_chat');
    await say(host, 'Good luck');
    await chatCount(guest, 3);
    await tap(guest, 'tab_chat');
    assert((await rects(guest.page)).chat_line_2, 'the host\'s line in the game is not on the phone');
    await say(guest, 'You too');
    await chatCount(host, 4);
    await frames(host.page, 3);
    assert((await rects(host.page)).chat_line_3, 'the guest\'s line in the game is not on the host\'s page');
    await shot(guest.page, 'rooms-chat-game-phone.png');
    await shot(host.page, 'rooms-chat-game-desktop.png');
    phase('start and game chat');

    // The phone mutes the host: the host's next line arrives and is not shown.
    await tap(guest, 'chat_people');
    await tap(guest, 'chat_mute_0');
    await tap(guest, 'chat_people');
    await say(host, 'This line is muted');
    await chatCount(guest, 5);
    await frames(guest.page, 4);
    const muted = await rects(guest.page);
    assert(!muted.chat_line_4 && !muted.chat_line_2, 'a muted player\'s line shows on the phone');
    assert(muted.chat_line_3, 'the guest\'s own line is hidden too');
    await shot(guest.page, 'rooms-chat-muted-phone.png');
    await tap(guest, 'tab_chat'); // the sheet closes
    phase('mute');

    // To the guest's turn with a card to give, each seat played by the AI from its own view.
    const t0 = Date.now();
    let give = -1, get = -1;
    for (let turn = 0; turn < 6 && get < 0; ++turn) {
      await roomCall(host.page, 'catan_web_test_room_autoplay', ['number'], [1]);
      await roomCall(guest.page, 'catan_web_test_room_autoplay', ['number'], [2]);
      const g = await table(guest, '(t) => t.phase === "main" && t.current === 1', 240000);
      await roomCall(host.page, 'catan_web_test_room_autoplay', ['number'], [0]);
      const h = await table(host, `(t) => t.actions === ${g.actions}`);
      give = g.hand.findIndex((c) => c > 0);
      get = h.hand.findIndex((c, r) => c > 0 && r !== give);
      if (get < 0) await tap(guest, 'end_turn'); // no trade possible: next turn
    }
    assert(get >= 0, 'the host never held a card the guest could ask for');
    measure(`rooms-chat: to the guest's turn with a card, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const before = (await table(guest, '() => true')).hand;

    // The offer on the phone's trade sheet: to the host, one card for one.
    await tap(guest, 'tab_trade');
    await tap(guest, 'trade_to_0');
    await tap(guest, `offer_give_${give}_plus`);
    await tap(guest, `offer_get_${get}_plus`);
    await shot(guest.page, 'rooms-chat-offer-phone.png');
    await tap(guest, 'trade_offer');
    await table(host, '(t) => t.phase === "trade_response" && t.to_move === 0');
    await frames(host.page, 4);
    await shot(host.page, 'rooms-chat-offer-desktop.png');
    await tap(host, 'trade_accept');
    await table(guest, '(t) => t.phase === "trade_confirm"');
    await tap(guest, 'trade_confirm_0');
    const after = await table(guest, '(t) => t.phase === "main"');
    assert(after.hand[give] === before[give] - 1 && after.hand[get] === before[get] + 1,
      `the guest's hand ${before} -> ${after.hand} (gave ${give}, got ${get})`);
    for (const p of [host, guest]) {
      const t = await table(p, '(t) => t.phase === "main"');
      assert(/Ann gave .* for /.test(t.log_last || ''), `the log on the ${p.touch ? 'phone' : 'host'}: ${t.log_last}`);
    }
    await frames(host.page, 4);
    await shot(guest.page, 'rooms-chat-traded-phone.png');
    await shot(host.page, 'rooms-chat-traded-desktop.png');
    phase('trade');
    measure(`rooms-chat: ${phases.join(', ')}`);
    for (const p of pages) await closeStrict(p);
  } catch (e) {
    for (const [i, p] of pages.entries()) await shot(p.page, `rooms-chat-failed-${i}.png`).catch(() => {});
    throw e;
  } finally {
    for (const p of pages) await p.context.close().catch(() => {});
    await relay.close();
  }
});

own.close();
