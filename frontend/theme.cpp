// Theme colours, palettes and ImGui style. See theme.h.
#include "frontend/theme.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/serialize.h"
#include "frontend/fonts_data.h"

namespace catan::ui {
namespace {

constexpr ImU32 rgb(int r, int g, int b, int a = 255) {
  return IM_COL32(r, g, b, a);
}

Theme make_theme(bool colorblind) {
  Theme t{};
  t.sea = rgb(38, 106, 160);
  t.sea_deep = rgb(24, 74, 120);
  t.sea_wave = rgb(90, 150, 200, 90);
  t.panel_bg = rgb(34, 38, 46, 240);
  t.panel_border = rgb(80, 88, 104, 255);
  t.panel_header = rgb(52, 58, 72, 255);
  t.text = rgb(238, 236, 228);
  t.text_dim = rgb(160, 164, 172);
  t.text_dark = rgb(40, 34, 28);
  t.accent = rgb(242, 184, 64);
  t.good = rgb(98, 196, 110);
  t.bad = rgb(226, 82, 72);
  t.warning = rgb(240, 160, 50);

  const ImU32 terrain[7] = {rgb(46, 120, 60),  rgb(196, 104, 62),  rgb(150, 204, 92),
                            rgb(236, 200, 84), rgb(138, 142, 156), rgb(222, 202, 150),
                            rgb(96, 106, 118)};
  const ImU32 terrain_dark[7] = {rgb(22, 72, 34),   rgb(140, 60, 36), rgb(96, 150, 56),
                                 rgb(184, 140, 40), rgb(86, 90, 104), rgb(186, 160, 104),
                                 rgb(70, 78, 88)};
  for (int i = 0; i < 7; ++i) {
    t.terrain[i] = terrain[i];
    t.terrain_dark[i] = terrain_dark[i];
  }
  const ImU32 res[5] = {rgb(52, 130, 66), rgb(200, 98, 58), rgb(156, 210, 98), rgb(240, 200, 72),
                        rgb(128, 134, 150)};
  for (int i = 0; i < 5; ++i) t.resource[i] = res[i];
  t.token_bg = rgb(246, 234, 204);
  t.token_text = rgb(40, 34, 28);
  t.token_hot = rgb(200, 30, 30);
  t.robber = rgb(40, 40, 44);
  t.highlight = rgb(80, 240, 230);  // aqua: unlike any player colour (White pieces!) or terrain
  if (!colorblind) {
    const ImU32 p[4] = {rgb(214, 52, 46), rgb(44, 104, 222), rgb(244, 140, 30), rgb(244, 244, 240)};
    const ImU32 d[4] = {rgb(120, 20, 20), rgb(16, 44, 120), rgb(140, 70, 0), rgb(90, 90, 90)};
    for (int i = 0; i < 4; ++i) t.player[i] = p[i], t.player_dark[i] = d[i];
  } else {
    // Okabe-Ito: vermillion, blue, white, reddish purple (distinct for the common deficiencies).
    const ImU32 p[4] = {rgb(213, 94, 0), rgb(0, 114, 178), rgb(244, 244, 240), rgb(204, 121, 167)};
    const ImU32 d[4] = {rgb(110, 44, 0), rgb(0, 50, 86), rgb(60, 60, 60), rgb(110, 50, 86)};
    for (int i = 0; i < 4; ++i) t.player[i] = p[i], t.player_dark[i] = d[i];
  }
  t.rounding = 8.0f;
  return t;
}

Theme g_theme = make_theme(false);
UiSettings g_settings;
Fonts g_fonts;
float g_fonts_ui_scale = -1.0f;
float g_screen_scale = 1.0f;  // set_screen_scale()

}  // namespace

UiSettings& settings() {
  return g_settings;
}

std::string settings_to_json(const UiSettings& s) {
  const nlohmann::json j = {{"ui_scale", s.ui_scale},
                            {"colorblind", s.colorblind},
                            {"anim_speed", s.anim_speed},
                            {"ai_speed", s.ai_speed},
                            {"sound", s.sound},
                            {"volume", s.volume},
                            {"reduced_motion", s.reduced_motion},
                            {"win_chances", s.win_chances},
                            {"ice_mode", s.ice_mode},
                            {"ice_custom", s.ice_custom}};
  return j.dump();
}

bool settings_from_json(const std::string& text, UiSettings* out) {
  if (json_too_deep(text)) return false;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return false;
  auto num = [&](const char* key, float* v, float lo, float hi) {
    auto it = j.find(key);
    if (it != j.end() && it->is_number()) *v = std::clamp(it->get<float>(), lo, hi);
  };
  auto flag = [&](const char* key, bool* v) {
    auto it = j.find(key);
    if (it != j.end() && it->is_boolean()) *v = it->get<bool>();
  };
  num("ui_scale", &out->ui_scale, 0.75f, 2.0f);
  flag("colorblind", &out->colorblind);
  num("anim_speed", &out->anim_speed, 0.0f, 2.0f);
  num("ai_speed", &out->ai_speed, 0.25f, 4.0f);
  flag("sound", &out->sound);
  num("volume", &out->volume, 0.0f, 1.0f);
  flag("reduced_motion", &out->reduced_motion);
  flag("win_chances", &out->win_chances);
  auto ice = j.find("ice_mode");
  if (ice != j.end() && ice->is_number_integer()) out->ice_mode = std::clamp(ice->get<int>(), 0, 2);
  auto lines = j.find("ice_custom");
  // Kept as typed (a refused line shows its error in Settings); at most 2048 bytes.
  if (lines != j.end() && lines->is_string() && lines->get<std::string>().size() <= 2048)
    out->ice_custom = lines->get<std::string>();
  return true;
}
const Theme& theme() {
  return g_theme;
}

void set_colorblind(bool on) {
  g_settings.colorblind = on;
  const float r = g_theme.rounding;
  g_theme = make_theme(on);
  g_theme.rounding = r;
}

ImU32 player_color(int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return IM_COL32(150, 150, 150, 255);
  return g_theme.player[seat];
}
ImU32 player_color_dark(int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return IM_COL32(60, 60, 60, 255);
  return g_theme.player_dark[seat];
}
ImVec4 player_color_v4(int seat) {
  return ImGui::ColorConvertU32ToFloat4(player_color(seat));
}

const char* player_color_name(int seat) {
  static const char* normal[4] = {"Red", "Blue", "Orange", "White"};
  static const char* cb[4] = {"Vermillion", "Blue", "White", "Purple"};
  if (seat < 0 || seat >= kMaxPlayers) return "Nobody";
  return g_settings.colorblind ? cb[seat] : normal[seat];
}

ImU32 resource_color(Resource r) {
  return g_theme.resource[static_cast<int>(r)];
}
const char* const kResourceLabels[kNumResources] = {"Wood", "Brick", "Wool", "Grain", "Ore"};
const char* resource_label(Resource r) {
  return kResourceLabels[static_cast<int>(r)];
}

ImU32 with_alpha(ImU32 c, float alpha) {
  const int a = std::clamp(static_cast<int>(alpha * 255.0f + 0.5f), 0, 255);
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT);
}

