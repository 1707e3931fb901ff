#include "engine/victory_points.h"

#include "engine/state.h"

namespace catan {

VpBreakdown vp_breakdown(const GameState& s, int seat) {
  const PlayerState& p = s.players[seat];
  VpBreakdown b;
  b.settlements = kSettlementsPerPlayer - p.settlements_left;
  b.cities = kCitiesPerPlayer - p.cities_left;
  b.longest_road = s.longest_road_holder == seat ? 2 : 0;
  b.largest_army = s.largest_army_holder == seat ? 2 : 0;
  b.vp_cards = p.dev_cards[static_cast<int>(DevCard::VictoryPoint)];
  b.revealed = s.phase == Phase::GameOver;
  return b;
}

int vp_seen_by(const GameState& s, int seat, int viewer) {
  const VpBreakdown b = vp_breakdown(s, seat);
  return seat == viewer ? b.points() : b.public_points();
}

}  // namespace catan
