// libFuzzer target: the web page's saved-game reader (match::load_match), which reads what
// localStorage or window.catan.load hands it.
// Properties: never crashes or throws; a refused save leaves the outputs untouched and
// comes with an error that is valid UTF-8; an accepted one satisfies the invariants, matches
// its config, and save -> load -> save is exact.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/match/web_save.h"
#include "engine/rules.h"
#include "tests/fuzz/fuzz_match.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  match::MatchConfig c;
  Game g;
  if (!fuzz_read_match("load_match", match::load_match, text, &c, &g)) return 0;
  const std::string inv = check_invariants(g.state());
  FUZZ_CHECK(inv.empty(), "loaded state violates an invariant: " + inv);
  FUZZ_CHECK(g.state().seeds == c.seeds && g.state().options == c.options, "config mismatch");
  const std::string saved = match::save_match(c, g).dump();
  match::MatchConfig c2;
  Game g2;
  std::string error2;
  FUZZ_CHECK(match::load_match(saved, &c2, &g2, &error2), "a save does not load back: " + error2);
  FUZZ_CHECK(g2.state() == g.state() && g2.history() == g.history(), "save/load changed the game");
  FUZZ_CHECK(match::save_match(c2, g2).dump() == saved, "save is not a fixed point");
  return 0;
}
