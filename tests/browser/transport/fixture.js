// The transport tests' page script. It loads nothing until a test asks: T.load() imports
// web/net/transport.js the way the game page does when a room opens. T keeps the test's links:
// every peer echoes "ping ..." as "pong ...", and records any other text it receives.
const T = {
  lib: null,
  host: null,
  peers: [],
  received: [],
  closed: [],
  pending: null,
  async load() {
    if (!T.lib) T.lib = await import('./net/transport.js');
    return T.lib;
  },
  attach(peer) {
    T.peers.push(peer);
    peer.onmessage = (text) => {
      if (text.startsWith('ping ')) peer.send('pong ' + text.slice(5));
      else if (text.startsWith('pong ') && T.pending) {
        const done = T.pending;
        T.pending = null;
        done(text);
      } else T.received.push(`${peer.id}: ${text}`);
    };
    peer.onclose = (reason) => T.closed.push(`${peer.id}: ${reason}`);
    return peer;
  },
  // Round trips of n sequential pings of `size` bytes to T.peers[i], in ms.
  async ping(i, n, size) {
    const peer = T.peers[i];
    const pad = 'x'.repeat(Math.max(0, size - 12));
    const rtts = [];
    for (let k = 0; k < n; ++k) {
      const t0 = performance.now();
      const answer = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`ping ${k} unanswered after 5 s`)), 5000);
        T.pending = (text) => {
          clearTimeout(timer);
          resolve(text);
        };
        peer.send(`ping ${k} ${pad}`);
      });
      if (!answer.startsWith(`pong ${k} `)) throw new Error(`ping ${k} answered by "${answer.slice(0, 20)}"`);
      rtts.push(performance.now() - t0);
    }
    return rtts;
  },
  // Runs fn and gives {ok, ms, code, message} (a TransportError's code and message, if any).
  async timed(fn) {
    const t0 = performance.now();
    try {
      await fn();
      return { ok: true, ms: performance.now() - t0 };
    } catch (e) {
      return { ok: false, ms: performance.now() - t0, code: e.code || e.name, message: e.message };
    }
  },
};
window.T = T;
