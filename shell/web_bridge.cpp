// See web_bridge.h. The extern "C" functions at the end are what web/catan.js calls through
// Module.ccall; each returns a pointer into a static std::string that stays valid until the
// next call of the same function (ccall copies it into a JS string right away).
#include "shell/web_bridge.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <set>
#include <vector>

#include "engine/rules.h"
#include "engine/serialize.h"
#include "frontend/app.h"
#include "frontend/audio.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/em_asm.h>
#include <emscripten/emscripten.h>
#define CATAN_WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
extern "C" void catan_web_js_deps();  // shell/web_library.js: pulls in SDL audio's JS helpers
#else
#define CATAN_WEB_EXPORT extern "C"
#endif

namespace catan::web {

using nlohmann::json;

namespace {

Host g_host;
bool g_attached = false;

bool fail(std::string* error, const std::string& msg) {
  if (error) *error = msg;
  return false;
}

ui::Session* session() {
  return g_attached && g_host.session ? g_host.session() : nullptr;
}

std::string capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// A config value as text: strings as they are, integers and booleans spelled out.
std::optional<std::string> as_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (d == static_cast<double>(static_cast<int64_t>(d))) {
      return std::to_string(static_cast<int64_t>(d));
    }
    return std::to_string(d);
  }
  return std::nullopt;
}

bool parse_u64(const std::string& s, uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

bool parse_double(const std::string& s, double lo, double hi, double* out) {
  if (s.empty() || s.size() > 24) return false;
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !(d >= lo && d <= hi)) return false;
  *out = d;
  return true;
}

bool parse_bool(const std::string& s, bool* out) {
  if (s == "1" || s == "true" || s == "on" || s == "yes") return *out = true, true;
  if (s == "0" || s == "false" || s == "off" || s == "no") return *out = false, true;
  return false;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    const size_t p = s.find(sep, start);
    parts.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return parts;
}

// "human" | "ai" | "ai:<level>" | "ai:<level>:<personality>"
bool parse_seat(const std::string& text, ui::SeatConfig* seat, std::string* error) {
  const auto parts = split(text, ':');
  if (parts[0] == "human" && parts.size() == 1) {
    seat->kind = ui::SeatKind::Human;
    return true;
  }
  if (parts[0] != "ai" || parts.size() > 3) {
    return fail(error, "bad seat '" + text + "' (expected human or ai[:level[:personality]])");
  }
  seat->kind = ui::SeatKind::AI;
  if (parts.size() >= 2 && !parse_ai_level(parts[1], &seat->ai.level)) {
    return fail(error, "bad AI level '" + parts[1] + "' (expected random|easy|normal|hard|expert)");
  }
  if (parts.size() == 3 && !parse_personality(parts[2], &seat->ai.personality)) {
    return fail(error,
                "bad AI personality '" + parts[2] +
                    "' (expected balanced|trader|aggressor|builder|expansionist|opportunist)");
  }
  return true;
}

uint64_t clock_seed() {
  const auto t = std::chrono::steady_clock::now().time_since_epoch().count();
  uint64_t z = static_cast<uint64_t>(t) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z ? z % 1000000000ull + 1 : 1;
}

// What the event poller last reported (catan_web_poll): a new or resumed game is announced.
struct Tracker {
  bool active = false;
  bool force_start = false;
  bool over = false;
  uint64_t seed = 0;
  GameOptions options;
  size_t events = 0;
  size_t history = 0;
};
Tracker g_track;

// A new or resumed game through the host (the app), or the bare session without one; the
// poller announces it either way.
void start_match(const ui::MatchConfig& c) {
  if (g_host.start) {
    g_host.start(c);
  } else {
    session()->start(c);
  }
  g_track.force_start = true;
}

void resume_match(const ui::MatchConfig& c, const Game& g) {
  if (g_host.resume) {
    g_host.resume(c, g);
  } else {
    session()->resume(c, g);
  }
  g_track.force_start = true;
}

}  // namespace

void attach(Host host) {
  g_host = std::move(host);
  g_attached = static_cast<bool>(g_host.session);
}
bool attached() {
  return g_attached;
}

