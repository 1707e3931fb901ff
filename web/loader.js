// Loading the app: checks WebAssembly and WebGL 2, downloads app.wasm with a real progress
// bar, checks that it and app.js belong to this release, then starts the Emscripten app
// (app.js is a plain script element: the pages' Content-Security-Policy allows no inline
// script).
import { $ } from './page.js';
import { hasOwn } from './params.js';
import { RELEASE } from './release.js';

function webgl2Available() {
  try {
    const c = document.createElement('canvas');
    return !!(window.WebGL2RenderingContext && c.getContext('webgl2'));
  } catch (e) {
    return false;
  }
}

// The app's canvas answers the WebGL queries of its UI's renderer from what the page set.
// Dear ImGui's OpenGL backend saves the scissor box and the blend state before drawing each
// frame (imgui_impl_opengl3.cpp); Chromium answers those getParameter calls by a synchronous
// round trip to its GPU process, which first finishes all the drawing queued before: with
// software rendering (SwiftShader) tens of ms a frame during which the page handles no input
// and no message of an online room. The values come from the calls that set them; a call the
// context may refuse (an unknown value) forgets the value, which the next query asks again.
const BLEND_FACTORS = new Set([0, 1, 0x300, 0x301, 0x302, 0x303, 0x304, 0x305, 0x306, 0x307, 0x308,
  0x8001, 0x8002, 0x8003, 0x8004]);
const BLEND_EQUATIONS = new Set([0x8006, 0x8007, 0x8008, 0x800a, 0x800b]);
const SCISSOR_BOX = 0x0c10;
const BLEND_SRC_RGB = 0x80c9;
const BLEND_DST_RGB = 0x80c8;
const BLEND_SRC_ALPHA = 0x80cb;
const BLEND_DST_ALPHA = 0x80ca;
const BLEND_EQUATION_RGB = 0x8009;
const BLEND_EQUATION_ALPHA = 0x883d;

// WebGL refuses a constant colour factor together with a constant alpha one.
const constantMix = (a, b) => (a === 0x8001 || a === 0x8002) !== (b === 0x8001 || b === 0x8002)
  && [a, b].every((f) => f >= 0x8001 && f <= 0x8004);

function cacheQueriedState(gl) {
  const known = new Map();
  const set = (entries, valid) => {
    for (const [pname, value] of entries) {
      if (valid) known.set(pname, value);
      else known.delete(pname);
    }
  };
  const own = (name, fn) => {
    const orig = gl[name];
    if (typeof orig === 'function') gl[name] = fn(orig.bind(gl));
  };
  own('getParameter', (orig) => (pname) => {
    if (gl.isContextLost()) return orig(pname);
    if (!known.has(pname)) {
      const v = orig(pname);
      if (pname === SCISSOR_BOX || pname === BLEND_SRC_RGB || pname === BLEND_DST_RGB || pname === BLEND_SRC_ALPHA
          || pname === BLEND_DST_ALPHA || pname === BLEND_EQUATION_RGB || pname === BLEND_EQUATION_ALPHA) {
        known.set(pname, v instanceof Int32Array ? Array.from(v) : v);
      }
      return v;
    }
    const v = known.get(pname);
    return Array.isArray(v) ? Int32Array.from(v) : v;
  });
  own('scissor', (orig) => (x, y, w, h) => {
    orig(x, y, w, h);
    set([[SCISSOR_BOX, [x | 0, y | 0, w | 0, h | 0]]], w >= 0 && h >= 0);
  });
  own('blendFunc', (orig) => (src, dst) => {
    orig(src, dst);
    const ok = BLEND_FACTORS.has(src) && BLEND_FACTORS.has(dst) && !constantMix(src, dst);
    set([[BLEND_SRC_RGB, src], [BLEND_SRC_ALPHA, src], [BLEND_DST_RGB, dst], [BLEND_DST_ALPHA, dst]], ok);
  });
  own('blendFuncSeparate', (orig) => (srcRgb, dstRgb, srcAlpha, dstAlpha) => {
    orig(srcRgb, dstRgb, srcAlpha, dstAlpha);
    const ok = [srcRgb, dstRgb, srcAlpha, dstAlpha].every((f) => BLEND_FACTORS.has(f)) && !constantMix(srcRgb, dstRgb);
    set([[BLEND_SRC_RGB, srcRgb], [BLEND_DST_RGB, dstRgb], [BLEND_SRC_ALPHA, srcAlpha], [BLEND_DST_ALPHA, dstAlpha]], ok);
  });
  own('blendEquation', (orig) => (mode) => {
    orig(mode);
    set([[BLEND_EQUATION_RGB, mode], [BLEND_EQUATION_ALPHA, mode]], BLEND_EQUATIONS.has(mode));
  });
  own('blendEquationSeparate', (orig) => (modeRgb, modeAlpha) => {
    orig(modeRgb, modeAlpha);
    const ok = BLEND_EQUATIONS.has(modeRgb) && BLEND_EQUATIONS.has(modeAlpha);
    set([[BLEND_EQUATION_RGB, modeRgb], [BLEND_EQUATION_ALPHA, modeAlpha]], ok);
  });
  gl.canvas.addEventListener('webglcontextlost', () => known.clear());
  return gl;
}

// The canvas's WebGL 2 contexts (the app's, created by Emscripten) with cacheQueriedState.
function cacheCanvasState(canvas) {
  const getContext = canvas.getContext.bind(canvas);
  const done = new WeakSet();
  canvas.getContext = (type, ...rest) => {
    const gl = getContext(type, ...rest);
    if (type === 'webgl2' && gl && !done.has(gl)) {
      done.add(gl);
      cacheQueriedState(gl);
    }
    return gl;
  };
}

