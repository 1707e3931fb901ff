#include "frontend/game_layout.h"

#include <algorithm>

namespace catan::ui {

GameLayout layout_game(ImVec2 ds, float sc) {
  GameLayout l;
  l.shape =
      ds.x < 760.0f * sc || ds.x < ds.y * 0.9f ? LayoutShape::Portrait : LayoutShape::Landscape;
  const float m = 8.0f * sc;  // margin around and between panels
  const float banner_h = 56.0f * sc;
  Rect main{ImVec2(m, m), ImVec2(0, 0)};  // banner, board and action bar, top to bottom
  float bar_h = 0;
  if (l.shape == LayoutShape::Landscape) {
    const float side_w = std::clamp(ds.x * 0.27f, 280.0f * sc, 400.0f * sc);
    l.side = {ImVec2(ds.x - side_w - m, m), ImVec2(side_w, ds.y - 2 * m)};
    main.size = ImVec2(ds.x - side_w - 3 * m, ds.y - 2 * m);
    bar_h = 178.0f * sc;
  } else {
    const float side_h = std::max(160.0f * sc, ds.y * 0.26f);
    l.side = {ImVec2(m, ds.y - side_h - m), ImVec2(ds.x - 2 * m, side_h)};
    main.size = ImVec2(ds.x - 2 * m, ds.y - side_h - 3 * m);
    bar_h = 210.0f * sc;
  }
  l.banner = {main.pos, ImVec2(main.size.x, banner_h)};
  l.action_bar = {ImVec2(main.pos.x, main.pos.y + main.size.y - bar_h), ImVec2(main.size.x, bar_h)};
  l.board = {ImVec2(main.pos.x, main.pos.y + banner_h + m),
             ImVec2(main.size.x, main.size.y - banner_h - bar_h - 2 * m)};
  return l;
}

}  // namespace catan::ui
