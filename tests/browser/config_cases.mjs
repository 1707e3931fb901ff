#!/usr/bin/env node
// web/params.js against the config cases the match layer is tested with
// (tests/engine/config_cases.json, see tests/engine/config_schema_test.cpp): the page must
// accept and refuse the same configs as match/config.cpp. Runs in node (params.js has no DOM;
// it and its config_tables.js are ES modules of the site, imported here as .mjs copies).
// Last line: "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-params-'));
for (const f of ['params', 'config_tables']) {
  const text = fs.readFileSync(path.join(root, `web/${f}.js`), 'utf8');
  fs.writeFileSync(path.join(tmp, `${f}.mjs`), text.replace(/from '\.\/([a-z_]+)\.js'/g, "from './$1.mjs'"));
}
const P = await import(pathToFileURL(path.join(tmp, 'params.mjs')).href);
fs.rmSync(tmp, { recursive: true, force: true });
const cases = JSON.parse(fs.readFileSync(path.join(root, 'tests/engine/config_cases.json'), 'utf8'));

let passed = 0;
let failed = 0;
for (const expected of ['accept', 'refuse']) {
  for (const config of cases[expected]) {
    // JSON.parse keeps "__proto__" as an own key, as a postMessage structured clone does.
    const r = P.parseConfig(config);
    const accepted = r.errors.length === 0;
    if (accepted === (expected === 'accept')) {
      ++passed;
    } else {
      ++failed;
      console.log(`FAIL ${JSON.stringify(config)}: params.js ${accepted ? 'accepts' : 'refuses'} it` +
        (accepted ? '' : ` (${r.errors.join('; ')})`) + `, the match layer ${expected}s it`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
