// The parts the review screen's panels share (review_screen.cpp) and the win-chance graph
// panel (review_graph.cpp). Internal to the review screen: see frontend/review_screen.h.
#pragma once
#include <imgui.h>

#include <string>

#include "engine/coach/review.h"
#include "frontend/review_screen.h"

namespace catan::ui {

ImU32 grade_color(coach::Grade g);

// A panel's child window over r, in the panel colours; end_panel_child() closes it.
void begin_panel_child(const char* id, const Rect& r, bool scroll = false);
void end_panel_child();

// The win-chance graph in r: every seat's chance over the whole game, the costly decisions,
// the turning points and the cursor; a click or drag on it moves the shown position.
void review_graph_panel(ReviewScreenState& st, const Rect& r,
                        const std::string (&names)[kMaxPlayers]);

}  // namespace catan::ui
