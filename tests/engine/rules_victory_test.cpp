// Rule tests from concrete positions: how a game is won (victory points, Longest Road, the
// arena's roll cap and forfeit). Each names the rule it checks (docs/RULES.md, <name>).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/rules.h"
#include "tests/engine/rules_fixture.h"

namespace catan {
namespace {

using namespace testing_rules;

// ---------------------------------------------------------------- victory

// docs/RULES.md, victory: VP cards (even bought this turn) win at once on one's own turn; only
// "on their own turn": a player at the target during another's turn wins when theirs starts.
TEST(Victory, VpCardsWinOnOwnTurnNotOnAnothers) {
  GameState s = blank();
  const int cities[] = {hex(0).vertices[0], hex(2).vertices[2], hex(16).vertices[3],
                        hex(18).vertices[1]};
  for (int v : cities) settle(s, 0, v, true);  // 8 VP
  give_dev(s, 0, DevCard::VictoryPoint);       // 9
  for (int i = s.deck_pos; i < kDevDeckSize; ++i)
    if (s.deck[i] == DevCard::VictoryPoint) {
      std::swap(s.deck[s.deck_pos], s.deck[i]);
      break;
    }
  EXPECT_EQ(s.public_vp(0), 8);
  EXPECT_EQ(s.total_vp(0), 9);
  give(s, 0, RC(0, 0, 1, 1, 1));
  EventLog ev;
  ASSERT_TRUE(apply(s, act("buy_dev_card"), nullptr, &ev));
  EXPECT_EQ(s.phase, Phase::GameOver);
  EXPECT_EQ(s.winner, 0);
  EXPECT_EQ(ev.back().type, EventType::GameWon);
  EXPECT_EQ(s.public_vp(0), 10) << "revealed at the end";
  EXPECT_EQ(check_invariants(s), "");

  GameState t = blank();
  for (int v : cities) settle(t, 1, v, true);
  give_dev(t, 1, DevCard::VictoryPoint);
  give_dev(t, 1, DevCard::VictoryPoint);  // seat 1 holds 10 during seat 0's turn
  give(t, 0, RC(4, 0, 0, 0, 0));
  ok(t, "trade_bank:wood:ore");
  EXPECT_EQ(t.phase, Phase::Main) << "not on another's turn";
  EXPECT_EQ(t.winner, -1);
  ASSERT_TRUE(apply(t, act("end_turn")));
  EXPECT_EQ(t.phase, Phase::GameOver) << "at the start of their own turn";
  EXPECT_EQ(t.winner, 1);
}

// ---------------------------------------------------------------- longest road

struct CoastRoads : ::testing::Test {
  std::vector<int> c = coast();
  GameState s = blank();
  // Seat p: a settlement at coastal index at, roads along the coast from index lo to hi.
  void coastline(int p, int at, int lo, int hi) {
    settle(s, p, c[at]);
    coast_roads(s, p, lo, hi);
  }
  // Seat 3 splits seat 0's coastal road at coastal vertex index i with a settlement, from
  // inland (x - w - c[i]).
  void split_at(int i) {
    const Topology& t = topology();
    const int v = c[i];
    ASSERT_EQ(t.vertices[v].num_neighbors, 3) << "needs an inland neighbour";
    int w = -1;
    for (int j = 0; j < 3; ++j)
      if (t.edges[t.vertices[v].edges[j]].num_hexes == 2) w = t.vertices[v].neighbors[j];
    int x = -1;
    for (int j = 0; j < t.vertices[w].num_neighbors; ++j) {
      const int cand = t.vertices[w].neighbors[j];
      if (cand == v) continue;
      bool free = s.vertex_owner[cand] < 0;
      for (int k = 0; k < t.vertices[cand].num_neighbors; ++k)
        free &= s.vertex_owner[t.vertices[cand].neighbors[k]] < 0;
      if (free) x = cand;
    }
    ASSERT_GE(x, 0);
    settle(s, 3, x);
    road(s, 3, edge(x, w));
    road(s, 3, edge(w, v));
    give(s, 3, RC(1, 1, 1, 1, 0));
    s.current = 3;
    ok(s, ("build_settlement:" + std::to_string(v)).c_str());
  }
  // A coastal index in [lo, hi] with an inland neighbour.
  int inland_index(int lo, int hi) {
    for (int i = lo; i <= hi; ++i)
      if (topology().vertices[c[i]].num_neighbors == 3) return i;
    return -1;
  }
};

// docs/RULES.md, longest road: 5+ needed; "The current holder keeps the bonus on tie"; a strictly
// longer single player takes it.
TEST_F(CoastRoads, TieKeepsStrictlyLongerTakes) {
  coastline(0, 0, 0, 4);
  coastline(1, 12, 12, 17);
  s.longest_road_holder = 1;
  ASSERT_EQ(check_invariants(s), "");
  give(s, 0, RC(3, 3, 0, 0, 0));
  ok(s, ("build_road:" + std::to_string(edge(c[4], c[5]))).c_str());
  EXPECT_EQ(s.players[0].longest_road, 5);
  EXPECT_EQ(s.longest_road_holder, 1) << "5 vs 5: holder keeps";
  EventLog ev;
  ASSERT_TRUE(apply(s, Action::simple(ActionType::BuildRoad, edge(c[5], c[6])), nullptr, &ev));
  EXPECT_EQ(s.longest_road_holder, 0);
  EXPECT_EQ(ev.back().type, EventType::LongestRoadChanged);
  EXPECT_EQ(ev.back().seat, 0);
  EXPECT_EQ(ev.back().other, 1);
  EXPECT_EQ(s.total_vp(0), 3);
}

// docs/RULES.md, longest road: "If the holder's chain drops below 5 (e.g. an opponent settlement
// splits it), the bonus is lost."
TEST_F(CoastRoads, SplitBelowFiveIsLost) {
  const int i = inland_index(3, 5);
  ASSERT_GE(i, 0);
  coastline(0, 0, 0, 8);
  s.longest_road_holder = 0;
  ASSERT_EQ(s.players[0].longest_road, 8);
  split_at(i);
  EXPECT_EQ(s.players[0].longest_road, std::max(i, 8 - i));
  if (std::max(i, 8 - i) < 5)
    EXPECT_EQ(s.longest_road_holder, -1);
  else
    EXPECT_EQ(s.longest_road_holder, 0);
}

// docs/RULES.md, longest road: "If the holder is overtaken by multiple players tied at the new max,
// the bonus is vacated until one player extends further"; a broken holder still tied keeps it.
TEST_F(CoastRoads, BrokenHolderVacatedOrKept) {
  // Seat 0: 9 coastal roads starting at a coastal index where a split leaves 4 + 5.
  int a = 0;
  while (topology().vertices[c[a + 4]].num_neighbors != 3 &&
         topology().vertices[c[a + 5]].num_neighbors != 3)
    ++a;
  ASSERT_LE(a, 1);
  coastline(0, a, a, a + 9);
  coastline(1, 18, 12, 18);
  coastline(2, 26, 20, 26);
  s.longest_road_holder = 0;
  ASSERT_EQ(check_invariants(s), "");
  int keep = -1;  // a split leaving 6 (tied with seats 1 and 2)
  for (int i = 3; i <= 6 && keep < 0; ++i)
    if (topology().vertices[c[a + i]].num_neighbors == 3 && std::max(i, 9 - i) == 6) keep = i;
  if (keep >= 0) {
    GameState saved = s;
    split_at(a + keep);
    EXPECT_EQ(s.players[0].longest_road, 6);
    EXPECT_EQ(s.longest_road_holder, 0) << "broken but tied for the lead: keeps";
    s = saved;
  }
  const int split = topology().vertices[c[a + 4]].num_neighbors == 3 ? 4 : 5;
  split_at(a + split);
  EXPECT_EQ(s.players[0].longest_road, 5);
  EXPECT_EQ(s.players[1].longest_road, 6);
  EXPECT_EQ(s.players[2].longest_road, 6);
  EXPECT_EQ(s.longest_road_holder, -1) << "two tied above the broken holder: set aside";
  // Seat 1 extends: a single leader takes it.
  s.current = 1;
  give(s, 1, RC(1, 1, 0, 0, 0));
  ok(s, ("build_road:" + std::to_string(edge(c[11], c[12]))).c_str());
  EXPECT_EQ(s.longest_road_holder, 1);
}

// docs/RULES.md, longest road: the chain is a simple trail: a loop with a tail counts each road
// once.
TEST_F(CoastRoads, SimpleTrailAroundALoop) {
  const auto& H = hex(9);
  settle(s, 0, H.vertices[0]);
  for (int i = 0; i < 6; ++i) road(s, 0, H.edges[i]);
  EXPECT_EQ(longest_road_length(s, 0), 6);
  const VertexInfo& V = topology().vertices[H.vertices[3]];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (s.edge_owner[V.edges[j]] < 0) road(s, 0, V.edges[j]);
  EXPECT_EQ(longest_road_length(s, 0), 7);
}

// ---------------------------------------------------------------- arena end conditions

// docs/RULES.md, roll cap: after 160 rolls the highest VP wins (ties by resource count, then seat
// order).
TEST(Arena, RollCap) {
  GameState s = blank(4, arena_options());
  settle(s, 1, hex(0).vertices[0]);
  settle(s, 2, hex(18).vertices[0]);
  give(s, 2, RC(1, 0, 0, 0, 0));
  s.rolls = 160;
  ok(s, "end_turn");
  EXPECT_EQ(s.phase, Phase::GameOver);
  EXPECT_EQ(s.winner, 2) << "1 VP each, seat 2 holds more cards";
}

// docs/RULES.md, illegal actions: "Any action outside the legal set forfeits the match for the
// offender".
TEST(Arena, ForfeitOnIllegal) {
  GameState s = blank(4, arena_options());
  settle(s, 2, hex(0).vertices[0]);
  std::string err;
  EventLog ev;
  EXPECT_FALSE(apply(s, act("build_city:0"), &err, &ev));
  EXPECT_FALSE(err.empty());
  EXPECT_TRUE(s.players[0].forfeited);
  EXPECT_EQ(s.phase, Phase::GameOver);
  EXPECT_EQ(s.winner, 2);
  // Classic: refused, nothing changes.
  GameState c = blank();
  const GameState before = c;
  EXPECT_FALSE(apply(c, act("build_city:0"), &err));
  EXPECT_TRUE(c == before);
  EXPECT_NE(err.find("city"), std::string::npos) << err;
}

}  // namespace
}  // namespace catan
