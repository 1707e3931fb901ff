// why_not() is the one legality check: over random positions (many seeds, every preset,
// every phase) and a grid of actions (every action type with many argument values, in range
// and out, plus random bundle offers, counters and discards), why_not(s, a).ok() ==
// is_legal(s, a) == apply() on a copy succeeds; every refusal has a code, a name, a text
// equal to is_legal's and to apply's error, and a player sentence.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "tests/engine/action_grid.h"
#include "tests/engine/rules_fixture.h"

namespace catan {
namespace {

using testing_rules::act;
using testing_rules::blank;
using testing_rules::give;
using testing_rules::give_dev;
using testing_rules::RC;
using testing_rules::road;
using testing_rules::settle;
using testing_support::action_grid;
using testing_support::random_bundle;

struct Coverage {
  std::set<Reason> reasons;
  std::set<Phase> phases;
  int legal = 0, refused = 0;
};

// The property, for one action in one position.
void check_one(const GameState& s, const Action& a, Coverage& cov) {
  const Verdict v = why_not(s, a);
  std::string why = "unset";
  const bool legal = is_legal(s, a, &why);
  GameState copy = s;
  std::string error;
  const bool applied = apply(copy, a, &error);
  const std::string what = a.to_string() + " in phase " + phase_name(s.phase);
  ASSERT_EQ(v.ok(), legal) << what;
  ASSERT_EQ(legal, applied) << what << ": " << error;
  if (legal) {
    ASSERT_TRUE(v.text.empty()) << what;
    ASSERT_EQ(why, "") << what;
    ++cov.legal;
    return;
  }
  ++cov.refused;
  cov.reasons.insert(v.reason);
  ASSERT_NE(v.reason, Reason::Ok) << what;
  ASSERT_NE(v.reason, Reason::NotYourTurn) << what << ": only the seat overload says that";
  ASSERT_FALSE(v.text.empty()) << what;
  ASSERT_EQ(why, v.text) << what;
  ASSERT_EQ(error, v.text + " (" + a.to_string() + ")") << what;
  ASSERT_STRNE(reason_name(v.reason), "?") << what;
  const std::string sentence = v.sentence();
  ASSERT_FALSE(sentence.empty()) << what;
  ASSERT_TRUE(sentence[0] >= 'A' && sentence[0] <= 'Z') << sentence;
  ASSERT_EQ(sentence.back(), '.') << sentence;
  ASSERT_EQ(sentence.find('<'), std::string::npos) << sentence;
  ASSERT_EQ(sentence.find('_'), std::string::npos) << sentence;
}

void check_position(const GameState& s, Rng& rng, Coverage& cov) {
  cov.phases.insert(s.phase);
  const std::vector<Action> grid_actions = action_grid(s, rng);
  for (const Action& a : grid_actions) {
    check_one(s, a, cov);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The move generator agrees both ways: every listed action is legal, and every legal grid
  // action is listed (but bundle offers and counters, which the list leaves out).
  std::vector<Action> legal;
  legal_actions(s, legal);
  for (const Action& a : legal) ASSERT_TRUE(why_not(s, a).ok()) << a.to_string();
  for (const Action& a : grid_actions) {
    if (a.type == ActionType::OfferTrade || a.type == ActionType::CounterTrade) continue;
    if (a.type == ActionType::PlayYearOfPlenty && a.arg > a.arg2) continue;  // listed r1 <= r2
    if (why_not(s, a).ok()) {
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end())
          << "legal but not listed: " << a.to_string();
    }
  }
  // Asked for a seat: the seat to move gets the same verdict, any other NotYourTurn.
  const Action probe = legal.empty() ? Action::simple(ActionType::Roll) : legal.front();
  for (int seat = 0; seat < s.num_players; ++seat) {
    const Verdict v = why_not(s, seat, probe);
    const Reason expected = s.phase == Phase::GameOver ? Reason::GameOver
                            : seat == s.to_move()      ? why_not(s, probe).reason
                                                       : Reason::NotYourTurn;
    ASSERT_EQ(v.reason, expected);
  }
}

struct Preset {
  const char* name;
  GameOptions options;
};

std::vector<Preset> presets() {
  std::vector<Preset> v;
  v.push_back({"classic", classic_options()});
  v.push_back({"arena", arena_options()});
  GameOptions o = classic_options();
  set_mode(o, Mode::Blitz);
  o.trade = TradeMode::OneForOne;
  o.max_offers_per_turn = 2;
  v.push_back({"blitz_one_for_one", o});
  o = classic_options();
  o.players = 3;
  o.board = LayoutKind::Official;
  o.dice = DiceMode::Balanced;
  o.visibility = Visibility::Mist;
  v.push_back({"three_mist_balanced", o});
  o = classic_options();
  o.players = 2;
  o.visibility = Visibility::TerraIncognita;
  o.discard = DiscardMode::AutoLargest;
  v.push_back({"two_terra_incognita", o});
  o = arena_options();
  o.forfeit_on_illegal = false;
  v.push_back({"arena_no_forfeit", o});
  return v;
}

TEST(WhyNot, AgreesWithIsLegalAndApplyEverywhere) {
  Coverage cov;
  for (const Preset& pr : presets()) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      SCOPED_TRACE(std::string(pr.name) + " seed " + std::to_string(seed));
      GameState s = new_game(pr.options, seed);
      Rng pick{seed * 977 + 13};
      Rng grid{seed * 31 + 5};
      std::vector<Action> legal;
      for (int step = 0; step < 3000 && s.phase != Phase::GameOver; ++step) {
        // Every other position in the rarer phases, every 8th elsewhere.
        const bool rare = s.phase != Phase::Main && s.phase != Phase::Roll;
        if (grid.below(rare ? 2 : 8) == 0) {
          check_position(s, grid, cov);
          if (HasFatalFailure()) return;
        }
        legal_actions(s, legal);
        ASSERT_FALSE(legal.empty());
        Action a = legal[pick.below(static_cast<uint32_t>(legal.size()))];
        if (a.type == ActionType::OfferTrade && pick.below(6) != 0) a = legal.back();
        // A random counter now and then, so that trade confirmations see counters.
        if (s.phase == Phase::TradeResponse && pick.below(3) == 0) {
          Action c = Action::simple(ActionType::CounterTrade);
          c.give = random_bundle(pick, 2);
          c.get = random_bundle(pick, 2);
          if (is_legal(s, c)) a = c;
        }
        ASSERT_TRUE(apply(s, a)) << a.to_string();
      }
      check_position(s, grid, cov);  // the final position (usually game over)
      if (HasFatalFailure()) return;
    }
  }
  for (Phase p : {Phase::SetupSettlement, Phase::SetupRoad, Phase::Roll, Phase::Discard,
                  Phase::MoveRobber, Phase::Steal, Phase::Main, Phase::RoadBuilding1,
                  Phase::RoadBuilding2, Phase::TradeResponse, Phase::TradeConfirm, Phase::GameOver})
    EXPECT_TRUE(cov.phases.count(p)) << "phase never reached: " << phase_name(p);
  EXPECT_GT(cov.legal, 1000);
  EXPECT_GT(cov.refused, 100000);
  // Random play reaches most causes; the rest are built by hand in EveryReasonHasAPosition.
  EXPECT_GE(cov.reasons.size(), 30u);
}

