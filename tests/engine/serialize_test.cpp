// JSON forms (engine/serialize.h): saved games round-trip exactly after random games at many
// points; load rejects corrupt, hostile and tampered documents with an error and without
// touching its output; the per-seat state has the public fields (docs/RULES.md, hidden
// information) and hides what the seat may not see.
#include "engine/serialize.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/observation.h"
#include "engine/rules.h"
#include "tests/engine/random_play.h"

namespace catan {
namespace {

using nlohmann::json;

GameOptions preset_options(bool arena, int players) {
  GameOptions o = arena ? arena_options() : classic_options();
  std::string err;
  EXPECT_TRUE(set_option(o, "players", std::to_string(players), &err)) << err;
  return o;
}

// Plays up to `steps` random legal actions (offers included, so trades get saved too).
void play_random(Game& g, uint64_t seed, int steps) {
  Rng pick{seed * 7919 + 17};
  testing_support::play_random_actions(g, pick, steps);
}

void expect_round_trip(const Game& g) {
  const json saved = save_game(g);
  const std::string text = saved.dump();
  Game back;
  std::string err;
  ASSERT_TRUE(load_game(text, &back, &err)) << err;
  EXPECT_TRUE(back.state() == g.state());
  EXPECT_EQ(back.history(), g.history());
  EXPECT_EQ(save_game(back), saved);
}

TEST(Serialize, SaveLoadRoundTripsAtManyPointsOfRandomGames) {
  int checked = 0;
  for (bool arena : {false, true}) {
    for (int players : {3, 4}) {
      if (arena && players != 4) continue;
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        Game g(preset_options(arena, players), seed);
        expect_round_trip(g);  // before any action
        for (int chunk = 0; chunk < 40 && g.state().phase != Phase::GameOver; ++chunk) {
          play_random(g, seed * 1000 + static_cast<uint64_t>(chunk), 1 + chunk % 13);
          expect_round_trip(g);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(Serialize, RoundTripsOtherOptions) {
  const char* const variants[][2] = {{"board", "beginner"},  {"board", "official"},
                                     {"board", "random"},    {"dice", "balanced"},
                                     {"mode", "blitz"},      {"mode", "epic"},
                                     {"visibility", "mist"}, {"visibility", "terra_incognita"},
                                     {"players", "2"},       {"discard", "auto"}};
  for (const auto& kv : variants) {
    GameOptions o = classic_options();
    std::string err;
    ASSERT_TRUE(set_option(o, kv[0], kv[1], &err)) << err;
    Game g(o, 42);
    play_random(g, 42, 150);
    expect_round_trip(g);
  }
}

// A forfeited arena game (illegal action at any point, setup included) saves and loads:
// the forfeiting action is part of the history and replays to the same game-over state.
TEST(Serialize, RoundTripsAfterArenaForfeits) {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Game g(arena_options(), seed);
    play_random(g, seed, static_cast<int>(seed <= 4 ? seed * 3 : (seed * 37) % 300));
    if (g.state().phase == Phase::GameOver) continue;
    // build_city:<v> on a vertex without one's own settlement is never legal.
    int v = 0;
    while (g.state().vertex_owner[v] == g.state().to_move()) ++v;
    std::string err;
    EXPECT_FALSE(g.apply(*Action::parse("build_city:" + std::to_string(v)), &err));
    ASSERT_EQ(g.state().phase, Phase::GameOver) << "arena forfeits an illegal action";
    expect_round_trip(g);
  }
}

TEST(Serialize, OptionsRoundTrip) {
  for (GameOptions o : {classic_options(), arena_options()}) {
    o.timer_seconds = 40;
    o.vp_target = 12;
    o.mode = Mode::Custom;
    GameOptions back;
    std::string err;
    ASSERT_TRUE(options_from_json(options_to_json(o), &back, &err)) << err;
    EXPECT_TRUE(back == o);
  }
  GameOptions o;
  std::string err;
  EXPECT_FALSE(options_from_json(json{{"players", 9}}, &o, &err));
  EXPECT_NE(err.find("players"), std::string::npos) << err;
  EXPECT_FALSE(options_from_json(json{{"colour", "red"}}, &o, &err));
  EXPECT_FALSE(options_from_json(json{{"board", "hexagonal"}}, &o, &err));
  EXPECT_FALSE(options_from_json(json::array(), &o, &err));
}

// ----- rejection --------------------------------------------------------------------------

class SerializeReject : public ::testing::Test {
 protected:
  void SetUp() override {
    game_ = Game(classic_options(), 7);
    play_random(game_, 7, 300);
    saved_ = save_game(game_);
  }
  // Expects load to fail with an error mentioning `needle`, and the output untouched.
  void expect_rejected(const json& doc, const std::string& needle) {
    Game sentinel(arena_options(), 99);
    const GameState before = sentinel.state();
    std::string err;
    EXPECT_FALSE(load_game(doc, &sentinel, &err)) << "accepted; expected error with " << needle;
    EXPECT_NE(err.find(needle), std::string::npos) << "error was: " << err;
    EXPECT_TRUE(sentinel.state() == before);
    EXPECT_TRUE(sentinel.history().empty());
  }
  // Expects the save with the value at JSON pointer `at` replaced by `value` to be refused
  // with an error mentioning `needle`.
  void expect_rejected_at(const char* at, const json& value, const std::string& needle) {
    json d = saved_;
    d[json::json_pointer(at)] = value;
    expect_rejected(d, needle);
  }
  void expect_rejected_text(const std::string& text, const std::string& needle) {
    Game sentinel(arena_options(), 99);
    std::string err;
    EXPECT_FALSE(load_game(text, &sentinel, &err));
    EXPECT_NE(err.find(needle), std::string::npos) << "error was: " << err;
    EXPECT_TRUE(sentinel.history().empty());
  }
  Game game_;
  json saved_;
};

TEST_F(SerializeReject, TruncatedAndGarbageText) {
  const std::string text = saved_.dump();
  for (size_t cut : {size_t{0}, size_t{1}, text.size() / 3, text.size() / 2, text.size() - 1})
    expect_rejected_text(text.substr(0, cut), "bad save");
  expect_rejected_text("not json at all", "not valid JSON");
  expect_rejected_text("null", "expected an object");
  expect_rejected_text("[1,2,3]", "expected an object");
  expect_rejected_text(std::string("{\"format\":\"catan-save\"\xff\xfe}"), "bad save");
  // Deep nesting must not blow the stack.
  expect_rejected_text(std::string(100000, '[') + std::string(100000, ']'), "bad save");
}

TEST_F(SerializeReject, Header) {
  expect_rejected_at("/format", "chess-save", "format");
  json d = saved_;
  d.erase("format");
  expect_rejected(d, "format");
  expect_rejected_at("/version", 2, "version");
  expect_rejected_at("/version", "1", "version");
}

TEST_F(SerializeReject, WrongTypes) {
  expect_rejected_at("/state/robber_hex", "5", "state.robber_hex");
  expect_rejected_at("/state/players", json::object(), "state.players");
  expect_rejected_at("/state/players/0/forfeited", 0, "state.players[0].forfeited");
  expect_rejected_at("/state/bank/2", 3.5, "state.bank[2]");
  expect_rejected_at("/history", "roll", "history");
  expect_rejected_at("/history/0", 12, "history[0]");
  expect_rejected_at("/options/players", "4", "options.players");
  expect_rejected_at("/seed", -4, "seed");
  expect_rejected_at("/state/rng", "12x4", "state.rng");
  expect_rejected_at("/state/rng", "99999999999999999999", "state.rng");  // > 2^64
}

TEST_F(SerializeReject, MissingFieldsAndUnknownOptions) {
  for (const char* key : {"seed", "rng", "layout", "deck", "phase", "offer", "stats"}) {
    json d = saved_;
    d["state"].erase(key);
    expect_rejected(d, std::string("missing field \"") + key + "\"");
  }
  json d = saved_;
  d["options"].erase("dice");
  expect_rejected(d, "missing field \"dice\"");
  expect_rejected_at("/options/cheat", true, "unknown option");
}

TEST_F(SerializeReject, OutOfRangeIdsAndEnums) {
  expect_rejected_at("/state/robber_hex", 19, "state.robber_hex");
  expect_rejected_at("/state/vertex_owner/3", 4, "state.vertex_owner[3]");  // 4 players: seats 0..3
  expect_rejected_at("/state/edge_owner/70", -2, "state.edge_owner[70]");
  expect_rejected_at("/state/current", 200, "state.current");
  expect_rejected_at("/state/phase", "dance", "unknown value \"dance\"");
  expect_rejected_at("/state/layout/terrain/0", "hidden",
                     "state.layout.terrain[0]");  // observations only, never saved
  expect_rejected_at("/state/deck/0", "joker", "state.deck[0]");
  expect_rejected_at("/state/offer/answers/1", "maybe", "state.offer.answers[1]");
  json d = saved_;
  d["history"].push_back("build_settlement:54");
  expect_rejected(d, "history[");
  expect_rejected_at("/options/board", "square", "options.board");
}

TEST_F(SerializeReject, ArrayLengths) {
  json d = saved_;
  d["state"]["vertex_owner"].erase(0);
  expect_rejected(d, "expected 54 elements");
  d = saved_;
  d["state"]["edge_owner"].push_back(-1);
  expect_rejected(d, "expected 72 elements");
  d = saved_;
  d["state"]["players"].erase(3);
  expect_rejected(d, "expected 4 elements");
  d = saved_;
  d["state"]["deck"].erase(0);
  expect_rejected(d, "expected 25 elements");
}

TEST_F(SerializeReject, InconsistentResourceTotals) {
  json d = saved_;
  int have = d["state"]["players"][1]["resources"][0].get<int>();
  d["state"]["players"][1]["resources"][0] = have < 19 ? have + 1 : have - 1;
  expect_rejected(d, "inconsistent resource totals");
  d = saved_;
  d["state"]["deck"][0] = d["state"]["deck"][0] == "knight" ? "monopoly" : "knight";
  expect_rejected(d, "development deck");
}

TEST_F(SerializeReject, StateThatDisagreesWithItsHistory) {
  // A consistent-looking state that the history does not produce: move one card between
  // the bank and a hand (totals still 19) is caught by invariants or the replay; the RNG
  // position alone is only caught by the replay.
  expect_rejected_at("/state/rng", "12345", "state.rng");
  json d = saved_;
  d["state"]["stats"]["dice_histogram"][7] =
      d["state"]["stats"]["dice_histogram"][7].get<int>() + 1;
  expect_rejected(d, "stats");
  d = saved_;
  d["seed"] = "8";
  d["state"]["seed"] = "8";
  expect_rejected(d, "history");
}

TEST_F(SerializeReject, TamperedHistory) {
  json d = saved_;
  d["history"].erase(d["history"].size() - 1);  // one action short
  expect_rejected(d, "history");
  d = saved_;
  d["history"].push_back(d["history"].back());  // one extra
  expect_rejected(d, "history");
  d = saved_;
  d["history"][0] =
      d["history"][0] == "build_settlement:0" ? "build_settlement:53" : "build_settlement:0";
  expect_rejected(d, "history");
  expect_rejected_at("/history/1", "fly_away", "history[1]");
}

// ----- per-seat state ---------------------------------------------------------------------

TEST(SerializeState, PublicFieldsOfTheArenaSpecification) {
  Game g(arena_options(), 3);
  play_random(g, 3, 200);
  const json j = state_to_json(g.state(), 0);
  for (const char* key : {"longest_road_holder",
                          "longest_road_length",
                          "longest_road_lengths",
                          "largest_army_holder",
                          "total_victory_points",
                          "your_trade_rates",
                          "phase",
                          "current_player",
                          "to_move",
                          "expected",
                          "last_roll",
                          "robber",
                          "players",
                          "bank",
                          "dev_deck_size",
                          "roll_count",
                          "winner",
                          "pending_trade",
                          "buildings",
                          "roads"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["longest_road_lengths"].size(), 4u);
  EXPECT_EQ(j["total_victory_points"].size(), 4u);
  EXPECT_EQ(j["your_trade_rates"].size(), 5u);
  EXPECT_EQ(j["your_trade_rates"]["wood"].get<int>(), g.state().players[0].trade_rate[0]);
  EXPECT_EQ(j["phase"], phase_name(g.state().phase));
  EXPECT_EQ(j["roll_count"].get<int>(), g.state().rolls);
  EXPECT_EQ(j["dev_deck_size"].get<int>(), g.state().num_dev_cards_left());
  int bank_wood = g.state().bank[0];
  EXPECT_EQ(j["bank"]["wood"].get<int>(), bank_wood);
}

TEST(SerializeState, OtherSeatsHandsAreNotLeaked) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Game g(classic_options(), seed);
    play_random(g, seed, 120 + 40 * static_cast<int>(seed));
    const GameState& s = g.state();
    for (int seat = 0; seat < s.num_players; ++seat) {
      const json j = state_to_json(s, seat);
      EXPECT_FALSE(j.contains("seed"));
      EXPECT_FALSE(j.contains("deck"));
      EXPECT_FALSE(j.contains("rng"));
      for (int p = 0; p < s.num_players; ++p) {
        const json& pj = j["players"][p];
        EXPECT_EQ(pj["resource_count"].get<int>(), s.hand_size(p));
        EXPECT_EQ(pj["dev_card_count"].get<int>(), s.dev_hand_size(p));
        if (p == seat) {
          EXPECT_TRUE(pj.contains("resources"));
          EXPECT_EQ(pj["resources"]["ore"].get<int>(), s.players[p].resources[4]);
          EXPECT_EQ(pj["total_victory_points"].get<int>(), s.total_vp(p));
          EXPECT_EQ(j["total_victory_points"][p].get<int>(), s.total_vp(p));
        } else {
          EXPECT_FALSE(pj.contains("resources")) << "seat " << seat << " sees hand of " << p;
          EXPECT_FALSE(pj.contains("dev_cards"));
          EXPECT_FALSE(pj.contains("dev_bought_this_turn"));
          EXPECT_FALSE(pj.contains("total_victory_points"));
          EXPECT_EQ(j["total_victory_points"][p].get<int>(), s.public_vp(p));
        }
      }
    }
    const json all = state_to_json(s);
    for (int p = 0; p < s.num_players; ++p) {
      EXPECT_TRUE(all["players"][p].contains("resources"));
      EXPECT_EQ(all["total_victory_points"][p].get<int>(), s.total_vp(p));
    }
    // A spectator sees no hand at all.
    const json spec = state_to_json(s, -1);
    for (int p = 0; p < s.num_players; ++p) EXPECT_FALSE(spec["players"][p].contains("resources"));
  }
}

TEST(SerializeState, ExpectedSaysWhatToDo) {
  Game g(classic_options(), 11);
  EXPECT_EQ(state_to_json(g.state())["expected"], "place a settlement");
  // Find a discard and check the count in the phrase.
  Rng pick{5};
  std::vector<Action> legal;
  for (int i = 0; i < 20000 && g.state().phase != Phase::GameOver; ++i) {
    if (g.state().phase == Phase::Discard) {
      const int m = g.state().to_move();
      const int owed = g.state().players[m].discard_owed;
      EXPECT_EQ(state_to_json(g.state())["expected"],
                "discard " + std::to_string(owed) + (owed == 1 ? " card" : " cards"));
      return;
    }
    legal_actions(g.state(), legal);
    ASSERT_TRUE(g.apply(legal[pick.below(static_cast<uint32_t>(legal.size()))]));
  }
}

TEST(SerializeBoard, TopologyAndLayout) {
  Game g(classic_options(), 5);
  const json b = board_to_json(g.state());
  ASSERT_EQ(b["hexes"].size(), 19u);
  ASSERT_EQ(b["vertices"].size(), 54u);
  ASSERT_EQ(b["edges"].size(), 72u);
  ASSERT_EQ(b["ports"].size(), 9u);
  int deserts = 0, generic = 0;
  for (const json& h : b["hexes"]) {
    EXPECT_TRUE(h.contains("q") && h.contains("r") && h.contains("x") && h.contains("y"));
    if (h["terrain"] == "desert") {
      ++deserts;
      EXPECT_TRUE(h["number"].is_null());
      EXPECT_TRUE(h["robber"].get<bool>());
    } else {
      EXPECT_GE(h["number"].get<int>(), 2);
      EXPECT_LE(h["number"].get<int>(), 12);
    }
  }
  EXPECT_EQ(deserts, 1);
  for (const json& p : b["ports"]) {
    generic += p["type"] == "generic";
    EXPECT_EQ(p["vertices"].size(), 2u);
  }
  EXPECT_EQ(generic, 4);
  int with_port = 0;
  for (const json& v : b["vertices"]) {
    EXPECT_GE(v["hexes"].size(), 1u);
    EXPECT_EQ(v["neighbours"].size(), v["edges"].size());
    with_port += !v["port"].is_null();
  }
  EXPECT_EQ(with_port, 18);
  for (const json& e : b["edges"]) EXPECT_EQ(e["vertices"].size(), 2u);
}

TEST(SerializeBoard, MistAndTerraIncognitaHideDuringSetup) {
  GameOptions o = classic_options();
  std::string err;
  ASSERT_TRUE(set_option(o, "visibility", "terra_incognita", &err)) << err;
  Game g(o, 5);
  const json seat0 = board_to_json(g.state(), 0);
  const json all = board_to_json(g.state());
  // The robber marks the desert, which stays visible (tests/engine/fog_test.cpp).
  for (const json& h : seat0["hexes"]) EXPECT_EQ(h["terrain"], h["robber"] ? "desert" : "hidden");
  for (const json& p : seat0["ports"]) EXPECT_EQ(p["type"], "hidden");
  for (const json& h : all["hexes"]) EXPECT_NE(h["terrain"], "hidden");

  ASSERT_TRUE(set_option(o, "visibility", "mist", &err)) << err;
  Game m(o, 5);
  const json mist = board_to_json(m.state(), 1);
  for (const json& h : mist["hexes"]) EXPECT_EQ(h["terrain"], h["robber"] ? "desert" : "hidden");
  for (const json& p : mist["ports"]) EXPECT_NE(p["type"], "hidden");
}

TEST(SerializeEvents, EveryEventHasANamedType) {
  Game g(classic_options(), 21);
  play_random(g, 21, 2000);
  ASSERT_FALSE(g.events().empty());
  for (const Event& e : g.events()) {
    const json j = event_to_json(e);
    EXPECT_NE(j["type"], "unknown");
    EXPECT_TRUE(j.contains("seat"));
  }
}

}  // namespace
}  // namespace catan
