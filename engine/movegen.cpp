// The legal actions for the player to move (engine/rules.h), in a deterministic order: the
// move generator. Built from bit sets where the lists are long (roads, settlements).
#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "engine/rules_internal.h"

namespace catan {
namespace {

using namespace detail;

// The caller's vector, appended to in place (no temporaries: a 13-byte Action copied
// through the stack caused store-forwarding stalls that dominated legal_actions).
struct List {
  std::vector<Action>& v;
  void push(ActionType t, int a = -1, int b = -1) {
    Action& x = v.emplace_back();
    x.type = t;
    x.arg = static_cast<int8_t>(a);
    x.arg2 = static_cast<int8_t>(b);
  }
  void push_if(bool keep, ActionType t, int a = -1, int b = -1) {
    if (keep) push(t, a, b);
  }
  void push_discard(uint64_t give) {  // give[r] = byte r
    Action& x = v.emplace_back();
    x.type = ActionType::Discard;
    for (int r = 0; r < kNumResources; ++r) x.give[r] = static_cast<uint8_t>(give >> (8 * r));
  }
  void append(const Action* a, int k) { v.insert(v.end(), a, a + k); }
};

// Bit r set where a[r] >= b[r]. Byte by byte: the counts were usually just written one byte
// at a time, and a wider load of them would stall on store forwarding.
inline unsigned at_least(const ResourceCounts& a, const ResourceCounts& b) {
  unsigned m = 0;
  for (int r = 0; r < kNumResources; ++r) m |= unsigned{a[r] >= b[r]} << r;
  return m;
}
// Bit d set where P.dev_cards[d] > P.dev_bought_this_turn[d]. The two arrays are read as one
// word each from the player's bytes; counts stay below 128, so byte by byte (0x80 | have) -
// bought - 1 has its high bit set exactly where have > bought and never borrows.
inline unsigned more_than_bought(const PlayerState& P) {
  static_assert(std::is_standard_layout_v<PlayerState> &&
                sizeof(PlayerState) >= offsetof(PlayerState, dev_bought_this_turn) + 8);
  const auto* b = reinterpret_cast<const unsigned char*>(&P);
  constexpr uint64_t kFive = (uint64_t{1} << (8 * kNumDevCardTypes)) - 1;
  const uint64_t have = load8(b + offsetof(PlayerState, dev_cards)) & kFive;
  const uint64_t bought = load8(b + offsetof(PlayerState, dev_bought_this_turn)) & kFive;
  return static_cast<unsigned>(gather_high((have | kHigh) - bought - kOnes));
}
// Five counts (each below 128) as the low five bytes of a word, read one byte at a time (see
// at_least), then compared all at once without a branch: the high bit of byte r of
// ((a | 0x80..) - b) is set exactly where a[r] >= b[r].
constexpr uint64_t kFiveHigh = 0x8080808080ull;
constexpr uint64_t packed(const ResourceCounts& c) {
  uint64_t x = 0;
  for (int r = 0; r < kNumResources; ++r) x |= uint64_t{c[r]} << (8 * r);
  return x;
}
inline bool covers_packed(uint64_t hand, uint64_t cost) {
  return (((hand | kHigh) - cost) & kFiveHigh) == kFiveHigh;
}
inline unsigned ge_bits(uint64_t a, uint64_t b) {  // bit r set where a[r] >= b[r]
  return static_cast<unsigned>(gather_high(((a | kHigh) - b) & kFiveHigh));
}
// The player's bank rates as packed() gives them, in one load (they change only when a
// settlement lands on a port, so no recent byte store is waiting to be forwarded).
inline uint64_t packed_rates(const PlayerState& P) {
  constexpr size_t at = offsetof(PlayerState, trade_rate);
  static_assert(std::is_standard_layout_v<PlayerState> && at + kNumResources >= 8 &&
                at + kNumResources <= sizeof(PlayerState));
  return load8(reinterpret_cast<const unsigned char*>(&P) + at + kNumResources - 8) >>
         (8 * (8 - kNumResources));
}

void push_roads(const GameState& s, int p, ActionType type, List& out) {
  const EdgeSet set = road_candidates(s, p);
  for (int k = 0; k < 2; ++k) {
    uint64_t bits = set.w[k];
    while (bits) {
      const int e = k * 64 + __builtin_ctzll(bits);
      bits &= bits - 1;
      out.push(type, e);
    }
  }
}

// The card plays for a non-empty set of playable cards (bit d = DevCard d).
void add_card_plays(const GameState& s, unsigned playable, List& out) {
  out.push_if(playable >> kKnight & 1, ActionType::PlayKnight);
  out.push_if(playable >> kRoadBuilding & 1, ActionType::PlayRoadBuilding);
  if (playable >> kYearOfPlenty & 1) {
    constexpr ResourceCounts kOne{1, 1, 1, 1, 1}, kTwo{2, 2, 2, 2, 2};
    const unsigned one = at_least(s.bank, kOne), two = at_least(s.bank, kTwo);
    for (int r1 = 0; r1 < kNumResources; ++r1)
      for (int r2 = r1; r2 < kNumResources; ++r2)
        out.push_if(r1 == r2 ? two >> r1 & 1 : one >> r1 & one >> r2 & 1,
                    ActionType::PlayYearOfPlenty, r1, r2);
  }
  if (playable >> kMonopoly & 1)
    for (int r = 0; r < kNumResources; ++r) out.push(ActionType::PlayMonopoly, r);
}

// The roads (bit 0 of buys), settlements (1), cities (2) and the card purchase (3) the player
// can pay for.
void add_builds(const GameState& s, int p, unsigned buys, List& list) {
  if (buys & 1) push_roads(s, p, ActionType::BuildRoad, list);
  if (buys & 2) {
    // Distance rule (empty, no building one edge away) and touching an own road.
    uint64_t own_e[2];
    edges_owned_by(s, p, own_e);
    for_bits(edge_endpoints(own_e) & settlement_spots(s),
             [&](int v) { list.push(ActionType::BuildSettlement, v); });
  }
  if (buys & 4)
    for_bits(vertices_owned_by(s, p) & ~city_vertices(s),
             [&](int v) { list.push(ActionType::BuildCity, v); });
  list.push_if(buys & 8, ActionType::BuyDevCard);
}

// Every 1-for-1 offer to every other seat (and to all, where the options allow it). Out of
// line, so that the block's 20 actions widen this function's stack frame only, not that of
// every legal_actions call (the bench's random players and the coach list no offers).
[[gnu::noinline]] void add_offers(const GameState& s, int p, List& list) {
  const ResourceCounts& hand = s.players[p].resources;
  const GameOptions& o = s.options;
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
  if (!k) return;
  for (int t = o.trade == TradeMode::OneForOne ? 0 : -1; t < s.num_players; ++t) {
    if (t == p || (t >= 0 && s.players[t].forfeited)) continue;
    for (int i = 0; i < k; ++i) block[i].arg = static_cast<int8_t>(t);
    list.append(block, k);
  }
}

// MoveRobber to every hex, ascending: the list for a robber on hex h is this table without
// entry h, two block copies instead of 18 appends.
constexpr auto kRobberMoves = [] {
  std::array<Action, kNumHexes> a{};
  for (int h = 0; h < kNumHexes; ++h) a[h] = Action::simple(ActionType::MoveRobber, h);
  return a;
}();

// Most turns there is no card to play: that test is inline, the list is not.
inline void add_dev_plays(const GameState& s, int p, List& out) {
  if (s.dev_played_this_turn) return;
  // Playable: more in hand than bought this turn.
  constexpr unsigned kPlayable =
      1u << kKnight | 1u << kRoadBuilding | 1u << kYearOfPlenty | 1u << kMonopoly;
  if (const unsigned playable = more_than_bought(s.players[p]) & kPlayable)
    add_card_plays(s, playable, out);
}

// Every discard of `left` more cards from hand[r..], with the counts chosen so far for the
// resources before r packed one byte each in `give`. The counts travel in a register: an
// Action assembled byte by byte on the stack and then copied whole stalls on store forwarding.
void add_discards(const ResourceCounts& hand, int r, int left, uint64_t give, List& out) {
  if (r == kNumResources - 2) {  // the last resource takes the rest: one discard per count here
    for (int c = std::min<int>(hand[r], left); c >= 0 && left - c <= hand[r + 1]; --c)
      out.push_discard(give | uint64_t(c) << (8 * r) | uint64_t(left - c) << (8 * (r + 1)));
    return;
  }
  int rest = 0;
  for (int i = r + 1; i < kNumResources; ++i) rest += hand[i];
  const int hi = std::min<int>(hand[r], left);
  for (int c = hi; c >= 0 && left - c <= rest; --c)
    add_discards(hand, r + 1, left - c, give | uint64_t(c) << (8 * r), out);
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
  List list{out};
  switch (s.phase) {
    case Phase::SetupSettlement: {
      for_bits(settlement_spots(s), [&](int v) { list.push(ActionType::BuildSettlement, v); });
      break;
    }
    case Phase::SetupRoad: {
      const VertexInfo& V = T().vertices[s.last_setup_vertex];
      int es[3], k = 0;
      for (int j = 0; j < V.num_neighbors; ++j)
        if (s.edge_owner[V.edges[j]] < 0) es[k++] = V.edges[j];
      for (int i = 1; i < k; ++i)  // ascending edge id
        for (int j = i; j > 0 && es[j] < es[j - 1]; --j) std::swap(es[j], es[j - 1]);
      for (int i = 0; i < k; ++i) list.push(ActionType::BuildRoad, es[i]);
      break;
    }
    case Phase::Roll:
      list.push(ActionType::Roll);
      add_dev_plays(s, p, list);
      break;
    case Phase::MoveRobber:
      list.append(kRobberMoves.data(), s.robber_hex);
      list.append(kRobberMoves.data() + s.robber_hex + 1, kNumHexes - 1 - s.robber_hex);
      break;
    case Phase::Steal:
      for_bits(steal_victims(s, p), [&](int q) { list.push(ActionType::Steal, q); });
      break;
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      push_roads(s, p, ActionType::FreeRoad, list);
      break;
    case Phase::TradeResponse:
      if (covers(hand, s.offer.get)) list.push(ActionType::AcceptTrade);
      list.push(ActionType::DeclineTrade);
      break;
    case Phase::TradeConfirm:
      for (int q = 0; q < n; ++q) {
        const TradeAnswer t = s.offer.answers[q];
        if ((t == TradeAnswer::Accepted || t == TradeAnswer::Countered) &&
            check(s, Action::simple(ActionType::ConfirmTrade, q)).ok())
          list.push(ActionType::ConfirmTrade, q);
      }
      list.push(ActionType::CancelTrade);
      break;
    case Phase::Main: {
      // The pieces and the card the hand pays for, tested together: most turns none, and one
      // branch on the set predicts better than one per piece and resource.
      const uint64_t h = packed(hand);
      constexpr uint64_t kRoad = packed(kRoadCost), kSettlement = packed(kSettlementCost),
                         kCity = packed(kCityCost), kCard = packed(kDevCardCost);
      unsigned buys = unsigned{P.roads_left > 0} & covers_packed(h, kRoad);
      buys |= (unsigned{P.settlements_left > 0} & covers_packed(h, kSettlement)) << 1;
      buys |= (unsigned{P.cities_left > 0} & covers_packed(h, kCity)) << 2;
      buys |= (unsigned{s.deck_pos < kDevDeckSize} & covers_packed(h, kCard)) << 3;
      if (buys) add_builds(s, p, buys, list);
      // Bank trades: the resources held at the player's rate, for each one the bank has.
      if (const unsigned gives = ge_bits(h, packed_rates(P))) {
        const unsigned gets = ge_bits(packed(s.bank), packed({1, 1, 1, 1, 1}));
        for_bits(gives, [&](int g) {
          for_bits(gets & ~(1u << g), [&](int x) { list.push(ActionType::TradeBank, g, x); });
        });
      }
      const GameOptions& o = s.options;
      if (include_offers && (!o.max_offers_per_turn || s.offers_this_turn < o.max_offers_per_turn))
        add_offers(s, p, list);
      add_dev_plays(s, p, list);
      list.push(ActionType::EndTurn);
      break;
    }
    case Phase::Discard:
      add_discards(hand, 0, P.discard_owed, 0, list);
      break;
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
