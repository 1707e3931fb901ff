// The coach in the game screen (engine/coach/coach.h): the Hint, the live win-chance bar and
// the trade advisor's line. The hint runs on one of the AI's workers where the page has them
// (coach_pool()), else in slices of a few milliseconds per frame, as the Session drives the
// bots; no frame waits for it.
//
//   Hint      request_hint(frame, st.hint) (the "Hint" tile, key H) starts a coach::Analyst
//             on the viewer's observation; update_hint() runs it each frame and forgets it
//             when the decision has passed; draw_hint_card() shows "thinking" with a
//             progress bar and the time left, then the
//             recommended move (in words, and on the board: hint_spot()), why, and the next
//             two alternatives with their win chances; "Play it" submits the move.
//   Win bar   draw_win_bar(): one thin bar per seat in its colour with its chance to win
//             (coach::win_chances), over the top of the board when settings().win_chances.
//   Advisor   draw_trade_advice(): under an offer the viewer is building or answering, how
//             it changes the chances ("You +2%, Bruno +4%: Bruno is leading").
//
// Test ids: "hint" (the tile), "hint_card", "hint_play", "hint_close", "win_bar",
// "trade_advice" (the sentence; "trade_advice_thinking" while the coach weighs the trade).
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "engine/action.h"
#include "engine/coach/coach.h"
#include "frontend/board_view.h"
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

// ---- Where the coach thinks ------------------------------------------------------------------

// The workers the hint and the review hand their analyses to (the browser's AI workers:
// shell/web_coach_pool.h); none: they think on the main thread in slices.
void set_coach_pool(std::shared_ptr<coach::AnalysisPool> pool);
std::shared_ptr<coach::AnalysisPool> coach_pool();

// The time left of a task `progress` (0..1) done after `elapsed_s` seconds, at the pace so far:
// -1 while too little is done to tell.
double seconds_left(double progress, double elapsed_s);
// "about 12 s left", "about 2 min left", "a moment left"; "" for -1.
std::string time_left_words(double seconds);
double now_seconds();  // the steady clock, in seconds

// ---- Hint --------------------------------------------------------------------------------

struct HintState {
  enum class Status { Idle, Thinking, Ready } status = Status::Idle;
  std::shared_ptr<coach::Analyst> analyst;  // while thinking
  coach::Advice advice;                     // when ready
  size_t for_history = 0;                   // the decision it is for: actions applied then
  int for_seat = -1;                        // and the seat to act
  float card_h = 0;                         // the card's height last frame
  bool tool_chosen = false;                 // the build tool of a recommended build was picked
  double started_s = 0;                     // when it was asked for (steady clock, seconds)
  bool active() const { return status != Status::Idle; }
  bool ready() const { return status == Status::Ready && !advice.options.empty(); }
  void clear() { *this = HintState{}; }
};

// The viewer must decide something now (any phase): the Hint tile shows.
bool hint_available(const GameFrame& f);
// Starts the analysis of the viewer's decision (a second press on the same decision hides
// the hint again).
void request_hint(const GameFrame& f, HintState& st);
// Each frame: forgets a hint whose decision has passed, and thinks for at most `slice_ms`.
void update_hint(const GameFrame& f, HintState& st, double slice_ms);
// While thinking: how far (0..1) and the seconds left (-1: not known yet).
double hint_progress(const HintState& st);
double hint_seconds_left(const HintState& st);
// The board spot of the recommended move (kind None when it is not a spot on the board).
BoardPick hint_spot(const HintState& st);
// The card over the board: in the sea beside the island when there is room, else over the
// half of the board away from the recommended spot. Submits the move on "Play it".
void draw_hint_card(const GameFrame& f, const Rect& board, const BoardView& view, HintState& st);

// An action in words, for the viewer, as a short command (frontend/move_words.h):
// "Settlement on Ore 8 and Brick 6", "Discard 2 Wood and 1 Ore", "End turn". `view` is the
// viewer's view (the hexes around a spot, the bank rates).
std::string describe_action(const MatchView& s, const GameState& view, int viewer, const Action& a);
// "Settlement on Ore 8 and Brick 6: 31% · End turn: 25%": `n` options from `first`.
std::string hint_alternatives(const MatchView& s, const GameState& view, int viewer,
                              const coach::Advice& advice, int n = 3, int first = 0);

// ---- Live win chances ---------------------------------------------------------------------

struct WinBarState {
  size_t for_history = static_cast<size_t>(-1);
  int for_viewer = -2;
  coach::SeatChances chances{};
};

// The bar's height when it shows this frame (settings().win_chances, a game in play), else 0.
float win_bar_height(const GameFrame& f);
void draw_win_bar(const GameFrame& f, const Rect& r, WinBarState& st);

// ---- Trade advisor --------------------------------------------------------------------------

struct TradeAdviceState {
  std::shared_ptr<coach::TradeAdvisor> advisor;
  bool ready = false;
  coach::TradeImpact impact;
  // What the advice is for.
  size_t for_history = static_cast<size_t>(-1);
  int for_seat = -1, partner = -1;
  ResourceCounts give{}, get{};
};

// The opponent an offer to everyone is weighed against: the one with the best chance to win.
int trade_advice_partner(const Observation& obs);
// "You +2%, Bruno +4%: Bruno is leading", from the impact's numbers and the UI's names.
std::string trade_advice_sentence(const MatchView& s, const coach::TradeImpact& impact);
// One line: the viewer gives `give` to `partner` (-1: the leading opponent) and gets `get`.
// Nothing when either side is empty. Restarts the advisor when the terms change and runs it
// a few milliseconds per frame.
void draw_trade_advice(const MatchView& s, TradeAdviceState& st, int partner,
                       const ResourceCounts& give, const ResourceCounts& get);

}  // namespace catan::ui
