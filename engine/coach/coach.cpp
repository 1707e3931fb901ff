#include "engine/coach/coach.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <type_traits>

#include "engine/ai/ai.h"
#include "engine/ai/analysis.h"
#include "engine/board.h"
#include "engine/bytes.h"
#include "engine/coach/explain.h"
#include "engine/coach/win_model.h"
#include "engine/rules.h"

namespace catan::coach {

SeatNames default_seat_names() {
  return {"Red", "Blue", "Orange", "White"};
}

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

bool setup_phase(Phase p) {
  return p == Phase::SetupSettlement || p == Phase::SetupRoad;
}

}  // namespace

// Paired determinized playouts of several variants of one position, seen from obs.seat:
// every variant is played from the same determinizations with the same dice and policy
// random numbers, so their differences are not drowned by the dice. A playout is Expert's:
// the rest of the turn and one round (three once someone shows public VP within 3 of the
// target) of the playout policy; from the setup, until one round after the placements. Its
// score is every seat's chance by the win model at its end (a finished game: 1 or 0).
class PairedPlayouts {
 public:
  // Changes a determinized copy of the position into the variant's; false when the variant
  // cannot happen in this determinization (it then scores the position's own chances).
  using Variant = std::function<bool(GameState&)>;

  void start(const Observation& obs, const ai::Beliefs& beliefs, std::vector<Variant> variants,
             int iterations, uint64_t seed) {
    obs_ = obs;
    beliefs_ = beliefs;
    policy_ = ai::playout_policy(obs_.seat, ai::expert_params(Personality::Balanced));
    variants_ = std::move(variants);
    target_ = std::max(1, iterations);
    rng_.state = mix_seed(seed, 0xC0AC4);
    sum_.assign(variants_.size(), SeatChances{});
    iterations_ = 0;
    var_ = 0;
    now_ = win_chances(obs_);
    rounds_ = ai::playout_rounds(obs_.view);
  }

  bool done() const { return variants_.empty() || iterations_ >= target_; }
  double progress() const {
    if (variants_.empty()) return 1;
    return (iterations_ + static_cast<double>(var_) / variants_.size()) / target_;
  }
  int iterations() const { return iterations_; }
  SeatChances mean(size_t i) const {
    SeatChances m = sum_[i];
    if (iterations_ > 0)
      for (double& x : m) x /= iterations_;
    return iterations_ > 0 ? m : now_;
  }

  // One playout (one variant of one iteration); returns when there is nothing left.
  void work() {
    if (done()) return;
    if (var_ == 0) {
      base_ = ai::determinize(obs_, &beliefs_, rng_);
      dice_ = rng_.next();
      pol_ = rng_.next();
      iter_.assign(variants_.size(), SeatChances{});
    }
    iter_[var_] = playout(variants_[var_]);
    if (++var_ == variants_.size()) {
      for (size_t i = 0; i < sum_.size(); ++i)
        for (int p = 0; p < kMaxPlayers; ++p) sum_[i][p] += iter_[i][p];
      var_ = 0;
      ++iterations_;
    }
  }

 private:
  SeatChances playout(const Variant& variant) {
    GameState s = base_;
    s.rng.state = dice_;
    Rng prng;
    prng.state = pol_;
    if (!variant(s)) return now_;
    const int n = s.num_players;
    int horizon = setup_phase(s.phase) ? -1 : obs_.view.turn + rounds_ * n + 1;
    for (int steps = 0; steps < kActionCap; ++steps) {
      if (s.phase == Phase::GameOver || s.winner >= 0) break;
      if (horizon < 0 && !setup_phase(s.phase)) horizon = s.turn + n;
      if (horizon >= 0 && s.turn >= horizon) break;
      const Action a = policy_.act(s, prng);
      if (!apply(s, a, nullptr, nullptr)) break;
    }
    return win_chances_full(s);
  }

