// The board in its rectangle: the island (BoardView) with the legal spots of this step
// highlighted (setup placements, the build tool's spots, free roads, the robber's hexes), a
// click on one submits the matching action, and the zoom buttons.
#pragma once
#include "frontend/board_view.h"
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/log_view.h"

namespace catan::ui {

// What the board offers to click for `tool` (from the frame's legal actions).
BoardHighlights board_highlights(const GameFrame& f, Tool tool);

// `dice` (phones, where the action bar has no room for them): the last roll in the board's
// top left corner.
// `zoom_buttons` false: none (a phone's open sheet covers the board's corner).
void draw_board_panel(const GameFrame& f, const Rect& r, BoardView& board, Tool tool,
                      const LogView* dice = nullptr, bool zoom_buttons = true);

}  // namespace catan::ui
