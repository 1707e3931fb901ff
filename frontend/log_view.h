// Game log, notices (toasts) and dice.
//
//   static LogView log;                     // one per game screen
//   log.update(session, now_s);             // once per frame before drawing: pulls new events
//                                           // (redacted for the viewer), makes toasts, starts
//                                           // the dice animation, plays sound effects (AIs'
//                                           // actions, robber, win, your-turn chime; a human's
//                                           // own roll/build/card sounds are played by the app
//                                           // on the click). log.sounds = false to silence.
//   log.draw_log(session);                  // filter bar + auto-scrolling coloured sentences,
//                                           // fills the current window/child
//   log.draw_toasts(ImVec2(cx, top));       // notices stacked under (cx, top), foreground
//   log.draw_dice(dl, p, die_size);         // the last roll, animated after a new roll;
//
//   draw_dice(dl, p, die_size, d1, d2, t)   // stateless: two dice with pips; t in [0,1) is
//                                           // the roll animation, t >= 1 the settled faces
//
// Pure helpers (tested in tests/frontend/log_view_test.cpp): event_matches (filters),
// toast_for (which events make a notice and its words), sound_for.
//
// The viewer's seat name (SeatConfig::name) reads "You", so log sentences read "You built a
// road."; Session::viewer() decides the redaction.
#pragma once
#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/events.h"
#include "engine/rng.h"
#include "frontend/audio.h"
#include "frontend/match_types.h"
#include "frontend/view_util.h"

namespace catan::ui {

enum class LogFilter : uint8_t { All, Mine, Trades, Robber, Builds, Count };
const char* log_filter_name(LogFilter f);
bool event_matches(const Event& e, LogFilter f, int viewer);
// A log line: describe() with the UI's resource words ("2 Wool", as the dialogs say).
std::string log_sentence(const Event& e, const std::string (&names)[4]);

enum class ToastKind : uint8_t { Seven, Robbed, Award, Win, Trade, Info };
struct ToastSpec {
  ToastKind kind = ToastKind::Info;
  int seat = -1;  // whose colour the notice carries
  std::string text;
};
// `e` as the viewer sees it (already redacted).
std::optional<ToastSpec> toast_for(const Event& e, int viewer, const std::string (&names)[4]);
std::optional<audio::Sfx> sound_for(const Event& e, int viewer, bool next_seat_is_human);

void draw_dice(ImDrawList* dl, ImVec2 p, float die_size, int d1, int d2, float t);

class LogView {
 public:
  void update(const Session& s, double now_s);
  void draw_log(const Session& s, float height = 0.0f);  // 0 = fill the remaining space
  void draw_toasts(ImVec2 top_center);
  void draw_dice(ImDrawList* dl, ImVec2 p, float die_size) const;
  void push_toast(const ToastSpec& t);  // e.g. the app's own notices ("Game saved")

  LogFilter filter = LogFilter::All;
  bool sounds = true;  // play effects for new events

 private:
  struct Entry {
    Event e;
    std::vector<TextSeg> segs;
    int turn = 0;
    float wrap_w = -1, height = 0;
  };
  struct Toast {
    ToastSpec spec;
    double born = 0;
  };
  void reset();
  Entry make_entry(const Event& e, const std::string (&names)[4], int turn) const;

  std::vector<Event> raw_;  // the full log as consumed (unredacted, as the session holds it)
  std::vector<Entry> entries_;
  std::vector<Toast> toasts_;
  int viewer_ = -2;
  bool fog_ = false;  // island_hidden() when the entries were redacted
  Seeds seeds_{0, 0};
  bool scroll_to_bottom_ = true;
  bool new_entries_ = false;
  int d1_ = 0, d2_ = 0;
  double roll_start_ = -1;
  float roll_t_ = 1.0f;
  double now_ = 0;
};

}  // namespace catan::ui
