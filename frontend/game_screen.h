// The game screen: lays out the panels (game_layout.h) and draws them, carries out the
// commands of the action bar and the keys, and runs the end of the game (the win overlay,
// then the end screen).
#pragma once
#include <cstddef>

#include "frontend/board_view.h"
#include "frontend/coach_view.h"
#include "frontend/end_screen.h"
#include "frontend/game_frame.h"
#include "frontend/log_view.h"
#include "frontend/rule_dialogs.h"
#include "frontend/side_tabs.h"

namespace catan::ui {

// Windows that can be open over any screen.
struct Overlays {
  bool help = false;
  bool settings = false;
};

struct GameScreenState {
  Tool tool = Tool::None;
  BoardView board;
  LogView log;
  SideTabsState side;
  RuleDialogsState dialogs;
  EndScreenState end;
  HintState hint;            // the coach's hint (the Hint tile, key H)
  WinBarState win_bar;       // the live win chances (a setting)
  bool show_end = false;     // the full end screen (after the win overlay)
  double game_over_at = -1;  // when the game was first seen over
  size_t history_seen = 0;   // actions applied when the tool was last checked
};

// What the game screen asks the App to do.
// Review: the end screen's "Review" (frontend/review_screen.h).
enum class GameExit { None, Rematch, RematchNewSeed, NewGame, Review };

GameExit draw_game_screen(MatchView& session, double now, Notice& notice, GameScreenState& st,
                          Overlays& overlays);

}  // namespace catan::ui
