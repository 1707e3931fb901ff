// The engine's English sentences. describe() (a sentence per event) is declared in
// engine/events.h; both are defined in engine/english.cpp.
#pragma once
#include <string>

#include "engine/events.h"
#include "engine/state.h"

namespace catan {

// What the player to move is expected to do now ("move the robber", "discard 4 cards").
std::string expected_text(const GameState& s);

// "Bruno's", and "Your" for a seat named "You".
std::string possessive(const std::string& name);
// The verb for `name`: `third` ("takes") for a third person, `base` ("take") for "You".
std::string verb_for(const std::string& name, const char* third, const char* base);

}  // namespace catan
