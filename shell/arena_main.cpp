// catan-arena: seeded AI-vs-AI tournaments with seat rotation.
//
//   catan-arena --seat expert --vs hard --games 400 --seed 1 --preset classic --players 4
//   catan-arena --bots expert:trader,hard,hard:builder,normal --games 100
//   catan-arena --offer-probe --vs hard --games 100 --seed 1
//
//   catan-arena --seat master:ms=3000:th=2 --vs expert --games 40   (Master on 2 threads)
//
// A bot config is level[:personality][:it=N][:ms=N][:th=N][:setup=N][:net=N] (th: Master's
// search threads, default 1 here so that --jobs games do not compete for cores; net: which of
// Master's searches the value network scores, 1 the first, 2 the confirmation, 3 both). Game g is
// seeded mix_seed(seed, g) and config i sits in seat (i + g) % players. Results are deterministic
// given the seed (the timing columns aside); Expert uses --iterations (fixed) unless --budget-ms is
// set.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "engine/ai/ai.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "match/runner.h"

using namespace catan;

namespace {

struct BotSpec {
  std::string label;
  AiConfig cfg;
};

bool parse_spec(const std::string& text, int default_iters, int default_ms, BotSpec* out,
                std::string* err) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string p;
  while (std::getline(ss, p, ':')) parts.push_back(p);
  if (parts.empty()) {
    *err = "empty bot spec";
    return false;
  }
  AiConfig c;
  if (!parse_ai_level(parts[0], &c.level)) {
    *err = "unknown level '" + parts[0] + "'";
    return false;
  }
  c.max_iterations = default_iters;
  c.budget_ms = default_ms;
  c.threads = 1;
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& x = parts[i];
    if (x.rfind("it=", 0) == 0) {
      c.max_iterations = std::stoi(x.substr(3));
    } else if (x.rfind("ms=", 0) == 0) {
      c.budget_ms = std::stoi(x.substr(3));
      c.max_iterations = 0;
    } else if (x.rfind("th=", 0) == 0) {
      c.threads = std::max(1, std::stoi(x.substr(3)));
    } else if (x.rfind("setup=", 0) == 0) {
      c.setup_iterations = std::max(0, std::stoi(x.substr(6)));  // 0: Hard's lookahead
    } else if (x.rfind("net=", 0) == 0) {
      c.value_net = std::clamp(std::stoi(x.substr(4)), 0, kNetFirstSearch | kNetConfirm);
    } else if (!parse_personality(x, &c.personality)) {
      *err = "unknown personality '" + x + "'";
      return false;
    }
  }
  out->cfg = c;
  out->label = std::string(ai_level_name(c.level));
  out->label += ":";
  out->label += personality_name(c.personality);
  if (c.setup_iterations >= 0) {
    out->label += ":setup=";
    out->label += std::to_string(c.setup_iterations);
  }
  if (c.value_net >= 0) {
    out->label += ":net=";
    out->label += std::to_string(c.value_net);
  }
  return true;
}

struct SeatResult {
  int config = 0;
  bool win = false;
  int vp = 0;
  int offers = 0, accepted = 0, roads = 0, settlements = 0, cities = 0, devs = 0, knights = 0,
      robber_leader = 0;
  int decisions = 0;
  double ms_total = 0, ms_max = 0;
  double cpu_max = 0;  // thread CPU ms: the work itself, without preemption on a busy machine
  std::vector<float> ms_each;  // every decision's wall ms (for the 99th percentile)
  int illegal = 0;
};

struct GameResult {
  bool capped = false;
  int turns = 0, actions = 0;
  std::vector<SeatResult> seats;
};

// Called after every decision with the game and the decision's index in it.
using Probe = std::function<void(const Game&, int)>;

