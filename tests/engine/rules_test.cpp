// Rule tests from concrete positions. Each names the rule it checks (docs/RULES.md, <name>).
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "tests/engine/random_play.h"
#include "tests/engine/rules_fixture.h"

namespace catan {
namespace {

using namespace testing_rules;

// Rolls the dice with an RNG position chosen so that the sum is `sum` (its events into `ev`).
void roll_to(GameState& s, int sum, EventLog* ev = nullptr) {
  for (uint64_t k = 0;; ++k) {
    GameState c = s;
    c.rng.state = k;
    ASSERT_TRUE(apply(c, Action::simple(ActionType::Roll)));
    if (c.last_dice[0] + c.last_dice[1] == sum) {
      s.rng.state = k;
      ASSERT_TRUE(apply(s, Action::simple(ActionType::Roll), nullptr, ev));
      return;
    }
  }
}

// ---------------------------------------------------------------- setup

// docs/RULES.md, setup: "Round 1 ... then the player to the left; Round 2 in reverse" (snake
// order).
TEST(Setup, SnakeOrderAndSecondSettlementYields) {
  GameOptions o;
  o.board = LayoutKind::Beginner;
  GameState s = new_game(o, 123);
  const int f = s.first_player;
  std::vector<int> order;
  std::vector<Action> legal;
  while (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) {
    legal_actions(s, legal);
    ASSERT_FALSE(legal.empty());
    if (s.phase == Phase::SetupSettlement) {
      order.push_back(s.to_move());
      const int p = s.to_move();
      const ResourceCounts before = s.players[p].resources;
      const int v = legal[legal.size() / 2].arg;
      ASSERT_TRUE(apply(s, legal[legal.size() / 2]));
      ResourceCounts expect = before;
      if (order.size() > 4) {  // docs/RULES.md, setup: cards only for the second settlement
        const VertexInfo& V = topology().vertices[v];
        for (int i = 0; i < V.num_hexes; ++i) {
          const Terrain t = s.layout.terrain[V.hexes[i]];
          if (t != Terrain::Desert) ++expect[static_cast<int>(t)];
        }
      }
      EXPECT_EQ(s.players[p].resources, expect);
    } else {
      ASSERT_TRUE(apply(s, legal[0]));
    }
    EXPECT_EQ(check_invariants(s), "");
  }
  EXPECT_EQ(order, (std::vector<int>{f, (f + 1) % 4, (f + 2) % 4, (f + 3) % 4, (f + 3) % 4,
                                     (f + 2) % 4, (f + 1) % 4, f}));
  EXPECT_EQ(s.phase, Phase::Roll);
  EXPECT_EQ(s.current, f);
}

// docs/RULES.md, setup: "Each starting road goes on an empty edge adjacent to the settlement placed
// that round."
TEST(Setup, RoadMustTouchTheSettlementJustPlaced) {
  GameState s = new_game(arena_options(), 9);
  EXPECT_EQ(s.current, 0) << "arena: seat 0 starts";
  const int v = hex(9).vertices[0];
  ASSERT_TRUE(apply(s, Action::simple(ActionType::BuildSettlement, v)));
  EXPECT_EQ(s.phase, Phase::SetupRoad);
  const int far = hex(0).edges[0];
  std::string why;
  EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildRoad, far), &why));
  EXPECT_NE(why.find("touch"), std::string::npos) << why;
  const auto legal = legal_actions(s);
  EXPECT_EQ(legal.size(), 3u) << str(legal);
  for (const Action& a : legal) {
    const EdgeInfo& E = topology().edges[a.arg];
    EXPECT_TRUE(E.vertices[0] == v || E.vertices[1] == v);
  }
  // Distance rule in setup: a neighbour of the settlement is not available to the next seat.
  ASSERT_TRUE(apply(s, legal[0]));
  EXPECT_FALSE(is_legal(
      s, Action::simple(ActionType::BuildSettlement, topology().vertices[v].neighbors[0])));
}

// docs/RULES.md, victory: Blitz, one card of each resource to start, from the bank.
TEST(Setup, BlitzStartsWithOneOfEach) {
  GameOptions o;
  set_mode(o, Mode::Blitz);
  EXPECT_EQ(o.vp_target, 7);
  GameState s = new_game(o, 3);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(s.players[p].resources, RC(1, 1, 1, 1, 1));
  EXPECT_EQ(s.bank, RC(15, 15, 15, 15, 15));
  EXPECT_EQ(check_invariants(s), "");
}

