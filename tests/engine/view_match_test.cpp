// What a host sends one seat (match::seat_view) and what a guest's ViewMatch holds: the seat's
// own view only, the play seed never.
#include "match/view_match.h"

#include <gtest/gtest.h>

#include "engine/rules.h"
#include "match/session.h"
#include "match/vp_timeline.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

Game played(const MatchConfig& mc, int actions) {
  Game g(mc.options, mc.seeds);
  for (int i = 0; i < actions && g.state().phase != Phase::GameOver; ++i)
    g.apply(legal_actions(g.state()).front());
  return g;
}

TEST(ViewMatch, ASeatViewHoldsOnlyWhatTheSeatMaySee) {
  const MatchConfig mc = quick_match(4, 4, 21);
  const Game g = played(mc, 40);
  for (int seat = 0; seat < 4; ++seat) {
    const SeatView v = seat_view(g, seat, mc);
    EXPECT_EQ(v.observation.view, observe(g.state(), seat).view);
    EXPECT_EQ(v.events, g.visible_events(seat));
    EXPECT_EQ(v.actions_applied, g.history().size());
    EXPECT_EQ(v.observation.view.seeds.play, 0u);
    if (g.state().to_move() == seat)
      EXPECT_EQ(v.legal, legal_actions(g.state()));
    else
      EXPECT_TRUE(v.legal.empty()) << "seat " << seat << " is not to move";
  }
}

TEST(ViewMatch, TheGuestHoldsNoFullGameAndNoPlaySeed) {
  MatchConfig mc = quick_match(3, 1, 8);
  std::vector<Action> sent;
  ViewMatch guest(mc, 0, [&](const Action& a, std::string*) {
    sent.push_back(a);
    return true;
  });
  EXPECT_EQ(guest.full_game(), nullptr);
  EXPECT_EQ(guest.config().seeds.play, 0u);
  EXPECT_EQ(guest.config().seeds.board, mc.seeds.board) << "a revealed island's seed is public";
  EXPECT_TRUE(guest.is_human(0));
  EXPECT_FALSE(guest.is_human(1));
  EXPECT_EQ(guest.num_humans(), 1);
  EXPECT_TRUE(guest.submit(Action::simple(ActionType::Roll)));
  ASSERT_EQ(sent.size(), 1u) << "submit goes to the host";

  mc.options.visibility = Visibility::Mist;
  EXPECT_EQ(guest_config(mc).seeds.board, 0u) << "the board seed lays out the hidden island";
}

// The local match through the same interface: the full game only once it is over.
TEST(ViewMatch, TheLocalMatchOffersTheFullGameOnlyWhenItIsOver) {
  Session s;
  s.start(quick_match(3, 0, 4));
  const MatchView& v = s;
  EXPECT_EQ(v.full_game(), nullptr);
  for (int i = 1; i < 20000 && s.state().phase != Phase::GameOver; ++i) s.update(i * 0.05, 50.0);
  ASSERT_EQ(s.state().phase, Phase::GameOver);
  EXPECT_EQ(v.full_game(), &s.game());
  EXPECT_EQ(v.turns_played(), turns_played(s.game()));
  EXPECT_EQ(v.vp_timeline().size(), s.vp_timeline().size());
}

}  // namespace
}  // namespace catan::match
