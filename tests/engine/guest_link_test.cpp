// A guest's end of online play (match/guest_link.h): a ViewMatch fed by the host's messages,
// whose submit() sends `act`, and which asks for a resync when it misses a view.
#include "match/guest_link.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <utility>

#include "match/host_room.h"
#include "tests/engine/session_fixture.h"
#include "tests/engine/wire_guest.h"

namespace catan::match {
namespace {

// Two guests (seats 0 and 1) and a bot; the messages go through queues, as on data channels.
struct LinkedTable {
  HostRoom room{quick_match(3, 2, 31), 11};
  std::deque<std::pair<std::string, std::string>> to_host;  // (peer, text)
  int resyncs = 0;
  GuestLink a{[this](const std::string& t) { send("a", t); }};
  GuestLink b{[this](const std::string& t) { send("b", t); }};
  double now = 0;
  std::string drop_for;  // the peer ("b") whose next view is lost

  void send(const std::string& peer, const std::string& text) {
    resyncs += text.find("\"t\":\"resync\"") != std::string::npos ? 1 : 0;
    to_host.emplace_back(peer, text);
  }
  GuestLink& link(const std::string& peer) { return peer == "a" ? a : b; }
  void deliver(const HostRoom::Result& r) {
    for (const HostRoom::Outgoing& o : r.out) {
      // Lost while another seat is to move: that seat's move brings b a view it cannot apply.
      if (o.peer == drop_for && room.game().state().to_move() != 1) {
        drop_for.clear();
        continue;
      }
      std::string error;
      link(o.peer).receive(o.text, &error);
    }
  }
  void pump() {
    while (!to_host.empty()) {
      const auto [peer, text] = to_host.front();
      to_host.pop_front();
      deliver(room.receive(peer, text, now += 1));
    }
    deliver(room.update(now += 1, 5));
  }
};

TEST(GuestLink, PlaysThroughTheViewMatchAndResyncsAfterALostView) {
  LinkedTable t;
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
    if (i == 10) t.drop_for = "b";  // b misses a view: its next one does not apply
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
  EXPECT_TRUE(t.drop_for.empty()) << "a view for b was lost";
  EXPECT_EQ(t.resyncs, 1) << "b asked for the whole view once";
}

}  // namespace
}  // namespace catan::match
