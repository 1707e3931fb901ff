#include "frontend/trade_view.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "engine/observation.h"
#include "frontend/match_types.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"

namespace catan::ui {

namespace {

std::string res_label(int r) {
  return resource_label(static_cast<Resource>(r));
}

Verdict no(std::string why) {
  return Verdict{false, std::move(why)};
}
Verdict yes() {
  return Verdict{true, ""};
}

// Shared bundle checks: both sides non-empty, no overlap, holder covers `give`.
Verdict check_bundles(const ResourceCounts& hand, const ResourceCounts& give,
                      const ResourceCounts& get, const char* give_empty, const char* get_empty) {
  if (total(give) == 0) return no(give_empty);
  if (total(get) == 0) return no(get_empty);
  for (int r = 0; r < kNumResources; ++r) {
    if (give[r] > 0 && get[r] > 0) {
      return no(res_label(r) + " cannot be on both sides of a trade.");
    }
  }
  for (int r = 0; r < kNumResources; ++r) {
    if (give[r] > hand[r]) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "You hold only %d %s.", hand[r], res_label(r).c_str());
      return no(buf);
    }
  }
  return yes();
}

bool one_for_one(const GameState& v) {
  return v.options.trade == TradeMode::OneForOne;
}

std::string bundle_words(const ResourceCounts& c) {
  std::string s;
  for (int r = 0; r < kNumResources; ++r) {
    if (!c[r]) continue;
    if (!s.empty()) s += ", ";
    s += std::to_string(c[r]) + " " + res_label(r);
  }
  return s.empty() ? "nothing" : s;
}

}  // namespace

Verdict check_offer(const GameState& v, int seat, const OfferDraft& d) {
  if (seat < 0 || seat >= v.num_players) return no("Only a player can offer a trade.");
  if (v.phase == Phase::GameOver) return no("The game is over.");
  if (v.current != seat) return no("You can offer trades only on your own turn.");
  if (v.phase == Phase::Roll) return no("Roll the dice first; then you can trade.");
  if (v.phase == Phase::TradeResponse || v.phase == Phase::TradeConfirm) {
    return no("Your previous offer is still on the table.");
  }
  if (v.phase != Phase::Main) return no("Finish the current step before trading.");
  if (v.options.max_offers_per_turn > 0 && v.offers_this_turn >= v.options.max_offers_per_turn) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "No offers left this turn (%d per turn).",
                  v.options.max_offers_per_turn);
    return no(buf);
  }
  if (d.to == seat) return no("You cannot trade with yourself.");
  if (d.to >= v.num_players || d.to < -1) return no("Choose who the offer is for.");
  if (d.to >= 0 && v.players[d.to].forfeited) return no("That player has left the game.");
  if (one_for_one(v) && d.to < 0) return no("Arena rules: offer to one player, not to all.");
  Verdict b =
      check_bundles(v.players[seat].resources, d.give, d.get, "Choose at least one card to give.",
                    "Choose at least one card you want in return.");
  if (!b.ok) return b;
  if (one_for_one(v) && (total(d.give) != 1 || total(d.get) != 1)) {
    return no("Arena rules: exactly one card for one card.");
  }
  return yes();
}

Verdict check_counter(const GameState& v, int seat, const ResourceCounts& give,
                      const ResourceCounts& get) {
  if (v.phase != Phase::TradeResponse || v.to_move() != seat) {
    return no("There is no offer waiting for your answer.");
  }
  if (one_for_one(v)) return no("Arena rules: answer with accept or decline only.");
  return check_bundles(v.players[seat].resources, give, get, "Choose at least one card to give.",
                       "Choose at least one card you want in return.");
}

Verdict check_accept(const GameState& v, int seat) {
  if (v.phase != Phase::TradeResponse || v.to_move() != seat) {
    return no("There is no offer waiting for your answer.");
  }
  const ResourceCounts& hand = v.players[seat].resources;
  if (!covers(hand, v.offer.get)) {
    return no("You need " + bundle_words(v.offer.get) + " to accept.");
  }
  return yes();
}

