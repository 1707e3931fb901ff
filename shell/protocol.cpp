// catan-cli's line protocol (docs/PROTOCOL.md). Thin by design: parse a command, call the
// engine, print one JSON line. Everything here also runs as wasm under node.
#include "shell/protocol.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"

namespace catan {

using nlohmann::json;

const char* const kProtocolHelp[] = {
    "commands (one per line; each answer is one line of JSON):",
    "  new [key=value ...]     new game; keys: seed, play_seed (default: seed), preset",
    "                          (classic|arena), players (2-4),",
    "                          board (beginner|official|balanced|random), mode (classic|blitz|",
    "                          epic|custom), vp, dice (random|balanced), visibility (revealed|",
    "                          mist|terra_incognita), discard, trade, offers, roll_cap, forfeit,",
    "                          first (random|seat0), timer. preset is applied first.",
    "  board [seat]            hexes, vertices, edges, ports (as seat sees them; default all)",
    "  state [seat]            the state as seat sees it (0..n-1, spectator, all; default all)",
    "  legal                   legal action strings for the player to move",
    "  act <action>            apply an action (illegal: error, nothing changes; arena: forfeit)",
    "  go [level] [personality] [ms=N] [iterations=N] [seed=N] [apply=0|1]",
    "                          let the AI choose (and by default play) the move",
    "  events [seat] [from=N]  the event log as seat sees it, from index N",
    "  history                 options, seeds and the actions applied so far",
    "  replay                  rebuild the game from (options, seeds, history) and compare",
    "  save                    the complete game as one JSON document",
    "  load <json>             load a saved game (validated and replayed)",
    "  options                 the current game options",
    "  bench [games=N] [seed=S]  random-bot benchmark (4 players, classic)",
    "  help                    this text",
    "  quit                    leave",
    "actions (<v> vertex 0-53, <e> edge 0-71, <hex> 0-18, <seat> 0-3, <r> a resource,",
    "         <bundle> resources joined by commas with repeats, e.g. wood,wood,ore):",
    "  roll",
    "  build_settlement:<v>    also the setup settlement",
    "  build_road:<e>          also the setup road",
    "  build_city:<v>",
    "  buy_dev_card",
    "  trade_bank:<give>:<get> one resource each; the rate is the player's best",
    "  offer_trade:<seat|all>:<bundle>:<bundle>  give, get (arena: one card each, one seat)",
    "  accept_trade  decline_trade               answer the pending offer",
    "  counter_trade:<bundle>:<bundle>           classic: counter (responder gives, gets)",
    "  confirm_trade:<seat>  cancel_trade        the offerer closes with one seat, or cancels",
    "  play_dev:knight  play_dev:road_building  free_road:<e>",
    "  play_dev:year_of_plenty:<r1>:<r2>  play_dev:monopoly:<r>",
    "  move_robber:<hex>  steal:<seat>  discard:<bundle>  end_turn",
    "resources: wood brick sheep wheat ore (wool = sheep, grain = wheat on input)",
    nullptr,
};

namespace {

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json ok() {
  json j = json::object();
  j["ok"] = true;
  return j;
}
std::string error_line(const std::string& msg) {
  json j = json::object();
  j["ok"] = false;
  j["error"] = msg;
  return dump(j);
}

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_u64(const std::string& s, uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t x = 0;
  size_t i = 0;
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
    if (s.size() > 18) return false;
  }
  for (; i < s.size(); ++i) {
    char c = s[i];
    uint64_t d;
    if (c >= '0' && c <= '9')
      d = static_cast<uint64_t>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f')
      d = static_cast<uint64_t>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F')
      d = static_cast<uint64_t>(c - 'A' + 10);
    else
      return false;
    if (x > (UINT64_MAX - d) / static_cast<uint64_t>(base)) return false;
    x = x * static_cast<uint64_t>(base) + d;
  }
  *out = x;
  return true;
}

bool parse_int(const std::string& s, long lo, long hi, long* out) {
  if (s.empty() || s.size() > 12) return false;
  bool neg = s[0] == '-';
  uint64_t u;
  if (!parse_u64(neg ? s.substr(1) : s, &u) || u > 1000000000000ull) return false;
  long v = neg ? -static_cast<long>(u) : static_cast<long>(u);
  if (v < lo || v > hi) return false;
  *out = v;
  return true;
}

// key=value; false if there is no '='.
bool split_kv(const std::string& w, std::string* k, std::string* v) {
  size_t eq = w.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  *k = w.substr(0, eq);
  *v = w.substr(eq + 1);
  return true;
}

// A seat argument: 0..n-1, "all" (kAllSeats), "spectator" or -1.
bool parse_seat(const std::string& w, int n, int* seat, std::string* error) {
  if (w == "all") {
    *seat = kAllSeats;
    return true;
  }
  if (w == "spectator") {
    *seat = -1;
    return true;
  }
  long v;
  if (!parse_int(w, -1, n - 1, &v)) {
    *error = "bad seat \"" + w + "\" (expected 0.." + std::to_string(n - 1) + ", spectator or all)";
    return false;
  }
  *seat = static_cast<int>(v);
  return true;
}

std::string the_rest(const std::string& line, const std::string& cmd) {
  size_t p = line.find(cmd);
  p = p == std::string::npos ? line.size() : p + cmd.size();
  while (p < line.size() && (line[p] == ' ' || line[p] == '\t')) ++p;
  size_t e = line.size();
  while (e > p && (line[e - 1] == ' ' || line[e - 1] == '\t')) --e;
  return line.substr(p, e - p);
}

void add_status(json& j, const GameState& s) {
  j["phase"] = phase_name(s.phase);
  const int m = s.to_move();
  j["to_move"] = m < 0 ? json(nullptr) : json(m);
  j["winner"] = s.winner < 0 ? json(nullptr) : json(s.winner);
}

// ----- bench ------------------------------------------------------------------------------

struct Fnv {
  uint64_t h = 0xcbf29ce484222325ull;
  void byte(uint8_t b) {
    h ^= b;
    h *= 0x100000001b3ull;
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  template <class A>
  void arr(const A& a) {
    for (auto v : a) u64(static_cast<uint64_t>(static_cast<int64_t>(v)));
  }
};

void hash_state(Fnv& f, const GameState& s, uint64_t actions) {
  f.u64(actions);
  f.u64(static_cast<uint64_t>(static_cast<int64_t>(s.winner)));
  f.u64(s.turn);
  f.u64(s.rolls);
  f.u64(s.rng.state);
  f.u64(s.deck_pos);
  f.arr(s.bank);
  f.arr(s.vertex_owner);
  for (auto b : s.vertex_building) f.byte(static_cast<uint8_t>(b));
  f.arr(s.edge_owner);
  for (int p = 0; p < s.num_players; ++p) {
    f.arr(s.players[p].resources);
    f.arr(s.players[p].dev_cards);
    f.arr(s.players[p].dev_played);
    f.u64(static_cast<uint64_t>(s.total_vp(p)));
  }
}

constexpr uint64_t kBenchActionCap = 100000;

}  // namespace

BenchResult run_bench(int games, uint64_t seed) {
  BenchResult r;
  r.games = games;
  Fnv f;
  std::vector<Action> legal;
  legal.reserve(256);
  const GameOptions o = classic_options();
  auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (int g = 0; g < games; ++g) {
    const uint64_t gs = seed + static_cast<uint64_t>(g);
    GameState s = new_game(o, gs);
    Rng pick{mix_seed(gs, 0xBE9C4)};
    uint64_t n = 0;
    while (s.phase != Phase::GameOver && n < kBenchActionCap) {
      legal_actions(s, legal, /*include_offers=*/false);  // random bots never negotiate
      if (legal.empty()) {
        r.error =
            "game seed " + std::to_string(gs) + ": no legal action in phase " + phase_name(s.phase);
        break;
      }
      // Taken from the legal list of this very state: no need to validate it again (the
      // engine tests check that every listed action is_legal).
      apply_trusted(s, legal[pick.below(static_cast<uint32_t>(legal.size()))]);
      ++n;
    }
    if (!r.error.empty()) break;
    r.finished += s.phase == Phase::GameOver;
    r.total_actions += n;
    hash_state(f, s, n);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  r.signature = f.h;
  return r;
}

Protocol::Protocol() : game_(classic_options(), 1) {}

std::string Protocol::handle(const std::string& line) {
  if (line.size() > kMaxLineBytes)
    return error_line("line too long (" + std::to_string(line.size()) + " bytes; at most " +
                      std::to_string(kMaxLineBytes) + ")");
  try {
    return dispatch(line);
  } catch (const std::exception& e) {
    return error_line(std::string("internal error: ") + e.what());
  } catch (...) {
    return error_line("internal error");
  }
}

std::string Protocol::dispatch(const std::string& raw) {
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
  const std::vector<std::string> w = split_words(line);
  if (w.empty() || w[0][0] == '#') return "";
  const std::string& cmd = w[0];
  const GameState& s = game_.state();
  const int n = s.num_players;

  // Commands without arguments reject trailing words, as `legal` does: bad input gets a
  // clear error instead of being silently ignored (issue 7).
  for (const char* c : {"help", "quit", "exit", "isready", "options", "history", "replay", "save"})
    if (cmd == c && w.size() > 1) return error_line(cmd + " takes no argument");

  // Commands without arguments reject trailing words, as `legal` does: bad input gets a
  // clear error instead of being silently ignored (issue 7).
  for (const char* c : {"help", "quit", "exit", "isready", "options", "history", "replay", "save"})
    if (cmd == c && w.size() > 1) return error_line(cmd + " takes no argument");

  if (cmd == "help") {
    json j = ok();
    json lines = json::array();
    for (int i = 0; kProtocolHelp[i]; ++i) lines.push_back(kProtocolHelp[i]);
    j["help"] = lines;
    return dump(j);
  }
  if (cmd == "quit" || cmd == "exit") {
    done_ = true;
    return dump(ok());
  }
  if (cmd == "isready") return dump(ok());

  if (cmd == "new") {
    GameOptions o = classic_options();
    Seeds seeds = Seeds::both(1);
    bool play_seed_given = false;
    std::string k, v, err;
    // preset first, whatever its position, so the other keys refine it.
    for (size_t i = 1; i < w.size(); ++i) {
      if (!split_kv(w[i], &k, &v)) return error_line("expected key=value, got \"" + w[i] + "\"");
      if (k == "preset") {
        if (v == "classic")
          o = classic_options();
        else if (v == "arena")
          o = arena_options();
        else
          return error_line("bad preset \"" + v + "\" (expected classic or arena)");
      }
    }
    for (size_t i = 1; i < w.size(); ++i) {
      split_kv(w[i], &k, &v);
      if (k == "preset") continue;
      if (k == "seed" || k == "play_seed") {
        uint64_t x = 0;
        if (!parse_u64(v, &x))
          return error_line("bad " + k + " \"" + v + "\" (expected a 64-bit unsigned number)");
        if (k == "seed") {
          seeds.board = x;
        } else {
          seeds.play = x;
          play_seed_given = true;
        }
        continue;
      }
      if (!set_option(o, k, v, &err)) return error_line(err.empty() ? "bad option " + k : err);
    }
    if (!validate(o, &err)) return error_line(err.empty() ? "invalid options" : err);
    if (!play_seed_given) seeds.play = seeds.board;
    game_ = Game(o, seeds);
    json j = ok();
    j["seed"] = seeds.board;
    j["play_seed"] = seeds.play;
    j["options"] = options_to_json(o);
    add_status(j, game_.state());
    return dump(j);
  }

  if (cmd == "board" || cmd == "state") {
    if (w.size() > 2) return error_line(cmd + " takes at most one argument (a seat)");
    int seat = kAllSeats;
    std::string err;
    if (w.size() == 2 && !parse_seat(w[1], n, &seat, &err)) return error_line(err);
    json j = ok();
    j[cmd] = cmd == "board" ? board_to_json(s, seat) : state_to_json(s, seat);
    return dump(j);
  }

  if (cmd == "options") {
    json j = ok();
    j["options"] = options_to_json(s.options);
    j["seed"] = s.seeds.board;
    j["play_seed"] = s.seeds.play;
    return dump(j);
  }

  if (cmd == "legal") {
    if (w.size() > 1) return error_line("legal takes no argument");
    json j = ok();
    add_status(j, s);
    json acts = json::array();
    for (const Action& a : legal_actions(s)) acts.push_back(a.to_string());
    j["actions"] = acts;
    return dump(j);
  }

  if (cmd == "act") {
    if (w.size() != 2) return error_line("usage: act <action> (see help for the grammar)");
    if (s.phase == Phase::GameOver) return error_line("the game is over");
    std::string err;
    auto a = Action::parse(w[1], &err);
    if (!a) return error_line("bad action \"" + w[1] + "\": " + err);
    const size_t before = game_.events().size();
    const GameState snapshot = s;
    if (!game_.apply(*a, &err)) {
      json j = json::object();
      j["ok"] = false;
      j["error"] = "illegal action " + a->to_string() + ": " + err;
      if (!(game_.state() == snapshot)) {  // arena: the offender forfeited
        j["forfeited"] = true;
        add_status(j, game_.state());
      }
      return dump(j);
    }
    json j = ok();
    j["action"] = a->to_string();
    json evs = json::array();
    const EventLog& log = game_.events();
    for (size_t i = before; i < log.size(); ++i) evs.push_back(event_to_json(log[i]));
    j["events"] = evs;
    add_status(j, game_.state());
    return dump(j);
  }

  if (cmd == "go") {
    if (s.phase == Phase::GameOver || s.to_move() < 0) return error_line("the game is over");
    AiConfig cfg;
    cfg.seed = s.seeds.board ^ (0x9E3779B97F4A7C15ull * (game_.history().size() + 1));
    bool do_apply = true;
    std::string k, v;
    for (size_t i = 1; i < w.size(); ++i) {
      AiLevel lvl;
      Personality per;
      long x;
      if (parse_ai_level(w[i], &lvl)) {
        cfg.level = lvl;
      } else if (parse_personality(w[i], &per)) {
        cfg.personality = per;
      } else if (split_kv(w[i], &k, &v)) {
        if (k == "ms" && parse_int(v, 1, 600000, &x))
          cfg.budget_ms = static_cast<int>(x);
        else if (k == "iterations" && parse_int(v, 0, 100000000, &x))
          cfg.max_iterations = static_cast<int>(x);
        else if (k == "seed" && parse_u64(v, &cfg.seed)) {
        } else if (k == "apply" && (v == "0" || v == "1"))
          do_apply = v == "1";
        else
          return error_line("bad go argument \"" + w[i] + "\"");
      } else {
        return error_line("bad go argument \"" + w[i] +
                          "\" (levels: random easy normal hard expert; personalities: balanced "
                          "trader aggressor builder expansionist opportunist)");
      }
    }
    const int seat = s.to_move();
    std::unique_ptr<Bot> bot = make_bot(cfg);
    if (!bot) return error_line("no AI available for that level");
    Action a = bot->decide(observe(s, seat), game_.visible_events(seat));
    json j = ok();
    j["seat"] = seat;
    j["action"] = a.to_string();
    j["level"] = ai_level_name(cfg.level);
    j["personality"] = personality_name(cfg.personality);
    if (do_apply) {
      std::string err;
      const size_t before = game_.events().size();
      if (!game_.apply(a, &err))
        return error_line("the AI chose an illegal action " + a.to_string() + ": " + err);
      json evs = json::array();
      const EventLog& log = game_.events();
      for (size_t i = before; i < log.size(); ++i) evs.push_back(event_to_json(log[i]));
      j["events"] = evs;
    }
    j["applied"] = do_apply;
    add_status(j, game_.state());
    return dump(j);
  }

  if (cmd == "events") {
    int seat = kAllSeats;
    long from = 0;
    std::string k, v, err;
    for (size_t i = 1; i < w.size(); ++i) {
      if (split_kv(w[i], &k, &v)) {
        if (k != "from" || !parse_int(v, 0, 100000000, &from))
          return error_line("bad events argument \"" + w[i] + "\"");
      } else if (!parse_seat(w[i], n, &seat, &err)) {
        return error_line(err);
      }
    }
    const EventLog log = game_.visible_events(seat);
    json j = ok();
    json evs = json::array();
    for (size_t i = static_cast<size_t>(from); i < log.size(); ++i)
      evs.push_back(event_to_json(log[i]));
    j["from"] = from;
    j["count"] = log.size();
    j["events"] = evs;
    return dump(j);
  }

  if (cmd == "history") {
    json j = ok();
    j["seed"] = s.seeds.board;
    j["play_seed"] = s.seeds.play;
    j["options"] = options_to_json(s.options);
    json acts = json::array();
    for (const Action& a : game_.history()) acts.push_back(a.to_string());
    j["actions"] = acts;
    return dump(j);
  }

  if (cmd == "replay") {
    Game g(s.options, s.seeds);
    std::string err;
    if (!Game::replay(s.options, s.seeds, game_.history(), &g, &err))
      return error_line("replay failed: " + err);
    json j = ok();
    j["actions"] = game_.history().size();
    j["identical"] = g.state() == s;
    return dump(j);
  }

  if (cmd == "save") {
    json j = ok();
    j["save"] = save_game(game_);
    return dump(j);
  }

  if (cmd == "load") {
    const std::string text = the_rest(line, "load");
    if (text.empty()) return error_line("usage: load <json> (one line, as printed by save)");
    Game g;
    std::string err;
    // Accept both the bare document and save's whole response {"ok":true,"save":{...}}.
    json doc;
    try {
      doc = json::parse(text);
    } catch (const std::exception& e) {
      return error_line(std::string("bad save: not valid JSON: ") + e.what());
    }
    if (doc.is_object() && doc.contains("save") && !doc.contains("format")) doc = doc["save"];
    if (!load_game(doc, &g, &err)) return error_line(err);
    game_ = std::move(g);
    json j = ok();
    j["actions"] = game_.history().size();
    add_status(j, game_.state());
    return dump(j);
  }

  if (cmd == "bench") {
    long games = 1000;
    uint64_t seed = 1;
    std::string k, v;
    for (size_t i = 1; i < w.size(); ++i) {
      if (!split_kv(w[i], &k, &v)) return error_line("bad bench argument \"" + w[i] + "\"");
      if (k == "games") {
        if (!parse_int(v, 1, 10000000, &games)) return error_line("bad games \"" + v + "\"");
      } else if (k == "seed") {
        if (!parse_u64(v, &seed)) return error_line("bad seed \"" + v + "\"");
      } else {
        return error_line("unknown bench key \"" + k + "\" (games, seed)");
      }
    }
    BenchResult r = run_bench(static_cast<int>(games), seed);
    if (!r.error.empty()) return error_line("bench: " + r.error);
    char sig[17];
    std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(r.signature));
    json j = ok();
    j["games"] = r.games;
    j["seed"] = seed;
    j["finished"] = r.finished;
    j["total_actions"] = r.total_actions;
    j["avg_actions_per_game"] = static_cast<double>(r.total_actions) / static_cast<double>(r.games);
    j["signature"] = sig;
    j["seconds"] = r.seconds;
    j["games_per_second"] = r.seconds > 0 ? r.games / r.seconds : 0.0;
    j["cpu_seconds"] = r.cpu_seconds;
    j["games_per_cpu_second"] = r.cpu_seconds > 0 ? r.games / r.cpu_seconds : 0.0;
    return dump(j);
  }

  return error_line("unknown command \"" + cmd + "\" (try help)");
}

int run_protocol(int argc, char** argv) {
  Protocol p;
  if (argc > 1) {
    std::string line;
    for (int i = 1; i < argc; ++i) {
      if (i > 1) line += ' ';
      line += argv[i];
    }
    std::string out = p.handle(line);
    if (out.empty()) out = error_line("empty command (try help)");
    std::fputs(out.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
    // Keys are sorted (bench puts "avg_..." first), so read "ok" instead of a prefix.
    const json answer = json::parse(out, nullptr, /*allow_exceptions=*/false);
    return answer.is_object() && answer.value("ok", false) ? 0 : 1;
  }
  std::string line;
  bool overflow = false;
  auto run = [&]() {
    std::string out;
    if (overflow)
      out = error_line("line too long (more than " + std::to_string(Protocol::kMaxLineBytes) +
                       " bytes); ignored");
    else
      out = p.handle(line);
    if (!out.empty()) {
      std::fputs(out.c_str(), stdout);
      std::fputc('\n', stdout);
      std::fflush(stdout);
    }
    line.clear();
    overflow = false;
  };
  int c;
  while (!p.done() && (c = std::getchar()) != EOF) {
    if (c == '\n') {
      run();
      continue;
    }
    if (line.size() < Protocol::kMaxLineBytes)
      line.push_back(static_cast<char>(c));
    else
      overflow = true;
  }
  if (!p.done() && (!line.empty() || overflow)) run();
  return 0;
}

}  // namespace catan
