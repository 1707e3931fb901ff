#include "engine/victory_points.h"

#include "engine/state.h"

namespace catan {

int vp_seen_by(const GameState& s, int seat, int viewer) {
  const VpBreakdown b = vp_breakdown(s, seat);
  return seat == viewer ? b.points() : b.public_points();
}

}  // namespace catan
