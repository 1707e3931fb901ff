// Shared pieces of the hardening tools (issue 7): the random player, a wall clock, the
// seeded positions the benchmarks run on.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan::tools {

inline double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// Uniform over the legal actions except player-trade offers (like the peers' random bots);
// offers only when nothing else is legal.
inline const Action& pick_random_no_offers(const std::vector<Action>& legal, Rng& rng) {
  size_t plain = 0;
  for (const Action& a : legal) plain += a.type != ActionType::OfferTrade;
  if (plain == 0) return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  uint32_t k = rng.below(static_cast<uint32_t>(plain));
  for (const Action& a : legal) {
    if (a.type == ActionType::OfferTrade) continue;
    if (k-- == 0) return a;
  }
  return legal.front();  // unreachable
}

constexpr int kMaxActionsPerGame = 20000;

// One random game to the end (or the cap); returns the number of actions, -1 on a refused
// legal action (*error set).
inline int play_random_game(GameState& s, Rng& rng, std::vector<Action>& legal,
                            std::string* error = nullptr) {
  int n = 0;
  while (s.phase != Phase::GameOver && n < kMaxActionsPerGame) {
    legal_actions(s, legal);
    if (legal.empty()) {
      if (error) *error = "no legal action";
      return -1;
    }
    if (!apply(s, pick_random_no_offers(legal, rng), error)) return -1;
    ++n;
  }
  return n;
}

// Mid-game and late-game positions from seeded random games: after `depth_percent` of each
// game's length (classic 4 players, balanced board).
inline std::vector<GameState> sample_positions(int count, int depth_percent, uint64_t seed) {
  std::vector<GameState> out;
  std::vector<Action> legal;
  for (int i = 0; static_cast<int>(out.size()) < count && i < count * 4; ++i) {
    GameState s = new_game(classic_options(), seed + static_cast<uint64_t>(i));
    Rng rng{mix_seed(seed + static_cast<uint64_t>(i), 77)};
    GameState probe = s;
    Rng probe_rng = rng;
    const int length = play_random_game(probe, probe_rng, legal);
    if (length <= 0) continue;
    const int stop = length * depth_percent / 100;
    for (int k = 0; k < stop; ++k) {
      legal_actions(s, legal);
      apply(s, pick_random_no_offers(legal, rng));
    }
    if (s.phase != Phase::GameOver) out.push_back(s);
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
      apply(s, pick_random_no_offers(legal, rng));
    }
  }
  return new_game(classic_options(), seed);
}

}  // namespace catan::tools
