// catan-benchmarks: Google Benchmark of the engine's hot paths and one AI
// decision per level. Native only (Debian's libbenchmark); tools/bench/timing.cpp measures
// the same workloads natively and in wasm under node.
//
//   build/native-release/tools/catan-benchmarks [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "tools/tool_common.h"

using namespace catan;
using namespace catan::tools;

namespace {

const std::vector<GameState>& mid_positions() {
  static const std::vector<GameState> v = sample_positions(64, 50, 1000);
  return v;
}
const std::vector<GameState>& late_positions() {
  static const std::vector<GameState> v = sample_positions(64, 95, 2000);
  return v;
}

void BM_LegalActions(benchmark::State& st) {
  const auto& pos = mid_positions();
  std::vector<Action> out;
  size_t i = 0, listed = 0;
  for (auto _ : st) {
    legal_actions(pos[i++ % pos.size()], out);
    listed += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  st.counters["actions_listed"] =
      benchmark::Counter(static_cast<double>(listed) / static_cast<double>(st.iterations()));
}
BENCHMARK(BM_LegalActions);

void BM_CopyState(benchmark::State& st) {
  const auto& pos = mid_positions();
  size_t i = 0;
  for (auto _ : st) {
    GameState c = pos[i++ % pos.size()];
    benchmark::DoNotOptimize(&c);
    benchmark::ClobberMemory();
  }
  st.counters["bytes"] = sizeof(GameState);
}
BENCHMARK(BM_CopyState);

void BM_Apply(benchmark::State& st) {  // copy + apply one random legal action
  const auto pairs = with_random_moves(mid_positions(), 99);
  size_t i = 0;
  for (auto _ : st) {
    const auto& [s, a] = pairs[i++ % pairs.size()];
    GameState c = s;
    benchmark::DoNotOptimize(apply(c, a));
  }
}
BENCHMARK(BM_Apply);

void BM_LongestRoad(benchmark::State& st) {  // one seat's longest road, late-game boards
  const auto& pos = late_positions();
  size_t i = 0;
  for (auto _ : st) {
    const GameState& s = pos[(i / 4) % pos.size()];
    benchmark::DoNotOptimize(longest_road_length(s, static_cast<int>(i % s.num_players)));
    ++i;
  }
}
BENCHMARK(BM_LongestRoad);

void BM_CheckInvariants(benchmark::State& st) {
  const auto& pos = mid_positions();
  size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(check_invariants(pos[i++ % pos.size()]));
}
BENCHMARK(BM_CheckInvariants);

void BM_RandomGame(benchmark::State& st) {  // classic, 4 players, no player-trade offers
  std::vector<Action> legal;
  uint64_t seed = 1;
  long actions = 0;
  for (auto _ : st) {
    RandomGame g = random_game_start(seed++);
    actions += play_random_game(g.state, g.rng, legal);
  }
  st.counters["actions_per_game"] =
      static_cast<double>(actions) / static_cast<double>(st.iterations());
  st.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMicrosecond);

void BM_AiDecision(benchmark::State& st) {
  const AiLevel level = static_cast<AiLevel>(st.range(0));
  const GameState s = main_phase_position(42);
  const int seat = s.to_move();
  const Observation obs = observe(s, seat);
  const EventLog events;
  AiConfig c;
  c.level = level;
  c.max_iterations = static_cast<int>(st.range(1));
  auto bot = make_bot(c);
  for (auto _ : st) {
    const Action a = bot->decide(obs, events);
    benchmark::DoNotOptimize(a);
  }
  st.SetLabel(std::string(ai_level_name(level)) +
              (level == AiLevel::Expert ? " " + std::to_string(st.range(1)) + " iterations" : ""));
}
BENCHMARK(BM_AiDecision)
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({3, 0})
    ->Args({4, 100})
    ->Args({4, 1000})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
