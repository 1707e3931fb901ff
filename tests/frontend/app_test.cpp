// The App driven headless: an ImGui context without a renderer, frames built and thrown away,
// clicks synthesized on widgets found by their test ids (frontend/widgets.h).
#include "frontend/app.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <functional>

#include "engine/ai/ai.h"
#include "engine/rules.h"
#include "frontend/audio.h"
#include "frontend/game_layout.h"
#include "frontend/new_game_screen.h"
#include "frontend/pointer_input.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

template <class Stop>
bool play_until(App& app, Stop stop, const std::function<void()>& frame_fn);

class HeadlessUi : public HeadlessImGui {
 protected:
  // Moves onto the widget (`dx` right of its centre), presses and releases, as a player would.
  void click(App& app, const char* id, float dx = 0) {
    // A widget out of view is scrolled into view when it is next drawn.
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    touch_ = false;
    mouse_.x += dx;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  // Presses at `from`, moves to `to` in steps and releases (pans the board).
  void drag(App& app, ImVec2 from, ImVec2 to) {
    touch_ = false;
    mouse_ = from;
    down_ = false;
    frame(app);
    down_ = true;
    for (int i = 0; i <= 10; ++i) {
      mouse_ = ImVec2(from.x + (to.x - from.x) * i / 10, from.y + (to.y - from.y) * i / 10);
      frame(app);
    }
    down_ = false;
    frame(app);
  }
  // A tap as a touch screen gives it: the pointer jumps onto the widget, presses and lifts
  // within one frame (through ui::PointerInput, as the shell feeds SDL's events).
  void tap(App& app, const char* id) {
    ImVec2 c;
    ASSERT_TRUE(ui::find_test_id(id, &c)) << id << " is not on screen";
    touch_ = true;
    pointer_.move(c.x, c.y, true);
    pointer_.button(true, c.x, c.y, true);
    pointer_.button(false, c.x, c.y, true);
    for (int i = 0; i < 5; ++i) frame(app);
    mouse_ = c;
  }
  // A new game, zoomed in, the human to place the first settlement: a spot where it may go
  // (-1: none).
  int zoomed_setup_spot(App& app) {
    app.start_match(you_and_ais(11));
    if (!play_until(
            app, [](const GameState& st) { return st.phase == Phase::SetupSettlement; },
            [&] { frame(app); }))
      return -1;
    for (int i = 0; i < 6; ++i) click(app, "zoom_in");
    frames(app, 3);
    for (const Action& a : legal_actions(app.session().state()))
      if (a.type == ActionType::BuildSettlement) return a.arg;
    return -1;
  }
  // Pans the board (a drag from its centre) so that vertex v comes to `want`: where it is then.
  ImVec2 pan_vertex_to(App& app, int v, ImVec2 want) {
    const ui::GameLayout l = ui::layout_game(ImGui::GetIO().DisplaySize, ui::ui_scale());
    const ImVec2 c = l.board.center(), p = app.board_vertex_pos(v);
    drag(app, c, ImVec2(c.x + want.x - p.x, c.y + want.y - p.y));
    frames(app, 2);
    return app.board_vertex_pos(v);
  }

 private:
};

bool on_screen(const char* id) {
  ImVec2 c;
  return ui::find_test_id(id, &c);
}

// Whether a tooltip was drawn in the last frame.
bool tooltip_shown() {
  const ImGuiWindow* w = ImGui::FindWindowByName("##Tooltip_00");
  return w && w->Active;
}

match::MatchConfig all_ai(double speed) {
  match::MatchConfig mc;
  mc.seeds = {7, 7};
  for (auto& seat : mc.seats) seat.kind = match::SeatKind::AI;
  match::name_seats(&mc);
  mc.ai_action_delay_s = match::ai_delay_for_speed(speed);
  return mc;
}

// Opening Settings leaves the match's AI pace alone; moving the AI speed control sets it.
TEST_F(HeadlessUi, OpeningSettingsKeepsTheMatchsPace) {
  App app;
  for (int i = 0; i < 3; ++i) frame(app);  // auto-sized windows show from their second frame
  click(app, "ng_settings");
  app.start_match(all_ai(2.0));  // "Fast"
  const double fast = app.session().config().ai_action_delay_s;
  ASSERT_GT(fast, 0.0);
  ASSERT_NE(fast, match::ai_delay_for_speed(ui::settings().ai_speed));
  for (int i = 0; i < 10; ++i) frame(app);
  ImVec2 close;
  EXPECT_TRUE(ui::find_test_id("settings_close", &close)) << "the Settings window is open";
  EXPECT_DOUBLE_EQ(app.session().config().ai_action_delay_s, fast);

  const ui::UiSettings saved = ui::settings();
  click(app, "settings_ai_speed", 60);  // a click on the slider sets the speed there
  EXPECT_DOUBLE_EQ(app.session().config().ai_action_delay_s,
                   match::ai_delay_for_speed(ui::settings().ai_speed));
  EXPECT_NE(app.session().config().ai_action_delay_s, fast);
  ui::settings() = saved;
}

// The board's +, - and Fit buttons zoom: the board under them does not take their clicks.
TEST_F(HeadlessUi, ZoomButtonsZoomTheBoard) {
  App app;
  app.start_match(you_and_ais(11));
  app.session().set_paused(true);
  frames(app, 3);
  auto span = [&app] {
    const ImVec2 a = app.board_hex_pos(0), b = app.board_hex_pos(18);
    return std::hypot(b.x - a.x, b.y - a.y);
  };
  const float fit = span();
  ASSERT_GT(fit, 50.0f);
  click(app, "zoom_in");
  frames(app, 2);
  EXPECT_GT(span(), fit * 1.1f) << "+ did not zoom in";
  click(app, "zoom_fit");
  frames(app, 2);
  EXPECT_NEAR(span(), fit, 1.0f) << "Fit did not fit";
  tap(app, "zoom_out");
  frames(app, 2);
  EXPECT_LT(span(), fit * 0.9f) << "a tap on - did not zoom out";
}

// A quick tap (press and release in one frame, as touch screens give them) switches the side
// tabs.
TEST_F(HeadlessUi, TapsSwitchTabs) {
  App app;
  app.start_match(you_and_ais(11));
  app.session().set_paused(true);
  frames(app, 3);
  click(app, "tab_log");  // the pointer rests on the Log tab, as after an earlier tap
  frames(app, 2);
  ASSERT_FALSE(on_screen("bank_give_0"));
  tap(app, "tab_trade");
  EXPECT_TRUE(on_screen("bank_give_0")) << "the tap did not open the Trade tab";
  tap(app, "tab_log");
  EXPECT_FALSE(on_screen("bank_give_0")) << "the tap did not go back to the Log tab";
}

// After a tap no tooltip stays open under the finger (over the buttons around it).
TEST_F(HeadlessUi, TapsLeaveNoTooltip) {
  App app;
  app.start_match(you_and_ais(11));
  app.session().set_paused(true);
  frames(app, 3);
  click(app, "tab_trade");
  frames(app, 2);
  tap(app, "bank_give_0");  // has a tooltip while hovered
  EXPECT_FALSE(tooltip_shown()) << "a tooltip stays open after a tap";
}

// A declined offer leaves no draft behind: the next offer starts from nothing.
TEST_F(HeadlessUi, TradeDraftStartsEmptyAfterAnOfferEnds) {
  App app;
  app.start_match(you_and_ais(5));
  match::Session& s = app.session();
  // Seat 0's moves by an Easy bot until seat 0 is in its main phase with cards to offer.
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
  const int get = (give + 1) % kNumResources;
  const std::string give_plus = "offer_give_" + std::to_string(give) + "_plus";
  const std::string get_plus = "offer_get_" + std::to_string(get) + "_plus";
  click(app, "tab_trade");
  frames(app, 2);
  click(app, give_plus.c_str());
  click(app, get_plus.c_str());
  click(app, "trade_offer");
  ASSERT_EQ(s.state().phase, Phase::TradeResponse);
  for (int i = 0; i < 2000 && s.state().phase == Phase::TradeResponse; ++i) frame(app);
  if (s.state().phase == Phase::TradeConfirm) {  // someone accepted or countered: cancel
    frames(app, 2);
    click(app, "trade_cancel");
  }
  ASSERT_EQ(s.state().phase, Phase::Main);
  ASSERT_EQ(s.state().offers_this_turn, 1);
  frames(app, 2);
  click(app, give_plus.c_str());
  click(app, get_plus.c_str());
  click(app, "trade_offer");
  const Action& last = s.game().history().back();
  ASSERT_EQ(last.type, ActionType::OfferTrade) << last.to_string();
  ResourceCounts one_give{}, one_get{};
  one_give[give] = 1;
  one_get[get] = 1;
  EXPECT_EQ(last.give, one_give) << last.to_string();
  EXPECT_EQ(last.get, one_get) << last.to_string() << ": the old draft was added to";
}

// Plays seat 0 by an Easy bot until `stop` says seat 0's decision has come; false if it never
// did.
template <class Stop>
bool play_until(App& app, Stop stop, const std::function<void()>& frame_fn) {
  match::Session& s = app.session();
  AiConfig ac;
  ac.level = AiLevel::Easy;
  ac.seed = 9;
  auto bot = make_bot(ac);
  for (int i = 0; i < 30000; ++i) {
    frame_fn();
    const GameState& st = s.state();
    if (st.phase == Phase::GameOver) return false;
    if (!s.human_to_act()) continue;
    if (stop(st)) return true;
    if (!s.submit(bot->decide(observe(st, 0), s.game().visible_events(0)))) return false;
  }
  return false;
}

// Choosing the robber's hex: the candidates are marked under the roads and buildings (which
// stay in view), and each shows a dot in the colour of every seat that could be robbed there.
TEST_F(HeadlessUi, RobberChoiceKeepsPiecesInViewAndShowsWhoCanBeRobbed) {
  App app;
  app.start_match(you_and_ais(3));
  ASSERT_TRUE(play_until(
      app, [](const GameState& st) { return st.phase == Phase::MoveRobber && st.turn >= 6; },
      [&] { frame(app); }));
  frames(app, 3);  // seat 0 to move: nothing changes meanwhile
  const GameState& st = app.session().state();
  const ImGuiWindow* board = ImGui::FindWindowByName("##boardwin");
  ASSERT_TRUE(board && board->DrawList);
  const ImDrawList& dl = *board->DrawList;
  constexpr ImU32 kRgb = ~IM_COL32_A_MASK;
  const ImU32 aqua = ui::theme().highlight & kRgb;
  int last_highlight = -1, first_piece = -1;
  for (int i = 0; i < dl.VtxBuffer.Size; ++i) {
    const ImU32 c = dl.VtxBuffer[i].col & kRgb;
    if (c == aqua) last_highlight = i;
    for (int seat = 0; seat < st.num_players; ++seat)
      if (c == (ui::player_color(seat) & kRgb) && first_piece < 0) first_piece = i;
  }
  ASSERT_GE(last_highlight, 0) << "no robber hex is highlighted";
  ASSERT_GE(first_piece, 0) << "no piece on the board";
  EXPECT_LT(last_highlight, first_piece) << "a robber hex marker is drawn over the pieces";

  // The dots: below the number token of every candidate hex, one per seat (not the mover)
  // with a building on it.
  int victims = 0;
  for (const Action& a : legal_actions(st)) {
    if (a.type != ActionType::MoveRobber) continue;
    const int h = a.arg;
    for (int v : topology().hexes[h].vertices) {
      const int o = st.vertex_owner[v];
      if (o <= 0) continue;
      ++victims;
      const ImVec2 c = app.board_hex_pos(h);
      const float u = std::hypot(app.board_vertex_pos(v).x - c.x, app.board_vertex_pos(v).y - c.y);
      bool dot = false;
      for (const ImDrawVert& x : dl.VtxBuffer) {
        dot |= (x.col & kRgb) == (ui::player_color(o) & kRgb) &&
               std::abs(x.pos.y - (c.y + 0.45f * u)) < 0.15f * u &&
               std::abs(x.pos.x - c.x) < 0.5f * u;
      }
      EXPECT_TRUE(dot) << "no dot for seat " << o << " on hex " << h;
    }
  }
  EXPECT_GT(victims, 0);
}

// Every new game gets a fresh island: the New game screen draws a new board seed from real
// entropy each time it is shown, unless the player chose one (then it is kept).
TEST_F(HeadlessUi, EveryNewGameGetsAFreshSeedUnlessOneIsChosen) {
  App app;
  auto to_new_game_screen = [&] {
    for (int i = 0; i < 3; ++i) frame(app);
    click(app, "menu");
    for (int i = 0; i < 2; ++i) frame(app);
    click(app, "menu_new_game");
    for (int i = 0; i < 3; ++i) frame(app);
  };
  for (int i = 0; i < 3; ++i) frame(app);
  click(app, "start");
  ASSERT_TRUE(app.session().active());
  const Seeds first = app.session().config().seeds;
  to_new_game_screen();
  click(app, "start");
  const Seeds second = app.session().config().seeds;
  EXPECT_NE(second.board, first.board) << "the New game screen kept the last game's island";
  EXPECT_NE(second.play, first.play);

  to_new_game_screen();
  app.new_game_form().choose_board_seed(4242);  // as if typed into the Seed field
  click(app, "start");
  EXPECT_EQ(app.session().config().seeds.board, 4242u);
  to_new_game_screen();
  click(app, "start");
  EXPECT_EQ(app.session().config().seeds.board, 4242u) << "a chosen seed is kept";
  to_new_game_screen();
  click(app, "random_seed");
  click(app, "start");
  EXPECT_NE(app.session().config().seeds.board, 4242u);
}

// Zoomed in, the spots shown just below the banner can be clicked: the board's clickable
// area is the rectangle it is drawn in, which the banner does not cover.
TEST_F(HeadlessUi, ZoomedBoardSpotsBelowTheBannerCanBeClicked) {
  App app;
  const ui::GameLayout l = ui::layout_game(ImGui::GetIO().DisplaySize, ui::ui_scale());
  ASSERT_GE(l.board.pos.y, l.banner.max().y) << "the banner covers the board";
  const int best = zoomed_setup_spot(app);
  ASSERT_GE(best, 0);
  // Pan the board so that a legal spot comes just below the banner.
  const ImVec2 want(l.board.center().x, l.board.pos.y + 14);
  const ImVec2 q = pan_vertex_to(app, best, want);
  ASSERT_NEAR(q.y, want.y, 4.0f) << "the board did not pan";
  click_at(app, q);
  EXPECT_EQ(app.session().state().vertex_owner[best], 0)
      << "the spot below the banner did not take the click";
}

// Found playing: labels cut at 1280x720 ("Hide counte", "Year of Plenty x1 (new"): a button
// given a width too small for its label grows to fit it.
TEST_F(HeadlessUi, ButtonLabelsFitTheirButtons) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(1280, 720));
  ImGui::Begin("labels", nullptr, ImGuiWindowFlags_NoDecoration);
  const struct {
    const char* id;
    const char* label;
    float width;
  } kButtons[] = {{"dev", "Year of Plenty x1 (new)", 170},
                  {"counter", "Hide counter", 80},
                  {"wide", "Ok", 170}};
  for (const auto& b : kButtons) ui::button(b.id, b.label, ImVec2(b.width, 0));
  const float pad = ImGui::GetStyle().FramePadding.x * 2;
  for (const auto& b : kButtons) {
    ImVec2 lo, hi;
    ASSERT_TRUE(ui::find_test_rect(b.id, &lo, &hi)) << b.id;
    EXPECT_GE(hi.x - lo.x, ImGui::CalcTextSize(b.label).x + pad) << b.label << " is cut";
    EXPECT_GE(hi.x - lo.x, b.width) << b.label;
  }
  ImGui::End();
  ImGui::Render();
}

