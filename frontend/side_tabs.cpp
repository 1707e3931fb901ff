#include "frontend/side_tabs.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "frontend/cards_view.h"
#include "frontend/players_view.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

// One button of a segmented control (the sheet's tabs, the trade sheet's Players / Bank):
// the chosen one in the accent colour.
bool segment_button(const char* id, const char* label, ImVec2 size, bool on) {
  ImGui::PushStyleColor(ImGuiCol_Button, on ? ImGui::ColorConvertU32ToFloat4(theme().accent)
                                            : ImVec4(0.2f, 0.24f, 0.3f, 1));
  ImGui::PushStyleColor(ImGuiCol_Text, on ? ImGui::ColorConvertU32ToFloat4(theme().text_dark)
                                          : ImGui::GetStyleColorVec4(ImGuiCol_Text));
  const bool pressed = button(id, label, size);
  ImGui::PopStyleColor(2);
  return pressed;
}

// `touch`: a touch layout (phones, tablets upright): every control 44 points high, and the
// offer builder and the bank side by side when the panel is wide, one above the other when it
// is tall, else one at a time.
void draw_trade_tab(const GameFrame& f, SideTabsState& st, bool touch) {
  ImGui::BeginChild("trade_scroll", ImVec2(0, 0), false);
  // An offer just went out (or came in): show it from its top, where its terms are.
  const Phase ph = f.state().phase;
  const bool offer_open = ph == Phase::TradeResponse || ph == Phase::TradeConfirm;
  if (offer_open && !st.offer_was_open) ImGui::SetScrollY(0);
  st.offer_was_open = offer_open;
  if (touch) {
    const float fh = 44 * ui_scale();
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                        ImVec2(8 * ui_scale(), std::max(6.0f, (fh - ImGui::GetFontSize()) * 0.5f)));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6 * ui_scale(), 5 * ui_scale()));
  }
  st.trade.compact = touch;
  const bool builder = trade_screen(f.obs.view, f.viewer) == TradeScreen::Builder;
  const auto bank_heading = [] {
    ImGui::PushFont(fonts().bold);
    ImGui::TextUnformatted("Bank and harbours");
    ImGui::PopFont();
  };
  if (touch && ImGui::GetContentRegionAvail().x >= 640 * ui_scale()) {
    ImGui::BeginTable("trade_columns", 2, ImGuiTableFlags_SizingStretchSame);
    ImGui::TableNextColumn();
    draw_trade_panel(f, st.trade);
    ImGui::TableNextColumn();
    bank_heading();
    draw_bank_trade(f, st.trade.bank);
    ImGui::EndTable();
  } else if (touch && builder && ImGui::GetContentRegionAvail().y < 760 * ui_scale()) {
    const float gap = std::floor(4 * ui_scale());
    const float w = std::floor((ImGui::GetContentRegionAvail().x - gap) * 0.5f);
    if (segment_button("trade_with_players", "Offer to players", ImVec2(w, 0), !st.bank_view))
      st.bank_view = false;
    ImGui::SameLine(0, gap);
    if (segment_button("trade_with_bank", "Bank / harbour", ImVec2(w, 0), st.bank_view))
      st.bank_view = true;
    ImGui::Spacing();
    if (st.bank_view)
      draw_bank_trade(f, st.trade.bank);
    else
      draw_trade_panel(f, st.trade);
  } else {
    draw_trade_panel(f, st.trade);
    ImGui::Spacing();
    ImGui::Separator();
    bank_heading();
    draw_bank_trade(f, st.trade.bank);
  }
  if (touch) ImGui::PopStyleVar(2);
  const float content_h = ImGui::GetCursorPosY();
  drag_to_scroll();
  ImGui::EndChild();
  st.trade_sheet_h = content_h + 2 * ImGui::GetStyle().WindowPadding.y;
}

