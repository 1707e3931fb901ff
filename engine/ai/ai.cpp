// Bots: Random, Easy/Normal/Hard (heuristic policy, Hard with card counting and own-turn
// lookahead), Expert and Master (determinized Monte Carlo search over Hard's candidate moves,
// anytime through start/step/action, Master on every core).
#include "engine/ai/ai.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/ai/analysis.h"
#include "engine/ai/search.h"

namespace catan {

namespace {

constexpr const char* kLevelNames[] = {"random", "easy", "normal", "hard", "expert", "master"};
constexpr const char* kPersonalityNames[] = {"balanced", "trader",       "aggressor",
                                             "builder",  "expansionist", "opportunist"};

template <class E, size_t N>
const char* name_of(E e, const char* const (&names)[N], const char* other) {
  const auto i = static_cast<size_t>(e);
  return i < N ? names[i] : other;
}

template <class E, size_t N>
bool parse_name(const std::string& s, const char* const (&names)[N], E* out) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) {
      *out = static_cast<E>(i);
      return true;
    }
  return false;
}

}  // namespace

int setup_search_iterations(const AiConfig& c) {
  if (c.setup_iterations >= 0) return c.setup_iterations;
  if (c.level < AiLevel::Expert) return 0;
  if (c.max_iterations > 0) return std::max(1, c.max_iterations * 2 / 3);
  if (c.level == AiLevel::Master) return kSetupWholeBudget;
  // A count, not the clock, so the browser's main thread (in slices) and a worker agree.
  return std::clamp(c.budget_ms * kExpertSetupIterations / 1000, 1, kExpertSetupIterations);
}

const char* ai_level_name(AiLevel l) {
  return name_of(l, kLevelNames, "normal");
}

const char* personality_name(Personality p) {
  return name_of(p, kPersonalityNames, "balanced");
}

bool parse_ai_level(const std::string& s, AiLevel* out) {
  return parse_name(s, kLevelNames, out);
}

bool parse_personality(const std::string& s, Personality* out) {
  return parse_name(s, kPersonalityNames, out);
}

const Action& random_move(const std::vector<Action>& legal, Rng& rng) {
  auto plain = [](const Action& a) {
    return a.type != ActionType::OfferTrade && a.type != ActionType::CounterTrade;
  };
  const auto n = static_cast<uint32_t>(std::count_if(legal.begin(), legal.end(), plain));
  if (n == 0) return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  uint32_t k = rng.below(n);
  for (const Action& a : legal)
    if (plain(a) && k-- == 0) return a;
  return legal.front();  // not reached: k < n
}

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Uniform over the legal moves, never a player-trade offer or counter-offer (random_move).
class RandomBot final : public Bot {
 public:
  explicit RandomBot(const AiConfig& c) { rng_.state = mix_seed(c.seed, 0xB07); }
  void start(const Observation& obs, const EventLog&) override {
    const GameState view = ai::legal_view(obs);
    std::vector<Action> legal;
    legal_actions(view, legal);
    choice_ = legal.empty() ? Action::simple(ActionType::EndTurn) : random_move(legal, rng_);
  }
  bool step(double) override { return true; }
  Action action() override { return choice_; }

 private:
  Rng rng_;
  Action choice_;
};

// The setup search: the setup rule's best spots, each played out to the end of the game from
// the same determinizations and dice (RootSearch with playouts of kFullGameRounds), the best
// kept when it beats the rule's own choice by a standard error.
constexpr int kSetupCands = 5;
constexpr int kFullGameRounds = 50;
constexpr double kSetupZ = 1.0;

// The job for one searcher and `iterations`; its candidates are drawn before its seed.
ai::SearchJob setup_job(const ai::Ctx& ctx, const Observation& obs, const ai::Beliefs& beliefs,
                        Personality p, int iterations, Rng& rng) {
  ai::SearchJob job;
  job.obs = obs;
  job.beliefs = beliefs;
  job.personality = p;
  job.cands = ai::setup_candidates(ctx, rng, kSetupCands);
  job.seed = job.cands.size() > 1 ? rng.next() : 0;
  job.iterations = iterations;
  job.rounds = kFullGameRounds;
  job.searchers = 1;
  return job;
}

// Easy / Normal / Hard: one heuristic decision per start().
class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(const AiConfig& c)
      : params_(ai::personality_params(c.personality)),
        skill_(ai::level_skill(c.level)),
        personality_(c.personality),
        setup_iterations_(c.level >= AiLevel::Hard ? setup_search_iterations(c) : 0) {
    rng_.state = mix_seed(c.seed, 0x4E0 + static_cast<int>(c.level));
    if (c.level >= AiLevel::Hard) ai::strengthen(params_);
  }
  void start(const Observation& obs, const EventLog& events) override {
    const GameState view = ai::legal_view(obs);
    ai::Beliefs b;
    if (skill_.tracker) b = ai::count_cards(obs, events);
    const ai::Ctx ctx = ai::make_obs_ctx(view, obs, params_, skill_, skill_.tracker ? &b : nullptr);
    if (setup_iterations_ > 0 && view.phase == Phase::SetupSettlement) {
      const ai::SearchJob job = setup_job(ctx, obs, b, personality_, setup_iterations_, rng_);
      choice_ = job.cands[0];
      if (job.cands.size() <= 1) return;
      ai::RootSearch search;
      search.start(job);
      while (!search.step(1e9)) {
      }
      choice_ = job.cands[ai::choose_candidate(search.stats(), kSetupZ)];
      return;
    }
    choice_ = ai::heuristic_action(ctx, rng_);
  }
  bool step(double) override { return true; }
  Action action() override { return choice_; }

 private:
  ai::Params params_;
  ai::Skill skill_;
  Personality personality_;
  int setup_iterations_;
  Rng rng_;
  Action choice_;
};

