// Board input (robber, zoom, taps) and the AI: frame times while Expert and Master think, in Web
// Workers or on the main thread.
import path from 'node:path';
import { artifacts, assert, base, closeClean, decodePng, frames, instrument, measure, newContext, newPage, shot, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { pixel, playHumanUntil, playShortAiGame, press, pressUi, widgets } from '../ui.mjs';

// The robber's candidate hexes are marked under the pieces: a point of every settlement on a
// candidate hex, next to the marker, looks the same while the robber is being placed as
// after (when nothing is highlighted). Screenshots of the choice at both sizes.
for (const [w, h] of [[1280, 720], [390, 844]]) {
  await test(`robber-choice-keeps-pieces-in-view-${w}x${h}`, async () => {
    const { context, page } = await newPage({ viewport: { width: w, height: h } });
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({
      seed: 31, playseed: 31, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20,
    }));
    assert(r.ok, 'newGame: ' + r.error);
    const st0 = await playHumanUntil(page, (legal, st) => (legal.some((a) => a.startsWith('move_robber:'))
      && st.state.players.some((p, i) => i > 0 && p.settlements.length > 0) ? st : null));
    const legal = await page.evaluate(() => window.catan.legal());
    const hexes = legal.filter((a) => a.startsWith('move_robber:')).map((a) => Number(a.split(':')[1]));
    await sleep(4200);  // the notices over the board's top fade
    await frames(page, 3);
    const box = await page.locator('#canvas').boundingBox();
    const view = await page.evaluate(() => window.catan.view());
    const choice = decodePng(await page.screenshot({ path: path.join(artifacts, `robber-choice-${w}x${h}.png`) }));
    // Move it to the hex with most settlements, then take the steal if one is asked.
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    const radius = Math.min(...view.vertices.map((v) => dist(v, view.hexes[0])));
    const owner = new Map();
    st0.state.players.forEach((p, seat) => p.settlements.forEach((v) => owner.set(v, seat)));
    const samples = [];
    for (const hx of hexes) {
      view.vertices.forEach((v, id) => {
        if (!owner.has(id) || dist(v, view.hexes[hx]) > radius * 1.05) return;
        const c = view.hexes[hx];
        samples.push({ hex: hx, vertex: id, x: box.x + v[0] + (c[0] - v[0]) * 0.1, y: box.y + v[1] + (c[1] - v[1]) * 0.1 });
      });
    }
    assert(samples.length > 0, 'no settlement on a candidate hex');
    const target = hexes[0];
    let a = await page.evaluate((x) => window.catan.act(x), `move_robber:${target}`);
    assert(a.ok, a.error);
    await frames(page, 3);
    const steal = (await page.evaluate(() => window.catan.legal())).find((x) => x.startsWith('steal:'));
    if (steal) {
      a = await page.evaluate((x) => window.catan.act(x), steal);
      assert(a.ok, a.error);
    }
    await sleep(4200);
    await frames(page, 3);
    const after = decodePng(await page.screenshot({ path: path.join(artifacts, `robber-after-${w}x${h}.png`) }));
    const covered = samples.filter((s) => {
      const p = pixel(choice, s.x, s.y), q = pixel(after, s.x, s.y);
      return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60;
    });
    assert(covered.length === 0, `${covered.length} of ${samples.length} settlements on candidate hexes are drawn over: ` +
      JSON.stringify(covered.slice(0, 4)));
    await context.close();
  });
}

