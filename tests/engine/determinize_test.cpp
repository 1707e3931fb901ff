// Card counting and determinization (engine/ai/eval.cpp), the AIs' view of what they cannot
// see: a determinization keeps everything the seat sees and resamples only the rest, so the
// multisets of the remaining cards and balanced-dice outcomes are preserved
// (docs/RULES.md, hidden information).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/ai/analysis.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/options.h"
#include "engine/rules.h"
#include "tests/engine/random_play.h"

namespace catan {
namespace {

struct Case {
  const char* name;
  int players;
  DiceMode dice;
};

GameOptions options_for(const Case& c) {
  GameOptions o = classic_options();
  o.players = c.players;
  o.dice = c.dice;
  return o;
}

std::array<int, kNumDevCardTypes> unseen_dev_cards(const GameState& s, int me) {
  std::array<int, kNumDevCardTypes> n{};
  for (int p = 0; p < s.num_players; ++p)
    if (p != me)
      for (int d = 0; d < kNumDevCardTypes; ++d) n[d] += s.players[p].dev_cards[d];
  for (int i = s.deck_pos; i < kDevDeckSize; ++i) ++n[static_cast<int>(s.deck[i])];
  return n;
}

std::vector<uint8_t> sorted_remaining_dice(const GameState& s) {
  std::vector<uint8_t> v(s.dice_deck.begin() + std::min<int>(s.dice_pos, 36), s.dice_deck.end());
  std::sort(v.begin(), v.end());
  return v;
}

// Checks one determinization of seat `me`'s view against the true state.
void check_determinization(const GameState& truth, const GameState& d, int me) {
  const int n = truth.num_players;
  // What the seat sees is kept: its own hand and cards, the bank, the board, the public
  // development cards, the deck position, the rolled dice.
  EXPECT_EQ(d.players[me], truth.players[me]);
  EXPECT_EQ(d.bank, truth.bank);
  EXPECT_EQ(d.vertex_owner, truth.vertex_owner);
  EXPECT_EQ(d.edge_owner, truth.edge_owner);
  EXPECT_EQ(d.robber_hex, truth.robber_hex);
  EXPECT_EQ(d.deck_pos, truth.deck_pos);
  EXPECT_EQ(d.dice_pos, truth.dice_pos);
  for (int p = 0; p < n; ++p) {
    EXPECT_EQ(d.hand_size(p), truth.hand_size(p)) << "seat " << p;
    EXPECT_EQ(d.dev_hand_size(p), truth.dev_hand_size(p)) << "seat " << p;
    EXPECT_EQ(d.players[p].dev_played, truth.players[p].dev_played);
  }
  // The resource multiset: every resource still totals 19 over the hands and the bank.
  for (int r = 0; r < kNumResources; ++r) {
    int t = d.bank[r];
    for (int p = 0; p < n; ++p) t += d.players[p].resources[r];
    EXPECT_EQ(t, kBankPerResource) << resource_name(static_cast<Resource>(r));
  }
  // The unseen development cards (others' hands and the deck) are the same multiset.
  EXPECT_EQ(unseen_dev_cards(d, me), unseen_dev_cards(truth, me));
  // Balanced dice: the rolled outcomes stay, the remaining ones are the same multiset.
  if (truth.options.dice == DiceMode::Balanced && truth.dice_pos < 36) {
    EXPECT_TRUE(std::equal(d.dice_deck.begin(), d.dice_deck.begin() + truth.dice_pos,
                           truth.dice_deck.begin()));
    EXPECT_EQ(sorted_remaining_dice(d), sorted_remaining_dice(truth));
  }
}

class Determinize : public ::testing::TestWithParam<Case> {};

TEST_P(Determinize, KeepsWhatTheSeatSeesAndPreservesTheMultisets) {
  const Case c = GetParam();
  Rng play;
  play.state = 31;
  Rng ai_rng;
  ai_rng.state = 7;
  int checked = 0, balanced_mid_deck = 0;
  for (int game = 0; game < 4; ++game) {
    Game g(options_for(c), 500 + game);
    for (int step = 0; step < 40 && g.state().phase != Phase::GameOver; ++step) {
      testing_support::play_random_actions(g, play, 1 + static_cast<int>(play.below(30)));
      const GameState& s = g.state();
      for (int me = 0; me < s.num_players; ++me) {
        const Observation obs = observe(s, me);
        const ai::Beliefs b = ai::count_cards(obs, g.visible_events(me));
        const GameState d = ai::determinize(obs, &b, ai_rng);
        check_determinization(s, d, me);
        ++checked;
        balanced_mid_deck += c.dice == DiceMode::Balanced && s.dice_pos > 0 && s.dice_pos < 36;
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_GT(checked, 100);
  if (c.dice == DiceMode::Balanced) {
    EXPECT_GT(balanced_mid_deck, 10);
  }
}

// The remaining balanced-dice outcomes are resampled: over many determinizations the next
// roll takes every outcome still in the deck, and never one already rolled.
TEST(Determinize, BalancedDiceDrawOnlyTheRemainingOutcomes) {
  Case c{"balanced", 4, DiceMode::Balanced};
  Game g(options_for(c), 77);
  Rng play;
  play.state = 3;
  while (g.state().phase == Phase::GameOver || g.state().dice_pos < 20 ||
         g.state().dice_pos >= 30) {
    ASSERT_NE(g.state().phase, Phase::GameOver);
    testing_support::play_random_actions(g, play, 1);
  }
  const GameState& s = g.state();
  std::vector<int> remaining(36, 0);
  for (int i = s.dice_pos; i < 36; ++i) ++remaining[s.dice_deck[i]];
  const Observation obs = observe(s, 0);
  Rng rng;
  rng.state = 11;
  std::vector<int> next(36, 0);
  for (int k = 0; k < 2000; ++k) {
    const GameState d = ai::determinize(obs, nullptr, rng);
    ++next[d.dice_deck[d.dice_pos]];
  }
  for (int o = 0; o < 36; ++o) {
    if (remaining[o] == 0) {
      EXPECT_EQ(next[o], 0) << "outcome " << o << " was already rolled";
    } else {
      EXPECT_GT(next[o], 0) << "outcome " << o << " is still in the deck";
    }
  }
}

// Card counting: the seat's own hand is exact, no expected count is negative, each resource
// totals 19 with the bank (the fitting's last step), and every expected hand comes within a
// third of a card of the seat's hand size (12 rounds of proportional fitting).
TEST(CountCards, ExpectedHandsAgreeWithTheCounts) {
  for (const Case& c : {Case{"four", 4, DiceMode::Random}, Case{"three", 3, DiceMode::Balanced}}) {
    Rng play;
    play.state = 5;
    Game g(options_for(c), 900);
    int checked = 0;
    for (int step = 0; step < 60 && g.state().phase != Phase::GameOver; ++step) {
      testing_support::play_random_actions(g, play, 1 + static_cast<int>(play.below(25)));
      const GameState& s = g.state();
      for (int me = 0; me < s.num_players; ++me) {
        const Observation obs = observe(s, me);
        const ai::Beliefs b = ai::count_cards(obs, g.visible_events(me));
        for (int p = 0; p < s.num_players; ++p) {
          double tot = 0;
          for (int r = 0; r < kNumResources; ++r) {
            EXPECT_GE(b.hand[p][r], -1e-9);
            tot += b.hand[p][r];
          }
          EXPECT_NEAR(tot, s.hand_size(p), 0.34) << c.name << " seat " << p << " by " << me;
        }
        for (int r = 0; r < kNumResources; ++r) {
          EXPECT_NEAR(b.hand[me][r], s.players[me].resources[r], 1e-9);
          double t = s.bank[r];
          for (int p = 0; p < s.num_players; ++p) t += b.hand[p][r];
          EXPECT_NEAR(t, kBankPerResource, 1e-6) << c.name << " " << r;
        }
        ++checked;
      }
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_GT(checked, 50);
  }
}

INSTANTIATE_TEST_SUITE_P(Games, Determinize,
                         ::testing::Values(Case{"four_random_dice", 4, DiceMode::Random},
                                           Case{"four_balanced_dice", 4, DiceMode::Balanced},
                                           Case{"three_balanced_dice", 3, DiceMode::Balanced},
                                           Case{"two_random_dice", 2, DiceMode::Random}),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

}  // namespace
}  // namespace catan
