// The value network: every seat's chance to win from the public win features
// (win_features.h), learned from games by tools/train_win_net.py, which writes its weights
// into win_net_weights.cpp (docs/AI.md, "The value network", has the commands).
//
// One multilayer perceptron scores each seat from [its own features, the mean of the other
// seats', the most of the other seats'], all normalized by the training set's mean and
// deviation; a softmax over the seats in the game gives the chances. The same weights score
// every seat, so the order of the seats does not matter. It reads public information only.
//
// Determinism: the arithmetic is IEEE double in a fixed order with no contraction (the file
// is built with -ffp-contract=off) and the softmax uses det_exp (basic operations only), so a
// native and a wasm build give the same bits, and a search that reads it the same move.
#pragma once
#include <array>

#include "engine/ai/win_features.h"

namespace catan::ai {

using SeatValues = std::array<double, kMaxPlayers>;

// The weights as the build embeds them (win_net_weights.cpp): dense layers, ReLU between them,
// one output. w is row-major [outputs][inputs].
struct WinNetLayer {
  int inputs = 0, outputs = 0;
  const float* w = nullptr;
  const float* b = nullptr;
};
struct WinNetWeights {
  const char* const* feature_names = nullptr;  // kNumWinFeatures names, in the input order
  const double* mean = nullptr;                // per feature
  const double* stdev = nullptr;               // per feature
  const WinNetLayer* layers = nullptr;
  int num_layers = 0;
  const char* provenance = "";  // how the weights were made (data, trainer, held-out log-loss)
};
const WinNetWeights& win_net_weights();
// Parameters of the embedded net.
int win_net_parameters();

// Each seat's score (the softmax's logit); seats past s.num_players are 0.
SeatValues win_net_logits(const GameState& s, const HandCounts& counts);
// Every seat's chance: a finished game gives the winner 1; during the placements every seat
// gets 1 / players (the net learned from positions after them); forfeited seats get 0.
SeatValues win_net_chances(const GameState& s, const HandCounts& counts);

// e^x from additions, multiplications and divisions only (relative error under 1e-14), so it
// gives the same bits on every platform; 0 below -700.
double det_exp(double x);

}  // namespace catan::ai
