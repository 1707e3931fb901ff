// Placeholder UI: proves that ImGui runs the same way natively and in the browser.
// The UI engineer replaces this file (keep the App interface in frontend/app.h).
#include "frontend/app.h"

#include <imgui.h>

namespace catan {

App::App() = default;
App::~App() = default;

void App::frame(float dt) {
  if (dt > 0.0f) fps_ = fps_ == 0.0f ? 1.0f / dt : fps_ * 0.95f + 0.05f / dt;

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(420, 0), ImGuiCond_Always);
  ImGui::Begin(
      "Settlers of Catan", nullptr,
      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::TextWrapped("Welcome to Catan. The board and the game are on their way.");
  ImGui::Separator();
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::Text("Window %.0f x %.0f, framebuffer scale %.2f", io.DisplaySize.x, io.DisplaySize.y,
              io.DisplayFramebufferScale.x);
  ImGui::Text("%.0f frames per second", fps_);
#ifdef __EMSCRIPTEN__
  ImGui::TextUnformatted("Running in the browser (WebAssembly + WebGL 2)");
#else
  ImGui::TextUnformatted("Running natively (SDL2 + OpenGL ES 3)");
#endif
  ImGui::Checkbox("Show the Dear ImGui demo", &show_demo_);
#ifndef __EMSCRIPTEN__
  if (ImGui::Button("Quit")) quit_ = true;
#endif
  ImGui::End();

  if (show_demo_) ImGui::ShowDemoWindow(&show_demo_);
}

}  // namespace catan
