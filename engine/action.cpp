#include "engine/action.h"

#include <array>
#include <utility>
#include <vector>

namespace catan {
namespace {

// Messages quote the input, which may hold any bytes: they are made printable here.
bool fail(std::string* error, const std::string& msg) {
  if (error) *error = printable(msg);
  return false;
}

// Text to parse must be neither empty nor longer than max; `what` names it in the error.
bool sized(std::string_view s, size_t max, const char* what, const char* empty_hint,
           std::string* error) {
  if (s.empty()) return fail(error, std::string("empty ") + what + empty_hint);
  if (s.size() > max)
    return fail(error,
                std::string(what) + " too long (" + std::to_string(s.size()) + " characters)");
  return true;
}

// Strict non-negative decimal: digits only, no sign, no leading zeros, at most 3 digits.
bool parse_id(std::string_view s, int limit, const char* what, int* out, std::string* error) {
  if (s.empty()) return fail(error, std::string("missing ") + what);
  if (s.size() > 3) return fail(error, std::string(what) + " '" + std::string(s) + "' is too long");
  int x = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return fail(error, std::string(what) + " '" + std::string(s) + "' is not a number");
    x = x * 10 + (c - '0');
  }
  if (s.size() > 1 && s[0] == '0')
    return fail(error, std::string(what) + " '" + std::string(s) + "' has a leading zero");
  if (x >= limit)
    return fail(error, std::string(what) + " " + std::to_string(x) + " out of range 0.." +
                           std::to_string(limit - 1));
  *out = x;
  return true;
}

bool parse_res(std::string_view s, int* out, std::string* error) {
  auto r = parse_resource(s);
  if (!r)
    return fail(error, "unknown resource '" + std::string(s) +
                           "' (expected wood, brick, sheep, wheat or ore)");
  *out = static_cast<int>(*r);
  return true;
}

// Which arguments a type carries, in this order in its string form ("offer_trade:1:wood:ore"),
// and how its id is laid out above the 5 type bits: the bit offset of each field, -1 where
// the type has none. arg and arg2 take 8 bits each (value + 1),
// a bundle 25 (5 bits per resource in canonical order).
struct IdLayout {
  int arg, arg2, give, get;
};
constexpr IdLayout kNoArgs{-1, -1, -1, -1}, kArg{0, -1, -1, -1}, kArgs{0, 8, -1, -1},
    kOffer{0, -1, 8, 33}, kBundles{-1, -1, 0, 25}, kGive{-1, -1, 0, -1};

// The types that carry arguments; the rest have kNoArgs.
constexpr std::pair<ActionType, IdLayout> kArgLayouts[] = {
    {ActionType::BuildSettlement, kArg}, {ActionType::BuildRoad, kArg},
    {ActionType::BuildCity, kArg},       {ActionType::ConfirmTrade, kArg},
    {ActionType::FreeRoad, kArg},        {ActionType::PlayMonopoly, kArg},
    {ActionType::MoveRobber, kArg},      {ActionType::Steal, kArg},
    {ActionType::TradeBank, kArgs},      {ActionType::PlayYearOfPlenty, kArgs},
    {ActionType::OfferTrade, kOffer},    {ActionType::CounterTrade, kBundles},
    {ActionType::Discard, kGive}};
// The same, indexed by ActionType.
constexpr auto kIdLayouts = [] {
  std::array<IdLayout, kNumActionTypes> layouts{};
  layouts.fill(kNoArgs);
  for (const auto& [type, layout] : kArgLayouts) layouts[static_cast<size_t>(type)] = layout;
  return layouts;
}();

const IdLayout& id_layout(ActionType t) {
  const auto i = static_cast<size_t>(t);
  return i < kIdLayouts.size() ? kIdLayouts[i] : kNoArgs;
}

// Whether arg (and arg2) name resources rather than a vertex, edge, hex or seat.
bool resource_args(ActionType t) {
  return t == ActionType::TradeBank || t == ActionType::PlayYearOfPlenty ||
         t == ActionType::PlayMonopoly;
}

}  // namespace

std::string bundle_to_string(const ResourceCounts& c) {
  std::string s;
  for (int r = 0; r < kNumResources; ++r)
    for (int k = 0; k < c[r]; ++k) {
      if (!s.empty()) s += ',';
      s += resource_name(static_cast<Resource>(r));
    }
  return s;
}

