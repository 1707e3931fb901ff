// Keyboard shortcuts of the game screen (listed in the help): R roll, E end turn, 1 2 3 the
// build tools, D buy a development card, T the trade panel, H a hint, ? help, Esc cancel / close.
// Keys give the same Commands as the action bar's buttons; the game screen carries them out.
#pragma once
#include <vector>

#include "frontend/game_frame.h"

namespace catan::ui {

// The commands typed this frame (none while a text field has the keyboard, except Esc).
std::vector<Command> read_shortcuts();

}  // namespace catan::ui
