// The Cards panel (frontend/cards_view.h): its sentences, and the panel opened from its tab on a
// desktop and on a phone, showing the card tracker's numbers (engine/card_tracker.h) for
// every opponent inside its panel.
#include "frontend/cards_view.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "frontend/app.h"
#include "frontend/game_layout.h"
#include "frontend/widgets.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

TEST(CardsView, UnknownCardsSayWhatTheyCanBe) {
  SeatCards c;
  c.total = 3;
  c.known = {1, 0, 0, 0, 0};
  EXPECT_EQ(ui::unknown_text(c), "");
  c.unknown = 2;
  c.could_be = (1 << 0) | (1 << 4);
  EXPECT_EQ(ui::unknown_text(c), "+2 unknown (could be Wood or Ore)");
  c.could_be = (1 << 1) | (1 << 2) | (1 << 3);
  EXPECT_EQ(ui::unknown_text(c), "+2 unknown (could be Brick, Wool or Grain)");
  c.could_be = 31;
  EXPECT_EQ(ui::unknown_text(c), "+2 unknown (any resource)");
}

TEST(CardsView, DevelopmentCardsInHandBoughtAndPlayed) {
  SeatCards c;
  EXPECT_EQ(ui::dev_text(c), "none");
  c.dev_bought = 3;
  c.dev_in_hand = 3;
  EXPECT_EQ(ui::dev_text(c), "3 in hand, 3 bought");
  EXPECT_EQ(ui::played_text(c), "");
  c.dev_in_hand = 1;
  c.dev_played[static_cast<int>(DevCard::Knight)] = 1;
  c.dev_played[static_cast<int>(DevCard::Monopoly)] = 1;
  EXPECT_EQ(ui::dev_text(c), "1 in hand, 3 bought");
  EXPECT_EQ(ui::played_text(c), "Knights 1, Monopoly 1");
}

