// Topology, layouts and the action grammar.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/action.h"
#include "engine/board.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan {
namespace {

// docs/RULES.md, board: 19 land hexes, 54 vertices, 72 edges, 9 port slots on the coast.
TEST(Topology, Counts) {
  const Topology& t = topology();
  int degree_sum = 0, coast = 0;
  for (int v = 0; v < kNumVertices; ++v) {
    const VertexInfo& V = t.vertices[v];
    EXPECT_GE(V.num_neighbors, 2);
    EXPECT_LE(V.num_neighbors, 3);
    EXPECT_GE(V.num_hexes, 1);
    EXPECT_LE(V.num_hexes, 3);
    degree_sum += V.num_neighbors;
    for (int j = 0; j < V.num_neighbors; ++j) {
      EXPECT_EQ(t.edge_between(v, V.neighbors[j]), V.edges[j]);
      const EdgeInfo& E = t.edges[V.edges[j]];
      EXPECT_TRUE(E.vertices[0] == v || E.vertices[1] == v);
    }
  }
  EXPECT_EQ(degree_sum, 2 * kNumEdges);
  for (int e = 0; e < kNumEdges; ++e) {
    EXPECT_LT(t.edges[e].vertices[0], t.edges[e].vertices[1]);
    if (t.edges[e].num_hexes == 1) ++coast;
  }
  EXPECT_EQ(coast, 30);
  std::set<int> port_vertices;
  for (int p = 0; p < kNumPorts; ++p) {
    const PortSlot& P = t.ports[p];
    EXPECT_EQ(t.edges[P.edge].num_hexes, 1) << "port slots are coastal";
    port_vertices.insert(P.vertices[0]);
    port_vertices.insert(P.vertices[1]);
    EXPECT_EQ(t.vertices[P.vertices[0]].port_slot, p);
  }
  EXPECT_EQ(port_vertices.size(), 18u) << "port slots never share a vertex";
  // Hex ids row by row, q ascending.
  EXPECT_EQ(t.hexes[0].q, 0);
  EXPECT_EQ(t.hexes[0].r, -2);
  EXPECT_EQ(t.hexes[9].q, 0);
  EXPECT_EQ(t.hexes[9].r, 0);
  EXPECT_EQ(t.hex_at(0, 0), 9);
  EXPECT_EQ(t.hex_at(3, 0), -1);
  EXPECT_EQ(t.edge_between(0, 0), -1);
  int centre_neighbours = 0;
  for (int i = 0; i < 6; ++i) centre_neighbours += t.hexes[9].neighbors[i] >= 0;
  EXPECT_EQ(centre_neighbours, 6);
}

void expect_standard_set(const Layout& L) {
  int terrain[6] = {};
  std::multiset<int> tokens;
  int generic = 0;
  std::set<int> specific;
  for (int h = 0; h < kNumHexes; ++h) {
    ++terrain[static_cast<int>(L.terrain[h])];
    if (L.terrain[h] == Terrain::Desert)
      EXPECT_EQ(L.number[h], 0);
    else
      tokens.insert(L.number[h]);
  }
  EXPECT_EQ(terrain[0], 4);
  EXPECT_EQ(terrain[1], 3);
  EXPECT_EQ(terrain[2], 4);
  EXPECT_EQ(terrain[3], 4);
  EXPECT_EQ(terrain[4], 3);
  EXPECT_EQ(terrain[5], 1);
  EXPECT_EQ(tokens,
            (std::multiset<int>{2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12}));
  for (auto p : L.ports) {
    if (p == PortType::Generic)
      ++generic;
    else
      specific.insert(static_cast<int>(p));
  }
  EXPECT_EQ(generic, 4);  // docs/RULES.md, board: 4 generic, one 2:1 per resource
  EXPECT_EQ(specific.size(), 5u);
}

// docs/RULES.md, layouts: the beginner island, rows top to bottom.
TEST(Layout, BeginnerMatchesRules) {
  Rng rng{1};
  const Layout L = make_layout(LayoutKind::Beginner, rng);
  const char* terrain[] = {"mountains", "pasture",   "forest", "fields",    "hills",
                           "pasture",   "hills",     "fields", "forest",    "desert",
                           "forest",    "mountains", "forest", "mountains", "fields",
                           "pasture",   "hills",     "fields", "pasture"};
  const int number[] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
  for (int h = 0; h < kNumHexes; ++h) {
    EXPECT_STREQ(terrain_name(L.terrain[h]), terrain[h]) << h;
    EXPECT_EQ(L.number[h], number[h]) << h;
  }
  expect_standard_set(L);
  Rng other{99};
  EXPECT_EQ(make_layout(LayoutKind::Beginner, other), L) << "fixed, ports included";
  const GameState s = new_game(
      [] {
        GameOptions o;
        o.board = LayoutKind::Beginner;
        return o;
      }(),
      5);
  EXPECT_EQ(s.robber_hex, 9) << "docs/RULES.md, robber: it starts on the desert";
}

// docs/RULES.md, layouts: tokens in A-B-C order counterclockwise from a corner, skipping the
// desert.
TEST(Layout, OfficialSpiral) {
  const int kAtoR[] = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng{seed};
    const Layout L = make_layout(LayoutKind::Official, rng);
    expect_standard_set(L);
    bool found = false;
    for (int c = 0; c < 6 && !found; ++c) {
      const auto& order = spiral_order(c);
      int k = 0;
      bool match = true;
      for (int i = 0; i < kNumHexes; ++i) {
        const int h = order[i];
        if (L.terrain[h] == Terrain::Desert) continue;
        if (L.number[h] != kAtoR[k++]) match = false;
      }
      found = match;
    }
    EXPECT_TRUE(found) << "seed " << seed;
  }
  // The spiral starts at an outer corner, walks the outer ring, the inner ring, the centre.
  const Topology& t = topology();
  for (int c = 0; c < 6; ++c) {
    const auto& o = spiral_order(c);
    std::set<int> all(o.begin(), o.end());
    EXPECT_EQ(all.size(), 19u);
    EXPECT_EQ(o[18], 9);
    for (int i = 0; i + 1 < 12; ++i) {  // consecutive outer hexes are neighbours
      bool adjacent = false;
      for (int j = 0; j < 6; ++j) adjacent |= t.hexes[o[i]].neighbors[j] == o[i + 1];
      EXPECT_TRUE(adjacent);
    }
  }
}

