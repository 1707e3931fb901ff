#include "engine/coach/review.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <nlohmann/json.hpp>

#include "engine/coach/win_model.h"
#include "engine/rules.h"

namespace catan::coach {

const char* grade_name(Grade g) {
  static const char* const names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
  return names[static_cast<int>(g)];
}

Grade grade_for_loss(double loss) {
  if (loss <= 0.01) return Grade::Best;
  if (loss <= 0.03) return Grade::Good;
  if (loss <= 0.07) return Grade::Inaccuracy;
  if (loss <= 0.15) return Grade::Mistake;
  return Grade::Blunder;
}

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

constexpr int kMaxTurningPoints = 8;

constexpr int kTurningPointSpacing = 4;  // actions between two listed turning points

}  // namespace

// The review runs in two stages. The replay: every position's chances (the public win model),
// each action in words, the decisions to grade, and at its end the turning points (they need
// only the chances). The analyses: one Analyst per decision, on the workers of cfg.coach.pool
// (as many at once as there are workers) or here, one at a time in step()'s slices. Each
// decision's advice is the same wherever it runs, and the annotations are kept in game order,
// so the review does not depend on the number of workers.
struct Reviewer::Impl {
  struct Task {
    int index = 0, seat = 0, turn = 0;
    double weight = 1;  // the analysis' expected share of the work
  };
  struct OnWorker {
    size_t task = 0;
    int ticket = 0;
    double progress = 0;
    AnalysisJob job;  // to fall back here if the worker fails
    Clock::time_point t0;
  };

  GameOptions options;
  Seeds seeds{0, 0};
  std::vector<Action> history;
  ReviewConfig cfg;
  std::shared_ptr<AnalysisPool> pool;
  Game cur;                        // the game replayed up to `index`
  size_t index = 0;                // the next action to replay
  std::vector<std::string> what;   // each action in words (its first event)
  std::string names[kMaxPlayers];  // cfg.coach.names, in the form describe() takes
  std::vector<Action> legal;       // scratch: the legal moves at the position
  bool replayed = false;

  std::vector<Task> tasks;  // the decisions to grade, in game order
  double weight_total = 0, weight_done = 0;
  size_t tasks_done = 0;
  size_t next_task = 0;  // the next task handed out
  Game feed;             // replayed up to tasks[next_task].index, for its observation
  size_t feed_index = 0;
  std::vector<OnWorker> on_worker;
  std::vector<OnWorker> fallback;  // tasks a worker could not run: analysed here
  // The analysis here (one at a time).
  bool analysing = false;
  size_t local_task = 0;
  AnalysisJob local_job;        // its job, for a worker that comes up while it runs
  bool local_fallback = false;  // a worker failed it: it stays here
  double decision_ms = 0;
  Analyst analyst;
  bool finished = false;
  mutable double shown = 0;  // progress() never goes back (a failed worker's share restarts)

  bool reviewed(int seat) const {
    return cfg.seats.empty() ||
           std::find(cfg.seats.begin(), cfg.seats.end(), seat) != cfg.seats.end();
  }

  // The replay: true once every action is replayed, false when max_ms ran out first.
  bool replay(Review& r, Clock::time_point t0, double max_ms);
  bool replay_next(Review& r);  // false if the action does not apply
  void find_turning_points(Review& r) const;
  // The analyses.
  void record(Review& r, size_t t, const Advice& adv, double ms);
  AnalysisJob next_job();
  void collect_worker_answers(Review& r);
  void move_local_to_worker(int workers);
  void submit_next_tasks(int workers);
  void pick_local_task();
  void analyse_here(Review& r, double max_ms);
  ~Impl() {
    if (pool)
      for (const OnWorker& w : on_worker) pool->drop(w.ticket);
  }
};

