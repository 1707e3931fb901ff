// Layout: tablet and phone trading, touch targets.
import { assert, base, closeClean, decodePng, frames, instrument, measure, newContext, newPage, shot, test, waitFor, waitReady } from '../lib.mjs';
import { layoutProblems, pixel, playHumanUntil, pressUi, widgets } from '../ui.mjs';

// A tablet upright (768x1024, touch): the island keeps most of its size while the Trade tab is
// open, every player's points stay in view, and every control (tabs, log filter chips, trade
// buttons) is at least 44 px high. A phone (390x844): the trade sheet leaves End turn in view
// and working and fits its content. Touch screens show no keyboard letters; the log's filter
// chips show whole labels in the demo's 600 px iframe.
const TABLET = { name: 'tablet', w: 768, h: 1024, touch: true, dpr: 1 };
const PHONE = { name: 'phone', w: 390, h: 844, touch: true, dpr: 2 };
async function touchPage(screen) {
  const context = await newContext({
    viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
    hasTouch: true, isMobile: true, serviceWorkers: 'block',
  });
  const page = instrument(await context.newPage());
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
  await waitReady(page);
  return { context, page };
}
// The island's width on screen: the spread of the hexes' centres (CSS px).
async function islandWidth(page) {
  const hx = (await page.evaluate(() => window.catan.view().hexes)).map((p) => p[0]);
  return Math.max(...hx) - Math.min(...hx);
}
// Ids of the widgets in view that are under 44 px in either direction.
function smallTargets(ws) {
  return Object.entries(ws).filter(([, r]) => r.whole && (r.x1 - r.x0 < 43.5 || r.y1 - r.y0 < 43.5))
    .map(([id, r]) => `${id} ${Math.round(r.x1 - r.x0)}x${Math.round(r.y1 - r.y0)}`);
}
// Light pixels where a button's corner would carry its key letter (a screenshot at 1 device
// pixel per CSS px): the corner's pixels that differ from the button's face.
function cornerInk(img, r) {
  const bg = pixel(img, r.x0 + 6, (r.y0 + r.y1) / 2);
  let ink = 0;
  for (let y = Math.ceil(r.y0 + 5); y <= r.y0 + 14; ++y)
    for (let x = Math.floor(r.x1 - 13); x <= r.x1 - 5; ++x) {
      const p = pixel(img, x, y);
      if (Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60) ink++;
    }
  return ink;
}

await test('layout-tablet-trade-keeps-the-board-and-44px-targets', async () => {
  const { context, page } = await touchPage(TABLET);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 6);
  const problems = [];
  let ws = await widgets(page);
  for (let s = 0; s < 4; ++s) if (!ws[`chip_${s}`]?.whole) problems.push(`turn: chip_${s} (the player's points) not in view`);
  const before = await islandWidth(page);
  await pressUi(page, TABLET, 'trade');
  await frames(page, 8);
  ws = await widgets(page);
  const after = await islandWidth(page);
  if (after < 0.6 * before) problems.push(`trade: the island shrinks from ${Math.round(before)} to ${Math.round(after)} px`);
  for (let s = 0; s < 4; ++s) if (!ws[`chip_${s}`]?.whole) problems.push(`trade: chip_${s} (the player's points) not in view`);
  for (const p of layoutProblems(ws, TABLET, ['trade_offer', 'tab_trade', 'tab_log', 'end_turn'])) problems.push(`trade: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`trade: ${p}`);
  await shot(page, 'tablet-trade.png');
  if (ws.trade_with_bank) {  // the builder and the bank one at a time
    await pressUi(page, TABLET, 'trade_with_bank');
    await frames(page, 4);
    ws = await widgets(page);
  }
  for (const p of layoutProblems(ws, TABLET, ['bank_get_4'])) problems.push(`bank: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`bank: ${p}`);
  await pressUi(page, TABLET, 'tab_log');
  await frames(page, 6);
  ws = await widgets(page);
  for (const p of layoutProblems(ws, TABLET, ['log_filter_0', 'log_filter_4', 'tab_players', 'tab_cards'])) problems.push(`log: ${p}`);
  for (const p of smallTargets(ws)) problems.push(`log: ${p}`);
  await shot(page, 'tablet-log.png');
  measure(`tablet 768x1024: island ${Math.round(before)} px wide, ${Math.round(after)} px with the Trade tab open`);
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await closeClean(context, page);
});

