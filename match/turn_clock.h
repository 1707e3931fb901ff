// TurnClock: the timers of a match (docs/RULES.md, timers). The clock starts when a different
// seat must act, a new turn or a setup placement begins; each action adds 5 s. On a time-out
// the AI makes only the smallest safe completion for the human (timeout_action()); after two
// missed turns in a row the AI plays for the seat (autopilot) until take_back_control. It also
// keeps the seats' presence, the "Time's up" notice and the moves made after a time-out.
// It reads the game and never changes it: match::Session applies the moves.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "engine/action.h"
#include "engine/state.h"
#include "match/match_view.h"

namespace catan::match {

// The action a time-out takes for a human: `preferred` (the stand-in AI's pick) when it is
// safe and legal, else the first safe legal action; nullopt when there is none. Safe is only
// what the rules require before the turn can end or the game can go on: a required placement,
// discard, robber move, steal or roll, then the end of the turn; a trade answer declines, an
// own offer is withdrawn. Never an offer, a build, a bank trade or a development card.
std::optional<Action> timeout_action(const GameState& s, const Action* preferred);
// Phases whose time-out needs no choice: roll, end the turn, decline, withdraw the offer.
bool timeout_needs_no_choice(Phase p);

class TurnClock {
 public:
  // A time-out waits while the person keeps interacting: until kPresenceGraceSeconds after
  // their last input, at most kMaxPresenceDelaySeconds past the deadline.
  static constexpr double kPresenceGraceSeconds = 1.5;
  static constexpr double kMaxPresenceDelaySeconds = 10.0;

  TurnClock() { last_input_.fill(-1e9); }
  // A new match: every seat present, the clock at 0 until the first tick().
  void reset(double timer_seconds, const std::array<bool, kMaxPlayers>& humans);
  // A new timed segment: whenever the seat to move, the phase or the turn changes.
  void begin_segment(const GameState& s);
  // The clock passed to the match's update(). The first tick starts the clock (time spent
  // elsewhere does not count); while frozen (paused, a hand-off) nothing runs out.
  void tick(double now_s, bool started, bool frozen);
  // A human who must act now (to_move `seat`): marks the time-out when the deadline passed
  // and the person is not in the middle of a gesture.
  void check_deadline(const GameState& s, int seat);
  // After any action: presence, missed turns, autopilot, the segments.
  void on_applied(const GameState& s, int actor, bool by_human, bool turn_ended,
                  bool setup_pair_done);
  void record_timeout_move(size_t first_event, int seat, const Action& a) {
    timeout_moves_.push_back({first_event, seat, a});
  }
  void take_back_control(int seat);
  void note_presence(int seat);
  // A resumed match (the host's reload): a human seat the AI was playing, and the turns it has
  // missed, as they were.
  void restore_absence(int seat, bool autopilot, int idle_turns);

  double now() const { return now_; }
  bool timers_on() const { return timer_seconds_ > 0; }
  double time_left() const;  // of the current segment, >= 0
  // Seconds since the last action (the AI's pace).
  double since_last_action() const { return now_ - last_action_time_; }
  bool on_autopilot(int seat) const { return valid(seat) && autopilot_[seat]; }
  bool finishing_turn(int seat) const { return valid(seat) && finishing_turn_[seat] != 0; }
  int idle_turns(int seat) const { return valid(seat) ? idle_turns_[seat] : 0; }
  int timed_out_seat() const { return timeout_seat_; }
  const std::vector<TimeoutMove>& timeout_moves() const { return timeout_moves_; }

 private:
  static bool valid(int seat) { return seat >= 0 && seat < kMaxPlayers; }
  bool human(int seat) const { return valid(seat) && humans_[seat]; }

  double timer_seconds_ = 0;
  std::array<bool, kMaxPlayers> humans_{};
  double now_ = 0.0;
  double last_action_time_ = 0.0;
  double deadline_ = 0.0;  // absolute time when the current segment times out
  int seg_turn_ = -1, seg_seat_ = -1;
  bool clock_started_ = false;
  std::array<bool, kMaxPlayers> autopilot_{};
  std::array<int, kMaxPlayers> idle_turns_{};
  std::array<int, kMaxPlayers> finishing_turn_{};  // turn number + 1 the AI finishes; 0 = none
  std::array<bool, kMaxPlayers> acted_this_turn_{};
  std::array<double, kMaxPlayers> last_input_{};  // note_presence, per seat
  int timeout_seat_ = -1;                         // the last time-out, for the notice
  std::vector<TimeoutMove> timeout_moves_;        // moves made for a human after a time-out
};

}  // namespace catan::match
