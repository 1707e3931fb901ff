// An Action is a small value with exactly one string form (see docs/PROTOCOL.md).
//
//   roll                              build_settlement:<v>   build_road:<e>   build_city:<v>
//   buy_dev_card                      trade_bank:<give>:<get>
//   offer_trade:<seat|all>:<give>:<get>   (bundles "wood,wood,ore"; arena: one card each)
//   accept_trade  decline_trade  counter_trade:<give>:<get>   (by a responder, own view)
//   confirm_trade:<seat>  cancel_trade                         (by the offerer)
//   play_dev:knight  play_dev:road_building  free_road:<e>
//   play_dev:year_of_plenty:<r1>:<r2>  play_dev:monopoly:<r>
//   move_robber:<hex>  steal:<seat>  discard:<bundle>  end_turn
//
// A bundle is a comma-separated list of resource names with repeats, in canonical
// resource order when printed ("wood,wood,ore"); parse accepts any order.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/enum_names.h"
#include "engine/types.h"

namespace catan {

enum class ActionType : uint8_t {
  Roll,
  BuildSettlement,  // arg = vertex (also the setup placement)
  BuildRoad,        // arg = edge (also the setup road)
  BuildCity,        // arg = vertex
  BuyDevCard,
  TradeBank,   // arg = give resource, arg2 = get resource
  OfferTrade,  // arg = target seat or -1 for all; give/get bundles
  AcceptTrade,
  DeclineTrade,
  CounterTrade,  // give/get from the responder's point of view
  ConfirmTrade,  // arg = seat whose acceptance or counter is taken
  CancelTrade,
  PlayKnight,
  PlayRoadBuilding,
  FreeRoad,          // arg = edge
  PlayYearOfPlenty,  // arg, arg2 = resources
  PlayMonopoly,      // arg = resource
  MoveRobber,        // arg = hex
  Steal,             // arg = victim seat
  Discard,           // give = the cards discarded
  EndTurn,
};
constexpr int kNumActionTypes = 21;

struct Action {
  ActionType type = ActionType::EndTurn;
  int8_t arg = -1;
  int8_t arg2 = -1;
  ResourceCounts give{};
  ResourceCounts get{};

  bool operator==(const Action&) const = default;
  std::string to_string() const;
  // nullopt and *error set on anything malformed (unknown verb, bad id syntax, bad
  // resource, trailing junk, over-long input). Range checks against the board are done
  // here too (vertex < 54 ...); legality is the rules' business.
  static std::optional<Action> parse(std::string_view s, std::string* error = nullptr);

  static constexpr Action simple(ActionType t, int a = -1, int b = -1) {
    Action x;
    x.type = t;
    x.arg = static_cast<int8_t>(a);
    x.arg2 = static_cast<int8_t>(b);
    return x;
  }
};

// The longest text parse() accepts, and a bound on every to_string(): the canonical form is at
// most "offer_trade:all:" + bundle + ":" + bundle, each bundle at most 19 of each resource
// (names <= 5 letters, plus commas), so anything parse() accepts prints back to text that
// parse() accepts again. Input may use shorter aliases ("wool" for sheep), hence the bound is
// on the canonical form, not the input.
inline constexpr size_t kMaxBundleText = size_t{kNumResources} * kBankPerResource * 6 - 1;
inline constexpr size_t kMaxActionText = 17 + 2 * kMaxBundleText;

// A stable integer per action (replay codes store these): the ActionType in the low 5 bits,
// then the type's arguments. ActionType values are therefore part of the replay-code format:
// a new type is added at the end, never renumbered. action_from_id accepts exactly the ids
// action_id produces for actions parse() accepts (nullopt for anything else).
uint64_t action_id(const Action& a);
std::optional<Action> action_from_id(uint64_t id);

std::string bundle_to_string(const ResourceCounts& c);  // "wood,wood,ore"; "" when empty
std::optional<ResourceCounts> parse_bundle(std::string_view s, std::string* error = nullptr);

// The verb of each ActionType's string form (engine/enum_names.h).
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

}  // namespace catan
