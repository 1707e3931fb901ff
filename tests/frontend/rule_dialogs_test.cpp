// The rule dialogs (frontend/rule_dialogs.h) driven through the App headless: the development
// cards that open a dialog are played before the roll as well as after it (docs/RULES.md).
#include "frontend/rule_dialogs.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>

#include "engine/ai/ai.h"
#include "engine/rules.h"
#include "frontend/app.h"
#include "frontend/widgets.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class RuleDialogsUi : public HeadlessImGui {
 protected:
  void click(App& app, const std::string& id) {
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    touch_ = false;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  // Plays seat 0 (an Easy bot that buys every development card it can) until seat 0 may play
  // `card` before its roll. False if that never comes in this game.
  bool play_until_card_before_roll(App& app, uint64_t seed, ActionType card) {
    app.start_match(you_and_ais(seed));
    match::Session& s = app.session();
    AiConfig ac;
    ac.level = AiLevel::Easy;
    ac.seed = 9;
    auto bot = make_bot(ac);
    for (int i = 0; i < 40000; ++i) {
      frame(app);
      const GameState& st = s.state();
      if (st.phase == Phase::GameOver) return false;
      if (!s.human_to_act()) continue;
      const std::vector<Action> legal = legal_actions(st);
      const auto has = [&](ActionType t) {
        return std::any_of(legal.begin(), legal.end(),
                           [&](const Action& a) { return a.type == t; });
      };
      if (st.phase == Phase::Roll && has(card)) return true;
      Action a = bot->decide(observe(st, 0), s.game().visible_events(0));
      if (has(ActionType::BuyDevCard)) a = Action::simple(ActionType::BuyDevCard);
      if (a.type == card) a = Action::simple(ActionType::EndTurn);  // keep the card for later
      if (!is_legal(st, a)) a = bot->decide(observe(st, 0), s.game().visible_events(0));
      if (!s.submit(a)) return false;
    }
    return false;
  }
};

// Monopoly before the roll: the card's button opens the dialog, and the dialog's choice plays
// the card (the roll is still to come).
TEST_F(RuleDialogsUi, MonopolyIsPlayedBeforeTheRoll) {
  App app;
  bool found = false;
  for (uint64_t seed = 1; seed < 12 && !found; ++seed)
    found = play_until_card_before_roll(app, seed, ActionType::PlayMonopoly);
  ASSERT_TRUE(found) << "seat 0 never held a Monopoly at its roll";
  match::Session& s = app.session();
  const size_t n = s.game().history().size();
  frames(app, 3);
  click(app, "dev_monopoly");
  frames(app, 2);
  click(app, "mono_2");
  click(app, "mono_ok");
  ASSERT_EQ(s.game().history().size(), n + 1) << "the Monopoly dialog made no move";
  EXPECT_EQ(s.game().history().back().type, ActionType::PlayMonopoly);
  EXPECT_EQ(s.game().history().back().arg, 2);
  EXPECT_EQ(s.state().phase, Phase::Roll) << "the roll is still to come";
}

TEST_F(RuleDialogsUi, YearOfPlentyIsPlayedBeforeTheRoll) {
  App app;
  bool found = false;
  for (uint64_t seed = 1; seed < 12 && !found; ++seed)
    found = play_until_card_before_roll(app, seed, ActionType::PlayYearOfPlenty);
  ASSERT_TRUE(found) << "seat 0 never held a Year of Plenty at its roll";
  match::Session& s = app.session();
  const size_t n = s.game().history().size();
  frames(app, 3);
  click(app, "dev_year_of_plenty");
  frames(app, 2);
  click(app, "yop_0_plus");
  click(app, "yop_4_plus");
  click(app, "yop_ok");
  ASSERT_EQ(s.game().history().size(), n + 1) << "the Year of Plenty dialog made no move";
  EXPECT_EQ(s.game().history().back().type, ActionType::PlayYearOfPlenty);
  EXPECT_EQ(s.state().phase, Phase::Roll) << "the roll is still to come";
}

}  // namespace
}  // namespace catan
