// BoardView: the island drawn on an ImGui draw-list canvas (an InvisibleButton), with zoom
// (wheel, pinch), pan (drag) and click/tap picking of legal spots only, and the production
// effect (production_fx.h) when a roll pays out.
//
// A mouse click on a legal spot picks it at once. A tap (the pointer came from a touch: it
// was off the screen just before the press, as PointerInput leaves it after every lifted
// touch) only selects the spot: the piece shows there with a floating confirm button
// ("Build" / "Place", test id "board_confirm") and a cancel button ("board_cancel") beside
// it. Tapping the selected spot again also confirms; tapping anywhere else cancels.
#pragma once
#include <imgui.h>

#include <vector>

#include "engine/observation.h"
#include "frontend/production_fx.h"

namespace catan::ui {

// What may be picked this frame (derived from legal_actions of the viewer's observation).
struct BoardHighlights {
  std::vector<int> vertices;  // legal settlement or city spots
  std::vector<int> edges;     // legal road edges
  std::vector<int> hexes;     // legal robber hexes
  bool vertices_are_cities = false;
  int seat = -1;  // whose ghost piece to draw on hover
};

struct BoardPick {
  enum Kind { None, Vertex, Edge, Hex } kind = None;
  int id = -1;
  bool operator==(const BoardPick&) const = default;
};

class BoardView {
 public:
  // Draws the board filling `size` at the cursor. Returns the highlighted spot that was
  // clicked, or whose tap selection was confirmed (a drag pans instead of clicking).
  BoardPick draw(const Observation& obs, const BoardHighlights& hl, ImVec2 size);

  // The spot a tap selected, awaiting its confirmation (kind None when there is none).
  const BoardPick& selected() const { return selected_; }
  ProductionFx& production() { return fx_; }

  // Screen position (ImGui coordinates) of a vertex / edge midpoint / hex centre as laid out
  // in the last frame. Used by the UI test mode to click on the board.
  ImVec2 vertex_pos(int v) const;
  ImVec2 edge_pos(int e) const;
  ImVec2 hex_pos(int h) const;

  // The coach's recommended spot (frontend/coach_view.h): a glow over it until cleared
  // (kind None). Set before draw() each frame.
  void set_hint(BoardPick spot) { hint_ = spot; }
  const BoardPick& hint() const { return hint_; }

  void pinch(float delta);  // SDL multigesture dDist: > 0 zoom in
  void reset_view() { zoom_ = 1.0f, pan_ = ImVec2(0, 0); }

 private:
  // The steps of draw(): input first, then the drawing passes from the sea up.
  void track_pointer(const Observation& obs, const BoardHighlights& hl, bool hovered, double t_now);
  void move_camera(ImVec2 p0, ImVec2 size, bool hovered, bool active);
  BoardPick spot_under_pointer(const BoardHighlights& hl, bool pointer_in) const;
  void draw_shore(ImDrawList* dl) const;
  void draw_terrain(ImDrawList* dl, const GameState& s) const;
  void draw_harbours(ImDrawList* dl, const GameState& s) const;
  void draw_numbers(ImDrawList* dl, const GameState& s) const;
  void draw_robber_targets(ImDrawList* dl, const BoardHighlights& hl, BoardPick shown,
                           float pulse) const;
  void draw_pieces(ImDrawList* dl, const GameState& s) const;
  void draw_legal_spots(ImDrawList* dl, const Observation& obs, const BoardHighlights& hl,
                        BoardPick shown, float pulse) const;
  // The pick of a press released on the board without dragging (see draw()).
  BoardPick take_release(BoardPick hover);
  void draw_hint_glow(ImDrawList* dl, const GameState& s, int seat, float u, double t) const;
  // The floating confirm and cancel buttons of a tap selection; *pick on confirm.
  void draw_confirm(const Observation& obs, ImVec2 p0, ImVec2 size, BoardPick* pick);
  ImVec2 to_screen(float x, float y) const {
    return ImVec2(origin_.x + x * scale_, origin_.y + y * scale_);
  }
  float zoom_ = 1.0f;
  ImVec2 pan_{0, 0};
  ImVec2 origin_{0, 0};
  float scale_ = 40.0f;
  bool dragging_ = false;
  float pending_pinch_ = 0.0f;
  // Touch placement: the press came from a touch, the selected spot, the confirm buttons'
  // rectangle last frame, and the last frame the pointer was off the screen.
  bool touch_press_ = false;
  BoardPick selected_;
  BoardPick hint_;
  ImVec2 confirm_min_{0, 0}, confirm_max_{0, 0};
  int away_frame_ = -100;
  ProductionFx fx_;
};

}  // namespace catan::ui
