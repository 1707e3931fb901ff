// Shared pieces of the developer tools (soak, benchmarks, fit_win_model): a wall clock, the
// random player's games, and the seeded positions the benchmarks run on. Games of bots are
// played by match::play_bots (match/runner.h).
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/action.h"
#include "engine/ai/ai.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan::tools {

inline double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

constexpr int kMaxActionsPerGame = 20000;

// One move of the random player (random_move: uniform, never an offer) in a running game.
// false when nothing is legal or the move is refused (*error says why).
inline bool random_step(GameState& s, Rng& rng, std::vector<Action>& legal,
                        std::string* error = nullptr) {
  legal_actions(s, legal);
  if (legal.empty()) {
    if (error) *error = "no legal action in phase " + std::string(phase_name(s.phase));
    return false;
  }
  return apply(s, random_move(legal, rng), error);
}

// The start of the random player's game number `seed`: classic, 4 players, and the player's
// Rng derived from the same seed.
struct RandomGame {
  GameState state;
  Rng rng;
};
inline RandomGame random_game_start(uint64_t seed) {
  return {new_game(classic_options(), seed), Rng{mix_seed(seed, 77)}};
}

// One random game to the end (or kMaxActionsPerGame); returns the number of actions, -1 on
// a refused legal action (*error set).
inline int play_random_game(GameState& s, Rng& rng, std::vector<Action>& legal,
                            std::string* error = nullptr) {
  int n = 0;
  for (; s.phase != Phase::GameOver && n < kMaxActionsPerGame; ++n)
    if (!random_step(s, rng, legal, error)) return -1;
  return n;
}

// Mid-game and late-game positions from seeded random games: after `depth_percent` of each
// game's length (classic 4 players, balanced board).
inline std::vector<GameState> sample_positions(int count, int depth_percent, uint64_t seed) {
  std::vector<GameState> out;
  std::vector<Action> legal;
  for (int i = 0; static_cast<int>(out.size()) < count && i < count * 4; ++i) {
    RandomGame g = random_game_start(seed + static_cast<uint64_t>(i));
    RandomGame probe = g;
    const int length = play_random_game(probe.state, probe.rng, legal);
    if (length <= 0) continue;
    const int stop = length * depth_percent / 100;
    for (int k = 0; k < stop; ++k) random_step(g.state, g.rng, legal);
    if (g.state.phase != Phase::GameOver) out.push_back(g.state);
  }
  return out;
}

// Each position with one random legal move for it (the apply benchmark's workload).
inline std::vector<std::pair<GameState, Action>> with_random_moves(
    const std::vector<GameState>& positions, uint64_t seed) {
  std::vector<std::pair<GameState, Action>> out;
  Rng rng{seed};
  std::vector<Action> legal;
  for (const GameState& s : positions) {
    legal_actions(s, legal);
    out.emplace_back(s, random_move(legal, rng));
  }
  return out;
}

// A position where the player to move is in the main phase (after the roll) with a real
// choice (several legal actions, a hand of cards), for AI timing.
inline GameState main_phase_position(uint64_t seed) {
  std::vector<Action> legal;
  for (uint64_t k = 0; k < 64; ++k) {
    GameState s = new_game(classic_options(), seed + k);
    Rng rng{mix_seed(seed + k, 5)};
    for (int n = 0; n < 4000 && s.phase != Phase::GameOver; ++n) {
      legal_actions(s, legal);
      if (s.phase == Phase::Main && s.turn >= 20 && legal.size() >= 8 &&
          s.hand_size(s.to_move()) >= 6)
        return s;
      apply(s, random_move(legal, rng));
    }
  }
  return new_game(classic_options(), seed);
}

}  // namespace catan::tools
