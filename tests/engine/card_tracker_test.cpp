// The card tracker (engine/card_tracker.h): what each seat can hold, deduced from the
// public record only. Hand-written histories check single deductions (production, steals
// seen and unseen, discards, purchases, monopoly, offers and trades, the bank); random games
// check that the bounds always contain the true hand, that the totals are the hand sizes,
// that the viewer's own hand is exact, that hidden information changes nothing, and that the
// AI's card counting (ai::count_cards, the same pass) keeps every card accounted for.
#include "engine/card_tracker.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "engine/ai/ai.h"
#include "engine/ai/analysis.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "random_play.h"
#include "rules_fixture.h"

namespace catan {
namespace {

using testing_rules::RC;

// A table of hands that the test plays events on: the true hands follow every event, and
// obs(viewer) is what that seat may see (observe() of a real state, events redacted).
struct Table {
  GameState s;
  EventLog log;
  explicit Table(int players) : s(testing_rules::blank(players)) {
    for (int p = 0; p < kMaxPlayers; ++p) s.players[p].resources = {};
    sync_bank();
  }
  void sync_bank() {
    for (int r = 0; r < kNumResources; ++r) {
      int held = 0;
      for (int p = 0; p < s.num_players; ++p) held += s.players[p].resources[r];
      s.bank[r] = static_cast<uint8_t>(kBankPerResource - held);
    }
  }
  ResourceCounts& hand(int p) { return s.players[p].resources; }
  void add(int p, const ResourceCounts& c) {
    for (int r = 0; r < kNumResources; ++r) hand(p)[r] += c[r];
  }
  void take(int p, const ResourceCounts& c) {
    for (int r = 0; r < kNumResources; ++r) {
      ASSERT_GE(hand(p)[r], c[r]) << "seat " << p << " cannot pay";
      hand(p)[r] -= c[r];
    }
  }
  void push(EventType t, int seat, int other = -1, int arg = -1, int arg2 = -1,
            ResourceCounts a = {}, ResourceCounts b = {}) {
    Event e{t};
    e.seat = static_cast<int8_t>(seat);
    e.other = static_cast<int8_t>(other);
    e.arg = static_cast<int8_t>(arg);
    e.arg2 = static_cast<int8_t>(arg2);
    e.a = a;
    e.b = b;
    log.push_back(e);
  }
  void produce(int p, const ResourceCounts& c) {
    add(p, c);
    push(EventType::Produced, p, -1, -1, -1, c);
    sync_bank();
  }
  void discard(int p, const ResourceCounts& c) {
    take(p, c);
    push(EventType::Discarded, p, -1, -1, -1, c);
    sync_bank();
  }
  void buy_dev(int p) {
    take(p, kDevCardCost);
    push(EventType::DevCardBought, p, -1, static_cast<int>(DevCard::Knight));
    ++s.players[p].dev_cards[0];
    sync_bank();
  }
  void steal(int thief, int victim, Resource r) {
    ResourceCounts c{};
    c[static_cast<int>(r)] = 1;
    take(victim, c);
    add(thief, c);
    push(EventType::Stole, thief, victim, static_cast<int>(r));
  }
  void monopoly(int p, Resource r) {
    const int ri = static_cast<int>(r);
    push(EventType::DevCardPlayed, p, -1, static_cast<int>(DevCard::Monopoly));
    ++s.players[p].dev_played[static_cast<int>(DevCard::Monopoly)];
    for (int q = 0; q < s.num_players; ++q) {
      if (q == p) continue;
      const int k = hand(q)[ri];
      hand(q)[ri] = 0;
      hand(p)[ri] += k;
      push(EventType::MonopolyTook, p, q, ri, k);
    }
  }
  void offer(int p, const ResourceCounts& give, const ResourceCounts& get) {
    push(EventType::TradeOffered, p, -1, -1, -1, give, get);
  }
  void accept_and_trade(int from, int to, const ResourceCounts& give, const ResourceCounts& get) {
    push(EventType::TradeAnswered, to, from, static_cast<int>(TradeAnswer::Accepted));
    take(from, give);
    take(to, get);
    add(from, get);
    add(to, give);
    push(EventType::TradeDone, from, to, -1, -1, give, get);
  }
  Observation obs(int viewer) const { return observe(s, viewer); }
  EventLog seen(int viewer) const {
    EventLog out;
    for (const Event& e : log) out.push_back(redact(e, viewer));
    return out;
  }
  CardTracker track(int viewer) const { return track_cards(obs(viewer), seen(viewer)); }
};

// Every bound holds the true hand, and the numbers add up.
void expect_sound(const CardTracker& t, const GameState& s, const Observation& o) {
  ASSERT_TRUE(t.consistent);
  for (int p = 0; p < s.num_players; ++p) {
    const SeatCards& c = t.seats[p];
    EXPECT_EQ(c.total, o.hand_size[p]) << "seat " << p;
    int known = 0;
    for (int r = 0; r < kNumResources; ++r) {
      const int h = s.players[p].resources[r];
      EXPECT_LE(c.known[r], h) << "seat " << p << " resource " << r;
      EXPECT_GE(c.max[r], h) << "seat " << p << " resource " << r;
      EXPECT_EQ(c.may_be(r), c.max[r] > c.known[r]);
      known += c.known[r];
    }
    EXPECT_EQ(c.unknown, c.total - known);
    EXPECT_EQ(c.dev_in_hand, o.dev_hand_size[p]);
    EXPECT_EQ(c.dev_played, s.players[p].dev_played);
    for (int d = 0; d < kNumDevCardTypes; ++d)
      EXPECT_GE(c.dev_max[d], s.players[p].dev_cards[d]) << "seat " << p << " dev " << d;
  }
}

TEST(CardTracker, ProductionIsKnown) {
  Table t(3);
  t.produce(1, RC(2, 0, 0, 0, 1));
  t.produce(2, RC(0, 1, 0, 0, 0));
  t.produce(0, RC(0, 0, 3, 0, 0));
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[1].known, RC(2, 0, 0, 0, 1));
  EXPECT_EQ(c.seats[1].unknown, 0);
  EXPECT_TRUE(c.seats[1].exact());
  EXPECT_EQ(c.seats[2].known, RC(0, 1, 0, 0, 0));
  EXPECT_EQ(c.seats[0].known, RC(0, 0, 3, 0, 0));  // the viewer's own hand
  EXPECT_EQ(c.seats[1].total, 3);
}

TEST(CardTracker, StealFromTheViewerIsKnown) {
  Table t(3);
  t.produce(0, RC(2, 0, 0, 0, 0));
  t.produce(1, RC(0, 0, 0, 1, 0));
  t.steal(1, 0, Resource::Wood);
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[1].known, RC(1, 0, 0, 1, 0));
  EXPECT_EQ(c.seats[0].known, RC(1, 0, 0, 0, 0));
  // The thief saw it too.
  const CardTracker by_thief = t.track(1);
  EXPECT_EQ(by_thief.seats[0].known, RC(1, 0, 0, 0, 0));
  EXPECT_TRUE(by_thief.seats[0].exact());
}

