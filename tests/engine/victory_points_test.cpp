// engine/victory_points.h: the VP breakdown every screen and the rules count with, what a
// viewer may see of it, and the dice odds beside it (engine/board.h ways_to_roll, pips).
#include "engine/victory_points.h"

#include <gtest/gtest.h>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/rng.h"
#include "random_play.h"
#include "rules_fixture.h"

namespace catan {
namespace {

using testing_rules::blank;
using testing_rules::hex;
using testing_rules::settle;

TEST(VictoryPoints, NothingBuiltIsZero) {
  const GameState s = blank();
  for (int p = 0; p < s.num_players; ++p) {
    const VpBreakdown b = vp_breakdown(s, p);
    EXPECT_EQ(b.points(), 0);
    EXPECT_EQ(b.public_points(), 0);
    EXPECT_FALSE(b.revealed);
  }
}

// docs/RULES.md, victory: 1 per settlement, 2 per city, 2 per award, 1 per VP card.
TEST(VictoryPoints, EachSourceCounts) {
  GameState s = blank();
  settle(s, 0, hex(0).vertices[0]);
  settle(s, 0, hex(9).vertices[0], true);
  settle(s, 0, hex(18).vertices[0], true);
  s.longest_road_holder = 0;
  s.largest_army_holder = 1;
  s.players[0].dev_cards[static_cast<int>(DevCard::VictoryPoint)] = 2;
  const VpBreakdown b = vp_breakdown(s, 0);
  EXPECT_EQ(b.settlements, 1);
  EXPECT_EQ(b.cities, 2);
  EXPECT_EQ(b.longest_road, 2);
  EXPECT_EQ(b.largest_army, 0);
  EXPECT_EQ(b.vp_cards, 2);
  EXPECT_EQ(b.buildings_and_awards(), 1 + 4 + 2);
  EXPECT_EQ(b.public_points(), 7) << "VP cards stay hidden while the game runs";
  EXPECT_EQ(b.points(), 9);
  EXPECT_EQ(vp_breakdown(s, 1).largest_army, 2);
  EXPECT_EQ(s.public_vp(0), b.public_points());
  EXPECT_EQ(s.total_vp(0), b.points());
}

TEST(VictoryPoints, TheOwnerSeesItsCardsOthersDoNot) {
  GameState s = blank();
  settle(s, 0, hex(4).vertices[0]);
  s.players[0].dev_cards[static_cast<int>(DevCard::VictoryPoint)] = 1;
  EXPECT_EQ(vp_seen_by(s, 0, 0), 2);
  EXPECT_EQ(vp_seen_by(s, 0, 1), 1);
  // An Observation's view holds no other seat's cards: its breakdown cannot leak them.
  EXPECT_EQ(vp_breakdown(observe(s, 1).view, 0).points(), 1);
  EXPECT_EQ(vp_breakdown(observe(s, 0).view, 0).points(), 2);
  s.phase = Phase::GameOver;
  s.winner = 0;
  EXPECT_TRUE(vp_breakdown(s, 0).revealed);
  EXPECT_EQ(vp_seen_by(s, 0, 1), 2) << "revealed at the end";
  EXPECT_EQ(vp_breakdown(observe(s, 1).view, 0).public_points(), 2);
}

// The pieces out of the supply agree with the buildings on the board along random games, and
// a view gives every seat's public points exactly.
TEST(VictoryPoints, BreakdownMatchesTheBoardAlongGames) {
  for (uint64_t seed : {7u, 31u, 2024u}) {
    Game g(classic_options(), seed);
    Rng rng{seed * 977 + 1};
    for (int round = 0; round < 60 && g.state().phase != Phase::GameOver; ++round) {
      testing_support::play_random_actions(g, rng, 25);
      const GameState& s = g.state();
      for (int p = 0; p < s.num_players; ++p) {
        int settlements = 0, cities = 0;
        for (int v = 0; v < kNumVertices; ++v) {
          if (s.vertex_owner[v] != p) continue;
          settlements += s.vertex_building[v] == Building::Settlement;
          cities += s.vertex_building[v] == Building::City;
        }
        const VpBreakdown b = vp_breakdown(s, p);
        ASSERT_EQ(b.settlements, settlements) << "seed " << seed << " seat " << p;
        ASSERT_EQ(b.cities, cities);
        for (int viewer = 0; viewer < s.num_players; ++viewer) {
          const Observation o = observe(s, viewer);
          ASSERT_EQ(vp_breakdown(o.view, p).points(), vp_seen_by(s, p, viewer));
        }
      }
    }
  }
}

TEST(VictoryPoints, WaysToRollAndPips) {
  int ways = 0;
  for (int sum = 0; sum <= 13; ++sum) ways += ways_to_roll(sum);
  EXPECT_EQ(ways, 36);
  EXPECT_EQ(ways_to_roll(7), 6);
  EXPECT_EQ(ways_to_roll(2), 1);
  EXPECT_EQ(ways_to_roll(12), 1);
  EXPECT_EQ(pips(7), 0) << "no token produces on a 7";
  for (int n : {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}) EXPECT_EQ(pips(n), ways_to_roll(n));
}

}  // namespace
}  // namespace catan