void Reviewer::start(const Game& game, const ReviewConfig& config) {
  impl_ = std::make_shared<Impl>();
  Impl& m = *impl_;
  review_ = Review{};
  m.cfg = config;
  m.pool = config.coach.pool;
  m.cfg.coach.pool = nullptr;  // the analyses here run here
  for (int p = 0; p < kMaxPlayers; ++p) m.names[p] = config.coach.names[p];
  m.options = game.state().options;
  m.seeds = game.state().seeds;
  m.history = game.history();
  m.cur = Game(m.options, m.seeds);
  m.feed = Game(m.options, m.seeds);
  m.analyst = Analyst(m.cfg.coach);
  review_.chances.push_back(win_chances_full(m.cur.state()));
  if (m.pool) m.pool->prepare();
}

bool Reviewer::done() const {
  return !impl_ || impl_->finished;
}

double Reviewer::progress() const {
  if (!impl_) return 1;
  const Impl& m = *impl_;
  if (m.finished) return 1;
  const double n = static_cast<double>(std::max<size_t>(1, m.history.size()));
  if (!m.replayed) return 0.01 * static_cast<double>(m.index) / n;
  double w = m.weight_done;
  for (const auto& r : m.on_worker) w += m.tasks[r.task].weight * std::clamp(r.progress, 0.0, 1.0);
  if (m.analysing) w += m.tasks[m.local_task].weight * m.analyst.progress();
  m.shown = std::max(m.shown, std::min(0.999, 0.01 + 0.99 * w / std::max(1e-9, m.weight_total)));
  return m.shown;
}

namespace {

// The expected cost of analysing a decision in `phase`, relative to the others: Expert plays a
// setup settlement's candidate spots out to the game's end, and searches the main phase, the
// roll, the robber and free roads; elsewhere only the coach's own playouts run.
double task_weight(Phase phase) {
  switch (phase) {
    case Phase::SetupSettlement:
      return 12;
    case Phase::Main:
    case Phase::Roll:
    case Phase::MoveRobber:
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      return 2;
    default:
      return 1;
  }
}

}  // namespace

// The turning points: the largest changes of one seat's chance over one action (the last
// placement's swing is the whole setup's: win_chances).
void Reviewer::Impl::find_turning_points(Review& r) const {
  struct Swing {
    int index, seat;
    double delta;
  };
  std::vector<Swing> swings;
  for (size_t i = 0; i + 1 < r.chances.size(); ++i)
    for (int p = 0; p < cur.state().num_players; ++p)
      swings.push_back({static_cast<int>(i), p, r.chances[i + 1][p] - r.chances[i][p]});
  std::stable_sort(swings.begin(), swings.end(), [](const Swing& a, const Swing& b) {
    return std::fabs(a.delta) > std::fabs(b.delta);
  });
  for (const Swing& s : swings) {
    if (static_cast<int>(r.turning_points.size()) >= kMaxTurningPoints) break;
    if (std::fabs(s.delta) < 0.02) break;
    bool near = false;
    for (const TurningPoint& t : r.turning_points)
      near |= std::abs(t.index - s.index) < kTurningPointSpacing;
    if (near) continue;
    r.turning_points.push_back({s.index, s.seat, s.delta, what[s.index]});
  }
}

// Replays the next action: its words, its chances, and a task if it was a decision to grade.
bool Reviewer::Impl::replay_next(Review& r) {
  const GameState& s = cur.state();
  const Action& a = history[index];
  const int actor = s.to_move();
  bool decision = false;
  if (actor >= 0 && reviewed(actor)) {
    legal_actions(s, legal);
    decision = legal.size() > 1;
  }
  const int turn = s.turn;
  const Phase phase = s.phase;
  const size_t e0 = cur.events().size();
  std::string err;
  if (!cur.apply(a, &err)) {
    history.resize(index);  // a damaged history: review what applies
    return false;
  }
  if (decision) {
    tasks.push_back({static_cast<int>(index), actor, turn, task_weight(phase)});
    weight_total += tasks.back().weight;
  }
  what.push_back(cur.events().size() > e0 ? describe(cur.events()[e0], names) : a.to_string());
  ++index;
  r.chances.push_back(win_chances_full(cur.state()));
  return true;
}

