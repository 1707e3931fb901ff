// What one seat may see. An Observation is a GameState with hidden parts replaced:
// other seats' resource cards and development cards in hand are zeroed (their counts are
// kept in hand_size / dev_hand_size), the deck order and RNG are scrambled to a fixed
// value, and under mist / terra incognita the terrain (and numbers and ports for the
// latter) read Hidden during setup, see island_hidden(). AIs and the UI only ever get an
// Observation.
#pragma once
#include <array>

#include "engine/state.h"

namespace catan {

struct Observation {
  int seat = -1;   // -1 = spectator
  GameState view;  // hidden fields blanked
  std::array<uint8_t, kMaxPlayers> hand_size{};
  std::array<uint8_t, kMaxPlayers> dev_hand_size{};
  DevCounts unknown_dev_cards{};  // deck + others' hands, as the seat can infer
};

Observation observe(const GameState& s, int seat);

// True while mist or terra incognita (docs/RULES.md, visibility) hides the island: the setup
// phases, until the first roll phase reveals it. Every seat's view (its own included) then shows:
//  - terrain Hidden except the desert, which the robber marks (terra incognita also hides
//    the numbers, as 0, and the ports, as PortType::Hidden);
//  - every hand as a count only (hand_size; view.players[].resources all zero), since a
//    card's type names the terrain it came from;
//  - the bank as 19 of each (the view's hands are empty, so every resource still totals 19);
//  - the statistics zero, the bank rates from visible ports only (4:1 under terra
//    incognita), the board seed 0;
//  - starting_resources events as their number of cards (redact(e, viewer, true)).
bool island_hidden(const GameState& s);

}  // namespace catan
