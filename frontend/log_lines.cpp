// The log's words: which events a filter shows, each event's line of pieces and its text,
// the toasts and sounds events make (frontend/log_view.h).
#include "frontend/log_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "engine/english.h"
#include "engine/observation.h"
#include "frontend/match_types.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

const char* log_filter_name(LogFilter f) {
  static const char* const kNames[] = {"All", "Mine", "Trades", "Robber", "Builds"};
  static_assert(std::size(kNames) == static_cast<size_t>(LogFilter::Count));
  const auto i = static_cast<size_t>(f);
  return i < std::size(kNames) ? kNames[i] : "?";
}

bool event_matches(const Event& e, LogFilter f, int viewer) {
  switch (f) {
    case LogFilter::All:
    case LogFilter::Count:
      return true;
    case LogFilter::Mine:
      return viewer >= 0 && (e.seat == viewer || e.other == viewer);
    case LogFilter::Trades:
      return e.type == EventType::BankTrade || e.type == EventType::TradeOffered ||
             e.type == EventType::TradeAnswered || e.type == EventType::TradeDone ||
             e.type == EventType::TradeCancelled;
    case LogFilter::Robber:
      return e.type == EventType::RobberMoved || e.type == EventType::Stole ||
             e.type == EventType::Discarded ||
             (e.type == EventType::DiceRolled && e.arg + e.arg2 == 7) ||
             (e.type == EventType::DevCardPlayed && e.arg == static_cast<int>(DevCard::Knight));
    case LogFilter::Builds:
      return e.type == EventType::SettlementBuilt || e.type == EventType::RoadBuilt ||
             e.type == EventType::CityBuilt || e.type == EventType::DevCardBought ||
             e.type == EventType::LongestRoadChanged || e.type == EventType::LargestArmyChanged;
  }
  return true;
}

const char* dev_card_title(int card) {
  static const char* const kTitles[] = {"Knight", "Victory Point", "Road Building",
                                        "Year of Plenty", "Monopoly"};
  static_assert(std::size(kTitles) == kNumDevCardTypes);
  return card >= 0 && card < kNumDevCardTypes ? kTitles[card] : "dev card";
}

namespace {

// Builds a line piece by piece.
class Line {
 public:
  explicit Line(const std::string (&names)[4]) : names_(names) {}
  Line& name(int seat, bool possessive_form = false) {
    if (seat < 0 || seat >= 4) return text("Nobody");
    LogPiece p;
    p.kind = LogPiece::Name;
    p.text = possessive_form ? possessive(names_[seat]) : names_[seat];
    p.seat = seat;
    out_.push_back(std::move(p));
    return *this;
  }
  Line& text(const std::string& t) {
    if (!out_.empty() && out_.back().kind == LogPiece::Text)
      out_.back().text += t;
    else
      out_.push_back({LogPiece::Text, t});
    return *this;
  }
  Line& cards(const ResourceCounts& c) {
    LogPiece p;
    p.kind = LogPiece::Cards;
    p.cards = c;
    out_.push_back(std::move(p));
    return *this;
  }
  // `n` cards of one resource; an unknown resource (a redacted steal) reads "a card".
  Line& some(int resource, int n) {
    if (resource < 0 || resource >= kNumResources) return text(n == 1 ? "a card" : "cards");
    ResourceCounts c{};
    c[resource] = static_cast<uint8_t>(std::max(0, n));
    return cards(c);
  }
  Line& icon(int resource) {
    if (resource < 0 || resource >= kNumResources) return text("a resource");
    LogPiece p;
    p.kind = LogPiece::Icon;
    p.resource = resource;
    out_.push_back(std::move(p));
    return *this;
  }
  // The verb agreeing with the seat's name ("You take", "Bob takes").
  Line& verb(int seat, const char* third, const char* base) {
    const std::string who = seat >= 0 && seat < 4 ? names_[seat] : std::string("Nobody");
    return text(std::string(" ") + verb_for(who, third, base));
  }
  std::vector<LogPiece> done() { return std::move(out_); }

 private:
  const std::string (&names_)[4];
  std::vector<LogPiece> out_;
};

// "Bob takes Longest Road (6 roads)", or nobody holds it any more.
void award(Line& l, int who, const char* title, int count, const char* unit) {
  if (who < 0) {
    l.text(std::string("Nobody holds ") + title);
    return;
  }
  l.name(who).verb(who, "takes", "take");
  l.text(std::string(" ") + title + " (" + std::to_string(count) + " " + unit + ")");
}

}  // namespace

