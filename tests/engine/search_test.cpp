// Expert's root search split across searchers (engine/ai/search.h): jobs survive their byte
// form and refuse corrupt bytes, statistics merge by addition, a pool's searchers compute what
// the same shares compute on the calling thread, and Expert plays the same with or without a
// pool (the browser's Web Workers run exactly this code).
#include "engine/ai/search.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <limits>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/options.h"
#include "engine/rules.h"
#include "match/session.h"
#include "tests/engine/same_observation.h"
#include "tests/engine/thread_cpu.h"

namespace catan {
namespace {

// A main-phase position of a game Hard bots played: `turns` turns in, seat to move about to
// decide with several candidates.
Game hard_game_until(int turns, uint64_t seed) {
  Game g(classic_options(), Seeds::both(seed));
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < 4; ++s) {
    AiConfig c;
    c.level = AiLevel::Hard;
    c.seed = seed * 10 + s;
    bots.push_back(make_bot(c));
  }
  while (g.state().phase != Phase::GameOver &&
         !(g.state().turn >= turns && g.state().phase == Phase::Main)) {
    const int m = g.state().to_move();
    const Action a = bots[m]->decide(observe(g.state(), m), g.visible_events(m));
    std::string err;
    EXPECT_TRUE(g.apply(a, &err)) << err;
  }
  return g;
}

ai::SearchJob job_for(const Game& g, int iterations, uint64_t seed) {
  ai::SearchJob job;
  const int me = g.state().to_move();
  job.obs = observe(g.state(), me);
  job.beliefs = ai::count_cards(job.obs, g.visible_events(me));
  job.personality = Personality::Builder;
  const GameState view = ai::legal_view(job.obs);
  const ai::Ctx ctx = ai::make_obs_ctx(view, job.obs, ai::expert_params(job.personality),
                                       ai::level_skill(AiLevel::Expert), &job.beliefs);
  Rng rng;
  rng.state = seed;
  job.cands = ai::candidate_actions(ctx, rng, 10);
  job.seed = seed;
  job.iterations = iterations;
  return job;
}

ai::RootStats run_local(const ai::SearchJob& job, double slice_ms = 1e9) {
  ai::RootSearch s;
  s.start(job);
  while (!s.step(slice_ms)) {
  }
  return s.stats();
}

void expect_same(const ai::RootStats& a, const ai::RootStats& b) {
  EXPECT_EQ(a.iterations, b.iterations);
  ASSERT_EQ(a.sum.size(), b.sum.size());
  for (size_t i = 0; i < a.sum.size(); ++i) {
    EXPECT_DOUBLE_EQ(a.sum[i], b.sum[i]) << "candidate " << i;
    EXPECT_DOUBLE_EQ(a.sq[i], b.sq[i]) << "candidate " << i;
  }
}

class SearchTest : public ::testing::Test {
 protected:
  // The first of a few games whose position has at least three candidates.
  static void SetUpTestSuite() {
    for (uint64_t seed = 5; seed < 20; ++seed) {
      game_ = new Game(hard_game_until(10, seed));
      if (job_for(*game_, 1, 3).cands.size() > 2) return;
      delete game_;
    }
    game_ = new Game(hard_game_until(10, 5));
  }
  static void TearDownTestSuite() {
    delete game_;
    game_ = nullptr;
  }
  static Game* game_;
};
Game* SearchTest::game_ = nullptr;

TEST_F(SearchTest, ThePositionHasSeveralCandidates) {
  ASSERT_EQ(game_->state().phase, Phase::Main);
  EXPECT_GT(job_for(*game_, 1, 3).cands.size(), 2u);
}

TEST_F(SearchTest, AJobSurvivesItsBytes) {
  const ai::SearchJob job = job_for(*game_, 40, 77);
  const std::vector<uint8_t> bytes = ai::encode_job(job);
  ai::SearchJob back;
  std::string err;
  ASSERT_TRUE(ai::decode_job(bytes.data(), bytes.size(), &back, &err)) << err;
  testing_support::expect_same_observation(back.obs, job.obs);
  EXPECT_EQ(back.beliefs.hand, job.beliefs.hand);
  EXPECT_EQ(back.cands, job.cands);
  EXPECT_EQ(back.personality, job.personality);
  EXPECT_EQ(back.seed, job.seed);
  EXPECT_EQ(back.iterations, job.iterations);
  // The decoded job searches exactly like the original.
  expect_same(run_local(back), run_local(job));
}

TEST_F(SearchTest, CorruptJobBytesAreRefused) {
  const ai::SearchJob job = job_for(*game_, 10, 1);
  const std::vector<uint8_t> bytes = ai::encode_job(job);
  ai::SearchJob out;
  std::string err;
  for (size_t n = 0; n < bytes.size(); n += 7) {
    EXPECT_FALSE(ai::decode_job(bytes.data(), n, &out, &err)) << n;
    EXPECT_FALSE(err.empty());
  }
  std::vector<uint8_t> longer = bytes;
  longer.push_back(0);
  EXPECT_FALSE(ai::decode_job(longer.data(), longer.size(), &out, &err));
  std::vector<uint8_t> magic = bytes;
  magic[0] ^= 1;
  EXPECT_FALSE(ai::decode_job(magic.data(), magic.size(), &out, &err));
  EXPECT_EQ(err, "not a search job");
  ai::SearchJob bad = job;
  bad.obs.seat = 7;
  std::vector<uint8_t> b = ai::encode_job(bad);
  EXPECT_FALSE(ai::decode_job(b.data(), b.size(), &out, &err));
  bad = job;
  bad.budget_ms = std::numeric_limits<double>::quiet_NaN();
  b = ai::encode_job(bad);
  EXPECT_FALSE(ai::decode_job(b.data(), b.size(), &out, &err));
  bad = job;
  bad.cands.assign(ai::kMaxSearchCands + 1, job.cands[0]);
  b = ai::encode_job(bad);
  EXPECT_FALSE(ai::decode_job(b.data(), b.size(), &out, &err));
}

TEST_F(SearchTest, StatsSurviveTheirBytesAndRefuseCorruption) {
  const ai::RootStats s = run_local(job_for(*game_, 6, 2));
  const std::vector<uint8_t> bytes = ai::encode_stats(s);
  ai::RootStats back;
  std::string err;
  ASSERT_TRUE(ai::decode_stats(bytes.data(), bytes.size(), &back, &err)) << err;
  expect_same(back, s);
  EXPECT_FALSE(ai::decode_stats(bytes.data(), bytes.size() - 1, &back, &err));
  std::vector<uint8_t> nan = bytes;
  const double x = std::numeric_limits<double>::infinity();
  std::memcpy(nan.data() + 12, &x, sizeof x);
  EXPECT_FALSE(ai::decode_stats(nan.data(), nan.size(), &back, &err));
}

TEST_F(SearchTest, SlicedSearchEqualsOneCall) {
  const ai::SearchJob job = job_for(*game_, 12, 9);
  expect_same(run_local(job, 0.05), run_local(job));
}

// A job scored by the value network keeps its scorer through its bytes, a scorer byte other
// than 0 or 1 is refused, and its scores are chances: every candidate's mean lies in [0, 1].
TEST_F(SearchTest, TheValueNetScorerSurvivesItsBytesAndScoresChances) {
  ai::SearchJob job = job_for(*game_, 12, 4);
  job.value_net = true;
  job.rounds = 3;
  std::vector<uint8_t> bytes = ai::encode_job(job);
  ai::SearchJob back;
  std::string err;
  ASSERT_TRUE(ai::decode_job(bytes.data(), bytes.size(), &back, &err)) << err;
  EXPECT_TRUE(back.value_net);
  const ai::RootStats s = run_local(back);
  expect_same(s, run_local(job, 0.05));
  ASSERT_EQ(s.iterations, 12);
  for (double sum : s.sum) {
    EXPECT_GE(sum / s.iterations, 0.0);
    EXPECT_LE(sum / s.iterations, 1.0);
  }
  // The evaluation's scores are differences of evaluations, mostly outside [0, 1].
  job.value_net = false;
  expect_same(run_local(job), run_local(job, 0.05));
  EXPECT_NE(run_local(job).sum, s.sum);
  bytes.back() = 2;
  EXPECT_FALSE(ai::decode_job(bytes.data(), bytes.size(), &back, &err));
  EXPECT_EQ(err, "bad scorer in search job");
}

// Master with the value network in each of its searches (and in neither) plays legal moves,
// and the same moves on one thread whether or not its thinking is sliced.
TEST_F(SearchTest, MasterWithTheValueNetPlaysLegalMovesAndTheSameSliced) {
  for (int net = 0; net <= (kNetFirstSearch | kNetConfirm); ++net) {
    AiConfig c;
    c.level = AiLevel::Master;
    c.max_iterations = 130;
    c.threads = 1;
    c.seed = 13;
    c.value_net = net;
    auto whole = make_bot(c);
    auto sliced = make_bot(c);
    Game g = *game_;
    for (int i = 0; i < 6 && g.state().phase != Phase::GameOver; ++i) {
      const int m = g.state().to_move();
      const Observation obs = observe(g.state(), m);
      const Action a = whole->decide(obs, g.visible_events(m));
      sliced->start(obs, g.visible_events(m));
      while (!sliced->step(0.2)) {
      }
      ASSERT_EQ(sliced->action(), a) << "net " << net << ", decision " << i;
      std::string err;
      ASSERT_TRUE(g.apply(a, &err)) << "net " << net << ": " << a.to_string() << ": " << err;
    }
  }
}

// The setup search's playouts run to the end of the game: from the first placement every
// playout of every candidate ends with a winner, scored +-6 (a playout cut short would score
// an evaluation difference instead).
TEST(SetupSearch, PlayoutsRunToTheEndOfTheGame) {
  Game g(classic_options(), Seeds::both(7));
  ai::SearchJob job;
  job.obs = observe(g.state(), g.state().to_move());
  const GameState view = ai::legal_view(job.obs);
  const ai::Ctx ctx = ai::make_obs_ctx(view, job.obs, ai::expert_params(Personality::Balanced),
                                       ai::level_skill(AiLevel::Expert), &job.beliefs);
  Rng rng;
  rng.state = 3;
  job.cands = ai::setup_candidates(ctx, rng, 5);
  ASSERT_EQ(job.cands.size(), 5u);
  for (const Action& a : job.cands) EXPECT_EQ(a.type, ActionType::BuildSettlement);
  job.seed = 11;
  job.iterations = 3;
  job.rounds = 50;
  const ai::RootStats st = run_local(job);
  ASSERT_EQ(st.iterations, 3);
  for (size_t i = 0; i < st.sum.size(); ++i) {
    const double games = st.sum[i] / 6.0;
    EXPECT_DOUBLE_EQ(games, std::round(games)) << "candidate " << i << " sum " << st.sum[i];
  }
  expect_same(run_local(job, 0.05), st);  // sliced or not, the same playouts
}

// How many setup iterations each level and setting gets (AiConfig::setup_iterations).
TEST(SetupSearch, IterationsPerLevel) {
  struct Case {
    AiLevel level;
    int setup_iterations, budget_ms, max_iterations, want;
  };
  const Case cases[] = {
      {AiLevel::Hard, -1, 1000, 0, 0},  // Hard: its lookahead unless asked
      {AiLevel::Hard, 16, 1000, 0, 16},
      {AiLevel::Expert, -1, 1000, 0, kExpertSetupIterations},  // the app's default second
      {AiLevel::Expert, -1, 5000, 0, kExpertSetupIterations},
      {AiLevel::Expert, -1, 250, 0, kExpertSetupIterations / 4},
      {AiLevel::Expert, -1, 10, 0, 1},
      {AiLevel::Expert, -1, 10, 96, 64},  // two thirds of a fixed count
      {AiLevel::Expert, 0, 1000, 96, 0},
      {AiLevel::Master, -1, 3000, 0, kSetupWholeBudget},
      {AiLevel::Master, -1, 3000, 1536, 1024},
  };
  for (const Case& k : cases) {
    AiConfig c;
    c.level = k.level;
    c.setup_iterations = k.setup_iterations;
    c.budget_ms = k.budget_ms;
    c.max_iterations = k.max_iterations;
    EXPECT_EQ(setup_search_iterations(c), k.want)
        << ai_level_name(k.level) << " setup " << k.setup_iterations << " budget " << k.budget_ms
        << " iterations " << k.max_iterations;
  }
}

// Expert's setup placements: legal, the same for the same seed, the same with a pool as alone
// (the browser's Web Workers run this), and not always the setup rule's choice.
TEST(SetupSearch, ExpertPlacesTheSameAloneAndWithAPool) {
  int moved = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Game g(classic_options(), Seeds::both(seed));
    AiConfig c;
    c.level = AiLevel::Expert;
    c.max_iterations = 6;  // 4 setup iterations
    c.seed = seed;
    auto alone = make_bot(c);
    auto again = make_bot(c);
    c.setup_iterations = 0;
    auto rule = make_bot(c);
    c.setup_iterations = -1;
    c.pool = ai::make_thread_pool(2);
    auto pooled = make_bot(c);
    while (g.state().phase == Phase::SetupSettlement || g.state().phase == Phase::SetupRoad) {
      const int m = g.state().to_move();
      const Observation obs = observe(g.state(), m);
      const EventLog seen = g.visible_events(m);
      const Action a = alone->decide(obs, seen);
      ASSERT_EQ(again->decide(obs, seen), a);
      ASSERT_EQ(pooled->decide(obs, seen), a);
      if (g.state().phase == Phase::SetupSettlement && !(rule->decide(obs, seen) == a)) ++moved;
      std::string err;
      ASSERT_TRUE(g.apply(a, &err)) << a.to_string() << ": " << err;
    }
  }
  EXPECT_GT(moved, 0) << "the setup search never left the setup rule's choice";
}