std::optional<ResourceCounts> parse_bundle(std::string_view s, std::string* error) {
  if (!sized(s, kMaxBundleText, "bundle", " (name at least one resource)", error))
    return std::nullopt;
  ResourceCounts c{};
  size_t start = 0;
  for (;;) {
    size_t comma = s.find(',', start);
    std::string_view part =
        s.substr(start, comma == std::string_view::npos ? s.npos : comma - start);
    int r = 0;
    if (part.empty()) {
      fail(error, "empty entry in bundle '" + std::string(s) + "'");
      return std::nullopt;
    }
    if (!parse_res(part, &r, error)) return std::nullopt;
    if (c[r] >= kBankPerResource) {
      fail(error,
           "bundle names more than 19 " + std::string(resource_name(static_cast<Resource>(r))));
      return std::nullopt;
    }
    ++c[r];
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return c;
}

std::string Action::to_string() const {
  if (static_cast<size_t>(type) >= kActionNames.size()) return "?";
  std::string s = kActionNames.name(type);
  auto res = [&](int r) {
    s += ':';
    s += resource_name(static_cast<Resource>(r));
  };
  auto id = [&](int v) {
    s += ':';
    s += std::to_string(v);
  };
  auto bundle = [&](const ResourceCounts& c) {
    s += ':';
    s += bundle_to_string(c);
  };
  const IdLayout& l = id_layout(type);
  if (l.arg >= 0) {
    if (resource_args(type))
      res(arg);
    else if (type == ActionType::OfferTrade && arg < 0)
      s += ":all";
    else
      id(arg);
  }
  if (l.arg2 >= 0) res(arg2);
  if (l.give >= 0) bundle(give);
  if (l.get >= 0) bundle(get);
  return s;
}

namespace {

// Only lowercase letters, digits, '_', ':' and ',' make up an action.
bool plain_characters(std::string_view s, std::string* error) {
  for (char c : s) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == ':' || c == ',';
    if (!ok) return fail(error, "unexpected character in action '" + std::string(s) + "'");
  }
  return true;
}

// The verb and its arguments, split at ':'.
using Fields = std::vector<std::string_view>;
Fields split_fields(std::string_view s) {
  Fields f;
  size_t start = 0;
  for (;;) {
    size_t colon = s.find(':', start);
    f.push_back(s.substr(start, colon == std::string_view::npos ? s.npos : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  return f;
}

// The verb takes exactly n arguments.
bool want_args(const Fields& f, size_t n, std::string* error) {
  const size_t nargs = f.size() - 1;
  if (nargs == n) return true;
  return fail(error, std::string("'").append(f[0]) + "' takes " + std::to_string(n) + " argument" +
                         (n == 1 ? "" : "s") + ", got " + std::to_string(nargs));
}

// "play_dev:<card>[:<resource>[:<resource>]]".
std::optional<Action> parse_dev_play(const Fields& f, std::string* error) {
  const size_t nargs = f.size() - 1;
  if (nargs < 1) {
    fail(error, "'play_dev' needs a card: knight, road_building, year_of_plenty, monopoly");
    return std::nullopt;
  }
  const std::string_view card = f[1];
  const std::string full = "play_dev:" + std::string(card);
  const auto t = kActionNames.parse(full);
  if (!t) {
    fail(error, card == "victory_point"
                    ? "victory point cards are not played; they count automatically"
                    : "unknown development card '" + std::string(card) + "'");
    return std::nullopt;
  }
  Action a;
  a.type = *t;
  int x = 0, y = 0;
  if (*t == ActionType::PlayYearOfPlenty) {
    if (nargs != 3) {
      fail(error, "'play_dev:year_of_plenty' takes two resources");
      return std::nullopt;
    }
    if (!parse_res(f[2], &x, error) || !parse_res(f[3], &y, error)) return std::nullopt;
    // One string form: the two resources in canonical order.
    a.arg = static_cast<int8_t>(x < y ? x : y);
    a.arg2 = static_cast<int8_t>(x < y ? y : x);
    return a;
  }
  if (*t == ActionType::PlayMonopoly) {
    if (nargs != 2) {
      fail(error, "'play_dev:monopoly' takes one resource");
      return std::nullopt;
    }
    if (!parse_res(f[2], &x, error)) return std::nullopt;
    a.arg = static_cast<int8_t>(x);
    return a;
  }
  if (nargs != 1) {  // knight, road building
    fail(error, "'" + full + "' takes no further arguments");
    return std::nullopt;
  }
  return a;
}

// One id argument (a vertex, edge, seat or hex) below `limit`.
std::optional<Action> with_id(Action a, const Fields& f, int limit, const char* what,
                              std::string* error) {
  int x = 0;
  if (!want_args(f, 1, error) || !parse_id(f[1], limit, what, &x, error)) return std::nullopt;
  a.arg = static_cast<int8_t>(x);
  return a;
}

// Two bundles, f[i] given and f[i + 1] asked for.
bool with_bundles(Action& a, const Fields& f, size_t i, std::string* error) {
  auto g = parse_bundle(f[i], error);
  if (!g) return false;
  auto h = parse_bundle(f[i + 1], error);
  if (!h) return false;
  a.give = *g;
  a.get = *h;
  return true;
}

// "offer_trade:<seat>|all:<give>:<get>".
std::optional<Action> parse_offer(Action a, const Fields& f, std::string* error) {
  int x = 0;
  if (!want_args(f, 3, error)) return std::nullopt;
  if (f[1] == "all")
    x = -1;
  else if (!parse_id(f[1], kMaxPlayers, "seat", &x, error))
    return std::nullopt;
  if (!with_bundles(a, f, 2, error)) return std::nullopt;
  a.arg = static_cast<int8_t>(x);
  return a;
}

// The arguments of a verb other than play_dev.
std::optional<Action> parse_args(ActionType t, const Fields& f, std::string* error) {
  Action a;
  a.type = t;
  switch (t) {
    case ActionType::BuildSettlement:
    case ActionType::BuildCity:
      return with_id(a, f, kNumVertices, "vertex", error);
    case ActionType::BuildRoad:
    case ActionType::FreeRoad:
      return with_id(a, f, kNumEdges, "edge", error);
    case ActionType::ConfirmTrade:
    case ActionType::Steal:
      return with_id(a, f, kMaxPlayers, "seat", error);
    case ActionType::MoveRobber:
      return with_id(a, f, kNumHexes, "hex", error);
    case ActionType::TradeBank: {
      int x = 0, y = 0;
      if (!want_args(f, 2, error) || !parse_res(f[1], &x, error) || !parse_res(f[2], &y, error))
        return std::nullopt;
      a.arg = static_cast<int8_t>(x);
      a.arg2 = static_cast<int8_t>(y);
      return a;
    }
    case ActionType::OfferTrade:
      return parse_offer(a, f, error);
    case ActionType::CounterTrade:
      if (!want_args(f, 2, error) || !with_bundles(a, f, 1, error)) return std::nullopt;
      return a;
    case ActionType::Discard: {
      if (!want_args(f, 1, error)) return std::nullopt;
      auto g = parse_bundle(f[1], error);
      if (!g) return std::nullopt;
      a.give = *g;
      return a;
    }
    default:  // no arguments
      if (!want_args(f, 0, error)) return std::nullopt;
      return a;
  }
}

}  // namespace

std::optional<Action> Action::parse(std::string_view s, std::string* error) {
  if (!sized(s, kMaxActionText, "action", "", error)) return std::nullopt;
  if (!plain_characters(s, error)) return std::nullopt;
  const Fields f = split_fields(s);
  if (f[0] == "play_dev") return parse_dev_play(f, error);
  // Every other verb is a name of kActionNames (which holds no ':' but after "play_dev").
  const auto t = kActionNames.parse(f[0]);
  if (!t) {
    fail(error, "unknown action '" + std::string(f[0]) + "'");
    return std::nullopt;
  }
  return parse_args(*t, f, error);
}

namespace {

uint64_t pack_bundle(const ResourceCounts& c) {
  uint64_t v = 0;
  for (int r = 0; r < kNumResources; ++r) v |= static_cast<uint64_t>(c[r] & 31) << (5 * r);
  return v;
}

ResourceCounts unpack_bundle(uint64_t v) {
  ResourceCounts c{};
  for (int r = 0; r < kNumResources; ++r) c[r] = static_cast<uint8_t>((v >> (5 * r)) & 31);
  return c;
}

uint64_t small(int8_t x) {
  return static_cast<uint64_t>(static_cast<uint8_t>(x + 1));
}

}  // namespace

uint64_t action_id(const Action& a) {
  const IdLayout& l = id_layout(a.type);
  uint64_t id = static_cast<uint64_t>(a.type);
  auto put = [&](int at, uint64_t v) {
    if (at >= 0) id |= v << (5 + at);
  };
  put(l.arg, small(a.arg));
  put(l.arg2, small(a.arg2));
  put(l.give, pack_bundle(a.give));
  put(l.get, pack_bundle(a.get));
  return id;
}

std::optional<Action> action_from_id(uint64_t id) {
  const uint64_t type = id & 31;
  if (type >= static_cast<uint64_t>(kNumActionTypes)) return std::nullopt;
  Action a;
  a.type = static_cast<ActionType>(type);
  const IdLayout& l = id_layout(a.type);
  const uint64_t p = id >> 5;
  auto arg = [p](int at) { return static_cast<int8_t>(static_cast<int>((p >> at) & 255) - 1); };
  if (l.arg >= 0) a.arg = arg(l.arg);
  if (l.arg2 >= 0) a.arg2 = arg(l.arg2);
  if (l.give >= 0) a.give = unpack_bundle(p >> l.give);
  if (l.get >= 0) a.get = unpack_bundle(p >> l.get);
  // Resource arguments must name a resource before to_string() may print them.
  auto is_resource = [](int8_t r) { return r >= 0 && r < kNumResources; };
  if (resource_args(a.type) &&
      (!is_resource(a.arg) || (a.type != ActionType::PlayMonopoly && !is_resource(a.arg2)))) {
    return std::nullopt;
  }
  // parse() holds every range check; the id is valid exactly when it round-trips.
  auto parsed = Action::parse(a.to_string());
  if (!parsed || !(*parsed == a) || action_id(*parsed) != id) return std::nullopt;
  return parsed;
}

}  // namespace catan
