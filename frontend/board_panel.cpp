#include "frontend/board_panel.h"

#include <imgui.h>

#include "frontend/audio.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

BoardHighlights board_highlights(const GameFrame& f, Tool tool) {
  BoardHighlights hl;
  hl.seat = f.viewer;
  const Phase ph = f.state().phase;
  for (const Action& a : f.legal) {
    switch (a.type) {
      case ActionType::BuildSettlement:
        if (ph == Phase::SetupSettlement || tool == Tool::Settlement) hl.vertices.push_back(a.arg);
        break;
      case ActionType::BuildCity:
        if (tool == Tool::City) hl.vertices.push_back(a.arg), hl.vertices_are_cities = true;
        break;
      case ActionType::BuildRoad:
        if (ph == Phase::SetupRoad || tool == Tool::Road) hl.edges.push_back(a.arg);
        break;
      case ActionType::FreeRoad:
        hl.edges.push_back(a.arg);
        break;
      case ActionType::MoveRobber:
        hl.hexes.push_back(a.arg);
        break;
      default:
        break;
    }
  }
  return hl;
}

namespace {

// The action a click on a highlighted spot means.
Action action_for(const BoardPick& pick, Phase ph, Tool tool) {
  switch (pick.kind) {
    case BoardPick::Vertex:
      return Action::simple(
          tool == Tool::City ? ActionType::BuildCity : ActionType::BuildSettlement, pick.id);
    case BoardPick::Edge:
      return Action::simple(ph == Phase::RoadBuilding1 || ph == Phase::RoadBuilding2
                                ? ActionType::FreeRoad
                                : ActionType::BuildRoad,
                            pick.id);
    case BoardPick::Hex:
      return Action::simple(ActionType::MoveRobber, pick.id);
    case BoardPick::None:
      break;
  }
  return Action{};
}

}  // namespace

void draw_board_panel(const GameFrame& f, const Rect& r, BoardView& board, Tool tool,
                      const LogView* dice, bool zoom_buttons) {
  const float sc = ui_scale();
  const ImVec2 s = r.size;
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(s);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin("##boardwin", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
  const BoardPick pick = board.draw(f.obs, board_highlights(f, tool), s);
  if (pick.kind != BoardPick::None && f.my_turn &&
      f.submit(action_for(pick, f.state().phase, tool)))
    audio::play(audio::Sfx::Build);
  // The zoom buttons in a window of their own over the board's corner: ImGui gives the
  // pointer to the topmost window under it, so the board (one button as large as the panel)
  // does not take their clicks and taps.
  if (zoom_buttons) {
    // Thumb-sized: 44 points square.
    const float zb = 44 * sc, zg = 6 * sc;
    ImGui::SetCursorPos(ImVec2(s.x - zb - 8 * sc, s.y - 3 * zb - 2 * zg - 8 * sc));
    ImGui::BeginChild("##zoom", ImVec2(zb, 3 * zb + 2 * zg), false,
                      ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar |
                          ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::SetCursorPos(ImVec2(0, 0));
    if (button("zoom_in", "+", ImVec2(zb, zb))) board.pinch(0.05f);
    ImGui::SetCursorPos(ImVec2(0, zb + zg));
    if (button("zoom_out", "-", ImVec2(zb, zb))) board.pinch(-0.05f);
    ImGui::SetCursorPos(ImVec2(0, 2 * (zb + zg)));
    if (button("zoom_fit", "Fit", ImVec2(zb, zb))) board.reset_view();
    ImGui::EndChild();
  }
  if (dice) {
    const float die = 34 * sc;
    dice->draw_dice(ImGui::GetWindowDrawList(), ImVec2(r.pos.x + 8 * sc, r.pos.y + 8 * sc), die);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

}  // namespace catan::ui
