// check_invariants() (engine/rules.h): everything a reachable state satisfies, checked after
// every action by the tests and before a saved game is accepted.
#include <algorithm>
#include <string>

#include "engine/rules_internal.h"

namespace catan {

using namespace detail;

namespace {

// Seats, the robber and positions in range; every resource card in the bank or a hand.
std::string check_counters(const GameState& s) {
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
  return "";
}

// Every development card in the deck, a hand or played; none bought out of turn.
std::string check_dev_cards(const GameState& s) {
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
    if (cnt[d] != kDevDeckComposition[d])
      return std::string("development card ") + dev_card_name(static_cast<DevCard>(d)) +
             " count is " + std::to_string(cnt[d]);
  if (s.players[0].dev_played[kVictoryPoint] || s.players[1].dev_played[kVictoryPoint] ||
      s.players[2].dev_played[kVictoryPoint] || s.players[3].dev_played[kVictoryPoint])
    return "a victory point card was played";
  return "";
}

// The pieces on the board per seat.
struct PieceCounts {
  int roads[kMaxPlayers] = {}, settlements[kMaxPlayers] = {}, cities[kMaxPlayers] = {};
};

// Owners in range, buildings that match their owners, the distance rule; counts the pieces.
std::string check_board(const GameState& s, PieceCounts* pieces) {
  const int n = s.num_players;
  for (int e = 0; e < kNumEdges; ++e) {
    const int o = s.edge_owner[e];
    if (o >= n || o < -1) return "edge owner out of range";
    if (o >= 0) ++pieces->roads[o];
  }
  for (int v = 0; v < kNumVertices; ++v) {
    const int o = s.vertex_owner[v];
    if (o >= n || o < -1) return "vertex owner out of range";
    if ((o < 0) != (s.vertex_building[v] == Building::None))
      return "vertex " + std::to_string(v) + " owner and building disagree";
    if (o < 0) continue;
    if (s.vertex_building[v] == Building::City)
      ++pieces->cities[o];
    else if (s.vertex_building[v] == Building::Settlement)
      ++pieces->settlements[o];
    else
      return "bad building";
    if (building_next_to(s, v)) return "distance rule broken at vertex " + std::to_string(v);
  }
  return "";
}

// Road connectivity: every road of q is reachable from one of q's buildings.
std::string check_roads_connected(const GameState& s, int q) {
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
  return "";
}

// Each seat's pieces left, trade rates and road length agree with the board.
std::string check_players(const GameState& s, const PieceCounts& pieces) {
  for (int q = 0; q < s.num_players; ++q) {
    const PlayerState& P = s.players[q];
    if (pieces.roads[q] + P.roads_left != kRoadsPerPlayer) return "road count mismatch";
    if (pieces.settlements[q] + P.settlements_left != kSettlementsPerPlayer)
      return "settlement count mismatch";
    if (pieces.cities[q] + P.cities_left != kCitiesPerPlayer) return "city count mismatch";
    if (P.trade_rate != trade_rates(s, q)) return "trade rates out of date";
    if (P.longest_road != longest_road_length(s, q)) return "longest road length out of date";
    if (std::string why = check_roads_connected(s, q); !why.empty()) return why;
    if ((P.discard_owed > 0) && s.phase != Phase::Discard) return "discard owed outside discard";
  }
  return "";
}

// Longest Road and Largest Army are held by (one of) the longest and the largest.
std::string check_awards(const GameState& s) {
  const int n = s.num_players;
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
  return "";
}

// What each phase needs: a seat to discard, a seat to answer, free roads, a winner...
std::string check_phase(const GameState& s) {
  const int n = s.num_players;
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
  return "";
}

// The setup is over once play started, and the game is over once somebody won.
std::string check_progress(const GameState& s) {
  const int n = s.num_players;
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

}  // namespace

std::string check_invariants(const GameState& s) {
  std::string why = check_counters(s);
  if (why.empty()) why = check_dev_cards(s);
  PieceCounts pieces;
  if (why.empty()) why = check_board(s, &pieces);
  if (why.empty()) why = check_players(s, pieces);
  if (why.empty()) why = check_awards(s);
  if (why.empty()) why = check_phase(s);
  if (why.empty()) why = check_progress(s);
  return why;
}

}  // namespace catan
