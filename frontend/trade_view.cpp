#include "frontend/trade_view.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "engine/observation.h"
#include "engine/rules.h"
#include "frontend/match_types.h"
#include "frontend/theme.h"
#include "frontend/verdicts.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

Action make_offer_action(const OfferDraft& d) {
  Action a = Action::simple(ActionType::OfferTrade, d.to);
  a.give = d.give;
  a.get = d.get;
  return a;
}

Action make_counter_action(const ResourceCounts& give, const ResourceCounts& get) {
  Action a = Action::simple(ActionType::CounterTrade);
  a.give = give;
  a.get = get;
  return a;
}

std::string offer_limit_text(const GameState& v) {
  const int max = v.options.max_offers_per_turn;
  if (max <= 0) return "";
  const int left = max - v.offers_this_turn;
  if (left <= 0) return "No offers left this turn";
  return std::to_string(left) + (left == 1 ? " offer left this turn" : " offers left this turn");
}

int draft_stamp(const GameState& v) {
  return v.turn * 256 + v.offers_this_turn;
}

void sync_trade_drafts(const GameState& v, TradeViewState& st) {
  const int stamp = draft_stamp(v);
  if (st.draft_for == stamp) return;
  st.draft_for = stamp;
  st.draft = OfferDraft{};
  st.bank = BankTradeState{};
  st.last_error.clear();
}

TradeScreen trade_screen(const GameState& v, int viewer) {
  const bool trading = v.phase == Phase::TradeResponse || v.phase == Phase::TradeConfirm;
  if (viewer < 0) return trading ? TradeScreen::Watching : TradeScreen::None;
  if (v.phase == Phase::Main && v.current == viewer) return TradeScreen::Builder;
  if (v.phase == Phase::TradeResponse) {
    if (v.offer.from == viewer) return TradeScreen::Waiting;
    if (v.to_move() == viewer) return TradeScreen::Incoming;
    return TradeScreen::Watching;
  }
  if (v.phase == Phase::TradeConfirm) {
    return v.offer.from == viewer ? TradeScreen::Confirm : TradeScreen::Watching;
  }
  return TradeScreen::None;
}

// ------------------------------------------------------------------------------------------
// Drawing

namespace {

float icon_size() {
  return px(22);
}

void submit_or_note(MatchView& s, TradeViewState& st, const Action& a) {
  std::string err;
  if (!s.submit(a, &err)) {
    st.last_error = err.empty() ? "The game refused that." : err;
  } else {
    st.last_error.clear();
  }
}

void verdict_line(const Verdict& v, const char* ok_text) {
  if (v.ok()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().good));
    ImGui::TextWrapped("%s", ok_text);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().warning));
    ImGui::TextWrapped("%s", v.sentence().c_str());
  }
  ImGui::PopStyleColor();
}

// "<lead> [give icons] <middle> [get icons]" on one line.
void deal_line(const char* lead, const ResourceCounts& give, const char* middle,
               const ResourceCounts& get) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lead);
  ImGui::SameLine();
  bundle_inline(give, icon_size());
  ImGui::SameLine();
  ImGui::TextUnformatted(middle);
  ImGui::SameLine();
  bundle_inline(get, icon_size());
}

void icon_item(Resource r, float size) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  draw_resource_icon(ImGui::GetWindowDrawList(), p, size, r);
  ImGui::Dummy(ImVec2(size, size));
}

// A stepper over one count of a bundle: test id "<id>_<r>" (+ "_minus" / "_plus").
void count_stepper(const std::string& id, int r, uint8_t* count, int hi) {
  int v = *count;
  if (stepper((id + "_" + std::to_string(r)).c_str(), &v, 0, hi)) *count = static_cast<uint8_t>(v);
}

