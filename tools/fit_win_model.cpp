// fit_win_model: fits the coach's win model (engine/coach/win_model.h) and prints its weights
// as the initializer in engine/coach/win_model.cpp. It plays seeded Hard-vs-Hard games
// (4 players, classic), records coach::win_features of every seat at the first roll of every
// `--every`-th turn, labels each position with the game's winner and fits a conditional logit
// (P(seat wins) = softmax over the seats of w . features) by Newton's method with a small
// ridge. Games with index % 5 == 0 are held out; on them the tool prints the log-loss and
// winner accuracy of the fit beside the baselines (constant, public VP alone, evaluate() with
// a fitted temperature) and the weights win_model.cpp holds, then the calibration table.
// The defaults are the shipped fit (docs/AI.md, "The coach"):
//
//   build/<preset>/tools/fit_win_model [--games 10000] [--seed 11] [--every 1] [--jobs 1]
//                                      [--dump positions.csv]
//
// --dump writes every position as a CSV row (game, held_out, players, winner, each of 4 seats'
// features and evaluate(), then every seat's final VP), the data tools/train_win_net.py fits
// the value network (engine/ai/win_net.h) on; --level expert plays the searchers' own games.
// Beside the linear fit the tool prints the embedded value network's log-loss on the same
// held-out positions.
//
// Game g is seeded by mix_seed(seed, g) and the positions are kept in game order, so the
// output does not depend on --jobs.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/ai/ai.h"
#include "engine/ai/analysis.h"
#include "engine/ai/win_net.h"
#include "engine/coach/win_model.h"
#include "engine/game.h"
#include "engine/options.h"
#include "match/runner.h"
#include "tools/tool_common.h"

using namespace catan;
using namespace catan::tools;

namespace {

constexpr int K = coach::kNumWinFeatures;
using Weights = coach::WinFeatures;

struct Position {
  int game = 0, players = 4, winner = 0;
  bool held_out = false;
  std::array<coach::WinFeatures, kMaxPlayers> f{};
  std::array<double, kMaxPlayers> heuristic{};  // evaluate() with neutral parameters
  std::array<double, kMaxPlayers> net{};        // the embedded value network's logits
  std::array<int, kMaxPlayers> final_vp{};      // every seat's VP at the end of the game
};

// Who plays the games: Hard by default; with --level expert the searchers' own games (their
// iterations per decision from --iterations), the data of a next generation.
struct Players {
  AiLevel level = AiLevel::Hard;
  int iterations = 0;
};

// The positions of game g, labelled with its winner (none when the game hit the cap).
std::vector<Position> play(int g, uint64_t seed, int every, const Players& who) {
  const GameOptions opts = classic_options();
  const uint64_t gs = mix_seed(seed, g);
  Game game(opts, gs);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < opts.players; ++s) {
    AiConfig c;
    c.level = who.level;
    c.max_iterations = who.iterations;
    c.threads = 1;
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
    if (st.phase != Phase::Roll || st.turn == last_turn) return;
    last_turn = st.turn;
    if (st.turn % every != 0) return;
    Position p;
    p.game = g;
    p.players = st.num_players;
    p.held_out = g % 5 == 0;
    const coach::HandCounts counts = coach::hand_counts(st);
    for (int s = 0; s < st.num_players; ++s) {
      p.f[s] = coach::win_features(st, counts, s);
      p.heuristic[s] = ai::evaluate(st, s, neutral);
    }
    p.net = ai::win_net_logits(st, counts);
    mine.push_back(p);
  });
  if (game.state().winner < 0) return {};
  for (Position& p : mine) {
    p.winner = game.state().winner;
    for (int s = 0; s < p.players; ++s) p.final_vp[s] = game.state().total_vp(s);
  }
  return mine;
}

// The positions as CSV: a header, then a row per position; seats beyond `players` are zeros.
bool write_positions(const std::vector<Position>& data, const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  std::fprintf(f, "game,held_out,players,winner");
  for (int s = 0; s < kMaxPlayers; ++s) {
    for (int j = 0; j < K; ++j) std::fprintf(f, ",s%d_%s", s, coach::kWinFeatureNames[j]);
    std::fprintf(f, ",s%d_evaluate", s);
  }
  for (int s = 0; s < kMaxPlayers; ++s) std::fprintf(f, ",final_vp%d", s);
  std::fprintf(f, "\n");
  for (const Position& p : data) {
    std::fprintf(f, "%d,%d,%d,%d", p.game, p.held_out ? 1 : 0, p.players, p.winner);
    for (int s = 0; s < kMaxPlayers; ++s) {
      for (int j = 0; j < K; ++j) std::fprintf(f, ",%.6g", p.f[s][j]);
      std::fprintf(f, ",%.6g", p.heuristic[s]);
    }
    for (int s = 0; s < kMaxPlayers; ++s) std::fprintf(f, ",%d", p.final_vp[s]);
    std::fprintf(f, "\n");
  }
  return std::fclose(f) == 0;
}