void attach_app(App& app) {
  Host h;
  h.session = [&app] { return &app.session(); };
  h.start = [&app](const ui::MatchConfig& c) { app.start_match(c); };
  h.resume = [&app](const ui::MatchConfig& c, const Game& g) { app.resume_match(c, g); };
  h.set_muted = [](bool m) { ui::set_embedded_muted(m); };
  h.set_colorblind = [](bool on) { ui::set_colorblind(on); };
  h.view = [&app] {
    json j = json::object();
    if (!app.session().active()) return j;
    auto list = [](int n, auto&& pos) {
      json a = json::array();
      for (int i = 0; i < n; ++i) {
        const ImVec2 p = pos(i);
        a.push_back({std::round(p.x * 10) / 10, std::round(p.y * 10) / 10});
      }
      return a;
    };
    j["vertices"] = list(kNumVertices, [&](int i) { return app.board_vertex_pos(i); });
    j["edges"] = list(kNumEdges, [&](int i) { return app.board_edge_pos(i); });
    j["hexes"] = list(kNumHexes, [&](int i) { return app.board_hex_pos(i); });
    return j;
  };
  attach(std::move(h));
#ifdef __EMSCRIPTEN__
  catan_web_js_deps();
  // The App's own save slots: the game (its New game screen offers "Continue last game") and
  // the UI settings (scale, palette, sound, volume).
  auto store = [](const char* key, const std::string& text) {
    EM_ASM(
        {
          try {
            localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
          } catch (e) {
          }
        },
        key, text.c_str());
  };
  auto fetch = [](const char* key) -> std::string {
    // Two steps (no malloc from JS): the size, then the bytes into a C++ buffer.
    const int n = EM_ASM_INT(
        {
          let t = null;
          try {
            t = localStorage.getItem(UTF8ToString($0));
          } catch (e) {
          }
          return t ? lengthBytesUTF8(t) : 0;
        },
        key);
    if (n <= 0) return "";
    std::string out(static_cast<size_t>(n) + 1, '\0');
    EM_ASM({ stringToUTF8(localStorage.getItem(UTF8ToString($0)) || '', $1, $2); }, key, out.data(),
           n + 1);
    out.resize(std::strlen(out.c_str()));
    return out;
  };
  // The game itself is saved by the page (web/catan.js persist(): after every change, one
  // slot per page so an embedded demo never overwrites the visitor's game); the App reads
  // that same slot for "Continue last game" instead of keeping a second copy. Earlier
  // builds kept one under "catan.app.save", shared by every page: dropped.
  EM_ASM({
    try {
      localStorage.removeItem('catan.app.save');
    } catch (e) {
    }
  });
  App::Persistence p;
  p.load = [fetch] {
    std::string key(256, '\0');
    EM_ASM({ stringToUTF8((window.catan && window.catan.saveKey) || 'catan.save', $0, $1); },
           key.data(), static_cast<int>(key.size()));
    key.resize(std::strlen(key.c_str()));
    return fetch(key.c_str());
  };
  p.resume = [](const std::string& text, std::string* error) {
    ui::MatchConfig c;
    Game g;
    if (!load_match(text, &c, &g, error)) return false;
    resume_match(c, g);
    return true;
  };
  p.save_settings = [store](const std::string& text) { store("catan.app.settings", text); };
  p.load_settings = [fetch] { return fetch("catan.app.settings"); };
  app.set_persistence(std::move(p));
#endif
}

// --- Configs ------------------------------------------------------------------------------

void name_seats(ui::MatchConfig* c) {
  static const char* const kNames[] = {"Alice", "Bruno", "Chiara", "Dmitri"};
  int humans = 0;
  for (int s = 0; s < c->options.players; ++s) humans += c->seats[s].kind == ui::SeatKind::Human;
  int human_no = 0;
  for (int s = 0; s < c->options.players; ++s) {
    ui::SeatConfig& seat = c->seats[s];
    if (!seat.name.empty()) continue;
    if (seat.kind == ui::SeatKind::Human) {
      ++human_no;
      seat.name = humans == 1 ? "You" : "Player " + std::to_string(human_no);
    } else {
      seat.name = std::string(kNames[s]) + " (" + capitalized(ai_level_name(seat.ai.level)) + " " +
                  capitalized(personality_name(seat.ai.personality)) + ")";
    }
  }
}

