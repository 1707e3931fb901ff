// A move in words, written once for every screen that names one: the coach's hint card
// ("Settlement on Ore 8, Brick 6 and Grain 3", title-case, short) and the game review's
// sentences ("Played: build a settlement on Ore 8, Brick 6 and Grain 3", a lower-case clause).
// The spots read by the hexes around them (resource and number, the likeliest first), a
// harbour on the spot is named, and a bundle of cards reads "2 Wood and 1 Ore".
#pragma once
#include <cstdint>
#include <string>

#include "engine/action.h"
#include "engine/state.h"
#include "frontend/board_view.h"

namespace catan::ui {

enum class MoveStyle : uint8_t {
  Command,  // the hint card's headline: "Settlement on ...", "End turn"
  Clause,   // inside a sentence: "build a settlement on ...", "end the turn"
};

// The move `a` made in position `s` (the numbers around a spot, the mover's bank rate), the
// seats named by `names` (their roles dropped; a seat out of range is "everyone").
std::string move_words(const GameState& s, const Action& a, const std::string (&names)[kMaxPlayers],
                       MoveStyle style = MoveStyle::Clause);

// The pieces, for other sentences.
std::string cards_words(const ResourceCounts& c);          // "2 Wood and 1 Ore", "nothing"
std::string hex_words(const GameState& s, int hex);        // "the Ore 6 hex", "the desert"
std::string vertex_words(const GameState& s, int vertex);  // "Ore 8, Brick 6 and Grain 3"
std::string edge_words(const GameState& s, int edge);      // "between Ore 8 and Brick 6"
std::string seat_words(const std::string (&names)[kMaxPlayers], int seat);  // "Bruno"

// The board spot a move is made at (kind None for a move without one).
BoardPick move_spot(const Action& a);

}  // namespace catan::ui
