// TurnClock: see turn_clock.h.
#include "match/turn_clock.h"

#include <algorithm>
#include <iterator>

#include "engine/rules.h"

namespace catan::match {

namespace {

// The one action a time-out may take for a human, per phase in Phase's order. GameOver
// allows nothing.
constexpr ActionType kTimeoutAction[] = {
    ActionType::BuildSettlement, ActionType::BuildRoad,   ActionType::Roll,
    ActionType::Discard,         ActionType::MoveRobber,  ActionType::Steal,
    ActionType::EndTurn,         ActionType::FreeRoad,    ActionType::FreeRoad,  // a card played
    ActionType::DeclineTrade,    ActionType::CancelTrade, ActionType::EndTurn,
};
static_assert(std::size(kTimeoutAction) == static_cast<size_t>(Phase::GameOver) + 1);

bool safe_on_timeout(Phase p, ActionType t) {
  return p != Phase::GameOver && kTimeoutAction[static_cast<size_t>(p)] == t;
}

}  // namespace

bool timeout_needs_no_choice(Phase p) {
  return p == Phase::Roll || p == Phase::Main || p == Phase::TradeResponse ||
         p == Phase::TradeConfirm;
}

std::optional<Action> timeout_action(const GameState& s, const Action* preferred) {
  if (preferred && safe_on_timeout(s.phase, preferred->type) && is_legal(s, *preferred))
    return *preferred;
  for (const Action& a : legal_actions(s))
    if (safe_on_timeout(s.phase, a.type)) return a;
  return std::nullopt;
}

void TurnClock::reset(double timer_seconds, const std::array<bool, kMaxPlayers>& humans) {
  *this = TurnClock();
  timer_seconds_ = timer_seconds;
  humans_ = humans;
}

void TurnClock::begin_segment(const GameState& s) {
  seg_turn_ = s.turn;
  seg_seat_ = s.to_move();
  deadline_ = now_ + timer_seconds_;
}

void TurnClock::tick(double now_s, bool started, bool frozen) {
  if (started && !clock_started_) {
    // The first frame of this match: its clock starts now.
    clock_started_ = true;
    const double shift = now_s - now_;
    deadline_ += shift;
    last_action_time_ += shift;
    now_ = now_s;
  }
  const double dt = std::max(0.0, now_s - now_);
  now_ = now_s;
  if (started && frozen) {
    // Timers and AI pacing do not advance.
    deadline_ += dt;
    last_action_time_ += dt;
  }
}

void TurnClock::check_deadline(const GameState& s, int seat) {
  if (!timers_on() || now_ < deadline_) return;
  // While the player keeps interacting (zoom, pan, clicks) the time-out waits for the
  // gesture to end, up to kMaxPresenceDelaySeconds.
  const bool busy = now_ - last_input_[seat] < kPresenceGraceSeconds &&
                    now_ < deadline_ + kMaxPresenceDelaySeconds;
  if (busy) return;
  finishing_turn_[seat] = s.turn + 1;
  timeout_seat_ = seat;
}

double TurnClock::time_left() const {
  return std::max(0.0, deadline_ - now_);
}

void TurnClock::on_applied(const GameState& s, int actor, bool by_human, bool turn_ended,
                           bool setup_pair_done) {
  last_action_time_ = now_;
  if (by_human) {
    idle_turns_[actor] = 0;
    acted_this_turn_[actor] = true;
    if (timeout_seat_ == actor) timeout_seat_ = -1;  // the player is back
  }
  if (turn_ended) {
    const int ended = actor;  // end_turn is applied by the active player
    if (human(ended)) {
      if (!acted_this_turn_[ended] && ++idle_turns_[ended] >= 2) {
        autopilot_[ended] = true;
        if (timeout_seat_ == ended) timeout_seat_ = -1;  // the autopilot notice says more
      }
      finishing_turn_[ended] = 0;
    }
    acted_this_turn_.fill(false);
  }
  // A time-out decision outside one's own turn (a discard, a trade answer) ends here.
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (finishing_turn_[p] != 0 && s.current != p && s.to_move() != p) finishing_turn_[p] = 0;
  }
  // A setup placement (a settlement and its road) is a decision of its own: a time-out there
  // completes that pair only, and the next placement gets a fresh clock.
  if (setup_pair_done && human(actor)) finishing_turn_[actor] = 0;
  // A new segment when a different seat must act, a new turn begins or a setup placement
  // begins; an action inside a segment adds 5 seconds.
  if (static_cast<int>(s.turn) != seg_turn_ || s.to_move() != seg_seat_ || setup_pair_done) {
    begin_segment(s);
  } else {
    deadline_ = std::max(deadline_, now_) + 5.0;
  }
}

void TurnClock::take_back_control(int seat) {
  if (!valid(seat)) return;
  autopilot_[seat] = false;
  finishing_turn_[seat] = 0;
  idle_turns_[seat] = 0;
  if (timeout_seat_ == seat) timeout_seat_ = -1;
}

void TurnClock::restore_absence(int seat, bool autopilot, int idle_turns) {
  if (!human(seat)) return;
  autopilot_[seat] = autopilot;
  idle_turns_[seat] = std::max(0, idle_turns);
}

void TurnClock::note_presence(int seat) {
  if (!valid(seat)) return;
  last_input_[seat] = now_;
  acted_this_turn_[seat] = true;  // present: not a missed turn
  idle_turns_[seat] = 0;
}

}  // namespace catan::match
