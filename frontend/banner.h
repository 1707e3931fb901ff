// The banner over the board: whose turn it is and what is expected (or what the build tool
// wants), the turn timer, "Take back control" for a seat on autopilot, help and the menu;
// the notice (a refused move) hangs below it.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

enum class BannerChoice { None, ToggleHelp, ShowHelp, Settings, NewGame, Results };

// `results_button`: the game is over and its end screen is hidden (the button brings it back).
// Pause / resume and taking back control act on the session directly.
BannerChoice draw_banner(const GameFrame& f, const Rect& r, Tool tool, bool results_button);

}  // namespace catan::ui