std::vector<LogPiece> log_line(const Event& e, const std::string (&names)[4]) {
  Line l(names);
  const int who = e.seat;
  switch (e.type) {
    case EventType::SettlementBuilt:
      l.name(who).text(" built a settlement");
      break;
    case EventType::RoadBuilt:
      l.name(who).text(" built a road");
      break;
    case EventType::CityBuilt:
      l.name(who).text(" built a city");
      break;
    case EventType::StartingResources:
      l.name(who).text(" starts with ");
      if (e.arg >= 0)  // redacted to a count while the island is hidden
        l.text(e.arg == 1 ? std::string("1 card") : std::to_string(e.arg) + " cards");
      else
        l.cards(e.a);
      break;
    case EventType::DiceRolled:
      l.name(who).text(" rolled " + std::to_string(e.arg + e.arg2));
      break;
    case EventType::Produced:
      l.name(who).text(" got ").cards(e.a);
      break;
    case EventType::ProductionShort:
      l.text("The bank ran out of ").icon(e.arg);
      break;
    case EventType::Discarded:
      l.name(who).text(" discarded ").cards(e.a);
      break;
    case EventType::RobberMoved:
      l.name(who).text(" moved the robber");
      break;
    case EventType::Stole:
      l.name(who).text(" stole ").some(e.arg, 1).text(" from ").name(e.other);
      break;
    case EventType::DevCardBought:
      l.name(who).text(std::string(" bought a ") + dev_card_title(e.arg));
      break;
    case EventType::DevCardPlayed:
      l.name(who).text(std::string(" played ") + dev_card_title(e.arg));
      break;
    case EventType::MonopolyTook:
      l.name(who).text(" took ").some(e.arg, e.arg2).text(" from ").name(e.other);
      break;
    case EventType::YearOfPlentyTook:
      l.name(who).text(" took ").cards(e.a);
      break;
    case EventType::BankTrade:
      l.name(who).text(" traded ").cards(e.a).text(" \u2192 ").cards(e.b).text(" (bank)");
      break;
    case EventType::TradeOffered:
      l.name(who).verb(who, "offers", "offer").text(" ").cards(e.a).text(" for ").cards(e.b);
      if (e.other >= 0) l.text(" to ").name(e.other);
      break;
    case EventType::TradeAnswered:
      switch (static_cast<TradeAnswer>(e.arg)) {
        case TradeAnswer::Accepted:
          l.name(who).verb(who, "accepts", "accept");
          break;
        case TradeAnswer::Declined:
          l.name(who).verb(who, "declines", "decline");
          break;
        case TradeAnswer::Countered:
          l.name(who)
              .verb(who, "counters", "counter")
              .text(" ")
              .cards(e.a)
              .text(" for ")
              .cards(e.b);
          break;
        default:
          l.name(who).verb(who, "answers", "answer");
          break;
      }
      break;
    case EventType::TradeDone:
      l.name(who).text(" gave ").name(e.other).text(" ").cards(e.a).text(" for ").cards(e.b);
      break;
    case EventType::TradeCancelled:
      l.name(who, true).text(" offer ended");
      break;
    case EventType::LongestRoadChanged:
      award(l, who, "Longest Road", e.arg, "roads");
      break;
    case EventType::LargestArmyChanged:
      award(l, who, "Largest Army", e.arg, "knights");
      break;
    case EventType::TurnEnded:
      l.name(who).text(" ended the turn");
      break;
    case EventType::GameWon:
      l.name(who).verb(who, "wins", "win").text(" with " + std::to_string(e.arg) + " VP!");
      break;
    case EventType::Forfeited:
      l.name(who).text(" forfeited");
      break;
  }
  return l.done();
}

std::vector<LogPiece> timeout_line(const Action& a, int seat, const std::string (&names)[4]) {
  const char* what = "a move was made";
  switch (a.type) {
    case ActionType::BuildSettlement:
      what = "a settlement was placed";
      break;
    case ActionType::BuildRoad:
      what = "a road was placed";
      break;
    case ActionType::FreeRoad:
      what = "a free road was placed";
      break;
    case ActionType::Roll:
      what = "the dice were rolled";
      break;
    case ActionType::Discard:
      what = "cards were discarded";
      break;
    case ActionType::MoveRobber:
      what = "the robber was moved";
      break;
    case ActionType::Steal:
      what = "a card was stolen";
      break;
    case ActionType::EndTurn:
      what = "the turn was ended";
      break;
    case ActionType::DeclineTrade:
      what = "the offer was declined";
      break;
    case ActionType::CancelTrade:
      what = "the offer was withdrawn";
      break;
    default:
      break;
  }
  Line l(names);
  l.text(std::string("Time ran out: ") + what + " for ");
  if (seat >= 0 && seat < 4 && names[seat] == "You")
    l.text("you");
  else
    l.name(seat);
  return l.done();
}

