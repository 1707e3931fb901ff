// What one seat may see. An Observation is a GameState with hidden parts replaced:
// other seats' resource cards and development cards in hand are zeroed (their counts are
// kept in hand_size / dev_hand_size), the deck order and RNG are scrambled to a fixed
// value, and under mist / terra incognita the terrain (and numbers and ports for the
// latter) read Hidden during setup. AIs and the UI only ever get an Observation.
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

}  // namespace catan
