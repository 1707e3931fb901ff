// Session: runs one match for the UI (see session.h). AI decisions are anytime: a bot is
// started on the seat's observation and stepped a few milliseconds per frame; its action is
// applied once it is ready AND the AI pause has elapsed, so AIs play at a human pace.
#include "match/session.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <optional>

#include "engine/observation.h"
#include "engine/rules.h"

namespace catan::match {

namespace {

// The one action a time-out may take for a human, per phase in Phase's order: only what the
// rules require before the turn can end or the game can go on (docs/RULES.md, timers); never
// an offer, a build, a bank trade or a development card in the player's name. GameOver
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

// Phases whose time-out needs no choice: roll, end the turn, decline, withdraw the offer.
bool fixed_on_timeout(Phase p) {
  return p == Phase::Roll || p == Phase::Main || p == Phase::TradeResponse ||
         p == Phase::TradeConfirm;
}

// The action a time-out takes: `preferred` (the stand-in AI's pick) when it is safe and
// legal, else the first safe legal action; nullopt when there is none.
std::optional<Action> safe_action(const GameState& s, const Action* preferred) {
  if (preferred && safe_on_timeout(s.phase, preferred->type) && is_legal(s, *preferred))
    return *preferred;
  for (const Action& a : legal_actions(s))
    if (safe_on_timeout(s.phase, a.type)) return a;
  return std::nullopt;
}

}  // namespace

struct Session::Impl {
  Impl() { last_input.fill(-1e9); }
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
  std::array<double, kMaxPlayers> last_input{};  // note_presence, per seat
  int timeout_seat = -1;                         // the last time-out, for the notice
  std::vector<TimeoutMove> timeout_moves;        // moves made for a human after a time-out
  // The clock starts with the first update() after start(): time spent elsewhere (the New
  // game screen) does not count against the first player.
  bool clock_started = false;
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
    ai.budget_ms = static_cast<int>(ai.level == AiLevel::Master ? config.master_think_ms
                                                                : config.ai_think_budget_ms);
    ai.pool = pool_;
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
  if (impl_->timeout_seat == seat) impl_->timeout_seat = -1;
  impl_->last_human = seat;
  impl_->thinking_seat = -1;  // drop a decision the AI was making for this seat
  begin_segment();
}

void Session::note_presence(int seat) {
  if (!started_ || !is_human(seat)) return;
  impl_->last_input[seat] = impl_->now;
  impl_->acted_this_turn[seat] = true;  // present: not a missed turn
  impl_->idle_turns[seat] = 0;
}

int Session::timed_out_seat() const {
  return started_ ? impl_->timeout_seat : -1;
}

const std::vector<Session::TimeoutMove>& Session::timeout_moves() const {
  return impl_->timeout_moves;
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
    if (im.timeout_seat == actor) im.timeout_seat = -1;  // the player is back
  }
  // Turn ended: idle bookkeeping, VP timeline.
  if (static_cast<int>(s.turn) != im.timeline_turn) {
    const int ended = actor;  // end_turn is applied by the active player
    if (is_human(ended)) {
      if (!im.acted_this_turn[ended]) {
        if (++im.idle_turns[ended] >= 2) {
          im.autopilot[ended] = true;
          if (im.timeout_seat == ended) im.timeout_seat = -1;  // the autopilot notice says more
        }
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
  // A setup placement (a settlement and its road) is a decision of its own: a time-out there
  // completes that pair only, and the next placement (the same seat's second one, or its first
  // turn) gets a fresh clock.
  const bool setup_pair_done = !game_.history().empty() &&
                               game_.history().back().type == ActionType::BuildRoad &&
                               (s.phase == Phase::SetupSettlement || s.phase == Phase::Roll);
  if (setup_pair_done && is_human(actor)) im.finishing_turn[actor] = 0;
  // Timer segments: a new one when a different seat must act, a new turn begins or a setup
  // placement begins; an action inside a segment adds 5 seconds.
  const int m = s.to_move();
  if (static_cast<int>(s.turn) != im.seg_turn || m != im.seg_seat || setup_pair_done) {
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
  if (started_ && !im.clock_started) {
    // The first frame of this match: its clock starts now.
    im.clock_started = true;
    const double shift = now_s - im.now;
    im.deadline += shift;
    im.last_action_time += shift;
    im.now = now_s;
  }
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

  // Timers for a human who must act. While the player keeps interacting (zoom, pan, clicks)
  // the time-out waits for the gesture to end, up to kMaxPresenceDelaySeconds.
  if (human_to_act() && config_.options.timer_seconds > 0 && im.now >= im.deadline) {
    const bool busy = im.now - im.last_input[m] < kPresenceGraceSeconds &&
                      im.now < im.deadline + kMaxPresenceDelaySeconds;
    if (!busy) {
      im.finishing_turn[m] = s.turn + 1;
      im.timeout_seat = m;
    }
  }
  if (human_to_act()) return;  // waiting for the person

  // A human's time ran out (not on autopilot): the smallest safe completion only.
  const bool stand_in = is_human(m) && !im.autopilot[m];
  if (stand_in && fixed_on_timeout(s.phase)) {
    if (im.now - im.last_action_time < std::min(config_.ai_action_delay_s, 0.4)) return;
    if (const std::optional<Action> a = safe_action(s, nullptr)) {
      std::string err;
      const size_t first_event = game_.events().size();
      if (game_.apply(*a, &err)) {
        im.timeout_moves.push_back({first_event, m, *a});
        on_applied(m, false);
        return;
      }
    }
  }

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
  if (stand_in) {
    if (const std::optional<Action> safe = safe_action(s, &a)) a = *safe;
  }
  std::string err;
  const size_t first_event = game_.events().size();
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
    a = pick;
  }
  if (stand_in) im.timeout_moves.push_back({first_event, m, a});
  on_applied(m, false);
}

}  // namespace catan::match
