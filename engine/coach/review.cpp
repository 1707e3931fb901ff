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

struct Reviewer::Impl {
  GameOptions options;
  Seeds seeds{0, 0};
  std::vector<Action> history;
  ReviewConfig cfg;
  Game cur;                        // the game replayed up to `index`
  size_t index = 0;                // the next action to replay
  std::vector<std::string> what;   // each action in words (its first event)
  std::string names[kMaxPlayers];  // cfg.coach.names, in the form describe() takes
  std::vector<Action> legal;       // scratch: the legal moves at the position
  bool analysing = false;
  double decision_ms = 0;  // the analysis in progress so far
  Analyst analyst;
  bool finished = false;

  bool reviewed(int seat) const {
    return cfg.seats.empty() ||
           std::find(cfg.seats.begin(), cfg.seats.end(), seat) != cfg.seats.end();
  }
};

void Reviewer::start(const Game& game, const ReviewConfig& config) {
  impl_ = std::make_shared<Impl>();
  Impl& m = *impl_;
  review_ = Review{};
  m.cfg = config;
  for (int p = 0; p < kMaxPlayers; ++p) m.names[p] = config.coach.names[p];
  m.options = game.state().options;
  m.seeds = game.state().seeds;
  m.history = game.history();
  m.cur = Game(m.options, m.seeds);
  m.analyst = Analyst(config.coach);
  review_.chances.push_back(win_chances_full(m.cur.state()));
}

bool Reviewer::done() const {
  return !impl_ || impl_->finished;
}

double Reviewer::progress() const {
  if (!impl_) return 1;
  if (impl_->finished) return 1;
  const double n = std::max<size_t>(1, impl_->history.size());
  double p = impl_->index;
  if (impl_->analysing) p += impl_->analyst.progress();
  return std::min(0.999, p / n);
}

bool Reviewer::step(double max_ms) {
  if (!impl_) return true;
  Impl& m = *impl_;
  const auto t0 = Clock::now();
  while (!m.finished) {
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
      m.finished = true;
      return true;
    }
    const GameState& s = m.cur.state();
    const Action& a = m.history[m.index];
    const int actor = s.to_move();
    if (!m.analysing && actor >= 0 && m.reviewed(actor)) {
      legal_actions(s, m.legal);
      if (m.legal.size() > 1) {
        m.analyst.start(observe(s, actor), m.cur.visible_events(actor), &a);
        m.analysing = true;
      }
    }
    if (m.analysing) {
      const auto a0 = Clock::now();
      const bool finished = m.analyst.step(std::max(0.5, max_ms - ms_since(t0)));
      m.decision_ms += ms_since(a0);
      if (!finished) return false;
      m.analysing = false;
      review_.analysis_ms += m.decision_ms;
      review_.max_decision_ms = std::max(review_.max_decision_ms, m.decision_ms);
      m.decision_ms = 0;
      const Advice& adv = m.analyst.advice();
      if (!adv.options.empty() && adv.played >= 0) {
        Annotation n;
        n.index = static_cast<int>(m.index);
        n.seat = actor;
        n.turn = s.turn;
        n.played = a;
        n.best = adv.options[0].action;
        n.win_best = adv.options[0].win[actor];
        n.win_played = adv.options[adv.played].win[actor];
        n.loss = adv.played == 0 ? 0.0 : std::max(0.0, n.win_best - n.win_played);
        n.grade = grade_for_loss(n.loss);
        n.why_best = adv.options[0].why;
        review_.decisions.push_back(std::move(n));
      }
    }
    const size_t e0 = m.cur.events().size();
    std::string err;
    if (!m.cur.apply(a, &err)) {
      m.history.resize(m.index);  // a damaged history: review what applies
      continue;
    }
    m.what.push_back(m.cur.events().size() > e0 ? describe(m.cur.events()[e0], m.names)
                                                : a.to_string());
    ++m.index;
    review_.chances.push_back(win_chances_full(m.cur.state()));
    if (ms_since(t0) >= max_ms) return false;
  }
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
