// The win model: every seat's chance to win from public information only (public VP,
// production, ports, expansion room, roads, knights, cards and development cards in hand
// as counts, who moves next), a softmax over the seats of a linear score whose weights
// tools/fit_win_model fits on Hard-vs-Hard games and prints as win_model.cpp holds them
// (docs/AI.md, "Calibration", has the command).
#pragma once
#include <array>

#include "engine/coach/coach.h"
#include "engine/observation.h"
#include "engine/state.h"

namespace catan::coach {

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
// plus the counts). tools/fit_win_model fits the weights on these same features.
WinFeatures win_features(const GameState& s, const HandCounts& counts, int seat);

// The fitted weights (win_model.cpp), and the chances they give. The model is fitted on
// positions after the placements: during the setup every seat gets 1 / players.
const WinFeatures& win_weights();
SeatChances win_chances(const GameState& s, const HandCounts& counts,
                        const WinFeatures& weights = win_weights());
SeatChances win_chances(const Observation& obs);
// A finished game: the winner 1, the others 0; else the model on the full state's public
// parts.
SeatChances win_chances_full(const GameState& full);

}  // namespace catan::coach
