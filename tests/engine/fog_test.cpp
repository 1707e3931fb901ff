// Map visibility (docs/RULES.md, visibility): "Mist (resources hidden during setup, numbers and
// harbors visible) or Terra Incognita (everything hidden during setup, then the island is
// revealed)". Until the reveal (the first roll phase) no per-seat view may tell a hidden terrain,
// number or port: not the Observation the AIs get, not state/board/events as the protocol writes
// them, not the legal actions, not the log's sentences. The strong check: two games whose islands
// differ only behind the fog must look identical to every seat and to a spectator after
// every setup action; after the reveal every view shows the island again.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"

namespace catan {
namespace {

using nlohmann::json;

bool in_setup(const GameState& s) {
  return s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
}

// Same seats and play, another island behind the fog: mist shuffles the terrain of the
// non-desert hexes (numbers and ports stay, being visible); terra incognita also shuffles
// the numbers and the ports. The desert stays (the robber marks it).
GameState hidden_variant(const GameState& a, Rng& rng) {
  GameState b = a;
  std::vector<int> land;
  for (int h = 0; h < kNumHexes; ++h)
    if (a.layout.terrain[h] != Terrain::Desert) land.push_back(h);
  const auto shuffled = [&](auto get, auto set) {
    std::vector<decltype(get(0))> v;
    for (int h : land) v.push_back(get(h));
    const auto before = v;
    while (v == before) rng.shuffle(v.data(), static_cast<unsigned>(v.size()));
    for (size_t i = 0; i < land.size(); ++i) set(land[i], v[i]);
  };
  shuffled([&](int h) { return b.layout.terrain[h]; },
           [&](int h, Terrain t) { b.layout.terrain[h] = t; });
  if (a.options.visibility == Visibility::TerraIncognita) {
    shuffled([&](int h) { return b.layout.number[h]; },
             [&](int h, uint8_t n) { b.layout.number[h] = n; });
    const auto ports = b.layout.ports;
    while (b.layout.ports == ports) rng.shuffle(b.layout.ports.data(), kNumPorts);
  }
  b.seeds.board ^= 0x5EEDull;  // the board seed lays out the island too
  return b;
}

std::vector<std::string> legal_strings(const GameState& s) {
  std::vector<std::string> out;
  for (const Action& a : legal_actions(s)) out.push_back(a.to_string());
  return out;
}

// The events as the protocol's `events <seat>` and the UI's log show them.
json events_view(const GameState& s, const EventLog& log, int seat) {
  static const std::string kNames[4] = {"Red", "Blue", "White", "Orange"};
  json out = json::array();
  for (const Event& e : log) {
    const Event r = redact(e, seat, island_hidden(s));
    json j = event_to_json(r);
    j["text"] = describe(r, kNames);
    out.push_back(j);
  }
  return out;
}

bool same_observation(const Observation& a, const Observation& b) {
  return a.seat == b.seat && a.view == b.view && a.hand_size == b.hand_size &&
         a.dev_hand_size == b.dev_hand_size && a.unknown_dev_cards == b.unknown_dev_cards;
}

// What the protocol and the UI's log show `seat` of s, in one comparable document.
json seat_view(const GameState& s, const EventLog& log, int seat) {
  json j;
  j["state"] = state_to_json(s, seat);
  j["board"] = board_to_json(s, seat);
  j["events"] = events_view(s, log, seat);
  return j;
}

// What the fog must show whatever lies behind it (island_hidden in observation.h).
void expect_fogged(const GameState& s, int seat) {
  const Observation o = observe(s, seat);
  const GameState& v = o.view;
  const bool terra = s.options.visibility == Visibility::TerraIncognita;
  for (int h = 0; h < kNumHexes; ++h) {
    const bool desert = s.layout.terrain[h] == Terrain::Desert;
    EXPECT_EQ(v.layout.terrain[h], desert ? Terrain::Desert : Terrain::Hidden) << "hex " << h;
    EXPECT_EQ(v.layout.number[h], terra ? 0 : s.layout.number[h]) << "hex " << h;
  }
  for (int p = 0; p < kNumPorts; ++p)
    EXPECT_EQ(v.layout.ports[p], terra ? PortType::Hidden : s.layout.ports[p]);
  for (int q = 0; q < kMaxPlayers; ++q) {
    EXPECT_EQ(total(v.players[q].resources), 0) << "seat " << q << " face down";
    EXPECT_EQ(o.hand_size[q], s.hand_size(q)) << "the count stays public";
    if (terra) {
      EXPECT_EQ(v.players[q].trade_rate, (std::array<uint8_t, 5>{4, 4, 4, 4, 4}));
    }
    if (!terra) {
      EXPECT_EQ(v.players[q].trade_rate, s.players[q].trade_rate);
    }
  }
  EXPECT_EQ(v.bank, (ResourceCounts{19, 19, 19, 19, 19}));
  EXPECT_TRUE(v.stats == GameStats{});
  EXPECT_EQ(v.seeds.board, 0u);
  const json st = state_to_json(s, seat);
  for (const json& x : st["bank"]) EXPECT_TRUE(x.is_null());
  if (seat >= 0) {
    for (const json& x : st["players"][seat]["resources"]) EXPECT_TRUE(x.is_null());
  }
  // The null cards come with the reason, in words.
  ASSERT_TRUE(st.contains("cards_face_down")) << "hidden cards with no word why";
  EXPECT_NE(st["cards_face_down"].get<std::string>().find("revealed"), std::string::npos);
}

// After the reveal a seat sees the island, its hand, the bank and the starting cards.
void expect_revealed(const GameState& s, const EventLog& log, int seat) {
  const Observation o = observe(s, seat);
  EXPECT_EQ(o.view.layout, s.layout);
  EXPECT_EQ(o.view.bank, s.bank);
  if (seat >= 0) {
    EXPECT_EQ(o.view.players[seat].resources, s.players[seat].resources);
  }
  EXPECT_FALSE(state_to_json(s, seat).contains("cards_face_down"));
  for (int q = 0; q < s.num_players; ++q)
    EXPECT_EQ(o.view.players[q].trade_rate, s.players[q].trade_rate);
  EXPECT_EQ(board_to_json(s, seat), board_to_json(s));
  EXPECT_EQ(state_to_json(s, seat)["bank"], state_to_json(s)["bank"]);
  int starting = 0;
  for (const Event& e : log) {
    if (e.type != EventType::StartingResources) continue;
    ++starting;
    EXPECT_EQ(redact(e, seat, island_hidden(s)), e);
  }
  EXPECT_EQ(starting, s.num_players);
}

struct Setup {
  const char* name;
  GameOptions options;
};

std::vector<Setup> setups(Visibility vis) {
  std::vector<Setup> out;
  for (int n : {2, 3, 4}) {
    GameOptions o = classic_options();
    o.players = static_cast<uint8_t>(n);
    o.visibility = vis;
    out.push_back({"balanced", o});
    o.board = LayoutKind::Random;
    out.push_back({"random", o});
    o.board = LayoutKind::Official;
    set_mode(o, Mode::Blitz);  // one of each card to start: dealt face down too
    out.push_back({"official blitz", o});
  }
  return out;
}

// Plays the setup of `a` and of a variant hidden differently, the same moves in both
// (random, or chosen by a bot seeing only its seat's view of `a`), comparing every view
// after every action. Returns how often the true states told the two islands apart, so the
// test can show it compared games that really differ.
int play_and_compare(const GameOptions& o, uint64_t seed, const AiConfig* bot_config) {
  GameState a = new_game(o, seed);
  Rng rng{seed * 31 + 7};
  GameState b = hidden_variant(a, rng);
  EventLog la, lb;
  std::unique_ptr<Bot> bot_a, bot_b;
  if (bot_config) {
    bot_a = make_bot(*bot_config);
    bot_b = make_bot(*bot_config);
  }
  int differ = 0;
  while (true) {
    for (int seat = -1; seat < a.num_players; ++seat) {
      SCOPED_TRACE("seat " + std::to_string(seat));
      if (in_setup(a)) {
        expect_fogged(a, seat);
        EXPECT_TRUE(same_observation(observe(a, seat), observe(b, seat)))
            << "the Observation tells the hidden islands apart";
        const json va = seat_view(a, la, seat), vb = seat_view(b, lb, seat);
        if (va != vb || ::testing::Test::HasFailure()) {
          for (const char* k : {"state", "board", "events"})
            EXPECT_EQ(va[k], vb[k]) << k << " tells the hidden islands apart";
          return differ;
        }
      } else {
        expect_revealed(a, la, seat);
      }
    }
    if (!in_setup(a)) break;
    EXPECT_EQ(legal_strings(a), legal_strings(b));
    differ += !(a.players == b.players) || !(a.bank == b.bank);
    Action act;
    if (bot_a) {
      const int m = a.to_move();
      act = bot_a->decide(observe(a, m), [&] {
        EventLog v;
        for (const Event& e : la) v.push_back(redact(e, m, island_hidden(a)));
        return v;
      }());
      EventLog vb;
      for (const Event& e : lb) vb.push_back(redact(e, m, island_hidden(b)));
      EXPECT_EQ(bot_b->decide(observe(b, m), vb), act) << "the AI sees the hidden island";
    } else {
      const auto legal = legal_actions(a);
      act = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    }
    std::string err;
    EXPECT_TRUE(apply(a, act, &err, &la)) << act.to_string() << ": " << err;
    EXPECT_TRUE(apply(b, act, &err, &lb)) << act.to_string() << ": " << err;
    if (::testing::Test::HasFailure()) return differ;
  }
  EXPECT_EQ(a.phase, Phase::Roll);
  EXPECT_NE(board_to_json(a, 0), board_to_json(b, 0)) << "revealed: the islands differ";
  return differ;
}

void run_random_setups(Visibility vis) {
  int games = 0, differ = 0;
  for (const Setup& su : setups(vis)) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      SCOPED_TRACE(std::string(su.name) + " players " + std::to_string(su.options.players) +
                   " seed " + std::to_string(seed));
      differ += play_and_compare(su.options, seed, nullptr);
      if (::testing::Test::HasFailure()) return;
      ++games;
    }
  }
  EXPECT_EQ(games, 9 * 12);
  EXPECT_GT(differ, games) << "the hidden variants should deal different cards";
}

TEST(Fog, MistHidesTerrainFromEveryViewDuringSetup) {
  // Mist hides the resources during setup; numbers and harbors stay visible.
  run_random_setups(Visibility::Mist);
}

TEST(Fog, TerraIncognitaHidesEverythingDuringSetup) {
  // Terra Incognita hides everything during setup, then the island is revealed.
  run_random_setups(Visibility::TerraIncognita);
}

TEST(Fog, AiSetupChoicesDoNotDependOnTheHiddenIsland) {
  // an AI gets only its seat's view, so behind either island it places the same.
  for (Visibility vis : {Visibility::Mist, Visibility::TerraIncognita}) {
    for (AiLevel level : {AiLevel::Normal, AiLevel::Hard, AiLevel::Expert}) {
      AiConfig c;
      c.level = level;
      c.max_iterations = 6;
      c.seed = 77;
      GameOptions o = classic_options();
      o.visibility = vis;
      o.players = 3;
      SCOPED_TRACE(std::string(ai_level_name(level)) +
                   (vis == Visibility::Mist ? " mist" : " terra incognita"));
      play_and_compare(o, 9, &c);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

}  // namespace
}  // namespace catan
