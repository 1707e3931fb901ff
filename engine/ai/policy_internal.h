// Pieces shared by the policy files (policy.cpp: builds, setup, robber, development cards;
// trade_policy.cpp: player trades). Not part of the AI's interface.
#pragma once
#include "engine/ai/analysis.h"

namespace catan::ai {

// Uniform noise in [-amp, amp) (no draw when amp is 0).
inline double jitter(Rng& rng, double amp) {
  return amp > 0 ? (unit(rng) * 2 - 1) * amp : 0.0;
}

inline bool legal(const GameState& s, const Action& a) {
  return is_legal(s, a, nullptr);
}

// Player trades (trade_policy.cpp). Each returns an action legal in *c.s, or false.
Action respond_offer(const Ctx& c, Rng& rng);  // accept, counter or decline the open offer
Action confirm_offer(const Ctx& c);            // the offerer picks a partner or cancels
// An offer toward a build, at most one a turn, when likely enough to be accepted (the
// level's and personality's offer rate first).
bool make_offer(const Ctx& c, Rng& rng, Action* out);
// Expert: the same offer without the rate (best our gain x estimated chance of acceptance).
bool smart_offer(const Ctx& c, Action* out);

}  // namespace catan::ai
