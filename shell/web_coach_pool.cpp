// See web_coach_pool.h. The JavaScript half is in shell/web_library.js (catan_coach_*).
#include "shell/web_coach_pool.h"

#include <string>

#include <emscripten/emscripten.h>

extern "C" {
// shell/web_library.js
int catan_search_pool_open();
int catan_search_pool_size();
int catan_coach_post(int ticket, const uint8_t* data, int size);
void catan_coach_drop(int ticket);
}

namespace catan::web {

namespace {
WebCoachPool* g_coach_pool = nullptr;
}

std::shared_ptr<WebCoachPool> WebCoachPool::instance() {
  static std::shared_ptr<WebCoachPool> pool(new WebCoachPool());
  return pool;
}

WebCoachPool::WebCoachPool() {
  g_coach_pool = this;
}

WebCoachPool::~WebCoachPool() {
  for (const auto& [ticket, e] : tickets_)
    if (!e.finished) catan_coach_drop(ticket);
  if (g_coach_pool == this) g_coach_pool = nullptr;
}

void WebCoachPool::prepare() {
  // Starts compiling the module, and once it is compiled the workers, so that they are up
  // when the coach is asked.
  if (catan_search_pool_open()) catan_search_pool_size();
}

int WebCoachPool::size() const {
  return catan_search_pool_size();
}

int WebCoachPool::submit(const coach::AnalysisJob& job) {
  const std::vector<uint8_t> bytes = coach::encode_analysis_job(job);
  const int ticket = next_;
  if (!catan_coach_post(ticket, bytes.data(), static_cast<int>(bytes.size()))) return 0;
  ++next_;
  tickets_[ticket] = Entry{};
  return ticket;
}

coach::AnalysisPool::Status WebCoachPool::poll(int ticket, coach::Advice* out, double* progress) {
  const auto it = tickets_.find(ticket);
  if (it == tickets_.end()) return Status::Failed;
  Entry& e = it->second;
  if (!e.finished) {
    if (progress) *progress = e.progress;
    return Status::Running;
  }
  const bool ok = e.ok;
  if (ok && out) *out = std::move(e.advice);
  tickets_.erase(it);
  return ok ? Status::Done : Status::Failed;
}

void WebCoachPool::drop(int ticket) {
  const auto it = tickets_.find(ticket);
  if (it == tickets_.end()) return;
  if (!it->second.finished) catan_coach_drop(ticket);
  tickets_.erase(it);
}

void WebCoachPool::done(int ticket, const uint8_t* data, int size) {
  const auto it = tickets_.find(ticket);
  if (it == tickets_.end() || it->second.finished) return;
  Entry& e = it->second;
  e.finished = true;
  std::string error;
  e.ok =
      data && size > 0 && coach::decode_advice(data, static_cast<size_t>(size), &e.advice, &error);
  if (data && !e.ok) emscripten_log(EM_LOG_WARN, "[catan] coach worker: %s", error.c_str());
}

void WebCoachPool::report(int ticket, double progress) {
  const auto it = tickets_.find(ticket);
  if (it != tickets_.end() && !it->second.finished) it->second.progress = progress;
}

}  // namespace catan::web

// A worker's answer (shell/web_library.js): data is the page's copy of the advice bytes
// (freed by the caller after this returns), or 0 for a failed analysis.
extern "C" EMSCRIPTEN_KEEPALIVE void catan_coach_done(int ticket, const uint8_t* data, int size) {
  if (catan::web::g_coach_pool) catan::web::g_coach_pool->done(ticket, data, size);
}
extern "C" EMSCRIPTEN_KEEPALIVE void catan_coach_progress(int ticket, double progress) {
  if (catan::web::g_coach_pool) catan::web::g_coach_pool->report(ticket, progress);
}