// ---------------------------------------------------------------- production

// docs/RULES.md, production: settlement 1, city 2; the robber's hex produces nothing.
TEST(Production, SettlementOneCityTwoRobberBlocks) {
  GameState s = blank();
  settle(s, 0, hex(0).vertices[0]);        // ore 10
  settle(s, 1, hex(0).vertices[2], true);  // ore 10, city
  settle(s, 2, hex(2).vertices[0]);        // forest 9
  s.phase = Phase::Roll;
  roll_to(s, 10);
  EXPECT_EQ(s.players[0].resources, RC(0, 0, 0, 0, 1));
  EXPECT_EQ(s.players[1].resources, RC(0, 0, 0, 0, 2));
  EXPECT_EQ(s.players[2].resources, RC(0, 0, 0, 0, 0));
  EXPECT_EQ(s.stats.produced[1][4], 2);
  EXPECT_EQ(check_invariants(s), "");
  // Robber on hex 0 now.
  s.robber_hex = 0;
  ok(s, "end_turn");
  roll_to(s, 10);
  EXPECT_EQ(s.players[0].resources, RC(0, 0, 0, 0, 1)) << "robber blocks hex 0";
  EXPECT_EQ(s.players[1].resources, RC(0, 0, 0, 0, 2));
}

// docs/RULES.md, production: "When the supply can't cover all production of a resource, no one
// receives it."
TEST(Production, BankShortageSeveralPlayersOwed) {
  GameState s = blank();
  settle(s, 0, hex(0).vertices[0]);
  settle(s, 1, hex(0).vertices[2]);
  give(s, 3, RC(0, 0, 0, 0, 18));  // bank keeps 1 ore, 2 are owed
  s.phase = Phase::Roll;
  EventLog ev;
  roll_to(s, 10, &ev);
  EXPECT_EQ(s.players[0].resources[4], 0);
  EXPECT_EQ(s.players[1].resources[4], 0);
  EXPECT_EQ(s.bank[4], 1);
  bool short_event = false;
  for (auto& e : ev) short_event |= e.type == EventType::ProductionShort && e.arg == 4;
  EXPECT_TRUE(short_event);
}

// docs/RULES.md, production: "Exception: if only one player is affected, they get all remaining
// cards of it."
TEST(Production, BankShortageOnlyOnePlayerOwed) {
  GameState s = blank();
  settle(s, 0, hex(0).vertices[0], true);  // a city: owed 2 ore
  give(s, 3, RC(0, 0, 0, 0, 18));
  s.phase = Phase::Roll;
  roll_to(s, 10);
  EXPECT_EQ(s.players[0].resources[4], 1) << "takes what is left";
  EXPECT_EQ(s.bank[4], 0);
  EXPECT_EQ(check_invariants(s), "");
}

// A corner of hex h that is no corner of the other hexes listed.
int corner_apart(int h, std::initializer_list<int> others) {
  for (const int v : hex(h).vertices) {
    bool shared = false;
    for (const int o : others)
      for (const int w : hex(o).vertices) shared |= o != h && w == v;
    if (!shared) return v;
  }
  ADD_FAILURE() << "hex " << h << " has no corner of its own";
  return hex(h).vertices[0];
}

// docs/RULES.md, production: every hex showing the number produces, however many there are. A
// saved game's layout may number three hexes alike, and even the desert, which yields nothing.
TEST(Production, EveryHexShowingTheNumberAndNoneFromTheDesert) {
  GameState s = blank();
  ASSERT_EQ(s.layout.number[0], 10);  // mountains
  ASSERT_EQ(s.layout.number[6], 10);  // hills
  ASSERT_EQ(s.layout.terrain[5], Terrain::Pasture);
  ASSERT_EQ(s.layout.terrain[9], Terrain::Desert);
  s.layout.number[5] = 10;
  s.layout.number[9] = 10;
  s.robber_hex = 3;
  const std::initializer_list<int> tens = {0, 5, 6, 9};
  settle(s, 0, corner_apart(0, tens));
  settle(s, 1, corner_apart(6, tens), true);
  settle(s, 2, corner_apart(5, tens));
  settle(s, 3, corner_apart(9, tens));
  s.phase = Phase::Roll;
  EventLog ev;
  roll_to(s, 10, &ev);
  EXPECT_EQ(s.players[0].resources, RC(0, 0, 0, 0, 1));
  EXPECT_EQ(s.players[1].resources, RC(0, 2, 0, 0, 0));
  EXPECT_EQ(s.players[2].resources, RC(0, 0, 1, 0, 0));
  EXPECT_EQ(s.players[3].resources, RC(0, 0, 0, 0, 0)) << "the desert yields nothing";
  EXPECT_EQ(s.stats.produced[2][2], 1);
  EXPECT_EQ(s.bank, RC(19, 17, 18, 19, 18));
  int produced_events = 0;
  for (const Event& e : ev) produced_events += e.type == EventType::Produced;
  EXPECT_EQ(produced_events, 3);
  EXPECT_EQ(check_invariants(s), "");
}

