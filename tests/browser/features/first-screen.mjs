// The first screen and the one menu; service worker updates between games.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, base, browser, closeClean, frames, instrument, measure, newPage, noticeText, root, serve, server, shot, site, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { DESKTOP_1280, PHONE_390, clickUi, newDevicePage, tapOrClickUi, uiRectOf, widgets } from '../ui.mjs';

await test('one-click-start-on-phone-and-desktop', async () => {
  for (const [label, device] of [['390x844', PHONE_390], ['1280x720', DESKTOP_1280]]) {
    const { context, page } = await newDevicePage(device);
    await page.goto(base + 'index.html');
    await waitReady(page);
    await frames(page, 5);
    const r = await uiRectOf(page, 'start');
    const w = device.viewport.width;
    await shot(page, `first-screen-${label}.png`);
    assert(r[0] >= 0 && r[2] <= w, `"Play vs bots" leaves the screen at ${label}: ${r}`);
    assert(r[3] - r[1] >= 44, `"Play vs bots" is ${r[3] - r[1]} px tall at ${label} (a finger needs 44)`);
    assert(!(await page.evaluate(() => window.catan.state().session.active)), 'a game runs before the click');
    await tapOrClickUi(page, 'start', !!device.hasTouch);
    const st = await waitFor(page, () => {
      const s = window.catan.state();
      return s.session.active && s;
    }, null, { timeout: 20000 });
    const seats = st.session.config.seats;
    assert(seats.length === 4 && seats[0].kind === 'human' &&
      seats.slice(1).every((s) => s.kind === 'ai' && s.level === 'normal'),
    `one click did not start you against 3 Normal bots at ${label}: ` + JSON.stringify(seats));
    await frames(page, 10);
    await shot(page, `one-click-game-${label}.png`);
    // The one menu, as a finger or the mouse opens it.
    await tapOrClickUi(page, 'menu', !!device.hasTouch);
    const row = await uiRectOf(page, 'menu_sound', 5000);
    assert(row[2] <= w, `the menu leaves the screen at ${label}: ${row}`);
    await shot(page, `one-menu-${label}.png`);
    await closeClean(context, page);
  }
});

// A fresh page on `device` with the New game form open (by a tap on touch screens).
async function openCustomForm(device) {
  const { context, page } = await newDevicePage(device);
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 5);
  await tapOrClickUi(page, 'custom_game', !!device.hasTouch);
  await frames(page, 5);
  return { context, page };
}

await test('custom-form-fits-a-phone', async () => {
  const { context, page } = await openCustomForm(PHONE_390);
  await shot(page, 'custom-form-390x844-top.png');
  // Every control of the form, read from the app's own layout while the form scrolls down
  // (a wheel over it; a drag scrolls it by touch).
  const ids = ['players_2', 'players_3', 'players_4', 'seat_kind_0', 'seat_name_0', 'mode', 'board',
    'visibility', 'dice', 'timer', 'form_ai_speed', 'seed', 'random_seed', 'custom_back', 'start'];
  for (let i = 1; i < 4; ++i) ids.push(`seat_kind_${i}`, `seat_level_${i}`, `seat_personality_${i}`);
  const seen = {};
  for (let step = 0; step < 30 && ids.some((id) => !seen[id]); ++step) {
    const rects = await page.evaluate(() => window.catan.view().uiRects);
    for (const id of ids) if (rects[id] && !seen[id]) seen[id] = rects[id];
    await page.mouse.move(195, 420);
    await page.mouse.wheel(0, 120);
    await frames(page, 4);
  }
  await shot(page, 'custom-form-390x844-bottom.png');
  const missing = ids.filter((id) => !seen[id]);
  assert(!missing.length, 'never on screen: ' + missing.join(', '));
  const bad = [];
  for (const id of ids) {
    const [x0, y0, x1, y1] = seen[id];
    if (x0 < 0 || x1 > 390) bad.push(`${id} leaves the screen (${x0}..${x1})`);
    if (!id.startsWith('players_') && y1 - y0 < 44) bad.push(`${id} is ${y1 - y0} px tall`);
  }
  // Wide enough for their longest choice ("Human (hot-seat)", "Opportunist", "Blitz (7 VP, 1
  // of each)"): today's cut dropdowns read "Yo", "Al", "N".
  for (const [id, min] of [['seat_kind_1', 150], ['seat_level_1', 100], ['seat_personality_1', 130], ['mode', 220], ['dice', 220]]) {
    if (seen[id][2] - seen[id][0] < min) bad.push(`${id} is ${seen[id][2] - seen[id][0]} px wide (< ${min})`);
  }
  assert(!bad.length, bad.join('; '));
  // The form's Start button starts the game it shows.
  await tapOrClickUi(page, 'start', true);
  await waitFor(page, () => window.catan.state().session.active, null, { timeout: 20000 });
  await closeClean(context, page);
});

