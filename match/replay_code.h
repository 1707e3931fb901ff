// Replay codes: a whole finished game in a URL fragment (index.html#game=<code>).
//
// A code is base64url of: a version byte, then varints. Version 2 (written now):
//   2, board seed, play seed, 15 options (GameOptions fields in declaration order), one byte
//   per seat (0 human, else 1 + level * 8 + personality), AI delay in ms, think budget in
//   ms, the action count, then each action's stable id (action_id in engine/action.h).
// Version 1 (read for links made by earlier releases): one seed for both, and each action as
// its index in legal_actions() at that point (the order is pinned by a test), or for bundle
// trades that list does not hold, an escape (the list's length) and the action's text.
//
// A code carries the play seed, so with it anyone can compute every hidden card and roll of
// the game: codes are written only for finished games.
#pragma once
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "match/config.h"

namespace catan::match {

inline constexpr uint8_t kReplayCodeVersion = 2;
// The longest code read or written: kMaxGameActions actions of a few bytes each.
inline constexpr size_t kMaxReplayCodeText = kMaxGameActions * 8;

// The code of a finished game; false and *error when the game is not over or too long.
bool encode_game(const MatchConfig& c, const Game& g, std::string* code, std::string* error);
// Rebuilds the game a code describes (replayed to its last action). false and *error (an
// English sentence) on anything off, and then *c and *g are unchanged.
bool decode_game(const std::string& code, MatchConfig* c, Game* g, std::string* error);

// The most actions a replay link may hold: a long game has about 1,500, and a link must open
// in a fraction of a second on a phone (docs/SECURITY.md has the measurements).
inline constexpr size_t kMaxLinkActions = 10000;
// decode_game for links: a code of more than kMaxLinkActions actions is refused before any
// is replayed.
bool decode_game_link(const std::string& code, MatchConfig* c, Game* g, std::string* error);

}  // namespace catan::match
