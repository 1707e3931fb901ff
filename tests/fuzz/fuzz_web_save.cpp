// libFuzzer target: the web page's saved-game reader (match::load_match), which reads what
// localStorage or window.catan.load hands it.
// Properties: never crashes or throws; a refused save leaves the outputs untouched and
// comes with an error that is valid UTF-8; an accepted one satisfies the invariants, matches
// its config, and save -> load -> save is exact.
#include <cstddef>
#include <cstdint>
#include <string>

#include "match/web_save.h"
#include "tests/fuzz/fuzz_match.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  match::MatchConfig c;
  Game g;
  if (!fuzz_read_valid_match("load_match", match::load_match, data, size, &c, &g)) return 0;
  FUZZ_CHECK(g.state().seeds == c.seeds && g.state().options == c.options, "config mismatch");
  const std::string saved = match::save_match(c, g).dump();
  match::MatchConfig c2;
  Game g2;
  fuzz_check_reads_back("load_match", match::load_match, saved, g, &c2, &g2);
  FUZZ_CHECK(match::save_match(c2, g2).dump() == saved, "save is not a fixed point");
  return 0;
}