  static constexpr int kActionCap = 600;  // a safety net: turns end the playout
  Observation obs_;
  ai::Beliefs beliefs_;
  ai::PlayoutPolicy policy_;
  std::vector<Variant> variants_;
  std::vector<SeatChances> sum_, iter_;
  SeatChances now_{};
  GameState base_;
  uint64_t dice_ = 0, pol_ = 0;
  Rng rng_;
  int target_ = 1, iterations_ = 0, rounds_ = 1;
  size_t var_ = 0;
};

// --- Analyst ---------------------------------------------------------------------------

struct Analyst::Impl {
  enum class Stage : uint8_t { Worker, Expert, Playouts, Done };
  Stage stage = Stage::Done;
  AnalysisJob job;  // what start() was given (for a worker, or to fall back here)
  std::shared_ptr<AnalysisPool> pool;
  int ticket = 0;  // the job on a worker of `pool`
  double worker_progress = 0;
  bool worker_failed = false;  // a worker failed it (or gave it up): it stays here
  Observation obs;
  ai::Beliefs beliefs;  // count_cards(obs, the events)
  GameState view;       // legal_view(obs)
  std::unique_ptr<Bot> expert;
  std::vector<Action> cands;  // [0] = Expert's move
  int played = -1;
  bool has_played = false;
  Action played_action;
  PairedPlayouts playouts;

  void drop() {
    if (ticket > 0 && pool) pool->drop(ticket);
    ticket = 0;
  }
  ~Impl() { drop(); }
};

Analyst::Analyst(const CoachConfig& config) : cfg_(config), impl_(std::make_shared<Impl>()) {}

// The moves worth weighing besides Expert's: Hard's ranked candidates where Expert searches
// (main phase, robber, roll, free roads); elsewhere the legal moves by the one-step
// evaluation after them (setup spots, discards, steals, answers).
static std::vector<Action> alternatives(const Observation& obs, const GameState& view,
                                        const ai::Beliefs& b, int max_n, uint64_t seed) {
  const ai::Params params = ai::expert_params(Personality::Balanced);
  const ai::Ctx ctx = ai::make_obs_ctx(view, obs, params, ai::level_skill(AiLevel::Hard), &b);
  Rng rng;
  rng.state = mix_seed(seed, 0xA17);
  const Phase ph = view.phase;
  if (ph == Phase::Main || ph == Phase::MoveRobber || ph == Phase::Roll ||
      ph == Phase::RoadBuilding1 || ph == Phase::RoadBuilding2)
    return ai::candidate_actions(ctx, rng, max_n);
  std::vector<Action> legal;
  legal_actions(view, legal, false);
  struct Scored {
    double v;
    Action a;
  };
  std::vector<Scored> sc;
  for (const Action& a : legal) {
    GameState s = view;
    if (!apply(s, a, nullptr, nullptr)) continue;
    double v = ai::evaluate(s, obs.seat, params);
    if (a.type == ActionType::BuildSettlement && setup_phase(ph))
      v = ai::spot_value(view, a.arg, obs.seat, params);
    sc.push_back({v, a});
  }
  std::stable_sort(sc.begin(), sc.end(),
                   [](const Scored& x, const Scored& y) { return x.v > y.v; });
  std::vector<Action> out;
  out.push_back(ai::heuristic_action(ctx, rng));
  for (const Scored& x : sc) {
    if (static_cast<int>(out.size()) >= max_n) break;
    if (std::find(out.begin(), out.end(), x.a) == out.end()) out.push_back(x.a);
  }
  return out;
}

void Analyst::start(const Observation& obs, const EventLog& seen_events, const Action* played) {
  impl_->drop();
  impl_ = std::make_shared<Impl>();
  Impl& m = *impl_;
  advice_ = Advice{};
  advice_.seat = obs.seat;
  m.obs = obs;
  m.view = ai::legal_view(obs);
  m.has_played = played != nullptr;
  if (played) m.played_action = *played;
  advice_.now = win_chances(obs);
  if (obs.seat < 0 || obs.view.phase == Phase::GameOver || obs.view.to_move() != obs.seat) {
    m.stage = Impl::Stage::Done;
    return;
  }
  m.job.obs = obs;
  m.job.events = seen_events;
  m.job.has_played = m.has_played;
  m.job.played = m.played_action;
  m.job.iterations = cfg_.iterations;
  m.job.expert_iterations = cfg_.expert_iterations;
  m.job.max_options = cfg_.max_options;
  m.job.seed = cfg_.seed;
  m.pool = cfg_.pool;
  if (m.pool && m.pool->size() > 0) m.ticket = m.pool->submit(m.job);
  if (m.ticket > 0) {
    m.stage = Impl::Stage::Worker;
    return;
  }
  start_here();
}

