// The page: long links, framing, the saved game when a link opens.
import { assert, base, closeClean, frames, measure, newPage, noticeText, readySettles, server2, shot, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { DESKTOP_1280, PHONE_390, b64url, codeHeader, newDevicePage, varint, widgets } from '../ui.mjs';

// Replay links are bounded by what opens at once (kMaxLinkActions = 10,000 actions); the
// game screen after a long history keeps drawing frames (the log keeps its newest lines).
// The codes repeat legal action 0 (code version 1): valid games of any length.
const longCode = (n) => b64url([...codeHeader, ...varint(n), ...new Array(n).fill(0)]);

await test('long-replay-links-bounded', async () => {
  const { context, page } = await newPage();
  // 149,000 actions (under the 200,000-character cap): refused with a message, at once.
  const huge = longCode(149000);
  assert(huge.length < 200000, 'the code is over the character cap: ' + huge.length);
  const t0 = Date.now();
  await page.goto(base + 'index.html#game=' + huge);
  assert(await readySettles(page), 'catan.ready never resolved for the 149,000-action link');
  await frames(page, 3);
  const msg = await noticeText(page);
  assert(/149000 actions; a link may hold 10000/.test(msg), `no clear refusal of the 149,000-action link: "${msg}"`);
  const opened = await page.evaluate(() => window.catan.state(-1).session.active);
  assert(!opened, 'the 149,000-action link was opened');
  measure(`149,000-action link refused ${Date.now() - t0} ms after navigation`);
  await shot(page, 'long-link-refused.png');
  // 10,000 actions (the most a link may hold): the review opens; then the game screen, with
  // the whole history behind its log, draws every frame quickly.
  await page.goto('about:blank');
  const t1 = Date.now();
  await page.goto(base + 'index.html#game=' + longCode(10000));
  await waitReady(page);
  const st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session && st.session.active, 'the 10,000-action link did not open: ' + (await noticeText(page)));
  measure(`10,000-action link: ready ${Date.now() - t1} ms after navigation`);
  await frames(page, 3);
  const back = (await widgets(page)).review_back;
  await page.evaluate(() => window.catan.perf.reset());
  await page.mouse.click(back ? (back.x0 + back.x1) / 2 : 40, back ? (back.y0 + back.y1) / 2 : 28);
  // The log tab: every line of the history is behind it.
  const tab = await waitFor(page, () => (window.catan.view().widgets || []).find((w) => w[0] === 'tab_log'),
    null, { timeout: 20000 });
  await page.mouse.click((tab[1] + tab[3]) / 2, (tab[2] + tab[4]) / 2);
  await sleep(3000);
  const perf = await page.evaluate(() => window.catan.perf.stats());
  measure(`game screen after a 10,000-action link: ${perf.workFrames} frames, work p50 ` +
    `${perf.workP50.toFixed(1)} ms, max ${perf.workMax.toFixed(1)} ms`);
  await shot(page, 'long-link-game-screen.png');
  assert(perf.workFrames >= 4, `the page drew ${perf.workFrames} frames in 3 s`);
  assert(perf.workMax < 400, `a frame took ${perf.workMax.toFixed(0)} ms of main-thread work`);
  await closeClean(context, page);
});

