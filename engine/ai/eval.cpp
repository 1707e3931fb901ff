// Shared evaluation, card counting and determinization for the AI levels.
#include <algorithm>
#include <cmath>

#include "engine/ai/analysis.h"
#include "engine/board.h"
#include "engine/board_bits.h"
#include "engine/card_tracker.h"

namespace catan::ai {

namespace {

// One row per personality, in Personality's order (columns: Taste's fields, res_bias in
// wood, brick, wool, grain, ore order): what each values and how it negotiates.
// clang-format off
constexpr Taste kPersonalities[] = {
  // Balanced: the defaults
  {0.50, 1, 0.0,  0.05, 0.00, 1.0, 0.3, 1.0,  1.00, 1.0, 1.00, 1.00, {1.00, 1.00, 1.00, 1.0, 1.00}},
  // Trader: offers often, at lower odds of acceptance, accepts small gains, counters
  {0.95, 1, 0.8, -0.01, 0.50, 1.0, 0.3, 1.0,  1.00, 1.0, 1.00, 1.00, {1.00, 1.00, 1.00, 1.0, 1.00}},
  // Aggressor: robber and knights on the leader, development cards
  {0.25, 1, 0.0,  0.12, 0.00, 2.5, 0.6, 2.0,  1.00, 1.0, 1.00, 1.35, {0.95, 0.95, 1.05, 1.05, 1.1}},
  // Builder: cities on wheat and ore
  {0.45, 1, 0.0,  0.05, 0.00, 1.0, 0.3, 1.0,  0.80, 1.0, 1.35, 0.85, {0.85, 0.85, 0.90, 1.2, 1.25}},
  // Expansionist: roads and settlements on wood and brick
  {0.50, 1, 0.0,  0.05, 0.00, 1.0, 0.3, 1.0,  1.45, 1.3, 0.85, 0.80, {1.25, 1.25, 1.00, 1.0, 0.80}},
  // Opportunist: robs big hands, trades and counters often
  {0.60, 1, 0.0,  0.00, 0.25, 0.4, 1.6, 1.3,  1.00, 1.0, 1.00, 1.00, {1.00, 1.00, 1.00, 1.0, 1.00}},
};
// clang-format on

}  // namespace

Params personality_params(Personality p) {
  Params out;
  const size_t i = static_cast<size_t>(p);
  if (i < std::size(kPersonalities)) static_cast<Taste&>(out) = kPersonalities[i];
  return out;
}

void strengthen(Params& p) {
  p.tune[3] *= 0.65;      // cards in hand matter less than what they build
  p.tune[4] *= 1.3;       // development cards are worth more than the plain estimate
  p.knight_eager *= 2.0;  // knights early: the army race and steady robber pressure
  p.w_road *= 0.8;        // fewer speculative roads
}

void expert_tilt(Params& p) {
  p.w_city *= 1.3;
  p.w_road *= 0.85;
  p.w_dev *= 0.95;
  p.res_bias[0] *= 0.9;
  p.res_bias[1] *= 0.9;
  p.res_bias[3] *= 1.3;
  p.res_bias[4] *= 1.4;
  p.tune[0] *= 1.5;  // production counts more than the hand and the position's extras
}

Skill level_skill(AiLevel l) {
  Skill k;
  switch (l) {
    case AiLevel::Random:
      k.offers = false;
      break;
    case AiLevel::Easy:
      k.noise = 0.6;
      k.depth = 1;
      k.port_aware = false;
      k.trade_scale = 0.3;
      break;
    case AiLevel::Normal:
      k.noise = 0.0;
      k.depth = 1;
      k.trade_scale = 0.8;
      break;
    case AiLevel::Hard:
    case AiLevel::Expert:
    case AiLevel::Master:
      k.depth = 3;
      k.tracker = true;
      k.leader = true;
      k.trade_scale = 2.0;  // offers whenever a card would help (one offer per turn)
      k.smart_offers = l >= AiLevel::Expert;
      break;
  }
  return k;
}

int vp_target(const GameState& s) {
  return s.options.vp_target ? s.options.vp_target : 10;
}

std::array<double, kNumResources> production(const GameState& s, int seat) {
  std::array<double, kNumResources> p{};
  const Topology& t = topology();
  detail::for_bits(detail::vertices_owned_by(s, seat), [&](int v) {
    const int mult = s.vertex_building[v] == Building::City ? 2 : 1;
    const VertexInfo& vi = t.vertices[v];
    for (int i = 0; i < vi.num_hexes; ++i) {
      const int h = vi.hexes[i];
      if (h == s.robber_hex) continue;
      const Terrain tr = s.layout.terrain[h];
      if (static_cast<int>(tr) >= kNumResources) continue;
      p[static_cast<int>(tr)] += mult * pips(s.layout.number[h]);
    }
  });
  return p;
}

std::array<double, kNumResources> resource_weights(const GameState& s, const Params& prm) {
  // The weights depend on the layout and the bias only, and a search asks for them at every
  // evaluation of the same board: the last answer is kept per thread.
  struct Memo {
    bool valid = false;
    decltype(s.layout.terrain) terrain;
    decltype(s.layout.number) number;
    std::array<double, kNumResources> bias, w;
  };
  thread_local Memo memo;
  if (memo.valid && memo.terrain == s.layout.terrain && memo.number == s.layout.number &&
      memo.bias == prm.res_bias)
    return memo.w;
  std::array<double, kNumResources> tot{};
  for (int h = 0; h < kNumHexes; ++h) {
    const Terrain tr = s.layout.terrain[h];
    if (static_cast<int>(tr) < kNumResources) tot[static_cast<int>(tr)] += pips(s.layout.number[h]);
  }
  std::array<double, kNumResources> w{};
  for (int r = 0; r < kNumResources; ++r) {
    // Scarce resources are worth more; the island averages ~11 pips per resource type.
    const double scarcity = tot[r] > 0 ? std::clamp(std::sqrt(11.0 / tot[r]), 0.75, 1.4) : 1.0;
    w[r] = scarcity * prm.res_bias[r];
  }
  // Wheat and ore build cities and development cards; brick and wood matter early.
  w[3] *= 1.05;
  w[4] *= 1.02;
  memo.valid = true;
  memo.terrain = s.layout.terrain;
  memo.number = s.layout.number;
  memo.bias = prm.res_bias;
  memo.w = w;
  return w;
}

SpotBasis spot_basis(const GameState& s, int me, const Params& prm) {
  return {resource_weights(s, prm), production(s, me)};
}

double spot_value(const GameState& s, int v, int me, const Params& prm) {
  return spot_value(s, v, spot_basis(s, me, prm));
}

double spot_value(const GameState& s, int v, const SpotBasis& b) {
  const auto& w = b.w;
  const auto& have = b.have;
  const VertexInfo& vi = topology().vertices[v];
  double val = 0;
  for (int i = 0; i < vi.num_hexes; ++i) {
    const int h = vi.hexes[i];
    const Terrain tr = s.layout.terrain[h];
    const int pp = pips(s.layout.number[h]);
    if (tr == Terrain::Hidden) {
      val += pp * 0.95 + (s.layout.number[h] == 0 ? 2.0 : 0.0);
      continue;
    }
    if (static_cast<int>(tr) >= kNumResources) continue;
    const int r = static_cast<int>(tr);
    double x = pp * w[r];
    if (have[r] == 0) x += 1.6 * std::min(pp, 4);  // diversity: a new resource
    if (h == s.robber_hex) x *= 0.5;
    val += x;
  }
  if (vi.port_slot >= 0) {
    const PortType pt = s.layout.ports[vi.port_slot];
    if (pt == PortType::Generic)
      val += 1.5;
    else if (static_cast<int>(pt) < kNumResources)
      val += 0.3 * have[static_cast<int>(pt)] + 0.5;
  }
  return val;
}

namespace {

// Where `me` can reach: the open spots (empty, the distance rule met) and the vertices at the
// ends of its roads, as vertex bit sets.
struct Reach {
  uint64_t open, ends;
};
Reach reach(const GameState& s, int me) {
  const uint64_t occupied = detail::vertices_occupied(s);
  uint64_t roads[2];
  detail::edges_owned_by(s, me, roads);
  return {~(occupied | detail::neighbours_of(occupied)) & detail::kAllVertices,
          detail::edge_endpoints(roads)};
}

BuildTargets build_targets(const GameState& s, int me, const Params& prm, const Reach& r) {
  const PlayerState& ps = s.players[me];
  const bool has_settlement =
      (detail::settlement_vertices(s) & detail::vertices_owned_by(s, me)) != 0;
  const bool spot_connected = (r.open & r.ends) != 0;
  BuildTargets t;
  auto add = [&](const ResourceCounts& cost, double w) {
    t.cost[t.n] = cost;
    t.need[t.n] = total(cost);
    t.w[t.n++] = w;
  };
  if (ps.cities_left > 0 && has_settlement) add(kCityCost, 1.25 * prm.w_city * prm.tune[7]);
  if (ps.settlements_left > 0)
    add(kSettlementCost, (spot_connected ? 1.2 : 0.55) * prm.w_settlement);
  if (s.num_dev_cards_left() > 0) add(kDevCardCost, 0.55 * prm.w_dev);
  if (ps.roads_left > 0) add(kRoadCost, (spot_connected ? 0.2 : 0.45) * prm.w_road);
  return t;
}

Expansion expansion_room(const GameState& s, int me, const std::array<double, kNumResources>& w,
                         const Reach& r) {
  Expansion ex;
  const PlayerState& ps = s.players[me];
  if (ps.settlements_left == 0) return ex;
  const Topology& t = topology();
  // A spot off the network and not next to one of its ends is neither connected nor near.
  detail::for_bits(r.open & (r.ends | detail::neighbours_of(r.ends)), [&](int v) {
    const VertexInfo& vi = t.vertices[v];
    bool conn = false, near = false;
    for (int i = 0; i < vi.num_neighbors; ++i) {
      const int e = vi.edges[i];
      if (s.edge_owner[e] == me) conn = true;
      if (s.edge_owner[e] < 0) {
        const int u = vi.neighbors[i];
        if (s.vertex_owner[u] >= 0 && s.vertex_owner[u] != me) continue;
        if (r.ends >> u & 1) near = true;
      }
    }
    if (!conn && !near) return;
    double sv = 0;
    for (int i = 0; i < vi.num_hexes; ++i) {
      const int h = vi.hexes[i];
      if (static_cast<int>(s.layout.terrain[h]) < kNumResources)
        sv += pips(s.layout.number[h]) * w[static_cast<int>(s.layout.terrain[h])];
    }
    if (conn) {
      ++ex.n_conn;
      ex.best_conn = std::max(ex.best_conn, sv);
    } else {
      ex.best_near = std::max(ex.best_near, sv);
    }
  });
  return ex;
}

}  // namespace

BuildTargets build_targets(const GameState& s, int me, const Params& prm) {
  return build_targets(s, me, prm, reach(s, me));
}

double hand_value(const BuildTargets& t, const ResourceCounts& h, const Params& prm) {
  double best = 0, second = 0;
  for (int i = 0; i < t.n; ++i) {
    int have = 0;
    for (int r = 0; r < kNumResources; ++r) have += std::min<int>(h[r], t.cost[i][r]);
    const double c = static_cast<double>(have) / t.need[i];
    const double v = t.w[i] * c * c;
    if (v > best) {
      second = best;
      best = v;
    } else if (v > second) {
      second = v;
    }
  }
  const int tot = total(h);
  double val = 0.55 * best + 0.2 * second + 0.045 * tot;
  // Cards beyond 7 are exposed to a 7 before the next turn (about 1 in 3; docs/RULES.md,
  // seven).
  if (tot > 7) val -= (0.09 * (tot - 7) + 0.15) * prm.tune[8];
  return val;
}

double hand_value(const GameState& s, int me, const ResourceCounts& h, const Params& prm) {
  return hand_value(build_targets(s, me, prm), h, prm);
}

int leader_other_than(const GameState& s, int me) {
  int best = -1, bv = -1;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == me) continue;
    const int v = s.public_vp(p);
    if (v > bv) {
      bv = v;
      best = p;
    }
  }
  return best;
}

