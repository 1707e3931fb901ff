#include "engine/coach/explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/ai/analysis.h"
#include "engine/board.h"
#include "engine/rules.h"

namespace catan::coach {

namespace {

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  if (!s.empty() && s.back() != '.') s += '.';
  return s;
}

std::string res(int r) {
  return resource_name(static_cast<Resource>(r));
}

int total_pips(const std::array<double, kNumResources>& p) {
  double t = 0;
  for (double x : p) t += x;
  return static_cast<int>(std::lround(t));
}

// The builds `h` pays for, cheapest first ("a city", "a settlement"...).
std::vector<std::string> affordable(const ResourceCounts& h) {
  std::vector<std::string> out;
  if (covers(h, kCityCost)) out.push_back("a city");
  if (covers(h, kSettlementCost)) out.push_back("a settlement");
  if (covers(h, kDevCardCost)) out.push_back("a development card");
  if (covers(h, kRoadCost)) out.push_back("a road");
  return out;
}

// What a building on v adds: production, new resources, a port.
void building_terms(const GameState& before, const GameState& after, int me,
                    std::vector<std::string>* out) {
  const auto p0 = ai::production(before, me), p1 = ai::production(after, me);
  const int dp = total_pips(p1) - total_pips(p0);
  if (dp > 0) out->push_back("+" + std::to_string(dp) + " pips of production");
  std::vector<std::string> firsts;
  for (int r = 0; r < kNumResources; ++r)
    if (p0[r] <= 0 && p1[r] > 0) firsts.push_back(res(r));
  if (!firsts.empty()) {
    std::string f = "first " + firsts[0];
    for (size_t i = 1; i < firsts.size(); ++i)
      f += (i + 1 == firsts.size() ? " and " : ", ") + firsts[i];
    out->push_back(f);
  }
  const PlayerState &a = before.players[me], &b = after.players[me];
  for (int r = 0; r < kNumResources; ++r)
    if (b.trade_rate[r] == 2 && a.trade_rate[r] > 2)
      out->push_back("reaches a 2:1 " + res(r) + " port" + (p1[r] >= 4 ? " you produce for" : ""));
  bool three = false;
  for (int r = 0; r < kNumResources; ++r) three |= b.trade_rate[r] == 3 && a.trade_rate[r] > 3;
  if (three) out->push_back("reaches a 3:1 port");
}

void award_terms(const GameState& before, const GameState& after, int me,
                 std::vector<std::string>* out) {
  if (after.longest_road_holder == me && before.longest_road_holder != me)
    out->push_back("takes Longest Road (+2 VP)");
  if (after.largest_army_holder == me && before.largest_army_holder != me)
    out->push_back("takes Largest Army (+2 VP)");
}

// The pips of every seat on the hex (settlements once, cities twice).
std::array<int, kMaxPlayers> pips_on(const GameState& s, int hex) {
  std::array<int, kMaxPlayers> out{};
  if (hex < 0 || hex >= kNumHexes) return out;
  const int pp = pips(s.layout.number[hex]);
  for (int v : topology().hexes[hex].vertices) {
    const int o = s.vertex_owner[v];
    if (o < 0) continue;
    out[o] += pp * (s.vertex_building[v] == Building::City ? 2 : 1);
  }
  return out;
}

std::string robber_terms(const GameState& s, int hex, int me, const SeatNames& names) {
  const auto on = pips_on(s, hex);
  std::vector<std::string> parts;
  int best = -1;
  for (int p = 0; p < s.num_players; ++p)
    if (p != me && on[p] > 0 && (best < 0 || on[p] > on[best])) best = p;
  if (best >= 0) {
    const int leader = ai::leader_other_than(s, me);
    std::string t = "blocks " + std::to_string(on[best]) + " pips of " + names[best];
    if (best == leader) t += ", the leader";
    parts.push_back(t);
  } else {
    parts.push_back("blocks no opponent's production");
  }
  const auto was = pips_on(s, s.robber_hex);
  if (was[me] > 0) parts.push_back("frees your " + std::to_string(was[me]) + " pips");
  if (on[me] > 0) parts.push_back("though it blocks " + std::to_string(on[me]) + " of yours");
  return join(parts);
}

// A road: toward the next settlement in the setup, else the award, a new spot or the length.
void road_terms(const GameState& before, const GameState& after, int me,
                std::vector<std::string>* out) {
  if (before.phase == Phase::SetupRoad) {
    out->push_back("points toward your next settlement spot");
    return;
  }
  award_terms(before, after, me, out);
  static const ai::Params neutral{};
  const auto w = ai::resource_weights(before, neutral);
  const ai::Expansion e0 = ai::expansion_room(before, me, w), e1 = ai::expansion_room(after, me, w);
  if (e1.n_conn > e0.n_conn || e1.best_conn > e0.best_conn + 0.5)
    out->push_back("opens a settlement spot worth " +
                   std::to_string(static_cast<int>(std::lround(e1.best_conn))) + " pips");
  if (after.players[me].longest_road > before.players[me].longest_road && out->empty())
    out->push_back("your longest road grows to " + std::to_string(after.players[me].longest_road));
}

// What the hand affords after a card move.
std::string year_of_plenty_terms(const ResourceCounts& hand, const Action& a) {
  ResourceCounts h = hand;
  ++h[a.arg];
  ++h[a.arg2];
  const auto can = affordable(h);
  return "takes " + res(a.arg) + " and " + res(a.arg2) + " from the bank" +
         (can.empty() ? "" : " for " + can[0]);
}

std::string bank_trade_terms(const GameState& view, const Action& a, int me) {
  const ResourceCounts& hand = view.players[me].resources;
  const int rate = view.players[me].trade_rate[a.arg];
  ResourceCounts h = hand;
  h[a.arg] -= rate;
  ++h[a.arg2];
  const auto can = affordable(h), had = affordable(hand);
  std::string s = "trades " + std::to_string(rate) + " " + res(a.arg) + " for a " + res(a.arg2);
  if (!can.empty() && (had.empty() || can[0] != had[0])) s += " to afford " + can[0];
  return s;
}

std::string discard_terms(const ResourceCounts& hand, const ResourceCounts& give) {
  ResourceCounts h = hand;
  for (int r = 0; r < kNumResources; ++r) h[r] -= give[r];
  const auto can = affordable(h);
  return can.empty() ? "keeps the cards closest to your next build"
                     : "keeps " + can[0] + " in hand";
}

std::string steal_terms(const GameState& view, int victim, int me, const SeatNames& names) {
  std::string t =
      "steals from " + (victim >= 0 && victim < kMaxPlayers ? names[victim] : std::string("them"));
  if (victim == ai::leader_other_than(view, me)) t += ", the leader";
  return t;
}

// The one-line reason for a move with nothing to weigh.
const char* fixed_reason(ActionType t) {
  switch (t) {
    case ActionType::BuyDevCard:
      return "a development card: a knight for the robber and the army, a point or a progress "
             "card";
    case ActionType::PlayRoadBuilding:
      return "two free roads";
    case ActionType::OfferTrade:
      return "asks for the cards your next build needs";
    case ActionType::AcceptTrade:
      return "the trade brings you closer to your next build";
    case ActionType::DeclineTrade:
      return "the trade helps them more than you";
    case ActionType::CounterTrade:
      return "asks for a better deal";
    case ActionType::ConfirmTrade:
      return "takes the trade";
    case ActionType::CancelTrade:
      return "withdraws the offer";
    case ActionType::Roll:
      return "rolls the dice";
    default:
      return "";
  }
}

}  // namespace