// Found playing: the red notice under the banner (a refused move) took the clicks on the board
// under it while it showed.
TEST_F(HeadlessUi, BoardSpotsUnderTheRefusedMoveNoticeCanBeClicked) {
  App app;
  const int spot = zoomed_setup_spot(app);
  ASSERT_GE(spot, 0);
  app.show_notice("That move is not allowed now.");
  frames(app, 2);
  const ImGuiWindow* notice = ImGui::FindWindowByName("##error");
  ASSERT_TRUE(notice && notice->Active) << "the notice is not shown";
  const ImRect box(notice->Pos.x, notice->Pos.y, notice->Pos.x + notice->Size.x,
                   notice->Pos.y + notice->Size.y);
  const ImVec2 q = pan_vertex_to(app, spot, box.GetCenter());
  ASSERT_NEAR(q.y, box.GetCenter().y, 4.0f) << "the board did not pan";
  ASSERT_TRUE(notice->Active) << "the notice is gone";
  ASSERT_TRUE(box.Contains(q)) << "the spot is not under the notice";
  click_at(app, q);
  EXPECT_TRUE(notice->Active);
  EXPECT_EQ(app.session().state().vertex_owner[spot], 0) << "the notice took the click";
}

// The turn timer counts any input at the screen as presence: a player who zooms (the wheel)
// now and then but never plays has their turns timed out (the smallest completion), yet the
// AI never takes the seat over; without any input it does after two missed turns.
TEST_F(HeadlessUi, ZoomingCountsAsPresenceForTheTurnTimer) {
  auto autopilot_after_two_turns = [&](bool zoom) {
    App app;
    match::MatchConfig mc = you_and_ais(11);
    mc.options.players = 3;
    mc.options.timer_seconds = 20;
    app.start_match(mc);
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 0.25f;  // the app's clock: a quarter of a second per frame
    for (int f = 0; f < 6000 && app.session().state().turn < 7; ++f) {
      if (zoom && f % 24 == 0) wheel_ = 1.0f;  // every 6 s
      frame(app);
    }
    io.DeltaTime = 1.0f / 60.0f;
    EXPECT_GE(app.session().state().turn, 7);
    return app.session().on_autopilot(0);
  };
  EXPECT_TRUE(autopilot_after_two_turns(false)) << "no input: the AI should take the seat";
  EXPECT_FALSE(autopilot_after_two_turns(true)) << "the player zoomed: they are present";
}

}  // namespace
}  // namespace catan
