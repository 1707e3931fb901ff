// What every panel of the game screen reads in one frame, and the one way a panel acts:
// GameFrame::submit (MatchView::submit; a refusal becomes the banner's notice).
//
//   GameFrame f = make_game_frame(session, now, notice);   // once per frame
//   if (f.can(ActionType::Roll) && f.submit(Action::simple(ActionType::Roll))) ...
#pragma once
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "frontend/match_types.h"

namespace catan::ui {

// A short message under the banner ("That move is not allowed now.").
struct Notice {
  std::string text;
  double until = 0;
  void show(std::string t, double now_s) { text = std::move(t), until = now_s + 4.0; }
  bool visible(double now_s) const { return now_s < until; }
};

// The build mode the action bar (or keys 1 2 3) chose: the board then offers its spots.
enum class Tool { None, Road, Settlement, City };

// What a click on the action bar or a key asks for; the game screen carries it out, so a key
// and its button do the same thing.
enum class Command {
  None,
  Roll,
  EndTurn,
  BuyDevCard,
  ToolRoad,
  ToolSettlement,
  ToolCity,
  PlayKnight,
  PlayRoadBuilding,
  YearOfPlenty,  // opens its dialog
  Monopoly,      // opens its dialog
  ToggleTrade,   // the side panel's Trade tab
  ToggleHelp,
  Hint,    // the coach's hint for the viewer's decision (frontend/coach_view.h)
  Escape,  // closes the topmost of help, settings, a dialog, the tool
};

struct GameFrame {
  GameFrame(MatchView& s, Notice& n) : session(s), notice(n) {}
  MatchView& session;  // the match as the viewer's screen sees it
  Notice& notice;
  double now = 0;
  int viewer = -1;            // MatchView::viewer()
  Observation obs;            // what the viewer may see (own hand included)
  bool my_turn = false;       // the viewer must act now (not paused, no hand-off pending)
  std::vector<Action> legal;  // MatchView::legal_actions() while my_turn, else empty

  // The game as the viewer sees it (obs.view): others' hands are counts.
  const GameState& state() const { return obs.view; }
  bool can(ActionType t) const;  // my_turn and some legal action of this type
  // The engine's verdict on `a` by the viewer, on their view (frontend/verdicts.h).
  Verdict verdict(const Action& a) const;
  // MatchView::submit; a refusal is shown as the notice. True when the action was applied.
  bool submit(const Action& a) const;
};

GameFrame make_game_frame(MatchView& session, double now, Notice& notice);

}  // namespace catan::ui
