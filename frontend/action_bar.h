// The bar under the board: the viewer's hand (face down while the island is hidden), their
// development cards, the action buttons (Roll, Road, Settlement, City, Dev card, Trade, End
// turn; each says why when it is disabled) and the last roll's dice.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/log_view.h"

namespace catan::ui {

// `tool` and `trade_open` show which buttons are selected. Returns what was clicked.
Command draw_action_bar(const GameFrame& f, const Rect& r, Tool tool, bool trade_open,
                        const LogView& log);

}  // namespace catan::ui
