// The coach in the game screen (frontend/coach_view.h), driven headless: the Hint tile and the
// H key in setup and mid-game (the recommended move is legal and glows on the board), the
// hint forgotten when the decision passes, the live win-chance bar (off by default), and the
// trade advisor's line under an incoming offer and under the offer being built.
#include "frontend/coach_view.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>

#include "engine/ai/ai.h"
#include "engine/rules.h"
#include "frontend/app.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class CoachUi : public HeadlessImGui {
 protected:
  void click(App& app, const char* id) {
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    touch_ = false;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  // Frames until the hint is ready (the coach thinks a few ms per frame).
  bool wait_for_hint(App& app) {
    for (int i = 0; i < 3000 && app.hint_status() != "ready"; ++i) frame(app);
    return app.hint_status() == "ready";
  }
  // Plays the human seats with an Easy bot (hand-offs accepted) until `stop` holds while a
  // human must act. False if the game ended first.
  template <class Stop>
  bool play_until(App& app, Stop stop) {
    match::Session& s = app.session();
    AiConfig ac;
    ac.level = AiLevel::Easy;
    ac.seed = 9;
    auto bot = make_bot(ac);
    for (int i = 0; i < 30000; ++i) {
      frame(app);
      if (s.handoff_pending()) s.accept_handoff();
      const GameState& st = s.state();
      if (st.phase == Phase::GameOver) return false;
      if (!s.human_to_act()) continue;
      if (stop(st)) return true;
      const int seat = st.to_move();
      if (!s.submit(bot->decide(observe(st, seat), s.game().visible_events(seat)))) return false;
    }
    return false;
  }
  // The hint's action, which must be legal now.
  void expect_legal_hint(App& app) {
    const std::optional<Action> a = Action::parse(app.hint_action());
    ASSERT_TRUE(a.has_value()) << app.hint_action();
    const GameState& st = app.session().state();
    EXPECT_TRUE(is_legal(st, *a)) << a->to_string();
    // Offers and counters are open-ended: the move generator lists none of them.
    if (a->type == ActionType::OfferTrade || a->type == ActionType::CounterTrade) return;
    const std::vector<Action> legal = legal_actions(st);
    EXPECT_NE(std::find(legal.begin(), legal.end(), *a), legal.end()) << a->to_string();
  }
};

TEST_F(CoachUi, HintInSetupRecommendsALegalSettlementAndGlowsOnTheBoard) {
  App app;
  app.start_match(you_and_ais(11));
  ASSERT_TRUE(play_until(app, [](const GameState& st) {
    return st.phase == Phase::SetupSettlement && st.to_move() == 0;
  }));
  frames(app, 2);
  ImVec2 c;
  ASSERT_TRUE(ui::find_test_id("hint", &c)) << "the Hint tile shows in setup";
  click(app, "hint");
  EXPECT_NE(app.hint_status(), "");
  ASSERT_TRUE(wait_for_hint(app));
  expect_legal_hint(app);
  const Action a = *Action::parse(app.hint_action());
  EXPECT_EQ(a.type, ActionType::BuildSettlement);
  frames(app, 2);
  EXPECT_TRUE(ui::find_test_id("hint_card", &c));
  EXPECT_TRUE(ui::find_test_id("hint_move", &c));
  EXPECT_TRUE(ui::find_test_id("hint_play", &c));
  // Play it: the move is applied and the hint is gone with its decision.
  const size_t before = app.session().game().history().size();
  click(app, "hint_play");
  frames(app, 2);
  ASSERT_GT(app.session().game().history().size(), before);
  EXPECT_EQ(app.session().game().history()[before], a);
  EXPECT_EQ(app.hint_status(), "");
  EXPECT_FALSE(ui::find_test_id("hint_card", &c));
}

TEST_F(CoachUi, HintKeyMidGameRecommendsALegalMove) {
  App app;
  app.start_match(you_and_ais(5));
  ASSERT_TRUE(play_until(app, [](const GameState& st) {
    return st.phase == Phase::Main && st.current == 0 && st.turn >= 8;
  }));
  frames(app, 2);
  ImGui::GetIO().AddInputCharacter('h');
  frame(app);
  EXPECT_NE(app.hint_status(), "");
  ASSERT_TRUE(wait_for_hint(app));
  expect_legal_hint(app);
  // A second H hides it again.
  ImGui::GetIO().AddInputCharacter('H');
  frame(app);
  EXPECT_EQ(app.hint_status(), "");
}

