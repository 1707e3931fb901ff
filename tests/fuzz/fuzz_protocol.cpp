// libFuzzer target: the catan-cli text protocol (Protocol::handle), one line at a time.
// Properties: never crashes or throws; every answer is "" (blank / comment line) or exactly
// one line of JSON with a boolean "ok"; a failed command has an "error" string and changes
// nothing (the game state and history are unchanged), except an arena forfeit, which says
// "forfeited":true.
// The `bench` and `go` commands are skipped: they are slow by design (a benchmark, an AI
// search with a time budget) and are covered by their own tests.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "shell/protocol.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;

namespace {

bool slow_command(const std::string& line) {
  size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  std::string word;
  while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(line[i++])));
  return word == "bench" || word == "go";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  Protocol p;
  size_t start = 0;
  int lines = 0;
  while (start <= input.size() && lines < 64 && !p.done()) {
    size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    const std::string line = input.substr(start, end - start);
    start = end + 1;
    ++lines;
    if (slow_command(line)) continue;

    const GameState before = p.game().state();
    const size_t history_before = p.game().history().size();
    std::string out;
    try {
      out = p.handle(line);
    } catch (const std::exception& e) {
      FUZZ_CHECK(false, std::string("Protocol::handle threw: ") + e.what());
    }
    if (out.empty()) continue;
    FUZZ_CHECK(out.find('\n') == std::string::npos, "answer spans several lines: " + out);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(out);
    } catch (const std::exception& e) {
      FUZZ_CHECK(false, "answer is not JSON: " + out);
    }
    FUZZ_CHECK(j.is_object() && j.contains("ok") && j["ok"].is_boolean(),
               "answer without a boolean ok: " + out.substr(0, 300));
    if (!j["ok"].get<bool>()) {
      FUZZ_CHECK(
          j.contains("error") && j["error"].is_string() && !j["error"].get<std::string>().empty(),
          "failure without an error message: " + out.substr(0, 300));
      const bool forfeited = j.contains("forfeited") && j["forfeited"] == true;
      if (!forfeited) {
        FUZZ_CHECK(p.game().state() == before && p.game().history().size() == history_before,
                   "a failed command changed the game: '" + line.substr(0, 200) + "' -> " +
                       out.substr(0, 300));
      }
    }
  }
  return 0;
}
