// Expert's root search as values that can be split across cores: a SearchJob says
// everything one searcher needs for one decision (only what the deciding seat may know), a
// RootSearch runs it anytime, its RootStats merge by addition, and choose_candidate is the
// decision rule on the merged numbers. A SearchPool runs jobs on other cores: threads
// natively (make_thread_pool), Web Workers in the browser (shell/web_search_pool.h); each
// searcher samples its own determinizations (root parallelism), so nothing is shared
// while they think.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/analysis.h"

namespace catan::ai {

// One searcher's numbers for one decision. Every iteration plays every candidate out from the
// same determinization and random numbers, so differences against candidate 0 are paired.
struct RootStats {
  int iterations = 0;       // completed iterations
  std::vector<double> sum;  // per candidate: the sum of its scores
  std::vector<double> sq;   // per candidate: the sum of squared paired differences to 0
  void reset(size_t candidates);
  // Adds another searcher's iterations of the same candidates (false if they differ in size).
  bool merge(const RootStats& other);
};

// The decision rule: the candidate with the best mean, if its paired mean difference over
// candidate 0 (Hard's choice) exceeds z standard errors AND min_effect standard deviations of
// the paired differences; else candidate 0. The second bar keeps long searches from acting on
// differences that are certain but too small for the playouts' evaluation to get right.
int choose_candidate(const RootStats& s, double z, double min_effect = 0);

// One searcher's share of a decision.
struct SearchJob {
  Observation obs;  // obs.seat decides; obs.view is the seat's view
  Beliefs beliefs;  // card counting from the events obs.seat saw
  Personality personality = Personality::Balanced;
  std::vector<Action> cands;  // ranked, Hard's choice first (at most kMaxSearchCands)
  uint64_t seed = 0;          // searcher 0 samples with it, searcher k with mix_seed(seed, k)
  int iterations = 0;         // > 0: stop after this many (split among the searchers)
  double budget_ms = 0;       // > 0: stop when this much time has passed since the job's start
  int searchers = 0;          // how many of a pool's searchers share the job (0 = all)
  int rounds = 0;             // playout length in rounds (0: playout_rounds of the view)
  bool value_net = false;     // score playouts by the value network (win_net.h), else evaluate()
};
constexpr int kMaxSearchCands = 32;

// A job as bytes and back, for a Web Worker's postMessage: a header (magic, format version,
// the sizes of the value types, so a module of another build refuses it) and the fields.
std::vector<uint8_t> encode_job(const SearchJob& job);
bool decode_job(const uint8_t* data, size_t size, SearchJob* out, std::string* error);
std::vector<uint8_t> encode_stats(const RootStats& s);
bool decode_stats(const uint8_t* data, size_t size, RootStats* out, std::string* error);

// The anytime search of one searcher: a state machine whose unit of work is one playout
// action, so step(max_ms) returns within about max_ms even in the middle of an iteration. With
// a fixed number of iterations its result does not depend on how the thinking was sliced.
// With a time budget only completed iterations count.
class RootSearch {
 public:
  // Searches with job.seed (searcher 0's stream); done at once without a limit or with a single
  // candidate.
  void start(const SearchJob& job);
  // Think for at most about max_ms; true when done.
  bool step(double max_ms);
  bool done() const { return stage_ == Stage::Done; }
  const RootStats& stats() const { return stats_; }

 private:
  enum class Stage : uint8_t { Sample, Playout, Done };
  void work();
  void sample();
  void begin_candidate();
  void finish_candidate(double r);
  void playout_step();
  double score(const GameState& s) const;

  using Clock = std::chrono::steady_clock;
  Observation obs_;
  Beliefs beliefs_;
  std::vector<Action> cands_;
  Params params_, neutral_;
  PlayoutPolicy playout_;
  Rng rng_;
  int target_iterations_ = 0;
  double budget_ms_ = 0;
  Clock::time_point t0_;
  RootStats stats_;
  std::vector<double> iter_;  // the iteration in progress, per candidate
  Stage stage_ = Stage::Done;
  int turn0_ = 0, rounds_ = 1;
  GameState base_, cur_;
  uint64_t dice_ = 0, pol_ = 0;
  Rng prng_;
  int cand_ = 0, steps_ = 0, horizon_ = 0, action_cap_ = 0;
  bool value_net_ = false;
};

// Searchers on other cores. begin() hands each of job.searchers (or all) its share of `job`
// (searcher k samples with its own stream; a fixed number of iterations is split among them),
// poll() never blocks and says when every share is back, with their stats merged. One searcher
// with the whole job computes exactly what RootSearch computes on the calling thread.
class SearchPool {
 public:
  virtual ~SearchPool() = default;
  virtual int size() const = 0;  // searchers
  virtual void begin(const SearchJob& job) = 0;
  virtual bool poll(RootStats* merged) = 0;
  // poll(), waiting up to max_ms for the shares where the platform can block (threads); a pool
  // that cannot block (the browser's main thread) only polls.
  virtual bool wait(RootStats* merged, double max_ms) {
    (void)max_ms;
    return poll(merged);
  }
  virtual void cancel() = 0;  // drop the jobs in flight (their results are discarded)
  // A bot that searches will use the pool: start what its searchers need (the browser
  // fetches and compiles the worker module only for a match with Expert or Master).
  virtual void prepare() {}
};

// The share of searcher k of n in a job of `iterations` (0 stays 0: a time budget), and the job
// searcher k runs.
int share_of(int iterations, int k, int n);
SearchJob share_job(const SearchJob& job, int k, int n);
// How many searchers of a pool of `pool_size` take the job.
int searchers_for(const SearchJob& job, int pool_size);

// Native threads, one searcher per thread (nullptr where threads are unavailable: wasm).
std::unique_ptr<SearchPool> make_thread_pool(int threads);
// Cores available to the AI natively (std::thread::hardware_concurrency, at least 1).
int hardware_cores();

}  // namespace catan::ai
