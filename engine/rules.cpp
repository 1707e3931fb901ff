#include "engine/rules.h"

#include <algorithm>
#include <cstring>

namespace catan {
namespace {

inline const Topology& T() {
  static const Topology* t = &topology();
  return *t;
}

// ----- Bit sets over the fixed topology (vertices: one uint64_t; edges: two) ---------------
// Derived on the fly from the state's byte arrays (no caches in GameState), so every list
// below is exactly what the per-element loops produced, in the same ascending order.
struct Bits {
  uint64_t vnbr[kNumVertices];       // vertices one edge away
  uint64_t vedges[kNumVertices][2];  // incident edges
  uint64_t evert[kNumEdges];         // the two endpoints
};

Bits build_bits() {
  const Topology& t = topology();
  Bits b{};
  for (int v = 0; v < kNumVertices; ++v) {
    const VertexInfo& V = t.vertices[v];
    for (int j = 0; j < V.num_neighbors; ++j) {
      b.vnbr[v] |= uint64_t{1} << V.neighbors[j];
      b.vedges[v][V.edges[j] >> 6] |= uint64_t{1} << (V.edges[j] & 63);
    }
  }
  for (int e = 0; e < kNumEdges; ++e)
    b.evert[e] = (uint64_t{1} << t.edges[e].vertices[0]) | (uint64_t{1} << t.edges[e].vertices[1]);
  return b;
}

inline const Bits& B() {
  static const Bits* b = new Bits(build_bits());
  return *b;
}

constexpr uint64_t kHigh = 0x8080808080808080ull;
constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kAllVertices = (uint64_t{1} << kNumVertices) - 1;

// The high bit of each of the 8 bytes, gathered into 8 bits (byte i -> bit i).
inline uint64_t gather_high(uint64_t x) {
  return ((x & kHigh) * 0x0002040810204081ull) >> 56;
}
// High bit set in exactly the bytes of x that equal the byte value c.
inline uint64_t bytes_eq(uint64_t x, uint8_t c) {
  const uint64_t y = x ^ (kOnes * c);
  return ~(((y & kLow7) + kLow7) | y) & kHigh;
}
inline uint64_t load8(const void* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

// Per-byte predicate over an int8_t array of N (54 or 72) bytes -> bit mask(s).
template <int N, class F>
inline void byte_mask(const int8_t* a, F f, uint64_t* out) {
  static_assert(N % 8 == 0 || N == kNumVertices);
  out[0] = 0;
  if constexpr (N > 64) out[1] = 0;
  constexpr int full = N / 8;
  for (int k = 0; k < full; ++k) out[k >> 3] |= gather_high(f(load8(a + 8 * k))) << (8 * (k & 7));
  if constexpr (N % 8) {
    uint64_t x = 0;
    std::memcpy(&x, a + 8 * full, N % 8);
    out[full >> 3] |= (gather_high(f(x)) & ((1u << (N % 8)) - 1)) << (8 * (full & 7));
  }
}

inline uint64_t vertices_owned_by(const GameState& s, int p) {
  uint64_t m;
  byte_mask<kNumVertices>(
      s.vertex_owner.data(), [p](uint64_t x) { return bytes_eq(x, static_cast<uint8_t>(p)); }, &m);
  return m;
}
inline uint64_t vertices_occupied(const GameState& s) {
  uint64_t m;  // empty = -1 (sign bit set)
  byte_mask<kNumVertices>(
      s.vertex_owner.data(), [](uint64_t x) { return ~x; }, &m);
  return m;
}
inline void edges_owned_by(const GameState& s, int p, uint64_t out[2]) {
  byte_mask<kNumEdges>(
      s.edge_owner.data(), [p](uint64_t x) { return bytes_eq(x, static_cast<uint8_t>(p)); }, out);
}
inline void edges_occupied(const GameState& s, uint64_t out[2]) {
  byte_mask<kNumEdges>(
      s.edge_owner.data(), [](uint64_t x) { return ~x; }, out);
}
inline uint64_t city_vertices(const GameState& s) {
  uint64_t m;
  static_assert(sizeof(Building) == 1);
  byte_mask<kNumVertices>(
      reinterpret_cast<const int8_t*>(s.vertex_building.data()),
      [](uint64_t x) { return bytes_eq(x, static_cast<uint8_t>(Building::City)); }, &m);
  return m;
}

template <class F>
inline void for_bits(uint64_t m, F f) {
  while (m) {
    f(__builtin_ctzll(m));
    m &= m - 1;
  }
}

// Vertices touched by the edges in e[2].
inline uint64_t edge_endpoints(const uint64_t e[2]) {
  const Bits& b = B();
  uint64_t m = 0;
  for_bits(e[0], [&](int i) { m |= b.evert[i]; });
  for_bits(e[1], [&](int i) { m |= b.evert[64 + i]; });
  return m;
}
// Vertices one edge away from any vertex in vs.
inline uint64_t neighbours_of(uint64_t vs) {
  const Bits& b = B();
  uint64_t m = 0;
  for_bits(vs, [&](int v) { m |= b.vnbr[v]; });
  return m;
}

constexpr int kKnight = static_cast<int>(DevCard::Knight);
constexpr int kVictoryPoint = static_cast<int>(DevCard::VictoryPoint);
constexpr int kRoadBuilding = static_cast<int>(DevCard::RoadBuilding);
constexpr int kYearOfPlenty = static_cast<int>(DevCard::YearOfPlenty);
constexpr int kMonopoly = static_cast<int>(DevCard::Monopoly);
constexpr int kDeckComposition[kNumDevCardTypes] = {14, 5, 2, 2, 2};

inline void emit(EventLog* ev, EventType t, int seat, int other = -1, int arg = -1, int arg2 = -1,
                 const ResourceCounts& a = {}, const ResourceCounts& b = {}) {
  if (!ev) return;
  Event e;
  e.type = t;
  e.seat = static_cast<int8_t>(seat);
  e.other = static_cast<int8_t>(other);
  e.arg = static_cast<int8_t>(arg);
  e.arg2 = static_cast<int8_t>(arg2);
  e.a = a;
  e.b = b;
  ev->push_back(e);
}

// Appends an action built in place (no temporaries: a 13-byte Action copied through the
// stack caused store-forwarding stalls that dominated legal_actions).
inline Action& push(std::vector<Action>& out, ActionType t, int a = -1, int b = -1) {
  Action& x = out.emplace_back();
  x.type = t;
  x.arg = static_cast<int8_t>(a);
  x.arg2 = static_cast<int8_t>(b);
  return x;
}

inline bool in_setup(Phase p) {
  return p == Phase::SetupSettlement || p == Phase::SetupRoad;
}

// Road placement (002/003): empty edge touching an own building, or an own road at a
// vertex not occupied by an opponent's building.
inline bool road_ok(const GameState& s, int p, int e) {
  if (s.edge_owner[e] >= 0) return false;
  const EdgeInfo& E = T().edges[e];
  for (int k = 0; k < 2; ++k) {
    const int v = E.vertices[k];
    const int o = s.vertex_owner[v];
    if (o == p) return true;
    if (o >= 0) continue;
    const VertexInfo& V = T().vertices[v];
    for (int j = 0; j < V.num_neighbors; ++j) {
      const int e2 = V.edges[j];
      if (e2 != e && s.edge_owner[e2] == p) return true;
    }
  }
  return false;
}

// The edges where p may build a road, as a 72-bit set: empty edges at p's buildings and at
// the open ends of p's roads (equivalent to road_ok on every edge, much cheaper).
struct EdgeSet {
  uint64_t w[2] = {0, 0};
  void add(int e) { w[e >> 6] |= uint64_t{1} << (e & 63); }
  bool empty() const { return (w[0] | w[1]) == 0; }
};

EdgeSet road_candidates(const GameState& s, int p) {
  const Bits& b = B();
  uint64_t own_e[2], occ_e[2];
  edges_owned_by(s, p, own_e);
  edges_occupied(s, occ_e);
  // Own buildings, and the ends of own roads that hold no building (own ones are included
  // anyway; opponents' ones stop the road).
  const uint64_t from = vertices_owned_by(s, p) | (edge_endpoints(own_e) & ~vertices_occupied(s));
  EdgeSet set;
  for_bits(from, [&](int v) {
    set.w[0] |= b.vedges[v][0];
    set.w[1] |= b.vedges[v][1];
  });
  set.w[0] &= ~occ_e[0];
  set.w[1] &= ~occ_e[1];
  return set;
}

bool any_road_ok(const GameState& s, int p) {
  return !road_candidates(s, p).empty();
}

void push_roads(const GameState& s, int p, ActionType type, std::vector<Action>& out);
int road_extension(const GameState& s, int p, int e);

// Distance rule (003): empty, and no building of anyone (own included) one edge away.
bool distance_ok(const GameState& s, int v) {
  if (s.vertex_owner[v] >= 0) return false;
  const VertexInfo& V = T().vertices[v];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (s.vertex_owner[V.neighbors[j]] >= 0) return false;
  return true;
}

bool touches_own_road(const GameState& s, int p, int v) {
  const VertexInfo& V = T().vertices[v];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (s.edge_owner[V.edges[j]] == p) return true;
  return false;
}

bool can_steal_from(const GameState& s, int thief, int victim) {
  if (victim < 0 || victim >= s.num_players || victim == thief) return false;
  if (s.hand_size(victim) == 0) return false;
  const HexInfo& H = T().hexes[s.robber_hex];
  for (int i = 0; i < 6; ++i)
    if (s.vertex_owner[H.vertices[i]] == victim) return true;
  return false;
}

void pay(GameState& s, int p, const ResourceCounts& cost) {
  for (int r = 0; r < kNumResources; ++r) {
    s.players[p].resources[r] -= cost[r];
    s.bank[r] += cost[r];
  }
}

int setup_seat(const GameState& s, int step) {
  const int n = s.num_players;
  return step < n ? (s.first_player + step) % n : (s.first_player + (2 * n - 1 - step)) % n;
}

// Document 000 transfer rules, re-evaluated for all players after any road or settlement.
void update_longest_road(GameState& s, unsigned recompute_mask, EventLog* ev) {
  const int n = s.num_players;
  for (int q = 0; q < n; ++q)
    if (recompute_mask & (1u << q))
      s.players[q].longest_road = static_cast<uint8_t>(longest_road_length(s, q));
  int M = 0, cnt = 0, who = -1;
  for (int q = 0; q < n; ++q) {
    const int L = s.players[q].longest_road;
    if (L > M) {
      M = L;
      cnt = 1;
      who = q;
    } else if (L == M) {
      ++cnt;
    }
  }
  const int h = s.longest_road_holder;
  int nh;
  if (h >= 0 && s.players[h].longest_road >= 5) {
    // The holder keeps it on a tie; a single strictly longer player takes it; several
    // tied above a (broken) holder: set aside.
    nh = s.players[h].longest_road >= M ? h : (cnt == 1 ? who : -1);
  } else {
    // No holder, or the holder dropped below 5: only a single leader with 5+ takes it.
    nh = (M >= 5 && cnt == 1) ? who : -1;
  }
  if (nh != h) {
    s.longest_road_holder = static_cast<int8_t>(nh);
    emit(ev, EventType::LongestRoadChanged, nh, h, nh >= 0 ? s.players[nh].longest_road : M);
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
// forfeited seats. Used by the arena roll cap and forfeits (000).
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

const char* check_dev(const GameState& s, int p, const Action& a) {
  int d = kKnight;
  switch (a.type) {
    case ActionType::PlayKnight:
      d = kKnight;
      break;
    case ActionType::PlayRoadBuilding:
      d = kRoadBuilding;
      break;
    case ActionType::PlayYearOfPlenty:
      d = kYearOfPlenty;
      break;
    case ActionType::PlayMonopoly:
      d = kMonopoly;
      break;
    default:
      return "not a development card";
  }
  const PlayerState& P = s.players[p];
  if (s.dev_played_this_turn) return "only one development card may be played per turn";
  if (P.dev_cards[d] == 0) return "you do not hold that development card";
  if (P.dev_cards[d] <= P.dev_bought_this_turn[d])
    return "a development card bought this turn cannot be played until a later turn";
  if (a.type == ActionType::PlayYearOfPlenty) {
    if (a.arg < 0 || a.arg >= kNumResources || a.arg2 < 0 || a.arg2 >= kNumResources)
      return "bad resource";
    if (a.arg == a.arg2 ? s.bank[a.arg] < 2 : (s.bank[a.arg] < 1 || s.bank[a.arg2] < 1))
      return "the bank does not have those resources";
  }
  if (a.type == ActionType::PlayMonopoly && (a.arg < 0 || a.arg >= kNumResources))
    return "bad resource";
  return nullptr;
}

bool is_dev_play(ActionType t) {
  return t == ActionType::PlayKnight || t == ActionType::PlayRoadBuilding ||
         t == ActionType::PlayYearOfPlenty || t == ActionType::PlayMonopoly;
}

bool bundles_ok(const ResourceCounts& give, const ResourceCounts& get, const char** why) {
  if (total(give) == 0 || total(get) == 0) {
    *why = "a trade needs cards on both sides (no gifts)";
    return false;
  }
  for (int r = 0; r < kNumResources; ++r)
    if (give[r] && get[r]) {
      *why = "the same resource cannot be on both sides of a trade";
      return false;
    }
  return true;
}

const char* check_offer(const GameState& s, int p, const Action& a) {
  const GameOptions& o = s.options;
  if (o.max_offers_per_turn && s.offers_this_turn >= o.max_offers_per_turn)
    return "no more trade offers this turn";
  if (a.arg == -1) {
    if (o.trade == TradeMode::OneForOne) return "offers go to one seat in this game";
  } else if (a.arg < 0 || a.arg >= s.num_players || a.arg == p || s.players[a.arg].forfeited) {
    return "no such trade partner";
  }
  const char* why = nullptr;
  if (!bundles_ok(a.give, a.get, &why)) return why;
  if (o.trade == TradeMode::OneForOne && (total(a.give) != 1 || total(a.get) != 1))
    return "trades are strictly one card for one card in this game";
  if (!covers(s.players[p].resources, a.give)) return "you do not hold the cards you offer";
  return nullptr;
}

const char* check(const GameState& s, const Action& a) {
  if (s.phase == Phase::GameOver) return "the game is over";
  const int p = s.to_move();
  const PlayerState& P = s.players[p];
  const ResourceCounts& hand = P.resources;
  switch (s.phase) {
    case Phase::SetupSettlement:
      if (a.type != ActionType::BuildSettlement)
        return "setup: place a settlement (build_settlement:<vertex>)";
      if (a.arg < 0 || a.arg >= kNumVertices) return "no such vertex";
      if (s.vertex_owner[a.arg] >= 0) return "that vertex is occupied";
      if (!distance_ok(s, a.arg)) return "too close to another building (distance rule)";
      return nullptr;
    case Phase::SetupRoad: {
      if (a.type != ActionType::BuildRoad)
        return "setup: place a road touching the settlement just placed (build_road:<edge>)";
      if (a.arg < 0 || a.arg >= kNumEdges) return "no such edge";
      if (s.edge_owner[a.arg] >= 0) return "that edge is occupied";
      const EdgeInfo& E = T().edges[a.arg];
      if (E.vertices[0] != s.last_setup_vertex && E.vertices[1] != s.last_setup_vertex)
        return "the setup road must touch the settlement just placed";
      return nullptr;
    }
    case Phase::Roll:
      if (a.type == ActionType::Roll) return nullptr;
      if (is_dev_play(a.type)) return check_dev(s, p, a);
      return "roll the dice first (or play a development card)";
    case Phase::Discard:
      if (a.type != ActionType::Discard) return "players over 7 cards must discard first";
      if (total(a.give) != P.discard_owed)
        return "wrong number of cards: discard half your hand, rounded down";
      if (!covers(hand, a.give)) return "you do not hold those cards";
      return nullptr;
    case Phase::MoveRobber:
      if (a.type != ActionType::MoveRobber) return "move the robber first (move_robber:<hex>)";
      if (a.arg < 0 || a.arg >= kNumHexes) return "no such hex";
      if (a.arg == s.robber_hex) return "the robber must move to a different hex";
      return nullptr;
    case Phase::Steal:
      if (a.type != ActionType::Steal) return "choose whom to steal from (steal:<seat>)";
      if (!can_steal_from(s, p, a.arg))
        return "you can only steal from an opponent with cards and a building on the robber's hex";
      return nullptr;
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      if (a.type != ActionType::FreeRoad) return "place your free road (free_road:<edge>)";
      if (a.arg < 0 || a.arg >= kNumEdges) return "no such edge";
      if (!road_ok(s, p, a.arg)) return "a road must go on an empty edge connected to your network";
      return nullptr;
    case Phase::TradeResponse:
      switch (a.type) {
        case ActionType::AcceptTrade:
          if (!covers(hand, s.offer.get)) return "you do not hold the cards asked for";
          return nullptr;
        case ActionType::DeclineTrade:
          return nullptr;
        case ActionType::CounterTrade: {
          if (s.options.trade == TradeMode::OneForOne)
            return "counter-offers are not allowed in this game: accept or decline";
          const char* why = nullptr;
          if (!bundles_ok(a.give, a.get, &why)) return why;
          if (!covers(hand, a.give)) return "you do not hold the cards you offer";
          return nullptr;
        }
        default:
          return "answer the trade offer: accept_trade, decline_trade or counter_trade";
      }
    case Phase::TradeConfirm:
      if (a.type == ActionType::CancelTrade) return nullptr;
      if (a.type != ActionType::ConfirmTrade)
        return "confirm one acceptance (confirm_trade:<seat>) or cancel_trade";
      if (a.arg < 0 || a.arg >= s.num_players) return "no such seat";
      if (s.offer.answers[a.arg] == TradeAnswer::Accepted) {
        if (!covers(hand, s.offer.give) || !covers(s.players[a.arg].resources, s.offer.get))
          return "the cards are no longer there";
        return nullptr;
      }
      if (s.offer.answers[a.arg] == TradeAnswer::Countered) {
        if (!covers(hand, s.offer.counter_get[a.arg]))
          return "you do not hold the cards that counter-offer asks for";
        if (!covers(s.players[a.arg].resources, s.offer.counter_give[a.arg]))
          return "the cards are no longer there";
        return nullptr;
      }
      return "that seat did not accept or counter";
    case Phase::Main:
      switch (a.type) {
        case ActionType::BuildRoad:
          if (a.arg < 0 || a.arg >= kNumEdges) return "no such edge";
          if (P.roads_left == 0) return "no roads left (15 per player)";
          if (!covers(hand, kRoadCost)) return "a road costs wood and brick";
          if (!road_ok(s, p, a.arg))
            return "a road must go on an empty edge connected to your network (not through an "
                   "opponent's building)";
          return nullptr;
        case ActionType::BuildSettlement:
          if (a.arg < 0 || a.arg >= kNumVertices) return "no such vertex";
          if (P.settlements_left == 0) return "no settlements left (5 per player)";
          if (!covers(hand, kSettlementCost))
            return "a settlement costs wood, brick, sheep and wheat";
          if (s.vertex_owner[a.arg] >= 0) return "that vertex is occupied";
          if (!distance_ok(s, a.arg)) return "too close to another building (distance rule)";
          if (!touches_own_road(s, p, a.arg)) return "a settlement must touch one of your roads";
          return nullptr;
        case ActionType::BuildCity:
          if (a.arg < 0 || a.arg >= kNumVertices) return "no such vertex";
          if (s.vertex_owner[a.arg] != p || s.vertex_building[a.arg] != Building::Settlement)
            return "a city must replace one of your settlements";
          if (P.cities_left == 0) return "no cities left (4 per player)";
          if (!covers(hand, kCityCost)) return "a city costs 2 wheat and 3 ore";
          return nullptr;
        case ActionType::BuyDevCard:
          if (s.deck_pos >= kDevDeckSize) return "the development deck is empty";
          if (!covers(hand, kDevCardCost)) return "a development card costs sheep, wheat and ore";
          return nullptr;
        case ActionType::TradeBank:
          if (a.arg < 0 || a.arg >= kNumResources || a.arg2 < 0 || a.arg2 >= kNumResources)
            return "bad resource";
          if (a.arg == a.arg2) return "you cannot trade a resource for itself";
          if (hand[a.arg] < P.trade_rate[a.arg]) return "not enough cards for that bank rate";
          if (s.bank[a.arg2] == 0) return "the bank has none of that resource";
          return nullptr;
        case ActionType::OfferTrade:
          return check_offer(s, p, a);
        case ActionType::PlayKnight:
        case ActionType::PlayRoadBuilding:
        case ActionType::PlayYearOfPlenty:
        case ActionType::PlayMonopoly:
          return check_dev(s, p, a);
        case ActionType::EndTurn:
          return nullptr;
        case ActionType::Roll:
          return "you already rolled this turn";
        default:
          return "that action is not possible now";
      }
    case Phase::GameOver:
      return "the game is over";
  }
  return "that action is not possible now";
}

void place_road(GameState& s, int p, int e, EventLog* ev) {
  s.edge_owner[e] = static_cast<int8_t>(p);
  --s.players[p].roads_left;
  emit(ev, EventType::RoadBuilt, p, -1, e);
  // A new road never shortens p's trails, so the new longest is the old one or a trail
  // through e. When e can only sit at the end of a trail (one endpoint has no other own road
  // or holds an opponent's building), that trail is e plus the longest trail from the other
  // endpoint; otherwise recompute from scratch.
  const int L = road_extension(s, p, e);
  if (L >= 0) {
    if (L > s.players[p].longest_road) s.players[p].longest_road = static_cast<uint8_t>(L);
    update_longest_road(s, 0, ev);
  } else {
    update_longest_road(s, 1u << p, ev);
  }
}

void produce(GameState& s, int sum, EventLog* ev) {
  // Owed cards per resource, one byte per seat (at most 2 hexes x 3 cities x 2 = 12).
  uint32_t owed[kNumResources] = {};
  const Topology& t = T();
  // Hexes showing `sum` (19 number bytes, three 8-byte words), minus the robber's.
  static_assert(sizeof(s.layout.number) == kNumHexes);
  uint64_t w[3] = {0, 0, 0};
  std::memcpy(w, s.layout.number.data(), kNumHexes);
  uint64_t hexes = 0;
  for (int k = 0; k < 3; ++k)
    hexes |= gather_high(bytes_eq(w[k], static_cast<uint8_t>(sum))) << (8 * k);
  hexes &= ((uint64_t{1} << kNumHexes) - 1) & ~(uint64_t{1} << s.robber_hex);
  while (hexes) {
    const int h = __builtin_ctzll(hexes);
    hexes &= hexes - 1;
    const int r = static_cast<int>(s.layout.terrain[h]);
    if (r >= kNumResources) continue;
    const HexInfo& H = t.hexes[h];
    uint32_t acc = 0;
    for (int i = 0; i < 6; ++i) {
      const int v = H.vertices[i];
      const int o = s.vertex_owner[v];
      if (o < 0) continue;
      acc += (s.vertex_building[v] == Building::City ? 2u : 1u) << (8 * o);
    }
    owed[r] += acc;
  }
  uint32_t got[kNumResources];  // same packing
  unsigned seat_bytes = 0;      // OR of got: a non-zero byte = a seat that gets cards
  for (int r = 0; r < kNumResources; ++r) {
    const uint32_t x = owed[r];
    got[r] = 0;
    if (!x) continue;
    const int tot = static_cast<int>((x * 0x01010101u) >> 24);
    if (tot <= s.bank[r]) {
      got[r] = x;
    } else {
      // 003: nobody gets it, unless only one player is owed it: they take what is left.
      const uint32_t nz = ((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) & 0x80808080u;  // bytes != 0
      if ((nz & (nz - 1)) == 0 && s.bank[r]) {
        const int only = __builtin_ctz(nz) >> 3;
        got[r] = static_cast<uint32_t>(s.bank[r]) << (8 * only);
      }
      emit(ev, EventType::ProductionShort, -1, -1, r);
    }
    uint32_t g = got[r];
    seat_bytes |= g;
    while (g) {
      const int q = __builtin_ctz(g) >> 3;
      const int c = static_cast<int>(g >> (8 * q) & 0xFF);
      g &= ~(0xFFu << (8 * q));
      s.players[q].resources[r] = static_cast<uint8_t>(s.players[q].resources[r] + c);
      s.bank[r] = static_cast<uint8_t>(s.bank[r] - c);
      s.stats.produced[q][r] = static_cast<uint16_t>(s.stats.produced[q][r] + c);
    }
  }
  if (!ev) return;
  const int n = s.num_players;
  for (int q = 0; q < n; ++q) {
    if (!(seat_bytes >> (8 * q) & 0xFF)) continue;
    ResourceCounts gq{};
    for (int r = 0; r < kNumResources; ++r) gq[r] = static_cast<uint8_t>(got[r] >> (8 * q));
    emit(ev, EventType::Produced, q, -1, -1, -1, gq);
  }
}

void roll(GameState& s, int p, EventLog* ev) {
  int d1, d2;
  if (s.options.dice == DiceMode::Balanced) {
    if (s.dice_pos >= 36) {
      for (int i = 0; i < 36; ++i) s.dice_deck[i] = static_cast<uint8_t>(i);
      s.rng.shuffle(s.dice_deck.data(), 36);
      s.dice_pos = 0;
    }
    const int o = s.dice_deck[s.dice_pos++];
    d1 = o / 6 + 1;
    d2 = o % 6 + 1;
  } else {
    d1 = static_cast<int>(s.rng.below(6)) + 1;
    d2 = static_cast<int>(s.rng.below(6)) + 1;
  }
  s.last_dice = {static_cast<uint8_t>(d1), static_cast<uint8_t>(d2)};
  if (s.rolls < UINT16_MAX) ++s.rolls;
  const int sum = d1 + d2;
  ++s.stats.dice_histogram[sum];
  emit(ev, EventType::DiceRolled, p, -1, d1, d2);
  if (sum != 7) {
    produce(s, sum, ev);
    s.phase = Phase::Main;
    return;
  }
  s.resume_phase = Phase::Main;
  const int n = s.num_players;
  if (s.options.discard == DiscardMode::AutoLargest) {
    // 000: floor(n/2) from the largest pile, one card at a time (ties: lowest resource).
    for (int q = 0; q < n; ++q) {
      ResourceCounts& hand = s.players[q].resources;
      const int h = total(hand);
      if (h <= 7) continue;
      ResourceCounts d{};
      for (int k = 0; k < h / 2; ++k) {
        int best = 0;
        for (int r = 1; r < kNumResources; ++r)
          if (hand[r] > hand[best]) best = r;
        --hand[best];
        ++s.bank[best];
        ++d[best];
      }
      emit(ev, EventType::Discarded, q, -1, -1, -1, d);
    }
    s.phase = Phase::MoveRobber;
  } else {
    bool any = false;
    for (int q = 0; q < n; ++q) {
      const int h = s.hand_size(q);
      if (h > 7) {
        s.players[q].discard_owed = static_cast<uint8_t>(h / 2);
        any = true;
      }
    }
    s.phase = any ? Phase::Discard : Phase::MoveRobber;
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
    // 000: after the capped number of rolls the highest VP wins (ties: cards, then seat).
    emit(ev, EventType::TurnEnded, p, -1);
    win(s, leader(s, -1), ev);
    return;
  }
  int next = p;
  for (int i = 1; i <= s.num_players; ++i) {
    next = (p + i) % s.num_players;
    if (!s.players[next].forfeited) break;
  }
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
      if (s.options.trade == TradeMode::OneForOne) {  // 000: the cards swap at once
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
  // 002/003: reaching the target during one's own turn wins at once (checked after each
  // action and at the start of the turn, counting hidden VP cards).
  if (s.phase != Phase::GameOver && !in_setup(s.phase) &&
      s.total_vp(s.current) >= s.options.vp_target)
    win(s, s.current, ev);
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
      const uint64_t occ = vertices_occupied(s);
      for_bits(kAllVertices & ~(occ | neighbours_of(occ)),
               [&](int v) { push(out, ActionType::BuildSettlement, v); });
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
        if ((t == TradeAnswer::Accepted || t == TradeAnswer::Countered) && !check(s, a))
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
        const uint64_t occ = vertices_occupied(s);
        for_bits(edge_endpoints(own_e) & ~(occ | neighbours_of(occ)),
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

bool is_legal(const GameState& s, const Action& a, std::string* why) {
  const char* w = check(s, a);
  if (why) *why = w ? w : "";
  return w == nullptr;
}

bool apply(GameState& s, const Action& a, std::string* error, EventLog* events) {
  const char* why = check(s, a);
  if (why) {
    if (error) *error = std::string(why) + " (" + a.to_string() + ")";
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

namespace {
// Longest trail from v over the edges in avail (own roads not used yet); a vertex in stop
// (an opponent's building) ends the trail.
struct TrailCtx {
  const Bits* b;
  uint64_t stop;
};
int trail(const TrailCtx& c, int v, uint64_t a0, uint64_t a1) {
  // The unused own roads at v, walked as bit sets (the order does not change the maximum).
  const Bits& b = *c.b;
  const uint64_t vbit = uint64_t{1} << v;
  uint64_t m0 = b.vedges[v][0] & a0, m1 = b.vedges[v][1] & a1;
  int best = 0;
  while (m0) {
    const int e = __builtin_ctzll(m0);
    m0 &= m0 - 1;
    const int w = __builtin_ctzll(b.evert[e] & ~vbit);
    int len = 1;
    if (!(c.stop >> w & 1)) len += trail(c, w, a0 & ~(uint64_t{1} << e), a1);
    if (len > best) best = len;
  }
  while (m1) {
    const int e = __builtin_ctzll(m1);
    m1 &= m1 - 1;
    const int w = __builtin_ctzll(b.evert[64 + e] & ~vbit);
    int len = 1;
    if (!(c.stop >> w & 1)) len += trail(c, w, a0, a1 & ~(uint64_t{1} << e));
    if (len > best) best = len;
  }
  return best;
}
// Longest trail of p that ends with the (just placed) road e, or -1 when e may sit inside
// a trail (both endpoints open with other own roads).
int road_extension(const GameState& s, int p, int e) {
  const Bits& b = B();
  uint64_t own[2];
  edges_owned_by(s, p, own);
  own[e >> 6] &= ~(uint64_t{1} << (e & 63));
  const uint64_t opp = vertices_occupied(s) & ~vertices_owned_by(s, p);
  const EdgeInfo& E = T().edges[e];
  const int v0 = E.vertices[0], v1 = E.vertices[1];
  auto closed = [&](int v) {  // no trail continues through v past e
    return (opp >> v & 1) || !((b.vedges[v][0] & own[0]) | (b.vedges[v][1] & own[1]));
  };
  int from;
  if (closed(v1))
    from = v0;
  else if (closed(v0))
    from = v1;
  else
    return -1;
  if (opp >> from & 1) return 1;
  const TrailCtx c{&b, opp};
  return 1 + trail(c, from, own[0], own[1]);
}

}  // namespace

int longest_road_length(const GameState& s, int seat) {
  // A longest trail can always start at a vertex whose road degree is not 2 or that holds
  // an opponent's building: if it started at an open degree-2 vertex, either the other
  // road there extends it, or the trail is closed and may be rotated to start anywhere on
  // it. Components with no such vertex are simple cycles: their length is their size.
  uint64_t own[2];
  edges_owned_by(s, seat, own);
  const int roads = __builtin_popcountll(own[0]) + __builtin_popcountll(own[1]);
  if (roads <= 1) return roads;
  const Topology& t = T();
  const Bits& b = B();
  // Road degree per vertex as bit planes: odd (1 or 3) and at-least-two.
  uint64_t d1 = 0, d2 = 0;
  auto count = [&](int e) {
    const uint64_t m = b.evert[e];
    d2 |= d1 & m;
    d1 ^= m;
  };
  for_bits(own[0], [&](int e) { count(e); });
  for_bits(own[1], [&](int e) { count(64 + e); });
  // Vertices with degree 1 or 3 (d1), plus degree-2 vertices holding an opponent's building.
  const uint64_t opp = vertices_occupied(s) & ~vertices_owned_by(s, seat);
  const uint64_t touched = d1 | d2;
  const uint64_t starts = d1 | (touched & opp);
  const TrailCtx c{&b, opp};
  uint64_t covered[2] = {0, 0};
  auto flood = [&](int v0) {  // marks the component of v0 (plain connectivity)
    int stack[kNumVertices];
    int sp = 0, n = 0;
    stack[sp++] = v0;
    while (sp) {
      const int v = stack[--sp];
      const uint64_t f0 = b.vedges[v][0] & own[0] & ~covered[0];
      const uint64_t f1 = b.vedges[v][1] & own[1] & ~covered[1];
      covered[0] |= f0;
      covered[1] |= f1;
      for_bits(f0, [&](int e) {
        ++n;
        stack[sp++] = static_cast<int>(__builtin_ctzll(b.evert[e] & ~(uint64_t{1} << v)));
      });
      for_bits(f1, [&](int e) {
        ++n;
        stack[sp++] = static_cast<int>(__builtin_ctzll(b.evert[64 + e] & ~(uint64_t{1} << v)));
      });
    }
    return n;
  };
  int best = 0;
  uint64_t m = starts;
  while (m) {
    const int v = __builtin_ctzll(m);
    m &= m - 1;
    best = std::max(best, trail(c, v, own[0], own[1]));
    flood(v);
    if (best == roads) return best;
  }
  for (int k = 0; k < 2; ++k) {
    uint64_t rest;
    while ((rest = own[k] & ~covered[k]) != 0)
      best = std::max(best, flood(t.edges[64 * k + __builtin_ctzll(rest)].vertices[0]));
  }
  return best;
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

std::string check_invariants(const GameState& s) {
  const int n = s.num_players;
  if (n < 2 || n > kMaxPlayers) return "num_players out of range";
  if (s.current >= n) return "current seat out of range";
  if (s.first_player >= n) return "first player out of range";
  if (s.robber_hex >= kNumHexes) return "robber off the board";
  for (int r = 0; r < kNumResources; ++r) {
    int sum = s.bank[r];
    for (int q = 0; q < kMaxPlayers; ++q) {
      if (q >= n && s.players[q].resources[r]) return "an unused seat holds cards";
      sum += s.players[q].resources[r];
    }
    if (sum != kBankPerResource)
      return std::string("resource ") + resource_name(static_cast<Resource>(r)) + " totals " +
             std::to_string(sum) + ", not 19";
  }
  if (s.deck_pos > kDevDeckSize) return "deck position out of range";
  if (s.dice_pos > 36) return "dice position out of range";
  {
    int cnt[kNumDevCardTypes] = {};
    for (int i = s.deck_pos; i < kDevDeckSize; ++i) {
      const int d = static_cast<int>(s.deck[i]);
      if (d >= kNumDevCardTypes) return "bad card in the deck";
      ++cnt[d];
    }
    for (int q = 0; q < kMaxPlayers; ++q)
      for (int d = 0; d < kNumDevCardTypes; ++d) {
        const PlayerState& P = s.players[q];
        if (P.dev_bought_this_turn[d] > P.dev_cards[d]) return "bought-this-turn exceeds hand";
        if (q != s.current && P.dev_bought_this_turn[d] && s.phase != Phase::GameOver)
          return "a player who is not on turn has cards marked bought this turn";
        cnt[d] += P.dev_cards[d] + P.dev_played[d];
      }
    for (int d = 0; d < kNumDevCardTypes; ++d)
      if (cnt[d] != kDeckComposition[d])
        return std::string("development card ") + dev_card_name(static_cast<DevCard>(d)) +
               " count is " + std::to_string(cnt[d]);
    if (s.players[0].dev_played[kVictoryPoint] || s.players[1].dev_played[kVictoryPoint] ||
        s.players[2].dev_played[kVictoryPoint] || s.players[3].dev_played[kVictoryPoint])
      return "a victory point card was played";
  }
  int roads[kMaxPlayers] = {}, sett[kMaxPlayers] = {}, cities[kMaxPlayers] = {};
  for (int e = 0; e < kNumEdges; ++e) {
    const int o = s.edge_owner[e];
    if (o >= n || o < -1) return "edge owner out of range";
    if (o >= 0) ++roads[o];
  }
  for (int v = 0; v < kNumVertices; ++v) {
    const int o = s.vertex_owner[v];
    if (o >= n || o < -1) return "vertex owner out of range";
    if ((o < 0) != (s.vertex_building[v] == Building::None))
      return "vertex " + std::to_string(v) + " owner and building disagree";
    if (o < 0) continue;
    if (s.vertex_building[v] == Building::City)
      ++cities[o];
    else if (s.vertex_building[v] == Building::Settlement)
      ++sett[o];
    else
      return "bad building";
    const VertexInfo& V = T().vertices[v];
    for (int j = 0; j < V.num_neighbors; ++j)
      if (s.vertex_owner[V.neighbors[j]] >= 0)
        return "distance rule broken at vertex " + std::to_string(v);
  }
  for (int q = 0; q < n; ++q) {
    const PlayerState& P = s.players[q];
    if (roads[q] + P.roads_left != kRoadsPerPlayer) return "road count mismatch";
    if (sett[q] + P.settlements_left != kSettlementsPerPlayer) return "settlement count mismatch";
    if (cities[q] + P.cities_left != kCitiesPerPlayer) return "city count mismatch";
    if (P.trade_rate != trade_rates(s, q)) return "trade rates out of date";
    if (P.longest_road != longest_road_length(s, q)) return "longest road length out of date";
    // Road connectivity: every road is reachable from one of the player's buildings.
    bool seen_v[kNumVertices] = {}, seen_e[kNumEdges] = {};
    int stack[kNumVertices], sp = 0;
    for (int v = 0; v < kNumVertices; ++v)
      if (s.vertex_owner[v] == q) {
        seen_v[v] = true;
        stack[sp++] = v;
      }
    while (sp) {
      const VertexInfo& V = T().vertices[stack[--sp]];
      for (int j = 0; j < V.num_neighbors; ++j) {
        if (s.edge_owner[V.edges[j]] != q) continue;
        seen_e[V.edges[j]] = true;
        if (!seen_v[V.neighbors[j]]) {
          seen_v[V.neighbors[j]] = true;
          stack[sp++] = V.neighbors[j];
        }
      }
    }
    for (int e = 0; e < kNumEdges; ++e)
      if (s.edge_owner[e] == q && !seen_e[e])
        return "road " + std::to_string(e) + " is not connected to its owner's buildings";
    if ((P.discard_owed > 0) && s.phase != Phase::Discard) return "discard owed outside discard";
  }
  // Awards.
  {
    int M = 0, cnt = 0;
    for (int q = 0; q < n; ++q) {
      const int L = s.players[q].longest_road;
      if (L > M) {
        M = L;
        cnt = 1;
      } else if (L == M) {
        ++cnt;
      }
    }
    const int h = s.longest_road_holder;
    if (h >= n || h < -1) return "longest road holder out of range";
    if (h >= 0 && (s.players[h].longest_road < 5 || s.players[h].longest_road < M))
      return "longest road holder is not (one of) the longest";
    if (h < 0 && M >= 5 && cnt == 1) return "a single longest road of 5+ has no holder";
    int K = 0;
    for (int q = 0; q < n; ++q) K = std::max<int>(K, s.players[q].dev_played[kKnight]);
    const int a = s.largest_army_holder;
    if (a >= n || a < -1) return "largest army holder out of range";
    if (a >= 0 && (s.players[a].dev_played[kKnight] < 3 || s.players[a].dev_played[kKnight] < K))
      return "largest army holder is not the largest";
    if (a < 0 && K >= 3) return "3+ knights played but nobody holds Largest Army";
  }
  // Phase consistency.
  switch (s.phase) {
    case Phase::SetupSettlement:
    case Phase::SetupRoad:
      if (s.setup_step >= 2 * n) return "setup step out of range";
      if (s.current != setup_seat(s, s.setup_step)) return "wrong seat in setup";
      if (s.phase == Phase::SetupRoad &&
          (s.last_setup_vertex < 0 || s.vertex_owner[s.last_setup_vertex] != s.current))
        return "setup road without the settlement just placed";
      break;
    case Phase::Discard: {
      bool any = false;
      for (int q = 0; q < n; ++q) any |= s.players[q].discard_owed > 0;
      if (!any) return "discard phase with nobody to discard";
      break;
    }
    case Phase::TradeResponse: {
      bool any = false;
      for (int q = 0; q < n; ++q) any |= s.offer.answers[q] == TradeAnswer::Pending;
      if (!any || s.offer.from != s.current) return "trade response with nobody to answer";
      break;
    }
    case Phase::TradeConfirm:
      if (s.offer.from != s.current) return "trade confirm for the wrong seat";
      break;
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      if (s.free_roads_left == 0) return "road building with no free roads";
      break;
    case Phase::GameOver:
      if (s.winner < 0 || s.winner >= n) return "game over without a winner";
      break;
    default:
      break;
  }
  if (s.phase != Phase::GameOver && s.winner >= 0) return "a winner but the game goes on";
  if (!in_setup(s.phase) && s.setup_step != 2 * n) {
    // An arena forfeit (illegal action) may end the game during setup.
    bool forfeit = false;
    for (int q = 0; q < n; ++q) forfeit |= s.players[q].forfeited;
    if (!(s.phase == Phase::GameOver && forfeit)) return "setup not finished";
  }
  if (s.phase != Phase::GameOver && !in_setup(s.phase) &&
      s.total_vp(s.current) >= s.options.vp_target)
    return "the player on turn has reached the target but has not won";
  return "";
}

}  // namespace catan
