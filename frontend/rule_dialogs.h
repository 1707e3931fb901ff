// The dialogs a rule asks for, centred on the board: discard half the hand after a 7, choose
// whom to rob, Year of Plenty (take 2 resources) and Monopoly (name a resource). Discard and
// rob open by themselves in their phase; the two cards' dialogs open from the action bar.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"

namespace catan::ui {

struct RuleDialogsState {
  bool year_of_plenty = false;  // open
  bool monopoly = false;        // open
  int yop_counts[kNumResources] = {};
  int mono_pick = -1;
  int discard_counts[kNumResources] = {};
  void open_year_of_plenty();
  void open_monopoly();
  bool any_open() const { return year_of_plenty || monopoly; }
  void close() { year_of_plenty = monopoly = false; }
};

void draw_rule_dialogs(const GameFrame& f, const Rect& board, RuleDialogsState& st);

}  // namespace catan::ui
