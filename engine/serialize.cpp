// JSON forms of options, board, per-seat state, saved games and events (nlohmann-json).
//
// Saved games ("format": "catan-save", "version": 1) hold the options, the two seeds, the
// action history and the COMPLETE GameState (RNG position, deck order, statistics...).
// Loading checks every type, range and enum value, then check_invariants(), then replays the
// history from (options, seeds) and requires the result to equal the saved state field by
// field. "play_seed" is optional on reading: saves from before the seed split have one
// "seed", which was both.
// Nothing in here throws out of a public function that returns bool.
#include "engine/serialize.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/rules.h"

namespace catan {

using nlohmann::json;

namespace {

// ------------------------------------------------------------------------------------------
// Names
// ------------------------------------------------------------------------------------------

const char* preset_str(Preset p) {
  return p == Preset::Arena ? "arena" : "classic";
}
const char* layout_str(LayoutKind k) {
  switch (k) {
    case LayoutKind::Beginner:
      return "beginner";
    case LayoutKind::Official:
      return "official";
    case LayoutKind::Balanced:
      return "balanced";
    case LayoutKind::Random:
      return "random";
  }
  return "?";
}
const char* mode_str(Mode m) {
  switch (m) {
    case Mode::Classic:
      return "classic";
    case Mode::Blitz:
      return "blitz";
    case Mode::Epic:
      return "epic";
    case Mode::Custom:
      return "custom";
  }
  return "?";
}
const char* dice_str(DiceMode d) {
  return d == DiceMode::Balanced ? "balanced" : "random";
}
const char* visibility_str(Visibility v) {
  switch (v) {
    case Visibility::Revealed:
      return "revealed";
    case Visibility::Mist:
      return "mist";
    case Visibility::TerraIncognita:
      return "terra_incognita";
  }
  return "?";
}
const char* discard_str(DiscardMode d) {
  return d == DiscardMode::AutoLargest ? "auto" : "choose";
}
const char* trade_str(TradeMode t) {
  return t == TradeMode::OneForOne ? "one_for_one" : "bundles";
}

const char* answer_str(TradeAnswer a) {
  switch (a) {
    case TradeAnswer::Pending:
      return "pending";
    case TradeAnswer::Accepted:
      return "accepted";
    case TradeAnswer::Declined:
      return "declined";
    case TradeAnswer::Countered:
      return "countered";
    case TradeAnswer::NotAsked:
      return "not_asked";
  }
  return "?";
}

constexpr const char* kEventNames[] = {
    "settlement_built",
    "road_built",
    "city_built",
    "starting_resources",
    "dice_rolled",
    "produced",
    "production_short",
    "discarded",
    "robber_moved",
    "stole",
    "dev_card_bought",
    "dev_card_played",
    "monopoly_took",
    "year_of_plenty_took",
    "bank_trade",
    "trade_offered",
    "trade_answered",
    "trade_done",
    "trade_cancelled",
    "longest_road_changed",
    "largest_army_changed",
    "turn_ended",
    "game_won",
    "forfeited",
};
constexpr int kNumEventTypes = static_cast<int>(sizeof(kEventNames) / sizeof(kEventNames[0]));

constexpr int kNumPhases = static_cast<int>(Phase::GameOver) + 1;

// ------------------------------------------------------------------------------------------
// Writers
// ------------------------------------------------------------------------------------------

json counts_array(const ResourceCounts& c) {
  json a = json::array();
  for (auto v : c) a.push_back(static_cast<int>(v));
  return a;
}
json counts_object(const ResourceCounts& c) {
  json o = json::object();
  for (int i = 0; i < kNumResources; ++i)
    o[resource_name(static_cast<Resource>(i))] = static_cast<int>(c[i]);
  return o;
}
// Counts behind the fog (island_hidden): the resource names with null, as a hidden number is.
json hidden_counts() {
  json o = json::object();
  for (int i = 0; i < kNumResources; ++i) o[resource_name(static_cast<Resource>(i))] = nullptr;
  return o;
}
json dev_object(const DevCounts& c) {
  json o = json::object();
  for (int i = 0; i < kNumDevCardTypes; ++i)
    o[dev_card_name(static_cast<DevCard>(i))] = static_cast<int>(c[i]);
  return o;
}
template <class A>
json int_array(const A& a) {
  json r = json::array();
  for (auto v : a) r.push_back(static_cast<int64_t>(v));
  return r;
}
json seat_or_null(int s) {
  return s < 0 ? json(nullptr) : json(s);
}

// ------------------------------------------------------------------------------------------
// Readers: every failure throws LoadError with a path to the offending value; the public
// functions catch it (and nlohmann's exceptions, and anything else) and return false.
// ------------------------------------------------------------------------------------------

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw LoadError(path + ": " + what);
}

const char* type_of(const json& v) {
  return v.type_name();
}

const json& field(const json& obj, const char* key, const std::string& path) {
  if (!obj.is_object()) fail(path, std::string("expected an object, got ") + type_of(obj));
  auto it = obj.find(key);
  if (it == obj.end()) fail(path, std::string("missing field \"") + key + "\"");
  return *it;
}

int64_t get_int(const json& v, const std::string& path, int64_t lo, int64_t hi) {
  int64_t x;
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) fail(path, "out of range");
    x = static_cast<int64_t>(u);
  } else if (v.is_number_integer()) {
    x = v.get<int64_t>();
  } else {
    fail(path, std::string("expected an integer, got ") + type_of(v));
  }
  if (x < lo || x > hi)
    fail(path, std::to_string(x) + " out of range [" + std::to_string(lo) + ", " +
                   std::to_string(hi) + "]");
  return x;
}

bool get_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) fail(path, std::string("expected a boolean, got ") + type_of(v));
  return v.get<bool>();
}