// docs/RULES.md, production: two hexes of the same resource owe it together, so a bank that
// covers each hex's cards alone but not both pays nobody; with the robber on one hex the other
// alone produces.
TEST(Production, TwoHexesOfOneResourceShareTheBank) {
  GameState s = blank();
  s.layout.terrain[6] = Terrain::Mountains;  // hexes 0 and 6 show 10: both ore now
  const std::initializer_list<int> tens = {0, 6};
  settle(s, 0, corner_apart(0, tens));
  settle(s, 1, corner_apart(6, tens));
  give(s, 3, RC(0, 0, 0, 0, 17));  // the bank keeps 2 ore
  s.phase = Phase::Roll;
  GameState both = s;
  roll_to(both, 10);
  EXPECT_EQ(both.players[0].resources[4], 1);
  EXPECT_EQ(both.players[1].resources[4], 1);
  EXPECT_EQ(both.bank[4], 0);
  give(s, 3, RC(0, 0, 0, 0, 1));  // 1 ore left for 2 owed
  GameState short_bank = s;
  roll_to(short_bank, 10);
  EXPECT_EQ(short_bank.players[0].resources[4], 0);
  EXPECT_EQ(short_bank.players[1].resources[4], 0);
  EXPECT_EQ(short_bank.bank[4], 1);
  s.robber_hex = 6;
  roll_to(s, 10);
  EXPECT_EQ(s.players[0].resources[4], 1) << "one seat owed: it takes the last ore";
  EXPECT_EQ(s.players[1].resources[4], 0) << "the robber blocks hex 6";
  EXPECT_EQ(s.bank[4], 0);
  EXPECT_EQ(check_invariants(s), "");
}

// ---------------------------------------------------------------- the 7

// docs/RULES.md, seven: "Half of 9 rounded down is 4"; only hands over 7; players choose; roller
// first.
TEST(Seven, HalfOfNineRoundedDownIsFour) {
  GameState s = blank();
  give(s, 0, RC(2, 2, 2, 1, 1));  // 8 -> 4
  give(s, 1, RC(5, 0, 0, 4, 0));  // 9 -> 4
  give(s, 2, RC(0, 3, 4, 0, 0));  // 7 -> none
  s.phase = Phase::Roll;
  roll_to(s, 7);
  EXPECT_EQ(s.phase, Phase::Discard);
  EXPECT_EQ(s.players[0].discard_owed, 4);
  EXPECT_EQ(s.players[1].discard_owed, 4);
  EXPECT_EQ(s.players[2].discard_owed, 0);
  EXPECT_EQ(s.to_move(), 0) << "in seat order starting at the roller";
  EXPECT_FALSE(legal(s, "discard:wood,wood,brick")) << "3 is not half of 8";
  EXPECT_FALSE(legal(s, "discard:ore,ore,wood,wood")) << "holds only 1 ore";
  EXPECT_FALSE(legal(s, "end_turn"));
  ok(s, "discard:wood,wood,brick,ore");
  EXPECT_EQ(s.to_move(), 1);
  std::string why;
  EXPECT_FALSE(is_legal(s, act("discard:wood,wood,wood"), &why));
  EXPECT_FALSE(why.empty());
  for (const Action& a : legal_actions(s)) EXPECT_EQ(total(a.give), 4);
  ok(s, "discard:wood,wood,wheat,wheat");
  EXPECT_EQ(s.players[1].resources, RC(3, 0, 0, 2, 0));
  EXPECT_EQ(s.phase, Phase::MoveRobber);
  EXPECT_EQ(s.to_move(), 0);
}

