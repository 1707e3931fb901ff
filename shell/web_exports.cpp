// The catan_web_* C functions web/bridge.js calls through Module.ccall (EMSCRIPTEN_KEEPALIVE).
// Each returns a pointer into a static std::string that stays valid until the next call of
// the same function (ccall copies it into a JS string right away), and runs its body through
// guarded(): nothing thrown crosses into JavaScript, and JSON is dumped with invalid UTF-8
// replaced, so the page always receives a string it can parse ({"ok":false,"error":...} when
// something went wrong).
#include <cstring>
#include <exception>
#include <string>

#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "match/config.h"
#include "match/replay_code.h"
#include "match/web_save.h"
#include "shell/web_bridge.h"
#include "shell/web_export.h"
#include "shell/web_search_pool.h"

namespace {

using nlohmann::json;

catan::web::WebBridge& bridge() {
  return catan::web::WebBridge::instance();
}

// The seat argument of catan_web_state: the seat whose screen is shown (the session's
// viewer, a spectator when every seat is an AI).
constexpr int kViewerSeat = -2;

using catan::web::dump;
using catan::web::error_json;
using catan::web::ok_json;

// Runs body() into slot; on an exception slot gets on_error(what) instead.
template <class Body, class OnError>
const char* run_guarded(std::string& slot, Body&& body, OnError&& on_error) {
  try {
    slot = body();
  } catch (const std::exception& e) {
    slot = on_error(std::string(e.what()));
  } catch (...) {
    slot = on_error(std::string("unknown exception"));
  }
  return slot.c_str();
}

// For exports that answer JSON: an exception becomes {"ok":false,"error":...}.
template <class Body>
const char* guarded(std::string& slot, Body&& body) {
  return run_guarded(slot, body,
                     [](const std::string& what) { return error_json("internal error: " + what); });
}

// For exports that answer plain text: an exception becomes `fallback`.
template <class Body>
const char* guarded_text(std::string& slot, Body&& body, const char* fallback) {
  return run_guarded(slot, body, [fallback](const std::string&) { return std::string(fallback); });
}

template <class Body>
void guarded_void(Body&& body) {
  try {
    body();
  } catch (...) {
    // A setter that fails leaves things as they were; the page learns nothing new.
  }
}

// For exports that answer text about the game in progress: body(session) makes it; "" when
// there is no game, or on an exception.
template <class Body>
const char* game_text(std::string& slot, Body&& body) {
  return guarded_text(
      slot,
      [&] {
        auto* ses = bridge().active_session();
        return ses ? body(*ses) : std::string();
      },
      "");
}

// A text argument from JavaScript, refused when longer than `limit` bytes.
bool bounded(const char* text, size_t limit, std::string* out) {
  const char* s = text ? text : "";
  const size_t n = strnlen(s, limit + 1);
  if (n > limit) return false;
  out->assign(s, n);
  return true;
}

using MatchReader = bool (*)(const std::string&, catan::match::MatchConfig*, catan::Game*,
                             std::string*);

// Reads a match from JavaScript's text with `read` (a saved game or a replay code) and
// resumes it: {"ok":true}, or the reader's error, and then nothing changes.
std::string resume_from(const char* text, size_t limit, const char* too_long, MatchReader read,
                        bool* resumed = nullptr) {
  if (!bridge().session()) return error_json("the app is not attached");
  std::string input;
  if (!bounded(text, limit, &input)) return error_json(too_long);
  catan::match::MatchConfig c;
  catan::Game g;
  std::string err;
  if (!read(input, &c, &g, &err)) return error_json(err);
  bridge().resume(c, g);
  if (resumed) *resumed = true;
  return ok_json();
}

}  // namespace

