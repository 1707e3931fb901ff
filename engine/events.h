// Events: what happened, for logs, notices, statistics and AI card counting. apply()
// emits them; redact() turns one into what a given seat may see.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/enum_names.h"
#include "engine/types.h"

namespace catan {

enum class EventType : uint8_t {
  SettlementBuilt,     // seat, arg = vertex (setup too)
  RoadBuilt,           // seat, arg = edge (setup, bought and free)
  CityBuilt,           // seat, arg = vertex
  StartingResources,   // seat, a = cards (arg = how many when redacted to a count)
  DiceRolled,          // seat, arg = d1, arg2 = d2
  Produced,            // seat, a = cards received
  ProductionShort,     // arg = resource nobody (or only part) could be paid
  Discarded,           // seat, a = cards
  RobberMoved,         // seat, arg = hex
  Stole,               // seat = thief, other = victim, arg = resource (-1 when redacted)
  DevCardBought,       // seat, arg = DevCard (-1 when redacted)
  DevCardPlayed,       // seat, arg = DevCard
  MonopolyTook,        // seat, other = victim, arg = resource, arg2 = count
  YearOfPlentyTook,    // seat, a = cards
  BankTrade,           // seat, a = given, b = received
  TradeOffered,        // seat, other = target (-1 all), a = give, b = get
  TradeAnswered,       // seat = responder, arg = TradeAnswer, a/b = counter (responder view)
  TradeDone,           // seat = offerer, other = partner, a = offerer gave, b = offerer got
  TradeCancelled,      // seat
  LongestRoadChanged,  // seat = new holder (-1 vacated), other = previous, arg = length
  LargestArmyChanged,  // seat = new holder, other = previous, arg = knights
  TurnEnded,           // seat = who ended, other = next
  GameWon,             // seat, arg = total VP
  Forfeited,           // seat
};

struct Event {
  EventType type;
  int8_t seat = -1;
  int8_t other = -1;
  int8_t arg = -1;
  int8_t arg2 = -1;
  ResourceCounts a{};
  ResourceCounts b{};
  bool operator==(const Event&) const = default;
};

// What `viewer` may see of e (viewer -1 = a spectator; kAllSeats = everything). `fog`: the
// island is still hidden (island_hidden(): docs/RULES.md, visibility), so
// starting cards show only their number (a = {}, arg = count), for every seat.
constexpr int kAllSeats = 99;
Event redact(const Event& e, int viewer, bool fog = false);
// A plain English sentence ("Red built a road.") with seat names supplied by the caller
// (engine/english.cpp, with expected_text()). A seat named "You" reads "Your offer", "You
// take". Resources read as the engine names them ("2 wood and 1 sheep") unless the caller
// passes its own words, one per Resource (the UI's "Wool", "Grain").
std::string describe(const Event& e, const std::string (&seat_names)[4]);
std::string describe(const Event& e, const std::string (&seat_names)[4],
                     const char* const (&resource_words)[kNumResources]);

using EventLog = std::vector<Event>;

// The name of each event type (engine/enum_names.h).
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

}  // namespace catan
