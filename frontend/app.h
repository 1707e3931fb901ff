// The UI: everything drawn with Dear ImGui inside the window/canvas that shell/app_main.cpp owns.
// The shell creates the SDL window, GL context and ImGui context, then per frame calls
// App::before_new_frame() after the platform backend's NewFrame and before ImGui::NewFrame()
// (the UI test mode injects its synthesized mouse there), then App::frame() between
// ImGui::NewFrame() and ImGui::Render(). The App never touches SDL or GL directly.
//
// Screens: New game -> Game (with the pass-the-device screen for hot-seat) -> End.
#pragma once
#include <functional>
#include <memory>
#include <string>

struct ImVec2;
namespace catan {
class Game;
namespace match {
class Session;
struct MatchConfig;
}  // namespace match
}  // namespace catan

namespace catan {

class App {
 public:
  App();
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Called between the platform backend's NewFrame and ImGui::NewFrame (input injection).
  void before_new_frame();
  // Builds this frame's ImGui widgets. `dt` is the time since the previous frame in seconds.
  void frame(float dt);

  // True once the user asked to quit (the native shell then leaves its main loop).
  bool wants_quit() const { return quit_; }
  // Process exit code (the UI test mode: 0 passed, 1 failed).
  int exit_code() const { return exit_code_; }

  // Touch pinch (SDL_MULTIGESTURE dDist): zooms the board.
  void pinch(float delta);
  // The web embed pauses/resumes the game (timers and AIs stop).
  void set_paused(bool paused);

  // Persistence hooks, provided by the shell (web: localStorage; native: a file). `save`
  // receives a JSON document (engine/serialize.h save_game + the seat setup) after every
  // action; `load` returns the last one ("" if none) for "Continue last game".
  // `save_settings` / `load_settings` (optional) keep the UI settings (theme.h UiSettings as
  // settings_to_json): loaded and applied (palette, sound, volume) by set_persistence, saved
  // whenever they change. `resume` (optional) is for a shell that owns the game's save
  // format and writes it itself (the web page: one slot per page, see web/catan.js): then
  // `save` stays empty, `load` returns that slot, and "Continue last game" hands the text to
  // `resume` instead of reading the document above.
  struct Persistence {
    std::function<void(const std::string&)> save;
    std::function<std::string()> load;
    std::function<bool(const std::string& text, std::string* error)> resume;
    std::function<void(const std::string&)> save_settings;
    std::function<std::string()> load_settings;
  };
  void set_persistence(Persistence p);

  // UI test mode (--uitest <script>): `script` is the script text (see frontend/app.cpp,
  // "UI test mode"). The app plays the scripted game by synthesized clicks, checks the
  // result, prints a report and quits with exit_code() 0 (passed) or 1 (failed).
  void start_uitest(const std::string& script);
  bool uitest_running() const;
  // A screenshot the UI test script asked for (after this frame is rendered): true and the
  // path once, then false until the next request.
  bool take_screenshot_request(std::string* path);

  // --- Web bridge hooks (added by the web engineer for shell/web_bridge.cpp) ---------------
  // The JS API (window.catan, postMessage, saves) reads the match and starts/resumes one.
  match::Session& session();
  void start_match(const match::MatchConfig& config);                     // like New game -> Start
  void resume_match(const match::MatchConfig& config, const Game& game);  // like Continue
  // Where the board was drawn last frame (ImGui coordinates: CSS pixels in the browser).
  ImVec2 board_vertex_pos(int v) const;
  ImVec2 board_edge_pos(int e) const;
  ImVec2 board_hex_pos(int h) const;
  // --- end of web bridge hooks ----------------------------------------------------------

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  bool quit_ = false;
  int exit_code_ = 0;
};

}  // namespace catan