// The form says what each chosen level does: Master picked from a seat's level list, by a tap
// on a phone and a click on a desktop, adds its line under the seats.
await test('custom-form-says-what-each-level-is', async () => {
  for (const [label, device] of [['390x844', PHONE_390], ['1280x720', DESKTOP_1280]]) {
    const touch = !!device.hasTouch;
    const { context, page } = await openCustomForm(device);
    let ws = await widgets(page);
    assert(ws.level_words_2 && !ws.level_words_5, 'the default seats (Normal) are not the only level said: ' +
      Object.keys(ws).filter((k) => k.startsWith('level_words')));
    await tapOrClickUi(page, 'seat_level_1', touch);
    await frames(page, 5);
    // The list opens under the combo; Master is its sixth row.
    const row = (await widgets(page)).seat_level_1_item_5;
    assert(row && row.y1 - row.y0 >= (touch ? 44 : 10), `no Master row a finger can hit at ${label}: ` + JSON.stringify(row));
    const box = await page.locator('#canvas').boundingBox();
    const x = box.x + (row.x0 + row.x1) / 2;
    const y = box.y + (row.y0 + row.y1) / 2;
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    await frames(page, 8);
    ws = await widgets(page);
    const m = ws.level_words_5;
    assert(m && ws.level_words_2, `Master picked at ${label}: the lines said are ` +
      Object.keys(ws).filter((k) => k.startsWith('level_words')));
    assert(m.x0 >= 0 && m.x1 <= device.viewport.width, `the Master line leaves the screen at ${label}`);
    await shot(page, `custom-form-levels-${label}.png`);
    await closeClean(context, page);
  }
});

await test('one-menu-with-sound-and-share', async () => {
  const { context, page } = await newDevicePage(DESKTOP_1280);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.goto(base + 'index.html');
  await waitReady(page);
  // No second menu in the page itself: the app's menu is the only one.
  const html = await page.evaluate(() => ({
    menus: document.querySelectorAll('#menu, #menu-button, #menu-mute, #menu-share').length,
    buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => b.textContent),
  }));
  assert(html.menus === 0 && html.buttons.length === 0, 'the page has its own menu: ' + JSON.stringify(html));
  await clickUi(page, 'start');
  await waitFor(page, () => window.catan.state().session.active, null, { timeout: 20000 });
  await frames(page, 5);
  await clickUi(page, 'menu');
  for (const id of ['menu_settings', 'menu_sound', 'menu_help', 'menu_share', 'menu_replay', 'menu_new_game']) {
    await uiRectOf(page, id, 5000);
  }
  await shot(page, 'one-menu-1280x720.png');
  // Sound off in the menu: the app's saved settings say so.
  const sound = () => page.evaluate(() => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound);
  await clickUi(page, 'menu_sound');
  await waitFor(page, () => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound === false, null,
    { timeout: 5000 });
  // Muted by the page (catan.setMuted, as a link's muted=true does), the menu's Sound turns it
  // back on, page setting included.
  await page.evaluate(() => window.catan.setMuted(true));
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_sound');
  await waitFor(page, () => JSON.parse(localStorage.getItem('catan.app.settings') || '{}').sound === true, null,
    { timeout: 5000 });
  assert(await sound() === true, 'the menu did not switch the sound back on');
  assert(!(await page.evaluate(() => window.catan.muted)), 'the page stayed muted after the menu switched the sound on');
  // Share: the board link on the clipboard; the replay link only after the game.
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_share');
  const link = await waitFor(page, () => navigator.clipboard.readText().then((t) => t.includes('seed=') && t), null,
    { timeout: 5000 });
  const seed = await page.evaluate(() => window.catan.state().session.config.seed);
  assert(link.includes(`seed=${seed}`), 'the copied board link is not this island: ' + link);
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_replay');
  await waitFor(page, () => /available when the game has ended/.test(document.getElementById('notice').textContent), null,
    { timeout: 5000 }).catch(async () => {
    throw new Error('no notice for the replay link: ' + await noticeText(page));
  });
  // New game from the same menu.
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_new_game');
  await uiRectOf(page, 'custom_game');
  await closeClean(context, page);
});