// docs/RULES.md, layouts: the 6 and 8 are never next to each other.
TEST(Layout, BalancedNeverAdjacentRed) {
  const Topology& t = topology();
  for (uint64_t seed = 0; seed < 500; ++seed) {
    Rng rng{seed};
    const Layout L = make_layout(LayoutKind::Balanced, rng);
    expect_standard_set(L);
    for (int h = 0; h < kNumHexes; ++h) {
      if (L.number[h] != 6 && L.number[h] != 8) continue;
      for (int j = 0; j < 6; ++j) {
        const int n = t.hexes[h].neighbors[j];
        if (n >= 0) {
          EXPECT_TRUE(L.number[n] != 6 && L.number[n] != 8) << "seed " << seed;
        }
      }
    }
  }
}

// docs/RULES.md, layouts: tokens shuffled across the non-desert hexes; deterministic per seed.
TEST(Layout, RandomIsDeterministic) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    Rng a{seed}, b{seed};
    const Layout L = make_layout(LayoutKind::Random, a);
    expect_standard_set(L);
    EXPECT_EQ(L, make_layout(LayoutKind::Random, b));
  }
  GameOptions o;
  EXPECT_EQ(new_game(o, 42), new_game(o, 42));
  EXPECT_FALSE(new_game(o, 42) == new_game(o, 43));
}

