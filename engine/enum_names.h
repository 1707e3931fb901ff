// EnumNames: a name table for an engine enum, the spelling every string form uses (actions,
// JSON, saved games, the protocol, option values), indexed by the enum's value. Parsing is
// derived from the same table, so a name is written in exactly one place. Each table sits
// beside its enum (types.h, state.h, events.h, action.h, options.h).
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace catan {

template <class E, size_t N>
struct EnumNames {
  std::array<const char*, N> names;

  static constexpr size_t size() { return N; }
  // "?" for a value outside the table.
  constexpr const char* name(E e) const {
    const auto i = static_cast<size_t>(e);
    return i < N ? names[i] : "?";
  }
  // The value named s among the first `count` names (all by default).
  constexpr std::optional<E> parse(std::string_view s, size_t count = N) const {
    for (size_t i = 0; i < count && i < N; ++i)
      if (s == names[i]) return static_cast<E>(i);
    return std::nullopt;
  }
  // The first `count` names joined by sep: "a|b|c" for option errors, "a, b, c" for JSON ones.
  std::string joined(const char* sep, size_t count = N) const {
    std::string out;
    for (size_t i = 0; i < count && i < N; ++i) {
      if (i) out += sep;
      out += names[i];
    }
    return out;
  }
};

}  // namespace catan
