#!/usr/bin/env node
// Browser tests of the web build: playwright-core drives Debian's /usr/bin/chromium (never a
// downloaded browser) against the static site, served by the harness on free localhost ports.
//
//   node tests/browser/run.mjs <site-dir> [--only name,name] [--skip name,name] [--headed]
//   node tests/browser/run.mjs [<site-dir>] --features transport     (feature files, by name)
//
// The site dir is what scripts/play assembles (web/* + app.js + app.wasm). If it has not been
// finished by web/tools/make-site.mjs (version + service worker list), a finished copy is made
// in a temporary folder first. Screenshots go to build/browser-artifacts/. The last line is
// "N passed, N failed"; measurements are printed as "measure: ..." lines before it.
//
// The harness and shared helpers are lib.mjs and ui.mjs; the tests are tests/browser/features/,
// one file per feature, run in the order below (a test is named by its test() call). Features in
// SITELESS serve their own pages and run without a site dir when they are all that is asked for.
import { artifacts, startHarness, stopHarness } from './lib.mjs';

const FEATURES = [
  'page', 'board-and-ai', 'security', 'layouts', 'first-screen', 'review', 'coach',
  'links-and-saves', 'touch-layout', 'table', 'boundary', 'coach-speed', 'transport', 'rooms',
  'rooms-codes', 'rooms-resume', 'rooms-faults', 'rooms-chat',
];
const SITELESS = new Set(['transport']);

const args = process.argv.slice(2);
let siteArg = null;
let only = null;
let skip = new Set();
let headed = false;
let features = FEATURES;
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--only') only = new Set(args[++i].split(','));
  else if (args[i] === '--skip') skip = new Set(args[++i].split(','));
  else if (args[i] === '--headed') headed = true;
  else if (args[i] === '--features') features = args[++i].split(',');
  else siteArg = args[i];
}
const unknown = features.filter((f) => !FEATURES.includes(f));
if (unknown.length) {
  console.error(`unknown feature(s): ${unknown.join(', ')} (known: ${FEATURES.join(', ')})`);
  console.log('0 passed, 1 failed');
  process.exit(2);
}
if (!siteArg && !features.every((f) => SITELESS.has(f))) {
  console.error('usage: node tests/browser/run.mjs <site-dir> [--only a,b] [--skip a,b] [--features a,b]');
  console.log('0 passed, 1 failed');
  process.exit(2);
}

await startHarness({ siteArg, only, skip, headed });
for (const f of features) await import(`./features/${f}.mjs`);
const { passed, failed } = await stopHarness();
console.log(`screenshots: ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
