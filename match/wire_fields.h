// Typed reading of wire messages (match/wire.cpp, match/wire_view.cpp): each reader checks the
// type and range of one value and throws WireError naming it ("view.turn[3]: ..."), so a
// message is either read whole or refused whole. Internal to the wire code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace catan::match::wire::detail {

using nlohmann::json;

struct WireError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& path, const std::string& what);
// The object's key; fails when it is missing.
const json& need(const json& obj, const char* key, const std::string& path);
// Fails on the first key of obj that is not in `allowed`.
void only_keys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed);
int64_t get_int(const json& v, const std::string& path, int64_t lo, int64_t hi);
bool get_bool(const json& v, const std::string& path);
// A string of at most max_bytes; with `plain`, no control characters either.
const std::string& get_string(const json& v, const std::string& path, size_t max_bytes,
                              bool plain = false);
// A 64-bit number written as a decimal string (exact in JavaScript).
uint64_t get_decimal(const json& v, const std::string& path);
// An array, of exactly n entries unless n is npos.
const json& get_array(const json& v, const std::string& path, size_t n = std::string::npos);

// Reads a flat array of integers in order, each checked against its own range.
class FlatReader {
 public:
  FlatReader(const json& v, std::string path, size_t n)
      : a_(get_array(v, path, n)), path_(std::move(path)) {}
  int64_t next(int64_t lo, int64_t hi) {
    const size_t i = i_++;
    return get_int(a_[i], path_ + "[" + std::to_string(i) + "]", lo, hi);
  }
  template <class A>
  void fill(A& out, int64_t lo, int64_t hi) {
    for (auto& x : out) x = static_cast<std::decay_t<decltype(x)>>(next(lo, hi));
  }

 private:
  const json& a_;
  std::string path_;
  size_t i_ = 0;
};

}  // namespace catan::match::wire::detail
