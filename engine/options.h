// Game options (docs/RULES.md, options). Two presets name the common choices (docs/RULES.md,
// presets): classic and arena.
#pragma once
#include <cstdint>
#include <string>

#include "engine/board.h"
#include "engine/enum_names.h"

namespace catan {

enum class Preset : uint8_t { Classic, Arena };
enum class Mode : uint8_t { Classic, Blitz, Epic, Custom };  // 10, 7 + start cards, 13, any
enum class DiceMode : uint8_t { Random, Balanced };          // balanced: deck of the 36 outcomes
enum class Visibility : uint8_t { Revealed, Mist, TerraIncognita };
enum class DiscardMode : uint8_t { Choose, AutoLargest };  // arena discards automatically
enum class TradeMode : uint8_t { Bundles, OneForOne };     // arena: strict 1-for-1, 2 offers

struct GameOptions {
  Preset preset = Preset::Classic;
  uint8_t players = 4;  // 2..4 (2 only as an explicit option)
  LayoutKind board = LayoutKind::Balanced;
  Mode mode = Mode::Classic;
  uint8_t vp_target = 10;
  bool start_with_one_of_each = false;  // Blitz
  DiceMode dice = DiceMode::Random;
  Visibility visibility = Visibility::Revealed;
  DiscardMode discard = DiscardMode::Choose;
  TradeMode trade = TradeMode::Bundles;
  uint8_t max_offers_per_turn = 0;  // 0 = unlimited
  uint16_t roll_cap = 0;            // 0 = none; arena 160
  bool forfeit_on_illegal = false;  // arena
  bool random_first_player = true;  // arena: seat 0 starts
  uint16_t timer_seconds = 0;       // UI only: 0 = off / unlimited

  bool operator==(const GameOptions&) const = default;
};

GameOptions classic_options();  // board balanced, 4 players, 10 VP
GameOptions arena_options();    // the arena rules (docs/RULES.md, presets)
GameOptions preset_options(Preset p);
// The target of a mode (docs/RULES.md, victory): classic 10, blitz 7, epic 13; custom -1.
int mode_vp_target(Mode m);
// Applies a mode: sets vp_target and start_with_one_of_each (custom keeps vp_target).
void set_mode(GameOptions& o, Mode m, int custom_vp = 10);

// key=value setters shared by the CLI, URL parameters and saved games. Keys: preset,
// players, board, mode, vp, dice, visibility, discard, trade, offers, roll_cap, forfeit,
// first (random|seat0), timer. Returns false and fills *error on a bad key or value.
bool set_option(GameOptions& o, const std::string& key, const std::string& value,
                std::string* error);
// Checks the combination (players range, vp range, ...).
bool validate(const GameOptions& o, std::string* error);

// The names of the option values (engine/enum_names.h).
inline constexpr EnumNames<Preset, 2> kPresetNames{{"classic", "arena"}};
inline constexpr EnumNames<LayoutKind, 4> kLayoutNames{
    {"beginner", "official", "balanced", "random"}};
inline constexpr EnumNames<Mode, 4> kModeNames{{"classic", "blitz", "epic", "custom"}};
inline constexpr EnumNames<DiceMode, 2> kDiceNames{{"random", "balanced"}};
inline constexpr EnumNames<Visibility, 3> kVisibilityNames{{"revealed", "mist", "terra_incognita"}};
inline constexpr EnumNames<DiscardMode, 2> kDiscardNames{{"choose", "auto"}};
inline constexpr EnumNames<TradeMode, 2> kTradeModeNames{{"bundles", "one_for_one"}};
// GameOptions::random_first_player as a value: "random" (true) or "seat0" (false).
inline constexpr std::array<const char*, 2> kFirstPlayerNames{"random", "seat0"};
inline const char* first_player_name(bool random) {
  return random ? kFirstPlayerNames[0] : kFirstPlayerNames[1];
}

}  // namespace catan
