// Shared by the fuzz targets of the match layer's readers (saved games, replay codes).
#pragma once
#include <exception>
#include <string>

#include "engine/game.h"
#include "engine/match/config.h"
#include "tests/fuzz/fuzz_check.h"

// Runs `read` (match::load_match or match::decode_game) on the input with sentinel outputs.
// A refusal must say why in valid UTF-8 and leave the outputs as they were; nothing may be
// thrown. Returns whether the reader accepted the input.
template <class Reader>
bool fuzz_read_match(const char* name, Reader read, const std::string& input,
                     catan::match::MatchConfig* c, catan::Game* g) {
  c->seats[0].name = "sentinel";
  *g = catan::Game(catan::classic_options(), 12345);
  const catan::GameState before = g->state();
  std::string error;
  bool ok = false;
  try {
    ok = read(input, c, g, &error);
  } catch (const std::exception& e) {
    FUZZ_CHECK(false, std::string(name) + " threw: " + e.what());
  }
  if (!ok) FUZZ_CHECK_REFUSAL(name, error, c->seats[0].name == "sentinel" && g->state() == before);
  return ok;
}