// 64-bit values are written as decimal strings (exact in JavaScript); numbers accepted too.
uint64_t get_u64(const json& v, const std::string& path) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer()) {
    int64_t x = v.get<int64_t>();
    if (x < 0) fail(path, "negative");
    return static_cast<uint64_t>(x);
  }
  if (!v.is_string()) fail(path, std::string("expected a decimal string, got ") + type_of(v));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.empty() || s.size() > 20) fail(path, "expected a decimal 64-bit number");
  uint64_t x = 0;
  for (char c : s) {
    if (c < '0' || c > '9') fail(path, "expected a decimal 64-bit number");
    uint64_t d = static_cast<uint64_t>(c - '0');
    if (x > (UINT64_MAX - d) / 10) fail(path, "64-bit number overflows");
    x = x * 10 + d;
  }
  return x;
}

const json& get_array(const json& v, const std::string& path, size_t n) {
  if (!v.is_array()) fail(path, std::string("expected an array, got ") + type_of(v));
  if (v.size() != n)
    fail(path, "expected " + std::to_string(n) + " elements, got " + std::to_string(v.size()));
  return v;
}

const std::string& get_string(const json& v, const std::string& path) {
  if (!v.is_string()) fail(path, std::string("expected a string, got ") + type_of(v));
  return v.get_ref<const std::string&>();
}

// An enum given by name, names from a function over 0..count-1.
template <class E, class NameFn>
E get_enum(const json& v, const std::string& path, int count, NameFn name) {
  const std::string& s = get_string(v, path);
  std::string valid;
  for (int i = 0; i < count; ++i) {
    const char* n = name(static_cast<E>(i));
    if (s == n) return static_cast<E>(i);
    valid += (i ? ", " : "") + std::string(n);
  }
  fail(path, "unknown value \"" + s + "\" (expected one of: " + valid + ")");
}

template <size_t N>
void get_u8_array(const json& v, const std::string& path, std::array<uint8_t, N>& out, int64_t lo,
                  int64_t hi) {
  get_array(v, path, N);
  for (size_t i = 0; i < N; ++i)
    out[i] = static_cast<uint8_t>(get_int(v[i], path + "[" + std::to_string(i) + "]", lo, hi));
}
template <size_t N>
void get_i8_array(const json& v, const std::string& path, std::array<int8_t, N>& out, int64_t lo,
                  int64_t hi) {
  get_array(v, path, N);
  for (size_t i = 0; i < N; ++i)
    out[i] = static_cast<int8_t>(get_int(v[i], path + "[" + std::to_string(i) + "]", lo, hi));
}
template <size_t N>
void get_u16_array(const json& v, const std::string& path, std::array<uint16_t, N>& out) {
  get_array(v, path, N);
  for (size_t i = 0; i < N; ++i)
    out[i] = static_cast<uint16_t>(get_int(v[i], path + "[" + std::to_string(i) + "]", 0, 65535));
}

void get_counts(const json& v, const std::string& path, ResourceCounts& out, int hi) {
  get_u8_array(v, path, out, 0, hi);
}

// ------------------------------------------------------------------------------------------
// Options
// ------------------------------------------------------------------------------------------

void options_from_json_throwing(const json& j, GameOptions* o, bool require_all) {
  const std::string p = "options";
  if (!j.is_object()) fail(p, std::string("expected an object, got ") + type_of(j));
  static const char* const kKeys[] = {
      "preset",  "players",    "board",   "mode",  "vp",     "start_with_one_of_each",
      "dice",    "visibility", "discard", "trade", "offers", "roll_cap",
      "forfeit", "first",      "timer"};
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* k : kKeys) known = known || it.key() == k;
    if (!known) fail(p, "unknown option \"" + it.key() + "\"");
  }
  if (require_all)
    for (const char* k : kKeys) field(j, k, p);
  GameOptions r;
  auto has = [&](const char* k) { return j.contains(k); };
  auto sub = [&](const char* k) { return p + "." + k; };
  if (has("preset")) r.preset = get_enum<Preset>(j["preset"], sub("preset"), 2, preset_str);
  if (has("players")) r.players = static_cast<uint8_t>(get_int(j["players"], sub("players"), 2, 4));
  if (has("board")) r.board = get_enum<LayoutKind>(j["board"], sub("board"), 4, layout_str);
  if (has("mode")) r.mode = get_enum<Mode>(j["mode"], sub("mode"), 4, mode_str);
  if (has("vp")) r.vp_target = static_cast<uint8_t>(get_int(j["vp"], sub("vp"), 1, 255));
  if (has("start_with_one_of_each"))
    r.start_with_one_of_each = get_bool(j["start_with_one_of_each"], sub("start_with_one_of_each"));
  if (has("dice")) r.dice = get_enum<DiceMode>(j["dice"], sub("dice"), 2, dice_str);
  if (has("visibility"))
    r.visibility = get_enum<Visibility>(j["visibility"], sub("visibility"), 3, visibility_str);
  if (has("discard"))
    r.discard = get_enum<DiscardMode>(j["discard"], sub("discard"), 2, discard_str);
  if (has("trade")) r.trade = get_enum<TradeMode>(j["trade"], sub("trade"), 2, trade_str);
  if (has("offers"))
    r.max_offers_per_turn = static_cast<uint8_t>(get_int(j["offers"], sub("offers"), 0, 255));
  if (has("roll_cap"))
    r.roll_cap = static_cast<uint16_t>(get_int(j["roll_cap"], sub("roll_cap"), 0, 65535));
  if (has("forfeit")) r.forfeit_on_illegal = get_bool(j["forfeit"], sub("forfeit"));
  if (has("first")) {
    const std::string& f = get_string(j["first"], sub("first"));
    if (f == "random")
      r.random_first_player = true;
    else if (f == "seat0")
      r.random_first_player = false;
    else
      fail(sub("first"), "unknown value \"" + f + "\" (expected one of: random, seat0)");
  }
  if (has("timer"))
    r.timer_seconds = static_cast<uint16_t>(get_int(j["timer"], sub("timer"), 0, 65535));
  std::string why;
  if (!validate(r, &why)) fail(p, why.empty() ? "invalid combination" : why);
  *o = r;
}

