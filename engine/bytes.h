// The bytes of the values handed to another core (the AI's search jobs and results,
// engine/ai/search.cpp; the coach's analyses and advice, engine/coach/coach.cpp): trivially
// copyable values appended and read back as their memory, and the reason a read refuses.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace catan::bytes {

struct Writer {
  std::vector<uint8_t> out;
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    out.insert(out.end(), p, p + sizeof(T));
  }
};

struct Reader {
  const uint8_t* p;
  size_t left;
  template <class T>
  bool get(T* v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!p || left < sizeof(T)) return false;
    std::memcpy(v, p, sizeof(T));
    p += sizeof(T);
    left -= sizeof(T);
    return true;
  }
};

// Sets *error (when given) to `why` and answers false.
inline bool refuse(std::string* error, const char* why) {
  if (error) *error = why;
  return false;
}

}  // namespace catan::bytes
