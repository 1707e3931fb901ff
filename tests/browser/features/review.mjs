// The game review.
import { assert, closeClean, frames, here, measure, newPage, shot, test, waitFor, waitReady } from '../lib.mjs';
import { PHONE_390, layoutProblems, newDevicePage, playShortAiGame, pressUi, widgets } from '../ui.mjs';

// The end screen's Review (frontend/review_screen.h): the analysis runs in slices while the
// page keeps drawing, the scrubber and a turning point move the shown position, and "Play
// from here" starts a game at that position with the same seats. Then the finished game's
// replay link opens straight into its review on a phone.
const kReviewControls = ['review_back', 'review_play_from_here', 'review_prev_turn', 'review_step_back',
  'review_play', 'review_step_forward', 'review_next_turn', 'review_slider', 'review_graph',
  'review_tab_moments', 'review_tab_moves'];
const reviewOf = (page) => page.evaluate(() => window.catan.view().review || null);
let reviewReplayLink = null;
await test('review-from-end-screen-and-play-from-here', async () => {
  const screen = { w: 1280, h: 720, touch: false };
  const { context, page } = await newPage();
  await playShortAiGame(page, 'ai:easy,ai:normal,ai:easy');
  reviewReplayLink = await page.evaluate(() => window.catan.replayLink());
  // A slow pace for the game Play from here starts: no bot moves before the test looks.
  await page.evaluate(() => window.catan.setSpeed(0.25));
  const before = await page.evaluate(() => window.catan.state());
  const n = before.session.actions;
  await pressUi(page, screen, 'end_review');
  let rv = await waitFor(page, () => window.catan.view().review, null, { timeout: 20000 });
  assert(rv.actions === n && rv.position === n, 'the review opens at the end: ' + JSON.stringify(rv));
  // The app's work per frame while the analysis runs (it runs in slices: the page keeps
  // drawing). As in expert-ai-keeps-frames-smooth: the 95th percentile must stay under 50 ms
  // and no frame may block for a quarter of a second (lone outliers on a loaded 2-core
  // machine are preemption, reported in the measure line).
  await page.evaluate(() => window.catan.perf.reset());
  const t0 = Date.now();
  rv = await waitFor(page, () => { const r = window.catan.view().review; return r && r.done && r; }, null,
    { timeout: 300000, polling: 250 });
  const ps = await page.evaluate(() => window.catan.perf.stats());
  measure(`review of ${n} actions: ${((Date.now() - t0) / 1000).toFixed(1)} s in ${ps.frames} frames; app work ` +
    `per frame p50 ${ps.workP50.toFixed(1)} / p95 ${ps.workP95.toFixed(1)} / max ${ps.workMax.toFixed(1)} ms, ` +
    `${ps.workOver50} over 50 ms; ${rv.turningPoints} turning points, ${rv.decisions} decisions`);
  assert(rv.turningPoints > 0, 'no turning points: ' + JSON.stringify(rv));
  assert(ps.workP95 < 50, `app work per frame p95 ${ps.workP95.toFixed(1)} ms while the review ran`);
  assert(ps.workMax < 250, `an app frame took ${ps.workMax.toFixed(1)} ms while the review ran`);
  await frames(page, 5);
  await shot(page, 'review-1280x720.png');
  const problems = layoutProblems(await widgets(page), screen, kReviewControls);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  // Step, a turn back, a turning point.
  await pressUi(page, screen, 'review_step_back');
  rv = await reviewOf(page);
  assert(rv.position === n - 1, 'step back: ' + JSON.stringify(rv));
  await pressUi(page, screen, 'review_prev_turn');
  const turnStart = (await reviewOf(page)).position;
  assert(turnStart < n - 1, 'a turn back: ' + turnStart);
  // The first turning point: the list follows the position, so it may have scrolled away;
  // the wheel over the list brings it back, as a player would.
  for (let i = 0; i < 10 && !(await widgets(page)).review_tp_0; ++i) {
    const row = Object.entries(await widgets(page)).find(([k]) => k.startsWith('review_tp_'));
    if (!row) break;
    const box = await page.locator('#canvas').boundingBox();
    await page.mouse.move(box.x + (row[1].x0 + row[1].x1) / 2, box.y + (row[1].y0 + row[1].y1) / 2);
    await page.mouse.wheel(0, -240);
    await frames(page, 4);
  }
  await pressUi(page, screen, 'review_tp_0');
  rv = await reviewOf(page);
  assert(rv.position > 0 && rv.position <= n, 'turning point: ' + JSON.stringify(rv));
  if (rv.position === n) await pressUi(page, screen, 'review_step_back');
  await pressUi(page, screen, 'review_step_back');
  const at = (await reviewOf(page)).position;
  // Play from here: a game at that position, the same seats.
  await pressUi(page, screen, 'review_play_from_here');
  const st = await waitFor(page, () => {
    const s = window.catan.state();
    return !window.catan.view().review && s.session.active && s;
  }, null, { timeout: 20000 });
  assert(st.session.actions === at, `Play from here at ${at} started a game of ${st.session.actions} actions`);
  assert(st.state.phase !== 'game_over', 'the game is over after Play from here');
  assert(JSON.stringify(st.session.config.seats) === JSON.stringify(before.session.config.seats),
    'other seats: ' + JSON.stringify(st.session.config.seats) + ' vs ' + JSON.stringify(before.session.config.seats));
  await frames(page, 5);
  await shot(page, 'review-played-from-here.png');
  await closeClean(context, page);
});

await test('review-opens-for-a-replay-link-on-a-phone', async () => {
  assert(reviewReplayLink && /#game=/.test(reviewReplayLink), 'needs the replay link of the previous test');
  const screen = { w: 390, h: 844, touch: true };
  // Density 2, not the phone's 3: software rendering at 3x costs minutes here.
  const { context, page } = await newDevicePage({ ...PHONE_390, deviceScaleFactor: 2 });
  await page.goto(reviewReplayLink);
  await waitReady(page);
  let rv = await waitFor(page, () => window.catan.view().review, null, { timeout: 20000 });
  assert(rv.position === rv.actions, 'the replay opens its review at the end: ' + JSON.stringify(rv));
  rv = await waitFor(page, () => { const r = window.catan.view().review; return r && r.done && r; }, null,
    { timeout: 300000, polling: 250 });
  await pressUi(page, screen, 'review_step_back');
  rv = await reviewOf(page);
  assert(rv.position === rv.actions - 1, 'a tap steps back: ' + JSON.stringify(rv));
  await frames(page, 5);
  await shot(page, 'review-390x844.png');
  const problems = layoutProblems(await widgets(page), screen, [...kReviewControls, 'review_tab_hands']);
  assert(problems.length === 0, 'layout: ' + problems.join(' | '));
  await pressUi(page, screen, 'review_tab_hands');
  await frames(page, 3);
  await closeClean(context, page);
});
