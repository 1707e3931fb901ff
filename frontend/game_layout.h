// Where the game screen's panels go. One function decides every panel's rectangle from the
// window size; each panel then draws into the rectangle it is given and never looks at the
// window size itself. A new arrangement is a new branch here, not a change in the panels.
//
//   const GameLayout l = layout_game(ImGui::GetIO().DisplaySize, ui_scale(), sheet_open);
//   draw_banner(frame, l.banner, ...);  draw_action_bar(frame, l.action_bar, ...);
//
// The four arrangements (sizes in points at UI scale 1):
//   Landscape        desktop and tablet landscape: banner, board and action bar on the left,
//                    the players above the Log / Trade tabs on the right.
//   Portrait         tablet portrait: a strip of player chips under the banner, the side
//                    panel at the bottom, the players a tab. While trading, the side panel is
//                    a column beside the board (the island keeps most of its size) and the
//                    action bar under the board takes two rows of buttons.
//   PhonePortrait    narrower than 600: banner, a strip of player chips, the board as large
//                    as the rest allows, the sheet's tab strip, then the hand and two rows of
//                    thumb-sized action buttons. Players / Log / Trade open as a sheet over
//                    the lower part of the board and close again with a tap on their tab.
//   PhoneLandscape   shorter than 500: the board fills the left and the full height; on the
//                    right the banner, the chips, the hand, the buttons and the sheet's tabs;
//                    the sheet opens over the board.
#pragma once
#include <imgui.h>

namespace catan::ui {

struct Rect {
  ImVec2 pos{0, 0};
  ImVec2 size{0, 0};
  ImVec2 max() const { return ImVec2(pos.x + size.x, pos.y + size.y); }
  ImVec2 center() const { return ImVec2(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f); }
  bool empty() const { return size.x <= 0 || size.y <= 0; }
};

enum class LayoutShape { Landscape, Portrait, PhonePortrait, PhoneLandscape };

struct GameLayout {
  LayoutShape shape = LayoutShape::Landscape;
  Rect banner;            // whose turn, the tool in use, timer, menu
  Rect board;             // the island (dialogs and the win overlay are centred on it)
  Rect action_bar;        // the viewer's hand, development cards and the action buttons
  Rect side;              // players, log and trade: the panel, or the open sheet on a phone
  Rect chips;             // phones and tablets: one chip per player (VP, cards, away); else empty
  Rect sheet_tabs;        // phones: the sheet's tab strip; empty elsewhere
  bool two_rows = false;  // the action buttons in two rows (see two_row_actions)
  bool phone() const {
    return shape == LayoutShape::PhonePortrait || shape == LayoutShape::PhoneLandscape;
  }
  bool players_in_tabs() const { return shape != LayoutShape::Landscape; }
  // The action buttons in two rows (builds, then roll / trade / end turn) and the development
  // cards behind one button: a row of seven does not fit.
  bool two_row_actions() const { return two_rows; }
  // A touch-first arrangement: controls 44 points high, no keyboard hints.
  bool touch() const { return shape != LayoutShape::Landscape; }
};

// What the panels ask of the arrangement this frame.
struct LayoutWants {
  bool sheet_open = false;  // phones: the sheet (GameLayout::side) over the board, else empty
  bool trade = false;       // the trade panel is showing: it gets more height
  float sheet_h = 0;        // phones: the height the open trade sheet's content asks (0: all)
};

// The arrangement for a window of `display` points at UI scale `scale`.
GameLayout layout_game(ImVec2 display, float scale, LayoutWants wants = {});

// The UI scale that suits a window of `display` points: 1 up to about 1400x800, growing
// with larger screens so that panels do not sit mostly empty (the user's setting multiplies it).
float screen_scale(ImVec2 display);

}  // namespace catan::ui
