// The AI's side of player trades: answering an offer, choosing among the seats that
// accepted, and making offers (the heuristic one and Expert's acceptance-weighted one).
#include <algorithm>
#include <cmath>

#include "engine/ai/ai_internal.h"
#include "engine/ai/policy_internal.h"

namespace catan::ai {

namespace {

double trade_gain(const GameState& s, int me, const ResourceCounts& give, const ResourceCounts& get,
                  const Params& p) {
  const ResourceCounts& h = s.players[me].resources;
  if (!covers(h, give)) return -1e9;
  ResourceCounts after = h;
  for (int r = 0; r < kNumResources; ++r)
    after[r] = static_cast<uint8_t>(after[r] - give[r] + get[r]);
  return hand_value(s, me, after, p) - hand_value(s, me, h, p);
}

// What an opponent (believed hand) gains from receiving `get` for `give`.
double their_gain(const Ctx& c, int o, const ResourceCounts& they_give,
                  const ResourceCounts& they_get) {
  if (!c.beliefs) return 0.12 * (total(they_get) - total(they_give)) + 0.12;
  ResourceCounts h{};
  for (int r = 0; r < kNumResources; ++r)
    h[r] = static_cast<uint8_t>(std::clamp<int>(std::lround(c.beliefs->hand[o][r]), 0, 19));
  for (int r = 0; r < kNumResources; ++r) h[r] = std::max<int>(h[r], they_give[r]);
  ResourceCounts after = h;
  for (int r = 0; r < kNumResources; ++r)
    after[r] = static_cast<uint8_t>(after[r] - they_give[r] + they_get[r]);
  Params neutral;
  return hand_value(*c.s, o, after, neutral) - hand_value(*c.s, o, h, neutral);
}

bool near_win(const GameState& s, int o) {
  return s.public_vp(o) >= vp_target(s) - 2;
}

double partner_penalty(const Ctx& c, int o) {
  const GameState& s = *c.s;
  const int leader = leader_other_than(s, c.me);
  double f = 0.35;
  if (o == leader && s.public_vp(o) > s.public_vp(c.me)) f = c.skill.leader ? 0.9 : 0.6;
  return f;
}

}  // namespace

Action respond_offer(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  const TradeOffer& off = s.offer;
  const Action decline = Action::simple(ActionType::DeclineTrade);
  const int from = off.from;
  // I give what they get, I get what they give.
  const double mine = trade_gain(s, c.me, off.get, off.give, c.params);
  if (from < 0 || mine < -1e8) return legal(s, decline) ? decline : safe_action(s);
  if (near_win(s, from)) return legal(s, decline) ? decline : safe_action(s);
  const double theirs = their_gain(c, from, off.give, off.get);
  double margin = c.params.accept_margin + (c.skill.noise > 0.3 ? 0.08 : 0.0);
  const double score = mine - partner_penalty(c, from) * std::max(0.0, theirs);
  if (score > margin) {
    Action a = Action::simple(ActionType::AcceptTrade);
    if (legal(s, a)) return a;
  }
  // Counter (classic bundles): ask for one more of what we need most.
  if (!c.in_playout && s.options.trade == TradeMode::Bundles && unit(rng) < c.params.counter_rate &&
      mine > -0.2) {
    int need = -1;
    double bv = -1e9;
    for (int r = 0; r < kNumResources; ++r) {
      ResourceCounts get = off.give;
      ++get[r];
      if (off.get[r] > 0) continue;
      const double g = trade_gain(s, c.me, off.get, get, c.params);
      if (g > bv) {
        bv = g;
        need = r;
      }
    }
    if (need >= 0 && bv > margin) {
      Action a;
      a.type = ActionType::CounterTrade;
      a.give = off.get;
      a.get = off.give;
      ++a.get[need];
      if (legal(s, a)) return a;
    }
  }
  return legal(s, decline) ? decline : safe_action(s);
}

Action confirm_offer(const Ctx& c) {
  const GameState& s = *c.s;
  const TradeOffer& off = s.offer;
  // Every seat that accepted takes the same trade, so what decides between them is what it
  // does for the partner: its gain weighted by how much of a threat it is (the leader
  // last). An accepted trade still goes through whenever it helps us at all.
  const double mine = trade_gain(s, c.me, off.give, off.get, c.params);
  Action best = Action::simple(ActionType::CancelTrade);
  double best_key = -1e18;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == c.me || near_win(s, p)) continue;
    double key = 0;
    bool worth = false;
    if (off.answers[p] == TradeAnswer::Accepted) {
      // 0.12: any card helps a little (their_gain's estimate without card counting), so
      // with equal estimates the lesser threat still wins.
      key = mine -
            partner_penalty(c, p) * (0.12 + std::max(0.0, their_gain(c, p, off.get, off.give)));
      worth = mine > 0;
    } else if (off.answers[p] == TradeAnswer::Countered) {
      key = trade_gain(s, c.me, off.counter_get[p], off.counter_give[p], c.params) -
            partner_penalty(c, p) * 0.3;
      worth = key > 0;
    }
    if (!worth || key <= best_key) continue;
    const Action a = Action::simple(ActionType::ConfirmTrade, p);
    if (legal(s, a)) {
      best_key = key;
      best = a;
    }
  }
  if (legal(s, best)) return best;
  return safe_action(s);
}