// docs/RULES.md, seven: arena discards automatically, one card at a time from the largest pile.
TEST(Seven, ArenaAutoDiscardsFromLargestPile) {
  GameState s = blank(4, arena_options());
  give(s, 1, RC(5, 3, 0, 0, 1));  // 9 -> 4: wood, wood, wood (tie -> lower), brick
  s.phase = Phase::Roll;
  roll_to(s, 7);
  EXPECT_EQ(s.phase, Phase::MoveRobber);
  EXPECT_EQ(s.players[1].resources, RC(2, 2, 0, 0, 1));
  EXPECT_EQ(check_invariants(s), "");
}

// docs/RULES.md, robber: "Activating the robber always means moving it to a different hex" (desert
// allowed); steal from an adjacent opponent holding cards; skip the steal when nobody qualifies.
TEST(Seven, RobberMovesAndSteals) {
  GameState s = blank();
  settle(s, 1, hex(0).vertices[0]);
  settle(s, 2, hex(0).vertices[2]);
  settle(s, 3, hex(0).vertices[4]);
  settle(s, 0, hex(4).vertices[3]);
  give(s, 1, RC(0, 0, 0, 0, 1));
  give(s, 3, RC(0, 2, 0, 0, 0));
  s.robber_hex = 0;
  s.phase = Phase::Roll;
  roll_to(s, 7);
  ASSERT_EQ(s.phase, Phase::MoveRobber);
  EXPECT_FALSE(legal(s, "move_robber:0")) << "must move";
  EXPECT_EQ(legal_actions(s).size(), 18u);
  EXPECT_TRUE(legal(s, "move_robber:9")) << "the desert is allowed";
  {
    GameState c = s;
    ok(c, "move_robber:9");  // nobody on the desert: no steal phase
    EXPECT_EQ(c.phase, Phase::Main);
  }
  {
    GameState c = s;
    ok(c, "move_robber:4");  // only own building there
    EXPECT_EQ(c.phase, Phase::Main);
  }
  s.robber_hex = 9;
  ok(s, "move_robber:0");
  EXPECT_EQ(s.phase, Phase::Steal);
  EXPECT_EQ(str(legal_actions(s)), "steal:1 steal:3 ") << "seat 2 holds no cards";
  EXPECT_FALSE(legal(s, "steal:2"));
  EXPECT_FALSE(legal(s, "steal:0"));
  EventLog ev;
  ASSERT_TRUE(apply(s, act("steal:3"), nullptr, &ev));
  EXPECT_EQ(s.players[0].resources, RC(0, 1, 0, 0, 0));
  EXPECT_EQ(s.players[3].resources, RC(0, 1, 0, 0, 0));
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(check_invariants(s), "");
  // Only the thief and the victim see the card (hidden information).
  const Event& stole = ev.back();
  ASSERT_EQ(stole.type, EventType::Stole);
  EXPECT_EQ(redact(stole, 0).arg, 1);
  EXPECT_EQ(redact(stole, 3).arg, 1);
  EXPECT_EQ(redact(stole, 1).arg, -1);
  EXPECT_EQ(redact(stole, -1).arg, -1);
}

// ---------------------------------------------------------------- building

// docs/RULES.md, distance rule: "the adjacent intersections must have no buildings, yours or anyone
// else's".
TEST(Building, DistanceRuleAgainstOwnBuildings) {
  GameState s = blank();
  const int v = hex(9).vertices[0], w = hex(9).vertices[1], x = hex(9).vertices[2];
  settle(s, 0, v);
  road(s, 0, edge(v, w));
  road(s, 0, edge(w, x));
  give(s, 0, RC(2, 2, 2, 2, 0));
  std::string why;
  EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildSettlement, w), &why));
  EXPECT_NE(why.find("distance"), std::string::npos) << why;
  EXPECT_TRUE(is_legal(s, Action::simple(ActionType::BuildSettlement, x)));
  // docs/RULES.md, placement: a new settlement must touch one of your roads.
  EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildSettlement, hex(9).vertices[4])));
  ok(s, ("build_settlement:" + std::to_string(x)).c_str());
  EXPECT_EQ(s.players[0].settlements_left, 3);
  EXPECT_EQ(s.players[0].resources, RC(1, 1, 1, 1, 0));
}

