#include "engine/card_tracker.h"

#include <algorithm>

#include "engine/state.h"

namespace catan {

namespace {

// Expected hands (the AI's card counting): what the events add and take, a steal the viewer
// did not see taken in proportion. The arithmetic, in this order, is what the Hard and Expert
// levels have always played with (tests/engine/golden_test.cpp pins it).
using Expected = std::array<double, kNumResources>;
void take_from(Expected& h, const ResourceCounts& c) {
  for (int r = 0; r < kNumResources; ++r) h[r] = std::max(0.0, h[r] - c[r]);
}
void add_to(Expected& h, const ResourceCounts& c) {
  for (int r = 0; r < kNumResources; ++r) h[r] += c[r];
}

// Certain bounds of one hand: lo[r] <= cards of r <= hi[r], n cards in all. Every update is a
// deduction from what happened, so the true hand always lies inside (`bad` if the events
// contradict themselves, e.g. a log that misses events).
struct Bounds {
  std::array<int, kNumResources> lo{}, hi{};
  int n = 0;
  bool bad = false;

  int sum_lo() const {
    int t = 0;
    for (int x : lo) t += x;
    return t;
  }
  int sum_hi() const {
    int t = 0;
    for (int x : hi) t += x;
    return t;
  }
  // The total pins each resource between n minus what the others can hold at most and n
  // minus what they hold at least.
  void tighten() {
    for (int it = 0; it < 8; ++it) {
      bool changed = false;
      for (int r = 0; r < kNumResources; ++r) {
        const int lo2 = std::max(lo[r], n - (sum_hi() - hi[r]));
        const int hi2 = std::min({hi[r], n - (sum_lo() - lo[r]), kBankPerResource});
        if (lo2 != lo[r] || hi2 != hi[r]) changed = true;
        lo[r] = lo2;
        hi[r] = hi2;
        if (lo[r] > hi[r]) {
          bad = true;
          hi[r] = lo[r];
        }
      }
      if (!changed) break;
    }
    if (n < 0 || sum_lo() > n || sum_hi() < n) bad = true;
  }
  void gain(const ResourceCounts& c) {
    for (int r = 0; r < kNumResources; ++r) {
      lo[r] += c[r];
      hi[r] += c[r];
      n += c[r];
    }
    tighten();
  }
  // The hand held at least c (it paid, offered or accepted c).
  void require(const ResourceCounts& c) {
    for (int r = 0; r < kNumResources; ++r) {
      lo[r] = std::max<int>(lo[r], c[r]);
      if (hi[r] < c[r]) {
        bad = true;
        hi[r] = c[r];
      }
    }
    tighten();
  }
  void spend(const ResourceCounts& c) {
    require(c);
    for (int r = 0; r < kNumResources; ++r) {
      lo[r] -= c[r];
      hi[r] -= c[r];
      n -= c[r];
    }
    tighten();
  }
  // Resources one of the cards can be (a steal the viewer did not see).
  unsigned possible() const {
    unsigned m = 0;
    for (int r = 0; r < kNumResources; ++r)
      if (hi[r] > 0) m |= 1u << r;
    return m;
  }
  // One card of a type in `m` left the hand.
  void lose_one(unsigned m) {
    if (n <= 0 || m == 0) {
      bad = true;
      return;
    }
    if ((m & (m - 1)) == 0) {  // only one resource possible: that card is known
      ResourceCounts c{};
      for (int r = 0; r < kNumResources; ++r)
        if (m >> r & 1) c[r] = 1;
      spend(c);
      return;
    }
    --n;
    for (int r = 0; r < kNumResources; ++r)
      if ((m >> r & 1) && lo[r] > 0) --lo[r];
    tighten();
  }
  // One card of a type in `m` joined the hand.
  void gain_one(unsigned m) {
    ++n;
    for (int r = 0; r < kNumResources; ++r)
      if (m >> r & 1) ++hi[r];
    tighten();
  }
  // `k` cards joined of which nothing is known (starting cards under the fog).
  void gain_unknown(int k) {
    n += k;
    for (int r = 0; r < kNumResources; ++r) hi[r] += k;
    tighten();
  }
  // The hand held exactly k of r, all of which left (a monopoly).
  void lose_all(int r, int k) {
    if (k < lo[r] || k > hi[r]) bad = true;
    lo[r] = hi[r] = k;
    tighten();
    n -= k;
    lo[r] = hi[r] = 0;
    tighten();
  }
  void reset(int size) {
    n = size;
    lo.fill(0);
    hi.fill(std::min(size, kBankPerResource));
    bad = false;
    tighten();
  }
};

ResourceCounts one(int r) {
  ResourceCounts c{};
  c[r] = 1;
  return c;
}

// What the events say about every hand: the expected hands (H), the certain bounds (B) and the
// counts behind them. One method per kind of event that moves cards.
struct Replay {
  std::array<Expected, kMaxPlayers> H{};
  std::array<Bounds, kMaxPlayers> B{};
  std::array<int, kMaxPlayers> placed_s{}, placed_r{}, free_roads{}, bought{};
  // The offer on the table: whoever accepts it holds what it asks for.
  ResourceCounts offer_get{};

