// One loop for every game the AIs play alone: the arena, the soak, golden games and tests.
// Each seat's bot decides from that seat's observation and visible events only.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"

namespace catan::match {

struct Decision {
  int seat = -1;
  Action action;
  double wall_ms = 0;  // the decision's wall-clock time
  double cpu_ms = 0;   // this thread's CPU time for it (the work, without preemption)
  // Set when the bot chose an illegal action (then the first legal one is played): the
  // chosen action and why it is illegal.
  std::string illegal;
};

struct RunLimits {
  size_t max_actions = 100000;  // the game stops here unfinished (a safety cap)
  double slice_ms = 1e9;        // each Bot::step() gets at most this (time-sliced thinking)
};

struct RunResult {
  bool finished = false;  // the game is over
  int illegal = 0;        // decisions that chose an illegal action
};

// Plays on from the game's current state until it is over or the cap is reached, bots[s]
// deciding for seat s. `on_decision`, if given, sees every decision before it is applied,
// `on_applied` right after (the game then holds the new state).
RunResult play_bots(Game& game, const std::vector<std::unique_ptr<Bot>>& bots,
                    const RunLimits& limits = {},
                    const std::function<void(const Decision&)>& on_decision = {},
                    const std::function<void(const Decision&)>& on_applied = {});

// One bot per seat from per-seat configs.
std::vector<std::unique_ptr<Bot>> make_bots(const std::vector<AiConfig>& configs);

}  // namespace catan::match