void Analyst::start_here() {
  Impl& m = *impl_;
  AiConfig ec;
  ec.level = AiLevel::Expert;
  ec.max_iterations = cfg_.expert_iterations;
  ec.seed = mix_seed(cfg_.seed, m.obs.view.turn * 97 + static_cast<int>(m.obs.view.phase));
  m.expert = make_bot(ec);
  m.expert->start(m.obs, m.job.events);
  m.beliefs = ai::count_cards(m.obs, m.job.events);
  m.stage = Impl::Stage::Expert;
}

bool Analyst::done() const {
  return impl_->stage == Impl::Stage::Done;
}

bool Analyst::on_worker() const {
  return impl_->stage == Impl::Stage::Worker;
}

double Analyst::progress() const {
  const Impl& m = *impl_;
  // Expert's search is most of the work in a setup settlement (its spots are played out to
  // the game's end), a little over half elsewhere.
  const double expert = m.obs.view.phase == Phase::SetupSettlement ? 0.85 : 0.6;
  switch (m.stage) {
    case Impl::Stage::Worker:
      return std::clamp(m.worker_progress, 0.0, 0.99);
    case Impl::Stage::Expert:
      return expert * (m.expert ? m.expert->progress() : 0);
    case Impl::Stage::Playouts:
      return expert + (1 - expert) * m.playouts.progress();
    case Impl::Stage::Done:
      return 1;
  }
  return 1;
}

