#include "frontend/game_frame.h"

#include <algorithm>

#include "engine/rules.h"
#include "frontend/verdicts.h"

namespace catan::ui {

bool GameFrame::can(ActionType t) const {
  return my_turn &&
         std::any_of(legal.begin(), legal.end(), [t](const Action& a) { return a.type == t; });
}

Verdict GameFrame::verdict(const Action& a) const {
  return ui_verdict(obs.view, viewer, my_turn, a);
}

bool GameFrame::submit(const Action& a) const {
  std::string err;
  if (session.submit(a, &err)) return true;
  notice.show(err.empty() ? "That move is not allowed now." : err, now);
  return false;
}

GameFrame make_game_frame(MatchView& session, double now, Notice& notice) {
  GameFrame f(session, notice);
  f.now = now;
  f.viewer = session.viewer();
  f.obs = session.observation();
  f.my_turn = session.human_to_act() && !session.handoff_pending() && !session.paused() &&
              f.obs.view.to_move() == f.viewer;
  if (f.my_turn) f.legal = session.legal_actions();
  return f;
}

}  // namespace catan::ui
