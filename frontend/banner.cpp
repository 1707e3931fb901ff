#include "frontend/banner.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "frontend/overlays.h"
#include "frontend/players_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

std::string banner_text(const MatchView& s, Tool tool) {
  // What each build tool asks for, by Tool (None: whose turn it is instead).
  static const char* const kToolText[] = {
      nullptr, "Build a road: click a highlighted edge (Esc cancels)",
      "Build a settlement: click a highlighted corner (Esc cancels)",
      "Upgrade to a city: click one of your settlements (Esc cancels)"};
  const char* text = kToolText[static_cast<size_t>(tool)];
  if (text) return text;
  // The AI playing for an absent human is a state the banner always shows.
  for (int seat = 0; seat < s.view().num_players; ++seat) {
    if (!s.is_human(seat) || !s.on_autopilot(seat)) continue;
    const std::string& name = s.config().seats[seat].name;
    // Short, so that it fits the phone's banner beside the timer; the strip below says more.
    return name == "You" ? "AI playing for you" : "AI playing for " + name;
  }
  return turn_banner(s);
}

// A strip under the banner (`below` further down), at most the banner's width (the text wraps
// on a narrow screen). Returns the height it took.
float draw_strip(const char* window, const char* id, const std::string& text, ImVec4 bg,
                 const Rect& r, float below) {
  const float sc = ui_scale();
  const float max_w = std::max(160 * sc, r.size.x - 16 * sc);
  ImGui::SetNextWindowPos(ImVec2(r.pos.x + r.size.x * 0.5f, r.max().y + 8 * sc + below),
                          ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(max_w, 10000));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, bg);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.1f, 0.07f, 0.02f, 1));
  ImGui::Begin(window, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoInputs);
  ImGui::PushFont(fonts().bold);
  ImGui::PushTextWrapPos(max_w - ImGui::GetStyle().WindowPadding.x);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  test_id(id);
  const float h = ImGui::GetWindowHeight();
  ImGui::End();
  ImGui::PopStyleColor(2);
  return h + 6 * sc;
}

// Under the banner: while the AI plays for an absent human, a strip that says so; after a
// human's clock ran out, "Time's up" until that player acts (MatchView::timed_out_seat). Returns
// the height they took.
float draw_timer_notices(const MatchView& s, const Rect& r) {
  float below = 0;
  for (int seat = 0; seat < s.view().num_players; ++seat) {
    if (!s.is_human(seat) || !s.on_autopilot(seat)) continue;
    const std::string& name = s.config().seats[seat].name;
    const std::string who = name == "You" ? "you" : name;
    // Only the page that may take the seat back is told how (a guest sees another's seat too).
    const std::string how =
        s.may_take_back(seat) ? " Press \"Take back control\" to play again." : "";
    below += draw_strip("##autopilot", "autopilot_notice",
                        "The AI is playing for " + who + " while away." + how,
                        ImVec4(0.93f, 0.45f, 0.35f, 0.96f), r, below);
    break;
  }
  const int seat = s.timed_out_seat();
  if (seat >= 0) {
    const std::string& name = s.config().seats[seat].name;
    below +=
        draw_strip("##times_up", "times_up",
                   name == "You" ? "Time's up! Only the required moves were made for you."
                                 : "Time's up for " + name + "! Only the required moves were made.",
                   ImVec4(0.85f, 0.55f, 0.12f, 0.96f), r, below);
  }
  return below;
}

void draw_notice(const GameFrame& f, const Rect& r, float below) {
  if (!f.notice.visible(f.now)) return;
  ImGui::SetNextWindowPos(ImVec2(r.pos.x + r.size.x * 0.5f, r.max().y + 8 * ui_scale() + below),
                          ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.15f, 0.12f, 0.95f));
  ImGui::Begin("##error", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoInputs);  // clicks pass through to the board under it
  ImGui::TextUnformatted(f.notice.text.c_str());
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace

BannerChoice draw_banner(const GameFrame& f, const Rect& r, Tool tool, bool results_button,
                         const Rect& notices) {
  BannerChoice choice = BannerChoice::None;
  MatchView& session = f.session;
  const GameState& st = f.state();
  const float sc = ui_scale();
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
  // Right side, right to left: menu, help, results, take back control, timer.
  float x = s.x - 12 * sc;
  // Thumb-sized buttons: 44 points square.
  const float bh = std::min(44 * sc, s.y - 4 * sc);
  const float by = (s.y - bh) * 0.5f;
  x -= bh - 4 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("menu", "...", ImVec2(bh, bh))) ImGui::OpenPopup("game_menu");
  x -= bh + 6 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("help", "?", ImVec2(bh, bh))) choice = BannerChoice::ToggleHelp;
  if (ImGui::BeginPopup("game_menu")) {
    switch (draw_menu_items(session, f.notice, f.now)) {
      case MenuChoice::None:
        break;
      case MenuChoice::Settings:
        choice = BannerChoice::Settings;
        break;
      case MenuChoice::Help:
        choice = BannerChoice::ShowHelp;
        break;
      case MenuChoice::NewGame:
        choice = BannerChoice::NewGame;
        break;
    }
    ImGui::EndPopup();
  }
  if (results_button) {
    x -= 110 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    if (button("results", "Results", ImVec2(104 * sc, bh))) choice = BannerChoice::Results;
  }
  for (int seat = 0; seat < st.num_players; ++seat) {
    if (!session.may_take_back(seat) || !session.on_autopilot(seat)) continue;
    const float bw = std::min(184 * sc, ImGui::CalcTextSize("Take back control").x + 20 * sc);
    x -= bw + 6 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    const std::string id = "take_back_" + std::to_string(seat);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.8f, 0.3f, 0.2f, 1));
    if (button(id.c_str(), "Take back control", ImVec2(bw, bh))) session.take_back_control(seat);
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
  // The text, left of the buttons: one large line, or on a narrow banner up to two lines at
  // the normal size (clipped rather than drawn under the buttons).
  const std::string text = banner_text(session, tool);
  const float left = 18 * sc, right = std::max(left + 40 * sc, x - 6 * sc);
  ImGui::PushClipRect(ImVec2(wp.x, wp.y), ImVec2(wp.x + right, wp.y + s.y), true);
  ImGui::PushFont(fonts().bold);
  ImFont* font = ImGui::GetFont();
  const float big = ImGui::GetFontSize() * 1.2f;
  if (font->CalcTextSizeA(big, FLT_MAX, 0, text.c_str()).x <= right - left) {
    ImGui::SetCursorPos(ImVec2(left, (s.y - big * 1.05f) * 0.5f));
    ImGui::SetWindowFontScale(1.2f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::SetWindowFontScale(1.0f);
  } else {
    const float fs = ImGui::GetFontSize();
    const float h = font->CalcTextSizeA(fs, right - left, right - left, text.c_str()).y;
    ImGui::SetCursorPos(ImVec2(left, std::max(2.0f, (s.y - h) * 0.5f)));
    ImGui::PushTextWrapPos(right);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopFont();
  ImGui::PopClipRect();
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  draw_notice(f, notices, draw_timer_notices(session, notices));
  return choice;
}

}  // namespace catan::ui