TEST(WhyNot, ReasonNamesAreUniqueSnakeCase) {
  std::set<std::string> names;
  for (int i = 0; i < kNumReasons; ++i) {
    const std::string n = reason_name(static_cast<Reason>(i));
    EXPECT_NE(n, "?");
    EXPECT_TRUE(names.insert(n).second) << "duplicate " << n;
    for (char c : n) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '_') << n;
  }
  EXPECT_STREQ(reason_name(Reason::Ok), "ok");
  EXPECT_STREQ(reason_name(Reason::MustRollFirst), "must_roll_first");
  EXPECT_STREQ(reason_name(static_cast<Reason>(kNumReasons)), "?");
}

TEST(WhyNot, SentencesForPlayers) {
  GameState s = blank();
  s.phase = Phase::MoveRobber;
  Verdict v = why_not(s, act("end_turn"));
  EXPECT_EQ(v.reason, Reason::MustMoveRobberFirst);
  EXPECT_EQ(v.text, "move the robber first (move_robber:<hex>)");
  EXPECT_EQ(v.sentence(), "Move the robber first.");
  s.phase = Phase::Roll;
  v = why_not(s, act("end_turn"));
  EXPECT_EQ(v.sentence(), "Roll the dice first (or play a development card).");
  s.phase = Phase::SetupSettlement;
  EXPECT_EQ(why_not(s, act("roll")).sentence(), "Place a settlement.");
  EXPECT_EQ(Verdict{}.sentence(), "");
}