TEST(CardTracker, UnseenStealLeavesPossibilities) {
  Table t(4);
  t.produce(1, RC(1, 1, 0, 0, 0));  // wood + brick
  t.produce(2, RC(0, 0, 0, 0, 2));
  t.produce(3, RC(0, 0, 0, 0, 2));
  t.steal(2, 1, Resource::Brick);  // seat 0 does not see which
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  const SeatCards& victim = c.seats[1];
  EXPECT_EQ(victim.total, 1);
  EXPECT_EQ(victim.known, RC(0, 0, 0, 0, 0));
  EXPECT_EQ(victim.unknown, 1);
  EXPECT_EQ(victim.could_be, (1 << 0) | (1 << 1));  // wood or brick
  const SeatCards& thief = c.seats[2];
  EXPECT_EQ(thief.total, 3);
  EXPECT_EQ(thief.known, RC(0, 0, 0, 0, 2));
  EXPECT_EQ(thief.unknown, 1);
  EXPECT_EQ(thief.could_be, (1 << 0) | (1 << 1));
  EXPECT_EQ(thief.max, (std::array<uint8_t, 5>{1, 1, 0, 0, 2}));
  // The victim and the thief know.
  EXPECT_TRUE(t.track(1).seats[2].exact());
  EXPECT_EQ(t.track(1).seats[2].known, RC(0, 1, 0, 0, 2));
  EXPECT_EQ(t.track(2).seats[1].known, RC(1, 0, 0, 0, 0));
}

