// Typed JSON fields for the engine's JSON files (options_json, saved_game, view_json): the
// writers of counts, card hands and seats, and the readers, which check type and range and
// throw LoadError with a path to the offending value ("state.players[2].resources[0]: ...").
// The public functions (engine/serialize.h) catch it and return false. Internal to engine/.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/options.h"
#include "engine/state.h"
#include "engine/types.h"

namespace catan::detail {

using nlohmann::json;

// ----- Writers ------------------------------------------------------------------------------

// Counts keyed by an enum's names: {"wood": 1, "brick": 0, ...}.
template <class E, size_t N, class A>
json by_name(const EnumNames<E, N>& names, const A& counts) {
  json o = json::object();
  for (size_t i = 0; i < N; ++i) o[names.names[i]] = static_cast<int>(counts[i]);
  return o;
}
inline json counts_object(const ResourceCounts& c) {
  return by_name(kResourceNames, c);
}
inline json dev_object(const DevCounts& c) {
  return by_name(kDevCardNames, c);
}
json counts_array(const ResourceCounts& c);  // [1, 0, 2, 0, 0]
json hidden_counts();                        // the resource names with null (behind the fog)
json seat_or_null(int s);                    // null for -1
// Sets several keys of the object x at once, each value as json(value) would make it.
void put_fields(json& x, std::initializer_list<std::pair<const char*, json>> fields);
// The player's counters that the saved state and the seat views both carry (roads_left,
// settlements_left, cities_left, longest_road, discard_owed, forfeited), into x.
void put_player_counters(json& x, const PlayerState& p);

template <class A>
json int_array(const A& a) {
  json r = json::array();
  for (auto v : a) r.push_back(static_cast<int64_t>(v));
  return r;
}

// ----- Readers ------------------------------------------------------------------------------

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& path, const std::string& what);
const char* type_of(const json& v);

const json& field(const json& obj, const char* key, const std::string& path);
int64_t get_int(const json& v, const std::string& path, int64_t lo, int64_t hi);
bool get_bool(const json& v, const std::string& path);
// 64-bit values are written as decimal strings (exact in JavaScript); numbers accepted too.
uint64_t get_u64(const json& v, const std::string& path);
const json& get_array(const json& v, const std::string& path, size_t n);
const std::string& get_string(const json& v, const std::string& path);

// An enum given by name: one of the first `count` names of its table.
template <class E, size_t N>
E get_enum(const json& v, const std::string& path, const EnumNames<E, N>& names, size_t count = N) {
  const std::string& s = get_string(v, path);
  if (const auto e = names.parse(s, count)) return *e;
  fail(path, "unknown value \"" + s + "\" (expected one of: " + names.joined(", ", count) + ")");
}

template <class T, size_t N>
void get_int_array(const json& v, const std::string& path, std::array<T, N>& out, int64_t lo,
                   int64_t hi) {
  get_array(v, path, N);
  for (size_t i = 0; i < N; ++i)
    out[i] = static_cast<T>(get_int(v[i], path + "[" + std::to_string(i) + "]", lo, hi));
}

inline void get_counts(const json& v, const std::string& path, ResourceCounts& out, int hi) {
  get_int_array(v, path, out, 0, hi);
}

// engine/options_json.cpp: GameOptions from JSON; with require_all every key must be present
// (saved games), else missing keys keep their defaults.
void read_options(const json& j, GameOptions* o, bool require_all);

}  // namespace catan::detail
