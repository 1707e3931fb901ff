// A roll of the dice (docs/RULES.md, production; seven; dice): the dice (random, or the
// balanced deck of the 36 outcomes), production with the bank running short, and on a 7 the
// discards (chosen, or automatic from the largest pile) before the robber moves.

#include "engine/rules_internal.h"

namespace catan::detail {
namespace {

void produce(GameState& s, int sum, EventLog* ev) {
  // Owed cards per resource, one byte per seat (at most 2 hexes x 3 cities x 2 = 12).
  uint32_t owed[kNumResources] = {};
  const Topology& t = T();
  // Hexes showing `sum`, minus the robber's.
  uint64_t hexes = hexes_numbered(s, sum) & ~(uint64_t{1} << s.robber_hex);
  unsigned touched = 0;  // the resources some hex produces
  while (hexes) {
    const int h = __builtin_ctzll(hexes);
    hexes &= hexes - 1;
    const int r = static_cast<int>(s.layout.terrain[h]);
    if (r >= kNumResources) continue;
    const HexInfo& H = t.hexes[h];
    // Building::Settlement = 1 card, City = 2, None = 0 (an empty vertex adds nothing, so
    // the loop needs no branch on the owner).
    static_assert(static_cast<int>(Building::Settlement) == 1 &&
                  static_cast<int>(Building::City) == 2 && static_cast<int>(Building::None) == 0);
    uint32_t acc = 0;
    for (int i = 0; i < 6; ++i) {
      const int v = H.vertices[i];
      acc += static_cast<uint32_t>(s.vertex_building[v]) << (8 * (s.vertex_owner[v] & 3));
    }
    owed[r] += acc;
    touched |= 1u << r;
  }
  uint32_t got[kNumResources] = {};  // same packing
  unsigned seat_bytes = 0;           // OR of got: a non-zero byte = a seat that gets cards
  for_bits(touched, [&](int r) {
    const uint32_t x = owed[r];
    const int tot = static_cast<int>((x * 0x01010101u) >> 24);
    uint32_t g = x;
    if (tot > s.bank[r]) {
      // docs/RULES.md, production: nobody gets it, unless only one player is owed it: they take
      // what is left.
      g = 0;
      const uint32_t nz = ((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) & 0x80808080u;  // bytes != 0
      if ((nz & (nz - 1)) == 0 && s.bank[r]) {
        const int only = __builtin_ctz(nz) >> 3;
        g = static_cast<uint32_t>(s.bank[r]) << (8 * only);
      }
      emit(ev, EventType::ProductionShort, -1, -1, r);
    }
    got[r] = g;
    seat_bytes |= g;
    // Every seat's byte added (most are zero): no branch on who gets cards.
    for (int q = 0; q < kMaxPlayers; ++q) {
      const int c = static_cast<int>(g >> (8 * q) & 0xFF);
      s.players[q].resources[r] = static_cast<uint8_t>(s.players[q].resources[r] + c);
      s.stats.produced[q][r] = static_cast<uint16_t>(s.stats.produced[q][r] + c);
    }
    s.bank[r] = static_cast<uint8_t>(s.bank[r] - ((g * 0x01010101u) >> 24));
  });
  if (!ev) return;
  const int n = s.num_players;
  for (int q = 0; q < n; ++q) {
    if (!(seat_bytes >> (8 * q) & 0xFF)) continue;
    ResourceCounts gq{};
    for (int r = 0; r < kNumResources; ++r) gq[r] = static_cast<uint8_t>(got[r] >> (8 * q));
    emit(ev, EventType::Produced, q, -1, -1, -1, gq);
  }
}

}  // namespace

void roll(GameState& s, int p, EventLog* ev) {
  int d1, d2;
  if (s.options.dice == DiceMode::Balanced) {
    if (s.dice_pos >= 36) {
      for (int i = 0; i < 36; ++i) s.dice_deck[i] = static_cast<uint8_t>(i);
      s.rng.shuffle(s.dice_deck.data(), 36);
      s.dice_pos = 0;
    }
    const int o = s.dice_deck[s.dice_pos++];
    d1 = o / 6 + 1;
    d2 = o % 6 + 1;
  } else {
    d1 = static_cast<int>(s.rng.below(6)) + 1;
    d2 = static_cast<int>(s.rng.below(6)) + 1;
  }
  s.last_dice = {static_cast<uint8_t>(d1), static_cast<uint8_t>(d2)};
  if (s.rolls < UINT16_MAX) ++s.rolls;
  const int sum = d1 + d2;
  ++s.stats.dice_histogram[sum];
  emit(ev, EventType::DiceRolled, p, -1, d1, d2);
  if (sum != 7) {
    produce(s, sum, ev);
    s.phase = Phase::Main;
    return;
  }
  s.resume_phase = Phase::Main;
  const int n = s.num_players;
  if (s.options.discard == DiscardMode::AutoLargest) {
    // docs/RULES.md, seven: floor(n/2) from the largest pile, one card at a time (ties: lowest
    // resource).
    for (int q = 0; q < n; ++q) {
      ResourceCounts& hand = s.players[q].resources;
      const int h = total(hand);
      if (h <= 7) continue;
      ResourceCounts d{};
      for (int k = 0; k < h / 2; ++k) {
        int best = 0;
        for (int r = 1; r < kNumResources; ++r)
          if (hand[r] > hand[best]) best = r;
        --hand[best];
        ++s.bank[best];
        ++d[best];
      }
      emit(ev, EventType::Discarded, q, -1, -1, -1, d);
    }
    s.phase = Phase::MoveRobber;
  } else {
    bool any = false;
    for (int q = 0; q < n; ++q) {
      const int h = s.hand_size(q);
      if (h > 7) {
        s.players[q].discard_owed = static_cast<uint8_t>(h / 2);
        any = true;
      }
    }
    s.phase = any ? Phase::Discard : Phase::MoveRobber;
  }
}

}  // namespace catan::detail
