#include "engine/ai/win_features.h"

#include <algorithm>

#include "engine/ai/analysis.h"

namespace catan::ai {

namespace {

// One seat's public economy: production by pips and by pips x scarcity weight, resource
// kinds, ports, expansion room and the race for Longest Road.
struct Economy {
  std::array<double, kNumResources> pips{};
  double value = 0;  // pips x scarcity weight (robber hex excluded)
  int kinds = 0;
  double port2_pips = 0;  // pips of resources with a matching 2:1 port
  bool port3 = false;
  double best_conn = 0;  // best open spot on the network
  int n_conn = 0;        // open spots on the network
  double road_race = 0;  // closeness to taking Longest Road (0 for its holder)
};

Economy economy(const GameState& s, int seat) {
  Economy e;
  const PlayerState& ps = s.players[seat];
  static const Params neutral{};
  const auto w = resource_weights(s, neutral);
  e.pips = production(s, seat);
  for (int r = 0; r < kNumResources; ++r) {
    e.value += w[r] * e.pips[r];
    e.kinds += e.pips[r] > 0;
    if (ps.trade_rate[r] == 2) e.port2_pips += e.pips[r];
    if (ps.trade_rate[r] == 3) e.port3 = true;
  }
  const Expansion ex = expansion_room(s, seat, w);
  e.best_conn = ex.best_conn;
  e.n_conn = ex.n_conn;
  if (s.longest_road_holder != seat) {
    const int held = s.longest_road_holder >= 0 ? s.players[s.longest_road_holder].longest_road : 0;
    const int need = std::max(5, held + 1);
    e.road_race = std::clamp(1.0 - (need - ps.longest_road) / 3.0, 0.0, 1.0);
  }
  return e;
}

}  // namespace

const char* const kWinFeatureNames[kNumWinFeatures] = {
    "PublicVp", "PublicVpSq", "ToGo1", "ToGo2",  "Prod",        "ProdEarly", "Kinds",    "Port2",
    "Port3",    "Conn",       "NConn", "Cities", "SettleLeft0", "RoadLen",   "RoadRace", "Knights",
    "ArmyRace", "DevHand",    "Hand",  "Over7",  "ToMove0",     "ToMove1",   "ToMove2",
};

HandCounts hand_counts(const Observation& obs) {
  HandCounts c;
  for (int p = 0; p < kMaxPlayers; ++p) {
    c.cards[p] = obs.hand_size[p];
    c.dev_cards[p] = obs.dev_hand_size[p];
  }
  return c;
}

HandCounts hand_counts(const GameState& full) {
  HandCounts c;
  for (int p = 0; p < full.num_players; ++p) {
    c.cards[p] = full.hand_size(p);
    c.dev_cards[p] = full.dev_hand_size(p);
  }
  return c;
}

WinFeatures win_features(const GameState& s, const HandCounts& counts, int seat) {
  WinFeatures f{};
  const PlayerState& ps = s.players[seat];
  const int target = vp_target(s);
  int maxvp = 0;
  for (int p = 0; p < s.num_players; ++p) maxvp = std::max(maxvp, s.public_vp(p));
  const double remaining = std::clamp(1.0 - static_cast<double>(maxvp) / target, 0.0, 1.0);
  const int vp = s.public_vp(seat);
  f[kWPublicVp] = vp;
  f[kWPublicVpSq] = vp * vp / 10.0;
  f[kWToGo1] = target - vp <= 1;
  f[kWToGo2] = target - vp == 2;

  const Economy e = economy(s, seat);
  f[kWPort2] = e.port2_pips;
  f[kWPort3] = e.port3;
  f[kWProd] = e.value;
  f[kWProdEarly] = e.value * remaining;
  f[kWKinds] = e.kinds;
  f[kWConn] = e.best_conn;
  f[kWNConn] = std::min(e.n_conn, 3);
  f[kWCities] = kCitiesPerPlayer - ps.cities_left;
  f[kWSettleLeft0] = ps.settlements_left == 0;
  f[kWRoadLen] = ps.longest_road;
  f[kWRoadRace] = e.road_race;
  const int knight = static_cast<int>(DevCard::Knight);
  const int kn = ps.dev_played[knight];
  f[kWKnights] = kn;
  if (s.largest_army_holder != seat) {
    const int held =
        s.largest_army_holder >= 0 ? s.players[s.largest_army_holder].dev_played[knight] : 2;
    f[kWArmyRace] = std::clamp(1.0 - (held + 1 - kn) / 3.0, 0.0, 1.0);
  }
  f[kWDevHand] = counts.dev_cards[seat];
  f[kWHand] = counts.cards[seat];
  f[kWOver7] = counts.cards[seat] > 7;
  const int d = (seat - s.current + s.num_players) % s.num_players;
  if (d <= 2) f[kWToMove0 + d] = 1;
  return f;
}

}  // namespace catan::ai
