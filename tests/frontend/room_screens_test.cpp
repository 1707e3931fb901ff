// The online room's screens (frontend/room_screens.h), driven headless at a phone's size (390 x
// 844 CSS pixels): "Play with friends" opens the room setup form, "Open room" the host's
// lobby (the page told), the lobby shows the invitation and starts the game; a guest's lobby
// connects, lists the open seats and joins. Every button is thumb-sized.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "frontend/app.h"
#include "frontend/new_game_screen.h"
#include "frontend/room_play.h"
#include "frontend/room_screens.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class RoomScreens : public HeadlessImGui {
 protected:
  RoomScreens() : HeadlessImGui(ImVec2(390, 844)) {}
  void SetUp() override {
    HeadlessImGui::SetUp();
    ui::set_room_listener(
        [this](const std::string& e, const std::string&) { events_.push_back(e); });
  }
  void TearDown() override {
    ui::set_room_listener(nullptr);
    HeadlessImGui::TearDown();
  }
  void click(App& app, const char* id) {
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    expect_thumb_sized(id);
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  static void expect_thumb_sized(const char* id) {
    ImVec2 a, b;
    ASSERT_TRUE(ui::find_test_rect(id, &a, &b)) << id;
    EXPECT_GE(b.y - a.y, ui::kMinTouch - 0.5f) << id;
    EXPECT_LE(b.x, 390.5f) << id << " is cut at the right";
  }
  // The host's messages to `guest` (its lobby), as the page's channel carries them.
  static void carry(App& host, App& guest, const std::string& peer) {
    for (ui::RoomPlay::Outgoing& m : host.room().take_outbox()) {
      std::string err;
      if (m.peer != peer) continue;
      EXPECT_TRUE(guest.room().host_message(m.text, &err)) << err;
    }
    for (ui::RoomPlay::Outgoing& m : guest.room().take_outbox()) {
      std::string err;
      host.room().peer_message(peer, m.text, &err);
    }
  }
  std::vector<std::string> events_;
};

// A QR code of 21 x 21 modules: a border and a diagonal.
std::string test_qr() {
  std::string q(21 * 21, '0');
  for (int i = 0; i < 21; ++i) q[static_cast<size_t>(i * 21 + i)] = q[static_cast<size_t>(i)] = '1';
  return q;
}

TEST_F(RoomScreens, TheHostSetsUpARoomWaitsInTheLobbyAndStarts) {
  App host;
  click(host, "play_friends");
  EXPECT_TRUE(host.new_game_form().room);
  EXPECT_EQ(host.new_game_form().seats[1].kind, ui::kSeatHotSeat) << "a Friend seat";
  click(host, "open_room");
  ASSERT_TRUE(host.room().hosting());
  EXPECT_FALSE(host.room().started());
  EXPECT_EQ(events_, std::vector<std::string>{"hosting"});
  host.room().set_invite("https://example.org/catan/#room=abc&key=def", test_qr());
  host.room().set_connection("Waiting for friends (relay connected)");
  frames(host, 2);
  ImVec2 a, b;
  ASSERT_TRUE(ui::find_test_rect("room_qr", &a, &b));
  EXPECT_GE(b.x - a.x, 200.0f) << "big enough for a phone's camera";
  click(host, "room_copy_link");
  EXPECT_EQ(events_.back(), "copy-link");
  // A guest connects and takes seat 2 from its lobby.
  App guest;
  guest.connect_room("");
  frames(guest, 2);
  EXPECT_TRUE(ui::find_test_id("room_leave", &a)) << "connecting";
  std::string err;
  ASSERT_TRUE(host.room().peer_connected("g", &err)) << err;
  carry(host, guest, "g");
  frames(guest, 2);
  ASSERT_TRUE(ui::find_test_id("room_seat_1", &a));
  click(guest, "room_seat_1");
  click(guest, "room_join");
  carry(host, guest, "g");
  carry(host, guest, "g");  // the hello's answer
  EXPECT_TRUE(guest.room().joined());
  ASSERT_TRUE(guest.room().link()->room());
  EXPECT_EQ(guest.room().link()->room()->seat, 1);
  click(host, "room_start");
  EXPECT_TRUE(host.room().started());
  const match::ViewMatch* hm = host.room().match();
  ASSERT_NE(hm, nullptr);
  EXPECT_EQ(hm->config().seats[1].name, "Guest") << "the guest's name in the host's game";
  EXPECT_FALSE(hm->is_human(2)) << "a bot";
  carry(host, guest, "g");
  frames(guest, 3);
  const match::ViewMatch* m = guest.room().match();
  ASSERT_NE(m, nullptr) << "the game screen";
  EXPECT_EQ(m->viewer(), 1);
  EXPECT_EQ(m->config().seats[0].name, "Host") << "not \"You\" on a guest's screen";
  // The menu's last entry leaves the room; the page is told.
  click(guest, "menu");
  click(guest, "menu_new_game");
  EXPECT_FALSE(guest.room().open());
  EXPECT_EQ(events_.back(), "closed");
}

