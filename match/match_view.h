// MatchView: one match as one seat's screen sees it, and the one way that screen acts on it.
// The frontend reads a match only through this interface, so a match played on this device
// (match::Session) and a match whose state lives elsewhere (match::ViewMatch: an Observation
// and the redacted events a host sent) draw the same screens. Everything here is what the
// viewer may see: its Observation, the events redacted for it, public counts and the seats'
// status. The full game is offered only where the viewer may see all of it (full_game()).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "match/config.h"

namespace catan::match {

// A move the AI made for a human whose time ran out, and the index of its first event in the
// event log: the log says which moves were made for the player.
struct TimeoutMove {
  size_t first_event = 0;
  int seat = -1;
  Action action;
};

// Total VP per seat at the start and after each completed turn (the end screen's chart).
using VpTimeline = std::vector<std::array<uint8_t, kMaxPlayers>>;

class MatchView {
 public:
  virtual ~MatchView() = default;

  // The match.
  virtual bool active() const = 0;
  virtual const MatchConfig& config() const = 0;
  // The seat whose screen this is (-1: a spectator, every hand hidden).
  virtual int viewer() const = 0;
  // What the viewer may see: its own hand, the others' as counts.
  virtual const Observation& observation() const = 0;
  const GameState& view() const { return observation().view; }
  // The event log redacted for the viewer: one entry per event of the game.
  virtual const EventLog& visible_events() const = 0;
  // Actions applied so far: a public count that changes with every move (caches key on it).
  virtual size_t actions_applied() const = 0;
  // Turns completed, the end turn that won the game included (the end screen's count).
  virtual int turns_played() const = 0;
  // The viewer's legal actions while it must act (human_to_act() and it is to move), else empty.
  virtual std::vector<Action> legal_actions() const = 0;
  // The viewer's action. false + *error if it is refused (nothing changes).
  virtual bool submit(const Action& a, std::string* error = nullptr) = 0;
  // The whole game (every hand, the history): only once the viewer may see all of it, after
  // the game is over; null before, and always null for a view that never holds it.
  virtual const Game* full_game() const = 0;

  // The seats.
  virtual bool is_human(int seat) const = 0;
  virtual int num_humans() const = 0;
  virtual bool human_to_act() const = 0;  // a human (not on autopilot) must act now
  virtual bool ai_thinking() const = 0;
  virtual bool on_autopilot(int seat) const = 0;
  virtual void take_back_control(int seat) = 0;
  // Whether this screen's person may take the seat back: any human seat of a local match, only
  // its own seat of a remote one.
  virtual bool may_take_back(int seat) const { return is_human(seat); }
  // Input by the person at this seat's screen: they are present (the turn clock waits).
  virtual void note_presence(int seat) = 0;

  // The turn clock.
  virtual double time_left() const = 0;     // < 0 when no human's clock runs
  virtual int timed_out_seat() const = 0;   // the "Time's up" notice's seat, else -1
  virtual const std::vector<TimeoutMove>& timeout_moves() const = 0;
  virtual bool paused() const = 0;
  virtual void set_paused(bool p) = 0;

  // Hot-seat: a "pass the device" screen until accept_handoff().
  virtual bool handoff_pending() const = 0;
  virtual int handoff_seat() const = 0;
  virtual void accept_handoff() = 0;

  virtual const VpTimeline& vp_timeline() const = 0;
};

}  // namespace catan::match