bool Analyst::step(double max_ms) {
  Impl& m = *impl_;
  const auto t0 = Clock::now();
  if (m.stage == Impl::Stage::Worker) {
    Advice a;
    double p = 0;
    const AnalysisPool::Status status = m.pool->poll(m.ticket, &a, &p);
    if (status == AnalysisPool::Status::Running) {
      m.worker_progress = p;
      return false;
    }
    m.ticket = 0;
    const bool usable = status == AnalysisPool::Status::Done && a.seat == m.obs.seat &&
                        !a.options.empty() && a.played < static_cast<int>(a.options.size()) &&
                        (a.played >= 0) == m.has_played;
    if (usable) {
      advice_ = std::move(a);
      explain_advice(m.obs, cfg_.names, &advice_);
      m.stage = Impl::Stage::Done;
      return true;
    }
    m.worker_failed = true;
    start_here();  // the worker failed: the analysis runs here, to its end
  } else if (m.stage == Impl::Stage::Expert && !m.worker_failed && m.pool && m.pool->size() > 0 &&
             m.expert->progress() < 0.5) {
    // A worker has become available since start(): it takes the analysis over.
    m.ticket = m.pool->submit(m.job);
    if (m.ticket > 0) {
      m.stage = Impl::Stage::Worker;
      m.expert.reset();
      return false;
    }
  }
  while (m.stage != Impl::Stage::Done) {
    if (m.stage == Impl::Stage::Expert) {
      if (!m.expert->step(std::max(0.1, max_ms - ms_since(t0)))) return false;
      const Action best = m.expert->action();
      m.cands = {best};
      for (const Action& a :
           alternatives(m.obs, m.view, m.beliefs, cfg_.max_options, mix_seed(cfg_.seed, 1)))
        if (std::find(m.cands.begin(), m.cands.end(), a) == m.cands.end() &&
            static_cast<int>(m.cands.size()) < cfg_.max_options)
          m.cands.push_back(a);
      if (m.has_played) {
        auto it = std::find(m.cands.begin(), m.cands.end(), m.played_action);
        if (it == m.cands.end()) {
          m.cands.push_back(m.played_action);
          it = m.cands.end() - 1;
        }
        m.played = static_cast<int>(it - m.cands.begin());
      }
      std::vector<PairedPlayouts::Variant> vars;
      for (const Action& a : m.cands)
        vars.push_back([a](GameState& s) { return apply(s, a, nullptr, nullptr); });
      // A forced move needs no playouts: its chances are the position's.
      const int iters = m.cands.size() > 1 ? cfg_.iterations : 0;
      if (iters > 0)
        m.playouts.start(m.obs, m.beliefs, std::move(vars), iters,
                         mix_seed(cfg_.seed, m.obs.view.turn * 131 + m.obs.seat));
      m.stage = Impl::Stage::Playouts;
      continue;
    }
    if (m.stage == Impl::Stage::Playouts) {
      const bool forced = m.cands.size() <= 1;
      if (!forced && !m.playouts.done()) {
        m.playouts.work();
        if (ms_since(t0) >= max_ms) return false;
        continue;
      }
      // The advice: Expert's move first, then the others by obs.seat's chance.
      const int me = m.obs.seat;
      std::vector<int> order(m.cands.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
      std::vector<SeatChances> win(m.cands.size());
      for (size_t i = 0; i < m.cands.size(); ++i)
        win[i] = forced ? advice_.now : m.playouts.mean(i);
      std::stable_sort(order.begin() + 1, order.end(),
                       [&](int a, int b) { return win[a][me] > win[b][me]; });
      for (int i : order) {
        MoveOption o;
        o.action = m.cands[i];
        o.win = win[i];
        o.why = explain_move(m.view, o.action, me, cfg_.names);
        if (i == m.played) advice_.played = static_cast<int>(advice_.options.size());
        advice_.options.push_back(std::move(o));
      }
      advice_.iterations = forced ? 0 : m.playouts.iterations();
      m.stage = Impl::Stage::Done;
    }
  }
  return true;
}

// --- TradeAdvisor ----------------------------------------------------------------------

struct TradeAdvisor::Impl {
  PairedPlayouts playouts;
  bool running = false;
};

TradeAdvisor::TradeAdvisor(const CoachConfig& config)
    : cfg_(config), impl_(std::make_shared<Impl>()) {}

namespace {

// The partner holds what it would give in this determinization: cards it lacks are swapped
// in from the bank for its cards that the trade does not touch (the determinization only
// guessed its hand; the offer says it holds them).
void condition_partner(GameState& s, int partner, const ResourceCounts& partner_gives) {
  PlayerState& P = s.players[partner];
  for (int r = 0; r < kNumResources; ++r)
    while (P.resources[r] < partner_gives[r] && s.bank[r] > 0) {
      int x = -1;
      for (int k = 0; k < kNumResources && x < 0; ++k)
        if (k != r && P.resources[k] > partner_gives[k]) x = k;
      if (x < 0) return;
      --P.resources[x];
      ++s.bank[x];
      ++P.resources[r];
      --s.bank[r];
    }
}

int whole_percent(double p) {
  return static_cast<int>(std::lround(std::clamp(p, 0.0, 1.0) * 100.0));
}

}  // namespace

void TradeAdvisor::start(const Observation& obs, const EventLog& seen_events, int partner,
                         const ResourceCounts& give, const ResourceCounts& get) {
  impact_ = TradeImpact{};
  impact_.me = obs.seat;
  impact_.partner = partner;
  Impl& m = *impl_;
  m.running = false;
  const GameState& v = obs.view;
  if (obs.seat < 0 || partner < 0 || partner >= v.num_players || partner == obs.seat ||
      v.phase == Phase::GameOver || !covers(v.players[obs.seat].resources, give)) {
    impact_.sentence = "";
    return;
  }
  const int me = obs.seat;
  // Leaves a pending offer to us by declining it (both variants), so the playout goes on.
  auto settle = [me](GameState& s) {
    if (s.phase == Phase::TradeResponse && s.to_move() == me)
      return apply(s, Action::simple(ActionType::DeclineTrade), nullptr, nullptr);
    return true;
  };
  std::vector<PairedPlayouts::Variant> vars;
  vars.push_back([=](GameState& s) {
    condition_partner(s, partner, get);
    return settle(s);
  });
  vars.push_back([=](GameState& s) {
    condition_partner(s, partner, get);
    if (!covers(s.players[partner].resources, get) || !covers(s.players[me].resources, give))
      return false;
    for (int r = 0; r < kNumResources; ++r) {
      s.players[me].resources[r] += get[r] - give[r];
      s.players[partner].resources[r] += give[r] - get[r];
    }
    return settle(s);
  });
  m.playouts.start(obs, ai::count_cards(obs, seen_events), std::move(vars), cfg_.iterations,
                   mix_seed(cfg_.seed, v.turn * 131 + me * 7 + partner));
  m.running = true;
}

bool TradeAdvisor::done() const {
  return !impl_->running;
}

bool TradeAdvisor::step(double max_ms) {
  Impl& m = *impl_;
  if (!m.running) return true;
  const auto t0 = Clock::now();
  while (!m.playouts.done()) {
    m.playouts.work();
    if (ms_since(t0) >= max_ms && !m.playouts.done()) return false;
  }
  impact_.without = m.playouts.mean(0);
  impact_.with = m.playouts.mean(1);
  impact_.iterations = m.playouts.iterations();
  int leader = 0;
  for (int p = 1; p < kMaxPlayers; ++p)
    if (impact_.with[p] > impact_.with[leader]) leader = p;
  impact_.leader = leader;
  impact_.sentence = trade_sentence(impact_, cfg_.names);
  m.running = false;
  return true;
}

std::string trade_sentence(const TradeImpact& im, const SeatNames& names) {
  if (im.me < 0 || im.partner < 0) return "";
  const auto delta = [&](int seat) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+d%%",
                  whole_percent(im.with[seat]) - whole_percent(im.without[seat]));
    return std::string(buf);
  };
  std::string out = "You " + delta(im.me) + ", " + names[im.partner] + " " + delta(im.partner);
  if (im.leader == im.me)
    out += ": you are leading";
  else if (im.leader >= 0)
    out += ": " + names[im.leader] + " is leading";
  return out;
}

