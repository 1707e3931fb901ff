#include "engine/events.h"

namespace catan {

Event redact(const Event& e, int viewer, bool fog) {
  if (viewer == kAllSeats) return e;
  Event r = e;
  switch (e.type) {
    case EventType::StartingResources:  // a card's type names a hidden hex's terrain
      if (fog) {
        r.a = {};
        r.arg = static_cast<int8_t>(total(e.a));
      }
      break;
    case EventType::Stole:  // only the thief and the victim see which card
      if (viewer != e.seat && viewer != e.other) r.arg = -1;
      break;
    case EventType::DevCardBought:  // only the buyer sees the card
      if (viewer != e.seat) r.arg = -1;
      break;
    default:
      break;
  }
  return r;
}

}  // namespace catan
