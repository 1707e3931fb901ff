// Frame timing for the API (catan.perf): deltas, the intervals between animation frames
// (what the user sees); work, the main-thread time of each app frame (Emscripten's main-loop
// iteration: input, AI slice, UI, GL calls).
export const perf = {
  deltas: [],
  work: [],
  last: 0,
  reset() { this.deltas = []; this.work = []; this.last = 0; },
  stats() {
    const d = this.deltas.slice().sort((a, b) => a - b);
    const w = this.work.slice().sort((a, b) => a - b);
    const n = d.length;
    return {
      frames: n,
      max: n ? d[n - 1] : 0,
      p50: n ? d[Math.floor(n * 0.5)] : 0,
      p95: n ? d[Math.floor(n * 0.95)] : 0,
      over50: d.filter((x) => x > 50).length,
      workFrames: w.length,
      workP50: w.length ? w[Math.floor(w.length * 0.5)] : 0,
      workP95: w.length ? w[Math.floor(w.length * 0.95)] : 0,
      workMax: w.length ? w[w.length - 1] : 0,
      workOver50: w.filter((x) => x > 50).length,
    };
  },
  // One animation frame at `now` (ms).
  frame(now) {
    if (this.last) {
      this.deltas.push(now - this.last);
      if (this.deltas.length > 5000) this.deltas.shift();
    }
    this.last = now;
  },
};
