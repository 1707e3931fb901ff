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

bool Reviewer::step(double max_ms) {
  if (!impl_) return true;
  Impl& m = *impl_;
  const auto t0 = Clock::now();
  // The replay.
  while (!m.replayed) {
    if (m.index >= m.history.size()) {
      // The turning points: the largest changes of one seat's chance over one action (the
      // last placement's swing is the whole setup's: win_chances).
      struct Swing {
        int index, seat;
        double delta;
      };
      std::vector<Swing> swings;
      for (size_t i = 0; i + 1 < review_.chances.size(); ++i)
        for (int p = 0; p < m.cur.state().num_players; ++p)
          swings.push_back(
              {static_cast<int>(i), p, review_.chances[i + 1][p] - review_.chances[i][p]});
      std::stable_sort(swings.begin(), swings.end(), [](const Swing& a, const Swing& b) {
        return std::fabs(a.delta) > std::fabs(b.delta);
      });
      for (const Swing& s : swings) {
        if (static_cast<int>(review_.turning_points.size()) >= kMaxTurningPoints) break;
        if (std::fabs(s.delta) < 0.02) break;
        bool near = false;
        for (const TurningPoint& t : review_.turning_points)
          near |= std::abs(t.index - s.index) < kTurningPointSpacing;
        if (near) continue;
        review_.turning_points.push_back({s.index, s.seat, s.delta, m.what[s.index]});
      }
      m.replayed = true;
      break;
    }
    const GameState& s = m.cur.state();
    const Action& a = m.history[m.index];
    const int actor = s.to_move();
    bool decision = false;
    if (actor >= 0 && m.reviewed(actor)) {
      legal_actions(s, m.legal);
      decision = m.legal.size() > 1;
    }
    const int turn = s.turn;
    const Phase phase = s.phase;
    const size_t e0 = m.cur.events().size();
    std::string err;
    if (!m.cur.apply(a, &err)) {
      m.history.resize(m.index);  // a damaged history: review what applies
      continue;
    }
    if (decision) {
      m.tasks.push_back({static_cast<int>(m.index), actor, turn, task_weight(phase)});
      m.weight_total += m.tasks.back().weight;
    }
    m.what.push_back(m.cur.events().size() > e0 ? describe(m.cur.events()[e0], m.names)
                                                : a.to_string());
    ++m.index;
    review_.chances.push_back(win_chances_full(m.cur.state()));
    if (ms_since(t0) >= max_ms) return false;
  }

  // The annotation of task t from its advice.
  const auto record = [&](size_t t, const Advice& adv, double ms) {
    const Impl::Task& task = m.tasks[t];
    review_.analysis_ms += ms;
    review_.max_decision_ms = std::max(review_.max_decision_ms, ms);
    m.weight_done += task.weight;
    ++m.tasks_done;
    if (adv.options.empty() || adv.played < 0) return;
    Annotation n;
    n.index = task.index;
    n.seat = task.seat;
    n.turn = task.turn;
    n.played = m.history[static_cast<size_t>(task.index)];
    n.best = adv.options[0].action;
    n.win_best = adv.options[0].win[task.seat];
    n.win_played = adv.options[adv.played].win[task.seat];
    n.loss = adv.played == 0 ? 0.0 : std::max(0.0, n.win_best - n.win_played);
    n.grade = grade_for_loss(n.loss);
    n.why_best = adv.options[0].why;
    const auto at =
        std::upper_bound(review_.decisions.begin(), review_.decisions.end(), n.index,
                         [](int index, const Annotation& d) { return index < d.index; });
    review_.decisions.insert(at, std::move(n));
  };
  // The job of the next task (the feed game moves on to its position).
  const auto next_job = [&]() {
    const Impl::Task& task = m.tasks[m.next_task];
    while (m.feed_index < static_cast<size_t>(task.index))
      m.feed.apply(m.history[m.feed_index++], nullptr);
    AnalysisJob job;
    job.obs = observe(m.feed.state(), task.seat);
    job.events = m.feed.visible_events(task.seat);
    job.has_played = true;
    job.played = m.history[static_cast<size_t>(task.index)];
    job.iterations = m.cfg.coach.iterations;
    job.expert_iterations = m.cfg.coach.expert_iterations;
    job.max_options = m.cfg.coach.max_options;
    job.seed = m.cfg.coach.seed;
    return job;
  };

  while (m.tasks_done < m.tasks.size()) {
    // The workers' answers.
    for (size_t i = 0; i < m.on_worker.size();) {
      Impl::OnWorker& w = m.on_worker[i];
      Advice adv;
      const AnalysisPool::Status st = m.pool->poll(w.ticket, &adv, &w.progress);
      if (st == AnalysisPool::Status::Running) {
        ++i;
        continue;
      }
      if (st == AnalysisPool::Status::Done && adv.seat == m.tasks[w.task].seat && adv.played >= 0 &&
          adv.played < static_cast<int>(adv.options.size())) {
        explain_advice(w.job.obs, m.cfg.coach.names, &adv);
        record(w.task, adv, ms_since(w.t0));
      } else {
        m.fallback.push_back(std::move(w));
      }
      m.on_worker.erase(m.on_worker.begin() + static_cast<long>(i));
    }
    // New jobs for idle workers: first the analysis running here, if it is not far yet.
    const int workers = m.pool ? m.pool->size() : 0;
    if (m.analysing && !m.local_fallback && workers > static_cast<int>(m.on_worker.size()) &&
        m.analyst.progress() < 0.5) {
      Impl::OnWorker w;
      w.task = m.local_task;
      w.job = m.local_job;
      w.ticket = m.pool->submit(w.job);
      if (w.ticket > 0) {
        w.t0 = Clock::now();
        m.on_worker.push_back(std::move(w));
        m.analysing = false;
        m.analyst = Analyst(m.cfg.coach);
        m.decision_ms = 0;
      }
    }
    while (workers > 0 && m.next_task < m.tasks.size() &&
           static_cast<int>(m.on_worker.size()) < workers) {
      Impl::OnWorker w;
      w.task = m.next_task;
      w.job = next_job();
      w.ticket = m.pool->submit(w.job);
      if (w.ticket <= 0) break;
      w.t0 = Clock::now();
      m.on_worker.push_back(std::move(w));
      ++m.next_task;
    }
    // Here: a task a worker failed, or, without workers, the next one.
    if (!m.analysing) {
      if (!m.fallback.empty()) {
        Impl::OnWorker w = std::move(m.fallback.front());
        m.fallback.erase(m.fallback.begin());
        m.local_task = w.task;
        m.analyst.start(w.job.obs, w.job.events, &w.job.played);
        m.local_job = std::move(w.job);
        m.local_fallback = true;
        m.analysing = true;
      } else if (workers == 0 && m.on_worker.empty() && m.next_task < m.tasks.size()) {
        m.local_job = next_job();
        m.local_task = m.next_task++;
        m.analyst.start(m.local_job.obs, m.local_job.events, &m.local_job.played);
        m.local_fallback = false;
        m.analysing = true;
      }
    }
    if (m.analysing) {
      const auto a0 = Clock::now();
      const bool finished = m.analyst.step(std::max(0.5, max_ms - ms_since(t0)));
      m.decision_ms += ms_since(a0);
      if (finished) {
        m.analysing = false;
        record(m.local_task, m.analyst.advice(), m.decision_ms);
        m.decision_ms = 0;
      }
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