// ------------------------------------------------------------------------------------------
// The complete GameState (save format)
// ------------------------------------------------------------------------------------------

json full_state_to_json(const GameState& s) {
  json j = json::object();
  j["seed"] = std::to_string(s.seeds.board);
  j["play_seed"] = std::to_string(s.seeds.play);
  j["rng"] = std::to_string(s.rng.state);
  json layout = json::object();
  json terr = json::array(), ports = json::array();
  for (auto t : s.layout.terrain) terr.push_back(terrain_name(t));
  for (auto p : s.layout.ports) ports.push_back(port_name(p));
  layout["terrain"] = terr;
  layout["number"] = int_array(s.layout.number);
  layout["ports"] = ports;
  j["layout"] = layout;
  j["robber_hex"] = s.robber_hex;
  j["vertex_owner"] = int_array(s.vertex_owner);
  json vb = json::array();
  for (auto b : s.vertex_building) vb.push_back(static_cast<int>(b));
  j["vertex_building"] = vb;
  j["edge_owner"] = int_array(s.edge_owner);
  json players = json::array();
  for (const PlayerState& p : s.players) {
    json q = json::object();
    q["resources"] = counts_array(p.resources);
    q["dev_cards"] = int_array(p.dev_cards);
    q["dev_bought_this_turn"] = int_array(p.dev_bought_this_turn);
    q["dev_played"] = int_array(p.dev_played);
    q["roads_left"] = p.roads_left;
    q["settlements_left"] = p.settlements_left;
    q["cities_left"] = p.cities_left;
    q["longest_road"] = p.longest_road;
    q["discard_owed"] = p.discard_owed;
    q["forfeited"] = p.forfeited;
    q["trade_rate"] = int_array(p.trade_rate);
    players.push_back(q);
  }
  j["players"] = players;
  j["bank"] = counts_array(s.bank);
  json deck = json::array();
  for (auto d : s.deck) deck.push_back(dev_card_name(d));
  j["deck"] = deck;
  j["deck_pos"] = s.deck_pos;
  j["dice_deck"] = int_array(s.dice_deck);
  j["dice_pos"] = s.dice_pos;
  j["phase"] = phase_name(s.phase);
  j["resume_phase"] = phase_name(s.resume_phase);
  j["num_players"] = s.num_players;
  j["first_player"] = s.first_player;
  j["current"] = s.current;
  j["setup_step"] = s.setup_step;
  j["last_setup_vertex"] = s.last_setup_vertex;
  j["last_dice"] = int_array(s.last_dice);
  j["turn"] = s.turn;
  j["rolls"] = s.rolls;
  j["dev_played_this_turn"] = s.dev_played_this_turn;
  j["offers_this_turn"] = s.offers_this_turn;
  j["free_roads_left"] = s.free_roads_left;
  json off = json::object();
  off["from"] = s.offer.from;
  off["to"] = s.offer.to;
  off["give"] = counts_array(s.offer.give);
  off["get"] = counts_array(s.offer.get);
  json answers = json::array(), cg = json::array(), cgt = json::array();
  for (int i = 0; i < kMaxPlayers; ++i) {
    answers.push_back(answer_str(s.offer.answers[i]));
    cg.push_back(counts_array(s.offer.counter_give[i]));
    cgt.push_back(counts_array(s.offer.counter_get[i]));
  }
  off["answers"] = answers;
  off["counter_give"] = cg;
  off["counter_get"] = cgt;
  j["offer"] = off;
  j["longest_road_holder"] = s.longest_road_holder;
  j["largest_army_holder"] = s.largest_army_holder;
  j["winner"] = s.winner;
  json st = json::object();
  st["dice_histogram"] = int_array(s.stats.dice_histogram);
  auto per_seat = [](const std::array<std::array<uint16_t, kNumResources>, kMaxPlayers>& a) {
    json r = json::array();
    for (const auto& row : a) r.push_back(int_array(row));
    return r;
  };
  st["produced"] = per_seat(s.stats.produced);
  st["stolen_from"] = per_seat(s.stats.stolen_from);
  st["robber_moves_against_leader"] = int_array(s.stats.robber_moves_against_leader);
  st["offers_made"] = int_array(s.stats.offers_made);
  st["offers_accepted"] = int_array(s.stats.offers_accepted);
  j["stats"] = st;
  return j;
}

