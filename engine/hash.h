// FNV-1a 64: the one hash of the project, for the bench signature (shell/protocol.cpp) and the
// golden-game state hashes (tests/engine/state_hash.h). Integers are fed little-endian one
// byte at a time, never as memory (padding differs between compilers, native and wasm).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace catan {

class Fnv1a {
 public:
  void byte(uint8_t b) {
    h_ ^= b;
    h_ *= 0x100000001b3ull;
  }
  void u8(uint64_t v) { byte(static_cast<uint8_t>(v)); }
  void u16(uint64_t v) {
    for (int i = 0; i < 2; ++i) byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void i8(int v) { u8(static_cast<uint8_t>(static_cast<int8_t>(v))); }
  // A field tag keeps neighbouring arrays from aliasing (e.g. bank vs a hand).
  void tag(char c) { byte(static_cast<uint8_t>(c)); }
  // Arrays with their length first, one byte (arr8) or two (arr16) per element.
  // Several fields in order, each as u8 (enums, bools, small counts) or i8 (seat or -1).
  template <class... T>
  void u8s(T... v) {
    (u8(static_cast<uint64_t>(v)), ...);
  }
  template <class... T>
  void i8s(T... v) {
    (i8(static_cast<int>(v)), ...);
  }
  template <class A>
  void arr8(const A& a) {
    u16(a.size());
    for (auto v : a) u8(static_cast<uint64_t>(v));
  }
  template <class A>
  void arr16(const A& a) {
    u16(a.size());
    for (auto v : a) u16(static_cast<uint64_t>(v));
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0xcbf29ce484222325ull;
};

// 16 lower-case hex digits.
inline std::string hash_hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace catan
