// The Longest Road (docs/RULES.md, longest road): the longest simple trail of a seat's roads,
// broken by opponents' buildings, kept up to date road by road, and the award's transfer.
#include <algorithm>

#include "engine/rules_internal.h"

namespace catan {
namespace detail {
namespace {

// Longest trail from v over the edges in avail (own roads not used yet); a vertex in stop
// (an opponent's building) ends the trail.
struct TrailCtx {
  const Bits* b;
  uint64_t stop;
};
int trail(const TrailCtx& c, int v, uint64_t a0, uint64_t a1) {
  const Bits& b = *c.b;
  // Along a chain (one unused own road at v) the trail has no choice: walk it without
  // recursing.
  int run = 0;
  uint64_t m0, m1;
  for (;;) {
    m0 = b.vedges[v][0] & a0;
    m1 = b.vedges[v][1] & a1;
    const uint64_t m = m0 | m1;
    if (!m) return run;
    if ((m0 && m1) || (m & (m - 1))) break;  // two or more ways on
    const int e = m0 ? __builtin_ctzll(m0) : 64 + __builtin_ctzll(m1);
    const int w = __builtin_ctzll(b.evert[e] & ~(uint64_t{1} << v));
    if (e < 64)
      a0 &= ~(uint64_t{1} << e);
    else
      a1 &= ~(uint64_t{1} << (e - 64));
    ++run;
    if (c.stop >> w & 1) return run;
    v = w;
  }
  // The unused own roads at v, walked as bit sets (the order does not change the maximum).
  const uint64_t vbit = uint64_t{1} << v;
  int best = 0;
  while (m0) {
    const int e = __builtin_ctzll(m0);
    m0 &= m0 - 1;
    const int w = __builtin_ctzll(b.evert[e] & ~vbit);
    int len = 1;
    if (!(c.stop >> w & 1)) len += trail(c, w, a0 & ~(uint64_t{1} << e), a1);
    if (len > best) best = len;
  }
  while (m1) {
    const int e = __builtin_ctzll(m1);
    m1 &= m1 - 1;
    const int w = __builtin_ctzll(b.evert[64 + e] & ~vbit);
    int len = 1;
    if (!(c.stop >> w & 1)) len += trail(c, w, a0, a1 & ~(uint64_t{1} << e));
    if (len > best) best = len;
  }
  return run + best;
}
}  // namespace

// Longest trail of p that ends with the new road e (stored yet or not), or -1 when e may sit
// inside a trail (both endpoints open with other own roads).
int road_extension(const GameState& s, int p, int e) {
  const Bits& b = B();
  uint64_t own[2];
  edges_owned_by(s, p, own);
  own[e >> 6] &= ~(uint64_t{1} << (e & 63));
  const uint64_t opp = vertices_occupied(s) & ~vertices_owned_by(s, p);
  const EdgeInfo& E = T().edges[e];
  const int v0 = E.vertices[0], v1 = E.vertices[1];
  auto closed = [&](int v) {  // no trail continues through v past e
    return (opp >> v & 1) || !((b.vedges[v][0] & own[0]) | (b.vedges[v][1] & own[1]));
  };
  int from;
  if (closed(v1))
    from = v0;
  else if (closed(v0))
    from = v1;
  else
    return -1;
  if (opp >> from & 1) return 1;
  const TrailCtx c{&b, opp};
  return 1 + trail(c, from, own[0], own[1]);
}

// docs/RULES.md, longest road: the transfer rules, re-evaluated for all players after any road or
// settlement.
void update_longest_road(GameState& s, unsigned recompute_mask, EventLog* ev) {
  const int n = s.num_players;
  for (int q = 0; q < n; ++q)
    if (recompute_mask & (1u << q))
      s.players[q].longest_road = static_cast<uint8_t>(longest_road_length(s, q));
  int M = 0, cnt = 0, who = -1;
  for (int q = 0; q < n; ++q) {
    const int L = s.players[q].longest_road;
    if (L > M) {
      M = L;
      cnt = 1;
      who = q;
    } else if (L == M) {
      ++cnt;
    }
  }
  const int h = s.longest_road_holder;
  int nh;
  if (h >= 0 && s.players[h].longest_road >= 5) {
    // The holder keeps it on a tie; a single strictly longer player takes it; several
    // tied above a (broken) holder: set aside.
    nh = s.players[h].longest_road >= M ? h : (cnt == 1 ? who : -1);
  } else {
    // No holder, or the holder dropped below 5: only a single leader with 5+ takes it.
    nh = (M >= 5 && cnt == 1) ? who : -1;
  }
  if (nh != h) {
    s.longest_road_holder = static_cast<int8_t>(nh);
    emit(ev, EventType::LongestRoadChanged, nh, h, nh >= 0 ? s.players[nh].longest_road : M);
  }
}

}  // namespace detail

using namespace detail;

int longest_road_length(const GameState& s, int seat) {
  // A longest trail can always start at a vertex whose road degree is not 2 or that holds
  // an opponent's building: if it started at an open degree-2 vertex, either the other
  // road there extends it, or the trail is closed and may be rotated to start anywhere on
  // it. Components with no such vertex are simple cycles: their length is their size.
  uint64_t own[2];
  edges_owned_by(s, seat, own);
  const int roads = __builtin_popcountll(own[0]) + __builtin_popcountll(own[1]);
  if (roads <= 1) return roads;
  const Topology& t = T();
  const Bits& b = B();
  // Road degree per vertex as bit planes: odd (1 or 3) and at-least-two.
  uint64_t d1 = 0, d2 = 0;
  auto count = [&](int e) {
    const uint64_t m = b.evert[e];
    d2 |= d1 & m;
    d1 ^= m;
  };
  for_bits(own[0], [&](int e) { count(e); });
  for_bits(own[1], [&](int e) { count(64 + e); });
  // Vertices with degree 1 or 3 (d1), plus degree-2 vertices holding an opponent's building.
  const uint64_t opp = vertices_occupied(s) & ~vertices_owned_by(s, seat);
  const uint64_t touched = d1 | d2;
  const uint64_t starts = d1 | (touched & opp);
  const TrailCtx c{&b, opp};
  uint64_t covered[2] = {0, 0};
  auto flood = [&](int v0) {  // marks the component of v0 (plain connectivity)
    int stack[kNumVertices];
    int sp = 0, n = 0;
    stack[sp++] = v0;
    while (sp) {
      const int v = stack[--sp];
      const uint64_t f0 = b.vedges[v][0] & own[0] & ~covered[0];
      const uint64_t f1 = b.vedges[v][1] & own[1] & ~covered[1];
      covered[0] |= f0;
      covered[1] |= f1;
      for_bits(f0, [&](int e) {
        ++n;
        stack[sp++] = static_cast<int>(__builtin_ctzll(b.evert[e] & ~(uint64_t{1} << v)));
      });
      for_bits(f1, [&](int e) {
        ++n;
        stack[sp++] = static_cast<int>(__builtin_ctzll(b.evert[64 + e] & ~(uint64_t{1} << v)));
      });
    }
    return n;
  };
  int best = 0;
  uint64_t m = starts;
  while (m) {
    const int v = __builtin_ctzll(m);
    m &= m - 1;
    best = std::max(best, trail(c, v, own[0], own[1]));
    flood(v);
    if (best == roads) return best;
  }
  for (int k = 0; k < 2; ++k) {
    uint64_t rest;
    while ((rest = own[k] & ~covered[k]) != 0)
      best = std::max(best, flood(t.edges[64 * k + __builtin_ctzll(rest)].vertices[0]));
  }
  return best;
}

}  // namespace catan