// The board's +, - and Fit buttons zoom, by mouse and by touch (found by their test ids); on a
// touch screen a tap on a settlement spot selects it and the Build button (or a second tap)
// places it; the phone's Players / Log / Trade tabs open their sheet by taps and close it
// again.
await test('zoom-buttons-and-taps', async () => {
  const span = (v) => Math.hypot(v.hexes[18][0] - v.hexes[0][0], v.hexes[18][1] - v.hexes[0][1]);
  const centre = (r) => [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
  for (const screen of [{ w: 1280, h: 720, touch: false }, { w: 390, h: 844, touch: true }]) {
    const context = await newContext({ viewport: { width: screen.w, height: screen.h },
      hasTouch: screen.touch, serviceWorkers: 'block' });
    const page = instrument(await context.newPage());
    await page.goto(base + 'index.html');
    await waitReady(page);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 8, playseed: 8, seats: ['human', 'ai:easy'], speed: 20 }));
    assert(r.ok, r.error);
    await waitFor(page, () => window.catan.state().session.humanToAct, null, { timeout: 60000 });
    await frames(page, 5);
    const ws = await widgets(page);
    for (const id of ['zoom_in', 'zoom_out', 'zoom_fit']) assert(ws[id] && ws[id].whole, `${id} not on screen`);
    const v0 = await page.evaluate(() => window.catan.view());
    await press(page, screen, centre(ws.zoom_in));
    const v1 = await page.evaluate(() => window.catan.view());
    assert(span(v1) > span(v0) * 1.1, `${screen.w}x${screen.h}: + did not zoom in (${span(v0)} -> ${span(v1)})`);
    await press(page, screen, centre(ws.zoom_fit));
    await frames(page, 4);
    const v2 = await page.evaluate(() => window.catan.view());
    assert(Math.abs(span(v2) - span(v0)) < 1, `${screen.w}x${screen.h}: Fit did not fit (${span(v0)} -> ${span(v2)})`);
    if (!screen.touch) {
      await closeClean(context, page);
      continue;
    }
    await shot(page, 'tap-zoom-fit-390x844.png');
    // A tap selects a settlement spot and places nothing; Build places it.
    const legal = await page.evaluate(() => window.catan.legal());
    const spots = legal.filter((a) => a.startsWith('build_settlement:')).map((a) => Number(a.split(':')[1]));
    assert(spots.length > 0, 'no settlement spot: ' + legal.slice(0, 5));
    const spot = spots[Math.floor(spots.length / 2)];
    await press(page, screen, v2.vertices[spot]);
    const selected = await page.evaluate(() => window.catan.state());
    assert(!selected.state.players[0].settlements.includes(spot), 'a single tap placed the settlement at once');
    const confirm = (await widgets(page)).board_confirm;
    assert(confirm && confirm.y1 - confirm.y0 >= 44, 'no Build button 44 px high after the tap: ' + JSON.stringify(confirm));
    await shot(page, 'tap-settlement-selected-390x844.png');
    await press(page, screen, centre(confirm));
    const st = await page.evaluate(() => window.catan.state());
    assert(st.state.players[0].settlements.includes(spot), `Build after the tap on vertex ${spot} placed nothing`);
    await shot(page, 'tap-settlement-390x844.png');
    // The sheet's tabs: a tap opens the tab's panel over the board, a second tap closes it.
    for (const tab of ['tab_players', 'tab_log', 'tab_trade']) {
      await pressUi(page, screen, tab);
      const open = await page.evaluate(() => window.catan.view().sheet);
      assert(open === tab.slice(4), `a tap on ${tab} did not open its sheet: ${open}`);
    }
    await shot(page, 'tap-tabs-390x844.png');
    await pressUi(page, screen, 'tab_trade');
    const closed = await page.evaluate(() => window.catan.view().sheet);
    assert(closed === '', 'a second tap on the open tab did not close the sheet: ' + closed);
    await closeClean(context, page);
  }
});

await test('frame-times-while-expert-ai-thinks', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 5, seats: ['ai:expert', 'ai:expert', 'ai:easy'], autoplay: true, speed: 20, think: 1000,
  }));
  assert(r.ok, r.error);
  // Samples rAF intervals for `ms`, counting frames in which an AI was thinking.
  const sample = (ms) => page.evaluate((dur) => new Promise((done) => {
    window.catan.perf.reset();
    let thinking = 0;
    const t0 = performance.now();
    const f = () => {
      if (window.catan.state().session.aiThinking) thinking++;
      if (performance.now() - t0 < dur) requestAnimationFrame(f);
      else done({ stats: window.catan.perf.stats(), thinking, phase: window.catan.state().state.phase });
    };
    requestAnimationFrame(f);
  }), ms);
  const fmt = (label, x) => `${label}: ${x.stats.frames} frames (${x.thinking} with an Expert thinking); ` +
    `rAF interval p50 ${x.stats.p50.toFixed(1)} / p95 ${x.stats.p95.toFixed(1)} / max ${x.stats.max.toFixed(1)} ms, ` +
    `${x.stats.over50} over 50 ms; app main-thread work per frame p50 ${x.stats.workP50.toFixed(1)} / ` +
    `p95 ${x.stats.workP95.toFixed(1)} / max ${x.stats.workMax.toFixed(1)} ms, ${x.stats.workOver50} over 50 ms`;
  const setup = await sample(8000);
  measure(fmt('frames during the setup phase (2 Expert AIs, 1000 ms budget, 8 s)', setup));
  await waitFor(page, () => !/^setup/.test(window.catan.state().state.phase), null, { timeout: 240000, polling: 500 });
  const main = await sample(8000);
  measure(fmt(`frames after the setup (phase ${main.phase}, 8 s)`, main));
  await shot(page, 'expert-ai-thinking.png');
  assert(setup.thinking + main.thinking > 0, 'no frame had an AI thinking');
  // A blocking AI would hold a frame for its whole 1000 ms budget. The app's own work per
  // frame must stay under 50 ms at the 95th percentile, and no frame may take a quarter of
  // the budget. (A lone frame of ~100 ms was seen on a loaded 2-core CI machine while the
  // AI's slice is ~8 ms: preemption, not the app, so single outliers are reported above
  // rather than failed.)
  const workP95 = Math.max(setup.stats.workP95, main.stats.workP95);
  const workMax = Math.max(setup.stats.workMax, main.stats.workMax);
  assert(workP95 < 50, `app work per frame p95 ${workP95.toFixed(1)} ms (must stay under 50 ms)`);
  assert(workMax < 250, `an app frame took ${workMax.toFixed(1)} ms (a blocking AI; must stay under 250 ms)`);
  await context.close();
});

