// See web_bridge.h. The extern "C" functions at the end are what web/catan.js calls through
// Module.ccall; each returns a pointer into a static std::string that stays valid until the
// next call of the same function (ccall copies it into a JS string right away).
#include "shell/web_bridge.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "frontend/app.h"
#include "frontend/audio.h"
#include "frontend/overlays.h"
#include "frontend/production_fx.h"
#include "frontend/review_screen.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/config.h"
#include "match/replay_code.h"
#include "match/web_save.h"
#include "shell/web_search_pool.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/em_asm.h>
#include <emscripten/emscripten.h>
#define CATAN_WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
extern "C" void catan_web_js_deps();  // shell/web_library.js: pulls in SDL audio's JS helpers
#else
#define CATAN_WEB_EXPORT extern "C"
#endif

namespace catan::web {

using nlohmann::json;

namespace {

Host g_host;
bool g_attached = false;

match::Session* session() {
  return g_attached && g_host.session ? g_host.session() : nullptr;
}
// The session while a game is in progress, else nullptr.
match::Session* active_session() {
  match::Session* ses = session();
  return ses && ses->active() ? ses : nullptr;
}

// What the event poller last reported (catan_web_poll): a new or resumed game is announced.
struct Tracker {
  bool active = false;
  bool force_start = false;
  bool over = false;
  Seeds seeds{0, 0};
  GameOptions options;
  size_t events = 0;
  size_t history = 0;
};
Tracker g_track;

// A new or resumed game through the host (the app), or the bare session without one; the
// poller announces it either way.
void start_match(const match::MatchConfig& c) {
  if (g_host.start) {
    g_host.start(c);
  } else {
    session()->start(c);
  }
  g_track.force_start = true;
}

void resume_match(const match::MatchConfig& c, const Game& g) {
  if (g_host.resume) {
    g_host.resume(c, g);
  } else {
    session()->resume(c, g);
  }
  g_track.force_start = true;
}

}  // namespace

void attach(Host host) {
  g_host = std::move(host);
  g_attached = static_cast<bool>(g_host.session);
}
bool attached() {
  return g_attached;
}

// A time left in seconds (one decimal), or null when it is not known.
static json seconds_or_null(double s) {
  if (s < 0) return nullptr;
  return std::round(s * 10) / 10;
}

void attach_app(App& app) {
  Host h;
  h.session = [&app] { return &app.session(); };
  h.start = [&app](const match::MatchConfig& c) { app.start_match(c); };
  h.resume = [&app](const match::MatchConfig& c, const Game& g) { app.resume_match(c, g); };
  h.set_muted = [](bool m) { ui::set_embedded_muted(m); };
  h.set_colorblind = [](bool on) { ui::set_colorblind(on); };
  h.review = [&app] { app.open_review(); };
  // The tests find a few widgets by their test ids (frontend/widgets.h): recorded each frame.
  ui::enable_test_ids(true);
  h.view = [&app] {
    json j = json::object();
    // Where the New game screen's buttons and form, the menu, the "Time's up" notice, the
    // "Take back control" buttons, the Hint button, a touch screen's "Place" / "Build" button
    // (and its cancel) and a face-down hand were drawn, when they were (public: they are on the
    // screen): `ui` their centres, `uiRects` their rectangles [x0, y0, x1, y1]. The ids that
    // are never on the New game screen come last: the last id looked for and missed is
    // scrolled into view when next drawn, and that must not move the form.
    static const std::vector<std::string> kIds = [] {
      std::vector<std::string> v = {
          "start",       "continue", "custom_game", "custom_back", "seed",      "random_seed",
          "ng_settings", "ng_help",  "players_2",   "players_3",   "players_4", "mode",
          "custom_vp",   "board",    "visibility",  "dice",        "timer",     "form_ai_speed"};
      for (const char* kind : {"seat_kind_", "seat_level_", "seat_personality_", "seat_name_"})
        for (int i = 0; i < 4; ++i) v.push_back(kind + std::to_string(i));
      for (const char* id :
           {"menu", "menu_settings", "menu_sound", "menu_pause", "menu_help", "menu_share",
            "menu_replay", "menu_new_game", "times_up", "autopilot_notice", "take_back_0",
            "take_back_1", "take_back_2", "take_back_3", "hint", "board_confirm", "board_cancel",
            "hand_face_down"})
        v.push_back(id);
      return v;
    }();
    json ids = json::object(), rects = json::object();
    const auto r1 = [](float x) { return std::round(x * 10) / 10; };
    for (const std::string& id : kIds) {
      ImVec2 a, b;
      if (!ui::find_test_rect(id, &a, &b)) continue;
      ids[id] = {r1((a.x + b.x) * 0.5f), r1((a.y + b.y) * 0.5f)};
      rects[id] = {r1(a.x), r1(a.y), r1(b.x), r1(b.y)};
    }
    j["ui"] = ids;
    // Every recorded widget of the last frame, for the layout tests (no two overlap, each
    // whole in its window, labels fit): [id, x0, y0, x1, y1, whole, label_fits].
    json widgets = json::array();
    const auto r10 = [](float v) { return std::round(v * 10) / 10; };
    for (const auto& [id, it] : ui::test_items())
      widgets.push_back({id, r10(it.rect.Min.x), r10(it.rect.Min.y), r10(it.rect.Max.x),
                         r10(it.rect.Max.y), it.whole, it.label_fits});
    j["widgets"] = widgets;
    j["display"] = {r10(ImGui::GetIO().DisplaySize.x), r10(ImGui::GetIO().DisplaySize.y)};
    j["sheet"] = app.open_sheet();
    j["uiRects"] = rects;
    // The game review while it is open: the shown position (actions applied), the game's
    // length and how far the analysis is (the game is over: nothing here is secret).
    if (app.review_open()) {
      const ui::ReviewScreenState& rv = app.review();
      j["review"] = {{"position", rv.position()},
                     {"actions", rv.num_actions()},
                     {"done", rv.review_done()},
                     {"progress", rv.review_progress()},
                     {"secondsLeft", seconds_or_null(rv.review_seconds_left())},
                     {"turningPoints", rv.review().turning_points.size()},
                     {"decisions", rv.review().decisions.size()}};
    }
    if (!app.session().active()) return j;
    // The coach's hint for the player at this screen (their own decision, so theirs to see).
    j["hint"] = {{"status", app.hint_status()},
                 {"action", app.hint_action()},
                 {"progress", app.hint_progress()},
                 {"secondsLeft", seconds_or_null(app.hint_seconds_left())}};
    auto list = [](int n, auto&& pos) {
      json a = json::array();
      for (int i = 0; i < n; ++i) {
        const ImVec2 p = pos(i);
        a.push_back({std::round(p.x * 10) / 10, std::round(p.y * 10) / 10});
      }
      return a;
    };
    j["vertices"] = list(kNumVertices, [&](int i) { return app.board_vertex_pos(i); });
    j["edges"] = list(kNumEdges, [&](int i) { return app.board_edge_pos(i); });
    j["hexes"] = list(kNumHexes, [&](int i) { return app.board_hex_pos(i); });
    return j;
  };
  attach(std::move(h));
#ifdef __EMSCRIPTEN__
  catan_web_js_deps();
  // The browser's prefers-reduced-motion: production effects stay still (read once here, in
  // compiled-in JS: the page's CSP forbids evaluating script strings).
  const int less_motion = EM_ASM_INT({
    const q = typeof matchMedia == 'function' && matchMedia('(prefers-reduced-motion: reduce)');
    return q && q.matches ? 1 : 0;
  });
  ui::set_system_reduced_motion(less_motion != 0);
  // The app's menu copies links made by the page (web/catan.js: its address, its clipboard
  // and notices), and a sound switched on in the app unmutes the page's saved setting too.
  ui::set_share_handler([](ui::ShareKind kind) {
    EM_ASM(
        {
          if (Module.catanShare) Module.catanShare($0 ? 'replay' : 'board');
        },
        kind == ui::ShareKind::ReplayLink ? 1 : 0);
  });
  ui::set_muted_listener([](bool muted) {
    EM_ASM(
        {
          if (Module.catanMuted) Module.catanMuted(!!$0);
        },
        muted ? 1 : 0);
  });
  // The App's own save slots: the game (its New game screen offers "Continue last game") and
  // the UI settings (scale, palette, sound, volume).
  auto store = [](const char* key, const std::string& text) {
    EM_ASM(
        {
          try {
            localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
          } catch (e) {
          }
        },
        key, text.c_str());
  };
  auto fetch = [](const char* key) -> std::string {
    // Two steps (no malloc from JS): the size, then the bytes into a C++ buffer.
    const int n = EM_ASM_INT(
        {
          let t = null;
          try {
            t = localStorage.getItem(UTF8ToString($0));
          } catch (e) {
          }
          return t ? lengthBytesUTF8(t) : 0;
        },
        key);
    if (n <= 0) return "";
    std::string out(static_cast<size_t>(n) + 1, '\0');
    EM_ASM({ stringToUTF8(localStorage.getItem(UTF8ToString($0)) || '', $1, $2); }, key, out.data(),
           n + 1);
    out.resize(std::strlen(out.c_str()));
    return out;
  };
  // The game itself is saved by the page (web/catan.js persist(): after every change, one
  // slot per page so an embedded demo never overwrites the visitor's game); the App reads
  // that same slot for "Continue last game" instead of keeping a second copy. Earlier
  // builds kept one under "catan.app.save", shared by every page: dropped.
  EM_ASM({
    try {
      localStorage.removeItem('catan.app.save');
    } catch (e) {
    }
  });
  App::Persistence p;
  p.load = [fetch] {
    std::string key(256, '\0');
    EM_ASM({ stringToUTF8((window.catan && window.catan.saveKey) || 'catan.save', $0, $1); },
           key.data(), static_cast<int>(key.size()));
    key.resize(std::strlen(key.c_str()));
    return fetch(key.c_str());
  };
  p.resume = [](const std::string& text, std::string* error) {
    match::MatchConfig c;
    Game g;
    if (!match::load_match(text, &c, &g, error)) return false;
    resume_match(c, g);
    return true;
  };
  p.save_settings = [store](const std::string& text) { store("catan.app.settings", text); };
  p.load_settings = [fetch] { return fetch("catan.app.settings"); };
  app.set_persistence(std::move(p));
#endif
}

// --- Events -----------------------------------------------------------------------------------

namespace {

json scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.total_vp(p));
  return a;
}