TEST(CardTracker, StealFromASingleTypeIsKnown) {
  Table t(4);
  t.produce(1, RC(0, 0, 3, 0, 0));
  t.steal(2, 1, Resource::Sheep);
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[2].known, RC(0, 0, 1, 0, 0));
  EXPECT_TRUE(c.seats[2].exact());
  EXPECT_EQ(c.seats[1].known, RC(0, 0, 2, 0, 0));
}

TEST(CardTracker, APurchaseResolvesAStolenCard) {
  Table t(4);
  t.produce(2, RC(0, 0, 0, 1, 1));  // wheat + ore
  t.produce(1, RC(0, 0, 1, 1, 0));  // sheep + wheat
  t.produce(3, RC(3, 0, 0, 0, 0));
  t.steal(1, 2, Resource::Ore);  // unseen by 0: wheat or ore
  EXPECT_EQ(t.track(0).seats[1].could_be, (1 << 3) | (1 << 4));
  t.buy_dev(1);  // sheep + wheat + ore: the stolen card was the ore
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[1].total, 0);
  EXPECT_TRUE(c.seats[1].exact());
  // ... so seat 2 kept the wheat (the bank tells: the one wheat out is not seat 1's).
  EXPECT_EQ(c.seats[2].known, RC(0, 0, 0, 1, 0));
  EXPECT_TRUE(c.seats[2].exact());
  EXPECT_EQ(c.seats[1].dev_bought, 1);
  EXPECT_EQ(c.seats[1].dev_in_hand, 1);
  EXPECT_EQ(c.seats[1].dev_known, (DevCounts{}));  // someone else's card stays unknown
  EXPECT_EQ(t.track(1).seats[1].dev_known, (DevCounts{1, 0, 0, 0, 0}));
}

TEST(CardTracker, DiscardTakesKnownCards) {
  Table t(3);
  t.produce(1, RC(4, 4, 0, 0, 0));
  t.produce(2, RC(0, 0, 0, 0, 1));
  t.discard(1, RC(2, 2, 0, 0, 0));
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[1].known, RC(2, 2, 0, 0, 0));
  EXPECT_TRUE(c.seats[1].exact());
}

TEST(CardTracker, DiscardAfterAnUnseenSteal) {
  Table t(4);
  t.produce(1, RC(1, 0, 0, 0, 1));  // wood + ore
  t.produce(2, RC(0, 0, 8, 0, 0));
  t.produce(3, RC(0, 0, 0, 0, 1));
  t.steal(2, 1, Resource::Wood);  // unseen: seat 2 holds 8 sheep + (wood or ore)
  t.discard(2, RC(0, 0, 4, 0, 0));
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[2].known, RC(0, 0, 4, 0, 0));
  EXPECT_EQ(c.seats[2].unknown, 1);
  EXPECT_EQ(c.seats[2].could_be, (1 << 0) | (1 << 4));
}

