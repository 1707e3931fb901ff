// Online play through the page's C functions (shell/web_room.h): a hosting App and two guest
// Apps in one process, their outboxes carried between them as the data channels would. The
// guests connect to the host's lobby, see it, take seats; the host starts the game.
#include "shell/web_room.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/observation.h"
#include "frontend/app.h"
#include "frontend/room_play.h"
#include "match/fair_seed.h"
#include "shell/web_room_events.h"
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
      ASSERT_TRUE(ok(guests_[id]->room.connect("")));  // the page's link, before the channel
      ASSERT_TRUE(ok(host_.room.peer_joined(id)));     // the channel opened: the lobby
    }
    carry();
    for (auto& [id, page] : guests_) {
      const json preview = json::parse(page->room.status());
      EXPECT_FALSE(preview["joined"].get<bool>()) << id;
      EXPECT_FALSE(preview["started"].get<bool>()) << id;
      EXPECT_EQ(preview["room"]["seat"], -1) << id;
      EXPECT_EQ(preview["room"]["seats"][2]["status"], "open") << id;  // g2 joins last
      std::string err;
      EXPECT_TRUE(page->app.room().join(id, -1, &err)) << err;  // the lobby's Join
      carry();
    }
    EXPECT_EQ(viewer(host_.app), -2) << "no view in the lobby";
    ASSERT_TRUE(ok(host_.room.start()));
    carry();
  }

  // Delivers every page's outbox until none has anything left to send.
  void carry() {
    for (bool sent = true; sent;) {
      sent = false;
      for (const json& m : json::parse(hostp_->room.outbox())) {
        sent = true;
        Page& to = *guests_.at(m["peer"].get<std::string>());
        EXPECT_TRUE(ok(to.room.host_message(m["text"].get<std::string>().c_str())));
      }
      for (auto& [id, page] : guests_)
        for (const json& m : json::parse(page->room.outbox())) {
          sent = true;
          EXPECT_EQ(m["peer"], "");
          EXPECT_TRUE(
              ok(hostp_->room.peer_message(id.c_str(), m["text"].get<std::string>().c_str())));
        }
    }
  }

  const match::HostRoom& hosted() { return *hostp_->app.room().room(); }
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

  // Each page's view equals the host's game as its seat observes it: its own hand, the others'
  // counts.
  void expect_only_own_hands() {
    const GameState& truth = hosted().game().state();
    for (App* app : {&host_.app, &guests_["g1"]->app, &guests_["g2"]->app}) {
      const match::ViewMatch* m = app->room().match();
      ASSERT_NE(m, nullptr);
      const Observation want = observe(truth, m->viewer());
      EXPECT_EQ(m->actions_applied(), host_actions());
      for (int s = 0; s < 4; ++s) {
        EXPECT_EQ(m->observation().view.players[s].resources, want.view.players[s].resources);
        EXPECT_EQ(m->observation().view.players[s].dev_cards, want.view.players[s].dev_cards);
        EXPECT_EQ(m->observation().hand_size[s], truth.hand_size(s));
      }
    }
  }

  // Every page's seat on the autoplay until the game is over, each page's room updated a quarter
  // second a step and the messages carried; `each(i)` runs before step i.
  void autoplay_to_the_end(const std::function<void(int)>& each = {}) {
    for (Page* p : {&host_, guests_["g1"].get(), guests_["g2"].get()})
      ASSERT_TRUE(ok(p->room.set_autoplay(true)));
    double now = 0;
    for (int i = 0; i < 20000 && hosted().game().state().phase != Phase::GameOver; ++i) {
      if (each) each(i);
      now += 0.25;
      host_.app.room().update(now, 5);
      for (auto& [id, page] : guests_) page->app.room().update(now, 5);
      carry();
    }
    ASSERT_EQ(hosted().game().state().phase, Phase::GameOver) << "the game stalled";
    carry();
  }

  int guest_moves_ = 0;
  Page host_;
  Page* hostp_ = &host_;  // the host's page: another one once it has reloaded
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

  expect_only_own_hands();
}

