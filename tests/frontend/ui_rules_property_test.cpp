// What the UI enables is exactly what the engine accepts. Over random positions (several
// seeds and presets, every phase a random game reaches, trades included) and a grid of
// actions per position (trade drafts, counters, answers, confirmations, bank trades, every
// build spot, robber moves, discards, development cards), frontend/verdicts.h's answer for
// the player to move, asked on their own view, equals the engine's on the full state; the
// one exception is a partner's hidden cards (TargetDoesNotHold), which the UI leaves to the
// engine at submit time. The build tools are enabled exactly when some spot is legal, and
// nothing is ever enabled for a seat whose move it is not.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/observation.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "engine/state.h"
#include "frontend/verdicts.h"

namespace catan::ui {
namespace {

ResourceCounts random_bundle(Rng& rng, int max_cards) {
  ResourceCounts c{};
  const int n = static_cast<int>(rng.below(static_cast<uint32_t>(max_cards) + 1));
  for (int i = 0; i < n; ++i) ++c[rng.below(kNumResources)];
  return c;
}

Action with_bundles(ActionType t, int arg, const ResourceCounts& give, const ResourceCounts& get) {
  Action a = Action::simple(t, arg);
  a.give = give;
  a.get = get;
  return a;
}

// The actions to ask about in position `s`.
std::vector<Action> action_grid(const GameState& s, Rng& rng) {
  std::vector<Action> out;
  for (ActionType t : {ActionType::Roll, ActionType::EndTurn, ActionType::BuyDevCard,
                       ActionType::AcceptTrade, ActionType::DeclineTrade, ActionType::CancelTrade,
                       ActionType::PlayKnight, ActionType::PlayRoadBuilding})
    out.push_back(Action::simple(t));
  for (int r = 0; r < kNumResources; ++r) {
    out.push_back(Action::simple(ActionType::PlayMonopoly, r));
    for (int w = 0; w < kNumResources; ++w) {
      out.push_back(Action::simple(ActionType::TradeBank, r, w));
      out.push_back(Action::simple(ActionType::PlayYearOfPlenty, r, w));
    }
  }
  for (int v = 0; v < kNumVertices; ++v) {
    out.push_back(Action::simple(ActionType::BuildSettlement, v));
    out.push_back(Action::simple(ActionType::BuildCity, v));
  }
  for (int e = 0; e < kNumEdges; ++e) {
    out.push_back(Action::simple(ActionType::BuildRoad, e));
    out.push_back(Action::simple(ActionType::FreeRoad, e));
  }
  for (int h = 0; h < kNumHexes; ++h) out.push_back(Action::simple(ActionType::MoveRobber, h));
  for (int q = 0; q < kMaxPlayers; ++q) out.push_back(Action::simple(ActionType::ConfirmTrade, q));
  for (int k = 0; k < 24; ++k) {
    const int to = static_cast<int>(rng.below(static_cast<uint32_t>(s.num_players) + 1)) - 1;
    out.push_back(
        with_bundles(ActionType::OfferTrade, to, random_bundle(rng, 3), random_bundle(rng, 3)));
    out.push_back(
        with_bundles(ActionType::CounterTrade, -1, random_bundle(rng, 3), random_bundle(rng, 3)));
    out.push_back(with_bundles(ActionType::Discard, -1, random_bundle(rng, 6), {}));
  }
  if (s.phase == Phase::TradeResponse) {  // the offer itself, and it turned around
    out.push_back(with_bundles(ActionType::CounterTrade, -1, s.offer.get, s.offer.give));
  }
  return out;
}

// The next action of a random game: mostly legal_actions(), sometimes a random bundle offer
// or counter (legal_actions lists only one-for-one offers and no counters).
Action next_action(const GameState& s, Rng& rng) {
  if ((s.phase == Phase::Main || s.phase == Phase::TradeResponse) && rng.below(4) == 0) {
    const ActionType t = s.phase == Phase::Main ? ActionType::OfferTrade : ActionType::CounterTrade;
    const int to = static_cast<int>(rng.below(static_cast<uint32_t>(s.num_players) + 1)) - 1;
    const Action a = with_bundles(t, t == ActionType::OfferTrade ? to : -1, random_bundle(rng, 2),
                                  random_bundle(rng, 2));
    if (is_legal(s, a)) return a;
  }
  const std::vector<Action> legal = legal_actions(s);
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

struct Tally {
  int positions = 0, asked = 0, enabled = 0, left_to_the_engine = 0;
};

void check_position(const GameState& s, Rng& rng, Tally* tally) {
  const int p = s.to_move();
  if (p < 0) return;
  const GameState view = observe(s, p).view;
  const int q = (p + 1) % s.num_players;
  const GameState other_view = observe(s, q).view;
  const std::vector<Action> legal = legal_actions(s);
  ++tally->positions;
  for (const Action& a : action_grid(s, rng)) {
    const Verdict ui = ui_verdict(view, p, true, a);
    const Verdict engine = why_not(s, a);
    ++tally->asked;
    tally->enabled += ui.ok();
    if (engine.reason == Reason::TargetDoesNotHold) {
      EXPECT_TRUE(ui.ok()) << a.to_string() << " in " << phase_name(s.phase);
      ++tally->left_to_the_engine;
      continue;
    }
    ASSERT_EQ(ui.ok(), engine.ok())
        << a.to_string() << " by seat " << p << " in " << phase_name(s.phase) << ": ui '" << ui.text
        << "', engine '" << engine.text << "'";
    EXPECT_EQ(ui.reason, engine.reason) << a.to_string() << " in " << phase_name(s.phase);
    // Nobody else, and nobody while the screen may not act, is ever offered the action.
    EXPECT_FALSE(ui_verdict(view, p, false, a).ok()) << a.to_string();
    EXPECT_FALSE(ui_verdict(other_view, q, true, a).ok()) << a.to_string();
  }
  for (ActionType t : {ActionType::BuildRoad, ActionType::BuildSettlement, ActionType::BuildCity}) {
    const bool any_spot =
        s.phase == Phase::Main &&
        std::any_of(legal.begin(), legal.end(), [t](const Action& a) { return a.type == t; });
    const Verdict tool = tool_verdict(view, p, true, t, legal);
    EXPECT_EQ(tool.ok(), any_spot)
        << static_cast<int>(t) << " in " << phase_name(s.phase) << ": " << tool.text;
    if (!tool.ok()) {
      EXPECT_FALSE(tool.sentence().empty());
    }
  }
}

GameOptions preset(int i) {
  GameOptions o = classic_options();
  switch (i % 4) {
    case 1:
      o = arena_options();
      break;
    case 2:
      o.players = 3;
      o.max_offers_per_turn = 2;
      o.visibility = Visibility::Mist;
      break;
    case 3:
      o.visibility = Visibility::TerraIncognita;
      set_mode(o, Mode::Blitz);
      break;
    default:
      break;
  }
  return o;
}

TEST(UiRulesProperty, WhatTheUiEnablesIsWhatTheEngineAccepts) {
  Tally tally;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Rng rng{seed * 7919};
    GameState s = new_game(preset(static_cast<int>(seed)), seed);
    for (int step = 0; step < 320 && s.phase != Phase::GameOver; ++step) {
      if (step % 3 == 0) check_position(s, rng, &tally);
      if (testing::Test::HasFatalFailure()) return;
      const Action a = next_action(s, rng);
      std::string err;
      ASSERT_TRUE(apply(s, a, &err)) << a.to_string() << ": " << err;
    }
  }
  // The grid reached many positions and enabled actions, not only refusals.
  EXPECT_GT(tally.positions, 500);
  EXPECT_GT(tally.enabled, 1000);
}

}  // namespace
}  // namespace catan::ui
