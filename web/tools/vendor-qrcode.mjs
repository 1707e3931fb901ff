#!/usr/bin/env node
// Copies qrcode-generator (the npm package pinned in tests/browser/package.json, MIT, Kazuhiko
// Arase; the licence is the file's own header) into web/vendor/qrcode/ as the ES module a static
// host serves: the invitation link's QR code is computed on the host's page (web/net/room.js).
// The copy is committed, so the site needs no npm; the browser test
// "rooms-vendored-qrcode-matches-npm" checks it is exactly what this tool makes.
//
//   node web/tools/vendor-qrcode.mjs [node_modules-dir] [out-dir]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGE = 'qrcode-generator';

// The vendored files as {relative path: text}.
export function vendorQrFiles(nodeModules) {
  const read = (p) => fs.readFileSync(path.join(nodeModules, PACKAGE, p), 'utf8');
  const version = JSON.parse(read('package.json')).version;
  return {
    'qrcode.mjs': read('dist/qrcode.mjs').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n'),
    VERSION: `${PACKAGE} ${version}\n`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const nodeModules = path.resolve(process.argv[2] || path.join(root, 'tests/browser/node_modules'));
  const outDir = path.resolve(process.argv[3] || path.join(root, 'web/vendor/qrcode'));
  if (!fs.existsSync(path.join(nodeModules, PACKAGE))) {
    console.error(`${nodeModules}/${PACKAGE} is missing (scripts/setup installs tests/browser's packages)`);
    process.exit(1);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const [rel, text] of Object.entries(vendorQrFiles(nodeModules))) fs.writeFileSync(path.join(outDir, rel), text);
  console.log(`wrote ${outDir}`);
}
