// The New game screen and the game's one menu, driven headless at a phone's size (390 x 844
// CSS pixels, upright) and at a desktop's: one click starts a game, the custom form fits a
// phone with tall controls, the menu switches the sound, popups are opaque.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

#include "frontend/app.h"
#include "frontend/audio.h"
#include "frontend/new_game_screen.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

class NewGameScreen : public HeadlessImGui {
 protected:
  NewGameScreen() : HeadlessImGui(ImVec2(390, 844)) {}
  void click(App& app, const char* id) {
    for (int i = 0; i < 10 && !ui::find_test_id(id, &mouse_); ++i) frame(app);
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }
  // Scrolls the form (the wheel over its middle) and returns every id seen on the way with
  // its rectangle, as the browser test reads them through catan.view().uiRects.
  std::vector<std::pair<std::string, ImRect>> scan_form(App& app,
                                                        const std::vector<std::string>& ids) {
    std::vector<std::pair<std::string, ImRect>> seen;
    mouse_ = ImVec2(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
    for (int step = 0; step < 30; ++step) {
      frames(app, 2);
      for (const std::string& id : ids) {
        ImVec2 a, b;
        bool known = false;
        for (auto& s : seen) known |= s.first == id;
        if (!known && ui::find_test_rect(id, &a, &b)) seen.push_back({id, ImRect(a, b)});
      }
      wheel_ = -1.0f;
    }
    return seen;
  }
};

// "Play vs bots" starts at once: you against three Normal AIs, on a fresh island.
TEST_F(NewGameScreen, PlayVsBotsStartsInOneClick) {
  for (ImVec2 size : {ImVec2(390, 844), ImVec2(1280, 720)}) {
    ImGui::GetIO().DisplaySize = size;
    App app;
    frames(app, 3);
    ImVec2 a, b;
    ASSERT_TRUE(ui::find_test_rect("start", &a, &b));
    EXPECT_GE(b.y - a.y, ui::kMinTouch) << "Play vs bots is too small to tap";
    ASSERT_FALSE(app.session().active());
    click(app, "start");
    ASSERT_TRUE(app.session().active()) << "one click did not start a game at " << size.x;
    const match::MatchConfig& mc = app.session().config();
    EXPECT_EQ(mc.options.players, 4);
    EXPECT_EQ(mc.seats[0].kind, match::SeatKind::Human);
    for (int i = 1; i < 4; ++i) {
      EXPECT_EQ(mc.seats[static_cast<size_t>(i)].kind, match::SeatKind::AI);
      EXPECT_EQ(mc.seats[static_cast<size_t>(i)].ai.level, AiLevel::Normal);
    }
  }
}

// Play vs bots keeps the player's choices but seats AIs wherever the form had other humans.
TEST_F(NewGameScreen, PlayVsBotsSeatsAisForTheOtherHumans) {
  ui::NewGameForm form;
  form.players = 3;
  form.seats[1].kind = ui::kSeatHotSeat;
  form.seats[2].level = 4;
  ui::make_bots_game(&form);
  EXPECT_EQ(form.seats[0].kind, ui::kSeatYou);
  EXPECT_EQ(form.seats[1].kind, ui::kSeatAi);
  EXPECT_EQ(form.seats[2].level, 4);
  EXPECT_EQ(ui::bots_game_summary(form),
            "You + 2 bots (mixed levels), Classic (10 VP), Balanced island");
}

// Bots from this screen are named as in a game from a link or the page API:
// "Bruno (Easy Balanced)", and an empty name field shows the name the game will use.
TEST_F(NewGameScreen, BotsAreNamedAsInEveryOtherGame) {
  ui::NewGameForm form;
  form.players = 4;
  form.seats[1].level = 1;  // Easy
  form.seats[1].personality = 0;
  form.seats[2].personality = 1;  // Trader
  const match::MatchConfig mc = ui::config_from_form(form);
  match::MatchConfig linked;
  ASSERT_TRUE(match::config_from_json(
      nlohmann::json{{"seats", "human,ai:easy:balanced,ai:normal:trader,ai:normal:builder"}},
      &linked, nullptr));
  EXPECT_EQ(mc.seats[0].name, "You");
  EXPECT_EQ(mc.seats[1].name, "Bruno (Easy Balanced)");
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(mc.seats[static_cast<size_t>(i)].name, linked.seats[static_cast<size_t>(i)].name)
        << "seat " << i;
  for (int i = 1; i < 4; ++i)
    EXPECT_EQ(ui::default_name(i, form.seats[i]), mc.seats[static_cast<size_t>(i)].name)
        << "seat " << i;
  form.seats[2].kind = ui::kSeatHotSeat;
  EXPECT_EQ(ui::default_name(2, form.seats[2]), ui::config_from_form(form).seats[2].name);
}

// The custom form at 390 CSS pixels wide: every control inside the screen, at least 44 tall,
// and the seat and rule dropdowns wide enough for their longest choice.
TEST_F(NewGameScreen, CustomFormFitsAPhone) {
  App app;
  frames(app, 3);
  click(app, "custom_game");
  std::vector<std::string> ids = {"players_2",   "players_3", "players_4",  "mode", "board",
                                  "visibility",  "dice",      "timer",      "seed", "form_ai_speed",
                                  "random_seed", "start",     "custom_back"};
  ids.push_back("seat_kind_0");
  ids.push_back("seat_name_0");  // "You": a name instead of the AI's level and personality
  for (int i = 1; i < 4; ++i) {
    ids.push_back("seat_kind_" + std::to_string(i));
    ids.push_back("seat_level_" + std::to_string(i));
    ids.push_back("seat_personality_" + std::to_string(i));
  }
  const auto seen = scan_form(app, ids);
  const float dw = ImGui::GetIO().DisplaySize.x;
  const float arrow = ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 2;
  for (const std::string& id : ids) {
    const ImRect* r = nullptr;
    for (auto& s : seen)
      if (s.first == id) r = &s.second;
    ASSERT_NE(r, nullptr) << id << " never came into view";
    EXPECT_GE(r->Min.x, 0.0f) << id;
    EXPECT_LE(r->Max.x, dw) << id;
    if (id.rfind("players_", 0) != 0) {
      EXPECT_GE(r->GetHeight(), ui::kMinTouch - 0.5f) << id;
    }
  }
  auto width_of = [&](const std::string& id) {
    for (auto& s : seen)
      if (s.first == id) return s.second.GetWidth();
    return 0.0f;
  };
  EXPECT_GE(width_of("seat_kind_1"), ImGui::CalcTextSize("Human (hot-seat)").x + arrow);
  EXPECT_GE(width_of("seat_personality_1"), ImGui::CalcTextSize("Opportunist").x + arrow);
  EXPECT_GE(width_of("mode"), ImGui::CalcTextSize("Blitz (7 VP, 1 of each)").x + arrow);
  EXPECT_GE(width_of("dice"), ImGui::CalcTextSize("Balanced (deck of 36)").x + arrow);
}

// The menu holds the sound switch: off, then on again (which also lifts a page's mute).
TEST_F(NewGameScreen, MenuSwitchesTheSound) {
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  App app;
  frames(app, 3);
  click(app, "start");
  frames(app, 3);
  ASSERT_TRUE(ui::settings().sound);
  click(app, "menu");
  frames(app, 2);
  click(app, "menu_sound");
  EXPECT_FALSE(ui::settings().sound);
  ui::set_embedded_muted(true);
  frames(app, 2);
  click(app, "menu");
  frames(app, 2);
  click(app, "menu_sound");
  EXPECT_TRUE(ui::settings().sound);
  EXPECT_FALSE(ui::settings().muted);
}

// Natively the menu's "Copy board seed" puts the island's seed on the clipboard.
TEST_F(NewGameScreen, MenuCopiesTheBoardSeedNatively) {
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  App app;
  frames(app, 3);
  click(app, "start");
  frames(app, 3);
  click(app, "menu");
  frames(app, 2);
  click(app, "menu_share");
  const char* clip = ImGui::GetClipboardText();
  ASSERT_NE(clip, nullptr);
  EXPECT_EQ(std::string(clip), std::to_string(app.session().config().seeds.board));
}

// Windows, dropdowns and dialogs are opaque: nothing behind them shows through.
TEST_F(NewGameScreen, PopupsAndWindowsAreOpaque) {
  const ImGuiStyle& s = ImGui::GetStyle();
  EXPECT_EQ(s.Colors[ImGuiCol_PopupBg].w, 1.0f);
  EXPECT_EQ(s.Colors[ImGuiCol_WindowBg].w, 1.0f);
}

}  // namespace
}  // namespace catan
