// A grid of actions to ask the rules about in a position: every action type with many
// argument values (ids in range and just outside it), random bundle offers, counters and
// discards, and offers, counters and a discard drawn from the hand of the player to move (so
// that some are legal). Shared by the rule property tests (tests/engine/why_not_test.cpp) and
// any test that wants to compare a view of the rules with engine/rules.h.
#pragma once
#include <vector>

#include "engine/action.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace catan::testing_support {

inline ResourceCounts random_bundle(Rng& rng, int max_cards) {
  ResourceCounts c{};
  const int n = static_cast<int>(rng.below(static_cast<uint32_t>(max_cards) + 1));
  for (int i = 0; i < n; ++i) ++c[rng.below(kNumResources)];
  return c;
}

inline std::vector<Action> action_grid(const GameState& s, Rng& rng) {
  std::vector<Action> out;
  for (ActionType t : {ActionType::Roll, ActionType::BuyDevCard, ActionType::AcceptTrade,
                       ActionType::DeclineTrade, ActionType::CancelTrade, ActionType::PlayKnight,
                       ActionType::PlayRoadBuilding, ActionType::EndTurn})
    out.push_back(Action::simple(t));
  for (int v = -1; v <= kNumVertices; ++v) {
    out.push_back(Action::simple(ActionType::BuildSettlement, v));
    out.push_back(Action::simple(ActionType::BuildCity, v));
  }
  for (int e = -1; e <= kNumEdges; ++e) {
    out.push_back(Action::simple(ActionType::BuildRoad, e));
    out.push_back(Action::simple(ActionType::FreeRoad, e));
  }
  for (int h = -1; h <= kNumHexes; ++h) out.push_back(Action::simple(ActionType::MoveRobber, h));
  for (int q = -1; q <= kMaxPlayers; ++q) {
    out.push_back(Action::simple(ActionType::Steal, q));
    out.push_back(Action::simple(ActionType::ConfirmTrade, q));
  }
  for (int r = -1; r <= kNumResources; ++r) {
    out.push_back(Action::simple(ActionType::PlayMonopoly, r));
    for (int x = -1; x <= kNumResources; ++x) {
      out.push_back(Action::simple(ActionType::TradeBank, r, x));
      out.push_back(Action::simple(ActionType::PlayYearOfPlenty, r, x));
    }
  }
  for (int k = 0; k < 6; ++k) {
    for (int to = -1; to <= kMaxPlayers; ++to) {
      Action a = Action::simple(ActionType::OfferTrade, to);
      a.give = random_bundle(rng, k < 3 ? 1 : 4);
      a.get = random_bundle(rng, k < 3 ? 1 : 4);
      out.push_back(a);
    }
    Action c = Action::simple(ActionType::CounterTrade);
    c.give = random_bundle(rng, k < 3 ? 1 : 4);
    c.get = random_bundle(rng, k < 3 ? 1 : 4);
    out.push_back(c);
    Action d = Action::simple(ActionType::Discard);
    d.give = random_bundle(rng, 8);
    out.push_back(d);
  }
  // Offers and counters built from the hand of the player to move, so that some are legal.
  const int p = s.to_move();
  if (p >= 0) {
    const ResourceCounts& hand = s.players[p].resources;
    for (int g = 0; g < kNumResources; ++g) {
      if (!hand[g]) continue;
      const int x = static_cast<int>(rng.below(kNumResources));
      Action a = Action::simple(ActionType::OfferTrade, static_cast<int>(rng.below(6)) - 1);
      a.give[g] = 1;
      a.get[x] = 1;
      out.push_back(a);
      Action c = Action::simple(ActionType::CounterTrade);
      c.give = a.give;
      c.get = a.get;
      out.push_back(c);
    }
    // A discard of exactly the owed count, drawn from the hand.
    if (s.players[p].discard_owed) {
      Action d = Action::simple(ActionType::Discard);
      ResourceCounts left = hand;
      for (int k = 0; k < s.players[p].discard_owed; ++k) {
        int r = static_cast<int>(rng.below(kNumResources));
        while (!left[r]) r = (r + 1) % kNumResources;
        --left[r];
        ++d.give[r];
      }
      out.push_back(d);
    }
  }
  return out;
}

}  // namespace catan::testing_support
