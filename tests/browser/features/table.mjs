// At the table: hidden hands, timers, dialogs.
import { assert, base, closeClean, frames, shot, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { DESKTOP_1280, PHONE_390, newDevicePage, pressUi, tapOrClickUi, widgets } from '../ui.mjs';

// The player's own hand while a hidden island keeps it face down says why, on the screen and
// in state(); in terra incognita and in mist, at 1280x720 and on a phone.
await test('table-hidden-setup-hand-says-why', async () => {
  for (const visibility of ['terra_incognita', 'mist']) {
    for (const [label, device] of [['1280x720', DESKTOP_1280], ['390x844', PHONE_390]]) {
      const { context, page } = await newDevicePage(device);
      await page.goto(base + 'index.html');
      await waitReady(page);
      // Blitz deals one card of each resource at the start: the hand is face down from the start.
      const r = await page.evaluate((v) => window.catan.newGame({ seed: 12, playseed: 12, seats: ['human', 'ai:easy', 'ai:easy'],
        mode: 'blitz', visibility: v, speed: 20 }), visibility);
      assert(r.ok, r.error);
      await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
      await frames(page, 5);
      const st = await page.evaluate(() => window.catan.state());
      const mine = st.state.players[0];
      assert(mine.resource_count === 5, `${visibility}: ${mine.resource_count} start cards`);
      assert(Object.values(mine.resources).every((x) => x === null), `${visibility}: the hand is not hidden: ` + JSON.stringify(mine.resources));
      assert(typeof st.state.cards_face_down === 'string' && /revealed/.test(st.state.cards_face_down),
        `${visibility}: state() hides the cards with no word why: ` + JSON.stringify(st.state.cards_face_down));
      const ui = await page.evaluate(() => window.catan.view().ui);
      assert(ui.hand_face_down, `${visibility} ${label}: no face-down hand with its words on screen: ` + JSON.stringify(ui));
      await shot(page, `table-${visibility}-setup-${label}.png`);
      await closeClean(context, page);
    }
  }
});

// The phone's "Place" button and the Hint button are in view().ui, as docs/WEB.md says.
await test('table-place-and-hint-in-view-ui', async () => {
  const { context, page } = await newDevicePage(PHONE_390);
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 8, playseed: 8, seats: ['human', 'ai:easy'], speed: 20 }));
  assert(r.ok, r.error);
  await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
  await frames(page, 5);
  const v = await page.evaluate(() => window.catan.view());
  assert(v.ui.hint && v.uiRects.hint, 'no Hint button in view().ui: ' + JSON.stringify(Object.keys(v.ui)));
  assert(!v.ui.board_confirm, 'a Place button before any spot was tapped');
  const spots = (await page.evaluate(() => window.catan.legal())).filter((a) => a.startsWith('build_settlement:'));
  const spot = Number(spots[Math.floor(spots.length / 2)].split(':')[1]);
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + v.vertices[spot][0], box.y + v.vertices[spot][1]);
  await frames(page, 6);
  const ui = await page.evaluate(() => window.catan.view().ui);
  assert(ui.board_confirm && ui.board_cancel, 'no Place button in view().ui after a tap on a spot: ' + JSON.stringify(Object.keys(ui)));
  await shot(page, 'table-place-button-390x844.png');
  await tapOrClickUi(page, 'board_confirm', true);
  const st = await page.evaluate(() => window.catan.state());
  assert(st.state.players[0].settlements.includes(spot), `Place (found through view().ui) placed nothing at ${spot}`);
  await closeClean(context, page);
});

// When the turn timer runs out, the "Time's up" notice stays until the player acts (it went
// after 5 s), and the log says what was done for the player.
await test('table-times-up-stays-until-the-player-acts', async () => {
  const { context, page } = await newDevicePage(DESKTOP_1280);
  await page.goto(base + 'index.html?timer=20&seats=human,ai:easy,ai:easy&speed=20&seed=5&playseed=5');
  await waitReady(page);
  await waitFor(page, () => window.catan.state().session.timedOut === 0, null, { timeout: 60000, polling: 100 });
  // Long after the time-out, while the player has not acted, the notice is still there.
  await sleep(6000);
  await frames(page, 3);
  const later = await page.evaluate(() => ({ ui: window.catan.view().ui, s: window.catan.state().session }));
  assert(later.s.timedOut === 0 && later.ui.times_up, '"Time\'s up" went before the player acted: ' + JSON.stringify(later.s.timedOut));
  await pressUi(page, { touch: false }, 'tab_log');
  await frames(page, 5);
  await shot(page, 'table-times-up-log-1280x720.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 6);
  await shot(page, 'table-times-up-390x844.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  // The player's own move takes it down.
  await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
  const legal = await page.evaluate(() => window.catan.legal());
  const done = await page.evaluate((a) => window.catan.act(a), legal[0]);
  assert(done.ok, done.error);
  await frames(page, 3);
  const after = await page.evaluate(() => ({ ui: window.catan.view().ui, s: window.catan.state().session }));
  assert(after.s.timedOut === -1 && !after.ui.times_up, 'the notice outlived the player\'s move');
  await closeClean(context, page);
});

// The answers to the player's offer name each partner whole ("Blue (Normal Tr." was cut):
// the short name, the full one as its tooltip; at 1280x720 and on a phone.
await test('table-trade-partner-names-whole', async () => {
  for (const [label, device, touch] of [['1280x720', DESKTOP_1280, false], ['390x844', PHONE_390, true]]) {
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 21, playseed: 21, speed: 20,
      seats: ['human', 'ai:normal:opportunist', 'ai:expert:expansionist', 'ai:normal:aggressor'] }));
    assert(r.ok, r.error);
    // The human's moves by the first legal one (the roll when it may) until a main phase with cards.
    let mine = null;
    for (let i = 0; i < 400 && !mine; ++i) {
      await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
      const st = (await page.evaluate(() => window.catan.state())).state;
      const res = st.players[0].resources;
      const have = Object.keys(res).find((k) => res[k] > 0);
      if (st.phase === 'main' && st.turn >= 3 && have) { mine = have; break; }
      const legal = await page.evaluate(() => window.catan.legal());
      const a = legal.includes('roll') ? 'roll' : st.phase === 'main' ? 'end_turn' : legal[0];
      const done = await page.evaluate((x) => window.catan.act(x), a);
      assert(done.ok, a + ': ' + done.error);
    }
    assert(mine, 'the human never had a card to offer');
    const want = ['wood', 'brick', 'sheep', 'wheat', 'ore'].find((k) => k !== mine);
    const offered = await page.evaluate((x) => window.catan.act(x), `offer_trade:all:${mine}:${want}`);
    assert(offered.ok, offered.error);
    await pressUi(page, { touch }, 'tab_trade');
    if (touch && (await page.evaluate(() => window.catan.view().sheet)) !== 'trade') await pressUi(page, { touch }, 'tab_trade');
    await frames(page, 6);
    const ws = await widgets(page);
    for (const p of [1, 2, 3]) {
      const w = ws['trade_answer_' + p];
      assert(w, `${label}: no answer row for seat ${p}: ` + Object.keys(ws).filter((k) => k.startsWith('trade')).join(' '));
      assert(w.fits, `${label}: the name of seat ${p} is cut`);
      if (ws['chip_' + p]) assert(ws['chip_' + p].fits, `${label}: the player chip cuts the name of seat ${p}`);
    }
    await shot(page, `table-trade-answers-${label}.png`);
    await closeClean(context, page);
  }
});
