// Golden games: tests/golden/*.json, written by tools/make_golden, must be
// reproduced exactly, natively and in wasm under node:
//  - replaying the stored actions gives the stored state hash at every checkpoint and at
//    the end (state_hash.h: FNV-1a over a canonical field-by-field serialization);
//  - the policy that produced them (the seeded random player, or the AI bots of each level
//    with fixed iterations for Expert) chooses exactly the same actions again;
//  - Game::replay gives a state equal to the step-by-step one.
// A failure after an intended rule/AI change: regenerate with tools/make_golden and commit
// the new files with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rules.h"
#include "tests/engine/golden_common.h"
#include "tests/engine/state_hash.h"

namespace catan {
namespace {

namespace fs = std::filesystem;
using testing_support::GoldenSpec;
using testing_support::hash_hex;
using testing_support::state_hash;

fs::path golden_dir() {
  if (const char* env = std::getenv("CATAN_GOLDEN_DIR")) return env;
  // __FILE__ is absolute in our CMake builds (native and emscripten with NODERAWFS).
  return fs::path(__FILE__).parent_path().parent_path() / "golden";
}

std::vector<fs::path> golden_files() {
  std::vector<fs::path> v;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(golden_dir(), ec))
    if (e.path().extension() == ".json") v.push_back(e.path());
  std::sort(v.begin(), v.end());
  return v;
}

nlohmann::json read_json(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return nlohmann::json::parse(ss.str());
}

TEST(Golden, FilesExist) {
  const auto files = golden_files();
  ASSERT_FALSE(files.empty()) << "no golden games in " << golden_dir()
                              << " (generate them with tools/make_golden)";
  // Every level and both presets are covered.
  bool random = false, ai = false;
  for (const auto& f : files) {
    const auto j = read_json(f);
    (j.at("spec").at("policy") == "ai" ? ai : random) = true;
  }
  EXPECT_TRUE(random);
  EXPECT_TRUE(ai);
}

class GoldenGame : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenGame, Reproduces) {
  const fs::path file = golden_dir() / (GetParam() + ".json");
  const nlohmann::json j = read_json(file);
  GoldenSpec spec;
  std::string error;
  ASSERT_TRUE(testing_support::spec_from_json(j.at("spec"), &spec, &error)) << error;
  GameOptions options;
  ASSERT_TRUE(testing_support::build_options(spec, &options, &error)) << error;
  const auto stored = j.at("actions").get<std::vector<std::string>>();
  const auto& checkpoints = j.at("checkpoints");

  // 1. Replay the stored action list; hashes match at every checkpoint and at the end.
  Game game(options, spec.seed);
  EXPECT_EQ(hash_hex(state_hash(game.state())), checkpoints.at("0").get<std::string>())
      << "the initial state differs (board generation, deck shuffle, first player)";
  std::vector<Action> parsed;
  for (size_t i = 0; i < stored.size(); ++i) {
    std::string why;
    auto a = Action::parse(stored[i], &why);
    ASSERT_TRUE(a.has_value()) << "action " << i << " '" << stored[i] << "': " << why;
    ASSERT_EQ(a->to_string(), stored[i]);
    ASSERT_TRUE(game.apply(*a, &why)) << "action " << i << " '" << stored[i] << "': " << why;
    parsed.push_back(*a);
    const std::string inv = check_invariants(game.state());
    ASSERT_EQ(inv, "") << "after action " << i << " '" << stored[i] << "'";
    const std::string key = std::to_string(i + 1);
    if (checkpoints.contains(key)) {
      ASSERT_EQ(hash_hex(state_hash(game.state())), checkpoints.at(key).get<std::string>())
          << "state differs after action " << i << " '" << stored[i] << "'";
    }
  }
  EXPECT_EQ(hash_hex(state_hash(game.state())), j.at("final_hash").get<std::string>());
  EXPECT_EQ(phase_name(game.state().phase), j.at("final").at("phase").get<std::string>());
  EXPECT_EQ(game.state().winner, j.at("final").at("winner").get<int>());

  // 2. Game::replay gives the same state, field by field.
  Game replayed;
  ASSERT_TRUE(Game::replay(options, spec.seed, parsed, &replayed, &error)) << error;
  EXPECT_TRUE(replayed.state() == game.state());

  // 3. The policy (random player or AI bots) makes exactly the same choices again.
  Game again(options, spec.seed);
  std::vector<std::string> chosen;
  ASSERT_TRUE(testing_support::play_golden(spec, &again, &chosen, &error)) << error;
  ASSERT_EQ(chosen.size(), stored.size()) << spec.policy << " policy played a different game";
  for (size_t i = 0; i < stored.size(); ++i)
    ASSERT_EQ(chosen[i], stored[i]) << spec.policy << " policy diverged at action " << i;
  EXPECT_TRUE(again.state() == game.state());
}

std::vector<std::string> golden_names() {
  std::vector<std::string> v;
  for (const auto& f : golden_files()) v.push_back(f.stem().string());
  return v;
}

INSTANTIATE_TEST_SUITE_P(Files, GoldenGame, ::testing::ValuesIn(golden_names()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenGame);

TEST(Golden, HashIsSensitiveToEveryStep) {
  // The hash changes with the seed, and with one applied action.
  GameState a = new_game(classic_options(), 1);
  GameState b = new_game(classic_options(), 2);
  EXPECT_NE(state_hash(a), state_hash(b));
  GameState c = a;
  EXPECT_EQ(state_hash(a), state_hash(c));
  auto legal = legal_actions(c);
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(apply(c, legal.front()));
  EXPECT_NE(state_hash(a), state_hash(c));
}

}  // namespace
}  // namespace catan