// Table: resource | you hold | you give | you get. `id` prefixes the steppers' test ids
// ("<id>_give_<r>", "<id>_get_<r>").
void bundle_table(const char* id, const ResourceCounts& hand, ResourceCounts& give,
                  ResourceCounts& get, bool limit_give_to_hand, const char* give_label,
                  const char* get_label, bool have_column) {
  const std::string give_id = std::string(id) + "_give", get_id = std::string(id) + "_get";
  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable(id, have_column ? 4 : 3, flags)) return;
  ImGui::TableSetupColumn("");
  if (have_column) ImGui::TableSetupColumn("Have");  // short: the table must fit the side panel
  ImGui::TableSetupColumn(give_label);
  ImGui::TableSetupColumn(get_label);
  ImGui::TableHeadersRow();
  for (int r = 0; r < kNumResources; ++r) {
    ImGui::PushID(r);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    icon_item(static_cast<Resource>(r), ImGui::GetFrameHeight());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
    if (have_column) {
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      if (hand[r]) {
        ImGui::Text("%d", hand[r]);
      } else {
        ImGui::TextDisabled("0");
      }
    }
    ImGui::TableNextColumn();
    const bool clash_give = give[r] > 0 && get[r] > 0;
    if (clash_give)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(theme().bad));
    count_stepper(give_id, r, &give[r], limit_give_to_hand ? hand[r] : kBankPerResource);
    ImGui::TableNextColumn();
    count_stepper(get_id, r, &get[r], kBankPerResource);
    if (clash_give) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void target_picker(const MatchView& s, const GameState& v, int viewer, int* to) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("To:");
  const bool arena = v.options.trade == TradeMode::OneForOne;
  if (arena && *to < 0) {
    *to = (viewer + 1) % v.num_players;
  }
  if (!arena) {
    ImGui::SameLine();
    const bool sel = *to < 0;
    if (sel) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(theme().accent));
    if (button("trade_to_all", "Everyone")) *to = -1;
    if (sel) ImGui::PopStyleColor();
  }
  // Buttons carry the seat's short name in the player's colour (full name in the tooltip) and
  // wrap to a new line when the panel is narrow.
  const float right = ImGui::GetCursorScreenPos().x + ImGui::CalcItemWidth();
  for (int p = 0; p < v.num_players; ++p) {
    if (p == viewer || v.players[p].forfeited) continue;
    ImGui::PushID(p);
    const std::string label = trade_target_label(s, p);
    const float bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + bw > right) ImGui::NewLine();
    const bool sel = *to == p;
    const ImU32 c = player_color(p);
    ImGui::PushStyleColor(ImGuiCol_Button,
                          ImGui::ColorConvertU32ToFloat4(sel ? c : with_alpha(c, 0.25f)));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered,
                          ImGui::ColorConvertU32ToFloat4(with_alpha(c, 0.6f)));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImGui::ColorConvertU32ToFloat4(c));
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(sel ? theme().text_dark : theme().text));
    const std::string id = "trade_to_" + std::to_string(p);
    if (button(id.c_str(), label.c_str())) *to = p;
    ImGui::PopStyleColor(4);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Offer to %s only", seat_label(s, p).c_str());
    ImGui::PopID();
  }
}

void draw_builder(MatchView& s, TradeViewState& st, const GameState& v, int viewer, bool can_act) {
  OfferDraft& d = st.draft;
  panel_begin("offer", "Offer a trade", theme().accent);
  const std::string limit = offer_limit_text(v);
  if (!limit.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", limit.c_str());
  }
  if (v.options.trade == TradeMode::OneForOne) {
    ImGui::TextDisabled("Arena rules: one card for one card, to one player.");
  }
  target_picker(s, v, viewer, &d.to);
  ImGui::Spacing();
  bundle_table("offer", v.players[viewer].resources, d.give, d.get, true, "You give", "You get",
               !st.compact);
  ImGui::Spacing();
  deal_line("Give", d.give, "  for", d.get);  // the deal in one line

  const Verdict ok = ui_verdict(v, viewer, can_act, make_offer_action(d));
  verdict_line(ok, d.to < 0 ? "Ready to offer to everyone." : "Ready to offer.");
  if (button("trade_offer", "Make offer", ImVec2(px(120), 0), ok.ok(), ok.sentence())) {
    submit_or_note(s, st, make_offer_action(d));
  }
  ImGui::SameLine();
  if (button("trade_clear", "Clear")) {
    const int to = d.to;
    d = OfferDraft{};
    d.to = to;
  }
  // Under the buttons, which stay where they are while the coach weighs the trade.
  draw_trade_advice(s, st.advice, d.to, d.give, d.get);
  panel_end();
}