  void gain(int s, const ResourceCounts& c) {
    add_to(H[s], c);
    B[s].gain(c);
  }
  void spend(int s, const ResourceCounts& c) {
    take_from(H[s], c);
    B[s].spend(c);
  }

  void starting_resources(const Event& e) {
    const int s = e.seat;
    add_to(H[s], e.a);
    if (total(e.a) == 0 && e.arg > 0)  // under the fog: only their number
      B[s].gain_unknown(e.arg);
    else
      B[s].gain(e.a);
  }
  void settlement_built(int s) {
    // The first two (setup) are free.
    if (++placed_s[s] > 2) spend(s, kSettlementCost);
  }
  void road_built(int s) {
    if (++placed_r[s] <= 2) return;
    if (free_roads[s] > 0) {
      --free_roads[s];
      return;
    }
    spend(s, kRoadCost);
  }
  void dev_card_bought(int s) {
    spend(s, kDevCardCost);
    ++bought[s];
  }
  void stole(const Event& e) {
    const int s = e.seat, o = e.other;
    if (o < 0 || o >= kMaxPlayers) return;
    if (e.arg >= 0 && e.arg < kNumResources) {
      H[o][e.arg] = std::max(0.0, H[o][e.arg] - 1);
      H[s][e.arg] += 1;
      B[o].spend(one(e.arg));
      B[s].gain(one(e.arg));
      return;
    }
    // A steal the viewer did not see: taken in proportion to the expected hand.
    const unsigned m = B[o].possible();
    B[o].lose_one(m);
    B[s].gain_one(m);
    double tot = 0;
    for (double x : H[o]) tot += x;
    if (tot <= 0) return;
    for (int r = 0; r < kNumResources; ++r) {
      const double q = H[o][r] / tot;
      H[o][r] -= q;
      H[s][r] += q;
    }
  }
  void monopoly_took(const Event& e) {
    const int s = e.seat, o = e.other;
    if (o < 0 || o >= kMaxPlayers || e.arg < 0 || e.arg >= kNumResources) return;
    const int k = std::max<int>(0, e.arg2);
    H[o][e.arg] = std::max(0.0, H[o][e.arg] - k);
    H[s][e.arg] += k;
    B[o].lose_all(e.arg, k);
    ResourceCounts c{};
    c[e.arg] = static_cast<uint8_t>(k);
    B[s].gain(c);
  }
  void bank_trade(const Event& e) {
    const int s = e.seat;
    take_from(H[s], e.a);
    add_to(H[s], e.b);
    B[s].spend(e.a);
    B[s].gain(e.b);
  }
  void trade_answered(const Event& e) {
    if (e.arg == static_cast<int>(TradeAnswer::Accepted)) B[e.seat].require(offer_get);
    if (e.arg == static_cast<int>(TradeAnswer::Countered)) B[e.seat].require(e.a);
  }
  void trade_done(const Event& e) {
    const int s = e.seat, o = e.other;
    take_from(H[s], e.a);
    add_to(H[s], e.b);
    B[s].spend(e.a);
    if (o >= 0 && o < kMaxPlayers) {
      take_from(H[o], e.b);
      add_to(H[o], e.a);
      B[o].spend(e.b);
      B[o].gain(e.a);
    }
    B[s].gain(e.b);
  }