// The softmax over the seats of logits z(position, seat).
template <class Logit>
std::array<double, kMaxPlayers> chances(const Position& p, Logit z) {
  std::array<double, kMaxPlayers> q{};
  double zmax = -1e300, sum = 0;
  for (int s = 0; s < p.players; ++s) zmax = std::max(zmax, q[s] = z(p, s));
  for (int s = 0; s < p.players; ++s) sum += q[s] = std::exp(q[s] - zmax);
  for (int s = 0; s < p.players; ++s) q[s] /= sum;
  return q;
}

// Mean log-loss and winner accuracy on one side of the split.
template <class Logit>
void score(const std::vector<Position>& data, bool held_out, Logit z, double* loss, double* acc) {
  double l = 0, a = 0;
  int n = 0;
  for (const Position& p : data) {
    if (p.held_out != held_out) continue;
    const auto q = chances(p, z);
    int best = 0;
    for (int s = 1; s < p.players; ++s)
      if (q[s] > q[best]) best = s;
    l -= std::log(q[p.winner]);
    a += best == p.winner;
    ++n;
  }
  *loss = n ? l / n : 0;
  *acc = n ? a / n : 0;
}

// Every held-out seat's predicted chance in deciles against how often such seats won.
template <class Logit>
void calibration(const char* title, const std::vector<Position>& data, Logit z) {
  std::array<double, 10> pred{}, won{};
  std::array<int, 10> n{};
  for (const Position& p : data) {
    if (!p.held_out) continue;
    const auto q = chances(p, z);
    for (int s = 0; s < p.players; ++s) {
      const int d = std::min(9, static_cast<int>(q[s] * 10));
      pred[d] += q[s];
      won[d] += s == p.winner;
      ++n[d];
    }
  }
  std::printf("\nheld-out calibration of %s (every seat of every position)\n", title);
  std::printf("| predicted | seats | mean predicted | won |\n|---|---:|---:|---:|\n");
  for (int d = 0; d < 10; ++d)
    if (n[d])
      std::printf("| %d-%d%% | %d | %.1f%% | %.1f%% |\n", d * 10, d * 10 + 10, n[d],
                  100 * pred[d] / n[d], 100 * won[d] / n[d]);
}

// Solves A x = b (A symmetric positive definite, n x n) by Gaussian elimination.
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

// The mean and standard deviation of the features in `use` over the training seats.
void standardize(const std::vector<Position>& data, const std::vector<int>& use,
                 std::vector<double>* mean, std::vector<double>* sd) {
  const int m = static_cast<int>(use.size());
  mean->assign(m, 0);
  sd->assign(m, 0);
  double cnt = 0;
  for (const Position& p : data) {
    if (p.held_out) continue;
    for (int s = 0; s < p.players; ++s, ++cnt)
      for (int j = 0; j < m; ++j) (*mean)[j] += p.f[s][use[j]];
  }
  for (double& v : *mean) v /= cnt;
  for (const Position& p : data) {
    if (p.held_out) continue;
    for (int s = 0; s < p.players; ++s)
      for (int j = 0; j < m; ++j) (*sd)[j] += std::pow(p.f[s][use[j]] - (*mean)[j], 2);
  }
  for (double& v : *sd) v = std::max(1e-9, std::sqrt(v / cnt));
}

// The conditional logit over the features in `use` (the others' weights stay 0), fitted on
// the training positions. The features are standardized for conditioning; the ridge acts on
// the standardized weights.
Weights fit(const std::vector<Position>& data, const std::vector<int>& use) {
  const int m = static_cast<int>(use.size());
  std::vector<double> mean, sd;
  standardize(data, use, &mean, &sd);
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
    for (int j = 0; j < m; ++j) {
      for (int k = 0; k < j; ++k) H[k * m + j] = H[j * m + k];
      H[j * m + j] += ridge * n;
      g[j] -= ridge * n * w[j];
    }
    const std::vector<double> d = solve(H, g, m);
    double step = 0;
    for (int j = 0; j < m; ++j) {
      w[j] += d[j];
      step = std::max(step, std::fabs(d[j]));
    }
    if (step < 1e-7) break;
  }
  Weights out{};
  for (int j = 0; j < m; ++j) out[use[j]] = w[j] / sd[j];  // the mean cancels in a softmax
  return out;
}

auto linear(const Weights& w) {
  return [w](const Position& p, int s) {
    double z = 0;
    for (int j = 0; j < K; ++j) z += w[j] * p.f[s][j];
    return z;
  };
}

