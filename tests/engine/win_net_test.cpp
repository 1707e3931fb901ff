// The value network (engine/ai/win_net.h): its exponential gives std::exp's values from basic
// operations only, the embedded weights fit the features they read, its chances are a softmax
// over the seats in the game, and on Hard games it was not trained on it predicts the winner
// better than the linear win model on the same features.
#include "engine/ai/win_net.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/coach/win_model.h"
#include "engine/game.h"
#include "engine/options.h"
#include "match/runner.h"
#include "tests/engine/bot_game.h"

namespace catan {
namespace {

using testing_support::bot_game;
const std::vector<AiLevel> kFourHard{AiLevel::Hard, AiLevel::Hard, AiLevel::Hard, AiLevel::Hard};
// Four logits and the first chance of GivesTheSameBitsOnEveryPlatform's position.
constexpr const char* kPinned =
    "-0x1.339ce3eb85894p-2 -0x1.d635cec8c6247p-1 0x1.1ae028cd5b799p-2 0x1.f29c6c02caf29p-3 / "
    "0x1.963546ca6df85p-3";

TEST(WinNet, DetExpIsExp) {
  for (double x = -80; x <= 80; x += 0.173) {
    const double want = std::exp(x);
    EXPECT_LE(std::fabs(ai::det_exp(x) - want), 1e-14 * want) << x;
  }
  EXPECT_EQ(ai::det_exp(0), 1.0);
  EXPECT_EQ(ai::det_exp(-701), 0.0);
  EXPECT_EQ(ai::det_exp(std::numeric_limits<double>::quiet_NaN()), 0.0);
  EXPECT_TRUE(std::isfinite(ai::det_exp(1e6)));
}

TEST(WinNet, TheWeightsFitTheFeatures) {
  const ai::WinNetWeights& w = ai::win_net_weights();
  for (int j = 0; j < ai::kNumWinFeatures; ++j) {
    EXPECT_STREQ(w.feature_names[j], ai::kWinFeatureNames[j]);
    EXPECT_TRUE(std::isfinite(w.mean[j]));
    EXPECT_GT(w.stdev[j], 0.0);
  }
  ASSERT_GE(w.num_layers, 1);
  int width = 3 * ai::kNumWinFeatures;
  for (int l = 0; l < w.num_layers; ++l) {
    EXPECT_EQ(w.layers[l].inputs, width) << "layer " << l;
    EXPECT_LE(w.layers[l].outputs, 256);
    width = w.layers[l].outputs;
  }
  EXPECT_EQ(width, 1);
  EXPECT_GT(ai::win_net_parameters(), 3 * ai::kNumWinFeatures);
  EXPECT_GT(std::strlen(w.provenance), 0u);
}

TEST(WinNet, ChancesAreASoftmaxOverTheSeatsInTheGame) {
  Game g = bot_game(41, kFourHard, 260);
  ASSERT_EQ(g.state().winner, -1);
  GameState s = g.state();
  const ai::HandCounts counts = ai::hand_counts(s);
  const ai::SeatValues z = ai::win_net_logits(s, counts);
  const ai::SeatValues c = ai::win_net_chances(s, counts);
  double sum = 0;
  for (int p = 0; p < 4; ++p) {
    EXPECT_GT(c[p], 0.0);
    sum += c[p];
    for (int q = 0; q < 4; ++q) EXPECT_EQ(z[p] > z[q], c[p] > c[q]) << p << " " << q;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_NEAR(c[0] / c[1], std::exp(z[0] - z[1]), 1e-9);
  // A forfeited seat has no chance; the others share it all.
  s.players[2].forfeited = true;
  const ai::SeatValues f = ai::win_net_chances(s, counts);
  EXPECT_EQ(f[2], 0.0);
  EXPECT_NEAR(f[0] + f[1] + f[3], 1.0, 1e-12);
}

// Games the net was not trained on (they came from fit_win_model's seed 11): at the first
// roll of every turn, the mean log-loss of the winner's predicted chance.
TEST(WinNet, PredictsTheWinnerBetterThanTheLinearModel) {
  double net = 0, linear = 0;
  int positions = 0, games = 0;
  for (uint64_t seed = 9001; games < 100; ++seed) {
    Game g(classic_options(), seed);
    std::vector<AiConfig> cfgs(4);
    for (int s = 0; s < 4; ++s) {
      cfgs[s].level = AiLevel::Hard;
      cfgs[s].seed = mix_seed(seed, 200 + s);
    }
    std::vector<GameState> seen;
    int last_turn = -1;
    match::RunLimits lim;
    lim.max_actions = 4000;
    match::play_bots(g, match::make_bots(cfgs), lim, [&](const match::Decision&) {
      const GameState& st = g.state();
      if (st.phase != Phase::Roll || st.turn == last_turn) return;
      last_turn = st.turn;
      seen.push_back(st);
    });
    const int winner = g.state().winner;
    if (winner < 0) continue;
    ++games;
    for (const GameState& st : seen) {
      const ai::HandCounts counts = ai::hand_counts(st);
      net -= std::log(ai::win_net_chances(st, counts)[winner]);
      linear -= std::log(coach::linear_win_chances(st, counts)[winner]);
      ++positions;
    }
  }
  ASSERT_GT(positions, 5000);
  net /= positions;
  linear /= positions;
  RecordProperty("net_log_loss", std::to_string(net));
  RecordProperty("linear_log_loss", std::to_string(linear));
  EXPECT_LT(net, linear) << "net " << net << ", linear " << linear << " over " << positions;
  EXPECT_LT(net, 1.2);
}

// The same position gives the same bits natively and in wasm (the engine tests run in both).
// The values belong to the embedded weights: a new net prints its own here.
TEST(WinNet, GivesTheSameBitsOnEveryPlatform) {
  Game g = bot_game(41, kFourHard, 260);
  const GameState& s = g.state();
  const ai::SeatValues z = ai::win_net_logits(s, ai::hand_counts(s));
  const ai::SeatValues c = ai::win_net_chances(s, ai::hand_counts(s));
  char got[160];
  std::snprintf(got, sizeof got, "%a %a %a %a / %a", z[0], z[1], z[2], z[3], c[0]);
  EXPECT_STREQ(got, kPinned) << ai::win_net_weights().provenance;
}

}  // namespace
}  // namespace catan
