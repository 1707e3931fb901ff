// Production made visible: when a roll pays out, the producing hexes light up and each card
// flies from its hex to the player who gains it (their row in the players panel, or the
// viewer's own hand). About 1.3 s, never in the way: any click, tap or key skips it, and it
// takes no input. With reduced motion (settings().reduced_motion, the browser's
// prefers-reduced-motion, or animation speed 0) only a brief static highlight of the hexes.
//
// What was produced comes from the state change between two frames: the view's
// stats.produced rises by exactly the cards each seat was paid (engine/roll.cpp), and the
// roll's sum, the robber and the buildings say which hex paid which card.
//
//   ProductionFx fx;                          // BoardView owns one
//   fx.observe(obs.view, now);                // every frame: starts an effect on a new payout
//   fx.draw_hexes(dl, hex_polygon, now);      // on the board, under the pieces
//   fx.draw_flights(fg, hex_centre, viewer, now);  // over every panel
//
// Where the cards go: panels publish per-seat screen anchors every frame,
//   set_seat_anchor(seat, rect_min, rect_max);    // players panel: the seat's row or card
//   set_hand_anchor(resource, card_centre);       // action bar: the viewer's resource cards
// and an anchor not refreshed in the last two frames falls back to an estimate from
// game_layout.h (the side panel for others, the action bar's hand for the viewer).
//
// Time: the caller's clock (ImGui::GetTime(), which tests step deterministically).
// set_fx_freeze(p) (or the environment variable CATAN_FX_FREEZE=p natively) holds every
// effect at progress p in [0, 1) and keeps it on screen until the next payout, so a
// screenshot can catch a frame of it.
#pragma once
#include <imgui.h>

#include <array>
#include <functional>
#include <vector>

#include "engine/state.h"

namespace catan::ui {

// One card's trip from a hex to a seat.
struct FxFlight {
  int hex = -1;
  int seat = -1;
  int resource = 0;
  float delay = 0;  // fraction of the effect's duration before it leaves the hex
};

// What one roll paid, hex by hex.
struct FxPayout {
  int sum = 0;
  std::vector<int> hexes;  // the hexes that paid something
  std::vector<FxFlight> flights;
};

// The payout between two views of the same game: empty when no single roll happened in
// between or nothing was paid. `before`/`after` are observations' views (any viewer).
FxPayout payout_between(const GameState& before, const GameState& after);

// Per-seat anchors, refreshed by the panels each frame (see above).
void set_seat_anchor(int seat, ImVec2 min, ImVec2 max);
void set_hand_anchor(int resource, ImVec2 centre);
// Where a card for `seat` (of `resource`) flies to now; `viewer` is the seat whose hand the
// action bar shows (-1 for spectators).
ImVec2 fx_target(int seat, int resource, int viewer);

// Deterministic frames for screenshots and tests: < 0 = off (the default).
void set_fx_freeze(float progress);
float fx_freeze();

// True when effects should be static: the setting, the system's wish, or speed 0.
bool reduced_motion();
// The system's wish for less motion (the shell: the browser's prefers-reduced-motion).
void set_system_reduced_motion(bool on);

class ProductionFx {
 public:
  void observe(const GameState& view, double now);
  void skip() { start_ = -1; }
  // Progress in [0, 1] of the effect on screen, or < 0 when there is none.
  float progress(double now) const;
  bool active(double now) const { return progress(now) >= 0; }
  const FxPayout& payout() const { return payout_; }

  // hex_polygon(h, out) fills the hex's six corners on screen.
  void draw_hexes(ImDrawList* dl, const std::function<void(int, ImVec2*)>& hex_polygon,
                  double now) const;
  void draw_flights(ImDrawList* dl, const std::function<ImVec2(int)>& hex_centre, int viewer,
                    float card_size, double now) const;

 private:
  bool seen_ = false;
  GameState last_{};
  FxPayout payout_;
  double start_ = -1;
  bool static_ = false;  // reduced motion when it started
};

}  // namespace catan::ui