// --- Analyses on other cores -------------------------------------------------------------

namespace {

static_assert(std::is_trivially_copyable_v<Observation>);
static_assert(std::is_trivially_copyable_v<Action>);
static_assert(std::is_trivially_copyable_v<Event>);
static_assert(std::is_trivially_copyable_v<SeatChances>);

constexpr uint32_t kAnalysisMagic = 0x314A4343;  // "CCJ1"
constexpr uint32_t kAdviceMagic = 0x31414343;    // "CCA1"
constexpr uint32_t kAnalysisFormat = 1;
constexpr uint32_t kMaxEvents = 4'000'000;
constexpr uint32_t kMaxAdviceOptions = 1024;

using bytes::Reader;
using bytes::refuse;
using bytes::Writer;

void put_header(Writer& w, uint32_t magic) {
  w.put(magic);
  w.put(kAnalysisFormat);
  w.put(static_cast<uint32_t>(sizeof(Observation)));
  w.put(static_cast<uint32_t>(sizeof(Action)));
  w.put(static_cast<uint32_t>(sizeof(Event)));
}

// The header: "" when it is ours, else what is wrong.
const char* read_header(Reader& r, uint32_t magic) {
  uint32_t m = 0, format = 0, obs = 0, action = 0, event = 0;
  if (!r.get(&m) || m != magic) return "not a coach message";
  if (!r.get(&format) || format != kAnalysisFormat) return "unknown coach message format";
  if (!r.get(&obs) || obs != sizeof(Observation) || !r.get(&action) || action != sizeof(Action) ||
      !r.get(&event) || event != sizeof(Event))
    return "a coach message from another build";
  return "";
}

}  // namespace