// Master's searches in Web Workers (shell/web_search_pool.h): 3 Master seats at masterthink
// 1000 ms; rAF intervals and the app's main-thread work per frame while they think.
// `workers: false` takes Worker away before the page loads: the pool then has no searchers and
// Master thinks on the main thread in slices (the fallback).
async function masterFrameTimes(workers, label) {
  const { context, page } = await newPage({ viewport: { width: 390, height: 844 }, dpr: 2 });
  if (!workers) await page.addInitScript(() => { window.Worker = undefined; });
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 9, playseed: 4, seats: ['ai:master', 'ai:master', 'ai:master'], autoplay: true, speed: 20,
    masterthink: 1000,
  }));
  assert(r.ok, r.error);
  // Into the main phase, where Master searches (the setup placements are not searched).
  await waitFor(page, () => !/^setup/.test(window.catan.state().state.phase), null, { timeout: 240000, polling: 500 });
  const sample = (ms) => page.evaluate((dur) => new Promise((done) => {
    window.catan.perf.reset();
    let thinking = 0;
    const a0 = window.catan.state().session.actions;
    const t0 = performance.now();
    const f = () => {
      if (window.catan.state().session.aiThinking) thinking++;
      if (performance.now() - t0 < dur) requestAnimationFrame(f);
      else {
        const s = window.catan.state().session;
        const d = window.catan.perf.deltas.slice().sort((x, y) => x - y);
        const w = window.catan.perf.work.slice().sort((x, y) => x - y);
        const q = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor(a.length * p))] : 0);
        const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
        done({
          frames: d.length, thinking, actions: s.actions - a0, workers: s.searchWorkers,
          mean: mean(d), p99: q(d, 0.99), max: q(d, 1),
          workMean: mean(w), workP99: q(w, 0.99), workMax: q(w, 1),
        });
      }
    };
    requestAnimationFrame(f);
  }), ms);
  const m = await sample(8000);
  measure(`${label}: ${m.workers} search workers, ${m.frames} frames in 8 s ` +
    `(${m.thinking} with a Master thinking), ${m.actions} actions; rAF interval mean ${m.mean.toFixed(1)} / ` +
    `p99 ${m.p99.toFixed(1)} / max ${m.max.toFixed(1)} ms; app main-thread work per frame mean ` +
    `${m.workMean.toFixed(2)} / p99 ${m.workP99.toFixed(1)} / max ${m.workMax.toFixed(1)} ms`);
  await shot(page, workers ? 'master-thinking-in-workers-phone.png' : 'master-thinking-on-main-thread-phone.png');
  assert(m.thinking > 0, 'no frame had a Master thinking');
  assert(m.actions > 0, 'no action was played in 8 s');
  return { context, page, m };
}

await test('master-thinks-in-web-workers-and-frames-stay-short', async () => {
  const { context, page, m } = await masterFrameTimes(true, 'Master x3 thinking in Web Workers (390x844)');
  assert(m.workers >= 1, `the page reports ${m.workers} search workers`);
  // The search is off the main thread: no app frame waits for it. (The rAF intervals above
  // also carry the software GL rendering, and on a loaded 2-core machine the worker and the
  // GPU process share the cores: they are reported, the app's own work is what must stay
  // short.)
  assert(m.workP99 < 50, `app work per frame p99 ${m.workP99.toFixed(1)} ms (must stay under 50 ms)`);
  assert(m.workMax < 250, `an app frame took ${m.workMax.toFixed(1)} ms of main-thread work (must stay under 250 ms)`);
  const warned = page.consoleWarnings.filter((t) => /search worker/.test(t));
  assert(warned.length === 0, 'search worker warnings: ' + warned.join(' | '));
  await closeClean(context, page);
});

await test('master-plays-on-the-main-thread-without-workers', async () => {
  const { context, page, m } = await masterFrameTimes(false, 'Master x3 thinking on the main thread, no Worker (390x844)');
  assert(m.workers === 0, `the page reports ${m.workers} search workers without Worker`);
  assert(m.max < 1000, `a frame took ${m.max.toFixed(1)} ms (the slices must keep frames going)`);
  await closeClean(context, page);
});