// docs/RULES.md, placement: "An opponent's settlement or city cuts the connection at that
// intersection."
TEST(Building, NoRoadThroughAnOpponentsSettlement) {
  GameState s = blank();
  const auto& H = hex(9);
  settle(s, 0, H.vertices[0]);
  road(s, 0, H.edges[0]);  // v0-v1
  settle(s, 1, H.vertices[2]);
  road(s, 1, H.edges[2]);  // keep seat 1 connected
  road(s, 0, H.edges[1]);  // v1-v2, ends at seat 1's settlement
  give(s, 0, RC(3, 3, 0, 0, 0));
  EXPECT_EQ(check_invariants(s), "");
  // From v2 (seat 1's settlement) seat 0 cannot continue.
  for (int j = 0; j < topology().vertices[H.vertices[2]].num_neighbors; ++j) {
    const int e = topology().vertices[H.vertices[2]].edges[j];
    if (s.edge_owner[e] < 0) {
      EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildRoad, e)));
    }
  }
  EXPECT_TRUE(is_legal(s, Action::simple(ActionType::BuildRoad, H.edges[5])));
  // Costs: road = wood + brick.
  ok(s, ("build_road:" + std::to_string(H.edges[5])).c_str());
  EXPECT_EQ(s.players[0].resources, RC(2, 2, 0, 0, 0));
}

// docs/RULES.md, pieces: "A settlement comes back to you when you upgrade it"; cities capped at 4;
// 15 roads.
TEST(Building, PieceLimitsAndCityUpgrade) {
  GameState s = blank();
  const int v = hex(9).vertices[0];
  settle(s, 0, v);
  give(s, 0, RC(1, 1, 0, 4, 6));
  std::string why;
  EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildCity, hex(9).vertices[3]), &why));
  ok(s, ("build_city:" + std::to_string(v)).c_str());
  EXPECT_EQ(s.players[0].settlements_left, 5);
  EXPECT_EQ(s.players[0].cities_left, 3);
  EXPECT_EQ(s.total_vp(0), 2);
  EXPECT_FALSE(legal(s, ("build_city:" + std::to_string(v)).c_str()));
  s.players[0].cities_left = 0;  // (pretend all 4 are out)
  EXPECT_FALSE(is_legal(s, Action::simple(ActionType::BuildCity, v)));
  s.players[0].cities_left = 3;
  GameState c = s;
  c.players[0].roads_left = 0;
  EXPECT_FALSE(is_legal(c, Action::simple(ActionType::BuildRoad, hex(9).edges[0]), &why));
  EXPECT_NE(why.find("no roads left"), std::string::npos);
  EXPECT_TRUE(is_legal(s, Action::simple(ActionType::BuildRoad, hex(9).edges[0])));
}

// docs/RULES.md, bank trade: bank 4:1; 3:1 on a generic port; 2:1 only for the port's resource.
TEST(Trade, BankAndPortRates) {
  GameState s = blank();
  // Beginner ports by slot: generic, sheep, generic, generic, brick, wood, generic, wheat, ore.
  EXPECT_EQ(s.layout.ports[1], PortType::Sheep);
  give(s, 0, RC(4, 3, 2, 0, 0));
  EXPECT_TRUE(legal(s, "trade_bank:wood:ore"));
  EXPECT_FALSE(legal(s, "trade_bank:brick:ore"));
  EXPECT_FALSE(legal(s, "trade_bank:sheep:ore"));
  EXPECT_FALSE(legal(s, "trade_bank:wood:wood"));
  settle(s, 0, topology().ports[1].vertices[0]);
  EXPECT_EQ(s.players[0].trade_rate, (std::array<uint8_t, 5>{4, 4, 2, 4, 4}));
  ok(s, "trade_bank:sheep:ore");
  EXPECT_EQ(s.players[0].resources, RC(4, 3, 0, 0, 1));
  settle(s, 0, topology().ports[0].vertices[0]);
  EXPECT_EQ(s.players[0].trade_rate, (std::array<uint8_t, 5>{3, 3, 2, 3, 3}));
  ok(s, "trade_bank:brick:wheat");
  EXPECT_EQ(s.players[0].resources, RC(4, 0, 0, 1, 1));
  EXPECT_EQ(check_invariants(s), "");
}

