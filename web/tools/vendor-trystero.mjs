#!/usr/bin/env node
// Copies Trystero (the npm packages pinned in tests/browser/package.json) into web/vendor/trystero/
// as plain ES modules a static host can serve: the core's dist/*.mjs, one file per signalling
// strategy, and their licences. Bare imports become relative paths; source-map comments go (the
// maps are not shipped). The copy is committed, so the site needs no npm; the browser test
// "transport-vendored-copy-matches-npm" checks it is exactly what this tool makes, PATCHES
// included.
//
//   node web/tools/vendor-trystero.mjs [node_modules-dir] [out-dir] [strategy,strategy]
//
// Defaults: tests/browser/node_modules, web/vendor/trystero, mqtt (web/net's default; it brings
// MQTT.js's browser bundle) and torrent (the fallback); docs/MULTIPLAYER.md says why.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHIPPED_STRATEGIES = ['mqtt', 'torrent'];

const rewrite = (text, map) => {
  let out = text.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
  for (const [from, to] of Object.entries(map)) out = out.split(`from "${from}"`).join(`from "${to}"`);
  return out;
};

// Changes to Trystero's code, each an exact text that must be found once (an upgrade that moves it
// fails here rather than shipping unpatched).
export const PATCHES = [
  {
    // Trystero pools 20 offers when a room is joined and gives one older than its offer TTL
    // (57 s) an ICE restart before sending it. In Chromium a restarted offer of a connection that
    // never connected does not connect, so a page that had been in a room for a minute could not
    // reach a peer arriving later (docs/MULTIPLAYER.md, Faults). A stale pooled connection is
    // closed instead and a fresh offer made in its place.
    file: 'core/offer-pool.mjs',
    find: `			this.pooled.delete(peer);
			peers.push(peer);`,
    replace: `			this.pooled.delete(peer);
			if (Date.now() - peer.created > offerTtl) {
				peer.destroy();
				continue;
			}
			peers.push(peer);`,
  },
];

const applyPatches = (files) => {
  for (const { file, find, replace } of PATCHES) {
    const text = files[file];
    const at = text === undefined ? -1 : text.indexOf(find);
    if (at < 0 || text.indexOf(find, at + 1) >= 0) {
      throw new Error(`${file}: the text a patch in web/tools/vendor-trystero.mjs changes is not there exactly once`);
    }
    files[file] = text.slice(0, at) + replace + text.slice(at + find.length);
  }
  return files;
};

// The vendored files as {relative path: text}.
export function vendorFiles(nodeModules, strategies = SHIPPED_STRATEGIES) {
  const files = {};
  const read = (p) => fs.readFileSync(path.join(nodeModules, p), 'utf8');
  const coreDist = '@trystero-p2p/core/dist';
  for (const f of fs.readdirSync(path.join(nodeModules, coreDist)).filter((n) => n.endsWith('.mjs')).sort()) {
    files[`core/${f}`] = rewrite(read(`${coreDist}/${f}`), {});
  }
  files['LICENSE'] = read('@trystero-p2p/core/LICENSE');
  const version = JSON.parse(read('@trystero-p2p/core/package.json')).version;
  files['VERSION'] = `@trystero-p2p/core ${version}\n`;
  for (const s of strategies) {
    const pkg = `@trystero-p2p/${s}`;
    const deps = { '@trystero-p2p/core': './core/index.mjs' };
    if (s === 'mqtt') {
      deps.mqtt = './mqtt/mqtt.esm.js';
      files['mqtt/mqtt.esm.js'] = read('mqtt/dist/mqtt.esm.js');
      files['mqtt/LICENSE.md'] = read('mqtt/LICENSE.md');
    }
    files[`${s}.mjs`] = rewrite(read(`${pkg}/dist/index.mjs`), deps);
    files['VERSION'] += `${pkg} ${JSON.parse(read(`${pkg}/package.json`)).version}\n`;
  }
  files['VERSION'] += `patched: ${PATCHES.map((p) => p.file).join(', ')} (web/tools/vendor-trystero.mjs)\n`;
  return applyPatches(files);
}

export function writeVendor(outDir, files) {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(outDir, rel), text);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const nodeModules = path.resolve(process.argv[2] || path.join(root, 'tests/browser/node_modules'));
  const outDir = path.resolve(process.argv[3] || path.join(root, 'web/vendor/trystero'));
  const strategies = process.argv[4] ? process.argv[4].split(',') : SHIPPED_STRATEGIES;
  if (!fs.existsSync(path.join(nodeModules, '@trystero-p2p/core'))) {
    console.error(`${nodeModules}/@trystero-p2p/core is missing (scripts/setup installs tests/browser's packages)`);
    process.exit(1);
  }
  writeVendor(outDir, vendorFiles(nodeModules, strategies));
  console.log(`wrote ${outDir} (${strategies.join(', ')})`);
}
