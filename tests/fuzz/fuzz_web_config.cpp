// libFuzzer target: the match config reader (match::config_from_json), which reads what URL
// parameters, postMessage commands and window.catan.newGame hand the page.
// Properties: never crashes or throws on any bytes; a refused config leaves the output
// untouched and comes with an error that is valid UTF-8; an accepted one has valid options,
// 2 to 4 named seats, non-zero seeds, and its public JSON holds no play seed.
#include <cstddef>
#include <cstdint>
#include <string>

#include "match/config.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;
using nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > match::kMaxConfigText) return 0;
  const json j = json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  match::MatchConfig c;
  c.seats[0].name = "sentinel";
  std::string error;
  bool ok = false;
  try {
    ok = match::config_from_json(j, &c, &error);
  } catch (const std::exception& e) {
    FUZZ_CHECK(false, std::string("config_from_json threw: ") + e.what());
  }
  if (!ok) {
    FUZZ_CHECK_REFUSAL("config_from_json", error, c.seats[0].name == "sentinel");
    return 0;
  }
  std::string why;
  FUZZ_CHECK(validate(c.options, &why), "accepted options are invalid: " + why);
  FUZZ_CHECK(c.options.players >= 2 && c.options.players <= 4, "bad player count");
  for (int s = 0; s < c.options.players; ++s) FUZZ_CHECK(!c.seats[s].name.empty(), "unnamed seat");
  FUZZ_CHECK(c.seeds.board != 0 && c.seeds.play != 0, "a zero seed");
  FUZZ_CHECK(!match::config_to_json(c).contains("playSeed"), "the public config has the play seed");
  match::MatchConfig back;
  FUZZ_CHECK(match::full_config_from_json(match::config_to_private_json(c), &back, &why),
             "a config does not read back: " + why);
  FUZZ_CHECK(back.seeds == c.seeds && back.options == c.options, "read back differently");
  return 0;
}
