// Small drawing helpers shared by the views (trade, players, log, end screen, settings).
// theme.h stays the source of colours; widgets.h has the button and the stepper.
//
//   std::string seat_label(session, seat)      // config name, else the palette colour name
//   void seat_labels(session, names)           // the four names for events.h describe()
//   void bundle_inline(counts, icon_size)      // icons with "x2" counts on one line (an item)
//   void seat_chip(seat, size)                 // coloured disc (an item), e.g. before a name
//   begin_bare_window(name, rect) ... end_bare_window()   // a strip of buttons over the table
//   void card_glyph(dl, p, size, col)          // a tiny card back (cards-in-hand counts)
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "engine/types.h"
#include "frontend/game_layout.h"
#include "frontend/match_types.h"

namespace catan::ui {

// Pixels scaled by ui_scale() (ImGui's style and fonts are scaled by the App).
float px(float pixels);

std::string seat_label(const MatchView& s, int seat);
void seat_labels(const MatchView& s, std::string (&names)[4]);
// seat_label for third-person sentences: a seat named "You" reads as its colour ("Red").
std::string seat_name3(const MatchView& s, int seat);

// A seat name without a trailing role in brackets: "Bruno" for "Bruno (Hard Trader)" (the
// role has a line or a tooltip of its own).
std::string without_role(std::string name);

// "Hard Trader" for an AI seat, "Human" for a person.
std::string seat_role(const MatchView& s, int seat);

void bundle_inline(const ResourceCounts& c, float icon_size, const char* empty_text = "nothing");
void seat_chip(int seat, float size, bool frame_aligned = false);
// `s` shortened with a trailing "." so it fits `width` pixels.
std::string fit_text(std::string s, float width);
void card_glyph(ImDrawList* dl, ImVec2 p, float h, ImU32 col);
// A window of its own at `r` without padding, border, background or decoration (the phone's
// chips and sheet tabs); end_bare_window() closes it.
void begin_bare_window(const char* name, const Rect& r);
void end_bare_window();

// A rounded, bordered section with a header line; call panel_end() after the content.
void panel_begin(const char* id, const char* title, ImU32 accent = 0);
void panel_end();

}  // namespace catan::ui
