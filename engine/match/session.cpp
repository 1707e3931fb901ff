// Session: runs one match for the UI (see session.h). AI decisions are anytime: a bot is
// started on the seat's observation and stepped a few milliseconds per frame; its action is
// applied once it is ready AND the AI pause has elapsed, so AIs play at a human pace.
#include "engine/match/session.h"

#include <algorithm>
#include <cstdio>

#include "engine/observation.h"
#include "engine/rules.h"

namespace catan::match {

struct Session::Impl {
  std::array<std::unique_ptr<Bot>, kMaxPlayers> bots;
  // The decision in progress: which seat, for which history length (a decision is stale as
  // soon as anything else is applied).
  int thinking_seat = -1;
  size_t thinking_at = 0;
  bool ready = false;
  Action ready_action;

  double now = 0.0;
  double last_action_time = 0.0;
  int last_actor = -1;
  int last_human = -1;  // the last human shown (hot-seat)

  // Timers.
  double deadline = 0.0;  // absolute time when the current segment times out
  int seg_turn = -1, seg_seat = -1;
  Phase seg_phase = Phase::GameOver;
  std::array<bool, kMaxPlayers> autopilot{};
  std::array<int, kMaxPlayers> idle_turns{};
  std::array<int, kMaxPlayers> finishing_turn{};  // turn number + 1 the AI finishes; 0 = none
  std::array<bool, kMaxPlayers> acted_this_turn{};
  int timeline_turn = -1;
};

Session::Session() : impl_(std::make_unique<Impl>()) {}
Session::~Session() = default;

void Session::start(const MatchConfig& config) {
  config_ = config;
  game_ = Game(config.options, config.seeds);
  impl_ = std::make_unique<Impl>();
  for (int s = 0; s < config.options.players; ++s) {
    AiConfig ai = config.seats[s].ai;
    if (config.seats[s].kind == SeatKind::Human) {
      // A stand-in for time-outs and autopilot: a sensible, quick player.
      ai.level = AiLevel::Normal;
      ai.personality = Personality::Balanced;
    }
    ai.budget_ms = static_cast<int>(config.ai_think_budget_ms);
    if (ai.seed == 1) ai.seed = config.seeds.play * 31 + static_cast<uint64_t>(s) + 7;
    impl_->bots[s] = make_bot(ai);
  }
  started_ = true;
  paused_ = false;
  handoff_pending_ = false;
  handoff_seat_ = -1;
  vp_timeline_.clear();
  std::array<uint8_t, kMaxPlayers> vp{};
  vp_timeline_.push_back(vp);
  impl_->timeline_turn = game_.state().turn;
  impl_->last_action_time = impl_->now;
  begin_segment();
  // Hot-seat: with several humans the first one to act is asked for the device too.
  if (num_humans() > 1 && human_to_act()) {
    handoff_pending_ = true;
    handoff_seat_ = game_.state().to_move();
  }
}

void Session::resume(const MatchConfig& config, const Game& game) {
  start(config);
  game_ = game;
  impl_->timeline_turn = game_.state().turn;
  begin_segment();
}

bool Session::is_human(int seat) const {
  return seat >= 0 && seat < config_.options.players && config_.seats[seat].kind == SeatKind::Human;
}

int Session::num_humans() const {
  int n = 0;
  for (int s = 0; s < config_.options.players; ++s) n += is_human(s) ? 1 : 0;
  return n;
}

bool Session::human_to_act() const {
  if (!started_) return false;
  const int m = game_.state().to_move();
  if (m < 0 || !is_human(m)) return false;
  return !impl_->autopilot[m] && impl_->finishing_turn[m] == 0;
}

int Session::viewer() const {
  if (!started_) return -1;
  const int m = game_.state().to_move();
  if (handoff_pending_) return impl_->last_human >= 0 ? impl_->last_human : -1;
  if (m >= 0 && is_human(m) && !impl_->autopilot[m]) return m;
  if (impl_->last_human >= 0) return impl_->last_human;
  for (int s = 0; s < config_.options.players; ++s)
    if (is_human(s)) return s;
  return -1;
}

Observation Session::observation() const {
  return observe(game_.state(), viewer());
}

bool Session::ai_thinking() const {
  return impl_->thinking_seat >= 0 && !impl_->ready;
}

double Session::now() const {
  return impl_->now;
}
double Session::since_last_action() const {
  return impl_->now - impl_->last_action_time;
}
int Session::last_actor() const {
  return impl_->last_actor;
}
bool Session::on_autopilot(int seat) const {
  return seat >= 0 && seat < kMaxPlayers && impl_->autopilot[seat];
}
bool Session::finishing_turn(int seat) const {
  return seat >= 0 && seat < kMaxPlayers && impl_->finishing_turn[seat] != 0;
}
int Session::idle_turns(int seat) const {
  return seat >= 0 && seat < kMaxPlayers ? impl_->idle_turns[seat] : 0;
}

void Session::take_back_control(int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return;
  impl_->autopilot[seat] = false;
  impl_->finishing_turn[seat] = 0;
  impl_->idle_turns[seat] = 0;
  impl_->last_human = seat;
  impl_->thinking_seat = -1;  // drop a decision the AI was making for this seat
  begin_segment();
}

void Session::accept_handoff() {
  if (!handoff_pending_) return;
  handoff_pending_ = false;
  impl_->last_human = handoff_seat_;
  begin_segment();  // the clock starts when the player has the device
}

double Session::time_left() const {
  if (!started_ || config_.options.timer_seconds == 0) return -1.0;
  if (!human_to_act()) return -1.0;
  return std::max(0.0, impl_->deadline - impl_->now);
}

// A new timed segment: whenever the seat to move, the phase or the turn changes.
void Session::begin_segment() {
  const GameState& s = game_.state();
  impl_->seg_turn = s.turn;
  impl_->seg_seat = s.to_move();
  impl_->seg_phase = s.phase;
  impl_->deadline = impl_->now + config_.options.timer_seconds;
}

bool Session::submit(const Action& a, std::string* error) {
  if (!started_) {
    if (error) *error = "no game in progress";
    return false;
  }
  const int m = game_.state().to_move();
  if (!is_human(m)) {
    if (error) *error = "it is not a human's turn to act";
    return false;
  }
  if (handoff_pending_) {
    if (error) *error = "pass the device first";
    return false;
  }
  if (!game_.apply(a, error)) return false;
  on_applied(m, true);
  return true;
}

void Session::on_applied(int actor, bool by_human) {
  Impl& im = *impl_;
  const GameState& s = game_.state();
  im.last_action_time = im.now;
  im.last_actor = actor;
  im.thinking_seat = -1;
  im.ready = false;
  if (by_human) {
    im.last_human = actor;
    im.idle_turns[actor] = 0;
    im.acted_this_turn[actor] = true;
  }
  // Turn ended: idle bookkeeping, VP timeline.
  if (static_cast<int>(s.turn) != im.timeline_turn) {
    const int ended = actor;  // end_turn is applied by the active player
    if (is_human(ended)) {
      if (!im.acted_this_turn[ended]) {
        if (++im.idle_turns[ended] >= 2) im.autopilot[ended] = true;
      }
      im.finishing_turn[ended] = 0;
    }
    im.acted_this_turn.fill(false);
    std::array<uint8_t, kMaxPlayers> vp{};
    for (int p = 0; p < s.num_players; ++p) vp[p] = static_cast<uint8_t>(s.total_vp(p));
    vp_timeline_.push_back(vp);
    im.timeline_turn = s.turn;
  }
  if (s.phase == Phase::GameOver) {
    std::array<uint8_t, kMaxPlayers> vp{};
    for (int p = 0; p < s.num_players; ++p) vp[p] = static_cast<uint8_t>(s.total_vp(p));
    if (vp_timeline_.empty() || vp_timeline_.back() != vp) vp_timeline_.push_back(vp);
  }
  // A time-out decision outside one's own turn (a discard, a trade answer) ends here.
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (im.finishing_turn[p] != 0 && s.current != p && s.to_move() != p) im.finishing_turn[p] = 0;
  }
  // Timer segments: a new one on a change of seat/phase/turn; an action inside a segment
  // (or coming back to the main phase of the same turn) adds 5 seconds.
  const int m = s.to_move();
  if (static_cast<int>(s.turn) != im.seg_turn || m != im.seg_seat) {
    begin_segment();
  } else {
    im.deadline = std::max(im.deadline, im.now) + 5.0;
    im.seg_phase = s.phase;
  }
  // Hot-seat: the device changes hands between two different humans.
  if (num_humans() > 1 && human_to_act() && m != im.last_human) {
    handoff_pending_ = true;
    handoff_seat_ = m;
  }
}

