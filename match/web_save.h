// A saved match, the one format of the web pages and the desktop app: the match config (with
// both seeds) and the engine's complete saved game. It stays on the player's own machine
// (localStorage, a file); the web page's API hands it out only once the game is over.
//   {"format":"catan-web-save","version":1,"config":config_to_private_json(...),
//    "game":save_game(...)}
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "match/config.h"

namespace catan::match {

inline constexpr int kWebSaveVersion = 1;
// The longest saved-game text read (a long game's save is a few hundred kilobytes).
inline constexpr size_t kMaxWebSaveText = 16 * 1024 * 1024;

nlohmann::json save_match(const MatchConfig& config, const Game& game);
// Reads a saved match; false and *error (an English sentence) on anything off, and then
// *config and *game are unchanged. Also reads the desktop app's earlier format
// ({"version":1,"game":save_game(...),"seats":[{kind,level,personality,seed,name}],
// "ai_delay":s}), so saves made before both used this one keep loading.
bool load_match(const std::string& text, MatchConfig* config, Game* game, std::string* error);

}  // namespace catan::match
