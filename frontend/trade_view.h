// Player trade and bank trade. Reads the frame's observation, acts only via MatchView::submit.
//
// Call from the game screen, inside any window/child (they draw content, not windows):
//
//   TradeViewState trade;                        // one per screen, keeps the drafts
//   draw_trade_panel(frame, trade);              // offer builder / pending offer + responses /
//                                                // incoming offer (accept, decline, counter)
//   draw_bank_trade(frame, trade.bank);          // give -> get at the viewer's bank rates
//   if (trade_needs_attention(session)) ...      // e.g. open the trade tab
//
// Every button and stepper has a test id ("trade_offer", "offer_give_0_plus", "bank_get_3",
// ...) so the UI test driver can trade by clicks.
//
// Whether a trade may be made is the engine's answer (frontend/verdicts.h ui_verdict), never
// worked out here. The pure helpers below (make_offer_action, make_counter_action,
// offer_limit_text, trade_screen) have no ImGui in them and are unit-tested in
// tests/frontend/trade_view_test.cpp.
//
// Preset rules come from GameState::options (TradeMode::OneForOne = arena: exactly 1 card
// for 1 card, to one seat, answered by accept or decline only).
#pragma once
#include <string>

#include "engine/action.h"
#include "engine/state.h"
#include "frontend/coach_view.h"
#include "frontend/game_frame.h"
#include "frontend/match_types.h"

namespace catan::ui {

// The offer being put together: what the viewer gives and gets, and to whom (-1 = all).
struct OfferDraft {
  int to = -1;
  ResourceCounts give{}, get{};
};

Action make_offer_action(const OfferDraft& d);
Action make_counter_action(const ResourceCounts& give, const ResourceCounts& get);
// "2 offers left this turn" / "No offers left this turn" / "" when unlimited.
std::string offer_limit_text(const GameState& view);

// What the trade panel is showing for the viewer right now.
enum class TradeScreen {
  None,      // not the viewer's business (another player's turn, nothing asked)
  Builder,   // viewer's own turn, main phase: build an offer
  Waiting,   // viewer's offer is out; answers are arriving
  Confirm,   // viewer's offer has its answers: confirm one or cancel
  Incoming,  // someone asks the viewer: accept, decline or counter
  Watching,  // another player's offer is on the table (read only)
};
TradeScreen trade_screen(const GameState& view, int viewer);

struct BankTradeState {
  int give = -1;  // Resource index or -1
  int get = -1;
};

struct TradeViewState {
  OfferDraft draft;
  int draft_for = -1;  // draft_stamp() of the offer and turn the draft and bank choice are for
  bool counter_open = false;
  ResourceCounts counter_give{}, counter_get{};
  int counter_for_offer = -1;  // offers_this_turn stamp the counter draft belongs to
  BankTradeState bank;
  std::string last_error;   // shown under the buttons after a refused submit
  bool compact = false;     // touch layouts: no "Have" column (the hand shows under the panel)
  TradeAdviceState advice;  // the coach's line under the offer being built or answered
};

// Changes when an offer is made (so once it has ended, accepted, declined by everyone or
// cancelled, the builder starts from an empty draft) and when the turn changes.
int draft_stamp(const GameState& view);
// Empties the offer draft, the bank choice and the last error when the stamp has changed.
void sync_trade_drafts(const GameState& view, TradeViewState& st);

void draw_trade_panel(const GameFrame& f, TradeViewState& st);
void draw_bank_trade(const GameFrame& f, BankTradeState& st);
bool trade_needs_attention(const MatchView& session);
// A seat on an offer's target button: its name without the role ("Bruno" for "Bruno (Hard
// Trader)"); the full name is the button's tooltip.
std::string trade_target_label(const MatchView& s, int seat);

}  // namespace catan::ui