// Parses a full state; `o` (already validated) becomes s->options.
void full_state_from_json(const json& j, const GameOptions& o, GameState* out) {
  const std::string p = "state";
  if (!j.is_object()) fail(p, std::string("expected an object, got ") + type_of(j));
  auto sub = [&](const std::string& k) { return p + "." + k; };
  auto f = [&](const char* k) -> const json& { return field(j, k, p); };
  GameState s{};
  s.options = o;
  s.seeds.board = get_u64(f("seed"), sub("seed"));
  s.seeds.play =
      j.contains("play_seed") ? get_u64(j["play_seed"], sub("play_seed")) : s.seeds.board;
  s.rng.state = get_u64(f("rng"), sub("rng"));

  const json& lay = f("layout");
  const std::string lp = sub("layout");
  const json& terr = get_array(field(lay, "terrain", lp), lp + ".terrain", kNumHexes);
  for (int i = 0; i < kNumHexes; ++i)
    s.layout.terrain[i] = get_enum<Terrain>(terr[i], lp + ".terrain[" + std::to_string(i) + "]", 6,
                                            terrain_name);  // never "hidden" in a save
  get_u8_array(field(lay, "number", lp), lp + ".number", s.layout.number, 0, 12);
  const json& ports = get_array(field(lay, "ports", lp), lp + ".ports", kNumPorts);
  for (int i = 0; i < kNumPorts; ++i)
    s.layout.ports[i] =
        get_enum<PortType>(ports[i], lp + ".ports[" + std::to_string(i) + "]", 6, port_name);

  s.robber_hex =
      static_cast<uint8_t>(get_int(f("robber_hex"), sub("robber_hex"), 0, kNumHexes - 1));
  s.num_players =
      static_cast<uint8_t>(get_int(f("num_players"), sub("num_players"), 2, kMaxPlayers));
  if (s.num_players != o.players)
    fail(sub("num_players"), "does not match options.players (" + std::to_string(o.players) + ")");
  const int n = s.num_players;
  get_i8_array(f("vertex_owner"), sub("vertex_owner"), s.vertex_owner, -1, n - 1);
  {
    const json& vb = get_array(f("vertex_building"), sub("vertex_building"), kNumVertices);
    for (int i = 0; i < kNumVertices; ++i)
      s.vertex_building[i] = static_cast<Building>(
          get_int(vb[i], sub("vertex_building[" + std::to_string(i) + "]"), 0, 2));
  }
  for (int i = 0; i < kNumVertices; ++i)
    if ((s.vertex_owner[i] < 0) != (s.vertex_building[i] == Building::None))
      fail(sub("vertex_building[" + std::to_string(i) + "]"),
           "building and owner disagree at vertex " + std::to_string(i));
  get_i8_array(f("edge_owner"), sub("edge_owner"), s.edge_owner, -1, n - 1);

  const json& players = get_array(f("players"), sub("players"), kMaxPlayers);
  for (int i = 0; i < kMaxPlayers; ++i) {
    const std::string pp = sub("players[" + std::to_string(i) + "]");
    const json& q = players[i];
    PlayerState& ps = s.players[i];
    get_counts(field(q, "resources", pp), pp + ".resources", ps.resources, kBankPerResource);
    get_u8_array(field(q, "dev_cards", pp), pp + ".dev_cards", ps.dev_cards, 0, kDevDeckSize);
    get_u8_array(field(q, "dev_bought_this_turn", pp), pp + ".dev_bought_this_turn",
                 ps.dev_bought_this_turn, 0, kDevDeckSize);
    get_u8_array(field(q, "dev_played", pp), pp + ".dev_played", ps.dev_played, 0, kDevDeckSize);
    ps.roads_left = static_cast<uint8_t>(
        get_int(field(q, "roads_left", pp), pp + ".roads_left", 0, kRoadsPerPlayer));
    ps.settlements_left = static_cast<uint8_t>(get_int(
        field(q, "settlements_left", pp), pp + ".settlements_left", 0, kSettlementsPerPlayer));
    ps.cities_left = static_cast<uint8_t>(
        get_int(field(q, "cities_left", pp), pp + ".cities_left", 0, kCitiesPerPlayer));
    ps.longest_road = static_cast<uint8_t>(
        get_int(field(q, "longest_road", pp), pp + ".longest_road", 0, kRoadsPerPlayer));
    ps.discard_owed = static_cast<uint8_t>(get_int(
        field(q, "discard_owed", pp), pp + ".discard_owed", 0, kNumResources * kBankPerResource));
    ps.forfeited = get_bool(field(q, "forfeited", pp), pp + ".forfeited");
    get_u8_array(field(q, "trade_rate", pp), pp + ".trade_rate", ps.trade_rate, 2, 4);
    for (int d = 0; d < kNumDevCardTypes; ++d)
      if (ps.dev_bought_this_turn[d] > ps.dev_cards[d])
        fail(pp + ".dev_bought_this_turn", "more cards bought this turn than held");
  }
  get_counts(f("bank"), sub("bank"), s.bank, kBankPerResource);
  for (int r = 0; r < kNumResources; ++r) {
    int sum = s.bank[r];
    for (int i = 0; i < kMaxPlayers; ++i) sum += s.players[i].resources[r];
    if (sum != kBankPerResource)
      fail(sub("bank"), std::string("inconsistent resource totals: ") +
                            resource_name(static_cast<Resource>(r)) + " counts " +
                            std::to_string(sum) + " cards across bank and hands, not 19");
  }

  const json& deck = get_array(f("deck"), sub("deck"), kDevDeckSize);
  for (int i = 0; i < kDevDeckSize; ++i)
    s.deck[i] = get_enum<DevCard>(deck[i], sub("deck[" + std::to_string(i) + "]"), kNumDevCardTypes,
                                  dev_card_name);
  {
    static constexpr int kComposition[kNumDevCardTypes] = {14, 5, 2, 2, 2};
    int c[kNumDevCardTypes] = {};
    for (auto d : s.deck) ++c[static_cast<int>(d)];
    for (int d = 0; d < kNumDevCardTypes; ++d)
      if (c[d] != kComposition[d]) fail(sub("deck"), "not the 25-card development deck");
  }
  s.deck_pos = static_cast<uint8_t>(get_int(f("deck_pos"), sub("deck_pos"), 0, kDevDeckSize));
  get_u8_array(f("dice_deck"), sub("dice_deck"), s.dice_deck, 0, 35);
  s.dice_pos = static_cast<uint8_t>(get_int(f("dice_pos"), sub("dice_pos"), 0, 36));

  s.phase = get_enum<Phase>(f("phase"), sub("phase"), kNumPhases, phase_name);
  s.resume_phase = get_enum<Phase>(f("resume_phase"), sub("resume_phase"), kNumPhases, phase_name);
  s.first_player = static_cast<uint8_t>(get_int(f("first_player"), sub("first_player"), 0, n - 1));
  s.current = static_cast<uint8_t>(get_int(f("current"), sub("current"), 0, n - 1));
  s.setup_step = static_cast<uint8_t>(get_int(f("setup_step"), sub("setup_step"), 0, 2 * n));
  s.last_setup_vertex = static_cast<int8_t>(
      get_int(f("last_setup_vertex"), sub("last_setup_vertex"), -1, kNumVertices - 1));
  get_u8_array(f("last_dice"), sub("last_dice"), s.last_dice, 0, 6);
  if ((s.last_dice[0] == 0) != (s.last_dice[1] == 0)) fail(sub("last_dice"), "one die is 0");
  s.turn = static_cast<uint16_t>(get_int(f("turn"), sub("turn"), 0, 65535));
  s.rolls = static_cast<uint16_t>(get_int(f("rolls"), sub("rolls"), 0, 65535));
  s.dev_played_this_turn = get_bool(f("dev_played_this_turn"), sub("dev_played_this_turn"));
  s.offers_this_turn =
      static_cast<uint8_t>(get_int(f("offers_this_turn"), sub("offers_this_turn"), 0, 255));
  s.free_roads_left =
      static_cast<uint8_t>(get_int(f("free_roads_left"), sub("free_roads_left"), 0, 2));

  const json& off = f("offer");
  const std::string op = sub("offer");
  s.offer.from = static_cast<int8_t>(get_int(field(off, "from", op), op + ".from", -1, n - 1));
  s.offer.to = static_cast<int8_t>(get_int(field(off, "to", op), op + ".to", -1, n - 1));
  get_counts(field(off, "give", op), op + ".give", s.offer.give, kBankPerResource);
  get_counts(field(off, "get", op), op + ".get", s.offer.get, kBankPerResource);
  const json& answers = get_array(field(off, "answers", op), op + ".answers", kMaxPlayers);
  const json& cg = get_array(field(off, "counter_give", op), op + ".counter_give", kMaxPlayers);
  const json& cgt = get_array(field(off, "counter_get", op), op + ".counter_get", kMaxPlayers);
  for (int i = 0; i < kMaxPlayers; ++i) {
    const std::string idx = "[" + std::to_string(i) + "]";
    s.offer.answers[i] = get_enum<TradeAnswer>(answers[i], op + ".answers" + idx, 5, answer_str);
    get_counts(cg[i], op + ".counter_give" + idx, s.offer.counter_give[i], kBankPerResource);
    get_counts(cgt[i], op + ".counter_get" + idx, s.offer.counter_get[i], kBankPerResource);
  }
  s.longest_road_holder =
      static_cast<int8_t>(get_int(f("longest_road_holder"), sub("longest_road_holder"), -1, n - 1));
  s.largest_army_holder =
      static_cast<int8_t>(get_int(f("largest_army_holder"), sub("largest_army_holder"), -1, n - 1));
  s.winner = static_cast<int8_t>(get_int(f("winner"), sub("winner"), -1, n - 1));
  if ((s.winner >= 0) != (s.phase == Phase::GameOver))
    fail(sub("winner"), "winner and phase disagree");

  const json& st = f("stats");
  const std::string sp = sub("stats");
  get_u16_array(field(st, "dice_histogram", sp), sp + ".dice_histogram", s.stats.dice_histogram);
  auto per_seat = [&](const char* key,
                      std::array<std::array<uint16_t, kNumResources>, kMaxPlayers>& a) {
    const std::string kp = sp + "." + key;
    const json& v = get_array(field(st, key, sp), kp, kMaxPlayers);
    for (int i = 0; i < kMaxPlayers; ++i)
      get_u16_array(v[i], kp + "[" + std::to_string(i) + "]", a[i]);
  };
  per_seat("produced", s.stats.produced);
  per_seat("stolen_from", s.stats.stolen_from);
  get_u16_array(field(st, "robber_moves_against_leader", sp), sp + ".robber_moves_against_leader",
                s.stats.robber_moves_against_leader);
  get_u16_array(field(st, "offers_made", sp), sp + ".offers_made", s.stats.offers_made);
  get_u16_array(field(st, "offers_accepted", sp), sp + ".offers_accepted", s.stats.offers_accepted);
  *out = s;
}

