// The App driven headless: an ImGui context without a renderer, frames built and thrown away,
// clicks synthesized on widgets found by their test ids (frontend/widgets.h).
#include "frontend/app.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include "engine/match/config.h"
#include "engine/match/session.h"
#include "frontend/audio.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan {
namespace {

class HeadlessUi : public testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 720);
    io.DeltaTime = 1.0f / 60.0f;
    ui::load_fonts(1.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ui::audio::set_enabled(false);
    ui::enable_test_ids(true);
  }
  void TearDown() override {
    ui::enable_test_ids(false);
    ImGui::DestroyContext();
  }

  void frame(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse_;
    io.MouseDown[0] = down_;
    ImGui::NewFrame();
    app.frame(io.DeltaTime);
    ImGui::Render();
  }
  // Moves onto the widget (`dx` right of its centre), presses and releases, as a player would.
  void click(App& app, const char* id, float dx = 0) {
    ASSERT_TRUE(ui::find_test_id(id, &mouse_)) << id << " is not on screen";
    mouse_.x += dx;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }

 private:
  ImVec2 mouse_{-1000, -1000};
  bool down_ = false;
};

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

}  // namespace
}  // namespace catan