bool config_from_json(const json& j, ui::MatchConfig* out, std::string* error) {
  if (!j.is_object()) return fail(error, "the config must be a JSON object");
  static const std::set<std::string> kKeys = {"seed",  "players", "seats", "mode",
                                              "vp",    "board",   "dice",  "visibility",
                                              "timer", "speed",   "think", "autoplay"};
  std::map<std::string, std::string> v;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!kKeys.count(it.key())) {
      return fail(error, "unknown config key '" + it.key() +
                             "' (known: seed players seats mode vp board visibility dice timer "
                             "speed think autoplay)");
    }
    if (it.key() == "seats" && it.value().is_array()) continue;
    auto text = as_text(it.value());
    if (!text) return fail(error, "config key '" + it.key() + "' must be a string or number");
    v[it.key()] = *text;
  }

  ui::MatchConfig c;
  c.options = classic_options();
  std::string err;
  // Mode before vp (a vp other than the mode's own makes the mode custom).
  for (const char* key : {"mode", "vp", "board", "visibility", "dice", "timer"}) {
    if (v.count(key) && !set_option(c.options, key, v[key], &err)) return fail(error, err);
  }

  if (v.count("seed")) {
    if (!parse_u64(v["seed"], &c.seed) || c.seed == 0) {
      return fail(error, "bad seed '" + v["seed"] + "' (expected a whole number 1..2^64-1)");
    }
  } else {
    c.seed = clock_seed();
  }

  bool autoplay = false;
  if (v.count("autoplay") && !parse_bool(v["autoplay"], &autoplay)) {
    return fail(error, "bad autoplay '" + v["autoplay"] + "' (expected true|false)");
  }

  // Seats: a list (array or comma-separated text); players follows from it.
  std::vector<ui::SeatConfig> seats;
  if (j.contains("seats")) {
    const json& sj = j["seats"];
    std::vector<json> items;
    if (sj.is_array()) {
      items.assign(sj.begin(), sj.end());
    } else {
      for (const auto& part : split(v["seats"], ',')) items.emplace_back(part);
    }
    if (items.size() < 2 || items.size() > 4) return fail(error, "seats must list 2..4 seats");
    for (const json& item : items) {
      ui::SeatConfig seat;
      if (item.is_string()) {
        if (!parse_seat(item.get<std::string>(), &seat, error)) return false;
      } else if (item.is_object()) {
        const std::string kind = item.value("kind", std::string());
        if (kind == "human") {
          seat.kind = ui::SeatKind::Human;
        } else if (kind == "ai") {
          seat.kind = ui::SeatKind::AI;
          const std::string level = item.value("level", std::string("normal"));
          const std::string pers = item.value("personality", std::string("balanced"));
          if (!parse_ai_level(level, &seat.ai.level))
            return fail(error, "bad AI level '" + level + "'");
          if (!parse_personality(pers, &seat.ai.personality)) {
            return fail(error, "bad AI personality '" + pers + "'");
          }
        } else {
          return fail(error, "a seat object needs \"kind\": \"human\" or \"ai\"");
        }
        if (item.contains("name")) {
          if (!item["name"].is_string() || item["name"].get<std::string>().size() > 40) {
            return fail(error, "a seat name must be a string of at most 40 characters");
          }
          seat.name = item["name"].get<std::string>();
        }
      } else {
        return fail(error, "each seat must be a string like \"ai:hard:trader\" or an object");
      }
      seats.push_back(seat);
    }
    if (v.count("players") && v["players"] != std::to_string(seats.size())) {
      return fail(error, "players=" + v["players"] + " but seats lists " +
                             std::to_string(seats.size()) + " seats");
    }
    if (!set_option(c.options, "players", std::to_string(seats.size()), &err)) {
      return fail(error, err);
    }
  } else {
    if (v.count("players") && !set_option(c.options, "players", v["players"], &err)) {
      return fail(error, err);
    }
    static const Personality kDefault[] = {Personality::Balanced, Personality::Balanced,
                                           Personality::Trader, Personality::Builder};
    for (int s = 0; s < c.options.players; ++s) {
      ui::SeatConfig seat;
      seat.kind = (s == 0 && !autoplay) ? ui::SeatKind::Human : ui::SeatKind::AI;
      seat.ai.level = AiLevel::Normal;
      seat.ai.personality = kDefault[s];
      seats.push_back(seat);
    }
  }
  if (autoplay) {
    for (const auto& seat : seats) {
      if (seat.kind == ui::SeatKind::Human) {
        return fail(error, "autoplay is an AI-only game: seats must not include a human");
      }
    }
  }
  for (size_t s = 0; s < seats.size(); ++s) c.seats[s] = seats[s];

  double speed = autoplay ? 6.0 : 1.0;
  if (v.count("speed") && !parse_double(v["speed"], 0.25, 20.0, &speed)) {
    return fail(error, "bad speed '" + v["speed"] + "' (expected 0.25..20)");
  }
  c.ai_action_delay_s = 0.6 / speed;
  if (v.count("think") && !parse_double(v["think"], 10, 5000, &c.ai_think_budget_ms)) {
    return fail(error, "bad think '" + v["think"] + "' (expected 10..5000 ms)");
  }
  if (!validate(c.options, &err)) return fail(error, err);
  name_seats(&c);
  *out = c;
  return true;
}