// The first top-level (or players[i]) key where two full-state JSON forms differ.
std::string first_difference(const json& a, const json& b) {
  for (auto it = a.begin(); it != a.end(); ++it) {
    auto jt = b.find(it.key());
    if (jt == b.end()) return it.key();
    if (*jt == *it) continue;
    if (it->is_array() && jt->is_array() && it->size() == jt->size()) {
      for (size_t i = 0; i < it->size(); ++i)
        if ((*it)[i] != (*jt)[i]) {
          std::string where = it.key() + "[" + std::to_string(i) + "]";
          if ((*it)[i].is_object())
            for (auto kt = (*it)[i].begin(); kt != (*it)[i].end(); ++kt)
              if (!(*jt)[i].contains(kt.key()) || (*jt)[i][kt.key()] != *kt)
                return where + "." + kt.key();
          return where;
        }
    }
    if (it->is_object() && jt->is_object())
      for (auto kt = it->begin(); kt != it->end(); ++kt)
        if (!jt->contains(kt.key()) || (*jt)[kt.key()] != *kt) return it.key() + "." + kt.key();
    return it.key();
  }
  return "(unknown field)";
}

bool load_game_throwing(const json& j, Game* out, std::string* error) {
  if (!j.is_object()) fail("document", std::string("expected an object, got ") + type_of(j));
  const json& fmt = field(j, "format", "document");
  if (!fmt.is_string() || fmt.get_ref<const std::string&>() != "catan-save")
    fail("format", "not a catan save (expected \"format\": \"catan-save\")");
  int64_t version = get_int(field(j, "version", "document"), "version", INT64_MIN, INT64_MAX);
  if (version != 1) fail("version", "unsupported save version " + std::to_string(version));

  GameOptions o;
  options_from_json_throwing(field(j, "options", "document"), &o, /*require_all=*/true);
  Seeds seeds;
  seeds.board = get_u64(field(j, "seed", "document"), "seed");
  seeds.play = j.contains("play_seed") ? get_u64(j["play_seed"], "play_seed") : seeds.board;

  const json& hist = field(j, "history", "document");
  if (!hist.is_array()) fail("history", std::string("expected an array, got ") + type_of(hist));
  if (hist.size() > kMaxGameActions) fail("history", "too many actions");
  std::vector<Action> actions;
  actions.reserve(hist.size());
  for (size_t i = 0; i < hist.size(); ++i) {
    const std::string hp = "history[" + std::to_string(i) + "]";
    const std::string& text = get_string(hist[i], hp);
    std::string why;
    auto a = Action::parse(text, &why);
    if (!a) fail(hp, "bad action \"" + text + "\": " + why);
    actions.push_back(*a);
  }

  const json& sj = field(j, "state", "document");
  GameState saved;
  full_state_from_json(sj, o, &saved);
  if (saved.seeds.board != seeds.board) fail("state.seed", "does not match the document's seed");
  if (saved.seeds.play != seeds.play)
    fail("state.play_seed", "does not match the document's play_seed");

  std::string inv = check_invariants(saved);
  if (!inv.empty()) fail("state", "inconsistent: " + inv);

  Game g(o, seeds);
  std::string why;
  if (!Game::replay(o, seeds, actions, &g, &why))
    fail("history", "does not replay from (options, seeds): " + why);
  if (!(g.state() == saved)) {
    std::string where = first_difference(full_state_to_json(g.state()), sj);
    fail("history",
         "replaying it does not reproduce the saved state (first difference: state." + where + ")");
  }
  *out = std::move(g);
  (void)error;
  return true;
}