Verdict check_confirm(const GameState& v, int partner) {
  if (v.phase != Phase::TradeConfirm) return no("Wait until everybody has answered.");
  if (partner < 0 || partner >= v.num_players) return no("No such player.");
  const TradeAnswer a = v.offer.answers[partner];
  const ResourceCounts& hand = v.players[v.offer.from].resources;
  if (a == TradeAnswer::Accepted) {
    if (!covers(hand, v.offer.give))
      return no("You no longer hold " + bundle_words(v.offer.give) + ".");
    return yes();
  }
  if (a == TradeAnswer::Countered) {
    // counter_get is what the responder gets, i.e. what the offerer pays.
    if (!covers(hand, v.offer.counter_get[partner])) {
      return no("You would need " + bundle_words(v.offer.counter_get[partner]) + ".");
    }
    return yes();
  }
  return no("That player did not accept.");
}

Verdict check_bank_trade(const GameState& v, int seat, Resource give, Resource get) {
  if (seat < 0 || seat >= v.num_players) return no("Only a player can trade.");
  if (v.current != seat) return no("You can trade with the bank only on your own turn.");
  if (v.phase == Phase::Roll) return no("Roll the dice first; then you can trade.");
  if (v.phase != Phase::Main) return no("Finish the current step before trading.");
  const int g = static_cast<int>(give), w = static_cast<int>(get);
  if (g == w) return no("Pick a different resource to receive.");
  const int rate = v.players[seat].trade_rate[g];
  const int have = v.players[seat].resources[g];
  if (have < rate) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "You need %d %s (you hold %d).", rate, res_label(g).c_str(),
                  have);
    return no(buf);
  }
  if (v.bank[w] == 0) return no("The bank has no " + res_label(w) + " left.");
  return yes();
}

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

TradeScreen trade_screen(const GameState& v, int viewer, bool /*viewer_can_act*/) {
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

void submit_or_note(Session& s, TradeViewState& st, const Action& a) {
  std::string err;
  if (!s.submit(a, &err)) {
    st.last_error = err.empty() ? "The game refused that." : err;
  } else {
    st.last_error.clear();
  }
}

void verdict_line(const Verdict& v, const char* ok_text) {
  if (v.ok) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().good));
    ImGui::TextWrapped("%s", ok_text);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().warning));
    ImGui::TextWrapped("%s", v.why.c_str());
  }
  ImGui::PopStyleColor();
}

// [-] n [+] without an icon.
void count_stepper(const char* id, uint8_t* v, int hi) {
  ImGui::PushID(id);
  const float h = ImGui::GetFrameHeight();
  ImGui::BeginDisabled(*v == 0);
  if (ImGui::Button("-", ImVec2(h, h))) --*v;
  ImGui::EndDisabled();
  ImGui::SameLine(0, 2);
  const float w = ImGui::CalcTextSize("00").x + 8;
  const ImVec2 c = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  char buf[8];
  std::snprintf(buf, sizeof buf, "%d", *v);
  const ImVec2 ts = ImGui::CalcTextSize(buf);
  ImGui::GetWindowDrawList()->AddText(ImVec2(c.x + (w - ts.x) * 0.5f, c.y + (h - ts.y) * 0.5f),
                                      *v ? theme().text : theme().text_dim, buf);
  ImGui::SameLine(0, 2);
  ImGui::BeginDisabled(*v >= hi);
  if (ImGui::Button("+", ImVec2(h, h))) ++*v;
  ImGui::EndDisabled();
  ImGui::PopID();
}

void icon_item(Resource r, float size) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  draw_resource_icon(ImGui::GetWindowDrawList(), p, size, r);
  ImGui::Dummy(ImVec2(size, size));
}

