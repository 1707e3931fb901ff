#include "engine/options.h"

#include <charconv>

namespace catan {

GameOptions classic_options() {
  return GameOptions{};
}

GameOptions preset_options(Preset p) {
  return p == Preset::Arena ? arena_options() : classic_options();
}

GameOptions arena_options() {
  GameOptions o;
  o.preset = Preset::Arena;
  o.players = 4;
  o.board = LayoutKind::Random;
  o.mode = Mode::Classic;
  o.vp_target = 10;
  o.dice = DiceMode::Random;
  o.visibility = Visibility::Revealed;
  o.discard = DiscardMode::AutoLargest;
  o.trade = TradeMode::OneForOne;
  o.max_offers_per_turn = 2;
  o.roll_cap = 160;
  o.forfeit_on_illegal = true;
  o.random_first_player = false;
  return o;
}

int mode_vp_target(Mode m) {
  switch (m) {
    case Mode::Classic:
      return 10;
    case Mode::Blitz:
      return 7;
    case Mode::Epic:
      return 13;
    case Mode::Custom:
      break;
  }
  return -1;
}

void set_mode(GameOptions& o, Mode m, int custom_vp) {
  o.mode = m;
  if (m == Mode::Custom) {  // keeps the start cards as they are
    o.vp_target = static_cast<uint8_t>(custom_vp < 0 ? 0 : custom_vp > 255 ? 255 : custom_vp);
    return;
  }
  const int target = mode_vp_target(m);
  if (target < 0) return;  // not a mode
  o.vp_target = static_cast<uint8_t>(target);
  o.start_with_one_of_each = m == Mode::Blitz;  // Blitz: one card of each resource to start
}

namespace {

bool parse_int(const std::string& v, int lo, int hi, int* out) {
  if (v.empty() || v.size() > 6) return false;
  int x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi) return false;
  *out = x;
  return true;
}

bool fail(std::string* error, const std::string& msg) {
  if (error) *error = msg;
  return false;
}

}  // namespace

bool set_option(GameOptions& o, const std::string& key, const std::string& value,
                std::string* error) {
  auto bad = [&](const std::string& expected) {
    return fail(error,
                "bad value '" + value + "' for option '" + key + "' (expected " + expected + ")");
  };
  // An enum option: one of its table's names (engine/enum_names.h).
  auto pick = [&](const auto& names, auto& field) {
    const auto e = names.parse(value);
    if (!e) return bad(names.joined("|"));
    field = *e;
    return true;
  };
  int n = 0;
  if (key == "preset") {
    Preset p{};
    if (!pick(kPresetNames, p)) return false;
    const uint16_t timer = o.timer_seconds;
    o = preset_options(p);
    o.timer_seconds = timer;
    return true;
  }
  if (key == "players") {
    if (!parse_int(value, 2, 4, &n)) return bad("2..4");
    o.players = static_cast<uint8_t>(n);
    return true;
  }
  if (key == "board") return pick(kLayoutNames, o.board);
  if (key == "mode") {
    Mode m{};
    if (!pick(kModeNames, m)) return false;
    set_mode(o, m, o.vp_target);  // custom keeps the target
    return true;
  }
  if (key == "vp") {
    if (!parse_int(value, 3, 30, &n)) return bad("3..30");
    o.vp_target = static_cast<uint8_t>(n);
    // A target other than the mode's own makes the mode custom (start cards are kept).
    if (n != mode_vp_target(o.mode)) o.mode = Mode::Custom;
    return true;
  }
  if (key == "dice") return pick(kDiceNames, o.dice);
  if (key == "visibility") return pick(kVisibilityNames, o.visibility);
  if (key == "discard") {
    if (value == "auto_largest") {  // an older spelling of "auto"
      o.discard = DiscardMode::AutoLargest;
      return true;
    }
    return pick(kDiscardNames, o.discard);
  }
  if (key == "trade") return pick(kTradeModeNames, o.trade);
  if (key == "offers") {
    if (!parse_int(value, 0, 100, &n)) return bad("0..100, 0 = unlimited");
    o.max_offers_per_turn = static_cast<uint8_t>(n);
    return true;
  }
  if (key == "roll_cap") {
    if (!parse_int(value, 0, 10000, &n)) return bad("0..10000, 0 = none");
    o.roll_cap = static_cast<uint16_t>(n);
    return true;
  }
  if (key == "forfeit") {
    if (value == "true" || value == "1" || value == "on")
      o.forfeit_on_illegal = true;
    else if (value == "false" || value == "0" || value == "off")
      o.forfeit_on_illegal = false;
    else
      return bad("true|false");
    return true;
  }
  if (key == "first") {
    if (value != kFirstPlayerNames[0] && value != kFirstPlayerNames[1])
      return bad(std::string(kFirstPlayerNames[0]) + "|" + kFirstPlayerNames[1]);
    o.random_first_player = value == kFirstPlayerNames[0];
    return true;
  }
  if (key == "timer") {
    if (value == "off" || value == "unlimited") {
      o.timer_seconds = 0;
      return true;
    }
    if (!parse_int(value, 0, 3600, &n) || (n != 0 && n < 20)) return bad("0 (off) or 20..3600");
    o.timer_seconds = static_cast<uint16_t>(n);
    return true;
  }
  return fail(error, "unknown option '" + key + "'");
}

bool validate(const GameOptions& o, std::string* error) {
  if (o.players < 2 || o.players > 4) return fail(error, "players must be 2..4");
  if (o.vp_target < 3 || o.vp_target > 30) return fail(error, "vp target must be 3..30");
  if (static_cast<int>(o.board) > 3) return fail(error, "bad board");
  if (static_cast<int>(o.preset) > 1 || static_cast<int>(o.mode) > 3 ||
      static_cast<int>(o.dice) > 1 || static_cast<int>(o.visibility) > 2 ||
      static_cast<int>(o.discard) > 1 || static_cast<int>(o.trade) > 1)
    return fail(error, "bad enum value in options");
  if (o.roll_cap > 10000) return fail(error, "roll_cap must be 0..10000");
  if (o.max_offers_per_turn > 100) return fail(error, "offers must be 0..100");
  if (o.timer_seconds != 0 && (o.timer_seconds < 20 || o.timer_seconds > 3600))
    return fail(error, "timer must be 0 (off) or 20..3600 seconds");
  return true;
}

}  // namespace catan
