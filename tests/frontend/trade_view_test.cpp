// The trade view's pure helpers (frontend/trade_view.h) and what its buttons allow
// (frontend/verdicts.h ui_verdict: the engine, asked on the viewer's view).
#include "frontend/trade_view.h"

#include <gtest/gtest.h>

#include "engine/observation.h"
#include "engine/rules.h"
#include "frontend/theme.h"
#include "frontend/verdicts.h"
#include "frontend/view_util.h"
#include "match/config.h"
#include "match/session.h"

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
  return OfferDraft{.to = to, .give = give, .get = get};
}

// What the viewer's button allows: the engine on the viewer's own view.
Verdict allowed(const GameState& s, int seat, const Action& a) {
  return ui_verdict(observe(s, seat).view, seat, true, a);
}

// Found playing: the offer's target buttons said Blue, Orange and White while the players were
// named Bruno, Chiara and Dmitri.
TEST(TradeView, TargetsAreNamedAsTheSeats) {
  match::MatchConfig mc;
  for (auto& seat : mc.seats) seat.kind = match::SeatKind::AI;
  mc.seats[0].kind = match::SeatKind::Human;
  match::name_seats(&mc);  // "You", "Bruno (Easy Balanced)", ...
  mc.seats[3].name = "Dmitri";
  match::Session s;
  s.start(mc);
  EXPECT_EQ(trade_target_label(s, 1), "Bruno");
  EXPECT_EQ(trade_target_label(s, 2), "Chiara");
  EXPECT_EQ(trade_target_label(s, 3), "Dmitri");
  EXPECT_EQ(trade_target_label(s, 0), player_color_name(0)) << "a seat named You, to others";
  // The players' cards ("Blue (Norma." at 1280x720) and these buttons drop the role.
  EXPECT_EQ(without_role("Blue (Normal Trader)"), "Blue");
  EXPECT_EQ(without_role("(x)"), "(x)");
  EXPECT_EQ(without_role("Anna"), "Anna");
}

