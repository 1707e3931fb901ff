// The rules: legal actions, apply, invariants. Every rule cites RULES.md / the seeds in
// the tests that cover it.
#pragma once
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/state.h"

namespace catan {

// Legal actions for whoever must act now (state.to_move()), in a deterministic order.
// Complete except for combinatorial trade bundles: offers are listed only as 1-for-1
// (to each seat, and to all in classic), counters are never listed; any bundle offer or
// counter that is_legal() accepts may still be played.
void legal_actions(const GameState& s, std::vector<Action>& out);
std::vector<Action> legal_actions(const GameState& s);
// Same, optionally without the player-trade offers (random playouts, benchmarks, AIs that
// do not negotiate): identical to the full list with every OfferTrade removed.
void legal_actions(const GameState& s, std::vector<Action>& out, bool include_offers);

// Why a is not legal now ("" when it is). Checks everything apply() would.
bool is_legal(const GameState& s, const Action& a, std::string* why = nullptr);

// Applies a for the player to move. On an illegal action: classic -> returns false, sets
// *error and leaves s untouched; arena (forfeit_on_illegal) -> the mover forfeits, the VP
// leader wins, returns false with *error. Events are appended to *events if given.
bool apply(GameState& s, const Action& a, std::string* error = nullptr, EventLog* events = nullptr);

// apply() without the re-validation, for an action just taken from legal_actions(s) on this
// very state (random playouts, benchmarks). Anything else is undefined behaviour.
void apply_trusted(GameState& s, const Action& a, EventLog* events = nullptr);

// Longest simple trail of seat's roads, not passing through opponents' buildings.
int longest_road_length(const GameState& s, int seat);

// Best bank rate per resource for seat given its port buildings.
std::array<uint8_t, kNumResources> trade_rates(const GameState& s, int seat);

// Checks every invariant (19 of each resource across bank and hands, 25 development
// cards accounted for, piece counts, distance rule, road connectivity, VP sums, phase
// consistency). Returns "" when all hold, else a description of the first violation.
std::string check_invariants(const GameState& s);

}  // namespace catan
