// make_golden: (re)generates tests/golden/*.json, the golden games (docs/HARDENING.md).
// Never run by the tests. Run it after an intended rule or AI change, review the diff
// (which games changed and why), and commit the new files with that explanation:
//
//   build/native-release/tools/make_golden [output-dir]     (default: <source>/tests/golden)
//
// Each file holds the spec (options, seed, policy, bots), the action list, a state hash
// every kCheckpointEvery actions and the final state hash (tests/engine/state_hash.h).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/state.h"
#include "tests/engine/golden_common.h"
#include "tests/engine/state_hash.h"

using namespace catan;
using namespace catan::testing_support;

namespace {

constexpr int kCheckpointEvery = 50;

using OptionList = std::vector<std::pair<std::string, std::string>>;

GoldenSpec random_game(std::string name, std::string description, uint64_t seed,
                       OptionList options) {
  GoldenSpec s;
  s.name = std::move(name);
  s.description = std::move(description);
  s.seed = seed;
  s.options = std::move(options);
  s.policy = "random";
  return s;
}

GoldenSpec ai_game(std::string name, std::string description, uint64_t seed, OptionList options,
                   AiLevel level, int players, int max_actions) {
  GoldenSpec s = random_game(std::move(name), std::move(description), seed, std::move(options));
  s.policy = "ai";
  s.max_actions = max_actions;
  const Personality personalities[] = {Personality::Balanced, Personality::Trader,
                                       Personality::Aggressor, Personality::Builder};
  for (int i = 0; i < players; ++i) {
    AiConfig c;
    c.level = level;
    c.personality = personalities[i % 4];
    c.budget_ms = 1000;
    // Expert thinks for a fixed number of iterations so its decisions are reproducible.
    c.max_iterations = level == AiLevel::Expert ? 48 : 0;
    c.seed = seed * 10 + static_cast<uint64_t>(i) + 1;
    s.bots.push_back(c);
  }
  return s;
}

std::vector<GoldenSpec> golden_specs() {
  using P = OptionList;
  std::vector<GoldenSpec> v;
  v.push_back(random_game("classic4_balanced", "classic, 4 players, balanced board (default)", 101,
                          P{{"preset", "classic"}, {"players", "4"}, {"board", "balanced"}}));
  v.push_back(random_game("classic3_official", "classic, 3 players, official spiral board", 202,
                          P{{"preset", "classic"}, {"players", "3"}, {"board", "official"}}));
  v.push_back(random_game(
      "classic4_beginner_balanced_dice", "classic, 4 players, beginner island, balanced dice deck",
      303,
      P{{"preset", "classic"}, {"players", "4"}, {"board", "beginner"}, {"dice", "balanced"}}));
  v.push_back(random_game(
      "classic3_random_blitz", "classic, 3 players, random board, Blitz 7 VP", 404,
      P{{"preset", "classic"}, {"players", "3"}, {"board", "random"}, {"mode", "blitz"}}));
  v.push_back(random_game("classic4_epic_mist", "classic, 4 players, Epic 13 VP, mist", 505,
                          P{{"preset", "classic"},
                            {"players", "4"},
                            {"board", "official"},
                            {"mode", "epic"},
                            {"visibility", "mist"}}));
  v.push_back(random_game("classic2_terra_incognita",
                          "classic, 2 players (option), terra incognita, balanced dice", 606,
                          P{{"preset", "classic"},
                            {"players", "2"},
                            {"visibility", "terra_incognita"},
                            {"dice", "balanced"}}));
  v.push_back(random_game("arena4", "arena preset, 4 players", 707, P{{"preset", "arena"}}));
  v.push_back(random_game("arena4_b", "arena preset, another seed", 808, P{{"preset", "arena"}}));
  v.push_back(random_game(
      "classic4_blitz_beginner", "classic, 4 players, beginner, Blitz", 909,
      P{{"preset", "classic"}, {"players", "4"}, {"board", "beginner"}, {"mode", "blitz"}}));

  // One golden AI game per level (all seats that level), alternating presets and player
  // counts; capped in length so the suite stays fast natively and under node.
  const P classic4{{"preset", "classic"}, {"players", "4"}};
  const P classic3{{"preset", "classic"}, {"players", "3"}};
  const P arena{{"preset", "arena"}};
  v.push_back(ai_game("ai_random_classic4", "AI level random, classic 4p", 11, classic4,
                      AiLevel::Random, 4, 3000));
  v.push_back(ai_game("ai_easy_arena4", "AI level easy, arena", 12, arena, AiLevel::Easy, 4, 3000));
  v.push_back(ai_game("ai_normal_classic3", "AI level normal, classic 3p", 13, classic3,
                      AiLevel::Normal, 3, 3000));
  v.push_back(ai_game("ai_hard_classic4", "AI level hard, classic 4p", 14, classic4, AiLevel::Hard,
                      4, 3000));
  v.push_back(ai_game("ai_expert_arena4", "AI level expert (48 iterations), arena, capped", 15,
                      arena, AiLevel::Expert, 4, 400));
  // Master on one searcher (its value network scores the confirming playouts), so the game is
  // the same natively and in wasm; a short setup search keeps it fast.
  GoldenSpec master = ai_game("ai_master_classic4",
                              "AI level master (120 iterations: 96, then 24 confirming; setup "
                              "search 6), classic 4p, capped",
                              16, classic4, AiLevel::Master, 4, 300);
  for (AiConfig& c : master.bots) {
    c.max_iterations = 120;
    c.threads = 1;
    c.setup_iterations = 6;
  }
  v.push_back(master);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  fs::path out_dir = argc > 1 ? fs::path(argv[1])
                              : fs::path(__FILE__).parent_path().parent_path() / "tests/golden";
  fs::create_directories(out_dir);
  int failures = 0;
  for (const GoldenSpec& spec : golden_specs()) {
    GameOptions o;
    std::string error;
    if (!build_options(spec, &o, &error)) {
      std::fprintf(stderr, "%s: bad options: %s\n", spec.name.c_str(), error.c_str());
      ++failures;
      continue;
    }
    Game game(o, spec.seed);
    std::vector<std::string> actions;
    nlohmann::json checkpoints = nlohmann::json::object();
    checkpoints["0"] = hash_hex(state_hash(game.state()));
    const bool ok = play_golden(spec, &game, &actions, &error, [&](int i) {
      const int n = i + 1;
      if (n % kCheckpointEvery == 0)
        checkpoints[std::to_string(n)] = hash_hex(state_hash(game.state()));
    });
    if (!ok) {
      std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), error.c_str());
      ++failures;
      continue;
    }
    const GameState& s = game.state();
    nlohmann::json j;
    j["format"] = "catan-golden-1";
    j["spec"] = spec_to_json(spec);
    j["num_actions"] = actions.size();
    j["actions"] = actions;
    j["checkpoint_every"] = kCheckpointEvery;
    j["checkpoints"] = checkpoints;
    j["final_hash"] = hash_hex(state_hash(s));
    j["final"] = {
        {"phase", phase_name(s.phase)}, {"winner", s.winner}, {"turn", s.turn}, {"rolls", s.rolls}};
    const fs::path file = out_dir / (spec.name + ".json");
    std::ofstream f(file);
    f << j.dump(1) << "\n";
    std::printf("%-34s %6zu actions  phase %-12s winner %2d  hash %s\n", spec.name.c_str(),
                actions.size(), phase_name(s.phase), s.winner, hash_hex(state_hash(s)).c_str());
  }
  return failures ? 1 : 0;
}
