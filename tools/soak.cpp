// catan-soak: long randomized runs with check_invariants after every action. Not part of
// CI; scripts/soak runs it with its default counts on a native release build.
//
//   catan-soak [--random N] [--ai N] [--expert-iterations K] [--seed S] [--max-ai-actions A]
//              [--first-random I] [--first-ai I]
// --first-random / --first-ai start at game index I (to split a run over processes: the
// games are exactly those a single run would play at those indices).
//
// Random games cycle through presets, player counts, boards, modes, dice, visibility and
// discard options; in classic, one step in 32 also tries an arbitrary illegal action and
// checks that it is refused without changing anything; every 250th game is kept as a Game
// and at its end save/load and replay must reproduce it exactly. AI games cycle through
// every level x both presets x 3 and 4 players (all seats the same level; Expert with a
// small fixed iteration count so the run is reproducible and fits in time).
// Exit code 0 only if no invariant was violated and no legal action was refused.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "engine/serialize.h"
#include "match/runner.h"
#include "tools/tool_common.h"

using namespace catan;
using namespace catan::tools;

namespace {

struct Failure {
  bool failed = false;
  std::string what;
};

GameOptions random_game_options(uint64_t i, bool* ok) {
  GameOptions o = (i % 5 == 4) ? arena_options() : classic_options();
  if (o.preset == Preset::Classic) {
    const uint64_t k = i / 5;
    o.players = static_cast<uint8_t>(k % 7 == 6 ? 2 : 3 + k % 2);
    o.board = static_cast<LayoutKind>(k % 4);
    set_mode(o, static_cast<Mode>((k / 4) % 4), 8 + static_cast<int>(k % 5));
    o.dice = (k / 3) % 2 ? DiceMode::Balanced : DiceMode::Random;
    o.visibility = static_cast<Visibility>((k / 2) % 3);
    if ((k / 7) % 3 == 0) o.discard = DiscardMode::AutoLargest;
  }
  std::string error;
  *ok = validate(o, &error);
  return o;
}

Action arbitrary_action(Rng& rng, const std::vector<Action>& legal) {
  Action a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
  switch (rng.below(5)) {
    case 0:
      a.type = static_cast<ActionType>(rng.below(kNumActionTypes));
      break;
    case 1:
      a.arg = static_cast<int8_t>(rng.below(80)) - 1;
      break;
    case 2:
      a.arg2 = static_cast<int8_t>(rng.below(8)) - 1;
      break;
    case 3:
      a.give[rng.below(5)] += static_cast<uint8_t>(1 + rng.below(3));
      break;
    default:
      a.get[rng.below(5)] += static_cast<uint8_t>(1 + rng.below(3));
      break;
  }
  return a;
}

// One random game; returns actions played, or -1 with *f set.
long random_game(uint64_t index, uint64_t seed, long* illegal_tried, Failure* f) {
  bool ok = false;
  const GameOptions o = random_game_options(index, &ok);
  if (!ok) return 0;
  const bool keep_game = index % 250 == 0;
  Game game(o, seed);
  GameState s = game.state();
  Rng rng{mix_seed(seed, 0x50A4)};
  std::vector<Action> legal;
  long n = 0;
  auto fail = [&](const std::string& what) {
    f->failed = true;
    f->what = "random game " + std::to_string(index) + " seed " + std::to_string(seed) +
              " action " + std::to_string(n) + ": " + what;
    return -1L;
  };
  while (s.phase != Phase::GameOver && n < kMaxActionsPerGame) {
    legal_actions(s, legal);
    if (legal.empty()) return fail("no legal action in phase " + std::string(phase_name(s.phase)));
    if (!o.forfeit_on_illegal && rng.below(32) == 0) {
      const Action bad = arbitrary_action(rng, legal);
      if (!is_legal(s, bad)) {
        const GameState before = s;
        std::string err;
        if (apply(s, bad, &err)) return fail("apply accepted what is_legal refused");
        if (!(s == before)) return fail("illegal " + bad.to_string() + " changed the state");
        if (err.empty()) return fail("illegal " + bad.to_string() + " without an error");
        ++*illegal_tried;
      }
    }
    const Action& a = random_move(legal, rng);
    std::string err;
    if (keep_game) {
      if (!game.apply(a, &err)) return fail("legal " + a.to_string() + " refused: " + err);
      s = game.state();
    } else if (!apply(s, a, &err)) {
      return fail("legal " + a.to_string() + " refused: " + err);
    }
    ++n;
    const std::string inv = check_invariants(s);
    if (!inv.empty()) return fail("after " + a.to_string() + ": " + inv);
  }
  if (keep_game) {
    Game loaded;
    std::string err;
    if (!load_game(save_game(game), &loaded, &err)) return fail("save/load: " + err);
    if (!(loaded.state() == game.state())) return fail("save/load changed the state");
    Game replayed;
    if (!Game::replay(o, seed, game.history(), &replayed, &err)) return fail("replay: " + err);
    if (!(replayed.state() == game.state())) return fail("replay is not identical");
  }
  return n;
}

struct AiStats {
  long games = 0, actions = 0, finished = 0, capped = 0;
  double seconds = 0;
};

long ai_game(uint64_t index, uint64_t seed, int expert_iterations, int max_actions,
             AiStats (&stats)[5], Failure* f) {
  const int combo = static_cast<int>(index % 20);
  const AiLevel level = static_cast<AiLevel>(combo % 5);
  const bool arena = (combo / 5) % 2 == 1;
  const int players = (combo / 10) % 2 ? 3 : 4;
  GameOptions o = arena ? arena_options() : classic_options();
  o.players = static_cast<uint8_t>(players);
  std::string error;
  if (!validate(o, &error)) {  // arena may be 4 players only
    o.players = 4;
    if (!validate(o, &error)) return 0;
  }
  const Personality personalities[] = {Personality::Balanced,     Personality::Trader,
                                       Personality::Aggressor,    Personality::Builder,
                                       Personality::Expansionist, Personality::Opportunist};
  std::vector<AiConfig> configs;
  for (int i = 0; i < o.players; ++i) {
    AiConfig c;
    c.level = level;
    c.personality = personalities[(index + static_cast<uint64_t>(i)) % 6];
    c.max_iterations = expert_iterations;
    c.seed = seed * 7 + static_cast<uint64_t>(i);
    configs.push_back(c);
  }
  const auto bots = match::make_bots(configs);
  const double t0 = now_seconds();
  Game game(o, seed);
  std::string problem, last = "the start";
  size_t at = 0;  // actions applied when the problem showed
  auto note = [&](const std::string& what) {
    if (!problem.empty() || what.empty()) return;
    problem = what;
    at = game.history().size();
  };
  auto check = [&] {
    const std::string inv = check_invariants(game.state());
    if (!inv.empty()) note("after " + last + ": " + inv);
  };
  match::RunLimits limits;
  limits.max_actions = static_cast<size_t>(max_actions);
  const match::RunResult r = match::play_bots(game, bots, limits, [&](const match::Decision& d) {
    check();  // the state the previous action left
    if (!d.illegal.empty()) note("bot chose illegal " + d.illegal);
    last = d.action.to_string();
  });
  check();
  if (!r.finished && game.history().size() < limits.max_actions)
    note("the game stopped before its end");
  if (!problem.empty()) {
    f->failed = true;
    f->what = std::string("AI game ") + std::to_string(index) + " (" + ai_level_name(level) +
              (arena ? ", arena" : ", classic") + ", " + std::to_string(o.players) + "p) seed " +
              std::to_string(seed) + " action " + std::to_string(at) + ": " + problem;
    return -1;
  }
  const long n = static_cast<long>(game.history().size());
  AiStats& st = stats[static_cast<int>(level)];
  ++st.games;
  st.actions += n;
  st.seconds += now_seconds() - t0;
  (game.state().phase == Phase::GameOver ? st.finished : st.capped)++;
  return n;
}

long arg_value(int argc, char** argv, const char* name, long def) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::strtol(argv[i + 1], nullptr, 10);
  return def;
}

}  // namespace

