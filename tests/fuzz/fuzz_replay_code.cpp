// libFuzzer target: the replay-code reader (match::decode_game), which reads the #game=
// fragment of any link a player opens.
// Properties: never crashes or throws; a refused code leaves the outputs untouched and
// comes with an error that is valid UTF-8; an accepted one replays to a state that satisfies
// the invariants, and a finished game's code encodes and decodes to the same game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "match/replay_code.h"
#include "tests/fuzz/fuzz_match.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  match::MatchConfig c;
  Game g;
  if (!fuzz_read_valid_match("decode_game", match::decode_game, data, size, &c, &g)) return 0;
  std::string again, error;
  if (match::encode_game(c, g, &again, &error)) {
    match::MatchConfig c2;
    Game g2;
    fuzz_check_reads_back("decode_game", match::decode_game, again, g, &c2, &g2);
  }
  return 0;
}