json public_scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.public_vp(p));
  return a;
}

json game_over_event(const match::Session& ses) {
  const GameState& s = ses.state();
  json names = json::array();
  for (int p = 0; p < s.num_players; ++p) names.push_back(ses.config().seats[p].name);
  return {{"type", "gameOver"},
          {"winner", s.winner},
          {"winnerName", s.winner >= 0 ? ses.config().seats[s.winner].name : ""},
          {"scores", scores(s)},
          {"names", names},
          {"turns", s.turn},
          {"actions", ses.game().history().size()}};
}

}  // namespace

json poll_events() {
  json out = json::array();
  match::Session* ses = active_session();
  if (!ses) return out;
  const Game& g = ses->game();
  const GameState& s = g.state();
  const size_t ne = g.events().size(), nh = g.history().size();
  const bool fresh = g_track.force_start || !g_track.active || !(s.seeds == g_track.seeds) ||
                     !(s.options == g_track.options) || nh < g_track.history || ne < g_track.events;
  if (fresh) {
    // The board seed only, and not even that while fog hides the island.
    json cfg = match::config_to_json(ses->config(), island_hidden(s));
    out.push_back({{"type", "gameStarted"},
                   {"seed", cfg.value("seed", json(nullptr))},
                   {"players", s.num_players},
                   {"options", cfg["options"]},
                   {"seats", cfg["seats"]},
                   {"resumed", nh > 0},
                   {"actions", nh}});
    g_track = Tracker{};
    g_track.active = true;
    g_track.seeds = s.seeds;
    g_track.options = s.options;
    g_track.events = ne;
    g_track.history = nh;
    g_track.over = s.phase == Phase::GameOver;
    out.push_back({{"type", "changed"}, {"actions", nh}});
    return out;
  }
  for (size_t i = g_track.events; i < ne; ++i) {
    const Event& e = g.events()[i];
    if (e.type == EventType::DiceRolled) {
      out.push_back({{"type", "diceRolled"},
                     {"player", e.seat},
                     {"dice", {e.arg, e.arg2}},
                     {"total", e.arg + e.arg2}});
    } else if (e.type == EventType::TurnEnded) {
      out.push_back({{"type", "turn"},
                     {"player", e.other},
                     {"previous", e.seat},
                     {"turn", s.turn},
                     {"vp", public_scores(s)}});
    }
  }
  if (!g_track.over && s.phase == Phase::GameOver) {
    g_track.over = true;
    out.push_back(game_over_event(*ses));
  }
  if (nh != g_track.history) out.push_back({{"type", "changed"}, {"actions", nh}});
  g_track.events = ne;
  g_track.history = nh;
  return out;
}

}  // namespace catan::web

