// Opponent panels: name, level and personality, public VP, cards in hand,
// development cards in hand, knights played, longest road, Longest Road / Largest Army
// badges, the active player highlighted, and what each player is doing now.
//
//   draw_players_panel(session, opts);          // a column (or row) of player cards, drawn
//                                               // into the current window
//   PlayerSummary s = summarize_player(...);    // the numbers, without ImGui (unit-tested)
//   player_status(view, seat, thinking)         // "thinking...", "must discard 4", ...
//   turn_banner(session)                        // "Your turn: roll the dice" / "Red is ..."
#pragma once
#include <string>
#include <vector>

#include "engine/observation.h"
#include "frontend/game_layout.h"
#include "frontend/match_types.h"

namespace catan::ui {

struct PlayerSummary {
  int seat = -1;
  int public_vp = 0;
  int hand = 0;          // resource cards in hand
  int dev_hand = 0;      // development cards in hand
  int knights = 0;       // knights played
  int longest_road = 0;  // current longest trail
  int roads_left = 0, settlements_left = 0, cities_left = 0;
  bool longest_road_award = false;
  bool largest_army_award = false;
  bool active = false;   // whose turn it is
  bool to_move = false;  // must act right now (discard, trade answer, ...)
  bool winner = false;
  std::string status;  // player_status()
};

// What `seat` is doing, in a few words ("" when nothing to say).
std::string player_status(const GameState& view, int seat, bool ai_thinking, bool is_ai);
PlayerSummary summarize_player(const Observation& obs, int seat, bool ai_thinking, bool is_ai);

struct PlayersPanelOptions {
  bool include_viewer = false;  // draw the viewer's own card too
  bool horizontal = false;      // cards side by side instead of stacked
  float card_width = 0;         // 0 = fill the available width (stacked) / split it (row)
  bool compact = false;         // stacked cards without the role line (short windows)
};
void draw_players_panel(const MatchView& session, const PlayersPanelOptions& opts = {});
// Phones: one chip per player in `r` (a window of its own): name, VP, cards, development
// cards, awards, "away" while the AI plays for an absent human; the active player framed.
// True when a chip was tapped (the caller opens the players sheet).
bool draw_player_chips(const MatchView& session, const Rect& r);
// Height of the stacked panel with full cards, if that fits in max_h; else the option set to
// compact cards (the role moves to the tooltip) and their height, at most max_h (scrolls).
float fit_players_panel(const MatchView& session, PlayersPanelOptions* opts, float max_h);

// One line saying whose turn it is and what is expected of them.
std::string turn_banner(const MatchView& session);

}  // namespace catan::ui