// index.html framed by a same-site page of another origin (127.0.0.1, another port): no
// events, no commands, and the visitor's saved game is neither read nor written. With
// origin= naming the embedder it takes part in the postMessage API, still without the save.
await test('framed-index-keeps-the-saved-game', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }));
  assert(r.ok, 'newGame: ' + r.error);
  await frames(page, 5);
  await page.goto(base + 'version.json'); // the save as the page left it
  const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
  assert(saved && /catan-web-save/.test(saved), 'no saved game to protect');
  const framer = `http://127.0.0.1:${server2.address().port}/`;
  const frameIndex = async (src) => {
    await page.goto(framer + 'framer-page');
    await page.evaluate((u) => {
      window.__msgs = [];
      window.addEventListener('message', (e) => window.__msgs.push(e.data && e.data.type));
      const f = document.createElement('iframe');
      f.src = u;
      f.style.width = '800px';
      f.style.height = '500px';
      document.body.appendChild(f);
    }, src);
    let f = null;
    const t = Date.now();
    while (!f && Date.now() - t < 30000) {
      f = page.frames().find((x) => x !== page.mainFrame() && x.url().startsWith(base));
      if (!f) await sleep(100);
    }
    assert(f, 'the frame did not load');
    await waitReady(f);
    await sleep(500);
    return f;
  };
  // Framed without origin=: nothing posted, commands ignored, the save not resumed.
  let f = await frameIndex(base + 'index.html');
  let st = await f.evaluate(() => window.catan.state(-1));
  assert(!(st.session && st.session.active && st.session.config.seed === '77'),
    'the framed page resumed the visitor\'s saved game');
  // Nor does the app's New game screen offer it ("Continue last game").
  await frames(f, 5);
  assert(!(await f.evaluate(() => (window.catan.view().ui || {}).continue)),
    'the framed page offers to continue the visitor\'s saved game');
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage(
    { type: 'newGame', config: { seed: 9, seats: ['human', 'ai:easy'] } }, '*'));
  await sleep(1500);
  st = await f.evaluate(() => window.catan.state(-1));
  assert(!(st.session && st.session.active), 'a command from the framing page started a game');
  let msgs = await page.evaluate(() => window.__msgs);
  assert(msgs.length === 0, 'the framing page received events: ' + msgs.join(', '));
  // Played in the frame: still the visitor's save is untouched.
  await f.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy'] }));
  await frames(f, 5);
  assert(await f.evaluate(() => localStorage.getItem('catan.save')) === saved,
    'the framed page wrote over the visitor\'s saved game');
  await shot(page, 'framed-index.png');
  // With origin= naming the embedder: events and commands, and still no save.
  f = await frameIndex(base + 'index.html?origin=' + encodeURIComponent(framer.slice(0, -1)));
  msgs = await page.evaluate(() => window.__msgs);
  assert(msgs.includes('ready'), 'origin= given, yet no ready event: ' + msgs.join(', '));
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage(
    { type: 'newGame', config: { seed: 9, seats: ['human', 'ai:easy'] } }, '*'));
  await waitFor(f, () => {
    const s = window.catan.state(-1);
    return s.session && s.session.active && s.session.config.seed === '9';
  });
  await frames(f, 5);
  assert(await f.evaluate(() => localStorage.getItem('catan.save')) === saved,
    'the framed page (origin=) wrote over the visitor\'s saved game');
  // The visitor's own page resumes the game they left.
  await page.goto(base + 'index.html');
  await waitReady(page);
  st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session.active && st.session.config.seed === '77', 'the visitor\'s game did not resume');
  await context.close();
});

// A board or replay link opened while a game is in progress asks first, on a desktop and on
// a phone; either answer keeps a game, and the one not chosen is never written over before.
await test('link-asks-before-replacing-a-game', async () => {
  const PHONE = { ...PHONE_390, deviceScaleFactor: 2 };
  for (const [label, device] of [['1280x720', DESKTOP_1280], ['390x844', PHONE]]) {
    const touch = !!device.hasTouch;
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    assert((await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }))).ok, 'newGame');
    await frames(page, 5);
    // The save as the page left it (it saves once more when it goes).
    await page.goto(base + 'version.json');
    const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
    // A board link: the question, with thumb-sized buttons in view.
    await page.goto(base + 'index.html?seed=555&seats=human,ai:easy,ai:easy');
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await frames(page, 5);
    assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved,
      `${label}: the saved game was written over before the player chose`);
    const boxes = await page.evaluate(() => ['link-choice-resume', 'link-choice-open'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, x: r.x, y: r.y, w: r.width, h: r.height, text: document.getElementById(id).textContent };
    }));
    const vw = device.viewport.width, vh = device.viewport.height;
    for (const b of boxes) {
      assert(b.h >= 44 && b.w >= 120, `${label}: ${b.id} is ${b.w}x${b.h}`);
      assert(b.x >= 0 && b.y >= 0 && b.x + b.w <= vw && b.y + b.h <= vh, `${label}: ${b.id} is not in view`);
    }
    await shot(page, `link-choice-${label}.png`);
    // "Resume my game": the game in progress comes back, the link's game is dropped.
    const resume = boxes[0];
    if (touch) await page.touchscreen.tap(resume.x + resume.w / 2, resume.y + resume.h / 2);
    else await page.mouse.click(resume.x + resume.w / 2, resume.y + resume.h / 2);
    await frames(page, 5);
    let st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '77', `${label}: "Resume my game" gave seed ${st.session.config.seed}`);
    assert(!(await page.evaluate(() => !!document.getElementById('link-choice'))), `${label}: the question stays`);
    // The link again, and "Play the linked game": the link's game runs and is saved; the old
    // game is set aside, not lost.
    await page.goto(base + 'index.html?seed=555&seats=human,ai:easy,ai:easy');
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    const open = await page.evaluate(() => {
      const r = document.getElementById('link-choice-open').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    if (touch) await page.touchscreen.tap(open.x, open.y);
    else await page.mouse.click(open.x, open.y);
    await frames(page, 5);
    st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '555', `${label}: the linked game is not running`);
    assert(!st.session.paused, `${label}: the linked game stays paused`);
    const after = await page.evaluate(() => ({ save: localStorage.getItem('catan.save'), previous: localStorage.getItem('catan.save.previous') }));
    assert(after.previous && after.previous.length > 0, `${label}: the old game was not set aside`);
    assert(after.save && after.save !== after.previous, `${label}: the linked game was not saved`);
    await closeClean(context, page);
  }
  // A replay link asks the same way (its review opens behind the question).
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }));
  await frames(page, 5);
  await page.goto(base + 'version.json');
  const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
  await page.goto(base + 'index.html#game=' + longCode(40));
  await waitReady(page);
  await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
  await frames(page, 5);
  assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved, 'replay link: the saved game was written over');
  await shot(page, 'link-choice-replay.png');
  await page.click('#link-choice-resume');
  await frames(page, 5);
  const st = await page.evaluate(() => window.catan.state(-1));
  assert(st.session.config.seed === '77', 'replay link: "Resume my game" gave seed ' + st.session.config.seed);
  await closeClean(context, page);
});