// --- Exports ----------------------------------------------------------------------------------
// Each export runs its body through guarded(): nothing thrown crosses into JavaScript, and
// JSON is dumped with invalid UTF-8 replaced, so the page always receives a string it can
// parse ({"ok":false,"error":...} when something went wrong).

namespace {

using catan::web::g_host;
using catan::web::resume_match;
using catan::web::start_match;
using nlohmann::json;

// The seat argument of catan_web_state: the seat whose screen is shown (the session's
// viewer, a spectator when every seat is an AI).
constexpr int kViewerSeat = -2;

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}
std::string error_json(const std::string& msg) {
  return dump(json{{"ok", false}, {"error", msg}});
}
std::string ok_json() {
  return dump(json{{"ok", true}});
}

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

catan::match::Session* session() {
  return catan::web::session();
}
catan::match::Session* active_session() {
  return catan::web::active_session();
}

// For exports that answer text about the game in progress: body(session) makes it; "" when
// there is no game, or on an exception.
template <class Body>
const char* game_text(std::string& slot, Body&& body) {
  return guarded_text(
      slot,
      [&] {
        auto* ses = active_session();
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
  if (!session()) return error_json("the app is not attached");
  std::string input;
  if (!bounded(text, limit, &input)) return error_json(too_long);
  catan::match::MatchConfig c;
  catan::Game g;
  std::string err;
  if (!read(input, &c, &g, &err)) return error_json(err);
  resume_match(c, g);
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
    auto* ses = session();
    if (!ses) return error_json("the app is not attached");
    json j;
    json sj = {{"active", ses->active()}, {"paused", ses->paused()}};
#ifdef __EMSCRIPTEN__
    // The Web Workers the AI searches in (0: none yet, or it searches on the main thread).
    sj["searchWorkers"] = catan::web::WebSearchPool::instance()->workers();
#endif
    if (ses->active()) {
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
    auto* ses = active_session();
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
    auto* ses = active_session();
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
    if (!session()) return error_json("the app is not attached");
    std::string text;
    if (!bounded(config_json, catan::match::kMaxConfigText, &text)) {
      return error_json("the config is too long");
    }
    if (catan::json_too_deep(text)) {
      return error_json("the config nests arrays and objects deeper than " +
                        std::to_string(catan::kMaxJsonDepth) + " levels");
    }
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return error_json("the config is not valid JSON");
    catan::match::MatchConfig c;
    std::string err;
    if (!catan::match::config_from_json(j, &c, &err)) return error_json(err);
    start_match(c);
    return dump(json{{"ok", true}, {"config", catan::match::config_to_json(c)}});
  });
}

CATAN_WEB_EXPORT void catan_web_set_paused(int paused) {
  guarded_void([&] {
    if (auto* ses = session()) ses->set_paused(paused != 0);
  });
}

CATAN_WEB_EXPORT void catan_web_set_muted(int muted) {
  guarded_void([&] {
    if (g_host.set_muted) g_host.set_muted(muted != 0);
  });
}

CATAN_WEB_EXPORT void catan_web_set_colorblind(int on) {
  guarded_void([&] {
    if (g_host.set_colorblind) g_host.set_colorblind(on != 0);
  });
}

// AI pace multiplier (see match::ai_delay_for_speed); out-of-range values are ignored.
CATAN_WEB_EXPORT void catan_web_set_speed(double speed) {
  guarded_void([&] {
    if (auto* ses = session();
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
      session()->set_paused(true);
      if (g_host.review) g_host.review();
    }
    return answer;
  });
}

// Events since the last poll, as a JSON array (see poll_events); [] after an error.
CATAN_WEB_EXPORT const char* catan_web_poll() {
  static std::string out;
  return guarded_text(
      out, [&] { return dump(catan::web::poll_events()); }, "[]");
}

// Screen positions of the board as drawn (see Host::view); {} when unknown.
CATAN_WEB_EXPORT const char* catan_web_view() {
  static std::string out;
  return guarded(out, [&] { return g_host.view ? dump(g_host.view()) : std::string("{}"); });
}

// The board (topology and layout) as the seat whose screen is shown sees it.
CATAN_WEB_EXPORT const char* catan_web_board() {
  static std::string out;
  return guarded(out, [&] {
    auto* ses = active_session();
    if (!ses) return std::string("{}");
    const int seat = ses->viewer();
    return dump(catan::board_to_json(ses->state(), seat));
  });
}

// 1 once the shell attached the bridge to the app (main() ran up to the main loop).
CATAN_WEB_EXPORT int catan_web_attached() {
  return catan::web::attached() ? 1 : 0;
}
