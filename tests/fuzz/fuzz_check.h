// A property check for libFuzzer targets: prints the message and aborts, which libFuzzer
// reports as a crash and saves the input as crash-<sha1>.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(cond, msg)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #cond, \
                   std::string(msg).c_str());                                                   \
      std::abort();                                                                             \
    }                                                                                           \
  } while (0)