// docs/RULES.md, player trade: offers to all; accept, decline or counter; the offerer confirms one;
// no gifts, no same resource on both sides, only cards one holds.
TEST(Trade, ClassicBundlesCountersAndConfirm) {
  GameState s = blank();
  give(s, 0, RC(3, 0, 1, 0, 0));
  give(s, 1, RC(0, 0, 0, 0, 2));
  give(s, 3, RC(0, 0, 0, 0, 1));
  EXPECT_FALSE(legal(s, "offer_trade:all:wood:wood"));
  EXPECT_FALSE(legal(s, "offer_trade:all:brick:ore")) << "must hold the cards";
  EXPECT_FALSE(legal(s, "offer_trade:0:wood:ore")) << "not to oneself";
  Action gift = act("offer_trade:1:wood:ore");
  gift.get = {};
  EXPECT_FALSE(is_legal(s, gift)) << "no gifts";
  ok(s, "offer_trade:all:wood,wood:ore");
  EXPECT_EQ(s.phase, Phase::TradeResponse);
  EXPECT_EQ(s.to_move(), 1);
  ok(s, "accept_trade");
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_FALSE(legal(s, "accept_trade")) << "seat 2 holds no ore";
  ok(s, "decline_trade");
  EXPECT_EQ(s.to_move(), 3);
  EXPECT_FALSE(legal(s, "counter_trade:wood:ore")) << "does not hold wood";
  ok(s, "counter_trade:ore:wood,wood,wood");
  EXPECT_EQ(s.phase, Phase::TradeConfirm);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_FALSE(legal(s, "confirm_trade:2"));
  EXPECT_EQ(str(legal_actions(s)), "confirm_trade:1 confirm_trade:3 cancel_trade ");
  ok(s, "confirm_trade:3");
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.players[0].resources, RC(0, 0, 1, 0, 1));
  EXPECT_EQ(s.players[3].resources, RC(3, 0, 0, 0, 0));
  EXPECT_EQ(s.players[1].resources, RC(0, 0, 0, 0, 2));
  // Nobody accepts: the offer simply ends.
  ok(s, "offer_trade:1:sheep:ore");
  ok(s, "decline_trade");
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.stats.offers_made[0], 2);
  EXPECT_EQ(s.stats.offers_accepted[0], 1);
}

// docs/RULES.md, player trade: strictly 1-for-1 to one seat; accept swaps at once; at most 2 offers
// per turn.
TEST(Trade, ArenaOneForOne) {
  GameState s = blank(4, arena_options());
  give(s, 0, RC(3, 0, 0, 0, 0));
  give(s, 2, RC(0, 0, 0, 2, 0));
  EXPECT_FALSE(legal(s, "offer_trade:all:wood:wheat"));
  EXPECT_FALSE(legal(s, "offer_trade:2:wood,wood:wheat"));
  ok(s, "offer_trade:2:wood:wheat");
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_FALSE(legal(s, "counter_trade:wheat:wood,wood"));
  ok(s, "accept_trade");
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.players[0].resources, RC(2, 0, 0, 1, 0));
  ok(s, "offer_trade:2:wood:wheat");
  ok(s, "decline_trade");
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_FALSE(legal(s, "offer_trade:2:wood:wheat")) << "at most 2 offers per turn";
}

// ---------------------------------------------------------------- development cards

// docs/RULES.md, development cards: "The card you play can't be one bought this turn."
TEST(DevCards, BoughtThisTurnIsNotPlayable) {
  GameState s = blank();
  for (int i = 0; i < kDevDeckSize; ++i)
    if (s.deck[i] == DevCard::Knight) {
      std::swap(s.deck[0], s.deck[i]);
      break;
    }
  give(s, 0, RC(0, 0, 1, 1, 1));
  ok(s, "buy_dev_card");
  EXPECT_EQ(s.players[0].dev_cards[0], 1);
  std::string why;
  EXPECT_FALSE(is_legal(s, act("play_dev:knight"), &why));
  EXPECT_NE(why.find("bought this turn"), std::string::npos) << why;
  ok(s, "end_turn");
  EXPECT_EQ(s.players[0].dev_bought_this_turn[0], 0);
  s.current = 0;  // (back to seat 0's next turn)
  EXPECT_TRUE(legal(s, "play_dev:knight"));
}