TEST_F(RoomScreens, TheRoomFormNeedsExactlyOneYou) {
  App app;
  click(app, "play_friends");
  ui::NewGameForm& f = app.new_game_form();
  f.seats[0].kind = ui::kSeatHotSeat;
  EXPECT_FALSE(ui::room_form_problem(f).empty());
  click(app, "open_room");
  EXPECT_FALSE(app.room().open());
  f.seats[0].kind = ui::kSeatYou;
  f.seats[2].kind = ui::kSeatYou;
  EXPECT_FALSE(ui::room_form_problem(f).empty());
  f.seats[2].kind = ui::kSeatAi;
  EXPECT_TRUE(ui::room_form_problem(f).empty());
  frames(app, 2);  // the form without its problem's line: the button moved
  click(app, "open_room");
  EXPECT_TRUE(app.room().hosting());
  click(app, "room_close");
  EXPECT_FALSE(app.room().open());
  EXPECT_EQ(events_, (std::vector<std::string>{"hosting", "closed"}));
}

// A guest who finds every seat taken before the start is offered to watch, not a seat.
TEST_F(RoomScreens, AGuestFindingEverySeatTakenIsOfferedToWatch) {
  App host;
  match::MatchConfig config;
  std::string err;
  ASSERT_TRUE(match::config_from_json(nlohmann::json::parse(R"({"seats":"human,human,ai:easy"})"),
                                      &config, &err))
      << err;
  ASSERT_TRUE(host.host_room(config, &err)) << err;
  App first, second;
  first.connect_room("");
  ASSERT_TRUE(host.room().peer_connected("a", &err)) << err;
  carry(host, first, "a");
  ASSERT_TRUE(first.room().join("Ann", -1, &err)) << err;
  carry(host, first, "a");
  second.connect_room("");
  ASSERT_TRUE(host.room().peer_connected("b", &err)) << err;
  carry(host, second, "b");
  frames(second, 2);
  ImVec2 at;
  EXPECT_FALSE(ui::find_test_id("room_seat_1", &at)) << "no seat is open";
  EXPECT_FALSE(ui::find_test_id("room_join", &at));
  click(second, "room_watch");
  carry(host, second, "b");
  EXPECT_TRUE(second.room().joined());
  click(host, "room_start");
  carry(host, second, "b");
  frames(second, 3);
  ASSERT_NE(second.room().match(), nullptr) << "the spectator's table";
  EXPECT_EQ(second.room().match()->viewer(), -1);
}

// The host's page plays through a GuestLink of its own: once the game is over and the reveal
// has checked out, its end screen says the game is verified.
TEST_F(RoomScreens, AFinishedRoomGamesEndScreenShowsVerified) {
  App host;
  match::MatchConfig config;
  std::string err;
  ASSERT_TRUE(match::config_from_json(
      nlohmann::json::parse(
          R"({"seats":"human,ai:easy,ai:easy","speed":20,"seed":5,"playseed":5})"),
      &config, &err))
      << err;
  ASSERT_TRUE(host.host_room(config, &err)) << err;
  host.room().set_autoplay(true);
  ASSERT_TRUE(host.room().start(&err)) << err;
  double now = 0;
  for (int i = 0; i < 20000 && host.room().room()->game().state().phase != Phase::GameOver; ++i)
    host.room().update(now += 0.25, 5);
  ASSERT_EQ(host.room().room()->game().state().phase, Phase::GameOver) << "the game stalled";
  ImVec2 at;
  for (int i = 0; i < 600 && !ui::find_test_id("end_verified", &at); ++i) frame(host);
  EXPECT_TRUE(ui::find_test_id("end_verified", &at)) << "no \"Verified\" on the end screen";
  EXPECT_FALSE(ui::find_test_id("end_not_verified", &at));
  ui::EndScreenState end;
  ui::show_fair_play(*host.room().link(), &end);
  EXPECT_EQ(end.fair_play_text, "Verified: every view matched the host's revealed game");
}

// A local game's end screen has no fair-play line; a room's before the reveal is "Checking".
TEST_F(RoomScreens, TheFairPlayLineWaitsForTheReveal) {
  match::GuestLink link([](const std::string&) {});
  ui::EndScreenState end;
  ui::show_fair_play(link, &end);
  EXPECT_EQ(end.fair_play, ui::FairPlay::Checking);
  EXPECT_EQ(end.fair_play_text, "Checking the game...");
  EXPECT_EQ(ui::EndScreenState{}.fair_play, ui::FairPlay::None);
}

}  // namespace
}  // namespace catan
