// The board's pure drawing helpers for BoardView (frontend/board_view.h): terrain motifs and
// the pieces, drawn on an ImDrawList at a point, sized by u (one board unit in pixels).
#pragma once
#include <imgui.h>

#include <cstdint>

namespace catan::ui::board_paint {

// A stable value in [0, 1] per (a, b): scattered details (motifs, waves) stay where they are.
inline float hash01(int a, int b) {
  uint32_t h = static_cast<uint32_t>(a) * 2654435761u ^ static_cast<uint32_t>(b) * 2246822519u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return static_cast<float>(h & 0xFFFF) / 65535.0f;
}

inline ImVec2 add(ImVec2 a, ImVec2 b) {
  return ImVec2(a.x + b.x, a.y + b.y);
}
inline ImVec2 lerp(ImVec2 a, ImVec2 b, float t) {
  return ImVec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

// Text of font size `size` centred on c.
void text_centered(ImDrawList* dl, float size, ImVec2 c, ImU32 col, const char* s);

// Hex h's motifs (terrain ter as an int, centre c, dark the terrain's dark colour) spread
// around its number token.
void hex_motifs(ImDrawList* dl, int h, int ter, ImVec2 c, float u, ImU32 dark);

// The seat's pattern on its pieces (colour-blind help): none, dot, bar, diamond.
void seat_marker(ImDrawList* dl, ImVec2 c, float r, int seat, ImU32 col);
// Buildings of `seat` in fill and edge colours, with a drop shadow.
void draw_settlement(ImDrawList* dl, ImVec2 c, float u, int seat, ImU32 fill, ImU32 edge);
void draw_city(ImDrawList* dl, ImVec2 c, float u, int seat, ImU32 fill, ImU32 edge);
// A road from corner a to corner b; with `colorblind` the seat's marker on it.
void draw_road(ImDrawList* dl, ImVec2 a, ImVec2 b, float u, int seat, ImU32 fill, ImU32 edge,
               bool colorblind);
// The robber standing at c; a ghost (translucent) where it may move.
void draw_robber(ImDrawList* dl, ImVec2 c, float u, ImU32 col, bool ghost);

}  // namespace catan::ui::board_paint