// docs/RULES.md, development cards: a knight may be played before the roll; one card per turn;
// Largest Army at 3.
TEST(DevCards, KnightBeforeRollOneCardPerTurnLargestArmy) {
  GameState s = blank();
  give_dev(s, 0, DevCard::Knight);
  give_dev(s, 0, DevCard::Knight);
  give_dev(s, 0, DevCard::Monopoly);
  auto played_knights = [&](int p, int n) {
    for (int i = 0; i < n; ++i) {
      give_dev(s, p, DevCard::Knight);
      --s.players[p].dev_cards[0];
      ++s.players[p].dev_played[0];
    }
  };
  played_knights(0, 2);
  played_knights(1, 3);
  s.largest_army_holder = 1;
  s.phase = Phase::Roll;
  ok(s, "play_dev:knight");
  EXPECT_EQ(s.phase, Phase::MoveRobber);
  EXPECT_EQ(s.largest_army_holder, 1) << "3 vs 3: the holder keeps it";
  ok(s, "move_robber:0");
  EXPECT_EQ(s.phase, Phase::Roll) << "back to the roll";
  EXPECT_FALSE(legal(s, "play_dev:knight")) << "one card per turn";
  EXPECT_FALSE(legal(s, "play_dev:monopoly:ore"));
  s.dev_played_this_turn = false;  // next turn
  ok(s, "play_dev:knight");
  EXPECT_EQ(s.largest_army_holder, 0) << "4 beats 3";
  EXPECT_EQ(s.total_vp(0), 2);
}

// docs/RULES.md, development cards: Monopoly takes every card of one resource from every other
// player.
TEST(DevCards, Monopoly) {
  GameState s = blank();
  give_dev(s, 0, DevCard::Monopoly);
  give(s, 0, RC(0, 0, 0, 1, 0));
  give(s, 1, RC(1, 0, 0, 3, 0));
  give(s, 3, RC(0, 0, 0, 2, 1));
  ok(s, "play_dev:monopoly:wheat");
  EXPECT_EQ(s.players[0].resources, RC(0, 0, 0, 6, 0));
  EXPECT_EQ(s.players[1].resources, RC(1, 0, 0, 0, 0));
  EXPECT_EQ(s.players[3].resources, RC(0, 0, 0, 0, 1));
}

// docs/RULES.md, development cards: Year of Plenty takes 2 from the supply (they may match); the
// bank must have them.
TEST(DevCards, YearOfPlentyNeedsTheBank) {
  GameState s = blank();
  give_dev(s, 0, DevCard::YearOfPlenty);
  give(s, 1, RC(18, 0, 0, 0, 0));
  EXPECT_FALSE(legal(s, "play_dev:year_of_plenty:wood:wood"));
  EXPECT_TRUE(legal(s, "play_dev:year_of_plenty:ore:ore"));
  ok(s, "play_dev:year_of_plenty:wood:ore");
  EXPECT_EQ(s.players[0].resources, RC(1, 0, 0, 0, 1));
}

// docs/RULES.md, development cards: road building = up to 2 free roads; with only one legal edge it
// ends after one.
TEST(DevCards, RoadBuildingWithOnlyOneLegalEdge) {
  const Topology& t = topology();
  int v = -1;
  for (int i = 0; i < kNumVertices && v < 0; ++i)
    if (t.vertices[i].num_neighbors == 2) v = i;
  ASSERT_GE(v, 0);
  const int y = t.vertices[v].neighbors[0], z = t.vertices[v].neighbors[1];
  auto other = [&](int a, int not_this) {
    for (int j = 0; j < t.vertices[a].num_neighbors; ++j)
      if (t.vertices[a].neighbors[j] != not_this)
        return static_cast<int>(t.vertices[a].neighbors[j]);
    return -1;
  };
  GameState s = blank();
  settle(s, 0, v);
  const int x = other(y, v);
  settle(s, 1, x);
  road(s, 1, edge(x, y));
  road(s, 1, edge(y, v));
  const int u1 = other(z, v);
  settle(s, 2, u1);
  road(s, 2, edge(z, u1));
  for (int j = 0; j < t.vertices[z].num_neighbors; ++j) {
    const int u = t.vertices[z].neighbors[j];
    if (u != v && u != u1) road(s, 2, edge(z, u));
  }
  ASSERT_EQ(check_invariants(s), "");
  give_dev(s, 0, DevCard::RoadBuilding);
  ok(s, "play_dev:road_building");
  EXPECT_EQ(s.phase, Phase::RoadBuilding1);
  const auto legal1 = legal_actions(s);
  ASSERT_EQ(legal1.size(), 1u) << str(legal1);
  EXPECT_EQ(legal1[0].arg, edge(v, z));
  EXPECT_FALSE(legal(s, "end_turn")) << "a possible free road may not be skipped";
  ASSERT_TRUE(apply(s, legal1[0]));
  EXPECT_EQ(s.phase, Phase::Main) << "no second edge: ends early";
  EXPECT_EQ(s.players[0].roads_left, 14);
  EXPECT_EQ(check_invariants(s), "");
}

