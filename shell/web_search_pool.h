// The browser's ai::SearchPool: Expert's and Master's searches run in Web Workers (the
// search-worker module: shell/search_worker_main.cpp), off the page's main thread. The
// workers are JavaScript objects (shell/web_library.js, catan_search_*); this class splits a
// job as the native ThreadPool does (engine/ai/search.cpp) and collects the shares the workers
// send back through catan_search_done().
//
// size() is the number of live workers: 0 where the page has no Worker, until the worker
// module is compiled (prepare(), called by the first searching bot, starts that), or once it failed
// to load; the Session's bots then search on the main thread in slices, as without a pool. A worker
// that fails answers its share as empty (no iterations) and is not used again. cancel() drops the
// job in flight; a worker still busy with it is terminated and replaced.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/ai/search.h"

namespace catan::web {

class WebSearchPool final : public ai::SearchPool {
 public:
  // The page's one pool (the workers' answers come back to it); created on the first call.
  static std::shared_ptr<WebSearchPool> instance();
  ~WebSearchPool() override;

  int size() const override;
  void begin(const ai::SearchJob& job) override;
  bool poll(ai::RootStats* merged) override;
  void cancel() override;
  void prepare() override;  // starts compiling the worker module where the page has workers

  // Live workers created so far (0 before the first search; for the page's diagnostics).
  int workers() const;
  // A worker's answer to share k of job `job_id`: the stats bytes, or data == nullptr for a
  // failed share. Answers to an older job are ignored.
  void done(int job_id, int k, const uint8_t* data, int size);

 private:
  WebSearchPool();
  int job_id_ = 0;
  bool pending_ = false;
  size_t cands_ = 0;
  int received_ = 0;
  std::vector<ai::RootStats> results_;
  std::vector<bool> got_;
};

}  // namespace catan::web
