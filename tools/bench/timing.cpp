// catan-timing: the workloads of catan-benchmarks with a tiny self-timed harness,
// so the very same numbers can be taken natively and in wasm under node (Google Benchmark
// is not packaged for Emscripten):
//
//   build/native-release/tools/catan-timing [seconds-per-row]
//   node --no-experimental-fetch build/wasm-release/tools/catan-timing.js [seconds-per-row]
//
// Prints a Markdown table: workload, CPU ns per operation, operations per second.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/ai/search.h"
#include "engine/ai/win_net.h"
#include "engine/observation.h"
#include "tools/tool_common.h"

using namespace catan;
using namespace catan::tools;

namespace {

uint64_t g_sink = 0;  // printed at the end so the work is not optimized away

// Process CPU time natively (the machines are shared, so wall time is noisy); under node
// Emscripten's clock() follows the wall clock.
double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// Runs op in growing batches until `seconds` of CPU time have passed; returns ns per op.
double time_op(double seconds, const std::function<void()>& op, long* ops_out) {
  long batch = 1, ops = 0;
  const double t0 = cpu_seconds();
  double t = t0;
  while (t - t0 < seconds) {
    for (long i = 0; i < batch; ++i) op();
    ops += batch;
    t = cpu_seconds();
    if (batch < (1L << 20)) batch *= 2;
  }
  *ops_out = ops;
  return (t - t0) * 1e9 / static_cast<double>(ops);
}

void row(const char* name, double ns, const std::string& note = "") {
  std::printf("| %-34s | %14.1f | %14.0f | %s |\n", name, ns, 1e9 / ns, note.c_str());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const double secs = argc > 1 ? std::atof(argv[1]) : 1.0;
  const auto mid = sample_positions(64, 50, 1000);
  const auto late = sample_positions(64, 95, 2000);
  std::vector<Action> legal;
  long ops = 0;
  std::printf("| workload | ns/op | ops/s | note |\n|---|---:|---:|---|\n");

  size_t i = 0, listed = 0;
  double ns = time_op(
      secs,
      [&] {
        legal_actions(mid[i++ % mid.size()], legal);
        listed += legal.size();
      },
      &ops);
  row("legal_actions (mid-game)", ns,
      std::to_string(listed / static_cast<size_t>(ops)) + " actions listed on average");

  const auto pairs = with_random_moves(mid, 99);
  i = 0;
  ns = time_op(
      secs,
      [&] {
        const auto& [s, a] = pairs[i++ % pairs.size()];
        GameState c = s;
        g_sink += apply(c, a);
      },
      &ops);
  row("copy + apply (mid-game)", ns,
      "GameState is " + std::to_string(sizeof(GameState)) + " bytes");

  i = 0;
  ns = time_op(
      secs,
      [&] {
        const GameState& s = late[(i / 4) % late.size()];
        g_sink +=
            static_cast<uint64_t>(longest_road_length(s, static_cast<int>(i % s.num_players)));
        ++i;
      },
      &ops);
  row("longest_road_length (late game)", ns);

  i = 0;
  ns = time_op(
      secs, [&] { g_sink += check_invariants(mid[i++ % mid.size()]).size(); }, &ops);
  row("check_invariants", ns);

  // A playout's score: the value network's chances for every seat, against the evaluation of
  // every seat that the search otherwise scores with.
  i = 0;
  double chance_sum = 0;
  ns = time_op(
      secs,
      [&] {
        const GameState& p = mid[i++ % mid.size()];
        chance_sum += ai::win_net_chances(p, ai::hand_counts(p))[0];
      },
      &ops);
  row("value network, every seat (mid-game)", ns,
      std::to_string(ai::win_net_parameters()) + " parameters");
  g_sink += static_cast<uint64_t>(chance_sum);
  i = 0;
  const ai::Params neutral{};
  double eval_sum = 0;
  ns = time_op(
      secs,
      [&] {
        const GameState& p = mid[i++ % mid.size()];
        for (int seat = 0; seat < p.num_players; ++seat) eval_sum += ai::evaluate(p, seat, neutral);
      },
      &ops);
  row("evaluate(), every seat (mid-game)", ns);
  g_sink += static_cast<uint64_t>(eval_sum);

  uint64_t seed = 1;
  long actions = 0;
  ns = time_op(
      secs,
      [&] {
        RandomGame g = random_game_start(seed++);
        actions += play_random_game(g.state, g.rng, legal);
      },
      &ops);
  row("random game (classic 4p, no offers)", ns,
      std::to_string(actions / ops) + " actions per game");

  const GameState s = main_phase_position(42);
  const int seat = s.to_move();
  const Observation obs = observe(s, seat);
  const EventLog events;
  struct Level {
    AiLevel level;
    int iterations;
  } levels[] = {{AiLevel::Random, 0}, {AiLevel::Easy, 0},     {AiLevel::Normal, 0},
                {AiLevel::Hard, 0},   {AiLevel::Expert, 100}, {AiLevel::Expert, 1000}};
  for (const Level& l : levels) {
    AiConfig c;
    c.level = l.level;
    c.max_iterations = l.iterations;
    auto bot = make_bot(c);
    ns = time_op(
        secs, [&] { g_sink += static_cast<uint64_t>(bot->decide(obs, events).type); }, &ops);
    std::string name = std::string("AI decision: ") + ai_level_name(l.level);
    if (l.iterations) name += " " + std::to_string(l.iterations) + " it";
    row(name.c_str(), ns);
  }
  // Expert's search itself: 96 iterations over Hard's ranked candidates at the same position,
  // counted in playouts (one per candidate and iteration).
  ai::SearchJob job;
  job.obs = obs;
  const GameState view = ai::legal_view(obs);
  const ai::Ctx ctx = ai::make_obs_ctx(view, obs, ai::expert_params(Personality::Balanced),
                                       ai::level_skill(AiLevel::Expert), nullptr);
  Rng rank_rng;
  rank_rng.state = 7;
  job.cands = ai::candidate_actions(ctx, rank_rng, 10);
  job.iterations = kExpertBudgetIterations;
  // ns per search of `job` and its playouts (one per candidate and iteration) per CPU second.
  auto time_search = [&](double* playouts_per_s) {
    long playouts = 0;
    const double t = time_op(
        secs,
        [&] {
          ++job.seed;
          ai::RootSearch search;
          search.start(job);
          search.step(1e9);
          playouts +=
              static_cast<long>(search.stats().iterations) * static_cast<long>(job.cands.size());
          g_sink += static_cast<uint64_t>(search.stats().sum[0]);
        },
        &ops);
    *playouts_per_s = static_cast<double>(playouts) / (t * static_cast<double>(ops) / 1e9);
    return t;
  };
  double rate = 0;
  ns = time_search(&rate);
  row("Expert search (96 iterations)", ns,
      std::to_string(job.cands.size()) + " candidates; " + std::to_string(static_cast<long>(rate)) +
          " playouts per CPU second");
  // The same search with its playouts scored by the value network (Master's scorer).
  job.value_net = true;
  ns = time_search(&rate);
  row("the same, scored by the value network", ns,
      std::to_string(static_cast<long>(rate)) + " playouts per CPU second");
  std::printf("\n(checksum %llu)\n", static_cast<unsigned long long>(g_sink));
  return 0;
}
