// What a seat sees, as JSON: the board (topology and layout), the state (the public fields,
// docs/RULES.md, hidden information, plus the phase, whose turn, what is expected, the pending
// trade, bank, deck size, roll count, winner) and events. Hidden information is left out through
// observe() and redact().
#include <string>
#include <utility>

#include "engine/english.h"
#include "engine/json_fields.h"
#include "engine/serialize.h"

namespace catan {

using namespace detail;

namespace {

// The first n entries of a (a fixed-size array of ids), as a JSON array.
template <class A>
json first_n(const A& a, int n) {
  json r = json::array();
  for (int i = 0; i < n; ++i) r.push_back(a[i]);
  return r;
}

}  // namespace

json board_to_json(const GameState& s, int seat) {
  const Topology& t = topology();
  Layout layout = s.layout;
  int robber = s.robber_hex;
  if (seat != kAllSeats) {
    Observation obs = observe(s, seat);
    layout = obs.view.layout;
    robber = obs.view.robber_hex;
  }
  json hexes = json::array();
  for (int h = 0; h < kNumHexes; ++h) {
    const HexInfo& hi = t.hexes[h];
    const int tt = static_cast<int>(layout.terrain[h]);
    hexes.push_back(
        json{{"id", h},
             {"q", hi.q},
             {"r", hi.r},
             {"x", hi.x},
             {"y", hi.y},
             {"terrain", terrain_name(layout.terrain[h])},
             {"resource",
              tt < kNumResources ? json(resource_name(static_cast<Resource>(tt))) : json(nullptr)},
             {"number", layout.number[h] ? json(layout.number[h]) : json(nullptr)},
             {"vertices", int_array(hi.vertices)},
             {"edges", int_array(hi.edges)},
             {"robber", h == robber}});
  }
  json verts = json::array();
  for (int v = 0; v < kNumVertices; ++v) {
    const VertexInfo& vi = t.vertices[v];
    verts.push_back(json{
        {"id", v},
        {"x", vi.x},
        {"y", vi.y},
        {"hexes", first_n(vi.hexes, vi.num_hexes)},
        {"neighbours", first_n(vi.neighbors, vi.num_neighbors)},
        {"edges", first_n(vi.edges, vi.num_neighbors)},
        {"port", vi.port_slot >= 0 ? json(port_name(layout.ports[vi.port_slot])) : json(nullptr)}});
  }
  json edges = json::array();
  for (int e = 0; e < kNumEdges; ++e) {
    const EdgeInfo& ei = t.edges[e];
    edges.push_back(json{{"id", e},
                         {"vertices", int_array(ei.vertices)},
                         {"hexes", first_n(ei.hexes, ei.num_hexes)}});
  }
  json ports = json::array();
  for (int p = 0; p < kNumPorts; ++p) {
    const PortSlot& ps = t.ports[p];
    const PortType type = layout.ports[p];
    ports.push_back(json{{"id", p},
                         {"type", port_name(type)},
                         {"ratio", type == PortType::Hidden    ? json(nullptr)
                                   : type == PortType::Generic ? json(3)
                                                               : json(2)},
                         {"edge", ps.edge},
                         {"vertices", int_array(ps.vertices)},
                         {"hex", ps.hex},
                         {"x", ps.x},
                         {"y", ps.y}});
  }
  return json{{"hexes", hexes},
              {"vertices", verts},
              {"edges", edges},
              {"ports", ports},
              {"robber", robber}};
}

namespace {

// What one seat's JSON is made from: the full state, the view the seat may see (`s`), and the
// hand sizes it is shown.
struct SeatView {
  const GameState& full;
  const Observation& obs;
  const GameState& s;
  int seat;
  bool all;  // seat == kAllSeats: everything is shown
  bool fog;  // cards face down, bank hidden