Expansion expansion_room(const GameState& s, int me, const std::array<double, kNumResources>& w) {
  return expansion_room(s, me, w, reach(s, me));
}

double evaluate(const GameState& s, int me, const Params& prm) {
  const PlayerState& ps = s.players[me];
  const int target = vp_target(s);
  int maxvp = 0;
  for (int p = 0; p < s.num_players; ++p) maxvp = std::max(maxvp, s.total_vp(p));
  const double f = std::clamp(1.0 - static_cast<double>(maxvp) / target, 0.12, 1.0);
  double val = s.total_vp(me);
  if (s.winner == me) val += 100;

  const auto w = resource_weights(s, prm);
  const auto prod = production(s, me);
  double pv = 0;
  int kinds = 0;
  for (int r = 0; r < kNumResources; ++r) {
    // Diminishing returns on a single resource.
    pv += w[r] * (prod[r] <= 10 ? prod[r] : 10 + 0.6 * (prod[r] - 10));
    if (prod[r] > 0) ++kinds;
  }
  val += (0.045 * pv * prm.tune[0] + 0.1 * kinds * prm.tune[1]) * (0.35 + f);

  // Ports that match production.
  const auto rates = ps.trade_rate;
  for (int r = 0; r < kNumResources; ++r) {
    if (rates[r] == 2) val += 0.012 * prod[r] * (0.3 + f);
    if (rates[r] == 3) val += 0.004 * prod[r] * (0.3 + f);
  }

  // Expansion room: open spots on or one road from the network.
  const Reach r = reach(s, me);
  const Expansion ex = expansion_room(s, me, w, r);
  val += prm.w_road * prm.tune[2] *
         (0.03 * ex.best_conn + 0.012 * ex.best_near + 0.05 * std::min(ex.n_conn, 2)) * (0.3 + f);

  // Longest road race (the award itself is in the VP): 5 roads, or one more than the holder
  // (docs/RULES.md, longest road).
  if (s.longest_road_holder != me) {
    int hl = 0;
    if (s.longest_road_holder >= 0) hl = s.players[s.longest_road_holder].longest_road;
    const int need = std::max(5, hl + 1);
    const int mine = ps.longest_road;
    if (mine + 2 >= need) val += 0.35 * prm.tune[5] * prm.w_road * (1.0 - (need - mine) / 3.0);
    val += 0.02 * mine;
  }
  // Largest army race: 3 knights, or one more than the holder (docs/RULES.md, largest army).
  const int kn = ps.dev_played[static_cast<int>(DevCard::Knight)];
  const int kh = ps.dev_cards[static_cast<int>(DevCard::Knight)];
  if (s.largest_army_holder != me) {
    int hk = 2;
    if (s.largest_army_holder >= 0)
      hk = s.players[s.largest_army_holder].dev_played[static_cast<int>(DevCard::Knight)];
    const int need = hk + 1;
    if (kn + kh >= need)
      val += 0.9 * prm.tune[6];
    else
      val += 0.25 * (kn + kh) / need;
  }
  // Development cards in hand (VP cards are counted in total_vp).
  val += 0.3 * prm.tune[9] * kh * prm.knight_eager / (prm.knight_eager + 0.3) +
         0.35 * (ps.dev_cards[2] + ps.dev_cards[3] + ps.dev_cards[4]);

  // Cards in hand.
  val += prm.tune[3] * hand_value(build_targets(s, me, prm, r), ps.resources, prm);
  return val;
}

