// The banner over the board: whose turn it is and what is expected (or what the build tool
// wants), the turn timer, "Take back control" for a seat on autopilot, help and the menu;
// the notice (a refused move) hangs below it.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

enum class BannerChoice { None, ToggleHelp, ShowHelp, Settings, NewGame, Results };

// `results_button`: the game is over and its end screen is hidden (the button brings it back).
// Pause / resume and taking back control act on the session directly. The notices ("Time's
// up", the AI playing for an absent player, a refused move) are stacked under `notices`
// (its bottom edge, centred on it): under the banner, or on a phone over the board's top.
BannerChoice draw_banner(const GameFrame& f, const Rect& r, Tool tool, bool results_button,
                         const Rect& notices);

}  // namespace catan::ui
