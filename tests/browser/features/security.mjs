// Security at the web boundary: fresh seeds, the turn timer and autopilot, the test hooks off
// in the shipped page.
import { assert, base, browser, closeClean, instrument, frames, newPage, shot, test, waitFor, waitReady } from '../lib.mjs';
import { clickUi } from '../ui.mjs';

// Starts a game from index.html's New game screen as a visitor would and returns its public
// board seed.
async function startFromNewGameScreen(page) {
  await clickUi(page, 'start');
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.active && s;
  }, null, { timeout: 20000 });
  return st.session.config.seed;
}

await test('fresh-seed-for-every-visitor-and-game', async () => {
  // Two visitors with fresh browser profiles, no ?seed: two different islands.
  const seeds = [];
  const pages = [];
  for (let i = 0; i < 2; ++i) {
    const { context, page } = await newPage();
    await page.goto(base + 'index.html');
    await waitReady(page);
    await frames(page, 5);
    seeds.push(await startFromNewGameScreen(page));
    pages.push({ context, page });
  }
  assert(seeds[0] && seeds[1], 'no public board seed: ' + JSON.stringify(seeds));
  assert(seeds[0] !== seeds[1], `two fresh visitors got the same island (seed ${seeds[0]})`);
  // After a game, the New game screen offers a fresh island too.
  const { context, page } = pages[1];
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_new_game');
  await frames(page, 5);
  const again = await startFromNewGameScreen(page);
  assert(again !== seeds[1], `the second game from the New game screen kept the seed ${again}`);
  // A seed asked for is kept: ?seed=.
  await page.goto(base + 'index.html?seed=123');
  await waitReady(page);
  const linked = await page.evaluate(() => window.catan.state().session.config.seed);
  assert(linked === '123', 'index.html?seed=123 started seed ' + linked);
  await pages[0].context.close();
  await context.close();
});

await test('turn-timer-times-up-and-autopilot', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?timer=20&seats=human,ai:easy,ai:easy&speed=20&seed=5&playseed=5');
  await waitReady(page);
  // Nobody touches anything: the human's first decision times out and a notice says so.
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.timedOut === 0 && s;
  }, null, { timeout: 60000, polling: 100 });
  await frames(page, 3);
  const ui = await page.evaluate(() => window.catan.view().ui);
  assert(ui.times_up, "no \"Time's up\" notice on screen: " + JSON.stringify(ui));
  await shot(page, 'times-up-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 5);
  const ui390 = await page.evaluate(() => window.catan.view().ui);
  await shot(page, 'times-up-390.png');
  assert(ui390.times_up, "no \"Time's up\" notice at 390x844: " + JSON.stringify(ui390));
  await page.setViewportSize({ width: 1280, height: 720 });
  // Only the setup placement was made for the human: no offer, build or card.
  assert(['setup_settlement', 'setup_road'].includes(st.state.phase), 'phase ' + st.state.phase);
  // Two missed turns in a row: the AI plays the seat, the banner says so and offers control back.
  await waitFor(page, () => {
    const s = window.catan.state();
    return s.session.autopilot && s.session.autopilot.includes(0);
  }, null, { timeout: 300000, polling: 250 });
  await frames(page, 3);
  const ap = await page.evaluate(() => window.catan.view().ui);
  assert(ap.take_back_0, 'no "Take back control" button: ' + JSON.stringify(ap));
  assert(ap.autopilot_notice, 'nothing says the AI plays for the player: ' + JSON.stringify(ap));
  await shot(page, 'autopilot-1280.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(page, 5);
  await shot(page, 'autopilot-390.png');
  await clickUi(page, 'take_back_0');
  const back = await page.evaluate(() => window.catan.state().session.autopilot);
  assert(back.length === 0, 'take back control left the AI playing: ' + JSON.stringify(back));
  await closeClean(context, page);
});

// The shipped page never records the widgets' test ids: view() has no ui, uiRects or widgets
// unless the harness set window.catanTestHooks before the page's scripts ran, and neither a
// URL parameter nor an element named catanTestHooks turns them on.
await test('test-hooks-off-in-the-shipped-page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = instrument(await context.newPage());
  try {
    for (const url of ['index.html?seed=3', 'index.html?seed=3&catanTestHooks=1', 'embed.html?seed=3&autoplay=1']) {
      await page.goto(base + url);
      await waitReady(page);
      await page.evaluate(() => {
        const el = document.createElement('div');
        el.id = 'catanTestHooks';
        document.body.appendChild(el);
      });
      await frames(page, 10);
      const v = await page.evaluate(() => window.catan.view());
      assert(Array.isArray(v.hexes) && v.hexes.length === 19, `${url}: no board positions in view()`);
      for (const k of ['ui', 'uiRects', 'widgets', 'display']) assert(!(k in v), `${url}: view().${k} without the test hooks`);
    }
    assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  } finally {
    await context.close();
  }
});
