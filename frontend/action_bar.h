// The bar under the board: the viewer's hand (face down while the island is hidden), their
// development cards, the action buttons (Roll, Road, Settlement, City, Dev card, Trade, End
// turn, Hint; each says why when it is disabled) and the last roll's dice.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/log_view.h"

namespace catan::ui {

struct ActionBarOptions {
  Tool tool = Tool::None;   // the selected build button
  bool trade_open = false;  // the Trade button shows selected
  bool two_rows = false;    // phones: two rows of buttons, the development cards behind one
  bool dice = true;         // the last roll's dice in the top right corner (phones: on the board)
  bool hint = false;     // the viewer has a decision: the Hint tile shows (else its slot is empty)
  bool hint_on = false;  // a hint is showing or being worked out: the tile shows selected
};

// Returns what was clicked.
Command draw_action_bar(const GameFrame& f, const Rect& r, const ActionBarOptions& o,
                        const LogView& log);

}  // namespace catan::ui