// Desktop and tablet: the Chat tab after the Log, "Chat (2)" while lines wait unread.
template <class TabItem>
void draw_chat_tab(SideTabsState& st, TabItem&& tab_item, bool select_log, bool touch) {
  const bool showing = st.tab == SideTabsState::Chat;
  const int unread = showing ? 0 : st.chat->unread();
  char label[48];
  if (unread > 0)
    std::snprintf(label, sizeof label, "Chat (%d)###chat", unread);
  else
    std::snprintf(label, sizeof label, "Chat###chat");
  const bool open = tab_item(label);
  test_id("tab_chat");
  if (open) {
    // Not while the Trade or the Log tab is on its way (selected in code this frame).
    if (!select_log && st.tab != SideTabsState::Trade) st.tab = SideTabsState::Chat;
    draw_chat_panel(*st.chat, touch);
    ImGui::EndTabItem();
  } else if (showing) {
    st.tab = SideTabsState::Log;
  }
}

// The phone sheet: four tabs in a strip (five with the room's Chat), the open one's panel over
// the board.
void draw_sheet(const GameFrame& f, const GameLayout& l, SideTabsState& st, LogView& log) {
  const MatchView& session = f.session;
  const float sc = ui_scale();
  const bool attention = trade_needs_attention(session);
  st.follow_offer(attention);
  if (st.select_log) st.tab = SideTabsState::Log, st.select_log = false;
  const Rect& r = l.sheet_tabs;
  begin_bare_window("##sheet_tabs", r);
  struct TabButton {
    const char* id;
    const char* label;
    SideTabsState::Tab tab;
  };
  static const TabButton kTabs[] = {{"tab_players", "Players", SideTabsState::Players},
                                    {"tab_log", "Log", SideTabsState::Log},
                                    {"tab_chat", "Chat", SideTabsState::Chat},
                                    {"tab_trade", "Trade", SideTabsState::Trade},
                                    {"tab_cards", "Cards", SideTabsState::Cards}};
  if (!st.chat && st.tab == SideTabsState::Chat) st.tab = SideTabsState::Log;
  const int num_tabs = st.chat ? 5 : 4;
  const float gap = std::floor(4 * sc);
  const float w = std::floor((r.size.x - static_cast<float>(num_tabs - 1) * gap) /
                             static_cast<float>(num_tabs));
  for (int i = 0, k = 0; k < 5; ++k) {
    const TabButton& t = kTabs[k];
    if (t.tab == SideTabsState::Chat && !st.chat) continue;
    const bool open = st.sheet_open && st.tab == t.tab;
    if (i > 0) ImGui::SameLine(0, gap);
    ImGui::SetCursorPosX(static_cast<float>(i++) * (w + gap));
    char label[48];
    const bool waiting = t.tab == SideTabsState::Trade && attention && !open;
    const int unread = t.tab == SideTabsState::Chat && !open ? st.chat->unread() : 0;
    if (unread > 0)
      std::snprintf(label, sizeof label, "%s %d", t.label, unread);
    else
      std::snprintf(label, sizeof label, "%s%s", t.label, waiting ? " (!)" : "");
    if (segment_button(t.id, label, ImVec2(w, r.size.y), open)) st.toggle_sheet(t.tab);
  }
  end_bare_window();
  if (!st.sheet_open || l.side.empty()) return;
  ImGui::SetNextWindowPos(l.side.pos);
  ImGui::SetNextWindowSize(l.side.size);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.11f, 0.13f, 0.17f, 1.0f));
  ImGui::Begin(
      "##sheet", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  switch (st.tab) {
    case SideTabsState::Players: {
      PlayersPanelOptions o;
      o.include_viewer = true;
      draw_players_panel(session, o);
      break;
    }
    case SideTabsState::Log:
      log.draw_log(session);
      break;
    case SideTabsState::Trade:
      draw_trade_tab(f, st, true);
      break;
    case SideTabsState::Cards:
      draw_cards_panel(session);
      break;
    case SideTabsState::Chat:
      draw_chat_panel(*st.chat, true);
      break;
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace

void draw_side_tabs(const GameFrame& f, const GameLayout& l, SideTabsState& st, LogView& log) {
  if (l.phone()) {
    draw_sheet(f, l, st, log);
    return;
  }
  const bool players_in_tabs = l.players_in_tabs();
  Rect r = l.side;
  const MatchView& session = f.session;
  st.follow_offer(trade_needs_attention(session));
  // While trading, the players shrink to a row of chips: the trade panel gets the height
  // (at 720 px its buttons stay in view without scrolling).
  const bool chips = !players_in_tabs && st.tab == SideTabsState::Trade;
  if (chips) {
    const float h = 48 * ui_scale();
    if (draw_player_chips(session, Rect{r.pos, ImVec2(r.size.x, h)})) st.tab = SideTabsState::Log;
    const float m = 6 * ui_scale();
    r.pos.y += h + m;
    r.size.y -= h + m;
  }
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(r.size);
  ImGui::Begin(
      "##side", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (st.tab == SideTabsState::Players && !players_in_tabs) st.tab = SideTabsState::Log;
  if (!players_in_tabs && !chips) {
    // As tall as the cards need (compact ones on short windows), so the tabs below get
    // the rest: the trade builder's buttons stay in view at 720 px.
    PlayersPanelOptions o;
    const float h = fit_players_panel(session, &o, r.size.y * 0.36f);
    ImGui::BeginChild("players", ImVec2(0, h), false);
    draw_players_panel(session, o);
    ImGui::EndChild();
  }
  // A touch layout's tabs are 44 points high like its other controls.
  const ImVec2 tab_pad(
      ImGui::GetStyle().FramePadding.x * 1.6f,
      std::max(ImGui::GetStyle().FramePadding.y, (44 * ui_scale() - ImGui::GetFontSize()) * 0.5f));
  const auto tab_item = [&](const char* label, ImGuiTabItemFlags flags = 0) {
    if (players_in_tabs) ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, tab_pad);
    const bool open = ImGui::BeginTabItem(label, nullptr, flags);
    if (players_in_tabs) ImGui::PopStyleVar();
    return open;
  };
  if (players_in_tabs) ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, tab_pad);
  const bool tab_bar = ImGui::BeginTabBar("side_tabs");
  if (players_in_tabs) ImGui::PopStyleVar();
  if (tab_bar) {
    if (players_in_tabs) {
      const bool players_open = tab_item("Players");
      test_id("tab_players");
      if (players_open) {
        PlayersPanelOptions o;
        o.horizontal = true;
        o.include_viewer = false;
        draw_players_panel(session, o);
        ImGui::EndTabItem();
      }
    }
    const bool select_log = st.select_log;
    if (select_log) st.tab = SideTabsState::Log, st.select_log = false;
    const bool log_open = tab_item("Log", select_log ? ImGuiTabItemFlags_SetSelected : 0);
    test_id("tab_log");
    if (log_open) {
      if (ImGui::IsItemClicked()) st.tab = SideTabsState::Log;
      log.draw_log(session);
      ImGui::EndTabItem();
    }
    if (st.chat) draw_chat_tab(st, tab_item, select_log, players_in_tabs);
    const bool trade_wanted = st.tab == SideTabsState::Trade;
    const ImGuiTabItemFlags tf =
        trade_wanted && st.last_tab != SideTabsState::Trade ? ImGuiTabItemFlags_SetSelected : 0;
    st.last_tab = st.tab;
    const bool trade_open = tab_item("Trade", tf);
    test_id("tab_trade");
    if (trade_open) {
      // ImGui shows a tab selected in code one frame later: while the Log tab is on its way,
      // the Trade tab still shows but is no longer wanted.
      if (!select_log) st.tab = SideTabsState::Trade;
      draw_trade_tab(f, st, players_in_tabs);
      ImGui::EndTabItem();
    } else if (trade_wanted && !tf) {
      st.tab = SideTabsState::Log;
    }
    const bool cards_open = tab_item("Cards");
    test_id("tab_cards");
    if (cards_open) {
      // Not while the Trade or the Log tab is on its way (selected in code this frame).
      if (!select_log && st.tab != SideTabsState::Trade) st.tab = SideTabsState::Cards;
      draw_cards_panel(session);
      ImGui::EndTabItem();
    } else if (st.tab == SideTabsState::Cards) {
      st.tab = SideTabsState::Log;
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace catan::ui
