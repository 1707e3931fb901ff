// fit_value: fits a value model, every seat's chance to win as a softmax over the seats
// of a linear score of that seat's features (tools/value_features.h). Plays seeded Hard-vs-Hard
// games (4 players, classic), records every seat's value_features at the start of every
// `--every`-th turn, labels each position with the game's winner and fits the weights of a
// conditional logit (P(seat wins) = softmax over seats of w . features) by Newton's method
// with a small ridge. Games with index % 5 == 0 are held out; the tool prints the
// held-out log-loss and winner accuracy of the fitted model beside two baselines (VP
// alone, and the hand-written evaluate() with a fitted temperature), then the weights:
//
//   build/<preset>/tools/fit_value [--games N] [--seed S] [--every K] [--jobs J] [--setup]
//
// --setup records one position per game, the first roll after the placements, and fits on
// the features that vary there (production, resource kinds, ports, expansion, starting hand,
// seat order).
//
// --public fits the coach's win model instead (engine/coach/win_model.h: public features
// only, counts for the hidden cards), prints the held-out calibration table (predicted
// decile against the observed win rate) and the weights as the C++ initializer that
// win_model.cpp holds.
//
// A research tool, built only with -DCATAN_BUILD_RESEARCH_TOOLS=ON. Its full-information
// models predict the winner better than evaluate() but made Expert no stronger, neither as
// the playout score nor for the placements; docs/AI.md has the numbers.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/ai/ai.h"
#include "engine/ai/analysis.h"
#include "engine/coach/win_model.h"
#include "engine/game.h"
#include "engine/options.h"
#include "match/runner.h"
#include "tools/tool_common.h"
#include "tools/value_features.h"

using namespace catan;
using namespace catan::tools;

namespace {

constexpr int K = std::max<int>(kNumValueFeatures, coach::kNumWinFeatures);
using Row = std::array<double, K>;
using Weights = std::vector<double>;
bool g_public = false;         // --public: the coach's win model
int g_nf = kNumValueFeatures;  // features in use

struct Position {
  int players = 4, winner = 0;
  bool held_out = false;
  std::array<Row, kMaxPlayers> f{};
  std::array<double, kMaxPlayers> heuristic{};  // evaluate() with neutral parameters
};

bool g_setup = false;  // --setup: only the position after the placements (first roll)
void play(int g, uint64_t seed, int every, std::vector<Position>* out) {
  const GameOptions opts = classic_options();
  const uint64_t gs = mix_seed(seed, g);
  Game game(opts, gs);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < opts.players; ++s) {
    AiConfig c;
    c.level = AiLevel::Hard;
    c.seed = mix_seed(gs, 1000 + s);
    bots.push_back(make_bot(c));
  }
  std::vector<Position> mine;
  int last_turn = -1;
  const ai::Params neutral{};
  match::RunLimits limits;
  limits.max_actions = kMaxActionsPerGame;
  match::play_bots(game, bots, limits, [&](const match::Decision&) {
    const GameState& st = game.state();  // the position the decision is made in
    if (st.phase == Phase::Roll && st.turn != last_turn) {
      last_turn = st.turn;
      if (g_setup ? mine.empty() : st.turn % every == 0) {
        Position p;
        p.players = st.num_players;
        p.held_out = g % 5 == 0;
        const coach::HandCounts counts = coach::hand_counts(st);
        for (int s = 0; s < st.num_players; ++s) {
          if (g_public) {
            const coach::WinFeatures f = coach::win_features(st, counts, s);
            std::copy(f.begin(), f.end(), p.f[s].begin());
          } else {
            const ValueFeatures f = value_features(st, s);
            std::copy(f.begin(), f.end(), p.f[s].begin());
          }
          p.heuristic[s] = ai::evaluate(st, s, neutral);
        }
        mine.push_back(p);
      }
    }
  });
  if (game.state().winner < 0) return;  // capped: no label
  for (Position& p : mine) p.winner = game.state().winner;
  out->insert(out->end(), mine.begin(), mine.end());
}

// Mean log-loss and winner accuracy of logits z(position, seat).
template <class Logit>
void score(const std::vector<Position>& data, bool held_out, Logit z, double* loss, double* acc) {
  double l = 0, a = 0;
  int n = 0;
  for (const Position& p : data) {
    if (p.held_out != held_out) continue;
    double zs[kMaxPlayers], zmax = -1e300;
    int best = 0;
    for (int s = 0; s < p.players; ++s) {
      zs[s] = z(p, s);
      zmax = std::max(zmax, zs[s]);
      if (zs[s] > zs[best]) best = s;
    }
    double sum = 0;
    for (int s = 0; s < p.players; ++s) sum += std::exp(zs[s] - zmax);
    l += -(zs[p.winner] - zmax - std::log(sum));
    a += best == p.winner;
    ++n;
  }
  *loss = n ? l / n : 0;
  *acc = n ? a / n : 0;
}