GameResult play_game(const GameOptions& opts, uint64_t seed, int game_index,
                     const std::vector<BotSpec>& specs, int cap, double slice_ms,
                     const Probe& probe = nullptr) {
  const int n = opts.players;
  Game game(opts, seed);
  std::vector<std::unique_ptr<Bot>> bots(n);
  GameResult res;
  res.seats.resize(n);
  for (int s = 0; s < n; ++s) {
    const int ci = ((s - game_index) % n + n) % n;  // config ci sits in seat (ci + g) % n
    AiConfig c = specs[ci].cfg;
    c.seed = mix_seed(seed, 1000 + s);
    bots[s] = make_bot(c);
    res.seats[s].config = ci;
  }
  match::RunLimits limits;
  limits.max_actions = static_cast<size_t>(cap);
  limits.slice_ms = slice_ms;
  int decision = 0;
  match::play_bots(game, bots, limits, [&](const match::Decision& d) {
    if (probe) probe(game, decision);
    ++decision;
    SeatResult& sr = res.seats[d.seat];
    ++sr.decisions;
    sr.ms_total += d.wall_ms;
    sr.ms_max = std::max(sr.ms_max, d.wall_ms);
    sr.ms_each.push_back(static_cast<float>(d.wall_ms));
    sr.cpu_max = std::max(sr.cpu_max, d.cpu_ms);
    if (!d.illegal.empty()) {
      ++sr.illegal;
      std::fprintf(stderr, "ILLEGAL game %d seat %d (%s): %s\n", game_index, d.seat,
                   specs[sr.config].label.c_str(), d.illegal.c_str());
    }
  });
  const GameState& st = game.state();
  res.capped = st.winner < 0;
  res.turns = st.turn;
  res.actions = static_cast<int>(game.history().size());
  std::vector<int> devs(n, 0);
  for (const Event& e : game.events())
    if (e.type == EventType::DevCardBought && e.seat >= 0 && e.seat < n) ++devs[e.seat];
  for (int s = 0; s < n; ++s) {
    SeatResult& r = res.seats[s];
    const PlayerState& ps = st.players[s];
    r.win = st.winner == s;
    r.vp = st.total_vp(s);
    r.offers = st.stats.offers_made[s];
    r.accepted = st.stats.offers_accepted[s];
    r.roads = kRoadsPerPlayer - ps.roads_left;
    r.cities = kCitiesPerPlayer - ps.cities_left;
    r.settlements = (kSettlementsPerPlayer - ps.settlements_left) + r.cities;
    r.devs = devs[s];
    r.knights = ps.dev_played[static_cast<int>(DevCard::Knight)];
    r.robber_leader = st.stats.robber_moves_against_leader[s];
  }
  return res;
}

struct Agg {
  int n = 0, wins = 0;
  double vp = 0, offers = 0, accepted = 0, roads = 0, settlements = 0, cities = 0, devs = 0,
         knights = 0, robber_leader = 0;
  void add(const SeatResult& r) {
    ++n;
    wins += r.win;
    vp += r.vp;
    offers += r.offers;
    accepted += r.accepted;
    roads += r.roads;
    settlements += r.settlements;
    cities += r.cities;
    devs += r.devs;
    knights += r.knights;
    robber_leader += r.robber_leader;
  }
};

void print_stats_row(const std::string& name, const Agg& a) {
  const double k = a.n ? 1.0 / a.n : 0;
  std::printf("  %-24s %6d %7.2f %7.2f %7.2f %6.2f %6.2f %6.2f %6.2f %6.2f %7.2f %6.2f\n",
              name.c_str(), a.n, a.offers * k, a.accepted * k,
              a.offers > 0 ? a.accepted / a.offers : 0.0, a.roads * k, a.settlements * k,
              a.cities * k, a.devs * k, a.knights * k, a.robber_leader * k, a.vp * k);
}

// The offer probe: at sampled positions of the arena's games, the seat in its main phase
// plays a human and puts offers to each other seat; every probed bot configuration answers
// each offer from that seat's observation, and the answers are counted. The human asks for
// one card the bot holds (chosen at random) and gives 1, 2 or 3 of one other resource
// (chosen at random, topped up from the bank when the human is short).
constexpr int kProbeKinds = 3;  // the human gives 1, 2 or 3 cards for one
struct ProbeCount {
  long accept = 0, counter = 0, decline = 0;
  long n() const { return accept + counter + decline; }
};
using ProbeRow = std::array<ProbeCount, kProbeKinds>;

// The configurations whose answers are counted: every level (balanced) and every
// personality at Hard.
std::vector<BotSpec> probe_specs(int iterations) {
  std::vector<BotSpec> out;
  const char* texts[] = {"easy",
                         "normal",
                         "hard",
                         "expert",
                         "hard:trader",
                         "hard:aggressor",
                         "hard:builder",
                         "hard:expansionist",
                         "hard:opportunist"};
  for (const char* t : texts) {
    BotSpec b;
    std::string err;
    if (parse_spec(t, iterations, 1000, &b, &err)) out.push_back(b);
  }
  return out;
}