ImU32 shade(ImU32 c, float f) {
  auto ch = [&](int shift) {
    float v = static_cast<float>((c >> shift) & 0xFF);
    v = f <= 1.0f ? v * f : v + (255.0f - v) * (f - 1.0f);
    return static_cast<ImU32>(std::clamp(static_cast<int>(v + 0.5f), 0, 255)) << shift;
  };
  return ch(IM_COL32_R_SHIFT) | ch(IM_COL32_G_SHIFT) | ch(IM_COL32_B_SHIFT) | (c & IM_COL32_A_MASK);
}

void draw_resource_icon(ImDrawList* dl, ImVec2 p, float s, Resource r) {
  const ImU32 base = resource_color(r);
  const ImU32 dark = shade(base, 0.55f);
  const ImVec2 q(p.x + s, p.y + s);
  dl->AddRectFilled(p, q, base, s * 0.18f);
  dl->AddRect(p, q, dark, s * 0.18f, 0, std::max(1.0f, s * 0.05f));
  const ImVec2 c(p.x + s * 0.5f, p.y + s * 0.5f);
  const ImU32 ink = IM_COL32(255, 255, 255, 230);
  const ImU32 ink_dark = shade(base, 0.4f);
  switch (r) {
    case Resource::Wood: {  // a pine tree
      dl->AddTriangleFilled(ImVec2(c.x, p.y + s * 0.14f), ImVec2(p.x + s * 0.22f, p.y + s * 0.72f),
                            ImVec2(p.x + s * 0.78f, p.y + s * 0.72f), shade(base, 0.55f));
      dl->AddRectFilled(ImVec2(c.x - s * 0.06f, p.y + s * 0.72f),
                        ImVec2(c.x + s * 0.06f, p.y + s * 0.88f), IM_COL32(100, 62, 30, 255));
      break;
    }
    case Resource::Brick: {  // two rows of bricks
      const float w = s * 0.3f, h = s * 0.16f;
      for (int row = 0; row < 3; ++row) {
        const float y = p.y + s * 0.22f + row * (h + s * 0.04f);
        const float off = (row % 2) ? w * 0.5f : 0.0f;
        for (int k = 0; k < 2; ++k) {
          const float x = p.x + s * 0.18f + off + k * (w + s * 0.04f) - (row % 2 ? w * 0.5f : 0);
          dl->AddRectFilled(ImVec2(x, y), ImVec2(x + w, y + h), shade(base, 0.7f), 1.0f);
        }
      }
      break;
    }
    case Resource::Sheep: {  // a fluffy sheep
      dl->AddCircleFilled(ImVec2(c.x - s * 0.1f, c.y), s * 0.17f, ink);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.08f, c.y - s * 0.03f), s * 0.17f, ink);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.25f, c.y - s * 0.08f), s * 0.09f, ink_dark);
      dl->AddLine(ImVec2(c.x - s * 0.12f, c.y + s * 0.14f), ImVec2(c.x - s * 0.12f, c.y + s * 0.3f),
                  ink_dark, s * 0.05f);
      dl->AddLine(ImVec2(c.x + s * 0.1f, c.y + s * 0.14f), ImVec2(c.x + s * 0.1f, c.y + s * 0.3f),
                  ink_dark, s * 0.05f);
      break;
    }
    case Resource::Wheat: {  // a wheat stalk
      dl->AddLine(ImVec2(c.x, p.y + s * 0.85f), ImVec2(c.x, p.y + s * 0.2f), ink_dark, s * 0.05f);
      for (int k = 0; k < 4; ++k) {
        const float y = p.y + s * (0.24f + k * 0.13f);
        dl->AddCircleFilled(ImVec2(c.x - s * 0.08f, y), s * 0.06f, ink_dark);
        dl->AddCircleFilled(ImVec2(c.x + s * 0.08f, y), s * 0.06f, ink_dark);
      }
      break;
    }
    case Resource::Ore: {  // a rock
      const ImVec2 pts[5] = {
          ImVec2(p.x + s * 0.2f, p.y + s * 0.75f), ImVec2(p.x + s * 0.3f, p.y + s * 0.38f),
          ImVec2(p.x + s * 0.55f, p.y + s * 0.25f), ImVec2(p.x + s * 0.8f, p.y + s * 0.5f),
          ImVec2(p.x + s * 0.78f, p.y + s * 0.75f)};
      dl->AddConvexPolyFilled(pts, 5, shade(base, 0.6f));
      dl->AddLine(pts[2], ImVec2(p.x + s * 0.5f, p.y + s * 0.75f), shade(base, 1.3f), s * 0.04f);
      break;
    }
  }
}