TEST(TradeView, OffersAreAskedOfTheEngine) {
  GameState s = main_phase();
  EXPECT_TRUE(allowed(s, 0, make_offer_action(draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).ok());
  EXPECT_TRUE(allowed(s, 0, make_offer_action(draft(2, {2, 1, 0, 0, 0}, {0, 0, 1, 0, 1}))).ok());
  const Verdict empty = allowed(s, 0, make_offer_action(draft(-1, {}, {0, 0, 0, 0, 1})));
  EXPECT_EQ(empty.reason, Reason::BadBundle);
  EXPECT_FALSE(empty.sentence().empty());
  EXPECT_EQ(allowed(s, 0, make_offer_action(draft(-1, {0, 2, 0, 0, 0}, {0, 0, 0, 0, 1}))).reason,
            Reason::DoesNotHold);
  EXPECT_EQ(allowed(s, 1, make_offer_action(draft(-1, {0, 0, 1, 0, 0}, {1, 0, 0, 0, 0}))).reason,
            Reason::NotYourTurn);
  s.phase = Phase::Roll;
  EXPECT_EQ(allowed(s, 0, make_offer_action(draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).reason,
            Reason::MustRollFirst);
}

TEST(TradeView, ArenaIsOneForOneToOneSeatTwicePerTurn) {
  GameState s = main_phase(arena_options());
  ASSERT_EQ(s.options.trade, TradeMode::OneForOne);
  EXPECT_TRUE(allowed(s, 0, make_offer_action(draft(1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).ok());
  EXPECT_EQ(allowed(s, 0, make_offer_action(draft(-1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).reason,
            Reason::OfferToOneSeatOnly);
  EXPECT_EQ(allowed(s, 0, make_offer_action(draft(1, {2, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).reason,
            Reason::OneForOneOnly);
  EXPECT_EQ(offer_limit_text(s), "2 offers left this turn");
  s.offers_this_turn = 2;
  EXPECT_EQ(allowed(s, 0, make_offer_action(draft(1, {1, 0, 0, 0, 0}, {0, 0, 0, 0, 1}))).reason,
            Reason::OfferLimitReached);
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
  const Action accept = Action::simple(ActionType::AcceptTrade);
  EXPECT_TRUE(allowed(s, 1, accept).ok());
  EXPECT_EQ(allowed(s, 2, accept).reason, Reason::NotYourTurn);  // seat 2 answers later
  EXPECT_EQ(ui_verdict(observe(s, 1).view, 1, false, accept).reason, Reason::NotYourTurn);
  s.players[1].resources[4] = 0;
  EXPECT_EQ(allowed(s, 1, accept).reason, Reason::DoesNotHold);
}

TEST(TradeView, CountersAreAskedOfTheEngine) {
  GameState s = responding();
  EXPECT_TRUE(allowed(s, 1, make_counter_action({0, 0, 1, 0, 0}, {2, 0, 0, 0, 0})).ok());
  EXPECT_EQ(allowed(s, 1, make_counter_action({0, 0, 2, 0, 0}, {2, 0, 0, 0, 0})).reason,
            Reason::DoesNotHold);  // holds 1 sheep
  EXPECT_EQ(allowed(s, 1, make_counter_action({0, 0, 1, 0, 0}, {0, 0, 1, 0, 0})).reason,
            Reason::BadBundle);
  s.options = arena_options();
  EXPECT_EQ(allowed(s, 1, make_counter_action({0, 0, 1, 0, 0}, {1, 0, 0, 0, 0})).reason,
            Reason::CountersNotAllowed);
}

TEST(TradeView, ConfirmLeavesThePartnersHiddenCardsToTheEngine) {
  GameState s = responding();
  s.phase = Phase::TradeConfirm;
  s.offer.answers = {TradeAnswer::NotAsked, TradeAnswer::Accepted, TradeAnswer::Declined,
                     TradeAnswer::Countered};
  s.offer.counter_give[3] = {0, 0, 0, 0, 2};
  s.offer.counter_get[3] = {0, 0, 0, 3, 0};  // the offerer would pay 3 wheat: holds 3
  auto confirm = [](int q) { return Action::simple(ActionType::ConfirmTrade, q); };
  EXPECT_TRUE(allowed(s, 0, confirm(1)).ok());
  EXPECT_EQ(allowed(s, 0, confirm(2)).reason, Reason::SeatDidNotAccept);
  // Seat 3 holds no ore for its counter: the engine refuses at submit time, but the offerer
  // cannot see seat 3's hand, so the button stays enabled.
  EXPECT_EQ(why_not(s, confirm(3)).reason, Reason::TargetDoesNotHold);
  EXPECT_TRUE(allowed(s, 0, confirm(3)).ok());
  s.offer.counter_get[3] = {0, 0, 0, 4, 0};
  EXPECT_EQ(allowed(s, 0, confirm(3)).reason, Reason::DoesNotHold);
}

TEST(TradeView, ScreensFollowThePhase) {
  GameState s = main_phase();
  EXPECT_EQ(trade_screen(s, 0), TradeScreen::Builder);
  EXPECT_EQ(trade_screen(s, 1), TradeScreen::None);
  s = responding();
  EXPECT_EQ(trade_screen(s, 0), TradeScreen::Waiting);
  EXPECT_EQ(trade_screen(s, 1), TradeScreen::Incoming);
  EXPECT_EQ(trade_screen(s, 2), TradeScreen::Watching);
  EXPECT_EQ(trade_screen(s, -1), TradeScreen::Watching);
  s.phase = Phase::TradeConfirm;
  EXPECT_EQ(trade_screen(s, 0), TradeScreen::Confirm);
}

TEST(TradeView, BankTradeAtTheSeatsRate) {
  GameState s = main_phase();
  s.players[0].resources = {4, 0, 0, 2, 0};
  s.players[0].trade_rate = {4, 4, 4, 2, 4};
  auto bank = [](Resource give, Resource get) {
    return Action::simple(ActionType::TradeBank, static_cast<int>(give), static_cast<int>(get));
  };
  EXPECT_TRUE(allowed(s, 0, bank(Resource::Wood, Resource::Ore)).ok());
  EXPECT_TRUE(allowed(s, 0, bank(Resource::Wheat, Resource::Ore)).ok());
  EXPECT_EQ(allowed(s, 0, bank(Resource::Wood, Resource::Wood)).reason, Reason::SameResource);
  EXPECT_EQ(allowed(s, 0, bank(Resource::Brick, Resource::Ore)).reason, Reason::BelowBankRate);
  s.bank[4] = 0;
  EXPECT_EQ(allowed(s, 0, bank(Resource::Wood, Resource::Ore)).reason, Reason::BankCannotPay);
  s.phase = Phase::Roll;
  const Verdict roll_first = allowed(s, 0, bank(Resource::Wood, Resource::Brick));
  EXPECT_TRUE(is_turn_reason(roll_first.reason));
}

// The draft lasts while its offer is being built: an offer made (and then ended) or a new
// turn empties it, and the bank choice and the last error with it.
TEST(TradeView, DraftsEmptyWhenAnOfferIsMadeOrTheTurnChanges) {
  GameState s = main_phase();
  TradeViewState st;
  sync_trade_drafts(s, st);
  st.draft = draft(2, {1, 0, 0, 0, 0}, {0, 0, 1, 0, 0});
  st.bank.give = 0;
  st.last_error = "The game refused that.";
  sync_trade_drafts(s, st);  // same offer, same turn: kept
  EXPECT_EQ(st.draft.give[0], 1);
  ++s.offers_this_turn;  // the offer went out
  sync_trade_drafts(s, st);
  EXPECT_EQ(st.draft.give, ResourceCounts{});
  EXPECT_EQ(st.draft.get, ResourceCounts{});
  EXPECT_EQ(st.draft.to, -1);
  EXPECT_EQ(st.bank.give, -1);
  EXPECT_TRUE(st.last_error.empty());
  st.draft.get[4] = 2;
  ++s.turn;
  s.offers_this_turn = 0;
  sync_trade_drafts(s, st);
  EXPECT_EQ(st.draft.get, ResourceCounts{});
}

}  // namespace
}  // namespace catan::ui
