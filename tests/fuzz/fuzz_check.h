// A property check for libFuzzer targets: prints the message and aborts, which libFuzzer
// reports as a crash and saves the input as crash-<sha1>.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#define FUZZ_CHECK(cond, msg)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #cond, \
                   std::string(msg).c_str());                                                   \
      std::abort();                                                                             \
    }                                                                                           \
  } while (0)

// A reader refused its input: it must say why, in text JSON can carry (valid UTF-8), and leave
// its outputs as they were (`unchanged`).
#define FUZZ_CHECK_REFUSAL(reader, error, unchanged)                                             \
  do {                                                                                           \
    FUZZ_CHECK(!(error).empty(), std::string(reader) + " refused without a message");            \
    FUZZ_CHECK(unchanged, std::string(reader) + " refused but changed its outputs: " + (error)); \
    try {                                                                                        \
      (void)nlohmann::json(error).dump();                                                        \
    } catch (const std::exception&) {                                                            \
      FUZZ_CHECK(false, std::string(reader) + "'s message is not UTF-8: " + (error));            \
    }                                                                                            \
  } while (0)
