// The coach: win chances, hints, trade advice and game review, all built on Expert's own
// machinery (its candidate moves, determinizations and playout policy) and on a win model
// fitted on arena games (win_model.h). Everything here reads only what one seat may see
// (an Observation and the events redacted for that seat) and runs in slices like a Bot, so
// the browser keeps drawing frames. Deterministic: the same inputs give the same advice
// natively and in wasm (fixed iteration counts, the coach's own seed).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/observation.h"

namespace catan::coach {

using SeatChances = std::array<double, kMaxPlayers>;  // P(win) per seat, summing to 1

// One move the coach weighed.
struct MoveOption {
  Action action;
  SeatChances win{};  // every seat's estimated chance after this move (mean over playouts)
  std::string why;    // one plain sentence from the evaluation's terms
};

// The coach's answer for one decision of obs.seat.
struct Advice {
  int seat = -1;
  // Best first by obs.seat's chance; options[0] is the move the coach recommends, which is
  // the move Expert would play when Expert's search finds nothing significantly better.
  std::vector<MoveOption> options;
  int played = -1;     // index in options of the move given to start() as `played`, or -1
  SeatChances now{};   // the chances before the move (the win model on the position)
  int iterations = 0;  // determinizations played
};

// Player-facing seat names for sentences (the UI passes its own); by default the colours
// "Red", "Blue", "Orange", "White".
using SeatNames = std::array<std::string, kMaxPlayers>;
SeatNames default_seat_names();

struct CoachConfig {
  int iterations = 48;         // determinizations per decision (every option sees all of them)
  int expert_iterations = 96;  // Expert's own search, for the move it would play
  int max_options = 10;        // moves weighed (the played one comes on top)
  uint64_t seed = 0xC0AC4;
  SeatNames names = default_seat_names();
};

// A time-sliced analysis of one decision: start(), step() until true, then advice().
class Analyst {
 public:
  explicit Analyst(const CoachConfig& config = {});
  // obs.seat must be the seat to move in obs.view. `played` (optional) is a move that must
  // be among the options (the human's move in a review), even when the coach would not
  // consider it.
  void start(const Observation& obs, const EventLog& seen_events, const Action* played = nullptr);
  bool step(double max_ms);  // true when done
  bool done() const;
  double progress() const;  // 0..1
  const Advice& advice() const { return advice_; }

 private:
  struct Impl;
  CoachConfig cfg_;
  Advice advice_;
  std::shared_ptr<Impl> impl_;
};

// How a player trade would change every seat's chances, seen from obs.seat.
struct TradeImpact {
  int me = -1, partner = -1;
  SeatChances without{}, with{};  // each seat's chance without and with the trade
  int leader = -1;                // the seat with the best chance with the trade
  std::string sentence;           // trade_sentence(): "You +2%, Orange +4%: Orange is leading"
  int iterations = 0;
};

// "You +2%, Orange +4%: Orange is leading": the changes in whole percentage points (each
// chance rounded first, as the table shows them), `names` for the seats.
std::string trade_sentence(const TradeImpact& impact, const SeatNames& names);

// Time-sliced like Analyst: obs.seat gives `give` and gets `get` from `partner`.
class TradeAdvisor {
 public:
  explicit TradeAdvisor(const CoachConfig& config = {});
  void start(const Observation& obs, const EventLog& seen_events, int partner,
             const ResourceCounts& give, const ResourceCounts& get);
  bool step(double max_ms);
  bool done() const;
  const TradeImpact& impact() const { return impact_; }

 private:
  struct Impl;
  CoachConfig cfg_;
  TradeImpact impact_;
  std::shared_ptr<Impl> impl_;
};

}  // namespace catan::coach
