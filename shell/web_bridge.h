// The bridge between the running app and JavaScript (web/catan.js): the C functions exported
// from app.wasm (see the extern "C" block in web_bridge.cpp, all named catan_web_*), plus
// the event poller.
//
// The shell wires the bridge to the UI once at start-up with attach(Host): the bridge only
// needs the Session the UI plays and a way to ask the UI to show a new or resumed match.
// Events (gameStarted, turn, diceRolled, gameOver, changed) are not pushed from C++: the
// page polls catan_web_poll() once per animation frame, which compares the Session's event
// log with what it reported last, so no hook inside the Session or the views is needed.
//
// The bridge is compiled into the browser build only; what it parses and writes (configs,
// saves, replay codes) is the match layer's, which the native tests and fuzzers reach.
#pragma once
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "match/session.h"

namespace catan::web {

struct Host {
  // The match the UI plays (never null once attached; may be inactive before the first game).
  std::function<match::Session*()> session;
  // Optional: start / resume a match and show the board (default: the Session directly).
  std::function<void(const match::MatchConfig&)> start;
  std::function<void(const match::MatchConfig&, const Game&)> resume;
  // Optional: sound on/off (UiSettings::muted), colour-blind palette (theme=colorblind).
  std::function<void(bool)> set_muted;
  std::function<void(bool)> set_colorblind;
  // Optional: opens the game review of the session's game (a replay link opens there).
  std::function<void()> review;
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

// The match configs, saved matches and replay codes the exports read and write live in the
// match layer (match/), which builds natively too and is tested and fuzzed there.

// --- Events --------------------------------------------------------------------------------
// New events since the last call as a JSON array (empty array when nothing happened).
nlohmann::json poll_events();

}  // namespace catan::web