json config_to_json(const ui::MatchConfig& c) {
  json seats = json::array();
  for (int s = 0; s < c.options.players; ++s) {
    const ui::SeatConfig& seat = c.seats[s];
    json o = {{"kind", seat.kind == ui::SeatKind::Human ? "human" : "ai"}, {"name", seat.name}};
    if (seat.kind == ui::SeatKind::AI) {
      o["level"] = ai_level_name(seat.ai.level);
      o["personality"] = personality_name(seat.ai.personality);
    }
    seats.push_back(o);
  }
  return {{"seed", std::to_string(c.seed)},
          {"options", options_to_json(c.options)},
          {"seats", seats},
          {"aiDelay", c.ai_action_delay_s},
          {"thinkMs", c.ai_think_budget_ms}};
}

bool full_config_from_json(const json& j, ui::MatchConfig* out, std::string* error) {
  if (!j.is_object()) return fail(error, "config: not an object");
  ui::MatchConfig c;
  std::string err;
  if (!j.contains("options") || !options_from_json(j["options"], &c.options, &err)) {
    return fail(error, "config.options: " + (err.empty() ? "missing" : err));
  }
  if (!j.contains("seed") || !j["seed"].is_string() ||
      !parse_u64(j["seed"].get<std::string>(), &c.seed)) {
    return fail(error, "config.seed: missing or not a decimal string");
  }
  if (!j.contains("seats") || !j["seats"].is_array() ||
      j["seats"].size() != static_cast<size_t>(c.options.players)) {
    return fail(error, "config.seats: expected one entry per player");
  }
  json flat = json::object();
  flat["seats"] = j["seats"];
  ui::MatchConfig seats_only;
  if (!config_from_json(flat, &seats_only, &err)) return fail(error, "config.seats: " + err);
  c.seats = seats_only.seats;
  if (j.contains("aiDelay") && j["aiDelay"].is_number()) {
    c.ai_action_delay_s = std::clamp(j["aiDelay"].get<double>(), 0.0, 10.0);
  }
  if (j.contains("thinkMs") && j["thinkMs"].is_number()) {
    c.ai_think_budget_ms = std::clamp(j["thinkMs"].get<double>(), 10.0, 5000.0);
  }
  name_seats(&c);
  *out = c;
  return true;
}

// --- Saved games ------------------------------------------------------------------------------

json save_match(const ui::Session& s) {
  return {{"format", "catan-web-save"},
          {"version", kWebSaveVersion},
          {"config", config_to_json(s.config())},
          {"game", save_game(s.game())}};
}

bool load_match(const std::string& text, ui::MatchConfig* config, Game* game, std::string* error) {
  try {
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return fail(error, "the saved game is corrupt (not valid JSON)");
    if (!j.is_object() || j.value("format", std::string()) != "catan-web-save") {
      return fail(error, "the saved game is corrupt (not a Catan save)");
    }
    if (!j.contains("version") || !j["version"].is_number_integer()) {
      return fail(error, "the saved game is corrupt (no version)");
    }
    const int version = j["version"].get<int>();
    if (version != kWebSaveVersion) {
      return fail(error, "the saved game is outdated (save format " + std::to_string(version) +
                             ", this version reads " + std::to_string(kWebSaveVersion) + ")");
    }
    ui::MatchConfig c;
    std::string err;
    if (!full_config_from_json(j["config"], &c, &err)) {
      return fail(error, "the saved game is corrupt (" + err + ")");
    }
    Game g;
    if (!j.contains("game") || !load_game(j["game"], &g, &err)) {
      return fail(error, "the saved game is corrupt (" + err + ")");
    }
    if (g.state().options != c.options || g.state().seed != c.seed) {
      return fail(error, "the saved game is corrupt (config does not match the game)");
    }
    *config = c;
    *game = std::move(g);
    return true;
  } catch (const std::exception& e) {
    return fail(error, std::string("the saved game is corrupt (") + e.what() + ")");
  }
}

// --- Game codes -------------------------------------------------------------------------------