// The held-out calibration table: every seat's predicted chance in deciles against how often
// such seats won, and the log-loss against the constant baseline (1 / players).
template <class Logit>
void calibration(const std::vector<Position>& data, Logit z) {
  std::array<double, 10> pred{}, won{};
  std::array<int, 10> n{};
  for (const Position& p : data) {
    if (!p.held_out) continue;
    double zs[kMaxPlayers], zmax = -1e300, sum = 0;
    for (int s = 0; s < p.players; ++s) zmax = std::max(zmax, zs[s] = z(p, s));
    for (int s = 0; s < p.players; ++s) sum += zs[s] = std::exp(zs[s] - zmax);
    for (int s = 0; s < p.players; ++s) {
      const double q = zs[s] / sum;
      const int d = std::min(9, static_cast<int>(q * 10));
      pred[d] += q;
      won[d] += s == p.winner;
      ++n[d];
    }
  }
  std::printf("\nheld-out calibration (every seat of every position)\n");
  std::printf("| predicted | seats | mean predicted | won |\n|---|---:|---:|---:|\n");
  for (int d = 0; d < 10; ++d)
    if (n[d])
      std::printf("| %d-%d%% | %d | %.1f%% | %.1f%% |\n", d * 10, d * 10 + 10, n[d],
                  100 * pred[d] / n[d], 100 * won[d] / n[d]);
}

// Solves A x = b (A symmetric positive definite, K x K) by Gaussian elimination.
std::vector<double> solve(std::vector<double> A, std::vector<double> b, int n) {
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(A[r * n + c]) > std::fabs(A[piv * n + c])) piv = r;
    for (int k = 0; k < n; ++k) std::swap(A[c * n + k], A[piv * n + k]);
    std::swap(b[c], b[piv]);
    for (int r = c + 1; r < n; ++r) {
      const double m = A[r * n + c] / A[c * n + c];
      for (int k = c; k < n; ++k) A[r * n + k] -= m * A[c * n + k];
      b[r] -= m * b[c];
    }
  }
  std::vector<double> x(n);
  for (int r = n - 1; r >= 0; --r) {
    double v = b[r];
    for (int k = r + 1; k < n; ++k) v -= A[r * n + k] * x[k];
    x[r] = v / A[r * n + r];
  }
  return x;
}

