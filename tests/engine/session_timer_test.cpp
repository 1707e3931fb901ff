// Session timers (docs/RULES.md, timers): when a human's time runs out the AI makes only the
// smallest safe completion of the turn (a required placement, discard, robber move, steal or
// roll, then the end of the turn: never an offer, a build, a bank trade or a development
// card), the player is told, and their next turn is theirs again. After two missed turns in
// a row the AI plays the seat (on_autopilot) until take_back_control.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "match/session.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

MatchConfig timed_config(int players, uint64_t seed, int timer_s) {
  MatchConfig mc = quick_match(players, 1, seed);
  mc.options.timer_seconds = static_cast<uint16_t>(timer_s);
  return mc;
}

// What a time-out must never do in the player's name: an offer or any trade answer but a
// decline, a build outside the setup, a bank trade, a development card.
bool forbidden_on_timeout(Phase p, ActionType t) {
  using T = ActionType;
  static const std::set<ActionType> never = {
      T::BuildCity,        T::BuyDevCard,       T::TradeBank,    T::OfferTrade,
      T::AcceptTrade,      T::CounterTrade,     T::ConfirmTrade, T::PlayKnight,
      T::PlayRoadBuilding, T::PlayYearOfPlenty, T::PlayMonopoly};
  if (t == T::BuildSettlement) return p != Phase::SetupSettlement;
  if (t == T::BuildRoad) return p != Phase::SetupRoad;
  return never.count(t) > 0;
}

// Drives update() frame by frame (dt seconds each) and records every action applied for seat
// 0 with the phase it was applied in.
struct Driver {
  explicit Driver(Session& session) : s(session) {}
  Session& s;
  double t = 0;
  struct Applied {
    Phase phase;
    Action action;
    int turn;
    double t;
  };
  std::vector<Applied> seat0;
  int turns_ended_by_seat0 = 0;

  template <class Pred>
  bool run(double dt, int max_frames, Pred pred) {
    for (int f = 0; f < max_frames; ++f) {
      if (pred()) return true;
      const GameState before = s.state();
      const size_t n = s.game().history().size();
      t += dt;
      s.update(t, 50.0);
      if (s.game().history().size() == n + 1 && before.to_move() == 0) {
        const Action& a = s.game().history().back();
        seat0.push_back({before.phase, a, static_cast<int>(before.turn), t});
        if (a.type == ActionType::EndTurn) ++turns_ended_by_seat0;
      }
      if (s.state().phase == Phase::GameOver) return pred();
    }
    return pred();
  }
};

TEST(SessionTimer, TimeOutMakesOnlyTheSmallestSafeCompletion) {
  // Several seeds: setups, 7s, trades offered to the human all meet the time-out.
  for (uint64_t seed : {9u, 21u, 33u}) {
    Session s;
    s.start(timed_config(3, seed, 20));
    Driver d(s);
    // The human never touches anything: every decision of seat 0 times out, for two turns.
    ASSERT_TRUE(d.run(0.5, 40000, [&] { return d.turns_ended_by_seat0 >= 2; }))
        << "seed " << seed << ": seat 0 did not end two turns";
    ASSERT_FALSE(d.seat0.empty());
    for (const auto& a : d.seat0) {
      EXPECT_FALSE(forbidden_on_timeout(a.phase, a.action.type))
          << "seed " << seed << ": the time-out played " << a.action.to_string() << " in "
          << phase_name(a.phase) << " (turn " << a.turn << ") for the absent human";
    }
  }
}

