// What the feature tests share to drive the app: presses and taps by widget id (the test ids
// of catan.view(), on with the test hooks), the layout checks, the screens and devices they
// run on, a human's moves played by the legal-move list, and replay codes made by hand.
import { assert, base, frames, instrument, newContext, sleep, waitFor, waitReady } from './lib.mjs';

// Opens a short AI game (5 VP, the official board, seeds 31337/5) on `page`, played by `seats`
// at full speed, and waits for its end: replay links exist for finished games only.
export async function playShortAiGame(page, seats) {
  await page.goto(base + `index.html?autoplay=1&seats=${seats}&speed=20&seed=31337` +
    '&playseed=5&board=official&mode=custom&vp=5');
  await waitReady(page);
  await waitFor(page, () => window.catan.state(-1).state.phase === 'game_over', null,
    { timeout: 180000, polling: 250 });
}

// Plays the human seat by catan.act (roll, end the turn, the first legal action otherwise)
// until `want(legal)` picks an action to stop at; returns it.
export async function playHumanUntil(page, want, timeout = 180000) {
  const t0 = Date.now();
  for (;;) {
    assert(Date.now() - t0 < timeout, 'the position never came');
    const st = await page.evaluate(() => window.catan.state());
    assert(st.state.phase !== 'game_over', 'the game ended first');
    if (!st.session.humanToAct) { await sleep(50); continue; }
    const legal = await page.evaluate(() => window.catan.legal());
    const stop = want(legal, st);
    if (stop) return stop;
    const a = legal.find((x) => x === 'roll') || legal.find((x) => x === 'end_turn') || legal[0];
    const r = await page.evaluate((x) => window.catan.act(x), a);
    assert(r.ok, `act ${a}: ${r.error}`);
  }
}

// RGB of the pixel at (x, y) of a decoded screenshot.
export function pixel(img, x, y) {
  const i = (Math.round(y) * img.w + Math.round(x)) * img.bpp;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

// A click on an ImGui widget found by its test id (catan.view().ui: the New game screen's
// Start button, the banner's menu, "Take back control", the "Time's up" notice).
export async function clickUi(page, id) {
  const at = await waitFor(page, (i) => {
    const v = window.catan.view();
    return v && v.ui && v.ui[i];
  }, id, { timeout: 20000 });
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + at[0], box.y + at[1]);
  await frames(page, 3);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 5);
}

// A setup and a full turn played by taps (touch screens) or clicks only, at five screen sizes,
// checked against the UI's own layout data (catan.view().widgets: every button's rectangle):
// no two buttons overlap, each lies whole in its panel, every label fits, touch targets are at
// least 44 CSS px, and the trade panel's buttons are in view without scrolling. (Densities
// above 1 cost minutes of software rendering here; the checks are in CSS px.)
export const kScreens = [
  { name: 'phone-portrait', w: 390, h: 844, touch: true, dpr: 3 },
  { name: 'phone-landscape', w: 844, h: 390, touch: true, dpr: 2 },
  { name: 'tablet', w: 768, h: 1024, touch: true, dpr: 1 },
  { name: 'desktop', w: 1280, h: 720, touch: false, dpr: 1 },
  { name: 'desktop-large', w: 1920, h: 1080, touch: false, dpr: 1 },
];

// The widgets of the last frame by id: {x0, y0, x1, y1, whole, fits}.
export async function widgets(page) {
  const v = await page.evaluate(() => window.catan.view());
  const out = {};
  for (const [id, x0, y0, x1, y1, whole, fits] of v.widgets || []) out[id] = { x0, y0, x1, y1, whole, fits };
  return out;
}

