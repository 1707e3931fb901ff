// Layouts at five screen sizes; CSP on every page; links, saves and parameters that must be refused.
import { assert, base, base2, closeClean, cspViolations, frames, instrument, measure, newContext, newPage, noticeText, readySettles, shot, sleep, test, waitFor, waitReady } from '../lib.mjs';
import { b64url, clickUi, codeHeader, kScreens, layoutProblems, press, pressUi, varint, widgets } from '../ui.mjs';

// Puts a piece on the board by tapping its spot; on a touch screen the tap selects the spot
// and a second tap on the confirm button (or the spot) places it.
async function placeByTap(page, screen, where, n) {
  const applied = () => page.evaluate((k) => window.catan.state().session.actions > k, n);
  await press(page, screen, where);
  if (await applied()) return;
  const ws = await widgets(page);
  const confirm = Object.keys(ws).find((id) => /^(place|board)_confirm/.test(id));
  if (confirm) await pressUi(page, screen, confirm);
  else await press(page, screen, where);
  await frames(page, 4);
}

for (const screen of kScreens) {
  await test(`layout-${screen.name}-${screen.w}x${screen.h}`, async () => {
    const context = await newContext({
      viewport: { width: screen.w, height: screen.h }, deviceScaleFactor: screen.dpr,
      hasTouch: screen.touch, isMobile: screen.touch && screen.w < 900, serviceWorkers: 'block',
    });
    const page = instrument(await context.newPage());
    try {
      await page.goto(base + 'index.html?seats=human,ai:easy,ai:easy,ai:easy&speed=20&seed=11&playseed=11');
      await waitReady(page);
      const problems = [];
      const check = async (label, needWhole) => {
        await frames(page, 3);
        for (const p of layoutProblems(await widgets(page), screen, needWhole)) problems.push(`${label}: ${p}`);
      };
      const actions = ['roll', 'tool_road', 'tool_settlement', 'tool_city', 'buy_dev', 'trade', 'end_turn'];
      const tabs = screen.w < 600 || screen.h < 500 ? ['tab_players', 'tab_log', 'tab_trade'] : [];
      const chrome = ['menu', 'help', 'zoom_in', 'zoom_out', 'zoom_fit', ...tabs];
      let byApi = 0, rolled = false, turnDone = false, shotSetup = false, lastPhase = '';
      const t0 = Date.now();
      while (!turnDone) {
        assert(Date.now() - t0 < 240000, `the turn never came to an end (last phase ${lastPhase}; ${problems.join(' | ')})`);
        const st = await page.evaluate(() => window.catan.state());
        if (!st.session.humanToAct) { await sleep(60); continue; }
        const legal = await page.evaluate(() => window.catan.legal());
        const view = await page.evaluate(() => window.catan.view());
        const phase = st.state.phase;
        lastPhase = phase;
        const n = st.session.actions;
        if (phase === 'setup_settlement') {
          if (!shotSetup) {
            await check('setup', [...actions, ...chrome]);
            await shot(page, `layout-${screen.name}-setup.png`);
            shotSetup = true;
          }
          const spots = legal.filter((a) => a.startsWith('build_settlement:')).map((a) => Number(a.split(':')[1]));
          await placeByTap(page, screen, view.vertices[spots[Math.floor(spots.length / 3)]], n);
        } else if (phase === 'setup_road') {
          const e = Number(legal.find((a) => a.startsWith('build_road:')).split(':')[1]);
          await placeByTap(page, screen, view.edges[e], n);
        } else if (legal.includes('roll')) {
          await check('before the roll', [...actions, ...chrome]);
          await pressUi(page, screen, 'roll');
          rolled = true;
        } else if (phase === 'main' && rolled) {
          await check('main', [...actions, ...chrome]);
          await shot(page, `layout-${screen.name}-turn.png`);
          // The trade panel: its buttons in view without scrolling.
          await pressUi(page, screen, 'trade');
          await frames(page, 4);
          // A phone shows the builder and the bank one at a time; on a phone held sideways the
          // builder scrolls (a wheel here, a drag on a phone).
          const split = (await widgets(page)).trade_with_bank;
          const scroll = async (dy) => {
            const box = await page.locator('#canvas').boundingBox();
            await page.mouse.move(box.x + screen.w * 0.3, box.y + screen.h * 0.5);
            await page.mouse.wheel(0, dy);
            await frames(page, 6);
          };
          let scrolled = 0;
          while (screen.h < 500 && !(await widgets(page)).trade_offer?.whole && scrolled < 12) {
            await scroll(200);
            scrolled++;
          }
          await check('trade open', ['trade_offer', ...(split ? [] : ['bank_get_4']), ...actions.filter(() => !tabs.length)]);
          await shot(page, `layout-${screen.name}-trade.png`);
          for (let k = 0; k < scrolled; ++k) await scroll(-200);
          if (split) {
            await pressUi(page, screen, 'trade_with_bank');
            await check('bank trade', ['bank_get_4']);
            await shot(page, `layout-${screen.name}-bank.png`);
          }
          await pressUi(page, screen, tabs.length ? 'tab_trade' : 'trade');  // closes it
          await pressUi(page, screen, 'end_turn');
          turnDone = true;
        } else if (phase === 'move_robber') {
          const h = Number(legal.find((a) => a.startsWith('move_robber:')).split(':')[1]);
          await placeByTap(page, screen, view.hexes[h], n);
        } else {
          // A discard or a steal after a 7: not what this test is about.
          const r = await page.evaluate((a) => window.catan.act(a), legal[0]);
          assert(r.ok, r.error);
          byApi++;
        }
        if (await page.evaluate(() => window.catan.state().session.actions) === n && phase !== 'main')
          problems.push(`${phase}: the tap did nothing`);
        if (problems.length > 12) break;
      }
      measure(`${screen.name} ${screen.w}x${screen.h}: setup and a turn played, ${byApi} action(s) by the API (discard/steal)`);
      assert(problems.length === 0, problems.slice(0, 12).join(' | '));
      assert(page.pageErrors.length === 0, 'page errors: ' + page.pageErrors.join(' | '));
    } finally {
      await context.close();
    }
  });
}

