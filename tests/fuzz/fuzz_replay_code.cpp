// libFuzzer target: the replay-code reader (match::decode_game), which reads the #game=
// fragment of any link a player opens.
// Properties: never crashes or throws; a refused code leaves the outputs untouched and
// comes with an error that is valid UTF-8; an accepted one replays to a state that satisfies
// the invariants, and a finished game's code encodes and decodes to the same game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/match/replay_code.h"
#include "engine/rules.h"
#include "tests/fuzz/fuzz_match.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string code(reinterpret_cast<const char*>(data), size);
  match::MatchConfig c;
  Game g;
  if (!fuzz_read_match("decode_game", match::decode_game, code, &c, &g)) return 0;
  const std::string inv = check_invariants(g.state());
  FUZZ_CHECK(inv.empty(), "decoded state violates an invariant: " + inv);
  std::string again, error;
  if (match::encode_game(c, g, &again, &error)) {
    match::MatchConfig c2;
    Game g2;
    FUZZ_CHECK(match::decode_game(again, &c2, &g2, &error),
               "a code does not decode back: " + error);
    FUZZ_CHECK(g2.state() == g.state() && g2.history() == g.history(), "encode/decode changed it");
  }
  return 0;
}
