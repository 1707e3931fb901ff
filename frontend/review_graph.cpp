// The review screen's win-chance graph panel (frontend/review_panel.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "frontend/coach_view.h"
#include "frontend/review_panel.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {
namespace {

// Title and legend: every seat's chance at the cursor.
void graph_legend(const ReviewScreenState& st, const std::string (&names)[kMaxPlayers]) {
  const coach::Review& rv = st.review();
  const int p = st.position();
  const int have = static_cast<int>(rv.chances.size());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().accent));
  ImGui::TextUnformatted("Win chance");
  ImGui::PopStyleColor();
  for (int seat = 0; seat < st.state().num_players; ++seat) {
    ImGui::SameLine(0, px(10));
    seat_chip(seat, px(10));
    ImGui::SameLine(0, px(3));
    if (p < have) {
      ImGui::Text("%.0f%%", rv.chances[static_cast<size_t>(p)][static_cast<size_t>(seat)] * 100);
    } else {
      ImGui::TextDisabled("-");
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", names[seat].c_str());
  }
}

// The analysis' progress while it runs: a bar at the top of the plot (left..right, top).
void analysis_progress(ImDrawList* dl, const ReviewScreenState& st, float left, float right,
                       float top) {
  if (st.review_done()) return;
  const Theme& t = theme();
  char buf[96];
  const std::string eta = time_left_words(st.review_seconds_left());
  std::snprintf(buf, sizeof buf, "Analysing the game... %.0f%%%s%s", st.review_progress() * 100,
                eta.empty() ? "" : ", ", eta.c_str());
  const ImVec2 ts = ImGui::CalcTextSize(buf);
  const float bw = std::min(right - left - px(20), std::max(px(160), ts.x + px(16)));
  const ImVec2 b0(left + (right - left - bw) * 0.5f, top + px(6));
  const ImVec2 b1(b0.x + bw, b0.y + ts.y + px(8));
  dl->AddRectFilled(b0, b1, with_alpha(t.panel_bg, 0.95f), px(4));
  dl->AddRectFilled(b0, ImVec2(b0.x + bw * static_cast<float>(st.review_progress()), b1.y),
                    with_alpha(t.accent, 0.55f), px(4));
  dl->AddRect(b0, b1, t.accent, px(4));
  dl->AddText(ImVec2(b0.x + (bw - ts.x) * 0.5f, b0.y + px(4)), t.text, buf);
}

}  // namespace

void review_graph_panel(ReviewScreenState& st, const Rect& r,
                        const std::string (&names)[kMaxPlayers]) {
  const Theme& t = theme();
  begin_panel_child("##review_graph_panel", r);
  const coach::Review& rv = st.review();
  const GameState& s = st.state();
  const int n = st.num_actions(), p = st.position();
  const int have = static_cast<int>(rv.chances.size());
  graph_legend(st, names);
  // The plot, clickable.
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size(avail.x, std::max(px(40), avail.y));
  ImGui::InvisibleButton("##graph", size);
  test_id("review_graph");
  const bool hovered = ImGui::IsItemHovered();
  const float left = a.x + px(30), right = a.x + size.x - px(6), top = a.y + px(4),
              base = a.y + size.y - px(4);
  auto X = [&](int i) {
    return left + (right - left) * static_cast<float>(i) / static_cast<float>(std::max(1, n));
  };
  auto Y = [&](double v) { return base - static_cast<float>(v) * (base - top); };
  if (ImGui::IsItemActive() && ImGui::IsMouseDown(0)) {
    const float mx = ImGui::GetIO().MousePos.x;
    const int i = static_cast<int>(std::lround((mx - left) / std::max(1.0f, right - left) * n));
    st.set_position(i);
    st.set_playing(false);
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int k = 0; k <= 4; ++k) {
    const float y = Y(k / 4.0);
    dl->AddLine(ImVec2(left, y), ImVec2(right, y), with_alpha(t.panel_border, 0.5f));
    char buf[8];
    std::snprintf(buf, sizeof buf, "%d%%", k * 25);
    if (k % 2 == 0)
      dl->AddText(ImVec2(a.x, y - ImGui::GetTextLineHeight() * 0.5f), t.text_dim, buf);
  }
  // Turn boundaries every 10 turns, faintly.
  for (int turn = 10; turn <= s.turn + 200; turn += 10) {
    const int q = st.turn_start(turn);
    if (st.turn_of(q) != turn) break;
    dl->AddLine(ImVec2(X(q), top), ImVec2(X(q), base), with_alpha(t.panel_border, 0.3f));
  }
  // One line per seat, as far as the analysis has come.
  const int m = std::min(have, n + 1);
  for (int seat = 0; seat < s.num_players && m > 0; ++seat) {
    std::vector<ImVec2> line;
    line.reserve(static_cast<size_t>(m));
    for (int i = 0; i < m; ++i)
      line.push_back(
          ImVec2(X(i), Y(rv.chances[static_cast<size_t>(i)][static_cast<size_t>(seat)])));
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), player_color_dark(seat), 0,
                    px(3.5f));
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), player_color(seat), 0, px(2));
  }
  // Decisions that cost something: ticks at the bottom in their grade's colour.
  for (const coach::Annotation& d : rv.decisions) {
    if (d.grade < coach::Grade::Inaccuracy) continue;
    const float x = X(d.index);
    dl->AddTriangleFilled(ImVec2(x, base - px(8)), ImVec2(x - px(4), base), ImVec2(x + px(4), base),
                          grade_color(d.grade));
  }
  // Turning points: rings on the seat's line.
  for (const coach::TurningPoint& tp : rv.turning_points) {
    const int i = std::min(tp.index + 1, m - 1);
    if (i < 0) continue;
    const ImVec2 q(X(i), Y(rv.chances[static_cast<size_t>(i)][static_cast<size_t>(tp.seat)]));
    dl->AddCircle(q, px(5), t.text, 0, px(2));
  }
  // The cursor.
  dl->AddLine(ImVec2(X(p), top), ImVec2(X(p), base), t.accent, px(2));
  analysis_progress(dl, st, left, right, top);
  if (hovered && n > 0) {
    const float mx = ImGui::GetIO().MousePos.x;
    const int i = std::clamp(
        static_cast<int>(std::lround((mx - left) / std::max(1.0f, right - left) * n)), 0, n);
    ImGui::SetTooltip("%s, action %d: click to go there", turn_label(st.state_at(i)).c_str(), i);
  }
  end_panel_child();
}

}  // namespace catan::ui
