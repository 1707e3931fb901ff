// Where the game screen's panels go. One function decides every panel's rectangle from the
// window size; each panel then draws into the rectangle it is given and never looks at the
// window size itself. A new arrangement (a phone layout, say) is a new branch here, not a
// change in the panels.
//
//   const GameLayout l = layout_game(ImGui::GetIO().DisplaySize, settings().ui_scale);
//   draw_banner(frame, l.banner, ...);  draw_action_bar(frame, l.action_bar, ...);
#pragma once
#include <imgui.h>

namespace catan::ui {

struct Rect {
  ImVec2 pos{0, 0};
  ImVec2 size{0, 0};
  ImVec2 max() const { return ImVec2(pos.x + size.x, pos.y + size.y); }
  ImVec2 center() const { return ImVec2(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f); }
};

enum class LayoutShape {
  Landscape,  // side panel on the right: the players stacked above the Log / Trade tabs
  Portrait,   // side panel at the bottom: the players are a tab beside Log and Trade
};

struct GameLayout {
  LayoutShape shape = LayoutShape::Landscape;
  Rect banner;      // whose turn, the tool in use, timer, menu
  Rect board;       // the island (dialogs and the win overlay are centred on it)
  Rect action_bar;  // the viewer's hand, development cards and the action buttons
  Rect side;        // players, log and trade
  bool players_in_tabs() const { return shape == LayoutShape::Portrait; }
};

// The arrangement for a window of `display` points at UI scale `scale`.
GameLayout layout_game(ImVec2 display, float scale);

}  // namespace catan::ui