// The host's answer to a guest's move lost on its way (a channel's fault; nothing else would
// tell the guest): after RoomPlay::kAnswerWaitSeconds the guest asks for the whole view, and
// then holds the host's view of its seat.
TEST_F(WebRoomTest, AGuestWhoseAnswerIsLostAsksForTheWholeView) {
  App& g1 = guests_["g1"]->app;
  const auto g1_may_move = [&] {
    const match::ViewMatch* v = g1.room().match();
    return v != nullptr && v->view().phase != Phase::GameOver && !v->legal_actions().empty();
  };
  for (int i = 0; i < 200 && !g1_may_move(); ++i) round();
  ASSERT_TRUE(g1_may_move());
  match::ViewMatch* m = g1.room().match();
  ASSERT_NE(m, nullptr);
  const std::vector<Action> legal = m->legal_actions();
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(m->submit(pick(legal)));
  for (const json& o : json::parse(guests_["g1"]->room.outbox()))
    EXPECT_TRUE(ok(host_.room.peer_message("g1", o["text"].get<std::string>().c_str())));
  int lost = 0;
  for (const json& o : json::parse(host_.room.outbox())) {
    if (o["peer"] == "g1") {
      ++lost;
      continue;
    }
    guests_.at(o["peer"].get<std::string>())
        ->room.host_message(o["text"].get<std::string>().c_str());
  }
  EXPECT_GE(lost, 1);
  ASSERT_NE(g1.room().link(), nullptr);
  EXPECT_TRUE(g1.room().link()->awaiting_answer());
  std::string sent;
  int n = 0;
  for (; n < 40 && sent.empty(); ++n) {
    frame(g1);
    for (const json& o : json::parse(guests_["g1"]->room.outbox()))
      sent += o["text"].get<std::string>();
  }
  EXPECT_EQ(sent, R"({"t":"resync","v":1})");
  EXPECT_GE(n * 0.25, ui::RoomPlay::kAnswerWaitSeconds) << "asked before the wait was over";
  EXPECT_TRUE(ok(host_.room.peer_message("g1", sent.c_str())));
  carry();
  EXPECT_FALSE(g1.room().link()->awaiting_answer());
  expect_only_own_hands();
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

TEST_F(WebRoomTest, TheLobbyRefusesMovesAndStartsOnce) {
  EXPECT_FALSE(ok(host_.room.start())) << "started already";
  EXPECT_FALSE(ok(guests_["g1"]->room.start())) << "a guest hosts nothing";
  EXPECT_FALSE(ok(host_.room.set_invite("https://x/#room=a", "0101")));  // not 21x21
  EXPECT_FALSE(ok(host_.room.set_invite("https://x/#room=a", std::string(441, '2').c_str())));
  EXPECT_TRUE(ok(host_.room.set_invite("https://x/#room=a", std::string(441, '1').c_str())));
  EXPECT_EQ(host_.app.room().invite_link(), "https://x/#room=a");
  EXPECT_TRUE(ok(guests_["g1"]->room.set_connection("Connected to the host")));
  EXPECT_EQ(guests_["g1"]->app.room().connection(), "Connected to the host");
  std::string err;
  EXPECT_FALSE(guests_["g1"]->app.room().join("again", -1, &err));
  EXPECT_EQ(err, "already joined");
  // A page that connects once the game has started finds no open seat: it watches.
  Page late;
  ASSERT_TRUE(ok(late.room.connect("")));
  const auto host_to_late = [&] {
    for (const json& m : json::parse(host_.room.outbox())) {
      if (m["peer"] != "late") continue;
      EXPECT_TRUE(ok(late.room.host_message(m["text"].get<std::string>().c_str())));
    }
  };
  ASSERT_TRUE(ok(host_.room.peer_joined("late")));
  host_to_late();
  EXPECT_TRUE(json::parse(late.room.status())["started"].get<bool>());
  ASSERT_TRUE(late.app.room().join("late", -1, &err)) << err;
  for (const json& m : json::parse(late.room.outbox()))
    EXPECT_TRUE(ok(host_.room.peer_message("late", m["text"].get<std::string>().c_str())));
  host_to_late();
  EXPECT_EQ(viewer(late.app), -1);
}

// Every page's seat played by the Normal AI from its own view, to the game's end; each view
// holds only what its seat may see.
TEST_F(WebRoomTest, AWholeGamePlaysOnAutoplayFromEachSeatsView) {
  ASSERT_NO_FATAL_FAILURE(autoplay_to_the_end([&](int i) {
    if (i % 50 == 1) expect_only_own_hands();  // after steps 0, 50, 100, ...
  }));
  expect_only_own_hands();
  for (auto& [id, page] : guests_) {
    const json status = json::parse(page->room.status());
    EXPECT_TRUE(status["room"]["verification"]["ok"].get<bool>()) << id << status;
    EXPECT_EQ(status["room"]["refusal"], "") << id;
  }
  // An embedding page hears the end and this page's verification.
  web::RoomEventPoller events;
  const json posted = events.poll(guests_["g1"]->app.room());
  std::vector<std::string> types;
  for (const json& e : posted) types.push_back(e["type"]);
  EXPECT_NE(std::find(types.begin(), types.end(), "roomGameOver"), types.end()) << posted;
  ASSERT_EQ(types.back(), "roomVerified") << posted;
  EXPECT_TRUE(posted.back()["ok"].get<bool>()) << posted;
  EXPECT_EQ(posted.back()["difference"], "");
}

// The host's page goes while a guest's move waits for its answer: the guest asks nothing while
// the host is away, and on the new channel its hello is the first text (not the move or a
// request for the view queued for the old one).
TEST_F(WebRoomTest, AGuestWhoseHostIsAwayAsksNothingAndRejoinsWithItsHelloFirst) {
  Page& g1 = *guests_["g1"];
  double now = 0;
  const auto g1_to_move = [&] {
    const match::ViewMatch* m = g1.app.room().match();
    return m && !m->legal_actions().empty();
  };
  for (int i = 0; i < 2000 && !g1_to_move(); ++i) {
    now += 0.25;
    host_.app.room().update(now, 5);
    play(host_.app);
    play(guests_["g2"]->app);
    carry();
  }
  ASSERT_TRUE(g1_to_move());
  ASSERT_TRUE(play(g1.app));  // its act waits in the outbox: the channel has just closed
  ASSERT_TRUE(ok(g1.room.host_away(1)));
  for (int i = 0; i < 6; ++i) g1.app.room().update(now += 2, 5);  // past the 3 s to ask again
  ASSERT_TRUE(ok(g1.room.rejoin()));
  const json out = json::parse(g1.room.outbox());
  ASSERT_EQ(out.size(), 1u) << out;
  EXPECT_NE(out[0]["text"].get<std::string>().find("\"t\":\"hello\""), std::string::npos) << out;
}

// A guest's page reloads mid-game: the new page rejoins with the token and the nonce the old one
// saved (web/net/room.js keeps them under catan.room.<room>), and its check at the end passes.
// With a fresh nonce instead, the check finds the seeds do not follow from it.
class GuestReloadTest : public WebRoomTest {
 protected:
  json play_with_a_reload(bool keep_nonce) {
    bool reloaded = false;
    EXPECT_NO_FATAL_FAILURE(autoplay_to_the_end([&](int) {
      if (!reloaded && host_actions() >= 60) {
        const json saved = json::parse(guests_["g1"]->room.status())["room"];
        const std::string token = saved["token"], nonce = saved["nonce"];
        EXPECT_TRUE(match::valid_nonce(nonce)) << saved;
        EXPECT_TRUE(ok(host_.room.peer_left("g1")));
        guests_["g1"] = std::make_unique<Page>();
        EXPECT_TRUE(
            ok(guests_["g1"]->room.connect(token.c_str(), keep_nonce ? nonce.c_str() : "")));
        EXPECT_TRUE(ok(host_.room.peer_joined("g1")));
        EXPECT_TRUE(ok(guests_["g1"]->room.set_autoplay(true)));
        reloaded = true;
      }
    }));
    EXPECT_TRUE(reloaded);
    return json::parse(guests_["g1"]->room.status())["room"]["verification"];
  }
};

TEST_F(GuestReloadTest, AReloadedGuestPageKeepsItsNonceAndVerifiesTheGame) {
  const json v = play_with_a_reload(true);
  EXPECT_TRUE(v["ok"].get<bool>()) << v;
}

TEST_F(GuestReloadTest, WithAFreshNonceTheReloadedPageCannotVerify) {
  const json v = play_with_a_reload(false);
  EXPECT_FALSE(v["ok"].get<bool>()) << v;
  EXPECT_NE(v["difference"].get<std::string>().find("contribution"), std::string::npos) << v;
}

TEST_F(WebRoomTest, ASavedNonceThatIsNotHexIsRefused) {
  Page page;
  const json answer = json::parse(page.room.connect("token", "not-a-nonce"));
  EXPECT_FALSE(answer["ok"].get<bool>());
  EXPECT_EQ(answer["error"], "the saved nonce is not 32 lowercase hex digits");
}

// The postMessage events of a room (docs/WEB.md): who joined and left, the start, the close;
// on the host's page, with connections, and on a guest's, from the seats it is shown.
TEST_F(WebRoomTest, AnEmbedderHearsJoinsLeavesTheStartAndTheClose) {
  web::RoomEventPoller host_events, guest_events;
  const auto types = [](const json& events) {
    std::vector<std::string> t;
    for (const json& e : events) t.push_back(e["type"].get<std::string>());
    return t;
  };
  const json opened = host_events.poll(host_.app.room());
  EXPECT_EQ(types(opened), (std::vector<std::string>{"roomOpened", "playerJoined", "playerJoined",
                                                     "playerJoined", "roomStarted"}))
      << opened;
  EXPECT_TRUE(opened[0]["hosting"].get<bool>());
  EXPECT_EQ(opened[2]["seat"], 1);
  EXPECT_EQ(opened[2]["name"], "g1");
  EXPECT_EQ(host_events.poll(host_.app.room()), json::array()) << "nothing new, nothing posted";
  const json seen = guest_events.poll(guests_["g2"]->app.room());
  EXPECT_FALSE(seen[0]["hosting"].get<bool>()) << seen;
  EXPECT_EQ(types(seen).back(), "roomStarted") << seen;
  ASSERT_TRUE(ok(host_.room.peer_left("g1")));
  const json left = host_events.poll(host_.app.room());
  ASSERT_EQ(types(left), std::vector<std::string>{"playerLeft"}) << left;
  EXPECT_EQ(left[0]["seat"], 1);
  EXPECT_EQ(left[0]["name"], "g1");
  ASSERT_TRUE(ok(host_.room.close()));
  EXPECT_EQ(types(host_events.poll(host_.app.room())), std::vector<std::string>{"roomClosed"});
}

// The host's page reloads mid-game (docs/MULTIPLAYER.md, "The host's reload"): a new page
// resumes the room from the snapshot the old one kept; the guests, shown "host away" meanwhile,
// take their seats back when their channels open again; the game ends and every page, the
// host's included, verifies the reveal. A damaged snapshot changes nothing.
TEST_F(WebRoomTest, TheHostsPageReloadsMidGameAndTheRoomResumes) {
  for (Page* p : {&host_, guests_["g1"].get(), guests_["g2"].get()})
    ASSERT_TRUE(ok(p->room.set_autoplay(true)));
  double now = 0;
  const auto run = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 20000 && !done(); ++i) {
      now += 0.25;
      hostp_->app.room().update(now, 5);
      for (auto& [id, page] : guests_) page->app.room().update(now, 5);
      carry();
    }
  };
  run([&] { return host_actions() >= 50; });
  const json kept = json::parse(host_.room.snapshot());
  ASSERT_TRUE(kept["ok"].get<bool>()) << kept;
  EXPECT_FALSE(kept["over"].get<bool>());
  const std::string snapshot = kept["snapshot"];
  const size_t before = host_actions();
  std::map<std::string, json> seats;
  for (auto& [id, page] : guests_) seats[id] = json::parse(page->room.status())["room"];

  // A damaged snapshot: refused, and the room held stays as it was.
  std::string damaged = snapshot;
  damaged[damaged.size() / 2] ^= 1;
  const json refused = json::parse(host_.room.resume(damaged.c_str()));
  EXPECT_FALSE(refused["ok"].get<bool>());
  EXPECT_NE(refused["error"].get<std::string>().find("the saved room is damaged"),
            std::string::npos)
      << refused;
  EXPECT_EQ(host_actions(), before);
  EXPECT_TRUE(host_.app.room().hosting());
  EXPECT_FALSE(json::parse(web::WebRoom(host_.app).snapshot()).value("over", true));

  // The reload: the old page is gone with its channels; the guests' boards wait under the
  // notice and make no move.
  Page reloaded;
  const json resumed = json::parse(reloaded.room.resume(snapshot.c_str()));
  ASSERT_TRUE(resumed["ok"].get<bool>()) << resumed;
  EXPECT_TRUE(resumed["started"].get<bool>());
  hostp_ = &reloaded;
  ASSERT_TRUE(ok(reloaded.room.set_autoplay(true)));
  EXPECT_EQ(host_actions(), before);
  for (auto& [id, page] : guests_) {
    ASSERT_TRUE(ok(page->room.host_away(1)));
    frame(page->app);
    for (int i = 0; i < 8; ++i) page->app.room().update(now += 0.25, 5);
    EXPECT_EQ(page->room.outbox(), "[]") << id << ": a move while the host is away";
    ASSERT_NE(page->app.room().match(), nullptr) << id << ": the board stays";
  }
  EXPECT_FALSE(json::parse(guests_["g1"]->room.host_away(3))["ok"].get<bool>());
  EXPECT_FALSE(json::parse(reloaded.room.rejoin())["ok"].get<bool>()) << "the host has no host";

  // The channels open again: each guest's hello with its token takes its seat back.
  for (auto& [id, page] : guests_) {
    ASSERT_TRUE(ok(reloaded.room.peer_joined(id.c_str())));
    ASSERT_TRUE(ok(page->room.rejoin()));
    ASSERT_TRUE(ok(page->room.host_away(0)));
  }
  carry();
  for (auto& [id, page] : guests_) {
    const json room = json::parse(page->room.status())["room"];
    EXPECT_EQ(room["seat"], seats[id]["seat"]) << id;
    EXPECT_EQ(room["token"], seats[id]["token"]) << id;
    const match::ViewMatch* m = page->app.room().match();
    ASSERT_NE(m, nullptr) << id;
    EXPECT_EQ(m ? m->actions_applied() : 0, before) << id;
  }
  run([&] { return hosted().game().state().phase == Phase::GameOver; });
  ASSERT_EQ(hosted().game().state().phase, Phase::GameOver) << "the game stalled";
  carry();
  EXPECT_GT(host_actions() - before, 20u);
  EXPECT_TRUE(json::parse(reloaded.room.snapshot())["over"].get<bool>());
  for (Page* p : {&reloaded, guests_["g1"].get(), guests_["g2"].get()}) {
    const json status = json::parse(p->room.status());
    EXPECT_TRUE(status["room"]["verification"]["ok"].get<bool>()) << status;
  }
}

}  // namespace
}  // namespace catan
