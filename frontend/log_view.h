// Game log, notices (toasts) and dice.
//
//   static LogView log;                     // one per game screen
//   log.update(session, now_s);             // once per frame before drawing: pulls new events
//                                           // (redacted for the viewer), makes toasts, starts
//                                           // the dice animation, plays sound effects (AIs'
//                                           // actions, robber, win, your-turn chime; a human's
//                                           // own roll/build/card sounds are played by the app
//                                           // on the click). log.sounds = false to silence.
//   log.draw_log(session);                  // filter bar + auto-scrolling short lines (names
//                                           // without their role, which is the name's
//                                           // tooltip; cards as resource icons), fills the
//                                           // current window/child
//   log.draw_toasts(ImVec2(cx, top));       // notices stacked under (cx, top), foreground
//   log.draw_dice(dl, p, die_size);         // the last roll, animated after a new roll;
//
//   draw_dice(dl, p, die_size, d1, d2, t)   // stateless: two dice with pips; t in [0,1) is
//                                           // the roll animation, t >= 1 the settled faces
//
// Pure helpers (tested in tests/frontend/log_view_test.cpp): event_matches (filters),
// log_line (a line's pieces) and log_text (its words), toast_for (which events make a notice
// and its words), sound_for.
//
// The viewer's seat name (SeatConfig::name) reads "You", so log sentences read "You built a
// road."; MatchView::viewer() decides the redaction.
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
// A log line in pieces: words, players' names and cards, which draw_log shows as resource
// icons with their counts. Short: "Alice got 2 [Wood] 1 [Ore]", "Bob played Knight".
// `names` as shown (the caller drops the seats' roles: without_role()).
struct LogPiece {
  enum Kind : uint8_t { Text, Name, Cards, Icon } kind = Text;
  std::string text;        // Text: the words; Name: the name as shown
  int seat = -1;           // Name: whose
  ResourceCounts cards{};  // Cards: how many of each (none: "nothing")
  int resource = -1;       // Icon: one resource, no count
};
std::vector<LogPiece> log_line(const Event& e, const std::string (&names)[4]);
// The line as plain words, cards in the dialogs' resource words ("2 Grain 1 Wool").
std::string log_text(const std::vector<LogPiece>& line);
std::string log_sentence(const Event& e, const std::string (&names)[4]);  // log_text(log_line)
// A development card's name as the cards print it: "Knight", "Year of Plenty", ...
const char* dev_card_title(int card);
// The line for a move the AI made for `seat` when that player's time ran out: "Time ran out:
// a settlement was placed for you".
std::vector<LogPiece> timeout_line(const Action& a, int seat, const std::string (&names)[4]);

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
  void update(const MatchView& s, double now_s);
  void draw_log(const MatchView& s, float height = 0.0f);       // 0 = fill the remaining space
  void draw_toasts(ImVec2 top_center, float max_width = 1e9f);  // wrapped to max_width
  void draw_dice(ImDrawList* dl, ImVec2 p, float die_size) const;
  // A notice (e.g. the app's own "Game saved"). A 7 replaces an older 7's notice (that robber
  // has moved on) and a notice replaces its identical older copy, so fast bots stack no
  // repeats over the board.
  void push_toast(const ToastSpec& t);
  std::vector<ToastSpec> toasts() const;   // the notices shown, oldest first
  std::vector<std::string> lines() const;  // the log's lines as words, oldest first

  LogFilter filter = LogFilter::All;
  bool sounds = true;  // play effects for new events

 private:
  struct Entry {
    Event e;
    std::vector<LogPiece> line;
    int turn = 0;
    bool timeout = false;  // the line of a move made for a player whose time ran out
    float wrap_w = -1, height = 0;
  };
  struct Toast {
    ToastSpec spec;
    double born = 0;
  };
  void reset();
  Entry make_entry(const Event& e, const std::string (&names)[4], int turn) const;
  // Appends the lines of event `i` of the session's log (`r`: as the viewer sees it).
  void add_entries(const MatchView& s, size_t i, const Event& r, const std::string (&names)[4],
                   int turn);

  std::vector<Event> raw_;  // the log as consumed, redacted for viewer_
  // The newest kMaxEntries lines of raw_ (a hundred turns or more): a history of any length costs
  // a bounded time per frame. `dropped_` counts the older lines not kept.
  static constexpr size_t kMaxEntries = 1000;
  std::vector<Entry> entries_;
  size_t dropped_ = 0;
  std::vector<Toast> toasts_;
  std::string full_names_[4];  // the seats' labels with their roles: the names' tooltips
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