// The state as `seat` sees it plus the session's view:
// {"ok":true, "state":{...state_to_json...}, "session":{active, paused, viewer, ...}}.
// seat: -2 the seat whose screen is shown, -1 a spectator, 0..n-1 a seat, 99 every hand.
// While the game runs only the shown seat's view and the spectator's are given: another
// seat's view, or every hand, would show cards the player at this screen may not see.
CATAN_WEB_EXPORT const char* catan_web_state(int seat) {
  static std::string out;
  return guarded(out, [&] {
    auto* ses = bridge().session();
    if (!ses) return error_json("the app is not attached");
    json j;
    const bool active = bridge().active_session() != nullptr;  // not while a room is shown
    json sj = {{"active", active}, {"paused", ses->paused()}};
#ifdef __EMSCRIPTEN__
    // The Web Workers the AI searches in (0: none yet, or it searches on the main thread).
    sj["searchWorkers"] = catan::web::WebSearchPool::instance()->workers();
#endif
    if (active) {
      const catan::GameState& s = ses->state();
      if (seat == kViewerSeat) seat = ses->viewer();
      if (seat != catan::kAllSeats && (seat < -1 || seat >= s.num_players)) {
        return error_json("bad seat");
      }
      if (s.phase != catan::Phase::GameOver && seat != -1 && seat != ses->viewer()) {
        return error_json(
            "while the game runs only the shown seat's view (no argument) and the spectator's "
            "(-1) are given; every view is open once the game is over");
      }
      j["state"] = catan::state_to_json(s, seat);
      sj["seat"] = seat;
      sj["viewer"] = ses->viewer();
      sj["toMove"] = s.to_move();
      sj["humanToAct"] = ses->human_to_act();
      sj["aiThinking"] = ses->ai_thinking();
      sj["handoffPending"] = ses->handoff_pending();
      // Timers: public facts (the clock, whose time ran out, who the AI plays for).
      sj["timeLeft"] = ses->time_left();
      sj["timedOut"] = ses->timed_out_seat();
      json autopilot = json::array();
      for (int p = 0; p < s.num_players; ++p)
        if (ses->is_human(p) && ses->on_autopilot(p)) autopilot.push_back(p);
      sj["autopilot"] = autopilot;
      sj["actions"] = ses->game().history().size();
      sj["config"] = catan::match::config_to_json(ses->config(), catan::island_hidden(s));
    }
    j["session"] = sj;
    j["ok"] = true;
    return dump(j);
  });
}

// The legal actions of the human who must act now, as strings; [] when an AI or nobody is to
// act (another seat's list would show its cards, e.g. which bundles it can discard).
// Bundle trades beyond 1-for-1 are legal too but not listed (see rules.h).
CATAN_WEB_EXPORT const char* catan_web_legal() {
  static std::string out;
  return guarded(out, [&] {
    auto* ses = bridge().active_session();
    json a = json::array();
    if (ses && ses->human_to_act()) {
      for (const auto& x : catan::legal_actions(ses->state())) a.push_back(x.to_string());
    }
    return dump(a);
  });
}

// Submits an action for the human who must act now. {"ok":true} or {"ok":false,"error":...}.
CATAN_WEB_EXPORT const char* catan_web_act(const char* text) {
  static std::string out;
  return guarded(out, [&] {
    auto* ses = bridge().active_session();
    if (!ses) return error_json("no game in progress");
    std::string action_text, err;
    if (!bounded(text, catan::kMaxActionText, &action_text)) return error_json("action too long");
    auto a = catan::Action::parse(action_text, &err);
    if (!a) return error_json("malformed action: " + err);
    if (!ses->human_to_act()) return error_json("it is not a human's turn to act");
    if (ses->handoff_pending()) ses->accept_handoff();
    if (!ses->submit(*a, &err)) return error_json(err);
    return ok_json();
  });
}

// Starts a match from a flat config (see match::config_from_json). {"ok":true,"config":{...}}.
CATAN_WEB_EXPORT const char* catan_web_new_game(const char* config_json) {
  static std::string out;
  return guarded(out, [&] {
    if (!bridge().session()) return error_json("the app is not attached");
    std::string text;
    if (!bounded(config_json, catan::match::kMaxConfigText, &text)) {
      return error_json("the config is too long");
    }
    catan::match::MatchConfig c;
    std::string err;
    if (!catan::match::config_from_text(text, &c, &err)) return error_json(err);
    bridge().start(c);
    return dump(json{{"ok", true}, {"config", catan::match::config_to_json(c)}});
  });
}