// One hand-built position per reason: the code the frontend relies on for each cause.
TEST(WhyNot, EveryReasonHasAPosition) {
  std::set<Reason> seen;
  auto expect = [&](const GameState& s, const std::string& action, Reason r) {
    const Action a = act(action.c_str());
    const Verdict v = why_not(s, a);
    EXPECT_EQ(reason_name(v.reason), std::string(reason_name(r))) << action << ": " << v.text;
    EXPECT_EQ(is_legal(s, a), r == Reason::Ok) << action;
    seen.insert(r);
  };
  auto expect_action = [&](const GameState& s, const Action& a, Reason r) {
    EXPECT_EQ(reason_name(why_not(s, a).reason), std::string(reason_name(r))) << a.to_string();
    seen.insert(r);
  };

  GameState s = blank();
  expect(s, "end_turn", Reason::Ok);
  {
    GameState g = s;
    g.phase = Phase::GameOver;
    g.winner = 0;
    expect(g, "end_turn", Reason::GameOver);
  }
  EXPECT_EQ(why_not(s, 1, act("end_turn")).reason, Reason::NotYourTurn);
  seen.insert(Reason::NotYourTurn);
  expect(s, "accept_trade", Reason::WrongPhase);
  expect(s, "roll", Reason::AlreadyRolled);
  {
    GameState g = new_game(classic_options(), 1);
    expect(g, "roll", Reason::MustPlaceSetupSettlement);
    settle(g, g.current, 0);
    g.phase = Phase::SetupRoad;
    g.last_setup_vertex = 0;
    expect(g, "roll", Reason::MustPlaceSetupRoad);
    expect(g, "build_road:71", Reason::NotConnected);
  }
  {
    GameState g = s;
    g.phase = Phase::Roll;
    expect(g, "end_turn", Reason::MustRollFirst);
    g.phase = Phase::Discard;
    g.players[0].discard_owed = 4;
    give(g, 0, RC(8, 0, 0, 0, 0));
    expect(g, "end_turn", Reason::MustDiscardFirst);
    expect(g, "discard:wood", Reason::WrongDiscardCount);
    expect(g, "discard:ore,ore,ore,ore", Reason::DoesNotHold);
    g.phase = Phase::MoveRobber;
    g.players[0].discard_owed = 0;
    expect(g, "end_turn", Reason::MustMoveRobberFirst);
    expect_action(g, Action::simple(ActionType::MoveRobber, 19), Reason::NoSuchHex);
    expect_action(g, Action::simple(ActionType::MoveRobber, g.robber_hex), Reason::RobberMustMove);
    g.phase = Phase::Steal;
    expect(g, "end_turn", Reason::MustStealFirst);
    expect(g, "steal:1", Reason::NoVictimThere);
    g.phase = Phase::RoadBuilding1;
    g.free_roads_left = 2;
    expect(g, "end_turn", Reason::MustPlaceFreeRoad);
  }
  expect_action(s, Action::simple(ActionType::BuildSettlement, 54), Reason::NoSuchVertex);
  expect_action(s, Action::simple(ActionType::BuildRoad, 72), Reason::NoSuchEdge);
  expect_action(s, Action::simple(ActionType::TradeBank, 5, 0), Reason::BadResource);
  {
    GameState g = s;
    give(g, 0, RC(4, 4, 4, 4, 4));
    const Topology& t = topology();
    const int home = 0, own_edge = t.vertices[home].edges[0];
    const int near = t.vertices[home].neighbors[1];  // one edge from home, no own road there
    settle(g, 0, home);
    road(g, 0, own_edge);
    settle(g, 1, 20);
    // A vertex and an edge far from seat 0's pieces (and from any building).
    auto far = [&](int v) {
      if (g.vertex_owner[v] >= 0) return false;
      for (int j = 0; j < t.vertices[v].num_neighbors; ++j)
        if (g.vertex_owner[t.vertices[v].neighbors[j]] >= 0 ||
            g.edge_owner[t.vertices[v].edges[j]] >= 0)
          return false;
      return true;
    };
    int lone_vertex = -1, lone_edge = -1;
    for (int v = kNumVertices - 1; v >= 0 && lone_vertex < 0; --v)
      if (far(v)) lone_vertex = v;
    for (int e = kNumEdges - 1; e >= 0 && lone_edge < 0; --e)
      if (far(t.edges[e].vertices[0]) && far(t.edges[e].vertices[1])) lone_edge = e;
    ASSERT_GE(lone_vertex, 0);
    ASSERT_GE(lone_edge, 0);
    expect(g, "build_settlement:" + std::to_string(home), Reason::Occupied);
    expect(g, "build_settlement:" + std::to_string(near), Reason::TooCloseToBuilding);
    expect(g, "build_settlement:" + std::to_string(lone_vertex), Reason::NotConnected);
    expect(g, "build_road:" + std::to_string(lone_edge), Reason::NotConnected);
    expect(g, "build_road:" + std::to_string(own_edge), Reason::Occupied);
    expect(g, "build_city:20", Reason::NotYourSettlement);
    expect(g, "trade_bank:wood:wood", Reason::SameResource);
    expect(g, "trade_bank:wood:brick", Reason::Ok);
    g.players[0].roads_left = 0;
    expect(g, "build_road:" + std::to_string(lone_edge), Reason::NoPiecesLeft);
    g.players[0].cities_left = 0;
    expect(g, "build_city:0", Reason::NoPiecesLeft);
  }
  {
    GameState g = s;
    expect(g, "buy_dev_card", Reason::CannotAfford);
    expect(g, "trade_bank:wood:brick", Reason::BelowBankRate);
    give(g, 0, RC(4, 0, 1, 1, 1));
    g.bank[1] = 0;
    g.players[1].resources[1] = kBankPerResource;
    expect(g, "trade_bank:wood:brick", Reason::BankCannotPay);
    g.deck_pos = kDevDeckSize;
    expect(g, "buy_dev_card", Reason::DeckEmpty);
  }
  {
    GameState g = s;
    expect(g, "play_dev:knight", Reason::NoSuchCard);
    give_dev(g, 0, DevCard::Knight);
    g.players[0].dev_bought_this_turn[static_cast<int>(DevCard::Knight)] = 1;
    expect(g, "play_dev:knight", Reason::CardBoughtThisTurn);
    g.players[0].dev_bought_this_turn = {};
    g.dev_played_this_turn = true;
    expect(g, "play_dev:knight", Reason::AlreadyPlayedDevCard);
  }
  {
    GameState g = s;
    give(g, 0, RC(1, 1, 0, 0, 0));
    expect(g, "offer_trade:1:wood:wood", Reason::BadBundle);
    expect(g, "offer_trade:0:wood:ore", Reason::NoSuchPartner);
    expect(g, "offer_trade:1:ore:wood", Reason::DoesNotHold);
    g.options.max_offers_per_turn = 1;
    g.offers_this_turn = 1;
    expect(g, "offer_trade:1:wood:ore", Reason::OfferLimitReached);
    g.offers_this_turn = 0;
    g.options.trade = TradeMode::OneForOne;
    expect(g, "offer_trade:all:wood:ore", Reason::OfferToOneSeatOnly);
    expect(g, "offer_trade:1:wood,brick:ore", Reason::OneForOneOnly);
  }
  {
    GameState g = s;
    give(g, 0, RC(1, 0, 0, 0, 0));
    give(g, 1, RC(0, 0, 0, 0, 1));
    ASSERT_TRUE(apply(g, act("offer_trade:all:wood:ore")));
    expect(g, "end_turn", Reason::MustAnswerTrade);
    expect(g, "counter_trade:brick:sheep", Reason::DoesNotHold);
    g.options.trade = TradeMode::OneForOne;
    expect(g, "counter_trade:ore:wood", Reason::CountersNotAllowed);
    g.options.trade = TradeMode::Bundles;
    ASSERT_TRUE(apply(g, act("accept_trade")));
    ASSERT_TRUE(apply(g, act("decline_trade")));
    ASSERT_TRUE(apply(g, act("decline_trade")));
    ASSERT_EQ(g.phase, Phase::TradeConfirm);
    expect(g, "end_turn", Reason::MustConfirmOrCancelTrade);
    expect_action(g, Action::simple(ActionType::ConfirmTrade, 4), Reason::NoSuchSeat);
    expect(g, "confirm_trade:2", Reason::SeatDidNotAccept);
    expect(g, "confirm_trade:1", Reason::Ok);
    GameState h = g;
    h.players[1].resources[4] = 0;
    ++h.bank[4];
    expect(h, "confirm_trade:1", Reason::TargetDoesNotHold);
    h = g;
    h.players[0].resources[0] = 0;
    ++h.bank[0];
    expect(h, "confirm_trade:1", Reason::DoesNotHold);
  }
  for (int i = 0; i < kNumReasons; ++i)
    EXPECT_TRUE(seen.count(static_cast<Reason>(i)))
        << "no position for " << reason_name(static_cast<Reason>(i));
}

}  // namespace
}  // namespace catan