// The weights as win_model.cpp holds them (clang-format's alignment of the comments).
void print_weights(const Weights& w) {
  char value[K][32];
  int width = 0;
  for (int j = 0; j < K; ++j)
    width = std::max(width, std::snprintf(value[j], sizeof value[j], "%.6f,", w[j]));
  for (int j = 0; j < K; ++j)
    std::printf("      %-*s  // %s\n", width, value[j], coach::kWinFeatureNames[j]);
}

// The positions of games [0, games), in game order, played on `jobs` threads.
std::vector<Position> play_all(int games, uint64_t seed, int every, int jobs, const Players& who) {
  std::vector<std::vector<Position>> per_game(games);
  std::atomic<int> next{0};
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j)
    threads.emplace_back([&] {
      for (int g; (g = next++) < games;) per_game[g] = play(g, seed, every, who);
    });
  for (auto& t : threads) t.join();
  std::vector<Position> data;
  for (auto& positions : per_game) data.insert(data.end(), positions.begin(), positions.end());
  return data;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 10000, every = 1, jobs = 1;
  uint64_t seed = 11;
  CLI::App app{"fit_win_model: fits the coach's win model on Hard-vs-Hard games"};
  app.add_option("--games", games, "games to play (every 5th is held out)")
      ->check(CLI::Range(5, 1000000));
  app.add_option("--seed", seed, "match seed (game g uses mix_seed(seed, g))");
  app.add_option("--every", every, "record every K-th turn")->check(CLI::Range(1, 100));
  app.add_option("--jobs", jobs, "threads playing games")->check(CLI::Range(1, 64));
  std::string dump, level = "hard";
  Players who;
  app.add_option("--dump", dump, "also write the positions to this CSV file");
  app.add_option("--level", level, "who plays every seat: hard (the fit's data) or expert")
      ->check(CLI::IsMember({"hard", "expert"}));
  app.add_option("--iterations", who.iterations, "the searchers' iterations per decision")
      ->check(CLI::Range(0, 100000));
  CLI11_PARSE(app, argc, argv);

  const double t0 = now_seconds();
  if (!parse_ai_level(level, &who.level)) return 2;
  const std::vector<Position> data = play_all(games, seed, every, jobs, who);
  const double t1 = now_seconds();
  int held = 0;
  for (const Position& p : data) held += p.held_out;
  std::printf("%zu positions (%d held out) from %d games; games %.0f s\n", data.size(), held, games,
              t1 - t0);
  if (!dump.empty() && !write_positions(data, dump)) {
    std::fprintf(stderr, "fit_win_model: could not write %s\n", dump.c_str());
    return 1;
  }
  if (held == 0 || held == static_cast<int>(data.size())) {
    std::fprintf(stderr, "fit_win_model: no finished games on one side of the split\n");
    return 1;
  }
  std::vector<int> all(K);
  for (int j = 0; j < K; ++j) all[j] = j;
  const Weights w = fit(data, all);
  const Weights wvp = fit(data, {ai::kWPublicVp});
  // The hand-written evaluation (it reads hidden cards) with its best temperature.
  double best_t = 0, best_l = 1e9;
  for (double t = 0.1; t <= 3.0; t += 0.05) {
    double l, a;
    score(
        data, false, [&](const Position& p, int s) { return t * p.heuristic[s]; }, &l, &a);
    if (l < best_l) best_l = l, best_t = t;
  }
  std::printf("fit %.0f s\n\n", now_seconds() - t1);
  std::printf("%-40s %10s %10s %10s %10s\n", "model", "train loss", "train acc", "test loss",
              "test acc");
  auto row = [&](const char* name, auto z) {
    double l0, a0, l1, a1;
    score(data, false, z, &l0, &a0);
    score(data, true, z, &l1, &a1);
    std::printf("%-40s %10.4f %9.1f%% %10.4f %9.1f%%\n", name, l0, 100 * a0, l1, 100 * a1);
  };
  const auto net = [](const Position& p, int s) { return p.net[s]; };
  row("constant (1 / players)", [](const Position&, int) { return 0.0; });
  row("public VP alone", linear(wvp));
  char name[64];
  std::snprintf(name, sizeof name, "evaluate() x %.2f", best_t);
  row(name, [&](const Position& p, int s) { return best_t * p.heuristic[s]; });
  row("the shipped weights (win_model.cpp)", linear(coach::win_weights()));
  row("this fit", linear(w));
  row("the value network (win_net_weights.cpp)", net);
  calibration("the fit", data, linear(w));
  calibration("the value network", data, net);
  std::printf("\nweights for engine/coach/win_model.cpp (features: engine/coach/win_model.h)\n");
  print_weights(w);
  return 0;
}
