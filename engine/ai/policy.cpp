// Heuristic policies: Easy / Normal / Hard decisions, Expert's root candidates and the
// fast playout policy. All of them only read the GameState they are given (an
// observation's view or a determinized copy) plus the Ctx's hand sizes and beliefs.
#include <algorithm>
#include <cmath>

#include "engine/ai/analysis.h"
#include "engine/ai/policy_internal.h"
#include "engine/board.h"

namespace catan::ai {

Action safe_action(const GameState& s) {
  std::vector<Action> v;
  legal_actions(s, v);
  for (const Action& a : v)
    if (a.type == ActionType::EndTurn || a.type == ActionType::Roll ||
        a.type == ActionType::DeclineTrade || a.type == ActionType::CancelTrade)
      return a;
  for (const Action& a : v)
    if (a.type != ActionType::OfferTrade) return a;
  if (!v.empty()) return v[0];
  return Action::simple(ActionType::EndTurn);
}

namespace {

// The legal action of type `type` (or `type2`) of highest value, the first one on ties.
// value(a, &v) scores an action or returns false to skip it; it is called in legal_actions
// order, so the policies' random draws happen in that order. false when none qualifies.
template <class Value>
bool best_legal(const GameState& s, ActionType type, ActionType type2, Value value, Action* out) {
  thread_local std::vector<Action> acts;
  legal_actions(s, acts);
  bool found = false;
  double best = 0;
  for (const Action& a : acts) {
    double v;
    if ((a.type != type && a.type != type2) || !value(a, &v)) continue;
    if (!found || v > best) {
      found = true;
      best = v;
      *out = a;
    }
  }
  return found;
}
template <class Value>
bool best_legal(const GameState& s, ActionType type, Value value, Action* out) {
  return best_legal(s, type, type, value, out);
}

constexpr double kDevExpected = 0.5;  // value of an unseen development card

// Applies a to a copy; a bought development card is replaced by its expectation (the
// deck in a view is scrambled, so the drawn card means nothing).
bool apply_eval(const GameState& s, const Action& a, int me, const Params& p, GameState* out,
                double* value) {
  *out = s;
  if (!apply(*out, a, nullptr, nullptr)) return false;
  double bonus = 0;
  if (a.type == ActionType::BuyDevCard) {
    PlayerState& ps = out->players[me];
    for (int d = 0; d < kNumDevCardTypes; ++d) {
      if (ps.dev_cards[d] > s.players[me].dev_cards[d]) {
        --ps.dev_cards[d];
        if (ps.dev_bought_this_turn[d] > 0) --ps.dev_bought_this_turn[d];
      }
    }
    bonus = kDevExpected * p.w_dev * p.tune[4];
  }
  *value = evaluate(*out, me, p) + bonus;
  return true;
}

bool is_build(ActionType t) {
  return t == ActionType::BuildCity || t == ActionType::BuildSettlement ||
         t == ActionType::BuildRoad || t == ActionType::BuyDevCard || t == ActionType::TradeBank;
}

// Useful bank trades only: give a resource we hold at its rate (docs/RULES.md, bank trade),
// get one we lack for a target.
bool useful_bank_trade(const GameState& s, int me, const Action& a, bool port_aware) {
  const PlayerState& ps = s.players[me];
  const int give = a.arg, get = a.arg2;
  if (give < 0 || get < 0) return false;
  if (!port_aware && ps.trade_rate[give] < 4 && ps.resources[give] < 4) return false;
  const ResourceCounts costs[3] = {kCityCost, kSettlementCost, kDevCardCost};
  for (const auto& c : costs)
    if (c[get] > ps.resources[get] && ps.resources[give] - ps.trade_rate[give] >= 0) return true;
  if (kRoadCost[get] > ps.resources[get]) return true;
  return false;
}

struct Scored {
  Action a;
  double v;
};

// Best first; equal values keep their legal_actions order.
void sort_best_first(std::vector<Scored>& v) {
  std::stable_sort(v.begin(), v.end(), [](const Scored& x, const Scored& y) { return x.v > y.v; });
}

// One-step scored candidates for the Main phase (builds and bank trades).
void main_candidates(const Ctx& c, const GameState& s, std::vector<Scored>& out, Rng& rng,
                     double noise) {
  thread_local std::vector<Action> acts;
  legal_actions(s, acts);
  out.clear();
  GameState tmp;
  for (const Action& a : acts) {
    if (!is_build(a.type)) continue;
    if (a.type == ActionType::TradeBank && !useful_bank_trade(s, c.me, a, c.skill.port_aware))
      continue;
    double v;
    if (!apply_eval(s, a, c.me, c.params, &tmp, &v)) continue;
    out.push_back({a, v + jitter(rng, noise)});
  }
  sort_best_first(out);
}

// Best value reachable with up to `depth` more own build/trade actions (beam search).
double lookahead(const Ctx& c, const GameState& s, int depth, Rng& rng, int beam) {
  double best = evaluate(s, c.me, c.params);
  if (depth <= 0 || s.phase != Phase::Main || s.winner >= 0) return best;
  std::vector<Scored> cands;
  main_candidates(c, s, cands, rng, 0.0);
  int n = 0;
  GameState tmp;
  for (const Scored& sc : cands) {
    if (n++ >= beam) break;
    best = std::max(best, sc.v);
    if (sc.a.type == ActionType::BuyDevCard) continue;  // a random draw: leaf
    double v;
    if (!apply_eval(s, sc.a, c.me, c.params, &tmp, &v)) continue;
    best = std::max(best, lookahead(c, tmp, depth - 1, rng, beam));
  }
  return best;
}

// Ranked first moves of the own-turn plan.
std::vector<Scored> plan_main(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  std::vector<Scored> cands;
  main_candidates(c, s, cands, rng, c.skill.noise);
  if (c.skill.depth > 1) {
    const int beam = 5;
    GameState tmp;
    for (size_t i = 0; i < cands.size() && i < 8; ++i) {
      if (cands[i].a.type == ActionType::BuyDevCard) continue;
      double v;
      if (!apply_eval(s, cands[i].a, c.me, c.params, &tmp, &v)) continue;
      cands[i].v = std::max(cands[i].v, lookahead(c, tmp, c.skill.depth - 1, rng, beam));
    }
    sort_best_first(cands);
  }
  return cands;
}

// ---- Setup -----------------------------------------------------------------------------

std::vector<Scored> rank_setup_settlements(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  std::vector<Scored> out;
  thread_local std::vector<Action> acts;
  legal_actions(s, acts);
  const Topology& t = topology();
  const SpotBasis basis = spot_basis(s, c.me, c.params);
  for (const Action& a : acts) {
    if (a.type != ActionType::BuildSettlement) continue;
    double v = spot_value(s, a.arg, basis);
    // Room to grow: free spots two steps away.
    const VertexInfo& vi = t.vertices[a.arg];
    double room = 0;
    for (int i = 0; i < vi.num_neighbors; ++i) {
      const VertexInfo& ui = t.vertices[vi.neighbors[i]];
      for (int j = 0; j < ui.num_neighbors; ++j) {
        const int w = ui.neighbors[j];
        if (w != a.arg && free_for_settlement(s, w)) room = std::max(room, spot_value(s, w, basis));
      }
    }
    v += 0.12 * room * c.params.w_road;
    out.push_back({a, v + jitter(rng, c.skill.noise * 4)});
  }
  sort_best_first(out);
  return out;
}

double road_toward_value(const GameState& s, int me, int e, const SpotBasis& basis) {
  // Value of free spots opened at or one step beyond the edge's endpoints.
  const Topology& t = topology();
  double best = 0;
  for (int k = 0; k < 2; ++k) {
    const int u = t.edges[e].vertices[k];
    if (s.vertex_owner[u] >= 0 && s.vertex_owner[u] != me) continue;
    if (free_for_settlement(s, u)) best = std::max(best, spot_value(s, u, basis));
    const VertexInfo& ui = t.vertices[u];
    for (int j = 0; j < ui.num_neighbors; ++j) {
      const int w = ui.neighbors[j];
      if (free_for_settlement(s, w)) best = std::max(best, 0.7 * spot_value(s, w, basis));
    }
  }
  return best;
}

Action setup_road(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  Action best = safe_action(s);
  const SpotBasis basis = spot_basis(s, c.me, c.params);
  best_legal(
      s, ActionType::BuildRoad,
      [&](const Action& a, double* v) {
        *v = road_toward_value(s, c.me, a.arg, basis) + jitter(rng, c.skill.noise * 3);
        return true;
      },
      &best);
  return best;
}

// Completes the setup greedily for every seat: the settlement spot of highest spot_value,
// the road toward the best next spot. `c` gives `me`'s parameters; the others play with
// neutral ones.
void finish_setup_greedy(GameState& s, const Ctx& c, Rng& rng) {
  const Params neutral;
  int guard = 0;
  while ((s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) && guard++ < 40) {
    const int p = s.to_move();
    Ctx k = c;
    k.s = &s;
    k.me = p;
    k.params = p == c.me ? c.params : neutral;
    k.skill.noise = 0;
    Action a;
    if (s.phase == Phase::SetupRoad) {
      a = setup_road(k, rng);
    } else if (const SpotBasis basis = spot_basis(s, p, k.params); !best_legal(
                   s, ActionType::BuildSettlement,
                   [&](const Action& x, double* v) {
                     *v = spot_value(s, x.arg, basis);
                     return true;
                   },
                   &a)) {
      break;
    }
    if (!apply(s, a, nullptr, nullptr)) break;
  }
}

// Hard and Expert: play the rest of the setup out (finish_setup_greedy) for the 7 best
// ranked spots and keep the one whose finished setup evaluates best for us: the "likely
// replies" of the placement phase. The count and the score are the strongest measured
// (docs/AI.md, "Measured variants").
std::vector<Scored> setup_lookahead(const Ctx& c, Rng& rng) {
  auto ranked = rank_setup_settlements(c, rng);
  const int keep = std::min<int>(static_cast<int>(ranked.size()), 7);
  // The finished setup is judged with resource diversity counting double: a start that
  // misses a resource trades or waits for it all game.
  Params setup_params = c.params;
  setup_params.tune[1] *= 2.0;
  std::vector<Scored> out;
  for (int i = 0; i < keep; ++i) {
    GameState s = *c.s;
    if (!apply(s, ranked[i].a, nullptr, nullptr)) continue;
    finish_setup_greedy(s, c, rng);
    out.push_back({ranked[i].a, evaluate(s, c.me, setup_params) + 0.02 * ranked[i].v});
  }
  sort_best_first(out);
  if (out.empty()) return ranked;
  return out;
}

// ---- Robber ----------------------------------------------------------------------------

std::vector<Scored> rank_robber(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  const Topology& t = topology();
  thread_local std::vector<Action> acts;
  legal_actions(s, acts);
  const int leader = leader_other_than(s, c.me);
  const int lvp = leader >= 0 ? s.public_vp(leader) : 0;
  std::vector<Scored> out;
  for (const Action& a : acts) {
    if (a.type != ActionType::MoveRobber) continue;
    const int h = a.arg;
    const int pp = pips(s.layout.number[h]);
    double v = 0;
    bool own = false;
    double steal = 0;
    for (int i = 0; i < 6; ++i) {
      const int vx = t.hexes[h].vertices[i];
      const int o = s.vertex_owner[vx];
      if (o < 0) continue;
      const int mult = s.vertex_building[vx] == Building::City ? 2 : 1;
      if (o == c.me) {
        own = true;
        v -= 2.5 * mult * pp;
        continue;
      }
      double w = 1.0 + 0.15 * s.public_vp(o);
      if (c.skill.leader && o == leader)
        w += c.params.robber_leader * (0.6 + 0.15 * std::max(0, lvp - s.public_vp(c.me)));
      else if (o == leader)
        w += 0.3 * c.params.robber_leader;
      v += w * mult * pp;
      steal = std::max(steal, c.params.robber_cards * c.hand_size[o]);
    }
    if (own) v -= 3;
    v += steal;
    out.push_back({a, v + jitter(rng, c.skill.noise * 6)});
  }
  sort_best_first(out);
  return out;
}

Action choose_steal(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  const int leader = leader_other_than(s, c.me);
  const auto w = resource_weights(s, c.params);
  Action best = safe_action(s);
  best_legal(
      s, ActionType::Steal,
      [&](const Action& a, double* v) {
        const int o = a.arg;
        *v = 0.4 * std::min(c.hand_size[o], 8) * (0.5 + c.params.robber_cards);
        if (c.beliefs && c.hand_size[o] > 0) {
          // Expected value of a random card from o's (believed) hand.
          double ev = 0;
          for (int r = 0; r < kNumResources; ++r) ev += c.beliefs->hand[o][r] * w[r];
          *v += 2.0 * ev / c.hand_size[o];
        }
        if (o == leader) *v += (c.skill.leader ? 1.5 : 0.5) * c.params.robber_leader;
        *v += 0.2 * s.public_vp(o) + jitter(rng, c.skill.noise * 2);
        if (c.hand_size[o] == 0) *v -= 10;
        return true;
      },
      &best);
  return best;
}

// ---- Discard ---------------------------------------------------------------------------

Action choose_discard(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  const PlayerState& ps = s.players[c.me];
  int owed = ps.discard_owed;
  if (owed <= 0) owed = total(ps.resources) / 2;
  ResourceCounts h = ps.resources, give{};
  const BuildTargets targets = build_targets(s, c.me, c.params);
  for (int k = 0; k < owed; ++k) {
    int best = -1;
    double bv = -1e9;
    for (int r = 0; r < kNumResources; ++r) {
      if (h[r] == 0) continue;
      ResourceCounts t = h;
      --t[r];
      const double v =
          hand_value(targets, t, c.params) + jitter(rng, c.skill.noise * 0.2) + 0.001 * h[r];
      if (v > bv) {
        bv = v;
        best = r;
      }
    }
    if (best < 0) break;
    --h[best];
    ++give[best];
  }
  Action a;
  a.type = ActionType::Discard;
  a.give = give;
  if (legal(s, a)) return a;
  thread_local std::vector<Action> acts;
  legal_actions(s, acts);
  for (const Action& x : acts)
    if (x.type == ActionType::Discard) return x;
  return safe_action(s);
}

// ---- Development cards -------------------------------------------------------------------

int my_blocked_pips(const GameState& s, int me) {
  const Topology& t = topology();
  int blocked = 0;
  const int h = s.robber_hex;
  for (int i = 0; i < 6; ++i) {
    const int vx = t.hexes[h].vertices[i];
    if (s.vertex_owner[vx] == me)
      blocked += (s.vertex_building[vx] == Building::City ? 2 : 1) * pips(s.layout.number[h]);
  }
  return blocked;
}

bool want_knight(const Ctx& c, Rng& rng, bool before_roll) {
  const GameState& s = *c.s;
  const PlayerState& ps = s.players[c.me];
  if (ps.dev_cards[0] <= ps.dev_bought_this_turn[0]) return false;
  if (!legal(s, Action::simple(ActionType::PlayKnight))) return false;
  const int blocked = my_blocked_pips(s, c.me);
  if (blocked >= 3) return true;
  const int kn = ps.dev_played[0];
  int other_max = 0;
  for (int p = 0; p < s.num_players; ++p)
    if (p != c.me) other_max = std::max<int>(other_max, s.players[p].dev_played[0]);
  if (s.largest_army_holder != c.me && kn + 1 >= 3 && kn + 1 > other_max) return true;
  if (before_roll) return false;
  // Keep pressure on the leader / grow the army.
  const double p = 0.18 * c.params.knight_eager + (c.skill.leader ? 0.1 : 0.0);
  return unit(rng) < p;
}

// Returns true and sets *out if a development card should be played now (Main phase).
bool choose_dev_play(const Ctx& c, Rng& rng, Action* out) {
  const GameState& s = *c.s;
  const PlayerState& ps = s.players[c.me];
  if (s.dev_played_this_turn) return false;
  auto playable = [&](DevCard d) {
    const int i = static_cast<int>(d);
    return ps.dev_cards[i] > ps.dev_bought_this_turn[i];
  };
  const auto w = resource_weights(s, c.params);
  if (playable(DevCard::Monopoly)) {
    int best = -1;
    double bv = 0;
    for (int r = 0; r < kNumResources; ++r) {
      const int others = kBankPerResource - s.bank[r] - ps.resources[r];
      const double v = others * w[r];
      if (v > bv) {
        bv = v;
        best = r;
      }
    }
    const int others = best >= 0 ? kBankPerResource - s.bank[best] - ps.resources[best] : 0;
    if (best >= 0 && others >= (c.params.robber_cards > 1 ? 3 : 4)) {
      Action a = Action::simple(ActionType::PlayMonopoly, best);
      if (legal(s, a)) {
        *out = a;
        return true;
      }
    }
  }
  if (playable(DevCard::YearOfPlenty)) {
    double bv = -1e9;
    Action best;
    bool found = false;
    const BuildTargets targets = build_targets(s, c.me, c.params);
    for (int r1 = 0; r1 < kNumResources; ++r1)
      for (int r2 = r1; r2 < kNumResources; ++r2) {
        ResourceCounts h = ps.resources;
        ++h[r1];
        ++h[r2];
        const double v = hand_value(targets, h, c.params);
        Action a = Action::simple(ActionType::PlayYearOfPlenty, r1, r2);
        if (v > bv && legal(s, a)) {
          bv = v;
          best = a;
          found = true;
        }
      }
    if (found) {
      *out = best;
      return true;
    }
  }
  if (playable(DevCard::RoadBuilding) && ps.roads_left > 0) {
    Action a = Action::simple(ActionType::PlayRoadBuilding);
    if (legal(s, a)) {
      *out = a;
      return true;
    }
  }
  if (want_knight(c, rng, false)) {
    *out = Action::simple(ActionType::PlayKnight);
    return true;
  }
  return false;
}

Action best_free_road(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  Action best = safe_action(s);
  GameState tmp;
  const SpotBasis basis = spot_basis(s, c.me, c.params);
  best_legal(
      s, ActionType::FreeRoad, ActionType::BuildRoad,
      [&](const Action& a, double* v) {
        if (!apply_eval(s, a, c.me, c.params, &tmp, v)) return false;
        *v += 0.02 * road_toward_value(s, c.me, a.arg, basis) + jitter(rng, c.skill.noise);
        return true;
      },
      &best);
  return best;
}

Action choose_main(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  Action a;
  if (choose_dev_play(c, rng, &a)) return a;
  auto plan = plan_main(c, rng);
  const double now = evaluate(s, c.me, c.params);
  if (!plan.empty() && plan[0].v > now + 1e-6) {
    // Easy hesitates: sometimes ends the turn with cards it could use.
    if (!(c.skill.noise > 0.3 && unit(rng) < 0.15)) return plan[0].a;
  }
  if (c.skill.smart_offers ? smart_offer(c, &a) : make_offer(c, rng, &a)) return a;
  Action end = Action::simple(ActionType::EndTurn);
  if (legal(s, end)) return end;
  return safe_action(s);
}

// The best ranked action, or `otherwise` when there is none.
Action top(const std::vector<Scored>& ranked, const Action& otherwise) {
  return ranked.empty() ? otherwise : ranked[0].a;
}

// The policy's move for the phase (checked for legality by heuristic_action).
Action policy_move(const Ctx& c, Rng& rng, const Action& otherwise) {
  switch (c.s->phase) {
    case Phase::SetupSettlement:
      return top(c.skill.depth > 1 ? setup_lookahead(c, rng) : rank_setup_settlements(c, rng),
                 otherwise);
    case Phase::SetupRoad:
      return setup_road(c, rng);
    case Phase::Roll:
      return Action::simple(want_knight(c, rng, true) ? ActionType::PlayKnight : ActionType::Roll);
    case Phase::Discard:
      return choose_discard(c, rng);
    case Phase::MoveRobber:
      return top(rank_robber(c, rng), otherwise);
    case Phase::Steal:
      return choose_steal(c, rng);
    case Phase::Main:
      return choose_main(c, rng);
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      return best_free_road(c, rng);
    case Phase::TradeResponse:
      return respond_offer(c, rng);
    case Phase::TradeConfirm:
      return confirm_offer(c);
    case Phase::GameOver:
      break;
  }
  return otherwise;
}

}  // namespace

Action heuristic_action(const Ctx& c, Rng& rng) {
  const Action safe = safe_action(*c.s);
  const Action a = policy_move(c, rng, safe);
  return legal(*c.s, a) ? a : safe;
}

std::vector<Action> candidate_actions(const Ctx& c, Rng& rng, int max_n) {
  const GameState& s = *c.s;
  std::vector<Action> out;
  auto push = [&](const Action& a) {
    if ((int)out.size() >= max_n) return;
    for (const Action& b : out)
      if (b == a) return;
    if (legal(s, a)) out.push_back(a);
  };
  switch (s.phase) {
    case Phase::MoveRobber:
      for (const Scored& x : rank_robber(c, rng)) push(x.a);
      break;
    case Phase::Roll:
      push(heuristic_action(c, rng));
      push(Action::simple(ActionType::Roll));
      push(Action::simple(ActionType::PlayKnight));
      break;
    case Phase::Main: {
      // An offer is searched like any move: its playouts resolve it with the opponents'
      // answers. Hard's own offer competes with the builds and the end of the turn, and
      // when Hard would not offer, Expert's best offer is a candidate too (searching offers
      // measured stronger than never offering from the search: docs/AI.md).
      const Action h = heuristic_action(c, rng);
      push(h);
      if (h.type != ActionType::OfferTrade && c.skill.smart_offers) {
        Action offer;
        if (smart_offer(c, &offer)) push(offer);
      }
      for (const Scored& x : plan_main(c, rng)) push(x.a);
      push(Action::simple(ActionType::EndTurn));
      Action d;
      if (choose_dev_play(c, rng, &d)) push(d);
      break;
    }
    default:
      push(heuristic_action(c, rng));
      break;
  }
  if (out.empty()) out.push_back(safe_action(s));
  return out;
}

std::vector<Action> setup_candidates(const Ctx& c, Rng& rng, int max_n) {
  std::vector<Action> out;
  for (const Scored& x :
       c.skill.depth > 1 ? setup_lookahead(c, rng) : rank_setup_settlements(c, rng))
    if (static_cast<int>(out.size()) < max_n) out.push_back(x.a);
  if (out.empty()) out.push_back(safe_action(*c.s));
  return out;
}

PlayoutPolicy playout_policy(int me, const Params& own) {
  PlayoutPolicy p;
  p.me = me;
  p.own = own;
  p.own_skill = level_skill(AiLevel::Normal);
  p.own_skill.offers = false;
  p.opp = personality_params(Personality::Balanced);
  strengthen(p.opp);
  p.opp_skill = p.own_skill;
  p.opp_skill.leader = true;
  p.opp_skill.offers = true;
  p.opp_skill.trade_scale = level_skill(AiLevel::Hard).trade_scale;
  return p;
}

Params expert_params(Personality p) {
  Params prm = personality_params(p);
  strengthen(prm);
  expert_tilt(prm);
  return prm;
}

int playout_rounds(const GameState& view) {
  constexpr int kLateMargin = 3, kLateRounds = 3;
  const int lead = view.public_vp(leader_other_than(view, -1));  // anyone's lead
  return lead >= vp_target(view) - kLateMargin ? kLateRounds : 1;
}

Action PlayoutPolicy::act(const GameState& s, Rng& rng) const {
  const int p = s.to_move();
  const bool mine = p == me;
  Ctx k = make_ctx(s, p, mine ? own : opp, mine ? own_skill : opp_skill);
  k.in_playout = true;
  // The placements of a setup search's playouts: Hard's lookahead, as the strong levels place.
  if (s.phase == Phase::SetupSettlement) k.skill.depth = std::max(k.skill.depth, 2);
  return heuristic_action(k, rng);
}

}  // namespace catan::ai
