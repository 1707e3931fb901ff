// The body of a `view` message (docs/MULTIPLAYER.md, "The view"): a SeatView cut into parts,
// each a small JSON value (mostly flat arrays of integers), so that a delta carries only the
// parts that changed. The events and the VP timeline only grow at the end (a retroactive change,
// such as starting cards turned face up, shortens the common prefix), so they travel as the
// entries past the prefix the guest holds. The hidden parts of an Observation are never sent:
// the deck reads as knights, the RNG and the play seed as 0, on the guest as in observe().
#include <algorithm>
#include <utility>

#include "engine/rules.h"
#include "engine/serialize.h"
#include "match/refuse.h"
#include "match/wire.h"
#include "match/wire_fields.h"

namespace catan::match::wire {

using namespace detail;

namespace {

constexpr int kSeatLo = -1, kSeatHi = kMaxPlayers - 1;
constexpr int kPlayerFields = 4 * kNumResources + 6 + kNumResources;
constexpr int kTurnFields = 18;
constexpr int kOfferFields = 2 + 2 * kNumResources + kMaxPlayers * (1 + 2 * kNumResources);
constexpr int kStatsFields = 13 + 2 * kMaxPlayers * kNumResources + 3 * kMaxPlayers;
constexpr int kEventFields = 5 + 2 * kNumResources;

// The parts a whole view carries, besides the events and the VP timeline.
// Each player is a part of its own: a change to one hand resends one player.
constexpr const char* kParts[] = {"seat",   "options", "seed",  "layout", "pieces", "p0",
                                  "p1",     "p2",      "p3",    "bank",   "decks",  "turn",
                                  "offer",  "stats",   "counts", "moves", "legal",  "status",
                                  "clock",  "timeouts"};
constexpr const char* kPlayerParts[kMaxPlayers] = {"p0", "p1", "p2", "p3"};
// "legal" as this text: the seat's legal actions are those the rules give on its observation,
// which the guest holds too, so only a list that differs (a steal, where the hands the seat
// cannot see decide) travels as action ids.
constexpr const char* kLegalByRules = "rules";

template <class A>
void push_all(json& a, const A& xs) {
  for (auto x : xs) a.push_back(static_cast<int>(x));
}

json layout_part(const Layout& l) {
  json a = json::array();
  push_all(a, l.terrain);
  push_all(a, l.number);
  push_all(a, l.ports);
  return a;
}

// One character per vertex ('.', settlements 'a'..'d', cities 'A'..'D') and per edge ('.' or
// the owner's digit): a whole board in 126 bytes.
json pieces_part(const GameState& s) {
  std::string v(kNumVertices, '.'), e(kNumEdges, '.');
  for (int i = 0; i < kNumVertices; ++i)
    if (s.vertex_owner[i] >= 0)
      v[i] = static_cast<char>((s.vertex_building[i] == Building::City ? 'A' : 'a') +
                               s.vertex_owner[i]);
  for (int i = 0; i < kNumEdges; ++i)
    if (s.edge_owner[i] >= 0) e[i] = static_cast<char>('0' + s.edge_owner[i]);
  return json::array({v, e});
}

json player_part(const PlayerState& p) {
  {
    json a = json::array();
    push_all(a, p.resources);
    push_all(a, p.dev_cards);
    push_all(a, p.dev_bought_this_turn);
    push_all(a, p.dev_played);
    push_all(a, std::array<int, 6>{p.roads_left, p.settlements_left, p.cities_left, p.longest_road,
                                   p.discard_owed, p.forfeited ? 1 : 0});
    push_all(a, p.trade_rate);
    return a;
  }
}

json turn_part(const GameState& s) {
  json a = json::array();
  push_all(a, std::array<int, kTurnFields>{
                  s.robber_hex, static_cast<int>(s.phase), static_cast<int>(s.resume_phase),
                  s.num_players, s.first_player, s.current, s.setup_step, s.last_setup_vertex,
                  s.last_dice[0], s.last_dice[1], s.turn, s.rolls, s.dev_played_this_turn ? 1 : 0,
                  s.offers_this_turn, s.free_roads_left, s.longest_road_holder,
                  s.largest_army_holder, s.winner});
  return a;
}

json offer_part(const TradeOffer& o) {
  json a = json::array({o.from, o.to});
  push_all(a, o.give);
  push_all(a, o.get);
  for (int i = 0; i < kMaxPlayers; ++i) {
    a.push_back(static_cast<int>(o.answers[i]));
    push_all(a, o.counter_give[i]);
    push_all(a, o.counter_get[i]);
  }
  return a;
}

json stats_part(const GameStats& st) {
  json a = json::array();
  push_all(a, st.dice_histogram);
  for (const auto& row : st.produced) push_all(a, row);
  for (const auto& row : st.stolen_from) push_all(a, row);
  push_all(a, st.robber_moves_against_leader);
  push_all(a, st.offers_made);
  push_all(a, st.offers_accepted);
  return a;
}

json event_entry(const Event& e) {
  json a = json::array({static_cast<int>(e.type), e.seat, e.other, e.arg, e.arg2});
  push_all(a, e.a);
  push_all(a, e.b);
  // Trailing fields at their defaults (-1 for the small ones, 0 for the cards) are left out.
  while (a.size() > 1) {
    const size_t i = a.size() - 1;
    if (a[i].get<int>() != (i < 5 ? -1 : 0)) break;
    a.erase(i);
  }
  return a;
}

}  // namespace

json view_body_parts(const SeatView& v) {
  const Observation& o = v.observation;
  const GameState& s = o.view;
  json p = json::object();
  p["seat"] = o.seat;
  p["options"] = options_to_json(s.options);
  p["seed"] = std::to_string(s.seeds.board);
  p["layout"] = layout_part(s.layout);
  p["pieces"] = pieces_part(s);
  for (int i = 0; i < kMaxPlayers; ++i) p[kPlayerParts[i]] = player_part(s.players[i]);
  json bank = json::array();
  push_all(bank, s.bank);
  p["bank"] = bank;
  json decks = json::array({s.deck_pos, s.dice_pos});
  push_all(decks, s.dice_deck);
  p["decks"] = decks;
  p["turn"] = turn_part(s);
  p["offer"] = offer_part(s.offer);
  p["stats"] = stats_part(s.stats);
  json counts = json::array();
  push_all(counts, o.hand_size);
  push_all(counts, o.dev_hand_size);
  push_all(counts, o.unknown_dev_cards);
  p["counts"] = counts;
  p["moves"] = json::array({v.actions_applied, v.turns_played});
  if (!v.legal.empty() && v.legal == legal_actions(s)) {
    p["legal"] = kLegalByRules;
  } else {
    json legal = json::array();
    for (const Action& a : v.legal) legal.push_back(action_id(a));
    p["legal"] = legal;
  }
  int autopilot = 0;
  for (int i = 0; i < kMaxPlayers; ++i) autopilot |= v.autopilot[i] ? 1 << i : 0;
  p["status"] = json::array({v.human_to_act ? 1 : 0, v.ai_thinking ? 1 : 0, autopilot,
                             v.timed_out_seat});
  p["clock"] = v.time_left;
  json timeouts = json::array();
  for (const TimeoutMove& t : v.timeout_moves)
    timeouts.push_back(json::array({t.first_event, t.seat, t.action.to_string()}));
  p["timeouts"] = timeouts;
  return p;
}

namespace {

// ----- Reading ------------------------------------------------------------------------------

void read_layout(const json& v, Layout& l) {
  FlatReader r(v, "view.layout", 2 * kNumHexes + kNumPorts);
  for (auto& t : l.terrain) t = static_cast<Terrain>(r.next(0, static_cast<int>(Terrain::Hidden)));
  r.fill(l.number, 0, 12);
  for (auto& t : l.ports) t = static_cast<PortType>(r.next(0, static_cast<int>(PortType::Hidden)));
}

void read_pieces(const json& v, GameState& s) {
  const json& a = get_array(v, "view.pieces", 2);
  const std::string& vs = get_string(a[0], "view.pieces[0]", kNumVertices);
  const std::string& es = get_string(a[1], "view.pieces[1]", kNumEdges);
  if (vs.size() != kNumVertices || es.size() != kNumEdges)
    fail("view.pieces", "expected one character per vertex and per edge");
  for (int i = 0; i < kNumVertices; ++i) {
    const char c = vs[static_cast<size_t>(i)];
    const bool town = c >= 'a' && c < 'a' + kMaxPlayers, city = c >= 'A' && c < 'A' + kMaxPlayers;
    if (!town && !city && c != '.') fail("view.pieces[0]", "bad vertex " + std::to_string(i));
    s.vertex_owner[i] = static_cast<int8_t>(town ? c - 'a' : city ? c - 'A' : -1);
    s.vertex_building[i] = town ? Building::Settlement : city ? Building::City : Building::None;
  }
  for (int i = 0; i < kNumEdges; ++i) {
    const char c = es[static_cast<size_t>(i)];
    if (c != '.' && (c < '0' || c >= '0' + kMaxPlayers))
      fail("view.pieces[1]", "bad edge " + std::to_string(i));
    s.edge_owner[i] = static_cast<int8_t>(c == '.' ? -1 : c - '0');
  }
}

void read_players(const json& parts, GameState& s) {
  for (int i = 0; i < kMaxPlayers; ++i) {
    FlatReader r(parts[kPlayerParts[i]], std::string("view.") + kPlayerParts[i], kPlayerFields);
    PlayerState& p = s.players[i];
    r.fill(p.resources, 0, kBankPerResource);
    r.fill(p.dev_cards, 0, kDevDeckSize);
    r.fill(p.dev_bought_this_turn, 0, kDevDeckSize);
    r.fill(p.dev_played, 0, kDevDeckSize);
    p.roads_left = static_cast<uint8_t>(r.next(0, kRoadsPerPlayer));
    p.settlements_left = static_cast<uint8_t>(r.next(0, kSettlementsPerPlayer));
    p.cities_left = static_cast<uint8_t>(r.next(0, kCitiesPerPlayer));
    p.longest_road = static_cast<uint8_t>(r.next(0, kRoadsPerPlayer));
    p.discard_owed = static_cast<uint8_t>(r.next(0, kNumResources * kBankPerResource));
    p.forfeited = r.next(0, 1) != 0;
    r.fill(p.trade_rate, 2, 4);
  }
}

void read_turn(const json& v, GameState& s) {
  FlatReader r(v, "view.turn", kTurnFields);
  const int last_phase = static_cast<int>(Phase::GameOver);
  s.robber_hex = static_cast<uint8_t>(r.next(0, kNumHexes - 1));
  s.phase = static_cast<Phase>(r.next(0, last_phase));
  s.resume_phase = static_cast<Phase>(r.next(0, last_phase));
  s.num_players = static_cast<uint8_t>(r.next(2, kMaxPlayers));
  const int n = s.num_players;
  s.first_player = static_cast<uint8_t>(r.next(0, n - 1));
  s.current = static_cast<uint8_t>(r.next(0, n - 1));
  s.setup_step = static_cast<uint8_t>(r.next(0, 2 * n));
  s.last_setup_vertex = static_cast<int8_t>(r.next(-1, kNumVertices - 1));
  s.last_dice[0] = static_cast<uint8_t>(r.next(0, 6));
  s.last_dice[1] = static_cast<uint8_t>(r.next(0, 6));
  s.turn = static_cast<uint16_t>(r.next(0, 65535));
  s.rolls = static_cast<uint16_t>(r.next(0, 65535));
  s.dev_played_this_turn = r.next(0, 1) != 0;
  s.offers_this_turn = static_cast<uint8_t>(r.next(0, 255));
  s.free_roads_left = static_cast<uint8_t>(r.next(0, 2));
  s.longest_road_holder = static_cast<int8_t>(r.next(-1, n - 1));
  s.largest_army_holder = static_cast<int8_t>(r.next(-1, n - 1));
  s.winner = static_cast<int8_t>(r.next(-1, n - 1));
}

void read_offer(const json& v, TradeOffer& o) {
  FlatReader r(v, "view.offer", kOfferFields);
  o.from = static_cast<int8_t>(r.next(kSeatLo, kSeatHi));
  o.to = static_cast<int8_t>(r.next(kSeatLo, kSeatHi));
  r.fill(o.give, 0, kBankPerResource);
  r.fill(o.get, 0, kBankPerResource);
  for (int i = 0; i < kMaxPlayers; ++i) {
    o.answers[i] = static_cast<TradeAnswer>(r.next(0, static_cast<int>(TradeAnswer::NotAsked)));
    r.fill(o.counter_give[i], 0, kBankPerResource);
    r.fill(o.counter_get[i], 0, kBankPerResource);
  }
}

void read_stats(const json& v, GameStats& st) {
  FlatReader r(v, "view.stats", kStatsFields);
  r.fill(st.dice_histogram, 0, 65535);
  for (auto& row : st.produced) r.fill(row, 0, 65535);
  for (auto& row : st.stolen_from) r.fill(row, 0, 65535);
  r.fill(st.robber_moves_against_leader, 0, 65535);
  r.fill(st.offers_made, 0, 65535);
  r.fill(st.offers_accepted, 0, 65535);
}

Event read_event(const json& v, const std::string& path) {
  const json& a = get_array(v, path);
  if (a.empty() || a.size() > kEventFields) fail(path, "expected 1 to 17 entries");
  std::array<int, kEventFields> f{};
  for (size_t i = 0; i < kEventFields; ++i)
    f[i] = i >= a.size() ? (i < 5 ? -1 : 0)
           : i == 0      ? static_cast<int>(get_int(a[i], path + "[0]", 0, kEventNames.size() - 1))
           : i < 5       ? static_cast<int>(get_int(a[i], path + "[" + std::to_string(i) + "]",
                                                    INT8_MIN, INT8_MAX))
                         : static_cast<int>(get_int(a[i], path + "[" + std::to_string(i) + "]", 0,
                                                    kBankPerResource));
  Event e{static_cast<EventType>(f[0])};
  e.seat = static_cast<int8_t>(f[1]);
  e.other = static_cast<int8_t>(f[2]);
  e.arg = static_cast<int8_t>(f[3]);
  e.arg2 = static_cast<int8_t>(f[4]);
  for (int r = 0; r < kNumResources; ++r) {
    e.a[r] = static_cast<uint8_t>(f[5 + r]);
    e.b[r] = static_cast<uint8_t>(f[5 + kNumResources + r]);
  }
  return e;
}

Action read_action(const json& v, const std::string& path) {
  std::string err;
  const auto a = Action::parse(get_string(v, path, kMaxActionText), &err);
  if (!a) fail(path, err);
  return *a;
}

void read_observation(const json& p, Observation& o) {
  GameState& s = o.view;
  o.seat = static_cast<int>(get_int(p["seat"], "view.seat", kSeatLo, kSeatHi));
  std::string err;
  if (!options_from_json(p["options"], &s.options, &err)) fail("view.options", err);
  s.seeds.board = get_decimal(p["seed"], "view.seed");
  s.seeds.play = 0;
  s.rng.state = 0;
  s.deck.fill(DevCard::Knight);
  read_layout(p["layout"], s.layout);
  read_pieces(p["pieces"], s);
  read_players(p, s);
  FlatReader(p["bank"], "view.bank", kNumResources).fill(s.bank, 0, kBankPerResource);
  FlatReader d(p["decks"], "view.decks", 2 + 36);
  s.deck_pos = static_cast<uint8_t>(d.next(0, kDevDeckSize));
  s.dice_pos = static_cast<uint8_t>(d.next(0, 36));
  d.fill(s.dice_deck, 0, 35);
  read_turn(p["turn"], s);
  if (s.num_players != s.options.players) fail("view.turn", "player count disagrees with options");
  read_offer(p["offer"], s.offer);
  // What the rules index by without a check (the guest computes "rules" legal actions).
  if (s.phase == Phase::SetupRoad && s.last_setup_vertex < 0)
    fail("view.turn", "a setup road without the settlement it touches");
  if ((s.phase == Phase::TradeResponse || s.phase == Phase::TradeConfirm) &&
      (s.offer.from < 0 || s.offer.from >= s.num_players))
    fail("view.offer", "a trade phase without the offerer");
  if ((s.winner >= 0) != (s.phase == Phase::GameOver))
    fail("view.turn", "winner and phase disagree");
  read_stats(p["stats"], s.stats);
  FlatReader c(p["counts"], "view.counts", 2 * kMaxPlayers + kNumDevCardTypes);
  c.fill(o.hand_size, 0, kNumResources * kBankPerResource);
  c.fill(o.dev_hand_size, 0, kDevDeckSize);
  c.fill(o.unknown_dev_cards, 0, kDevDeckSize);
}

// Every part present and known, each checked; throws WireError.
SeatView read_parts(const json& p) {
  for (const char* k : kParts) need(p, k, "view");
  SeatView v;
  read_observation(p, v.observation);
  FlatReader m(p["moves"], "view.moves", 2);
  v.actions_applied = static_cast<size_t>(m.next(0, INT32_MAX));
  v.turns_played = static_cast<int>(m.next(0, INT32_MAX));
  const json& legal = p["legal"];
  if (legal.is_string()) {
    const GameState& s = v.observation.view;
    if (legal != kLegalByRules) fail("view.legal", "expected \"rules\" or a list of action ids");
    if (s.to_move() != v.observation.seat) fail("view.legal", "the seat is not to move");
    v.legal = legal_actions(s);
  } else {
    get_array(legal, "view.legal");
    for (size_t i = 0; i < legal.size(); ++i) {
      const std::string path = "view.legal[" + std::to_string(i) + "]";
      if (!legal[i].is_number_unsigned()) fail(path, "expected an action id");
      const auto a = action_from_id(legal[i].get<uint64_t>());
      if (!a) fail(path, "not an action id");
      v.legal.push_back(*a);
    }
  }
  FlatReader st(p["status"], "view.status", 4);
  v.human_to_act = st.next(0, 1) != 0;
  v.ai_thinking = st.next(0, 1) != 0;
  const int64_t autopilot = st.next(0, (1 << kMaxPlayers) - 1);
  for (int i = 0; i < kMaxPlayers; ++i) v.autopilot[i] = (autopilot >> i & 1) != 0;
  v.timed_out_seat = static_cast<int>(st.next(kSeatLo, kSeatHi));
  if (!p["clock"].is_number()) fail("view.clock", "expected a number");
  v.time_left = p["clock"].get<double>();
  const json& touts = get_array(p["timeouts"], "view.timeouts");
  for (size_t i = 0; i < touts.size(); ++i) {
    const std::string tp = "view.timeouts[" + std::to_string(i) + "]";
    const json& t = get_array(touts[i], tp, 3);
    v.timeout_moves.push_back(TimeoutMove{static_cast<size_t>(get_int(t[0], tp, 0, INT32_MAX)),
                                          static_cast<int>(get_int(t[1], tp, 0, kSeatHi)),
                                          read_action(t[2], tp)});
  }
  return v;
}

template <class T>
size_t common_prefix(const std::vector<T>& a, const std::vector<T>& b) {
  return static_cast<size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
}

}  // namespace

std::string ViewEncoder::encode(const SeatView& v) {
  json parts = view_body_parts(v);
  json body = json::object();
  size_t ev_from = 0, vp_from = 0;
  if (sent_) {
    for (auto it = parts.begin(); it != parts.end(); ++it)
      if (sent_->parts[it.key()] != it.value()) body[it.key()] = it.value();
    ev_from = common_prefix(sent_->events, v.events);
    vp_from = common_prefix(sent_->timeline, v.vp_timeline);
  } else {
    body = parts;
  }
  json events = json::array();
  for (size_t i = ev_from; i < v.events.size(); ++i) events.push_back(event_entry(v.events[i]));
  json rows = json::array();
  for (size_t i = vp_from; i < v.vp_timeline.size(); ++i) {
    json row = json::array();
    push_all(row, v.vp_timeline[i]);
    rows.push_back(std::move(row));
  }
  body["ev_from"] = ev_from;
  body["events"] = std::move(events);
  body["vp_from"] = vp_from;
  body["vp"] = std::move(rows);
  json msg = {{"v", kWireVersion},
              {"t", "view"},
              {"seq", seq_ + 1},
              {"base", sent_ ? seq_ : 0},
              {"view", std::move(body)}};
  ++seq_;
  sent_ = Sent{std::move(parts), v.events, v.vp_timeline};
  return msg.dump();
}

bool ViewDecoder::apply(const ViewUpdate& u, std::string* error) {
  if (u.base != 0 && u.base != seq_)
    return refuse(error, "view " + std::to_string(u.seq) + " is a change to view " +
                             std::to_string(u.base) + ", but the view held is " +
                             std::to_string(seq_) + ": a resync is needed");
  try {
    json parts = u.base == 0 ? json::object() : parts_;
    for (auto it = u.body.begin(); it != u.body.end(); ++it) {
      const std::string& k = it.key();
      if (k == "ev_from" || k == "events" || k == "vp_from" || k == "vp") continue;
      if (std::none_of(std::begin(kParts), std::end(kParts), [&](const char* p) { return k == p; }))
        fail("view", "unknown key \"" + k.substr(0, 40) + "\"");
      parts[k] = it.value();
    }
    SeatView next = read_parts(parts);
    const EventLog& held_events = u.base == 0 ? EventLog{} : view_.events;
    const auto ev_from = static_cast<size_t>(get_int(need(u.body, "ev_from", "view"),
                                                     "view.ev_from", 0,
                                                     static_cast<int64_t>(held_events.size())));
    next.events.assign(held_events.begin(), held_events.begin() + static_cast<long>(ev_from));
    const json& events = get_array(need(u.body, "events", "view"), "view.events");
    for (size_t i = 0; i < events.size(); ++i)
      next.events.push_back(read_event(events[i], "view.events[" + std::to_string(i) + "]"));
    const VpTimeline& held_vp = u.base == 0 ? VpTimeline{} : view_.vp_timeline;
    const auto vp_from = static_cast<size_t>(get_int(
        need(u.body, "vp_from", "view"), "view.vp_from", 0, static_cast<int64_t>(held_vp.size())));
    next.vp_timeline.assign(held_vp.begin(), held_vp.begin() + static_cast<long>(vp_from));
    const json& rows = get_array(need(u.body, "vp", "view"), "view.vp");
    for (size_t i = 0; i < rows.size(); ++i) {
      std::array<uint8_t, kMaxPlayers> row{};
      FlatReader(rows[i], "view.vp[" + std::to_string(i) + "]", kMaxPlayers).fill(row, 0, 255);
      next.vp_timeline.push_back(row);
    }
    parts_ = std::move(parts);
    view_ = std::move(next);
    seq_ = u.seq;
    return true;
  } catch (const WireError& e) {
    return refuse(error, e.what());
  }
}

}  // namespace catan::match::wire
