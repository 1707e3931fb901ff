// Small drawing helpers shared by the views (trade, players, log, end screen, settings).
// theme.h stays the source of colours; widgets.h has the button and the stepper.
//
//   std::string seat_label(session, seat)      // config name, else the palette colour name
//   void seat_labels(session, names)           // the four names for events.h describe()
//   void bundle_inline(counts, icon_size)      // icons with "x2" counts on one line (an item)
//   void seat_chip(seat, size)                 // coloured disc (an item), e.g. before a name
//   void rich_text(segments, wrap_width)       // word-wrapped text with per-segment colours
//   void card_glyph(dl, p, size, col)          // a tiny card back (cards-in-hand counts)
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "engine/types.h"
#include "frontend/match_types.h"

namespace catan::ui {

// Pixels scaled by ui_scale() (ImGui's style and fonts are scaled by the App).
float px(float pixels);

std::string seat_label(const Session& s, int seat);
void seat_labels(const Session& s, std::string (&names)[4]);
// seat_label for third-person sentences: a seat named "You" reads as its colour ("Red").
std::string seat_name3(const Session& s, int seat);

// A seat name without a trailing role in brackets: "Bruno" for "Bruno (Hard Trader)" (the
// role has a line or a tooltip of its own).
std::string without_role(std::string name);

// "Hard Trader" for an AI seat, "Human" for a person.
std::string seat_role(const Session& s, int seat);

void bundle_inline(const ResourceCounts& c, float icon_size, const char* empty_text = "nothing");
void seat_chip(int seat, float size, bool frame_aligned = false);
// `s` shortened with a trailing "." so it fits `width` pixels.
std::string fit_text(std::string s, float width);
void card_glyph(ImDrawList* dl, ImVec2 p, float h, ImU32 col);

struct TextSeg {
  std::string text;
  ImU32 color = 0;  // 0 = default text colour
  int seat = -1;    // a player's name: drawn bold after a disc in the seat's colour
};
// Splits `sentence` so every occurrence of names[i] gets player i's colour (and seat i), so
// a name reads as a name even when the player's colour is close to the text's (White).
std::vector<TextSeg> colorize_names(const std::string& sentence, const std::string (&names)[4]);
void rich_text(const std::vector<TextSeg>& segs, float wrap_width);

// A rounded, bordered section with a header line; call panel_end() after the content.
void panel_begin(const char* id, const char* title, ImU32 accent = 0);
void panel_end();

}  // namespace catan::ui
