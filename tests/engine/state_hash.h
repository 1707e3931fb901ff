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
  h.u8(static_cast<uint8_t>(o.preset));
  h.u8(o.players);
  h.u8(static_cast<uint8_t>(o.board));
  h.u8(static_cast<uint8_t>(o.mode));
  h.u8(o.vp_target);
  h.u8(o.start_with_one_of_each);
  h.u8(static_cast<uint8_t>(o.dice));
  h.u8(static_cast<uint8_t>(o.visibility));
  h.u8(static_cast<uint8_t>(o.discard));
  h.u8(static_cast<uint8_t>(o.trade));
  h.u8(o.max_offers_per_turn);
  h.u16(o.roll_cap);
  h.u8(o.forfeit_on_illegal);
  h.u8(o.random_first_player);
  h.u16(o.timer_seconds);
}

inline uint64_t state_hash(const GameState& s) {
  Fnv1a h;
  hash_options(h, s.options);
  h.tag('S');
  h.u64(s.seeds.board);  // the play seed shows in rng, deck and dice_deck, hashed below
  h.u64(s.rng.state);
  h.tag('L');
  h.arr8(s.layout.terrain);
  h.arr8(s.layout.number);
  h.arr8(s.layout.ports);
  h.u8(s.robber_hex);
  h.tag('B');
  h.arr8(s.vertex_owner);
  h.arr8(s.vertex_building);
  h.arr8(s.edge_owner);
  for (const PlayerState& p : s.players) {
    h.tag('P');
    h.arr8(p.resources);
    h.arr8(p.dev_cards);
    h.arr8(p.dev_bought_this_turn);
    h.arr8(p.dev_played);
    h.u8(p.roads_left);
    h.u8(p.settlements_left);
    h.u8(p.cities_left);
    h.u8(p.longest_road);
    h.u8(p.discard_owed);
    h.u8(p.forfeited);
    h.arr8(p.trade_rate);
  }
  h.tag('K');
  h.arr8(s.bank);
  h.arr8(s.deck);
  h.u8(s.deck_pos);
  h.arr8(s.dice_deck);
  h.u8(s.dice_pos);
  h.tag('T');
  h.u8(static_cast<uint8_t>(s.phase));
  h.u8(static_cast<uint8_t>(s.resume_phase));
  h.u8(s.num_players);
  h.u8(s.first_player);
  h.u8(s.current);
  h.u8(s.setup_step);
  h.i8(s.last_setup_vertex);
  h.arr8(s.last_dice);
  h.u16(s.turn);
  h.u16(s.rolls);
  h.u8(s.dev_played_this_turn);
  h.u8(s.offers_this_turn);
  h.u8(s.free_roads_left);
  h.tag('R');
  h.i8(s.offer.from);
  h.i8(s.offer.to);
  h.arr8(s.offer.give);
  h.arr8(s.offer.get);
  h.arr8(s.offer.answers);
  for (const auto& c : s.offer.counter_give) h.arr8(c);
  for (const auto& c : s.offer.counter_get) h.arr8(c);
  h.tag('W');
  h.i8(s.longest_road_holder);
  h.i8(s.largest_army_holder);
  h.i8(s.winner);
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
