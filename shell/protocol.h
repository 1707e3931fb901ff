// The headless text protocol of catan-cli (see docs/PROTOCOL.md). Every command gets exactly
// one line of JSON back: {"ok":true,...} or {"ok":false,"error":"..."}. With arguments,
// run_protocol runs one command per invocation (the arguments joined by spaces); without,
// it reads commands from stdin line by line until EOF or `quit`.
//
// Protocol holds one game and turns a command line into a response line, with no I/O, so
// tests (and the wasm build) can drive it directly. No threads, no platform calls.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace catan {

// Returns the process exit code.
int run_protocol(int argc, char** argv);

class Protocol {
 public:
  // Longest accepted command line (a saved game travels on one `load` line).
  static constexpr size_t kMaxLineBytes = size_t{1} << 20;

  Protocol();

  // One command line (no trailing newline) -> one JSON response line (no newline). Blank
  // lines and lines starting with '#' return "" (nothing to print). Never throws.
  std::string handle(const std::string& line);

  // True after `quit`.
  bool done() const { return done_; }
  const Game& game() const { return game_; }

 private:
  std::string dispatch(const std::string& line);

  Game game_;
  bool done_ = false;
};

// The `bench` workload: `games` seeded random games (4 players, classic; random legal
// moves, never player-trade offers), game i seeded with seed + i.
struct BenchResult {
  int games = 0;
  int finished = 0;  // games that reached a winner within the action cap
  uint64_t total_actions = 0;
  uint64_t signature = 0;  // FNV-1a (engine/hash.h) over every final state's key fields
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // process CPU time (std::clock; the machine is shared)
  std::string error;       // non-empty if the engine refused a legal action
};
BenchResult run_bench(int games, uint64_t seed);

// The command list and the action grammar, as printed by `help` and in docs/PROTOCOL.md: one
// line per entry, generated from the command table.
std::vector<std::string> protocol_help();

}  // namespace catan
