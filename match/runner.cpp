#include "match/runner.h"

#include <chrono>
#include <ctime>

#include "engine/observation.h"
#include "engine/rules.h"

namespace catan::match {

namespace {

// This thread's CPU time in ms (the wall clock where the platform has no thread clock).
double thread_cpu_ms() {
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

}  // namespace

std::vector<std::unique_ptr<Bot>> make_bots(const std::vector<AiConfig>& configs) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (const AiConfig& c : configs) bots.push_back(make_bot(c));
  return bots;
}

RunResult play_bots(Game& game, const std::vector<std::unique_ptr<Bot>>& bots,
                    const RunLimits& limits,
                    const std::function<void(const Decision&)>& on_decision,
                    const std::function<void(const Decision&)>& on_applied) {
  using Clock = std::chrono::steady_clock;
  RunResult result;
  while (game.state().phase != Phase::GameOver && game.history().size() < limits.max_actions) {
    const int seat = game.state().to_move();
    if (seat < 0 || seat >= static_cast<int>(bots.size()) || !bots[seat]) break;
    Decision d;
    d.seat = seat;
    const auto t0 = Clock::now();
    const double c0 = thread_cpu_ms();
    Bot& bot = *bots[seat];
    bot.start(observe(game.state(), seat), game.visible_events(seat));
    while (!bot.step(limits.slice_ms)) {
    }
    d.action = bot.action();
    d.wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    d.cpu_ms = thread_cpu_ms() - c0;
    if (std::string why; !is_legal(game.state(), d.action, &why)) {
      d.illegal = d.action.to_string() + ": " + why;
      ++result.illegal;
      const std::vector<Action> legal = legal_actions(game.state());
      if (legal.empty()) break;
      d.action = legal[0];
    }
    if (on_decision) on_decision(d);
    if (!game.apply(d.action)) break;
    if (on_applied) on_applied(d);
  }
  result.finished = game.state().phase == Phase::GameOver;
  return result;
}

}  // namespace catan::match
