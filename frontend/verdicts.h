// What the UI lets the viewer do, asked of the engine (engine/rules.h why_not) on the
// viewer's own view: the UI never re-derives a rule. No ImGui in here
// (tests/frontend/ui_rules_property_test.cpp checks it against the engine).
//
//   Verdict v = ui_verdict(obs.view, viewer, can_act, action);
//   button(id, label, size, v.ok(), v.sentence());
#pragma once
#include <vector>

#include "engine/action.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan::ui {

// The engine's verdict on `a` by `viewer`, on `view` (what the viewer may see: their own hand,
// the others' hands blanked). `can_act` false (a human's move is not due at this screen: the
// game is paused, the device is being handed over) refuses with NotYourTurn. The partner's
// cards are hidden in the view, so a refusal for them (TargetDoesNotHold) counts as allowed:
// the engine decides when the action is submitted.
Verdict ui_verdict(const GameState& view, int viewer, bool can_act, const Action& a);

// True for the reasons about whose turn or which step it is, not about the action itself
// (GameOver, NotYourTurn, WrongPhase, MustRollFirst, MustDiscardFirst, ...).
bool is_turn_reason(Reason r);

// Whether the viewer holds enough `give` to trade it to the bank at their rate: the engine's
// bank-trade check, asked as in the viewer's own main phase so the Give row reads the same
// whoever's turn it is (the Trade button asks ui_verdict for the turn as well).
bool can_give_to_bank(const GameState& view, int viewer, int give);

// The build tool for `type` (BuildRoad, BuildSettlement or BuildCity): allowed when some spot
// is legal (`legal`: the legal actions of the viewer's move, empty when it is not theirs);
// else why not: the engine's reason for the piece (turn, pieces left, cost) or, when only the
// spots are missing, that there is no legal spot.
Verdict tool_verdict(const GameState& view, int viewer, bool can_act, ActionType type,
                     const std::vector<Action>& legal);

}  // namespace catan::ui
