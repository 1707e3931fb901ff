// The side panel: the players (a column above the tabs, or a tab of their own when the
// layout says so), then the Log, Trade and Cards tabs (Cards: frontend/cards_view.h). The Trade tab
// opens by itself when an offer needs the viewer's answer or confirmation. On a phone the same
// panels are a sheet: a strip of four tabs under the board, and the open tab's panel over the lower
// part of the board; a tap on the open tab closes it again. In an online room a Chat tab follows
// the Log (frontend/chat_view.h), its unread lines counted on it.
#pragma once
#include "frontend/chat_view.h"
#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/log_view.h"
#include "frontend/trade_view.h"

namespace catan::ui {

struct SideTabsState {
  enum Tab { Log, Trade, Players, Cards, Chat } tab = Log;
  ChatViewState* chat = nullptr;  // the room's chat (set each frame); null: no Chat tab
  bool select_log = false;        // select the Log tab next frame (e.g. at game over)
  bool sheet_open = false;        // phones: the sheet is open on `tab`
  TradeViewState trade;
  // Tab-bar bookkeeping between frames.
  int last_tab = -1;
  bool offer_was_open = false;
  bool attention_was = false;     // an offer waited for the viewer last frame
  bool opened_for_offer = false;  // the panel opened by itself for an offer: gives way after it
  bool board_needed_was = false;  // the viewer had to pick a spot on the board last frame
  // An offer for the viewer (`attention`) opens the Trade tab (on a phone, its sheet, once:
  // they may close it); when it is answered the sheet closes, or the Log comes back (the
  // trade panel is tall: on a tablet it takes height from the board).
  void follow_offer(bool attention) {
    const bool showing = tab == Trade && (!phone || sheet_open);
    if (attention && !attention_was && !showing) {
      tab = Trade;
      opened_for_offer = true;
      if (phone) sheet_open = true;
    }
    if (attention && !phone) tab = Trade;
    if (!attention && attention_was && opened_for_offer && tab == Trade) {
      // ImGui's tab bar keeps its own selection: the Log tab is selected through select_log.
      if (phone)
        sheet_open = false;
      else
        select_log = true;
    }
    if (phone ? !sheet_open : !attention) opened_for_offer = false;
    attention_was = attention;
  }
  // Phones: when the viewer must pick a spot on the board (a placement, the robber, a build
  // tool), the sheet gets out of the way, once; they may open it again.
  void board_needed(bool needed) {
    if (needed && !board_needed_was) sheet_open = false;
    board_needed_was = needed;
  }
  bool bank_view = false;   // phones: the trade sheet shows the bank instead of the builder
  float trade_sheet_h = 0;  // phones: the height the trade sheet's content took last frame
  bool phone = false;       // the layout of the last frame is a phone's (a sheet)
  void toggle_trade() {
    if (phone) {
      const bool close = sheet_open && tab == Trade;
      sheet_open = !close;
      tab = close ? Log : Trade;
      return;
    }
    tab = tab == Trade ? Log : Trade;
  }
  // Phones: a tap on a tab (or a chip, for Players) opens its sheet, or closes it when open.
  void toggle_sheet(Tab t) {
    const bool close = sheet_open && tab == t;
    sheet_open = !close;
    if (!close) tab = t;
  }
};

void draw_side_tabs(const GameFrame& f, const GameLayout& l, SideTabsState& st, LogView& log);

}  // namespace catan::ui