await test('viewport-allows-zoom', async () => {
  const { context, page } = await newDevicePage(PHONE_390);
  await page.goto(base + 'index.html');
  const meta = await page.evaluate(() => document.querySelector('meta[name=viewport]').content);
  assert(!/user-scalable\s*=\s*(no|0)/i.test(meta) && !/maximum-scale\s*=\s*1(\.0*)?\b/.test(meta),
    'the page blocks the browser zoom: ' + meta);
  // Gestures on the board still go to the game, not to the page.
  const touch = await page.evaluate(() => getComputedStyle(document.getElementById('canvas')).touchAction);
  assert(touch === 'none', 'the canvas lets the browser take its gestures: touch-action ' + touch);
  await context.close();
});

await test('service-worker-update-between-games', async () => {
  const releaseB = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-release-b-'));
  fs.cpSync(path.join(root, 'web'), releaseB, { recursive: true });
  for (const f of ['app.js', 'app.wasm']) fs.copyFileSync(path.join(site, f), path.join(releaseB, f));
  fs.appendFileSync(path.join(releaseB, 'style.css'), '\n/* release B */\n');
  execFileSync(process.execPath, [path.join(root, 'web/tools/make-site.mjs'), releaseB], { stdio: 'ignore' });
  const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')).version;
  const vA = versionOf(site);
  const vB = versionOf(releaseB);
  assert(vA !== vB, 'release B has the version of A');
  let gameA = site;
  const sw = await serve((p) => {
    if (p.startsWith('/gameA/')) return { dir: gameA, path: p.slice(6) };
    if (p.startsWith('/gameB/')) return { dir: site, path: p.slice(6) };
    return null;
  });
  const origin = `http://127.0.0.1:${sw.address().port}`;
  const { context, page } = await newPage({ serviceWorkers: 'allow' });
  // What a page runs: its catan.js, the version.json it is served, its worker's release.
  const running = (p) => p.evaluate(async () => {
    const ask = (w) => new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = (e) => resolve(e.data);
      w.postMessage({ type: 'version' }, [ch.port2]);
      setTimeout(() => resolve(null), 3000);
    });
    const c = navigator.serviceWorker.controller;
    return { page: window.catan.version, json: (await (await fetch('version.json')).json()).version,
      worker: c ? (await ask(c)).version : null };
  });
  const cacheNames = () => page.evaluate(() => caches.keys());
  try {
    // The other deployment, then this one's first visit: each file is downloaded once.
    await page.goto(origin + '/gameB/index.html');
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    sw.log.length = 0;
    await page.goto(origin + '/gameA/index.html');
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const downloads = (name) => sw.log.filter((e) => e.path === '/gameA/' + name && e.status === 200).length;
    for (const f of ['app.wasm', 'app.js', 'index.html', 'catan.js']) {
      assert(downloads(f) === 1, `first visit: ${f} downloaded ${downloads(f)} times`);
    }
    let names = await cacheNames();
    assert(names.includes(`catan|/gameA/|${vA}`) && names.includes(`catan|/gameB/|${vA}`),
      'caches after the first visits: ' + names.join(', '));

    // Controlled by A, a game running; then B is deployed and found.
    await page.reload();
    await waitReady(page);
    let now = await running(page);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'release A runs as ' + JSON.stringify(now));
    const r = await page.evaluate(() => window.catan.newGame({ seed: 5, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
    assert(r.ok, r.error);
    await frames(page, 10);
    gameA = releaseB;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg.update()));
    await waitFor(page, () => !document.getElementById('update').hidden, null, { timeout: 30000 });
    await shot(page, 'update-ready.png');
    now = await running(page);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'the update took over a running game: ' + JSON.stringify(now));
    assert(await page.evaluate(() => window.catan.state(-1).session.active), 'the game stopped');

    // A second page opened meanwhile still gets A, every file from A's cache.
    sw.log.length = 0;
    const p2 = instrument(await context.newPage());
    await p2.goto(origin + '/gameA/embed.html?seed=3&seats=ai:easy,ai:easy&autoplay=1');
    await waitReady(p2);
    now = await running(p2);
    assert(now.page === vA && now.json === vA && now.worker === vA, 'a page opened during the update runs ' + JSON.stringify(now));
    // (The browser checks sw.js itself for updates and may fetch icons outside the worker.)
    const fetched = sw.log.filter((e) => !/(sw\.js|\.png|\.svg|\.webmanifest)$/.test(e.path)).map((e) => e.path + e.search);
    assert(fetched.length === 0, 'files fetched from the server instead of release A\'s cache: ' + fetched.join(', '));
    await p2.close();

    // The player applies the update: the page reloads into B and resumes the game.
    await Promise.all([page.waitForNavigation({ timeout: 30000 }), page.click('#update-apply')]);
    await waitReady(page);
    now = await running(page);
    assert(now.page === vB && now.json === vB && now.worker === vB, 'after the update the page runs ' + JSON.stringify(now));
    assert(await page.evaluate(() => window.catan.state(-1).session.active), 'the game was not resumed after the update');
    names = await cacheNames();
    assert(names.includes(`catan|/gameA/|${vB}`) && !names.includes(`catan|/gameA/|${vA}`),
      'this deployment\'s caches after the update: ' + names.join(', '));
    assert(names.includes(`catan|/gameB/|${vA}`), 'the other deployment\'s cache was deleted: ' + names.join(', '));

    // A page loading alone while a release waits asks for it: it reloads into it if the
    // browser switches before the app starts; otherwise it runs the release it loaded and
    // offers the update (or says it runs next time). The browser decides when the old worker
    // is done, so either may happen; in both cases the page runs one release.
    gameA = site;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg.update()));
    await waitFor(page, () => !document.getElementById('update').hidden, null, { timeout: 30000 });
    await page.reload();
    await waitFor(page, () => window.catan && window.catan.loaded, null, { timeout: 60000 });
    await sleep(500);
    const loaded = await page.evaluate(() => window.catan.version);
    measure(`fresh load with a release waiting: ${loaded === vA ? 'switched to it before the app started' : 'kept the loaded release'}`);
    if (loaded === vA) {
      now = await running(page);
      assert(now.json === vA && now.worker === vA, 'after switching on load the page runs ' + JSON.stringify(now));
    } else {
      assert(loaded === vB, 'the page runs ' + loaded);
      const offered = await page.evaluate(() => !document.getElementById('update').hidden);
      await Promise.all([page.waitForNavigation({ timeout: 30000 }),
        offered ? page.click('#update-apply') : page.reload()]);
      await waitReady(page);
      now = await running(page);
      assert(now.page === vA && now.json === vA && now.worker === vA, 'after the second update the page runs ' + JSON.stringify(now));
    }
    assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
  } finally {
    await context.close();
    sw.close();
    fs.rmSync(releaseB, { recursive: true, force: true });
  }
});
