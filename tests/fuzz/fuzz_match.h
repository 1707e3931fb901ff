// Shared by the fuzz targets of the match layer's readers (saved games, replay codes).
#pragma once
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

#include "engine/game.h"
#include "engine/rules.h"
#include "match/config.h"
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

// fuzz_read_match on libFuzzer's bytes; an accepted match must also satisfy the invariants.
template <class Reader>
bool fuzz_read_valid_match(const char* name, Reader read, const uint8_t* data, size_t size,
                           catan::match::MatchConfig* c, catan::Game* g) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  if (!fuzz_read_match(name, read, input, c, g)) return false;
  const std::string inv = catan::check_invariants(g->state());
  FUZZ_CHECK(inv.empty(), std::string(name) + " gave a state that violates an invariant: " + inv);
  return true;
}

// What a writer made of g must read back with `read` (into *c2, *g2) to the same game.
template <class Reader>
void fuzz_check_reads_back(const char* name, Reader read, const std::string& written,
                           const catan::Game& g, catan::match::MatchConfig* c2, catan::Game* g2) {
  std::string error;
  FUZZ_CHECK(read(written, c2, g2, &error), std::string(name) + " does not read back: " + error);
  FUZZ_CHECK(g2->state() == g.state() && g2->history() == g.history(),
             std::string(name) + ": writing and reading back changed the game");
}