// An offer that moves us toward a build, or nothing.
bool make_offer(const Ctx& c, Rng& rng, Action* out) {
  const GameState& s = *c.s;
  if (!c.skill.offers) return false;
  const PlayerState& ps = s.players[c.me];
  int cap = c.params.max_offers;
  if (s.options.max_offers_per_turn > 0) cap = std::min<int>(cap, s.options.max_offers_per_turn);
  if (s.offers_this_turn >= cap) return false;
  if (unit(rng) >= c.params.offer_rate * c.skill.trade_scale) return false;
  // The best single card to ask for, and what we can spare for it.
  int get = -1;
  double gbest = 0.05;
  for (int r = 0; r < kNumResources; ++r) {
    ResourceCounts g{};
    g[r] = 1;
    const double v = trade_gain(s, c.me, ResourceCounts{}, g, c.params);
    if (v > gbest) {
      gbest = v;
      get = r;
    }
  }
  if (get < 0) return false;
  int give = -1;
  double lbest = -1e9;
  for (int r = 0; r < kNumResources; ++r) {
    if (r == get || ps.resources[r] == 0) continue;
    ResourceCounts gv{}, g{};
    gv[r] = 1;
    g[get] = 1;
    const double v = trade_gain(s, c.me, gv, g, c.params);
    if (v > lbest) {
      lbest = v;
      give = r;
    }
  }
  if (give < 0 || lbest <= 0.0) return false;
  Action a;
  a.type = ActionType::OfferTrade;
  a.give[give] = 1;
  a.get[get] = 1;
  // Generous personalities sweeten with a second spare card (bundles only).
  if (s.options.trade == TradeMode::Bundles && c.params.generosity > 0 &&
      (s.offers_this_turn > 0 || unit(rng) < 0.3 * c.params.generosity)) {
    int extra = -1;
    double ev = -1e9;
    for (int r = 0; r < kNumResources; ++r) {
      if (r == get || ps.resources[r] <= a.give[r]) continue;
      ResourceCounts gv = a.give;
      ++gv[r];
      const double v = trade_gain(s, c.me, gv, a.get, c.params);
      if (v > ev) {
        ev = v;
        extra = r;
      }
    }
    if (extra >= 0 && ev > 0) ++a.give[extra];
  }
  // Whom to ask: everybody with bundles (classic); one seat with one-for-one trades (arena,
  // docs/RULES.md, player trade): the likeliest holder that is not about to win.
  int target = -1;
  if (s.options.trade == TradeMode::OneForOne) {
    double tv = -1e9;
    for (int p = 0; p < s.num_players; ++p) {
      if (p == c.me || near_win(s, p)) continue;
      double v = c.beliefs ? c.beliefs->hand[p][get] : 0.2 * c.hand_size[p];
      v -= 0.3 * s.public_vp(p) + jitter(rng, 0.05);
      if (v > tv) {
        tv = v;
        target = p;
      }
    }
    if (target < 0) return false;
  }
  a.arg = static_cast<int8_t>(target);
  if (legal(s, a)) {
    *out = a;
    return true;
  }
  if (target < 0) {  // maybe "all" is not allowed: ask the seats one by one
    for (int p = 0; p < s.num_players; ++p) {
      if (p == c.me || near_win(s, p)) continue;
      a.arg = static_cast<int8_t>(p);
      if (legal(s, a)) {
        *out = a;
        return true;
      }
    }
  }
  return false;
}