bool Reviewer::Impl::replay(Review& r, Clock::time_point t0, double max_ms) {
  while (!replayed) {
    if (index >= history.size()) {
      find_turning_points(r);
      replayed = true;
      break;
    }
    if (!replay_next(r)) continue;
    if (ms_since(t0) >= max_ms) return false;
  }
  return true;
}

// The annotation of task t from its advice.
void Reviewer::Impl::record(Review& r, size_t t, const Advice& adv, double ms) {
  const Task& task = tasks[t];
  r.analysis_ms += ms;
  r.max_decision_ms = std::max(r.max_decision_ms, ms);
  weight_done += task.weight;
  ++tasks_done;
  if (adv.options.empty() || adv.played < 0) return;
  Annotation n;
  n.index = task.index;
  n.seat = task.seat;
  n.turn = task.turn;
  n.played = history[static_cast<size_t>(task.index)];
  n.best = adv.options[0].action;
  n.win_best = adv.options[0].win[task.seat];
  n.win_played = adv.options[adv.played].win[task.seat];
  n.loss = adv.played == 0 ? 0.0 : std::max(0.0, n.win_best - n.win_played);
  n.grade = grade_for_loss(n.loss);
  n.why_best = adv.options[0].why;
  const auto at = std::upper_bound(r.decisions.begin(), r.decisions.end(), n.index,
                                   [](int i, const Annotation& d) { return i < d.index; });
  r.decisions.insert(at, std::move(n));
}

// The job of the next task (the feed game moves on to its position).
AnalysisJob Reviewer::Impl::next_job() {
  const Task& task = tasks[next_task];
  while (feed_index < static_cast<size_t>(task.index)) feed.apply(history[feed_index++], nullptr);
  AnalysisJob job;
  job.obs = observe(feed.state(), task.seat);
  job.events = feed.visible_events(task.seat);
  job.has_played = true;
  job.played = history[static_cast<size_t>(task.index)];
  job.iterations = cfg.coach.iterations;
  job.expert_iterations = cfg.coach.expert_iterations;
  job.max_options = cfg.coach.max_options;
  job.seed = cfg.coach.seed;
  return job;
}

// The workers' answers: recorded, or the task falls back to here.
void Reviewer::Impl::collect_worker_answers(Review& r) {
  for (size_t i = 0; i < on_worker.size();) {
    OnWorker& w = on_worker[i];
    Advice adv;
    const AnalysisPool::Status st = pool->poll(w.ticket, &adv, &w.progress);
    if (st == AnalysisPool::Status::Running) {
      ++i;
      continue;
    }
    if (st == AnalysisPool::Status::Done && adv.seat == tasks[w.task].seat && adv.played >= 0 &&
        adv.played < static_cast<int>(adv.options.size())) {
      explain_advice(w.job.obs, cfg.coach.names, &adv);
      record(r, w.task, adv, ms_since(w.t0));
    } else {
      fallback.push_back(std::move(w));
    }
    on_worker.erase(on_worker.begin() + static_cast<long>(i));
  }
}

// An idle worker takes over the analysis running here, if it is not far yet.
void Reviewer::Impl::move_local_to_worker(int workers) {
  const bool idle_worker = workers > static_cast<int>(on_worker.size());
  if (!(analysing && !local_fallback && idle_worker && analyst.progress() < 0.5)) return;
  OnWorker w;
  w.task = local_task;
  w.job = local_job;
  w.ticket = pool->submit(w.job);
  if (w.ticket > 0) {
    w.t0 = Clock::now();
    on_worker.push_back(std::move(w));
    analysing = false;
    analyst = Analyst(cfg.coach);
    decision_ms = 0;
  }
}