// ------------------------------------------------------------------------------------------
// Public state helpers
// ------------------------------------------------------------------------------------------

std::string expected_text(const GameState& s) {
  const int m = s.to_move();
  switch (s.phase) {
    case Phase::SetupSettlement:
      return "place a settlement";
    case Phase::SetupRoad:
      return "place a road next to the settlement just placed";
    case Phase::Roll:
      return "roll (a development card may be played first)";
    case Phase::Discard: {
      int owed = m >= 0 ? s.players[m].discard_owed : 0;
      return "discard " + std::to_string(owed) + (owed == 1 ? " card" : " cards");
    }
    case Phase::MoveRobber:
      return "move the robber";
    case Phase::Steal:
      return "choose a player to steal from";
    case Phase::Main:
      return "trade, build, play a development card, or end the turn";
    case Phase::RoadBuilding1:
      return "place the first free road";
    case Phase::RoadBuilding2:
      return "place the second free road";
    case Phase::TradeResponse:
      return s.options.trade == TradeMode::OneForOne ? "accept or decline the trade offer"
                                                     : "accept, decline or counter the trade offer";
    case Phase::TradeConfirm:
      return "confirm one answer to the trade offer, or cancel it";
    case Phase::GameOver:
      return "nothing: the game is over";
  }
  return "";
}

json rates_object(const std::array<uint8_t, kNumResources>& r) {
  json o = json::object();
  for (int i = 0; i < kNumResources; ++i)
    o[resource_name(static_cast<Resource>(i))] = static_cast<int>(r[i]);
  return o;
}

}  // namespace

// ==========================================================================================
// Public functions
// ==========================================================================================

json options_to_json(const GameOptions& o) {
  json j = json::object();
  j["preset"] = preset_str(o.preset);
  j["players"] = o.players;
  j["board"] = layout_str(o.board);
  j["mode"] = mode_str(o.mode);
  j["vp"] = o.vp_target;
  j["start_with_one_of_each"] = o.start_with_one_of_each;
  j["dice"] = dice_str(o.dice);
  j["visibility"] = visibility_str(o.visibility);
  j["discard"] = discard_str(o.discard);
  j["trade"] = trade_str(o.trade);
  j["offers"] = o.max_offers_per_turn;
  j["roll_cap"] = o.roll_cap;
  j["forfeit"] = o.forfeit_on_illegal;
  j["first"] = o.random_first_player ? "random" : "seat0";
  j["timer"] = o.timer_seconds;
  return j;
}

bool options_from_json(const json& j, GameOptions* o, std::string* error) {
  try {
    options_from_json_throwing(j, o, /*require_all=*/false);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
  } catch (...) {
    if (error) *error = "options: unexpected error";
  }
  return false;
}

json board_to_json(const GameState& s, int seat) {
  const Topology& t = topology();
  Layout layout = s.layout;
  int robber = s.robber_hex;
  if (seat != kAllSeats) {
    Observation obs = observe(s, seat);
    layout = obs.view.layout;
    robber = obs.view.robber_hex;
  }
  json j = json::object();
  json hexes = json::array();
  for (int h = 0; h < kNumHexes; ++h) {
    const HexInfo& hi = t.hexes[h];
    json x = json::object();
    x["id"] = h;
    x["q"] = hi.q;
    x["r"] = hi.r;
    x["x"] = hi.x;
    x["y"] = hi.y;
    x["terrain"] = terrain_name(layout.terrain[h]);
    const int tt = static_cast<int>(layout.terrain[h]);
    x["resource"] =
        tt < kNumResources ? json(resource_name(static_cast<Resource>(tt))) : json(nullptr);
    x["number"] = layout.number[h] ? json(layout.number[h]) : json(nullptr);
    x["vertices"] = int_array(hi.vertices);
    x["edges"] = int_array(hi.edges);
    x["robber"] = h == robber;
    hexes.push_back(x);
  }
  json verts = json::array();
  for (int v = 0; v < kNumVertices; ++v) {
    const VertexInfo& vi = t.vertices[v];
    json x = json::object();
    x["id"] = v;
    x["x"] = vi.x;
    x["y"] = vi.y;
    json hs = json::array(), ns = json::array(), es = json::array();
    for (int i = 0; i < vi.num_hexes; ++i) hs.push_back(vi.hexes[i]);
    for (int i = 0; i < vi.num_neighbors; ++i) {
      ns.push_back(vi.neighbors[i]);
      es.push_back(vi.edges[i]);
    }
    x["hexes"] = hs;
    x["neighbours"] = ns;
    x["edges"] = es;
    x["port"] = vi.port_slot >= 0 ? json(port_name(layout.ports[vi.port_slot])) : json(nullptr);
    verts.push_back(x);
  }
  json edges = json::array();
  for (int e = 0; e < kNumEdges; ++e) {
    const EdgeInfo& ei = t.edges[e];
    json x = json::object();
    x["id"] = e;
    x["vertices"] = int_array(ei.vertices);
    json hs = json::array();
    for (int i = 0; i < ei.num_hexes; ++i) hs.push_back(ei.hexes[i]);
    x["hexes"] = hs;
    edges.push_back(x);
  }
  json ports = json::array();
  for (int p = 0; p < kNumPorts; ++p) {
    const PortSlot& ps = t.ports[p];
    json x = json::object();
    x["id"] = p;
    PortType type = layout.ports[p];
    x["type"] = port_name(type);
    x["ratio"] = type == PortType::Hidden    ? json(nullptr)
                 : type == PortType::Generic ? json(3)
                                             : json(2);
    x["edge"] = ps.edge;
    x["vertices"] = int_array(ps.vertices);
    x["hex"] = ps.hex;
    x["x"] = ps.x;
    x["y"] = ps.y;
    ports.push_back(x);
  }
  j["hexes"] = hexes;
  j["vertices"] = verts;
  j["edges"] = edges;
  j["ports"] = ports;
  j["robber"] = robber;
  return j;
}

