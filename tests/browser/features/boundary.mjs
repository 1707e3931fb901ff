// Boundary: strings, nesting, configs, fog links.
import { assert, base, base2, closeClean, frames, newPage, noticeText, shot, test, waitFor, waitReady } from '../lib.mjs';
import { DESKTOP_1280, PHONE_390, newDevicePage, playHumanUntil, tapOrClickUi } from '../ui.mjs';

// Text crosses into the wasm module as heap copies: a save of millions of characters (a
// 250,000-action history) is refused by the bridge with its own message, and the module keeps
// running (ccall copied it onto the 5 MiB stack, which overflowed and broke every later call).
function hugeSave(actions) {
  const history = new Array(actions).fill('"end_turn"').join(',');
  return '{"format":"catan-web-save","version":1,"config":{"seed":"5","playSeed":"5","seats":[]},' +
    `"game":{"history":[${history}]}}`;
}

await test('bound-oversized-strings-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,human&seed=7&playseed=7');
  await waitReady(page);
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state().session.actions);
  const big = hugeSave(250000);
  assert(big.length > 2500000, 'the save is not oversized: ' + big.length);
  const r = await page.evaluate((t) => window.catan.load(t), big);
  assert(r && r.ok === false && /saved game/.test(r.error) && !/failed \(/.test(r.error),
    'a 250,000-action save: ' + JSON.stringify(r).slice(0, 300));
  // Beyond the bridge's 16 MiB, the page refuses it before the call.
  const r2 = await page.evaluate(() => window.catan.load('{"format":"catan-web-save","version":1,"config":{},"game":{"pad":"' +
    'x'.repeat(17 * 1024 * 1024) + '"}}'));
  assert(r2.ok === false && /too large/.test(r2.error), 'a 17 MiB save: ' + JSON.stringify(r2).slice(0, 300));
  // A replay code and a config of millions of characters are refused too.
  const r3 = await page.evaluate(() => window.catan.loadGameCode('A'.repeat(3000000)));
  assert(r3.ok === false && /too long/.test(r3.error), 'a 3 M-character game code: ' + JSON.stringify(r3).slice(0, 300));
  // The module still answers: the same game, and it still takes actions.
  const st = await page.evaluate(() => window.catan.state());
  assert(st.ok && st.session.active && st.session.actions === before, 'the game changed or the module broke: ' +
    JSON.stringify(st).slice(0, 300));
  const legal = await page.evaluate(() => window.catan.legal());
  assert(legal.length > 0, 'no legal actions after the oversized inputs');
  const act = await page.evaluate((a) => window.catan.act(a), legal[0]);
  assert(act.ok, 'act after the oversized inputs: ' + JSON.stringify(act));
  const ng = await page.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy', 'ai:easy'] }));
  assert(ng.ok, 'newGame after the oversized inputs: ' + JSON.stringify(ng));
  await closeClean(context, page);
});

// An oversized save in localStorage at start-up: refused, set aside like a damaged save, and
// `ready` says so; the page goes on and starts games.
await test('bound-oversized-save-at-start-up', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'version.json');
  const big = hugeSave(250000);
  await page.evaluate((t) => localStorage.setItem('catan.save', t), big);
  await page.goto(base + 'index.html');
  await waitReady(page);
  await frames(page, 3);
  const ready = await page.evaluate(() => window.catan.ready);
  assert(ready.ok === true && ready.savedGame && ready.savedGame.ok === false &&
    /saved game/.test(ready.savedGame.error) && ready.savedGame.keptAs === 'catan.save.rejected',
  'ready does not report the refused save: ' + JSON.stringify(ready).slice(0, 300));
  const msg = await noticeText(page);
  assert(/damaged/.test(msg) && /set aside/.test(msg), 'notice: ' + msg);
  const kept = await page.evaluate(() => localStorage.getItem('catan.save.rejected'));
  assert(kept === big, 'the refused save was not kept aside');
  await shot(page, 'bound-oversized-save-notice-1280x720.png');
  const ng = await page.evaluate(() => window.catan.newGame({ seed: 3, seats: ['human', 'ai:easy', 'ai:easy'] }));
  assert(ng.ok, 'newGame after the oversized save: ' + JSON.stringify(ng));
  const st = await page.evaluate(() => window.catan.state());
  assert(st.ok && st.session.active, 'no game after the oversized save');
  await closeClean(context, page);
});

