// search-worker: the engine, the AI's root search and the coach compiled for a Web Worker (no
// SDL, no ImGui, no frontend). The page (shell/web_search_pool.cpp) posts one searcher's share
// of a decision as the bytes of ai::encode_job; the worker's script
// (shell/search_worker_post.js) copies them into this module's memory, calls catan_search_run,
// and posts back the bytes of ai::encode_stats, or the decode error. The coach
// (shell/web_coach_pool.cpp) posts a whole analysis as the bytes of coach::encode_analysis_job:
// catan_coach_run answers coach::encode_advice, reporting its progress on the way.
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "engine/ai/search.h"
#include "engine/coach/coach.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define CATAN_WORKER_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
// The analysis' progress, 0..1, to the worker's script (Module.onCoachProgress posts it).
EM_JS(void, catan_coach_report, (double p), {
  if (Module['onCoachProgress']) Module['onCoachProgress'](p);
});
#else
#define CATAN_WORKER_EXPORT extern "C"
void catan_coach_report(double) {}
#endif

namespace {
std::vector<uint8_t> g_result;  // the last run's stats bytes
std::string g_error;            // the last run's error
}  // namespace

// Memory for the job bytes (the script writes them there, then calls catan_search_run).
CATAN_WORKER_EXPORT uint8_t* catan_search_alloc(int size) {
  return static_cast<uint8_t*>(std::malloc(size > 0 ? static_cast<size_t>(size) : 1));
}
CATAN_WORKER_EXPORT void catan_search_free(uint8_t* p) {
  std::free(p);
}

// Runs the job of `size` bytes at `data` to completion: the length of the stats bytes (read
// them at catan_search_result()), or -1 with the reason at catan_search_error().
CATAN_WORKER_EXPORT int catan_search_run(const uint8_t* data, int size) {
  g_result.clear();
  g_error.clear();
  try {
    catan::ai::SearchJob job;
    if (!data || size <= 0 ||
        !catan::ai::decode_job(data, static_cast<size_t>(size), &job, &g_error)) {
      if (g_error.empty()) g_error = "empty search job";
      return -1;
    }
    catan::ai::RootSearch search;
    search.start(job);
    while (!search.step(1000.0)) {
    }
    g_result = catan::ai::encode_stats(search.stats());
    return static_cast<int>(g_result.size());
  } catch (const std::exception& e) {
    g_error = std::string("search failed: ") + e.what();
  } catch (...) {
    g_error = "search failed";
  }
  return -1;
}

// Runs the coach's analysis of `size` bytes at `data` (coach::encode_analysis_job) to the
// end: the length of the advice bytes at catan_search_result(), or -1 with the reason at
// catan_search_error().
CATAN_WORKER_EXPORT int catan_coach_run(const uint8_t* data, int size) {
  g_result.clear();
  g_error.clear();
  try {
    catan::coach::AnalysisJob job;
    if (!data || size <= 0 ||
        !catan::coach::decode_analysis_job(data, static_cast<size_t>(size), &job, &g_error)) {
      if (g_error.empty()) g_error = "empty coach job";
      return -1;
    }
    const catan::coach::Advice advice = catan::coach::run_analysis(
        job, [](double p) { catan_coach_report(p); }, 100);
    g_result = catan::coach::encode_advice(advice);
    return static_cast<int>(g_result.size());
  } catch (const std::exception& e) {
    g_error = std::string("analysis failed: ") + e.what();
  } catch (...) {
    g_error = "analysis failed";
  }
  return -1;
}

CATAN_WORKER_EXPORT const uint8_t* catan_search_result() {
  return g_result.data();
}
CATAN_WORKER_EXPORT const char* catan_search_error() {
  return g_error.c_str();
}

int main() {
  return 0;
}
