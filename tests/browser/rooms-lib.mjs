// What the rooms tests (features/rooms.mjs, features/rooms-codes.mjs) check of a room's texts
// and codes.
const GAME_OVER = 11; // engine/state.h Phase::GameOver
const VICTORY_POINT = 1; // engine/types.h DevCard::VictoryPoint

const parse = (text) => {
  try { return JSON.parse(text); } catch (e) { return null; }
};

// What is wrong with a QR code matrix (N*N '0'/'1', dark '1'): its size, its three finder patterns.
export function qrProblems(qr) {
  const n = Math.round(Math.sqrt(qr.length));
  if (n * n !== qr.length || !/^[01]+$/.test(qr)) return [`not a square of 0/1: ${qr.length} characters`];
  if (n < 21 || n > 177 || (n - 17) % 4 !== 0) return [`${n} modules a side is no QR code version`];
  const dark = (r, c) => qr[r * n + c] === '1';
  const problems = [];
  for (const [r0, c0] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let r = 0; r < 7; ++r) {
      for (let c = 0; c < 7; ++c) {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        if (dark(r0 + r, c0 + c) !== (ring !== 2)) problems.push(`finder pattern at ${r0},${c0} broken at ${r},${c}`);
      }
    }
  }
  return problems;
}

// What a guest at `seat` received that it may not see: another seat's cards, the play seed
// or the host's secret before the reveal, another guest's rejoin token. `texts` in the order received.
export function hiddenInformationProblems(texts, seat, otherTokens) {
  const problems = [];
  const messages = texts.map(parse);
  const revealAt = messages.findIndex((m) => m && m.t === 'reveal');
  const reveal = revealAt >= 0 ? messages[revealAt] : null;
  let phase = -1;
  messages.forEach((m, i) => {
    const text = texts[i];
    if (!m) {
      problems.push(`message ${i} is not JSON`);
      return;
    }
    for (const t of otherTokens) if (t && text.includes(t)) problems.push(`message ${i} holds another guest's rejoin token`);
    if (reveal && i < revealAt) {
      for (const secret of [reveal.seed, reveal.secret]) {
        if (typeof secret === 'string' && secret.length >= 6 && text.includes(secret)) {
          problems.push(`message ${i} (${m.t}) holds the play seed or the host's secret before the reveal`);
        }
      }
    }
    if (m.t !== 'view' || !m.view) return;
    const v = m.view;
    if (Array.isArray(v.turn)) phase = v.turn[1];
    if (Object.prototype.hasOwnProperty.call(v, 'deck') || Object.prototype.hasOwnProperty.call(v, 'dev_deck')) {
      problems.push(`message ${i}: a development deck`);
    }
    for (let p = 0; p < 4; ++p) {
      const part = v[`p${p}`];
      if (p === seat || !Array.isArray(part)) continue;
      const resources = part.slice(0, 5), devs = part.slice(5, 10), bought = part.slice(10, 15);
      if (resources.some((x) => x !== 0)) problems.push(`message ${i}: seat ${p}'s resources ${resources}`);
      if (bought.some((x) => x !== 0)) problems.push(`message ${i}: seat ${p}'s cards bought this turn ${bought}`);
      const shown = devs.filter((x, k) => x !== 0 && !(k === VICTORY_POINT && phase === GAME_OVER));
      if (shown.length) problems.push(`message ${i}: seat ${p}'s development cards ${devs} (phase ${phase})`);
    }
  });
  if (!reveal) problems.push('no reveal arrived');
  return problems;
}
