// The UI's one button and one stepper, and the test ids they register.
//
//   if (button("roll", "Roll", size, enabled, why)) ...   // disabled with `why` as its tooltip
//   stepper("disc_0", &n, 0, hi);                         // [-] n [+], test ids disc_0_minus/_plus
//   test_id("tab_log");                                   // names the last item (tabs, radios)
//
// Test ids name the rectangle of an item in the frame just drawn, so the UI test driver
// (tests/frontend/uitest_driver.cpp) can click it through ImGui's own input path. Only items
// whose centre is visible are recorded; an id the driver looked for and missed is scrolled
// into view when it is next drawn. Recording is off unless a driver turns it on: the
// shipped app does no work for it.
#pragma once
#include <imgui.h>

#include <imgui_internal.h>

#include <string>
#include <utility>
#include <vector>

namespace catan::ui {

// A button with a test id. Drawn disabled when !enabled, and then `why` (if any) is its
// tooltip. A width in `size` grows to fit the label, so no label is cut. True when clicked while
// enabled. `label` may be "##..." for a face the caller draws over the item rectangle
// (ImGui::GetItemRectMin/Max).
bool button(const char* id, const char* label, ImVec2 size = ImVec2(0, 0), bool enabled = true,
            const std::string& why = std::string());

// The same button without a face: a clickable area the caller draws (an icon to pick).
bool area_button(const char* id, ImVec2 size, bool enabled = true);

// Scrolls the current window by a drag on its background: a touch screen has no wheel.
void drag_to_scroll();

// [-] value [+] with square buttons; - is disabled at `lo`, + at `hi`. True when it changed.
// Test ids: "<id>_minus" and "<id>_plus".
bool stepper(const char* id, int* value, int lo, int hi);

// A touch-first screen (the game screen's phone and tablet arrangements) or a last press
// that came from a touch (set by the shell): controls 44 points high, no keyboard hints.
void set_touch_ui(bool on);
void set_touch_pointer(bool on);
bool touch_ui();

// Test ids.
void test_id(const char* id);                              // the last item's rectangle, under `id`
void enable_test_ids(bool on);                             // a test driver turns recording on
void begin_test_ids_frame();                               // the App, before drawing a frame
bool find_test_id(const std::string& id, ImVec2* center);  // in the frame just drawn
bool find_test_rect(const std::string& id, ImVec2* min, ImVec2* max);  // the same, its rectangle

// What the layout tests check of each recorded item: no two overlap, each lies whole inside
// its window, and a label the caller draws itself fits its face.
struct TestItem {
  ImRect rect;
  bool whole = true;       // inside its window's visible area
  bool label_fits = true;  // set by test_label_fits for faces drawn by the caller
};
void test_label_fits(const char* id, bool fits);  // for the item just recorded under `id`
std::vector<std::pair<std::string, TestItem>> test_items();  // the frame just drawn, by id

}  // namespace catan::ui