const char* answer_word(TradeAnswer a) {
  static const char* const kWords[] = {"thinking", "accepts", "declines", "counters", "not asked"};
  return kWords[static_cast<size_t>(a)];
}

void offer_summary(const MatchView& s, const TradeOffer& o, int viewer) {
  seat_chip(o.from, px(12), true);
  ImGui::SameLine();
  const std::string who = o.from == viewer ? "You offer" : seat_name3(s, o.from) + " offers";
  deal_line(who.c_str(), o.give, "for", o.get);
  ImGui::TextDisabled(
      "to %s", o.to < 0 ? "everyone" : (o.to == viewer ? "you" : seat_name3(s, o.to).c_str()));
}

// The responses, one row per asked player: name, answer, a Confirm button for acceptances
// and counters (when the viewer offered and everyone has answered), counter terms below.
void responses(MatchView& s, TradeViewState& st, const GameState& v, int viewer, bool confirm) {
  const TradeOffer& o = v.offer;
  const int asking = v.phase == Phase::TradeResponse ? v.to_move() : -1;
  const Theme& t = theme();
  const float row_w = ImGui::CalcItemWidth();
  const float x0 = ImGui::GetCursorPosX();
  const float bw = ImGui::CalcTextSize("Confirm").x + ImGui::GetStyle().FramePadding.x * 2;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int p = 0; p < v.num_players; ++p) {
    if (p == o.from) continue;
    const TradeAnswer a = o.answers[p];
    if (a == TradeAnswer::NotAsked) continue;
    ImGui::PushID(p);
    const ImVec2 top = ImGui::GetCursorScreenPos();
    dl->AddLine(ImVec2(top.x, top.y - 2), ImVec2(top.x + row_w, top.y - 2),
                with_alpha(t.panel_border, 0.6f));
    seat_chip(p, px(12), true);
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    const char* word = answer_word(a);
    ImU32 wc = t.text_dim;
    if (a == TradeAnswer::Accepted) wc = t.good;
    if (a == TradeAnswer::Declined) wc = t.bad;
    if (a == TradeAnswer::Countered) wc = t.warning;
    std::string w = word;
    if (a == TradeAnswer::Pending) {
      w = p == asking
              ? "thinking" + std::string(static_cast<size_t>(ImGui::GetTime() * 3.0) % 4, '.')
              : "waiting";
    }
    const float word_w = ImGui::CalcTextSize("thinking...").x;
    const bool has_button =
        o.from == viewer && (a == TradeAnswer::Accepted || a == TradeAnswer::Countered);
    const float name_w = row_w - 24 - word_w - bw - 16;
    // The short name (the role would cut it: "Blue (Normal Tr."), the full one its tooltip.
    const std::string name = without_role(seat_label(s, p));
    const std::string shown = fit_text(name, name_w);
    ImGui::TextUnformatted(shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", seat_label(s, p).c_str());
    const std::string name_id = "trade_answer_" + std::to_string(p);
    test_id(name_id.c_str());
    test_label_fits(name_id.c_str(), shown == name);
    // SameLine offsets count from the panel's group start (x0), SetCursorPosX from the window.
    ImGui::SameLine(row_w - bw - word_w - 8);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(wc), "%s", w.c_str());
    if (has_button) {
      ImGui::SameLine(row_w - bw);
      const Verdict c = ui_verdict(v, viewer, confirm, Action::simple(ActionType::ConfirmTrade, p));
      const std::string id = "trade_confirm_" + std::to_string(p);
      if (button(id.c_str(), "Confirm", ImVec2(0, 0), c.ok(),
                 confirm ? c.sentence() : "Wait until everybody has answered.")) {
        submit_or_note(s, st, Action::simple(ActionType::ConfirmTrade, p));
      }
    }
    if (a == TradeAnswer::Countered) {
      ImGui::SetCursorPosX(x0 + 24);
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("gives");
      ImGui::SameLine();
      bundle_inline(o.counter_give[p], px(20));
      ImGui::SameLine();
      ImGui::TextDisabled("for");
      ImGui::SameLine();
      bundle_inline(o.counter_get[p], px(20));
    }
    ImGui::Dummy(ImVec2(0, 2));
    ImGui::PopID();
  }
}

