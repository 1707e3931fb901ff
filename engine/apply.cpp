// apply() and apply_trusted() (engine/rules.h): carrying out a legal action, the events it
// emits, and the awards, turn order and winning that follow from it. The dice and production
// are in engine/roll.cpp, the Longest Road in engine/longest_road.cpp.
#include <algorithm>
#include <string>

#include "engine/rules_internal.h"

namespace catan {
namespace {

using namespace detail;

void pay(GameState& s, int p, const ResourceCounts& cost) {
  for (int r = 0; r < kNumResources; ++r) {
    s.players[p].resources[r] -= cost[r];
    s.bank[r] += cost[r];
  }
}

void update_largest_army(GameState& s, int p, EventLog* ev) {
  const int k = s.players[p].dev_played[kKnight];
  const int h = s.largest_army_holder;
  if (h == p || k < 3) return;
  if (h >= 0 && k <= s.players[h].dev_played[kKnight]) return;
  s.largest_army_holder = static_cast<int8_t>(p);
  emit(ev, EventType::LargestArmyChanged, p, h, k);
}

// VP leader (total VP, then resource count, then lower seat), skipping `exclude` and
// forfeited seats. Used by the roll cap and by forfeits (docs/RULES.md, roll cap; illegal
// actions).
int leader(const GameState& s, int exclude) {
  int best = -1;
  for (int q = 0; q < s.num_players; ++q) {
    if (q == exclude || s.players[q].forfeited) continue;
    if (best < 0) {
      best = q;
      continue;
    }
    const int a = s.total_vp(q), b = s.total_vp(best);
    if (a > b || (a == b && s.hand_size(q) > s.hand_size(best))) best = q;
  }
  return best;
}

void win(GameState& s, int seat, EventLog* ev) {
  s.winner = static_cast<int8_t>(seat);
  s.phase = Phase::GameOver;
  s.offer = TradeOffer{};
  emit(ev, EventType::GameWon, seat, -1, seat >= 0 ? s.total_vp(seat) : 0);
}

void forfeit(GameState& s, int seat, EventLog* ev) {
  s.players[seat].forfeited = true;
  emit(ev, EventType::Forfeited, seat);
  win(s, leader(s, seat), ev);
}

void place_road(GameState& s, int p, int e, EventLog* ev) {
  // A new road never shortens p's trails, so the new longest is the old one or a trail
  // through e. When e can only sit at the end of a trail (one endpoint has no other own road
  // or holds an opponent's building), that trail is e plus the longest trail from the other
  // endpoint; otherwise recompute from scratch. road_extension() leaves e out of p's roads,
  // so it runs before e is stored: reading the edge bytes as words right after a one-byte
  // store to them would wait for the store.
  const int L = road_extension(s, p, e);
  s.edge_owner[e] = static_cast<int8_t>(p);
  --s.players[p].roads_left;
  emit(ev, EventType::RoadBuilt, p, -1, e);
  if (L >= 0) {
    if (L > s.players[p].longest_road) s.players[p].longest_road = static_cast<uint8_t>(L);
    update_longest_road(s, 0, ev);
  } else {
    update_longest_road(s, 1u << p, ev);
  }
}

void end_turn(GameState& s, int p, EventLog* ev) {
  PlayerState& P = s.players[p];
  P.dev_bought_this_turn = {};
  s.dev_played_this_turn = false;
  s.offers_this_turn = 0;
  if (s.turn < UINT16_MAX) ++s.turn;
  s.resume_phase = Phase::Main;
  if (s.options.roll_cap && s.rolls >= s.options.roll_cap) {
    // docs/RULES.md, roll cap: after the capped number of rolls the highest VP wins (ties: cards,
    // then seat).
    emit(ev, EventType::TurnEnded, p, -1);
    win(s, leader(s, -1), ev);
    return;
  }
  int next = p + 1 < s.num_players ? p + 1 : 0;  // (p + 1) % n, no division
  for (int i = 2; s.players[next].forfeited && i <= s.num_players; ++i)
    next = p + i < s.num_players ? p + i : p + i - s.num_players;
  emit(ev, EventType::TurnEnded, p, next);
  s.current = static_cast<uint8_t>(next);
  s.phase = Phase::Roll;
}

void play_card(GameState& s, int p, int d, EventLog* ev) {
  --s.players[p].dev_cards[d];
  ++s.players[p].dev_played[d];
  s.dev_played_this_turn = true;
  emit(ev, EventType::DevCardPlayed, p, -1, d);
}

void trade_over(GameState& s) {
  s.offer = TradeOffer{};
  s.phase = Phase::Main;
}

void advance_trade(GameState& s, EventLog* ev) {
  bool any = false;
  for (int q = 0; q < s.num_players; ++q) {
    const TradeAnswer t = s.offer.answers[q];
    if (t == TradeAnswer::Pending) return;
    if (t == TradeAnswer::Accepted || t == TradeAnswer::Countered) any = true;
  }
  if (any) {
    s.phase = Phase::TradeConfirm;
  } else {
    emit(ev, EventType::TradeCancelled, s.offer.from);
    trade_over(s);
  }
}

void swap_cards(GameState& s, int a, int b, const ResourceCounts& a_gives,
                const ResourceCounts& b_gives) {
  for (int r = 0; r < kNumResources; ++r) {
    s.players[a].resources[r] += b_gives[r] - a_gives[r];
    s.players[b].resources[r] += a_gives[r] - b_gives[r];
  }
}

void do_apply(GameState& s, const Action& a, EventLog* ev) {
  const int p = s.to_move();
  PlayerState& P = s.players[p];
  const int n = s.num_players;
  switch (a.type) {
    case ActionType::BuildSettlement: {
      const int v = a.arg;
      const bool setup = s.phase == Phase::SetupSettlement;
      if (!setup) pay(s, p, kSettlementCost);
      s.vertex_owner[v] = static_cast<int8_t>(p);
      s.vertex_building[v] = Building::Settlement;
      --P.settlements_left;
      emit(ev, EventType::SettlementBuilt, p, -1, v);
      const VertexInfo& V = T().vertices[v];
      if (V.port_slot >= 0) P.trade_rate = trade_rates(s, p);
      // Only an opponent with two or more roads here can have had a trail through v (a
      // trail that merely ends at v keeps its length).
      unsigned mask = 0, seen = 0;
      for (int j = 0; j < V.num_neighbors; ++j) {
        const int o = s.edge_owner[V.edges[j]];
        if (o < 0 || o == p) continue;
        if (seen & (1u << o)) mask |= 1u << o;
        seen |= 1u << o;
      }
      update_longest_road(s, mask, ev);
      if (setup) {
        if (s.setup_step >= n) {  // second settlement: one card per adjacent producing hex
          ResourceCounts got{};
          for (int i = 0; i < V.num_hexes; ++i) {
            const int r = static_cast<int>(s.layout.terrain[V.hexes[i]]);
            if (r < kNumResources && s.bank[r] > 0) {
              ++got[r];
              --s.bank[r];
              ++P.resources[r];
            }
          }
          emit(ev, EventType::StartingResources, p, -1, -1, -1, got);
        }
        s.last_setup_vertex = static_cast<int8_t>(v);
        s.phase = Phase::SetupRoad;
      }
      break;
    }
    case ActionType::BuildRoad: {
      const bool setup = s.phase == Phase::SetupRoad;
      if (!setup) pay(s, p, kRoadCost);
      place_road(s, p, a.arg, ev);
      if (setup) {
        ++s.setup_step;
        s.last_setup_vertex = -1;
        if (s.setup_step >= 2 * n) {
          s.current = s.first_player;
          s.phase = Phase::Roll;
        } else {
          s.current = static_cast<uint8_t>(setup_seat(s, s.setup_step));
          s.phase = Phase::SetupSettlement;
        }
      }
      break;
    }
    case ActionType::FreeRoad:
      place_road(s, p, a.arg, ev);
      if (s.free_roads_left > 0) --s.free_roads_left;
      if (s.phase == Phase::RoadBuilding1 && s.free_roads_left > 0 && P.roads_left > 0 &&
          any_road_ok(s, p)) {
        s.phase = Phase::RoadBuilding2;
      } else {
        s.free_roads_left = 0;
        s.phase = s.resume_phase;
      }
      break;
    case ActionType::BuildCity:
      pay(s, p, kCityCost);
      s.vertex_building[a.arg] = Building::City;
      --P.cities_left;
      ++P.settlements_left;
      emit(ev, EventType::CityBuilt, p, -1, a.arg);
      break;
    case ActionType::BuyDevCard: {
      pay(s, p, kDevCardCost);
      const int c = static_cast<int>(s.deck[s.deck_pos++]);
      ++P.dev_cards[c];
      ++P.dev_bought_this_turn[c];
      emit(ev, EventType::DevCardBought, p, -1, c);
      break;
    }
    case ActionType::TradeBank: {
      const int g = a.arg, x = a.arg2, rate = P.trade_rate[g];
      P.resources[g] -= rate;
      s.bank[g] += rate;
      ++P.resources[x];
      --s.bank[x];
      ResourceCounts gave{}, got{};
      gave[g] = static_cast<uint8_t>(rate);
      got[x] = 1;
      emit(ev, EventType::BankTrade, p, -1, -1, -1, gave, got);
      break;
    }
    case ActionType::Roll:
      roll(s, p, ev);
      break;
    case ActionType::Discard: {
      for (int r = 0; r < kNumResources; ++r) {
        P.resources[r] -= a.give[r];
        s.bank[r] += a.give[r];
      }
      P.discard_owed = 0;
      emit(ev, EventType::Discarded, p, -1, -1, -1, a.give);
      bool more = false;
      for (int q = 0; q < n; ++q)
        if (s.players[q].discard_owed) more = true;
      if (!more) s.phase = Phase::MoveRobber;
      break;
    }
    case ActionType::MoveRobber: {
      s.robber_hex = static_cast<uint8_t>(a.arg);
      emit(ev, EventType::RobberMoved, p, -1, a.arg);
      // Statistics: did the robber land next to the VP leader among the opponents?
      int best = 0;
      for (int q = 0; q < n; ++q)
        if (q != p) best = std::max(best, s.public_vp(q));
      bool any = false, vs_leader = false;
      const HexInfo& H = T().hexes[a.arg];
      for (int i = 0; i < 6; ++i) {
        const int o = s.vertex_owner[H.vertices[i]];
        if (o < 0 || o == p) continue;
        if (best > 0 && s.public_vp(o) == best) vs_leader = true;
        if (s.hand_size(o) > 0) any = true;
      }
      if (vs_leader) ++s.stats.robber_moves_against_leader[p];
      s.phase = any ? Phase::Steal : s.resume_phase;
      break;
    }
    case ActionType::Steal: {
      const int v = a.arg;
      ResourceCounts& vh = s.players[v].resources;
      int k = static_cast<int>(s.rng.below(static_cast<uint32_t>(total(vh))));
      int r = 0;
      while (k >= vh[r]) k -= vh[r++];
      --vh[r];
      ++P.resources[r];
      ++s.stats.stolen_from[v][r];
      emit(ev, EventType::Stole, p, v, r);
      s.phase = s.resume_phase;
      break;
    }
    case ActionType::EndTurn:
      end_turn(s, p, ev);
      break;
    case ActionType::PlayKnight:
      play_card(s, p, kKnight, ev);
      update_largest_army(s, p, ev);
      s.resume_phase = s.phase;
      s.phase = Phase::MoveRobber;
      break;
    case ActionType::PlayRoadBuilding:
      play_card(s, p, kRoadBuilding, ev);
      s.resume_phase = s.phase;
      if (P.roads_left > 0 && any_road_ok(s, p)) {
        s.free_roads_left = 2;
        s.phase = Phase::RoadBuilding1;
      }
      break;
    case ActionType::PlayYearOfPlenty: {
      play_card(s, p, kYearOfPlenty, ev);
      ResourceCounts got{};
      ++got[a.arg];
      ++got[a.arg2];
      for (int r = 0; r < kNumResources; ++r) {
        P.resources[r] += got[r];
        s.bank[r] -= got[r];
      }
      emit(ev, EventType::YearOfPlentyTook, p, -1, -1, -1, got);
      break;
    }
    case ActionType::PlayMonopoly: {
      play_card(s, p, kMonopoly, ev);
      const int r = a.arg;
      for (int q = 0; q < n; ++q) {
        if (q == p) continue;
        const int c = s.players[q].resources[r];
        s.players[q].resources[r] = 0;
        P.resources[r] += c;
        emit(ev, EventType::MonopolyTook, p, q, r, c);
      }
      break;
    }
    case ActionType::OfferTrade: {
      if (s.offers_this_turn < 255) ++s.offers_this_turn;
      ++s.stats.offers_made[p];
      s.offer = TradeOffer{};
      s.offer.from = static_cast<int8_t>(p);
      s.offer.to = a.arg;
      s.offer.give = a.give;
      s.offer.get = a.get;
      for (int q = 0; q < kMaxPlayers; ++q)
        s.offer.answers[q] =
            (q < n && q != p && !s.players[q].forfeited && (a.arg == -1 || a.arg == q))
                ? TradeAnswer::Pending
                : TradeAnswer::NotAsked;
      emit(ev, EventType::TradeOffered, p, a.arg, -1, -1, a.give, a.get);
      s.phase = Phase::TradeResponse;
      break;
    }
    case ActionType::AcceptTrade:
      s.offer.answers[p] = TradeAnswer::Accepted;
      emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Accepted));
      if (s.options.trade ==
          TradeMode::OneForOne) {  // docs/RULES.md, player trade: swapped at once
        swap_cards(s, s.offer.from, p, s.offer.give, s.offer.get);
        ++s.stats.offers_accepted[s.offer.from];
        emit(ev, EventType::TradeDone, s.offer.from, p, -1, -1, s.offer.give, s.offer.get);
        trade_over(s);
      } else {
        advance_trade(s, ev);
      }
      break;
    case ActionType::DeclineTrade:
      s.offer.answers[p] = TradeAnswer::Declined;
      emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Declined));
      if (s.options.trade == TradeMode::OneForOne)
        trade_over(s);
      else
        advance_trade(s, ev);
      break;
    case ActionType::CounterTrade:
      s.offer.answers[p] = TradeAnswer::Countered;
      s.offer.counter_give[p] = a.give;
      s.offer.counter_get[p] = a.get;
      emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Countered),
           -1, a.give, a.get);
      advance_trade(s, ev);
      break;
    case ActionType::ConfirmTrade: {
      const int q = a.arg;
      ResourceCounts gave = s.offer.give, got = s.offer.get;
      if (s.offer.answers[q] == TradeAnswer::Countered) {
        gave = s.offer.counter_get[q];
        got = s.offer.counter_give[q];
      }
      swap_cards(s, p, q, gave, got);
      ++s.stats.offers_accepted[p];
      emit(ev, EventType::TradeDone, p, q, -1, -1, gave, got);
      trade_over(s);
      break;
    }
    case ActionType::CancelTrade:
      emit(ev, EventType::TradeCancelled, p);
      trade_over(s);
      break;
  }
  // docs/RULES.md, victory: reaching the target during one's own turn wins at once (checked after
  // each action and at the start of the turn, counting hidden VP cards).
  // Only these actions can raise the current seat's VP (a building, an award, a VP card) or
  // start a turn; the others (rolls, trades, the robber, discards) skip the count.
  constexpr unsigned kMayWin = 1u << static_cast<int>(ActionType::BuildSettlement) |
                               1u << static_cast<int>(ActionType::BuildRoad) |
                               1u << static_cast<int>(ActionType::BuildCity) |
                               1u << static_cast<int>(ActionType::BuyDevCard) |
                               1u << static_cast<int>(ActionType::PlayKnight) |
                               1u << static_cast<int>(ActionType::FreeRoad) |
                               1u << static_cast<int>(ActionType::EndTurn);
  constexpr unsigned kNotPlaying = 1u << static_cast<int>(Phase::GameOver) |
                                   1u << static_cast<int>(Phase::SetupSettlement) |
                                   1u << static_cast<int>(Phase::SetupRoad);  // one test
  if ((kMayWin >> static_cast<int>(a.type) & 1) &&
      !(kNotPlaying >> static_cast<int>(s.phase) & 1) &&
      s.total_vp(s.current) >= s.options.vp_target)
    win(s, s.current, ev);
}

}  // namespace

