// The room's chat (frontend/chat_view.h) and trades between two people's pages, driven headless
// through the App as the pages use it: the chat's state (unread lines, mutes, what is sent),
// lines typed and sent by taps both ways in the lobby of a 390 x 844 phone and on the game's
// phone sheet, a mute that hides the muted player's next line, and a guest's offer to the host
// made, answered and confirmed on the trade screens of two pages that only exchange messages.
#include <gtest/gtest.h>
#include <imgui.h>

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "frontend/app.h"
#include "frontend/chat_view.h"
#include "frontend/log_view.h"
#include "frontend/room_play.h"
#include "frontend/room_screens.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

using match::wire::ChatLine;

TEST(ChatViewState, UnreadLinesSkipTheViewersOwnAndTheMuted) {
  std::vector<ChatLine> lines = {{0, "Host", "hi"}, {1, "Ann", "hello"}, {-1, "Cy", "watching"}};
  match::wire::Room room;
  room.seat = 1;
  ui::ChatViewState st;
  st.feed = {&lines, 3, &room, true};
  EXPECT_EQ(st.unread(), 2) << "Ann's own line is not news to Ann";
  st.toggle_mute(0, "Host");
  EXPECT_TRUE(st.muted(lines[0]));
  EXPECT_EQ(st.unread(), 1);
  st.toggle_mute(-1, "Cy");
  EXPECT_TRUE(st.muted(lines[2]));
  EXPECT_FALSE(st.muted(ChatLine{-1, "Dee", "x"})) << "spectators are muted by name";
  EXPECT_EQ(st.unread(), 0);
  st.toggle_mute(0, "Host");
  EXPECT_FALSE(st.muted(lines[0]));
  st.seen = 3;
  EXPECT_EQ(st.unread(), 0);
  // The page holds the last lines only: a count past them still counts what it holds.
  lines.push_back({0, "Host", "more"});
  st.feed.total = 10;
  EXPECT_EQ(st.unread(), 2) << "the host's two lines; Ann's own and muted Cy's not";
}

TEST(ChatViewState, WhatIsSentIsPlainAndOnlyOnceJoined) {
  ui::ChatViewState st;
  std::snprintf(st.input, sizeof st.input, "%s", "  gg\x07 <b>wp</b>\xE2\x80\xAE ");
  EXPECT_FALSE(st.send_input()) << "not joined";
  EXPECT_EQ(st.input[0], '\0');
  st.feed.can_send = true;
  std::snprintf(st.input, sizeof st.input, "%s", "  gg\x07 <b>wp</b>\xE2\x80\xAE ");
  ASSERT_TRUE(st.send_input());
  EXPECT_EQ(st.to_send, "gg <b>wp</b>");
  std::snprintf(st.input, sizeof st.input, "%s", " \t ");
  st.to_send.clear();
  EXPECT_FALSE(st.send_input());
  EXPECT_EQ(st.to_send, "");
}