json state_to_json(const GameState& full, int seat) {
  const bool all = seat == kAllSeats;
  Observation obs;
  if (!all) obs = observe(full, seat);
  const GameState& s = all ? full : obs.view;
  const int n = s.num_players;
  auto sees_hand = [&](int p) { return all || p == seat; };
  const bool fog = !all && island_hidden(full);  // cards face down, bank hidden

  json j = json::object();
  j["seat"] = all ? json("all") : json(seat);
  j["phase"] = phase_name(s.phase);
  j["current_player"] = s.current;
  j["to_move"] = seat_or_null(s.to_move());
  j["expected"] = expected_text(s);
  j["turn"] = s.turn;
  j["roll_count"] = s.rolls;
  if (s.last_dice[0] == 0)
    j["last_roll"] = nullptr;
  else
    j["last_roll"] = {{"dice", {s.last_dice[0], s.last_dice[1]}},
                      {"total", s.last_dice[0] + s.last_dice[1]}};
  j["robber"] = s.robber_hex;
  j["winner"] = seat_or_null(s.winner);
  j["num_players"] = n;
  j["first_player"] = s.first_player;
  j["vp_target"] = s.options.vp_target;
  j["options"] = options_to_json(s.options);
  j["dev_played_this_turn"] = s.dev_played_this_turn;
  j["free_roads_left"] = s.free_roads_left;
  j["offers_this_turn"] = s.offers_this_turn;

  json players = json::array();
  json lengths = json::array(), totals = json::array(), publics = json::array();
  for (int p = 0; p < n; ++p) {
    const PlayerState& ps = s.players[p];
    json x = json::object();
    x["seat"] = p;
    json settlements = json::array(), cities = json::array(), roads = json::array();
    for (int v = 0; v < kNumVertices; ++v)
      if (s.vertex_owner[v] == p)
        (s.vertex_building[v] == Building::City ? cities : settlements).push_back(v);
    for (int e = 0; e < kNumEdges; ++e)
      if (s.edge_owner[e] == p) roads.push_back(e);
    x["settlements"] = settlements;
    x["cities"] = cities;
    x["roads"] = roads;
    const int hand = all ? full.hand_size(p) : obs.hand_size[p];
    const int devs = all ? full.dev_hand_size(p) : obs.dev_hand_size[p];
    x["resource_count"] = hand;
    x["dev_card_count"] = devs;
    if (sees_hand(p)) {
      x["resources"] = fog ? hidden_counts() : counts_object(ps.resources);
      x["dev_cards"] = dev_object(ps.dev_cards);
      x["dev_bought_this_turn"] = dev_object(ps.dev_bought_this_turn);
    }
    x["dev_played"] = dev_object(ps.dev_played);
    x["played_knights"] = ps.dev_played[static_cast<int>(DevCard::Knight)];
    const int pub = full.public_vp(p);
    const int tot = sees_hand(p) ? full.total_vp(p) : pub;
    x["public_victory_points"] = pub;
    if (sees_hand(p)) x["total_victory_points"] = tot;
    x["longest_road"] = ps.longest_road;
    x["roads_left"] = ps.roads_left;
    x["settlements_left"] = ps.settlements_left;
    x["cities_left"] = ps.cities_left;
    x["discard_owed"] = ps.discard_owed;
    x["forfeited"] = ps.forfeited;
    x["trade_rates"] = rates_object(ps.trade_rate);
    players.push_back(x);
    lengths.push_back(ps.longest_road);
    totals.push_back(tot);
    publics.push_back(pub);
  }
  j["players"] = players;
  j["longest_road_holder"] = seat_or_null(s.longest_road_holder);
  j["longest_road_length"] =
      s.longest_road_holder >= 0 ? s.players[s.longest_road_holder].longest_road : 0;
  j["longest_road_lengths"] = lengths;
  j["largest_army_holder"] = seat_or_null(s.largest_army_holder);
  j["largest_army_size"] =
      s.largest_army_holder >= 0
          ? s.players[s.largest_army_holder].dev_played[static_cast<int>(DevCard::Knight)]
          : 0;
  j["total_victory_points"] = totals;
  j["public_victory_points"] = publics;
  int rates_seat = all ? (s.to_move() >= 0 ? s.to_move() : s.current) : seat;
  if (rates_seat >= 0 && rates_seat < n)
    j["your_trade_rates"] = rates_object(s.players[rates_seat].trade_rate);
  else
    j["your_trade_rates"] = nullptr;

  if (s.phase == Phase::TradeResponse || s.phase == Phase::TradeConfirm) {
    json t = json::object();
    t["from"] = s.offer.from;
    t["to"] = s.offer.to < 0 ? json("all") : json(s.offer.to);
    t["give"] = counts_object(s.offer.give);
    t["get"] = counts_object(s.offer.get);
    json ans = json::array();
    for (int p = 0; p < n; ++p) {
      json a = json::object();
      a["seat"] = p;
      a["answer"] = answer_str(s.offer.answers[p]);
      if (s.offer.answers[p] == TradeAnswer::Countered) {
        a["give"] = counts_object(s.offer.counter_give[p]);
        a["get"] = counts_object(s.offer.counter_get[p]);
      }
      ans.push_back(a);
    }
    t["answers"] = ans;
    j["pending_trade"] = t;
  } else {
    j["pending_trade"] = nullptr;
  }

  json buildings = json::array();
  for (int v = 0; v < kNumVertices; ++v)
    if (s.vertex_owner[v] >= 0)
      buildings.push_back(
          {{"vertex", v},
           {"seat", s.vertex_owner[v]},
           {"type", s.vertex_building[v] == Building::City ? "city" : "settlement"}});
  j["buildings"] = buildings;
  json roads = json::array();
  for (int e = 0; e < kNumEdges; ++e)
    if (s.edge_owner[e] >= 0) roads.push_back({{"edge", e}, {"seat", s.edge_owner[e]}});
  j["roads"] = roads;
  j["bank"] = fog ? hidden_counts() : counts_object(s.bank);
  j["dev_deck_size"] = s.num_dev_cards_left();
  if (all) {
    j["seed"] = std::to_string(s.seeds.board);
    j["play_seed"] = std::to_string(s.seeds.play);
  }
  return j;
}