TEST(SessionTimer, EachNewDecisionGetsAFreshClock) {
  // A time-out finishes one setup placement or one turn; the next setup placement (the snake
  // order gives one seat two in a row) and the first turn after the setup start a new clock.
  for (uint64_t seed : {3u, 9u, 21u, 33u}) {
    Session s;
    s.start(timed_config(3, seed, 20));
    Driver d(s);
    ASSERT_TRUE(d.run(0.5, 40000, [&] { return d.turns_ended_by_seat0 >= 1; }));
    for (size_t i = 1; i < d.seat0.size(); ++i) {
      const auto& a = d.seat0[i];
      if (a.action.type != ActionType::Roll && a.phase != Phase::SetupSettlement) continue;
      EXPECT_GE(a.t - d.seat0[i - 1].t, 19.5)
          << "seed " << seed << ": " << a.action.to_string() << " in " << phase_name(a.phase)
          << " was played " << a.t - d.seat0[i - 1].t << " s after the previous time-out";
    }
  }
}

TEST(SessionTimer, ATimedOutTurnEndsAndTheNextTurnIsThePlayers) {
  Session s;
  s.start(timed_config(3, 5, 20));
  Driver d(s);
  // Play the setup for the human (quickly, by hand) so that only a real turn times out.
  std::string err;
  ASSERT_TRUE(d.run(0.05, 20000, [&] {
    if (s.human_to_act() &&
        (s.state().phase == Phase::SetupSettlement || s.state().phase == Phase::SetupRoad)) {
      EXPECT_TRUE(s.submit(legal_actions(s.state()).front(), &err)) << err;
    }
    return s.state().phase == Phase::Roll && s.human_to_act();
  }));
  const int turn = s.state().turn;
  // Nobody touches anything: 20 s later the turn is rolled and ended for the human.
  ASSERT_TRUE(d.run(0.5, 2000, [&] { return static_cast<int>(s.state().turn) != turn; }));
  EXPECT_EQ(d.turns_ended_by_seat0, 1);
  EXPECT_FALSE(s.on_autopilot(0));
  // The next time seat 0 must act, the player acts (no AI standing in).
  ASSERT_TRUE(d.run(0.05, 40000, [&] { return s.state().to_move() == 0; }));
  EXPECT_TRUE(s.human_to_act());
  EXPECT_FALSE(s.finishing_turn(0));
}

TEST(SessionTimer, TheClockStartsWithTheFirstFrameOfTheMatch) {
  // The app's clock had run for minutes (the New game screen) before the match started.
  Session s;
  s.start(timed_config(3, 5, 20));
  s.update(600.0, 50.0);
  Driver d(s);
  d.t = 600.0;
  ASSERT_TRUE(d.run(0.05, 20000, [&] { return s.human_to_act(); }));
  EXPECT_GT(s.time_left(), 15.0);
  EXPECT_EQ(s.timed_out_seat(), -1);
  EXPECT_TRUE(d.seat0.empty()) << "the first decision timed out at once";
}

// The "Time's up" notice stays until the player makes a move (a player who looked away still
// reads it), and each move made for the player is listed with the index of its first event,
// for the log.
TEST(SessionTimer, TimesUpStaysUntilThePlayerActs) {
  Session s;
  s.start(timed_config(3, 5, 20));
  Driver d(s);
  ASSERT_TRUE(d.run(0.05, 20000, [&] { return s.human_to_act(); }));
  EXPECT_EQ(s.timed_out_seat(), -1);
  EXPECT_TRUE(s.timeout_moves().empty());
  ASSERT_TRUE(d.run(0.25, 200, [&] { return !d.seat0.empty(); }));
  EXPECT_EQ(s.timed_out_seat(), 0);
  ASSERT_EQ(s.timeout_moves().size(), 1u);
  const Session::TimeoutMove& tm = s.timeout_moves()[0];
  EXPECT_EQ(tm.seat, 0);
  EXPECT_EQ(tm.action, d.seat0[0].action);
  ASSERT_LT(tm.first_event, s.game().events().size());
  EXPECT_EQ(s.game().events()[tm.first_event].type, EventType::SettlementBuilt);
  EXPECT_EQ(s.game().events()[tm.first_event].seat, 0);
  // Long after, while nobody touches anything, the notice is still up.
  const double at = d.t;
  d.run(0.25, 100, [&] { return d.t > at + 15.0; });
  EXPECT_EQ(s.timed_out_seat(), 0);
  // The player's own move takes it down.
  ASSERT_TRUE(d.run(0.05, 20000, [&] { return s.human_to_act(); }));
  EXPECT_EQ(s.timed_out_seat(), 0);
  const std::vector<Action> legal = legal_actions(s.state());
  ASSERT_FALSE(legal.empty());
  const size_t made = s.timeout_moves().size();
  ASSERT_TRUE(s.submit(legal.front()));
  EXPECT_EQ(s.timed_out_seat(), -1);
  EXPECT_EQ(s.timeout_moves().size(), made) << "a move of the player's own is no time-out";
}

