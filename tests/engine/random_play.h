// Random play for tests: legal actions drawn by an Rng, up to a step limit or game over.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"
#include "engine/rules.h"

namespace catan::testing_support {

// Applies up to `steps` legal actions to g, each drawn by rng, stopping at game over.
inline void play_random_actions(Game& g, Rng& rng, int steps) {
  std::vector<Action> legal;
  for (int i = 0; i < steps && g.state().phase != Phase::GameOver; ++i) {
    legal_actions(g.state(), legal);
    ASSERT_FALSE(legal.empty()) << "no legal action in phase " << phase_name(g.state().phase);
    std::string err;
    const Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    ASSERT_TRUE(g.apply(a, &err)) << a.to_string() << ": " << err;
  }
}

}  // namespace catan::testing_support
