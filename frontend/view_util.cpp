#include "frontend/view_util.h"

#include <algorithm>
#include <cstdio>

#include "frontend/match_types.h"
#include "frontend/theme.h"

namespace catan::ui {

float px(float pixels) {
  return pixels * ui_scale();
}

std::string seat_label(const MatchView& s, int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return "Nobody";
  const std::string& n = s.config().seats[static_cast<size_t>(seat)].name;
  if (!n.empty()) return n;
  return player_color_name(seat);
}

std::string seat_name3(const MatchView& s, int seat) {
  std::string n = seat_label(s, seat);
  if (n == "You" && seat >= 0 && seat < kMaxPlayers) return player_color_name(seat);
  return n;
}

std::string without_role(std::string name) {
  const size_t role = name.find(" (");
  if (role != std::string::npos && role > 0 && name.back() == ')') name.resize(role);
  return name;
}

void seat_labels(const MatchView& s, std::string (&names)[4]) {
  for (int i = 0; i < 4; ++i) names[i] = seat_label(s, i);
}

static std::string capitalized(const char* s) {
  std::string r = s ? s : "";
  if (!r.empty() && r[0] >= 'a' && r[0] <= 'z') r[0] = static_cast<char>(r[0] - 'a' + 'A');
  return r;
}

std::string seat_role(const MatchView& s, int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return "";
  const SeatConfig& c = s.config().seats[static_cast<size_t>(seat)];
  if (c.kind == SeatKind::Human) return "Human";
  return capitalized(ai_level_name(c.ai.level)) + " " +
         capitalized(personality_name(c.ai.personality));
}

void bundle_inline(const ResourceCounts& c, float icon_size, const char* empty_text) {
  if (total(c) == 0) {
    ImGui::TextDisabled("%s", empty_text);
    return;
  }
  ImGui::BeginGroup();
  bool first = true;
  for (int i = 0; i < kNumResources; ++i) {
    if (c[i] == 0) continue;
    if (!first) ImGui::SameLine(0, 6);
    first = false;
    ImVec2 p = ImGui::GetCursorScreenPos();
    draw_resource_icon(ImGui::GetWindowDrawList(), p, icon_size, static_cast<Resource>(i));
    ImGui::Dummy(ImVec2(icon_size, icon_size));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%d %s", c[i], resource_label(static_cast<Resource>(i)));
    }
    if (c[i] > 1) {
      ImGui::SameLine(0, 2);
      const float ty = (icon_size - ImGui::GetTextLineHeight()) * 0.5f;
      ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ty);
      ImGui::Text("x%d", c[i]);
    }
  }
  ImGui::EndGroup();
}

std::string fit_text(std::string s, float width) {
  if (ImGui::CalcTextSize(s.c_str()).x <= width) return s;
  while (s.size() > 2 && ImGui::CalcTextSize((s + ".").c_str()).x > width) s.pop_back();
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s + ".";
}

void seat_chip(int seat, float size, bool frame_aligned) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float lh = frame_aligned ? ImGui::GetFrameHeight() : ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c(p.x + size * 0.5f, p.y + lh * 0.5f);
  dl->AddCircleFilled(c, size * 0.5f, player_color(seat), 16);
  dl->AddCircle(c, size * 0.5f, player_color_dark(seat), 16, 1.5f);
  ImGui::Dummy(ImVec2(size, lh));
}

void card_glyph(ImDrawList* dl, ImVec2 p, float h, ImU32 col) {
  const float w = h * 0.7f;
  dl->AddRectFilled(ImVec2(p.x + 2, p.y - 1), ImVec2(p.x + 2 + w, p.y - 1 + h), shade(col, 0.7f),
                    2.5f);
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), col, 2.5f);
  dl->AddRect(p, ImVec2(p.x + w, p.y + h), shade(col, 0.55f), 2.5f);
}

namespace {
struct PanelFrame {
  ImVec2 start;
  float width;
  ImGuiID id;
};
std::vector<PanelFrame> g_panels;
constexpr float kPad = 8.0f;
}  // namespace

void panel_begin(const char* id, const char* title, ImU32 accent) {
  ImGui::PushID(id);
  const ImGuiID key = ImGui::GetID("##panel_h");
  const float h = ImGui::GetStateStorage()->GetFloat(key, 0.0f);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const Theme& t = theme();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (h > 0) {
    dl->AddRectFilled(start, ImVec2(start.x + width, start.y + h), t.panel_bg, t.rounding);
    dl->AddRect(start, ImVec2(start.x + width, start.y + h), t.panel_border, t.rounding, 0, 1.0f);
    if (accent) {
      dl->AddRectFilled(ImVec2(start.x, start.y), ImVec2(start.x + 4, start.y + h), accent,
                        t.rounding, ImDrawFlags_RoundCornersLeft);
    }
  }
  g_panels.push_back({start, width, key});
  ImGui::SetCursorScreenPos(ImVec2(start.x + kPad + (accent ? 3 : 0), start.y + kPad));
  ImGui::BeginGroup();
  ImGui::PushItemWidth(width - 2 * kPad);
  if (title && *title) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.text));
    if (fonts().bold) ImGui::PushFont(fonts().bold);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2 * kPad - (accent ? 3 : 0));
    ImGui::TextUnformatted(title);
    ImGui::PopTextWrapPos();
    if (fonts().bold) ImGui::PopFont();
    ImGui::PopStyleColor();
    ImGui::Spacing();
  }
}

void panel_end() {
  ImGui::PopItemWidth();
  ImGui::EndGroup();
  PanelFrame f = g_panels.back();
  g_panels.pop_back();
  const float bottom = ImGui::GetItemRectMax().y + kPad;
  ImGui::GetStateStorage()->SetFloat(f.id, bottom - f.start.y);
  ImGui::SetCursorScreenPos(ImVec2(f.start.x, bottom));
  ImGui::Dummy(ImVec2(f.width, 0));
  ImGui::PopID();
}

void begin_bare_window(const char* name, const Rect& r) {
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(r.size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin(name, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground);
}

void end_bare_window() {
  ImGui::End();
  ImGui::PopStyleVar(2);
}

}  // namespace catan::ui