// Conditional logit over the features in `use` (weights of the others stay 0).
Weights fit(const std::vector<Position>& data, const std::vector<int>& use) {
  const int m = static_cast<int>(use.size());
  // Standardize for conditioning; the ridge acts on the standardized weights.
  std::vector<double> mean(m, 0), sd(m, 0);
  double cnt = 0;
  for (const Position& p : data) {
    if (p.held_out) continue;
    for (int s = 0; s < p.players; ++s, ++cnt)
      for (int j = 0; j < m; ++j) mean[j] += p.f[s][use[j]];
  }
  for (double& v : mean) v /= cnt;
  for (const Position& p : data) {
    if (p.held_out) continue;
    for (int s = 0; s < p.players; ++s)
      for (int j = 0; j < m; ++j) sd[j] += std::pow(p.f[s][use[j]] - mean[j], 2);
  }
  for (double& v : sd) v = std::max(1e-9, std::sqrt(v / cnt));
  std::vector<double> w(m, 0.0);
  const double ridge = 1e-4;
  for (int it = 0; it < 30; ++it) {
    std::vector<double> g(m, 0.0), H(m * m, 0.0);
    double n = 0;
    for (const Position& p : data) {
      if (p.held_out) continue;
      ++n;
      double x[kMaxPlayers][K], z[kMaxPlayers], zmax = -1e300, sum = 0;
      for (int s = 0; s < p.players; ++s) {
        z[s] = 0;
        for (int j = 0; j < m; ++j) {
          x[s][j] = (p.f[s][use[j]] - mean[j]) / sd[j];
          z[s] += w[j] * x[s][j];
        }
        zmax = std::max(zmax, z[s]);
      }
      double pr[kMaxPlayers], ex[K] = {};
      for (int s = 0; s < p.players; ++s) sum += pr[s] = std::exp(z[s] - zmax);
      for (int s = 0; s < p.players; ++s) {
        pr[s] /= sum;
        for (int j = 0; j < m; ++j) ex[j] += pr[s] * x[s][j];
      }
      for (int j = 0; j < m; ++j) g[j] += x[p.winner][j] - ex[j];
      for (int s = 0; s < p.players; ++s)
        for (int j = 0; j < m; ++j) {
          const double dj = x[s][j] - ex[j];
          for (int k = 0; k <= j; ++k) H[j * m + k] += pr[s] * dj * (x[s][k] - ex[k]);
        }
    }
    double step = 0;
    for (int j = 0; j < m; ++j) {
      for (int k = 0; k < j; ++k) H[k * m + j] = H[j * m + k];
      H[j * m + j] += ridge * n;
      g[j] -= ridge * n * w[j];
    }
    const std::vector<double> d = solve(H, g, m);
    for (int j = 0; j < m; ++j) {
      w[j] += d[j];
      step = std::max(step, std::fabs(d[j]));
    }
    if (step < 1e-7) break;
  }
  Weights out(g_nf, 0.0);
  for (int j = 0; j < m; ++j) out[use[j]] = w[j] / sd[j];  // the mean cancels in a softmax
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 2000, every = 2, jobs = 2;
  uint64_t seed = 1;
  CLI::App app{"fit_value: fits a win-probability model on Hard-vs-Hard games"};
  app.add_option("--games", games, "games to play (every 5th is held out)")
      ->check(CLI::Range(5, 1000000));
  app.add_option("--seed", seed, "match seed (game g uses mix_seed(seed, g))");
  app.add_option("--every", every, "record every K-th turn")->check(CLI::Range(1, 100));
  app.add_option("--jobs", jobs, "threads playing games")->check(CLI::Range(1, 64));
  app.add_flag("--setup", g_setup, "only the position after the setup");
  app.add_flag("--public", g_public, "the coach's win model (public features)");
  CLI11_PARSE(app, argc, argv);
  if (g_public) g_nf = coach::kNumWinFeatures;
  std::vector<std::vector<Position>> parts(jobs);
  std::vector<std::thread> th;
  for (int j = 0; j < jobs; ++j)
    th.emplace_back([&, j] {
      for (int g = j; g < games; g += jobs) play(g, seed, every, &parts[j]);
    });
  for (auto& t : th) t.join();
  std::vector<Position> data;
  for (auto& p : parts) data.insert(data.end(), p.begin(), p.end());
  int held = 0;
  for (const Position& p : data) held += p.held_out;
  std::printf("%zu positions (%d held out) from %d games\n", data.size(), held, games);
  if (held == 0 || held == static_cast<int>(data.size())) {
    std::fprintf(stderr, "fit_value: no finished games on one side of the split\n");
    return 1;
  }

  std::vector<int> all(g_nf);
  for (int j = 0; j < g_nf; ++j) all[j] = j;
  if (g_setup)
    all = {kFProd, kFWood, kFBrick, kFSheep, kFWheat,     kFOre,     kFKinds,   kFPort2,  kFPort3,
           kFConn, kFNear, kFNConn, kFHand,  kFHandValue, kFToMove0, kFToMove1, kFToMove2};
  const Weights w = fit(data, all);
  const Weights wvp = fit(data, {g_public ? static_cast<int>(coach::kWPublicVp) : kFVp});
  // The hand-written evaluation with its best temperature (grid).
  double best_t = 0, best_l = 1e9;
  for (double t = 0.1; t <= 3.0; t += 0.05) {
    double l, a;
    score(
        data, false, [&](const Position& p, int s) { return t * p.heuristic[s]; }, &l, &a);
    if (l < best_l) best_l = l, best_t = t;
  }
  auto lin = [](const Weights& wt) {
    return [wt](const Position& p, int s) {
      double z = 0;
      for (int j = 0; j < g_nf; ++j) z += wt[j] * p.f[s][j];
      return z;
    };
  };
  std::printf("%-34s %10s %10s %10s %10s\n", "model", "train loss", "train acc", "test loss",
              "test acc");
  auto row = [&](const char* name, auto z) {
    double l0, a0, l1, a1;
    score(data, false, z, &l0, &a0);
    score(data, true, z, &l1, &a1);
    std::printf("%-34s %10.4f %9.1f%% %10.4f %9.1f%%\n", name, l0, 100 * a0, l1, 100 * a1);
  };
  row("uniform", [](const Position&, int) { return 0.0; });
  row("VP only", lin(wvp));
  char name[64];
  std::snprintf(name, sizeof name, "evaluate() x %.2f", best_t);
  row(name, [&](const Position& p, int s) { return best_t * p.heuristic[s]; });
  row("fitted value model", lin(w));
  if (g_public) {
    calibration(data, lin(w));
    std::printf("\nweights for engine/coach/win_model.cpp (features: engine/coach/win_model.h)\n");
    for (int j = 0; j < g_nf; ++j)
      std::printf("      %.6f,  // %s\n", w[j], coach::kWinFeatureNames[j]);
    return 0;
  }
  std::printf("\nweights (raw features; the features are documented in tools/value_features.h)\n");
  for (int j = 0; j < g_nf; ++j) std::printf("  %-14s %12.6f\n", kValueFeatureNames[j], w[j]);
  return 0;
}