namespace {

constexpr uint8_t kCodeVersion = 1;
const char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void put_varint(std::vector<uint8_t>& b, uint64_t v) {
  while (v >= 0x80) {
    b.push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  b.push_back(static_cast<uint8_t>(v));
}

struct Reader {
  const std::vector<uint8_t>& b;
  size_t pos = 0;
  bool ok = true;
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= b.size()) return ok = false, 0;
      const uint8_t x = b[pos++];
      v |= static_cast<uint64_t>(x & 0x7f) << shift;
      if (!(x & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  uint8_t byte() {
    if (pos >= b.size()) return ok = false, 0;
    return b[pos++];
  }
};

std::string b64url(const std::vector<uint8_t>& b) {
  std::string out;
  size_t i = 0;
  for (; i + 2 < b.size(); i += 3) {
    const uint32_t n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    for (int k = 18; k >= 0; k -= 6) out += kB64[(n >> k) & 63];
  }
  if (i + 1 == b.size()) {
    const uint32_t n = b[i] << 16;
    out += kB64[(n >> 18) & 63];
    out += kB64[(n >> 12) & 63];
  } else if (i + 2 == b.size()) {
    const uint32_t n = (b[i] << 16) | (b[i + 1] << 8);
    out += kB64[(n >> 18) & 63];
    out += kB64[(n >> 12) & 63];
    out += kB64[(n >> 6) & 63];
  }
  return out;
}

bool unb64url(const std::string& s, std::vector<uint8_t>* out) {
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    const char* p = c ? std::strchr(kB64, c) : nullptr;
    if (!p) return false;
    acc = (acc << 6) | static_cast<uint32_t>(p - kB64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<uint8_t>((acc >> bits) & 0xff));
    }
  }
  return true;
}

}  // namespace

std::string encode_game(const ui::MatchConfig& c, const Game& g) {
  std::vector<uint8_t> b;
  b.push_back(kCodeVersion);
  put_varint(b, c.seed);
  const GameOptions& o = g.state().options;
  for (uint64_t x :
       {uint64_t(o.preset), uint64_t(o.players), uint64_t(o.board), uint64_t(o.mode),
        uint64_t(o.vp_target), uint64_t(o.start_with_one_of_each), uint64_t(o.dice),
        uint64_t(o.visibility), uint64_t(o.discard), uint64_t(o.trade),
        uint64_t(o.max_offers_per_turn), uint64_t(o.roll_cap), uint64_t(o.forfeit_on_illegal),
        uint64_t(o.random_first_player), uint64_t(o.timer_seconds)}) {
    put_varint(b, x);
  }
  for (int s = 0; s < o.players; ++s) {
    const ui::SeatConfig& seat = c.seats[s];
    b.push_back(seat.kind == ui::SeatKind::Human
                    ? 0
                    : static_cast<uint8_t>(1 + static_cast<int>(seat.ai.level) * 8 +
                                           static_cast<int>(seat.ai.personality)));
  }
  put_varint(b, static_cast<uint64_t>(c.ai_action_delay_s * 1000 + 0.5));
  put_varint(b, static_cast<uint64_t>(c.ai_think_budget_ms + 0.5));
  put_varint(b, g.history().size());
  GameState s = new_game(o, g.state().seed);
  std::vector<Action> legal;
  for (const Action& a : g.history()) {
    legal_actions(s, legal);
    const auto it = std::find(legal.begin(), legal.end(), a);
    if (it != legal.end()) {
      put_varint(b, static_cast<uint64_t>(it - legal.begin()));
    } else {
      put_varint(b, legal.size());
      const std::string text = a.to_string();
      put_varint(b, text.size());
      b.insert(b.end(), text.begin(), text.end());
    }
    apply(s, a);
  }
  return b64url(b);
}

