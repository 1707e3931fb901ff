// Player trade and bank trade (UI-B). Reads the Session (const), acts only via submit().
//
// Call from the game screen, inside any window/child (they draw content, not windows):
//
//   static TradeViewState trade;                 // one per screen, keeps the drafts
//   draw_trade_panel(session, trade);            // offer builder / pending offer + responses /
//                                                // incoming offer (accept, decline, counter)
//   draw_bank_trade(session, trade.bank);        // give -> get at the viewer's bank rates
//   if (trade_needs_attention(session)) ...      // e.g. open the trade window / flash a tab
//   trade_status_line(session)                   // "Red is considering your offer" (or "")
//
// The pure helpers below (check_offer, check_counter, check_accept, check_bank_trade,
// make_offer_action, offer_limit_text) have no ImGui in them and are unit-tested in
// tests/frontend/trade_view_test.cpp.
//
// needs (from UI-A, theme.h): nothing beyond player_color / resource_label /
// draw_resource_icon. Preset rules come from GameState::options (TradeMode::OneForOne =
// arena: exactly 1 card for 1 card, to one seat, answered by accept or decline only).
#pragma once
#include <string>

#include "engine/action.h"
#include "engine/state.h"
#include "frontend/match_types.h"

namespace catan::ui {

// The offer being put together: what the viewer gives and gets, and to whom (-1 = all).
struct OfferDraft {
  int to = -1;
  ResourceCounts give{}, get{};
  bool empty() const { return total(give) == 0 && total(get) == 0; }
};

struct Verdict {
  bool ok = false;
  std::string why;  // a full sentence when !ok ("Choose what you want in return.")
};

// May `seat` send `d` now? Checks the phase and turn, offers left this turn, both sides
// non-empty, no resource on both sides, cards held, the target, and the arena 1-for-1 rule.
Verdict check_offer(const GameState& view, int seat, const OfferDraft& d);
// A counter-offer by `seat` (responder's view: give = what the responder gives).
Verdict check_counter(const GameState& view, int seat, const ResourceCounts& give,
                      const ResourceCounts& get);
// May `seat` accept the pending offer (it must hold what the offerer asks for)?
Verdict check_accept(const GameState& view, int seat);
// May the offerer confirm `partner`'s acceptance or counter (the offerer must hold the cards)?
Verdict check_confirm(const GameState& view, int partner);
// Bank trade of one `give` resource at the seat's rate for one `get`.
Verdict check_bank_trade(const GameState& view, int seat, Resource give, Resource get);

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
TradeScreen trade_screen(const GameState& view, int viewer, bool viewer_can_act);

struct BankTradeState {
  int give = -1;  // Resource index or -1
  int get = -1;
};

struct TradeViewState {
  OfferDraft draft;
  bool counter_open = false;
  ResourceCounts counter_give{}, counter_get{};
  int counter_for_offer = -1;  // offers_this_turn stamp the counter draft belongs to
  BankTradeState bank;
  std::string last_error;  // shown under the buttons after a refused submit
};

void draw_trade_panel(Session& session, TradeViewState& st);
void draw_bank_trade(Session& session, BankTradeState& st);
bool trade_needs_attention(const Session& session);
std::string trade_status_line(const Session& session);

}  // namespace catan::ui
