// catan-cli's line protocol (docs/PROTOCOL.md). Thin by design: parse a command, call the
// engine, print one JSON line. Every command is one row of kCommands (its name, its line in
// `help`, its handler); `help` is generated from the table. Everything here also runs as wasm
// under node.
#include "shell/protocol.h"

#include <algorithm>
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
#include "engine/coach/review.h"
#include "engine/hash.h"
#include "engine/observation.h"
#include "engine/parse.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "match/replay_code.h"
#include "match/web_save.h"

namespace catan {

using nlohmann::json;

namespace {

// ----- Answers and arguments ----------------------------------------------------------------

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

// Seeds and other 64-bit arguments: decimal or 0x hex.
bool parse_seed(const std::string& s, uint64_t* out) {
  return parse_u64(s, out, NumberBase::DecimalOrHex);
}

bool parse_int(const std::string& s, long lo, long hi, long* out) {
  if (s.empty() || s.size() > 12) return false;
  bool neg = s[0] == '-';
  uint64_t u;
  if (!parse_seed(neg ? s.substr(1) : s, &u) || u > 1000000000000ull) return false;
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

// The events of `log` from index `from` on, as JSON.
json events_from(const EventLog& log, size_t from) {
  json evs = json::array();
  for (size_t i = from; i < log.size(); ++i) evs.push_back(event_to_json(log[i]));
  return evs;
}

json action_strings(const std::vector<Action>& actions) {
  json out = json::array();
  for (const Action& a : actions) out.push_back(a.to_string());
  return out;
}

// ----- Commands -----------------------------------------------------------------------------

// One command line being handled: the game, the words (w[0] is the command) and the line.
struct Call {
  Game& game;
  bool& done;
  const std::string& line;
  const std::vector<std::string>& w;
};

std::string cmd_help(Call&);

std::string cmd_quit(Call& c) {
  c.done = true;
  return dump(ok());
}

std::string cmd_isready(Call&) {
  return dump(ok());
}

std::string cmd_new(Call& c) {
  const std::vector<std::string>& w = c.w;
  GameOptions o = classic_options();
  Seeds seeds = Seeds::both(1);
  bool play_seed_given = false;
  std::string k, v, err;
  // preset first, whatever its position, so the other keys refine it.
  for (size_t i = 1; i < w.size(); ++i) {
    if (!split_kv(w[i], &k, &v)) return error_line("expected key=value, got \"" + w[i] + "\"");
    if (k == "preset") {
      const auto p = kPresetNames.parse(v);
      if (!p) return error_line("bad preset \"" + v + "\" (expected classic or arena)");
      o = preset_options(*p);
    }
  }
  for (size_t i = 1; i < w.size(); ++i) {
    split_kv(w[i], &k, &v);
    if (k == "preset") continue;
    if (k == "seed" || k == "play_seed") {
      uint64_t x = 0;
      if (!parse_seed(v, &x))
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
  c.game = Game(o, seeds);
  json j = ok();
  j["seed"] = seeds.board;
  j["play_seed"] = seeds.play;
  j["options"] = options_to_json(o);
  add_status(j, c.game.state());
  return dump(j);
}

// `board [seat]` and `state [seat]`: the answer's key is the command's name.
std::string cmd_view(Call& c) {
  const std::string& cmd = c.w[0];
  const GameState& s = c.game.state();
  if (c.w.size() > 2) return error_line(cmd + " takes at most one argument (a seat)");
  int seat = kAllSeats;
  std::string err;
  if (c.w.size() == 2 && !parse_seat(c.w[1], s.num_players, &seat, &err)) return error_line(err);
  json j = ok();
  j[cmd] = cmd == "board" ? board_to_json(s, seat) : state_to_json(s, seat);
  return dump(j);
}

std::string cmd_options(Call& c) {
  const GameState& s = c.game.state();
  json j = ok();
  j["options"] = options_to_json(s.options);
  j["seed"] = s.seeds.board;
  j["play_seed"] = s.seeds.play;
  return dump(j);
}

std::string cmd_legal(Call& c) {
  const GameState& s = c.game.state();
  json j = ok();
  add_status(j, s);
  j["actions"] = action_strings(legal_actions(s));
  return dump(j);
}

std::string cmd_act(Call& c) {
  const GameState& s = c.game.state();
  if (c.w.size() != 2) return error_line("usage: act <action> (see help for the grammar)");
  if (s.phase == Phase::GameOver) return error_line("the game is over");
  std::string err;
  auto a = Action::parse(c.w[1], &err);
  if (!a) return error_line("bad action \"" + c.w[1] + "\": " + err);
  const size_t before = c.game.events().size();
  const GameState snapshot = s;
  if (!c.game.apply(*a, &err)) {
    json j = json::object();
    j["ok"] = false;
    j["error"] = "illegal action " + a->to_string() + ": " + err;
    if (!(c.game.state() == snapshot)) {  // arena: the offender forfeited
      j["forfeited"] = true;
      add_status(j, c.game.state());
    }
    return dump(j);
  }
  json j = ok();
  j["action"] = a->to_string();
  j["events"] = events_from(c.game.events(), before);
  add_status(j, c.game.state());
  return dump(j);
}

std::string cmd_go(Call& c) {
  const GameState& s = c.game.state();
  const std::vector<std::string>& w = c.w;
  if (s.phase == Phase::GameOver || s.to_move() < 0) return error_line("the game is over");
  AiConfig cfg;
  cfg.seed = s.seeds.board ^ (0x9E3779B97F4A7C15ull * (c.game.history().size() + 1));
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
      else if (k == "seed" && parse_seed(v, &cfg.seed)) {
      } else if (k == "apply" && (v == "0" || v == "1"))
        do_apply = v == "1";
      else
        return error_line("bad go argument \"" + w[i] + "\"");
    } else {
      return error_line(
          "bad go argument \"" + w[i] +
          "\" (levels: random easy normal hard expert master; personalities: balanced "
          "trader aggressor builder expansionist opportunist)");
    }
  }
  const int seat = s.to_move();
  std::unique_ptr<Bot> bot = make_bot(cfg);
  if (!bot) return error_line("no AI available for that level");
  Action a = bot->decide(observe(s, seat), c.game.visible_events(seat));
  json j = ok();
  j["seat"] = seat;
  j["action"] = a.to_string();
  j["level"] = ai_level_name(cfg.level);
  j["personality"] = personality_name(cfg.personality);
  if (do_apply) {
    std::string err;
    const size_t before = c.game.events().size();
    if (!c.game.apply(a, &err))
      return error_line("the AI chose an illegal action " + a.to_string() + ": " + err);
    j["events"] = events_from(c.game.events(), before);
  }
  j["applied"] = do_apply;
  add_status(j, c.game.state());
  return dump(j);
}

std::string cmd_events(Call& c) {
  int seat = kAllSeats;
  long from = 0;
  std::string k, v, err;
  for (size_t i = 1; i < c.w.size(); ++i) {
    if (split_kv(c.w[i], &k, &v)) {
      if (k != "from" || !parse_int(v, 0, 100000000, &from))
        return error_line("bad events argument \"" + c.w[i] + "\"");
    } else if (!parse_seat(c.w[i], c.game.state().num_players, &seat, &err)) {
      return error_line(err);
    }
  }
  const EventLog log = c.game.visible_events(seat);
  json j = ok();
  j["from"] = from;
  j["count"] = log.size();
  j["events"] = events_from(log, static_cast<size_t>(from));
  return dump(j);
}

std::string cmd_history(Call& c) {
  const GameState& s = c.game.state();
  json j = ok();
  j["seed"] = s.seeds.board;
  j["play_seed"] = s.seeds.play;
  j["options"] = options_to_json(s.options);
  j["actions"] = action_strings(c.game.history());
  return dump(j);
}

std::string cmd_replay(Call& c) {
  const GameState& s = c.game.state();
  Game g(s.options, s.seeds);
  std::string err;
  if (!Game::replay(s.options, s.seeds, c.game.history(), &g, &err))
    return error_line("replay failed: " + err);
  json j = ok();
  j["actions"] = c.game.history().size();
  j["identical"] = g.state() == s;
  return dump(j);
}

std::string cmd_save(Call& c) {
  json j = ok();
  j["save"] = save_game(c.game);
  return dump(j);
}

std::string cmd_load(Call& c) {
  const std::string text = the_rest(c.line, "load");
  if (text.empty()) return error_line("usage: load <json> (one line, as printed by save)");
  Game g;
  std::string err;
  // Accept both the bare document and save's whole response {"ok":true,"save":{...}}.
  json doc;
  if (json_too_deep(text)) {
    return error_line("bad save: it nests arrays and objects deeper than " +
                      std::to_string(kMaxJsonDepth) + " levels");
  }
  try {
    doc = json::parse(text);
  } catch (const std::exception& e) {
    return error_line(std::string("bad save: not valid JSON: ") + e.what());
  }
  if (doc.is_object() && doc.contains("save") && !doc.contains("format")) doc = doc["save"];
  if (!load_game(doc, &g, &err)) return error_line(err);
  c.game = std::move(g);
  json j = ok();
  j["actions"] = c.game.history().size();
  add_status(j, c.game.state());
  return dump(j);
}

std::string cmd_bench(Call& c) {
  long games = 1000;
  uint64_t seed = 1;
  std::string k, v;
  for (size_t i = 1; i < c.w.size(); ++i) {
    if (!split_kv(c.w[i], &k, &v)) return error_line("bad bench argument \"" + c.w[i] + "\"");
    if (k == "games") {
      if (!parse_int(v, 1, 10000000, &games)) return error_line("bad games \"" + v + "\"");
    } else if (k == "seed") {
      if (!parse_seed(v, &seed)) return error_line("bad seed \"" + v + "\"");
    } else {
      return error_line("unknown bench key \"" + k + "\" (games, seed)");
    }
  }
  BenchResult r = run_bench(static_cast<int>(games), seed);
  if (!r.error.empty()) return error_line("bench: " + r.error);
  json j = ok();
  j["games"] = r.games;
  j["seed"] = seed;
  j["finished"] = r.finished;
  j["total_actions"] = r.total_actions;
  j["avg_actions_per_game"] = static_cast<double>(r.total_actions) / static_cast<double>(r.games);
  j["signature"] = hash_hex(r.signature);
  j["seconds"] = r.seconds;
  j["games_per_second"] = r.seconds > 0 ? r.games / r.seconds : 0.0;
  j["cpu_seconds"] = r.cpu_seconds;
  j["games_per_cpu_second"] = r.cpu_seconds > 0 ? r.games / r.cpu_seconds : 0.0;
  return dump(j);
}

// analyse [file=PATH] [seat ...] [iterations=N]: the coach's review of the current game, or
// of a saved game read from PATH (an engine save, the web page's save or a replay code:
// its human seats are reviewed unless seats are named).
std::string cmd_analyse(Call& c) {
  coach::ReviewConfig cfg;
  std::string k, v, err, path;
  for (size_t i = 1; i < c.w.size(); ++i) {
    if (split_kv(c.w[i], &k, &v)) {
      long n = 0;
      if (k == "iterations") {
        if (!parse_int(v, 1, 10000, &n)) return error_line("bad iterations \"" + v + "\"");
        cfg.coach.iterations = static_cast<int>(n);
      } else if (k == "file") {
        path = v;
      } else {
        return error_line("unknown analyse key \"" + k + "\" (file, iterations)");
      }
      continue;
    }
    long seat = 0;
    if (!parse_int(c.w[i], 0, kMaxPlayers - 1, &seat))
      return error_line("bad seat \"" + c.w[i] + "\" (0-3)");
    cfg.seats.push_back(static_cast<int>(seat));
  }
  Game g = c.game;
  if (!path.empty()) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return error_line("cannot open \"" + path + "\"");
    std::string text;
    char buf[4096];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0 &&
           text.size() <= match::kMaxConfigText * 64)
      text.append(buf, got);
    std::fclose(f);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
      text.pop_back();
    match::MatchConfig mc;
    std::string e1, e2, e3;
    const std::string code = text.rfind("#game=", 0) == 0 ? text.substr(6) : text;
    bool matched = false;
    if (load_game(text, &g, &e1)) {
    } else if (match::load_match(text, &mc, &g, &e2) || match::decode_game(code, &mc, &g, &e3)) {
      matched = true;
    } else {
      return error_line("not a saved game, a web save or a replay code: " + e1);
    }
    if (matched && cfg.seats.empty())
      for (int s = 0; s < g.state().num_players; ++s)
        if (mc.seats[s].kind == match::SeatKind::Human) cfg.seats.push_back(s);
  }
  for (int s : cfg.seats)
    if (s >= g.state().num_players) return error_line("no seat " + std::to_string(s));
  const auto t0 = std::chrono::steady_clock::now();
  const coach::Review r = coach::review_game(g, cfg);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  json j = ok();
  j["review"] = coach::review_to_json(g, r);
  const size_t n = r.decisions.size();
  j["timing"] = {{"seconds", secs},
                 {"turns", g.state().turn},
                 {"decisions", n},
                 {"mean_decision_ms", n ? r.analysis_ms / n : 0.0},
                 {"max_decision_ms", r.max_decision_ms}};
  return dump(j);
}

// hint [iterations=N]: the coach's advice for the seat to move, from that seat's view.
std::string cmd_hint(Call& c) {
  coach::CoachConfig cfg;
  std::string k, v;
  for (size_t i = 1; i < c.w.size(); ++i) {
    long n = 0;
    if (!split_kv(c.w[i], &k, &v) || k != "iterations" || !parse_int(v, 1, 10000, &n))
      return error_line("bad hint argument \"" + c.w[i] + "\" (iterations=N)");
    cfg.iterations = static_cast<int>(n);
  }
  const GameState& s = c.game.state();
  const int seat = s.to_move();
  if (seat < 0) return error_line("the game is over");
  coach::Analyst an(cfg);
  an.start(observe(s, seat), c.game.visible_events(seat));
  while (!an.step(1e9)) {
  }
  const coach::Advice& adv = an.advice();
  json j = ok();
  j["seat"] = seat;
  json now = json::array(), opts = json::array();
  for (int p = 0; p < s.num_players; ++p) now.push_back(adv.now[p]);
  for (const coach::MoveOption& o : adv.options) {
    json w = json::array();
    for (int p = 0; p < s.num_players; ++p) w.push_back(o.win[p]);
    opts.push_back({{"action", o.action.to_string()}, {"win", w}, {"why", o.why}});
  }
  j["now"] = now;
  j["options"] = opts;
  j["iterations"] = adv.iterations;
  return dump(j);
}

enum class Args : uint8_t {
  None,  // trailing words are refused ("<name> takes no argument")
  Own,   // the handler reads (and checks) its own arguments
};

struct Command {
  const char* name;
  Args args;
  // Its entry in `help`: usage and description; lines after the first are separated by '\n'.
  // nullptr for aliases and commands not listed.
  const char* usage;
  const char* help;
  std::string (*run)(Call&);
};

// The commands, in the order `help` lists them.
constexpr Command kCommands[] = {
    {"new", Args::Own, "new [key=value ...]",
     "new game; keys: seed, play_seed (default: seed), preset\n"
     "(classic|arena), players (2-4),\n"
     "board (beginner|official|balanced|random), mode (classic|blitz|\n"
     "epic|custom), vp, dice (random|balanced), visibility (revealed|\n"
     "mist|terra_incognita), discard, trade, offers, roll_cap, forfeit,\n"
     "first (random|seat0), timer. preset is applied first.",
     cmd_new},
    {"board", Args::Own, "board [seat]",
     "hexes, vertices, edges, ports (as seat sees them; default all)", cmd_view},
    {"state", Args::Own, "state [seat]",
     "the state as seat sees it (0..n-1, spectator, all; default all)", cmd_view},
    {"legal", Args::None, "legal", "legal action strings for the player to move", cmd_legal},
    {"act", Args::Own, "act <action>",
     "apply an action (illegal: error, nothing changes; arena: forfeit)", cmd_act},
    {"go", Args::Own, "go [level] [personality] [ms=N] [iterations=N] [seed=N] [apply=0|1]",
     "let the AI choose (and by default play) the move", cmd_go},
    {"events", Args::Own, "events [seat] [from=N]", "the event log as seat sees it, from index N",
     cmd_events},
    {"history", Args::None, "history", "options, seeds and the actions applied so far",
     cmd_history},
    {"replay", Args::None, "replay", "rebuild the game from (options, seeds, history) and compare",
     cmd_replay},
    {"save", Args::None, "save", "the complete game as one JSON document", cmd_save},
    {"load", Args::Own, "load <json>", "load a saved game (validated and replayed)", cmd_load},
    {"options", Args::None, "options", "the current game options", cmd_options},
    {"bench", Args::Own, "bench [games=N] [seed=S]", "random-bot benchmark (4 players, classic)",
     cmd_bench},
    {"hint", Args::Own, "hint [iterations=N]",
     "the coach's advice for the seat to move (its view only): Expert's\n"
     "move first, then the alternatives, each with every seat's win chance",
     cmd_hint},
    {"analyse", Args::Own, "analyse [file=PATH] [seat ...] [iterations=N]",
     "the coach's review: every seat's win chance after each action, the\n"
     "turning points, each decision of the seats (default: all, or a\n"
     "file's human seats) graded against Expert's move",
     cmd_analyse},
    {"help", Args::None, "help", "this text", cmd_help},
    {"quit", Args::None, "quit", "leave", cmd_quit},
    {"exit", Args::None, nullptr, nullptr, cmd_quit},
    {"isready", Args::None, nullptr, nullptr, cmd_isready},
};

// The action grammar, after the commands in `help`.
constexpr const char* kActionHelp[] = {
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
};

std::string cmd_help(Call&) {
  json j = ok();
  json lines = json::array();
  for (const std::string& l : protocol_help()) lines.push_back(l);
  j["help"] = lines;
  return dump(j);
}

const Command* find_command(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

// ----- bench --------------------------------------------------------------------------------

// The signature's fields of one final state (each integer as 8 bytes, signed values
// sign-extended).
template <class A>
void hash_each(Fnv1a& f, const A& a) {
  for (auto v : a) f.u64(static_cast<uint64_t>(static_cast<int64_t>(v)));
}

void hash_state(Fnv1a& f, const GameState& s, uint64_t actions) {
  f.u64(actions);
  f.u64(static_cast<uint64_t>(static_cast<int64_t>(s.winner)));
  f.u64(s.turn);
  f.u64(s.rolls);
  f.u64(s.rng.state);
  f.u64(s.deck_pos);
  hash_each(f, s.bank);
  hash_each(f, s.vertex_owner);
  for (auto b : s.vertex_building) f.byte(static_cast<uint8_t>(b));
  hash_each(f, s.edge_owner);
  for (int p = 0; p < s.num_players; ++p) {
    hash_each(f, s.players[p].resources);
    hash_each(f, s.players[p].dev_cards);
    hash_each(f, s.players[p].dev_played);
    f.u64(static_cast<uint64_t>(s.total_vp(p)));
  }
}

constexpr uint64_t kBenchActionCap = 100000;

}  // namespace

std::vector<std::string> protocol_help() {
  constexpr size_t kUsageWidth = 24;  // descriptions start in column 26
  const std::string indent(kUsageWidth + 2, ' ');
  std::vector<std::string> out;
  out.push_back("commands (one per line; each answer is one line of JSON):");
  for (const Command& c : kCommands) {
    if (!c.usage) continue;
    const std::string usage = c.usage;
    std::vector<std::string> help;  // the description's lines
    for (std::string_view h = c.help;;) {
      const size_t nl = h.find('\n');
      help.emplace_back(h.substr(0, nl));
      if (nl == std::string_view::npos) break;
      h.remove_prefix(nl + 1);
    }
    if (usage.size() <= kUsageWidth)  // the first line beside the usage, else below it
      out.push_back("  " + usage +
                    std::string(std::max<size_t>(2, kUsageWidth - usage.size()), ' ') + help[0]);
    else
      out.insert(out.end(), {"  " + usage, indent + help[0]});
    for (size_t i = 1; i < help.size(); ++i) out.push_back(indent + help[i]);
  }
  out.insert(out.end(), std::begin(kActionHelp), std::end(kActionHelp));
  return out;
}

BenchResult run_bench(int games, uint64_t seed) {
  BenchResult r;
  r.games = games;
  Fnv1a f;
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
  r.signature = f.value();
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
  const Command* c = find_command(w[0]);
  if (!c) return error_line("unknown command \"" + w[0] + "\" (try help)");
  // Bad input gets a clear error instead of being silently ignored.
  if (c->args == Args::None && w.size() > 1) return error_line(w[0] + " takes no argument");
  Call call{game_, done_, line, w};
  return c->run(call);
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
