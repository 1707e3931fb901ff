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

// ----- One function per action family; do_apply() dispatches -----------------------------

// Only an opponent with two or more roads at v can have had a trail through v (a trail that
// merely ends at v keeps its length).
unsigned trails_cut_at(const GameState& s, int p, const VertexInfo& V) {
  unsigned mask = 0, seen = 0;
  for (int j = 0; j < V.num_neighbors; ++j) {
    const int o = s.edge_owner[V.edges[j]];
    if (o < 0 || o == p) continue;
    if (seen & (1u << o)) mask |= 1u << o;
    seen |= 1u << o;
  }
  return mask;
}

// The second setup settlement: one card per adjacent producing hex.
void give_starting_resources(GameState& s, int p, const VertexInfo& V, EventLog* ev) {
  PlayerState& P = s.players[p];
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

void build_settlement(GameState& s, int p, int v, EventLog* ev) {
  PlayerState& P = s.players[p];
  const bool setup = s.phase == Phase::SetupSettlement;
  if (!setup) pay(s, p, kSettlementCost);
  s.vertex_owner[v] = static_cast<int8_t>(p);
  s.vertex_building[v] = Building::Settlement;
  --P.settlements_left;
  emit(ev, EventType::SettlementBuilt, p, -1, v);
  const VertexInfo& V = T().vertices[v];
  if (V.port_slot >= 0) P.trade_rate = trade_rates(s, p);
  update_longest_road(s, trails_cut_at(s, p, V), ev);
  if (setup) {
    if (s.setup_step >= s.num_players) give_starting_resources(s, p, V, ev);
    s.last_setup_vertex = static_cast<int8_t>(v);
    s.phase = Phase::SetupRoad;
  }
}

// After a setup road: the next seat's settlement, or the first roll once all have placed.
void advance_setup(GameState& s) {
  ++s.setup_step;
  s.last_setup_vertex = -1;
  if (s.setup_step >= 2 * s.num_players) {
    s.current = s.first_player;
    s.phase = Phase::Roll;
  } else {
    s.current = static_cast<uint8_t>(setup_seat(s, s.setup_step));
    s.phase = Phase::SetupSettlement;
  }
}

void build_road(GameState& s, int p, int e, EventLog* ev) {
  const bool setup = s.phase == Phase::SetupRoad;
  if (!setup) pay(s, p, kRoadCost);
  place_road(s, p, e, ev);
  if (setup) advance_setup(s);
}

void place_free_road(GameState& s, int p, int e, EventLog* ev) {
  place_road(s, p, e, ev);
  if (s.free_roads_left > 0) --s.free_roads_left;
  if (s.phase == Phase::RoadBuilding1 && s.free_roads_left > 0 && s.players[p].roads_left > 0 &&
      any_road_ok(s, p)) {
    s.phase = Phase::RoadBuilding2;
  } else {
    s.free_roads_left = 0;
    s.phase = s.resume_phase;
  }
}

void build_city(GameState& s, int p, int v, EventLog* ev) {
  PlayerState& P = s.players[p];
  pay(s, p, kCityCost);
  s.vertex_building[v] = Building::City;
  --P.cities_left;
  ++P.settlements_left;
  emit(ev, EventType::CityBuilt, p, -1, v);
}

void buy_dev_card(GameState& s, int p, EventLog* ev) {
  PlayerState& P = s.players[p];
  pay(s, p, kDevCardCost);
  const int c = static_cast<int>(s.deck[s.deck_pos++]);
  ++P.dev_cards[c];
  ++P.dev_bought_this_turn[c];
  emit(ev, EventType::DevCardBought, p, -1, c);
}

void trade_with_bank(GameState& s, int p, int give, int get, EventLog* ev) {
  PlayerState& P = s.players[p];
  const int rate = P.trade_rate[give];
  P.resources[give] -= rate;
  s.bank[give] += rate;
  ++P.resources[get];
  --s.bank[get];
  ResourceCounts gave{}, got{};
  gave[give] = static_cast<uint8_t>(rate);
  got[get] = 1;
  emit(ev, EventType::BankTrade, p, -1, -1, -1, gave, got);
}

// ----- The robber -----

void discard(GameState& s, int p, const ResourceCounts& cards, EventLog* ev) {
  PlayerState& P = s.players[p];
  for (int r = 0; r < kNumResources; ++r) {
    P.resources[r] -= cards[r];
    s.bank[r] += cards[r];
  }
  P.discard_owed = 0;
  emit(ev, EventType::Discarded, p, -1, -1, -1, cards);
  bool more = false;
  for (int q = 0; q < s.num_players; ++q)
    if (s.players[q].discard_owed) more = true;
  if (!more) s.phase = Phase::MoveRobber;
}

void move_robber(GameState& s, int p, int hex, EventLog* ev) {
  s.robber_hex = static_cast<uint8_t>(hex);
  emit(ev, EventType::RobberMoved, p, -1, hex);
  // Statistics: did the robber land next to the VP leader among the opponents?
  int best = 0;
  for (int q = 0; q < s.num_players; ++q)
    if (q != p) best = std::max(best, s.public_vp(q));
  bool any = false, vs_leader = false;
  const HexInfo& H = T().hexes[hex];
  for (int i = 0; i < 6; ++i) {
    const int o = s.vertex_owner[H.vertices[i]];
    if (o < 0 || o == p) continue;
    if (best > 0 && s.public_vp(o) == best) vs_leader = true;
    if (s.hand_size(o) > 0) any = true;
  }
  if (vs_leader) ++s.stats.robber_moves_against_leader[p];
  s.phase = any ? Phase::Steal : s.resume_phase;
}

void steal(GameState& s, int p, int victim, EventLog* ev) {
  ResourceCounts& vh = s.players[victim].resources;
  int k = static_cast<int>(s.rng.below(static_cast<uint32_t>(total(vh))));
  int r = 0;
  while (k >= vh[r]) k -= vh[r++];
  --vh[r];
  ++s.players[p].resources[r];
  ++s.stats.stolen_from[victim][r];
  emit(ev, EventType::Stole, p, victim, r);
  s.phase = s.resume_phase;
}

// ----- Development cards -----

void play_knight(GameState& s, int p, EventLog* ev) {
  play_card(s, p, kKnight, ev);
  update_largest_army(s, p, ev);
  s.resume_phase = s.phase;
  s.phase = Phase::MoveRobber;
}

void play_road_building(GameState& s, int p, EventLog* ev) {
  play_card(s, p, kRoadBuilding, ev);
  s.resume_phase = s.phase;
  if (s.players[p].roads_left > 0 && any_road_ok(s, p)) {
    s.free_roads_left = 2;
    s.phase = Phase::RoadBuilding1;
  }
}

void play_year_of_plenty(GameState& s, int p, int first, int second, EventLog* ev) {
  play_card(s, p, kYearOfPlenty, ev);
  PlayerState& P = s.players[p];
  ResourceCounts got{};
  ++got[first];
  ++got[second];
  for (int r = 0; r < kNumResources; ++r) {
    P.resources[r] += got[r];
    s.bank[r] -= got[r];
  }
  emit(ev, EventType::YearOfPlentyTook, p, -1, -1, -1, got);
}

void play_monopoly(GameState& s, int p, int r, EventLog* ev) {
  play_card(s, p, kMonopoly, ev);
  PlayerState& P = s.players[p];
  for (int q = 0; q < s.num_players; ++q) {
    if (q == p) continue;
    const int c = s.players[q].resources[r];
    s.players[q].resources[r] = 0;
    P.resources[r] += c;
    emit(ev, EventType::MonopolyTook, p, q, r, c);
  }
}

// ----- Player trade -----

void offer_trade(GameState& s, int p, const Action& a, EventLog* ev) {
  const int n = s.num_players;
  if (s.offers_this_turn < 255) ++s.offers_this_turn;
  ++s.stats.offers_made[p];
  s.offer = TradeOffer{};
  s.offer.from = static_cast<int8_t>(p);
  s.offer.to = a.arg;
  s.offer.give = a.give;
  s.offer.get = a.get;
  for (int q = 0; q < kMaxPlayers; ++q)
    s.offer.answers[q] = (q < n && q != p && !s.players[q].forfeited && (a.arg == -1 || a.arg == q))
                             ? TradeAnswer::Pending
                             : TradeAnswer::NotAsked;
  emit(ev, EventType::TradeOffered, p, a.arg, -1, -1, a.give, a.get);
  s.phase = Phase::TradeResponse;
}

void accept_trade(GameState& s, int p, EventLog* ev) {
  s.offer.answers[p] = TradeAnswer::Accepted;
  emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Accepted));
  if (s.options.trade == TradeMode::OneForOne) {  // docs/RULES.md, player trade: swapped at once
    swap_cards(s, s.offer.from, p, s.offer.give, s.offer.get);
    ++s.stats.offers_accepted[s.offer.from];
    emit(ev, EventType::TradeDone, s.offer.from, p, -1, -1, s.offer.give, s.offer.get);
    trade_over(s);
  } else {
    advance_trade(s, ev);
  }
}