  void event(const Event& e) {
    const int s = e.seat;
    switch (e.type) {
      case EventType::StartingResources:
        starting_resources(e);
        break;
      case EventType::Produced:
      case EventType::YearOfPlentyTook:
        gain(s, e.a);
        break;
      case EventType::Discarded:
        spend(s, e.a);
        break;
      case EventType::SettlementBuilt:
        settlement_built(s);
        break;
      case EventType::RoadBuilt:
        road_built(s);
        break;
      case EventType::DevCardPlayed:
        if (e.arg == static_cast<int>(DevCard::RoadBuilding)) free_roads[s] = 2;
        break;
      case EventType::TurnEnded:
        free_roads[s] = 0;
        break;
      case EventType::CityBuilt:
        spend(s, kCityCost);
        break;
      case EventType::DevCardBought:
        dev_card_bought(s);
        break;
      case EventType::Stole:
        stole(e);
        break;
      case EventType::MonopolyTook:
        monopoly_took(e);
        break;
      case EventType::BankTrade:
        bank_trade(e);
        break;
      case EventType::TradeOffered:  // an offer is only legal with the cards it gives
        B[s].require(e.a);
        offer_get = e.b;
        break;
      case EventType::TradeAnswered:
        trade_answered(e);
        break;
      case EventType::TradeDone:
        trade_done(e);
        break;
      default:
        break;
    }
  }
};

// Reconcile the bounds with hard facts: my own hand is known (unless the fog shows it as a
// count), and per resource the others hold what is neither in the bank nor mine.
void reconcile_bounds(const Observation& obs, std::array<Bounds, kMaxPlayers>& B, CardTracker* t) {
  const int me = obs.seat, np = obs.view.num_players;
  const bool fog = island_hidden(obs.view);
  for (int p = 0; p < np; ++p) {
    if (B[p].bad || B[p].n != obs.hand_size[p]) {
      t->consistent = false;
      B[p].reset(obs.hand_size[p]);
    }
  }
  if (me >= 0 && me < np && !fog) {
    for (int r = 0; r < kNumResources; ++r)
      B[me].lo[r] = B[me].hi[r] = obs.view.players[me].resources[r];
    B[me].n = obs.hand_size[me];
  }
  if (fog) return;
  std::array<int, kNumResources> left{};
  for (int r = 0; r < kNumResources; ++r) {
    left[r] = kBankPerResource - obs.view.bank[r];
    if (me >= 0 && me < np) left[r] -= obs.view.players[me].resources[r];
  }
  for (int it = 0; it < 16; ++it) {
    bool changed = false;
    for (int r = 0; r < kNumResources; ++r) {
      int slo = 0, shi = 0;
      for (int p = 0; p < np; ++p)
        if (p != me) slo += B[p].lo[r], shi += B[p].hi[r];
      for (int p = 0; p < np; ++p) {
        if (p == me) continue;
        Bounds& b = B[p];
        const int hi2 = std::min(b.hi[r], left[r] - (slo - b.lo[r]));
        const int lo2 = std::max(b.lo[r], left[r] - (shi - b.hi[r]));
        if (hi2 != b.hi[r] || lo2 != b.lo[r]) changed = true;
        if (hi2 < lo2) b.bad = true;
        slo += lo2 - b.lo[r];
        shi += hi2 - b.hi[r];
        b.lo[r] = lo2;
        b.hi[r] = std::max(hi2, lo2);
      }
    }
    for (int p = 0; p < np; ++p)
      if (p != me) B[p].tighten();
    if (!changed) break;
  }
  for (int p = 0; p < np; ++p) {
    if (p != me && B[p].bad) {  // the bank disagrees with the events
      t->consistent = false;
      B[p].reset(obs.hand_size[p]);
    }
  }
}

// Expected hands: mine is known, the others' fitted to the hand sizes (rows) and to what the
// bank and I do not hold (columns) by iterative proportional fitting.
void fit_expected_hands(const Observation& obs, std::array<Expected, kMaxPlayers>& H) {
  const int me = obs.seat, np = obs.view.num_players;
  if (me >= 0) {
    for (int r = 0; r < kNumResources; ++r) H[me][r] = obs.view.players[me].resources[r];
  }
  std::array<double, kNumResources> pool{};
  for (int r = 0; r < kNumResources; ++r) {
    pool[r] = kBankPerResource - obs.view.bank[r];
    if (me >= 0) pool[r] -= obs.view.players[me].resources[r];
    pool[r] = std::max(0.0, pool[r]);
  }
  for (int it = 0; it < 12; ++it) {
    for (int p = 0; p < np; ++p) {
      if (p == me) continue;
      double tot = 0;
      for (int r = 0; r < kNumResources; ++r) tot += H[p][r] + 0.05;
      const double want = obs.hand_size[p];
      for (int r = 0; r < kNumResources; ++r) H[p][r] = (H[p][r] + 0.05) * want / tot;
    }
    for (int r = 0; r < kNumResources; ++r) {
      double col = 0;
      for (int p = 0; p < np; ++p)
        if (p != me) col += H[p][r];
      if (col <= 1e-9) continue;
      for (int p = 0; p < np; ++p)
        if (p != me) H[p][r] *= pool[r] / col;
    }
  }
}

// One seat's summary: its cards' bounds and expectation, and its development cards.
void fill_seat(const Observation& obs, const Replay& ev, int p, SeatCards& c) {
  c.expected = ev.H[p];
  if (p >= obs.view.num_players) return;
  const Bounds& b = ev.B[p];
  c.total = b.n;
  for (int r = 0; r < kNumResources; ++r) {
    c.known[r] = static_cast<uint8_t>(b.lo[r]);
    c.max[r] = static_cast<uint8_t>(b.hi[r]);
    if (b.hi[r] > b.lo[r]) c.could_be |= static_cast<uint8_t>(1u << r);
  }
  c.unknown = b.n - b.sum_lo();
  const PlayerState& P = obs.view.players[p];
  c.dev_bought = ev.bought[p];
  c.dev_played = P.dev_played;
  c.dev_in_hand = obs.dev_hand_size[p];
  if (p == obs.seat) {
    c.dev_known = P.dev_cards;
    c.dev_max = P.dev_cards;
  } else {
    for (int d = 0; d < kNumDevCardTypes; ++d)
      c.dev_max[d] = static_cast<uint8_t>(std::min<int>(c.dev_in_hand, obs.unknown_dev_cards[d]));
  }
}

}  // namespace

CardTracker track_cards(const Observation& obs, const EventLog& events) {
  CardTracker t;
  t.viewer = obs.seat;
  t.num_players = obs.view.num_players;
  Replay ev;
  for (const Event& e : events)
    if (e.seat >= 0 && e.seat < kMaxPlayers) ev.event(e);
  reconcile_bounds(obs, ev.B, &t);
  fit_expected_hands(obs, ev.H);
  for (int p = 0; p < kMaxPlayers; ++p) fill_seat(obs, ev, p, t.seats[p]);
  return t;
}

}  // namespace catan