std::vector<uint8_t> encode_analysis_job(const AnalysisJob& job) {
  Writer w;
  put_header(w, kAnalysisMagic);
  w.put(job.obs);
  w.put(static_cast<uint32_t>(job.events.size()));
  w.out.reserve(w.out.size() + job.events.size() * sizeof(Event) + 64);
  for (const Event& e : job.events) w.put(e);
  w.put(static_cast<uint8_t>(job.has_played));
  w.put(job.played);
  w.put(static_cast<int32_t>(job.iterations));
  w.put(static_cast<int32_t>(job.expert_iterations));
  w.put(static_cast<int32_t>(job.max_options));
  w.put(job.seed);
  return std::move(w.out);
}

bool decode_analysis_job(const uint8_t* data, size_t size, AnalysisJob* out, std::string* error) {
  Reader r{data, size};
  if (const char* why = read_header(r, kAnalysisMagic); *why) return refuse(error, why);
  AnalysisJob job;
  uint32_t n = 0;
  if (!r.get(&job.obs) || !r.get(&n) || n > kMaxEvents || r.left / sizeof(Event) < n)
    return refuse(error, "a damaged coach job");
  job.events.resize(n);
  for (Event& e : job.events) r.get(&e);
  uint8_t played = 0;
  int32_t it = 0, expert = 0, options = 0;
  if (!r.get(&played) || !r.get(&job.played) || !r.get(&it) || !r.get(&expert) ||
      !r.get(&options) || !r.get(&job.seed) || r.left != 0)
    return refuse(error, "a damaged coach job");
  const GameState& v = job.obs.view;
  if (v.num_players < 2 || v.num_players > kMaxPlayers || job.obs.seat < 0 ||
      job.obs.seat >= v.num_players || it < 0 || it > 100'000 || expert < 0 || expert > 100'000 ||
      options < 1 || options > 64)
    return refuse(error, "a coach job out of range");
  job.has_played = played != 0;
  job.iterations = it;
  job.expert_iterations = expert;
  job.max_options = options;
  *out = std::move(job);
  return true;
}

std::vector<uint8_t> encode_advice(const Advice& a) {
  Writer w;
  put_header(w, kAdviceMagic);
  w.put(static_cast<int32_t>(a.seat));
  w.put(static_cast<int32_t>(a.played));
  w.put(static_cast<int32_t>(a.iterations));
  w.put(a.now);
  w.put(static_cast<uint32_t>(a.options.size()));
  for (const MoveOption& o : a.options) {
    w.put(o.action);
    w.put(o.win);
  }
  return std::move(w.out);
}

bool decode_advice(const uint8_t* data, size_t size, Advice* out, std::string* error) {
  Reader r{data, size};
  if (const char* why = read_header(r, kAdviceMagic); *why) return refuse(error, why);
  Advice a;
  int32_t seat = 0, played = 0, iterations = 0;
  uint32_t n = 0;
  if (!r.get(&seat) || !r.get(&played) || !r.get(&iterations) || !r.get(&a.now) || !r.get(&n) ||
      n > kMaxAdviceOptions)
    return refuse(error, "damaged coach advice");
  a.options.resize(n);
  for (MoveOption& o : a.options)
    if (!r.get(&o.action) || !r.get(&o.win)) return refuse(error, "damaged coach advice");
  if (r.left != 0 || seat < -1 || seat >= kMaxPlayers || played < -1 ||
      played >= static_cast<int32_t>(n))
    return refuse(error, "damaged coach advice");
  a.seat = seat;
  a.played = played;
  a.iterations = iterations;
  *out = std::move(a);
  return true;
}

Advice run_analysis(const AnalysisJob& job, const std::function<void(double)>& report,
                    double report_ms) {
  CoachConfig c;
  c.iterations = job.iterations;
  c.expert_iterations = job.expert_iterations;
  c.max_options = job.max_options;
  c.seed = job.seed;
  Analyst a(c);
  a.start(job.obs, job.events, job.has_played ? &job.played : nullptr);
  while (!a.step(std::max(1.0, report_ms)))
    if (report) report(a.progress());
  return a.advice();
}

void explain_advice(const Observation& obs, const SeatNames& names, Advice* advice) {
  if (obs.seat < 0) return;
  const GameState view = ai::legal_view(obs);
  for (MoveOption& o : advice->options) o.why = explain_move(view, o.action, obs.seat, names);
}

}  // namespace catan::coach
