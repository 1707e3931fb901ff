// A game played by bots alone, for tests that need a realistic position or a whole game.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "match/runner.h"

namespace catan::testing_support {

// A classic game from `seed` with one bot per entry of `levels` (24 iterations each), played
// for at most max_actions actions.
inline Game bot_game(uint64_t seed, const std::vector<AiLevel>& levels,
                     size_t max_actions = 100000) {
  Game g(classic_options(), seed);
  std::vector<AiConfig> cfgs;
  for (size_t s = 0; s < levels.size(); ++s) {
    AiConfig c;
    c.level = levels[s];
    c.max_iterations = 24;
    c.seed = mix_seed(seed, 100 + s);
    cfgs.push_back(c);
  }
  match::RunLimits lim;
  lim.max_actions = max_actions;
  match::play_bots(g, match::make_bots(cfgs), lim);
  return g;
}

}  // namespace catan::testing_support