void draw_pending(MatchView& s, TradeViewState& st, const GameState& v, int viewer, bool can_act,
                  bool confirm) {
  panel_begin("pending", confirm ? "Choose a trade partner" : "Your offer is out", theme().accent);
  offer_summary(s, v.offer, viewer);
  ImGui::Spacing();
  responses(s, st, v, viewer, confirm && can_act);
  ImGui::Spacing();
  bool any = false;
  for (int p = 0; p < v.num_players; ++p) {
    any |=
        v.offer.answers[p] == TradeAnswer::Accepted || v.offer.answers[p] == TradeAnswer::Countered;
  }
  if (confirm && !any) ImGui::TextDisabled("Nobody accepted. Cancel to go on with your turn.");
  if (button("trade_cancel", confirm && !any ? "Close offer" : "Cancel offer", ImVec2(0, 0),
             confirm && can_act, "Wait until everybody has answered.")) {
    submit_or_note(s, st, Action::simple(ActionType::CancelTrade));
  }
  panel_end();
}

void draw_incoming(MatchView& s, TradeViewState& st, const GameState& v, int viewer, bool can_act) {
  const TradeOffer& o = v.offer;
  const std::string title = seat_name3(s, o.from) + " offers you a trade";
  panel_begin("incoming", title.c_str(), player_color(o.from));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("You get ");
  ImGui::SameLine();
  bundle_inline(o.give, px(26));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("You give");
  ImGui::SameLine();
  bundle_inline(o.get, px(26));
  ImGui::TextDisabled("You hold:");
  ImGui::SameLine();
  bundle_inline(v.players[viewer].resources, px(16), "no cards");
  ImGui::Spacing();

  const Verdict acc = ui_verdict(v, viewer, can_act, Action::simple(ActionType::AcceptTrade));
  const Verdict dec = ui_verdict(v, viewer, can_act, Action::simple(ActionType::DeclineTrade));
  // Whether this game allows counter-offers: the engine's answer to the offer turned around.
  const bool counters = ui_verdict(v, viewer, can_act, make_counter_action(o.get, o.give)).reason !=
                        Reason::CountersNotAllowed;
  const ImU32 good = theme().good;
  const float third = (ImGui::CalcItemWidth() - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(good, 0.8f)));
  if (button("trade_accept", "Accept", ImVec2(third, 0), acc.ok(), acc.sentence())) {
    submit_or_note(s, st, Action::simple(ActionType::AcceptTrade));
  }
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (button("trade_decline", "Decline", ImVec2(third, 0), dec.ok(), dec.sentence())) {
    submit_or_note(s, st, Action::simple(ActionType::DeclineTrade));
  }
  ImGui::SameLine();
  const bool say_why = !acc.ok() && can_act;
  if (button("trade_counter", st.counter_open ? "Hide counter" : "Counter...", ImVec2(third, 0),
             counters && can_act,
             counters ? "Not your move." : "Counter-offers are not allowed in this game.")) {
    st.counter_open = !st.counter_open;
  }
  if (say_why) verdict_line(acc, "");
  draw_trade_advice(s, st.advice, o.from, o.get, o.give);  // the viewer gives what o asks
  // A fresh counter draft for every new offer: start from the offer, seen from our side.
  const int stamp = v.offers_this_turn + 16 * v.turn;
  if (st.counter_for_offer != stamp) {
    st.counter_for_offer = stamp;
    st.counter_open = false;
    st.counter_give = o.get;
    st.counter_get = o.give;
  }
  if (st.counter_open && counters) {
    ImGui::Separator();
    ImGui::TextUnformatted("Your counter-offer");
    bundle_table("counter", v.players[viewer].resources, st.counter_give, st.counter_get, true,
                 "You give", "You get", !st.compact);
    const Verdict c =
        ui_verdict(v, viewer, can_act, make_counter_action(st.counter_give, st.counter_get));
    verdict_line(c, "Ready to send.");
    if (button("trade_send_counter", "Send counter", ImVec2(0, 0), c.ok(), c.sentence())) {
      submit_or_note(s, st, make_counter_action(st.counter_give, st.counter_get));
      st.counter_open = false;
    }
  }
  panel_end();
}

