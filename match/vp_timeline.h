// The VP timeline of a match: total VP per seat at the start and after each completed turn,
// and the final score when it differs from the last turn's (the end screen's chart).
#pragma once
#include "engine/game.h"
#include "match/match_view.h"

namespace catan::match {

class VpTimelineRecorder {
 public:
  // A new match, or a game resumed at turn `s.turn` (the chart starts there).
  void reset(const GameState& s);
  void resume_at(const GameState& s) { turn_ = s.turn; }
  // After any action. True when it completed a turn.
  bool on_applied(const GameState& s);
  const VpTimeline& points() const { return points_; }

 private:
  VpTimeline points_;
  int turn_ = -1;
};

// Turns completed: the turn counter, plus the turn that won the game when it ended without an
// end turn (a win during a turn).
int turns_played(const Game& game);

}  // namespace catan::match
