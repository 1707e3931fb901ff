// One plain sentence for a move, from the evaluation's own terms: the production and the
// resources a building adds, the port it reaches, the award a road or a knight takes, the
// pips the robber blocks, what a trade or a discard keeps within reach.
#pragma once
#include <string>

#include "engine/action.h"
#include "engine/coach/coach.h"
#include "engine/state.h"

namespace catan::coach {

// `view` is the position before the move as `me` sees it (ai::legal_view of its
// observation); the sentence speaks to `me` ("+5 pips of production, first ore, reaches
// your 2:1 wheat port.").
std::string explain_move(const GameState& view, const Action& a, int me, const SeatNames& names);

}  // namespace catan::coach
