#include "engine/options.h"

#include <charconv>

namespace catan {

GameOptions classic_options() {
  return GameOptions{};
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

void set_mode(GameOptions& o, Mode m, int custom_vp) {
  o.mode = m;
  switch (m) {
    case Mode::Classic:
      o.vp_target = 10;
      o.start_with_one_of_each = false;
      break;
    case Mode::Blitz:
      o.vp_target = 7;
      o.start_with_one_of_each = true;
      break;
    case Mode::Epic:
      o.vp_target = 13;
      o.start_with_one_of_each = false;
      break;
    case Mode::Custom:
      o.vp_target = static_cast<uint8_t>(custom_vp < 0 ? 0 : custom_vp > 255 ? 255 : custom_vp);
      break;
  }
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
  auto bad = [&](const char* expected) {
    return fail(error,
                "bad value '" + value + "' for option '" + key + "' (expected " + expected + ")");
  };
  int n = 0;
  if (key == "preset") {
    GameOptions keep = o;
    if (value == "classic")
      o = classic_options();
    else if (value == "arena")
      o = arena_options();
    else
      return bad("classic|arena");
    o.timer_seconds = keep.timer_seconds;
    return true;
  }
  if (key == "players") {
    if (!parse_int(value, 2, 4, &n)) return bad("2..4");
    o.players = static_cast<uint8_t>(n);
    return true;
  }
  if (key == "board") {
    if (value == "beginner")
      o.board = LayoutKind::Beginner;
    else if (value == "official")
      o.board = LayoutKind::Official;
    else if (value == "balanced")
      o.board = LayoutKind::Balanced;
    else if (value == "random")
      o.board = LayoutKind::Random;
    else
      return bad("beginner|official|balanced|random");
    return true;
  }
  if (key == "mode") {
    if (value == "classic")
      set_mode(o, Mode::Classic);
    else if (value == "blitz")
      set_mode(o, Mode::Blitz);
    else if (value == "epic")
      set_mode(o, Mode::Epic);
    else if (value == "custom")
      set_mode(o, Mode::Custom, o.vp_target);
    else
      return bad("classic|blitz|epic|custom");
    return true;
  }
  if (key == "vp") {
    if (!parse_int(value, 3, 30, &n)) return bad("3..30");
    o.vp_target = static_cast<uint8_t>(n);
    // A target other than the mode's own makes the mode custom (start cards are kept).
    const bool matches = (o.mode == Mode::Classic && n == 10) ||
                         (o.mode == Mode::Blitz && n == 7) || (o.mode == Mode::Epic && n == 13);
    if (!matches) o.mode = Mode::Custom;
    return true;
  }
  if (key == "dice") {
    if (value == "random")
      o.dice = DiceMode::Random;
    else if (value == "balanced")
      o.dice = DiceMode::Balanced;
    else
      return bad("random|balanced");
    return true;
  }
  if (key == "visibility") {
    if (value == "revealed")
      o.visibility = Visibility::Revealed;
    else if (value == "mist")
      o.visibility = Visibility::Mist;
    else if (value == "terra_incognita")
      o.visibility = Visibility::TerraIncognita;
    else
      return bad("revealed|mist|terra_incognita");
    return true;
  }
  if (key == "discard") {
    if (value == "choose")
      o.discard = DiscardMode::Choose;
    else if (value == "auto" || value == "auto_largest")
      o.discard = DiscardMode::AutoLargest;
    else
      return bad("choose|auto");
    return true;
  }
  if (key == "trade") {
    if (value == "bundles")
      o.trade = TradeMode::Bundles;
    else if (value == "one_for_one")
      o.trade = TradeMode::OneForOne;
    else
      return bad("bundles|one_for_one");
    return true;
  }
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
    if (value == "random")
      o.random_first_player = true;
    else if (value == "seat0")
      o.random_first_player = false;
    else
      return bad("random|seat0");
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
