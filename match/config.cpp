#include "match/config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "match/config_tables.h"
#include "match/refuse.h"
#include "engine/parse.h"
#include "engine/serialize.h"

namespace catan::match {

using nlohmann::json;

namespace {

std::string capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// A config value as text: strings as they are, whole numbers and booleans spelled out.
// A fractional number keeps its fraction (speed=1.5); one that is not finite or too large
// for a 64-bit integer is refused rather than converted.
std::optional<std::string> as_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!std::isfinite(d) || std::fabs(d) >= 9.0e15) return std::nullopt;
    if (d == std::trunc(d)) return std::to_string(static_cast<int64_t>(d));
    return std::to_string(d);
  }
  return std::nullopt;
}

// The text for an error message: at most 40 bytes, anything unprintable as \xNN.
std::string shown(const std::string& s) {
  return printable(s.size() > 40 ? s.substr(0, 40) + "..." : s);
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
bool parse_seat(const std::string& text, SeatConfig* seat, std::string* error) {
  const auto parts = split(text, ':');
  if (parts[0] == "human" && parts.size() == 1) {
    seat->kind = SeatKind::Human;
    return true;
  }
  if (parts[0] != "ai" || parts.size() > 3) {
    return refuse(error,
                  "bad seat '" + shown(text) + "' (expected human or ai[:level[:personality]])");
  }
  seat->kind = SeatKind::AI;
  if (parts.size() >= 2 && !parse_ai_level(parts[1], &seat->ai.level)) {
    return refuse(error, "bad AI level '" + shown(parts[1]) +
                             "' (expected random|easy|normal|hard|expert|master)");
  }
  if (parts.size() == 3 && !parse_personality(parts[2], &seat->ai.personality)) {
    return refuse(error,
                  "bad AI personality '" + shown(parts[2]) +
                      "' (expected balanced|trader|aggressor|builder|expansionist|opportunist)");
  }
  return true;
}

bool seat_from_json(const json& item, SeatConfig* seat, std::string* error) {
  if (item.is_string()) return parse_seat(item.get<std::string>(), seat, error);
  if (!item.is_object()) {
    return refuse(error, "each seat must be a string like \"ai:hard:trader\" or an object");
  }
  auto text = [&](const char* key, const char* fallback) -> std::optional<std::string> {
    const auto it = item.find(key);
    if (it == item.end()) return std::string(fallback);
    if (!it->is_string()) return std::nullopt;
    return it->get<std::string>();
  };
  const auto kind = text("kind", "");
  if (kind == "human") {
    seat->kind = SeatKind::Human;
  } else if (kind == "ai") {
    seat->kind = SeatKind::AI;
    const auto level = text("level", "normal");
    const auto pers = text("personality", "balanced");
    if (!level || !parse_ai_level(*level, &seat->ai.level)) {
      return refuse(error, "bad AI level '" + shown(level.value_or("?")) + "'");
    }
    if (!pers || !parse_personality(*pers, &seat->ai.personality)) {
      return refuse(error, "bad AI personality '" + shown(pers.value_or("?")) + "'");
    }
  } else {
    return refuse(error, "a seat object needs \"kind\": \"human\" or \"ai\"");
  }
  if (const auto it = item.find("aiSeed"); it != item.end()) {
    if (!it->is_string() ||
        !parse_u64(it->get<std::string>(), &seat->ai.seed, NumberBase::Decimal)) {
      return refuse(error, "a seat's aiSeed must be a decimal string");
    }
  }
  if (const auto it = item.find("name"); it != item.end()) {
    if (!it->is_string() || it->get<std::string>().size() > 40) {
      return refuse(error, "a seat name must be a string of at most 40 characters");
    }
    seat->name = it->get<std::string>();
  }
  return true;
}

}  // namespace

double ai_delay_for_speed(double speed) {
  if (!(speed > 0)) return 0.0;
  return kNormalAiDelaySeconds / std::clamp(speed, kMinAiSpeed, kMaxAiSpeed);
}

uint64_t fresh_seed() {
  std::random_device rd;
  for (;;) {
    const uint64_t s = (static_cast<uint64_t>(rd()) << 32) ^ static_cast<uint64_t>(rd());
    if (s) return s;
  }
}

void name_seats(MatchConfig* c) {
  static const char* const kNames[] = {"Alice", "Bruno", "Chiara", "Dmitri"};
  int humans = 0;
  for (int s = 0; s < c->options.players; ++s) humans += c->seats[s].kind == SeatKind::Human;
  int human_no = 0;
  for (int s = 0; s < c->options.players; ++s) {
    SeatConfig& seat = c->seats[s];
    if (!seat.name.empty()) continue;
    if (seat.kind == SeatKind::Human) {
      ++human_no;
      seat.name = humans == 1 ? "You" : "Player " + std::to_string(human_no);
    } else {
      seat.name = std::string(kNames[s]) + " (" + capitalized(ai_level_name(seat.ai.level)) + " " +
                  capitalized(personality_name(seat.ai.personality)) + ")";
    }
  }
}

