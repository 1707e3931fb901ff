// Theme: the UI's colours, terrain palette, player colours (normal and colour-blind safe),
// sizes, and the user's UI settings. Every view takes its colours from here so the whole UI
// changes together (UI scale, colour-blind palette).
//
//   const Theme& t = theme();          // current palette (depends on settings().colorblind)
//   ImU32 c = player_color(seat);      // seat 0..3, in the current palette
//   ui_scale()                         // sizes multiply by it (fonts already are): the user's
//                                      // settings().ui_scale times the screen's scale
//   set_colorblind(true);              // switch palettes (also sets settings().colorblind)
#pragma once
#include <imgui.h>

#include <cstdint>
#include <string>

#include "engine/types.h"

namespace catan::ui {

struct UiSettings {
  float ui_scale = 1.0f;    // 0.75 .. 2.0; the App applies it to fonts and style
  bool colorblind = false;  // Okabe-Ito player colours + pattern markers
  float anim_speed = 1.0f;  // 0 = no animation, 1 = normal, 2 = fast
  float ai_speed = 1.0f;    // 0.25 slow .. 4 fast: divides the pause between AI actions
  bool sound = true;        // short synthesized effects
  float volume = 0.7f;      // 0..1, the effects' master volume
  bool muted = false;       // e.g. muted by default when embedded (not saved: a page setting)
  // Static highlights instead of moving effects (saved).
  bool reduced_motion = false;
  // The live win-chance bar over the board (frontend/coach_view.h; saved).
  bool win_chances = false;
  // The STUN/TURN servers of online rooms (frontend/ice_servers.h; saved): 0 the public STUN
  // default, 1 none, 2 the lines of ice_custom.
  int ice_mode = 0;
  std::string ice_custom;
  bool operator==(const UiSettings&) const = default;
};
UiSettings& settings();
// The scale every size is multiplied by: settings().ui_scale times the screen's own scale
// (set_screen_scale; 1 unless the window is large).
float ui_scale();
// The App sets it each frame from the window size (game_layout.h, screen_scale()); a change
// rebuilds the fonts (fonts_dirty()).
void set_screen_scale(float s);
// The saved form of settings() (JSON: ui_scale, colorblind, anim_speed, ai_speed, sound,
// volume, reduced_motion, win_chances, ice_mode, ice_custom; `muted` belongs to the embedding page
// and is not saved).
std::string settings_to_json(const UiSettings& s);
// Reads what settings_to_json wrote into *out (missing or bad fields keep their value,
// numbers are clamped to their ranges). False if `text` is not a JSON object.
bool settings_from_json(const std::string& text, UiSettings* out);

struct Theme {
  // Background and panels.
  ImU32 sea, sea_deep, sea_wave;
  ImU32 panel_bg, panel_border, panel_header;
  ImU32 text, text_dim, text_dark;
  ImU32 accent, good, bad, warning;
  // Terrain fills, index = Terrain (Forest .. Desert, Hidden).
  ImU32 terrain[7];
  ImU32 terrain_dark[7];  // motif / outline shade of the same terrain
  // Resource card colours, index = Resource (same hue as the producing terrain).
  ImU32 resource[kNumResources];
  // Number tokens.
  ImU32 token_bg, token_text, token_hot;  // token_hot = 6 and 8
  ImU32 robber;
  ImU32 highlight;  // legal spots
  // Player colours, index = seat.
  ImU32 player[kMaxPlayers];
  ImU32 player_dark[kMaxPlayers];  // outlines
  float rounding = 8.0f;           // panel corner radius (already scaled)
};

const Theme& theme();
void set_colorblind(bool on);
ImU32 player_color(int seat);             // seat < 0 -> neutral grey
ImU32 player_color_dark(int seat);        // outline shade
ImVec4 player_color_v4(int seat);         // for ImGui::TextColored
const char* player_color_name(int seat);  // "Red", "Blue", ... (depends on palette)
ImU32 resource_color(Resource r);
const char* resource_label(Resource r);  // "Wood", "Brick", "Wool", "Grain", "Ore"
// The same words as an array (the log's sentences: events.h describe()).
extern const char* const kResourceLabels[kNumResources];

// Helpers for colour maths.
ImU32 with_alpha(ImU32 c, float alpha);  // alpha 0..1
ImU32 shade(ImU32 c, float factor);      // factor < 1 darker, > 1 lighter

// Draws a small resource icon (a coloured rounded card with a simple symbol) of size `s`
// at top-left `p`. Usable by any view in any draw list.
void draw_resource_icon(ImDrawList* dl, ImVec2 p, float s, Resource r);

// Fonts (embedded DejaVu Sans subsets). regular = the default font; bold for headings and
// numbers; big for titles and banners. Null before load_fonts().
struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* big = nullptr;
};
const Fonts& fonts();
// (Re)builds the font atlas for `pixel_scale` framebuffer pixels per point and the current
// ui_scale(), and sets io.FontGlobalScale = 1 / pixel_scale. The shell calls it
// (then recreates the GL font texture) when either changes: see fonts_dirty().
void load_fonts(float pixel_scale);
// True when ui_scale() changed since the last load_fonts().
bool fonts_dirty();

// The time of the slow, endless animations (the sea's waves, the pulse of the spots to pick), in
// steps of 1/hz s: frames between two steps draw the same as the last, and the shell does not
// draw those again (shell/app_main.cpp), so a table where nothing else moves is drawn `hz` times
// a second instead of at the screen's rate. Short animations (dice, a card) keep ImGui::GetTime().
double ambient_time(double hz);
constexpr double kWaveHz = 10.0;   // the waves move 0.3 px a step
constexpr double kPulseHz = 15.0;  // a pulse of 1.6 s in 24 steps

// Applies the theme to ImGui's style (rounded panels, spacing, colours) at the given
// scale. The App calls it when the scale or palette changes.
void apply_style(float scale);

}  // namespace catan::ui
