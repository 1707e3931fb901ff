// The AI's side of player trades: answering an offer (accept, counter or decline),
// choosing among the seats that accepted or countered, and making at most one offer a turn,
// chosen by our gain times its estimated chance of being accepted.
#include <algorithm>
#include <cmath>

#include "engine/ai/analysis.h"
#include "engine/ai/policy_internal.h"

namespace catan::ai {

namespace {

// A card is worth more than the builds it brings closer: it trades at the bank or to a
// player later. hand_value counts it at 0.045, which makes a two-for-one barely worth
// taking; a trade counts each card kCardWorth more.
constexpr double kCardWorth = 0.06;
// A trade that makes a build affordable now is worth more than hand_value's two best
// targets show (a city in reach hides a settlement completed).
constexpr double kBuildNow = 0.05;
// How close an answer's score may come below its margin and still earn a counter-offer.
constexpr double kCounterReach = 0.12;

// The over-7 charge of hand_value for `tot` cards.
double over_seven(int tot, const Params& p) {
  return tot > 7 ? (0.09 * (tot - 7) + 0.15) * p.tune[8] : 0.0;
}

// How many kinds of build (road, settlement, city, development card) `h` pays for.
int affordable(const ResourceCounts& h) {
  return covers(h, kRoadCost) + covers(h, kSettlementCost) + covers(h, kCityCost) +
         covers(h, kDevCardCost);
}

// What giving `give` for `get` does for a seat holding `h` (its build targets `t`). hand_value
// charges cards beyond 7 as if a 7 always came before the next turn; a 7 comes about one time
// in three and takes half the hand, so a trade counts half of that charge.
double gain_with(const BuildTargets& t, const ResourceCounts& h, const ResourceCounts& give,
                 const ResourceCounts& get, const Params& p) {
  if (!covers(h, give)) return -1e9;
  ResourceCounts after = h;
  for (int r = 0; r < kNumResources; ++r)
    after[r] = static_cast<uint8_t>(after[r] - give[r] + get[r]);
  const int t0 = total(h), t1 = total(after);
  return hand_value(t, after, p) - hand_value(t, h, p) + kCardWorth * (t1 - t0) +
         0.5 * (over_seven(t1, p) - over_seven(t0, p)) +
         kBuildNow * (affordable(after) - affordable(h));
}

double trade_gain(const GameState& s, int me, const ResourceCounts& give, const ResourceCounts& get,
                  const Params& p) {
  return gain_with(build_targets(s, me, p), s.players[me].resources, give, get, p);
}

// The expected hand of opponent o: card counting when the level has it, else its hand
// size spread over what its buildings produce.
std::array<double, kNumResources> expected_hand(const Ctx& c, int o) {
  std::array<double, kNumResources> e{};
  if (c.beliefs) {
    for (int r = 0; r < kNumResources; ++r) e[r] = c.beliefs->hand[o][r];
    return e;
  }
  const auto prod = production(*c.s, o);
  double sum = 0;
  for (double x : prod) sum += x;
  for (int r = 0; r < kNumResources; ++r)
    e[r] = c.hand_size[o] * (sum > 0 ? prod[r] / sum : 1.0 / kNumResources);
  return e;
}

// The taste every opponent is assumed to have when its answer is estimated.
const Params& neutral_taste() {
  static const Params neutral;
  return neutral;
}

// What opponent o (its expected hand, neutral taste, build targets `t`) gains from giving
// `they_give` for `they_get`.
double their_gain(const Ctx& c, int o, const BuildTargets& t, const ResourceCounts& they_give,
                  const ResourceCounts& they_get) {
  const auto e = expected_hand(c, o);
  ResourceCounts h{};
  for (int r = 0; r < kNumResources; ++r)
    h[r] = static_cast<uint8_t>(
        std::max<int>(std::clamp<int>(std::lround(e[r]), 0, 19), they_give[r]));
  return gain_with(t, h, they_give, they_get, neutral_taste());
}
double their_gain(const Ctx& c, int o, const ResourceCounts& they_give,
                  const ResourceCounts& they_get) {
  return their_gain(c, o, build_targets(*c.s, o, neutral_taste()), they_give, they_get);
}

bool near_win(const GameState& s, int o) {
  return s.public_vp(o) >= vp_target(s) - 2;
}

// Seat o leads the other seats on public VP and is ahead of `me`.
bool leads(const GameState& s, int me, int o) {
  return o == leader_other_than(s, me) && s.public_vp(o) > s.public_vp(me);
}

double partner_penalty(const Ctx& c, int o) {
  double f = 0.35;
  if (leads(*c.s, c.me, o)) f = c.skill.leader ? 0.9 : 0.6;
  return f;
}

// An answer's score for taking `get` for `give` from seat `from`: our gain less a share of
// theirs, the leader's share larger.
double answer_score(const Ctx& c, int from, const ResourceCounts& give, const ResourceCounts& get) {
  const double mine = trade_gain(*c.s, c.me, give, get, c.params);
  if (mine < -1e8) return mine;
  return mine - partner_penalty(c, from) * std::max(0.0, their_gain(c, from, get, give));
}

// The least an answer's score must be: the personality's margin, a little more for a
// noisy level.
double answer_margin(const Ctx& c) {
  return c.params.accept_margin + (c.skill.noise > 0.3 ? 0.03 : 0.0);
}

// A personality that hunts the leader (the aggressor) does not trade with it.
bool shuns(const Ctx& c, int o) {
  return c.params.robber_leader >= 2.0 && leads(*c.s, c.me, o);
}

// The chance that opponent o accepts giving `get` for `give` (our gain `mine`): that it
// holds the card, times a logistic in its answer's score (the rule of respond_offer, seen
// from its expected hand).
double accept_chance(const Ctx& c, int o, const BuildTargets& their_targets,
                     const ResourceCounts& give, const ResourceCounts& get, int get_r,
                     double mine) {
  const GameState& s = *c.s;
  const double hold = std::max(0.0, expected_hand(c, o)[get_r]);
  const double p_has = 1.0 - std::exp(-hold);
  const double theirs = their_gain(c, o, their_targets, get, give);
  double f = 0.35;
  if (leads(s, o, c.me)) f = 0.9;
  const double score = theirs - f * std::max(0.0, mine) - 0.05;
  return p_has / (1.0 + std::exp(-score / 0.04));
}

int offer_cap(const GameState& s, const Params& p) {
  // One offer per turn at most: each reaches every human at the table.
  int cap = std::min(1, p.max_offers);
  if (s.options.max_offers_per_turn > 0) cap = std::min<int>(cap, s.options.max_offers_per_turn);
  return cap;
}

// The offer of one wanted card for one or two spare cards with the best (our gain x
// estimated chance that somebody accepts), made only when that chance is at least
// `min_accept` (fewer offers, most of them taken).
bool best_offer(const Ctx& c, double min_accept, Action* out) {
  const GameState& s = *c.s;
  const PlayerState& ps = s.players[c.me];
  const bool bundles = s.options.trade == TradeMode::Bundles;
  double best_ev = 0.03;  // expected gain worth an offer
  Action best;
  bool found = false;
  const BuildTargets mine_t = build_targets(s, c.me, c.params);
  BuildTargets their_t[kMaxPlayers];
  for (int o = 0; o < s.num_players; ++o)
    if (o != c.me) their_t[o] = build_targets(s, o, neutral_taste());
  for (int get = 0; get < kNumResources; ++get) {
    ResourceCounts g{};
    g[get] = 1;
    if (gain_with(mine_t, ps.resources, ResourceCounts{}, g, c.params) <= 0.05) continue;
    for (int g1 = 0; g1 < kNumResources; ++g1) {
      if (g1 == get || ps.resources[g1] == 0) continue;
      for (int g2 = -1; g2 < kNumResources; g2 = g2 < 0 ? g1 : g2 + 1) {
        if (g2 == get) continue;
        ResourceCounts give{};
        give[g1] = 1;
        if (g2 >= 0) ++give[g2];
        if (!covers(ps.resources, give)) continue;
        const double mine = gain_with(mine_t, ps.resources, give, g, c.params);
        if (mine <= 0) continue;
        double none = 1.0, best_p = 0;
        int target = -1;
        for (int o = 0; o < s.num_players; ++o) {
          if (o == c.me || near_win(s, o) || shuns(c, o)) continue;
          if (c.hand_size[o] == 0) continue;
          const double p = accept_chance(c, o, their_t[o], give, g, get, mine);
          none *= 1.0 - p;
          if (p > best_p) {
            best_p = p;
            target = o;
          }
        }
        const double p_any = bundles ? 1.0 - none : best_p;
        const double ev = p_any * mine;
        if (p_any >= min_accept && ev > best_ev) {
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

// The least estimated acceptance for an offer: about even odds, lower for a generous
// personality (the trader), which offers more and still sees most of its offers taken.
double min_accept(const Params& p) {
  return 0.5 - 0.3 * p.generosity;
}

// Inside Expert's playouts: the wanted card for the sparest card, without estimating the
// answers (the fast path).
bool quick_offer(const Ctx& c, Rng& rng, Action* out) {
  const GameState& s = *c.s;
  const PlayerState& ps = s.players[c.me];
  int get = -1;
  double gbest = 0.05;
  const BuildTargets mine_t = build_targets(s, c.me, c.params);
  for (int r = 0; r < kNumResources; ++r) {
    ResourceCounts g{};
    g[r] = 1;
    const double v = gain_with(mine_t, ps.resources, ResourceCounts{}, g, c.params);
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
    const double v = gain_with(mine_t, ps.resources, gv, g, c.params);
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
  // Whom to ask: everybody with bundles (classic); one seat with one-for-one trades (arena,
  // docs/RULES.md, player trade): the likeliest holder that is not about to win.
  int target = -1;
  if (s.options.trade == TradeMode::OneForOne) {
    double tv = -1e9;
    for (int p = 0; p < s.num_players; ++p) {
      if (p == c.me || near_win(s, p)) continue;
      double v = expected_hand(c, p)[get];
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
  return false;
}

}  // namespace

Action respond_offer(const Ctx& c, Rng& rng) {
  const GameState& s = *c.s;
  const TradeOffer& off = s.offer;
  const Action decline = legal(s, Action::simple(ActionType::DeclineTrade))
                             ? Action::simple(ActionType::DeclineTrade)
                             : safe_action(s);
  const int from = off.from;
  if (from < 0 || near_win(s, from) || shuns(c, from)) return decline;
  // I give what they get, I get what they give.
  const double score = answer_score(c, from, off.get, off.give);
  if (score < -1e8) return decline;
  const double margin = answer_margin(c);
  if (score > margin) {
    Action a = Action::simple(ActionType::AcceptTrade);
    if (legal(s, a)) return a;
  }
  // Counter (classic bundles) an offer that comes close, or any offer some of the time
  // for a haggling personality: one card more from them, or one card less from us, the
  // change that leaves them the most among those we would take.
  if (c.in_playout || s.options.trade != TradeMode::Bundles) return decline;
  if (score < margin - kCounterReach && !(unit(rng) < c.params.counter_rate && score > -0.2))
    return decline;
  Action best;
  bool found = false;
  double best_theirs = -1e9;
  auto consider = [&](const ResourceCounts& give, const ResourceCounts& get) {
    if (total(give) == 0 || total(get) == 0) return;
    if (answer_score(c, from, give, get) <= margin) return;
    const double theirs = their_gain(c, from, get, give);
    if (theirs <= best_theirs) return;
    Action a;
    a.type = ActionType::CounterTrade;
    a.give = give;
    a.get = get;
    if (!legal(s, a)) return;
    best_theirs = theirs;
    best = a;
    found = true;
  };
  for (int r = 0; r < kNumResources; ++r) {
    if (off.get[r] > 0) continue;  // never the same resource on both sides
    ResourceCounts get = off.give;
    ++get[r];
    consider(off.get, get);
  }
  for (int r = 0; r < kNumResources; ++r) {
    if (off.get[r] == 0) continue;
    ResourceCounts give = off.get;
    --give[r];
    consider(give, off.give);
  }
  return found ? best : decline;
}

Action confirm_offer(const Ctx& c) {
  const GameState& s = *c.s;
  const TradeOffer& off = s.offer;
  // Every seat that accepted takes the same trade, so what decides between them is what it
  // does for the partner: its gain weighted by how much of a threat it is (the leader
  // last). An accepted trade still goes through whenever it helps us at all. A counter is
  // answered like an offer: taken when its score clears our margin.
  const double mine = trade_gain(s, c.me, off.give, off.get, c.params);
  Action best = Action::simple(ActionType::CancelTrade);
  double best_key = -1e18;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == c.me || near_win(s, p)) continue;
    double key = 0;
    bool worth = false;
    if (off.answers[p] == TradeAnswer::Accepted) {
      // 0.12: any card helps a little, so with equal estimates the lesser threat still wins.
      key = mine -
            partner_penalty(c, p) * (0.12 + std::max(0.0, their_gain(c, p, off.get, off.give)));
      worth = mine > 0;
    } else if (off.answers[p] == TradeAnswer::Countered) {
      if (shuns(c, p)) continue;
      key = answer_score(c, p, off.counter_get[p], off.counter_give[p]);
      worth = key > std::max(0.0, c.params.accept_margin);
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

// At most one offer a turn, made when it is likely to be taken and worth it.
bool make_offer(const Ctx& c, Rng& rng, Action* out) {
  const GameState& s = *c.s;
  if (!c.skill.offers) return false;
  if (s.offers_this_turn >= offer_cap(s, c.params)) return false;
  if (unit(rng) >= c.params.offer_rate * c.skill.trade_scale) return false;
  if (c.in_playout) return quick_offer(c, rng, out);
  return best_offer(c, min_accept(c.params), out);
}

bool smart_offer(const Ctx& c, Action* out) {
  const GameState& s = *c.s;
  if (c.in_playout || !c.skill.offers) return false;
  if (s.offers_this_turn >= offer_cap(s, c.params)) return false;
  return best_offer(c, min_accept(c.params), out);
}

}  // namespace catan::ai