bool decode_game(const std::string& code, ui::MatchConfig* out, Game* game, std::string* error) {
  try {
    if (code.empty() || code.size() > 200000)
      return fail(error, "the game code is empty or too long");
    std::vector<uint8_t> bytes;
    if (!unb64url(code, &bytes)) return fail(error, "the game code is not base64url");
    Reader r{bytes};
    if (r.byte() != kCodeVersion || !r.ok) {
      return fail(error, "the game code has an unknown version (made by another release?)");
    }
    ui::MatchConfig c;
    c.seed = r.varint();
    GameOptions& o = c.options;
    uint64_t f[15];
    for (auto& x : f) x = r.varint();
    if (!r.ok) return fail(error, "the game code is truncated (options)");
    for (int i : {0, 2, 3, 6, 7, 8, 9}) {
      if (f[i] > 3) return fail(error, "the game code has bad options");
    }
    o.preset = static_cast<Preset>(f[0]);
    o.players = static_cast<uint8_t>(std::min<uint64_t>(f[1], 255));
    o.board = static_cast<LayoutKind>(f[2]);
    o.mode = static_cast<Mode>(f[3]);
    o.vp_target = static_cast<uint8_t>(std::min<uint64_t>(f[4], 255));
    o.start_with_one_of_each = f[5] != 0;
    o.dice = static_cast<DiceMode>(f[6]);
    o.visibility = static_cast<Visibility>(f[7]);
    o.discard = static_cast<DiscardMode>(f[8]);
    o.trade = static_cast<TradeMode>(f[9]);
    o.max_offers_per_turn = static_cast<uint8_t>(std::min<uint64_t>(f[10], 255));
    o.roll_cap = static_cast<uint16_t>(std::min<uint64_t>(f[11], 65535));
    o.forfeit_on_illegal = f[12] != 0;
    o.random_first_player = f[13] != 0;
    o.timer_seconds = static_cast<uint16_t>(std::min<uint64_t>(f[14], 65535));
    std::string err;
    if (!validate(o, &err)) return fail(error, "the game code has bad options: " + err);
    for (int s = 0; s < o.players; ++s) {
      const uint8_t k = r.byte();
      if (k == 0) {
        c.seats[s].kind = ui::SeatKind::Human;
      } else {
        const int level = (k - 1) / 8, pers = (k - 1) % 8;
        if (level > 4 || pers > 5) return fail(error, "the game code has a bad seat");
        c.seats[s].kind = ui::SeatKind::AI;
        c.seats[s].ai.level = static_cast<AiLevel>(level);
        c.seats[s].ai.personality = static_cast<Personality>(pers);
      }
    }
    c.ai_action_delay_s = std::min<double>(static_cast<double>(r.varint()) / 1000.0, 10.0);
    c.ai_think_budget_ms = std::clamp<double>(static_cast<double>(r.varint()), 10.0, 5000.0);
    const uint64_t n = r.varint();
    if (!r.ok || n > 20000) return fail(error, "the game code is truncated (header)");
    Game g(o, c.seed);
    std::vector<Action> legal;
    for (uint64_t i = 0; i < n; ++i) {
      legal_actions(g.state(), legal);
      const uint64_t idx = r.varint();
      Action a;
      if (idx < legal.size()) {
        a = legal[idx];
      } else if (idx == legal.size()) {
        const uint64_t len = r.varint();
        if (!r.ok || len > kMaxActionText || r.pos + len > bytes.size()) {
          return fail(error, "the game code is truncated (action " + std::to_string(i) + ")");
        }
        const std::string text(bytes.begin() + static_cast<long>(r.pos),
                               bytes.begin() + static_cast<long>(r.pos + len));
        r.pos += len;
        auto parsed = Action::parse(text, &err);
        if (!parsed) return fail(error, "the game code has a bad action: " + err);
        a = *parsed;
      } else {
        return fail(error, "the game code has a bad action index at action " + std::to_string(i));
      }
      if (!r.ok) return fail(error, "the game code is truncated");
      if (!g.apply(a, &err)) {
        return fail(error, "action " + std::to_string(i) + " does not apply: " + err);
      }
    }
    if (r.pos != bytes.size()) return fail(error, "the game code has trailing data");
    name_seats(&c);
    *out = c;
    *game = std::move(g);
    return true;
  } catch (const std::exception& e) {
    return fail(error, std::string("the game code is invalid (") + e.what() + ")");
  }
}

// --- Events -----------------------------------------------------------------------------------

namespace {

json scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.total_vp(p));
  return a;
}

json public_scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.public_vp(p));
  return a;
}

json game_over_event(const ui::Session& ses) {
  const GameState& s = ses.state();
  json names = json::array();
  for (int p = 0; p < s.num_players; ++p) names.push_back(ses.config().seats[p].name);
  return {{"type", "gameOver"},
          {"winner", s.winner},
          {"winnerName", s.winner >= 0 ? ses.config().seats[s.winner].name : ""},
          {"scores", scores(s)},
          {"names", names},
          {"turns", s.turn},
          {"actions", ses.game().history().size()}};
}

}  // namespace

