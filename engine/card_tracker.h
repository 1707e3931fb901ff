// The card tracker: what every seat can hold, as one seat can deduce it from public
// information only (production, trades and offers, steals it saw, discards, purchases,
// monopolies, the bank). The AIs' card counting (ai::count_cards, the Hard and Expert
// levels) is the `expected` part of this same pass, and the UI's Cards panel shows the rest.
//
//   const CardTracker t = track_cards(observe(state, seat), game.visible_events(seat));
//   t.seats[p].known[r]      // cards of resource r that p holds for certain
//   t.seats[p].unknown       // the others, each one of the resources in could_be
//
// Reads only the Observation and the events as given (pass Game::visible_events(obs.seat):
// redacted for that seat). Deterministic: the same inputs give the same answer.
#pragma once
#include <array>
#include <cstdint>

#include "engine/events.h"
#include "engine/observation.h"

namespace catan {

// One seat's cards as the viewer can tell. For the viewer's own seat (outside the hidden
// setup of mist / terra incognita, when even its own cards show only as a count) everything
// is exact.
struct SeatCards {
  // Resource cards. Always known[r] <= the true count <= max[r], summing to total.
  int total = 0;                                 // = obs.hand_size[seat]
  ResourceCounts known{};                        // per resource, held for certain
  std::array<uint8_t, kNumResources> max{};      // per resource, the most it can be
  int unknown = 0;                               // total - sum(known)
  uint8_t could_be = 0;                          // bit r: an unknown card may be resource r
  std::array<double, kNumResources> expected{};  // the AI's expected hand (ai::Beliefs)
  bool exact() const { return unknown == 0; }
  bool may_be(int r) const { return (could_be >> r) & 1; }

  // Development cards.
  int dev_bought = 0;      // bought so far (DevCardBought events)
  DevCounts dev_played{};  // played, by type (face up)
  int dev_in_hand = 0;     // = obs.dev_hand_size[seat]
  DevCounts dev_known{};   // the cards in hand by type: the viewer's own seat only
  DevCounts dev_max{};     // per type, the most of the cards in hand that can be of it
};

struct CardTracker {
  int viewer = -1;  // obs.seat (-1 = a spectator)
  int num_players = 0;
  std::array<SeatCards, kMaxPlayers> seats{};
  // The events agreed with the observation (every replayed total equals its hand size).
  // When not (events missing), the disagreeing seat is reset to "anything of its size".
  bool consistent = true;
};

// One pass over `events`, then the hard facts of `obs` (the viewer's own hand, the hand
// sizes, the bank: per resource the other hands hold what is neither in the bank nor the
// viewer's).
CardTracker track_cards(const Observation& obs, const EventLog& events);

}  // namespace catan