namespace {

using ConfigText = std::map<std::string, std::string>;

// The config's keys as text ("seats" given as an array is read from j itself).
bool config_text(const json& j, ConfigText* v, std::string* error) {
  static const std::set<std::string> kKeys(kConfigKeys.begin(), kConfigKeys.end());
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!kKeys.count(it.key())) {
      return refuse(error, "unknown config key '" + shown(it.key()) +
                               "' (known: seed playseed players seats mode vp board visibility "
                               "dice timer speed think masterthink autoplay)");
    }
    if (it.key() == "seats" && it.value().is_array()) continue;
    auto text = as_text(it.value());
    if (!text) {
      return refuse(error, "config key '" + it.key() + "' must be a string or a whole number");
    }
    (*v)[it.key()] = *text;
  }
  return true;
}

// The seeds: given (1..2^64-1) or fresh.
bool seeds_from_text(ConfigText& v, Seeds* seeds, std::string* error) {
  for (const auto& [key, seed] : {std::pair{"seed", &seeds->board}, {"playseed", &seeds->play}}) {
    if (!v.count(key)) {
      *seed = fresh_seed();
    } else if (!parse_u64(v[key], seed, NumberBase::Decimal) || *seed == 0) {
      return refuse(error, std::string("bad ") + key + " '" + shown(v[key]) +
                               "' (expected a whole number 1..2^64-1)");
    }
  }
  return true;
}

// The seats a config lists (an array or comma-separated text); players must agree.
bool listed_seats(const json& j, ConfigText& v, GameOptions* options,
                  std::vector<SeatConfig>* seats, std::string* error) {
  const json& sj = j["seats"];
  std::vector<json> items;
  if (sj.is_array()) {
    if (sj.size() > kMaxPlayers) return refuse(error, "seats must list 2..4 seats");
    items.assign(sj.begin(), sj.end());
  } else {
    const auto parts = split(v["seats"], ',');
    if (parts.size() > kMaxPlayers) return refuse(error, "seats must list 2..4 seats");
    for (const auto& part : parts) items.emplace_back(part);
  }
  if (items.size() < 2) return refuse(error, "seats must list 2..4 seats");
  for (const json& item : items) {
    SeatConfig seat;
    if (!seat_from_json(item, &seat, error)) return false;
    seats->push_back(seat);
  }
  if (v.count("players") && v["players"] != std::to_string(seats->size())) {
    return refuse(error, "players=" + shown(v["players"]) + " but seats lists " +
                             std::to_string(seats->size()) + " seats");
  }
  std::string err;
  if (!set_option(*options, "players", std::to_string(seats->size()), &err)) {
    return refuse(error, err);
  }
  return true;
}

// Without a seat list: `players` seats, a human first (unless autoplay), Normal AIs after.
bool default_seats(ConfigText& v, bool autoplay, GameOptions* options,
                   std::vector<SeatConfig>* seats, std::string* error) {
  std::string err;
  if (v.count("players") && !set_option(*options, "players", v["players"], &err)) {
    return refuse(error, err);
  }
  static const Personality kDefault[] = {Personality::Balanced, Personality::Balanced,
                                         Personality::Trader, Personality::Builder};
  for (int s = 0; s < options->players; ++s) {
    SeatConfig seat;
    seat.kind = (s == 0 && !autoplay) ? SeatKind::Human : SeatKind::AI;
    seat.ai.level = AiLevel::Normal;
    seat.ai.personality = kDefault[s];
    seats->push_back(seat);
  }
  return true;
}

// The AIs' pace: speed (the delay between their actions), think and masterthink.
bool pace_from_text(ConfigText& v, bool autoplay, MatchConfig* c, std::string* error) {
  double speed = autoplay ? 6.0 : 1.0;
  if (v.count("speed") && !parse_double(v["speed"], kMinAiSpeed, kMaxAiSpeed, &speed)) {
    return refuse(error, "bad speed '" + shown(v["speed"]) + "' (expected 0.25..20)");
  }
  c->ai_action_delay_s = ai_delay_for_speed(speed);
  if (v.count("think") && !parse_double(v["think"], 10, 5000, &c->ai_think_budget_ms)) {
    return refuse(error, "bad think '" + shown(v["think"]) + "' (expected 10..5000 ms)");
  }
  if (v.count("masterthink") &&
      !parse_double(v["masterthink"], kMinMasterThinkMs, kMaxMasterThinkMs, &c->master_think_ms)) {
    return refuse(error,
                  "bad masterthink '" + shown(v["masterthink"]) + "' (expected 250..30000 ms)");
  }
  return true;
}

}  // namespace

