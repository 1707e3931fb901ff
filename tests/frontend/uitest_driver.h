// The UI test driver (test-only: linked into catan-app-uitest, never into catan-app). It plays
// a script through the App's own input path: it moves a synthesized mouse onto widgets by
// their test ids (frontend/widgets.h) or onto board spots, presses and releases, and checks
// the result.
//
// Script: one command per line, '#' comments.
//   players N | seed N | board beginner|official|balanced|random | mode classic|blitz|epic
//   visibility revealed|mist|terra_incognita
//   seat I you|human|ai [LEVEL [PERSONALITY]] | ai_speed slow|normal|fast|instant | timer N
//   click ID         click the widget with that test id (e.g. start, roll, end_turn)
//   wait N           let N frames pass
//   play MAX_FRAMES [TURN]  play every human decision by clicks until the game is over
//                    (or until the turn counter reaches TURN)
//   play MAX_FRAMES until TEXT  the same, stopping before the human's first action whose
//                    text starts with TEXT (discard, steal, play_dev:monopoly, ...)
//   screenshot PATH  save the next rendered frame as PNG (the shell does it)
//   expect game_over | expect replay | expect invariants
//   expect ui_actions N     at least N human actions were made by clicks
//   expect all_by_clicks    no human action had to be submitted directly
//
// The shell calls, per frame: before_new_frame() between the platform backend's NewFrame and
// ImGui::NewFrame (the synthesized mouse), App::frame(), after_frame(); after rendering,
// take_screenshot_request(). It stops when finished() and exits with exit_code().
#pragma once
#include <memory>
#include <string>

namespace catan {
class App;
}

namespace catan::uitest {

class Driver {
 public:
  Driver(App& app, const std::string& script);
  ~Driver();
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  void before_new_frame();
  void after_frame();
  bool finished() const;
  int exit_code() const;  // 0 passed, 1 failed
  // A screenshot the script asked for: true and the path once, then false until the next.
  bool take_screenshot_request(std::string* path);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan::uitest
