// The coach: hint and trade advisor; the Cards tab.
import path from 'node:path';
import { artifacts, assert, base, closeClean, decodePng, frames, instrument, measure, newContext, newPage, shot, test, waitFor, waitReady } from '../lib.mjs';
import { kScreens, layoutProblems, pixel, playHumanUntil, press, pressUi, widgets } from '../ui.mjs';

// The Hint tile (frontend/coach_view.h): in the setup the coach recommends a legal settlement
// spot, which glows on the board (the pixels around it change when the hint is closed), and
// its card fits the desktop and a phone. Two people at one screen: the second offers the first
// a trade, and the first sees the advisor's line under the offer.
function boxDiff(a, b, c, r) {
  let d = 0;
  for (let y = Math.round(c[1] - r); y <= Math.round(c[1] + r); ++y)
    for (let x = Math.round(c[0] - r); x <= Math.round(c[0] + r); ++x) {
      const p = pixel(a, x, y), q = pixel(b, x, y);
      d += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
    }
  return d / ((2 * r + 1) * (2 * r + 1));
}
const kHintIds = ['hint', 'hint_card', 'hint_move', 'hint_play', 'hint_close', 'win_bar'];
await test('coach-hint-in-setup-highlights-a-legal-spot', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  // The live win chances switched on, as Settings saves them (frontend/theme.h settings_to_json).
  await context.addInitScript(() => localStorage.setItem('catan.app.settings', '{"win_chances":true}'));
  await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy&seed=5&playseed=5&speed=20');
  await waitReady(page);
  await playHumanUntil(page, (legal, st) => st.state.phase === 'setup_settlement' && legal);
  await frames(page, 3);
  assert((await widgets(page)).win_bar, 'the saved setting did not show the win-chance bar');
  const t0 = Date.now();
  await page.evaluate(() => window.catan.perf.reset());
  await pressUi(page, screen, 'hint');
  const hint = await waitFor(page, () => {
    const h = window.catan.view().hint;
    return h && h.status === 'ready' && h;
  }, null, { timeout: 60000 });
  // The coach thinks in slices: the app's work per frame stays small while it does.
  const ps = await page.evaluate(() => window.catan.perf.stats());
  measure(`hint in the setup: ready ${Date.now() - t0} ms after the press (swiftshader); app work per frame ` +
    `p50 ${ps.workP50.toFixed(1)} / p95 ${ps.workP95.toFixed(1)} / max ${ps.workMax.toFixed(1)} ms, ${ps.workOver50} over 50 ms`);
  assert(ps.workP95 < 50, `app work per frame p95 ${ps.workP95.toFixed(1)} ms while the coach thought`);
  assert(ps.workMax < 250, `an app frame took ${ps.workMax.toFixed(1)} ms while the coach thought`);
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.includes(hint.action), `the hint ${hint.action} is not legal: ${legal.join(' ')}`);
  assert(/^build_settlement:\d+$/.test(hint.action), 'a setup hint that is no settlement: ' + hint.action);
  // Let the mouse leave the board (no ghost piece under it), then compare with and without.
  await page.mouse.move(5, 5);
  await frames(page, 5);
  const problems = layoutProblems(await widgets(page), screen, kHintIds);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  const withHint = decodePng(await page.screenshot({ path: path.join(artifacts, 'hint-1280x720.png') }));
  const v = Number(hint.action.split(':')[1]);
  const at = (await page.evaluate(() => window.catan.view())).vertices[v];
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 8);
  await shot(page, 'hint-390x844.png');
  const phone = layoutProblems(await widgets(page), { w: 390, h: 844, touch: false }, kHintIds);
  assert(phone.length === 0, 'layout at 390x844: ' + phone.join(' | '));
  await page.setViewportSize({ width: 1280, height: 720 });
  await frames(page, 8);
  await pressUi(page, screen, 'hint_close');
  await page.mouse.move(5, 5);
  await frames(page, 5);
  assert((await page.evaluate(() => window.catan.view().hint.status)) === '', 'the hint did not close');
  const without = decodePng(await page.screenshot());
  const d = boxDiff(withHint, without, at, 14);
  measure(`hint glow: mean colour change ${d.toFixed(1)} around vertex ${v}`);
  assert(d > 20, `nothing glows at vertex ${v} (mean change ${d.toFixed(1)})`);
  // Hint again and play it: the move is made and the hint goes with its decision.
  const n = (await page.evaluate(() => window.catan.state())).session.actions;
  await pressUi(page, screen, 'hint');
  await waitFor(page, () => window.catan.view().hint.status === 'ready', null, { timeout: 60000 });
  await pressUi(page, screen, 'hint_play');
  const st = await waitFor(page, (k) => {
    const s = window.catan.state();
    return s.session.actions > k && s;
  }, n, { timeout: 10000 });
  assert(st.state.players[0].settlements.includes(v), `Play it did not build at ${v}`);
  assert((await page.evaluate(() => window.catan.view().hint.status)) === '', 'the hint outlived its move');
  await closeClean(context, page);
});