// Every kind of decision the human meets in a game (placements, roll, main phase, robber,
// steal, discard, answers to offers...): the first time each phase comes, H gives a legal move.
TEST_F(CoachUi, HintInEveryPhaseIsLegal) {
  App app;
  match::MatchConfig mc = you_and_ais(17);
  for (int s = 1; s < 4; ++s) mc.seats[static_cast<size_t>(s)].ai.personality = Personality::Trader;
  app.start_match(mc);
  std::set<Phase> seen;
  const bool ended = !play_until(app, [&](const GameState& st) {
    if (st.to_move() != 0 || seen.count(st.phase)) return false;
    seen.insert(st.phase);
    frame(app);
    ImGui::GetIO().AddInputCharacter('h');
    frame(app);
    EXPECT_TRUE(wait_for_hint(app)) << "phase " << static_cast<int>(st.phase);
    if (app.hint_status() == "ready") expect_legal_hint(app);
    ImGui::GetIO().AddInputCharacter('h');  // hidden again; the bot plays on
    frame(app);
    return false;
  });
  EXPECT_TRUE(ended);
  EXPECT_TRUE(seen.count(Phase::SetupSettlement) && seen.count(Phase::SetupRoad) &&
              seen.count(Phase::Roll) && seen.count(Phase::Main))
      << seen.size() << " phases";
  EXPECT_GE(seen.size(), 5u);
  std::string phases;
  for (Phase p : seen) phases += std::to_string(static_cast<int>(p)) + " ";
  std::printf("phases with a hint: %s(game over: %d)\n", phases.c_str(),
              app.session().state().phase == Phase::GameOver);
}

// Under terra incognita the setup is played on a hidden island: the hint sees only what the
// player sees and still names a legal spot (the words have no numbers to give).
TEST_F(CoachUi, HintOnAHiddenIsland) {
  App app;
  match::MatchConfig mc = you_and_ais(13);
  mc.options.visibility = Visibility::TerraIncognita;
  app.start_match(mc);
  ASSERT_TRUE(play_until(app, [](const GameState& st) {
    return st.phase == Phase::SetupSettlement && st.to_move() == 0;
  }));
  click(app, "hint");
  ASSERT_TRUE(wait_for_hint(app));
  expect_legal_hint(app);
  frames(app, 2);
  ImVec2 c;
  EXPECT_TRUE(ui::find_test_id("hint_move", &c));
}

// A recommended build picks its tool: a click on the glowing spot builds it.
TEST_F(CoachUi, ClickOnTheHintedSpotBuildsIt) {
  App app;
  app.start_match(you_and_ais(5));
  std::optional<Action> built;
  size_t asked_at = static_cast<size_t>(-1);
  play_until(app, [&](const GameState& st) {
    const size_t n = app.session().game().history().size();
    if (st.phase != Phase::Main || st.current != 0 || n == asked_at) return false;
    asked_at = n;
    ImGui::GetIO().AddInputCharacter('h');
    frame(app);
    if (!wait_for_hint(app)) return false;
    const Action a = *Action::parse(app.hint_action());
    if (a.type != ActionType::BuildRoad && a.type != ActionType::BuildSettlement &&
        a.type != ActionType::BuildCity)
      return false;
    frames(app, 3);
    click_at(app, a.type == ActionType::BuildRoad ? app.board_edge_pos(a.arg)
                                                  : app.board_vertex_pos(a.arg));
    frames(app, 2);
    built = a;
    return true;
  });
  ASSERT_TRUE(built.has_value()) << "no build was recommended in the whole game";
  const auto& h = app.session().game().history();
  ASSERT_FALSE(h.empty());
  EXPECT_EQ(h.back(), *built) << h.back().to_string();
}

