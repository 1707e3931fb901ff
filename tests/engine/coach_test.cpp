// The coach (engine/coach): the win model, hints, the trade advisor and the game review.
// docs/AI.md, "The coach", says what each number means.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <tuple>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/coach/coach.h"
#include "engine/coach/review.h"
#include "engine/coach/win_model.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/options.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "match/runner.h"
#include "tests/engine/bot_game.h"
#include "tests/engine/random_play.h"

namespace catan {
namespace {

namespace fs = std::filesystem;
using coach::Advice;
using coach::SeatChances;

// A game of four bots of `levels` (seed fixed), stopped after `max_actions` or at its end.
using testing_support::bot_game;

const std::vector<AiLevel> kFourHard{AiLevel::Hard, AiLevel::Hard, AiLevel::Hard, AiLevel::Hard};

// A review of `seats` with the coach's search at a test's budget (iterations, Expert's twice
// as many).
coach::ReviewConfig review_config(int iterations, std::vector<int> seats) {
  coach::ReviewConfig cfg;
  cfg.coach.iterations = iterations;
  cfg.coach.expert_iterations = 2 * iterations;
  cfg.seats = std::move(seats);
  return cfg;
}

Advice advise(const Game& g, int iterations = 12) {
  const int seat = g.state().to_move();
  coach::CoachConfig cfg;
  cfg.iterations = iterations;
  cfg.expert_iterations = 24;
  coach::Analyst an(cfg);
  an.start(observe(g.state(), seat), g.visible_events(seat));
  int slices = 0;
  while (!an.step(2.0)) ++slices;
  EXPECT_TRUE(an.done());
  return an.advice();
}

TEST(WinModel, ChancesSumToOneAndFollowTheScore) {
  Game g = bot_game(21, kFourHard, 250);
  ASSERT_NE(g.state().phase, Phase::GameOver);
  const SeatChances c = coach::win_chances_full(g.state());
  double sum = 0;
  for (int p = 0; p < 4; ++p) {
    EXPECT_GT(c[p], 0.0);
    sum += c[p];
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
  // Two more public VP for a seat raise its chance.
  GameState s = g.state();
  const int p = 1;
  s.longest_road_holder = static_cast<int8_t>(p);
  const SeatChances up = coach::win_chances_full(s);
  if (g.state().longest_road_holder != p) {
    EXPECT_GT(up[p], c[p]);
  }
}

TEST(WinModel, SetupIsEvenAndTheWinnerGetsEverything) {
  Game g(classic_options(), 3);
  const SeatChances c = coach::win_chances_full(g.state());
  for (int p = 0; p < 4; ++p) EXPECT_DOUBLE_EQ(c[p], 0.25);
  Game done = bot_game(22, kFourHard);
  ASSERT_GE(done.state().winner, 0);
  const SeatChances w = coach::win_chances_full(done.state());
  EXPECT_DOUBLE_EQ(w[done.state().winner], 1.0);
}

// The estimate reads only what the seat may see: changing the other hands (same sizes) and
// the play seed's dice and deck leaves it unchanged.
TEST(WinModel, ReadsOnlyWhatTheSeatSees) {
  Game g = bot_game(23, kFourHard, 300);
  const GameState& s = g.state();
  ASSERT_NE(s.phase, Phase::GameOver);
  const int me = 0;
  GameState t = s;
  // Swap one card between two opponents who hold different kinds.
  bool swapped = false;
  for (int a = 1; a < 4 && !swapped; ++a)
    for (int b = a + 1; b < 4 && !swapped; ++b)
      for (int x = 0; x < kNumResources && !swapped; ++x)
        for (int y = 0; y < kNumResources && !swapped; ++y)
          if (x != y && t.players[a].resources[x] > 0 && t.players[b].resources[y] > 0) {
            --t.players[a].resources[x], ++t.players[a].resources[y];
            --t.players[b].resources[y], ++t.players[b].resources[x];
            swapped = true;
          }
  ASSERT_TRUE(swapped);
  t.rng.state ^= 0x9E3779B97F4A7C15ull;
  std::reverse(t.deck.begin() + t.deck_pos, t.deck.end());
  const SeatChances a = coach::win_chances(observe(s, me));
  const SeatChances b = coach::win_chances(observe(t, me));
  for (int p = 0; p < 4; ++p) EXPECT_DOUBLE_EQ(a[p], b[p]);
}

// The same for a hint: the advice from the perturbed position is the same, move and chances.
TEST(Coach, HintReadsOnlyWhatTheSeatSees) {
  Game g = bot_game(24, kFourHard, 200);
  // Advance to the main phase of some seat.
  Rng rng;
  rng.state = 5;
  while (g.state().phase != Phase::Main) testing_support::play_random_actions(g, rng, 1);
  const GameState& s = g.state();
  const int me = s.to_move();
  GameState t = s;
  t.rng.state ^= 0x1234567ull;
  std::reverse(t.deck.begin() + t.deck_pos, t.deck.end());
  for (int p = 0; p < 4; ++p)
    if (p != me && t.players[p].resources[0] > 0 && t.players[p].resources[4] < 19) {
      --t.players[p].resources[0];
      ++t.players[p].resources[4];
      break;
    }
  const EventLog ev = g.visible_events(me);
  coach::CoachConfig cfg;
  cfg.iterations = 8;
  cfg.expert_iterations = 16;
  coach::Analyst a(cfg), b(cfg);
  a.start(observe(s, me), ev);
  b.start(observe(t, me), ev);
  while (!a.step(1e9)) {
  }
  while (!b.step(1e9)) {
  }
  ASSERT_EQ(a.advice().options.size(), b.advice().options.size());
  for (size_t i = 0; i < a.advice().options.size(); ++i) {
    EXPECT_EQ(a.advice().options[i].action, b.advice().options[i].action);
    EXPECT_EQ(a.advice().options[i].win, b.advice().options[i].win);
  }
}

// A hint is legal in every phase a player meets: setup, roll, robber, steal, discard, main,
// trade answers. Positions from random play, where every phase comes up.
TEST(Coach, HintIsAlwaysLegal) {
  std::array<int, 12> phases{};
  Rng rng;
  rng.state = 77;
  for (int game = 0; game < 3; ++game) {
    Game g(classic_options(), 40 + game);
    for (int n = 0; n < 60 && g.state().phase != Phase::GameOver; ++n) {
      const Advice adv = advise(g, 4);
      ASSERT_FALSE(adv.options.empty()) << phase_name(g.state().phase);
      ++phases[static_cast<int>(g.state().phase)];
      std::string why;
      for (const coach::MoveOption& o : adv.options) {
        EXPECT_TRUE(is_legal(g.state(), o.action, &why))
            << o.action.to_string() << " in " << phase_name(g.state().phase) << ": " << why;
        EXPECT_FALSE(o.why.empty());
      }
      testing_support::play_random_actions(g, rng, 1 + static_cast<int>(rng.below(9)));
    }
  }
  EXPECT_GT(phases[static_cast<int>(Phase::SetupSettlement)], 0);
  EXPECT_GT(phases[static_cast<int>(Phase::SetupRoad)], 0);
  EXPECT_GT(phases[static_cast<int>(Phase::Main)], 0);
  EXPECT_GT(phases[static_cast<int>(Phase::Roll)], 0);
}

TEST(Coach, HintInTheSetupNamesProductionAndGivesAlternatives) {
  Game g(classic_options(), 9);
  const Advice adv = advise(g);
  ASSERT_GE(adv.options.size(), 3u);
  EXPECT_EQ(adv.options[0].action.type, ActionType::BuildSettlement);
  EXPECT_NE(adv.options[0].why.find("pips of production"), std::string::npos) << adv.options[0].why;
  // The alternatives come best first by the chance of the seat to move.
  const int me = g.state().to_move();
  EXPECT_GE(adv.options[1].win[me], adv.options[2].win[me]);
  EXPECT_GT(adv.iterations, 0);
}

TEST(Coach, HintIsExpertsMove) {
  Game g = bot_game(25, kFourHard, 120);
  Rng rng;
  rng.state = 3;
  while (g.state().phase != Phase::Main) testing_support::play_random_actions(g, rng, 1);
  const int me = g.state().to_move();
  const Advice adv = advise(g);
  AiConfig ec;
  ec.level = AiLevel::Expert;
  ec.max_iterations = 24;
  ec.seed =
      mix_seed(coach::CoachConfig{}.seed, g.state().turn * 97 + static_cast<int>(g.state().phase));
  auto bot = make_bot(ec);
  EXPECT_EQ(adv.options[0].action, bot->decide(observe(g.state(), me), g.visible_events(me)));
}

// Giving three cards for nothing costs the giver and helps the taker.
TEST(TradeAdvisor, AGiftHelpsTheTakerAndCostsTheGiver) {
  Game g = bot_game(26, kFourHard, 200);
  Rng rng;
  rng.state = 8;
  while (g.state().phase != Phase::Main || g.state().hand_size(g.state().to_move()) < 3)
    testing_support::play_random_actions(g, rng, 1);
  const int me = g.state().to_move();
  const int partner = (me + 1) % 4;
  ResourceCounts give{};
  int left = 3;
  for (int r = 0; r < kNumResources && left > 0; ++r) {
    const int k = std::min<int>(left, g.state().players[me].resources[r]);
    give[r] = static_cast<uint8_t>(k);
    left -= k;
  }
  coach::CoachConfig cfg;
  cfg.iterations = 32;
  coach::TradeAdvisor adv(cfg);
  adv.start(observe(g.state(), me), g.visible_events(me), partner, give, ResourceCounts{});
  while (!adv.step(1.0)) {
  }
  const coach::TradeImpact& t = adv.impact();
  EXPECT_LT(t.with[me], t.without[me]);
  EXPECT_GT(t.with[partner], t.without[partner]);
  EXPECT_NE(t.sentence.find("You -"), std::string::npos) << t.sentence;
  EXPECT_EQ(t.iterations, 32);
}

TEST(Review, GradesFollowTheThresholds) {
  EXPECT_EQ(coach::grade_for_loss(0.0), coach::Grade::Best);
  EXPECT_EQ(coach::grade_for_loss(0.02), coach::Grade::Good);
  EXPECT_EQ(coach::grade_for_loss(0.05), coach::Grade::Inaccuracy);
  EXPECT_EQ(coach::grade_for_loss(0.10), coach::Grade::Mistake);
  EXPECT_EQ(coach::grade_for_loss(0.30), coach::Grade::Blunder);
  EXPECT_STREQ(coach::grade_name(coach::Grade::Inaccuracy), "inaccuracy");
}

// A random player's decisions cost more than a Hard player's in the same game.
TEST(Review, ARandomPlayerLosesMoreThanAHardOne) {
  Game g = bot_game(27, {AiLevel::Random, AiLevel::Hard, AiLevel::Hard, AiLevel::Hard}, 400);
  coach::ReviewConfig cfg = review_config(8, {0, 1});
  const coach::Review r = coach::review_game(g, cfg);
  ASSERT_EQ(r.chances.size(), g.history().size() + 1);
  double loss[2] = {0, 0};
  int n[2] = {0, 0};
  for (const coach::Annotation& a : r.decisions) {
    ASSERT_TRUE(a.seat == 0 || a.seat == 1);
    EXPECT_EQ(a.played, g.history()[a.index]);
    EXPECT_GE(a.loss, 0.0);
    loss[a.seat] += a.loss;
    ++n[a.seat];
  }
  ASSERT_GT(n[0], 10);
  ASSERT_GT(n[1], 10);
  EXPECT_GT(loss[0] / n[0], loss[1] / n[1]);
}

fs::path review_golden() {
  return fs::path(__FILE__).parent_path().parent_path() / "golden" / "review" /
         "hard_classic4_seat0.json";
}

// The review of a fixed game is deterministic, natively and in wasm: a golden file
// (CATAN_WRITE_GOLDEN=1 rewrites it).
TEST(Review, MatchesTheGoldenReview) {
  Game g = bot_game(28, kFourHard, 300);
  coach::ReviewConfig cfg = review_config(8, {0});
  const std::string got = coach::review_to_json(g, coach::review_game(g, cfg)).dump(1) + "\n";
  if (std::getenv("CATAN_WRITE_GOLDEN")) {
    fs::create_directories(review_golden().parent_path());
    std::ofstream(review_golden()) << got;
  }
  std::ifstream f(review_golden());
  ASSERT_TRUE(f.good()) << review_golden();
  std::stringstream want;
  want << f.rdbuf();
  EXPECT_EQ(got, want.str());
}

TEST(Review, SlicedEqualsOneCall) {
  Game g = bot_game(29, kFourHard, 160);
  coach::ReviewConfig cfg = review_config(4, {2});
  coach::Reviewer r;
  r.start(g, cfg);
  double last = 0;
  while (!r.step(0.5)) {
    EXPECT_GE(r.progress(), last);
    last = r.progress();
  }
  EXPECT_EQ(coach::review_to_json(g, r.review()),
            coach::review_to_json(g, coach::review_game(g, cfg)));
}

// A pool of `workers` that runs each job through its bytes (encode, decode, run_analysis,
// encode_advice, decode) and answers in a scrambled order: a job is done only after a few
// polls that depend on its ticket. Every `fail_every`-th job fails (0: none).
class FakeAnalysisPool final : public coach::AnalysisPool {
 public:
  // The first `late` calls of size() find no worker (the workers are still loading).
  explicit FakeAnalysisPool(int workers, int fail_every = 0, int late = 0)
      : workers_(workers), fail_every_(fail_every), late_(late) {}
  int size() const override { return late_-- > 0 ? 0 : workers_; }
  int submit(const coach::AnalysisJob& job) override {
    if (refuse || static_cast<int>(jobs_.size()) >= workers_) return 0;
    const std::vector<uint8_t> bytes = coach::encode_analysis_job(job);
    coach::AnalysisJob copy;
    std::string error;
    EXPECT_TRUE(coach::decode_analysis_job(bytes.data(), bytes.size(), &copy, &error)) << error;
    jobs_.push_back({next_, copy, 1 + (next_ * 7) % 5});
    ++submitted;
    return next_++;
  }
  Status poll(int ticket, Advice* out, double* progress) override {
    for (size_t i = 0; i < jobs_.size(); ++i) {
      if (jobs_[i].ticket != ticket) continue;
      if (--jobs_[i].polls > 0) {
        *progress = 0.5;
        return Status::Running;
      }
      const coach::AnalysisJob job = jobs_[i].job;
      jobs_.erase(jobs_.begin() + static_cast<long>(i));
      if (fail_every_ > 0 && ticket % fail_every_ == 0) return Status::Failed;
      const std::vector<uint8_t> bytes = coach::encode_advice(coach::run_analysis(job));
      std::string error;
      EXPECT_TRUE(coach::decode_advice(bytes.data(), bytes.size(), out, &error)) << error;
      return Status::Done;
    }
    return Status::Failed;
  }
  void drop(int ticket) override {
    for (size_t i = 0; i < jobs_.size(); ++i)
      if (jobs_[i].ticket == ticket) jobs_.erase(jobs_.begin() + static_cast<long>(i));
  }
  int submitted = 0;
  bool refuse = false;  // every worker is busy (the AI's search): submit() takes nothing

 private:
  struct Job {
    int ticket;
    coach::AnalysisJob job;
    int polls;
  };
  int workers_, fail_every_;
  mutable int late_;
  int next_ = 1;
  std::vector<Job> jobs_;
};

// The review is the same with no worker, one, or several answering in any order, some failing
// (those are analysed here); the turning points are there before the analyses end, and the
// graded decisions stay in game order while they come in.
TEST(Review, SameWithOneOrManyWorkers) {
  Game g = bot_game(29, kFourHard, 160);
  coach::ReviewConfig cfg = review_config(4, {1, 2});
  const nlohmann::json here = coach::review_to_json(g, coach::review_game(g, cfg));
  ASSERT_GT(here["decisions"].size(), 10u);
  for (const auto& [workers, fail_every, late] : std::vector<std::tuple<int, int, int>>{
           {1, 0, 0}, {3, 0, 0}, {4, 3, 0}, {8, 0, 0}, {2, 0, 3}}) {
    auto pool = std::make_shared<FakeAnalysisPool>(workers, fail_every, late);
    coach::ReviewConfig c = cfg;
    c.coach.pool = pool;
    coach::Reviewer r;
    r.start(g, c);
    bool partial = false;
    double last = 0;
    while (!r.step(0.5)) {
      const coach::Review& v = r.review();
      partial |= !v.turning_points.empty() && v.decisions.size() < here["decisions"].size();
      for (size_t i = 1; i < v.decisions.size(); ++i)
        ASSERT_LT(v.decisions[i - 1].index, v.decisions[i].index);
      EXPECT_GE(r.progress(), last);
      last = r.progress();
    }
    EXPECT_TRUE(partial) << workers << " workers";
    EXPECT_GT(pool->submitted, 0);
    EXPECT_EQ(coach::review_to_json(g, r.review()), here) << workers << " workers";
  }
}

// The advice for `seat` at g's position, computed here in one go (`cfg` without a pool).
Advice advice_here(const coach::CoachConfig& cfg, const Game& g, int seat) {
  coach::Analyst here(cfg);
  here.start(observe(g.state(), seat), g.visible_events(seat));
  while (!here.step(1e9)) {
  }
  return here.advice();
}

// The same advice: the same options in the same order, chances and sentences included.
void expect_same_advice(const Advice& a, const Advice& b) {
  ASSERT_EQ(a.options.size(), b.options.size());
  EXPECT_EQ(a.played, b.played);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.now, b.now);
  for (size_t i = 0; i < a.options.size(); ++i) {
    EXPECT_EQ(a.options[i].action, b.options[i].action);
    EXPECT_EQ(a.options[i].win, b.options[i].win);
    EXPECT_EQ(a.options[i].why, b.options[i].why);
  }
}

// A hint on a worker (through the bytes) is the hint computed here, sentences included.
TEST(Coach, HintOnAWorkerEqualsHere) {
  Game g = bot_game(31, kFourHard, 60);
  for (int k = 0; k < 3; ++k) {
    const int seat = g.state().to_move();
    coach::CoachConfig cfg;
    cfg.iterations = 6;
    cfg.expert_iterations = 12;
    const Advice here = advice_here(cfg, g, seat);
    cfg.pool = std::make_shared<FakeAnalysisPool>(2);
    coach::Analyst there(cfg);
    there.start(observe(g.state(), seat), g.visible_events(seat));
    EXPECT_TRUE(there.on_worker());
    while (!there.step(1e9)) {
    }
    expect_same_advice(here, there.advice());
    Rng rng;
    rng.state = 40 + k;
    testing_support::play_random_actions(g, rng, 7);
  }
}

// A hint whose worker failed is finished here, in slices, and is not handed to a worker again
// (each failure would cost a worker); it is the hint computed here.
TEST(Coach, HintWhoseWorkerFailedFinishesHere) {
  Game g = bot_game(31, kFourHard, 0);  // the first settlement: Expert thinks a while
  const int seat = g.state().to_move();
  coach::CoachConfig cfg;
  cfg.iterations = 6;
  cfg.expert_iterations = 24;
  const Advice here = advice_here(cfg, g, seat);
  auto pool = std::make_shared<FakeAnalysisPool>(2, 1);  // every job fails
  cfg.pool = pool;
  coach::Analyst there(cfg);
  there.start(observe(g.state(), seat), g.visible_events(seat));
  EXPECT_TRUE(there.on_worker());
  int steps = 0;
  while (!there.step(0.2) && ++steps < 20000) {
  }
  ASSERT_LT(steps, 20000);
  EXPECT_EQ(pool->submitted, 1);
  expect_same_advice(here, there.advice());
}

// With workers that take nothing (all busy with the AI's search), the review runs its
// analyses here instead of waiting for them, and is the review computed here.
TEST(Review, RunsHereWhenNoWorkerTakesATask) {
  Game g = bot_game(29, kFourHard, 160);
  coach::ReviewConfig cfg = review_config(4, {2});
  const nlohmann::json here = coach::review_to_json(g, coach::review_game(g, cfg));
  auto pool = std::make_shared<FakeAnalysisPool>(3);
  pool->refuse = true;
  cfg.coach.pool = pool;
  coach::Reviewer r;
  r.start(g, cfg);
  int steps = 0;
  while (!r.step(0.5) && ++steps < 20000) {
  }
  ASSERT_LT(steps, 20000);
  EXPECT_EQ(pool->submitted, 0);
  EXPECT_EQ(coach::review_to_json(g, r.review()), here);
}

// Damaged or foreign bytes are refused with a reason, never read past their end.
TEST(Coach, AnalysisBytesRefuseDamage) {
  Game g = bot_game(32, kFourHard, 40);
  coach::AnalysisJob job;
  job.obs = observe(g.state(), g.state().to_move());
  job.events = g.visible_events(job.obs.seat);
  const std::vector<uint8_t> bytes = coach::encode_analysis_job(job);
  coach::AnalysisJob back;
  std::string error;
  ASSERT_TRUE(coach::decode_analysis_job(bytes.data(), bytes.size(), &back, &error)) << error;
  EXPECT_EQ(back.events, job.events);
  for (size_t cut : {size_t{0}, size_t{3}, size_t{20}, bytes.size() / 2, bytes.size() - 1}) {
    error.clear();
    EXPECT_FALSE(coach::decode_analysis_job(bytes.data(), cut, &back, &error));
    EXPECT_FALSE(error.empty());
  }
  std::vector<uint8_t> other = bytes;
  other[0] ^= 1;
  EXPECT_FALSE(coach::decode_analysis_job(other.data(), other.size(), &back, &error));
  const Advice adv = coach::run_analysis(job);
  const std::vector<uint8_t> ab = coach::encode_advice(adv);
  Advice a2;
  EXPECT_FALSE(coach::decode_advice(ab.data(), ab.size() - 1, &a2, &error));
  EXPECT_FALSE(coach::decode_advice(bytes.data(), bytes.size(), &a2, &error));
  ASSERT_TRUE(coach::decode_advice(ab.data(), ab.size(), &a2, &error)) << error;
  ASSERT_EQ(a2.options.size(), adv.options.size());
}

}  // namespace
}  // namespace catan
