// The Cards panel: what each opponent can hold, as the viewer can deduce it from public
// information (the card tracker, engine/card_tracker.h, the same counting the Hard and
// Expert AIs play with). For each opponent: the resource cards known for certain as icons with
// their counts, "+2 unknown:" with an icon for each resource they can be (the tooltip: "+2
// unknown (could be Wood or Ore)" and the most of each), and the development cards: in hand,
// bought, played by type. A tab beside Log and Trade (desktop) or of the phone's sheet.
//
//   draw_cards_panel(session);                  // into the current window (it scrolls)
//   CardsPanel p = cards_panel(session);        // the numbers, without ImGui (unit-tested)
//   unknown_text(seat_cards)                    // "+2 unknown (could be Wood or Ore)"
//   dev_text(seat_cards)                        // "2 in hand, 3 bought"
//   played_text(seat_cards)                     // "Knights 2, Monopoly 1"
#pragma once
#include <string>
#include <vector>

#include "engine/card_tracker.h"
#include "frontend/match_types.h"

namespace catan::ui {

struct CardsPanel {
  CardTracker tracker;     // for the viewer (MatchView::viewer(): -1 = a spectator)
  std::vector<int> seats;  // the seats shown: every seat but the viewer's
};
// The tracker on MatchView::observation() and the events the viewer may see.
CardsPanel cards_panel(const MatchView& session);

// "" when every card is known; else "+N unknown (could be Wood, Brick or Ore)" ("any
// resource" when it could be any of the five).
std::string unknown_text(const SeatCards& c);
// Development cards: "none", or "2 in hand, 3 bought".
std::string dev_text(const SeatCards& c);
// The development cards played face up: "" or "Knights 2, Monopoly 1".
std::string played_text(const SeatCards& c);

void draw_cards_panel(const MatchView& session);

}  // namespace catan::ui