// Two pages of one room: the host's App and a guest's, their channel carried by carry().
class RoomChat : public HeadlessImGui {
 protected:
  explicit RoomChat(ImVec2 display = ImVec2(390, 844)) : HeadlessImGui(display) {}
  void SetUp() override {
    HeadlessImGui::SetUp();
    ui::set_room_listener(nullptr);
  }
  // A tap where the id is in a fresh frame (the last click may have moved things).
  void click(App& app, const char* id) {
    frame(app);
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  // Types `text` into the chat field and taps Send.
  void say(App& app, const std::string& text) {
    click(app, "chat_input");
    ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
    frame(app);
    click(app, "chat_send");
  }
  bool shows(App& app, const std::string& id) {
    frames(app, 2);
    ImVec2 at;
    return ui::find_test_id(id, &at);
  }
  // Both ways until nothing is left to carry.
  // The host's own moves made in its last frame go into its room first.
  void carry() {
    host.room().update(0, 0);
    for (int round = 0; round < 8; ++round) {
      bool any = false;
      for (ui::RoomPlay::Outgoing& m : host.room().take_outbox()) {
        std::string err;
        any = true;
        if (m.peer == "g") {
          EXPECT_TRUE(guest.room().host_message(m.text, &err)) << err;
        }
      }
      for (ui::RoomPlay::Outgoing& m : guest.room().take_outbox()) {
        std::string err;
        any = true;
        host.room().peer_message("g", m.text, &err);
      }
      if (!any) return;
    }
  }
  // A room of the host (seat 0), a friend's seat and an Easy bot; the guest "Ann" in seat 1.
  void open_room() {
    match::MatchConfig config;
    std::string err;
    ASSERT_TRUE(match::config_from_json(
        nlohmann::json::parse(
            R"({"seats":"human,human,ai:easy","speed":20,"seed":7,"playseed":7})"),
        &config, &err))
        << err;
    ASSERT_TRUE(host.host_room(config, &err)) << err;
    guest.connect_room("");
    ASSERT_TRUE(host.room().peer_connected("g", &err)) << err;
    carry();
    ASSERT_TRUE(guest.room().join("Ann", 1, &err)) << err;
    carry();
    ASSERT_EQ(guest.room().link()->room()->seat, 1);
  }
  App host, guest;
};

TEST_F(RoomChat, LinesGoBothWaysInTheLobbyAndTheGameAndAMuteHidesTheNext) {
  open_room();
  // The lobby on a phone: a bar at the bottom opens the chat.
  ASSERT_TRUE(shows(host, "chat_open"));
  click(host, "chat_open");
  say(host, "Welcome, <b>Ann</b>!");
  carry();
  ASSERT_EQ(guest.room().chat().size(), 1u);
  EXPECT_EQ(guest.room().chat()[0].text, "Welcome, <b>Ann</b>!");
  EXPECT_EQ(guest.room().chat()[0].seat, 0);
  EXPECT_EQ(guest.room().chat()[0].name, guest.room().link()->room()->seats[0].name);
  EXPECT_TRUE(shows(host, "chat_line_0")) << "the host's own line on its page";
  click(guest, "chat_open");
  EXPECT_TRUE(shows(guest, "chat_line_0"));
  say(guest, "thanks\x01 host");
  carry();
  ASSERT_EQ(host.room().chat().size(), 2u);
  EXPECT_EQ(host.room().chat()[1].text, "thanks host") << "the control character stripped";
  EXPECT_EQ(host.room().chat()[1].name, "Ann");
  EXPECT_TRUE(shows(host, "chat_line_1"));

  // The game: the host starts; on the guest's phone the sheet's Chat tab counts what is new.
  click(host, "chat_open");  // close the sheet: Start game is under it
  click(host, "room_start");
  carry();
  ASSERT_TRUE(shows(guest, "tab_chat"));
  click(host, "tab_chat");
  say(host, "   ");  // only spaces: nothing goes
  carry();
  EXPECT_EQ(guest.room().chat().size(), 2u);
  say(host, "good luck");
  carry();
  ASSERT_EQ(guest.room().chat().size(), 3u);
  click(guest, "tab_chat");
  EXPECT_TRUE(shows(guest, "chat_line_2"));
  // The guest mutes the host: the host's next line arrives but is not shown.
  click(guest, "chat_people");
  click(guest, "chat_mute_0");
  click(guest, "chat_people");  // back to the lines
  say(host, "you will lose");
  carry();
  ASSERT_EQ(guest.room().chat().size(), 4u);
  EXPECT_FALSE(shows(guest, "chat_line_3")) << "a muted player's line is hidden";
  EXPECT_FALSE(shows(guest, "chat_line_2")) << "and the earlier ones too";
  // The guest still speaks to the host.
  say(guest, "muted you");
  carry();
  ASSERT_EQ(host.room().chat().size(), 5u);
  EXPECT_TRUE(shows(host, "chat_line_4"));
  // Unmuted, the lines show again.
  click(guest, "chat_people");
  click(guest, "chat_mute_0");
  click(guest, "chat_people");
  EXPECT_TRUE(shows(guest, "chat_line_3"));
}

// The trade screens at a desktop's size, for a guest's offer to the host.
class RoomTrade : public RoomChat {
 protected:
  RoomTrade() : RoomChat(ImVec2(1280, 720)) {}
};

// The game as `page` sees it (its seat's view).
const GameState& view_of(App& page) {
  const match::ViewMatch* m = page.room().match();
  if (!m) throw std::runtime_error("no game on the page");
  return m->view();
}

int first_held(const ResourceCounts& c, int except) {
  for (int r = 0; r < kNumResources; ++r)
    if (c[r] > 0 && r != except) return r;
  return -1;
}

TEST_F(RoomTrade, AGuestsOfferIsAnsweredOnTheHostsTradeScreenAndEveryLogShowsIt) {
  open_room();
  std::string err;
  ASSERT_TRUE(host.room().start(&err)) << err;
  carry();
  // Both seats played by the Normal AI from their own views until the guest's turn, rolled,
  // with a card the host lacks... or one to give and one the host holds.
  host.room().set_autoplay(true);
  guest.room().set_autoplay(true);
  double now = 0;
  int give = -1, get = -1;
  for (int i = 0; i < 20000; ++i) {
    host.room().update(now += 1.0 / 60, 5);
    carry();
    const match::ViewMatch* g = guest.room().match();
    const match::ViewMatch* h = host.room().match();
    if (g && h && g->view().phase == Phase::Main && g->view().current == 1 &&
        g->actions_applied() == h->actions_applied()) {
      give = first_held(g->view().players[1].resources, -1);
      get = give < 0 ? -1 : first_held(h->view().players[0].resources, give);
      if (give >= 0 && get >= 0) break;
    }
    guest.room().update(now, 5);
    carry();
  }
  ASSERT_GE(get, 0) << "the guest never had a card to give for one the host holds";
  host.room().set_autoplay(false);
  guest.room().set_autoplay(false);
  const ResourceCounts guest_before = view_of(guest).players[1].resources;
  // The guest's Trade tab: to the host, one card for one.
  click(guest, "tab_trade");
  click(guest, "trade_to_0");
  click(guest, ("offer_give_" + std::to_string(give) + "_plus").c_str());
  click(guest, ("offer_get_" + std::to_string(get) + "_plus").c_str());
  click(guest, "trade_offer");
  carry();
  ASSERT_EQ(view_of(host).phase, Phase::TradeResponse);
  ASSERT_EQ(view_of(host).to_move(), 0) << "the host answers";
  // The host's page opens its Trade tab for the offer by itself.
  click(host, "trade_accept");
  carry();
  ASSERT_EQ(view_of(guest).phase, Phase::TradeConfirm);
  click(guest, "trade_confirm_0");
  carry();
  frames(host, 2);
  const GameState& after = view_of(guest);
  EXPECT_EQ(after.phase, Phase::Main);
  EXPECT_EQ(after.players[1].resources[give], guest_before[give] - 1);
  EXPECT_EQ(after.players[1].resources[get], guest_before[get] + 1);
  // Each page's log tells the trade.
  for (App* page : {&host, &guest}) {
    const match::ViewMatch& m = *page->room().match();
    std::string names[4];
    ui::seat_labels(m, names);
    std::string done;
    for (const Event& e : m.visible_events())
      if (e.type == EventType::TradeDone) done = ui::log_sentence(e, names);
    EXPECT_FALSE(done.empty()) << "no trade in the log of seat " << m.viewer();
    EXPECT_NE(done.find("Ann gave"), std::string::npos) << done;
  }
}

}  // namespace
}  // namespace catan
