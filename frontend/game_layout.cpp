#include "frontend/game_layout.h"

#include <algorithm>

namespace catan::ui {

namespace {

LayoutShape shape_for(ImVec2 ds, float sc) {
  if (ds.x < 600.0f * sc && ds.x < ds.y) return LayoutShape::PhonePortrait;
  if (ds.y < 500.0f * sc && ds.x > ds.y) return LayoutShape::PhoneLandscape;
  return ds.x < 760.0f * sc || ds.x < ds.y * 0.9f ? LayoutShape::Portrait : LayoutShape::Landscape;
}

// Heights of the phone rows.
struct PhoneRows {
  float banner, chips, tabs, bar;
};
PhoneRows phone_rows(float sc, bool landscape) {
  // The bar: the hand (cards 60 high), two rows of buttons at least 44 high, padding.
  const float buttons = landscape ? 46.0f : 52.0f;
  return {50.0f * sc, 44.0f * sc, 44.0f * sc, (64.0f + 2 * buttons + 6.0f + 22.0f) * sc};
}

}  // namespace

float screen_scale(ImVec2 ds) {
  const float f = std::min(ds.x / 1400.0f, ds.y / 800.0f);
  if (f <= 1.0f) return 1.0f;
  return std::min(1.75f, 1.0f + (f - 1.0f) * 0.8f);
}

GameLayout layout_game(ImVec2 ds, float sc, LayoutWants wants) {
  const bool sheet_open = wants.sheet_open;
  GameLayout l;
  l.shape = shape_for(ds, sc);
  const float m = (l.phone() ? 4.0f : 8.0f) * sc;  // margin around and between panels
  if (l.shape == LayoutShape::PhonePortrait) {
    PhoneRows h = phone_rows(sc, false);
    // While the trade sheet is open the bar keeps the hand and the lower row of buttons
    // (Roll, Trade, End turn, Hint): the sheet gets the builds' row.
    if (sheet_open && wants.trade) h.bar = (64.0f + 52.0f + 6.0f + 22.0f) * sc;
    const float w = ds.x - 2 * m;
    float y = m;
    l.banner = {ImVec2(m, y), ImVec2(w, h.banner)};
    y += h.banner + m;
    l.chips = {ImVec2(m, y), ImVec2(w, h.chips)};
    y += h.chips + m;
    l.action_bar = {ImVec2(m, ds.y - m - h.bar), ImVec2(w, h.bar)};
    l.sheet_tabs = {ImVec2(m, l.action_bar.pos.y - m - h.tabs), ImVec2(w, h.tabs)};
    l.board = {ImVec2(m, y), ImVec2(w, l.sheet_tabs.pos.y - m - y)};
    l.two_rows = true;
    if (sheet_open) {
      // Over the lower part of the board: the top of the island stays in view. The trade
      // panel is as tall as its content, up to the chips' row and the whole board.
      const float tabs = l.sheet_tabs.pos.y;
      const float top =
          wants.trade ? (wants.sheet_h > 0 ? std::clamp(tabs - wants.sheet_h, l.chips.pos.y,
                                                        l.board.pos.y + l.board.size.y * 0.65f)
                                           : l.chips.pos.y)
                      : l.board.pos.y + std::min(l.board.size.y * 0.3f, 160.0f * sc);
      // A sheet that would cut into the chips covers them.
      l.side.pos = ImVec2(m, top < l.chips.max().y + m ? l.chips.pos.y : top);
      l.side.size = ImVec2(w, l.sheet_tabs.pos.y - l.side.pos.y);
    }
    return l;
  }
  if (l.shape == LayoutShape::PhoneLandscape) {
    const PhoneRows h = phone_rows(sc, true);
    const float col_w = std::clamp(ds.x * 0.45f, 330.0f * sc, 440.0f * sc);
    const float x = ds.x - m - col_w;
    l.board = {ImVec2(m, m), ImVec2(x - 2 * m, ds.y - 2 * m)};
    l.two_rows = true;
    float y = m;
    l.banner = {ImVec2(x, y), ImVec2(col_w, h.banner)};
    y += h.banner + m;
    l.action_bar = {ImVec2(x, ds.y - m - h.bar), ImVec2(col_w, h.bar)};
    l.sheet_tabs = {ImVec2(x, l.action_bar.pos.y - m - h.tabs), ImVec2(col_w, h.tabs)};
    // The chips take what is left between the banner and the tabs (at least one row).
    l.chips = {ImVec2(x, y), ImVec2(col_w, std::max(h.chips, l.sheet_tabs.pos.y - m - y))};
    if (sheet_open) {
      // Most of the board's width: the island's left edge stays in view beside it.
      const float sw =
          std::min(l.board.size.x, std::clamp(l.board.size.x * 0.8f, 360.0f * sc, 440.0f * sc));
      l.side = {ImVec2(l.board.max().x - sw, m), ImVec2(sw, ds.y - 2 * m)};
    }
    return l;
  }
  const float banner_h = 56.0f * sc;
  Rect main{ImVec2(m, m), ImVec2(0, 0)};  // banner, board and action bar, top to bottom
  float bar_h = 0;
  if (l.shape == LayoutShape::Landscape) {
    const float side_w = std::clamp(ds.x * 0.28f, 300.0f * sc, 420.0f * sc);
    l.side = {ImVec2(ds.x - side_w - m, m), ImVec2(side_w, ds.y - 2 * m)};
    main.size = ImVec2(ds.x - side_w - 3 * m, ds.y - 2 * m);
    bar_h = 178.0f * sc;
  } else if (wants.trade && ds.x >= 640.0f * sc) {
    // Trading: the panel becomes a column on the right, from under the chips to the bottom;
    // the board keeps the whole height beside it, the action bar under it takes two rows.
    const float chips_h = 44.0f * sc;
    const float side_w = std::clamp(ds.x * 0.48f, 300.0f * sc, 400.0f * sc);
    l.banner = {main.pos, ImVec2(ds.x - 2 * m, banner_h)};
    l.chips = {ImVec2(m, l.banner.max().y + m), ImVec2(ds.x - 2 * m, chips_h)};
    const float top = l.chips.max().y + m;
    l.side = {ImVec2(ds.x - side_w - m, top), ImVec2(side_w, ds.y - top - m)};
    const float w = ds.x - side_w - 3 * m;
    const float bar = (64.0f + 2 * 52.0f + 6.0f + 22.0f) * sc;
    l.action_bar = {ImVec2(m, ds.y - m - bar), ImVec2(w, bar)};
    l.board = {ImVec2(m, top), ImVec2(w, l.action_bar.pos.y - m - top)};
    l.two_rows = true;
    return l;
  } else {
    // The chips under the banner keep every player's points in view. A narrow window's
    // trade panel grows at the bottom instead of standing beside the board.
    const float chips_h = 44.0f * sc;
    const float side_h = wants.trade ? std::max(ds.y * 0.26f, std::min(ds.y * 0.57f, 590.0f * sc))
                                     : std::max(160.0f * sc, ds.y * 0.26f);
    l.side = {ImVec2(m, ds.y - side_h - m), ImVec2(ds.x - 2 * m, side_h)};
    l.chips = {ImVec2(m, m + banner_h + m), ImVec2(ds.x - 2 * m, chips_h)};
    main.size = ImVec2(ds.x - 2 * m, ds.y - side_h - 3 * m);
    bar_h = 190.0f * sc;
  }
  l.banner = {main.pos, ImVec2(main.size.x, banner_h)};
  if (!l.chips.empty()) {  // the board starts under the chips
    const float below = l.chips.size.y + m;
    l.action_bar = {ImVec2(main.pos.x, main.pos.y + main.size.y - bar_h),
                    ImVec2(main.size.x, bar_h)};
    l.board = {ImVec2(main.pos.x, l.chips.max().y + m),
               ImVec2(main.size.x, main.size.y - banner_h - below - bar_h - 2 * m)};
    return l;
  }
  l.action_bar = {ImVec2(main.pos.x, main.pos.y + main.size.y - bar_h), ImVec2(main.size.x, bar_h)};
  l.board = {ImVec2(main.pos.x, main.pos.y + banner_h + m),
             ImVec2(main.size.x, main.size.y - banner_h - bar_h - 2 * m)};
  return l;
}

}  // namespace catan::ui