int main(int argc, char** argv) {
  const long random_games = arg_value(argc, argv, "--random", 100000);
  const long ai_games = arg_value(argc, argv, "--ai", 2000);
  const int expert_iterations = static_cast<int>(arg_value(argc, argv, "--expert-iterations", 16));
  const int max_ai_actions = static_cast<int>(arg_value(argc, argv, "--max-ai-actions", 6000));
  const uint64_t seed = static_cast<uint64_t>(arg_value(argc, argv, "--seed", 20261129));
  const long first_random = arg_value(argc, argv, "--first-random", 0);
  const long first_ai = arg_value(argc, argv, "--first-ai", 0);
  Failure f;

  // Random games.
  double t0 = now_seconds();
  long actions = 0, illegal = 0, played = 0;
  for (long i = first_random; i < first_random + random_games && !f.failed; ++i) {
    const long n =
        random_game(static_cast<uint64_t>(i), seed + static_cast<uint64_t>(i), &illegal, &f);
    if (n > 0) {
      actions += n;
      ++played;
    }
    if ((i + 1 - first_random) % 10000 == 0)
      std::fprintf(stderr, "  random: %ld games, %.1f s\n", i + 1 - first_random,
                   now_seconds() - t0);
  }
  const double random_seconds = now_seconds() - t0;
  std::printf(
      "random games: %ld played, %ld actions, %ld illegal actions refused unchanged, "
      "%.1f s (%.0f games/s with invariants after every action)\n",
      played, actions, illegal, random_seconds, played / (random_seconds > 0 ? random_seconds : 1));
  std::fflush(stdout);

  // AI games.
  AiStats stats[5];
  t0 = now_seconds();
  for (long i = first_ai; i < first_ai + ai_games && !f.failed; ++i) {
    ai_game(static_cast<uint64_t>(i), seed * 31 + static_cast<uint64_t>(i), expert_iterations,
            max_ai_actions, stats, &f);
    if ((i + 1 - first_ai) % 100 == 0)
      std::fprintf(stderr, "  ai: %ld games, %.1f s\n", i + 1 - first_ai, now_seconds() - t0);
  }
  const double ai_seconds = now_seconds() - t0;
  long ai_total = 0;
  for (int l = 0; l < 5; ++l) {
    const AiStats& st = stats[l];
    ai_total += st.games;
    std::printf("AI %-7s %5ld games, %8ld actions, %5ld finished, %4ld capped, %8.1f s\n",
                ai_level_name(static_cast<AiLevel>(l)), st.games, st.actions, st.finished,
                st.capped, st.seconds);
  }
  std::printf("AI games: %ld in %.1f s (Expert at %d iterations per decision)\n", ai_total,
              ai_seconds, expert_iterations);
  if (f.failed) {
    std::printf("FAILURE: %s\n", f.what.c_str());
    return 1;
  }
  std::printf("no invariant violations\n");
  return 0;
}