// Table: resource | you hold | you give | you get. `hold_label` names the holder column.
void bundle_table(const char* id, const ResourceCounts& hand, ResourceCounts& give,
                  ResourceCounts& get, bool limit_give_to_hand, const char* give_label,
                  const char* get_label) {
  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable(id, 4, flags)) return;
  ImGui::TableSetupColumn("");
  ImGui::TableSetupColumn("Have");  // short: the table must fit the side panel
  ImGui::TableSetupColumn(give_label);
  ImGui::TableSetupColumn(get_label);
  ImGui::TableHeadersRow();
  for (int r = 0; r < kNumResources; ++r) {
    ImGui::PushID(r);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    icon_item(static_cast<Resource>(r), ImGui::GetFrameHeight());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    if (hand[r]) {
      ImGui::Text("%d", hand[r]);
    } else {
      ImGui::TextDisabled("0");
    }
    ImGui::TableNextColumn();
    const bool clash_give = give[r] > 0 && get[r] > 0;
    if (clash_give)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(theme().bad));
    count_stepper("give", &give[r], limit_give_to_hand ? hand[r] : kBankPerResource);
    ImGui::TableNextColumn();
    count_stepper("get", &get[r], kBankPerResource);
    if (clash_give) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void target_picker(const Session& s, const GameState& v, int viewer, int* to) {
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
    if (ImGui::Button("Everyone")) *to = -1;
    if (sel) ImGui::PopStyleColor();
  }
  // Buttons carry the short colour name in the player's colour (full name in the tooltip) and
  // wrap to a new line when the panel is narrow.
  const float right = ImGui::GetCursorScreenPos().x + ImGui::CalcItemWidth();
  for (int p = 0; p < v.num_players; ++p) {
    if (p == viewer || v.players[p].forfeited) continue;
    ImGui::PushID(p);
    const std::string label = player_color_name(p);
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
    if (ImGui::Button(label.c_str())) *to = p;
    ImGui::PopStyleColor(4);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Offer to %s only", seat_label(s, p).c_str());
    ImGui::PopID();
  }
}

void draw_builder(Session& s, TradeViewState& st, const GameState& v, int viewer, bool can_act) {
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
  bundle_table("##offer_table", v.players[viewer].resources, d.give, d.get, true, "You give",
               "You get");
  ImGui::Spacing();
  // One-line summary of the deal.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Give");
  ImGui::SameLine();
  bundle_inline(d.give, icon_size());
  ImGui::SameLine();
  ImGui::TextUnformatted("  for");
  ImGui::SameLine();
  bundle_inline(d.get, icon_size());

  const Verdict ok = check_offer(v, viewer, d);
  verdict_line(ok, d.to < 0 ? "Ready to offer to everyone." : "Ready to offer.");
  if (guarded_button("Make offer", ok.ok && can_act, can_act ? ok.why : "Not your move.",
                     ImVec2(px(120), 0))) {
    submit_or_note(s, st, make_offer_action(d));
  }
  ImGui::SameLine();
  if (ImGui::Button("Clear")) {
    const int to = d.to;
    d = OfferDraft{};
    d.to = to;
  }
  panel_end();
}

const char* answer_word(TradeAnswer a) {
  switch (a) {
    case TradeAnswer::Pending:
      return "thinking";
    case TradeAnswer::Accepted:
      return "accepts";
    case TradeAnswer::Declined:
      return "declines";
    case TradeAnswer::Countered:
      return "counters";
    case TradeAnswer::NotAsked:
      return "not asked";
  }
  return "";
}

void offer_summary(const Session& s, const TradeOffer& o, int viewer) {
  seat_chip(o.from, px(12), true);
  ImGui::SameLine();
  const std::string who = o.from == viewer ? "You offer" : seat_name3(s, o.from) + " offers";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(who.c_str());
  ImGui::SameLine();
  bundle_inline(o.give, icon_size());
  ImGui::SameLine();
  ImGui::TextUnformatted("for");
  ImGui::SameLine();
  bundle_inline(o.get, icon_size());
  ImGui::TextDisabled(
      "to %s", o.to < 0 ? "everyone" : (o.to == viewer ? "you" : seat_name3(s, o.to).c_str()));
}