void draw_watching(MatchView& s, TradeViewState& st, const GameState& v, int viewer) {
  panel_begin("watch", "Trade on the table", player_color(v.offer.from));
  offer_summary(s, v.offer, viewer);
  responses(s, st, v, viewer, false);
  panel_end();
}

}  // namespace

void draw_trade_panel(const GameFrame& f, TradeViewState& st) {
  MatchView& s = f.session;
  if (!s.active()) return;
  const GameState& v = f.obs.view;
  const int viewer = f.viewer;
  const bool can_act = f.my_turn;
  sync_trade_drafts(v, st);
  ImGui::PushID("trade_panel");
  switch (trade_screen(v, viewer)) {
    case TradeScreen::Builder:
      draw_builder(s, st, v, viewer, can_act);
      break;
    case TradeScreen::Waiting:
      draw_pending(s, st, v, viewer, can_act, false);
      break;
    case TradeScreen::Confirm:
      draw_pending(s, st, v, viewer, can_act, true);
      break;
    case TradeScreen::Incoming:
      draw_incoming(s, st, v, viewer, can_act);
      break;
    case TradeScreen::Watching:
      draw_watching(s, st, v, viewer);
      break;
    case TradeScreen::None:
      panel_begin("none", nullptr);
      if (v.phase == Phase::Roll && v.current == viewer) {
        ImGui::TextWrapped("Roll the dice first; then you can trade.");
      } else if (v.phase == Phase::GameOver) {
        ImGui::TextWrapped("The game is over.");
      } else {
        ImGui::TextWrapped("Trading opens on your turn. Offers made to you appear here.");
      }
      panel_end();
      break;
  }
  if (!st.last_error.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().bad), "%s", st.last_error.c_str());
  }
  ImGui::PopID();
}

