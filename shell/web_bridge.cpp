// See web_bridge.h.
#include "shell/web_bridge.h"

#include <cmath>
#include <string>

#include "engine/types.h"
#include "frontend/app.h"
#include "frontend/review_screen.h"
#include "frontend/room_play.h"
#include "match/web_save.h"
#include "shell/web_page_hooks.h"
#include "shell/web_test_hooks.h"

namespace catan::web {

using nlohmann::json;

namespace {

// A time left in seconds (one decimal), or null when it is not known.
json seconds_or_null(double s) {
  if (s < 0) return nullptr;
  return std::round(s * 10) / 10;
}

template <class Pos>
json positions(int n, Pos&& pos) {
  json a = json::array();
  for (int i = 0; i < n; ++i) {
    const ImVec2 p = pos(i);
    a.push_back({std::round(p.x * 10) / 10, std::round(p.y * 10) / 10});
  }
  return a;
}

// The game review's shown position (actions applied), the game's length and how far the
// analysis is (the game is over: nothing here is secret).
json review_view(App& app) {
  const ui::ReviewScreenState& rv = app.review();
  return {{"position", rv.position()},
          {"actions", rv.num_actions()},
          {"done", rv.review_done()},
          {"progress", rv.review_progress()},
          {"secondsLeft", seconds_or_null(rv.review_seconds_left())},
          {"turningPoints", rv.review().turning_points.size()},
          {"decisions", rv.review().decisions.size()}};
}

}  // namespace

WebBridge& WebBridge::instance() {
  static WebBridge bridge;
  return bridge;
}

void WebBridge::attach(App& app) {
  app_ = &app;
  room_ = std::make_unique<WebRoom>(app);
  attach_page_hooks(app, [this](const std::string& text, std::string* error) {
    match::MatchConfig c;
    Game g;
    if (!match::load_match(text, &c, &g, error)) return false;
    resume(c, g);
    return true;
  });
}

match::Session* WebBridge::session() const {
  return app_ ? &app_->session() : nullptr;
}

match::Session* WebBridge::active_session() const {
  match::Session* ses = session();
  return ses && ses->active() && !app_->room().open() ? ses : nullptr;
}

void WebBridge::start(const match::MatchConfig& config) {
  app_->start_match(config);
  events_.restart();
}

void WebBridge::resume(const match::MatchConfig& config, const Game& game) {
  app_->resume_match(config, game);
  events_.restart();
}

void WebBridge::open_review() {
  if (app_) app_->open_review();
}

void WebBridge::set_muted(bool muted) {
  set_page_muted(muted);
}

void WebBridge::set_colorblind(bool on) {
  set_page_colorblind(on);
}

json WebBridge::poll_events() {
  json out = events_.poll(active_session());
  if (app_)
    for (json& e : room_events_.poll(app_->room())) out.push_back(std::move(e));
  return out;
}

void WebBridge::enable_test_hooks() {
  test_hooks_ = true;
  enable_test_ids();
}

json WebBridge::view() const {
  json j = json::object();
  if (!app_) return j;
  if (test_hooks_) add_test_view(&j);
  j["sheet"] = app_->open_sheet();
  if (app_->review_open()) j["review"] = review_view(*app_);
  if (!app_->session().active() && !app_->room().open()) return j;
  return game_view(std::move(j));
}

// The coach's hint for the player at this screen (their own decision, so theirs to see) and
// where the board's hexes, vertices and edges were drawn.
json WebBridge::game_view(json j) const {
  App& app = *app_;
  j["hint"] = {{"status", app.hint_status()},
               {"action", app.hint_action()},
               {"progress", app.hint_progress()},
               {"secondsLeft", seconds_or_null(app.hint_seconds_left())}};
  j["vertices"] = positions(kNumVertices, [&](int i) { return app.board_vertex_pos(i); });
  j["edges"] = positions(kNumEdges, [&](int i) { return app.board_edge_pos(i); });
  j["hexes"] = positions(kNumHexes, [&](int i) { return app.board_hex_pos(i); });
  return j;
}

}  // namespace catan::web
