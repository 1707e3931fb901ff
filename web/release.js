// The release these files belong to: its version and the size and SRI hash of app.js,
// app.wasm, search-worker.js and search-worker.wasm. Written by web/tools/make-site.mjs;
// "dev" when the site was not finished.
export const RELEASE = /*__CATAN_RELEASE__*/ { version: 'dev', files: {} };