TEST_F(CoachUi, HintOfARollIsForgottenWhenTheTurnMovesOn) {
  App app;
  app.start_match(you_and_ais(7));
  ASSERT_TRUE(play_until(
      app, [](const GameState& st) { return st.phase == Phase::Roll && st.current == 0; }));
  click(app, "hint");
  ASSERT_TRUE(wait_for_hint(app));
  expect_legal_hint(app);
  // The player rolls by themselves: the hint was for the roll, it goes.
  ASSERT_TRUE(app.session().submit(Action::simple(ActionType::Roll)));
  frame(app);
  EXPECT_EQ(app.hint_status(), "");
}

TEST_F(CoachUi, NoHintTileWithoutADecision) {
  App app;
  app.start_match(you_and_ais(11));
  ASSERT_TRUE(
      play_until(app, [](const GameState& st) { return st.phase == Phase::SetupSettlement; }));
  app.session().set_paused(true);  // nothing to decide while paused
  frames(app, 2);
  ImVec2 c;
  EXPECT_FALSE(ui::find_test_id("hint", &c));
  ImGui::GetIO().AddInputCharacter('h');
  frames(app, 3);
  EXPECT_EQ(app.hint_status(), "");
  app.session().set_paused(false);
  frames(app, 2);
  EXPECT_TRUE(ui::find_test_id("hint", &c));
}

TEST_F(CoachUi, WinBarIsOffByDefaultAndShowsWhenEnabled) {
  App app;
  app.start_match(you_and_ais(3));
  frames(app, 5);
  ImVec2 c;
  EXPECT_FALSE(ui::settings().win_chances);
  EXPECT_FALSE(ui::find_test_id("win_bar", &c));
  ui::settings().win_chances = true;
  frames(app, 2);
  ImVec2 a, b;
  ASSERT_TRUE(ui::find_test_rect("win_bar", &a, &b));
  EXPECT_GT(b.x - a.x, 300.0f);
  EXPECT_LT(b.y - a.y, 40.0f);
  // Saved with the other settings.
  ui::UiSettings loaded;
  ASSERT_TRUE(ui::settings_from_json(ui::settings_to_json(ui::settings()), &loaded));
  EXPECT_TRUE(loaded.win_chances);
  ui::settings().win_chances = false;
  frames(app, 2);
  EXPECT_FALSE(ui::find_test_id("win_bar", &c));
}

class CoachUiPhone : public CoachUi {
 protected:
  CoachUiPhone() { display_ = ImVec2(390, 844); }
};

TEST_F(CoachUiPhone, WinBarAndHintFitAPhone) {
  App app;
  app.start_match(you_and_ais(11));
  ui::settings().win_chances = true;
  ASSERT_TRUE(play_until(app, [](const GameState& st) {
    return st.phase == Phase::SetupSettlement && st.to_move() == 0;
  }));
  click(app, "hint");
  ASSERT_TRUE(wait_for_hint(app));
  frames(app, 2);
  ImVec2 a, b;
  ASSERT_TRUE(ui::find_test_rect("win_bar", &a, &b));
  EXPECT_GE(a.x, 0.0f);
  EXPECT_LE(b.x, 390.0f);
  ASSERT_TRUE(ui::find_test_rect("hint_play", &a, &b));
  EXPECT_LE(b.x, 390.0f);
  ASSERT_TRUE(ui::find_test_rect("hint", &a, &b));
  EXPECT_LE(b.x, 390.0f);
  EXPECT_LE(b.y, 844.0f);
}

// Two people at one screen: seat 1 offers seat 0 a trade, and seat 0 sees the advisor's line.
TEST_F(CoachUi, AdvisorLineUnderAnIncomingOffer) {
  App app;
  match::MatchConfig mc = you_and_ais(21);
  mc.seats[1].kind = match::SeatKind::Human;
  mc.seats[0].name.clear();
  mc.seats[1].name.clear();
  match::name_seats(&mc);
  app.start_match(mc);
  int give = -1, get = -1;
  ASSERT_TRUE(play_until(app, [&](const GameState& st) {
    if (st.phase != Phase::Main || st.current != 1) return false;
    give = get = -1;
    for (int r = 0; r < kNumResources; ++r) {
      if (st.players[1].resources[r] > 0 && give < 0) give = r;
      if (st.players[0].resources[r] > 0 && st.players[1].resources[r] == 0 && get < 0) get = r;
    }
    return give >= 0 && get >= 0;
  }));
  Action offer = Action::simple(ActionType::OfferTrade, 0);
  offer.give[static_cast<size_t>(give)] = 1;
  offer.get[static_cast<size_t>(get)] = 1;
  std::string err;
  ASSERT_TRUE(app.session().submit(offer, &err)) << err;
  frame(app);
  if (app.session().handoff_pending()) app.session().accept_handoff();
  ImVec2 c;
  bool seen = false;
  for (int i = 0; i < 3000 && !seen; ++i) {
    frame(app);
    seen = ui::find_test_id("trade_advice", &c);
  }
  EXPECT_TRUE(seen) << "the advisor's line under the incoming offer";
  EXPECT_TRUE(ui::find_test_id("trade_accept", &c));
  // It stays while the offer waits for the answer.
  frames(app, 20);
  EXPECT_TRUE(ui::find_test_id("trade_advice", &c));
  EXPECT_FALSE(ui::find_test_id("trade_advice_thinking", &c));
}