TEST(CardTracker, MonopolyRevealsAndEmpties) {
  Table t(4);
  t.produce(1, RC(1, 0, 0, 1, 0));
  t.produce(2, RC(0, 0, 0, 2, 0));
  t.produce(3, RC(0, 2, 0, 0, 0));
  t.steal(3, 1, Resource::Wheat);  // unseen by 0: seat 3 has wood or wheat
  t.monopoly(0, Resource::Wheat);  // takes 2 from seat 2 and 1 from seat 3, 0 from seat 1
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  // Seat 3 gave up a wheat: that was the stolen card; seat 1 kept the wood.
  EXPECT_EQ(c.seats[3].known, RC(0, 2, 0, 0, 0));
  EXPECT_TRUE(c.seats[3].exact());
  EXPECT_EQ(c.seats[1].known, RC(1, 0, 0, 0, 0));
  EXPECT_TRUE(c.seats[1].exact());
  EXPECT_EQ(c.seats[2].total, 0);
  EXPECT_EQ(c.seats[0].known, RC(0, 0, 0, 3, 0));
  EXPECT_EQ(c.seats[0].dev_played[static_cast<int>(DevCard::Monopoly)], 1);
}

TEST(CardTracker, OffersAndTradesShowCards) {
  Table t(4);
  t.produce(1, RC(0, 1, 1, 0, 0));
  t.produce(2, RC(0, 0, 0, 0, 1));
  t.produce(3, RC(0, 0, 0, 2, 0));
  t.steal(2, 1, Resource::Brick);  // unseen by 0: seat 2 has ore + (brick or sheep)
  EXPECT_EQ(t.track(0).seats[2].unknown, 1);
  // Seat 2 offers the brick: an offer needs the cards it gives.
  t.offer(2, RC(0, 1, 0, 0, 0), RC(0, 0, 0, 1, 0));
  {
    const CardTracker c = t.track(0);
    expect_sound(c, t.s, t.obs(0));
    EXPECT_EQ(c.seats[2].known, RC(0, 1, 0, 0, 1));
    EXPECT_TRUE(c.seats[2].exact());
    EXPECT_EQ(c.seats[1].known, RC(0, 0, 1, 0, 0));  // the bank: the only brick out is seat 2's
  }
  t.accept_and_trade(2, 3, RC(0, 1, 0, 0, 0), RC(0, 0, 0, 1, 0));
  const CardTracker c = t.track(0);
  expect_sound(c, t.s, t.obs(0));
  EXPECT_EQ(c.seats[2].known, RC(0, 0, 0, 1, 1));
  EXPECT_EQ(c.seats[3].known, RC(0, 1, 0, 1, 0));
}

TEST(CardTracker, TwoPlayersTheBankTellsEverything) {
  Table t(2);
  t.produce(0, RC(1, 1, 0, 0, 0));
  t.produce(1, RC(0, 0, 1, 1, 1));
  t.steal(0, 1, Resource::Ore);
  // A spectator does not see the steal, but with two hands and a known bank...
  const CardTracker spectator = t.track(-1);
  expect_sound(spectator, t.s, t.obs(-1));
  EXPECT_EQ(spectator.seats[0].unknown, 1);
  // ... a player always does: the other hand is what is neither in the bank nor theirs.
  for (int v = 0; v < 2; ++v) {
    const CardTracker c = t.track(v);
    expect_sound(c, t.s, t.obs(v));
    EXPECT_TRUE(c.seats[0].exact());
    EXPECT_TRUE(c.seats[1].exact());
  }
}

TEST(CardTracker, MissingEventsAreReportedNotTrusted) {
  Table t(3);
  t.produce(1, RC(2, 0, 0, 0, 0));
  Observation o = t.obs(0);
  EventLog none;  // the log lost the production
  const CardTracker c = track_cards(o, none);
  EXPECT_FALSE(c.consistent);
  EXPECT_EQ(c.seats[1].total, 2);
  EXPECT_EQ(c.seats[1].known, RC(2, 0, 0, 0, 0));  // the bank still tells (only seat 1 holds)
}

// Random games ------------------------------------------------------------------------

GameOptions random_game_options(int players, uint64_t seed) {
  GameOptions o = classic_options();
  o.players = static_cast<uint8_t>(players);
  if (seed % 3 == 1) o.visibility = Visibility::Mist;
  if (seed % 5 == 2) o.trade = TradeMode::OneForOne;
  return o;
}

