// The bridge between the running app and the page's JavaScript (web/bridge.js): WebBridge
// holds the App the shell attached and answers the catan_web_* C functions exported from
// app.wasm (shell/web_exports.cpp). It reaches the UI only through App's public interface
// (frontend/app.h); the page's own hooks into the app (sound, palette, share menu,
// localStorage) are shell/web_page_hooks.cpp, and what only the browser tests read is
// shell/web_test_hooks.cpp.
//
// Events (gameStarted, turn, diceRolled, gameOver, changed) are not pushed from C++: the page
// polls once per animation frame and WebBridge compares the Session's event log with what it
// reported last (shell/web_events.h), so no hook inside the Session or the views is needed.
//
// The bridge is compiled into the browser build only; what it parses and writes (configs,
// saves, replay codes) is the match layer's, which the native tests and fuzzers reach.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>

#include "match/session.h"
#include "shell/web_events.h"
#include "shell/web_room.h"
#include "shell/web_room_events.h"

namespace catan {
class App;
namespace web {

class WebBridge {
 public:
  static WebBridge& instance();

  // Wires the bridge to the app once at start-up (and, in the browser, the page's hooks).
  void attach(App& app);
  bool attached() const { return app_ != nullptr; }

  // The match the app plays (nullptr before attach), and the same while a game is on and no
  // online match (room()) is shown instead of it.
  match::Session* session() const;
  match::Session* active_session() const;

  // The app's online match (shell/web_room.h); nullptr before attach.
  WebRoom* room() const { return room_.get(); }

  // A new or resumed game, shown by the app; the next poll announces it.
  void start(const match::MatchConfig& config);
  void resume(const match::MatchConfig& config, const Game& game);
  void open_review();
  void set_muted(bool muted);
  void set_colorblind(bool on);

  // Events since the last poll, as a JSON array.
  nlohmann::json poll_events();

  // What the screen shows, in CSS pixels: the board's hexes, vertices and edges as last
  // drawn, the open phone sheet, the coach's hint and the game review (see docs/WEB.md); with
  // the test hooks on, the tests' widget ids and rectangles too.
  nlohmann::json view() const;

  // Turns on what only the browser tests read (shell/web_test_hooks.h). The page asks only
  // when its test harness set window.catanTestHooks before the page loaded.
  void enable_test_hooks();
  bool test_hooks() const { return test_hooks_; }

 private:
  nlohmann::json game_view(nlohmann::json j) const;

  App* app_ = nullptr;
  std::unique_ptr<WebRoom> room_;
  EventPoller events_;
  RoomEventPoller room_events_;
  bool test_hooks_ = false;
};

}  // namespace web
}  // namespace catan