void decline_trade(GameState& s, int p, EventLog* ev) {
  s.offer.answers[p] = TradeAnswer::Declined;
  emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Declined));
  if (s.options.trade == TradeMode::OneForOne)
    trade_over(s);
  else
    advance_trade(s, ev);
}

void counter_trade(GameState& s, int p, const Action& a, EventLog* ev) {
  s.offer.answers[p] = TradeAnswer::Countered;
  s.offer.counter_give[p] = a.give;
  s.offer.counter_get[p] = a.get;
  emit(ev, EventType::TradeAnswered, p, s.offer.from, static_cast<int>(TradeAnswer::Countered), -1,
       a.give, a.get);
  advance_trade(s, ev);
}

void confirm_trade(GameState& s, int p, int q, EventLog* ev) {
  ResourceCounts gave = s.offer.give, got = s.offer.get;
  if (s.offer.answers[q] == TradeAnswer::Countered) {
    gave = s.offer.counter_get[q];
    got = s.offer.counter_give[q];
  }
  swap_cards(s, p, q, gave, got);
  ++s.stats.offers_accepted[p];
  emit(ev, EventType::TradeDone, p, q, -1, -1, gave, got);
  trade_over(s);
}

void cancel_trade(GameState& s, int p, EventLog* ev) {
  emit(ev, EventType::TradeCancelled, p);
  trade_over(s);
}

