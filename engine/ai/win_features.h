// Every seat's public standing as numbers: the inputs of the coach's win model and of the
// value network (win_net.h). Only public fields and the hand counts are read, so every seat
// computes the same features, from an observation's view or from a determinized state.
#pragma once
#include <array>

#include "engine/observation.h"
#include "engine/state.h"

namespace catan::ai {

// The counts a viewer sees of every hand.
struct HandCounts {
  std::array<int, kMaxPlayers> cards{};
  std::array<int, kMaxPlayers> dev_cards{};
};
HandCounts hand_counts(const Observation& obs);
HandCounts hand_counts(const GameState& full);  // from a full (or determinized) state

enum WinFeature : int {
  kWPublicVp,    // public VP (buildings, awards, VP cards played: none are)
  kWPublicVpSq,  // its square / 10
  kWToGo1,       // public VP within 1 of the target
  kWToGo2,       // within 2
  kWProd,        // production: pips x scarcity weight (robber hex excluded)
  kWProdEarly,   // the same x how far the game is from its end
  kWKinds,       // resources produced at all
  kWPort2,       // pips of resources with a matching 2:1 port
  kWPort3,       // has a 3:1 port
  kWConn,        // best open spot on the road network
  kWNConn,       // open spots on the network (at most 3)
  kWCities,      // cities built
  kWSettleLeft0,
  kWRoadLen,
  kWRoadRace,
  kWKnights,   // knights played
  kWArmyRace,  // knights played relative to the army holder
  kWDevHand,   // development cards in hand (count)
  kWHand,      // resource cards in hand (count)
  kWOver7,
  kWToMove0,
  kWToMove1,
  kWToMove2,
  kNumWinFeatures
};
extern const char* const kWinFeatureNames[kNumWinFeatures];
using WinFeatures = std::array<double, kNumWinFeatures>;

// Features of `seat` in s (s may be an observation's view: only public fields are read,
// plus the counts).
WinFeatures win_features(const GameState& s, const HandCounts& counts, int seat);

}  // namespace catan::ai
