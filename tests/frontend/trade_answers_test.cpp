// The answers to the player's offer (frontend/trade_view.h), driven through the App headless:
// each partner's name is shown whole.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

#include "engine/ai/ai.h"
#include "engine/rules.h"
#include "frontend/app.h"
#include "frontend/widgets.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class TradeAnswersUi : public HeadlessImGui {
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
};

// The list of answers shows the partners' whole names (not "Bruno (Normal Tr.").
TEST_F(TradeAnswersUi, PartnerNamesAreNotCut) {
  App app;
  match::MatchConfig mc = you_and_ais(5);
  mc.seats[1].name = "Bruno (Normal Opportunist)";
  mc.seats[2].name = "Chiara (Expert Expansionist)";
  mc.seats[3].name = "Dmitri (Normal Aggressor)";
  app.start_match(mc);
  match::Session& s = app.session();
  AiConfig ac;
  ac.level = AiLevel::Easy;
  ac.seed = 9;
  auto bot = make_bot(ac);
  int give = -1;
  for (int i = 0; i < 20000 && give < 0; ++i) {
    frame(app);
    const GameState& st = s.state();
    ASSERT_NE(st.phase, Phase::GameOver);
    if (!s.human_to_act()) continue;
    if (st.phase == Phase::Main && st.turn >= 4 && st.offers_this_turn == 0) {
      for (int r = 0; r < kNumResources && give < 0; ++r)
        if (st.players[0].resources[r] > 0) give = r;
      if (give >= 0) break;
    }
    ASSERT_TRUE(s.submit(bot->decide(observe(st, 0), s.game().visible_events(0))));
  }
  ASSERT_GE(give, 0) << "seat 0 never had a card to offer";
  click(app, "tab_trade");
  frames(app, 2);
  click(app, "offer_give_" + std::to_string(give) + "_plus");
  click(app, "offer_get_" + std::to_string((give + 1) % kNumResources) + "_plus");
  click(app, "trade_offer");
  ASSERT_EQ(s.state().phase, Phase::TradeResponse);
  frames(app, 3);
  for (int p = 1; p < 4; ++p) {
    const std::string id = "trade_answer_" + std::to_string(p);
    bool seen = false;
    for (const auto& [item, it] : ui::test_items()) {
      if (item != id) continue;
      seen = true;
      EXPECT_TRUE(it.label_fits) << id << ": the name is cut";
    }
    EXPECT_TRUE(seen) << id << " is not on screen";
  }
}

}  // namespace
}  // namespace catan
