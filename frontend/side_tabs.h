// The side panel: the players (a column above the tabs, or a tab of their own when the
// layout says so), then the Log and Trade tabs. The Trade tab opens by itself when an offer
// needs the viewer's answer or confirmation.
#pragma once
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/log_view.h"
#include "frontend/trade_view.h"

namespace catan::ui {

struct SideTabsState {
  enum Tab { Log, Trade } tab = Log;
  bool select_log = false;  // select the Log tab next frame (e.g. at game over)
  TradeViewState trade;
  // Tab-bar bookkeeping between frames.
  int last_tab = -1;
  bool offer_was_open = false;
  void toggle_trade() { tab = tab == Trade ? Log : Trade; }
};

void draw_side_tabs(const GameFrame& f, const Rect& r, bool players_in_tabs, SideTabsState& st,
                    LogView& log);

}  // namespace catan::ui