TEST_F(CoachUi, AdvisorLineUnderTheOfferBeingBuilt) {
  App app;
  app.start_match(you_and_ais(5));
  int give = -1;
  ASSERT_TRUE(play_until(app, [&](const GameState& st) {
    if (st.phase != Phase::Main || st.current != 0) return false;
    give = -1;
    for (int r = 0; r < kNumResources; ++r)
      if (st.players[0].resources[r] > 0) give = r;
    return give >= 0;
  }));
  click(app, "trade");
  frames(app, 3);
  ImVec2 c;
  EXPECT_FALSE(ui::find_test_id("trade_advice", &c)) << "nothing to weigh in an empty offer";
  const std::string g = "offer_give_" + std::to_string(give) + "_plus";
  const std::string w = "offer_get_" + std::to_string((give + 1) % kNumResources) + "_plus";
  click(app, g.c_str());
  click(app, w.c_str());
  bool seen = false;
  for (int i = 0; i < 3000 && !seen; ++i) {
    frame(app);
    seen = ui::find_test_id("trade_advice", &c);
  }
  EXPECT_TRUE(seen) << "the advisor's line under the offer being built";
}

TEST(CoachSentences, TradeAdviceNamesTheChangesAndTheLeader) {
  match::Session s;
  s.start(you_and_ais(1));
  coach::TradeImpact im;
  im.me = 0;
  im.partner = 2;
  im.without = {0.25, 0.25, 0.25, 0.25};
  im.with = {0.27, 0.22, 0.29, 0.22};
  im.leader = 2;
  const std::string name = ui::without_role(s.config().seats[2].name);
  EXPECT_EQ(ui::trade_advice_sentence(s, im), "You +2%, " + name + " +4%: " + name + " is leading");
  im.with = {0.30, 0.20, 0.26, 0.24};
  im.leader = 0;
  EXPECT_EQ(ui::trade_advice_sentence(s, im), "You +5%, " + name + " +1%: you are leading");
}

TEST(CoachSentences, ActionsInWords) {
  match::Session s;
  s.start(you_and_ais(1));
  const GameState& v = s.state();
  EXPECT_EQ(ui::describe_action(s, v, 0, Action::simple(ActionType::EndTurn)), "End turn");
  Action d = Action::simple(ActionType::Discard);
  d.give = {2, 0, 0, 0, 1};
  EXPECT_EQ(ui::describe_action(s, v, 0, d), "Discard 2 Wood and 1 Ore");
  // A settlement names the numbers around its spot, the likeliest first.
  for (int vx = 0; vx < kNumVertices; ++vx) {
    const std::string text =
        ui::describe_action(s, v, 0, Action::simple(ActionType::BuildSettlement, vx));
    EXPECT_EQ(text.rfind("Settlement ", 0), 0u) << text;
  }
  coach::Advice adv;
  adv.options.push_back({Action::simple(ActionType::BuyDevCard), {0.31, 0.2, 0.2, 0.29}, "x"});
  adv.options.push_back({Action::simple(ActionType::EndTurn), {0.27, 0.2, 0.2, 0.33}, "y"});
  EXPECT_EQ(ui::hint_alternatives(s, v, 0, adv),
            "Buy a development card: 31% \xC2\xB7 End turn: 27%");
}

}  // namespace
}  // namespace catan