// A NUL character is refused (C read it as the end of the text), and so is a config that is
// not a plain object (a Map or a Date has no own keys and started a default game).
await test('bound-nul-and-non-plain-configs-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html?seats=human,human,human&seed=7&playseed=7');
  await waitReady(page);
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state());
  const legal = await page.evaluate(() => window.catan.legal());
  const r = await page.evaluate((a) => window.catan.act(a + '\u0000garbage'), legal[0]);
  assert(r.ok === false && /NUL/.test(r.error), 'an action with a NUL: ' + JSON.stringify(r));
  const code = await page.evaluate(() => window.catan.loadGameCode('AQ\u0000x'));
  assert(code.ok === false && /NUL/.test(code.error), 'a game code with a NUL: ' + JSON.stringify(code));
  for (const kind of ['Map', 'Date']) {
    const ng = await page.evaluate((k) => window.catan.newGame(k === 'Map' ? new Map([['seed', '5']]) : new Date()), kind);
    assert(ng.ok === false && /plain object/.test(ng.error) && ng.error.includes(kind), `newGame(${kind}): ${JSON.stringify(ng)}`);
  }
  const after = await page.evaluate(() => window.catan.state());
  assert(after.session.actions === before.session.actions && after.session.config.seed === before.session.config.seed,
    'a refused input changed the game');
  await closeClean(context, page);
  // The newGame command with a Map or a Date (structured clones keep them) is refused too.
  const { context: c2, page: p2 } = await newPage();
  const src = `${base}embed.html?autoplay=1&seats=ai:easy,ai:easy,ai:easy&speed=4&seed=8`;
  await p2.goto(`${base2}demo.html?src=${encodeURIComponent(src)}`);
  await waitFor(p2, () => window.demoEvents.some((m) => m.type === 'gameStarted'), null, { timeout: 90000 });
  const frame = p2.frames().find((f) => f !== p2.mainFrame() && f.url().includes('embed.html'));
  const seed = await frame.evaluate(() => window.catan.state().session.config.seed);
  await p2.evaluate(() => {
    window.demoSend({ type: 'newGame', config: new Map([['seed', '5']]) });
    window.demoSend({ type: 'newGame', config: new Date() });
  });
  const errs = await waitFor(p2, () => {
    const e = window.demoEvents.filter((m) => m.type === 'error' && m.command === 'newGame');
    return e.length >= 2 && e;
  }, null, { timeout: 5000 }).catch(() => null);
  assert(errs && errs.every((e) => /plain object/.test(e.errors.join(' '))), 'no error events: ' + JSON.stringify(errs));
  const seedAfter = await frame.evaluate(() => window.catan.state().session.config.seed);
  assert(seedAfter === seed, `a Map or a Date started a new game (seed ${seed} -> ${seedAfter})`);
  await closeClean(c2, p2);
});

// Under mist and terra incognita the board seed lays out the hidden island: no board link
// during the setup (a clear notice instead of "seed=undefined"); after it, the real seed.
for (const [visibility, device, touch] of [['mist', null, false], ['terra_incognita', 'phone', true]]) {
  await test(`bound-board-link-under-${visibility}`, async () => {
    const { context, page } = device === 'phone' ? await newDevicePage(PHONE_390) : await newDevicePage(DESKTOP_1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(base + `index.html?seats=human,ai:easy,ai:easy,ai:easy&seed=4321&playseed=9&visibility=${visibility}`);
    await waitReady(page);
    await frames(page, 5);
    const during = await page.evaluate(() => window.catan.shareLink());
    assert(during === null, 'a board link during the fogged setup: ' + during);
    await page.evaluate(() => navigator.clipboard.writeText('empty'));
    // The menu's "Copy board link" (a tap that lands while the app is busy is tried again).
    const fogNotice = () => /available once the setup is over/.test(document.getElementById('notice').textContent);
    let shown = false;
    for (let k = 0; k < 3 && !shown; ++k) {
      const open = await page.evaluate(() => !!(window.catan.view().uiRects || {}).menu_share);
      if (!open) await tapOrClickUi(page, 'menu', touch);
      await tapOrClickUi(page, 'menu_share', touch);
      shown = await waitFor(page, fogNotice, null, { timeout: 8000 }).catch(() => false);
    }
    assert(shown, 'no notice for the fogged board link: ' + await noticeText(page));
    await shot(page, `bound-board-link-${visibility}-${touch ? '390x844' : '1280x720'}.png`);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assert(clip === 'empty', 'something was copied during the fogged setup: ' + clip);
    // Once the setup is over the island is revealed, and the link carries its seed.
    await playHumanUntil(page, (l, st) => !/^setup/.test(st.state.phase) && st.session.config.seed);
    const after = await page.evaluate(() => window.catan.shareLink());
    assert(after && after.includes('seed=4321') && !/undefined/.test(after), 'the board link after the setup: ' + after);
    await closeClean(context, page);
  });
}