const Fonts& fonts() {
  return g_fonts;
}
double ambient_time(double hz) {
  return std::floor(ImGui::GetTime() * hz) / hz;
}

float ui_scale() {
  return g_settings.ui_scale * g_screen_scale;
}
void set_screen_scale(float s) {
  // In eighths: a window being resized rebuilds the fonts at a few sizes, not every frame.
  g_screen_scale = std::round(std::clamp(s, 0.5f, 2.0f) * 8.0f) / 8.0f;
}
bool fonts_dirty() {
  return g_fonts_ui_scale != ui_scale();
}

void load_fonts(float pixel_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float ui = std::clamp(ui_scale(), 0.5f, 3.0f);
  const float px = pixel_scale * ui;
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data
  cfg.OversampleH = 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = false;
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2013, 0x2026, 0x2190, 0x2193, 0x2212,
                                   0x2212, 0x25B6, 0x25CF, 0x2713, 0x2715, 0};
  cfg.GlyphRanges = ranges;
  auto* sans = const_cast<unsigned char*>(font_data::kSans);
  auto* bold = const_cast<unsigned char*>(font_data::kBold);
  g_fonts.regular = io.Fonts->AddFontFromMemoryTTF(sans, sizeof font_data::kSans, 17.0f * px, &cfg);
  g_fonts.bold = io.Fonts->AddFontFromMemoryTTF(bold, sizeof font_data::kBold, 17.0f * px, &cfg);
  g_fonts.big = io.Fonts->AddFontFromMemoryTTF(bold, sizeof font_data::kBold, 30.0f * px, &cfg);
  io.FontDefault = g_fonts.regular;
  io.FontGlobalScale = 1.0f / pixel_scale;
  g_fonts_ui_scale = ui_scale();
  apply_style(ui);
}