TEST(SearchStats, MergeAddsAndTheRuleNeedsSignificance) {
  ai::RootStats a, b;
  a.reset(3);
  b.reset(3);
  // Candidate 1 is better than 0 by exactly 1 in every iteration: significant.
  for (int i = 0; i < 4; ++i) {
    a.sum[0] += 0, a.sum[1] += 1, a.sum[2] += 0.5;
    a.sq[1] += 1, a.sq[2] += 0.25;
  }
  a.iterations = 4;
  b = a;
  ASSERT_TRUE(a.merge(b));
  EXPECT_EQ(a.iterations, 8);
  EXPECT_DOUBLE_EQ(a.sum[1], 8);
  EXPECT_EQ(ai::choose_candidate(a, 1.0), 1);
  // Candidate 1 better on average but noisy: +-3 around +0.5.
  ai::RootStats n;
  n.reset(2);
  n.iterations = 4;
  n.sum[1] = 2;     // mean difference 0.5
  n.sq[1] = 4 * 9;  // sd about 3.4
  EXPECT_EQ(ai::choose_candidate(n, 1.0), 0);
  ai::RootStats other;
  other.reset(4);
  other.iterations = 1;
  EXPECT_FALSE(a.merge(other));
  EXPECT_EQ(ai::choose_candidate(ai::RootStats{}, 1.0), 0);
}

