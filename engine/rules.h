// The rules: legality (why_not), legal actions, apply, invariants. Rules are cited by name
// from docs/RULES.md; the tests that cover them name the seeds.
#pragma once
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/state.h"

namespace catan {

// Legal actions for whoever must act now (state.to_move()), in a deterministic order.
// Complete except for combinatorial trade bundles: offers are listed only as 1-for-1
// (to each seat, and to all in classic), counters are never listed; any bundle offer or
// counter that is_legal() accepts may still be played.
void legal_actions(const GameState& s, std::vector<Action>& out);
std::vector<Action> legal_actions(const GameState& s);
// Same, optionally without the player-trade offers (random playouts, benchmarks, AIs that
// do not negotiate): identical to the full list with every OfferTrade removed.
void legal_actions(const GameState& s, std::vector<Action>& out, bool include_offers);

// why_not: ready. The one rules authority: whether `a` is legal now for the player to move,
// and if not, why. is_legal() and apply() run this same check, so a UI that asks why_not()
// before offering a button agrees with the engine by construction.
//
// One Reason per distinct cause apply() refuses. Verdict::text is exactly the sentence
// apply() reports (lower case, no final stop, protocol hints such as "(move_robber:<hex>)"
// included: the protocol prints it byte for byte); Verdict::sentence() is the same sentence
// for a player ("Move the robber first."). Several reasons share a text where the cause is
// finer than the message (a road on an occupied edge is Occupied, one not connected is
// NotConnected; both read "a road must go on an empty edge connected to your network").
enum class Reason : uint8_t {
  Ok,
  // Whose turn, which phase.
  GameOver,                  // the game is over
  NotYourTurn,               // why_not(s, seat, a) only: another seat must act now
  WrongPhase,                // not an action of this phase ("that action is not possible now")
  MustPlaceSetupSettlement,  // setup: a settlement is due
  MustPlaceSetupRoad,        // setup: the road next to the settlement just placed is due
  MustRollFirst,             // before the dice only a roll or a development card
  AlreadyRolled,             // a second roll in one turn
  MustDiscardFirst,          // after a 7, players over 7 cards discard first
  MustMoveRobberFirst,       // the robber is to be moved
  MustStealFirst,            // a victim is to be chosen
  MustPlaceFreeRoad,         // road building: a free road is due
  MustAnswerTrade,           // a trade offer awaits this seat's answer
  MustConfirmOrCancelTrade,  // the offerer closes with one answer or cancels
  // Arguments that name nothing.
  NoSuchVertex,
  NoSuchEdge,
  NoSuchHex,
  NoSuchSeat,
  BadResource,
  // Building (docs/RULES.md, placement; pieces; costs).
  Occupied,            // the vertex or edge already holds a piece
  TooCloseToBuilding,  // the distance rule
  NotConnected,        // not on the player's network (or not at the setup settlement)
  NotYourSettlement,   // a city replaces one of the player's settlements
  NoPiecesLeft,        // no road, settlement or city left in the supply
  CannotAfford,        // the hand does not cover the cost
  // Development cards.
  DeckEmpty,
  AlreadyPlayedDevCard,  // one development card per turn
  NoSuchCard,            // the player does not hold that card
  CardBoughtThisTurn,    // not playable the turn it was bought
  // Cards and trades.
  WrongDiscardCount,   // a discard is half the hand, rounded down
  DoesNotHold,         // the player acting lacks the cards
  TargetDoesNotHold,   // the trade partner lacks the cards
  BadBundle,           // a trade side is empty, or a resource is on both sides
  SameResource,        // a bank trade of a resource for itself
  BelowBankRate,       // fewer cards than the player's bank rate
  BankCannotPay,       // the bank lacks the cards asked for
  OfferLimitReached,   // no more offers this turn
  OfferToOneSeatOnly,  // offers to everyone are not allowed in this game
  OneForOneOnly,       // trades are one card for one card in this game
  NoSuchPartner,       // not a seat that may trade (self, forfeited, out of range)
  CountersNotAllowed,  // counter-offers are not allowed in this game
  SeatDidNotAccept,    // confirm_trade names a seat that neither accepted nor countered
  // The robber (docs/RULES.md, robber).
  RobberMustMove,  // the robber must leave its hex
  NoVictimThere,   // not an opponent with cards and a building on the robber's hex
};
constexpr int kNumReasons = static_cast<int>(Reason::NoVictimThere) + 1;

struct Verdict {
  Reason reason = Reason::Ok;
  std::string text;  // "" when ok
  bool ok() const { return reason == Reason::Ok; }
  // The text as a sentence for a player: capitalized, protocol hints left out, a final stop.
  std::string sentence() const;
};

// Ok when a is legal now; else the code and its English text.
Verdict why_not(const GameState& s, const Action& a);
// The same, asked for `seat`: NotYourTurn when another seat must act (the game not over).
Verdict why_not(const GameState& s, int seat, const Action& a);
// A stable snake_case name per reason ("must_roll_first"); "?" out of range.
const char* reason_name(Reason r);

// why_not(s, a).ok(), with the text in *why ("" when legal).
bool is_legal(const GameState& s, const Action& a, std::string* why = nullptr);

// Applies a for the player to move. On an illegal action: classic -> returns false, sets
// *error and leaves s untouched; arena (forfeit_on_illegal) -> the mover forfeits, the VP
// leader wins, returns false with *error. Events are appended to *events if given.
bool apply(GameState& s, const Action& a, std::string* error = nullptr, EventLog* events = nullptr);

// apply() without the re-validation, for an action just taken from legal_actions(s) on this
// very state (random playouts, benchmarks). Anything else is undefined behaviour.
void apply_trusted(GameState& s, const Action& a, EventLog* events = nullptr);

// The distance rule (docs/RULES.md, distance rule): a building, anyone's, stands one edge
// away from vertex v.
inline bool building_next_to(const GameState& s, int v) {
  const VertexInfo& V = topology().vertices[v];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (s.vertex_owner[V.neighbors[j]] >= 0) return true;
  return false;
}
// v is empty and the distance rule lets a settlement stand there (roads and cost aside).
inline bool free_for_settlement(const GameState& s, int v) {
  return s.vertex_owner[v] < 0 && !building_next_to(s, v);
}

// Longest simple trail of seat's roads, not passing through opponents' buildings.
int longest_road_length(const GameState& s, int seat);

// Best bank rate per resource for seat given its port buildings.
std::array<uint8_t, kNumResources> trade_rates(const GameState& s, int seat);

// Checks every invariant (19 of each resource across bank and hands, 25 development
// cards accounted for, piece counts, distance rule, road connectivity, VP sums, phase
// consistency). Returns "" when all hold, else a description of the first violation.
std::string check_invariants(const GameState& s);

}  // namespace catan
