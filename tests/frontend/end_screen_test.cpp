// VP breakdown, dice expectation and production totals (frontend/end_screen.h), plus the
// player summaries of frontend/players_view.h, checked along real games.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/game.h"
#include "engine/observation.h"
#include "frontend/end_screen.h"
#include "frontend/players_view.h"
#include "match/session.h"

namespace catan::ui {
namespace {

TEST(EndScreen, ExpectedRollsSumToTheRolls) {
  const auto e = expected_rolls(360);
  EXPECT_DOUBLE_EQ(e[7], 60.0);
  EXPECT_DOUBLE_EQ(e[2], 10.0);
  EXPECT_DOUBLE_EQ(e[12], 10.0);
  EXPECT_DOUBLE_EQ(e[0] + e[1], 0.0);
  EXPECT_NEAR(std::accumulate(e.begin(), e.end(), 0.0), 360.0, 1e-9);
  int ways = 0;
  for (int s = 0; s <= 13; ++s) ways += ways_to_roll(s);
  EXPECT_EQ(ways, 36);
}

TEST(EndScreen, ChiSquareIsZeroForAPerfectHistogram) {
  std::array<uint16_t, 13> h{};
  for (int s = 2; s <= 12; ++s) h[s] = static_cast<uint16_t>(ways_to_roll(s) * 10);
  EXPECT_NEAR(dice_chi_square(h), 0.0, 1e-9);
  h[7] += 30;
  EXPECT_GT(dice_chi_square(h), 5.0);
  EXPECT_EQ(dice_chi_square(std::array<uint16_t, 13>{}), 0.0);
}

TEST(EndScreen, ProducedTotals) {
  GameStats st{};
  st.produced[0] = {1, 2, 3, 4, 5};
  st.produced[2] = {0, 0, 7, 0, 0};
  const auto t = produced_totals(st);
  EXPECT_EQ(t[0], 15);
  EXPECT_EQ(t[1], 0);
  EXPECT_EQ(t[2], 7);
}

// Found playing: the title said "after 50 turns" while the VP chart ended at "turn 52". The game
// is won during a turn that never ends: its completed turns (GameState::turn) and that one.
// The chart has the start, a point after every completed turn and the final score, so its
// last point is the same turn as the title's count.
TEST(EndScreen, TheTitleAndTheChartCountTheSameTurns) {
  match::MatchConfig mc;  // four Easy AIs, acting at once
  mc.seeds = Seeds::both(19);
  for (auto& seat : mc.seats) seat.kind = match::SeatKind::AI, seat.ai.level = AiLevel::Easy;
  mc.ai_action_delay_s = 0.0;
  mc.ai_think_budget_ms = 5;
  match::Session s;
  s.start(mc);
  for (double t = 0; t < 2000 && s.state().phase != Phase::GameOver; t += 0.05) s.update(t, 50.0);
  ASSERT_EQ(s.state().phase, Phase::GameOver);
  const GameState& g = s.state();
  EXPECT_EQ(turns_played(s.game()), g.turn + 1) << "won during a turn";
  const auto pts = vp_chart_points(s);
  EXPECT_EQ(static_cast<int>(pts.size()) - 1, turns_played(s.game()));
  EXPECT_EQ(pts.front(), (std::array<uint8_t, kMaxPlayers>{}));
  EXPECT_EQ(pts.back()[g.winner], g.total_vp(g.winner));
}

// Plays a game with a fixed pseudo-random choice among legal actions and checks, at every
// step, that the breakdown adds up to the engine's total VP and the summaries are sane.
TEST(EndScreen, BreakdownSumsToTotalVpAlongAGame) {
  Game g(classic_options(), 4242);
  uint64_t x = 88172645463325252ull;
  int steps = 0;
  bool saw_city_or_award = false;
  while (g.state().phase != Phase::GameOver && steps < 4000) {
    const GameState& s = g.state();
    for (int p = 0; p < s.num_players; ++p) {
      const VpBreakdown b = vp_breakdown(s, p);
      ASSERT_EQ(b.points(), s.total_vp(p)) << "seat " << p << " step " << steps;
      saw_city_or_award |= b.cities > 0 || b.longest_road > 0 || b.largest_army > 0;
      const Observation o = observe(s, (p + 1) % s.num_players);
      const PlayerSummary sm = summarize_player(o, p, false, true);
      ASSERT_EQ(sm.public_vp, s.public_vp(p));
      ASSERT_EQ(sm.hand, s.hand_size(p));
      ASSERT_EQ(sm.dev_hand, s.dev_hand_size(p));
      ASSERT_EQ(sm.longest_road_award, s.longest_road_holder == p);
    }
    std::vector<Action> legal = legal_actions(s);
    ASSERT_FALSE(legal.empty());
    // Prefer building over trading and ending, so the game gets somewhere.
    std::vector<Action> pick;
    for (const Action& a : legal) {
      if (a.type == ActionType::BuildCity || a.type == ActionType::BuildSettlement ||
          a.type == ActionType::BuyDevCard || a.type == ActionType::PlayKnight) {
        pick.push_back(a);
      }
    }
    if (pick.empty()) {
      for (const Action& a : legal) {
        if (a.type != ActionType::OfferTrade) pick.push_back(a);
      }
    }
    if (pick.empty()) pick = legal;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    ASSERT_TRUE(g.apply(pick[x % pick.size()]));
    ++steps;
  }
  EXPECT_TRUE(saw_city_or_award);
  if (g.state().phase == Phase::GameOver) {
    const GameState& s = g.state();
    EXPECT_GE(vp_breakdown(s, s.winner).points(), s.options.vp_target);
    int rolled = 0;
    for (int v : s.stats.dice_histogram) rolled += v;
    EXPECT_EQ(rolled, s.rolls);
  }
}

TEST(PlayersView, StatusSaysWhatThePlayerIsDoing) {
  GameState s = new_game(classic_options(), 3);
  s.phase = Phase::Discard;
  s.current = 0;
  s.players[2].discard_owed = 4;
  EXPECT_EQ(player_status(s, 2, false, true), "must discard 4");
  EXPECT_EQ(player_status(s, 2, true, true), "thinking...");
  EXPECT_EQ(player_status(s, 1, true, true), "");
  s.players[2].discard_owed = 0;
  s.phase = Phase::Roll;
  EXPECT_EQ(player_status(s, 0, false, false), "about to roll");
  EXPECT_EQ(player_status(s, 0, true, true), "thinking...");
  s.phase = Phase::TradeResponse;
  s.offer.from = 0;
  s.offer.answers = {TradeAnswer::NotAsked, TradeAnswer::Declined, TradeAnswer::Pending,
                     TradeAnswer::Pending};
  EXPECT_EQ(player_status(s, 0, false, true), "waiting for answers");
  EXPECT_EQ(player_status(s, 1, false, true), "declined the offer");
  EXPECT_EQ(player_status(s, 2, false, false), "considering the offer");
  EXPECT_EQ(player_status(s, 3, false, true), "asked to trade");
  s.phase = Phase::GameOver;
  s.winner = 3;
  EXPECT_EQ(player_status(s, 3, false, true), "wins the game!");
  EXPECT_EQ(player_status(s, 1, false, true), "");
}

}  // namespace
}  // namespace catan::ui
