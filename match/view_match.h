// ViewMatch: a match held elsewhere, as one seat's screen holds it. It has only what a host
// sends that seat (a SeatView: its Observation, the events redacted for it, public counts and
// the seats' status) and never the full game; submit() forwards the action to the host, whose
// answer arrives as the next SeatView. The frontend draws it like a local match (MatchView).
//
//   ViewMatch guest(config, seat, [&](const Action& a, std::string* err) { return send(a, err); });
//   guest.update(seat_view(host_game, seat, config));   // after every change on the host
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "match/match_view.h"

namespace catan::match {

// What a host sends one seat after every change: nothing the seat may not see.
struct SeatView {
  Observation observation;
  EventLog events;  // the game's events redacted for the seat
  size_t actions_applied = 0;
  int turns_played = 0;
  std::vector<Action> legal;  // the seat's legal actions while it must act, else empty
  bool human_to_act = false;  // a human (not on autopilot) must act now
  bool ai_thinking = false;
  std::array<bool, kMaxPlayers> autopilot{};
  double time_left = -1;
  int timed_out_seat = -1;
  std::vector<TimeoutMove> timeout_moves;
  VpTimeline vp_timeline;
};

// The SeatView of `seat` in a game held by a host with these seats: its observation, its
// events, its legal actions when it is to move. The clock and autopilot fields stay as
// without timers.
SeatView seat_view(const Game& game, int seat, const MatchConfig& config);

// The config a guest may hold: the play seed (every future roll and card) blanked, and the
// board seed when the island starts hidden.
MatchConfig guest_config(MatchConfig config);

class ViewMatch final : public MatchView {
 public:
  // Asks the host to apply the seat's action; false + *error when the host refuses it.
  using Submit = std::function<bool(const Action&, std::string* error)>;
  // Tells the host the seat's player is back from the autopilot.
  using Back = std::function<void()>;
  ViewMatch(const MatchConfig& config, int seat, Submit submit, Back back = {});
  // The host's news: the seat's new view.
  void update(SeatView view) { view_ = std::move(view); }

  bool active() const override { return true; }
  const MatchConfig& config() const override { return config_; }
  int viewer() const override { return seat_; }
  const Observation& observation() const override { return view_.observation; }
  const EventLog& visible_events() const override { return view_.events; }
  size_t actions_applied() const override { return view_.actions_applied; }
  int turns_played() const override { return view_.turns_played; }
  std::vector<Action> legal_actions() const override { return view_.legal; }
  bool submit(const Action& a, std::string* error = nullptr) override;
  const Game* full_game() const override { return nullptr; }  // never held

  bool is_human(int seat) const override;
  int num_humans() const override;
  bool human_to_act() const override { return view_.human_to_act; }
  bool ai_thinking() const override { return view_.ai_thinking; }
  bool on_autopilot(int seat) const override;
  bool may_take_back(int seat) const override { return seat == seat_; }
  // The host's clock decides; this asks it for the seat's control back.
  void take_back_control(int seat) override;
  void note_presence(int) override {}

  double time_left() const override { return view_.time_left; }
  int timed_out_seat() const override { return view_.timed_out_seat; }
  const std::vector<TimeoutMove>& timeout_moves() const override { return view_.timeout_moves; }
  bool paused() const override { return paused_; }
  void set_paused(bool p) override { paused_ = p; }  // this screen only: input waits

  bool handoff_pending() const override { return false; }  // one seat per screen
  int handoff_seat() const override { return -1; }
  void accept_handoff() override {}

  const VpTimeline& vp_timeline() const override { return view_.vp_timeline; }

 private:
  MatchConfig config_;
  int seat_ = -1;
  Submit submit_;
  Back back_;
  SeatView view_;
  bool paused_ = false;
};

}  // namespace catan::match
