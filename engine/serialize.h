// JSON forms (nlohmann-json). Saved games round-trip exactly and are validated on load.
// Defined in engine/options_json.cpp (options), engine/view_json.cpp (board, state and events
// as a seat sees them) and engine/saved_game.cpp (saved games); the English sentences are in
// engine/english.h.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/observation.h"

namespace catan {

nlohmann::json options_to_json(const GameOptions& o);
bool options_from_json(const nlohmann::json& j, GameOptions* o, std::string* error);

// The topology and layout: hexes with q, r, terrain, number; vertices with hexes,
// neighbours, port; edges with vertices; ports with type and vertices.
nlohmann::json board_to_json(const GameState& s, int seat = kAllSeats);

// The state as `seat` sees it (kAllSeats = everything; docs/RULES.md, hidden information):
// the public fields (longest_road_holder, longest_road_length, longest_road_lengths,
// largest_army_holder, total_victory_points, your_trade_rates, ...) plus the phase, whose
// turn, what is expected, the pending trade, bank, deck size, roll count, winner.
nlohmann::json state_to_json(const GameState& s, int seat = kAllSeats);

// The complete state (every field, RNG position included) and the history: load
// validates structure, ranges and consistency (check_invariants) and replays the history
// to confirm it reproduces the state; anything off is rejected with a clear error.
nlohmann::json save_game(const Game& g);
bool load_game(const nlohmann::json& j, Game* out, std::string* error);
bool load_game(const std::string& text, Game* out, std::string* error);

nlohmann::json event_to_json(const Event& e);

// Documents read from outside (saves, configs, protocol lines, settings) nest at most this
// deep; the engine's own nest under 10. Deeper input is refused before it is parsed: copying,
// comparing and printing a parsed document recurse once per level, and a few hundred
// kilobytes of brackets would overflow the stack (engine/json_depth.cpp).
inline constexpr int kMaxJsonDepth = 64;

// True when the arrays and objects of `text` nest deeper than max_depth (brackets inside
// strings do not count; the text need not be valid JSON).
bool json_too_deep(std::string_view text, int max_depth = kMaxJsonDepth);

}  // namespace catan