await test('layout-phone-trade-sheet-keeps-end-turn', async () => {
  const { context, page } = await touchPage(PHONE);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 6);
  await pressUi(page, PHONE, 'trade');
  await frames(page, 8);
  const open = await page.evaluate(() => window.catan.view().sheet);
  assert(open === 'trade', `the Trade button did not open the trade sheet: ${open}`);
  await frames(page, 4);
  const ws = await widgets(page);
  const problems = layoutProblems(ws, PHONE, ['end_turn', 'trade', 'trade_offer', 'trade_with_players', 'trade_with_bank', 'tab_trade']);
  // The sheet fits its content: no empty band taller than a row of buttons (56 px) between its
  // last button and its tab strip.
  const content = Math.max(...Object.entries(ws).filter(([id, r]) => /^trade_/.test(id) && r.whole).map(([, r]) => r.y1));
  const gap = ws.tab_trade ? ws.tab_trade.y0 - content : 0;
  if (gap > 56) problems.push(`${Math.round(gap)} px of the trade sheet are empty under its content`);
  await shot(page, 'phone-trade.png');
  await pressUi(page, PHONE, 'trade_with_bank');
  await frames(page, 6);
  for (const p of layoutProblems(await widgets(page), PHONE, ['end_turn', 'bank_get_4', 'trade_with_players'])) problems.push(`bank: ${p}`);
  await shot(page, 'phone-trade-bank.png');
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
  // End turn works with the sheet open.
  const turn = await page.evaluate(() => window.catan.state().state.turn);
  await pressUi(page, PHONE, 'end_turn');
  await frames(page, 6);
  const now = await page.evaluate(() => window.catan.state().state.turn);
  assert(now !== turn, 'a tap on End turn with the trade sheet open did not end the turn');
  measure(`phone 390x844 trade sheet: ${Math.round(gap)} px empty under its content, End turn at y ${Math.round(ws.end_turn.y0)}`);
  await closeClean(context, page);
});

await test('layout-no-keyboard-letters-on-touch', async () => {
  for (const screen of [{ ...PHONE, dpr: 1 }, TABLET]) {
    const { context, page } = await touchPage(screen);
    await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
    await frames(page, 8);
    const ws = await widgets(page);
    const img = decodePng(await page.screenshot());
    for (const id of ['roll', 'trade']) {
      assert(ws[id], `${id} not on screen at ${screen.w}x${screen.h}`);
      const ink = cornerInk(img, ws[id]);
      assert(ink < 4, `${screen.w}x${screen.h}: the ${id} button carries a keyboard letter (${ink} px of ink in its corner)`);
    }
    await closeClean(context, page);
  }
  // A mouse on a desktop keeps them.
  const { context, page } = await newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'main' && legal.includes('end_turn'));
  await frames(page, 8);
  const ws = await widgets(page);
  const ink = cornerInk(decodePng(await page.screenshot()), ws.roll);
  assert(ink >= 4, `1280x720: the Roll button lost its key letter (${ink} px of ink)`);
  await closeClean(context, page);
});

await test('layout-log-chips-whole-in-the-demo-iframe', async () => {
  // demo.html at 984 and 1280 px wide puts the game in a 600 and an 896 px wide iframe
  // (a tablet's arrangement, then a desktop's with a narrow side panel).
  const problems = [];
  for (const width of [984, 1280]) {
    const { context, page } = await newPage({ viewport: { width, height: 720 } });
    await page.goto(base + 'demo.html');
    const box = await page.locator('#game').boundingBox();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const byId = async () => {
      const ws = await waitFor(frame, () => window.catan && window.catan.view() && window.catan.view().widgets, null, { timeout: 90000 });
      const out = {};
      for (const [id, x0, y0, x1, y1, whole, fits] of ws) out[id] = { x0, y0, x1, y1, whole, fits };
      return out;
    };
    await frames(frame, 10);
    let ws = await byId();
    if (ws.tab_log && !ws.log_filter_0) {  // the Log tab, by a click in the frame
      const r = ws.tab_log;
      await page.mouse.move(box.x + (r.x0 + r.x1) / 2, box.y + (r.y0 + r.y1) / 2);
      await frames(frame, 2);
      await page.mouse.down();
      await frames(frame, 2);
      await page.mouse.up();
      await frames(frame, 8);
      ws = await byId();
    }
    await shot(page, `demo-${Math.round(box.width)}.png`);
    const screen = { w: box.width, h: box.height, touch: false };
    const chips = [0, 1, 2, 3, 4].map((k) => `log_filter_${k}`);
    for (const p of layoutProblems(ws, screen, chips)) problems.push(`${Math.round(box.width)}x${Math.round(box.height)}: ${p}`);
    measure(`demo iframe ${Math.round(box.width)}x${Math.round(box.height)}: log filter chips ${chips.filter((c) => ws[c]?.whole).length} of 5 whole`);
    await closeClean(context, page);
  }
  assert(problems.length === 0, problems.slice(0, 12).join(' | '));
});