class CardsPanelUi : public HeadlessImGui {
 protected:
  explicit CardsPanelUi(ImVec2 display = ImVec2(1280, 720)) : HeadlessImGui(display) {}
  // Plays the human's seat with an Easy bot until its turn `turn` (the others play meanwhile).
  void play_to_turn(App& app, int turn) {
    match::Session& s = app.session();
    AiConfig ac;
    ac.level = AiLevel::Easy;
    ac.seed = 5;
    auto bot = make_bot(ac);
    for (int i = 0; i < 30000; ++i) {
      frame(app);
      const GameState& st = s.state();
      ASSERT_NE(st.phase, Phase::GameOver);
      if (!s.human_to_act()) continue;
      if (st.turn >= turn && st.phase == Phase::Main) return;
      ASSERT_TRUE(s.submit(bot->decide(observe(st, 0), s.game().visible_events(0))));
    }
    FAIL() << "turn " << turn << " never came";
  }
  void click(App& app, const char* id) {
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    touch_ = false;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  void tap(App& app, const char* id) {
    ImVec2 c;
    ASSERT_TRUE(ui::find_test_id(id, &c)) << id << " is not on screen";
    touch_ = true;
    pointer_.move(c.x, c.y, true);
    pointer_.button(true, c.x, c.y, true);
    pointer_.button(false, c.x, c.y, true);
    for (int i = 0; i < 5; ++i) frame(app);
  }
  // The panel shows the tracker's numbers for the viewer (seat 0): every opponent, the totals
  // their hand sizes, the viewer's own seat left out.
  void expect_tracker_numbers(App& app) {
    const match::Session& s = app.session();
    const ui::CardsPanel p = ui::cards_panel(s);
    const Observation o = observe(s.state(), 0);
    const CardTracker t = track_cards(o, s.game().visible_events(0));
    ASSERT_EQ(p.seats, (std::vector<int>{1, 2, 3}));
    EXPECT_TRUE(p.tracker.consistent);
    for (int seat : p.seats) {
      const SeatCards &a = p.tracker.seats[seat], &b = t.seats[seat];
      EXPECT_EQ(a.known, b.known);
      EXPECT_EQ(a.unknown, b.unknown);
      EXPECT_EQ(a.could_be, b.could_be);
      EXPECT_EQ(a.total, o.hand_size[seat]);
      EXPECT_EQ(a.dev_in_hand, o.dev_hand_size[seat]);
      EXPECT_EQ(a.dev_played, s.state().players[seat].dev_played);
      // The true hand lies inside what the panel says.
      for (int r = 0; r < kNumResources; ++r) {
        EXPECT_LE(a.known[r], s.state().players[seat].resources[r]);
        EXPECT_GE(a.max[r], s.state().players[seat].resources[r]);
      }
    }
  }
  // Every opponent's section is drawn, whole, inside `panel`; none overlap.
  void expect_sections_inside(const ui::Rect& panel) {
    ImVec2 c;
    EXPECT_FALSE(ui::find_test_id("cards_seat_0", &c)) << "the viewer's own hand is not a guess";
    float last_bottom = -1;
    for (int seat = 1; seat < 4; ++seat) {
      const std::string id = "cards_seat_" + std::to_string(seat);
      ImVec2 lo, hi;
      ASSERT_TRUE(ui::find_test_rect(id, &lo, &hi)) << id << " is not on screen";
      EXPECT_GE(lo.x, panel.pos.x - 0.5f) << id;
      EXPECT_LE(hi.x, panel.max().x + 0.5f) << id;
      EXPECT_GE(lo.y, panel.pos.y - 0.5f) << id;
      EXPECT_GE(lo.y, last_bottom) << id << " overlaps the section above";
      last_bottom = hi.y;
    }
  }
};

TEST_F(CardsPanelUi, DesktopTabShowsTheTrackersNumbers) {
  App app;
  app.start_match(you_and_ais(11));
  ASSERT_NO_FATAL_FAILURE(play_to_turn(app, 10));
  app.session().set_paused(true);
  frames(app, 3);
  ImVec2 c;
  ASSERT_FALSE(ui::find_test_id("cards_seat_1", &c));
  click(app, "tab_cards");
  frames(app, 2);
  const ui::GameLayout l = ui::layout_game(ImGui::GetIO().DisplaySize, ui::ui_scale());
  expect_sections_inside(l.side);
  expect_tracker_numbers(app);
  // Back to the Log; the Trade button still opens the Trade tab from the Cards tab.
  click(app, "tab_log");
  frames(app, 2);
  EXPECT_FALSE(ui::find_test_id("cards_seat_1", &c));
  click(app, "tab_cards");
  frames(app, 2);
  EXPECT_TRUE(ui::find_test_id("cards_seat_1", &c));
  click(app, "tab_trade");
  frames(app, 2);
  EXPECT_TRUE(ui::find_test_id("bank_give_0", &c)) << "the Trade tab did not open";
  EXPECT_FALSE(ui::find_test_id("cards_seat_1", &c));
}

class CardsPanelPhone : public CardsPanelUi {
 protected:
  CardsPanelPhone() : CardsPanelUi(ImVec2(390, 844)) {}
};

TEST_F(CardsPanelPhone, SheetTabOpensAndClosesThePanel) {
  App app;
  app.start_match(you_and_ais(11));
  ASSERT_NO_FATAL_FAILURE(play_to_turn(app, 10));
  app.session().set_paused(true);
  frames(app, 3);
  // Four tabs in the strip, each a thumb's size, side by side.
  float right = -1;
  for (const char* id : {"tab_players", "tab_log", "tab_trade", "tab_cards"}) {
    ImVec2 lo, hi;
    ASSERT_TRUE(ui::find_test_rect(id, &lo, &hi)) << id;
    EXPECT_GE(hi.y - lo.y, 44.0f) << id;
    EXPECT_GE(hi.x - lo.x, 44.0f) << id;
    EXPECT_GE(lo.x, right) << id << " overlaps the tab before it";
    EXPECT_LE(hi.x, 390.0f) << id;
    right = hi.x;
  }
  tap(app, "tab_cards");
  EXPECT_EQ(app.open_sheet(), "cards");
  ui::LayoutWants w;
  w.sheet_open = true;
  const ui::GameLayout l = ui::layout_game(ImGui::GetIO().DisplaySize, ui::ui_scale(), w);
  ASSERT_TRUE(l.phone());
  expect_sections_inside(l.side);
  expect_tracker_numbers(app);
  tap(app, "tab_cards");
  EXPECT_EQ(app.open_sheet(), "");
}

}  // namespace
}  // namespace catan
