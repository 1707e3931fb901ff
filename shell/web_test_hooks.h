// What only the browser tests (tests/browser) read from the page: the widgets they find by
// test id and the layout of every widget drawn. Off in the shipped page: the page turns it on
// only when the test harness set window.catanTestHooks before the page's scripts ran
// (web/bridge.js), which no URL, message or embedding page can do.
#pragma once
#include <nlohmann/json.hpp>

namespace catan::web {

// Starts recording the widgets' test ids (frontend/widgets.h), from the next frame on.
void enable_test_ids();

// Adds to a view (WebBridge::view): `ui` the centres and `uiRects` the rectangles
// [x0, y0, x1, y1] of the widgets the tests click by id, when drawn; `widgets` every recorded
// widget of the last frame [id, x0, y0, x1, y1, whole, label_fits]; `display` the window size.
void add_test_view(nlohmann::json* view);

}  // namespace catan::web
