// Windows drawn over the game (or over any screen): the help, "Paused", the hot-seat
// "pass the device" screen and the win overlay shown before the end screen; and the game's
// one menu (the banner's "..." button), the only place sound, settings, help, sharing and
// a new game are offered during play, natively and in the browser alike.
#pragma once
#include <functional>

#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

// Keyboard shortcuts and how the board works; `open` is cleared by its close button.
void draw_help(bool* open);
// "Paused" with a Resume button (which resumes the session).
void draw_paused(MatchView& session);
// Hot-seat: the whole window asks to hand the device to the next human; their button
// accepts the hand-off.
void draw_handoff(MatchView& session);
// The winner, their points and their Victory Point cards turning face up, centred on the
// board. `since_over` is how long the game has been over; it opens the end screen by itself
// after `auto_open_s`. True when "See the results" was clicked.
bool draw_win_overlay(const GameFrame& f, const Rect& board, double since_over, double auto_open_s);

// The menu's entries, drawn inside the caller's popup: Settings, Sound (on/off), Pause or
// Resume, Help, Copy board link, Copy replay link, New game. Test ids: menu_settings,
// menu_sound, menu_pause, menu_help, menu_share, menu_replay, menu_new_game. Sound and pause
// act at once; the share entries show what they did in `notice`; the rest are returned.
enum class MenuChoice { None, Settings, Help, NewGame };
MenuChoice draw_menu_items(MatchView& session, Notice& notice, double now);

// What the share entries do. The web page installs a handler (links to its own address,
// copied with the browser's clipboard, and its own notices); without one (natively) the menu
// copies the board seed and the finished game's replay code to the clipboard.
enum class ShareKind { BoardLink, ReplayLink };
void set_share_handler(std::function<void(ShareKind)> handler);

}  // namespace catan::ui
