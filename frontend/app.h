// The UI: everything drawn with Dear ImGui inside the window/canvas that shell/app_main.cpp
// owns. The shell creates the SDL window, GL context and ImGui context, then per frame calls
// App::frame() between ImGui::NewFrame() and ImGui::Render(). The App never touches SDL or
// GL directly.
//
// Screens: New game (frontend/new_game_screen.h) -> Game (frontend/game_screen.h: with the
// pass-the-device screen for hot-seat, the win overlay and the end screen) -> Review
// (frontend/review_screen.h: the finished game scrubbed, graded, and "Play from here"). An
// online room (frontend/room_play.h) shows its lobby (frontend/room_screens.h), then the game
// screen of its seat's view. The App keeps the local match (a match::Session, drawn through its
// MatchView), the screens' states and the persistence hooks, and wires the screens' choices
// to them.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>

struct ImVec2;
namespace catan {
class Game;
namespace match {
class Session;
struct MatchConfig;
}  // namespace match
namespace ui {
struct NewGameForm;
class ReviewScreenState;
class RoomPlay;
}  // namespace ui
}  // namespace catan

namespace catan {

class App {
 public:
  App();
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Builds this frame's ImGui widgets. `dt` is the time since the previous frame in seconds.
  void frame(float dt);

  // Touch pinch (SDL_MULTIGESTURE dDist): zooms the board.
  void pinch(float delta);

  // Persistence hooks, provided by the shell (web: localStorage; native: a file). `save`
  // receives the match (match/web_save.h save_match) after every action; `load`
  // returns the last one ("" if none) for "Continue last game".
  // `save_settings` / `load_settings` (optional) keep the UI settings (theme.h UiSettings as
  // settings_to_json): loaded and applied (palette, sound, volume) by set_persistence, saved
  // whenever they change. `resume` (optional) is for a shell that owns the game's save
  // format and writes it itself (the web page: one slot per page, see web/persistence.js): then
  // `save` stays empty, `load` returns that slot, and "Continue last game" hands the text to
  // `resume` instead of reading it here.
  struct Persistence {
    std::function<void(const std::string&)> save;
    std::function<std::string()> load;
    std::function<bool(const std::string& text, std::string* error)> resume;
    std::function<void(const std::string&)> save_settings;
    std::function<std::string()> load_settings;
  };
  void set_persistence(Persistence p);

  // For the web bridge (shell/web_bridge.h: window.catan, postMessage, saves) and the UI
  // test driver (tests/frontend/uitest_driver.cpp).
  match::Session& session();
  void start_match(const match::MatchConfig& config);                     // like New game -> Start
  void resume_match(const match::MatchConfig& config, const Game& game);  // like Continue
  // An online match (frontend/room_play.h), shown instead of the local session until the
  // player leaves it: hosted (false + *error when the config has no human seat for the host)
  // or joined. The shell carries the room's messages (room().take_outbox()).
  // A hosted room opens in its lobby (RoomPlay::start begins the game). A guest connects
  // first (the guest lobby: with a saved rejoin token it rejoins at once) or joins at once.
  bool host_room(const match::MatchConfig& config, std::string* error);
  void connect_room(const std::string& token, const std::string& nonce = "");
  void join_room(const std::string& name, int seat, const std::string& token);
  void leave_room();  // back to the New game screen
  // The host's page reloaded: hosts the room of a RoomPlay::snapshot() again (false + *error,
  // and nothing changes, when it is damaged).
  bool resume_room(std::string_view snapshot, std::string* error);
  ui::RoomPlay& room();
  // Where the board was drawn last frame (ImGui coordinates: CSS pixels in the browser).
  ImVec2 board_vertex_pos(int v) const;
  ImVec2 board_edge_pos(int e) const;
  ImVec2 board_hex_pos(int h) const;
  // The phone sheet open over the board: "players", "log", "trade", "cards", or "" when closed
  // (or not a phone layout).
  std::string open_sheet() const;
  // The coach's hint (frontend/coach_view.h): "" (none), "thinking" or "ready", and when
  // ready the recommended action in its string form (Action::to_string).
  std::string hint_status() const;
  std::string hint_action() const;
  double hint_progress() const;      // 0..1 while thinking
  double hint_seconds_left() const;  // while thinking; -1: not known yet
  // Shows the red notice under the banner, as a refused move does.
  void show_notice(const std::string& text);
  // The New game screen's form, as a player fills it in.
  ui::NewGameForm& new_game_form();
  // The game review (frontend/review_screen.h) of the session's game, as the end screen's
  // Review button opens it; the web bridge opens it for replay links.
  void open_review();
  bool review_open() const;
  ui::ReviewScreenState& review();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan
