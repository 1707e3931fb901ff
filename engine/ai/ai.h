// AI players. A Bot sees only an Observation and the events its seat may see; it never
// touches the true GameState. Decisions are anytime: start(), then step() in slices
// (the browser is single-threaded and must keep drawing frames), then action().
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/observation.h"

namespace catan {

enum class AiLevel : uint8_t { Random, Easy, Normal, Hard, Expert, Master };
enum class Personality : uint8_t {
  Balanced,
  Trader,
  Aggressor,
  Builder,
  Expansionist,
  Opportunist
};

const char* ai_level_name(AiLevel l);         // "random" "easy" "normal" "hard" "expert" "master"
const char* personality_name(Personality p);  // "balanced" "trader" ...
bool parse_ai_level(const std::string& s, AiLevel* out);
bool parse_personality(const std::string& s, Personality* out);

// Expert under a time budget stops after this many iterations, so the budget is only an
// upper bound and a player meets the search the arena measures with --iterations 96: more
// iterations play no stronger (docs/AI.md, "Measured variants").
constexpr int kExpertBudgetIterations = 96;
// Master's thinking time per decision unless the match sets another.
constexpr int kMasterDefaultBudgetMs = 3000;

namespace ai {
class SearchPool;  // engine/ai/search.h
}

struct AiConfig {
  AiLevel level = AiLevel::Normal;
  Personality personality = Personality::Balanced;
  int budget_ms = 1000;    // Expert, Master: per-decision thinking time limit (anytime search)
  int max_iterations = 0;  // Expert, Master: >0 = exactly this many, clock ignored
                           // (deterministic for a given number of searchers); 0 = the time
                           // budget (Expert stops at kExpertBudgetIterations)
  uint64_t seed = 1;       // the bot's own RNG (never the game's)
  // Where Expert and Master search: these searchers on other cores (Web Workers, threads) when
  // set, else the calling thread in step()'s slices. Expert takes one of them, Master all; a
  // native Master without a pool starts `threads` of its own (0 = one per core).
  std::shared_ptr<ai::SearchPool> pool;
  int threads = 0;
  // The setup settlements: > 0 = chosen by this many iterations of playouts to the end of
  // the game over the setup rule's best spots (Hard, Expert, Master); 0 = the setup rule
  // alone (Hard's lookahead); < 0 = the level's own (setup_search_iterations; Hard: none).
  int setup_iterations = -1;
  // Master's playouts scored by the value network (engine/ai/win_net.h) instead of the
  // evaluation: a mask of kNetFirstSearch and kNetConfirm; < 0 = the level's own
  // (kMasterValueNet for Master; Expert never uses it).
  int value_net = -1;
};
constexpr int kNetFirstSearch = 1;  // Master's first search (Expert's, on every searcher)
constexpr int kNetConfirm = 2;      // Master's confirming playouts
constexpr int kMasterValueNet = kNetConfirm;

// The setup search of Expert and Master: with a fixed number of iterations for the main
// phase, two thirds of it (Expert's 96 give 64); under a time budget Expert runs
// kExpertSetupIterations per second of budget, at most kExpertSetupIterations (its default
// second gives them all), and Master searches for its whole budget (kSetupWholeBudget).
// 0: no setup search.
constexpr int kExpertSetupIterations = 64;
constexpr int kSetupWholeBudget = -1;
int setup_search_iterations(const AiConfig& c);

class Bot {
 public:
  virtual ~Bot() = default;
  // Begin deciding for obs.seat, which must be the seat to move in obs.view.
  virtual void start(const Observation& obs, const EventLog& seen_events) = 0;
  // Think for at most `max_ms` milliseconds (or a small fixed slice); true when done.
  virtual bool step(double max_ms) = 0;
  // The chosen action (valid after step() returned true). Always legal in obs.view.
  virtual Action action() = 0;
  // How far the thinking is, 0..1, where the bot can tell (a search of a fixed number of
  // iterations on this thread); 0 elsewhere.
  virtual double progress() const { return 0; }

  // Convenience: start + step until done.
  Action decide(const Observation& obs, const EventLog& seen_events) {
    start(obs, seen_events);
    while (!step(1e9)) {
    }
    return action();
  }
};

std::unique_ptr<Bot> make_bot(const AiConfig& config);

// The Random level's move: uniform over `legal` leaving out player-trade offers and
// counter-offers (a random player never negotiates), or over all of `legal` when nothing
// else is there. `legal` must not be empty. One draw of rng.below(n); the tools' random
// games use it too, and the golden games pin its draws.
const Action& random_move(const std::vector<Action>& legal, Rng& rng);

}  // namespace catan