// Expert: every offer of one wanted card for one or two spare cards, scored by our gain
// times the estimated chance that somebody accepts (each opponent modelled with the
// heuristic responder's rule on its believed hand).
bool smart_offer(const Ctx& c, Action* out) {
  const GameState& s = *c.s;
  if (c.in_playout || !c.skill.offers) return false;
  const PlayerState& ps = s.players[c.me];
  int cap = c.params.max_offers + 1;
  if (s.options.max_offers_per_turn > 0) cap = std::min<int>(cap, s.options.max_offers_per_turn);
  if (s.offers_this_turn >= cap) return false;
  const bool bundles = s.options.trade == TradeMode::Bundles;
  double best_ev = 0.03;  // expected hand-value gain worth an offer
  Action best;
  bool found = false;
  for (int get = 0; get < kNumResources; ++get) {
    ResourceCounts g{};
    g[get] = 1;
    if (trade_gain(s, c.me, ResourceCounts{}, g, c.params) <= 0.05) continue;
    for (int g1 = 0; g1 < kNumResources; ++g1) {
      if (g1 == get || ps.resources[g1] == 0) continue;
      for (int g2 = -1; g2 < kNumResources; g2 = g2 < 0 ? g1 : g2 + 1) {
        if (g2 == get) continue;
        ResourceCounts give{};
        give[g1] = 1;
        if (g2 >= 0) ++give[g2];
        if (!covers(ps.resources, give)) continue;
        const double mine = trade_gain(s, c.me, give, g, c.params);
        if (mine <= 0) continue;
        double none = 1.0, best_p = 0;
        int target = -1;
        for (int o = 0; o < s.num_players; ++o) {
          if (o == c.me || near_win(s, o)) continue;
          if (c.hand_size[o] == 0) continue;
          const double hold = c.beliefs ? c.beliefs->hand[o][get] : 0.2 * c.hand_size[o];
          const double p_has = std::clamp(hold, 0.0, 1.0);
          const double theirs = their_gain(c, o, g, give);  // they give `get`, receive `give`
          double f = 0.35;
          const int their_leader = leader_other_than(s, o);
          if (their_leader == c.me && s.public_vp(c.me) > s.public_vp(o)) f = 0.9;
          const double score = theirs - f * std::max(0.0, mine) - 0.05;
          const double p = p_has / (1.0 + std::exp(-score / 0.04));
          none *= 1.0 - p;
          if (p > best_p) {
            best_p = p;
            target = o;
          }
        }
        const double p_any = bundles ? 1.0 - none : best_p;
        const double ev = p_any * mine;
        if (ev > best_ev) {
          Action a;
          a.type = ActionType::OfferTrade;
          a.give = give;
          a.get = g;
          a.arg = static_cast<int8_t>(bundles ? -1 : target);
          if (!bundles && target < 0) continue;
          if (!legal(s, a)) continue;
          best_ev = ev;
          best = a;
          found = true;
        }
        if (!bundles) break;
      }
    }
  }
  if (found) *out = best;
  return found;
}

}  // namespace catan::ai
