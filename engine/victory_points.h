// Victory points, the one count every screen and the rules use (docs/RULES.md, victory):
// 1 per settlement, 2 per city, 2 for Longest Road, 2 for Largest Army, 1 per VP card.
//
//   const VpBreakdown b = vp_breakdown(state, seat);   // a full state or an Observation's view
//   b.public_points();   // what every seat sees: VP cards count once revealed (game over)
//   b.points();          // the owner's true total: hidden VP cards included
//   vp_seen_by(state, seat, viewer);   // the owner's total to itself, the public points to others
//
// A view (engine/observation.h) holds only the viewer's own VP cards, or all of them once the
// game is over, so a breakdown of a view never shows another seat's hidden cards.
#pragma once

namespace catan {

struct GameState;

struct VpBreakdown {
  int settlements = 0;    // 1 VP each
  int cities = 0;         // 2 VP each (count of cities, not points)
  int longest_road = 0;   // 2 or 0
  int largest_army = 0;   // 2 or 0
  int vp_cards = 0;       // VP development cards held (hidden until the game is over)
  bool revealed = false;  // the game is over: VP cards lie face up
  int buildings_and_awards() const {
    return settlements + 2 * cities + longest_road + largest_army;
  }
  int public_points() const { return buildings_and_awards() + (revealed ? vp_cards : 0); }
  int points() const { return buildings_and_awards() + vp_cards; }
};

// From the pieces placed (the pieces left in supply) and the award holders; defined inline in
// engine/state.h, beside GameState.
inline VpBreakdown vp_breakdown(const GameState& s, int seat);
// The points `viewer` may know `seat` to hold: the true total for its own seat, public points
// for another (all points at the game's end).
int vp_seen_by(const GameState& s, int seat, int viewer);

}  // namespace catan
