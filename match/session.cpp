// Session: runs one match on this device (see session.h). AI decisions are anytime: a bot is
// started on the seat's observation and stepped a few milliseconds per frame; its action is
// applied once it is ready AND the AI pause has elapsed, so AIs play at a human pace.
#include "match/session.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "engine/observation.h"
#include "engine/rules.h"

namespace catan::match {

Session::Session() = default;
Session::~Session() = default;

void Session::start(const MatchConfig& config) {
  config_ = config;
  game_ = Game(config.options, config.seeds);
  ++game_version_;
  std::array<bool, kMaxPlayers> humans{};
  for (int s = 0; s < config.options.players; ++s) {
    humans[s] = config.seats[s].kind == SeatKind::Human;
    AiConfig ai = config.seats[s].ai;
    if (humans[s]) {
      // A stand-in for time-outs and autopilot: a sensible, quick player.
      ai.level = AiLevel::Normal;
      ai.personality = Personality::Balanced;
    }
    ai.budget_ms = static_cast<int>(ai.level == AiLevel::Master ? config.master_think_ms
                                                                : config.ai_think_budget_ms);
    ai.pool = pool_;
    if (ai.seed == 1) ai.seed = config.seeds.play * 31 + static_cast<uint64_t>(s) + 7;
    bots_[s] = make_bot(ai);
  }
  for (int s = config.options.players; s < kMaxPlayers; ++s) bots_[s].reset();
  thinking_seat_ = -1;
  thinking_at_ = 0;
  ready_ = false;
  last_actor_ = -1;
  clock_.reset(config.options.timer_seconds, humans);
  hot_seat_.reset();
  timeline_.reset(game_.state());
  started_ = true;
  paused_ = false;
  begin_segment();
  // Hot-seat: with several humans the first one to act is asked for the device too.
  if (human_to_act()) hot_seat_.human_to_act(game_.state().to_move(), num_humans() > 1);
}

void Session::resume(const MatchConfig& config, const Game& game) {
  start(config);
  game_ = game;
  ++game_version_;
  timeline_.resume_at(game_.state());
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
  return !clock_.on_autopilot(m) && !clock_.finishing_turn(m);
}

int Session::viewer() const {
  if (!started_) return -1;
  const int m = game_.state().to_move();
  const int last_human = hot_seat_.last_human();
  if (hot_seat_.pending()) return last_human >= 0 ? last_human : -1;
  if (m >= 0 && is_human(m) && !clock_.on_autopilot(m)) return m;
  if (last_human >= 0) return last_human;
  for (int s = 0; s < config_.options.players; ++s)
    if (is_human(s)) return s;
  return -1;
}

const Session::ViewCache& Session::fresh_cache() const {
  const int v = viewer();
  if (cache_.game_version != game_version_ || cache_.viewer != v) {
    cache_.game_version = game_version_;
    cache_.viewer = v;
    cache_.obs = observe(game_.state(), v);
    cache_.events_fresh = false;
  }
  return cache_;
}

const Observation& Session::observation() const {
  return fresh_cache().obs;
}

const EventLog& Session::visible_events() const {
  fresh_cache();
  if (!cache_.events_fresh) {
    cache_.events = game_.visible_events(cache_.viewer);
    cache_.events_fresh = true;
  }
  return cache_.events;
}

std::vector<Action> Session::legal_actions() const {
  if (!human_to_act() || game_.state().to_move() != viewer()) return {};
  return catan::legal_actions(game_.state());
}

const Game* Session::full_game() const {
  return started_ && game_.state().phase == Phase::GameOver ? &game_ : nullptr;
}

bool Session::ai_thinking() const {
  return thinking_seat_ >= 0 && !ready_;
}

void Session::take_back_control(int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return;
  clock_.take_back_control(seat);
  hot_seat_.set_last_human(seat);
  thinking_seat_ = -1;  // drop a decision the AI was making for this seat
  begin_segment();
}

void Session::note_presence(int seat) {
  if (!started_ || !is_human(seat)) return;
  clock_.note_presence(seat);
}

void Session::accept_handoff() {
  if (hot_seat_.accept()) begin_segment();  // the clock starts when the player has the device
}

double Session::time_left() const {
  if (!started_ || !clock_.timers_on() || !human_to_act()) return -1.0;
  return clock_.time_left();
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
  if (hot_seat_.pending()) {
    if (error) *error = "pass the device first";
    return false;
  }
  if (!game_.apply(a, error)) return false;
  on_applied(m, true);
  return true;
}

void Session::on_applied(int actor, bool by_human) {
  ++game_version_;
  const GameState& s = game_.state();
  last_actor_ = actor;
  thinking_seat_ = -1;
  ready_ = false;
  if (by_human) hot_seat_.set_last_human(actor);
  const bool turn_ended = timeline_.on_applied(s);
  // A setup placement (a settlement and its road) is a decision of its own: the next placement
  // (the same seat's second one, or its first turn) gets a fresh clock.
  const bool setup_pair_done = !game_.history().empty() &&
                               game_.history().back().type == ActionType::BuildRoad &&
                               (s.phase == Phase::SetupSettlement || s.phase == Phase::Roll);
  clock_.on_applied(s, actor, by_human, turn_ended, setup_pair_done);
  // Hot-seat: the device changes hands between two different humans.
  if (human_to_act()) hot_seat_.human_to_act(s.to_move(), num_humans() > 1);
}

void Session::update(double now_s, double slice_ms) {
  clock_.tick(now_s, started_, paused_ || hot_seat_.pending());
  if (!started_ || paused_ || hot_seat_.pending()) return;
  const GameState& s = game_.state();
  if (s.phase == Phase::GameOver) return;
  const int m = s.to_move();
  if (m < 0) return;

  if (human_to_act()) clock_.check_deadline(s, m);
  if (human_to_act()) return;  // waiting for the person

  // A human's time ran out (not on autopilot): the smallest safe completion only.
  const bool stand_in = is_human(m) && !clock_.on_autopilot(m);
  if (stand_in && timeout_needs_no_choice(s.phase)) {
    if (clock_.since_last_action() < std::min(config_.ai_action_delay_s, 0.4)) return;
    if (const std::optional<Action> a = timeout_action(s, nullptr)) {
      std::string err;
      const size_t first_event = game_.events().size();
      if (game_.apply(*a, &err)) {
        clock_.record_timeout_move(first_event, m, *a);
        on_applied(m, false);
        return;
      }
    }
  }

  // An AI (or the AI standing in for a human) decides.
  if (thinking_seat_ != m || thinking_at_ != game_.history().size()) {
    thinking_seat_ = m;
    thinking_at_ = game_.history().size();
    ready_ = false;
    bots_[m]->start(observe(s, m), game_.visible_events(m));
  }
  if (!ready_ && bots_[m]->step(std::max(0.5, slice_ms))) {
    ready_ = true;
    ready_action_ = bots_[m]->action();
  }
  if (!ready_) return;

  double delay = config_.ai_action_delay_s;
  // Answers to a human's trade offer come one at a time, never instantly.
  if (s.phase == Phase::TradeResponse && is_human(s.offer.from)) delay = std::max(delay, 0.7);
  // Standing in for a human after a time-out: quick.
  if (is_human(m)) delay = std::min(delay, 0.4);
  if (clock_.since_last_action() < delay) return;
  apply_bot_action(m, ready_action_, stand_in);
}

void Session::apply_bot_action(int m, Action a, bool stand_in) {
  const GameState& s = game_.state();
  if (stand_in) {
    if (const std::optional<Action> safe = timeout_action(s, &a)) a = *safe;
  }
  std::string err;
  const size_t first_event = game_.events().size();
  if (!game_.apply(a, &err)) {
    std::fprintf(stderr, "AI seat %d played an illegal action %s (%s); playing a legal one\n", m,
                 a.to_string().c_str(), err.c_str());
    std::vector<Action> legal = catan::legal_actions(s);
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
  if (stand_in) clock_.record_timeout_move(first_event, m, a);
  on_applied(m, false);
}

}  // namespace catan::match
