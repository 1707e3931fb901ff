// The win model: every seat's chance to win from public information only (public VP,
// production, ports, expansion room, roads, knights, cards and development cards in hand
// as counts, who moves next). The coach's chances come from the value network
// (engine/ai/win_net.h), which predicts the winner better on held-out games than the linear
// model tools/fit_win_model fits on the same features (docs/AI.md, "The value network"); the
// linear model stays as the reference the fit reproduces.
#pragma once
#include <array>

#include "engine/ai/win_features.h"
#include "engine/coach/coach.h"
#include "engine/observation.h"
#include "engine/state.h"

namespace catan::coach {

// The features live with the AI (engine/ai/win_features.h), whose value network reads them too.
using ai::hand_counts;
using ai::HandCounts;
using ai::kNumWinFeatures;
using ai::kWinFeatureNames;
using ai::win_features;
using ai::WinFeatures;

// The linear model's fitted weights (win_model.cpp), and the chances they give. It is fitted
// on positions after the placements: during the setup every seat gets 1 / players.
const WinFeatures& win_weights();
SeatChances linear_win_chances(const GameState& s, const HandCounts& counts,
                               const WinFeatures& weights = win_weights());

// The coach's chances: the value network (ai::win_net_chances). During the setup every seat
// gets 1 / players; a finished game gives the winner 1.
SeatChances win_chances(const GameState& s, const HandCounts& counts);
SeatChances win_chances(const Observation& obs);
// The network on the full state's public parts.
SeatChances win_chances_full(const GameState& full);

}  // namespace catan::coach
