// One name table per engine enum: the spelling every string form uses (actions, JSON, saved
// games, the protocol, option values), indexed by the enum's value. Parsing is derived from
// the same table, so a name is written in exactly one place.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/options.h"
#include "engine/state.h"
#include "engine/types.h"

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

// ----- Game pieces --------------------------------------------------------------------------
inline constexpr EnumNames<Resource, kNumResources> kResourceNames{
    {"wood", "brick", "sheep", "wheat", "ore"}};
inline constexpr EnumNames<Terrain, 7> kTerrainNames{
    {"forest", "hills", "pasture", "fields", "mountains", "desert", "hidden"}};
inline constexpr EnumNames<DevCard, kNumDevCardTypes> kDevCardNames{
    {"knight", "victory_point", "road_building", "year_of_plenty", "monopoly"}};
inline constexpr EnumNames<PortType, 7> kPortNames{
    {"wood", "brick", "sheep", "wheat", "ore", "generic", "hidden"}};

// ----- State and events -----------------------------------------------------------------------
inline constexpr EnumNames<Phase, static_cast<size_t>(Phase::GameOver) + 1> kPhaseNames{{
    "setup_settlement",
    "setup_road",
    "roll",
    "discard",
    "move_robber",
    "steal",
    "main",
    "road_building_first",
    "road_building_second",
    "trade_response",
    "trade_confirm",
    "game_over",
}};
inline constexpr EnumNames<TradeAnswer, static_cast<size_t>(TradeAnswer::NotAsked) + 1>
    kTradeAnswerNames{{"pending", "accepted", "declined", "countered", "not_asked"}};
inline constexpr EnumNames<EventType, static_cast<size_t>(EventType::Forfeited) + 1> kEventNames{{
    "settlement_built",
    "road_built",
    "city_built",
    "starting_resources",
    "dice_rolled",
    "produced",
    "production_short",
    "discarded",
    "robber_moved",
    "stole",
    "dev_card_bought",
    "dev_card_played",
    "monopoly_took",
    "year_of_plenty_took",
    "bank_trade",
    "trade_offered",
    "trade_answered",
    "trade_done",
    "trade_cancelled",
    "longest_road_changed",
    "largest_army_changed",
    "turn_ended",
    "game_won",
    "forfeited",
}};

// ----- Actions (engine/action.h): the verb of each ActionType's string form ------------------
inline constexpr EnumNames<ActionType, kNumActionTypes> kActionNames{{
    "roll",
    "build_settlement",
    "build_road",
    "build_city",
    "buy_dev_card",
    "trade_bank",
    "offer_trade",
    "accept_trade",
    "decline_trade",
    "counter_trade",
    "confirm_trade",
    "cancel_trade",
    "play_dev:knight",
    "play_dev:road_building",
    "free_road",
    "play_dev:year_of_plenty",
    "play_dev:monopoly",
    "move_robber",
    "steal",
    "discard",
    "end_turn",
}};

// ----- Options (engine/options.h) -------------------------------------------------------------
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