// The next tasks for the other idle workers.
void Reviewer::Impl::submit_next_tasks(int workers) {
  while (workers > 0 && next_task < tasks.size() && static_cast<int>(on_worker.size()) < workers) {
    OnWorker w;
    w.task = next_task;
    w.job = next_job();
    w.ticket = pool->submit(w.job);
    if (w.ticket <= 0) break;
    w.t0 = Clock::now();
    on_worker.push_back(std::move(w));
    ++next_task;
  }
}

// Here: a task a worker failed, or, when no worker took one, the next one.
void Reviewer::Impl::pick_local_task() {
  if (analysing) return;
  if (!fallback.empty()) {
    OnWorker w = std::move(fallback.front());
    fallback.erase(fallback.begin());
    local_task = w.task;
    analyst.start(w.job.obs, w.job.events, &w.job.played);
    local_job = std::move(w.job);
    local_fallback = true;
    analysing = true;
  } else if (on_worker.empty() && next_task < tasks.size()) {
    local_job = next_job();
    local_task = next_task++;
    analyst.start(local_job.obs, local_job.events, &local_job.played);
    local_fallback = false;
    analysing = true;
  }
}

void Reviewer::Impl::analyse_here(Review& r, double max_ms) {
  const auto a0 = Clock::now();
  const bool done = analyst.step(max_ms);
  decision_ms += ms_since(a0);
  if (done) {
    analysing = false;
    record(r, local_task, analyst.advice(), decision_ms);
    decision_ms = 0;
  }
}

bool Reviewer::step(double max_ms) {
  if (!impl_) return true;
  Impl& m = *impl_;
  const auto t0 = Clock::now();
  if (!m.replay(review_, t0, max_ms)) return false;
  while (m.tasks_done < m.tasks.size()) {
    m.collect_worker_answers(review_);
    const int workers = m.pool ? m.pool->size() : 0;
    m.move_local_to_worker(workers);
    m.submit_next_tasks(workers);
    m.pick_local_task();
    if (m.analysing) {
      m.analyse_here(review_, std::max(0.5, max_ms - ms_since(t0)));
    } else if (!m.on_worker.empty()) {
      return false;  // the workers think; their answers are collected on the next call
    }
    if (ms_since(t0) >= max_ms) return false;
  }
  m.finished = true;
  return true;
}

Review review_game(const Game& game, const ReviewConfig& config) {
  Reviewer r;
  r.start(game, config);
  while (!r.step(1e9)) {
  }
  return r.review();
}

nlohmann::json review_to_json(const Game& game, const Review& r) {
  using nlohmann::json;
  auto pct = [](double x) { return std::round(x * 10000) / 10000; };
  const int n = game.state().num_players;
  json j;
  j["format"] = "catan-review";
  j["version"] = 1;
  j["actions"] = game.history().size();
  j["winner"] = game.state().winner;
  json ch = json::array();
  for (const SeatChances& c : r.chances) {
    json row = json::array();
    for (int p = 0; p < n; ++p) row.push_back(pct(c[p]));
    ch.push_back(row);
  }
  j["chances"] = ch;
  json ds = json::array();
  for (const Annotation& a : r.decisions)
    ds.push_back({{"index", a.index},
                  {"seat", a.seat},
                  {"turn", a.turn},
                  {"played", a.played.to_string()},
                  {"best", a.best.to_string()},
                  {"win_played", pct(a.win_played)},
                  {"win_best", pct(a.win_best)},
                  {"loss", pct(a.loss)},
                  {"grade", grade_name(a.grade)},
                  {"why", a.why_best}});
  j["decisions"] = ds;
  json tp = json::array();
  for (const TurningPoint& t : r.turning_points)
    tp.push_back({{"index", t.index}, {"seat", t.seat}, {"delta", pct(t.delta)}, {"what", t.what}});
  j["turning_points"] = tp;
  return j;
}

}  // namespace catan::coach
