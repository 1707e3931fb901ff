// Session (match/session.h): AIs play at the configured pace through update(), humans
// act through submit(), timers hand a silent human's turn to the AI and then autopilot,
// hot-seat hand-offs, and the VP timeline.
#include "match/session.h"

#include <gtest/gtest.h>

#include "engine/rules.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

// Runs update() with a clock advancing by dt until pred() or max_frames.
template <class Pred>
int run(Session& s, double& t, double dt, int max_frames, Pred pred) {
  for (int f = 0; f < max_frames; ++f) {
    if (pred()) return f;
    t += dt;
    s.update(t, 50.0);
  }
  return max_frames;
}

TEST(Session, AllAiGameFinishes) {
  Session s;
  s.start(quick_match(3, 0, 7));
  double t = 0;
  run(s, t, 0.05, 20000, [&] { return s.state().phase == Phase::GameOver; });
  ASSERT_EQ(s.state().phase, Phase::GameOver);
  EXPECT_GE(s.state().winner, 0);
  EXPECT_EQ(check_invariants(s.state()), "");
  EXPECT_EQ(s.viewer(), -1);
  ASSERT_GE(s.vp_timeline().size(), 2u);
  EXPECT_EQ(s.vp_timeline().back()[s.state().winner], s.state().total_vp(s.state().winner));
}

TEST(Session, AiWaitsForTheConfiguredDelay) {
  Session s;
  MatchConfig mc = quick_match(3, 0, 11);
  mc.ai_action_delay_s = 1.0;
  s.start(mc);
  double t = 0;
  run(s, t, 0.1, 5, [] { return false; });  // 0.5 s: nothing yet
  EXPECT_EQ(s.game().history().size(), 0u);
  run(s, t, 0.1, 20, [&] { return !s.game().history().empty(); });
  EXPECT_EQ(s.game().history().size(), 1u);
}

TEST(Session, HumanActsThroughSubmitOnly) {
  Session s;
  s.start(quick_match(3, 1, 5));
  double t = 0;
  run(s, t, 0.05, 5000, [&] { return s.human_to_act(); });
  ASSERT_TRUE(s.human_to_act());
  EXPECT_EQ(s.viewer(), 0);
  const auto legal = legal_actions(s.state());
  ASSERT_FALSE(legal.empty());
  Action bad = Action::simple(ActionType::BuildCity, 0);
  std::string err;
  EXPECT_FALSE(s.submit(bad, &err));
  EXPECT_FALSE(err.empty());
  const size_t before = s.game().history().size();
  EXPECT_TRUE(s.submit(legal.front(), &err)) << err;
  EXPECT_EQ(s.game().history().size(), before + 1);
}

TEST(Session, TimeoutsHandTheTurnToTheAiThenAutopilot) {
  Session s;
  MatchConfig mc = quick_match(3, 1, 9);
  mc.options.timer_seconds = 20;
  s.start(mc);
  double t = 0;
  // The human never acts: every decision times out and the AI plays it.
  run(s, t, 0.5, 40000, [&] { return s.on_autopilot(0) || s.state().phase == Phase::GameOver; });
  EXPECT_TRUE(s.on_autopilot(0));
  EXPECT_FALSE(s.human_to_act());
  s.take_back_control(0);
  EXPECT_FALSE(s.on_autopilot(0));
}

TEST(Session, HotSeatAsksForTheDevice) {
  Session s;
  s.start(quick_match(2, 2, 3));
  ASSERT_TRUE(s.handoff_pending());
  const int first = s.handoff_seat();
  EXPECT_EQ(first, s.state().to_move());
  std::string err;
  EXPECT_FALSE(s.submit(legal_actions(s.state()).front(), &err));  // not before the hand-off
  s.accept_handoff();
  EXPECT_EQ(s.viewer(), first);
  // Setup: the first player places a settlement and a road, then the device moves on.
  ASSERT_TRUE(s.submit(legal_actions(s.state()).front(), &err)) << err;
  ASSERT_TRUE(s.submit(legal_actions(s.state()).front(), &err)) << err;
  EXPECT_TRUE(s.handoff_pending());
  EXPECT_NE(s.handoff_seat(), first);
  EXPECT_EQ(s.viewer(), first);  // the previous hand stays until the new player confirms
}

TEST(Session, PauseFreezesAis) {
  Session s;
  s.start(quick_match(3, 0, 13));
  s.set_paused(true);
  double t = 0;
  run(s, t, 0.1, 50, [] { return false; });
  EXPECT_EQ(s.game().history().size(), 0u);
  s.set_paused(false);
  run(s, t, 0.1, 50, [&] { return !s.game().history().empty(); });
  EXPECT_GT(s.game().history().size(), 0u);
}

}  // namespace
}  // namespace catan::match