// What this browser lacks to run the game (empty when nothing).
export function missingFeatures() {
  const missing = [];
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    missing.push('WebAssembly is not available in this browser (or it is disabled, for example by a security setting).');
  }
  if (!webgl2Available()) {
    missing.push('WebGL 2 is not available: the browser, the graphics driver or a setting (hardware acceleration off) prevents it.');
  }
  return missing;
}

function setProgress(done, total) {
  const bar = $('progress-bar');
  const label = $('progress-label');
  if (total > 0) {
    const pct = Math.min(100, Math.round((done / total) * 100));
    bar.style.width = pct + '%';
    label.textContent = `Loading ${pct}% (${(done / 1048576).toFixed(1)} of ${(total / 1048576).toFixed(1)} MB)`;
  } else {
    label.textContent = `Loading ${(done / 1048576).toFixed(1)} MB`;
  }
}

async function fetchWithProgress(url, expected, onBytes) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const encoded = res.headers.get('content-encoding');
  const len = Number(res.headers.get('content-length')) || 0;
  // Content-Length counts compressed bytes when the server gzips; the stream yields
  // uncompressed bytes, so the expected (uncompressed) size of the release is preferred.
  const total = expected || (encoded ? 0 : len);
  if (!res.body || !res.body.getReader) {
    const buf = await res.arrayBuffer();
    onBytes(buf.byteLength, total);
    return new Uint8Array(buf);
  }
  const reader = res.body.getReader();
  const chunks = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    got += value.byteLength;
    onBytes(value.byteLength, total);
  }
  const out = new Uint8Array(got);
  let off = 0;
  for (const c of chunks) { out.set(c, off); off += c.byteLength; }
  return out;
}

const fileInfo = (name) => (hasOwn(RELEASE.files, name) ? RELEASE.files[name] : {});
const mixedRelease = (name) => new Error(`${name} does not belong to release ${RELEASE.version}: ` +
  'the site was updated while this page loaded. Reload the page.');

// A module (app.wasm, search-worker.wasm) must be the release's own: same size and, where
// the browser can hash (secure contexts), the same SHA-384 as recorded by make-site.
async function checkWasm(bytes, name = 'app.wasm') {
  const info = fileInfo(name);
  if (info.bytes && bytes.byteLength !== info.bytes) throw mixedRelease(name);
  if (info.integrity && window.crypto && crypto.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
    let bin = '';
    for (const b of digest) bin += String.fromCharCode(b);
    if ('sha384-' + btoa(bin) !== info.integrity) throw mixedRelease(name);
  }
}

// Downloads and starts the app. `hooks` is what window.Module hands the app besides the
// files: {onBytes(n) once app.wasm is checked, onAbort(what), onContextLost(), share(kind),
// muted(m), room(message), perf}. Resolves with the running Module.
export function load(hooks) {
  return new Promise((resolve, reject) => {
    const wasmInfo = fileInfo('app.wasm');
    let done = 0;
    const v = encodeURIComponent(RELEASE.version);
    // app.js and app.wasm download in parallel; app.js hands its imports to
    // instantiateWasm, which waits for the checked bytes.
    const wasm = fetchWithProgress(`app.wasm?v=${v}`, wasmInfo.bytes, (n, total) => {
      done += n;
      setProgress(done, total || 0);
    }).then(async (bytes) => {
      await checkWasm(bytes);
      hooks.onBytes(bytes.byteLength);
      $('progress-label').textContent = 'Starting…';
      return bytes;
    });
    wasm.catch(reject);

    const canvas = $('canvas');
    cacheCanvasState(canvas);
    // Do not let the page itself scroll or open menus on the canvas.
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('webglcontextlost', (e) => {
      e.preventDefault();
      hooks.onContextLost();
    });

    const perf = hooks.perf;
    window.Module = {
      canvas,
      arguments: [],
      print: (t) => console.log(t),
      printErr: (t) => console.warn(t),
      preMainLoop: () => { perf.t = performance.now(); },
      postMainLoop: () => {
        perf.work.push(performance.now() - perf.t);
        if (perf.work.length > 5000) perf.work.shift();
      },
      onAbort: hooks.onAbort,
      // The AI's Web Workers (shell/web_library.js): this release's worker script and module,
      // and the check that the module's bytes are the release's (a rejected promise if not).
      catanSearchWorker: {
        script: `search-worker.js?v=${v}`,
        wasm: `search-worker.wasm?v=${v}`,
        check: (bytes) => checkWasm(bytes, 'search-worker.wasm'),
      },
      // Called by the app (shell/web_page_hooks.cpp): its menu's share entries, and its sound
      // switched back on (the page's saved mute follows).
      catanShare: hooks.share,
      catanMuted: hooks.muted,
      // Online rooms (shell/web_page_hooks.cpp): {event: 'hosting' | 'copy-link' | 'closed'}.
      catanRoom: hooks.room,
      instantiateWasm(imports, receive) {
        wasm.then((bytes) => WebAssembly.instantiate(bytes, imports))
          .then((r) => receive(r.instance, r.module))
          .catch(reject);
        return {};
      },
      onRuntimeInitialized() {
        resolve(window.Module);
      },
    };
    const script = document.createElement('script');
    script.src = `app.js?v=${v}`;
    const jsInfo = fileInfo('app.js');
    if (jsInfo.integrity) script.integrity = jsInfo.integrity;
    script.onerror = () => reject(jsInfo.integrity ? mixedRelease('app.js') : new Error('app.js could not be loaded'));
    document.body.appendChild(script);
  });
}
