// Game options as JSON: what options_to_json writes, options_from_json and saved games read
// (every key known, every value checked, the combination validated).
#include <string>

#include "engine/json_fields.h"
#include "engine/serialize.h"

namespace catan {
namespace detail {

void read_options(const json& j, GameOptions* o, bool require_all) {
  const std::string p = "options";
  if (!j.is_object()) fail(p, std::string("expected an object, got ") + type_of(j));
  static const char* const kKeys[] = {
      "preset",  "players",    "board",   "mode",  "vp",     "start_with_one_of_each",
      "dice",    "visibility", "discard", "trade", "offers", "roll_cap",
      "forfeit", "first",      "timer"};
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* k : kKeys) known = known || it.key() == k;
    if (!known) fail(p, "unknown option \"" + it.key() + "\"");
  }
  if (require_all)
    for (const char* k : kKeys) field(j, k, p);
  GameOptions r;
  auto has = [&](const char* k) { return j.contains(k); };
  auto sub = [&](const char* k) { return p + "." + k; };
  if (has("preset")) r.preset = get_enum(j["preset"], sub("preset"), kPresetNames);
  if (has("players")) r.players = static_cast<uint8_t>(get_int(j["players"], sub("players"), 2, 4));
  if (has("board")) r.board = get_enum(j["board"], sub("board"), kLayoutNames);
  if (has("mode")) r.mode = get_enum(j["mode"], sub("mode"), kModeNames);
  if (has("vp")) r.vp_target = static_cast<uint8_t>(get_int(j["vp"], sub("vp"), 1, 255));
  if (has("start_with_one_of_each"))
    r.start_with_one_of_each = get_bool(j["start_with_one_of_each"], sub("start_with_one_of_each"));
  if (has("dice")) r.dice = get_enum(j["dice"], sub("dice"), kDiceNames);
  if (has("visibility"))
    r.visibility = get_enum(j["visibility"], sub("visibility"), kVisibilityNames);
  if (has("discard")) r.discard = get_enum(j["discard"], sub("discard"), kDiscardNames);
  if (has("trade")) r.trade = get_enum(j["trade"], sub("trade"), kTradeModeNames);
  if (has("offers"))
    r.max_offers_per_turn = static_cast<uint8_t>(get_int(j["offers"], sub("offers"), 0, 255));
  if (has("roll_cap"))
    r.roll_cap = static_cast<uint16_t>(get_int(j["roll_cap"], sub("roll_cap"), 0, 65535));
  if (has("forfeit")) r.forfeit_on_illegal = get_bool(j["forfeit"], sub("forfeit"));
  if (has("first")) {
    const std::string& f = get_string(j["first"], sub("first"));
    if (f != kFirstPlayerNames[0] && f != kFirstPlayerNames[1])
      fail(sub("first"), "unknown value \"" + f + "\" (expected one of: " + kFirstPlayerNames[0] +
                             ", " + kFirstPlayerNames[1] + ")");
    r.random_first_player = f == kFirstPlayerNames[0];
  }
  if (has("timer"))
    r.timer_seconds = static_cast<uint16_t>(get_int(j["timer"], sub("timer"), 0, 65535));
  std::string why;
  if (!validate(r, &why)) fail(p, why.empty() ? "invalid combination" : why);
  *o = r;
}

}  // namespace detail

using nlohmann::json;

json options_to_json(const GameOptions& o) {
  json j = json::object();
  j["preset"] = kPresetNames.name(o.preset);
  j["players"] = o.players;
  j["board"] = kLayoutNames.name(o.board);
  j["mode"] = kModeNames.name(o.mode);
  j["vp"] = o.vp_target;
  j["start_with_one_of_each"] = o.start_with_one_of_each;
  j["dice"] = kDiceNames.name(o.dice);
  j["visibility"] = kVisibilityNames.name(o.visibility);
  j["discard"] = kDiscardNames.name(o.discard);
  j["trade"] = kTradeModeNames.name(o.trade);
  j["offers"] = o.max_offers_per_turn;
  j["roll_cap"] = o.roll_cap;
  j["forfeit"] = o.forfeit_on_illegal;
  j["first"] = first_player_name(o.random_first_player);
  j["timer"] = o.timer_seconds;
  return j;
}

bool options_from_json(const json& j, GameOptions* o, std::string* error) {
  try {
    detail::read_options(j, o, /*require_all=*/false);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
  } catch (...) {
    if (error) *error = "options: unexpected error";
  }
  return false;
}

}  // namespace catan