// The responses, one row per asked player: name, answer, a Confirm button for acceptances
// and counters (when the viewer offered and everyone has answered), counter terms below.
void responses(Session& s, TradeViewState& st, const GameState& v, int viewer, bool confirm) {
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
    ImGui::TextUnformatted(fit_text(seat_label(s, p), name_w).c_str());
    // SameLine offsets count from the panel's group start (x0), SetCursorPosX from the window.
    ImGui::SameLine(row_w - bw - word_w - 8);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(wc), "%s", w.c_str());
    if (has_button) {
      ImGui::SameLine(row_w - bw);
      const Verdict c = check_confirm(v, p);
      if (guarded_button("Confirm", confirm && c.ok, c.why)) {
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

void draw_pending(Session& s, TradeViewState& st, const GameState& v, int viewer, bool can_act,
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
  if (guarded_button(confirm && !any ? "Close offer" : "Cancel offer", confirm && can_act,
                     "Wait until everybody has answered.")) {
    submit_or_note(s, st, Action::simple(ActionType::CancelTrade));
  }
  panel_end();
}

void draw_incoming(Session& s, TradeViewState& st, const GameState& v, int viewer, bool can_act) {
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

  const Verdict acc = check_accept(v, viewer);
  const ImU32 good = theme().good;
  const float third = (ImGui::CalcItemWidth() - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(good, 0.8f)));
  if (guarded_button("Accept", acc.ok && can_act, can_act ? acc.why : "Not your move.",
                     ImVec2(third, 0))) {
    submit_or_note(s, st, Action::simple(ActionType::AcceptTrade));
  }
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (guarded_button("Decline", can_act, "Not your move.", ImVec2(third, 0))) {
    submit_or_note(s, st, Action::simple(ActionType::DeclineTrade));
  }
  const bool arena = v.options.trade == TradeMode::OneForOne;
  ImGui::SameLine();
  const bool say_why = !acc.ok && can_act;
  if (guarded_button(st.counter_open ? "Hide counter" : "Counter...", !arena && can_act,
                     arena ? "Arena rules: accept or decline only." : "Not your move.",
                     ImVec2(third, 0))) {
    st.counter_open = !st.counter_open;
  }
  if (say_why) verdict_line(acc, "");
  // A fresh counter draft for every new offer: start from the offer, seen from our side.
  const int stamp = v.offers_this_turn + 16 * v.turn;
  if (st.counter_for_offer != stamp) {
    st.counter_for_offer = stamp;
    st.counter_open = false;
    st.counter_give = o.get;
    st.counter_get = o.give;
  }
  if (st.counter_open && !arena) {
    ImGui::Separator();
    ImGui::TextUnformatted("Your counter-offer");
    bundle_table("##counter_table", v.players[viewer].resources, st.counter_give, st.counter_get,
                 true, "You give", "You get");
    const Verdict c = check_counter(v, viewer, st.counter_give, st.counter_get);
    verdict_line(c, "Ready to send.");
    if (guarded_button("Send counter", c.ok && can_act, c.why)) {
      submit_or_note(s, st, make_counter_action(st.counter_give, st.counter_get));
      st.counter_open = false;
    }
  }
  panel_end();
}

void draw_watching(Session& s, TradeViewState& st, const GameState& v, int viewer) {
  panel_begin("watch", "Trade on the table", player_color(v.offer.from));
  offer_summary(s, v.offer, viewer);
  responses(s, st, v, viewer, false);
  panel_end();
}

}  // namespace

