// Bad input through the text protocol (shell/protocol.h): a clear error and nothing changed,
// including a deterministic pseudo-fuzz of thousands of hostile lines (this part of the fuzzing
// also runs in wasm under node, where libFuzzer does not exist).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>
#include "engine/action.h"
#include "engine/game.h"
#include "engine/options.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "shell/protocol.h"
#include "tests/engine/random_play.h"
#include "tests/engine/state_hash.h"

namespace catan {
namespace {

using nlohmann::json;

// ----- protocol ---------------------------------------------------------------------------

// One answer: a single JSON line with a boolean ok, an error when not ok.
json checked(Protocol& p, const std::string& line) {
  const std::string out = p.handle(line);
  if (out.empty()) return json{{"ok", true}, {"blank", true}};
  EXPECT_EQ(out.find('\n'), std::string::npos);
  json j;
  try {
    j = json::parse(out);
  } catch (const std::exception&) {
    ADD_FAILURE() << "not JSON for '" << line.substr(0, 80) << "': " << out.substr(0, 200);
    return json{{"ok", false}, {"error", "not json"}};
  }
  EXPECT_TRUE(j.is_object() && j.contains("ok") && j["ok"].is_boolean()) << out.substr(0, 200);
  if (j.value("ok", false) == false) {
    EXPECT_TRUE(j.contains("error") && j["error"].is_string() && !j["error"].empty())
        << out.substr(0, 200);
  }
  return j;
}

TEST(BadInput, ProtocolOutOfRangeAndOverflowingNumbers) {
  Protocol p;
  checked(p, "new seed=9");
  for (const std::string line : {"new players=9",
                                 "new players=-3",
                                 "new seed=-1",
                                 "new seed=0x",
                                 "new seed=0xzz",
                                 "new seed=184467440737095516160",
                                 "new vp=0",
                                 "new seed",
                                 "new =5",
                                 "new players==3",
                                 "state 99999999999999999999",
                                 "board 4",
                                 "options x",
                                 "isready now",
                                 "help me",
                                 "events from=-1",
                                 "events 7",
                                 "act build_road:4294967368",
                                 "act steal:1e2",
                                 "go random ms=-1",
                                 "go expert iterations=-5",
                                 "load null",
                                 "load \"string\"",
                                 "load 42",
                                 "history now",
                                 "replay please",
                                 "save 1"}) {
    const GameState before = p.game().state();
    const json j = checked(p, line);
    EXPECT_EQ(j["ok"], false) << line << " -> " << j.dump();
    EXPECT_TRUE(p.game().state() == before) << line;
  }
}

TEST(BadInput, ProtocolLoadOfAnInconsistentSaveKeepsTheGame) {
  Protocol p;
  checked(p, "new seed=31 players=3");
  for (int i = 0; i < 60; ++i) {
    const auto legal = legal_actions(p.game().state());
    checked(p, "act " + legal[static_cast<size_t>(i) % legal.size()].to_string());
  }
  json save = save_game(p.game());
  const GameState before = p.game().state();
  const size_t history = p.game().history().size();
  // Move a card from the bank into a hand: totals stay 19, the history disagrees.
  json d = save;
  auto& bank = d["state"]["bank"];
  auto& hand = d["state"]["players"][0]["resources"];
  if (bank[0].get<int>() > 0) {
    bank[0] = bank[0].get<int>() - 1;
    hand[0] = hand[0].get<int>() + 1;
  }
  json j = checked(p, "load " + d.dump());
  EXPECT_EQ(j["ok"], false);
  // Two buildings owned by a seat that does not play (3 players).
  d = save;
  d["state"]["vertex_owner"][0] = 3;
  j = checked(p, "load " + d.dump());
  EXPECT_EQ(j["ok"], false);
  // Truncated.
  const std::string text = save.dump();
  j = checked(p, "load " + text.substr(0, text.size() / 2));
  EXPECT_EQ(j["ok"], false);
  EXPECT_TRUE(p.game().state() == before);
  EXPECT_EQ(p.game().history().size(), history);
}

// A deterministic pseudo-fuzz: thousands of lines made of protocol words, numbers, action
// fragments and junk bytes. Every answer is one JSON line; a failure changes nothing.
TEST(BadInput, ProtocolHostileLinesPseudoFuzz) {
  const std::vector<std::string> words = {"new",
                                          "state",
                                          "board",
                                          "legal",
                                          "act",
                                          "events",
                                          "history",
                                          "replay",
                                          "save",
                                          "load",
                                          "options",
                                          "isready",
                                          "help",
                                          "seed=",
                                          "players=",
                                          "board=",
                                          "mode=",
                                          "vp=",
                                          "dice=",
                                          "preset=arena",
                                          "preset=classic",
                                          "all",
                                          "spectator",
                                          "from=",
                                          "roll",
                                          "end_turn",
                                          "build_settlement:",
                                          "build_road:",
                                          "build_city:",
                                          "trade_bank:wood:ore",
                                          "steal:",
                                          "move_robber:",
                                          "discard:wood",
                                          "offer_trade:all:wood:ore",
                                          "accept_trade",
                                          "decline_trade",
                                          "confirm_trade:",
                                          "cancel_trade",
                                          "play_dev:knight",
                                          "free_road:",
                                          "play_dev:monopoly:ore",
                                          "{",
                                          "}",
                                          "[",
                                          "]",
                                          "\"",
                                          ":",
                                          ",",
                                          "=",
                                          "-",
                                          "0x",
                                          "\t",
                                          " ",
                                          "\xff",
                                          "\xc3",
                                          std::string("\0", 1),
                                          "null",
                                          "true",
                                          "1e308",
                                          "-0",
                                          "99999999999"};
  Rng rng{2026};
  int ok = 0, failed = 0;
  for (int round = 0; round < 6; ++round) {
    Protocol p;
    for (int i = 0; i < 600; ++i) {
      // Now and then a legal move, so the game advances into later phases.
      std::string line;
      if (rng.below(3) == 0) {
        const auto legal = legal_actions(p.game().state());
        if (!legal.empty())
          line = "act " + legal[rng.below(static_cast<uint32_t>(legal.size()))].to_string();
      }
      if (line.empty()) {
        const int n = 1 + static_cast<int>(rng.below(5));
        for (int k = 0; k < n; ++k) {
          line += words[rng.below(static_cast<uint32_t>(words.size()))];
          if (rng.below(2)) line += std::to_string(static_cast<int>(rng.below(120)) - 10);
          if (rng.below(2)) line += " ";
        }
      }
      const GameState before = p.game().state();
      const size_t history = p.game().history().size();
      const json j = checked(p, line);
      if (j.value("ok", false)) {
        ++ok;
      } else {
        ++failed;
        if (!j.value("forfeited", false)) {
          EXPECT_TRUE(p.game().state() == before) << "'" << line << "' -> " << j.dump();
          EXPECT_EQ(p.game().history().size(), history) << line;
        }
      }
      EXPECT_EQ(check_invariants(p.game().state()), "") << "after '" << line << "'";
    }
  }
  EXPECT_GT(ok, 100);
  EXPECT_GT(failed, 100);
}

}  // namespace
}  // namespace catan
