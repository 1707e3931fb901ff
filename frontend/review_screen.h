// The game review: a finished game (the end screen's "Review", or a replay link) scrubbed
// action by action. The board and every hand at the chosen position (the game is over: full
// information), a scrubber (step, jump a turn, play/pause, a slider over every action), the
// win-chance graph of every seat over the whole game (coach::Reviewer, run in slices with a
// progress bar while the graph fills; a click jumps there), the turning points (the largest
// swings) and the reviewed seats' decisions graded against the coach's choice, with the
// better move in words and marked on the board. "Play from here" starts a new match at the
// shown position: the same seats (humans stay human, the same bot levels and personalities)
// and the game truncated there.
//
//   ReviewScreenState review;
//   review.open(session.config(), session.game());    // replays and caches every position
//   switch (draw_review_screen(review, now)) { case ReviewChoice::PlayFromHere: ... }
//
// Layouts: wide windows (desktop, tablet and phone landscape) put the board and the hands on
// the left and the graph, the scrubber and the lists on the right; narrow ones (phones
// upright) stack the board, the scrubber, the graph and the lists (the hands a tab). Every
// control is at least 44 points tall. Test ids: review_back, review_play_from_here,
// review_prev_turn, review_step_back, review_play, review_step_forward, review_next_turn,
// review_slider, review_graph, review_tab_moments / _moves / _hands, review_tp_<k> (the k-th
// turning point), review_decision_<k> (the k-th decision listed), review_all_moves.
#pragma once
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/coach/review.h"
#include "engine/game.h"
#include "frontend/board_view.h"
#include "frontend/game_layout.h"
#include "frontend/match_types.h"
#include "frontend/move_words.h"

namespace catan::ui {

enum class ReviewChoice : uint8_t {
  None,
  Back,          // close the review (the caller shows the game's end again)
  PlayFromHere,  // start a match at ReviewScreenState::position() (game_at_position)
};

// The seats whose decisions the review grades: the humans of the match, else (an AI-only
// game) the winner, else seat 0.
std::vector<int> review_seats(const MatchConfig& config, const GameState& final_state);

// The move in a few words, as advice ("build a city on Ore 8 and Brick 6", "trade 4 Wood for
// 1 Ore with the bank", "move the robber to the Ore 6 hex"): frontend/move_words.h,
// move_words(before, a, names, MoveStyle::Clause).

// "Setup" during the setup placements, else "Turn N" (the turn being played, from 1).
std::string turn_label(const GameState& s);

// What the grade reads as on its tag ("Best", "Good", "Inaccuracy", "Mistake", "Blunder").
const char* grade_title(coach::Grade g);

// Where the review's panels go in a window of `display` points at UI scale `scale`.
struct ReviewLayout {
  bool narrow = false;         // phone upright: one column
  bool hands_in_tabs = false;  // the hands are a tab of the lists, not a panel under the board
  Rect top, board, hands, controls, graph, lists;
};
ReviewLayout layout_review(ImVec2 display, float scale);

class ReviewScreenState {
 public:
  // Replays `game` and keeps every position; starts the review (coach::Reviewer) of it.
  void open(const MatchConfig& config, const Game& game);
  bool is_open() const { return open_; }
  // Closing stops the analysis (its workers are freed for the AI).
  void close() {
    open_ = false;
    playing_ = false;
    reviewer_ = coach::Reviewer();
  }

  // The shown position: the number of actions applied, 0 .. num_actions().
  int position() const { return pos_; }
  void set_position(int p);
  int num_actions() const { return static_cast<int>(game_.history().size()); }
  const GameState& state_at(int p) const { return states_[static_cast<size_t>(p)]; }
  const GameState& state() const { return state_at(pos_); }
  const Game& game() const { return game_; }
  // The events action i (0-based) emitted: [first, last) in game().events().
  std::pair<size_t, size_t> events_of_action(int i) const {
    return {event_end_[static_cast<size_t>(i)], event_end_[static_cast<size_t>(i) + 1]};
  }
  const MatchConfig& config() const { return config_; }

  // Turns: the first position of the turn being played at `p`, and of the next and previous.
  int turn_of(int p) const { return state_at(p).turn; }
  int turn_start(int turn) const;  // the first position whose state has that turn
  void next_turn();
  void prev_turn();
  void step(int delta) { set_position(pos_ + delta); }
  bool playing() const { return playing_; }
  void set_playing(bool on);

  // Play from here: allowed at any position but a finished game's (the last, or any
  // other whose game is over). The game truncated at the position, replayed.
  bool can_play_from_here(std::string* why = nullptr) const;
  bool game_at_position(Game* out, std::string* error = nullptr) const;

  // The review (analysis) in time slices: draw_review_screen steps it a few ms a frame.
  void step_review(double max_ms);
  bool review_done() const;
  double review_progress() const;
  double review_seconds_left() const;  // the analysis' time left at its pace so far, -1: unknown
  const coach::Review& review() const { return reviewer_.review(); }
  const std::vector<int>& reviewed_seats() const { return seats_; }
  // The decisions listed (all, or only those that cost something: show_all_moves).
  std::vector<int> listed_decisions() const;
  // The reviewed decision at the shown position (its index in review().decisions), or -1.
  int decision_here() const;

  const BoardView& board() const { return board_; }
  // The shown position changed since the last frame (a list brings its row into view).
  bool position_changed() const { return follow_; }
  void board_draw(const Observation& obs, ImVec2 size);  // the board, read-only

  // Settings the tests and the shell may change.
  double slice_ms = 8.0;         // review work per frame (like the hint: frames stay smooth)
  double play_interval_s = 0.6;  // one action per this long while playing
  bool show_all_moves = false;   // the decision list shows "best" moves too
  enum class Tab : uint8_t { Moments, Moves, Hands } tab = Tab::Moments;

 private:
  friend ReviewChoice draw_review_screen(ReviewScreenState& st, double now);
  bool open_ = false;
  MatchConfig config_;
  Game game_;
  std::vector<GameState> states_;  // states_[p]: after the first p actions
  std::vector<size_t> event_end_;  // events of the game after the first p actions
  std::vector<int> turn_first_;    // the first position of each turn
  std::vector<int> seats_;
  coach::Reviewer reviewer_;
  double review_started_s_ = 0;  // steady clock, seconds
  int pos_ = 0;
  bool playing_ = false;
  double next_step_at_ = -1;
  BoardView board_;
  int drawn_pos_ = -1;   // the position last drawn: a list follows a change (play, keys)
  bool follow_ = false;  // the position changed since the last frame
  friend class ReviewScreenTestAccess;
};

ReviewChoice draw_review_screen(ReviewScreenState& st, double now);

}  // namespace catan::ui