// docs/RULES.md, development cards: up to 2 roads: with one road piece left the card places just
// one.
TEST(DevCards, RoadBuildingWithOneRoadLeft) {
  GameState s = blank();
  settle(s, 0, hex(9).vertices[0]);
  give_dev(s, 0, DevCard::RoadBuilding);
  s.players[0].roads_left = 1;  // (as if 14 roads were out; invariants not checked here)
  ASSERT_TRUE(apply(s, act("play_dev:road_building")));
  ASSERT_EQ(s.phase, Phase::RoadBuilding1);
  ASSERT_TRUE(apply(s, legal_actions(s)[0]));
  EXPECT_EQ(s.phase, Phase::Main);
  EXPECT_EQ(s.players[0].roads_left, 0);
}

// ---------------------------------------------------------------- hidden information

TEST(Observation, MistAndTerraIncognitaAndHiddenHands) {
  GameOptions o;
  o.visibility = Visibility::Mist;
  GameState s = new_game(o, 8);
  Observation ob = observe(s, 0);
  for (int h = 0; h < kNumHexes; ++h) {
    // The robber marks the desert from the start, so it stays visible.
    EXPECT_EQ(ob.view.layout.terrain[h], h == s.robber_hex ? Terrain::Desert : Terrain::Hidden);
    EXPECT_EQ(ob.view.layout.number[h], s.layout.number[h]) << "mist: numbers visible";
  }
  o.visibility = Visibility::TerraIncognita;
  s = new_game(o, 8);
  ob = observe(s, 0);
  EXPECT_EQ(ob.view.layout.number[0], 0);
  EXPECT_EQ(ob.view.layout.ports[0], PortType::Hidden);
  // After setup everything is revealed.
  std::vector<Action> legal;
  while (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) {
    legal_actions(s, legal);
    apply(s, legal[0]);
  }
  ob = observe(s, 1);
  EXPECT_EQ(ob.view.layout, s.layout);
  // docs/RULES.md, hidden information: a seat sees its own hand, and only counts for the others.
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(ob.hand_size[p], s.hand_size(p));
    if (p != 1) {
      EXPECT_EQ(total(ob.view.players[p].resources), 0);
    }
  }
  EXPECT_EQ(ob.view.players[1].resources, s.players[1].resources);
  EXPECT_EQ(ob.unknown_dev_cards, (DevCounts{14, 5, 2, 2, 2}));
}

// ---------------------------------------------------------------- Game and replay

TEST(GameReplay, ReplayIsBitIdentical) {
  Game g(classic_options(), 77);
  Rng pick{5};
  ASSERT_NO_FATAL_FAILURE(testing_support::play_random_actions(g, pick, 600));
  Game r;
  std::string err;
  ASSERT_TRUE(Game::replay(classic_options(), 77, g.history(), &r, &err)) << err;
  EXPECT_TRUE(r.state() == g.state());
  EXPECT_EQ(r.events(), g.events());
  const std::string names[4] = {"Red", "Blue", "White", "Orange"};
  for (const Event& e : g.events()) EXPECT_FALSE(describe(e, names).empty());
  // Text form too.
  Game t(classic_options(), 77);
  for (const Action& a : g.history()) ASSERT_TRUE(t.apply(a.to_string(), &err)) << err;
  EXPECT_TRUE(t.state() == g.state());
  EXPECT_FALSE(t.apply(std::string("bogus"), &err));
}

}  // namespace
}  // namespace catan
