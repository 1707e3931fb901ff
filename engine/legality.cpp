// Legality: the one check behind why_not(), is_legal() and apply() (engine/rules.h), a Reason
// per cause of refusal and the sentence apply() reports with it.
#include <string>
#include <utility>

#include "engine/rules_internal.h"

namespace catan {
namespace detail {
namespace {

constexpr Refusal kAllowed{};
constexpr Refusal refuse(Reason r, const char* text) {
  return Refusal{r, text};
}

constexpr int kNoCard = -1;
// The development card each play action spends.
constexpr std::pair<ActionType, int> kCardPlays[] = {{ActionType::PlayKnight, kKnight},
                                                     {ActionType::PlayRoadBuilding, kRoadBuilding},
                                                     {ActionType::PlayYearOfPlenty, kYearOfPlenty},
                                                     {ActionType::PlayMonopoly, kMonopoly}};
int dev_card_of(ActionType t) {
  for (const auto& [type, card] : kCardPlays)
    if (type == t) return card;
  return kNoCard;
}

bool is_dev_play(ActionType t) {
  return dev_card_of(t) != kNoCard;
}

bool is_resource(int r) {
  return r >= 0 && r < kNumResources;
}

// docs/RULES.md, development cards: one per turn, not the turn it was bought.
Refusal check_dev(const GameState& s, int p, const Action& a) {
  const int d = dev_card_of(a.type);
  if (d == kNoCard) return refuse(Reason::WrongPhase, "not a development card");
  const PlayerState& P = s.players[p];
  if (s.dev_played_this_turn)
    return refuse(Reason::AlreadyPlayedDevCard, "only one development card may be played per turn");
  if (P.dev_cards[d] == 0)
    return refuse(Reason::NoSuchCard, "you do not hold that development card");
  if (P.dev_cards[d] <= P.dev_bought_this_turn[d])
    return refuse(Reason::CardBoughtThisTurn,
                  "a development card bought this turn cannot be played until a later turn");
  if (a.type == ActionType::PlayYearOfPlenty) {
    if (!is_resource(a.arg) || !is_resource(a.arg2))
      return refuse(Reason::BadResource, "bad resource");
    if (a.arg == a.arg2 ? s.bank[a.arg] < 2 : (s.bank[a.arg] < 1 || s.bank[a.arg2] < 1))
      return refuse(Reason::BankCannotPay, "the bank does not have those resources");
  }
  if (a.type == ActionType::PlayMonopoly && !is_resource(a.arg))
    return refuse(Reason::BadResource, "bad resource");
  return kAllowed;
}

// docs/RULES.md, player trade: no gifts, and no resource on both sides.
Refusal check_bundles(const ResourceCounts& give, const ResourceCounts& get) {
  if (total(give) == 0 || total(get) == 0)
    return refuse(Reason::BadBundle, "a trade needs cards on both sides (no gifts)");
  for (int r = 0; r < kNumResources; ++r)
    if (give[r] && get[r])
      return refuse(Reason::BadBundle, "the same resource cannot be on both sides of a trade");
  return kAllowed;
}

Refusal check_offer(const GameState& s, int p, const Action& a) {
  const GameOptions& o = s.options;
  if (o.max_offers_per_turn && s.offers_this_turn >= o.max_offers_per_turn)
    return refuse(Reason::OfferLimitReached, "no more trade offers this turn");
  if (a.arg == -1) {
    if (o.trade == TradeMode::OneForOne)
      return refuse(Reason::OfferToOneSeatOnly, "offers go to one seat in this game");
  } else if (a.arg < 0 || a.arg >= s.num_players || a.arg == p || s.players[a.arg].forfeited) {
    return refuse(Reason::NoSuchPartner, "no such trade partner");
  }
  if (const Refusal r = check_bundles(a.give, a.get); !r.ok()) return r;
  if (o.trade == TradeMode::OneForOne && (total(a.give) != 1 || total(a.get) != 1))
    return refuse(Reason::OneForOneOnly, "trades are strictly one card for one card in this game");
  if (!covers(s.players[p].resources, a.give))
    return refuse(Reason::DoesNotHold, "you do not hold the cards you offer");
  return kAllowed;
}

// The offerer closes the trade with seat q: q accepted the offer or countered it.
Refusal check_confirm(const GameState& s, int p, int q) {
  const ResourceCounts& hand = s.players[p].resources;
  const ResourceCounts& partner = s.players[q].resources;
  if (s.offer.answers[q] == TradeAnswer::Accepted) {
    if (!covers(hand, s.offer.give))
      return refuse(Reason::DoesNotHold, "the cards are no longer there");
    if (!covers(partner, s.offer.get))
      return refuse(Reason::TargetDoesNotHold, "the cards are no longer there");
    return kAllowed;
  }
  if (s.offer.answers[q] == TradeAnswer::Countered) {
    if (!covers(hand, s.offer.counter_get[q]))
      return refuse(Reason::DoesNotHold, "you do not hold the cards that counter-offer asks for");
    if (!covers(partner, s.offer.counter_give[q]))
      return refuse(Reason::TargetDoesNotHold, "the cards are no longer there");
    return kAllowed;
  }
  return refuse(Reason::SeatDidNotAccept, "that seat did not accept or counter");
}

// A road on edge e for p: empty and connected (docs/RULES.md, placement).
Refusal check_road_place(const GameState& s, int p, int e, const char* text) {
  if (s.edge_owner[e] >= 0) return refuse(Reason::Occupied, text);
  if (!road_ok(s, p, e)) return refuse(Reason::NotConnected, text);
  return kAllowed;
}

// ----- Setup (docs/RULES.md, setup) -----

Refusal check_setup_settlement(const GameState& s, const Action& a) {
  if (a.type != ActionType::BuildSettlement)
    return refuse(Reason::MustPlaceSetupSettlement,
                  "setup: place a settlement (build_settlement:<vertex>)");
  if (a.arg < 0 || a.arg >= kNumVertices) return refuse(Reason::NoSuchVertex, "no such vertex");
  if (s.vertex_owner[a.arg] >= 0) return refuse(Reason::Occupied, "that vertex is occupied");
  if (building_next_to(s, a.arg))
    return refuse(Reason::TooCloseToBuilding, "too close to another building (distance rule)");
  return kAllowed;
}

Refusal check_setup_road(const GameState& s, const Action& a) {
  if (a.type != ActionType::BuildRoad)
    return refuse(Reason::MustPlaceSetupRoad,
                  "setup: place a road touching the settlement just placed (build_road:<edge>)");
  if (a.arg < 0 || a.arg >= kNumEdges) return refuse(Reason::NoSuchEdge, "no such edge");
  if (s.edge_owner[a.arg] >= 0) return refuse(Reason::Occupied, "that edge is occupied");
  const EdgeInfo& E = T().edges[a.arg];
  if (E.vertices[0] != s.last_setup_vertex && E.vertices[1] != s.last_setup_vertex)
    return refuse(Reason::NotConnected, "the setup road must touch the settlement just placed");
  return kAllowed;
}

// ----- The roll and the robber -----

Refusal check_before_roll(const GameState& s, int p, const Action& a) {
  if (a.type == ActionType::Roll) return kAllowed;
  if (is_dev_play(a.type)) return check_dev(s, p, a);
  return refuse(Reason::MustRollFirst, "roll the dice first (or play a development card)");
}

Refusal check_discard(const GameState& s, int p, const Action& a) {
  if (a.type != ActionType::Discard)
    return refuse(Reason::MustDiscardFirst, "players over 7 cards must discard first");
  if (total(a.give) != s.players[p].discard_owed)
    return refuse(Reason::WrongDiscardCount,
                  "wrong number of cards: discard half your hand, rounded down");
  if (!covers(s.players[p].resources, a.give))
    return refuse(Reason::DoesNotHold, "you do not hold those cards");
  return kAllowed;
}

Refusal check_move_robber(const GameState& s, const Action& a) {
  if (a.type != ActionType::MoveRobber)
    return refuse(Reason::MustMoveRobberFirst, "move the robber first (move_robber:<hex>)");
  if (a.arg < 0 || a.arg >= kNumHexes) return refuse(Reason::NoSuchHex, "no such hex");
  if (a.arg == s.robber_hex)
    return refuse(Reason::RobberMustMove, "the robber must move to a different hex");
  return kAllowed;
}

Refusal check_steal(const GameState& s, int p, const Action& a) {
  if (a.type != ActionType::Steal)
    return refuse(Reason::MustStealFirst, "choose whom to steal from (steal:<seat>)");
  if (!can_steal_from(s, p, a.arg))
    return refuse(
        Reason::NoVictimThere,
        "you can only steal from an opponent with cards and a building on the robber's hex");
  return kAllowed;
}

Refusal check_free_road(const GameState& s, int p, const Action& a) {
  if (a.type != ActionType::FreeRoad)
    return refuse(Reason::MustPlaceFreeRoad, "place your free road (free_road:<edge>)");
  if (a.arg < 0 || a.arg >= kNumEdges) return refuse(Reason::NoSuchEdge, "no such edge");
  return check_road_place(s, p, a.arg, "a road must go on an empty edge connected to your network");
}

// ----- Player trade: the answers and the close -----

Refusal check_trade_answer(const GameState& s, int p, const Action& a) {
  const ResourceCounts& hand = s.players[p].resources;
  switch (a.type) {
    case ActionType::AcceptTrade:
      if (!covers(hand, s.offer.get))
        return refuse(Reason::DoesNotHold, "you do not hold the cards asked for");
      return kAllowed;
    case ActionType::DeclineTrade:
      return kAllowed;
    case ActionType::CounterTrade: {
      if (s.options.trade == TradeMode::OneForOne)
        return refuse(Reason::CountersNotAllowed,
                      "counter-offers are not allowed in this game: accept or decline");
      if (const Refusal r = check_bundles(a.give, a.get); !r.ok()) return r;
      if (!covers(hand, a.give))
        return refuse(Reason::DoesNotHold, "you do not hold the cards you offer");
      return kAllowed;
    }
    default:
      return refuse(Reason::MustAnswerTrade,
                    "answer the trade offer: accept_trade, decline_trade or counter_trade");
  }
}

Refusal check_trade_close(const GameState& s, int p, const Action& a) {
  if (a.type == ActionType::CancelTrade) return kAllowed;
  if (a.type != ActionType::ConfirmTrade)
    return refuse(Reason::MustConfirmOrCancelTrade,
                  "confirm one acceptance (confirm_trade:<seat>) or cancel_trade");
  if (a.arg < 0 || a.arg >= s.num_players) return refuse(Reason::NoSuchSeat, "no such seat");
  return check_confirm(s, p, a.arg);
}

// ----- The main phase: building, buying, the bank -----

Refusal check_build_road(const GameState& s, int p, const Action& a) {
  if (a.arg < 0 || a.arg >= kNumEdges) return refuse(Reason::NoSuchEdge, "no such edge");
  if (s.players[p].roads_left == 0)
    return refuse(Reason::NoPiecesLeft, "no roads left (15 per player)");
  if (!covers(s.players[p].resources, kRoadCost))
    return refuse(Reason::CannotAfford, "a road costs wood and brick");
  return check_road_place(s, p, a.arg,
                          "a road must go on an empty edge connected to your network (not "
                          "through an opponent's building)");
}

Refusal check_build_settlement(const GameState& s, int p, const Action& a) {
  if (a.arg < 0 || a.arg >= kNumVertices) return refuse(Reason::NoSuchVertex, "no such vertex");
  if (s.players[p].settlements_left == 0)
    return refuse(Reason::NoPiecesLeft, "no settlements left (5 per player)");
  if (!covers(s.players[p].resources, kSettlementCost))
    return refuse(Reason::CannotAfford, "a settlement costs wood, brick, sheep and wheat");
  if (s.vertex_owner[a.arg] >= 0) return refuse(Reason::Occupied, "that vertex is occupied");
  if (building_next_to(s, a.arg))
    return refuse(Reason::TooCloseToBuilding, "too close to another building (distance rule)");
  if (!touches_own_road(s, p, a.arg))
    return refuse(Reason::NotConnected, "a settlement must touch one of your roads");
  return kAllowed;
}

Refusal check_build_city(const GameState& s, int p, const Action& a) {
  if (a.arg < 0 || a.arg >= kNumVertices) return refuse(Reason::NoSuchVertex, "no such vertex");
  if (s.vertex_owner[a.arg] != p || s.vertex_building[a.arg] != Building::Settlement)
    return refuse(Reason::NotYourSettlement, "a city must replace one of your settlements");
  if (s.players[p].cities_left == 0)
    return refuse(Reason::NoPiecesLeft, "no cities left (4 per player)");
  if (!covers(s.players[p].resources, kCityCost))
    return refuse(Reason::CannotAfford, "a city costs 2 wheat and 3 ore");
  return kAllowed;
}

Refusal check_buy_dev_card(const GameState& s, int p) {
  if (s.deck_pos >= kDevDeckSize) return refuse(Reason::DeckEmpty, "the development deck is empty");
  if (!covers(s.players[p].resources, kDevCardCost))
    return refuse(Reason::CannotAfford, "a development card costs sheep, wheat and ore");
  return kAllowed;
}

Refusal check_bank_trade(const GameState& s, int p, const Action& a) {
  const PlayerState& P = s.players[p];
  if (!is_resource(a.arg) || !is_resource(a.arg2))
    return refuse(Reason::BadResource, "bad resource");
  if (a.arg == a.arg2)
    return refuse(Reason::SameResource, "you cannot trade a resource for itself");
  if (P.resources[a.arg] < P.trade_rate[a.arg])
    return refuse(Reason::BelowBankRate, "not enough cards for that bank rate");
  if (s.bank[a.arg2] == 0)
    return refuse(Reason::BankCannotPay, "the bank has none of that resource");
  return kAllowed;
}

Refusal check_main(const GameState& s, int p, const Action& a) {
  switch (a.type) {
    case ActionType::BuildRoad:
      return check_build_road(s, p, a);
    case ActionType::BuildSettlement:
      return check_build_settlement(s, p, a);
    case ActionType::BuildCity:
      return check_build_city(s, p, a);
    case ActionType::BuyDevCard:
      return check_buy_dev_card(s, p);
    case ActionType::TradeBank:
      return check_bank_trade(s, p, a);
    case ActionType::OfferTrade:
      return check_offer(s, p, a);
    case ActionType::PlayKnight:
    case ActionType::PlayRoadBuilding:
    case ActionType::PlayYearOfPlenty:
    case ActionType::PlayMonopoly:
      return check_dev(s, p, a);
    case ActionType::EndTurn:
      return kAllowed;
    case ActionType::Roll:
      return refuse(Reason::AlreadyRolled, "you already rolled this turn");
    default:
      return refuse(Reason::WrongPhase, "that action is not possible now");
  }
}

}  // namespace

// The single legality check behind why_not(), is_legal() and apply(): one rule set per phase.
Refusal check(const GameState& s, const Action& a) {
  if (s.phase == Phase::GameOver) return refuse(Reason::GameOver, "the game is over");
  const int p = s.to_move();
  switch (s.phase) {
    case Phase::SetupSettlement:
      return check_setup_settlement(s, a);
    case Phase::SetupRoad:
      return check_setup_road(s, a);
    case Phase::Roll:
      return check_before_roll(s, p, a);
    case Phase::Discard:
      return check_discard(s, p, a);
    case Phase::MoveRobber:
      return check_move_robber(s, a);
    case Phase::Steal:
      return check_steal(s, p, a);
    case Phase::RoadBuilding1:
    case Phase::RoadBuilding2:
      return check_free_road(s, p, a);
    case Phase::TradeResponse:
      return check_trade_answer(s, p, a);
    case Phase::TradeConfirm:
      return check_trade_close(s, p, a);
    case Phase::Main:
      return check_main(s, p, a);
    case Phase::GameOver:
      return refuse(Reason::GameOver, "the game is over");
  }
  return refuse(Reason::WrongPhase, "that action is not possible now");
}

}  // namespace detail

using detail::check;
using detail::Refusal;

const char* reason_name(Reason r) {
  static constexpr const char* kNames[kNumReasons] = {
      "ok",
      "game_over",
      "not_your_turn",
      "wrong_phase",
      "must_place_setup_settlement",
      "must_place_setup_road",
      "must_roll_first",
      "already_rolled",
      "must_discard_first",
      "must_move_robber_first",
      "must_steal_first",
      "must_place_free_road",
      "must_answer_trade",
      "must_confirm_or_cancel_trade",
      "no_such_vertex",
      "no_such_edge",
      "no_such_hex",
      "no_such_seat",
      "bad_resource",
      "occupied",
      "too_close_to_building",
      "not_connected",
      "not_your_settlement",
      "no_pieces_left",
      "cannot_afford",
      "deck_empty",
      "already_played_dev_card",
      "no_such_card",
      "card_bought_this_turn",
      "wrong_discard_count",
      "does_not_hold",
      "target_does_not_hold",
      "bad_bundle",
      "same_resource",
      "below_bank_rate",
      "bank_cannot_pay",
      "offer_limit_reached",
      "offer_to_one_seat_only",
      "one_for_one_only",
      "no_such_partner",
      "counters_not_allowed",
      "seat_did_not_accept",
      "robber_must_move",
      "no_victim_there",
  };
  const auto i = static_cast<unsigned>(r);
  return i < static_cast<unsigned>(kNumReasons) ? kNames[i] : "?";
}

std::string Verdict::sentence() const {
  if (ok()) return "";
  // The two answers whose text lists protocol verbs read better rephrased.
  if (reason == Reason::MustAnswerTrade) return "Answer the trade offer first.";
  if (reason == Reason::MustConfirmOrCancelTrade)
    return "Confirm one answer to the trade offer, or cancel it.";
  std::string t = text;
  if (t.rfind("setup: ", 0) == 0) t.erase(0, 7);
  // A closing protocol hint such as " (move_robber:<hex>)" is for programs, not players.
  const size_t hint = t.rfind(" (");
  if (hint != std::string::npos && !t.empty() && t.back() == ')' &&
      t.find('<', hint) != std::string::npos)
    t.erase(hint);
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  if (!t.empty() && t.back() != '.' && t.back() != '!' && t.back() != '?') t += '.';
  return t;
}

bool is_legal(const GameState& s, const Action& a, std::string* why) {
  const Refusal r = check(s, a);
  if (why) *why = r.ok() ? "" : r.text;
  return r.ok();
}

Verdict why_not(const GameState& s, const Action& a) {
  const Refusal r = check(s, a);
  Verdict v;
  v.reason = r.reason;
  if (!r.ok()) v.text = r.text;
  return v;
}

Verdict why_not(const GameState& s, int seat, const Action& a) {
  if (s.phase != Phase::GameOver && seat != s.to_move()) {
    Verdict v;
    v.reason = Reason::NotYourTurn;
    v.text = "it is not your turn";
    return v;
  }
  return why_not(s, a);
}

}  // namespace catan