// Plays random games and calls check(game, viewer) every few actions for every viewer.
template <class F>
void over_random_games(int games, F check) {
  for (int gi = 0; gi < games; ++gi) {
    const int players = 2 + gi % 3;
    const uint64_t seed = 1000 + gi;
    Game g(random_game_options(players, seed), seed);
    Rng rng{seed * 7 + 1};
    for (int chunk = 0; chunk < 60 && g.state().phase != Phase::GameOver; ++chunk) {
      testing_support::play_random_actions(g, rng, 17);
      if (::testing::Test::HasFatalFailure()) return;
      for (int v = -1; v < players; ++v) check(g, v);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(CardTracker, RandomGamesBoundsHoldTheTruth) {
  int exact_others = 0, others = 0;
  over_random_games(24, [&](const Game& g, int v) {
    const Observation o = observe(g.state(), v);
    const CardTracker t = track_cards(o, g.visible_events(v));
    SCOPED_TRACE("viewer " + std::to_string(v) + " turn " + std::to_string(g.state().turn));
    expect_sound(t, g.state(), o);
    if (v >= 0 && !island_hidden(g.state())) {
      EXPECT_TRUE(t.seats[v].exact());
      EXPECT_EQ(t.seats[v].known, g.state().players[v].resources);
      EXPECT_EQ(t.seats[v].dev_known, g.state().players[v].dev_cards);
    }
    for (int p = 0; p < g.state().num_players; ++p) {
      if (p == v) continue;
      ++others;
      if (t.seats[p].exact()) ++exact_others;
    }
  });
  // Most hands are known outright from the public record.
  EXPECT_GT(exact_others, others / 2) << exact_others << " of " << others;
}

TEST(CardTracker, DevelopmentCardsMatchThePublicRecord) {
  over_random_games(12, [&](const Game& g, int v) {
    const Observation o = observe(g.state(), v);
    const CardTracker t = track_cards(o, g.visible_events(v));
    for (int p = 0; p < g.state().num_players; ++p) {
      const PlayerState& P = g.state().players[p];
      int played = 0, held = 0;
      for (int d = 0; d < kNumDevCardTypes; ++d) played += P.dev_played[d], held += P.dev_cards[d];
      EXPECT_EQ(t.seats[p].dev_bought, played + held) << "seat " << p;
      EXPECT_EQ(t.seats[p].dev_in_hand, held);
    }
  });
}

// Whole games between bots (robber on the leader, trades, development cards): the same
// soundness every few actions, for every seat and a spectator.
TEST(CardTracker, BotGamesBoundsHoldTheTruth) {
  int checks = 0, unsure = 0;
  for (int gi = 0; gi < 6; ++gi) {
    const int players = 3 + gi % 2;
    Game g(random_game_options(players, 50 + gi), 50 + gi);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < players; ++p) {
      AiConfig c;
      c.level = AiLevel::Normal;
      c.personality = static_cast<Personality>((gi + p) % 6);
      c.seed = 11 + p;
      bots.push_back(make_bot(c));
    }
    for (int step = 0; step < 3000 && g.state().phase != Phase::GameOver; ++step) {
      const int p = g.state().to_move();
      const Action a = bots[p]->decide(observe(g.state(), p), g.visible_events(p));
      ASSERT_TRUE(g.apply(a)) << a.to_string();
      if (step % 7) continue;
      for (int v = -1; v < players; ++v) {
        const Observation o = observe(g.state(), v);
        const CardTracker t = track_cards(o, g.visible_events(v));
        expect_sound(t, g.state(), o);
        ++checks;
        for (int q = 0; q < players; ++q) unsure += q != v && !t.seats[q].exact();
      }
      if (HasFailure()) return;
    }
    EXPECT_EQ(g.state().phase, Phase::GameOver);
  }
  EXPECT_GT(checks, 1000);
  EXPECT_GT(unsure, 0);  // some hands are not known outright: the possibilities get tested
}

// The tracker reads only observe(state, seat) and visible_events(seat): hiding different
// cards behind the same public record changes nothing.
TEST(CardTracker, HiddenInformationChangesNothing) {
  int swapped = 0;
  over_random_games(12, [&](const Game& g, int v) {
    const int n = g.state().num_players;
    // Two other seats trade a card of different kinds behind the curtain (hand sizes and the
    // bank stay); every hidden steal and purchase names another card.
    GameState s2 = g.state();
    bool changed = false;
    for (int p = 0; p < n && !changed; ++p)
      for (int q = 0; q < n && !changed; ++q) {
        if (p == v || q == v || p == q) continue;
        for (int a = 0; a < kNumResources && !changed; ++a)
          for (int b = 0; b < kNumResources && !changed; ++b) {
            if (a == b || !s2.players[p].resources[a] || !s2.players[q].resources[b]) continue;
            --s2.players[p].resources[a], ++s2.players[q].resources[a];
            --s2.players[q].resources[b], ++s2.players[p].resources[b];
            changed = true;
          }
      }
    if (!changed) return;
    ++swapped;
    EventLog full = g.events();
    for (Event& e : full) {
      if (e.type == EventType::Stole && e.seat != v && e.other != v)
        e.arg = static_cast<int8_t>((e.arg + 1) % kNumResources);
      if (e.type == EventType::DevCardBought && e.seat != v)
        e.arg = static_cast<int8_t>((e.arg + 1) % kNumDevCardTypes);
    }
    const bool fog = island_hidden(g.state());
    EventLog seen2;
    for (const Event& e : full) seen2.push_back(redact(e, v, fog));
    const Observation o1 = observe(g.state(), v), o2 = observe(s2, v);
    ASSERT_TRUE(o1.view == o2.view);
    const CardTracker t1 = track_cards(o1, g.visible_events(v));
    const CardTracker t2 = track_cards(o2, seen2);
    for (int p = 0; p < kMaxPlayers; ++p) {
      const SeatCards &a = t1.seats[p], &b = t2.seats[p];
      EXPECT_EQ(a.known, b.known);
      EXPECT_EQ(a.max, b.max);
      EXPECT_EQ(a.unknown, b.unknown);
      EXPECT_EQ(a.total, b.total);
      EXPECT_EQ(a.expected, b.expected);  // bit for bit
      EXPECT_EQ(a.dev_known, b.dev_known);
      EXPECT_EQ(a.dev_max, b.dev_max);
    }
  });
  EXPECT_GT(swapped, 50);
}

// ai::count_cards is the tracker's expected hands, and they keep every card accounted for:
// per resource, the expected hands and the bank hold all 19.
TEST(CountCards, ExpectedHandsAreTheTrackersAndAccountForEveryCard) {
  over_random_games(16, [&](const Game& g, int v) {
    const Observation o = observe(g.state(), v);
    const EventLog ev = g.visible_events(v);
    const ai::Beliefs b = ai::count_cards(o, ev);
    const CardTracker t = track_cards(o, ev);
    for (int p = 0; p < kMaxPlayers; ++p) EXPECT_EQ(b.hand[p], t.seats[p].expected);
    if (island_hidden(g.state())) return;  // the bank reads 19 of each under the fog
    for (int r = 0; r < kNumResources; ++r) {
      double sum = o.view.bank[r];
      for (int p = 0; p < o.view.num_players; ++p) {
        EXPECT_GE(b.hand[p][r], 0.0);
        sum += b.hand[p][r];
      }
      EXPECT_NEAR(sum, kBankPerResource, 1e-6) << "resource " << r;
    }
    if (v >= 0) {
      for (int r = 0; r < kNumResources; ++r)
        EXPECT_EQ(b.hand[v][r], g.state().players[v].resources[r]);
    }
  });
}

}  // namespace
}  // namespace catan
