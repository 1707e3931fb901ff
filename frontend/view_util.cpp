#include "frontend/view_util.h"

#include <algorithm>
#include <cstdio>

#include "frontend/match_types.h"
#include "frontend/theme.h"

namespace catan::ui {

float px(float pixels) {
  return pixels * ui_scale();
}

std::string seat_label(const Session& s, int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return "Nobody";
  const std::string& n = s.config().seats[static_cast<size_t>(seat)].name;
  if (!n.empty()) return n;
  return player_color_name(seat);
}

std::string seat_name3(const Session& s, int seat) {
  std::string n = seat_label(s, seat);
  if (n == "You" && seat >= 0 && seat < kMaxPlayers) return player_color_name(seat);
  return n;
}

std::string without_role(std::string name) {
  const size_t role = name.find(" (");
  if (role != std::string::npos && role > 0 && name.back() == ')') name.resize(role);
  return name;
}

void seat_labels(const Session& s, std::string (&names)[4]) {
  for (int i = 0; i < 4; ++i) names[i] = seat_label(s, i);
}

static std::string capitalized(const char* s) {
  std::string r = s ? s : "";
  if (!r.empty() && r[0] >= 'a' && r[0] <= 'z') r[0] = static_cast<char>(r[0] - 'a' + 'A');
  return r;
}

std::string seat_role(const Session& s, int seat) {
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

std::vector<TextSeg> colorize_names(const std::string& sentence, const std::string (&names)[4]) {
  std::vector<TextSeg> out;
  size_t pos = 0;
  while (pos < sentence.size()) {
    size_t best = std::string::npos, best_len = 0;
    int best_seat = -1;
    for (int i = 0; i < 4; ++i) {
      if (names[i].empty()) continue;
      size_t f = sentence.find(names[i], pos);
      // Prefer the earliest match, then the longest name ("Red" vs "Red Baron").
      if (f != std::string::npos && (f < best || (f == best && names[i].size() > best_len))) {
        best = f;
        best_len = names[i].size();
        best_seat = i;
      }
    }
    if (best == std::string::npos) {
      out.push_back({sentence.substr(pos), 0});
      break;
    }
    if (best > pos) out.push_back({sentence.substr(pos, best - pos), 0});
    out.push_back({sentence.substr(best, best_len), player_color(best_seat), best_seat});
    pos = best + best_len;
  }
  return out;
}

void rich_text(const std::vector<TextSeg>& segs, float wrap_width) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  const float fs = ImGui::GetFontSize();
  const float space = ImGui::CalcTextSize(" ").x;
  // A name starts with a small disc in its seat's colour (outlined, so White shows on the
  // dark panel as clearly as the others) and is set in bold.
  const float disc_r = std::max(3.0f, lh * 0.3f);
  const float disc_w = disc_r * 2 + 3;
  float x = 0, y = 0, max_x = 0;
  for (const TextSeg& seg : segs) {
    const ImU32 col = seg.color ? seg.color : theme().text;
    ImFont* font = seg.seat >= 0 && fonts().bold ? fonts().bold : ImGui::GetFont();
    bool first_word = true;
    // Split into words keeping track of leading spaces.
    size_t i = 0;
    const std::string& t = seg.text;
    while (i < t.size()) {
      if (t[i] == ' ') {
        x += space;
        ++i;
        continue;
      }
      size_t j = t.find(' ', i);
      if (j == std::string::npos) j = t.size();
      const char* b = t.data() + i;
      const char* e = t.data() + j;
      const float lead = seg.seat >= 0 && first_word ? disc_w : 0.0f;
      const float w = font->CalcTextSizeA(fs, FLT_MAX, 0, b, e).x;
      if (x > 0 && x + lead + w > wrap_width) {
        x = 0;
        y += lh;
      }
      if (lead > 0) {
        const ImVec2 c(origin.x + x + disc_r + 0.5f, origin.y + y + lh * 0.5f + 0.5f);
        dl->AddCircleFilled(c, disc_r, player_color(seg.seat), 16);
        dl->AddCircle(c, disc_r, player_color_dark(seg.seat), 16, 1.5f);
        x += lead;
      }
      first_word = false;
      if (seg.color) {
        // Player names: a dark shadow keeps every colour legible on the panel.
        dl->AddText(font, fs, ImVec2(origin.x + x + 1, origin.y + y + 1), IM_COL32(0, 0, 0, 160), b,
                    e);
      }
      dl->AddText(font, fs, ImVec2(origin.x + x, origin.y + y), col, b, e);
      x += w;
      max_x = std::max(max_x, x);
      i = j;
    }
  }
  ImGui::Dummy(ImVec2(std::max(1.0f, std::min(max_x, wrap_width)), y + lh));
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

}  // namespace catan::ui