await test('coach-trade-advisor-on-an-incoming-offer', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,ai:easy&seed=7&playseed=7&speed=20');
  await waitReady(page);
  const kRes = ['wood', 'brick', 'sheep', 'wheat', 'ore'];
  // The first player's hand as last seen on their own turn: the offer asks for a card of it.
  let hand0 = {};
  const offer = await playHumanUntil(page, (legal, st) => {
    if (st.session.viewer === 0) hand0 = st.state.players[0].resources || {};
    if (st.state.phase !== 'main' || st.state.current_player !== 1 || st.session.viewer !== 1) return null;
    const hand = st.state.players[1].resources || {};
    const get = kRes.find((r) => hand0[r] > 0 && !(hand[r] > 0));
    // A generous offer (up to three cards for one), so the chances move.
    const give = [];
    for (const r of kRes) for (let k = 0; k < (hand[r] || 0) && give.length < 3; ++k) if (r !== get) give.push(r);
    return give.length >= 2 && get ? `offer_trade:0:${give.join(',')}:${get}` : null;
  });
  const r = await page.evaluate((a) => window.catan.act(a), offer);
  assert(r.ok, `${offer}: ${r.error}`);
  // The screen passes to the first player, who is asked.
  await pressUi(page, screen, 'handoff_ok');
  await waitFor(page, () => (window.catan.view().widgets || []).some((w) => w[0] === 'trade_advice'),
    null, { timeout: 60000 });
  await frames(page, 5);
  const ws = await widgets(page);
  assert(ws.trade_accept, 'the incoming offer is not on screen');
  const problems = layoutProblems(ws, screen, ['trade_advice', 'trade_accept', 'trade_decline']);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  await shot(page, 'trade-advisor-1280x720.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 8);
  if ((await page.evaluate(() => window.catan.view().sheet)) !== 'trade') await pressUi(page, screen, 'tab_trade');
  await frames(page, 8);
  const phone = await widgets(page);
  assert(phone.trade_advice && phone.trade_advice.whole, 'the advisor line is not in view at 390x844');
  await shot(page, 'trade-advisor-390x844.png');
  await closeClean(context, page);
});

// The Cards tab (frontend/cards_view.h): what each opponent can hold, from public information.
// At 390x844 it is the sheet's fourth tab (44 px, beside Players / Log / Trade), on a desktop a
// tab beside Log and Trade; every opponent's section shows, inside the panel, nothing overlaps.
await test('cards-tab-on-phone-and-desktop', async () => {
  for (const screen of kScreens.filter((s) => s.name === 'phone-portrait' || s.name === 'desktop')) {
    const context = await newContext({
      viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
      hasTouch: screen.touch, isMobile: screen.touch, serviceWorkers: 'block',
    });
    const page = instrument(await context.newPage());
    await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
    await waitReady(page);
    // Some rounds in: production, trades, steals and development cards to count.
    await playHumanUntil(page, (legal, st) => st.state.turn >= 30 && legal.includes('end_turn'));
    await frames(page, 4);
    await pressUi(page, screen, 'tab_cards');
    await frames(page, 6);
    const ws = await widgets(page);
    const sections = ['cards_seat_1', 'cards_seat_2', 'cards_seat_3'];
    const phone = screen.w < 600;
    if (phone) {
      const open = await page.evaluate(() => window.catan.view().sheet);
      assert(open === 'cards', `a tap on tab_cards did not open its sheet: ${open}`);
    }
    assert(!ws.cards_seat_0, 'the viewer\'s own hand shows as a guess');
    const problems = layoutProblems(ws, screen, [sections[0], 'tab_cards', ...(phone ? ['tab_players', 'tab_log', 'tab_trade'] : [])]);
    await shot(page, `cards-${screen.name}-${screen.w}x${screen.h}.png`);
    // The panel scrolls (a wheel here, a drag on a phone) to every other opponent.
    const first = ws[sections[0]];
    assert(first, 'cards_seat_1 not on screen');
    const box = await page.locator('#canvas').boundingBox();
    for (const id of sections.slice(1)) {
      let w = await widgets(page);
      for (let k = 0; k < 10 && !(w[id] && w[id].whole); ++k) {
        await page.mouse.move(box.x + (first.x0 + first.x1) / 2, box.y + (first.y0 + first.y1) / 2);
        await page.mouse.wheel(0, 120);
        await frames(page, 6);
        w = await widgets(page);
      }
      for (const p of layoutProblems(w, screen, [id])) problems.push(`scrolled to ${id}: ${p}`);
    }
    assert(problems.length === 0, problems.slice(0, 12).join(' | '));
    if (phone) {
      await pressUi(page, screen, 'tab_cards');
      const closed = await page.evaluate(() => window.catan.view().sheet);
      assert(closed === '', 'a second tap on the Cards tab did not close the sheet: ' + closed);
    }
    measure(`cards tab ${screen.w}x${screen.h}: ${sections.length} opponents in view`);
    await closeClean(context, page);
  }
});
