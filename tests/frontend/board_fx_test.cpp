// The board's touch placement (select, then confirm) and the production effect
// (frontend/board_view.h, frontend/production_fx.h).
#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>
#include <functional>

#include "engine/game.h"
#include "engine/rules.h"
#include "frontend/app.h"
#include "frontend/audio.h"
#include "frontend/pointer_input.h"
#include "frontend/production_fx.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class BoardUi : public HeadlessImGui {
 protected:
  BoardUi() { mouse_ = ImVec2(-FLT_MAX, -FLT_MAX); }  // off the screen, as between touches
  void TearDown() override {
    ui::set_fx_freeze(-1);
    HeadlessImGui::TearDown();
  }

  // A tap as the shell feeds it from a touch screen (PointerInput: move, press, lift, away).
  void tap_at(App& app, ImVec2 p) {
    touch_ = true;
    pointer_.move(p.x, p.y, true);
    pointer_.button(true, p.x, p.y, true);
    pointer_.button(false, p.x, p.y, true);
    frames(app, 5);
  }
  void tap(App& app, const char* id) {
    ImVec2 c;
    ASSERT_TRUE(ui::find_test_id(id, &c)) << id << " is not on screen";
    tap_at(app, c);
  }
  // A new game with the human (seat 0) first to place a settlement; a legal spot.
  int setup_spot(App& app) {
    app.start_match(you_and_ais(11));
    for (int i = 0; i < 3000; ++i) {
      frame(app);
      if (app.session().human_to_act() && app.session().state().phase == Phase::SetupSettlement)
        break;
    }
    frames(app, 3);
    for (const Action& a : legal_actions(app.session().state()))
      if (a.type == ActionType::BuildSettlement) return a.arg;
    return -1;
  }
};

// On a touch screen a tap on a legal spot only selects it: the piece waits there with a
// confirm button, which places it.
TEST_F(BoardUi, ATapSelectsTheSpotAndTheConfirmButtonPlacesIt) {
  App app;
  const int v = setup_spot(app);
  ASSERT_GE(v, 0);
  tap_at(app, app.board_vertex_pos(v));
  EXPECT_EQ(app.session().state().vertex_owner[v], -1) << "a tap placed without confirming";
  ImVec2 mn, mx;
  ASSERT_TRUE(ui::find_test_rect("board_confirm", &mn, &mx)) << "no confirm button";
  EXPECT_GE(mx.y - mn.y, 44.0f) << "the confirm button is not thumb-sized";
  EXPECT_TRUE(ui::find_test_rect("board_cancel", &mn, &mx));
  tap(app, "board_confirm");
  EXPECT_EQ(app.session().state().vertex_owner[v], 0) << "confirm did not place the settlement";
  EXPECT_FALSE(ui::find_test_rect("board_confirm", &mn, &mx));
}

// Tapping the selected spot again confirms too.
TEST_F(BoardUi, ASecondTapOnTheSelectedSpotPlacesIt) {
  App app;
  const int v = setup_spot(app);
  ASSERT_GE(v, 0);
  tap_at(app, app.board_vertex_pos(v));
  EXPECT_EQ(app.session().state().vertex_owner[v], -1);
  tap_at(app, app.board_vertex_pos(v));
  EXPECT_EQ(app.session().state().vertex_owner[v], 0);
}

// Tapping elsewhere (cancel, or anywhere off the spot) drops the selection; a mouse click
// still places directly.
TEST_F(BoardUi, TappingElsewhereCancelsAndAMouseClickPlacesAtOnce) {
  App app;
  const int v = setup_spot(app);
  ASSERT_GE(v, 0);
  tap_at(app, app.board_vertex_pos(v));
  ImVec2 mn, mx;
  ASSERT_TRUE(ui::find_test_rect("board_confirm", &mn, &mx));
  tap(app, "board_cancel");
  EXPECT_FALSE(ui::find_test_rect("board_confirm", &mn, &mx)) << "cancel kept the selection";
  tap_at(app, app.board_vertex_pos(v));
  ASSERT_TRUE(ui::find_test_rect("board_confirm", &mn, &mx));
  // The sea in the board's top left corner: no spot there.
  const ImVec2 h0 = app.board_hex_pos(0);
  tap_at(app, ImVec2(h0.x - 150, h0.y - 60));
  EXPECT_FALSE(ui::find_test_rect("board_confirm", &mn, &mx)) << "a tap elsewhere kept it";
  EXPECT_EQ(app.session().state().vertex_owner[v], -1);
  // A mouse: it moves onto the spot (for a few frames, as a hand does), then clicks.
  touch_ = false;
  mouse_ = app.board_vertex_pos(v);
  frames(app, 5);
  click_at(app, app.board_vertex_pos(v));
  EXPECT_EQ(app.session().state().vertex_owner[v], 0) << "a mouse click did not place at once";
}

