// A headless ImGui context for the frontend tests: the UI's fonts built, no ini file, sound
// off, default settings, test ids recorded. Fixtures derive from it, set the pointer through
// mouse_ / down_ / wheel_ (a mouse) or pointer_ with touch_ (a touch screen, as the shell feeds
// it), and draw frames of the App.
#pragma once
#include <gtest/gtest.h>
#include <imgui.h>

#include "frontend/app.h"
#include "frontend/audio.h"
#include "frontend/pointer_input.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/config.h"

namespace catan {

// Seat 0 is the player at this screen, the others Easy AIs that act at once.
inline match::MatchConfig you_and_ais(uint64_t seed) {
  match::MatchConfig mc;
  mc.seeds = {seed, seed};
  for (auto& seat : mc.seats) {
    seat.kind = match::SeatKind::AI;
    seat.ai.level = AiLevel::Easy;
  }
  mc.seats[0].kind = match::SeatKind::Human;
  match::name_seats(&mc);
  mc.ai_action_delay_s = 0;
  return mc;
}

class HeadlessImGui : public testing::Test {
 protected:
  explicit HeadlessImGui(ImVec2 display = ImVec2(1280, 720)) : display_(display) {}
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = display_;
    io.DeltaTime = 1.0f / 60.0f;
    ui::settings() = ui::UiSettings{};
    ui::load_fonts(1.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ui::audio::set_enabled(false);
    ui::enable_test_ids(true);
  }
  void TearDown() override {
    ui::enable_test_ids(false);
    ui::settings() = ui::UiSettings{};
    ImGui::DestroyContext();
  }
  // One frame of `app` with the pointer as set.
  void frame(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    if (touch_) {
      pointer_.apply(io);
    } else {
      io.MousePos = mouse_;
      io.MouseDown[0] = down_;
    }
    io.MouseWheel = wheel_;
    wheel_ = 0;
    ImGui::NewFrame();
    app.frame(io.DeltaTime);
    ImGui::Render();
  }
  void frames(App& app, int n) {
    for (int i = 0; i < n; ++i) frame(app);
  }
  // A mouse click at a point (a board spot): move there, press, release, a frame each.
  void click_at(App& app, ImVec2 p) {
    touch_ = false;
    mouse_ = p;
    for (bool down : {false, true, false}) {
      down_ = down;
      frame(app);
    }
  }

  ImVec2 display_;
  ImVec2 mouse_{-1000, -1000};
  bool down_ = false;
  float wheel_ = 0;
  bool touch_ = false;
  ui::PointerInput pointer_;
};

}  // namespace catan