void apply_style(float scale) {
  ImGuiStyle style;  // start from defaults so repeated calls never compound the scale
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 10.0f;
  style.ChildRounding = 8.0f;
  style.FrameRounding = 6.0f;
  style.PopupRounding = 8.0f;
  style.GrabRounding = 6.0f;
  style.TabRounding = 6.0f;
  style.ScrollbarRounding = 8.0f;
  style.WindowPadding = ImVec2(12, 10);
  style.FramePadding = ImVec2(10, 6);
  style.ItemSpacing = ImVec2(8, 7);
  style.ItemInnerSpacing = ImVec2(6, 5);
  style.WindowBorderSize = 1.0f;
  style.FrameBorderSize = 0.0f;
  style.WindowTitleAlign = ImVec2(0.5f, 0.5f);
  // The palette: ImGui colour, red, green, blue (0..255), alpha.
  struct StyleColor {
    ImGuiCol col;
    int r, g, b;
    float a;
  };
  const StyleColor colors[] = {
      {ImGuiCol_Text, 238, 236, 228, 1.0f},
      {ImGuiCol_TextDisabled, 130, 134, 142, 1.0f},
      // Opaque windows and popups: a dropdown or a dialog never shows the board through it.
      {ImGuiCol_WindowBg, 30, 34, 42, 1.0f},
      {ImGuiCol_ChildBg, 40, 45, 56, 0.6f},
      {ImGuiCol_PopupBg, 34, 38, 48, 1.0f},
      {ImGuiCol_Border, 84, 92, 110, 0.8f},
      {ImGuiCol_FrameBg, 52, 58, 72, 1.0f},
      {ImGuiCol_FrameBgHovered, 66, 74, 92, 1.0f},
      {ImGuiCol_FrameBgActive, 80, 90, 112, 1.0f},
      {ImGuiCol_TitleBg, 40, 46, 58, 1.0f},
      {ImGuiCol_TitleBgActive, 52, 60, 76, 1.0f},
      {ImGuiCol_Button, 64, 96, 140, 1.0f},
      {ImGuiCol_ButtonHovered, 80, 120, 176, 1.0f},
      {ImGuiCol_ButtonActive, 96, 140, 200, 1.0f},
      {ImGuiCol_Header, 64, 96, 140, 0.7f},
      {ImGuiCol_HeaderHovered, 80, 120, 176, 0.8f},
      {ImGuiCol_HeaderActive, 96, 140, 200, 1.0f},
      {ImGuiCol_CheckMark, 242, 184, 64, 1.0f},
      {ImGuiCol_SliderGrab, 242, 184, 64, 1.0f},
      {ImGuiCol_SliderGrabActive, 255, 204, 90, 1.0f},
      {ImGuiCol_Separator, 84, 92, 110, 0.6f},
      {ImGuiCol_Tab, 52, 60, 76, 1.0f},
      {ImGuiCol_TabHovered, 80, 120, 176, 1.0f},
      {ImGuiCol_TabActive, 64, 96, 140, 1.0f},
      {ImGuiCol_ModalWindowDimBg, 10, 12, 16, 0.55f},
  };
  for (const StyleColor& k : colors)
    style.Colors[k.col] = ImVec4(static_cast<float>(k.r) / 255.0f, static_cast<float>(k.g) / 255.0f,
                                 static_cast<float>(k.b) / 255.0f, k.a);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  g_theme.rounding = 8.0f * scale;
}

}  // namespace catan::ui