// docs/RULES.md, victory: reaching the target during one's own turn wins at once (checked after
// each action and at the start of the turn, counting hidden VP cards).
void win_if_target_reached(GameState& s, ActionType done, EventLog* ev) {
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
  if ((kMayWin >> static_cast<int>(done) & 1) && !(kNotPlaying >> static_cast<int>(s.phase) & 1) &&
      s.total_vp(s.current) >= s.options.vp_target)
    win(s, s.current, ev);
}

void do_apply(GameState& s, const Action& a, EventLog* ev) {
  const int p = s.to_move();
  switch (a.type) {
    case ActionType::BuildSettlement:
      build_settlement(s, p, a.arg, ev);
      break;
    case ActionType::BuildRoad:
      build_road(s, p, a.arg, ev);
      break;
    case ActionType::FreeRoad:
      place_free_road(s, p, a.arg, ev);
      break;
    case ActionType::BuildCity:
      build_city(s, p, a.arg, ev);
      break;
    case ActionType::BuyDevCard:
      buy_dev_card(s, p, ev);
      break;
    case ActionType::TradeBank:
      trade_with_bank(s, p, a.arg, a.arg2, ev);
      break;
    case ActionType::Roll:
      roll(s, p, ev);
      break;
    case ActionType::Discard:
      discard(s, p, a.give, ev);
      break;
    case ActionType::MoveRobber:
      move_robber(s, p, a.arg, ev);
      break;
    case ActionType::Steal:
      steal(s, p, a.arg, ev);
      break;
    case ActionType::EndTurn:
      end_turn(s, p, ev);
      break;
    case ActionType::PlayKnight:
      play_knight(s, p, ev);
      break;
    case ActionType::PlayRoadBuilding:
      play_road_building(s, p, ev);
      break;
    case ActionType::PlayYearOfPlenty:
      play_year_of_plenty(s, p, a.arg, a.arg2, ev);
      break;
    case ActionType::PlayMonopoly:
      play_monopoly(s, p, a.arg, ev);
      break;
    case ActionType::OfferTrade:
      offer_trade(s, p, a, ev);
      break;
    case ActionType::AcceptTrade:
      accept_trade(s, p, ev);
      break;
    case ActionType::DeclineTrade:
      decline_trade(s, p, ev);
      break;
    case ActionType::CounterTrade:
      counter_trade(s, p, a, ev);
      break;
    case ActionType::ConfirmTrade:
      confirm_trade(s, p, a.arg, ev);
      break;
    case ActionType::CancelTrade:
      cancel_trade(s, p, ev);
      break;
  }
  win_if_target_reached(s, a.type, ev);
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
