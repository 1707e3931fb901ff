// Emscripten JS library linked into catan-app (--js-library, see CMakeLists.txt).
// SDL2's Emscripten audio backend calls autoResumeAudioContext() and dynCall() from EM_ASM
// blocks, which do not pull JS library functions in, so app.js crashed with
// "autoResumeAudioContext is not defined" when the first sound played. Depending on them
// here (catan_web_js_deps is called once from shell/web_page_hooks.cpp) includes them.
//
// The search pool's workers (catan_search_*, called by shell/web_search_pool.cpp): Web Workers
// running search-worker.js (shell/search_worker_main.cpp + shell/search_worker_post.js). The
// page compiles search-worker.wasm once (checked against the release like app.wasm) and hands
// the compiled module to every worker. Module.catanSearchWorker (web/loader.js) names the files
// of the release and checks the module's bytes: {script, wasm, check(bytes) -> Promise}.
mergeInto(LibraryManager.library, {
  catan_web_js_deps__deps: ['$autoResumeAudioContext', '$dynCall'],
  catan_web_js_deps: function () {},

  $CatanSearch__deps: ['malloc', 'free'],
  $CatanSearch: {
    state: 'off', // off (no Worker) | loading | ready | failed
    module: null,
    max: 0,
    slots: [], // {worker, dead, share: {id, jobId, k} or {id, coach: ticket} or null}
    nextShare: 1,
    files: function () {
      var f = Module['catanSearchWorker'] || {};
      return {
        script: typeof f.script === 'string' ? f.script : 'search-worker.js',
        wasm: typeof f.wasm === 'string' ? f.wasm : 'search-worker.wasm',
        check: typeof f.check === 'function' ? f.check : function () { return Promise.resolve(); },
      };
    },
    load: function () {
      var f = CatanSearch.files();
      CatanSearch.state = 'loading';
      fetch(f.wasm).then(function (res) {
        if (!res.ok) throw new Error(f.wasm + ': HTTP ' + res.status);
        return res.arrayBuffer();
      }).then(function (buf) {
        return f.check(buf).then(function () { return buf; });
      }).then(function (buf) {
        return WebAssembly.compile(buf);
      }).then(function (module) {
        CatanSearch.module = module;
        CatanSearch.state = 'ready';
      }).catch(function (e) {
        CatanSearch.state = 'failed';
        console.warn('[catan] the AI searches on the main thread: the search worker did not load (' +
          String((e && e.message) || e) + ')');
      });
    },
    // A worker in slot i (a new one, or the replacement of a terminated one).
    spawn: function (i) {
      var slot = { worker: null, dead: false, share: null };
      CatanSearch.slots[i] = slot;
      var w;
      try {
        w = new Worker(CatanSearch.files().script);
      } catch (e) {
        slot.dead = true;
        console.warn('[catan] a search worker could not start:', e && e.message);
        return;
      }
      slot.worker = w;
      w.onmessage = function (ev) { CatanSearch.message(slot, ev.data); };
      w.onerror = function (ev) {
        if (ev && ev.preventDefault) ev.preventDefault();
        CatanSearch.kill(slot, (ev && ev.message) || 'the worker failed');
      };
      w.onmessageerror = function () { CatanSearch.kill(slot, 'a message could not be read'); };
      w.postMessage({ type: 'init', module: CatanSearch.module });
    },
    // A failed worker answers its share as empty and is replaced (at most `respawns` times in
    // all, so that a worker that cannot start is not started forever): the number of workers,
    // and so the AI's shares, stays the same.
    respawns: 16,
    kill: function (slot, why) {
      if (slot.dead) return;
      slot.dead = true;
      console.warn('[catan] a search worker stopped: ' + String(why).slice(0, 200));
      try { slot.worker.terminate(); } catch (e) { /* gone already */ }
      var share = slot.share;
      slot.share = null;
      var i = CatanSearch.slots.indexOf(slot);
      if (i >= 0 && CatanSearch.respawns > 0) {
        --CatanSearch.respawns;
        CatanSearch.spawn(i);
      }
      if (share && share.coach) Module['_catan_coach_done'](share.coach, 0, 0);
      else if (share) Module['_catan_search_done'](share.jobId, share.k, 0, 0);
    },
    // A coach analysis' messages: progress reports, then the advice (or an error).
    coachMessage: function (slot, share, d) {
      if (typeof d.progress === 'number') {
        Module['_catan_coach_progress'](share.coach, d.progress);
        return;
      }
      if (!(d.advice instanceof ArrayBuffer)) {
        CatanSearch.kill(slot, typeof d.error === 'string' ? d.error : 'no advice');
        return;
      }
      slot.share = null;
      var bytes = new Uint8Array(d.advice);
      var p = _malloc(Math.max(1, bytes.length));
      HEAPU8.set(bytes, p);
      try {
        Module['_catan_coach_done'](share.coach, p, bytes.length);
      } finally {
        _free(p);
      }
    },
    message: function (slot, d) {
      if (slot.dead || !d || typeof d !== 'object') return;
      if (d.type === 'ready') return;
      if (d.type === 'failed') {
        CatanSearch.kill(slot, d.error);
        return;
      }
      var share = slot.share;
      if (!share || d.id !== share.id) return; // an answer to a dropped share
      if (share.coach) {
        CatanSearch.coachMessage(slot, share, d);
        return;
      }
      slot.share = null;
      if (!(d.stats instanceof ArrayBuffer)) {
        // A share it could not run (a job of another build, damaged bytes): it is of no use.
        slot.share = share;
        CatanSearch.kill(slot, typeof d.error === 'string' ? d.error : 'no stats');
        return;
      }
      var bytes = new Uint8Array(d.stats);
      var p = _malloc(Math.max(1, bytes.length));
      HEAPU8.set(bytes, p);
      try {
        Module['_catan_search_done'](share.jobId, share.k, p, bytes.length);
      } finally {
        _free(p);
      }
    },
    live: function () {
      var n = 0;
      for (var i = 0; i < CatanSearch.slots.length; ++i) if (!CatanSearch.slots[i].dead) ++n;
      return n;
    },
  },

  // 1 when the page can run workers (the module starts compiling now), else 0.
  catan_search_pool_open__deps: ['$CatanSearch'],
  catan_search_pool_open: function () {
    if (CatanSearch.state !== 'off' || CatanSearch.max > 0) return CatanSearch.max > 0 ? 1 : 0;
    if (typeof Worker === 'undefined' || typeof WebAssembly !== 'object' || typeof fetch !== 'function') return 0;
    var cores = (typeof navigator === 'object' && navigator.hardwareConcurrency) || 2;
    CatanSearch.max = Math.min(8, Math.max(1, cores - 1));
    CatanSearch.load();
    return 1;
  },
  // Live workers, created on the first call once the module is compiled (0 until then).
  catan_search_pool_size__deps: ['$CatanSearch'],
  catan_search_pool_size: function () {
    if (CatanSearch.state !== 'ready') return 0;
    if (!CatanSearch.slots.length) for (var i = 0; i < CatanSearch.max; ++i) CatanSearch.spawn(i);
    return CatanSearch.live();
  },
  catan_search_pool_workers__deps: ['$CatanSearch'],
  catan_search_pool_workers: function () {
    return CatanSearch.live();
  },
  // Posts share k of job jobId to the first live idle worker: 1, or 0 when there is none. The
  // AI comes first: without an idle worker, one thinking about a coach's analysis is replaced
  // and takes the share (the coach finishes that analysis on the main thread), so the AI's
  // moves never depend on the coach.
  catan_search_post__deps: ['$CatanSearch'],
  catan_search_post: function (jobId, k, ptr, len) {
    var idle = -1, coach = -1;
    for (var j = 0; j < CatanSearch.slots.length; ++j) {
      var s = CatanSearch.slots[j];
      if (s.dead) continue;
      if (!s.share) { idle = j; break; }
      if (s.share.coach && coach < 0) coach = j;
    }
    if (idle < 0 && coach >= 0) {
      var taken = CatanSearch.slots[coach];
      var ticket = taken.share.coach;
      taken.dead = true; // its late answers and errors are ignored
      try { taken.worker.terminate(); } catch (e) { /* gone already */ }
      CatanSearch.spawn(coach);
      Module['_catan_coach_done'](ticket, 0, 0);
    }
    for (var i = 0; i < CatanSearch.slots.length; ++i) {
      var slot = CatanSearch.slots[i];
      if (slot.dead || slot.share) continue;
      var buf = HEAPU8.slice(ptr, ptr + len).buffer;
      slot.share = { id: CatanSearch.nextShare++, jobId: jobId, k: k };
      try {
        slot.worker.postMessage({ id: slot.share.id, job: buf }, [buf]);
      } catch (e) {
        slot.share = null;
        CatanSearch.kill(slot, e && e.message);
        return 0;
      }
      return 1;
    }
    return 0;
  },
  // Drops the search shares in flight (not the coach's analyses): a worker still thinking
  // about one is terminated and replaced (a worker runs a share to its end and cannot be
  // interrupted).
  catan_search_cancel__deps: ['$CatanSearch'],
  catan_search_cancel: function () {
    for (var i = 0; i < CatanSearch.slots.length; ++i) {
      var slot = CatanSearch.slots[i];
      if (slot.dead || !slot.share || slot.share.coach) continue;
      slot.dead = true; // its late answers and errors are ignored
      try { slot.worker.terminate(); } catch (e) { /* gone already */ }
      CatanSearch.spawn(i);
    }
  },
  // Posts the coach's analysis `ticket` (shell/web_coach_pool.cpp) to the first live idle
  // worker: 1, or 0 when there is none.
  catan_coach_post__deps: ['$CatanSearch'],
  catan_coach_post: function (ticket, ptr, len) {
    for (var i = 0; i < CatanSearch.slots.length; ++i) {
      var slot = CatanSearch.slots[i];
      if (slot.dead || slot.share) continue;
      var buf = HEAPU8.slice(ptr, ptr + len).buffer;
      slot.share = { id: CatanSearch.nextShare++, coach: ticket };
      try {
        slot.worker.postMessage({ id: slot.share.id, coach: buf }, [buf]);
      } catch (e) {
        slot.share = null;
        CatanSearch.kill(slot, e && e.message);
        return 0;
      }
      return 1;
    }
    return 0;
  },
  // Drops the analysis `ticket`: the worker thinking about it is terminated and replaced.
  catan_coach_drop__deps: ['$CatanSearch'],
  catan_coach_drop: function (ticket) {
    for (var i = 0; i < CatanSearch.slots.length; ++i) {
      var slot = CatanSearch.slots[i];
      if (slot.dead || !slot.share || slot.share.coach !== ticket) continue;
      slot.dead = true; // its late answers and errors are ignored
      try { slot.worker.terminate(); } catch (e) { /* gone already */ }
      CatanSearch.spawn(i);
    }
  },
});
