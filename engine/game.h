// Game: a GameState plus its history (the action strings applied and the full event log).
// This is what the UI, the CLI and saved games hold; the search only copies GameState.
#pragma once
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan {

// The most actions a saved game or a replay code may hold (a long human game has about
// 1,000): one limit for writing and reading both.
inline constexpr size_t kMaxGameActions = 200000;

class Game {
 public:
  Game() : Game(classic_options(), 1) {}
  Game(const GameOptions& options, Seeds seeds);
  Game(const GameOptions& options, uint64_t seed) : Game(options, Seeds::both(seed)) {}

  const GameState& state() const { return state_; }
  const std::vector<Action>& history() const { return history_; }
  const EventLog& events() const { return events_; }
  // Events as `seat` may see them (kAllSeats: all), for logs and AI card counting; while the
  // island is hidden (island_hidden) starting cards read as their number only.
  EventLog visible_events(int seat) const;

  // false + *error on an illegal action (classic: nothing changes).
  bool apply(const Action& a, std::string* error = nullptr);
  bool apply(const std::string& action_text, std::string* error = nullptr);

  // Rebuilds the game from options, seeds and an action list. false on the first action
  // that does not apply (the game is left at the state before it).
  static bool replay(const GameOptions& o, Seeds seeds, const std::vector<Action>& actions,
                     Game* out, std::string* error);
  static bool replay(const GameOptions& o, uint64_t seed, const std::vector<Action>& actions,
                     Game* out, std::string* error) {
    return replay(o, Seeds::both(seed), actions, out, error);
  }

 private:
  GameState state_;
  std::vector<Action> history_;
  EventLog events_;
};

}  // namespace catan