json save_game(const Game& g) {
  json j = json::object();
  j["format"] = "catan-save";
  j["version"] = 1;
  j["options"] = options_to_json(g.state().options);
  j["seed"] = std::to_string(g.state().seeds.board);
  j["play_seed"] = std::to_string(g.state().seeds.play);
  json hist = json::array();
  for (const Action& a : g.history()) hist.push_back(a.to_string());
  j["history"] = hist;
  j["state"] = full_state_to_json(g.state());
  return j;
}

bool load_game(const json& j, Game* out, std::string* error) {
  try {
    Game g;
    if (!load_game_throwing(j, &g, error)) return false;
    *out = std::move(g);
    return true;
  } catch (const LoadError& e) {
    if (error) *error = std::string("bad save: ") + e.what();
  } catch (const std::exception& e) {
    if (error) *error = std::string("bad save: ") + e.what();
  } catch (...) {
    if (error) *error = "bad save: unexpected error";
  }
  return false;
}

bool load_game(const std::string& text, Game* out, std::string* error) {
  json j;
  try {
    // Depth-limited parse is not offered by nlohmann; its recursion is bounded by the input
    // size, which callers cap (the CLI reads lines of at most a few MiB).
    j = json::parse(text);
  } catch (const std::exception& e) {
    if (error) *error = std::string("bad save: not valid JSON: ") + e.what();
    return false;
  }
  return load_game(j, out, error);
}

json event_to_json(const Event& e) {
  json j = json::object();
  const int t = static_cast<int>(e.type);
  j["type"] = t >= 0 && t < kNumEventTypes ? kEventNames[t] : "unknown";
  j["seat"] = seat_or_null(e.seat);
  auto res = [](int r) {
    return r >= 0 && r < kNumResources ? json(resource_name(static_cast<Resource>(r)))
                                       : json(nullptr);
  };
  switch (e.type) {
    case EventType::SettlementBuilt:
    case EventType::CityBuilt:
      j["vertex"] = e.arg;
      break;
    case EventType::RoadBuilt:
      j["edge"] = e.arg;
      break;
    case EventType::StartingResources:  // redacted while the island is hidden: arg = count
      j["count"] = e.arg >= 0 ? static_cast<int>(e.arg) : total(e.a);
      j["cards"] = e.arg >= 0 ? hidden_counts() : counts_object(e.a);
      break;
    case EventType::Produced:
    case EventType::Discarded:
    case EventType::YearOfPlentyTook:
      j["cards"] = counts_object(e.a);
      break;
    case EventType::DiceRolled:
      j["dice"] = {e.arg, e.arg2};
      j["total"] = e.arg + e.arg2;
      break;
    case EventType::ProductionShort:
      j["resource"] = res(e.arg);
      break;
    case EventType::RobberMoved:
      j["hex"] = e.arg;
      break;
    case EventType::Stole:
      j["victim"] = e.other;
      j["resource"] = res(e.arg);
      break;
    case EventType::DevCardBought:
    case EventType::DevCardPlayed:
      j["card"] = e.arg >= 0 && e.arg < kNumDevCardTypes
                      ? json(dev_card_name(static_cast<DevCard>(e.arg)))
                      : json(nullptr);
      break;
    case EventType::MonopolyTook:
      j["victim"] = e.other;
      j["resource"] = res(e.arg);
      j["count"] = e.arg2;
      break;
    case EventType::BankTrade:
      j["gave"] = counts_object(e.a);
      j["got"] = counts_object(e.b);
      break;
    case EventType::TradeOffered:
      j["to"] = e.other < 0 ? json("all") : json(e.other);
      j["give"] = counts_object(e.a);
      j["get"] = counts_object(e.b);
      break;
    case EventType::TradeAnswered:
      j["answer"] = e.arg >= 0 && e.arg <= 4 ? json(answer_str(static_cast<TradeAnswer>(e.arg)))
                                             : json(nullptr);
      if (e.arg == static_cast<int>(TradeAnswer::Countered)) {
        j["give"] = counts_object(e.a);
        j["get"] = counts_object(e.b);
      }
      break;
    case EventType::TradeDone:
      j["partner"] = e.other;
      j["gave"] = counts_object(e.a);
      j["got"] = counts_object(e.b);
      break;
    case EventType::TradeCancelled:
      break;
    case EventType::LongestRoadChanged:
      j["previous"] = seat_or_null(e.other);
      j["length"] = e.arg;
      break;
    case EventType::LargestArmyChanged:
      j["previous"] = seat_or_null(e.other);
      j["knights"] = e.arg;
      break;
    case EventType::TurnEnded:
      j["next"] = seat_or_null(e.other);
      break;
    case EventType::GameWon:
      j["victory_points"] = e.arg;
      break;
    case EventType::Forfeited:
      break;
  }
  return j;
}

}  // namespace catan
