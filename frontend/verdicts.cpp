#include "frontend/verdicts.h"

#include <algorithm>
#include <string>

namespace catan::ui {

namespace {

Verdict refuse(Reason r, std::string text) {
  Verdict v;
  v.reason = r;
  v.text = std::move(text);
  return v;
}

const char* piece_name(ActionType t) {
  switch (t) {
    case ActionType::BuildRoad:
      return "road";
    case ActionType::BuildSettlement:
      return "settlement";
    default:
      return "city";
  }
}

// A spot to ask the engine about the piece itself: the engine checks whose turn, the pieces
// left and the cost before the spot (for a city: once the spot is one of the seat's
// settlements).
int sample_spot(const GameState& view, int viewer, ActionType t) {
  if (t != ActionType::BuildCity) return 0;
  for (int v = 0; v < kNumVertices; ++v)
    if (view.vertex_owner[v] == viewer && view.vertex_building[v] == Building::Settlement) return v;
  return 0;
}

}  // namespace

Verdict ui_verdict(const GameState& view, int viewer, bool can_act, const Action& a) {
  if (viewer < 0) return refuse(Reason::NotYourTurn, "you are watching the computer players");
  Verdict v = why_not(view, viewer, a);
  if (v.reason == Reason::TargetDoesNotHold) v = Verdict{};
  if (v.ok() && !can_act) return refuse(Reason::NotYourTurn, "wait for your turn");
  return v;
}

bool is_turn_reason(Reason r) {
  switch (r) {
    case Reason::GameOver:
    case Reason::NotYourTurn:
    case Reason::WrongPhase:
    case Reason::MustPlaceSetupSettlement:
    case Reason::MustPlaceSetupRoad:
    case Reason::MustRollFirst:
    case Reason::AlreadyRolled:
    case Reason::MustDiscardFirst:
    case Reason::MustMoveRobberFirst:
    case Reason::MustStealFirst:
    case Reason::MustPlaceFreeRoad:
    case Reason::MustAnswerTrade:
    case Reason::MustConfirmOrCancelTrade:
      return true;
    default:
      return false;
  }
}

bool can_give_to_bank(const GameState& view, int viewer, int give) {
  if (viewer < 0) return false;
  GameState main = view;
  main.phase = Phase::Main;
  main.current = static_cast<uint8_t>(viewer);
  const int get = (give + 1) % kNumResources;  // any other resource: the rate is about `give`
  return why_not(main, viewer, Action::simple(ActionType::TradeBank, give, get)).reason !=
         Reason::BelowBankRate;
}

Verdict tool_verdict(const GameState& view, int viewer, bool can_act, ActionType type,
                     const std::vector<Action>& legal) {
  const Verdict v =
      ui_verdict(view, viewer, can_act, Action::simple(type, sample_spot(view, viewer, type)));
  if (is_turn_reason(v.reason)) return v;
  // The tools are the main phase's; setup placements are made on the board directly.
  if (view.phase != Phase::Main) return refuse(Reason::WrongPhase, "finish the current step first");
  if (std::any_of(legal.begin(), legal.end(), [type](const Action& a) { return a.type == type; }))
    return Verdict{};
  if (v.reason == Reason::NoPiecesLeft || v.reason == Reason::CannotAfford) return v;
  return refuse(v.ok() ? Reason::NotConnected : v.reason,
                std::string("there is no legal spot for a ") + piece_name(type) + " now");
}

}  // namespace catan::ui