// What is wrong with the layout of the frame just drawn ([] when nothing).
export function layoutProblems(ws, screen, needWhole) {
  const problems = [];
  const ids = Object.keys(ws);
  for (const id of ids) {
    const r = ws[id];
    if (!r.fits) problems.push(`label of ${id} does not fit`);
    if (r.whole && (r.x0 < -0.5 || r.y0 < -0.5 || r.x1 > screen.w + 0.5 || r.y1 > screen.h + 0.5)) problems.push(`${id} off screen ${JSON.stringify(r)}`);
  }
  for (const id of needWhole) {
    if (!ws[id]) problems.push(`${id} not on screen`);
    else if (!ws[id].whole) problems.push(`${id} cut by its panel`);
  }
  for (let i = 0; i < ids.length; ++i) {
    for (let j = i + 1; j < ids.length; ++j) {
      const a = ws[ids[i]], b = ws[ids[j]];
      if (!a.whole || !b.whole) continue;
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox > 1 && oy > 1) problems.push(`${ids[i]} overlaps ${ids[j]}`);
    }
  }
  if (screen.touch) {
    for (const id of needWhole) {
      const r = ws[id];
      if (r && (r.x1 - r.x0 < 43.5 || r.y1 - r.y0 < 43.5)) problems.push(`${id} is ${Math.round(r.x1 - r.x0)}x${Math.round(r.y1 - r.y0)}, under 44 px`);
    }
  }
  return problems;
}

// A tap (touch screens) or a click at canvas point p.
export async function press(page, screen, p) {
  const box = await page.locator('#canvas').boundingBox();
  if (screen.touch) {
    await page.touchscreen.tap(box.x + p[0], box.y + p[1]);
  } else {
    await page.mouse.move(box.x + p[0], box.y + p[1]);
    await frames(page, 2);
    await page.mouse.down();
    await frames(page, 2);
    await page.mouse.up();
  }
  await frames(page, 4);
}

export async function pressUi(page, screen, id) {
  const ws = await waitFor(page, (i) => {
    const v = window.catan.view();
    return v && (v.widgets || []).find((w) => w[0] === i);
  }, id, { timeout: 20000 });
  await press(page, screen, [(ws[1] + ws[3]) / 2, (ws[2] + ws[4]) / 2]);
}

// Replay codes (match/replay_code.h encode_game, code version 1): version byte, seed,
// 15 option varints, one byte per seat, AI delay (ms), think budget (ms), action count, then
// per action its index among the legal actions, or that count (an escape) + length + text.
export function varint(n) {
  const out = [];
  let v = BigInt(n);
  while (v >= 0x80n) { out.push(Number(v & 0x7fn) | 0x80); v >>= 7n; }
  out.push(Number(v));
  return out;
}

export const codeHeader = [1, ...varint(42), 0, 4, 2, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
  0, 9, 9, 9, ...varint(600), ...varint(1000)];

export const b64url = (bytes) => Buffer.from(bytes).toString('base64url');

// Release A (the site under test) and release B (web/ + the same app, one file changed,
// finished by make-site) are served in turn at /gameA/; /gameB/ is another deployment of A
// on the same origin. A page runs the files of one release together, an update waits while a
// game runs, applies on request or on the next visit, and deletes this scope's old cache only.
// ------------------------------------------------------------------ first screen, one menu
// A phone held upright (touch, 3 device pixels per CSS pixel) and a desktop window.
export const PHONE_390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 };

export const DESKTOP_1280 = { viewport: { width: 1280, height: 720 } };

export async function newDevicePage(device) {
  const context = await newContext({ serviceWorkers: 'block', ...device });
  const page = instrument(await context.newPage());
  return { context, page };
}

// The rectangle [x0, y0, x1, y1] (CSS pixels) where the app drew the widget with this test id.
export async function uiRectOf(page, id, timeout = 20000) {
  return waitFor(page, (i) => {
    const v = window.catan.view();
    return v && v.uiRects && v.uiRects[i];
  }, id, { timeout });
}

// A tap (touch screens) or a click on a widget, by its test id.
export async function tapOrClickUi(page, id, touch) {
  if (!touch) return clickUi(page, id);
  const r = await uiRectOf(page, id);
  const box = await page.locator('#canvas').boundingBox();
  await page.touchscreen.tap(box.x + (r[0] + r[2]) / 2, box.y + (r[1] + r[3]) / 2);
  await frames(page, 8);
}
