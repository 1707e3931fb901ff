// See web_search_pool.h. The JavaScript half (the workers, the module they run, the messages)
// is in shell/web_library.js.
#include "shell/web_search_pool.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include <emscripten/emscripten.h>

extern "C" {
// shell/web_library.js
int catan_search_pool_open();
int catan_search_pool_size();
int catan_search_pool_workers();
int catan_search_post(int job_id, int k, const uint8_t* data, int size);
void catan_search_cancel();
}

namespace catan::web {

namespace {
WebSearchPool* g_pool = nullptr;
}

std::shared_ptr<WebSearchPool> WebSearchPool::instance() {
  static std::shared_ptr<WebSearchPool> pool(new WebSearchPool());
  return pool;
}

WebSearchPool::WebSearchPool() {
  g_pool = this;
}

void WebSearchPool::prepare() {
  catan_search_pool_open();
}

WebSearchPool::~WebSearchPool() {
  cancel();
  if (g_pool == this) g_pool = nullptr;
}

int WebSearchPool::size() const {
  return catan_search_pool_size();
}

int WebSearchPool::workers() const {
  return catan_search_pool_workers();
}

void WebSearchPool::begin(const ai::SearchJob& job) {
  cancel();
  ++job_id_;
  const int n = ai::searchers_for(job, std::max(1, size()));
  cands_ = job.cands.size();
  results_.assign(n, ai::RootStats{});
  got_.assign(n, false);
  received_ = 0;
  pending_ = true;
  const int id = job_id_;
  for (int k = 0; k < n; ++k) {
    const std::vector<uint8_t> bytes = ai::encode_job(ai::share_job(job, k, n));
    if (!catan_search_post(id, k, bytes.data(), static_cast<int>(bytes.size())))
      done(id, k, nullptr, 0);  // no worker took it: an empty share
  }
}

bool WebSearchPool::poll(ai::RootStats* merged) {
  if (!pending_ || received_ < static_cast<int>(results_.size())) return false;
  pending_ = false;
  merged->reset(cands_);
  for (const ai::RootStats& r : results_) merged->merge(r);
  return true;
}

void WebSearchPool::cancel() {
  if (pending_ && received_ < static_cast<int>(results_.size())) catan_search_cancel();
  pending_ = false;
  ++job_id_;  // answers still on their way are for an older job
}

void WebSearchPool::done(int job_id, int k, const uint8_t* data, int size) {
  if (!pending_ || job_id != job_id_ || k < 0 || k >= static_cast<int>(results_.size()) || got_[k])
    return;
  ai::RootStats s;
  std::string error;
  if (!data || size <= 0 || !ai::decode_stats(data, static_cast<size_t>(size), &s, &error) ||
      (s.iterations > 0 && s.sum.size() != cands_)) {
    if (data) emscripten_log(EM_LOG_WARN, "[catan] search worker: %s", error.c_str());
    s = ai::RootStats{};
  }
  results_[k] = std::move(s);
  got_[k] = true;
  ++received_;
}

}  // namespace catan::web

// A worker's answer (shell/web_library.js): data is the page's copy of the stats bytes
// (malloc'd there, freed by the caller after this returns), or 0 for a failed share.
extern "C" EMSCRIPTEN_KEEPALIVE void catan_search_done(int job_id, int k, const uint8_t* data,
                                                       int size) {
  if (catan::web::g_pool) catan::web::g_pool->done(job_id, k, data, size);
}
