// The engine's English: a sentence per event (describe, for logs and notices) and what the
// player to move is expected to do (expected_text, in the state JSON).
#include "engine/english.h"

#include <array>
#include <string>

#include "engine/events.h"

namespace catan {

std::string possessive(const std::string& name) {
  return name == "You" ? std::string("Your") : name + "'s";
}

std::string verb_for(const std::string& name, const char* third, const char* base) {
  return name == "You" ? base : third;
}

namespace {

const char* const kEngineWords[kNumResources] = {"wood", "brick", "sheep", "wheat", "ore"};

std::string cards(const ResourceCounts& c, const char* const (&words)[kNumResources]) {
  std::string s;
  int kinds = 0;
  for (int r = 0; r < kNumResources; ++r)
    if (c[r]) ++kinds;
  int done = 0;
  for (int r = 0; r < kNumResources; ++r) {
    if (!c[r]) continue;
    if (done) s += (done == kinds - 1) ? " and " : ", ";
    s += std::to_string(c[r]) + " " + words[r];
    ++done;
  }
  return s.empty() ? "nothing" : s;
}

std::string res(int r, const char* const (&words)[kNumResources]) {
  return r >= 0 && r < kNumResources ? words[r] : "a card";
}

std::string card_name(int d) {
  switch (d) {
    case 0:
      return "a knight";
    case 1:
      return "a victory point card";
    case 2:
      return "road building";
    case 3:
      return "year of plenty";
    case 4:
      return "monopoly";
    default:
      return "a development card";
  }
}

}  // namespace

std::string describe(const Event& e, const std::string (&seat_names)[4]) {
  return describe(e, seat_names, kEngineWords);
}

std::string describe(const Event& e, const std::string (&seat_names)[4],
                     const char* const (&resource_words)[kNumResources]) {
  auto cards = [&](const ResourceCounts& c) { return ::catan::cards(c, resource_words); };
  auto res = [&](int r) { return ::catan::res(r, resource_words); };
  auto name = [&](int s) -> std::string {
    if (s >= 0 && s < 4) return seat_names[s];
    return "Nobody";
  };
  const std::string who = name(e.seat);
  switch (e.type) {
    case EventType::SettlementBuilt:
      return who + " built a settlement.";
    case EventType::RoadBuilt:
      return who + " built a road.";
    case EventType::CityBuilt:
      return who + " built a city.";
    case EventType::StartingResources:
      if (e.arg >= 0)  // redacted to a count while the island is hidden
        return who + " received " +
               (e.arg == 0   ? std::string("nothing")
                : e.arg == 1 ? std::string("1 card")
                             : std::to_string(e.arg) + " cards") +
               " to start.";
      return who + " received " + cards(e.a) + " to start.";
    case EventType::DiceRolled:
      return who + " rolled " + std::to_string(e.arg + e.arg2) + " (" + std::to_string(e.arg) +
             "+" + std::to_string(e.arg2) + ").";
    case EventType::Produced:
      return who + " received " + cards(e.a) + ".";
    case EventType::ProductionShort:
      return "The bank ran short of " + res(e.arg) + ": not everyone could be paid.";
    case EventType::Discarded:
      return who + " discarded " + cards(e.a) + ".";
    case EventType::RobberMoved:
      return who + " moved the robber.";
    case EventType::Stole:
      return who + " stole " + (e.arg >= 0 ? "1 " + res(e.arg) : std::string("a card")) + " from " +
             name(e.other) + ".";
    case EventType::DevCardBought:
      return who + " bought " + (e.arg >= 0 ? card_name(e.arg) : "a development card") + ".";
    case EventType::DevCardPlayed:
      return who + " played " + card_name(e.arg) + ".";
    case EventType::MonopolyTook:
      return who + " took " + std::to_string(e.arg2) + " " + res(e.arg) + " from " + name(e.other) +
             ".";
    case EventType::YearOfPlentyTook:
      return who + " took " + cards(e.a) + " from the bank.";
    case EventType::BankTrade:
      return who + " traded " + cards(e.a) + " to the bank for " + cards(e.b) + ".";
    case EventType::TradeOffered:
      return who + " offered " + cards(e.a) + " for " + cards(e.b) +
             (e.other >= 0 ? " to " + name(e.other) : std::string(" to everyone")) + ".";
    case EventType::TradeAnswered:
      switch (static_cast<TradeAnswer>(e.arg)) {
        case TradeAnswer::Accepted:
          return who + " accepted the offer.";
        case TradeAnswer::Declined:
          return who + " declined the offer.";
        case TradeAnswer::Countered:
          return who + " proposed " + cards(e.a) + " for " + cards(e.b) + " instead.";
        default:
          return who + " answered the offer.";
      }
    case EventType::TradeDone:
      return who + " traded " + cards(e.a) + " to " + name(e.other) + " for " + cards(e.b) + ".";
    case EventType::TradeCancelled:
      return possessive(who) + " offer ended without a trade.";
    case EventType::LongestRoadChanged:
      if (e.seat < 0) return "Nobody holds the Longest Road now.";
      return who + " " + verb_for(who, "takes", "take") + " the Longest Road (" +
             std::to_string(e.arg) + " roads).";
    case EventType::LargestArmyChanged:
      return who + " " + verb_for(who, "takes", "take") + " the Largest Army (" +
             std::to_string(e.arg) + " knights).";
    case EventType::TurnEnded:
      return who + " ended the turn.";
    case EventType::GameWon:
      return who + " " + verb_for(who, "wins", "win") + " with " + std::to_string(e.arg) +
             " victory points!";
    case EventType::Forfeited:
      return who + " forfeited the game.";
  }
  return who + " did something.";
}

// What the player to move is to do, per Phase (Discard and TradeResponse add detail below).
constexpr std::array<const char*, static_cast<size_t>(Phase::GameOver) + 1> kExpectedText = {
    "place a settlement",
    "place a road next to the settlement just placed",
    "roll (a development card may be played first)",
    "discard",
    "move the robber",
    "choose a player to steal from",
    "trade, build, play a development card, or end the turn",
    "place the first free road",
    "place the second free road",
    "accept, decline or counter the trade offer",
    "confirm one answer to the trade offer, or cancel it",
    "nothing: the game is over"};
static_assert(kExpectedText.back() != nullptr, "one text per Phase");

std::string expected_text(const GameState& s) {
  const int m = s.to_move();
  if (s.phase == Phase::Discard) {
    int owed = m >= 0 ? s.players[m].discard_owed : 0;
    return "discard " + std::to_string(owed) + (owed == 1 ? " card" : " cards");
  }
  if (s.phase == Phase::TradeResponse && s.options.trade == TradeMode::OneForOne)
    return "accept or decline the trade offer";
  const auto i = static_cast<size_t>(s.phase);
  return i < kExpectedText.size() ? kExpectedText[i] : "";
}

}  // namespace catan
