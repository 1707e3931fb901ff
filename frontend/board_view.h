// BoardView: the island drawn on an ImGui draw-list canvas (an InvisibleButton), with zoom
// (wheel, pinch), pan (drag) and click/tap picking of legal spots only.
#pragma once
#include <imgui.h>

#include <vector>

#include "engine/observation.h"

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
};

class BoardView {
 public:
  // Draws the board filling `size` at the cursor. Returns the highlighted spot that was
  // clicked or tapped (a drag pans instead of clicking).
  BoardPick draw(const Observation& obs, const BoardHighlights& hl, ImVec2 size);

  // Screen position (ImGui coordinates) of a vertex / edge midpoint / hex centre as laid out
  // in the last frame. Used by the UI test mode to click on the board.
  ImVec2 vertex_pos(int v) const;
  ImVec2 edge_pos(int e) const;
  ImVec2 hex_pos(int h) const;

  void pinch(float delta);  // SDL multigesture dDist: > 0 zoom in
  void reset_view() { zoom_ = 1.0f, pan_ = ImVec2(0, 0); }

 private:
  ImVec2 to_screen(float x, float y) const {
    return ImVec2(origin_.x + x * scale_, origin_.y + y * scale_);
  }
  float zoom_ = 1.0f;
  ImVec2 pan_{0, 0};
  ImVec2 origin_{0, 0};
  float scale_ = 40.0f;
  bool dragging_ = false;
  float pending_pinch_ = 0.0f;
};

}  // namespace catan::ui
