// The page's start-up as the API reports it: whatever the bridge, the URL or a message
// contains, the start-up ends exactly once with a `ready` event (or an `error` event with
// fatal: true when the app cannot run at all), and catan.ready resolves either way.
import { runtime } from './bridge.js';
import { post } from './embedding.js';
import { $, PAGE, showList } from './page.js';
import { RELEASE } from './release.js';

let settled = false;
let readyResolve;
export const readyPromise = new Promise((r) => (readyResolve = r));
export const timing = { navigationToReady: null, navigationToFirstFrame: null, loadBytes: 0 };
// The saved game's fate at start-up, reported with `ready`: {ok: true} resumed, {ok: false,
// error, keptAs} refused and set aside; null when none was tried.
export const startup = { save: null };

// `ready` when the app runs (fatalErrors null), else a fatal `error` event. Later fatal
// errors post `error` again.
export function settle(fatalErrors) {
  if (fatalErrors) post('error', { fatal: true, errors: fatalErrors });
  if (settled) return;
  settled = true;
  const saved = startup.save ? { savedGame: startup.save } : {};
  if (!fatalErrors) post('ready', Object.assign({ page: PAGE, build: RELEASE.version }, saved));
  readyResolve(fatalErrors ? { ok: false, errors: fatalErrors } : Object.assign({ ok: true }, saved));
}

export function showFatal(title, lines) {
  const box = $('fatal');
  box.querySelector('h2').textContent = title;
  showList(box, lines);
  $('loading').hidden = true;
  runtime.ready = false; // the app is gone: no more polling, the API says it is not running
  settle([title].concat(lines));
}