std::string explain_move(const GameState& view, const Action& a, int me, const SeatNames& names) {
  GameState after = view;
  const bool applied = apply(after, a, nullptr, nullptr);
  std::vector<std::string> t;
  const ResourceCounts hand = view.players[me].resources;
  switch (a.type) {
    case ActionType::BuildSettlement:
    case ActionType::BuildCity:
      if (applied) building_terms(view, after, me, &t);
      if (applied) award_terms(view, after, me, &t);
      t.push_back("+1 VP");
      break;
    case ActionType::BuildRoad:
    case ActionType::FreeRoad:
      if (applied) road_terms(view, after, me, &t);
      if (t.empty()) t.push_back("a road toward new spots");
      break;
    case ActionType::PlayKnight:
      t.push_back("plays a knight to move the robber");
      if (applied) award_terms(view, after, me, &t);
      break;
    case ActionType::PlayYearOfPlenty:
      t.push_back(year_of_plenty_terms(hand, a));
      break;
    case ActionType::PlayMonopoly:
      t.push_back("takes every " + res(a.arg) + " the others hold");
      break;
    case ActionType::MoveRobber:
      t.push_back(robber_terms(view, a.arg, me, names));
      break;
    case ActionType::Steal:
      t.push_back(steal_terms(view, a.arg, me, names));
      break;
    case ActionType::TradeBank:
      t.push_back(bank_trade_terms(view, a, me));
      break;
    case ActionType::Discard:
      t.push_back(discard_terms(hand, a.give));
      break;
    case ActionType::EndTurn:
      t.push_back(affordable(hand).empty()
                      ? "nothing to build yet: keep the cards"
                      : "ends the turn: nothing here is worth more than the cards");
      break;
    default:
      t.push_back(fixed_reason(a.type));
      break;
  }
  return capitalized(join(t));
}

}  // namespace catan::coach