  bool sees_hand(int p) const { return all || p == seat; }
};

// The turn: phase, whose move, the last roll, the options and this turn's counters.
void put_turn(json& j, const SeatView& w) {
  const GameState& s = w.s;
  j["seat"] = w.all ? json("all") : json(w.seat);
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
  j["num_players"] = static_cast<int>(s.num_players);
  j["first_player"] = s.first_player;
  j["vp_target"] = s.options.vp_target;
  j["options"] = options_to_json(s.options);
  j["dev_played_this_turn"] = s.dev_played_this_turn;
  j["free_roads_left"] = s.free_roads_left;
  j["offers_this_turn"] = s.offers_this_turn;
}

// Seat p: its pieces, its cards (in full only where the viewer may see them), its VP.
json player_json(const SeatView& w, int p, int* total_vp) {
  const GameState& s = w.s;
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
  x["resource_count"] = w.all ? w.full.hand_size(p) : w.obs.hand_size[p];
  x["dev_card_count"] = w.all ? w.full.dev_hand_size(p) : w.obs.dev_hand_size[p];
  if (w.sees_hand(p)) {
    x["resources"] = w.fog ? hidden_counts() : counts_object(ps.resources);
    x["dev_cards"] = dev_object(ps.dev_cards);
    x["dev_bought_this_turn"] = dev_object(ps.dev_bought_this_turn);
  }
  x["dev_played"] = dev_object(ps.dev_played);
  x["played_knights"] = ps.dev_played[static_cast<int>(DevCard::Knight)];
  const int pub = w.full.public_vp(p);
  *total_vp = w.sees_hand(p) ? w.full.total_vp(p) : pub;
  x["public_victory_points"] = pub;
  if (w.sees_hand(p)) x["total_victory_points"] = *total_vp;
  put_player_counters(x, ps);
  x["trade_rates"] = counts_object(ps.trade_rate);
  return x;
}

// The players, the awards, every seat's VP and the trade rates of the seat that trades.
void put_players(json& j, const SeatView& w) {
  const GameState& s = w.s;
  const int n = s.num_players;
  json players = json::array();
  json lengths = json::array(), totals = json::array(), publics = json::array();
  for (int p = 0; p < n; ++p) {
    int tot = 0;
    players.push_back(player_json(w, p, &tot));
    lengths.push_back(s.players[p].longest_road);
    totals.push_back(tot);
    publics.push_back(w.full.public_vp(p));
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
  const int rates_seat = w.all ? (s.to_move() >= 0 ? s.to_move() : s.current) : w.seat;
  if (rates_seat >= 0 && rates_seat < n)
    j["your_trade_rates"] = counts_object(s.players[rates_seat].trade_rate);
  else
    j["your_trade_rates"] = nullptr;
}

// The offer on the table and every seat's answer, or null.
json pending_trade_json(const GameState& s) {
  if (s.phase != Phase::TradeResponse && s.phase != Phase::TradeConfirm) return nullptr;
  json t = json::object();
  t["from"] = s.offer.from;
  t["to"] = s.offer.to < 0 ? json("all") : json(s.offer.to);
  t["give"] = counts_object(s.offer.give);
  t["get"] = counts_object(s.offer.get);
  json ans = json::array();
  for (int p = 0; p < s.num_players; ++p) {
    json a = json::object();
    a["seat"] = p;
    a["answer"] = kTradeAnswerNames.name(s.offer.answers[p]);
    if (s.offer.answers[p] == TradeAnswer::Countered) {
      a["give"] = counts_object(s.offer.counter_give[p]);
      a["get"] = counts_object(s.offer.counter_get[p]);
    }
    ans.push_back(a);
  }
  t["answers"] = ans;
  return t;
}

// Every building and road on the board, the bank and the deck.
void put_board_and_bank(json& j, const SeatView& w) {
  const GameState& s = w.s;
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
  j["bank"] = w.fog ? hidden_counts() : counts_object(s.bank);
  if (w.fog)
    j["cards_face_down"] =
        "Resource cards stay face down until the island is revealed at the first roll: a card's "
        "type would name the hidden terrain it came from.";
  j["dev_deck_size"] = s.num_dev_cards_left();
}

}  // namespace

json state_to_json(const GameState& full, int seat) {
  const bool all = seat == kAllSeats;
  Observation obs;
  if (!all) obs = observe(full, seat);
  const SeatView w{full, obs, all ? full : obs.view, seat, all, !all && island_hidden(full)};
  json j = json::object();
  put_turn(j, w);
  put_players(j, w);
  j["pending_trade"] = pending_trade_json(w.s);
  put_board_and_bank(j, w);
  if (all) {
    j["seed"] = std::to_string(w.s.seeds.board);
    j["play_seed"] = std::to_string(w.s.seeds.play);
  }
  return j;
}

namespace {

// Events whose arg is a plain number, and the key it shows under.
constexpr std::pair<EventType, const char*> kNumberArgKeys[] = {
    {EventType::SettlementBuilt, "vertex"},
    {EventType::CityBuilt, "vertex"},
    {EventType::RoadBuilt, "edge"},
    {EventType::RobberMoved, "hex"},
    {EventType::LongestRoadChanged, "length"},
    {EventType::LargestArmyChanged, "knights"},
    {EventType::GameWon, "victory_points"}};

// Two hands under the given keys: a and b.
void put_hands(json& j, const Event& e, const char* a_key, const char* b_key) {
  j[a_key] = counts_object(e.a);
  j[b_key] = counts_object(e.b);
}

}  // namespace

json event_to_json(const Event& e) {
  json j = json::object();
  const int t = static_cast<int>(e.type);
  j["type"] =
      t >= 0 && t < static_cast<int>(kEventNames.size()) ? kEventNames.name(e.type) : "unknown";
  j["seat"] = seat_or_null(e.seat);
  auto res = [](int r) {
    return r >= 0 && r < kNumResources ? json(resource_name(static_cast<Resource>(r)))
                                       : json(nullptr);
  };
  for (const auto& [type, key] : kNumberArgKeys)
    if (e.type == type) j[key] = e.arg;
  switch (e.type) {
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
    case EventType::Stole:
    case EventType::MonopolyTook:
      j["victim"] = e.other;
      j["resource"] = res(e.arg);
      if (e.type == EventType::MonopolyTook) j["count"] = e.arg2;
      break;
    case EventType::DevCardBought:
    case EventType::DevCardPlayed:
      j["card"] = e.arg >= 0 && e.arg < kNumDevCardTypes
                      ? json(dev_card_name(static_cast<DevCard>(e.arg)))
                      : json(nullptr);
      break;
    case EventType::BankTrade:
      put_hands(j, e, "gave", "got");
      break;
    case EventType::TradeOffered:
      j["to"] = e.other < 0 ? json("all") : json(e.other);
      put_hands(j, e, "give", "get");
      break;
    case EventType::TradeAnswered:
      j["answer"] = e.arg >= 0 && e.arg < static_cast<int>(kTradeAnswerNames.size())
                        ? json(kTradeAnswerNames.name(static_cast<TradeAnswer>(e.arg)))
                        : json(nullptr);
      if (e.arg == static_cast<int>(TradeAnswer::Countered)) put_hands(j, e, "give", "get");
      break;
    case EventType::TradeDone:
      j["partner"] = e.other;
      put_hands(j, e, "gave", "got");
      break;
    case EventType::LongestRoadChanged:
    case EventType::LargestArmyChanged:
      j["previous"] = seat_or_null(e.other);
      break;
    case EventType::TurnEnded:
      j["next"] = seat_or_null(e.other);
      break;
    default:  // the rest carry nothing more than the number above, if that
      break;
  }
  return j;
}

}  // namespace catan
