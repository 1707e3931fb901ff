// See web_test_hooks.h.
#include "shell/web_test_hooks.h"

#include <cmath>
#include <string>
#include <vector>

#include "frontend/widgets.h"
#include "shell/web_bridge.h"
#include "shell/web_export.h"
#include "shell/web_room.h"

namespace catan::web {

using nlohmann::json;

namespace {

float r1(float x) {
  return std::round(x * 10) / 10;
}

// Where the New game screen's buttons and form, the menu, the "Time's up" notice, the "Take
// back control" buttons, the Hint button, a touch screen's "Place" / "Build" button (and its
// cancel), a face-down hand and the room screens' widgets were drawn. The ids that are never on the
// New game screen come last: the last id looked for and missed is scrolled into view when next
// drawn, and that must not move the form.
const std::vector<std::string>& clicked_ids() {
  static const std::vector<std::string> ids = [] {
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
    // The room's screens: its setup form, the host's lobby and a guest's.
    for (const char* id : {"play_friends", "open_room", "room_link", "room_copy_link", "room_qr",
                           "room_start", "room_close", "room_name", "room_seat_0", "room_seat_1",
                           "room_seat_2", "room_seat_3", "room_join", "room_watch", "room_leave"})
      v.push_back(id);
    // A room connected by codes (frontend/room_codes.h) and its setup.
    for (const char* id :
         {"room_by_link", "room_by_codes", "join_by_code", "room_make_invite", "room_code",
          "room_copy_code", "room_answer_code", "room_paste_answer", "room_connect_answer",
          "room_new_invite", "room_invite_code", "room_paste_invite", "room_answer_invite",
          "settings_online", "settings_ice_default", "settings_ice_none", "settings_ice_custom",
          "settings_ice_lines"})
      v.push_back(id);
    // A guest's notice while its host is away (the host's page reloading).
    for (const char* id : {"host_away", "host_away_leave"}) v.push_back(id);
    return v;
  }();
  return ids;
}

}  // namespace

void enable_test_ids() {
  ui::enable_test_ids(true);
}

void add_test_view(json* view) {
  json ids = json::object(), rects = json::object();
  for (const std::string& id : clicked_ids()) {
    ImVec2 a, b;
    if (!ui::find_test_rect(id, &a, &b)) continue;
    ids[id] = {r1((a.x + b.x) * 0.5f), r1((a.y + b.y) * 0.5f)};
    rects[id] = {r1(a.x), r1(a.y), r1(b.x), r1(b.y)};
  }
  json widgets = json::array();
  for (const auto& [id, it] : ui::test_items())
    widgets.push_back({id, r1(it.rect.Min.x), r1(it.rect.Min.y), r1(it.rect.Max.x),
                       r1(it.rect.Max.y), it.whole, it.label_fits});
  (*view)["ui"] = ids;
  (*view)["uiRects"] = rects;
  (*view)["widgets"] = widgets;
  (*view)["display"] = {r1(ImGui::GetIO().DisplaySize.x), r1(ImGui::GetIO().DisplaySize.y)};
}

}  // namespace catan::web

// This page's seat in its room played by a Normal AI from the seat's view alone (the browser
// tests' whole online games); 2: until the seat's turn's main phase with a card in hand. Refused
// until the test hooks are on (catan_web_enable_test_hooks).
CATAN_WEB_EXPORT const char* catan_web_test_room_autoplay(int mode) {
  static std::string out;
  catan::web::WebBridge& bridge = catan::web::WebBridge::instance();
  catan::web::WebRoom* room = bridge.room();
  if (!bridge.test_hooks())
    out = catan::web::error_json("the test hooks are off");
  else if (!room)
    out = catan::web::error_json("the app is not attached");
  else
    out = room->set_autoplay(mode);
  return out.c_str();
}

namespace {

// body(room) when the test hooks are on and the app is attached; else the refusal.
template <class Body>
const char* test_room_call(std::string& out, Body&& body) {
  catan::web::WebBridge& bridge = catan::web::WebBridge::instance();
  catan::web::WebRoom* room = bridge.room();
  if (!bridge.test_hooks())
    out = catan::web::error_json("the test hooks are off");
  else if (!room)
    out = catan::web::error_json("the app is not attached");
  else
    out = body(*room);
  return out.c_str();
}

}  // namespace

// The hosted room's clock `scale` times as fast as the frame clock (1 to 20): the fault tests'
// turn timers run out sooner through the room's own TurnClock. It stays for the rooms that follow.
CATAN_WEB_EXPORT const char* catan_web_test_room_clock_scale(double scale) {
  static std::string out;
  return test_room_call(out, [&](catan::web::WebRoom& r) { return r.set_clock_scale(scale); });
}

// Where the view of `seat` stands on this page (hosting: the view the room sends it; joined:
// the last view received): {"ok":true,"applied":n,"digest":"..."}, equal on both pages when the
// guest holds the host's view of its seat.
CATAN_WEB_EXPORT const char* catan_web_test_room_probe(int seat) {
  static std::string out;
  return test_room_call(out, [&](catan::web::WebRoom& r) { return r.probe(seat); });
}