std::string log_text(const std::vector<LogPiece>& line) {
  std::string s;
  for (const LogPiece& p : line) {
    switch (p.kind) {
      case LogPiece::Text:
      case LogPiece::Name:
        s += p.text;
        break;
      case LogPiece::Cards: {
        bool any = false;
        for (int r = 0; r < kNumResources; ++r) {
          if (!p.cards[r]) continue;
          if (any) s += ' ';
          s += std::to_string(p.cards[r]) + " " + resource_label(static_cast<Resource>(r));
          any = true;
        }
        if (!any) s += "nothing";
        break;
      }
      case LogPiece::Icon:
        s += resource_label(static_cast<Resource>(p.resource));
        break;
    }
  }
  return s;
}

std::string log_sentence(const Event& e, const std::string (&names)[4]) {
  return log_text(log_line(e, names));
}

namespace {
std::string count_words(int n, int resource) {
  std::string s = std::to_string(n) + " ";
  s += resource >= 0 && resource < kNumResources ? resource_label(static_cast<Resource>(resource))
                                                 : "card";
  return s;
}
std::string name_of(const std::string (&names)[4], int seat) {
  return seat >= 0 && seat < 4 ? names[seat] : std::string("Nobody");
}
}  // namespace

std::optional<ToastSpec> toast_for(const Event& e, int viewer, const std::string (&names)[4]) {
  const std::string who = name_of(names, e.seat);
  switch (e.type) {
    case EventType::DiceRolled:
      if (e.arg + e.arg2 == 7) {
        return ToastSpec{ToastKind::Seven, e.seat, who + " rolled a 7! The robber moves."};
      }
      return std::nullopt;
    case EventType::Stole:
      if (viewer >= 0 && e.other == viewer) {
        const std::string what = e.arg >= 0 ? count_words(1, e.arg) : std::string("a card");
        return ToastSpec{ToastKind::Robbed, e.seat, who + " stole " + what + " from you"};
      }
      if (viewer >= 0 && e.seat == viewer) {
        const std::string what = e.arg >= 0 ? count_words(1, e.arg) : std::string("a card");
        return ToastSpec{ToastKind::Trade, e.seat,
                         "You stole " + what + " from " + name_of(names, e.other)};
      }
      return std::nullopt;
    case EventType::MonopolyTook:
      if (viewer >= 0 && e.other == viewer && e.arg2 > 0) {
        return ToastSpec{ToastKind::Robbed, e.seat,
                         possessive(who) + " Monopoly took your " + count_words(e.arg2, e.arg)};
      }
      return std::nullopt;
    case EventType::LongestRoadChanged:
      if (e.seat < 0) {
        return ToastSpec{ToastKind::Award, -1, "Longest Road is set aside"};
      }
      return ToastSpec{ToastKind::Award, e.seat,
                       who + " " + verb_for(who, "takes", "take") + " Longest Road (" +
                           std::to_string(e.arg) + " roads)"};
    case EventType::LargestArmyChanged:
      if (e.seat < 0) return ToastSpec{ToastKind::Award, -1, "Largest Army is set aside"};
      return ToastSpec{ToastKind::Award, e.seat,
                       who + " " + verb_for(who, "takes", "take") + " Largest Army (" +
                           std::to_string(e.arg) + " knights)"};
    case EventType::GameWon:
      return ToastSpec{ToastKind::Win, e.seat,
                       who + " " + verb_for(who, "wins", "win") + " with " + std::to_string(e.arg) +
                           " victory points!"};
    case EventType::TradeDone:
      if (viewer >= 0 && (e.seat == viewer || e.other == viewer)) {
        const int partner = e.seat == viewer ? e.other : e.seat;
        return ToastSpec{ToastKind::Trade, partner,
                         "Trade with " + name_of(names, partner) + " done"};
      }
      return std::nullopt;
    case EventType::Forfeited:
      return ToastSpec{ToastKind::Info, e.seat,
                       who + " " + verb_for(who, "forfeits", "forfeit") + " the game"};
    default:
      return std::nullopt;
  }
}

std::optional<audio::Sfx> sound_for(const Event& e, int viewer, bool next_seat_is_human) {
  switch (e.type) {
    case EventType::DiceRolled:
      return audio::Sfx::Dice;
    case EventType::SettlementBuilt:
    case EventType::CityBuilt:
    case EventType::RoadBuilt:
      return audio::Sfx::Build;
    case EventType::DevCardBought:
    case EventType::DevCardPlayed:
      return audio::Sfx::Card;
    case EventType::RobberMoved:
      return audio::Sfx::Robber;
    case EventType::GameWon:
      return audio::Sfx::Win;
    case EventType::TurnEnded:
      (void)viewer;
      if (next_seat_is_human) return audio::Sfx::YourTurn;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace catan::ui
