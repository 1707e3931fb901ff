// Bit sets over the fixed topology, for the rules' hot paths (legal actions, road lengths,
// production): vertices as one uint64_t, edges as two. Derived on the fly from the state's
// byte arrays (GameState keeps no caches), so every list built from them comes out in the
// same ascending order as a loop over the ids would give. Internal to engine/ (the rules
// files and the AIs' evaluation); not part of the engine's contract.
#pragma once
#include <cstdint>
#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "engine/board.h"
#include "engine/state.h"

namespace catan::detail {

// The topology, looked up once.
inline const Topology& T() {
  static const Topology* t = &topology();
  return *t;
}

struct Bits {
  uint64_t vnbr[kNumVertices];       // vertices one edge away
  uint64_t vedges[kNumVertices][2];  // incident edges
  uint64_t evert[kNumEdges];         // the two endpoints
};

inline Bits build_bits() {
  const Topology& t = topology();
  Bits b{};
  for (int v = 0; v < kNumVertices; ++v) {
    const VertexInfo& V = t.vertices[v];
    for (int j = 0; j < V.num_neighbors; ++j) {
      b.vnbr[v] |= uint64_t{1} << V.neighbors[j];
      b.vedges[v][V.edges[j] >> 6] |= uint64_t{1} << (V.edges[j] & 63);
    }
  }
  for (int e = 0; e < kNumEdges; ++e)
    b.evert[e] = (uint64_t{1} << t.edges[e].vertices[0]) | (uint64_t{1} << t.edges[e].vertices[1]);
  return b;
}

inline const Bits& B() {
  static const Bits* b = new Bits(build_bits());
  return *b;
}

constexpr uint64_t kHigh = 0x8080808080808080ull;
constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kAllVertices = (uint64_t{1} << kNumVertices) - 1;
constexpr uint64_t kHighEdges = (uint64_t{1} << (kNumEdges - 64)) - 1;  // edges 64.. in word 1

// The high bit of each of the 8 bytes, gathered into 8 bits (byte i -> bit i).
inline uint64_t gather_high(uint64_t x) {
  return ((x & kHigh) * 0x0002040810204081ull) >> 56;
}
// High bit set in exactly the bytes of x that equal the byte value c.
inline uint64_t bytes_eq(uint64_t x, uint8_t c) {
  const uint64_t y = x ^ (kOnes * c);
  return ~(((y & kLow7) + kLow7) | y) & kHigh;
}
inline uint64_t load8(const void* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

#ifdef __SSE2__
// The 16 bytes at p as 16 bits: where a byte equals c, or where its sign bit is set.
inline uint64_t eq_bits16(const void* p, int c) {
  const __m128i x = _mm_loadu_si128(static_cast<const __m128i*>(p));
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(c)))));
}
inline uint64_t sign_bits16(const void* p) {
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_loadu_si128(static_cast<const __m128i*>(p))));
}
#endif

// Bit i of out[i / 64] set where byte i of the N-byte array a (N = 54 or 72) equals c (kSign:
// where it is negative). With SSE2, 16 bytes per compare and movemask, the last 16 bytes
// overlapping the chunk before (nothing past the array is read); otherwise 8 bytes per word.
constexpr int kSign = 256;
template <int N>
inline void byte_mask(const int8_t* a, int c, uint64_t* out) {
  static_assert(N == kNumVertices || N == kNumEdges);
  out[0] = 0;
  if constexpr (N > 64) out[1] = 0;
#ifdef __SSE2__
  auto bits = [&](int at) { return c == kSign ? sign_bits16(a + at) : eq_bits16(a + at, c); };
  for (int k = 0; k < N / 16; ++k) out[k >> 2] |= bits(16 * k) << (16 * (k & 3));
  constexpr int full = N / 16 * 16, rest = N % 16;  // rest bytes from `full` on
  out[full >> 6] |= bits(N - 16) >> (16 - rest) << (full & 63);
#else
  auto f = [c](uint64_t x) { return c == kSign ? x : bytes_eq(x, static_cast<uint8_t>(c)); };
  constexpr int full = N / 8;
  for (int k = 0; k < full; ++k) out[k >> 3] |= gather_high(f(load8(a + 8 * k))) << (8 * (k & 7));
  if constexpr (N % 8) {
    uint64_t x = 0;
    std::memcpy(&x, a + 8 * full, N % 8);
    out[full >> 3] |= (gather_high(f(x)) & ((1u << (N % 8)) - 1)) << (8 * (full & 7));
  }
#endif
}

// The hexes whose number token is `sum` (19 bits).
inline uint64_t hexes_numbered(const GameState& s, int sum) {
  static_assert(sizeof(s.layout.number) == kNumHexes && kNumHexes > 16);
  const uint8_t* a = s.layout.number.data();
#ifdef __SSE2__
  return eq_bits16(a, sum) | eq_bits16(a + kNumHexes - 16, sum) << (kNumHexes - 16);
#else
  uint64_t w[3] = {0, 0, 0};
  std::memcpy(w, a, kNumHexes);
  uint64_t m = 0;
  for (int k = 0; k < 3; ++k)
    m |= gather_high(bytes_eq(w[k], static_cast<uint8_t>(sum))) << (8 * k);
  return m;
#endif
}

inline uint64_t vertices_owned_by(const GameState& s, int p) {
  uint64_t m;
  byte_mask<kNumVertices>(s.vertex_owner.data(), p, &m);
  return m;
}
inline uint64_t vertices_occupied(const GameState& s) {
  uint64_t m;  // empty = -1 (sign bit set)
  byte_mask<kNumVertices>(s.vertex_owner.data(), kSign, &m);
  return ~m & kAllVertices;
}
inline void edges_owned_by(const GameState& s, int p, uint64_t out[2]) {
  byte_mask<kNumEdges>(s.edge_owner.data(), p, out);
}
inline void edges_occupied(const GameState& s, uint64_t out[2]) {
  byte_mask<kNumEdges>(s.edge_owner.data(), kSign, out);
  out[0] = ~out[0];
  out[1] = ~out[1] & kHighEdges;
}
inline uint64_t vertices_with(const GameState& s, Building b) {
  uint64_t m;
  static_assert(sizeof(Building) == 1);
  byte_mask<kNumVertices>(reinterpret_cast<const int8_t*>(s.vertex_building.data()),
                          static_cast<int>(b), &m);
  return m;
}
inline uint64_t city_vertices(const GameState& s) {
  return vertices_with(s, Building::City);
}
inline uint64_t settlement_vertices(const GameState& s) {
  return vertices_with(s, Building::Settlement);
}

template <class F>
inline void for_bits(uint64_t m, F f) {
  while (m) {
    f(__builtin_ctzll(m));
    m &= m - 1;
  }
}

// Vertices touched by the edges in e[2].
inline uint64_t edge_endpoints(const uint64_t e[2]) {
  const Bits& b = B();
  uint64_t m = 0;
  for_bits(e[0], [&](int i) { m |= b.evert[i]; });
  for_bits(e[1], [&](int i) { m |= b.evert[64 + i]; });
  return m;
}
// Vertices one edge away from any vertex in vs.
inline uint64_t neighbours_of(uint64_t vs) {
  const Bits& b = B();
  uint64_t m = 0;
  for_bits(vs, [&](int v) { m |= b.vnbr[v]; });
  return m;
}

}  // namespace catan::detail
