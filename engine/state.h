// GameState: the whole game as one small, trivially copyable value (fixed arrays, ids not
// pointers). A game is exactly (options, seeds, actions): new_game() + apply() in order.
#pragma once
#include <array>
#include <cstdint>
#include <type_traits>

#include "engine/board.h"
#include "engine/enum_names.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/types.h"
#include "engine/victory_points.h"

namespace catan {

enum class Phase : uint8_t {
  SetupSettlement,  // "setup_settlement"
  SetupRoad,        // "setup_road"
  Roll,             // "roll": before the dice (a development card may be played)
  Discard,          // "discard": players over 7 cards choose (classic)
  MoveRobber,       // "move_robber"
  Steal,            // "steal"
  Main,             // "main": trade, build, play a card, end the turn
  RoadBuilding1,    // "road_building_first"
  RoadBuilding2,    // "road_building_second"
  TradeResponse,    // "trade_response": a target answers the pending offer
  TradeConfirm,     // "trade_confirm": the offerer picks one acceptance or cancels
  GameOver,         // "game_over"
};
const char* phase_name(Phase p);

enum class TradeAnswer : uint8_t { Pending = 0, Accepted, Declined, Countered, NotAsked };

struct TradeOffer {
  int8_t from = -1;              // always the active player
  int8_t to = -1;                // a seat, or -1 = everybody
  ResourceCounts give{}, get{};  // from the offerer's point of view
  std::array<TradeAnswer, kMaxPlayers> answers{};
  std::array<ResourceCounts, kMaxPlayers> counter_give{}, counter_get{};  // responder's view
  bool operator==(const TradeOffer&) const = default;
};

struct PlayerState {
  ResourceCounts resources{};
  DevCounts dev_cards{};             // in hand (VP cards stay here, hidden)
  DevCounts dev_bought_this_turn{};  // subset of dev_cards not playable yet
  DevCounts dev_played{};            // face up (knights count for Largest Army)
  uint8_t roads_left = kRoadsPerPlayer;
  uint8_t settlements_left = kSettlementsPerPlayer;
  uint8_t cities_left = kCitiesPerPlayer;
  uint8_t longest_road = 0;  // longest simple trail, broken at opponents
  uint8_t discard_owed = 0;  // cards still to discard in Phase::Discard
  bool forfeited = false;
  std::array<uint8_t, kNumResources> trade_rate{4, 4, 4, 4, 4};  // best bank rate
  bool operator==(const PlayerState&) const = default;
};

// End-of-game statistics kept as fixed arrays.
struct GameStats {
  std::array<uint16_t, 13> dice_histogram{};  // index = sum
  std::array<std::array<uint16_t, kNumResources>, kMaxPlayers> produced{};
  std::array<std::array<uint16_t, kNumResources>, kMaxPlayers> stolen_from{};
  std::array<uint16_t, kMaxPlayers> robber_moves_against_leader{};
  std::array<uint16_t, kMaxPlayers> offers_made{}, offers_accepted{};
  bool operator==(const GameStats&) const = default;
};

struct GameState {
  GameOptions options;
  Seeds seeds{0, 0};  // the board seed is public; the play seed is blanked in observations
  Rng rng;            // dice, deck draws (deck is pre-shuffled), steals
  Layout layout;
  uint8_t robber_hex = 0;

  std::array<int8_t, kNumVertices> vertex_owner;  // -1 = empty
  std::array<Building, kNumVertices> vertex_building;
  std::array<int8_t, kNumEdges> edge_owner;  // -1 = empty
  std::array<PlayerState, kMaxPlayers> players;
  ResourceCounts bank{};

  std::array<DevCard, kDevDeckSize> deck;  // shuffled at new_game; deck[deck_pos..] remain
  uint8_t deck_pos = 0;
  std::array<uint8_t, 36> dice_deck{};  // balanced dice: outcomes (d1-1)*6+(d2-1)
  uint8_t dice_pos = 36;                // reshuffled when exhausted

  Phase phase = Phase::SetupSettlement;
  Phase resume_phase = Phase::Main;  // where a knight/road building/robber returns
  uint8_t num_players = 4;
  uint8_t first_player = 0;
  uint8_t current = 0;                     // whose turn (setup: who places)
  uint8_t setup_step = 0;                  // 0 .. 2n-1 in snake order
  int8_t last_setup_vertex = -1;           // the setup road must touch it
  std::array<uint8_t, 2> last_dice{0, 0};  // 0,0 before the first roll
  uint16_t turn = 0;                       // completed turns
  uint16_t rolls = 0;
  bool dev_played_this_turn = false;
  uint8_t offers_this_turn = 0;
  uint8_t free_roads_left = 0;
  TradeOffer offer;  // meaningful in TradeResponse/TradeConfirm
  int8_t longest_road_holder = -1;
  int8_t largest_army_holder = -1;
  int8_t winner = -1;
  GameStats stats;

  // Who must act now (the discarding player, the trade responder, ...); -1 if over.
  int to_move() const {
    constexpr unsigned kSlow = 1u << static_cast<int>(Phase::Discard) |
                               1u << static_cast<int>(Phase::TradeResponse) |
                               1u << static_cast<int>(Phase::GameOver);
    return kSlow >> static_cast<int>(phase) & 1 ? to_move_slow() : current;  // one test
  }
  int num_dev_cards_left() const { return kDevDeckSize - deck_pos; }
  // engine/victory_points.h: the breakdown behind both.
  int public_vp(int seat) const;
  int total_vp(int seat) const;  // + hidden cards
  int hand_size(int seat) const { return total(players[seat].resources); }
  int dev_hand_size(int seat) const;

  bool operator==(const GameState&) const;  // field by field (bit-identical replay)
  int to_move_slow() const;                 // to_move() for Discard / TradeResponse / GameOver
};

// The one VP count (engine/victory_points.h), inline here: the rules ask for it after every
// action and the AIs' evaluation in every playout.
inline VpBreakdown vp_breakdown(const GameState& s, int seat) {
  const PlayerState& p = s.players[seat];
  VpBreakdown b;
  b.settlements = kSettlementsPerPlayer - p.settlements_left;
  b.cities = kCitiesPerPlayer - p.cities_left;
  b.longest_road = s.longest_road_holder == seat ? 2 : 0;
  b.largest_army = s.largest_army_holder == seat ? 2 : 0;
  b.vp_cards = p.dev_cards[static_cast<int>(DevCard::VictoryPoint)];
  b.revealed = s.phase == Phase::GameOver;
  return b;
}
inline int GameState::public_vp(int seat) const {
  return vp_breakdown(*this, seat).public_points();
}
inline int GameState::total_vp(int seat) const {
  return vp_breakdown(*this, seat).points();
}
static_assert(std::is_trivially_copyable_v<GameState>);

GameState new_game(const GameOptions& options, Seeds seeds);
inline GameState new_game(const GameOptions& options, uint64_t seed) {
  return new_game(options, Seeds::both(seed));
}

// The names of the phases and of the answers to an offer (engine/enum_names.h).
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

}  // namespace catan