// Expert and Master: determinized Monte Carlo over Hard's ranked candidate moves
// (ai::RootSearch, engine/ai/search.h). One iteration samples one determinization (opponents'
// hands from card counting and the bank, the deck from the unknown development cards, the dice
// from the searcher's own Rng) and plays EVERY candidate out from it with the same random
// numbers (paired comparison, low variance): the rest of our turn and about one round (three
// near the end) of the Normal policy for everybody, the opponents with Hard's parameters,
// robber and offers; then the evaluation (ours minus the best opponent's; a win counts big).
// The candidates include offers, answered inside the playouts. The move with the best mean is
// played if it beats Hard's own first choice significantly (paired differences, kDeviationZ
// standard errors). The setup settlements are searched apart: the setup rule's 5 best spots,
// each played out to the end of the game (setup_search_iterations; Master for its whole
// budget): whole games rank placements better than Hard's lookahead, and short playouts
// scored by the evaluation rank them worse (docs/AI.md, "Measured variants").
//
// Expert searches kExpertBudgetIterations (or max_iterations) on one searcher: the calling
// thread in step()'s slices, or one searcher of the pool, which computes the same. Master
// runs Expert's search on every searcher of the pool (root parallelism: each samples its own
// determinizations; the statistics add up), then spends the rest of its budget on the one
// question that decides its move: when that search would leave Hard's choice, the two moves
// are played out again, three rounds deep, and the deviation stands only if the longer
// playouts confirm it. Extra iterations of the short search make it act on differences the
// one-round evaluation gets wrong; the longer playouts trade that bias for variance, which
// the budget pays for (docs/AI.md).
class SearchBot final : public Bot {
 public:
  explicit SearchBot(const AiConfig& c)
      : cfg_(c),
        params_(ai::expert_params(c.personality)),
        skill_(ai::level_skill(c.level)),
        pool_(c.pool) {
    rng_.state = mix_seed(c.seed, 0xE4E);
    if (master() && !pool_)
      pool_ = ai::make_thread_pool(c.threads > 0 ? c.threads : ai::hardware_cores());
    if (pool_) pool_->prepare();
  }
  ~SearchBot() override {
    if (pool_ && waiting_) pool_->cancel();
  }

  void start(const Observation& obs, const EventLog& events) override {
    t0_ = Clock::now();
    // A search still in flight is dropped by the next begin() on the pool. Cancelling here
    // could hit another seat's job, since the seats of a match share one pool.
    waiting_ = false;
    done_ = false;
    stats_ = ai::RootStats{};
    view_ = ai::legal_view(obs);
    choice_ = 0;
    confirming_ = false;
    const ai::Beliefs beliefs = ai::count_cards(obs, events);
    const ai::Ctx ctx = ai::make_obs_ctx(view_, obs, params_, skill_, &beliefs);
    const int setup_iterations = setup_search_iterations(cfg_);
    setup_ = setup_iterations != 0 && view_.phase == Phase::SetupSettlement;
    if (setup_) {
      // A count of iterations, or Master's whole budget on every searcher.
      job_ = setup_job(ctx, obs, beliefs, cfg_.personality, std::max(0, setup_iterations), rng_);
      if (job_.cands.size() <= 1) {
        done_ = true;
        return;
      }
      job_.searchers = master() ? 0 : 1;
      job_.budget_ms =
          job_.iterations > 0 ? 0 : std::max(1.0, cfg_.budget_ms * 0.95 - ms_since(t0_));
      launch(job_);
      return;
    }
    job_.obs = obs;
    job_.beliefs = beliefs;
    job_.personality = cfg_.personality;
    job_.cands = candidates(ctx);
    if (job_.cands.size() <= 1) {
      done_ = true;
      return;
    }
    job_.seed = rng_.next();
    job_.searchers = master() ? 0 : 1;
    job_.rounds = 0;
    job_.value_net = (net_mask() & kNetFirstSearch) != 0;
    if (cfg_.max_iterations > 0) {
      job_.iterations =
          master() ? std::min(cfg_.max_iterations, kExpertBudgetIterations) : cfg_.max_iterations;
      job_.budget_ms = 0;
    } else {
      job_.iterations = kExpertBudgetIterations;
      const double share = master() ? kMasterFirstShare : 0.95;
      job_.budget_ms = std::max(1.0, cfg_.budget_ms * share - ms_since(t0_));
    }
    launch(job_);
  }