void probe_position(const Game& game, uint64_t seed, const std::vector<BotSpec>& probers,
                    std::vector<ProbeRow>* rows) {
  const GameState& s = game.state();
  if (s.phase != Phase::Main || s.offer.from >= 0) return;
  const int x = s.current;
  Rng rng;
  rng.state = seed;
  for (int y = 0; y < s.num_players; ++y) {
    if (y == x) continue;
    const ResourceCounts& hy = s.players[y].resources;
    int held[kNumResources], nh = 0;
    for (int r = 0; r < kNumResources; ++r)
      if (hy[r] > 0) held[nh++] = r;
    if (nh == 0) continue;
    const int want = held[rng.below(static_cast<uint32_t>(nh))];
    int give = static_cast<int>(rng.below(kNumResources - 1));
    if (give >= want) ++give;
    const EventLog seen = game.visible_events(y);
    for (int k = 0; k < kProbeKinds; ++k) {
      const int n = k + 1;
      GameState t = s;
      const int short_by = std::max(0, n - t.players[x].resources[give]);
      if (t.bank[give] < short_by) continue;
      t.bank[give] = static_cast<uint8_t>(t.bank[give] - short_by);
      t.players[x].resources[give] = static_cast<uint8_t>(t.players[x].resources[give] + short_by);
      Action offer;
      offer.type = ActionType::OfferTrade;
      offer.arg = static_cast<int8_t>(y);
      offer.give[give] = static_cast<uint8_t>(n);
      offer.get[want] = 1;
      if (!apply(t, offer)) continue;
      const Observation obs = observe(t, y);
      for (size_t i = 0; i < probers.size(); ++i) {
        AiConfig c = probers[i].cfg;
        c.seed = mix_seed(seed, 100 * y + k);
        const Action a = make_bot(c)->decide(obs, seen);
        ProbeCount& pc = (*rows)[i][k];
        if (a.type == ActionType::AcceptTrade)
          ++pc.accept;
        else if (a.type == ActionType::CounterTrade)
          ++pc.counter;
        else
          ++pc.decline;
      }
    }
  }
}

