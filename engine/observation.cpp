#include "engine/observation.h"

#include <algorithm>

#include "engine/events.h"
#include "engine/rules.h"

namespace catan {

Observation observe(const GameState& s, int seat) {
  Observation o;
  o.seat = seat;
  o.view = s;
  GameState& v = o.view;
  const int n = s.num_players;
  for (int q = 0; q < n; ++q) {
    o.hand_size[q] = static_cast<uint8_t>(s.hand_size(q));
    o.dev_hand_size[q] = static_cast<uint8_t>(s.dev_hand_size(q));
  }
  if (seat == kAllSeats) return o;

  // Development cards the seat cannot see: the deck plus the other hands.
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    int c = kDevDeckComposition[d];
    for (int q = 0; q < n; ++q) c -= s.players[q].dev_played[d];
    if (seat >= 0 && seat < n) c -= s.players[seat].dev_cards[d];
    o.unknown_dev_cards[d] = static_cast<uint8_t>(c < 0 ? 0 : c);
  }
  const bool over = s.phase == Phase::GameOver;
  for (int q = 0; q < kMaxPlayers; ++q) {
    if (q == seat) continue;
    PlayerState& P = v.players[q];
    const uint8_t vp = P.dev_cards[static_cast<int>(DevCard::VictoryPoint)];
    P.resources = {};
    P.dev_cards = {};
    P.dev_bought_this_turn = {};
    if (over) P.dev_cards[static_cast<int>(DevCard::VictoryPoint)] = vp;  // revealed at the end
    v.stats.stolen_from[q] = {};
  }
  // Hidden order: the whole deck reads as knights (its drawn part would name the cards in the
  // buyers' hands, in the order bought), the RNG is fixed, and the remaining balanced-dice
  // outcomes are sorted (their multiset is known from the rolls so far).
  v.deck.fill(DevCard::Knight);
  v.rng.state = 0;
  v.seeds.play = 0;  // with the play seed every future roll and card could be computed
  if (s.dice_pos < 36) std::sort(v.dice_deck.begin() + s.dice_pos, v.dice_deck.end());

  if (island_hidden(s)) {
    // docs/RULES.md, visibility: mist and terra incognita. The robber marks the desert from the
    // start, so the desert stays visible (with no number) in both modes.
    v.layout.terrain.fill(Terrain::Hidden);
    if (s.layout.terrain[s.robber_hex] == Terrain::Desert)
      v.layout.terrain[s.robber_hex] = Terrain::Desert;
    if (s.options.visibility == Visibility::TerraIncognita) {
      v.layout.number.fill(0);
      v.layout.ports.fill(PortType::Hidden);
    }
    v.seeds.board = 0;  // the board seed lays out the hidden island
    // A card's type names the terrain it came from: cards are dealt face down (hand_size
    // only, the seat's own hand included) and the bank reads 19 of each, as if they were
    // still in it. Nothing is produced before the first roll, so the statistics read zero.
    // Bank rates come from the ports the seat can see.
    for (int q = 0; q < kMaxPlayers; ++q) {
      v.players[q].resources = {};
      v.players[q].trade_rate = trade_rates(v, q);
    }
    v.bank.fill(kBankPerResource);
    v.stats = {};
  }
  return o;
}

bool island_hidden(const GameState& s) {
  return s.options.visibility != Visibility::Revealed &&
         (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad);
}

}  // namespace catan
