#include "frontend/game_screen.h"

#include <imgui.h>

#include <algorithm>

#include "frontend/action_bar.h"
#include "frontend/audio.h"
#include "frontend/banner.h"
#include "frontend/board_panel.h"
#include "frontend/game_layout.h"
#include "frontend/overlays.h"
#include "frontend/players_view.h"
#include "frontend/shortcuts.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

constexpr double kWinOverlaySeconds = 4.0;

// The build tool lasts until the viewer's next action is applied or their turn ends.
void sync_tool(const GameFrame& f, GameScreenState& st) {
  const size_t n = f.session.actions_applied();
  if (!f.my_turn || n != st.history_seen) st.tool = Tool::None;
  st.history_seen = n;
}

void toggle_tool(const GameFrame& f, GameScreenState& st, ActionType t, Tool tool) {
  if (f.can(t) && f.state().phase == Phase::Main) st.tool = st.tool == tool ? Tool::None : tool;
}

void play(const GameFrame& f, ActionType t, audio::Sfx sfx) {
  if (f.can(t) && f.submit(Action::simple(t))) audio::play(sfx);
}

void run(const GameFrame& f, Command c, GameScreenState& st, Overlays& overlays) {
  switch (c) {
    case Command::None:
      break;
    case Command::Roll:
      play(f, ActionType::Roll, audio::Sfx::Dice);
      break;
    case Command::EndTurn:
      if (f.can(ActionType::EndTurn)) f.submit(Action::simple(ActionType::EndTurn));
      break;
    case Command::BuyDevCard:
      play(f, ActionType::BuyDevCard, audio::Sfx::Card);
      break;
    case Command::ToolRoad:
      toggle_tool(f, st, ActionType::BuildRoad, Tool::Road);
      break;
    case Command::ToolSettlement:
      toggle_tool(f, st, ActionType::BuildSettlement, Tool::Settlement);
      break;
    case Command::ToolCity:
      toggle_tool(f, st, ActionType::BuildCity, Tool::City);
      break;
    case Command::PlayKnight:
      play(f, ActionType::PlayKnight, audio::Sfx::Card);
      break;
    case Command::PlayRoadBuilding:
      play(f, ActionType::PlayRoadBuilding, audio::Sfx::Card);
      break;
    case Command::YearOfPlenty:
      if (f.can(ActionType::PlayYearOfPlenty)) st.dialogs.open_year_of_plenty();
      break;
    case Command::Monopoly:
      if (f.can(ActionType::PlayMonopoly)) st.dialogs.open_monopoly();
      break;
    case Command::ToggleTrade:
      st.side.toggle_trade();
      break;
    case Command::ToggleHelp:
      overlays.help = !overlays.help;
      break;
    case Command::Hint:
      if (hint_available(f)) request_hint(f, st.hint);
      break;
    case Command::Escape:
      if (overlays.help)
        overlays.help = false;
      else if (overlays.settings)
        overlays.settings = false;
      else if (st.dialogs.any_open())
        st.dialogs.close();
      else
        st.tool = Tool::None;
      break;
  }
}

// Game over: first the win overlay (winner, revealed VP cards), then the full end screen, on
// "See the results" or by itself after a moment. "View board" hides it; the banner's
// "Results" button brings it back.
GameExit draw_game_end(const GameFrame& f, const Rect& board, GameScreenState& st) {
  if (f.state().phase != Phase::GameOver) {
    st.game_over_at = -1;
    return GameExit::None;
  }
  if (st.game_over_at < 0) {
    st.game_over_at = f.now;
    st.side.select_log = true;  // the trade panel has nothing left to offer; the log tells the end
  }
  const double since = f.now - st.game_over_at;
  if (!st.show_end && since > kWinOverlaySeconds) st.show_end = true;
  if (!st.show_end) {
    if (draw_win_overlay(f, board, since, kWinOverlaySeconds)) st.show_end = true;
    return GameExit::None;
  }
  if (st.end.hidden) return GameExit::None;
  switch (draw_end_screen(f.session, st.end)) {
    case EndChoice::Rematch:
      return GameExit::Rematch;
    case EndChoice::NewSeed:
      return GameExit::RematchNewSeed;
    case EndChoice::NewGame:
      return GameExit::NewGame;
    case EndChoice::Review:
      return GameExit::Review;
    case EndChoice::Close:  // st.end.hidden is set: the board stays visible
    case EndChoice::None:
      break;
  }
  return GameExit::None;
}

}  // namespace

