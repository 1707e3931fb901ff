// Online play through the page's C functions (shell/web_room.h): a hosting App and two guest
// Apps in one process, their outboxes carried between them as the data channels would.
#include "shell/web_room.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/observation.h"
#include "frontend/app.h"
#include "frontend/room_play.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

using nlohmann::json;

// Seats 0-2 human (the host's page plays seat 0), seat 3 an Easy bot.
const char* kConfig = R"({"seats":"human,human,human,ai:easy","speed":20,"seed":7,"playseed":7})";

testing::AssertionResult ok(const std::string& answer) {
  if (json::parse(answer).value("ok", false)) return testing::AssertionSuccess() << answer;
  return testing::AssertionFailure() << answer;
}

// The seat the page's screen shows (-2: none, no view yet).
int viewer(App& app) {
  const match::ViewMatch* m = app.room().match();
  return m ? m->viewer() : -2;
}

// A move that keeps the game going: roll, else end the turn, else the first legal one.
Action pick(const std::vector<Action>& legal) {
  for (ActionType t : {ActionType::Roll, ActionType::EndTurn})
    for (const Action& a : legal)
      if (a.type == t) return a;
  return legal.front();
}

class WebRoomTest : public HeadlessImGui {
 protected:
  struct Page {
    App app;
    web::WebRoom room;
    Page() : room(app) {}
  };

  void SetUp() override {
    HeadlessImGui::SetUp();
    // A quarter second a frame: the bots' pace and the guests' rate limit follow the frames.
    ImGui::GetIO().DeltaTime = 0.25f;
    ASSERT_TRUE(ok(host_.room.host(kConfig)));
    for (const char* id : {"g1", "g2"}) {
      guests_[id] = std::make_unique<Page>();
      ASSERT_TRUE(ok(guests_[id]->room.guest(-1, id, "")));
    }
    carry();
  }

  // Delivers every page's outbox until none has anything left to send.
  void carry() {
    for (bool sent = true; sent;) {
      sent = false;
      for (const json& m : json::parse(host_.room.outbox())) {
        sent = true;
        Page& to = *guests_.at(m["peer"].get<std::string>());
        EXPECT_TRUE(ok(to.room.host_message(m["text"].get<std::string>().c_str())));
      }
      for (auto& [id, page] : guests_)
        for (const json& m : json::parse(page->room.outbox())) {
          sent = true;
          EXPECT_EQ(m["peer"], "");
          EXPECT_TRUE(
              ok(host_.room.peer_message(id.c_str(), m["text"].get<std::string>().c_str())));
        }
    }
  }

  const match::HostRoom& hosted() { return *host_.app.room().room(); }
  size_t host_actions() { return hosted().game().history().size(); }

  // One frame of every page, each seat to move making its move, the messages carried.
  void round() {
    frame(host_.app);
    for (auto& [id, page] : guests_) frame(page->app);
    carry();
    play(host_.app);
    for (auto& [id, page] : guests_) {
      const size_t before = host_actions();
      if (!play(page->app)) continue;
      carry();  // the guest's act reaches the host, which applies it at once
      EXPECT_EQ(host_actions(), before + 1) << id;
      ++guest_moves_;
    }
  }
  // The page's seat moves when it may; true when it did.
  static bool play(App& app) {
    match::ViewMatch* m = app.room().match();
    if (!m || m->legal_actions().empty()) return false;
    EXPECT_TRUE(m->submit(pick(m->legal_actions())));
    return true;
  }

  int guest_moves_ = 0;
  Page host_;
  std::map<std::string, std::unique_ptr<Page>> guests_;
};

