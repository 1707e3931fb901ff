// The position features of tools/fit_value's value model (one row per seat). Research
// only (CATAN_BUILD_RESEARCH_TOOLS): the model predicts winners better than evaluate() but
// made Expert no stronger (docs/AI.md, fitted value model).
#pragma once
#include <algorithm>
#include <array>

#include "engine/ai/analysis.h"
#include "engine/coach/win_model.h"
#include "engine/state.h"

namespace catan::tools {

enum ValueFeature : int {
  kFVp,         // total VP (hidden VP cards included)
  kFVpSq,       // VP squared / 10: each point is worth more near the end
  kFToGo1,      // 1 VP from the target
  kFToGo2,      // 2 VP from the target
  kFProd,       // production: pips x scarcity weight (robber hex excluded)
  kFProdEarly,  // the same x how far the game is from its end (1 - leader's VP / target)
  kFWood,       // raw pips per resource
  kFBrick,
  kFSheep,
  kFWheat,
  kFOre,
  kFKinds,         // resources produced at all
  kFPort2,         // pips of resources with a matching 2:1 port
  kFPort3,         // has a 3:1 port
  kFConn,          // best open spot on the road network (pips x weight)
  kFNear,          // best open spot one road away
  kFNConn,         // open spots on the network (at most 3)
  kFCities,        // cities built
  kFSettleLeft0,   // no settlements left (must build cities to grow)
  kFRoadLen,       // longest road length
  kFRoadRace,      // closeness to taking Longest Road (0..1; 0 for its holder)
  kFKnights,       // knights played
  kFArmyRace,      // could take Largest Army with the knights in hand (not the holder)
  kFKnightsHand,   // knights in hand
  kFProgressHand,  // Road Building, Year of Plenty, Monopoly in hand
  kFHand,          // resource cards in hand
  kFOver7,         // more than 7 cards (a 7 costs half)
  kFHandValue,     // how close the hand brings the next builds
  kFToMove0,       // acts now / rolls next
  kFToMove1,       // one seat later
  kFToMove2,       // two seats later
  kNumValueFeatures
};

inline constexpr const char* kValueFeatureNames[kNumValueFeatures] = {
    "Vp",      "VpSq",     "ToGo1",       "ToGo2",        "Prod",        "ProdEarly", "Wood",
    "Brick",   "Sheep",    "Wheat",       "Ore",          "Kinds",       "Port2",     "Port3",
    "Conn",    "Near",     "NConn",       "Cities",       "SettleLeft0", "RoadLen",   "RoadRace",
    "Knights", "ArmyRace", "KnightsHand", "ProgressHand", "Hand",        "Over7",     "HandValue",
    "ToMove0", "ToMove1",  "ToMove2",
};

using ValueFeatures = std::array<double, kNumValueFeatures>;

inline ValueFeatures value_features(const GameState& s, int seat) {
  ValueFeatures f{};
  const PlayerState& ps = s.players[seat];
  const int target = ai::vp_target(s);
  int maxvp = 0;
  for (int p = 0; p < s.num_players; ++p) maxvp = std::max(maxvp, s.total_vp(p));
  const double remaining = std::clamp(1.0 - static_cast<double>(maxvp) / target, 0.0, 1.0);
  const int vp = s.total_vp(seat);
  f[kFVp] = vp;
  f[kFVpSq] = vp * vp / 10.0;
  f[kFToGo1] = target - vp <= 1;
  f[kFToGo2] = target - vp == 2;

  const coach::Economy e = coach::economy(s, seat);
  for (int r = 0; r < kNumResources; ++r) f[kFWood + r] = e.pips[r];
  f[kFPort2] = e.port2_pips;
  f[kFPort3] = e.port3;
  f[kFProd] = e.value;
  f[kFProdEarly] = e.value * remaining;
  f[kFKinds] = e.kinds;
  f[kFConn] = e.best_conn;
  f[kFNear] = e.best_near;
  f[kFNConn] = std::min(e.n_conn, 3);
  f[kFCities] = kCitiesPerPlayer - ps.cities_left;
  f[kFSettleLeft0] = ps.settlements_left == 0;
  f[kFRoadLen] = ps.longest_road;
  f[kFRoadRace] = e.road_race;
  const int kn = ps.dev_played[static_cast<int>(DevCard::Knight)];
  const int kh = ps.dev_cards[static_cast<int>(DevCard::Knight)];
  f[kFKnights] = kn;
  if (s.largest_army_holder != seat) {
    const int held =
        s.largest_army_holder >= 0
            ? s.players[s.largest_army_holder].dev_played[static_cast<int>(DevCard::Knight)]
            : 2;
    f[kFArmyRace] = kn + kh > held;
  }
  f[kFKnightsHand] = kh;
  f[kFProgressHand] = ps.dev_cards[static_cast<int>(DevCard::RoadBuilding)] +
                      ps.dev_cards[static_cast<int>(DevCard::YearOfPlenty)] +
                      ps.dev_cards[static_cast<int>(DevCard::Monopoly)];
  int hand = 0;
  for (int r = 0; r < kNumResources; ++r) hand += ps.resources[r];
  f[kFHand] = hand;
  f[kFOver7] = hand > 7;
  static const ai::Params neutral{};
  f[kFHandValue] = ai::hand_value(s, seat, ps.resources, neutral);

  const int d = (seat - s.current + s.num_players) % s.num_players;
  if (d <= 2) f[kFToMove0 + d] = 1;
  return f;
}

}  // namespace catan::tools
