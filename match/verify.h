// Fair play, a guest's check (docs/MULTIPLAYER.md, "Verification"): a guest keeps a digest of
// every view it received; once the game is over the host reveals the seeds and the actions
// (wire::Reveal), and the guest replays the game and compares each view with the replay's view
// of its seat at the same point. A host that changed a roll, a card drawn, an action or a view
// sent during the game is found out, and the first difference is named.
//
//   VerifyRecord record;
//   record.add(decoded_view);                                  // each view received
//   VerifyResult r = verify_game(room.config, room.seat, reveal, record);
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "match/config.h"
#include "match/view_match.h"
#include "match/wire.h"

namespace catan::match {

// A SeatView in 32 bytes: where it is in the game and a digest of each part a replay
// reproduces. The host's clock, autopilot and bot status are left out (the replay has no
// clock).
struct ViewDigest {
  uint64_t actions_applied = 0;
  uint64_t observation = 0;  // the board, hands, bank, turn, offer, statistics, counts, moves
  uint64_t events = 0;       // the events as the seat sees them
  uint64_t legal = 0;        // the seat's legal actions
  bool operator==(const ViewDigest&) const = default;
};
// FNV-1a 64 (engine/hash.h) of the view's canonical wire parts (wire::view_body_parts).
ViewDigest digest_view(const SeatView& v);

// The views a guest received, in order (a repeat of the view before is kept once).
struct VerifyRecord {
  std::vector<ViewDigest> views;
  void add(const SeatView& v);
};

struct VerifyResult {
  bool ok = false;
  std::string first_difference;  // "" when ok; else an English sentence naming the action
};

// Replays (config.options, reveal.seeds, reveal.actions) and compares seat_view() of `seat`
// with each recorded view at the same actions_applied; checks that the replay ends where the
// last view received did, with the game over, that the board seed is the room's (when the room
// showed one). The seeds' commitment is checked before (check_fair_seed). `config` is the
// room's (guest_config(): its seats' kinds decide who receives legal actions).
VerifyResult verify_game(const MatchConfig& config, int seat, const wire::Reveal& reveal,
                         const VerifyRecord& record);

}  // namespace catan::match