bool config_from_json(const json& j, MatchConfig* out, std::string* error) {
  if (!j.is_object()) return refuse(error, "the config must be a JSON object");
  ConfigText v;
  if (!config_text(j, &v, error)) return false;

  MatchConfig c;
  c.options = classic_options();
  std::string err;
  // Mode before vp (a vp other than the mode's own makes the mode custom).
  for (const char* key : {"mode", "vp", "board", "visibility", "dice", "timer"}) {
    if (v.count(key) && !set_option(c.options, key, v[key], &err)) return refuse(error, err);
  }
  if (!seeds_from_text(v, &c.seeds, error)) return false;
  bool autoplay = false;
  if (v.count("autoplay") && !parse_bool(v["autoplay"], &autoplay)) {
    return refuse(error, "bad autoplay '" + shown(v["autoplay"]) + "' (expected true|false)");
  }

  std::vector<SeatConfig> seats;
  const bool ok = j.contains("seats") ? listed_seats(j, v, &c.options, &seats, error)
                                      : default_seats(v, autoplay, &c.options, &seats, error);
  if (!ok) return false;
  if (autoplay) {
    for (const auto& seat : seats) {
      if (seat.kind == SeatKind::Human) {
        return refuse(error, "autoplay is an AI-only game: seats must not include a human");
      }
    }
  }
  for (size_t s = 0; s < seats.size(); ++s) c.seats[s] = seats[s];

  if (!pace_from_text(v, autoplay, &c, error)) return false;
  if (!validate(c.options, &err)) return refuse(error, err);
  name_seats(&c);
  *out = c;
  return true;
}

json config_to_json(const MatchConfig& c, bool island_hidden) {
  json seats = json::array();
  for (int s = 0; s < c.options.players; ++s) {
    const SeatConfig& seat = c.seats[s];
    json o = {{"kind", seat.kind == SeatKind::Human ? "human" : "ai"}, {"name", seat.name}};
    if (seat.kind == SeatKind::AI) {
      o["level"] = ai_level_name(seat.ai.level);
      o["personality"] = personality_name(seat.ai.personality);
    }
    seats.push_back(o);
  }
  json j = {{"options", options_to_json(c.options)},
            {"seats", seats},
            {"aiDelay", c.ai_action_delay_s},
            {"thinkMs", c.ai_think_budget_ms},
            {"masterThinkMs", c.master_think_ms}};
  if (!island_hidden) j["seed"] = std::to_string(c.seeds.board);
  return j;
}

json config_to_private_json(const MatchConfig& c) {
  json j = config_to_json(c);
  j["playSeed"] = std::to_string(c.seeds.play);
  for (int s = 0; s < c.options.players; ++s) {
    if (c.seats[s].kind == SeatKind::AI)
      j["seats"][s]["aiSeed"] = std::to_string(c.seats[s].ai.seed);
  }
  return j;
}

bool full_config_from_json(const json& j, MatchConfig* out, std::string* error) {
  if (!j.is_object()) return refuse(error, "config: not an object");
  MatchConfig c;
  std::string err;
  const auto options = j.find("options");
  if (options == j.end() || !options_from_json(*options, &c.options, &err)) {
    return refuse(error, "config.options: " + (err.empty() ? "missing" : err));
  }
  auto seed = [&](const char* key, uint64_t* out_seed) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() &&
           parse_u64(it->get<std::string>(), out_seed, NumberBase::Decimal);
  };
  if (!seed("seed", &c.seeds.board)) {
    return refuse(error, "config.seed: missing or not a decimal string");
  }
  if (!j.contains("playSeed")) {
    c.seeds.play = c.seeds.board;
  } else if (!seed("playSeed", &c.seeds.play)) {
    return refuse(error, "config.playSeed: not a decimal string");
  }
  const auto seats = j.find("seats");
  if (seats == j.end() || !seats->is_array() ||
      seats->size() != static_cast<size_t>(c.options.players)) {
    return refuse(error, "config.seats: expected one entry per player");
  }
  for (size_t s = 0; s < seats->size(); ++s) {
    if (!seat_from_json((*seats)[s], &c.seats[s], &err))
      return refuse(error, "config.seats: " + err);
  }
  if (const auto it = j.find("aiDelay"); it != j.end() && it->is_number()) {
    const double d = it->get<double>();
    c.ai_action_delay_s = std::isfinite(d) ? std::clamp(d, 0.0, 10.0) : kNormalAiDelaySeconds;
  }
  if (const auto it = j.find("thinkMs"); it != j.end() && it->is_number()) {
    const double d = it->get<double>();
    c.ai_think_budget_ms = std::isfinite(d) ? std::clamp(d, 10.0, 5000.0) : 1000.0;
  }
  if (const auto it = j.find("masterThinkMs"); it != j.end() && it->is_number()) {
    const double d = it->get<double>();
    c.master_think_ms = std::isfinite(d) ? std::clamp(d, kMinMasterThinkMs, kMaxMasterThinkMs)
                                         : double{kMasterDefaultBudgetMs};
  }
  name_seats(&c);
  *out = c;
  return true;
}


bool config_from_text(std::string_view text, MatchConfig* out, std::string* error) {
  if (text.size() > kMaxConfigText) return refuse(error, "the config is too long");
  if (json_too_deep(text))
    return refuse(error, "the config nests arrays and objects deeper than " +
                             std::to_string(kMaxJsonDepth) + " levels");
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return refuse(error, "the config is not valid JSON");
  return config_from_json(j, out, error);
}

}  // namespace catan::match
