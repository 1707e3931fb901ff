#include "frontend/side_tabs.h"

#include <imgui.h>

#include "frontend/players_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

void draw_trade_tab(const GameFrame& f, SideTabsState& st) {
  ImGui::BeginChild("trade_scroll", ImVec2(0, 0), false);
  // An offer just went out (or came in): show it from its top, where its terms are.
  const Phase ph = f.state().phase;
  const bool offer_open = ph == Phase::TradeResponse || ph == Phase::TradeConfirm;
  if (offer_open && !st.offer_was_open) ImGui::SetScrollY(0);
  st.offer_was_open = offer_open;
  draw_trade_panel(f, st.trade);
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Bank and harbours");
  ImGui::PopFont();
  draw_bank_trade(f, st.trade.bank);
  ImGui::EndChild();
}

}  // namespace

void draw_side_tabs(const GameFrame& f, const Rect& r, bool players_in_tabs, SideTabsState& st,
                    LogView& log) {
  const Session& session = f.session;
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(r.size);
  ImGui::Begin(
      "##side", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (trade_needs_attention(session)) st.tab = SideTabsState::Trade;
  if (!players_in_tabs) {
    // As tall as the cards need (compact ones on short windows), so the tabs below get
    // the rest: the trade builder's buttons stay in view at 720 px.
    PlayersPanelOptions o;
    const float h = fit_players_panel(session, &o, r.size.y * 0.42f);
    ImGui::BeginChild("players", ImVec2(0, h), false);
    draw_players_panel(session, o);
    ImGui::EndChild();
  }
  if (ImGui::BeginTabBar("side_tabs")) {
    if (players_in_tabs && ImGui::BeginTabItem("Players")) {
      PlayersPanelOptions o;
      o.horizontal = true;
      o.include_viewer = false;
      draw_players_panel(session, o);
      ImGui::EndTabItem();
    }
    const bool select_log = st.select_log;
    if (select_log) st.tab = SideTabsState::Log, st.select_log = false;
    const bool log_open =
        ImGui::BeginTabItem("Log", nullptr, select_log ? ImGuiTabItemFlags_SetSelected : 0);
    test_id("tab_log");
    if (log_open) {
      if (ImGui::IsItemClicked()) st.tab = SideTabsState::Log;
      log.draw_log(session);
      ImGui::EndTabItem();
    }
    const bool trade_wanted = st.tab == SideTabsState::Trade;
    const ImGuiTabItemFlags tf =
        trade_wanted && st.last_tab != SideTabsState::Trade ? ImGuiTabItemFlags_SetSelected : 0;
    st.last_tab = st.tab;
    const bool trade_open = ImGui::BeginTabItem("Trade", nullptr, tf);
    test_id("tab_trade");
    if (trade_open) {
      // ImGui shows a tab selected in code one frame later: while the Log tab is on its way,
      // the Trade tab still shows but is no longer wanted.
      if (!select_log) st.tab = SideTabsState::Trade;
      draw_trade_tab(f, st);
      ImGui::EndTabItem();
    } else if (trade_wanted && !tf) {
      st.tab = SideTabsState::Log;
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace catan::ui