TEST(SearchStats, SharesSplitTheIterations) {
  int total = 0;
  for (int k = 0; k < 3; ++k) total += ai::share_of(100, k, 3);
  EXPECT_EQ(total, 100);
  EXPECT_EQ(ai::share_of(100, 0, 3), 34);
  EXPECT_EQ(ai::share_of(100, 2, 3), 33);
  EXPECT_EQ(ai::share_of(0, 1, 3), 0);
}

#ifndef __EMSCRIPTEN__
TEST_F(SearchTest, OneThreadComputesWhatTheCallingThreadComputes) {
  const ai::SearchJob job = job_for(*game_, 20, 4);
  auto pool = ai::make_thread_pool(3);
  ASSERT_TRUE(pool);
  ai::SearchJob one = job;
  one.searchers = 1;
  pool->begin(one);
  ai::RootStats merged;
  while (!pool->poll(&merged)) {
  }
  expect_same(merged, run_local(job));
}

TEST_F(SearchTest, ThreadsSplitAJobIntoItsShares) {
  const ai::SearchJob job = job_for(*game_, 30, 6);
  auto pool = ai::make_thread_pool(3);
  pool->begin(job);
  ai::RootStats merged;
  while (!pool->poll(&merged)) {
  }
  ai::RootStats want;
  want.reset(job.cands.size());
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(want.merge(run_local(ai::share_job(job, k, 3))));
  EXPECT_EQ(merged.iterations, 30);
  expect_same(merged, want);
}

