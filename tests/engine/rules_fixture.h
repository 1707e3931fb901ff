// Helpers for rule tests: build concrete positions directly in a GameState.
#pragma once
#include <gtest/gtest.h>

#include <vector>

#include "engine/rules.h"

namespace catan::testing_rules {

inline ResourceCounts RC(int wood, int brick, int sheep, int wheat, int ore) {
  return {static_cast<uint8_t>(wood), static_cast<uint8_t>(brick), static_cast<uint8_t>(sheep),
          static_cast<uint8_t>(wheat), static_cast<uint8_t>(ore)};
}

// A game on the beginner island with setup skipped: seat 0 to act in Main, nothing built.
inline GameState blank(int players = 4, GameOptions o = classic_options()) {
  o.players = static_cast<uint8_t>(players);
  o.board = LayoutKind::Beginner;
  GameState s = new_game(o, 1);
  s.setup_step = static_cast<uint8_t>(2 * players);
  s.first_player = 0;
  s.current = 0;
  s.phase = Phase::Main;
  return s;
}

inline const HexInfo& hex(int h) {
  return topology().hexes[h];
}

inline void refresh(GameState& s) {
  for (int p = 0; p < s.num_players; ++p) {
    s.players[p].longest_road = static_cast<uint8_t>(longest_road_length(s, p));
    s.players[p].trade_rate = trade_rates(s, p);
  }
}

inline void settle(GameState& s, int p, int v, bool city = false) {
  s.vertex_owner[v] = static_cast<int8_t>(p);
  s.vertex_building[v] = city ? Building::City : Building::Settlement;
  if (city)
    --s.players[p].cities_left;
  else
    --s.players[p].settlements_left;
  refresh(s);
}

inline void road(GameState& s, int p, int e) {
  s.edge_owner[e] = static_cast<int8_t>(p);
  --s.players[p].roads_left;
  refresh(s);
}

// Moves cards from the bank into p's hand.
inline void give(GameState& s, int p, const ResourceCounts& c) {
  for (int r = 0; r < kNumResources; ++r) {
    s.bank[r] -= c[r];
    s.players[p].resources[r] += c[r];
  }
}

// Gives p an unplayed development card from the deck (as if bought on an earlier turn).
inline void give_dev(GameState& s, int p, DevCard d) {
  for (int i = s.deck_pos; i < kDevDeckSize; ++i)
    if (s.deck[i] == d) {
      std::swap(s.deck[i], s.deck[s.deck_pos]);
      ++s.deck_pos;
      ++s.players[p].dev_cards[static_cast<int>(d)];
      return;
    }
  ADD_FAILURE() << "no such card left in the deck";
}

inline Action act(const char* text) {
  std::string err;
  auto a = Action::parse(text, &err);
  EXPECT_TRUE(a.has_value()) << text << ": " << err;
  return a.value_or(Action{});
}

// Applies an action given as text and expects success.
inline void ok(GameState& s, const char* text) {
  std::string err;
  EXPECT_TRUE(apply(s, act(text), &err)) << text << ": " << err;
  EXPECT_EQ(check_invariants(s), "") << "after " << text;
}

inline bool legal(const GameState& s, const char* text) {
  return is_legal(s, act(text));
}

inline int edge(int v0, int v1) {
  return topology().edge_between(v0, v1);
}

// Coastal vertices in order, walking clockwise from hex 0's top corner edge (walk_coast, 31
// entries: out[30] == out[0]).
inline std::vector<int> coast() {
  const Coast c = walk_coast(topology());
  return std::vector<int>(c.vertices.begin(), c.vertices.end());
}

// Roads for p along the coast from coastal vertex index a to b (b > a).
inline void coast_roads(GameState& s, int p, int a, int b) {
  const auto c = coast();
  for (int i = a; i < b; ++i) road(s, p, edge(c[i % 30], c[(i + 1) % 30]));
}

inline std::string str(const std::vector<Action>& v) {
  std::string s;
  for (auto& a : v) s += a.to_string() + " ";
  return s;
}

}  // namespace catan::testing_rules