// Plays first legal actions until a roll pays someone: the states just before and after.
bool producing_roll(GameState* before, GameState* after) {
  Game g(classic_options(), 5);
  for (int i = 0; i < 5000; ++i) {
    const GameState prev = g.state();
    const auto legal = legal_actions(g.state());
    if (legal.empty()) return false;
    // Prefer building and rolling over ending the turn, so the island fills up.
    Action pick = legal[i % legal.size()];
    for (const Action& a : legal)
      if (a.type == ActionType::Roll) pick = a;
    if (!g.apply(pick)) return false;
    if (pick.type == ActionType::Roll && !(g.state().stats.produced == prev.stats.produced)) {
      *before = prev;
      *after = g.state();
      return true;
    }
  }
  return false;
}

// What a roll paid comes from the state change: every card the statistics count flies from a
// hex showing the roll's number, of its resource, where the receiver has a building.
TEST(ProductionFx, PayoutComesFromTheStateChange) {
  GameState before, after;
  ASSERT_TRUE(producing_roll(&before, &after));
  const ui::FxPayout p = ui::payout_between(before, after);
  const int sum = after.last_dice[0] + after.last_dice[1];
  EXPECT_EQ(p.sum, sum);
  int paid = 0;
  for (int q = 0; q < kMaxPlayers; ++q)
    for (int r = 0; r < kNumResources; ++r)
      paid += after.stats.produced[q][r] - before.stats.produced[q][r];
  ASSERT_GT(paid, 0);
  EXPECT_EQ(static_cast<int>(p.flights.size()), paid);
  for (const ui::FxFlight& f : p.flights) {
    EXPECT_EQ(after.layout.number[f.hex], sum);
    EXPECT_EQ(static_cast<int>(after.layout.terrain[f.hex]), f.resource);
    bool owns = false;
    for (int v : topology().hexes[f.hex].vertices) owns |= after.vertex_owner[v] == f.seat;
    EXPECT_TRUE(owns) << "seat " << f.seat << " has no building on hex " << f.hex;
  }
  // No roll in between, or the same state: nothing.
  EXPECT_TRUE(ui::payout_between(after, after).flights.empty());
  EXPECT_TRUE(ui::payout_between(after, before).flights.empty());
}

// The effect runs about 1.3 s on the caller's clock, a click skips it, a frozen clock holds
// it mid-flight (for screenshots), and reduced motion draws only the hexes' highlight.
TEST_F(BoardUi, ProductionEffectTimingSkipFreezeAndReducedMotion) {
  GameState before, after;
  ASSERT_TRUE(producing_roll(&before, &after));
  ImGui::NewFrame();
  ui::ProductionFx fx;
  fx.observe(before, 10.0);
  EXPECT_FALSE(fx.active(10.0));
  fx.observe(after, 10.0);
  EXPECT_TRUE(fx.active(10.1));
  EXPECT_NEAR(fx.progress(10.0 + 0.65), 0.5f, 0.02f);
  EXPECT_FALSE(fx.active(10.0 + 1.5)) << "the effect outlasts 1.5 s";

  auto hex = [](int h, ImVec2* pts) {
    for (int k = 0; k < 6; ++k) pts[k] = ImVec2(100.0f + h * 10 + k, 100.0f + k * 3);
  };
  auto centre = [](int h) { return ImVec2(100.0f + h * 10, 100.0f); };
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const int v0 = dl->VtxBuffer.Size;
  fx.draw_flights(dl, centre, 0, 24.0f, 10.0 + 0.65);
  EXPECT_GT(dl->VtxBuffer.Size, v0) << "no card in flight mid-effect";

  fx.skip();
  EXPECT_FALSE(fx.active(10.1));

  ui::set_fx_freeze(0.5f);
  fx.observe(before, 20.0);
  fx.observe(after, 20.0);
  EXPECT_FLOAT_EQ(fx.progress(500.0), 0.5f) << "a frozen effect moves on";
  ui::set_fx_freeze(-1);

  ui::settings().reduced_motion = true;
  fx.observe(before, 30.0);
  fx.observe(after, 30.0);
  EXPECT_TRUE(fx.active(30.5));
  EXPECT_FALSE(fx.active(31.0)) << "the static highlight is brief";
  const int v1 = dl->VtxBuffer.Size;
  fx.draw_flights(dl, centre, 0, 24.0f, 30.5);
  EXPECT_EQ(dl->VtxBuffer.Size, v1) << "cards fly with reduced motion";
  fx.draw_hexes(dl, hex, 30.5);
  EXPECT_GT(dl->VtxBuffer.Size, v1) << "no highlight with reduced motion";
  ImGui::EndFrame();
}

}  // namespace
}  // namespace catan