json poll_events() {
  json out = json::array();
  ui::Session* ses = session();
  if (!ses || !ses->active()) return out;
  const Game& g = ses->game();
  const GameState& s = g.state();
  const size_t ne = g.events().size(), nh = g.history().size();
  const bool fresh = g_track.force_start || !g_track.active || s.seed != g_track.seed ||
                     !(s.options == g_track.options) || nh < g_track.history || ne < g_track.events;
  if (fresh) {
    json cfg = config_to_json(ses->config());
    out.push_back({{"type", "gameStarted"},
                   {"seed", cfg["seed"]},
                   {"players", s.num_players},
                   {"options", cfg["options"]},
                   {"seats", cfg["seats"]},
                   {"resumed", nh > 0},
                   {"actions", nh}});
    g_track = Tracker{};
    g_track.active = true;
    g_track.seed = s.seed;
    g_track.options = s.options;
    g_track.events = ne;
    g_track.history = nh;
    g_track.over = s.phase == Phase::GameOver;
    out.push_back({{"type", "changed"}, {"actions", nh}});
    return out;
  }
  for (size_t i = g_track.events; i < ne; ++i) {
    const Event& e = g.events()[i];
    if (e.type == EventType::DiceRolled) {
      out.push_back({{"type", "diceRolled"},
                     {"player", e.seat},
                     {"dice", {e.arg, e.arg2}},
                     {"total", e.arg + e.arg2}});
    } else if (e.type == EventType::TurnEnded) {
      out.push_back({{"type", "turn"},
                     {"player", e.other},
                     {"previous", e.seat},
                     {"turn", s.turn},
                     {"vp", public_scores(s)}});
    }
  }
  if (!g_track.over && s.phase == Phase::GameOver) {
    g_track.over = true;
    out.push_back(game_over_event(*ses));
  }
  if (nh != g_track.history) out.push_back({{"type", "changed"}, {"actions", nh}});
  g_track.events = ne;
  g_track.history = nh;
  return out;
}

}  // namespace catan::web

// --- Exports
// --------------------------------------------------------------------------------------

namespace {

using catan::web::g_host;
using catan::web::resume_match;
using catan::web::start_match;
using nlohmann::json;

const char* keep(std::string& slot, std::string value) {
  slot = std::move(value);
  return slot.c_str();
}

std::string error_json(const std::string& msg) {
  return json{{"ok", false}, {"error", msg}}.dump();
}
std::string ok_json() {
  return json{{"ok", true}}.dump();
}

catan::ui::Session* session() {
  return catan::web::session();
}

}  // namespace

// The state as `seat` sees it (99 = everything, -1 = a spectator) plus the session's view:
// {"state":{...state_to_json...}, "session":{active, paused, viewer, humanToAct, ...}}
CATAN_WEB_EXPORT const char* catan_web_state(int seat) {
  static std::string out;
  try {
    auto* ses = session();
    if (!ses) return keep(out, error_json("the app is not attached"));
    json j;
    json sj = {{"active", ses->active()}, {"paused", ses->paused()}};
    if (ses->active()) {
      if (seat != catan::kAllSeats && (seat < -1 || seat >= ses->state().num_players)) {
        return keep(out, error_json("bad seat"));
      }
      j["state"] = catan::state_to_json(ses->state(), seat);
      sj["viewer"] = ses->viewer();
      sj["toMove"] = ses->state().to_move();
      sj["humanToAct"] = ses->human_to_act();
      sj["aiThinking"] = ses->ai_thinking();
      sj["handoffPending"] = ses->handoff_pending();
      sj["actions"] = ses->game().history().size();
      sj["config"] = catan::web::config_to_json(ses->config());
    }
    j["session"] = sj;
    j["ok"] = true;
    return keep(out, j.dump());
  } catch (const std::exception& e) {
    return keep(out, error_json(e.what()));
  }
}

// Legal actions for whoever must act now, as strings (bundle trades beyond 1-for-1 are
// legal too but not listed, see rules.h).
CATAN_WEB_EXPORT const char* catan_web_legal() {
  static std::string out;
  auto* ses = session();
  json a = json::array();
  if (ses && ses->active()) {
    for (const auto& x : catan::legal_actions(ses->state())) a.push_back(x.to_string());
  }
  return keep(out, a.dump());
}

// Submits an action for the human who must act now. {"ok":true} or {"ok":false,"error":...}.
CATAN_WEB_EXPORT const char* catan_web_act(const char* text) {
  static std::string out;
  auto* ses = session();
  if (!ses || !ses->active()) return keep(out, error_json("no game in progress"));
  std::string err;
  auto a = catan::Action::parse(text ? text : "", &err);
  if (!a) return keep(out, error_json("malformed action: " + err));
  if (!ses->human_to_act()) return keep(out, error_json("it is not a human's turn to act"));
  if (ses->handoff_pending()) ses->accept_handoff();
  if (!ses->submit(*a, &err)) return keep(out, error_json(err));
  return keep(out, ok_json());
}

