// A guest's end of online play (match/guest_link.h): a ViewMatch fed by the host's messages,
// whose submit() sends `act`, and which asks for a resync when it misses a view.
#include "match/guest_link.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/engine/linked_table.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

// Two guests (seats 0 and 1) and a bot; b's next view is lost once `drop_for_b` is set, while
// another seat is to move: that seat's move brings b a view it cannot apply.
struct LostViewTable : LinkedTable {
  LostViewTable() : LinkedTable(quick_match(3, 2, 31), 2, 11) {
    wire_tap = [this](const std::string& peer, std::string&) {
      if (peer != "g1" || !drop_for_b || room.game().state().to_move() == 1) return true;
      drop_for_b = false;
      return false;
    };
  }
  GuestLink& a = link(0);
  GuestLink& b = link(1);
  bool drop_for_b = false;
};

TEST(GuestLink, PlaysThroughTheViewMatchAndResyncsAfterALostView) {
  LostViewTable t;
  t.a.hello("Ann", 0, "");
  t.b.hello("Bo", 1, "");
  t.pump();
  const ViewMatch* first = t.a.match();
  ASSERT_NE(first, nullptr);
  ASSERT_NE(t.b.match(), nullptr);
  EXPECT_EQ(first->viewer(), 0);
  EXPECT_EQ(first->config().seeds.play, 0u);
  ASSERT_TRUE(t.a.room().has_value());
  EXPECT_FALSE(t.a.room().value().token.empty());
  for (int i = 0; i < 120 && t.room.game().state().phase != Phase::GameOver; ++i) {
    if (i == 10) t.drop_for_b = true;  // b misses a view: its next one does not apply
    bool acted = false;
    for (GuestLink* g : {&t.a, &t.b}) {
      ViewMatch* m = g->match();
      if (acted || m == nullptr || m->legal_actions().empty()) continue;
      EXPECT_TRUE(m->submit(m->legal_actions().front()));
      acted = true;
    }
    t.pump();
    EXPECT_EQ(t.a.refusal(), "");
  }
  EXPECT_GT(t.room.game().history().size(), 60u);
  for (int seat = 0; seat < 2; ++seat) {
    const ViewMatch* m = (seat == 0 ? t.a : t.b).match();
    ASSERT_NE(m, nullptr);
    const SeatView want = seat_view(t.room.game(), seat, t.room.session().config());
    EXPECT_TRUE(m->observation().view == want.observation.view) << "seat " << seat;
    EXPECT_EQ(m->visible_events(), want.events);
    EXPECT_EQ(m->actions_applied(), want.actions_applied);
  }
  EXPECT_FALSE(t.drop_for_b) << "a view for b was lost";
  EXPECT_EQ(t.resyncs, 1) << "b asked for the whole view once";
}

// Docs/RULES.md's timers for a remote seat: a guest who stops playing misses two turns, the
// AI plays the seat, every guest sees it, and the guest's "Take back control" (a `back`
// message) gives it back; a rejoin with the token does not. Only the guest's own seat can be
// asked back.
TEST(GuestLink, AnAbsentGuestIsPlayedByTheAiUntilItTakesItsSeatBack) {
  MatchConfig mc = quick_match(3, 2, 21);
  mc.options.timer_seconds = 20;  // the shortest the options allow
  LinkedTable t(mc, 2, 9);
  t.link(0).hello("Ann", 0, "");
  t.link(1).hello("Ben", 1, "");
  t.pump();
  const auto away = [&](int viewer, int seat) {
    const ViewMatch* m = t.link(viewer).match();
    return m != nullptr && m->on_autopilot(seat);
  };
  // Ben plays whenever it is his turn, as briefly as he may; Ann never does.
  const auto briefest = [](const std::vector<Action>& legal) {
    for (const ActionType type : {ActionType::EndTurn, ActionType::Roll})
      for (const Action& a : legal)
        if (a.type == type) return a;
    return legal.front();
  };
  for (int i = 0; i < 1500 && !away(0, 0); ++i) {
    ViewMatch* ben = t.link(1).match();
    if (ben != nullptr && !ben->legal_actions().empty())
      ben->submit(briefest(ben->legal_actions()));
    t.pump();
  }
  ASSERT_TRUE(away(0, 0)) << "two missed turns put Ann's seat on the autopilot";
  EXPECT_TRUE(away(1, 0)) << "Ben sees it too";
  // Ann's page closes and opens again: the token gives her seat and the current view back, and
  // the AI keeps playing it until she takes it back.
  const std::string token = t.link(0).room()->token;
  ASSERT_TRUE(t.room.leave("g0").ok);
  t.links[0] =
      std::make_unique<GuestLink>([&t](const std::string& x) { t.send("g0", x); }, fixed_nonce(0));
  t.link(0).hello("", -1, token);
  t.pump();
  const ViewMatch* rejoined = t.link(0).match();
  ASSERT_NE(rejoined, nullptr);
  EXPECT_EQ(t.link(0).room()->seat, 0);
  EXPECT_EQ(rejoined->actions_applied(), t.room.game().history().size());
  EXPECT_TRUE(away(0, 0)) << "a rejoin is not yet a take-back";
  t.link(1).match()->take_back_control(0);  // not Ben's seat: nothing is sent
  EXPECT_TRUE(t.to_host.empty());
  t.link(0).match()->take_back_control(0);
  t.pump();
  EXPECT_FALSE(away(0, 0));
  EXPECT_FALSE(away(1, 0));
}

}  // namespace
}  // namespace catan::match
