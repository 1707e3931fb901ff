// Saved games ("format": "catan-save", "version": 1): the options, the two seeds, the action
// history and the COMPLETE GameState (RNG position, deck order, statistics...). Loading checks
// every type, range and enum value, then check_invariants(), then replays the history from
// (options, seeds) and requires the result to equal the saved state field by field.
// "play_seed" is optional on reading: saves from before the seed split have one "seed", which
// was both. Nothing here throws out of a public function that returns bool.
#include <string>
#include <utility>
#include <vector>

#include "engine/json_fields.h"
#include "engine/rules.h"
#include "engine/serialize.h"

namespace catan {
namespace detail {
namespace {

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
    put_player_counters(q, p);
    q["trade_rate"] = int_array(p.trade_rate);
    players.push_back(q);
  }
  j["players"] = players;
  j["bank"] = counts_array(s.bank);
  json deck = json::array();
  for (auto d : s.deck) deck.push_back(dev_card_name(d));
  j["deck"] = deck;
  put_fields(j, {{"deck_pos", s.deck_pos},
                 {"dice_deck", int_array(s.dice_deck)},
                 {"dice_pos", s.dice_pos},
                 {"phase", phase_name(s.phase)},
                 {"resume_phase", phase_name(s.resume_phase)},
                 {"num_players", s.num_players},
                 {"first_player", s.first_player},
                 {"current", s.current},
                 {"setup_step", s.setup_step},
                 {"last_setup_vertex", s.last_setup_vertex},
                 {"last_dice", int_array(s.last_dice)},
                 {"turn", s.turn},
                 {"rolls", s.rolls},
                 {"dev_played_this_turn", s.dev_played_this_turn},
                 {"offers_this_turn", s.offers_this_turn},
                 {"free_roads_left", s.free_roads_left}});
  json off = json::object();
  off["from"] = s.offer.from;
  off["to"] = s.offer.to;
  off["give"] = counts_array(s.offer.give);
  off["get"] = counts_array(s.offer.get);
  json answers = json::array(), cg = json::array(), cgt = json::array();
  for (int i = 0; i < kMaxPlayers; ++i) {
    answers.push_back(kTradeAnswerNames.name(s.offer.answers[i]));
    cg.push_back(counts_array(s.offer.counter_give[i]));
    cgt.push_back(counts_array(s.offer.counter_get[i]));
  }
  off["answers"] = answers;
  off["counter_give"] = cg;
  off["counter_get"] = cgt;
  j["offer"] = off;
  put_fields(j, {{"longest_road_holder", s.longest_road_holder},
                 {"largest_army_holder", s.largest_army_holder},
                 {"winner", s.winner}});
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

// The top-level fields of a saved state ("state"), each read with its path for the errors.
struct StateFields {
  const json& j;
  static std::string sub(const std::string& k) { return "state." + k; }
  const json& f(const char* k) const { return field(j, k, "state"); }
};

void layout_from_json(const StateFields& in, Layout& layout) {
  const json& lay = in.f("layout");
  const std::string lp = in.sub("layout");
  const json& terr = get_array(field(lay, "terrain", lp), lp + ".terrain", kNumHexes);
  for (int i = 0; i < kNumHexes; ++i)
    layout.terrain[i] = get_enum(terr[i], lp + ".terrain[" + std::to_string(i) + "]", kTerrainNames,
                                 6);  // never "hidden" in a save
  get_int_array(field(lay, "number", lp), lp + ".number", layout.number, 0, 12);
  const json& ports = get_array(field(lay, "ports", lp), lp + ".ports", kNumPorts);
  for (int i = 0; i < kNumPorts; ++i)
    layout.ports[i] = get_enum(ports[i], lp + ".ports[" + std::to_string(i) + "]", kPortNames,
                               6);  // never "hidden" in a save
}

// The buildings and roads (s.num_players already read).
void pieces_from_json(const StateFields& in, GameState& s) {
  const int n = s.num_players;
  get_int_array(in.f("vertex_owner"), in.sub("vertex_owner"), s.vertex_owner, -1, n - 1);
  const json& vb = get_array(in.f("vertex_building"), in.sub("vertex_building"), kNumVertices);
  for (int i = 0; i < kNumVertices; ++i)
    s.vertex_building[i] = static_cast<Building>(
        get_int(vb[i], in.sub("vertex_building[" + std::to_string(i) + "]"), 0, 2));
  for (int i = 0; i < kNumVertices; ++i)
    if ((s.vertex_owner[i] < 0) != (s.vertex_building[i] == Building::None))
      fail(in.sub("vertex_building[" + std::to_string(i) + "]"),
           "building and owner disagree at vertex " + std::to_string(i));
  get_int_array(in.f("edge_owner"), in.sub("edge_owner"), s.edge_owner, -1, n - 1);
}

void player_from_json(const json& q, const std::string& pp, PlayerState& ps) {
  get_counts(field(q, "resources", pp), pp + ".resources", ps.resources, kBankPerResource);
  get_int_array(field(q, "dev_cards", pp), pp + ".dev_cards", ps.dev_cards, 0, kDevDeckSize);
  get_int_array(field(q, "dev_bought_this_turn", pp), pp + ".dev_bought_this_turn",
                ps.dev_bought_this_turn, 0, kDevDeckSize);
  get_int_array(field(q, "dev_played", pp), pp + ".dev_played", ps.dev_played, 0, kDevDeckSize);
  ps.roads_left = static_cast<uint8_t>(
      get_int(field(q, "roads_left", pp), pp + ".roads_left", 0, kRoadsPerPlayer));
  ps.settlements_left = static_cast<uint8_t>(get_int(
      field(q, "settlements_left", pp), pp + ".settlements_left", 0, kSettlementsPerPlayer));
  ps.cities_left = static_cast<uint8_t>(
      get_int(field(q, "cities_left", pp), pp + ".cities_left", 0, kCitiesPerPlayer));
  ps.longest_road = static_cast<uint8_t>(
      get_int(field(q, "longest_road", pp), pp + ".longest_road", 0, kRoadsPerPlayer));
  ps.discard_owed = static_cast<uint8_t>(get_int(field(q, "discard_owed", pp), pp + ".discard_owed",
                                                 0, kNumResources * kBankPerResource));
  ps.forfeited = get_bool(field(q, "forfeited", pp), pp + ".forfeited");
  get_int_array(field(q, "trade_rate", pp), pp + ".trade_rate", ps.trade_rate, 2, 4);
  for (int d = 0; d < kNumDevCardTypes; ++d)
    if (ps.dev_bought_this_turn[d] > ps.dev_cards[d])
      fail(pp + ".dev_bought_this_turn", "more cards bought this turn than held");
}

// The hands and the bank: every resource's 19 cards are somewhere.
void cards_from_json(const StateFields& in, GameState& s) {
  const json& players = get_array(in.f("players"), in.sub("players"), kMaxPlayers);
  for (int i = 0; i < kMaxPlayers; ++i)
    player_from_json(players[i], in.sub("players[" + std::to_string(i) + "]"), s.players[i]);
  get_counts(in.f("bank"), in.sub("bank"), s.bank, kBankPerResource);
  for (int r = 0; r < kNumResources; ++r) {
    int sum = s.bank[r];
    for (int i = 0; i < kMaxPlayers; ++i) sum += s.players[i].resources[r];
    if (sum != kBankPerResource)
      fail(in.sub("bank"), std::string("inconsistent resource totals: ") +
                               resource_name(static_cast<Resource>(r)) + " counts " +
                               std::to_string(sum) + " cards across bank and hands, not 19");
  }
}

// The development deck and the dice deck, with their positions.
void decks_from_json(const StateFields& in, GameState& s) {
  const json& deck = get_array(in.f("deck"), in.sub("deck"), kDevDeckSize);
  for (int i = 0; i < kDevDeckSize; ++i)
    s.deck[i] = get_enum(deck[i], in.sub("deck[" + std::to_string(i) + "]"), kDevCardNames);
  DevCounts c{};
  for (auto d : s.deck) ++c[static_cast<int>(d)];
  if (c != kDevDeckComposition) fail(in.sub("deck"), "not the 25-card development deck");
  s.deck_pos = static_cast<uint8_t>(get_int(in.f("deck_pos"), in.sub("deck_pos"), 0, kDevDeckSize));
  get_int_array(in.f("dice_deck"), in.sub("dice_deck"), s.dice_deck, 0, 35);
  s.dice_pos = static_cast<uint8_t>(get_int(in.f("dice_pos"), in.sub("dice_pos"), 0, 36));
}

// The phase, whose turn, the setup's progress and this turn's counters.
void turn_from_json(const StateFields& in, GameState& s) {
  const int n = s.num_players;
  auto f = [&](const char* k) -> const json& { return in.f(k); };
  auto sub = [&](const char* k) { return in.sub(k); };
  s.phase = get_enum(f("phase"), sub("phase"), kPhaseNames);
  s.resume_phase = get_enum(f("resume_phase"), sub("resume_phase"), kPhaseNames);
  s.first_player = static_cast<uint8_t>(get_int(f("first_player"), sub("first_player"), 0, n - 1));
  s.current = static_cast<uint8_t>(get_int(f("current"), sub("current"), 0, n - 1));
  s.setup_step = static_cast<uint8_t>(get_int(f("setup_step"), sub("setup_step"), 0, 2 * n));
  s.last_setup_vertex = static_cast<int8_t>(
      get_int(f("last_setup_vertex"), sub("last_setup_vertex"), -1, kNumVertices - 1));
  get_int_array(f("last_dice"), sub("last_dice"), s.last_dice, 0, 6);
  if ((s.last_dice[0] == 0) != (s.last_dice[1] == 0)) fail(sub("last_dice"), "one die is 0");
  s.turn = static_cast<uint16_t>(get_int(f("turn"), sub("turn"), 0, 65535));
  s.rolls = static_cast<uint16_t>(get_int(f("rolls"), sub("rolls"), 0, 65535));
  s.dev_played_this_turn = get_bool(f("dev_played_this_turn"), sub("dev_played_this_turn"));
  s.offers_this_turn =
      static_cast<uint8_t>(get_int(f("offers_this_turn"), sub("offers_this_turn"), 0, 255));
  s.free_roads_left =
      static_cast<uint8_t>(get_int(f("free_roads_left"), sub("free_roads_left"), 0, 2));
}

void offer_from_json(const StateFields& in, int n, TradeOffer& offer) {
  const json& off = in.f("offer");
  const std::string op = in.sub("offer");
  offer.from = static_cast<int8_t>(get_int(field(off, "from", op), op + ".from", -1, n - 1));
  offer.to = static_cast<int8_t>(get_int(field(off, "to", op), op + ".to", -1, n - 1));
  get_counts(field(off, "give", op), op + ".give", offer.give, kBankPerResource);
  get_counts(field(off, "get", op), op + ".get", offer.get, kBankPerResource);
  const json& answers = get_array(field(off, "answers", op), op + ".answers", kMaxPlayers);
  const json& cg = get_array(field(off, "counter_give", op), op + ".counter_give", kMaxPlayers);
  const json& cgt = get_array(field(off, "counter_get", op), op + ".counter_get", kMaxPlayers);
  for (int i = 0; i < kMaxPlayers; ++i) {
    const std::string idx = "[" + std::to_string(i) + "]";
    offer.answers[i] = get_enum(answers[i], op + ".answers" + idx, kTradeAnswerNames);
    get_counts(cg[i], op + ".counter_give" + idx, offer.counter_give[i], kBankPerResource);
    get_counts(cgt[i], op + ".counter_get" + idx, offer.counter_get[i], kBankPerResource);
  }
}

// The award holders and the winner (s.phase already read).
void holders_from_json(const StateFields& in, GameState& s) {
  const int n = s.num_players;
  s.longest_road_holder = static_cast<int8_t>(
      get_int(in.f("longest_road_holder"), in.sub("longest_road_holder"), -1, n - 1));
  s.largest_army_holder = static_cast<int8_t>(
      get_int(in.f("largest_army_holder"), in.sub("largest_army_holder"), -1, n - 1));
  s.winner = static_cast<int8_t>(get_int(in.f("winner"), in.sub("winner"), -1, n - 1));
  if ((s.winner >= 0) != (s.phase == Phase::GameOver))
    fail(in.sub("winner"), "winner and phase disagree");
}

void stats_from_json(const StateFields& in, GameStats& stats) {
  const json& st = in.f("stats");
  const std::string sp = in.sub("stats");
  get_int_array(field(st, "dice_histogram", sp), sp + ".dice_histogram", stats.dice_histogram, 0,
                65535);
  auto per_seat = [&](const char* key,
                      std::array<std::array<uint16_t, kNumResources>, kMaxPlayers>& a) {
    const std::string kp = sp + "." + key;
    const json& v = get_array(field(st, key, sp), kp, kMaxPlayers);
    for (int i = 0; i < kMaxPlayers; ++i)
      get_int_array(v[i], kp + "[" + std::to_string(i) + "]", a[i], 0, 65535);
  };
  per_seat("produced", stats.produced);
  per_seat("stolen_from", stats.stolen_from);
  get_int_array(field(st, "robber_moves_against_leader", sp), sp + ".robber_moves_against_leader",
                stats.robber_moves_against_leader, 0, 65535);
  get_int_array(field(st, "offers_made", sp), sp + ".offers_made", stats.offers_made, 0, 65535);
  get_int_array(field(st, "offers_accepted", sp), sp + ".offers_accepted", stats.offers_accepted, 0,
                65535);
}

// Parses a full state; `o` (already validated) becomes s->options. The sections are read in
// the order of the saved form, so the first error reported is the first one there.
void full_state_from_json(const json& j, const GameOptions& o, GameState* out) {
  if (!j.is_object()) fail("state", std::string("expected an object, got ") + type_of(j));
  const StateFields in{j};
  GameState s{};
  s.options = o;
  s.seeds.board = get_u64(in.f("seed"), in.sub("seed"));
  s.seeds.play =
      j.contains("play_seed") ? get_u64(j["play_seed"], in.sub("play_seed")) : s.seeds.board;
  s.rng.state = get_u64(in.f("rng"), in.sub("rng"));
  layout_from_json(in, s.layout);
  s.robber_hex =
      static_cast<uint8_t>(get_int(in.f("robber_hex"), in.sub("robber_hex"), 0, kNumHexes - 1));
  s.num_players =
      static_cast<uint8_t>(get_int(in.f("num_players"), in.sub("num_players"), 2, kMaxPlayers));
  if (s.num_players != o.players)
    fail(in.sub("num_players"),
         "does not match options.players (" + std::to_string(o.players) + ")");
  pieces_from_json(in, s);
  cards_from_json(in, s);
  decks_from_json(in, s);
  turn_from_json(in, s);
  offer_from_json(in, s.num_players, s.offer);
  holders_from_json(in, s);
  stats_from_json(in, s.stats);
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
  read_options(field(j, "options", "document"), &o, /*require_all=*/true);
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

}  // namespace
}  // namespace detail

using nlohmann::json;

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
  j["state"] = detail::full_state_to_json(g.state());
  return j;
}

bool load_game(const json& j, Game* out, std::string* error) {
  try {
    Game g;
    if (!detail::load_game_throwing(j, &g, error)) return false;
    *out = std::move(g);
    return true;
  } catch (const detail::LoadError& e) {
    if (error) *error = std::string("bad save: ") + e.what();
  } catch (const std::exception& e) {
    if (error) *error = std::string("bad save: ") + e.what();
  } catch (...) {
    if (error) *error = "bad save: unexpected error";
  }
  return false;
}

bool load_game(const std::string& text, Game* out, std::string* error) {
  // Deep nesting is refused before parsing (kMaxJsonDepth).
  if (json_too_deep(text)) {
    if (error) {
      *error = "bad save: it nests arrays and objects deeper than " +
               std::to_string(kMaxJsonDepth) + " levels";
    }
    return false;
  }
  json j;
  try {
    j = json::parse(text);
  } catch (const std::exception& e) {
    if (error) *error = std::string("bad save: not valid JSON: ") + e.what();
    return false;
  }
  return load_game(j, out, error);
}

}  // namespace catan
