// libFuzzer target: the action-string parser (Action::parse, parse_bundle).
// Properties: never crashes on any bytes; an accepted string round-trips: parse(s) = a =>
// a.to_string() parses back to a, and printing is a fixed point; ids in range.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/action.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);

  std::string error;
  const auto a = Action::parse(in, &error);
  if (!a) {
    FUZZ_CHECK(!error.empty(), "parse rejected input without an error message");
  } else {
    const std::string printed = a->to_string();
    std::string error2;
    const auto b = Action::parse(printed, &error2);
    FUZZ_CHECK(b.has_value(), "to_string output does not parse: '" + printed + "': " + error2);
    FUZZ_CHECK(*b == *a, "round trip changed the action: '" + std::string(in) + "' -> '" + printed +
                             "' -> '" + b->to_string() + "'");
    FUZZ_CHECK(b->to_string() == printed, "to_string is not a fixed point: " + printed);
    FUZZ_CHECK(static_cast<int>(a->type) < kNumActionTypes, "action type out of range");
  }

  std::string berr;
  const auto bundle = parse_bundle(in, &berr);
  if (bundle) {
    const std::string printed = bundle_to_string(*bundle);
    const auto again = parse_bundle(printed, &berr);
    FUZZ_CHECK(again.has_value() && *again == *bundle, "bundle round trip: '" + printed + "'");
    // Every listed card is counted once: no silently dropped item, no uint8 wrap-around.
    if (!in.empty()) {
      const size_t items = static_cast<size_t>(std::count(in.begin(), in.end(), ',')) + 1;
      FUZZ_CHECK(static_cast<size_t>(total(*bundle)) == items,
                 "bundle '" + std::string(in) + "' counted " + std::to_string(total(*bundle)) +
                     " cards for " + std::to_string(items) + " items");
    }
  }
  return 0;
}
