// Offer-builder validity, counters, accepts, confirms and bank trades (frontend/trade_view.h).
#include "frontend/trade_view.h"

#include <gtest/gtest.h>

#include "engine/rules.h"

namespace catan::ui {
namespace {

GameState main_phase(const GameOptions& o = classic_options()) {
  GameState s = new_game(o, 7);
  s.phase = Phase::Main;
  s.current = 0;
  s.players[0].resources = ResourceCounts{2, 1, 0, 3, 0};
  s.players[1].resources = ResourceCounts{0, 0, 1, 0, 2};
  return s;
}

OfferDraft draft(int to, ResourceCounts give, ResourceCounts get) {
  OfferDraft d;
  d.to = to;
  d.give = give;
  d.get = get;
  return d;
}

TEST(TradeView, ValidOfferToAllAndToOne) {
  const GameState s = main_phase();
  EXPECT_TRUE(check_offer(s, 0, draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1})).ok);
  EXPECT_TRUE(check_offer(s, 0, draft(2, {2, 1, 0, 0, 0}, {0, 0, 1, 0, 1})).ok);
}

TEST(TradeView, EmptySidesAreExplained) {
  const GameState s = main_phase();
  Verdict v = check_offer(s, 0, draft(-1, {}, {0, 0, 0, 0, 1}));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("give"), std::string::npos) << v.why;
  v = check_offer(s, 0, draft(-1, {1, 0, 0, 0, 0}, {}));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("want"), std::string::npos) << v.why;
}

TEST(TradeView, SameResourceOnBothSidesIsRefused) {
  const GameState s = main_phase();
  const Verdict v = check_offer(s, 0, draft(-1, {1, 0, 0, 0, 0}, {1, 0, 0, 0, 1}));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("both sides"), std::string::npos) << v.why;
}

TEST(TradeView, CannotGiveWhatYouDoNotHold) {
  const GameState s = main_phase();
  const Verdict v = check_offer(s, 0, draft(-1, {0, 2, 0, 0, 0}, {0, 0, 0, 0, 1}));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("only 1"), std::string::npos) << v.why;
}

TEST(TradeView, TurnAndPhaseRules) {
  GameState s = main_phase();
  EXPECT_FALSE(check_offer(s, 1, draft(-1, {0, 0, 1, 0, 0}, {1, 0, 0, 0, 0})).ok);
  EXPECT_FALSE(check_offer(s, 0, draft(0, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1})).ok);  // self
  s.phase = Phase::Roll;
  const Verdict v = check_offer(s, 0, draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("Roll"), std::string::npos) << v.why;
}

TEST(TradeView, ArenaIsOneForOneToOneSeatTwicePerTurn) {
  GameState s = main_phase(arena_options());
  ASSERT_EQ(s.options.trade, TradeMode::OneForOne);
  EXPECT_TRUE(check_offer(s, 0, draft(1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1})).ok);
  EXPECT_FALSE(check_offer(s, 0, draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1})).ok);
  const Verdict two = check_offer(s, 0, draft(1, {2, 0, 0, 0, 0}, {0, 0, 0, 0, 1}));
  EXPECT_FALSE(two.ok);
  EXPECT_NE(two.why.find("one card for one card"), std::string::npos) << two.why;
  EXPECT_EQ(offer_limit_text(s), "2 offers left this turn");
  s.offers_this_turn = 2;
  EXPECT_FALSE(check_offer(s, 0, draft(1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1})).ok);
  EXPECT_EQ(offer_limit_text(s), "No offers left this turn");
  EXPECT_EQ(offer_limit_text(main_phase()), "");
}

TEST(TradeView, OfferActionRoundTripsThroughTheEngine) {
  GameState s = main_phase();
  const OfferDraft d = draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1});
  const Action a = make_offer_action(d);
  EXPECT_EQ(a.type, ActionType::OfferTrade);
  EXPECT_EQ(a.to_string(), "offer_trade:all:wood:ore");
  std::string why;
  EXPECT_TRUE(is_legal(s, a, &why)) << why;
}