TEST_F(SearchTest, ATimedJobStopsAtItsBudget) {
  ai::SearchJob job = job_for(*game_, 0, 8);
  job.budget_ms = 150;
  auto pool = ai::make_thread_pool(2);
  const auto t0 = std::chrono::steady_clock::now();
  pool->begin(job);
  ai::RootStats merged;
  while (!pool->poll(&merged)) {
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GT(merged.iterations, 0);
  EXPECT_LT(ms, 2000);  // generous: a loaded machine, sanitizers
}

TEST_F(SearchTest, CancelledJobsAreDropped) {
  ai::SearchJob job = job_for(*game_, 0, 8);
  job.budget_ms = 60000;
  auto pool = ai::make_thread_pool(2);
  pool->begin(job);
  pool->cancel();  // returns once the threads stopped
  ai::RootStats merged;
  EXPECT_FALSE(pool->poll(&merged));
  job.budget_ms = 0;
  job.iterations = 4;
  pool->begin(job);
  while (!pool->poll(&merged)) {
  }
  EXPECT_EQ(merged.iterations, 4);
}

// Expert with a pool takes one searcher, which computes what it computes alone: the same
// moves, decision after decision.
TEST_F(SearchTest, ExpertPlaysTheSameWithAPool) {
  AiConfig c;
  c.level = AiLevel::Expert;
  c.max_iterations = 16;
  c.seed = 3;
  auto alone = make_bot(c);
  c.pool = ai::make_thread_pool(2);
  auto pooled = make_bot(c);
  Game g = *game_;
  for (int i = 0; i < 12 && g.state().phase != Phase::GameOver; ++i) {
    const int m = g.state().to_move();
    const Observation obs = observe(g.state(), m);
    const Action a = alone->decide(obs, g.visible_events(m));
    const Action b = pooled->decide(obs, g.visible_events(m));
    ASSERT_EQ(a, b) << "decision " << i;
    std::string err;
    ASSERT_TRUE(g.apply(a, &err)) << err;
  }
}

// Seats share a match's pool: a decision abandoned half-way (the game moved on) gives way to
// the next seat's search, and the abandoned bot decides again later.
TEST_F(SearchTest, AbandonedDecisionsDoNotStopOtherSeats) {
  auto pool = std::shared_ptr<ai::SearchPool>(ai::make_thread_pool(2));
  AiConfig c;
  c.level = AiLevel::Master;
  c.budget_ms = 400;
  c.pool = pool;
  c.seed = 1;
  auto a = make_bot(c);
  c.seed = 2;
  auto b = make_bot(c);
  const int m = game_->state().to_move();
  const Observation obs = observe(game_->state(), m);
  const EventLog seen = game_->visible_events(m);
  a->start(obs, seen);
  a->step(1.0);  // a searches, then is abandoned
  b->start(obs, seen);
  while (!b->step(5.0)) {
  }
  a->start(obs, seen);
  while (!a->step(5.0)) {
  }
  std::string err;
  EXPECT_TRUE(is_legal(game_->state(), a->action(), &err)) << err;
  EXPECT_TRUE(is_legal(game_->state(), b->action(), &err)) << err;
}

// Master at Expert's budget on one thread is Expert: nothing is left for its second search.
TEST_F(SearchTest, MasterAtExpertsBudgetIsExpert) {
  AiConfig c;
  c.max_iterations = kExpertBudgetIterations;
  c.seed = 5;
  c.threads = 1;
  c.level = AiLevel::Expert;
  auto expert = make_bot(c);
  c.level = AiLevel::Master;
  auto master = make_bot(c);
  Game g = *game_;
  for (int i = 0; i < 8 && g.state().phase != Phase::GameOver; ++i) {
    const int m = g.state().to_move();
    const Observation obs = observe(g.state(), m);
    const Action a = expert->decide(obs, g.visible_events(m));
    ASSERT_EQ(master->decide(obs, g.visible_events(m)), a) << "decision " << i;
    std::string err;
    ASSERT_TRUE(g.apply(a, &err)) << err;
  }
}

TEST_F(SearchTest, MasterPlaysLegalMovesOnSeveralThreads) {
  AiConfig c;
  c.level = AiLevel::Master;
  c.max_iterations = 160;  // 96 for Expert's search, 64 to confirm a deviation
  c.threads = 2;
  c.seed = 11;
  auto bot = make_bot(c);
  Game g = *game_;
  for (int i = 0; i < 20 && g.state().phase != Phase::GameOver; ++i) {
    const int m = g.state().to_move();
    const Action a = bot->decide(observe(g.state(), m), g.visible_events(m));
    std::string err;
    ASSERT_TRUE(g.apply(a, &err)) << a.to_string() << ": " << err;
  }
}

// A match whose Expert and Master seats search in a pool: the frame loop never computes a
// search (each update() returns after its slice however long Master thinks), and the game
// goes on.
TEST(SearchSession, MasterThinksOffTheFrameLoop) {
  match::MatchConfig mc;
  mc.options = classic_options();
  mc.seeds = Seeds::both(21);
  const AiLevel levels[] = {AiLevel::Master, AiLevel::Expert, AiLevel::Hard, AiLevel::Master};
  for (int i = 0; i < 4; ++i) {
    mc.seats[i].kind = match::SeatKind::AI;
    mc.seats[i].ai.level = levels[i];
    mc.seats[i].name = "P" + std::to_string(i);
  }
  mc.ai_action_delay_s = 0.0;
  mc.master_think_ms = 300;
  match::Session session;
  session.set_search_pool(ai::make_thread_pool(2));
  session.start(mc);
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  double longest = 0;
  while (session.game().history().size() < 120 && session.state().phase != Phase::GameOver) {
    const double c0 = thread_cpu_ms();
    session.update(std::chrono::duration<double>(Clock::now() - t0).count(), 4.0);
    longest = std::max(longest, thread_cpu_ms() - c0);
    ASSERT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 240.0) << "stalled";
  }
  // Far below Master's 300 ms of search: the search runs on the pool's threads.
  EXPECT_LT(longest, 150.0);
}
#endif

}  // namespace
}  // namespace catan