void print_probe(const std::vector<BotSpec>& probers, const std::vector<ProbeRow>& rows) {
  std::printf("\noffer probe: answers to a human's offers (accepted / countered / declined, %%)\n");
  std::printf("  %-20s %8s %20s %20s %20s\n", "bot", "offers", "1 for 1", "2 for 1", "3 for 1");
  for (size_t i = 0; i < probers.size(); ++i) {
    long n = 0;
    for (const ProbeCount& pc : rows[i]) n += pc.n();
    std::printf("  %-20s %8ld", probers[i].label.c_str(), n);
    for (const ProbeCount& pc : rows[i]) {
      const double k = pc.n() ? 100.0 / pc.n() : 0;
      std::printf("   %5.1f / %4.1f / %5.1f", pc.accept * k, pc.counter * k, pc.decline * k);
    }
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"catan-arena: seeded AI tournaments with seat rotation"};
  std::string seat, vs, bots_csv, preset = "classic";
  int games = 100, players = 4, iterations = kExpertBudgetIterations, budget_ms = 0, cap = 2000,
      jobs = 1;
  uint64_t seed = 1;
  double slice_ms = 16;
  bool quiet = false;
  bool offer_probe = false;
  int probe_every = 25;
  std::vector<std::string> extra_opts;
  app.add_option("--seat", seat, "config of the seat under test (e.g. expert:trader)");
  app.add_option("--vs", vs, "config of every other seat (e.g. hard)");
  app.add_option("--bots", bots_csv, "comma-separated configs, one per seat");
  app.add_option("--games", games, "number of games")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "match seed (game g uses mix_seed(seed, g))");
  app.add_option("--preset", preset, "classic | arena")->check(CLI::IsMember({"classic", "arena"}));
  app.add_option("--players", players, "3 or 4 (2 allowed)")->check(CLI::Range(2, 4));
  app.add_option("--iterations", iterations,
                 "Expert and Master: fixed iterations per decision (deterministic); the "
                 "default is Expert's own count");
  app.add_option("--budget-ms", budget_ms,
                 "Expert and Master: time budget per decision instead of iterations");
  app.add_option("--cap", cap, "actions per game before it counts as a draw");
  app.add_option("--slice-ms", slice_ms, "anytime slice passed to Bot::step");
  app.add_option("--option", extra_opts, "extra game option key=value (repeatable)");
  app.add_option("--jobs", jobs, "games played in parallel (results do not depend on it)");
  app.add_flag("--quiet", quiet, "no progress line");
  app.add_flag("--offer-probe", offer_probe,
               "put human-style offers to every level and Hard personality at sampled positions "
               "and count their answers");
  app.add_option("--probe-every", probe_every, "the offer probe samples every Nth decision")
      ->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  GameOptions opts = preset == "arena" ? arena_options() : classic_options();
  std::string err;
  if (!set_option(opts, "players", std::to_string(players), &err)) {
    std::fprintf(stderr, "error: %s\n", err.c_str());
    return 2;
  }
  for (const std::string& kv : extra_opts) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || !set_option(opts, kv.substr(0, eq), kv.substr(eq + 1), &err)) {
      std::fprintf(stderr, "error: bad --option '%s' %s\n", kv.c_str(), err.c_str());
      return 2;
    }
  }
  if (!validate(opts, &err)) {
    std::fprintf(stderr, "error: %s\n", err.c_str());
    return 2;
  }
  const int iters = budget_ms > 0 ? 0 : iterations;
  const int ms = budget_ms > 0 ? budget_ms : 1000;

  std::vector<std::string> texts;
  if (!bots_csv.empty()) {
    std::stringstream ss(bots_csv);
    std::string t;
    while (std::getline(ss, t, ',')) texts.push_back(t);
  } else {
    if (seat.empty()) seat = "normal";
    if (vs.empty()) vs = "normal";
    texts.push_back(seat);
    for (int i = 1; i < opts.players; ++i) texts.push_back(vs);
  }
  if (static_cast<int>(texts.size()) != opts.players) {
    std::fprintf(stderr, "error: %zu bot configs for %d players\n", texts.size(), opts.players);
    return 2;
  }
  std::vector<BotSpec> specs(texts.size());
  for (size_t i = 0; i < texts.size(); ++i)
    if (!parse_spec(texts[i], iters, ms, &specs[i], &err)) {
      std::fprintf(stderr, "error: %s\n", err.c_str());
      return 2;
    }

  std::printf("catan-arena: %d games, seed %llu, preset %s, %d players, cap %d actions\n", games,
              static_cast<unsigned long long>(seed), preset.c_str(), opts.players, cap);
  std::printf("expert search: %s\n", iters > 0 ? ("max_iterations=" + std::to_string(iters)).c_str()
                                               : ("budget_ms=" + std::to_string(ms)).c_str());
  for (size_t i = 0; i < specs.size(); ++i) std::printf("  config %zu: %s\n", i, texts[i].c_str());

  std::vector<GameResult> results(games);
  const std::vector<BotSpec> probers = offer_probe ? probe_specs(iters) : std::vector<BotSpec>{};
  // One table per game, summed at the end: the counts do not depend on --jobs.
  std::vector<std::vector<ProbeRow>> probe_rows(games, std::vector<ProbeRow>(probers.size()));
  const auto t_start = std::chrono::steady_clock::now();
  auto worker = [&](int j, int nj) {
    for (int g = j; g < games; g += nj) {
      const uint64_t gs = mix_seed(seed, g);
      Probe probe;
      if (offer_probe)
        probe = [&, g, gs](const Game& game, int decision) {
          if (decision % probe_every == probe_every - 1)
            probe_position(game, mix_seed(gs, 0x0FF + decision), probers, &probe_rows[g]);
        };
      results[g] = play_game(opts, gs, g, specs, cap, slice_ms, probe);
      if (!quiet && j == 0) std::fprintf(stderr, "\r  game %d/%d", g + 1, games);
    }
  };
#ifndef __EMSCRIPTEN__
  if (jobs > 1) {
    std::vector<std::thread> th;
    for (int j = 0; j < jobs; ++j) th.emplace_back(worker, j, jobs);
    for (auto& t : th) t.join();
  } else {
    worker(0, 1);
  }
#else
  worker(0, 1);