// A link while the save cannot be read: "Resume my game" sets the save aside (it is not
// written over) and the link's game runs on, unpaused. A link while the old game's copy cannot
// be stored (storage full): "Play the linked game" leaves the old game saved and says so.
await test('link-keeps-a-damaged-or-uncopied-save', async () => {
  const LINK = 'index.html?seed=555&seats=human,ai:easy,ai:easy';
  const noticeText = (page) => page.evaluate(() => {
    const n = document.getElementById('notice');
    return n.hidden ? '' : n.textContent;
  });
  {
    const { context, page } = await newPage();
    const damaged = '{{{ nope';
    await page.goto(base + 'version.json');
    await page.evaluate((t) => localStorage.setItem('catan.save', t), damaged);
    await page.goto(base + LINK);
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await page.click('#link-choice-resume');
    await frames(page, 5);
    const msg = await noticeText(page);
    assert(/damaged/.test(msg) && /set aside/.test(msg), 'damaged save: notice "' + msg + '"');
    assert(await page.evaluate(() => localStorage.getItem('catan.save.rejected')) === damaged,
      'damaged save: not set aside');
    const st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.active && st.session.config.seed === '555', 'damaged save: the link\'s game is not running');
    assert(!st.session.paused, 'damaged save: the link\'s game stays paused');
    await shot(page, 'link-damaged-save.png');
    await closeClean(context, page);
  }
  {
    const { context, page } = await newPage();
    await page.goto(base + 'index.html');
    await waitReady(page);
    assert((await page.evaluate(() => window.catan.newGame({ seed: 77, seats: ['human', 'ai:easy'] }))).ok, 'newGame');
    await frames(page, 5);
    await page.goto(base + 'version.json');
    const saved = await page.evaluate(() => localStorage.getItem('catan.save'));
    // Storage full for the old game's copy.
    await page.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'catan.save.previous') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    await page.goto(base + LINK);
    await waitReady(page);
    await waitFor(page, () => !!document.getElementById('link-choice'), null, { timeout: 5000 });
    await page.click('#link-choice-open');
    await frames(page, 5);
    const msg = await noticeText(page);
    assert(/could not be copied aside/.test(msg), 'storage full: notice "' + msg + '"');
    const st = await page.evaluate(() => window.catan.state(-1));
    assert(st.session.config.seed === '555' && !st.session.paused, 'storage full: the link\'s game is not running');
    await shot(page, 'link-copy-failed.png');
    await page.goto(base + 'version.json');
    assert(await page.evaluate(() => localStorage.getItem('catan.save')) === saved,
      'storage full: the old game was written over');
    await page.goto(base + 'index.html');
    await waitReady(page);
    const back = await page.evaluate(() => window.catan.state(-1));
    assert(back.session.config.seed === '77', 'storage full: a reload gave seed ' + back.session.config.seed);
    await closeClean(context, page);
  }
});
