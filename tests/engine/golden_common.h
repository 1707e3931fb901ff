// Golden games: the specification of a golden game and the two deterministic
// players that produce its action list (a seeded random policy, or AI bots). Shared by
// tools/make_golden (which writes tests/golden/*.json) and tests/engine/golden_test.cpp
// (which replays the stored actions and re-runs the players to check they reproduce).
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/options.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "match/runner.h"

namespace catan::testing_support {

struct GoldenSpec {
  std::string name;
  std::string description;
  uint64_t seed = 1;
  // key=value pairs for set_option(), applied in order; "preset" selects the base options.
  std::vector<std::pair<std::string, std::string>> options;
  std::string policy = "random";  // "random" | "ai"
  std::vector<AiConfig> bots;     // policy "ai": one per seat
  int max_actions = 20000;        // stop here even if the game is not over
};

// Options from a spec. false + *error if a key or value is rejected.
inline bool build_options(const GoldenSpec& spec, GameOptions* out, std::string* error) {
  GameOptions o = classic_options();
  for (const auto& [k, v] : spec.options) {
    if (k == "preset") {
      if (v == "arena") {
        o = arena_options();
      } else if (v == "classic") {
        o = classic_options();
      } else {
        if (error) *error = "unknown preset " + v;
        return false;
      }
      continue;
    }
    if (!set_option(o, k, v, error)) return false;
  }
  if (!validate(o, error)) return false;
  *out = o;
  return true;
}

// The seeded random policy: uniform over the legal actions, except that player-trade
// offers are only taken one time in 16 (otherwise random games are mostly trade chatter).
inline Action random_policy_choice(const std::vector<Action>& legal, Rng& rng) {
  std::vector<const Action*> plain, offers;
  for (const Action& a : legal) (a.type == ActionType::OfferTrade ? offers : plain).push_back(&a);
  if (!offers.empty() && (plain.empty() || rng.below(16) == 0))
    return *offers[rng.below(static_cast<uint32_t>(offers.size()))];
  return *plain[rng.below(static_cast<uint32_t>(plain.size()))];
}

// JSON form of a spec (the "spec" object of a golden file).
inline nlohmann::json spec_to_json(const GoldenSpec& s) {
  nlohmann::json j;
  j["name"] = s.name;
  j["description"] = s.description;
  j["seed"] = s.seed;
  j["options"] = nlohmann::json::array();
  for (const auto& [k, v] : s.options) j["options"].push_back({k, v});
  j["policy"] = s.policy;
  j["max_actions"] = s.max_actions;
  j["bots"] = nlohmann::json::array();
  for (const AiConfig& c : s.bots) {
    nlohmann::json b = {{"level", ai_level_name(c.level)},
                        {"personality", personality_name(c.personality)},
                        {"budget_ms", c.budget_ms},
                        {"max_iterations", c.max_iterations},
                        {"seed", c.seed}};
    // Master's searchers and setup iterations, where a spec sets them (a fixed count of
    // searchers keeps its decisions the same on every machine).
    if (c.threads > 0) b["threads"] = c.threads;
    if (c.setup_iterations >= 0) b["setup_iterations"] = c.setup_iterations;
    j["bots"].push_back(b);
  }
  return j;
}

inline bool spec_from_json(const nlohmann::json& j, GoldenSpec* out, std::string* error) {
  try {
    GoldenSpec s;
    s.name = j.at("name").get<std::string>();
    s.description = j.value("description", "");
    s.seed = j.at("seed").get<uint64_t>();
    for (const auto& kv : j.at("options"))
      s.options.emplace_back(kv.at(0).get<std::string>(), kv.at(1).get<std::string>());
    s.policy = j.at("policy").get<std::string>();
    s.max_actions = j.at("max_actions").get<int>();
    for (const auto& b : j.at("bots")) {
      AiConfig c;
      if (!parse_ai_level(b.at("level").get<std::string>(), &c.level) ||
          !parse_personality(b.at("personality").get<std::string>(), &c.personality)) {
        if (error) *error = "bad bot " + b.dump();
        return false;
      }
      c.budget_ms = b.at("budget_ms").get<int>();
      c.max_iterations = b.at("max_iterations").get<int>();
      c.seed = b.at("seed").get<uint64_t>();
      c.threads = b.value("threads", 0);
      c.setup_iterations = b.value("setup_iterations", -1);
      s.bots.push_back(c);
    }
    *out = std::move(s);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = std::string("bad golden spec: ") + e.what();
    return false;
  }
}

inline uint64_t policy_seed(uint64_t game_seed) {
  return mix_seed(game_seed, 0x60DE);
}

// Plays the spec's policy on *game (freshly created from the spec) until the game is over
// or max_actions: the AI seats through match::play_bots, the random policy here. Returns
// the action strings. false + *error if an action the policy chose was illegal (which is
// itself a bug: the policies only pick legal actions).
// `per_action` (optional) is called after every applied action with the action index.
template <class PerAction>
bool play_golden(const GoldenSpec& spec, Game* game, std::vector<std::string>* actions,
                 std::string* error, PerAction&& per_action) {
  if (spec.policy == "ai") {
    if (spec.bots.size() < static_cast<size_t>(game->state().num_players)) {
      if (error) *error = "no bot for seat " + std::to_string(spec.bots.size());
      return false;
    }
    match::RunLimits limits;
    limits.max_actions = static_cast<size_t>(std::max(0, spec.max_actions));
    std::string illegal;
    match::play_bots(
        *game, match::make_bots(spec.bots), limits,
        [&](const match::Decision& d) {
          if (!d.illegal.empty() && illegal.empty())
            illegal = "action " + std::to_string(actions->size()) + " '" + d.illegal;
        },
        [&](const match::Decision& d) {
          actions->push_back(d.action.to_string());
          per_action(static_cast<int>(actions->size()) - 1);
        });
    if (!illegal.empty() && error) *error = illegal + "' rejected";
    return illegal.empty();
  }
  if (spec.policy != "random") {
    if (error) *error = "unknown policy " + spec.policy;
    return false;
  }
  Rng rng{policy_seed(spec.seed)};
  std::vector<Action> legal;
  for (int i = 0; i < spec.max_actions; ++i) {
    const GameState& s = game->state();
    if (s.phase == Phase::GameOver) break;
    if (s.to_move() < 0) break;
    legal_actions(s, legal);
    if (legal.empty()) {
      if (error) *error = "no legal action in a running game at action " + std::to_string(i);
      return false;
    }
    const Action a = random_policy_choice(legal, rng);
    std::string why;
    const std::string text = a.to_string();
    if (!game->apply(a, &why)) {
      if (error) *error = "action " + std::to_string(i) + " '" + text + "' rejected: " + why;
      return false;
    }
    actions->push_back(text);
    per_action(i);
  }
  return true;
}

inline bool play_golden(const GoldenSpec& spec, Game* game, std::vector<std::string>* actions,
                        std::string* error) {
  return play_golden(spec, game, actions, error, [](int) {});
}

}  // namespace catan::testing_support