await test('csp-on-every-page', async () => {
  const { context, page } = await newPage({ viewport: { width: 1400, height: 800 } });
  // The game loads and plays under the policy, with no violation anywhere.
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 12, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
  assert(r.ok, 'newGame: ' + r.error);
  await frames(page, 20);
  await page.goto(base + 'demo.html');
  await waitFor(page, () => window.demoEvents.some((m) => m.type === 'diceRolled'), null, { timeout: 90000 });
  const seen = await cspViolations(page);
  assert(seen.length === 0, 'CSP violations while playing: ' + seen.join(' | '));
  for (const f of ['index.html', 'embed.html', 'demo.html']) {
    await page.goto(base + f + (f === 'demo.html' ? '?src=version.json' : ''));
    const csp = await page.evaluate(() => [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')]
      .map((m) => m.content));
    assert(csp.length >= 1 && /default-src 'self'/.test(csp[0]), `${f}: no CSP with default-src 'self': ${csp}`);
    assert(!csp.some((c) => /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/.test(c)), `${f}: the CSP allows inline script: ${csp}`);
    // Enforced: an inline script and an inline style block added to the page do nothing.
    const inline = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.appendChild(s);
      const st = document.createElement('style');
      st.textContent = 'body { visibility: hidden }';
      document.head.appendChild(st);
      await new Promise((r) => setTimeout(r, 50));
      return { script: window.__inline === 1, style: getComputedStyle(document.body).visibility === 'hidden' };
    });
    assert(!inline.script && !inline.style, `${f}: inline code ran despite the CSP: ${JSON.stringify(inline)}`);
  }
  await context.close();
});