GameState responding() {
  GameState s = main_phase();
  s.phase = Phase::TradeResponse;
  s.offer = TradeOffer{};
  s.offer.from = 0;
  s.offer.to = -1;
  s.offer.give = {1, 0, 0, 0, 0};
  s.offer.get = {0, 0, 0, 0, 1};
  s.offer.answers = {TradeAnswer::NotAsked, TradeAnswer::Pending, TradeAnswer::Pending,
                     TradeAnswer::Pending};
  return s;
}

TEST(TradeView, AcceptNeedsTheCardsAsked) {
  GameState s = responding();
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_TRUE(check_accept(s, 1).ok);
  EXPECT_FALSE(check_accept(s, 2).ok);  // not seat 2's turn to answer
  s.players[1].resources[4] = 0;
  const Verdict v = check_accept(s, 1);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("1 Ore"), std::string::npos) << v.why;
}

TEST(TradeView, CounterRules) {
  GameState s = responding();
  EXPECT_TRUE(check_counter(s, 1, {0, 0, 1, 0, 0}, {2, 0, 0, 0, 0}).ok);
  EXPECT_FALSE(check_counter(s, 1, {0, 0, 2, 0, 0}, {2, 0, 0, 0, 0}).ok);  // holds 1 sheep
  EXPECT_FALSE(check_counter(s, 1, {0, 0, 1, 0, 0}, {0, 0, 1, 0, 0}).ok);  // both sides
  EXPECT_FALSE(check_counter(s, 1, {}, {1, 0, 0, 0, 0}).ok);
  s.options = arena_options();
  EXPECT_FALSE(check_counter(s, 1, {0, 0, 1, 0, 0}, {1, 0, 0, 0, 0}).ok);
}

TEST(TradeView, ConfirmAcceptanceOrCounter) {
  GameState s = responding();
  s.phase = Phase::TradeConfirm;
  s.offer.answers = {TradeAnswer::NotAsked, TradeAnswer::Accepted, TradeAnswer::Declined,
                     TradeAnswer::Countered};
  s.offer.counter_give[3] = {0, 0, 0, 0, 2};
  s.offer.counter_get[3] = {0, 0, 0, 3, 0};  // the offerer would pay 3 wheat: holds 3
  EXPECT_TRUE(check_confirm(s, 1).ok);
  EXPECT_FALSE(check_confirm(s, 2).ok);
  EXPECT_TRUE(check_confirm(s, 3).ok);
  s.offer.counter_get[3] = {0, 0, 0, 4, 0};
  EXPECT_FALSE(check_confirm(s, 3).ok);
}

TEST(TradeView, ScreensFollowThePhase) {
  GameState s = main_phase();
  EXPECT_EQ(trade_screen(s, 0, true), TradeScreen::Builder);
  EXPECT_EQ(trade_screen(s, 1, true), TradeScreen::None);
  s = responding();
  EXPECT_EQ(trade_screen(s, 0, true), TradeScreen::Waiting);
  EXPECT_EQ(trade_screen(s, 1, true), TradeScreen::Incoming);
  EXPECT_EQ(trade_screen(s, 2, true), TradeScreen::Watching);
  EXPECT_EQ(trade_screen(s, -1, true), TradeScreen::Watching);
  s.phase = Phase::TradeConfirm;
  EXPECT_EQ(trade_screen(s, 0, true), TradeScreen::Confirm);
}

TEST(TradeView, BankTradeAtTheSeatsRate) {
  GameState s = main_phase();
  s.players[0].resources = {4, 0, 0, 2, 0};
  s.players[0].trade_rate = {4, 4, 4, 2, 4};
  EXPECT_TRUE(check_bank_trade(s, 0, Resource::Wood, Resource::Ore).ok);
  EXPECT_TRUE(check_bank_trade(s, 0, Resource::Wheat, Resource::Ore).ok);
  EXPECT_FALSE(check_bank_trade(s, 0, Resource::Wood, Resource::Wood).ok);
  const Verdict v = check_bank_trade(s, 0, Resource::Brick, Resource::Ore);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.why.find("need 4 Brick"), std::string::npos) << v.why;
  s.bank[4] = 0;
  EXPECT_FALSE(check_bank_trade(s, 0, Resource::Wood, Resource::Ore).ok);
  s.phase = Phase::Roll;
  EXPECT_FALSE(check_bank_trade(s, 0, Resource::Wood, Resource::Brick).ok);
}

}  // namespace
}  // namespace catan::ui