void draw_trade_panel(Session& s, TradeViewState& st) {
  if (!s.active()) return;
  const Observation obs = s.observation();
  const GameState& v = obs.view;
  const int viewer = obs.seat;
  const bool can_act = s.human_to_act() && viewer >= 0 && v.to_move() == viewer;
  ImGui::PushID("trade_panel");
  switch (trade_screen(v, viewer, can_act)) {
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

void draw_bank_trade(Session& s, BankTradeState& st) {
  if (!s.active()) return;
  const Observation obs = s.observation();
  const GameState& v = obs.view;
  const int viewer = obs.seat;
  if (viewer < 0) return;
  const PlayerState& me = v.players[viewer];
  const bool can_act = s.human_to_act() && v.to_move() == viewer;
  const bool fog = island_hidden(s.state());  // the bank's counts would name hidden hexes
  const Theme& t = theme();
  ImGui::PushID("bank_trade");
  panel_begin("bank", nullptr);
  const float sz = px(30);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto row = [&](const char* label, bool giving) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    for (int r = 0; r < kNumResources; ++r) {
      ImGui::SameLine(r == 0 ? px(44) : 0.0f, px(8));
      ImGui::PushID(r + (giving ? 0 : 10));
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const bool usable =
          giving ? me.resources[r] >= me.trade_rate[r] : (v.bank[r] > 0 && r != st.give);
      ImGui::InvisibleButton("res", ImVec2(sz, sz + ImGui::GetTextLineHeight()));
      const bool hovered = ImGui::IsItemHovered();
      if (ImGui::IsItemClicked() && usable) {
        (giving ? st.give : st.get) = r;
        if (giving && st.get == r) st.get = -1;
      }
      draw_resource_icon(dl, p, sz, static_cast<Resource>(r));
      if (!usable) {
        dl->AddRectFilled(p, ImVec2(p.x + sz, p.y + sz), IM_COL32(30, 30, 30, 150), 4.0f);
      }
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
      ImGui::PopID();
    }
  };
  row("Give", true);
  row("Get", false);
  if (st.give >= 0 && st.get >= 0) {
    const Verdict ok =
        check_bank_trade(v, viewer, static_cast<Resource>(st.give), static_cast<Resource>(st.get));
    char label[96];
    std::snprintf(label, sizeof label, "Trade %d %s for 1 %s", me.trade_rate[st.give],
                  resource_label(static_cast<Resource>(st.give)),
                  resource_label(static_cast<Resource>(st.get)));
    if (guarded_button(label, ok.ok && can_act, can_act ? ok.why : "Not your move.")) {
      std::string err;
      s.submit(Action::simple(ActionType::TradeBank, st.give, st.get), &err);
      if (me.resources[st.give] < 2 * me.trade_rate[st.give]) st.give = -1;
    }
  } else {
    const Verdict ok = check_bank_trade(v, viewer, Resource::Wood, Resource::Brick);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.text_dim));
    ImGui::TextWrapped("%s", !ok.ok && ok.why.find("hold") == std::string::npos
                                 ? ok.why.c_str()
                                 : "Pick what to give, then what to get.");
    ImGui::PopStyleColor();
  }
  panel_end();
  ImGui::PopID();
}

bool trade_needs_attention(const Session& s) {
  if (!s.active()) return false;
  const int viewer = s.viewer();
  const GameState& st = s.state();
  const TradeScreen ts = trade_screen(st, viewer, true);
  return ts == TradeScreen::Incoming || ts == TradeScreen::Confirm;
}

std::string trade_status_line(const Session& s) {
  if (!s.active()) return "";
  const GameState& v = s.state();
  const int viewer = s.viewer();
  if (v.phase == Phase::TradeResponse) {
    const int who = v.to_move();
    const std::string offerer =
        v.offer.from == viewer ? "your" : seat_name3(s, v.offer.from) + "'s";
    if (who == viewer) return "Answer " + offerer + " offer";
    return seat_name3(s, who) + " is considering " + offerer + " offer";
  }
  if (v.phase == Phase::TradeConfirm) {
    if (v.offer.from == viewer) return "Choose a trade partner or cancel";
    return seat_name3(s, v.offer.from) + " is choosing a trade partner";
  }
  return "";
}

}  // namespace catan::ui