CATAN_WEB_EXPORT void catan_web_set_paused(int paused) {
  guarded_void([&] {
    if (auto* ses = bridge().session()) ses->set_paused(paused != 0);
  });
}

CATAN_WEB_EXPORT void catan_web_set_muted(int muted) {
  guarded_void([&] { bridge().set_muted(muted != 0); });
}

CATAN_WEB_EXPORT void catan_web_set_colorblind(int on) {
  guarded_void([&] { bridge().set_colorblind(on != 0); });
}

// AI pace multiplier (see match::ai_delay_for_speed); out-of-range values are ignored.
CATAN_WEB_EXPORT void catan_web_set_speed(double speed) {
  guarded_void([&] {
    if (auto* ses = bridge().session();
        ses && speed >= catan::match::kMinAiSpeed && speed <= catan::match::kMaxAiSpeed) {
      ses->set_ai_delay(catan::match::ai_delay_for_speed(speed));
    }
  });
}

// The match as a saved-game document, both seeds included ("" when no game is in progress).
// The page keeps it in localStorage; its API hands it out only once the game is over.
CATAN_WEB_EXPORT const char* catan_web_save() {
  static std::string out;
  return game_text(out, [](catan::match::Session& ses) {
    return dump(catan::match::save_match(ses.config(), ses.game()));
  });
}

// Resumes a saved match. {"ok":true} or {"ok":false,"error":"the saved game is ..."}; a
// refused save changes nothing.
CATAN_WEB_EXPORT const char* catan_web_load(const char* text) {
  static std::string out;
  return guarded(out, [&] {
    return resume_from(text, catan::match::kMaxWebSaveText,
                       "the saved game is too large (over 16 MiB)", catan::match::load_match);
  });
}

// The finished game as a compact code for replay links; "" while the game runs (the code
// holds the play seed) or when there is no game.
CATAN_WEB_EXPORT const char* catan_web_game_code() {
  static std::string out;
  return game_text(out, [](catan::match::Session& ses) {
    std::string code;
    return catan::match::encode_game(ses.config(), ses.game(), &code, nullptr) ? code
                                                                               : std::string();
  });
}

// Loads a game code (replays it to its last position, paused) and opens its review (the
// app's review screen: the board at any action, the win chances, the graded moves, "Play
// from here"). {"ok":true} or an error; a refused code changes nothing.
CATAN_WEB_EXPORT const char* catan_web_load_game_code(const char* code) {
  static std::string out;
  return guarded(out, [&] {
    bool resumed = false;
    std::string answer =
        resume_from(code, catan::match::kMaxReplayCodeText, "the game code is too long",
                    catan::match::decode_game_link, &resumed);
    // A replay opens paused at its last position (the UI's Resume button continues it).
    if (resumed) {
      bridge().session()->set_paused(true);
      bridge().open_review();
    }
    return answer;
  });
}

// Events since the last poll, as a JSON array (see poll_events); [] after an error.
CATAN_WEB_EXPORT const char* catan_web_poll() {
  static std::string out;
  return guarded_text(
      out, [&] { return dump(bridge().poll_events()); }, "[]");
}

// What the screen shows (see WebBridge::view); {} before the app is attached.
CATAN_WEB_EXPORT const char* catan_web_view() {
  static std::string out;
  return guarded(out, [&] { return dump(bridge().view()); });
}

// The board (topology and layout) as the seat whose screen is shown sees it.
CATAN_WEB_EXPORT const char* catan_web_board() {
  static std::string out;
  return guarded(out, [&] {
    auto* ses = bridge().active_session();
    if (!ses) return std::string("{}");
    const int seat = ses->viewer();
    return dump(catan::board_to_json(ses->state(), seat));
  });
}

// 1 once the shell attached the bridge to the app (main() ran up to the main loop).
CATAN_WEB_EXPORT int catan_web_attached() {
  return bridge().attached() ? 1 : 0;
}

// Turns on what only the browser tests read (shell/web_test_hooks.h). web/bridge.js calls it
// only when the test harness set window.catanTestHooks before the page's scripts ran.
CATAN_WEB_EXPORT void catan_web_enable_test_hooks() {
  guarded_void([] { bridge().enable_test_hooks(); });
}