bool apply(GameState& s, const Action& a, std::string* error, EventLog* events) {
  const Refusal r = check(s, a);
  if (!r.ok()) {
    if (error) *error = std::string(r.text) + " (" + a.to_string() + ")";
    if (s.options.forfeit_on_illegal && s.phase != Phase::GameOver) {
      const int offender = s.to_move();
      if (offender >= 0) forfeit(s, offender, events);
    }
    return false;
  }
  do_apply(s, a, events);
  return true;
}

void apply_trusted(GameState& s, const Action& a, EventLog* events) {
  do_apply(s, a, events);
}

std::array<uint8_t, kNumResources> trade_rates(const GameState& s, int seat) {
  std::array<uint8_t, kNumResources> rates{4, 4, 4, 4, 4};
  for (int i = 0; i < kNumPorts; ++i) {
    const PortSlot& P = T().ports[i];
    if (s.vertex_owner[P.vertices[0]] != seat && s.vertex_owner[P.vertices[1]] != seat) continue;
    const PortType t = s.layout.ports[i];
    if (t == PortType::Generic) {
      for (auto& r : rates) r = std::min<uint8_t>(r, 3);
    } else if (static_cast<int>(t) < kNumResources) {
      rates[static_cast<int>(t)] = 2;
    }
  }
  return rates;
}

}  // namespace catan
