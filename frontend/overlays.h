// Windows drawn over the game (or over any screen): the help, "Paused", the hot-seat
// "pass the device" screen and the win overlay shown before the end screen.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

// Keyboard shortcuts and how the board works; `open` is cleared by its close button.
void draw_help(bool* open);
// "Paused" with a Resume button (which resumes the session).
void draw_paused(Session& session);
// Hot-seat: the whole window asks to hand the device to the next human; their button
// accepts the hand-off.
void draw_handoff(Session& session);
// The winner, their points and their Victory Point cards turning face up, centred on the
// board. `since_over` is how long the game has been over; it opens the end screen by itself
// after `auto_open_s`. True when "See the results" was clicked.
bool draw_win_overlay(const GameFrame& f, const Rect& board, double since_over, double auto_open_s);

}  // namespace catan::ui
