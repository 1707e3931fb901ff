// The page's game events, found by comparing the Session's event log with what was reported
// last: gameStarted (a new or resumed game), diceRolled, turn, gameOver and changed (the
// history grew or shrank: the page saves). Only public facts: the board seed only when no
// fog hides the island, the play seed never.
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>

#include "match/session.h"

namespace catan::web {

class EventPoller {
 public:
  // The next poll reports the session's game as started (a game the page asked for).
  void restart() { force_start_ = true; }
  // Events since the last call as a JSON array (empty when nothing happened or no game runs).
  nlohmann::json poll(const match::Session* active);

 private:
  bool is_new_game(const Game& g) const;
  nlohmann::json announce(const match::Session& ses);
  void report_events(const Game& g, nlohmann::json* out) const;

  bool active_ = false;
  bool force_start_ = false;
  bool over_ = false;
  Seeds seeds_{0, 0};
  GameOptions options_;
  size_t events_ = 0;
  size_t history_ = 0;
};

}  // namespace catan::web
