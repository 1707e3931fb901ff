#include "engine/json_fields.h"

#include "engine/parse.h"

namespace catan::detail {

json counts_array(const ResourceCounts& c) {
  json a = json::array();
  for (auto v : c) a.push_back(static_cast<int>(v));
  return a;
}
// Counts behind the fog (island_hidden): the resource names with null, as a hidden number is.
json hidden_counts() {
  json o = json::object();
  for (int i = 0; i < kNumResources; ++i) o[resource_name(static_cast<Resource>(i))] = nullptr;
  return o;
}
json seat_or_null(int s) {
  return s < 0 ? json(nullptr) : json(s);
}

void put_fields(json& x, std::initializer_list<std::pair<const char*, json>> fields) {
  for (const auto& [key, value] : fields) x[key] = value;
}

void put_player_counters(json& x, const PlayerState& p) {
  put_fields(x, {{"roads_left", p.roads_left},
                 {"settlements_left", p.settlements_left},
                 {"cities_left", p.cities_left},
                 {"longest_road", p.longest_road},
                 {"discard_owed", p.discard_owed},
                 {"forfeited", p.forfeited}});
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw LoadError(path + ": " + what);
}

const char* type_of(const json& v) {
  return v.type_name();
}

const json& field(const json& obj, const char* key, const std::string& path) {
  if (!obj.is_object()) fail(path, std::string("expected an object, got ") + type_of(obj));
  auto it = obj.find(key);
  if (it == obj.end()) fail(path, std::string("missing field \"") + key + "\"");
  return *it;
}

int64_t get_int(const json& v, const std::string& path, int64_t lo, int64_t hi) {
  int64_t x;
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) fail(path, "out of range");
    x = static_cast<int64_t>(u);
  } else if (v.is_number_integer()) {
    x = v.get<int64_t>();
  } else {
    fail(path, std::string("expected an integer, got ") + type_of(v));
  }
  if (x < lo || x > hi)
    fail(path, std::to_string(x) + " out of range [" + std::to_string(lo) + ", " +
                   std::to_string(hi) + "]");
  return x;
}

bool get_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) fail(path, std::string("expected a boolean, got ") + type_of(v));
  return v.get<bool>();
}

uint64_t get_u64(const json& v, const std::string& path) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer()) {
    int64_t x = v.get<int64_t>();
    if (x < 0) fail(path, "negative");
    return static_cast<uint64_t>(x);
  }
  if (!v.is_string()) fail(path, std::string("expected a decimal string, got ") + type_of(v));
  const std::string& s = v.get_ref<const std::string&>();
  uint64_t x = 0;
  if (parse_u64(s, &x, NumberBase::Decimal)) return x;
  const bool digits =
      !s.empty() && s.size() <= 20 && s.find_first_not_of("0123456789") == std::string::npos;
  fail(path, digits ? "64-bit number overflows" : "expected a decimal 64-bit number");
}

const json& get_array(const json& v, const std::string& path, size_t n) {
  if (!v.is_array()) fail(path, std::string("expected an array, got ") + type_of(v));
  if (v.size() != n)
    fail(path, "expected " + std::to_string(n) + " elements, got " + std::to_string(v.size()));
  return v;
}

const std::string& get_string(const json& v, const std::string& path) {
  if (!v.is_string()) fail(path, std::string("expected a string, got ") + type_of(v));
  return v.get_ref<const std::string&>();
}

}  // namespace catan::detail
