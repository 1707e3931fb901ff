// Session: one match as the UI runs it. Owns the Game, the seat configuration, the AI
// bots (driven in small time slices so the browser never freezes), timers, hot-seat
// hand-offs and the VP timeline. The views read it (const) and change the game only by
// submit(). No ImGui in here, so it is unit-testable.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "match/config.h"

namespace catan::match {

class Session {
 public:
  Session();
  ~Session();
  void start(const MatchConfig& config);
  bool active() const { return started_; }
  // Where Expert and Master seats search from the next start() on: other cores (Web Workers,
  // threads; engine/ai/search.h), or the calling thread in update()'s slices when null.
  void set_search_pool(std::shared_ptr<ai::SearchPool> pool) { pool_ = std::move(pool); }
  bool has_search_pool() const { return pool_ != nullptr; }

  const MatchConfig& config() const { return config_; }
  const Game& game() const { return game_; }
  const GameState& state() const { return game_.state(); }

  // The seat whose hand the screen shows: the human who must act now, else the last
  // human who acted (hot-seat), else seat of the first human; -1 when all seats are AI.
  int viewer() const;
  Observation observation() const;  // observe(state(), viewer())
  bool is_human(int seat) const;
  bool human_to_act() const;  // a human (not on autopilot) must act now

  // A human's action. false + *error if illegal (nothing changes).
  bool submit(const Action& a, std::string* error = nullptr);

  // Called once per frame: runs AI thinking for at most slice_ms, applies AI actions at
  // the configured pace, advances timers. now_s is a monotonic clock in seconds.
  void update(double now_s, double slice_ms);
  bool ai_thinking() const;
  bool paused() const { return paused_; }
  void set_paused(bool p) { paused_ = p; }

  // Timers (docs/RULES.md, timers): the clock starts when a different seat must act, a new
  // turn or a setup placement begins, each action adds 5 s. On a time-out the AI makes only the
  // smallest safe completion (a required placement, discard, robber move, steal or roll, then the
  // end of the turn; a trade answer declines, an own offer is withdrawn): never an offer, a build,
  // a bank trade or a development card. After two missed turns in a row the AI plays for the seat
  // (on_autopilot) until take_back_control.
  double time_left() const;  // < 0 when timers are off
  bool on_autopilot(int seat) const;
  void take_back_control(int seat);
  // Input by the person at this seat's screen (a click, zoom or pan): they are present, so the
  // turn does not count as missed, and a time-out waits while they keep interacting (until
  // kPresenceGraceSeconds after their last input, at most kMaxPresenceDelaySeconds past the
  // deadline).
  void note_presence(int seat);
  static constexpr double kPresenceGraceSeconds = 1.5;
  static constexpr double kMaxPresenceDelaySeconds = 10.0;
  // The seat whose time ran out last (the "Time's up" notice), until that seat's player makes
  // a move, takes back control or the AI takes the seat over; else -1.
  int timed_out_seat() const;
  // A move the AI made for a human whose time ran out, and the index of its first event in
  // game().events(): the log says which moves were made for the player.
  struct TimeoutMove {
    size_t first_event = 0;
    int seat = -1;
    Action action;
  };
  const std::vector<TimeoutMove>& timeout_moves() const;

  // Hot-seat: when the next human to act differs from the last one, the UI shows a
  // "pass the device" screen until accept_handoff().
  bool handoff_pending() const { return handoff_pending_; }
  int handoff_seat() const { return handoff_seat_; }
  void accept_handoff();

  // Total VP per seat after each completed turn (for the end screen chart).
  const std::vector<std::array<uint8_t, kMaxPlayers>>& vp_timeline() const { return vp_timeline_; }

  // AI pace: seconds between AI actions (the New game screen's AI speed). Trade answers by
  // AIs to a human's offer come one by one, each after at least this long (min 0.7 s).
  void set_ai_delay(double seconds) { config_.ai_action_delay_s = seconds; }
  // The AI is currently finishing this seat's turn after a time-out.
  bool finishing_turn(int seat) const;
  int idle_turns(int seat) const;  // consecutive turns without a human action
  // The clock last passed to update() (seconds).
  double now() const;
  // Who applied the last action (-1 before any).
  int last_actor() const;
  // Human seats in this match.
  int num_humans() const;
  // Replaces the game (Continue last game): same seats, this game's options/seeds/history.
  void resume(const MatchConfig& config, const Game& game);

 private:
  void on_applied(int actor, bool by_human);
  void begin_segment();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  MatchConfig config_;
  Game game_;
  bool started_ = false;
  bool paused_ = false;
  bool handoff_pending_ = false;
  int handoff_seat_ = -1;
  std::vector<std::array<uint8_t, kMaxPlayers>> vp_timeline_;
  std::shared_ptr<ai::SearchPool> pool_;
};

}  // namespace catan::match