await test('demo-refuses-unsafe-src', async () => {
  const { context, page } = await newPage();
  for (const [src, why] of [
    ['javascript:window.parent.pwned=1//', /only http: and https:/],
    ['javascript:parent.pwned=1', /only http: and https:/],
    ['data:text/html,<script>parent.pwned=1</script>', /only http: and https:/],
    [`${base2}embed.html`, /ALLOWED_ORIGINS/],
  ]) {
    await page.goto(`${base}demo.html?src=${encodeURIComponent(src)}`);
    await sleep(400);
    const r = await page.evaluate(() => {
      const box = document.getElementById('refused');
      return { pwned: window.pwned, refused: box && !box.hidden ? box.textContent : '',
        frameSrc: document.getElementById('game').getAttribute('src') };
    });
    assert(r.pwned === undefined, `src=${src} ran script in the demo page`);
    assert(why.test(r.refused), `src=${src}: no visible refusal (${JSON.stringify(r.refused)})`);
    assert(!r.frameSrc, `src=${src}: the iframe was pointed at ${r.frameSrc}`);
  }
  await shot(page, 'demo-refused.png');
  // The policy narrows frames to this origin and ALLOWED_ORIGINS even if the check were gone.
  await page.goto(`${base}demo.html?src=version.json`);
  const blocked = await page.evaluate(async (other) => {
    const f = document.createElement('iframe');
    f.src = other + 'version.json';
    document.body.appendChild(f);
    await new Promise((r) => setTimeout(r, 800));
    return window.__csp.filter((v) => /^frame-src/.test(v)).length > 0;
  }, base2);
  assert(blocked, 'a frame of another origin was not blocked by the demo page\'s CSP');
  await context.close();
});


await test('bad-replay-links-cleared', async () => {
  const { context, page } = await newPage();
  const codes = [
    // One escaped action (54 = every vertex is legal at the start) whose text is not UTF-8.
    ['invalid-utf8', b64url([...codeHeader, ...varint(1), ...varint(54), ...varint(3), 0xff, 0xfe, 0xc3])],
    ['huge-count', b64url([...codeHeader, ...varint(1n << 60n)])],
    ['garbage', '%%not*a*code$$'],
  ];
  for (const [label, code] of codes) {
    await page.goto('about:blank'); // a new document each time (not a hash change)
    await page.goto(base + 'index.html#game=' + code);
    assert(await readySettles(page), `${label}: catan.ready never resolved`);
    assert(await page.evaluate(() => window.catan.loaded), `${label}: the app is not running`);
    await frames(page, 3);
    const msg = await noticeText(page);
    assert(/replay link could not be opened/.test(msg), `${label}: notice "${msg}"`);
    const url = await page.evaluate(() => location.href);
    assert(!url.includes('#'), `${label}: the address still holds the link: ${url.slice(0, 120)}`);
    const r = await page.evaluate(() => window.catan.newGame({ seed: 3, seats: ['human', 'ai:easy'] }));
    assert(r.ok, `${label}: the page is not usable afterwards: ${r.error}`);
    if (label === 'invalid-utf8') await shot(page, 'bad-replay-link.png');
  }
  await closeClean(context, page);
});

await test('prototype-key-parameters', async () => {
  const { context, page } = await newPage({ viewport: { width: 1400, height: 800 } });
  const keys = [['constructor', '1'], ['__proto__', '1'], ['toString', '3'], ['hasOwnProperty', '1']];
  for (const [key, value] of keys) {
    await page.goto(`${base}index.html?${key}=${value}`);
    assert(await readySettles(page), `index.html?${key}: catan.ready never resolved`);
    assert(await page.evaluate(() => window.catan.loaded), `index.html?${key}: the app is not running`);
    const msg = await noticeText(page);
    assert(msg.includes(key), `index.html?${key}: not reported on the page ("${msg}")`);
    assert(page.consoleWarnings.some((w) => w.includes(`"${key}"`)), `index.html?${key}: not reported in the console`);
  }
  // Embedded: each key is reported to the embedder, the known parameters are applied and the
  // game plays.
  const src = `embed.html?${keys.map(([k, v]) => `${k}=${v}`).join('&')}&seed=11&autoplay=1&seats=ai:easy,ai:easy&speed=20`;
  await page.goto(`${base}demo.html?src=${encodeURIComponent(src)}`);
  await waitFor(page, () => window.demoEvents.some((m) => m.type === 'diceRolled'), null, { timeout: 60000 });
  const ev = await page.evaluate(() => window.demoEvents);
  assert(ev.some((m) => m.type === 'ready'), 'embed.html: no ready event');
  for (const [key] of keys) {
    assert(ev.some((m) => m.type === 'error' && m.errors.some((e) => e.includes(`"${key}"`))),
      `embed.html?${key}: no error event naming the key`);
  }
  assert(ev.some((m) => m.type === 'gameStarted' && String(m.seed) === '11'), 'embed.html: seed=11 was not applied');
  await closeClean(context, page);
});

