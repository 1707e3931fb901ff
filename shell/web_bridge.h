// The bridge between the running app and JavaScript (web/catan.js): the C functions exported
// from app.wasm (see the extern "C" block in web_bridge.cpp, all named catan_web_*), plus
// the match-config JSON used by URL parameters, postMessage commands and saved games.
//
// The shell wires the bridge to the UI once at start-up with attach(Host): the bridge only
// needs the Session the UI plays and a way to ask the UI to show a new or resumed match.
// Events (gameStarted, turn, diceRolled, gameOver, changed) are not pushed from C++: the
// page polls catan_web_poll() once per animation frame, which compares the Session's event
// log with what it reported last, so no hook inside the Session or the views is needed.
//
// Everything here is plain C++ (no Emscripten API), so it also builds natively and is
// unit-testable; only the exports get EMSCRIPTEN_KEEPALIVE in the browser build.
#pragma once
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "frontend/session.h"

namespace catan::web {

struct Host {
  // The match the UI plays (never null once attached; may be inactive before the first game).
  std::function<ui::Session*()> session;
  // Optional: start / resume a match and show the board (default: the Session directly).
  std::function<void(const ui::MatchConfig&)> start;
  std::function<void(const ui::MatchConfig&, const Game&)> resume;
  // Optional: sound on/off (UiSettings::muted), colour-blind palette (theme=colorblind).
  std::function<void(bool)> set_muted;
  std::function<void(bool)> set_colorblind;
  // Optional: screen positions (CSS pixels, canvas top-left origin) of the board's hexes,
  // vertices and edges as the board view last drew them: {"hexes":[[x,y],...],
  // "vertices":[[x,y],...], "edges":[[x,y],...], "scale": px per board unit}.
  std::function<nlohmann::json()> view;
};

void attach(Host host);
bool attached();
}  // namespace catan::web

namespace catan {
class App;
namespace web {
// Attaches the bridge to the UI (the Host above filled from App's web bridge hooks) and, in
// the browser, gives the App's own persistence (Continue last game) a localStorage slot.
void attach_app(App& app);
}  // namespace web
}  // namespace catan

namespace catan::web {

// --- Match configs ------------------------------------------------------------------------
// A flat config, the same keys as the embed page's URL parameters (values may be strings):
//   seed      1..2^64-1 (number or decimal string)
//   players   2..4
//   seats     ["human", "ai:hard:trader", "ai:expert", ...] or "human,ai:hard,..." (a seat
//             without personality is balanced; levels random|easy|normal|hard|expert)
//   mode      classic|blitz|epic|custom    vp 3..30    board beginner|official|balanced|random
//   visibility revealed|mist|terra_incognita   dice random|balanced   timer 0|20..3600|off
//   speed     AI speed multiplier 0.25..20 (pause between AI actions = 0.6 s / speed)
//   think     Expert thinking budget per decision in ms, 10..5000
//   autoplay  true: every seat AI (seats must not name a human)
// Unknown keys are rejected (theme, muted, origin are page settings: the page strips them).
bool config_from_json(const nlohmann::json& j, ui::MatchConfig* out, std::string* error);
// The complete config (options via options_to_json, seats as objects).
nlohmann::json config_to_json(const ui::MatchConfig& c);
// Inverse of config_to_json (used for saved games).
bool full_config_from_json(const nlohmann::json& j, ui::MatchConfig* out, std::string* error);
// Default seat names ("You", "Alice (Hard Trader)", ...).
void name_seats(ui::MatchConfig* c);

// --- Saved games (localStorage) ---------------------------------------------------------------
// {"format":"catan-web-save","version":1,"config":{...},"game":save_game(...)}
constexpr int kWebSaveVersion = 1;
nlohmann::json save_match(const ui::Session& s);
bool load_match(const std::string& text, ui::MatchConfig* config, Game* game, std::string* error);

// --- Game codes (replay links) -----------------------------------------------------------------
// base64url of: version, seed, options, seats, then each action as its index in
// legal_actions() (varint) or, for bundle trades not listed there, an escape + its text.
std::string encode_game(const ui::MatchConfig& c, const Game& g);
bool decode_game(const std::string& code, ui::MatchConfig* c, Game* g, std::string* error);

// --- Events --------------------------------------------------------------------------------
// New events since the last call as a JSON array (empty array when nothing happened).
nlohmann::json poll_events();

}  // namespace catan::web
