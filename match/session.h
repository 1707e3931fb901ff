// Session: one match played on this device, the local MatchView (match/match_view.h). It is
// the composition of the match itself (the Game, the seats, the AI bots driven in small time
// slices so the browser never freezes, submit) with the turn clock (match/turn_clock.h), the
// hot-seat hand-offs (match/hot_seat.h) and the VP timeline (match/vp_timeline.h). The screens
// read it through MatchView and change the game only by submit(). No ImGui in here, so it is
// unit-testable.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "match/config.h"
#include "match/hot_seat.h"
#include "match/match_view.h"
#include "match/turn_clock.h"
#include "match/vp_timeline.h"

namespace catan::match {

class Session final : public MatchView {
 public:
  using TimeoutMove = match::TimeoutMove;
  static constexpr double kPresenceGraceSeconds = TurnClock::kPresenceGraceSeconds;
  static constexpr double kMaxPresenceDelaySeconds = TurnClock::kMaxPresenceDelaySeconds;

  Session();
  ~Session() override;
  void start(const MatchConfig& config);
  // Replaces the game (Continue last game): same seats, this game's options/seeds/history.
  void resume(const MatchConfig& config, const Game& game);
  // Where Expert and Master seats search from the next start() on: other cores (Web Workers,
  // threads; engine/ai/search.h), or the calling thread in update()'s slices when null.
  void set_search_pool(std::shared_ptr<ai::SearchPool> pool) { pool_ = std::move(pool); }
  bool has_search_pool() const { return pool_ != nullptr; }

  // The whole game, for the host of the match (saving, tests): never for a seat's screen.
  const Game& game() const { return game_; }
  const GameState& state() const { return game_.state(); }

  // Called once per frame: runs AI thinking for at most slice_ms, applies AI actions at
  // the configured pace, advances timers. now_s is a monotonic clock in seconds.
  void update(double now_s, double slice_ms);

  // AI pace: seconds between AI actions (the New game screen's AI speed). Trade answers by
  // AIs to a human's offer come one by one, each after at least this long (min 0.7 s).
  void set_ai_delay(double seconds) { config_.ai_action_delay_s = seconds; }
  // The AI is currently finishing this seat's turn after a time-out.
  bool finishing_turn(int seat) const { return clock_.finishing_turn(seat); }
  int idle_turns(int seat) const { return clock_.idle_turns(seat); }  // turns without a human
  double now() const { return clock_.now(); }  // the clock last passed to update() (seconds)
  int last_actor() const { return last_actor_; }  // who applied the last action (-1 before any)

  // MatchView. The viewer is the human who must act now, else the last human who acted
  // (hot-seat), else the first human seat; -1 when all seats are AI.
  bool active() const override { return started_; }
  const MatchConfig& config() const override { return config_; }
  int viewer() const override;
  const Observation& observation() const override;  // observe(state(), viewer())
  const EventLog& visible_events() const override;  // game().visible_events(viewer())
  size_t actions_applied() const override { return game_.history().size(); }
  int turns_played() const override { return match::turns_played(game_); }
  std::vector<Action> legal_actions() const override;
  // A human's action. false + *error if illegal (nothing changes).
  bool submit(const Action& a, std::string* error = nullptr) override;
  const Game* full_game() const override;  // the game once it is over

  bool is_human(int seat) const override;
  int num_humans() const override;
  bool human_to_act() const override;
  bool ai_thinking() const override;
  bool on_autopilot(int seat) const override { return clock_.on_autopilot(seat); }
  void take_back_control(int seat) override;
  // After resume(): a human seat the AI was playing (TurnClock::restore_absence).
  void restore_absence(int seat, bool autopilot, int idle_turns) {
    clock_.restore_absence(seat, autopilot, idle_turns);
  }
  void note_presence(int seat) override;

  double time_left() const override;
  int timed_out_seat() const override { return started_ ? clock_.timed_out_seat() : -1; }
  const std::vector<TimeoutMove>& timeout_moves() const override { return clock_.timeout_moves(); }
  bool paused() const override { return paused_; }
  void set_paused(bool p) override { paused_ = p; }

  bool handoff_pending() const override { return hot_seat_.pending(); }
  int handoff_seat() const override { return hot_seat_.seat(); }
  void accept_handoff() override;

  const VpTimeline& vp_timeline() const override { return timeline_.points(); }

 private:
  void on_applied(int actor, bool by_human);
  // Applies an AI's action (or the stand-in's for a timed-out human); a refused one is
  // replaced by a safe legal action.
  void apply_bot_action(int seat, Action a, bool stand_in);
  void begin_segment() { clock_.begin_segment(game_.state()); }

  MatchConfig config_;
  Game game_;
  bool started_ = false;
  bool paused_ = false;
  int last_actor_ = -1;
  std::array<std::unique_ptr<Bot>, kMaxPlayers> bots_;
  // The decision in progress: which seat, for which history length (a decision is stale as
  // soon as anything else is applied).
  int thinking_seat_ = -1;
  size_t thinking_at_ = 0;
  bool ready_ = false;
  Action ready_action_;
  TurnClock clock_;
  HotSeat hot_seat_;
  VpTimelineRecorder timeline_;
  std::shared_ptr<ai::SearchPool> pool_;
  // The viewer's observation and events, recomputed when the game or the viewer changes.
  struct ViewCache {
    uint64_t game_version = ~0ull;
    int viewer = -2;
    Observation obs;
    bool events_fresh = false;
    EventLog events;
  };
  mutable ViewCache cache_;
  uint64_t game_version_ = 0;  // bumped by every start, resume and applied action
  const ViewCache& fresh_cache() const;
};

}  // namespace catan::match
