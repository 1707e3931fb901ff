#include "frontend/widgets.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <unordered_map>

#include "frontend/theme.h"

namespace catan::ui {

namespace {
bool g_record = false;
std::unordered_map<std::string, TestItem> g_rects;
std::string g_wanted;  // the id find_test_id last missed: scrolled into view when drawn
}  // namespace

void test_id(const char* id) {
  if (!g_record) return;
  const ImRect r(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  // Only what can be clicked: the item's centre inside its window's visible area.
  if (!ImGui::GetCurrentWindow()->ClipRect.Contains(r.GetCenter())) {
    if (g_wanted == id) ImGui::SetScrollHereY(0.5f);
    return;
  }
  // Whole: inside its window's visible area (half a point of rounding allowed).
  ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
  clip.Expand(0.5f);
  g_rects[id] = TestItem{r, clip.Contains(r), true};
}

void test_label_fits(const char* id, bool fits) {
  const auto it = g_rects.find(id);
  if (it != g_rects.end()) it->second.label_fits = fits;
}

std::vector<std::pair<std::string, TestItem>> test_items() {
  std::vector<std::pair<std::string, TestItem>> v(g_rects.begin(), g_rects.end());
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return v;
}

void enable_test_ids(bool on) {
  g_record = on;
  g_rects.clear();
  g_wanted.clear();
}

void begin_test_ids_frame() {
  g_rects.clear();
}

bool find_test_rect(const std::string& id, ImVec2* min, ImVec2* max) {
  const auto it = g_rects.find(id);
  if (it == g_rects.end()) {
    g_wanted = id;
    return false;
  }
  *min = it->second.rect.Min;
  *max = it->second.rect.Max;
  return true;
}

bool find_test_id(const std::string& id, ImVec2* center) {
  ImVec2 a, b;
  if (!find_test_rect(id, &a, &b)) return false;
  *center = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  return true;
}

namespace {
bool g_touch_ui = false;
bool g_touch_pointer = false;
}  // namespace

void set_touch_ui(bool on) {
  g_touch_ui = on;
}

void set_touch_pointer(bool on) {
  g_touch_pointer = on;
}

bool touch_ui() {
  return g_touch_ui || g_touch_pointer;
}

bool button(const char* id, const char* label, ImVec2 size, bool enabled, const std::string& why) {
  ImGui::BeginDisabled(!enabled);
  ImGui::PushID(id);
  if (size.x > 0) {  // wide enough for the label ("##..." hides the rest of it)
    const float text = ImGui::CalcTextSize(label, nullptr, true).x;
    if (text > 0) size.x = std::max(size.x, text + ImGui::GetStyle().FramePadding.x * 2);
  }
  const bool pressed = ImGui::Button(label, size);
  ImGui::PopID();
  ImGui::EndDisabled();
  test_id(id);
  if (!enabled && !why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", why.c_str());
  return pressed && enabled;
}

void drag_to_scroll() {
  // A press on the window's empty space makes its move id active (even with NoMove): that
  // drag scrolls; a drag that began on a widget (a slider, a field) is the widget's.
  const ImGuiID active = ImGui::GetActiveID();
  if (!ImGui::IsWindowHovered() || (active != 0 && active != ImGui::GetCurrentWindow()->MoveId) ||
      !ImGui::IsMouseDragging(0))
    return;
  ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
}

bool area_button(const char* id, ImVec2 size, bool enabled) {
  const ImVec4 clear(0, 0, 0, 0);
  ImGui::PushStyleColor(ImGuiCol_Button, clear);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, clear);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, clear);
  const bool pressed = button(id, "##area", size, enabled);
  ImGui::PopStyleColor(3);
  return pressed;
}

bool stepper(const char* id, int* value, int lo, int hi) {
  ImGui::PushID(id);
  const float h = ImGui::GetFrameHeight();
  const std::string base = id;
  bool changed = false;
  if (button((base + "_minus").c_str(), "-", ImVec2(h, h), *value > lo)) {
    --*value;
    changed = true;
  }
  ImGui::SameLine(0, 2);
  const float w = ImGui::CalcTextSize("00").x + 8;
  const ImVec2 c = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  char buf[8];
  std::snprintf(buf, sizeof buf, "%d", *value);
  const ImVec2 ts = ImGui::CalcTextSize(buf);
  ImGui::GetWindowDrawList()->AddText(ImVec2(c.x + (w - ts.x) * 0.5f, c.y + (h - ts.y) * 0.5f),
                                      *value > 0 ? theme().text : theme().text_dim, buf);
  ImGui::SameLine(0, 2);
  if (button((base + "_plus").c_str(), "+", ImVec2(h, h), *value < hi)) {
    ++*value;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

}  // namespace catan::ui
