// The browser's coach::AnalysisPool: the coach's hint and the review's analyses run whole on
// the AI's Web Workers (the same workers and module as the search: shell/web_search_pool.h,
// shell/web_library.js catan_coach_*), one analysis per worker, off the page's main thread.
// The worker reports its progress about every 100 ms and answers coach::encode_advice bytes.
// size() is the number of live workers (0 until the module is compiled, or without Worker):
// the coach then thinks on the main thread in slices. A worker that fails answers Failed, and so
// does one whose analysis the AI's search takes over (shell/web_library.js catan_search_post).
#pragma once
#include <cstdint>
#include <map>
#include <memory>

#include "engine/coach/coach.h"

namespace catan::web {

class WebCoachPool final : public coach::AnalysisPool {
 public:
  static std::shared_ptr<WebCoachPool> instance();
  ~WebCoachPool() override;

  int size() const override;
  int submit(const coach::AnalysisJob& job) override;
  Status poll(int ticket, coach::Advice* out, double* progress) override;
  void drop(int ticket) override;
  void prepare() override;

  // A worker's answer to `ticket`: the advice bytes, or data == nullptr when it failed.
  void done(int ticket, const uint8_t* data, int size);
  void report(int ticket, double progress);

 private:
  WebCoachPool();
  struct Entry {
    bool finished = false, ok = false;
    double progress = 0;
    coach::Advice advice;
  };
  std::map<int, Entry> tickets_;
  int next_ = 1;
};

}  // namespace catan::web
