// The catan-cli line protocol (shell/protocol.h), driven without stdin: every answer is one
// line of JSON; bad input of every kind gets an error and leaves the game unchanged.
#include "shell/protocol.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/hash.h"
#include "engine/rules.h"
#include "engine/serialize.h"

namespace catan {
namespace {

using nlohmann::json;

// Sends one line, checks the answer is exactly one line of JSON with "ok", returns it.
json send(Protocol& p, const std::string& line) {
  const std::string out = p.handle(line);
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;
  json j;
  try {
    j = json::parse(out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not JSON: " << out;
    return json{{"ok", false}, {"error", "not json"}};
  }
  EXPECT_TRUE(j.contains("ok") && j["ok"].is_boolean()) << out;
  if (j["ok"] == false) {
    EXPECT_TRUE(j["error"].is_string() && !j["error"].empty()) << out;
  }
  return j;
}

void expect_error(Protocol& p, const std::string& line, const std::string& needle = "") {
  const GameState before = p.game().state();
  const size_t history = p.game().history().size();
  const json j = send(p, line);
  EXPECT_EQ(j["ok"], false) << line;
  if (!needle.empty()) {
    EXPECT_NE(j.value("error", "").find(needle), std::string::npos) << j.dump();
  }
  EXPECT_TRUE(p.game().state() == before) << line;
  EXPECT_EQ(p.game().history().size(), history) << line;
}

// A bad line and what its error must mention ("" = anything).
struct BadLine {
  BadLine(std::string l, std::string n = "") : line(std::move(l)), needle(std::move(n)) {}
  std::string line;
  std::string needle;
};

// Each line in turn must get an error and leave the game unchanged.
void expect_errors(Protocol& p, const std::vector<BadLine>& lines) {
  for (const BadLine& b : lines) expect_error(p, b.line, b.needle);
}

TEST(Protocol, NewWithOptions) {
  Protocol p;
  json j = send(p, "new seed=5 players=3 board=beginner dice=balanced");
  ASSERT_EQ(j["ok"], true) << j.dump();
  EXPECT_EQ(j["seed"], 5);
  EXPECT_EQ(p.game().state().num_players, 3);
  EXPECT_EQ(p.game().state().options.board, LayoutKind::Beginner);
  EXPECT_EQ(p.game().state().options.dice, DiceMode::Balanced);
  EXPECT_EQ(p.game().state().seeds.board, 5u);
  // preset is applied first wherever it stands.
  j = send(p, "new players=3 preset=arena seed=0x10");
  ASSERT_EQ(j["ok"], true) << j.dump();
  EXPECT_EQ(p.game().state().options.preset, Preset::Arena);
  EXPECT_EQ(p.game().state().num_players, 3);
  EXPECT_EQ(p.game().state().seeds.board, 16u);
  // Same seed and options, same game.
  Protocol q;
  send(q, "new players=3 preset=arena seed=16");
  EXPECT_TRUE(q.game().state() == p.game().state());
}

TEST(Protocol, NewRejectsBadOptions) {
  Protocol p;
  send(p, "new seed=9");
  expect_errors(p, {{"new players=7", "players"},
                    {"new colour=red", "colour"},
                    {"new seed=banana", "seed"},
                    {"new seed=123456789012345678901234567890", "seed"},
                    {"new preset=chess", "preset"},
                    {"new players", "key=value"},
                    {"new =3"}});
  EXPECT_EQ(p.game().state().seeds.board, 9u);
}

TEST(Protocol, StateBoardLegalAct) {
  Protocol p;
  ASSERT_EQ(send(p, "new seed=3")["ok"], true);
  json b = send(p, "board");
  ASSERT_EQ(b["ok"], true);
  EXPECT_EQ(b["board"]["hexes"].size(), 19u);
  EXPECT_EQ(b["board"]["vertices"].size(), 54u);
  json st = send(p, "state");
  ASSERT_EQ(st["ok"], true);
  EXPECT_EQ(st["state"]["phase"], "setup_settlement");
  EXPECT_EQ(st["state"]["expected"], "place a settlement");
  json seat = send(p, "state 2");
  ASSERT_EQ(seat["ok"], true);
  EXPECT_EQ(seat["state"]["seat"], 2);
  EXPECT_FALSE(seat["state"]["players"][0].contains("resources"));
  EXPECT_TRUE(seat["state"]["players"][2].contains("resources"));
  EXPECT_EQ(send(p, "state spectator")["ok"], true);
  EXPECT_EQ(send(p, "state all")["ok"], true);

  // Play a while by always taking the first legal action.
  for (int i = 0; i < 60; ++i) {
    json l = send(p, "legal");
    ASSERT_EQ(l["ok"], true);
    ASSERT_FALSE(l["actions"].empty());
    EXPECT_EQ(l["to_move"], p.game().state().to_move());
    const std::string a = l["actions"][0];
    json r = send(p, "act " + a);
    ASSERT_EQ(r["ok"], true) << r.dump();
    EXPECT_EQ(r["action"], a);
    EXPECT_TRUE(r["events"].is_array());
  }
  EXPECT_EQ(p.game().history().size(), 60u);
  json h = send(p, "history");
  EXPECT_EQ(h["actions"].size(), 60u);
  json rp = send(p, "replay");
  EXPECT_EQ(rp["identical"], true);
  json ev = send(p, "events 1 from=3");
  ASSERT_EQ(ev["ok"], true);
  EXPECT_EQ(ev["from"], 3);
}

TEST(Protocol, BadInputLeavesTheGameUnchanged) {
  Protocol p;
  send(p, "new seed=4");
  send(p, "act " + legal_actions(p.game().state())[0].to_string());
  expect_errors(p, {{"dance", "unknown command"},
                    {"act", "usage"},
                    {"act roll now", "usage"},
                    {"act fly_to_the_moon", "bad action"},
                    {"act build_settlement:54", "bad action"},
                    {"act build_road:-1", "bad action"},
                    {"act build_city:999999999999999999999", "bad action"},
                    {"act end_turn", "illegal"},  // setup: not legal now
                    {"state 4", "bad seat"},
                    {"state -2", "bad seat"},
                    {"state 1 2"},
                    {"board x", "bad seat"},
                    {"legal now"},
                    {"bench games=0"},
                    {"bench games=-5"},
                    {"bench speed=9", "unknown bench key"},
                    {"events from=x"},
                    {"go genius"},
                    {"load", "usage"},
                    {"load {", "not valid JSON"},
                    {"load {\"format\":\"catan-save\"}", "bad save"},
                    {"load [1,2]", "bad save"},
                    {std::string("act \xff\xfe\x80"), "bad action"},
                    {std::string("\xc3\x28 junk"), "unknown command"},
                    {std::string(Protocol::kMaxLineBytes + 1, 'a'), "too long"}});
  // A document nested 100,000 deep is refused before it is parsed.
  expect_error(p, "load " + std::string(100000, '[') + std::string(100000, ']'), "deeper than 64");
  EXPECT_EQ(p.handle(""), "");
  EXPECT_EQ(p.handle("   "), "");
  EXPECT_EQ(p.handle("# a comment"), "");
  EXPECT_EQ(send(p, "isready")["ok"], true);
}

TEST(Protocol, SaveLoadThroughTheProtocol) {
  Protocol p;
  send(p, "new seed=12 players=3");
  for (int i = 0; i < 80; ++i) {
    const auto legal = legal_actions(p.game().state());
    send(p, "act " + legal[static_cast<size_t>(i * 7) % legal.size()].to_string());
  }
  const json saved = send(p, "save");
  ASSERT_EQ(saved["ok"], true);
  ASSERT_EQ(saved["save"]["format"], "catan-save");
  const GameState at_save = p.game().state();

  Protocol q;
  json r = send(q, "load " + saved["save"].dump());
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_TRUE(q.game().state() == at_save);
  EXPECT_EQ(q.game().history(), p.game().history());
  // The whole answer of `save` is accepted as well.
  Protocol q2;
  ASSERT_EQ(send(q2, "load " + saved.dump())["ok"], true);
  EXPECT_TRUE(q2.game().state() == at_save);

  // A tampered save is refused and the current game kept.
  json bad = saved["save"];
  bad["state"]["robber_hex"] = 42;
  expect_error(q, "load " + bad.dump(), "robber_hex");
  EXPECT_TRUE(q.game().state() == at_save);
}

TEST(Protocol, ArenaIllegalActionForfeits) {
  Protocol p;
  send(p, "new preset=arena seed=8");
  // Setup: the first settlement is legal somewhere, but build_city never is now.
  const json j = send(p, "act build_city:0");
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["forfeited"], true) << j.dump();
  EXPECT_EQ(p.game().state().phase, Phase::GameOver);
  EXPECT_EQ(send(p, "act roll")["ok"], false);
  // A malformed string is only an error, even in arena.
  Protocol q;
  send(q, "new preset=arena seed=8");
  expect_error(q, "act build_city", "bad action");
  EXPECT_NE(q.game().state().phase, Phase::GameOver);
}

TEST(Protocol, HelpListsCommandsAndGrammar) {
  Protocol p;
  const json j = send(p, "help");
  ASSERT_EQ(j["ok"], true);
  std::string all;
  for (const json& l : j["help"]) all += l.get<std::string>() + "\n";
  for (const char* needle : {"new",
                             "board",
                             "state",
                             "legal",
                             "act",
                             "save",
                             "load",
                             "history",
                             "bench",
                             "go",
                             "roll",
                             "build_settlement:<v>",
                             "build_road:<e>",
                             "build_city:<v>",
                             "buy_dev_card",
                             "trade_bank:<give>:<get>",
                             "offer_trade:",
                             "accept_trade",
                             "decline_trade",
                             "counter_trade:",
                             "confirm_trade:<seat>",
                             "cancel_trade",
                             "play_dev:knight",
                             "play_dev:road_building",
                             "free_road:<e>",
                             "play_dev:year_of_plenty:<r1>:<r2>",
                             "play_dev:monopoly:<r>",
                             "move_robber:<hex>",
                             "steal:<seat>",
                             "discard:<bundle>",
                             "end_turn"})
    EXPECT_NE(all.find(needle), std::string::npos) << needle;
}

TEST(Protocol, BenchIsDeterministic) {
  Protocol p;
  const json a = send(p, "bench games=4 seed=77");
  const json b = send(p, "bench games=4 seed=77");
  ASSERT_EQ(a["ok"], true) << a.dump();
  EXPECT_EQ(a["signature"], b["signature"]);
  EXPECT_EQ(a["total_actions"], b["total_actions"]);
  EXPECT_EQ(a["games"], 4);
  EXPECT_EQ(a["finished"], 4);
  EXPECT_GT(a["total_actions"].get<uint64_t>(), 4u * 16u);
  const json c = send(p, "bench games=4 seed=78");
  EXPECT_NE(a["signature"], c["signature"]);
  // The library entry point agrees with the command.
  const BenchResult r = run_bench(4, 77);
  EXPECT_EQ(r.total_actions, a["total_actions"].get<uint64_t>());
}

// The signature of 300 games pinned: the bench's games, their lengths and the hash of their
// final states do not change unless the rules or the move order do (the CI compares the
// signature natively and in wasm; this fixes it in both).
TEST(Protocol, BenchSignaturePinned) {
  const BenchResult r = run_bench(300, 5);
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.finished, 300);
  EXPECT_EQ(r.total_actions, 298436u);
  EXPECT_EQ(hash_hex(r.signature), "cd5d04c7e34ca44c");
}

TEST(Protocol, GoPlaysALegalMove) {
  Protocol p;
  send(p, "new seed=6");
  for (int i = 0; i < 12; ++i) {
    const GameState before = p.game().state();
    const json j = send(p, "go random");
    ASSERT_EQ(j["ok"], true) << j.dump();
    auto a = Action::parse(j["action"].get<std::string>());
    ASSERT_TRUE(a.has_value());
    EXPECT_TRUE(is_legal(before, *a));
  }
  EXPECT_EQ(p.game().history().size(), 12u);
  const json s = send(p, "go random apply=0");
  ASSERT_EQ(s["ok"], true);
  EXPECT_EQ(s["applied"], false);
  EXPECT_EQ(p.game().history().size(), 12u);
}

TEST(Protocol, QuitEndsTheSession) {
  Protocol p;
  EXPECT_FALSE(p.done());
  EXPECT_EQ(send(p, "quit")["ok"], true);
  EXPECT_TRUE(p.done());
}

}  // namespace
}  // namespace catan

// One command per invocation: the exit status follows the answer's "ok", whatever key
// order the JSON has (bench's keys sort before "ok").
TEST(ProtocolArgs, ExitStatusFollowsOk) {
  char prog[] = "catan-cli", bench[] = "bench", games[] = "games=2", act[] = "act", junk[] = "junk";
  char* ok_argv[] = {prog, bench, games};
  char* bad_argv[] = {prog, act, junk};
  EXPECT_EQ(catan::run_protocol(3, ok_argv), 0);
  EXPECT_EQ(catan::run_protocol(3, bad_argv), 1);
}
