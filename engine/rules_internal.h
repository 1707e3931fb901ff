// What the rules files share (engine/legality.cpp, movegen.cpp, apply.cpp, roll.cpp,
// longest_road.cpp, invariants.cpp): the predicates both the legality check and the move
// generator use, the event helper, and the few functions one file calls in another. Internal
// to engine/; the contract is engine/rules.h.
#pragma once
#include <vector>

#include "engine/board_bits.h"
#include "engine/rules.h"

namespace catan::detail {

constexpr int kKnight = static_cast<int>(DevCard::Knight);
constexpr int kVictoryPoint = static_cast<int>(DevCard::VictoryPoint);
constexpr int kRoadBuilding = static_cast<int>(DevCard::RoadBuilding);
constexpr int kYearOfPlenty = static_cast<int>(DevCard::YearOfPlenty);
constexpr int kMonopoly = static_cast<int>(DevCard::Monopoly);

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

inline bool in_setup(Phase p) {
  return p == Phase::SetupSettlement || p == Phase::SetupRoad;
}

// Who places at setup step `step` (docs/RULES.md, setup): seats in order from the first
// player, then in reverse.
inline int setup_seat(const GameState& s, int step) {
  const int n = s.num_players;
  return step < n ? (s.first_player + step) % n : (s.first_player + (2 * n - 1 - step)) % n;
}

// ----- Roads (docs/RULES.md, placement) -----------------------------------------------------

// A road for p on edge e: the edge is empty and touches p's building, or p's road at a
// vertex that holds no opponent's building.
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

// The edges where p may build a road, as a 72-bit set: road_ok on every edge at once.
struct EdgeSet {
  uint64_t w[2] = {0, 0};
  bool empty() const { return (w[0] | w[1]) == 0; }
};

inline EdgeSet road_candidates(const GameState& s, int p) {
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

inline bool any_road_ok(const GameState& s, int p) {
  return !road_candidates(s, p).empty();
}

// ----- Settlements (docs/RULES.md, distance rule) --------------------------------------------

// free_for_settlement() (engine/rules.h) for every vertex at once: the empty vertices with
// no building one edge away.
inline uint64_t settlement_spots(const GameState& s) {
  const uint64_t occ = vertices_occupied(s);
  return kAllVertices & ~(occ | neighbours_of(occ));
}

inline bool touches_own_road(const GameState& s, int p, int v) {
  const VertexInfo& V = T().vertices[v];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (s.edge_owner[V.edges[j]] == p) return true;
  return false;
}

// ----- The robber (docs/RULES.md, robber) ----------------------------------------------------

// The seats the thief may rob, as bits: the owners of the robber hex's buildings (an empty
// vertex's -1 lands on bit 7, outside the seats), less the thief and the empty hands.
inline unsigned steal_victims(const GameState& s, int thief) {
  const HexInfo& H = T().hexes[s.robber_hex];
  unsigned m = 0;
  for (int i = 0; i < 6; ++i) m |= 1u << (s.vertex_owner[H.vertices[i]] & 7);
  unsigned with_cards = 0;
  for (int q = 0; q < s.num_players; ++q) with_cards |= unsigned{s.hand_size(q) > 0} << q;
  return m & with_cards & ~(1u << thief);
}

// The thief may rob `victim`: an opponent with cards and a building on the robber's hex.
inline bool can_steal_from(const GameState& s, int thief, int victim) {
  return victim >= 0 && victim < s.num_players && (steal_victims(s, thief) >> victim & 1);
}

// ----- Across the rules files -----------------------------------------------------------------

// A refusal: the code and the text apply() reports (a static string, so checking allocates
// nothing; why_not() copies it into its Verdict).
struct Refusal {
  Reason reason = Reason::Ok;
  const char* text = nullptr;
  bool ok() const { return reason == Reason::Ok; }
};

// engine/legality.cpp: the single legality check behind why_not(), is_legal() and apply().
Refusal check(const GameState& s, const Action& a);

// engine/roll.cpp: rolls the dice for p and carries out the roll (production, or a 7).
void roll(GameState& s, int p, EventLog* ev);

// engine/longest_road.cpp: the longest trail of p that ends with a new road e (placed or about
// to be: e is left out of p's roads either way), or -1 when e may sit inside a trail; and the
// Longest Road award after a road or settlement (recomputing the lengths of the seats in
// recompute_mask first).
int road_extension(const GameState& s, int p, int e);
void update_longest_road(GameState& s, unsigned recompute_mask, EventLog* ev);

}  // namespace catan::detail