TEST(Actions, RoundTripEveryType) {
  const char* forms[] = {"roll",
                         "build_settlement:0",
                         "build_settlement:53",
                         "build_road:71",
                         "build_city:12",
                         "buy_dev_card",
                         "trade_bank:wood:ore",
                         "offer_trade:2:wood,wood,ore:sheep",
                         "offer_trade:all:brick:wheat,wheat",
                         "accept_trade",
                         "decline_trade",
                         "counter_trade:sheep:ore,ore",
                         "confirm_trade:3",
                         "cancel_trade",
                         "play_dev:knight",
                         "play_dev:road_building",
                         "free_road:5",
                         "play_dev:year_of_plenty:wood:ore",
                         "play_dev:year_of_plenty:ore:ore",
                         "play_dev:monopoly:wheat",
                         "move_robber:18",
                         "steal:1",
                         "discard:wood,brick,brick,ore",
                         "end_turn"};
  std::set<int> types;
  for (const char* f : forms) {
    std::string err;
    auto a = Action::parse(f, &err);
    ASSERT_TRUE(a) << f << ": " << err;
    EXPECT_EQ(a->to_string(), f);
    EXPECT_EQ(Action::parse(a->to_string()), a);
    types.insert(static_cast<int>(a->type));
  }
  EXPECT_EQ(static_cast<int>(types.size()), kNumActionTypes);
  // Any order and the synonyms parse; the printed form is canonical.
  EXPECT_EQ(Action::parse("discard:ore,wood,wool,grain")->to_string(),
            "discard:wood,sheep,wheat,ore");
  EXPECT_EQ(Action::parse("play_dev:year_of_plenty:ore:wood")->to_string(),
            "play_dev:year_of_plenty:wood:ore");
}

TEST(Actions, ParserRejectsJunk) {
  const std::string longer(5000, 'a');
  const char* bad[] = {"",
                       "roll:",
                       "roll:1",
                       "roll ",
                       " roll",
                       "ROLL",
                       "rol",
                       "build_road",
                       "build_road:",
                       "build_road:72",
                       "build_road:-1",
                       "build_road:+1",
                       "build_road:07",
                       "build_road:1x",
                       "build_road:1:2",
                       "build_settlement:54",
                       "build_settlement:99999999999999999999",
                       "move_robber:19",
                       "steal:4",
                       "confirm_trade:all",
                       "trade_bank:wood",
                       "trade_bank:wood:gold",
                       "trade_bank::ore",
                       "offer_trade:5:wood:ore",
                       "offer_trade:1:wood",
                       "offer_trade:1::ore",
                       "offer_trade:1:wood,:ore",
                       "discard:",
                       "discard:wood,,ore",
                       "discard:wood;ore",
                       "play_dev",
                       "play_dev:",
                       "play_dev:victory_point",
                       "play_dev:knight:1",
                       "play_dev:monopoly",
                       "play_dev:monopoly:wood:ore",
                       "play_dev:year_of_plenty:wood",
                       "end_turn\n",
                       longer.c_str()};
  for (const char* b : bad) {
    std::string err;
    EXPECT_FALSE(Action::parse(b, &err)) << "accepted '" << b << "'";
    EXPECT_FALSE(err.empty()) << b;
  }
  std::string nul("end_turn\0x", 10);
  EXPECT_FALSE(Action::parse(nul));
  // Never crashes on random bytes.
  Rng rng{7};
  const char alphabet[] = "abcdeiklmnorstuvwy_:,0123456789 \xff";
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int n = static_cast<int>(rng.below(40));
    for (int k = 0; k < n; ++k) s += alphabet[rng.below(sizeof(alphabet) - 1)];
    auto a = Action::parse(s);
    if (a) {
      EXPECT_EQ(Action::parse(a->to_string()), a) << s;
    }
  }
}

}  // namespace
}  // namespace catan
