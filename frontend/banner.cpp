#include "frontend/banner.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "frontend/players_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

std::string banner_text(const Session& s, Tool tool) {
  // What each build tool asks for, by Tool (None: whose turn it is instead).
  static const char* const kToolText[] = {
      nullptr, "Build a road: click a highlighted edge (Esc cancels)",
      "Build a settlement: click a highlighted corner (Esc cancels)",
      "Upgrade to a city: click one of your settlements (Esc cancels)"};
  const char* text = kToolText[static_cast<size_t>(tool)];
  return text ? text : turn_banner(s);
}

void draw_notice(const GameFrame& f, const Rect& r) {
  if (!f.notice.visible(f.now)) return;
  ImGui::SetNextWindowPos(ImVec2(r.pos.x + r.size.x * 0.5f, r.max().y + 8 * settings().ui_scale),
                          ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.15f, 0.12f, 0.95f));
  ImGui::Begin("##error", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::TextUnformatted(f.notice.text.c_str());
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace

BannerChoice draw_banner(const GameFrame& f, const Rect& r, Tool tool, bool results_button) {
  BannerChoice choice = BannerChoice::None;
  Session& session = f.session;
  const GameState& st = f.state();
  const float sc = settings().ui_scale;
  const ImVec2 s = r.size;
  const int active = st.phase == Phase::GameOver ? st.winner : st.to_move();
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(s);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(theme().panel_bg));
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(player_color(active)));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
  ImGui::Begin("##banner", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 wp = ImGui::GetWindowPos();
  // The active player's colour stripe.
  dl->AddRectFilled(ImVec2(wp.x + 2, wp.y + 2), ImVec2(wp.x + 10 * sc, wp.y + s.y - 2),
                    player_color(active), 4.0f);
  const std::string text = banner_text(session, tool);
  ImGui::SetCursorPos(ImVec2(18 * sc, (s.y - ImGui::GetFontSize() * 1.25f) * 0.5f));
  ImGui::PushFont(fonts().bold);
  ImGui::SetWindowFontScale(1.2f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();

  // Right side, right to left: menu, help, results, take back control, timer.
  float x = s.x - 12 * sc;
  const float bh = 34 * sc;
  const float by = (s.y - bh) * 0.5f;
  x -= 36 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("menu", "...", ImVec2(36 * sc, bh))) ImGui::OpenPopup("game_menu");
  x -= 36 * sc + 6 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("help", "?", ImVec2(36 * sc, bh))) choice = BannerChoice::ToggleHelp;
  if (ImGui::BeginPopup("game_menu")) {
    if (ImGui::MenuItem("Settings")) choice = BannerChoice::Settings;
    if (ImGui::MenuItem(session.paused() ? "Resume" : "Pause"))
      session.set_paused(!session.paused());
    if (ImGui::MenuItem("Help (?)")) choice = BannerChoice::ShowHelp;
    ImGui::Separator();
    if (ImGui::MenuItem("New game...")) choice = BannerChoice::NewGame;
    ImGui::EndPopup();
  }
  if (results_button) {
    x -= 110 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    if (button("results", "Results", ImVec2(104 * sc, bh))) choice = BannerChoice::Results;
  }
  for (int seat = 0; seat < st.num_players; ++seat) {
    if (!session.is_human(seat) || !session.on_autopilot(seat)) continue;
    x -= 190 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    const std::string id = "take_back_" + std::to_string(seat);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.8f, 0.3f, 0.2f, 1));
    if (button(id.c_str(), "Take back control", ImVec2(184 * sc, bh)))
      session.take_back_control(seat);
    ImGui::PopStyleColor();
  }
  const double tl = session.time_left();
  if (tl >= 0) {
    x -= 130 * sc;
    ImGui::SetCursorPos(ImVec2(x, by + bh * 0.15f));
    const float frac = static_cast<float>(tl / std::max<double>(1, st.options.timer_seconds));
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                          tl < 10 ? ImVec4(0.9f, 0.3f, 0.25f, 1) : ImVec4(0.35f, 0.7f, 0.4f, 1));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d s", static_cast<int>(std::ceil(tl)));
    ImGui::ProgressBar(std::min(1.0f, frac), ImVec2(120 * sc, bh * 0.7f), buf);
    ImGui::PopStyleColor();
  }
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  draw_notice(f, r);
  return choice;
}

}  // namespace catan::ui
