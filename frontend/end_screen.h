// End of game: the winner, each player's VP breakdown, a dice histogram (rolled vs
// expected), resources gained per player, a VP-over-time chart and the rematch buttons.
//
//   EndChoice c = draw_end_screen(session, state);   // draws a centred window over the board
//   switch (c) { case EndChoice::Rematch: ... }       // the caller restarts the Session
//
// Pure helpers (tests/frontend/end_screen_test.cpp): expected_rolls, dice_chi_square,
// produced_totals. Points come from the engine's vp_breakdown (engine/victory_points.h) and
// the dice odds from ways_to_roll (engine/board.h).
//
// The game screen (game_screen.cpp) shows it at GameOver after the win overlay (winner, VP
// cards turned face up; "See the results" or 4 s). EndChoice::Close sets st.hidden; the
// banner then offers a "Results" button.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/state.h"
#include "frontend/match_types.h"

namespace catan::ui {

enum class EndChoice : uint8_t {
  None,     // nothing clicked this frame
  Rematch,  // same options, same seed
  NewSeed,  // same options, a new seed
  NewGame,  // back to the new-game screen
  Close,    // hide the end screen and look at the final board
  Review,   // the game review (frontend/review_screen.h)
};

// Expected count of each sum 2..12 after `rolls` rolls of two fair dice (index = sum).
std::array<double, 13> expected_rolls(int rolls);
// Pearson's chi-square of the rolled histogram against the fair expectation (10 d.o.f.).
double dice_chi_square(const std::array<uint16_t, 13>& hist);
std::array<int, kMaxPlayers> produced_totals(const GameStats& st);

// The turns a finished game lasted: the completed turns (GameState::turn) and the one it was
// won in, unless its last action ended a turn (the roll cap). The title's "after N turns".
using match::turns_played;  // match/vp_timeline.h
// The state the end screen shows: the full game's once the match offers it (after the game),
// else the viewer's view.
const GameState& final_state(const MatchView& s);
// The VP chart's points: MatchView::vp_timeline (the start, after every completed turn, the
// final score) and nothing prepended. Its last point is turn
// turns_played() (for a game the session saw from its start).
std::vector<std::array<uint8_t, kMaxPlayers>> vp_chart_points(const MatchView& s);

// An online game's fair-play check (match/verify.h), under the title; none for a local game.
enum class FairPlay { None, Checking, Verified, NotVerified };

struct EndScreenState {
  bool hidden = false;  // Close was clicked: the caller shows a small "Results" button
  FairPlay fair_play = FairPlay::None;  // set by the caller each frame
  std::string fair_play_text;           // the sentence shown with it
};

EndChoice draw_end_screen(const MatchView& session, EndScreenState& st);

}  // namespace catan::ui
