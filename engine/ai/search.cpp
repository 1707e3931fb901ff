// Expert's root search (search.h): paired determinized playouts over ranked candidates, as a
// resumable state machine, its mergeable statistics and their byte form for Web Workers.
#include "engine/ai/search.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/ai/win_net.h"
#include "engine/bytes.h"

#ifndef __EMSCRIPTEN__
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace catan::ai {

void RootStats::reset(size_t candidates) {
  iterations = 0;
  sum.assign(candidates, 0.0);
  sq.assign(candidates, 0.0);
}

bool RootStats::merge(const RootStats& o) {
  if (o.iterations == 0) return o.sum.size() == sum.size() || o.sum.empty();
  if (o.sum.size() != sum.size() || o.sq.size() != sq.size()) return false;
  for (size_t i = 0; i < sum.size(); ++i) {
    sum[i] += o.sum[i];
    sq[i] += o.sq[i];
  }
  iterations += o.iterations;
  return true;
}

int choose_candidate(const RootStats& s, double z, double min_effect) {
  if (s.iterations == 0 || s.sum.empty()) return 0;
  int best = 0;
  for (int i = 1; i < static_cast<int>(s.sum.size()); ++i)
    if (s.sum[i] > s.sum[best]) best = i;
  // Keep Hard's choice unless the search is significantly better (a fixed margin either froze
  // the search at many iterations or let noise through at few: docs/AI.md).
  if (best != 0) {
    const double n = s.iterations;
    const double mean = (s.sum[best] - s.sum[0]) / n;
    const double var = n > 1 ? std::max(0.0, (s.sq[best] - n * mean * mean) / (n - 1)) : 0.0;
    const double sd = std::sqrt(var);
    if (n < 2 || mean <= z * sd / std::sqrt(n) || mean <= min_effect * sd) best = 0;
  }
  return best;
}

int share_of(int iterations, int k, int n) {
  if (iterations <= 0 || n <= 0) return 0;
  return iterations / n + (k < iterations % n ? 1 : 0);
}

SearchJob share_job(const SearchJob& job, int k, int n) {
  SearchJob share = job;
  if (k > 0) share.seed = mix_seed(job.seed, static_cast<uint64_t>(k));
  share.iterations = share_of(job.iterations, k, n);
  share.searchers = 1;
  return share;
}

int searchers_for(const SearchJob& job, int pool_size) {
  int n = job.searchers > 0 ? std::min(job.searchers, pool_size) : pool_size;
  if (job.iterations > 0) n = std::min(n, job.iterations);
  return std::max(1, n);
}

// --- Bytes -----------------------------------------------------------------------------------

namespace {

static_assert(std::is_trivially_copyable_v<Observation>);
static_assert(std::is_trivially_copyable_v<Beliefs>);
static_assert(std::is_trivially_copyable_v<Action>);

constexpr uint32_t kJobMagic = 0x314A5343;    // "CSJ1"
constexpr uint32_t kStatsMagic = 0x31525343;  // "CSR1"
constexpr uint32_t kFormat = 3;

using bytes::Reader;
using bytes::refuse;
using bytes::Writer;

}  // namespace

std::vector<uint8_t> encode_job(const SearchJob& job) {
  Writer w;
  w.put(kJobMagic);
  w.put(kFormat);
  w.put(static_cast<uint32_t>(sizeof(Observation)));
  w.put(static_cast<uint32_t>(sizeof(Action)));
  w.put(job.obs);
  w.put(job.beliefs);
  w.put(static_cast<uint8_t>(job.personality));
  w.put(static_cast<uint32_t>(job.cands.size()));
  for (const Action& a : job.cands) w.put(a);
  w.put(job.seed);
  w.put(static_cast<int32_t>(job.iterations));
  w.put(job.budget_ms);
  w.put(static_cast<int32_t>(job.rounds));
  w.put(static_cast<uint8_t>(job.value_net ? 1 : 0));
  return std::move(w.out);
}

bool decode_job(const uint8_t* data, size_t size, SearchJob* out, std::string* error) {
  Reader r{data, size};
  uint32_t magic = 0, format = 0, obs_size = 0, action_size = 0, n = 0;
  if (!r.get(&magic) || magic != kJobMagic) return refuse(error, "not a search job");
  if (!r.get(&format) || format != kFormat) return refuse(error, "unknown search job format");
  if (!r.get(&obs_size) || obs_size != sizeof(Observation) || !r.get(&action_size) ||
      action_size != sizeof(Action))
    return refuse(error, "search job from another build");
  SearchJob job;
  uint8_t personality = 0;
  if (!r.get(&job.obs) || !r.get(&job.beliefs) || !r.get(&personality) || !r.get(&n))
    return refuse(error, "truncated search job");
  if (personality > static_cast<uint8_t>(Personality::Opportunist))
    return refuse(error, "bad personality in search job");
  job.personality = static_cast<Personality>(personality);
  if (n > static_cast<uint32_t>(kMaxSearchCands)) return refuse(error, "too many candidates");
  job.cands.resize(n);
  for (Action& a : job.cands)
    if (!r.get(&a)) return refuse(error, "truncated search job");
  int32_t iterations = 0, rounds = 0;
  uint8_t value_net = 0;
  if (!r.get(&job.seed) || !r.get(&iterations) || !r.get(&job.budget_ms) || !r.get(&rounds) ||
      !r.get(&value_net))
    return refuse(error, "truncated search job");
  if (value_net > 1) return refuse(error, "bad scorer in search job");
  job.value_net = value_net == 1;
  if (r.left != 0) return refuse(error, "trailing bytes after search job");
  const GameState& v = job.obs.view;
  if (v.num_players < 2 || v.num_players > kMaxPlayers || job.obs.seat < 0 ||
      job.obs.seat >= v.num_players || v.phase > Phase::GameOver)
    return refuse(error, "bad position in search job");
  if (iterations < 0 || !std::isfinite(job.budget_ms) || job.budget_ms < 0 ||
      job.budget_ms > 600000)
    return refuse(error, "bad limits in search job");
  if (rounds < 0 || rounds > 50) return refuse(error, "bad playout length in search job");
  job.iterations = iterations;
  job.rounds = rounds;
  *out = std::move(job);
  return true;
}

std::vector<uint8_t> encode_stats(const RootStats& s) {
  Writer w;
  w.put(kStatsMagic);
  w.put(static_cast<uint32_t>(s.sum.size()));
  w.put(static_cast<int32_t>(s.iterations));
  for (size_t i = 0; i < s.sum.size(); ++i) {
    w.put(s.sum[i]);
    w.put(i < s.sq.size() ? s.sq[i] : 0.0);
  }
  return std::move(w.out);
}

bool decode_stats(const uint8_t* data, size_t size, RootStats* out, std::string* error) {
  Reader r{data, size};
  uint32_t magic = 0, n = 0;
  int32_t iterations = 0;
  if (!r.get(&magic) || magic != kStatsMagic) return refuse(error, "not search results");
  if (!r.get(&n) || n > static_cast<uint32_t>(kMaxSearchCands) || !r.get(&iterations) ||
      iterations < 0)
    return refuse(error, "bad search results");
  RootStats s;
  s.reset(n);
  s.iterations = iterations;
  for (uint32_t i = 0; i < n; ++i)
    if (!r.get(&s.sum[i]) || !r.get(&s.sq[i]) || !std::isfinite(s.sum[i]) ||
        !std::isfinite(s.sq[i]))
      return refuse(error, "bad search results");
  if (r.left != 0) return refuse(error, "trailing bytes after search results");
  *out = std::move(s);
  return true;
}

// --- The search ------------------------------------------------------------------------------

namespace {

// A safety net: turns end the playout. A playout to the end of the game (the setup search)
// gets room for a long game.
constexpr int kPlayoutActionCap = 500;
constexpr int kPlayoutActionsPerRound = 150;

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void RootSearch::start(const SearchJob& job) {
  t0_ = Clock::now();
  obs_ = job.obs;
  beliefs_ = job.beliefs;
  cands_ = job.cands;
  params_ = expert_params(job.personality);
  neutral_ = personality_params(Personality::Balanced);
  playout_ = playout_policy(obs_.seat, params_);
  rng_.state = mix_seed(job.seed, 0x5EA);
  target_iterations_ = job.iterations;
  budget_ms_ = job.budget_ms;
  stats_.reset(cands_.size());
  iter_.assign(cands_.size(), 0.0);
  turn0_ = obs_.view.turn;
  rounds_ = job.rounds > 0 ? job.rounds : playout_rounds(obs_.view);
  value_net_ = job.value_net;
  action_cap_ = std::max(kPlayoutActionCap, rounds_ * kPlayoutActionsPerRound);
  const bool limited = target_iterations_ > 0 || budget_ms_ > 0;
  stage_ = cands_.size() <= 1 || !limited ? Stage::Done : Stage::Sample;
}

bool RootSearch::step(double max_ms) {
  const auto slice0 = Clock::now();
  while (stage_ != Stage::Done) {
    if (budget_ms_ > 0 && ms_since(t0_) >= budget_ms_) {
      stage_ = Stage::Done;  // the budget is spent: keep the completed iterations only
      break;
    }
    work();
    if (stage_ != Stage::Done && ms_since(slice0) >= max_ms) return false;
  }
  return true;
}

void RootSearch::work() {
  if (stage_ == Stage::Sample)
    sample();
  else if (stage_ == Stage::Playout)
    playout_step();
}

// A new iteration: one determinization and the random numbers every candidate shares.
void RootSearch::sample() {
  base_ = determinize(obs_, &beliefs_, rng_);
  dice_ = rng_.next();
  pol_ = rng_.next();
  cand_ = 0;
  begin_candidate();
}

void RootSearch::begin_candidate() {
  cur_ = base_;
  cur_.rng.state = dice_;
  prng_.state = pol_;
  steps_ = 0;
  stage_ = Stage::Playout;
  if (!apply(cur_, cands_[cand_], nullptr, nullptr)) {
    finish_candidate(-50);
    return;
  }
  horizon_ = turn0_ + rounds_ * cur_.num_players + 1;
}

void RootSearch::finish_candidate(double r) {
  iter_[cand_] = r;
  if (++cand_ < static_cast<int>(cands_.size())) {
    begin_candidate();
    return;
  }
  for (size_t i = 0; i < iter_.size(); ++i) {
    stats_.sum[i] += iter_[i];
    const double d = iter_[i] - iter_[0];
    stats_.sq[i] += d * d;
  }
  ++stats_.iterations;
  const bool enough = target_iterations_ > 0 && stats_.iterations >= target_iterations_;
  stage_ = enough ? Stage::Done : Stage::Sample;
}

// One action of the current playout (or its scoring when it is over).
void RootSearch::playout_step() {
  GameState& s = cur_;
  if (s.phase != Phase::GameOver && s.winner < 0 && s.turn < horizon_ && steps_ < action_cap_) {
    const Action a = playout_.act(s, prng_);
    if (apply(s, a, nullptr, nullptr)) {
      ++steps_;
      return;
    }
  }
  finish_candidate(score(s));
}

// Our evaluation minus the best opponent's (each opponent with neutral parameters); a finished
// game counts +-6. This hand-written difference ranked moves better for Expert than a fitted
// linear win-probability model, although that model predicted winners better (docs/AI.md,
// "Measured variants" and "The fitted value model"). With value_net the score is our chance
// by the value network (a finished game 1 or 0), which reads public information only.
double RootSearch::score(const GameState& s) const {
  const int me = obs_.seat;
  if (value_net_) {
    if (s.winner >= 0) return s.winner == me ? 1.0 : 0.0;
    return win_net_chances(s, hand_counts(s))[me];
  }
  if (s.winner >= 0) return s.winner == me ? 6.0 : -6.0;
  const double mine = evaluate(s, me, params_);
  double best_other = -1e9;
  for (int p = 0; p < s.num_players; ++p)
    if (p != me) best_other = std::max(best_other, evaluate(s, p, neutral_));
  return mine - best_other;
}

// --- Threads ---------------------------------------------------------------------------------

int hardware_cores() {
#ifndef __EMSCRIPTEN__
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
#else
  return 1;
#endif
}

#ifndef __EMSCRIPTEN__
namespace {

// One thread per searcher and decision: a decision's search lasts milliseconds to seconds,
// so starting threads (tens of microseconds) costs nothing worth a persistent queue.
class ThreadPool final : public SearchPool {
 public:
  explicit ThreadPool(int n) : n_(n) {}
  ~ThreadPool() override { cancel(); }
  int size() const override { return n_; }

  void begin(const SearchJob& job) override {
    cancel();
    stop_.store(false);
    finished_.store(0);
    active_ = searchers_for(job, n_);
    results_.assign(active_, RootStats{});
    for (int k = 0; k < active_; ++k) {
      const SearchJob share = share_job(job, k, active_);
      threads_.emplace_back([this, k, share] {
        RootSearch search;
        search.start(share);
        while (!stop_.load(std::memory_order_relaxed) && !search.step(5.0)) {
        }
        results_[k] = search.stats();
        {
          std::lock_guard<std::mutex> lock(mu_);
          finished_.fetch_add(1, std::memory_order_release);
        }
        cv_.notify_all();
      });
    }
    cands_ = job.cands.size();
  }

  bool poll(RootStats* merged) override {
    if (threads_.empty() || finished_.load(std::memory_order_acquire) < active_) return false;
    join();
    merged->reset(cands_);
    for (const RootStats& r : results_) merged->merge(r);
    return true;
  }

  bool wait(RootStats* merged, double max_ms) override {
    if (threads_.empty()) return false;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait_for(lock, std::chrono::duration<double, std::milli>(std::max(0.0, max_ms)),
                   [this] { return finished_.load(std::memory_order_acquire) >= active_; });
    }
    return poll(merged);
  }

  void cancel() override {
    stop_.store(true);
    join();
  }

 private:
  void join() {
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }
  int n_, active_ = 0;
  size_t cands_ = 0;
  std::vector<std::thread> threads_;
  std::vector<RootStats> results_;
  std::atomic<bool> stop_{false};
  std::atomic<int> finished_{0};
  std::mutex mu_;
  std::condition_variable cv_;
};

}  // namespace

std::unique_ptr<SearchPool> make_thread_pool(int threads) {
  if (threads < 1) return nullptr;
  return std::make_unique<ThreadPool>(threads);
}
#else
std::unique_ptr<SearchPool> make_thread_pool(int) {
  return nullptr;
}
#endif

}  // namespace catan::ai