await test('save-without-config-refused', async () => {
  const { context, page } = await newPage();
  await page.goto(base + 'index.html');
  await waitReady(page);
  const r = await page.evaluate(() => window.catan.newGame({ seed: 4242, seats: ['human', 'ai:easy', 'ai:easy'], speed: 20 }));
  assert(r.ok, r.error);
  await frames(page, 10);
  await page.evaluate(() => window.catan.pause());
  await frames(page, 3);
  const before = await page.evaluate(() => window.catan.state(-1));
  for (const text of ['{"format":"catan-web-save","version":1}',
    '{"format":"catan-web-save","version":1,"config":null,"game":{}}',
    '{"format":"catan-web-save","version":1,"config":[],"game":[]}']) {
    const res = await page.evaluate((t) => window.catan.load(t), text);
    assert(res && res.ok === false && /\b(no|missing)\b.*config|config.*\b(missing|absent)\b/.test(res.error),
      `load(${text}) is not refused for its missing config: ${JSON.stringify(res)}`);
  }
  const after = await page.evaluate(() => window.catan.state(-1));
  assert(after.ok !== false && after.session.active, 'the running game is gone');
  assert(after.session.config.seed === before.session.config.seed && after.session.actions === before.session.actions,
    'the running game changed');
  await closeClean(context, page);
});

await test('no-play-seed-during-play', async () => {
  const { context, page } = await newPage();
  const PLAY = 987654321987n;
  const secrets = [PLAY.toString(), PLAY.toString(16), PLAY.toString(16).toUpperCase()];
  const leaks = (label, value) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const hit = secrets.find((x) => text && text.includes(x));
    assert(!hit, `${label} holds the play seed: ...${text.slice(Math.max(0, text.indexOf(hit) - 80), text.indexOf(hit) + 40)}...`);
  };
  await page.goto(base + 'index.html');
  await waitReady(page);
  await page.evaluate(() => {
    window.__events = [];
    window.catan.on((m) => window.__events.push(m));
  });
  const r = await page.evaluate((ps) => window.catan.newGame({ seed: '4242', playseed: ps,
    seats: ['ai:easy', 'ai:easy', 'ai:easy'], autoplay: true, speed: 20 }), PLAY.toString());
  assert(r.ok, 'newGame: ' + r.error);
  leaks('the newGame result', r);
  await waitFor(page, () => window.__events.filter((m) => m.type === 'diceRolled').length >= 3, null,
    { timeout: 90000, polling: 200 });
  const got = await page.evaluate(() => ({
    s0: window.catan.state(0), s: window.catan.state(), spectator: window.catan.state(-1),
    all: window.catan.state('all'), events: window.__events, share: window.catan.shareLink(),
    save: window.catan.save(), replay: window.catan.replayLink(), code: window.catan.gameCode(),
    board: window.catan.board(), legal: window.catan.legal(), url: location.href,
    text: document.body.innerText,
  }));
  for (const k of ['s0', 's', 'spectator', 'all', 'events', 'share', 'board', 'legal', 'url', 'text']) leaks(k, got[k]);
  // state(0) may be refused during play (only the shown seat's view and the spectator's);
  // given or not, it holds no play seed.
  assert(got.s.ok !== false && got.s.state && got.spectator.ok !== false && got.spectator.state,
    'state() / state(-1) failed: ' + JSON.stringify([got.s, got.spectator]).slice(0, 300));
  assert(got.all.ok === false, 'state("all") shows every hand during the game');
  assert(got.save === null && got.replay === null && got.code === null,
    'save / replayLink / gameCode are handed out during the game');
  await clickUi(page, 'menu');
  await clickUi(page, 'menu_replay');
  const menuNote = await noticeText(page);
  assert(/available when the game has ended/.test(menuNote), 'the menu offered a replay link: ' + menuNote);
  const started = got.events.find((m) => m.type === 'gameStarted');
  assert(started && started.seed === '4242', 'gameStarted does not carry the board seed: ' + JSON.stringify(started));
  // A link with a play seed starts that game; the address then drops it, share links never hold it.
  await page.goto(`${base}index.html?seed=4242&playseed=${PLAY}&seats=human,ai:easy`);
  await waitReady(page);
  const after = await page.evaluate(() => ({ url: location.href, share: window.catan.shareLink(), s: window.catan.state() }));
  leaks('the address', after.url);
  leaks('the share link', after.share);
  leaks('state()', after.s);
  assert(after.s.session.config.seed === '4242', 'the linked game did not start');
  await context.close();
});
