// The engine's English sentences. describe() (a sentence per event) is declared in
// engine/events.h; both are defined in engine/english.cpp.
#pragma once
#include <string>

#include "engine/events.h"
#include "engine/state.h"

namespace catan {

// What the player to move is expected to do now ("move the robber", "discard 4 cards").
std::string expected_text(const GameState& s);

}  // namespace catan
