// The coach: win chances, hints, trade advice and game review, all built on Expert's own
// machinery (its candidate moves, determinizations and playout policy) and on a win model
// fitted on arena games (win_model.h). Everything here reads only what one seat may see
// (an Observation and the events redacted for that seat) and runs in slices like a Bot, so
// the browser keeps drawing frames. Deterministic: the same inputs give the same advice
// natively and in wasm (fixed iteration counts, the coach's own seed).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
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

class AnalysisPool;

struct CoachConfig {
  int iterations = 48;         // determinizations per decision (every option sees all of them)
  int expert_iterations = 96;  // Expert's own search, for the move it would play
  int max_options = 10;        // moves weighed (the played one comes on top)
  uint64_t seed = 0xC0AC4;
  SeatNames names = default_seat_names();
  // Other cores for whole analyses (the browser's AI workers); none: the calling thread, in
  // step()'s slices. The advice is the same either way.
  std::shared_ptr<AnalysisPool> pool;
};

// One decision's analysis as a value another core can run: what Analyst::start takes and the
// numbers of the CoachConfig (not the names: the sentences are written where the advice is
// shown).
struct AnalysisJob {
  Observation obs;
  EventLog events;  // what obs.seat saw
  bool has_played = false;
  Action played;
  int iterations = 48, expert_iterations = 96, max_options = 10;
  uint64_t seed = 0xC0AC4;
};

// Jobs and advice as bytes and back (a header with a magic, a format version and the sizes of
// the value types, so a module of another build refuses them). The advice's bytes leave out
// the sentences (MoveOption::why); explain_advice() writes them.
std::vector<uint8_t> encode_analysis_job(const AnalysisJob& job);
bool decode_analysis_job(const uint8_t* data, size_t size, AnalysisJob* out, std::string* error);
std::vector<uint8_t> encode_advice(const Advice& advice);
bool decode_advice(const uint8_t* data, size_t size, Advice* out, std::string* error);
// The job's advice, computed here to the end (a worker's work); `report` (optional) is called
// with the progress, 0..1, about every `report_ms`.
Advice run_analysis(const AnalysisJob& job, const std::function<void(double)>& report = {},
                    double report_ms = 100);
// Writes every option's sentence (explain_move) for obs.seat.
void explain_advice(const Observation& obs, const SeatNames& names, Advice* advice);

// Whole analyses on other cores. submit() hands a job to an idle worker (a ticket > 0) or
// answers 0 when none is idle; poll() never blocks. A worker computes exactly what an Analyst
// on the calling thread computes, so the advice does not depend on how many workers there are.
class AnalysisPool {
 public:
  enum class Status : uint8_t { Running, Done, Failed };
  virtual ~AnalysisPool() = default;
  virtual int size() const = 0;  // workers (0: none yet, or none at all)
  virtual int submit(const AnalysisJob& job) = 0;
  // Done: *out is the advice (without sentences). Running: *progress is the worker's last
  // report (0..1). Failed: the worker could not run it (the caller analyses it itself).
  virtual Status poll(int ticket, Advice* out, double* progress) = 0;
  virtual void drop(int ticket) = 0;  // forget the ticket; a worker busy with it is replaced
  virtual void prepare() {}           // start loading the workers where that takes time
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
  bool on_worker() const;   // the analysis runs on one of cfg.pool's workers
  const Advice& advice() const { return advice_; }

 private:
  struct Impl;
  void start_here();
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