void Session::update(double now_s, double slice_ms) {
  Impl& im = *impl_;
  const double dt = std::max(0.0, now_s - im.now);
  im.now = now_s;
  if (!started_) return;
  if (paused_ || handoff_pending_) {
    // Frozen: timers and AI pacing do not advance.
    im.deadline += dt;
    im.last_action_time += dt;
    return;
  }
  const GameState& s = game_.state();
  if (s.phase == Phase::GameOver) return;
  const int m = s.to_move();
  if (m < 0) return;

  // Timers for a human who must act.
  if (human_to_act() && config_.options.timer_seconds > 0 && im.now >= im.deadline) {
    im.finishing_turn[m] = s.turn + 1;
  }
  if (human_to_act()) return;  // waiting for the person

  // An AI (or the AI standing in for a human) decides.
  if (im.thinking_seat != m || im.thinking_at != game_.history().size()) {
    im.thinking_seat = m;
    im.thinking_at = game_.history().size();
    im.ready = false;
    im.bots[m]->start(observe(s, m), game_.visible_events(m));
  }
  if (!im.ready) {
    if (im.bots[m]->step(std::max(0.5, slice_ms))) {
      im.ready = true;
      im.ready_action = im.bots[m]->action();
    }
  }
  if (!im.ready) return;

  double delay = config_.ai_action_delay_s;
  // Answers to a human's trade offer come one at a time, never instantly.
  if (s.phase == Phase::TradeResponse && is_human(s.offer.from)) delay = std::max(delay, 0.7);
  // Standing in for a human after a time-out: quick.
  if (is_human(m)) delay = std::min(delay, 0.4);
  if (im.now - im.last_action_time < delay) return;

  Action a = im.ready_action;
  std::string err;
  if (!game_.apply(a, &err)) {
    std::fprintf(stderr, "AI seat %d played an illegal action %s (%s); playing a legal one\n", m,
                 a.to_string().c_str(), err.c_str());
    std::vector<Action> legal = legal_actions(s);
    if (legal.empty()) return;
    // Prefer ending the turn / declining over anything else as the safe fallback.
    Action pick = legal.front();
    for (const Action& l : legal)
      if (l.type == ActionType::EndTurn || l.type == ActionType::DeclineTrade ||
          l.type == ActionType::CancelTrade)
        pick = l;
    if (!game_.apply(pick, &err)) return;
  }
  on_applied(m, false);
}

}  // namespace catan::match