GameExit draw_game_screen(MatchView& session, double now, Notice& notice, GameScreenState& st,
                          Overlays& overlays) {
  GameExit exit = GameExit::None;
  const GameFrame f = make_game_frame(session, now, notice);
  sync_tool(f, st);
  st.log.update(session, now);
  {
    const Phase ph = f.state().phase;
    st.side.board_needed(f.my_turn && (st.tool != Tool::None || ph == Phase::SetupSettlement ||
                                       ph == Phase::SetupRoad || ph == Phase::MoveRobber ||
                                       ph == Phase::RoadBuilding1 || ph == Phase::RoadBuilding2));
  }
  LayoutWants wants;
  wants.sheet_open = st.side.sheet_open;
  wants.trade = st.side.tab == SideTabsState::Trade;
  wants.sheet_h = st.side.trade_sheet_h;
  GameLayout l = layout_game(ImGui::GetIO().DisplaySize, ui_scale(), wants);
  st.side.phone = l.phone();
  set_touch_ui(l.touch());
  // The live win chances (a setting) take a strip off the top of the board.
  Rect win_bar;
  if (const float bh = win_bar_height(f); bh > 0 && l.board.size.y > 4 * bh) {
    const float gap = 4 * ui_scale();
    win_bar = {l.board.pos, ImVec2(l.board.size.x, bh)};
    l.board.pos.y += bh + gap;
    l.board.size.y -= bh + gap;
  }
  // The coach thinks a few milliseconds per frame, like the bots (Session::update).
  update_hint(f, st.hint, 8.0);
  if (st.hint.ready() && !st.hint.tool_chosen) {
    // A recommended build picks its tool, once: the spot glows among the legal ones and a
    // click on it builds, as with the button.
    st.hint.tool_chosen = true;
    if (f.state().phase == Phase::Main) {
      const ActionType t = st.hint.advice.options.front().action.type;
      if (t == ActionType::BuildRoad) st.tool = Tool::Road;
      if (t == ActionType::BuildSettlement) st.tool = Tool::Settlement;
      if (t == ActionType::BuildCity) st.tool = Tool::City;
    }
  }
  st.board.set_hint(hint_spot(st.hint));

  // First: behind everything else. Phones have the dice on the board.
  draw_board_panel(f, l.board, st.board, st.tool, l.two_row_actions() ? &st.log : nullptr,
                   l.side.empty() || !l.phone());
  if (!win_bar.empty()) draw_win_bar(f, win_bar, st.win_bar);
  sync_tool(f, st);
  const bool over = f.state().phase == Phase::GameOver;
  // On a phone the player chips lie under the banner: the notices go over the board's top,
  // below the dice.
  const Rect notices = l.phone() ? Rect{ImVec2(l.board.pos.x, l.board.pos.y + 42 * ui_scale()),
                                        ImVec2(l.board.size.x, 0)}
                                 : l.banner;
  switch (draw_banner(f, l.banner, st.tool, over && st.show_end && st.end.hidden, notices)) {
    case BannerChoice::None:
      break;
    case BannerChoice::ToggleHelp:
      overlays.help = !overlays.help;
      break;
    case BannerChoice::ShowHelp:
      overlays.help = true;
      break;
    case BannerChoice::Settings:
      overlays.settings = true;
      break;
    case BannerChoice::NewGame:
      exit = GameExit::NewGame;
      break;
    case BannerChoice::Results:
      st.end.hidden = false;
      break;
  }
  // The chips, unless the open sheet covers them.
  const bool chips_covered = !l.side.empty() && l.side.pos.y <= l.chips.pos.y + 1;
  if (!l.chips.empty() && !chips_covered && draw_player_chips(session, l.chips))
    st.side.toggle_sheet(SideTabsState::Players);
  ActionBarOptions bar;
  bar.tool = st.tool;
  bar.trade_open = st.side.tab == SideTabsState::Trade && (st.side.sheet_open || !l.phone());
  bar.two_rows = l.two_row_actions();
  bar.dice = !l.two_row_actions();
  bar.hint = hint_available(f);
  bar.hint_on = st.hint.active();
  run(f, draw_action_bar(f, l.action_bar, bar, st.log), st, overlays);
  draw_side_tabs(f, l, st.side, st.log);
  {
    // The hint card at the bottom of the board, above a phone's open sheet.
    Rect card = l.board;
    if (l.phone() && st.side.sheet_open && !l.side.empty() && l.side.pos.y < card.max().y)
      card.size.y = std::max(0.0f, l.side.pos.y - card.pos.y);
    draw_hint_card(f, card, st.board, st.hint);
  }
  st.log.draw_toasts(ImVec2(l.board.center().x, l.board.pos.y + 6 * ui_scale()),
                     l.board.size.x - 16 * ui_scale());
  draw_rule_dialogs(f, l.board, st.dialogs);
  const GameExit end = draw_game_end(f, l.board, st);
  if (end != GameExit::None) exit = end;
  if (session.handoff_pending()) draw_handoff(session);
  if (session.paused()) draw_paused(session);
  for (Command c : read_shortcuts()) run(f, c, st, overlays);
  return exit;
}

}  // namespace catan::ui