void draw_bank_trade(const GameFrame& f, BankTradeState& st) {
  MatchView& s = f.session;
  if (!s.active()) return;
  const GameState& v = f.obs.view;
  const int viewer = f.viewer;
  if (viewer < 0) return;
  const PlayerState& me = v.players[viewer];
  const bool can_act = f.my_turn;
  const bool fog = island_hidden(s.view());  // the bank's counts would name hidden hexes
  const Theme& t = theme();
  ImGui::PushID("bank_trade");
  panel_begin("bank", nullptr);
  const float sz = std::max(px(30), ImGui::GetFrameHeight());  // thumb-sized on touch layouts
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto row = [&](const char* label, bool giving) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    for (int r = 0; r < kNumResources; ++r) {
      ImGui::SameLine(r == 0 ? px(44) : 0.0f, px(8));
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const bool usable = giving ? can_give_to_bank(v, viewer, r) : (v.bank[r] > 0 && r != st.give);
      const std::string id = std::string(giving ? "bank_give_" : "bank_get_") + std::to_string(r);
      if (area_button(id.c_str(), ImVec2(sz, sz + ImGui::GetTextLineHeight()), usable)) {
        (giving ? st.give : st.get) = r;
        if (giving && st.get == r) st.get = -1;
      }
      draw_resource_icon(dl, p, sz, static_cast<Resource>(r));
      if (!usable) {
        dl->AddRectFilled(p, ImVec2(p.x + sz, p.y + sz), IM_COL32(30, 30, 30, 150), 4.0f);
      }
      const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
      const bool selected = (giving ? st.give : st.get) == r;
      if (selected) {
        dl->AddRect(ImVec2(p.x - 2, p.y - 2), ImVec2(p.x + sz + 2, p.y + sz + 2), t.accent, 5.0f, 0,
                    2.5f);
      } else if (hovered && usable) {
        dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + sz + 1, p.y + sz + 1), t.highlight, 5.0f,
                    0, 1.5f);
      }
      char buf[16];
      if (giving) {
        std::snprintf(buf, sizeof buf, "%d:1", me.trade_rate[r]);
      } else if (fog) {
        std::snprintf(buf, sizeof buf, "?");
      } else {
        std::snprintf(buf, sizeof buf, "%d", v.bank[r]);
      }
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      const ImU32 tc = giving && me.trade_rate[r] < 4 ? t.accent : (usable ? t.text : t.text_dim);
      dl->AddText(ImVec2(p.x + (sz - ts.x) * 0.5f, p.y + sz + 1), tc, buf);
      if (hovered) {
        const char* name = resource_label(static_cast<Resource>(r));
        if (fog && giving) {
          ImGui::SetTooltip("Give %d %s for 1 card", me.trade_rate[r], name);
        } else if (fog) {
          ImGui::SetTooltip("Get 1 %s (the bank shows its cards after the reveal)", name);
        } else if (giving) {
          ImGui::SetTooltip("Give %d %s for 1 card (you hold %d)", me.trade_rate[r], name,
                            me.resources[r]);
        } else {
          ImGui::SetTooltip("Get 1 %s (bank holds %d)", name, v.bank[r]);
        }
      }
    }
  };
  row("Give", true);
  row("Get", false);
  if (st.give >= 0 && st.get >= 0) {
    const Verdict ok =
        ui_verdict(v, viewer, can_act, Action::simple(ActionType::TradeBank, st.give, st.get));
    char label[96];
    std::snprintf(label, sizeof label, "Trade %d %s for 1 %s", me.trade_rate[st.give],
                  resource_label(static_cast<Resource>(st.give)),
                  resource_label(static_cast<Resource>(st.get)));
    if (button("bank_ok", label, ImVec2(0, 0), ok.ok(), ok.sentence())) {
      std::string err;
      s.submit(Action::simple(ActionType::TradeBank, st.give, st.get), &err);
      // The view is this frame's: ask about the hand the trade leaves.
      GameState after = v;
      after.players[viewer].resources[st.give] -= me.trade_rate[st.give];
      if (!can_give_to_bank(after, viewer, st.give)) st.give = -1;
    }
  } else {
    // Whose turn or which step it is, if that is what stops a trade; else how to start one.
    const Verdict now = ui_verdict(v, viewer, can_act, Action::simple(ActionType::TradeBank, 0, 1));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.text_dim));
    ImGui::TextWrapped("%s", is_turn_reason(now.reason) ? now.sentence().c_str()
                                                        : "Pick what to give, then what to get.");
    ImGui::PopStyleColor();
  }
  panel_end();
  ImGui::PopID();
}

std::string trade_target_label(const MatchView& s, int seat) {
  return without_role(seat_name3(s, seat));
}

bool trade_needs_attention(const MatchView& s) {
  if (!s.active()) return false;
  const int viewer = s.viewer();
  const GameState& st = s.view();
  const TradeScreen ts = trade_screen(st, viewer);
  return ts == TradeScreen::Incoming || ts == TradeScreen::Confirm;
}

}  // namespace catan::ui
