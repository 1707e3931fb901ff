// Deterministic random numbers: the same sequence natively and in wasm. We never use
// <random> distributions because libstdc++ and libc++ implement them differently.
#pragma once
#include <cstdint>

namespace catan {

namespace detail {
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
// x % d for d < kSmallDivisors by Lemire, Kaser and Kurz's direct remainder ("Faster Remainder
// by Direct Computation", 2019): with c = ceil(2^128 / d), x % d = ((c * x mod 2^128) * d) >>
// 128, exact for every 64-bit x. Four multiplications instead of a 64-bit division, which is
// the slowest step of drawing a random legal action. Not in wasm, where 128-bit products are
// library calls.
constexpr uint32_t kSmallDivisors = 256;
__extension__ typedef unsigned __int128 U128;  // __extension__: no -Wpedantic warning
inline constexpr auto kRemainderMagic = [] {
  struct Table {
    U128 c[kSmallDivisors];
  } t{};
  for (uint32_t d = 2; d < kSmallDivisors; ++d) t.c[d] = ~U128{0} / d + 1;
  return t;
}();
inline uint32_t small_remainder(uint64_t x, uint32_t d) {
  const U128 low = kRemainderMagic.c[d] * x;
  const U128 bottom = static_cast<U128>(static_cast<uint64_t>(low)) * d;
  const U128 top = static_cast<U128>(static_cast<uint64_t>(low >> 64)) * d;
  return static_cast<uint32_t>((top + (bottom >> 64)) >> 64);
}
#define CATAN_SMALL_REMAINDER 1
#endif
}  // namespace detail

// SplitMix64: one 64-bit word of state, so the RNG position saves as a single number.
struct Rng {
  uint64_t state = 0;
  bool operator==(const Rng&) const = default;

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0, without modulo bias (rejection on the top range).
  uint32_t below(uint32_t n) {
    uint64_t x = next();
    // The limit is at least 2^64 - n, so a smaller draw (all but about n in 2^64 of them) is
    // accepted without the division that computes the limit.
    if (x >= uint64_t{0} - n) {
      const uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
      while (x >= limit) x = next();
    }
    // A power of two (often 1: a single legal action) needs no division either.
    if ((n & (n - 1)) == 0) return static_cast<uint32_t>(x & (n - 1));
    // A divisor known where the call is inlined (the dice's 6) compiles to a multiplication.
    if (__builtin_constant_p(n)) return static_cast<uint32_t>(x % n);
#ifdef CATAN_SMALL_REMAINDER
    if (n < detail::kSmallDivisors) return detail::small_remainder(x, n);
#endif
    return static_cast<uint32_t>(x % n);
  }
  template <class T, unsigned N>
  void shuffle(T (&a)[N]) {
    shuffle(a, N);
  }
  template <class T>
  void shuffle(T* a, unsigned n) {  // Fisher-Yates
    for (unsigned i = n; i > 1; --i) {
      unsigned j = below(i);
      T t = a[i - 1];
      a[i - 1] = a[j];
      a[j] = t;
    }
  }
};

// The two seeds of a match. The board seed lays out the island and may be shared freely; the
// play seed drives every chance event (first player, development deck, dice, steals), so no
// player may see it while the game runs: with it and the public history anyone could compute
// every hidden card and every future roll. A single match seed s stands for {s, s}.
struct Seeds {
  uint64_t board = 1;
  uint64_t play = 1;
  static constexpr Seeds both(uint64_t s) { return Seeds{s, s}; }
  bool operator==(const Seeds&) const = default;
};

// Derives independent streams from one seed (board, first player, game RNG).
inline uint64_t mix_seed(uint64_t seed, uint64_t stream) {
  Rng r{seed ^ (stream * 0xD1B54A32D192ED03ull)};
  r.next();
  return r.next();
}

}  // namespace catan
