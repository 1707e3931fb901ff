// The CPU time the calling thread has used, in ms: what a slice or a frame itself computes, not
// the time another process or thread holds the core (the tests share two cores with builds).
#pragma once
#include <ctime>

namespace catan {

inline double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

}  // namespace catan
