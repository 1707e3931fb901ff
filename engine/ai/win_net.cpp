#include "engine/ai/win_net.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace catan::ai {

namespace {

constexpr int K = kNumWinFeatures;
constexpr int kInputs = 3 * K;
constexpr int kMaxWidth = 256;  // the widest layer the forward pass holds

// The layers as the forward pass reads them: double weights, transposed to [inputs][outputs]
// so the inner loop runs over a layer's outputs (contiguous, and each output accumulates its
// inputs in the same order as a row-by-row dot product, so vectorizing it changes no bit).
struct Layer {
  int inputs = 0, outputs = 0;
  std::vector<double> w;  // [inputs][outputs]
  std::vector<double> b;
};

const std::vector<Layer>& layers() {
  static const std::vector<Layer> v = [] {
    const WinNetWeights& net = win_net_weights();
    std::vector<Layer> out(net.num_layers);
    for (int l = 0; l < net.num_layers; ++l) {
      const WinNetLayer& src = net.layers[l];
      Layer& d = out[l];
      d.inputs = src.inputs;
      d.outputs = src.outputs;
      d.w.resize(static_cast<size_t>(src.inputs) * src.outputs);
      for (int o = 0; o < src.outputs; ++o)
        for (int i = 0; i < src.inputs; ++i)
          d.w[static_cast<size_t>(i) * src.outputs + o] =
              src.w[static_cast<size_t>(o) * src.inputs + i];
      d.b.assign(src.b, src.b + src.outputs);
    }
    return out;
  }();
  return v;
}

// One seat's score from its input row.
double forward(const double* input) {
  double a[kMaxWidth], b[kMaxWidth];
  std::copy(input, input + kInputs, a);
  const std::vector<Layer>& net = layers();
  for (size_t l = 0; l < net.size(); ++l) {
    const Layer& layer = net[l];
    const int n = layer.outputs;
    std::copy(layer.b.begin(), layer.b.end(), b);
    for (int i = 0; i < layer.inputs; ++i) {
      const double x = a[i];
      const double* row = layer.w.data() + static_cast<size_t>(i) * n;
      for (int o = 0; o < n; ++o) b[o] += row[o] * x;
    }
    if (l + 1 < net.size())
      for (int o = 0; o < n; ++o) b[o] = std::max(0.0, b[o]);
    std::copy(b, b + n, a);
  }
  return a[0];
}

bool in_setup(const GameState& s) {
  return s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
}

}  // namespace

int win_net_parameters() {
  const WinNetWeights& net = win_net_weights();
  int n = 0;
  for (int l = 0; l < net.num_layers; ++l) n += net.layers[l].outputs * (net.layers[l].inputs + 1);
  return n;
}

SeatValues win_net_logits(const GameState& s, const HandCounts& counts) {
  const WinNetWeights& net = win_net_weights();
  const int n = std::clamp(static_cast<int>(s.num_players), 0, kMaxPlayers);
  SeatValues out{};
  if (n < 2) return out;
  double x[kMaxPlayers][K];
  for (int p = 0; p < n; ++p) {
    const WinFeatures f = win_features(s, counts, p);
    for (int j = 0; j < K; ++j) x[p][j] = (f[j] - net.mean[j]) / net.stdev[j];
  }
  double input[kInputs];
  for (int p = 0; p < n; ++p) {
    for (int j = 0; j < K; ++j) {
      double total = 0, most = -1e300;
      for (int q = 0; q < n; ++q)
        if (q != p) {
          total += x[q][j];
          most = std::max(most, x[q][j]);
        }
      input[j] = x[p][j];
      input[K + j] = total / (n - 1);
      input[2 * K + j] = most;
    }
    out[p] = forward(input);
  }
  return out;
}

SeatValues win_net_chances(const GameState& s, const HandCounts& counts) {
  SeatValues out{};
  const int n = std::clamp(static_cast<int>(s.num_players), 0, kMaxPlayers);
  if (s.winner >= 0 && s.winner < kMaxPlayers) {
    out[s.winner] = 1;
    return out;
  }
  if (n < 1) return out;
  if (in_setup(s)) {
    for (int p = 0; p < n; ++p) out[p] = 1.0 / n;
    return out;
  }
  const SeatValues z = win_net_logits(s, counts);
  double zmax = -1e300;
  for (int p = 0; p < n; ++p)
    if (!s.players[p].forfeited) zmax = std::max(zmax, z[p]);
  double sum = 0;
  for (int p = 0; p < n; ++p) sum += out[p] = s.players[p].forfeited ? 0.0 : det_exp(z[p] - zmax);
  if (sum <= 0) return out;
  for (int p = 0; p < n; ++p) out[p] /= sum;
  return out;
}

double det_exp(double x) {
  if (!(x > -700)) return 0;  // also NaN
  x = std::min(x, 700.0);
  // x = k ln 2 + r with |r| <= ln 2 / 2; e^r from its Taylor series (degree 14: the error is
  // below 1e-16 there), then scaled by 2^k, which is exact.
  const double k = std::nearbyint(x * 1.4426950408889634);
  const double r = (x - k * 0.693145751953125) - k * 1.4286068202862268e-06;
  double p = 1.0;
  for (int i = 14; i >= 1; --i) p = 1.0 + p * r / i;
  return std::ldexp(p, static_cast<int>(k));
}

}  // namespace catan::ai
