// The fair seed (docs/MULTIPLAYER.md, "Fair play"): nobody in a room chooses the dice or the
// deck. Commit-reveal:
//   1. the host draws a secret and announces its SHA-256 (`commitment`) in the lobby;
//   2. every guest's hello brings a nonce of its own, drawn after it saw the commitment;
//   3. at the start the host derives the seeds from its secret and the seated guests' nonces
//      (derive_seeds) and announces the nonces, seat by seat;
//   4. once the game is over the host reveals its secret, and each guest checks the
//      commitment, finds its own nonce, derives the seeds again and replays the game
//      (check_fair_seed, then verify_game in match/verify.h).
// A guest's nonce alone cannot steer the seeds (the secret is unknown to it), and the host
// cannot change its secret after committing. The host does learn the seeds at the start: it
// could read the deck and the coming rolls during the game (docs/SECURITY.md).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/rng.h"

namespace catan::match {

// 32 random bytes from the platform's entropy source, as 64 hex digits (a host's secret) or
// 16 bytes as 32 (a guest's nonce).
std::string fresh_secret();
std::string fresh_nonce();
bool valid_secret(std::string_view s);  // 64 lowercase hex digits
bool valid_nonce(std::string_view s);   // 32 lowercase hex digits

// sha256_hex(secret): what the host announces before anyone sends a nonce.
std::string commitment_of(std::string_view secret);

// The match's seeds from the secret and each seat's nonce ("" for a seat with none: the host's
// own, a bot's, an open one). The board seed is derived too when the island starts hidden
// (nobody has seen it); a visible island keeps `board_seed`, which every guest saw in the lobby.
Seeds derive_seeds(std::string_view secret, const std::vector<std::string>& nonces,
                   uint64_t board_seed, bool board_hidden);

// What a guest checks once the secret is revealed: "" when the commitment, the guest's own
// nonce at its seat and the revealed seeds all agree; else a sentence naming what differs.
std::string check_fair_seed(std::string_view commitment, std::string_view secret,
                            const std::vector<std::string>& nonces, int seat,
                            std::string_view own_nonce, const Seeds& revealed, uint64_t board_seed,
                            bool board_hidden);

}  // namespace catan::match
