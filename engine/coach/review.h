// Game review: every seat's win chance over a whole game, the turning points, and each of
// the reviewed seats' decisions graded by what it cost against the coach's choice
// (docs/AI.md, "The coach"). Time-sliced (Reviewer) for the browser, and a one-call form
// for catan-cli analyse. Deterministic for a given game and CoachConfig.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/coach/coach.h"
#include "engine/game.h"

namespace catan::coach {

enum class Grade : uint8_t { Best, Good, Inaccuracy, Mistake, Blunder };
const char* grade_name(Grade g);  // "best" "good" "inaccuracy" "mistake" "blunder"
// The grade of a decision that cost `loss` (the coach's best option's chance minus the
// played one's, 0..1): best <= 1%, good <= 3%, inaccuracy <= 7%, mistake <= 15%, else blunder.
Grade grade_for_loss(double loss);

// One decision of a reviewed seat.
struct Annotation {
  int index = 0;  // the action's index in the game's history (the position before it)
  int seat = 0;
  int turn = 0;
  Action played;
  Action best;                          // the coach's choice
  double win_played = 0, win_best = 0;  // the seat's chance after each (same playouts)
  double loss = 0;                      // max(0, win_best - win_played)
  Grade grade = Grade::Best;
  std::string why_best;  // the coach's sentence for its choice
};

struct TurningPoint {
  int index = 0;     // the action after which the swing is measured
  int seat = 0;      // the seat whose chance moved the most
  double delta = 0;  // its change (signed)
  std::string what;  // the action in words
};

struct Review {
  // chances[i] = every seat's chance at the position before action i (i = 0..history size;
  // the last entry is the final position): the public win model, 1 / players during the
  // setup, and 1 for the winner at the end.
  std::vector<SeatChances> chances;
  std::vector<Annotation> decisions;         // in game order
  std::vector<TurningPoint> turning_points;  // the largest swings, largest first (at most 8)
  // How long the analyses took (not part of review_to_json: it varies from run to run).
  double analysis_ms = 0, max_decision_ms = 0;
};

// Which seats to annotate: every seat when empty.
struct ReviewConfig {
  CoachConfig coach;
  std::vector<int> seats;
};

// Time-sliced: start(), step() until true, then review().
class Reviewer {
 public:
  void start(const Game& game, const ReviewConfig& config);
  bool step(double max_ms);
  bool done() const;
  double progress() const;  // 0..1
  const Review& review() const { return review_; }

 private:
  struct Impl;
  Review review_;
  std::shared_ptr<Impl> impl_;
};

Review review_game(const Game& game, const ReviewConfig& config);

// The review as JSON (what catan-cli analyse prints): chances rounded to 4 decimals.
nlohmann::json review_to_json(const Game& game, const Review& r);

}  // namespace catan::coach
