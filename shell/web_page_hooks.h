// The page's hooks into the app (web/*.js through Emscripten): sound and palette set by the
// page, the browser's reduced-motion preference, the app's share menu and sound switch
// reported back to the page, and the App's localStorage slots (the page's game save for
// "Continue last game", the UI settings).
#pragma once
#include <functional>
#include <string>

namespace catan {
class App;
namespace web {

void set_page_muted(bool muted);
void set_page_colorblind(bool on);

// In the browser: wires the hooks above into `app`. `resume` reads a saved game's text and
// resumes it (false and *error when it cannot be read).
void attach_page_hooks(App& app,
                       std::function<bool(const std::string& text, std::string* error)> resume);

}  // namespace web
}  // namespace catan