// Card counting --------------------------------------------------------------------------

// The expected hands of the public card tracker (engine/card_tracker.h): the Cards
// panel shows the same counting.
Beliefs count_cards(const Observation& obs, const EventLog& events) {
  const CardTracker t = track_cards(obs, events);
  Beliefs b;
  for (int p = 0; p < kMaxPlayers; ++p) b.hand[p] = t.seats[p].expected;
  return b;
}

GameState legal_view(const Observation& obs) {
  GameState s = obs.view;
  const int me = obs.seat;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == me) continue;
    ResourceCounts h{};
    if (s.phase == Phase::TradeConfirm || s.phase == Phase::TradeResponse) {
      if (s.offer.answers[p] == TradeAnswer::Accepted) h = s.offer.get;
      if (s.offer.answers[p] == TradeAnswer::Countered) h = s.offer.counter_give[p];
      if (p == s.offer.from) h = s.offer.give;
    }
    int r = 0;
    while (total(h) < obs.hand_size[p]) {
      ++h[r];
      r = (r + 1) % kNumResources;
    }
    s.players[p].resources = h;
  }
  return s;
}

GameState determinize(const Observation& obs, const Beliefs* b, Rng& rng) {
  GameState s = obs.view;
  const int me = obs.seat;
  const int n = s.num_players;
  // Resources: the pool is exact per resource; hands are exact per size.
  int pool[kNumResources];
  for (int r = 0; r < kNumResources; ++r) {
    int x = kBankPerResource - s.bank[r] - (me >= 0 ? s.players[me].resources[r] : 0);
    pool[r] = std::max(0, x);
  }
  for (int p = 0; p < n; ++p) {
    if (p == me) continue;
    s.players[p].resources = {};
    for (int k = 0; k < obs.hand_size[p]; ++k) {
      double wts[kNumResources];
      double tw = 0;
      for (int r = 0; r < kNumResources; ++r) {
        wts[r] = pool[r] > 0 ? (b ? b->hand[p][r] + 0.15 : 1.0) * pool[r] : 0.0;
        tw += wts[r];
      }
      if (tw <= 0) break;
      double x = unit(rng) * tw;
      int pick = kNumResources - 1;
      for (int r = 0; r < kNumResources; ++r) {
        if (x < wts[r]) {
          pick = r;
          break;
        }
        x -= wts[r];
      }
      while (pool[pick] == 0) pick = (pick + 1) % kNumResources;
      --pool[pick];
      ++s.players[p].resources[pick];
    }
  }
  // Development cards: others' hands and the deck come from the unknown pool.
  std::vector<DevCard> unknown;
  for (int d = 0; d < kNumDevCardTypes; ++d)
    for (int k = 0; k < obs.unknown_dev_cards[d]; ++k) unknown.push_back(static_cast<DevCard>(d));
  rng.shuffle(unknown.data(), static_cast<unsigned>(unknown.size()));
  size_t idx = 0;
  for (int p = 0; p < n; ++p) {
    if (p == me) continue;
    s.players[p].dev_cards = {};
    s.players[p].dev_bought_this_turn = {};
    for (int k = 0; k < obs.dev_hand_size[p] && idx < unknown.size(); ++k)
      ++s.players[p].dev_cards[static_cast<int>(unknown[idx++])];
  }
  for (int i = s.deck_pos; i < kDevDeckSize; ++i)
    s.deck[i] = idx < unknown.size() ? unknown[idx++] : DevCard::Knight;
  s.rng.state = rng.next();
  // Balanced dice: only the outcomes still in the deck are unknown (their multiset is public,
  // their order is not); the ones rolled stay where they are. With random dice the deck is
  // unused and shuffled whole, which keeps the bots' random stream as it was.
  if (s.options.dice == DiceMode::Balanced) {
    if (s.dice_pos < 36) rng.shuffle(s.dice_deck.data() + s.dice_pos, 36u - s.dice_pos);
  } else {
    rng.shuffle(s.dice_deck.data(), 36);
  }
  return s;
}

Ctx make_ctx(const GameState& s, int me, const Params& p, const Skill& k) {
  Ctx c;
  c.s = &s;
  c.me = me;
  for (int i = 0; i < kMaxPlayers; ++i) c.hand_size[i] = s.hand_size(i);
  c.params = p;
  c.skill = k;
  return c;
}

Ctx make_obs_ctx(const GameState& view, const Observation& obs, const Params& p, const Skill& k,
                 const Beliefs* beliefs) {
  Ctx c = make_ctx(view, obs.seat, p, k);
  for (int i = 0; i < kMaxPlayers; ++i) c.hand_size[i] = obs.hand_size[i];
  c.beliefs = beliefs;
  return c;
}

}  // namespace catan::ai
