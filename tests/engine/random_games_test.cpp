// Seeded random games in every preset and player count: after every action the invariants
// hold, a copy equals the original, the legal list is non-empty until the game is over,
// every listed action is legal and applies, and Game::replay is bit-identical.
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/observation.h"
#include "engine/rules.h"

namespace catan {
namespace {

struct Config {
  const char* name;
  GameOptions options;
  int games;
};

void play(const GameOptions& o, uint64_t seed, bool check_all_listed) {
  Game g(o, seed);
  Rng pick{seed * 31 + 7};
  std::vector<Action> legal;
  int steps = 0;
  while (g.state().phase != Phase::GameOver && steps < 20000) {
    legal_actions(g.state(), legal);
    ASSERT_FALSE(legal.empty()) << "seed " << seed << " phase " << phase_name(g.state().phase);
    if (check_all_listed)
      for (const Action& a : legal) {
        std::string why;
        ASSERT_TRUE(is_legal(g.state(), a, &why)) << a.to_string() << ": " << why;
        GameState c = g.state();
        ASSERT_TRUE(apply(c, a)) << a.to_string();
      }
    // Offers are down-weighted so that random games end.
    Action a = legal[pick.below(static_cast<uint32_t>(legal.size()))];
    if (a.type == ActionType::OfferTrade && pick.below(8) != 0)
      a = legal[pick.below(static_cast<uint32_t>(legal.size()))];
    if (a.type == ActionType::OfferTrade && pick.below(4) != 0) a = legal.back();
    const GameState before = g.state();
    std::string err;
    ASSERT_TRUE(g.apply(a, &err)) << a.to_string() << ": " << err;
    ASSERT_EQ(check_invariants(g.state()), "")
        << "seed " << seed << " step " << steps << " after " << a.to_string();
    const GameState copy = g.state();
    ASSERT_TRUE(copy == g.state());
    ASSERT_FALSE(before == g.state()) << "an action changed nothing: " << a.to_string();
    ASSERT_EQ(Action::parse(a.to_string()), a);
    // A seat sees its own cards, except face down while the island is hidden (docs/RULES.md,
    // visibility).
    if (steps % 64 == 0 && g.state().to_move() >= 0 && !island_hidden(g.state())) {
      const Observation ob = observe(g.state(), g.state().to_move());
      ASSERT_EQ(ob.view.players[ob.seat < 0 ? 0 : ob.seat].resources,
                g.state().players[ob.seat < 0 ? 0 : ob.seat].resources);
    }
    ++steps;
  }
  ASSERT_EQ(g.state().phase, Phase::GameOver) << "seed " << seed << " did not finish";
  ASSERT_GE(g.state().winner, 0);
  legal_actions(g.state(), legal);
  ASSERT_TRUE(legal.empty());
  Game r;
  std::string err;
  ASSERT_TRUE(Game::replay(o, seed, g.history(), &r, &err)) << err;
  ASSERT_TRUE(r.state() == g.state()) << "replay differs, seed " << seed;
  ASSERT_EQ(r.events(), g.events());
}

GameOptions with_players(GameOptions o, int n) {
  o.players = static_cast<uint8_t>(n);
  return o;
}

TEST(RandomGames, AllPresets) {
  GameOptions official = classic_options();
  official.board = LayoutKind::Official;
  official.dice = DiceMode::Balanced;
  GameOptions blitz = with_players(classic_options(), 3);
  set_mode(blitz, Mode::Blitz);
  blitz.visibility = Visibility::TerraIncognita;
  GameOptions arena_offers = arena_options();
  const Config configs[] = {
      {"classic 4p", classic_options(), 30},
      {"classic 3p", with_players(classic_options(), 3), 20},
      {"classic 2p", with_players(classic_options(), 2), 20},
      {"official balanced dice 4p", official, 15},
      {"blitz 3p", blitz, 15},
      {"arena 4p", arena_offers, 30},
  };
  uint64_t seed = 1;
  for (const Config& c : configs) {
    SCOPED_TRACE(c.name);
    for (int i = 0; i < c.games; ++i) {
      play(c.options, seed, i < 3);
      if (::testing::Test::HasFatalFailure()) return;
      ++seed;
    }
  }
}

// An illegal action in the arena ends the match by forfeit, and the history replays it.
TEST(RandomGames, ArenaForfeitReplays) {
  Game g(arena_options(), 5);
  std::vector<Action> legal;
  for (int i = 0; i < 30; ++i) {
    legal_actions(g.state(), legal);
    ASSERT_TRUE(g.apply(legal[0]));
  }
  std::string err;
  EXPECT_FALSE(g.apply(Action::simple(ActionType::BuildCity, 0), &err));
  EXPECT_EQ(g.state().phase, Phase::GameOver);
  Game r;
  ASSERT_TRUE(Game::replay(arena_options(), 5, g.history(), &r, &err)) << err;
  EXPECT_TRUE(r.state() == g.state());
}

}  // namespace
}  // namespace catan
