#include "engine/coach/win_model.h"

#include <algorithm>
#include <cmath>

#include "engine/ai/win_net.h"

namespace catan::coach {

const WinFeatures& win_weights() {
  // Printed by `tools/fit_win_model --games 10000 --seed 11` (Hard-vs-Hard 4-player classic
  // games; docs/AI.md, "Calibration", has the log-loss and the calibration table).
  static const WinFeatures w = {
      0.451409,   // PublicVp
      0.112932,   // PublicVpSq
      0.648414,   // ToGo1
      0.311818,   // ToGo2
      0.020948,   // Prod
      0.100995,   // ProdEarly
      0.019973,   // Kinds
      0.022012,   // Port2
      0.183011,   // Port3
      0.055314,   // Conn
      0.011638,   // NConn
      -0.049871,  // Cities
      0.157515,   // SettleLeft0
      -0.069885,  // RoadLen
      1.347271,   // RoadRace
      -0.083447,  // Knights
      0.961285,   // ArmyRace
      0.736691,   // DevHand
      0.107817,   // Hand
      -0.061118,  // Over7
      0.208893,   // ToMove0
      0.145451,   // ToMove1
      0.079637,   // ToMove2
  };
  return w;
}

SeatChances linear_win_chances(const GameState& s, const HandCounts& counts,
                               const WinFeatures& weights) {
  SeatChances out{};
  const int n = s.num_players;
  if (s.winner >= 0) {
    out[s.winner] = 1;
    return out;
  }
  if (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) {
    for (int p = 0; p < n; ++p) out[p] = 1.0 / n;
    return out;
  }
  double z[kMaxPlayers], zmax = -1e300;
  for (int p = 0; p < n; ++p) {
    const WinFeatures f = win_features(s, counts, p);
    z[p] = 0;
    for (int j = 0; j < kNumWinFeatures; ++j) z[p] += weights[j] * f[j];
    if (s.players[p].forfeited) z[p] = -1e9;
    zmax = std::max(zmax, z[p]);
  }
  double sum = 0;
  for (int p = 0; p < n; ++p) sum += out[p] = std::exp(z[p] - zmax);
  for (int p = 0; p < n; ++p) out[p] /= sum;
  return out;
}

SeatChances win_chances(const GameState& s, const HandCounts& counts) {
  return ai::win_net_chances(s, counts);
}

SeatChances win_chances(const Observation& obs) {
  return win_chances(obs.view, hand_counts(obs));
}

SeatChances win_chances_full(const GameState& full) {
  return win_chances(full, hand_counts(full));
}

}  // namespace catan::coach
