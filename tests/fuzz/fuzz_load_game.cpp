// libFuzzer target: the saved-game JSON loader (load_game).
// Properties: never crashes or throws on any bytes; a rejected document leaves the output
// Game untouched and comes with an error; an accepted one satisfies check_invariants, and
// save -> load -> save is exact (same state, same history, same JSON).
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  // A sentinel game: a failed load must not modify it.
  Game g(classic_options(), 12345);
  const GameState before = g.state();
  const size_t history_before = g.history().size();
  std::string error;
  bool ok = false;
  try {
    ok = load_game(text, &g, &error);
  } catch (const std::exception& e) {
    FUZZ_CHECK(false, std::string("load_game threw: ") + e.what());
  }
  if (!ok) {
    FUZZ_CHECK(!error.empty(), "load_game rejected input without an error message");
    FUZZ_CHECK(g.state() == before && g.history().size() == history_before,
               "a rejected load modified the game: " + error);
    return 0;
  }

  const std::string inv = check_invariants(g.state());
  FUZZ_CHECK(inv.empty(), "loaded state violates an invariant: " + inv);

  const nlohmann::json saved = save_game(g);
  Game g2;
  std::string error2;
  FUZZ_CHECK(load_game(saved, &g2, &error2), "a saved game does not load back: " + error2);
  FUZZ_CHECK(g2.state() == g.state(), "save/load changed the state");
  FUZZ_CHECK(g2.history() == g.history(), "save/load changed the history");
  FUZZ_CHECK(save_game(g2) == saved, "save is not a fixed point");
  return 0;
}
