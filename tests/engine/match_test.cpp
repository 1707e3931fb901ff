// The match layer (match/): web configs, web saves and replay codes, the parsers that
// read what a link, an embedding page or a stored save hands the game. Each defect found at
// the web boundary has a case here: bad input gets a clear error and changes nothing.
#include <gtest/gtest.h>

#include <set>

#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "match/config.h"
#include "match/replay_code.h"
#include "match/web_save.h"
#include "tests/engine/golden_common.h"
#include "tests/engine/state_hash.h"

namespace catan {
namespace {

using match::MatchConfig;
using nlohmann::json;

MatchConfig parsed(const json& j) {
  MatchConfig c;
  std::string err;
  EXPECT_TRUE(match::config_from_json(j, &c, &err)) << j.dump() << ": " << err;
  return c;
}

std::string refused(const json& j) {
  MatchConfig c;
  std::string err;
  EXPECT_FALSE(match::config_from_json(j, &c, &err)) << j.dump();
  EXPECT_FALSE(err.empty());
  return err;
}

// A finished game: seeded random policy (golden_common.h) until someone wins.
Game finished_game(const GameOptions& o, Seeds seeds) {
  Game g(o, seeds);
  Rng rng{mix_seed(seeds.play, 0x7E57)};
  std::vector<Action> legal;
  while (g.state().phase != Phase::GameOver && g.history().size() < 20000) {
    legal_actions(g.state(), legal);
    g.apply(testing_support::random_policy_choice(legal, rng));
  }
  EXPECT_EQ(g.state().phase, Phase::GameOver);
  return g;
}

MatchConfig web_config(Seeds seeds) {
  MatchConfig c = parsed({{"seats", "human,ai:hard:trader,ai:easy"}});
  c.seeds = seeds;
  return c;
}

// ---------------------------------------------------------------------------- configs

TEST(MatchConfig, SeedsComeFromTheConfigOrFromEntropy) {
  const MatchConfig a = parsed({{"seed", "42"}, {"playseed", 987654321987ull}});
  EXPECT_EQ(a.seeds.board, 42u);
  EXPECT_EQ(a.seeds.play, 987654321987u);
  // Without them each new game gets fresh seeds (no two configs alike).
  std::set<uint64_t> seen;
  for (int i = 0; i < 8; ++i) {
    const MatchConfig c = parsed(json::object());
    EXPECT_NE(c.seeds.board, 0u);
    EXPECT_NE(c.seeds.play, 0u);
    seen.insert(c.seeds.board);
    seen.insert(c.seeds.play);
  }
  EXPECT_EQ(seen.size(), 16u);
  refused({{"playseed", 0}});
  refused({{"seed", "18446744073709551616"}});
}

TEST(MatchConfig, TheSharedConfigHoldsTheBoardSeedOnly) {
  const MatchConfig c = parsed({{"seed", 5}, {"playseed", "987654321987"}});
  const std::string pub = match::config_to_json(c).dump();
  EXPECT_NE(pub.find("\"seed\":\"5\""), std::string::npos) << pub;
  EXPECT_EQ(pub.find("987654321987"), std::string::npos) << pub;
  EXPECT_NE(match::config_to_private_json(c).dump().find("987654321987"), std::string::npos);
  // Under fog the board seed would show the hidden island: left out until the reveal.
  EXPECT_FALSE(match::config_to_json(c, /*island_hidden=*/true).contains("seed"));
}

TEST(MatchConfig, PrototypeNamesAndOddValuesAreRefusedWithAClearMessage) {
  for (const char* key : {"constructor", "__proto__", "toString", "hasOwnProperty"}) {
    EXPECT_NE(refused({{key, 1}}).find("unknown config key"), std::string::npos) << key;
  }
  // Numbers that are not finite whole values in range never reach an integer cast.
  refused({{"players", 1e300}});
  refused({{"players", -1e300}});
  refused({{"speed", 1e300}});
  refused({{"players", 3.5}});
  EXPECT_DOUBLE_EQ(parsed({{"speed", 1.5}}).ai_action_delay_s, 0.4);
  refused({{"seats", json::array({"human", "ai", "ai", "ai", "ai"})}});
  refused({{"seats", json::array({"human", 7})}});
  refused({{"seats", json::array({"human", json{{"kind", "ai"}, {"level", 3}}})}});
  refused({{"seats", json::array({json{{"kind", json::array()}}, "ai"})}});
  // Quoted input that is not printable comes back escaped (valid UTF-8 for JSON).
  const std::string err = refused({{"seats", "human,ai:\xff\xfe"}});
  EXPECT_NE(err.find("\\xff\\xfe"), std::string::npos) << err;
  EXPECT_NO_THROW(json(err).dump());
}

// ---------------------------------------------------------------------------- web saves

TEST(WebSave, RoundTripKeepsBothSeeds) {
  const Seeds seeds{11, 987654321987};
  const MatchConfig c = web_config(seeds);
  Game g(c.options, seeds);
  Rng rng{3};
  std::vector<Action> legal;
  for (int i = 0; i < 60; ++i) {
    legal_actions(g.state(), legal);
    g.apply(testing_support::random_policy_choice(legal, rng));
  }
  const std::string text = match::save_match(c, g).dump();
  MatchConfig c2;
  Game g2;
  std::string err;
  ASSERT_TRUE(match::load_match(text, &c2, &g2, &err)) << err;
  EXPECT_TRUE(g2.state() == g.state());
  EXPECT_EQ(c2.seeds, seeds);
  EXPECT_EQ(c2.seats[1].ai.personality, Personality::Trader);
}

TEST(WebSave, BadSavesAreRefusedAndChangeNothing) {
  MatchConfig c = web_config(Seeds{3, 4});
  c.seats[0].name = "untouched";
  Game g(c.options, Seeds{3, 4});
  const GameState before = g.state();
  const std::string good = match::save_match(c, g).dump();
  auto expect_refused = [&](const std::string& text, const std::string& why) {
    std::string err;
    EXPECT_FALSE(match::load_match(text, &c, &g, &err)) << text.substr(0, 120);
    EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_EQ(c.seats[0].name, "untouched");
    EXPECT_TRUE(g.state() == before);
  };
  // A save without a config used to read a missing key of a const json (undefined).
  expect_refused(R"({"format":"catan-web-save","version":1})", "no config");
  expect_refused(R"({"format":"catan-web-save","version":1,"config":{}})", "config");
  // 2^32 + 1 used to be read as an int, i.e. as version 1.
  json j = json::parse(good);
  j["version"] = 4294967297ull;
  expect_refused(j.dump(), "outdated");
  j["version"] = -1;
  expect_refused(j.dump(), "outdated");
  j["version"] = 1.0;
  expect_refused(j.dump(), "no version");
  j = json::parse(good);
  j.erase("game");
  expect_refused(j.dump(), "no game");
  j = json::parse(good);
  j["config"]["playSeed"] = "5";
  expect_refused(j.dump(), "does not match");
  expect_refused("[1,2]", "not a Catan save");
  expect_refused("{\"format\":\"catan-web-save\",\"version\":1,\"config\":\xff}", "not valid JSON");
  expect_refused(std::string(match::kMaxWebSaveText + 1, ' '), "too large");
}

TEST(WebSave, SavesFromBeforeTheSeedSplitStillLoad) {
  // The format of the previous release: one "seed", no "playSeed" / "play_seed".
  const MatchConfig c0 = web_config(Seeds::both(77));
  Game g(c0.options, 77);
  Rng rng{5};
  std::vector<Action> legal;
  for (int i = 0; i < 40; ++i) {
    legal_actions(g.state(), legal);
    g.apply(testing_support::random_policy_choice(legal, rng));
  }
  json j = match::save_match(c0, g);
  j["config"].erase("playSeed");
  j["game"].erase("play_seed");
  j["game"]["state"].erase("play_seed");
  MatchConfig c;
  Game g2;
  std::string err;
  ASSERT_TRUE(match::load_match(j.dump(), &c, &g2, &err)) << err;
  EXPECT_EQ(c.seeds, Seeds::both(77));
  EXPECT_TRUE(g2.state() == g.state());
}

// A document nested 100,000 deep (200 KB) is refused before it is parsed: the desktop save's
// migration copies and prints its "game", recursing once per level.
TEST(WebSave, DeepNestingIsRefusedBeforeParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string desktop = R"({"version":1,"seats":[],"game":{"deep":)" + deep + "}}";
  const std::string web =
      R"({"format":"catan-web-save","version":1,"config":{},"game":{"deep":)" + deep + "}}";
  for (const std::string& text : {desktop, web, deep}) {
    MatchConfig c;
    c.seeds = Seeds::both(5);
    Game g(classic_options(), 5);
    g.apply(legal_actions(g.state())[0]);
    std::string err;
    EXPECT_FALSE(match::load_match(text, &c, &g, &err));
    EXPECT_NE(err.find("deeper than 64 levels"), std::string::npos) << err;
    EXPECT_EQ(g.history().size(), 1u);  // the outputs are untouched
    EXPECT_EQ(c.seeds, Seeds::both(5));
  }
}

// The pre-scan counts the brackets of arrays and objects, not those inside strings.
TEST(JsonDepth, CountsArraysAndObjectsOutsideStrings) {
  const auto nest = [](int n) { return std::string(n, '[') + std::string(n, ']'); };
  EXPECT_FALSE(json_too_deep(nest(kMaxJsonDepth)));
  EXPECT_TRUE(json_too_deep(nest(kMaxJsonDepth + 1)));
  EXPECT_FALSE(json_too_deep("[\"" + std::string(1000, '[') + "\"]"));
  EXPECT_FALSE(json_too_deep("[\"\\\"" + std::string(1000, '{') + "\"]"));  // an escaped quote
  EXPECT_TRUE(json_too_deep("[\"\\\\\"" + std::string(1000, '{')));         // an escaped backslash
  EXPECT_FALSE(json_too_deep(std::string(1000, ']') + nest(3)));            // unbalanced closers
  EXPECT_FALSE(json_too_deep(""));
  // Every save and config the engine writes nests far less deep.
  Game g(classic_options(), 3);
  Rng rng{3};
  std::vector<Action> legal;
  for (int i = 0; i < 300 && g.state().phase != Phase::GameOver; ++i) {
    legal_actions(g.state(), legal);
    g.apply(testing_support::random_policy_choice(legal, rng));
  }
  EXPECT_FALSE(json_too_deep(save_game(g).dump(), 10));
  EXPECT_FALSE(json_too_deep(state_to_json(g.state()).dump(), 10));
}

TEST(WebSave, TheDesktopAppsEarlierSavesStillLoad) {
  // What the desktop app wrote before it saved in this format.
  Game g(classic_options(), 41);
  Rng rng{8};
  std::vector<Action> legal;
  for (int i = 0; i < 50; ++i) {
    legal_actions(g.state(), legal);
    g.apply(testing_support::random_policy_choice(legal, rng));
  }
  json seats = json::array();
  for (int s = 0; s < 4; ++s) {
    seats.push_back({{"kind", s == 0 ? "human" : "ai"},
                     {"level", "hard"},
                     {"personality", "builder"},
                     {"seed", 1000 + s},
                     {"name", "Seat " + std::to_string(s)}});
  }
  json game = save_game(g);
  game.erase("play_seed");
  game["state"].erase("play_seed");
  const json desktop = {{"version", 1}, {"game", game}, {"seats", seats}, {"ai_delay", 0.35}};
  MatchConfig c;
  Game g2;
  std::string err;
  ASSERT_TRUE(match::load_match(desktop.dump(), &c, &g2, &err)) << err;
  EXPECT_TRUE(g2.state() == g.state());
  EXPECT_EQ(c.seats[0].kind, match::SeatKind::Human);
  EXPECT_EQ(c.seats[2].ai.level, AiLevel::Hard);
  EXPECT_EQ(c.seats[2].ai.personality, Personality::Builder);
  EXPECT_EQ(c.seats[2].ai.seed, 1002u);
  EXPECT_EQ(c.seats[3].name, "Seat 3");
  EXPECT_DOUBLE_EQ(c.ai_action_delay_s, 0.35);
  // And it saves back in the one format, AI seeds included.
  MatchConfig c3;
  Game g3;
  ASSERT_TRUE(match::load_match(match::save_match(c, g2).dump(), &c3, &g3, &err)) << err;
  EXPECT_EQ(c3.seats[2].ai.seed, 1002u);
  EXPECT_TRUE(g3.state() == g.state());
}

// ---------------------------------------------------------------------------- action ids

TEST(ActionId, EveryActionRoundTripsAndIdsAreDistinct) {
  std::set<uint64_t> ids;
  std::set<std::string> texts;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const GameOptions o = seed % 2 ? classic_options() : arena_options();
    Game g(o, seed);
    Rng rng{seed};
    std::vector<Action> legal;
    while (g.state().phase != Phase::GameOver && g.history().size() < 3000) {
      legal_actions(g.state(), legal);
      for (const Action& a : legal) {
        const uint64_t id = action_id(a);
        const auto back = action_from_id(id);
        ASSERT_TRUE(back.has_value()) << a.to_string();
        ASSERT_EQ(*back, a) << a.to_string();
        if (texts.insert(a.to_string()).second) {
          EXPECT_TRUE(ids.insert(id).second) << a.to_string();
        }
      }
      g.apply(testing_support::random_policy_choice(legal, rng));
    }
  }
  // Bundle trades beyond what legal_actions lists.
  for (const char* text : {"offer_trade:all:wood,wood,ore:wheat,sheep", "offer_trade:2:ore:brick",
                           "counter_trade:brick,brick:wood", "discard:wood,brick,brick,ore"}) {
    const Action a = *Action::parse(text);
    ASSERT_EQ(action_from_id(action_id(a)), a) << text;
  }
  EXPECT_GT(ids.size(), 200u);
}

TEST(ActionId, IdsArePinned) {
  // Replay codes store these numbers: changing one breaks every shared link.
  const std::pair<const char*, uint64_t> pinned[] = {
      {"roll", 0},
      {"build_settlement:12", 1 | 13 << 5},
      {"build_road:71", 2 | 72 << 5},
      {"trade_bank:wood:ore", 5 | 1 << 5 | 5 << 13},
      {"offer_trade:all:wood:wheat", 6 | 0 << 5 | 1ull << 13 | 1ull << (38 + 15)},
      {"steal:3", 18 | 4 << 5},
      {"discard:sheep,sheep", 19 | 2ull << (5 + 10)},
      {"end_turn", 20},
  };
  for (const auto& [text, id] : pinned) EXPECT_EQ(action_id(*Action::parse(text)), id) << text;
}

TEST(ActionId, ForeignIdsAreRefused) {
  Rng r{99};
  int accepted = 0;
  for (int i = 0; i < 200000; ++i) {
    const uint64_t id = r.next() >> r.below(64);
    if (const auto a = action_from_id(id)) {
      ++accepted;
      ASSERT_EQ(action_id(*a), id);
    }
  }
  EXPECT_FALSE(action_from_id(21).has_value());
  EXPECT_FALSE(action_from_id(1 | 55 << 5).has_value());           // vertex 54
  EXPECT_FALSE(action_from_id(5 | 6 << 5 | 1 << 13).has_value());  // resource 5
  EXPECT_LT(accepted, 200000);
}

// ---------------------------------------------------------------------------- replay codes

TEST(ReplayCode, FinishedGamesRoundTripAndUnfinishedOnesAreRefused) {
  const Seeds seeds{2024, 987654321987};
  const MatchConfig c = web_config(seeds);
  const Game g = finished_game(c.options, seeds);
  std::string code, err;
  ASSERT_TRUE(match::encode_game(c, g, &code, &err)) << err;
  EXPECT_LT(code.size(), g.history().size() * 3 + 64);
  MatchConfig c2;
  Game g2;
  ASSERT_TRUE(match::decode_game(code, &c2, &g2, &err)) << err;
  EXPECT_TRUE(g2.state() == g.state());
  EXPECT_EQ(g2.history(), g.history());
  EXPECT_EQ(c2.seeds, seeds);
  EXPECT_EQ(c2.seats[1].ai.level, AiLevel::Hard);

  // A running game's code would hold its play seed: none is made.
  Game running(c.options, seeds);
  code.clear();
  EXPECT_FALSE(match::encode_game(c, running, &code, &err));
  EXPECT_TRUE(code.empty());
  EXPECT_NE(err.find("over"), std::string::npos);
}

// base64url without padding, as replay codes use it.
std::string b64url(const std::vector<uint8_t>& bytes) {
  static const char k[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t x : bytes) {
    acc = (acc << 8) | x;
    bits += 8;
    while (bits >= 6) out += k[(acc >> (bits -= 6)) & 63];
  }
  if (bits) out += k[(acc << (6 - bits)) & 63];
  return out;
}

std::vector<uint8_t> unb64url(const std::string& code) {
  static const std::string k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (char ch : code) {
    acc = (acc << 6) | static_cast<uint32_t>(k.find(ch));
    bits += 6;
    if (bits >= 8) out.push_back(static_cast<uint8_t>(acc >> (bits -= 8)));
  }
  return out;
}

// The v1 encoder of the previous release (legal-list indices), kept to make fixtures.
std::string encode_v1(const MatchConfig& c, const Game& g) {
  std::vector<uint8_t> b{1};
  auto varint = [&](uint64_t v) {
    while (v >= 0x80) b.push_back(static_cast<uint8_t>(v | 0x80)), v >>= 7;
    b.push_back(static_cast<uint8_t>(v));
  };
  varint(g.state().seeds.board);
  const GameOptions& o = g.state().options;
  for (uint64_t x :
       {uint64_t(o.preset), uint64_t(o.players), uint64_t(o.board), uint64_t(o.mode),
        uint64_t(o.vp_target), uint64_t(o.start_with_one_of_each), uint64_t(o.dice),
        uint64_t(o.visibility), uint64_t(o.discard), uint64_t(o.trade),
        uint64_t(o.max_offers_per_turn), uint64_t(o.roll_cap), uint64_t(o.forfeit_on_illegal),
        uint64_t(o.random_first_player), uint64_t(o.timer_seconds)})
    varint(x);
  for (int s = 0; s < o.players; ++s)
    b.push_back(c.seats[s].kind == match::SeatKind::Human
                    ? 0
                    : static_cast<uint8_t>(1 + int(c.seats[s].ai.level) * 8 +
                                           int(c.seats[s].ai.personality)));
  varint(static_cast<uint64_t>(c.ai_action_delay_s * 1000 + 0.5));
  varint(static_cast<uint64_t>(c.ai_think_budget_ms + 0.5));
  varint(g.history().size());
  GameState s = new_game(o, g.state().seeds.board);
  std::vector<Action> legal;
  for (const Action& a : g.history()) {
    legal_actions(s, legal);
    const auto it = std::find(legal.begin(), legal.end(), a);
    if (it != legal.end()) {
      varint(static_cast<uint64_t>(it - legal.begin()));
    } else {
      varint(legal.size());
      const std::string text = a.to_string();
      varint(text.size());
      b.insert(b.end(), text.begin(), text.end());
    }
    apply(s, a);
  }
  return b64url(b);
}

// Links made by the previous release (v1 codes: one seed, legal-list indices) keep opening
// the same game. The fixture below pins the legal-action order: if move generation ever
// lists actions in another order, this code replays another game and the hash differs.
TEST(ReplayCode, LinksOfThePreviousReleaseStillOpen) {
  // encode_v1 of 160 random-policy actions (golden_common.h) from seed 31, 3 seats.
  const char* kV1Code =
      "AR8ABAIACgAAAAAAAAAAAQAAGgkR2AToB6ABGAENAgIBHQEiARQBGgADAQAQADAAMAAgACAAAhgAACAAASAAIAAgACAN"
      "ADcA"
      "MQAgACAAAwIgAAsAAAAgAAAgABAAESABAwAxAAgAMAAQACAADiAADDAADwAQACAAAQAxACAAAQAwADAAAgIXAAEgACQA"
      "MAAw"
      "AAUBADAAAQEQADAAAzABAAAOMAAgAAkAACAAAQEABCAAIAAgABAABigAMA";
  const uint64_t kFinalHash = 0x47492dc04fbf0ecbull;
  MatchConfig c;
  Game g;
  std::string err;
  ASSERT_TRUE(match::decode_game(kV1Code, &c, &g, &err)) << err;
  EXPECT_EQ(testing_support::state_hash(g.state()), kFinalHash)
      << std::hex << testing_support::state_hash(g.state());
  EXPECT_EQ(c.seeds, Seeds::both(g.state().seeds.board));
}

TEST(ReplayCode, TheV1EncoderAboveMatchesTheDecoder) {
  const MatchConfig c = web_config(Seeds::both(99));
  const Game g = finished_game(c.options, Seeds::both(99));
  MatchConfig c2;
  Game g2;
  std::string err;
  ASSERT_TRUE(match::decode_game(encode_v1(c, g), &c2, &g2, &err)) << err;
  EXPECT_TRUE(g2.state() == g.state());
}

TEST(ReplayCode, CraftedCodesGiveAClearErrorAndChangeNothing) {
  MatchConfig c = web_config(Seeds{1, 2});
  c.seats[0].name = "untouched";
  Game g;
  const GameState before = g.state();
  auto expect_refused = [&](const std::string& code, const std::string& why) {
    std::string err;
    EXPECT_FALSE(match::decode_game(code, &c, &g, &err)) << code.substr(0, 80);
    EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_NO_THROW(json(err).dump()) << "the message must be valid UTF-8";
    EXPECT_EQ(c.seats[0].name, "untouched");
    EXPECT_TRUE(g.state() == before);
  };
  expect_refused("", "empty");
  expect_refused("not base64!", "base64url");
  expect_refused("Bw", "unknown version");
  expect_refused(std::string(match::kMaxReplayCodeText + 1, 'A'), "too long");

  // A v1 code whose escaped action text holds bytes that are not UTF-8.
  const MatchConfig wc = web_config(Seeds::both(5));
  const Game fin = finished_game(wc.options, Seeds::both(5));
  const Game one(wc.options, 5);
  std::vector<uint8_t> bytes = unb64url(encode_v1(wc, one));
  ASSERT_EQ(bytes.back(), 0);  // the action count
  bytes.back() = 1;
  std::vector<Action> legal;
  legal_actions(one.state(), legal);
  bytes.push_back(static_cast<uint8_t>(legal.size()));  // < 128: one varint byte
  bytes.push_back(2);
  bytes.push_back(0xff);
  bytes.push_back(0xfe);
  expect_refused(b64url(bytes), "\\xff\\xfe");

  // A count far beyond what the code holds.
  std::vector<uint8_t> huge(bytes.begin(), bytes.end() - 4);
  huge.pop_back();
  for (uint8_t x : {0xff, 0xff, 0xff, 0xff, 0x0f}) huge.push_back(x);
  expect_refused(b64url(huge), "more than it holds");

  // Truncated and padded versions of a good v2 code.
  std::string good, err;
  ASSERT_TRUE(match::encode_game(wc, fin, &good, &err)) << err;
  expect_refused(good.substr(0, good.size() / 2), "");
  expect_refused(good + "AAAA", "trailing");
}

// A link holds at most kMaxLinkActions actions (refused before any is replayed); a code read
// for other uses (decode_game) may hold up to kMaxGameActions.
TEST(ReplayCode, LinksHoldAtMostTheLinkLimit) {
  const MatchConfig c = web_config(Seeds::both(42));
  Game g(c.options, c.seeds);
  std::vector<Action> legal;
  std::string at_limit;
  while (g.history().size() <= match::kMaxLinkActions) {
    if (g.history().size() == match::kMaxLinkActions) at_limit = encode_v1(c, g);
    legal_actions(g.state(), legal);
    ASSERT_FALSE(legal.empty()) << "the game ended at " << g.history().size();
    ASSERT_TRUE(g.apply(legal[0]));
  }
  const std::string over = encode_v1(c, g);
  MatchConfig c2;
  Game g2;
  std::string err;
  EXPECT_TRUE(match::decode_game_link(at_limit, &c2, &g2, &err)) << err;
  EXPECT_EQ(g2.history().size(), match::kMaxLinkActions);
  Game untouched;
  const GameState before = untouched.state();
  EXPECT_FALSE(match::decode_game_link(over, &c2, &untouched, &err));
  EXPECT_NE(err.find("has 10001 actions; a link may hold 10000"), std::string::npos) << err;
  EXPECT_TRUE(untouched.state() == before);
  EXPECT_TRUE(match::decode_game(over, &c2, &g2, &err)) << err;
  EXPECT_EQ(g2.history().size(), match::kMaxLinkActions + 1);
}

}  // namespace
}  // namespace catan