// Expert takes one worker, which computes exactly what the main thread computes: the same
// seeded blitz game of 3 Experts (a 5 s budget, so the 96-iteration cap decides every search)
// ends in the same position, every hand included, with workers and without.
async function expertGame(workers) {
  const { context, page } = await newPage();
  if (!workers) await page.addInitScript(() => { window.Worker = undefined; });
  await page.goto(base + 'index.html');
  await waitReady(page);
  const end = await playExperts(page);
  await closeClean(context, page);
  return end;
}

// Starts the seeded blitz game of 3 Experts on `page` and plays it to its end: the final
// position (every hand), the number of actions and of search workers.
async function playExperts(page) {
  const r = await page.evaluate(() => window.catan.newGame({
    seed: 12, playseed: 3, seats: ['ai:expert', 'ai:expert:trader', 'ai:expert:builder'], mode: 'blitz',
    autoplay: true, speed: 20, think: 5000,
  }));
  assert(r.ok, r.error);
  await waitFor(page, () => window.catan.state().state.phase === 'game_over', null, { timeout: 300000, polling: 500 });
  return page.evaluate(() => {
    const all = window.catan.state('all');
    return { state: JSON.stringify(all.state), actions: all.session.actions, workers: all.session.searchWorkers };
  });
}

await test('expert-plays-the-same-game-in-a-worker-and-on-the-main-thread', async () => {
  const inWorkers = await expertGame(true);
  const onMain = await expertGame(false);
  measure(`3 Experts, blitz, seed 12: ${inWorkers.actions} actions with ${inWorkers.workers} search worker(s), ` +
    `${onMain.actions} on the main thread`);
  assert(inWorkers.workers >= 1, `the page reports ${inWorkers.workers} search workers`);
  assert(onMain.workers === 0, `the page without Worker reports ${onMain.workers} search workers`);
  assert(inWorkers.actions === onMain.actions, `${inWorkers.actions} actions in workers, ${onMain.actions} on the main thread`);
  assert(inWorkers.state === onMain.state, 'the final positions differ');
});

// A review still thinking on the workers when a new game starts (from a replay link, then
// catan.newGame) does not change the Experts' moves: the game is the one played without it.
await test('experts-play-the-same-game-after-a-review-was-left-running', async () => {
  const ref = await expertGame(true);
  const { context, page } = await newPage();
  await playShortAiGame(page, 'ai:easy,ai:easy,ai:easy');
  const link = await page.evaluate(() => window.catan.replayLink());
  // The finished game's page goes: it would keep drawing beside the Experts' game for minutes.
  assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  await page.close();
  const p2 = instrument(await context.newPage());
  await p2.goto(link);
  await waitReady(p2);
  // The review's analyses are on the workers.
  const rv = await waitFor(p2, () => {
    const r = window.catan.view().review;
    return r && window.catan.state().session.searchWorkers > 0 && r.progress > 0 && r;
  }, null, { timeout: 60000, polling: 50 });
  assert(!rv.done, 'the review finished before the new game: ' + JSON.stringify(rv));
  const end = await playExperts(p2);
  measure(`3 Experts after a review: ${end.actions} actions, ${ref.actions} without the review`);
  assert(end.actions === ref.actions && end.state === ref.state, 'the review changed the Experts\' game');
  await closeClean(context, p2);
});

// The worker module on its own: a job that is not one is answered with an error (the worker
// stays up and answers the next message), and a worker that loads its own module says ready.
await test('search-worker-answers-a-bad-job-with-an-error', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => new Promise((done) => {
    const w = new Worker('search-worker.js');
    const got = [];
    const t = setTimeout(() => done({ got, timeout: true }), 20000);
    w.onerror = (e) => { clearTimeout(t); done({ got, error: e.message || 'error event' }); };
    w.onmessage = (ev) => {
      got.push(ev.data);
      if (got.length === 4) { clearTimeout(t); w.terminate(); done({ got }); }
    };
    w.postMessage({ type: 'init' });
    w.postMessage({ id: 7, job: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]).buffer });
    w.postMessage({ id: 8, job: new ArrayBuffer(0) });
    w.postMessage({ id: 9, job: 'text' });
  }));
  assert(!r.timeout && !r.error, 'worker: ' + JSON.stringify(r));
  const [ready, bad, empty, text] = r.got;
  assert(ready.type === 'ready', 'first message: ' + JSON.stringify(ready));
  assert(bad.id === 7 && /not a search job/.test(bad.error) && !bad.stats, 'bad job: ' + JSON.stringify(bad));
  assert(empty.id === 8 && typeof empty.error === 'string', 'empty job: ' + JSON.stringify(empty));
  assert(text.id === 9 && typeof text.error === 'string', 'text job: ' + JSON.stringify(text));
  await closeClean(context, page);
});