  bool step(double max_ms) override {
    const auto slice0 = Clock::now();
    while (!done_) {
      if (!collect(std::max(0.0, max_ms - ms_since(slice0)))) return false;
      if (setup_) {
        choice_ = ai::choose_candidate(stats_, kSetupZ);
      } else if (!confirming_) {
        choice_ = ai::choose_candidate(stats_, kDeviationZ, kMinEffect);
        if (master() && choice_ != 0 && confirm()) continue;
      } else if (ai::choose_candidate(stats_, kDeviationZ, kMinEffect) == 0) {
        choice_ = 0;  // the longer playouts do not confirm the deviation
      }
      done_ = true;
    }
    return true;
  }

  Action action() override {
    if (job_.cands.empty()) return ai::safe_action(view_);
    return job_.cands[choice_];
  }

  double progress() const override {
    if (done_) return 1;
    if (waiting_ || job_.iterations <= 0) return 0;
    return std::min(1.0, static_cast<double>(local_.stats().iterations) / job_.iterations);
  }

 private:
  // The search's constants, each the strongest value against 3 Hard (docs/AI.md, "Measured
  // variants"); the playout length is ai::playout_rounds.
  static constexpr int kMaxCands = 10;
  static constexpr double kDeviationZ = 1.0;
  // Past kExpertBudgetIterations the bar stays where it is at that count (in standard
  // deviations, not errors), so a longer search does not act on ever smaller differences.
  static inline const double kMinEffect = kDeviationZ / std::sqrt(double{kExpertBudgetIterations});

  // Master: the share of its budget for Expert's search (the rest confirms), and the length
  // of the confirming playouts.
  static constexpr double kMasterFirstShare = 0.25;
  static constexpr int kConfirmRounds = 3;

  bool master() const { return cfg_.level == AiLevel::Master; }
  // Which of Master's searches the value network scores (docs/AI.md, "The value network").
  int net_mask() const {
    if (!master()) return 0;
    return cfg_.value_net >= 0 ? cfg_.value_net : kMasterValueNet;
  }

  void launch(const ai::SearchJob& job) {
    if (pool_ && pool_->size() > 0) {
      pool_->begin(job);
      waiting_ = true;
    } else {
      local_.start(job);
      waiting_ = false;
    }
  }

  // The search in flight, for up to max_ms; true once its statistics are in stats_.
  bool collect(double max_ms) {
    if (waiting_) {
      if (!pool_->wait(&stats_, max_ms)) return false;
      waiting_ = false;
      return true;
    }
    if (!local_.step(max_ms)) return false;
    stats_ = local_.stats();
    return true;
  }

  // Master's second search: Hard's choice against the deviation, longer playouts, the rest of
  // the budget. False when nothing is left to spend.
  bool confirm() {
    ai::SearchJob pair = job_;
    if (cfg_.max_iterations > 0) {
      pair.iterations = cfg_.max_iterations - job_.iterations;
      pair.budget_ms = 0;
      if (pair.iterations <= 0) return false;
    } else {
      pair.iterations = 0;
      pair.budget_ms = cfg_.budget_ms * 0.95 - ms_since(t0_);
      if (pair.budget_ms < 1.0) return false;
    }
    pair.cands = {job_.cands[0], job_.cands[choice_]};
    pair.seed = rng_.next();
    pair.rounds = kConfirmRounds;
    pair.value_net = (net_mask() & kNetConfirm) != 0;
    confirming_ = true;
    launch(pair);
    return true;
  }

  // The candidates: Hard's ranked moves where a search pays (the main phase, the robber,
  // the roll or a knight first, free roads); Hard's single choice elsewhere.
  std::vector<Action> candidates(const ai::Ctx& ctx) {
    const Phase ph = view_.phase;
    const bool searched = ph == Phase::Main || ph == Phase::MoveRobber || ph == Phase::Roll ||
                          ph == Phase::RoadBuilding1 || ph == Phase::RoadBuilding2;
    return ai::candidate_actions(ctx, rng_, searched ? kMaxCands : 1);
  }

  AiConfig cfg_;
  ai::Params params_;
  ai::Skill skill_;
  std::shared_ptr<ai::SearchPool> pool_;
  Rng rng_;
  GameState view_;
  ai::SearchJob job_;
  ai::RootSearch local_;
  ai::RootStats stats_;
  int choice_ = 0;  // index into job_.cands
  bool waiting_ = false, done_ = true, confirming_ = false, setup_ = false;
  Clock::time_point t0_;
};

}  // namespace

std::unique_ptr<Bot> make_bot(const AiConfig& config) {
  switch (config.level) {
    case AiLevel::Random:
      return std::make_unique<RandomBot>(config);
    case AiLevel::Expert:
    case AiLevel::Master:
      return std::make_unique<SearchBot>(config);
    default:
      return std::make_unique<HeuristicBot>(config);
  }
}

}  // namespace catan