TEST_F(WebRoomTest, GuestsPlayTurnsFromTheirViewsAndSeeOnlyTheirOwnHands) {
  EXPECT_EQ(viewer(host_.app), 0);
  EXPECT_EQ(viewer(guests_["g1"]->app), 1);
  EXPECT_EQ(viewer(guests_["g2"]->app), 2);
  const json status = json::parse(guests_["g1"]->room.status());
  EXPECT_EQ(status["room"]["seat"], 1);
  EXPECT_EQ(status["room"]["token"].get<std::string>().size(), 32u);
  EXPECT_EQ(status["room"]["seats"][3]["status"], "bot");

  for (int i = 0; i < 200 && hosted().game().state().turn < 8; ++i) round();
  ASSERT_GE(hosted().game().state().turn, 8) << "the game stalled";
  EXPECT_GT(guest_moves_, 8);

  const GameState& truth = hosted().game().state();
  for (App* app : {&host_.app, &guests_["g1"]->app, &guests_["g2"]->app}) {
    const match::ViewMatch* m = app->room().match();
    ASSERT_NE(m, nullptr);
    const Observation want = observe(truth, m->viewer());
    EXPECT_EQ(m->actions_applied(), host_actions());
    for (int s = 0; s < 4; ++s) {
      EXPECT_EQ(m->observation().view.players[s].resources, want.view.players[s].resources);
      EXPECT_EQ(m->observation().hand_size[s], truth.hand_size(s));
    }
  }
}

TEST_F(WebRoomTest, HostileTextsAreRefusedAndChangeNothing) {
  for (int i = 0; i < 40 && host_actions() < 6; ++i) round();
  frame(host_.app);  // a move the host made goes to its room
  carry();
  const size_t applied = host_actions();
  const match::ViewMatch* g1 = guests_["g1"]->app.room().match();
  ASSERT_NE(g1, nullptr);
  const size_t g1_seen = g1->actions_applied();
  const std::string act_out_of_turn =
      R"({"v":1,"t":"act","action":"end_turn","seen":)" + std::to_string(applied) + "}";
  const std::vector<std::string> hostile = {
      "not json", R"({"v":2,"t":"resync"})", R"({"v":1,"t":"act","action":"build_city:99"})",
      std::string(10000, '{'), R"({"v":1,"t":"hello","name":"again","seat":-1,"token":""})"};
  for (const std::string& text : hostile) {
    const json a = json::parse(host_.room.peer_message("g1", text.c_str()));
    EXPECT_FALSE(a["ok"].get<bool>()) << text;
    EXPECT_FALSE(a["error"].get<std::string>().empty()) << text;
    const json out = json::parse(host_.room.outbox());
    ASSERT_EQ(out.size(), 1u) << text << out;  // the refusal, to its sender only
    EXPECT_EQ(out[0]["peer"], "g1");
  }
  const int mover = hosted().game().state().to_move();
  const char* idle = mover == 1 ? "g2" : "g1";
  EXPECT_FALSE(ok(host_.room.peer_message(idle, act_out_of_turn.c_str())));
  EXPECT_FALSE(ok(host_.room.peer_message("", R"({"v":1,"t":"resync"})")));
  EXPECT_FALSE(ok(host_.room.peer_left("nobody")));
  EXPECT_FALSE(ok(guests_["g1"]->room.host_message(R"({"v":1,"t":"view","seq":1})")));
  EXPECT_FALSE(ok(guests_["g1"]->room.peer_message("g2", "{}")));  // a guest hosts nothing
  EXPECT_FALSE(ok(host_.room.host("{\"players\":9}")));
  EXPECT_FALSE(ok(guests_["g1"]->room.guest(7, "x", "")));
  EXPECT_EQ(host_actions(), applied);
  EXPECT_EQ(g1->actions_applied(), g1_seen);
  EXPECT_TRUE(host_.app.room().hosting());
  const json out = json::parse(host_.room.outbox());
  ASSERT_EQ(out.size(), 1u);  // the out-of-turn move's refusal; an empty id reaches nobody
  EXPECT_EQ(out[0]["peer"], idle);
}

}  // namespace
}  // namespace catan
