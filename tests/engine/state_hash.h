// A stable hash of a GameState for golden games: FNV-1a 64 (engine/hash.h) over a canonical
// serialization that names every field explicitly, little-endian, one integer at a time.
// Never hashes memory bytes (padding differs between compilers and between native and wasm).
// Header-only so tests/engine, tools/ and tests/fuzz share exactly the same definition.
//
// If GameState gains a field, add it here and regenerate tests/golden with tools/make_golden.
#pragma once
#include <cstdint>
#include <string>

#include "engine/hash.h"
#include "engine/state.h"

namespace catan::testing_support {

using catan::Fnv1a;  // engine/hash.h
using catan::hash_hex;

inline void hash_options(Fnv1a& h, const GameOptions& o) {
  h.tag('O');
  h.u8s(o.preset, o.players, o.board, o.mode, o.vp_target, o.start_with_one_of_each, o.dice,
        o.visibility, o.discard, o.trade, o.max_offers_per_turn);
  h.u16(o.roll_cap);
  h.u8s(o.forfeit_on_illegal, o.random_first_player);
  h.u16(o.timer_seconds);
}

// Several arrays in order, each as arr8.
template <class... A>
void arr8s(Fnv1a& h, const A&... a) {
  (h.arr8(a), ...);
}

inline uint64_t state_hash(const GameState& s) {
  Fnv1a h;
  hash_options(h, s.options);
  h.tag('S');
  h.u64(s.seeds.board);  // the play seed shows in rng, deck and dice_deck, hashed below
  h.u64(s.rng.state);
  h.tag('L');
  arr8s(h, s.layout.terrain, s.layout.number, s.layout.ports);
  h.u8(s.robber_hex);
  h.tag('B');
  arr8s(h, s.vertex_owner, s.vertex_building, s.edge_owner);
  for (const PlayerState& p : s.players) {
    h.tag('P');
    arr8s(h, p.resources, p.dev_cards, p.dev_bought_this_turn, p.dev_played);
    h.u8s(p.roads_left, p.settlements_left, p.cities_left, p.longest_road, p.discard_owed,
          p.forfeited);
    h.arr8(p.trade_rate);
  }
  h.tag('K');
  arr8s(h, s.bank, s.deck);
  h.u8(s.deck_pos);
  h.arr8(s.dice_deck);
  h.u8(s.dice_pos);
  h.tag('T');
  h.u8s(s.phase, s.resume_phase, s.num_players, s.first_player, s.current, s.setup_step);
  h.i8(s.last_setup_vertex);
  h.arr8(s.last_dice);
  h.u16(s.turn);
  h.u16(s.rolls);
  h.u8s(s.dev_played_this_turn, s.offers_this_turn, s.free_roads_left);
  h.tag('R');
  h.i8s(s.offer.from, s.offer.to);
  arr8s(h, s.offer.give, s.offer.get, s.offer.answers);
  for (const auto& c : s.offer.counter_give) h.arr8(c);
  for (const auto& c : s.offer.counter_get) h.arr8(c);
  h.tag('W');
  h.i8s(s.longest_road_holder, s.largest_army_holder, s.winner);
  h.tag('X');
  h.arr16(s.stats.dice_histogram);
  for (const auto& a : s.stats.produced) h.arr16(a);
  for (const auto& a : s.stats.stolen_from) h.arr16(a);
  h.arr16(s.stats.robber_moves_against_leader);
  h.arr16(s.stats.offers_made);
  h.arr16(s.stats.offers_accepted);
  return h.value();
}

}  // namespace catan::testing_support
