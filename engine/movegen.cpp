// The legal actions for the player to move (engine/rules.h), in a deterministic order: the
// move generator. Built from bit sets where the lists are long (roads, settlements).
#include <algorithm>
#include <vector>

#include "engine/rules_internal.h"

namespace catan {
namespace {

using namespace detail;

// Appends an action built in place (no temporaries: a 13-byte Action copied through the
// stack caused store-forwarding stalls that dominated legal_actions).
inline Action& push(std::vector<Action>& out, ActionType t, int a = -1, int b = -1) {
  Action& x = out.emplace_back();
  x.type = t;
  x.arg = static_cast<int8_t>(a);
  x.arg2 = static_cast<int8_t>(b);
  return x;
}

void push_roads(const GameState& s, int p, ActionType type, std::vector<Action>& out) {
  const EdgeSet set = road_candidates(s, p);
  for (int k = 0; k < 2; ++k) {
    uint64_t bits = set.w[k];
    while (bits) {
      const int e = k * 64 + __builtin_ctzll(bits);
      bits &= bits - 1;
      push(out, type, e);
    }
  }
}

void add_dev_plays(const GameState& s, int p, std::vector<Action>& out) {
  if (s.dev_played_this_turn) return;
  const PlayerState& P = s.players[p];
  auto playable = [&](int d) { return P.dev_cards[d] > P.dev_bought_this_turn[d]; };
  if (playable(kKnight)) push(out, ActionType::PlayKnight);
  if (playable(kRoadBuilding)) push(out, ActionType::PlayRoadBuilding);
  if (playable(kYearOfPlenty))
    for (int r1 = 0; r1 < kNumResources; ++r1)
      for (int r2 = r1; r2 < kNumResources; ++r2)
        if (r1 == r2 ? s.bank[r1] >= 2 : (s.bank[r1] >= 1 && s.bank[r2] >= 1))
          push(out, ActionType::PlayYearOfPlenty, r1, r2);
  if (playable(kMonopoly))
    for (int r = 0; r < kNumResources; ++r) push(out, ActionType::PlayMonopoly, r);
}

void add_discards(const ResourceCounts& hand, int r, int left, Action& cur,
                  std::vector<Action>& out) {
  if (r == kNumResources - 1) {
    if (left <= hand[r]) {
      cur.give[r] = static_cast<uint8_t>(left);
      out.push_back(cur);
    }
    return;
  }
  int rest = 0;
  for (int i = r + 1; i < kNumResources; ++i) rest += hand[i];
  const int hi = std::min<int>(hand[r], left);
  for (int c = hi; c >= 0 && left - c <= rest; --c) {
    cur.give[r] = static_cast<uint8_t>(c);
    add_discards(hand, r + 1, left - c, cur, out);
  }
  cur.give[r] = 0;
}

}  // namespace

void legal_actions(const GameState& s, std::vector<Action>& out) {
  legal_actions(s, out, true);
}

void legal_actions(const GameState& s, std::vector<Action>& out, bool include_offers) {
  out.clear();
  if (s.phase == Phase::GameOver) return;
  const int p = s.to_move();
  const PlayerState& P = s.players[p];
  const ResourceCounts& hand = P.resources;
  const int n = s.num_players;
  switch (s.phase) {
    case Phase::SetupSettlement: {
      for_bits(settlement_spots(s), [&](int v) { push(out, ActionType::BuildSettlement, v); });
      break;
    }
    case Phase::SetupRoad: {
      const VertexInfo& V = T().vertices[s.last_setup_vertex];
      int es[3], k = 0;
      for (int j = 0; j < V.num_neighbors; ++j)
        if (s.edge_owner[V.edges[j]] < 0) es[k++] = V.edges[j];
      for (int i = 1; i < k; ++i)  // ascending edge id
        for (int j = i; j > 0 && es[j] < es[j - 1]; --j) std::swap(es[j], es[j - 1]);
      for (int i = 0; i < k; ++i) push(out, ActionType::BuildRoad, es[i]);
      break;
    }
    case Phase::Roll:
      push(out, ActionType::Roll);
      add_dev_plays(s, p, out);
      break;
    case Phase::Discard: {
      Action cur = Action::simple(ActionType::Discard);
      add_discards(hand, 0, P.discard_owed, cur, out);
      break;
    }
    case Phase::MoveRobber:
      for (int h = 0; h < kNumHexes; ++h)
        if (h != s.robber_hex) push(out, ActionType::MoveRobber, h);
      break;
    case Phase::Steal:
      for (int q = 0; q < n; ++q)
        if (can_steal_from(s, p, q)) push(out, ActionType::Steal, q);
      break;
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      push_roads(s, p, ActionType::FreeRoad, out);
      break;
    case Phase::TradeResponse:
      if (covers(hand, s.offer.get)) push(out, ActionType::AcceptTrade);
      push(out, ActionType::DeclineTrade);
      break;
    case Phase::TradeConfirm:
      for (int q = 0; q < n; ++q) {
        const Action a = Action::simple(ActionType::ConfirmTrade, q);
        const TradeAnswer t = s.offer.answers[q];
        if ((t == TradeAnswer::Accepted || t == TradeAnswer::Countered) && check(s, a).ok())
          out.push_back(a);
      }
      push(out, ActionType::CancelTrade);
      break;
    case Phase::Main: {
      if (P.roads_left > 0 && covers(hand, kRoadCost)) push_roads(s, p, ActionType::BuildRoad, out);
      if (P.settlements_left > 0 && covers(hand, kSettlementCost)) {
        // Distance rule (empty, no building one edge away) and touching an own road.
        uint64_t own_e[2];
        edges_owned_by(s, p, own_e);
        for_bits(edge_endpoints(own_e) & settlement_spots(s),
                 [&](int v) { push(out, ActionType::BuildSettlement, v); });
      }
      if (P.cities_left > 0 && covers(hand, kCityCost))
        for_bits(vertices_owned_by(s, p) & ~city_vertices(s),
                 [&](int v) { push(out, ActionType::BuildCity, v); });
      if (s.deck_pos < kDevDeckSize && covers(hand, kDevCardCost))
        push(out, ActionType::BuyDevCard);
      for (int g = 0; g < kNumResources; ++g)
        if (hand[g] >= P.trade_rate[g])
          for (int x = 0; x < kNumResources; ++x)
            if (x != g && s.bank[x] > 0) push(out, ActionType::TradeBank, g, x);
      const GameOptions& o = s.options;
      if (include_offers &&
          (!o.max_offers_per_turn || s.offers_this_turn < o.max_offers_per_turn)) {
        // The same 1-for-1 block for every target: build it once, append it per target.
        Action block[kNumResources * (kNumResources - 1)];
        int k = 0;
        for (int g = 0; g < kNumResources; ++g) {
          if (!hand[g]) continue;
          for (int x = 0; x < kNumResources; ++x) {
            if (x == g) continue;
            Action& a = block[k++];
            a = Action::simple(ActionType::OfferTrade);
            a.give[g] = 1;
            a.get[x] = 1;
          }
        }
        const int first_target = o.trade == TradeMode::OneForOne ? 0 : -1;
        if (k)
          for (int t = first_target; t < n; ++t) {
            if (t == p || (t >= 0 && s.players[t].forfeited)) continue;
            for (int i = 0; i < k; ++i) block[i].arg = static_cast<int8_t>(t);
            out.insert(out.end(), block, block + k);
          }
      }
      add_dev_plays(s, p, out);
      push(out, ActionType::EndTurn);
      break;
    }
    case Phase::GameOver:
      break;
  }
}

std::vector<Action> legal_actions(const GameState& s) {
  std::vector<Action> out;
  legal_actions(s, out);
  return out;
}

}  // namespace catan