TEST(SessionTimer, MissedTurnsHandTheSeatToTheAiUntilTakenBack) {
  Session s;
  s.start(timed_config(3, 9, 20));
  Driver d(s);
  ASSERT_TRUE(d.run(0.5, 40000, [&] { return d.turns_ended_by_seat0 >= 1; }));
  EXPECT_FALSE(s.on_autopilot(0)) << "one missed turn is not absence";
  ASSERT_TRUE(d.run(0.5, 40000, [&] { return d.turns_ended_by_seat0 >= 2; }));
  EXPECT_TRUE(s.on_autopilot(0)) << "two missed turns in a row: the AI plays the seat";
  EXPECT_FALSE(s.human_to_act());
  s.take_back_control(0);
  EXPECT_FALSE(s.on_autopilot(0));
  EXPECT_EQ(s.idle_turns(0), 0);
  ASSERT_TRUE(d.run(0.05, 40000, [&] { return s.state().to_move() == 0; }));
  EXPECT_TRUE(s.human_to_act());
}

TEST(SessionTimer, InputCountsAsPresence) {
  Session s;
  s.start(timed_config(3, 9, 20));
  Driver d(s);
  // The player zooms and pans now and then but never plays: every turn times out (the
  // smallest completion), yet the seat is never taken over by the AI.
  ASSERT_TRUE(d.run(0.5, 60000, [&] {
    if (static_cast<int>(d.t * 2) % 20 == 0) s.note_presence(0);
    return d.turns_ended_by_seat0 >= 3;
  }));
  EXPECT_FALSE(s.on_autopilot(0));
  for (const auto& a : d.seat0) EXPECT_FALSE(forbidden_on_timeout(a.phase, a.action.type));
}

TEST(SessionTimer, ATimeOutWaitsWhileThePlayerIsZooming) {
  Session s;
  s.start(timed_config(3, 5, 20));
  Driver d(s);
  ASSERT_TRUE(d.run(0.05, 20000, [&] { return s.human_to_act(); }));
  const double start = d.t;
  // A gesture from 18 s to 26 s: the time-out waits for it to end.
  d.run(0.1, 400, [&] {
    if (d.t - start > 18 && d.t - start < 26) s.note_presence(0);
    return d.t - start > 26;
  });
  EXPECT_TRUE(d.seat0.empty()) << "the turn moved on while the player was zooming";
  EXPECT_TRUE(s.human_to_act());
  // Once the gesture is over, the time-out comes.
  ASSERT_TRUE(d.run(0.1, 100, [&] { return !d.seat0.empty(); }));
  // A gesture cannot hold the clock forever.
  Session s2;
  s2.start(timed_config(3, 5, 20));
  Driver d2(s2);
  ASSERT_TRUE(d2.run(0.05, 20000, [&] { return s2.human_to_act(); }));
  ASSERT_TRUE(d2.run(0.1, 1000, [&] {
    s2.note_presence(0);
    return !d2.seat0.empty();
  }));
  EXPECT_LE(d2.t, 20 + Session::kMaxPresenceDelaySeconds + 2.0);
}

}  // namespace
}  // namespace catan::match