#endif
  if (!quiet) std::fprintf(stderr, "\n");
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();

  // Aggregate.
  const int nc = static_cast<int>(specs.size());
  std::vector<Agg> per_config(nc);
  std::map<std::string, Agg> per_label, per_pers;
  struct Timing {
    long long n = 0;
    double sum = 0, max = 0, cpu_max = 0;
    std::vector<float> each;
  };
  std::map<std::string, Timing> per_level;
  int capped = 0, illegal = 0;
  double turns = 0, actions = 0;
  for (const GameResult& g : results) {
    capped += g.capped;
    turns += g.turns;
    actions += g.actions;
    for (const SeatResult& r : g.seats) {
      per_config[r.config].add(r);
      per_label[specs[r.config].label].add(r);
      per_pers[personality_name(specs[r.config].cfg.personality)].add(r);
      Timing& t = per_level[ai_level_name(specs[r.config].cfg.level)];
      t.n += r.decisions;
      t.sum += r.ms_total;
      t.max = std::max(t.max, r.ms_max);
      t.cpu_max = std::max(t.cpu_max, r.cpu_max);
      t.each.insert(t.each.end(), r.ms_each.begin(), r.ms_each.end());
      illegal += r.illegal;
    }
  }
  std::printf("\nwin rates (per seat-game; parity = %.1f%%; 95%% CI, Wilson)\n",
              100.0 / opts.players);
  for (const auto& [label, a] : per_label) {
    const double n = a.n, p = a.n ? static_cast<double>(a.wins) / a.n : 0, z = 1.96;
    const double den = 1 + z * z / n;
    const double c = (p + z * z / (2 * n)) / den;
    const double h = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
    std::printf("  %-24s %5d wins / %5d seats = %5.1f%%  [%5.1f%%, %5.1f%%]\n", label.c_str(),
                a.wins, a.n, 100 * p, 100 * (c - h), 100 * (c + h));
  }
  std::printf("draws (safety cap, no winner): %d of %d games\n", capped, games);
  std::printf("illegal bot actions: %d\n", illegal);
  std::printf("average game length: %.1f turns, %.1f actions\n", turns / games, actions / games);
  // The wall-clock maximum catches any preemption on a busy machine (a random bot shows
  // the same spikes), so the 99th percentile and the thread's CPU time are printed too. Under
  // node the thread clock is the wall clock.
  std::printf(
      "\ndecision time per level (ms; wall clock mean, 99th percentile and max, and the "
      "deciding thread's CPU time max)\n"
      "  %-10s %10s %9s %9s %9s %9s\n",
      "level", "decisions", "mean", "p99", "max", "cpu max");
  for (auto& [lvl, t] : per_level) {
    double p99 = 0;
    if (!t.each.empty()) {
      const size_t k = std::min(t.each.size() - 1, t.each.size() * 99 / 100);
      std::nth_element(t.each.begin(), t.each.begin() + static_cast<long>(k), t.each.end());
      p99 = t.each[k];
    }
    std::printf("  %-10s %10lld %9.3f %9.3f %9.2f %9.2f\n", lvl.c_str(), t.n,
                t.n ? t.sum / t.n : 0.0, p99, t.max, t.cpu_max);
  }
  const auto print_stats_header = [](const char* by) {
    std::printf("\nper-%s statistics (means per seat-game)\n", by);
    std::printf("  %-24s %6s %7s %7s %7s %6s %6s %6s %6s %6s %7s %6s\n", by, "seats", "offers",
                "accepted", "acc%", "roads", "setts", "cities", "devs", "knight", "robLdr", "VP");
  };
  print_stats_header("config");
  for (const auto& [label, a] : per_label) print_stats_row(label, a);
  print_stats_header("personality");
  for (const auto& [label, a] : per_pers) print_stats_row(label, a);
  if (offer_probe) {
    std::vector<ProbeRow> sum(probers.size());
    for (const auto& game_rows : probe_rows)
      for (size_t i = 0; i < probers.size(); ++i)
        for (int k = 0; k < kProbeKinds; ++k) {
          sum[i][k].accept += game_rows[i][k].accept;
          sum[i][k].counter += game_rows[i][k].counter;
          sum[i][k].decline += game_rows[i][k].decline;
        }
    print_probe(probers, sum);
  }
  std::printf("\nwall time %.1f s\n", secs);
  return illegal > 0 ? 1 : 0;
}
