// The Web Worker side of the search pool, appended to search-worker.js (--extern-post-js; the
// module is MODULARIZEd as CatanSearchWorker). The page (shell/web_library.js) creates the
// worker and posts, in this order:
//   {type: "init", module: WebAssembly.Module}   the compiled search-worker.wasm (the page
//                                                compiles it once for every worker); without
//                                                `module` the worker loads the .wasm itself
//   {id, job: ArrayBuffer}                       one searcher's share (ai::encode_job bytes)
//   {id, coach: ArrayBuffer}                     one analysis of the coach
//                                                (coach::encode_analysis_job bytes)
// and gets {type: "ready"} once the module runs (or {type: "failed", error}), and for each
// job {id, stats: ArrayBuffer} (ai::encode_stats bytes), for each analysis {id, progress} (0..1)
// about every 100 ms and then {id, advice: ArrayBuffer} (coach::encode_advice bytes), or
// {id, error: "..."}: a job that does
// not decode (another build, damaged bytes) is answered with its error, never a crash. Jobs
// that arrive before the module runs wait for it, in order.
// Under node (tests) nothing here runs: the factory is module.exports.
(function () {
  'use strict';
  if (typeof WorkerGlobalScope === 'undefined' || !(self instanceof WorkerGlobalScope)) return;
  let M = null;
  let failure = null;
  const queue = [];
  const errorText = (e) => String((e && e.message) || e).slice(0, 300);

  function runCoach(d) {
    try {
      const bytes = new Uint8Array(d.coach);
      const p = M._catan_search_alloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      M.onCoachProgress = (x) => self.postMessage({ id: d.id, progress: x });
      let n;
      try {
        n = M._catan_coach_run(p, bytes.length);
      } finally {
        M.onCoachProgress = null;
        M._catan_search_free(p);
      }
      if (n < 0) {
        self.postMessage({ id: d.id, error: M.UTF8ToString(M._catan_search_error()) });
        return;
      }
      const r = M._catan_search_result();
      const out = M.HEAPU8.slice(r, r + n).buffer;
      self.postMessage({ id: d.id, advice: out }, [out]);
    } catch (e) {
      self.postMessage({ id: d.id, error: 'analysis failed: ' + errorText(e) });
    }
  }

  function run(d) {
    if (d && typeof d === 'object' && d.coach instanceof ArrayBuffer && !failure) {
      runCoach(d);
      return;
    }
    if (!d || typeof d !== 'object' || !(d.job instanceof ArrayBuffer)) {
      self.postMessage({ id: d && d.id, error: 'not a search job message' });
      return;
    }
    if (failure) {
      self.postMessage({ id: d.id, error: failure });
      return;
    }
    try {
      const bytes = new Uint8Array(d.job);
      const p = M._catan_search_alloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      const n = M._catan_search_run(p, bytes.length);
      M._catan_search_free(p);
      if (n < 0) {
        self.postMessage({ id: d.id, error: M.UTF8ToString(M._catan_search_error()) });
        return;
      }
      const r = M._catan_search_result();
      const out = M.HEAPU8.slice(r, r + n).buffer;
      self.postMessage({ id: d.id, stats: out }, [out]);
    } catch (e) {
      self.postMessage({ id: d.id, error: 'search failed: ' + errorText(e) });
    }
  }

  function start(module) {
    const fail = (e) => {
      if (M || failure) return;
      failure = 'the search module did not start: ' + errorText(e);
      self.postMessage({ type: 'failed', error: failure });
      while (queue.length) run(queue.shift());
    };
    const opts = { print: () => {}, printErr: (t) => console.warn('[search-worker]', t) };
    if (module instanceof WebAssembly.Module) {
      opts.instantiateWasm = (imports, receive) => {
        WebAssembly.instantiate(module, imports).then((inst) => receive(inst, module), fail);
        return {};
      };
    }
    opts.onAbort = fail;
    CatanSearchWorker(opts).then((m) => {
      M = m;
      self.postMessage({ type: 'ready' });
      while (queue.length) run(queue.shift());
    }, fail);
  }

  let started = false;
  self.onmessage = (ev) => {
    const d = ev.data;
    if (d && typeof d === 'object' && d.type === 'init') {
      if (!started) {
        started = true;
        start(d.module);
      }
      return;
    }
    if (M || failure) run(d);
    else queue.push(d);
  };
})();
