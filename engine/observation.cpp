#include "engine/observation.h"

#include <algorithm>

#include "engine/events.h"

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
  static const int kComposition[kNumDevCardTypes] = {14, 5, 2, 2, 2};
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    int c = kComposition[d];
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
  // Hidden order: the remaining deck reads as knights, the RNG is fixed, and the remaining
  // balanced-dice outcomes are sorted (their multiset is known from the rolls so far).
  for (int i = s.deck_pos; i < kDevDeckSize; ++i) v.deck[i] = DevCard::Knight;
  v.rng.state = 0;
  if (s.dice_pos < 36) std::sort(v.dice_deck.begin() + s.dice_pos, v.dice_deck.end());

  const bool setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
  if (setup && s.options.visibility != Visibility::Revealed) {
    v.layout.terrain.fill(Terrain::Hidden);  // 004 mist and terra incognita
    if (s.options.visibility == Visibility::TerraIncognita) {
      v.layout.number.fill(0);
      v.layout.ports.fill(PortType::Hidden);
    }
  }
  return o;
}

}  // namespace catan