// Starts a match from a flat config (see config_from_json). {"ok":true,"config":{...}}.
CATAN_WEB_EXPORT const char* catan_web_new_game(const char* config_json) {
  static std::string out;
  try {
    if (!session()) return keep(out, error_json("the app is not attached"));
    const json j = json::parse(config_json ? config_json : "", nullptr, false);
    if (j.is_discarded()) return keep(out, error_json("the config is not valid JSON"));
    catan::ui::MatchConfig c;
    std::string err;
    if (!catan::web::config_from_json(j, &c, &err)) return keep(out, error_json(err));
    start_match(c);
    return keep(out, json{{"ok", true}, {"config", catan::web::config_to_json(c)}}.dump());
  } catch (const std::exception& e) {
    return keep(out, error_json(e.what()));
  }
}

CATAN_WEB_EXPORT void catan_web_set_paused(int paused) {
  if (auto* ses = session()) ses->set_paused(paused != 0);
}

CATAN_WEB_EXPORT void catan_web_set_muted(int muted) {
  if (g_host.set_muted) g_host.set_muted(muted != 0);
}

CATAN_WEB_EXPORT void catan_web_set_colorblind(int on) {
  if (g_host.set_colorblind) g_host.set_colorblind(on != 0);
}

// AI pace multiplier (1 = normal: 0.6 s between AI actions).
CATAN_WEB_EXPORT void catan_web_set_speed(double speed) {
  if (auto* ses = session(); ses && speed >= 0.25 && speed <= 20) ses->set_ai_delay(0.6 / speed);
}

// The match as a saved-game document ("" when no game is in progress).
CATAN_WEB_EXPORT const char* catan_web_save() {
  static std::string out;
  try {
    auto* ses = session();
    if (!ses || !ses->active()) return keep(out, "");
    return keep(out, catan::web::save_match(*ses).dump());
  } catch (const std::exception& e) {
    return keep(out, "");
  }
}

// Resumes a saved match. {"ok":true} or {"ok":false,"error":"the saved game is ..."}.
CATAN_WEB_EXPORT const char* catan_web_load(const char* text) {
  static std::string out;
  if (!session()) return keep(out, error_json("the app is not attached"));
  catan::ui::MatchConfig c;
  catan::Game g;
  std::string err;
  if (!catan::web::load_match(text ? text : "", &c, &g, &err)) return keep(out, error_json(err));
  resume_match(c, g);
  return keep(out, ok_json());
}

// The whole game as a compact code for replay links ("" when no game).
CATAN_WEB_EXPORT const char* catan_web_game_code() {
  static std::string out;
  auto* ses = session();
  if (!ses || !ses->active()) return keep(out, "");
  return keep(out, catan::web::encode_game(ses->config(), ses->game()));
}

// Loads a game code (replays it to its last position, paused). {"ok":true} or an error.
CATAN_WEB_EXPORT const char* catan_web_load_game_code(const char* code) {
  static std::string out;
  if (!session()) return keep(out, error_json("the app is not attached"));
  catan::ui::MatchConfig c;
  catan::Game g;
  std::string err;
  if (!catan::web::decode_game(code ? code : "", &c, &g, &err)) return keep(out, error_json(err));
  resume_match(c, g);
  // A replay opens paused at its last position (the UI's Resume button continues it).
  session()->set_paused(true);
  return keep(out, ok_json());
}

// Events since the last poll, as a JSON array (see poll_events).
CATAN_WEB_EXPORT const char* catan_web_poll() {
  static std::string out;
  try {
    return keep(out, catan::web::poll_events().dump());
  } catch (const std::exception& e) {
    return keep(out, "[]");
  }
}

// Screen positions of the board as drawn (see Host::view); {} when unknown.
CATAN_WEB_EXPORT const char* catan_web_view() {
  static std::string out;
  try {
    return keep(out, g_host.view ? g_host.view().dump() : "{}");
  } catch (const std::exception& e) {
    return keep(out, "{}");
  }
}

// The board (topology and layout) as the viewer sees it.
CATAN_WEB_EXPORT const char* catan_web_board() {
  static std::string out;
  auto* ses = session();
  if (!ses || !ses->active()) return keep(out, "{}");
  return keep(
      out, catan::board_to_json(ses->state(), ses->viewer() < 0 ? catan::kAllSeats : ses->viewer())
               .dump());
}

// 1 once the shell attached the bridge to the app (main() ran up to the main loop).
CATAN_WEB_EXPORT int catan_web_attached() {
  return catan::web::attached() ? 1 : 0;
}
