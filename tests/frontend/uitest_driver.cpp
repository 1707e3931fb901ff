#include "tests/frontend/uitest_driver.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "frontend/app.h"
#include "frontend/match_types.h"
#include "frontend/new_game_screen.h"
#include "frontend/room_play.h"
#include "frontend/widgets.h"
#include "match/config.h"

namespace catan::uitest {

namespace {

// Where to click: a widget's test id, or (empty id) a board spot.
struct Target {
  std::string id;
  enum Kind { Widget, Vertex, Edge, Hex } kind = Widget;
  int spot = -1;
};

// The index of `value` among `names` (case-insensitive), or -1.
int index_of(const char* const* names, int n, const std::string& value) {
  for (int i = 0; i < n; ++i) {
    std::string lower = names[i];
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == value) return i;
  }
  return -1;
}

void set_if_found(int* field, const char* const* names, int n, const std::string& value) {
  const int i = index_of(names, n, value);
  if (i >= 0) *field = i;
}

const char* kBoards[] = {"beginner", "official", "balanced", "random"};
const char* kModes[] = {"classic", "blitz", "epic"};
const char* kVisibilities[] = {"revealed", "mist", "terra_incognita"};

std::string kind_of(const Action& a) {
  const std::string s = a.to_string();
  return s.substr(0, s.find(':'));
}

}  // namespace

struct Driver::Impl {
  App& app;
  std::vector<std::string> lines;
  size_t pc = 0;
  bool done = false;
  int exit = 0;

  // The click in progress: move there, press, release, let it settle.
  std::deque<Target> plan;
  ImVec2 mouse{-1000, -1000};
  bool down = false;
  int stage = 0;
  int stage_frames = 0;
  int wait_frames = 0;

  // play: every human decision, by an Easy bot, carried out by clicks.
  bool playing = false;
  int play_frames_left = 0;
  int until_turn = -1;     // stop at this turn (-1: until the game is over)
  std::string until_kind;  // or before the human's first action whose text starts so
  std::unique_ptr<Bot> bot;
  bool awaiting_apply = false;
  size_t history_at_plan = 0;
  Action intended;
  int awaiting_frames = 0;

  int frames = 0, ui_actions = 0, direct_actions = 0, failed_plans = 0;
  std::map<std::string, int> direct_kinds;
  std::vector<std::string> failures;
  std::string screenshot;  // requested for the end of this frame
  // room_guest: the room this app's guest lobby connects to, hosted here, and its other guests.
  std::unique_ptr<ui::RoomPlay> other_host;
  std::vector<std::unique_ptr<ui::RoomPlay>> other_guests;

  explicit Impl(App& a) : app(a) {}
  void relay(const std::string& peer, ui::RoomPlay& guest);
  void room_guest(const std::string& how);
  void room_game();
  match::Session& session() { return app.session(); }

  bool target_pos(const Target& t, ImVec2* out) const {
    switch (t.kind) {
      case Target::Widget:
        return ui::find_test_id(t.id, out);
      case Target::Vertex:
        *out = app.board_vertex_pos(t.spot);
        return true;
      case Target::Edge:
        *out = app.board_edge_pos(t.spot);
        return true;
      case Target::Hex:
        *out = app.board_hex_pos(t.spot);
        return true;
    }
    return false;
  }

  void click(const std::string& id) { plan.push_back(Target{id}); }
  void click_n(const std::string& id, int n) {
    for (int k = 0; k < n; ++k) click(id);
  }
  void at(Target::Kind k, int spot) { plan.push_back(Target{"", k, spot}); }

  // Clicks that take a bundle draft from `from` to `to` with the steppers "<prefix>_<r>".
  void steer(const std::string& prefix, const ResourceCounts& from, const ResourceCounts& to) {
    for (int r = 0; r < kNumResources; ++r) {
      const std::string id = prefix + "_" + std::to_string(r);
      click_n(id + "_plus", std::max(0, to[r] - from[r]));
      click_n(id + "_minus", std::max(0, from[r] - to[r]));
    }
  }

  void plan_clicks(const Action& a);
  void finish(bool ok, const std::string& why);
  bool command(const std::string& line);
  bool expect(const std::string& what, const std::string& arg, std::string* why);
  bool step_click();
  void step_play();
};

// Actions that are one click on a widget; `with_arg`: the id ends with the action's argument.
struct OneClick {
  ActionType type;
  const char* id;
  bool with_arg;
};
constexpr OneClick kOneClick[] = {
    {ActionType::Roll, "roll", false},
    {ActionType::EndTurn, "end_turn", false},
    {ActionType::BuyDevCard, "buy_dev", false},
    {ActionType::PlayKnight, "dev_knight", false},
    {ActionType::PlayRoadBuilding, "dev_road_building", false},
    {ActionType::AcceptTrade, "trade_accept", false},
    {ActionType::DeclineTrade, "trade_decline", false},
    {ActionType::CancelTrade, "trade_cancel", false},
    {ActionType::Steal, "steal_", true},
    {ActionType::ConfirmTrade, "trade_confirm_", true},
};

void Driver::Impl::plan_clicks(const Action& a) {
  for (const OneClick& c : kOneClick) {
    if (c.type != a.type) continue;
    click(c.with_arg ? c.id + std::to_string(a.arg) : std::string(c.id));
    return;
  }
  const GameState& st = session().state();
  const bool main = st.phase == Phase::Main;  // a build in the main phase starts with its tool
  switch (a.type) {
    case ActionType::BuildSettlement:
      if (main) click("tool_settlement");
      at(Target::Vertex, a.arg);
      break;
    case ActionType::BuildCity:
      click("tool_city");
      at(Target::Vertex, a.arg);
      break;
    case ActionType::BuildRoad:
      if (main) click("tool_road");
      at(Target::Edge, a.arg);
      break;
    case ActionType::FreeRoad:
      at(Target::Edge, a.arg);
      break;
    case ActionType::MoveRobber:
      at(Target::Hex, a.arg);
      break;
    case ActionType::Discard:
      steer("disc", ResourceCounts{}, a.give);
      click("disc_ok");
      break;
    case ActionType::PlayYearOfPlenty:
      click("dev_year_of_plenty");
      click("yop_" + std::to_string(a.arg) + "_plus");
      click("yop_" + std::to_string(a.arg2) + "_plus");
      click("yop_ok");
      break;
    case ActionType::PlayMonopoly:
      click("dev_monopoly");
      click("mono_" + std::to_string(a.arg));
      click("mono_ok");
      break;
    case ActionType::OfferTrade:
      click("tab_trade");
      click("trade_clear");
      click(a.arg < 0 ? std::string("trade_to_all") : "trade_to_" + std::to_string(a.arg));
      steer("offer_give", ResourceCounts{}, a.give);
      steer("offer_get", ResourceCounts{}, a.get);
      click("trade_offer");
      break;
    case ActionType::CounterTrade:
      // The counter draft starts from the offer, seen from the responder's side.
      click("trade_counter");
      steer("counter_give", st.offer.get, a.give);
      steer("counter_get", st.offer.give, a.get);
      click("trade_send_counter");
      break;
    case ActionType::TradeBank:
      click("tab_trade");
      click("bank_give_" + std::to_string(a.arg));
      click("bank_get_" + std::to_string(a.arg2));
      click("bank_ok");
      break;
    default:
      break;  // no click path: step_play submits it directly and reports it
  }
}

void Driver::Impl::finish(bool ok, const std::string& why) {
  done = true;
  playing = false;
  std::printf("uitest: %s%s%s\n", ok ? "PASSED" : "FAILED", why.empty() ? "" : ": ", why.c_str());
  std::printf("uitest: %d frames, %d human actions by clicks, %d submitted directly", frames,
              ui_actions, direct_actions);
  for (auto& [k, n] : direct_kinds) std::printf(" [%s x%d]", k.c_str(), n);
  std::printf(", %d click plans that did not apply\n", failed_plans);
  for (const auto& f : failures) std::printf("uitest:   %s\n", f.c_str());
  std::fflush(stdout);
  exit = ok ? 0 : 1;
}

bool Driver::Impl::expect(const std::string& what, const std::string& arg, std::string* why) {
  const GameState& st = session().state();
  if (what == "game_over") {
    if (st.phase == Phase::GameOver) return true;
    *why = "the game is not over (phase " + std::string(phase_name(st.phase)) + ")";
  } else if (what == "replay") {
    Game g;
    std::string err;
    if (!Game::replay(st.options, st.seeds, session().game().history(), &g, &err))
      *why = "replay failed: " + err;
    else if (!(g.state() == st))
      *why = "replayed state differs";
    else
      return true;
  } else if (what == "invariants") {
    *why = check_invariants(st);
    return why->empty();
  } else if (what == "ui_actions") {
    if (ui_actions >= std::atoi(arg.c_str())) return true;
    *why = "only " + std::to_string(ui_actions) + " actions by clicks";
  } else if (what == "all_by_clicks") {
    if (direct_actions == 0) return true;
    *why = std::to_string(direct_actions) + " actions submitted directly";
  } else {
    *why = "unknown expectation";
  }
  return false;
}

// The host's messages to `peer` go to `guest`, the guest's to the host.
void Driver::Impl::relay(const std::string& peer, ui::RoomPlay& guest) {
  std::string err;
  for (ui::RoomPlay::Outgoing& m : other_host->take_outbox())
    if (m.peer == peer) guest.host_message(m.text, &err);
  for (ui::RoomPlay::Outgoing& m : guest.take_outbox())
    other_host->peer_message(peer, m.text, &err);
}

void Driver::Impl::room_guest(const std::string& how) {
  std::string err;
  match::MatchConfig c;
  match::config_from_json(nlohmann::json::parse(R"({"seats":"human,human,human,ai:easy"})"), &c,
                          &err);
  other_host = std::make_unique<ui::RoomPlay>();
  other_host->host(c, &err);
  if (how == "full" || how == "watch") {
    for (const char* name : {"Ann", "Ben"}) {
      other_guests.push_back(std::make_unique<ui::RoomPlay>());
      ui::RoomPlay& g = *other_guests.back();
      g.connect("");
      other_host->peer_connected(name, &err);
      relay(name, g);
      g.join(name, -1, &err);
      relay(name, g);
      relay(name, g);
    }
  }
  app.connect_room("");
  other_host->peer_connected("me", &err);
  relay("me", app.room());
  if (how != "watch") return;
  app.room().join("Guest", -1, &err);
  relay("me", app.room());
  other_host->start(&err);
  relay("me", app.room());
}

void Driver::Impl::room_game() {
  std::string err;
  match::MatchConfig c;
  match::config_from_json(
      nlohmann::json::parse(
          R"({"seats":"human,ai:easy,ai:easy","speed":20,"seed":5,"playseed":5})"),
      &c, &err);
  app.host_room(c, &err);
  app.room().set_autoplay(true);
  app.room().start(&err);
  double now = 0;
  for (int i = 0; i < 20000 && app.room().room()->game().state().phase != Phase::GameOver; ++i)
    app.room().update(now += 0.25, 5);
}

bool Driver::Impl::command(const std::string& line) {
  std::istringstream in(line);
  std::string cmd, a1, a2, a3, a4;
  in >> cmd;
  if (cmd.empty() || cmd[0] == '#') return true;
  in >> a1 >> a2 >> a3 >> a4;
  ui::NewGameForm& form = app.new_game_form();
  std::string why;
  if (cmd == "players") {
    form.players = std::clamp(std::atoi(a1.c_str()), 2, 4);
  } else if (cmd == "seed") {  // both seeds: a test game is reproducible
    form.choose_board_seed(std::strtoull(a1.c_str(), nullptr, 10));
    form.play_seed = std::strtoull(a1.c_str(), nullptr, 10);
  } else if (cmd == "board") {
    set_if_found(&form.board, kBoards, 4, a1);
  } else if (cmd == "mode") {
    set_if_found(&form.mode, kModes, 3, a1);
  } else if (cmd == "visibility") {
    set_if_found(&form.visibility, kVisibilities, 3, a1);
  } else if (cmd == "seat") {
    ui::SeatSetup& ss = form.seats[std::clamp(std::atoi(a1.c_str()), 0, 3)];
    AiLevel level;
    Personality personality;
    ss.kind = a2 == "you" ? ui::kSeatYou : a2 == "human" ? ui::kSeatHotSeat : ui::kSeatAi;
    if (ss.kind == ui::kSeatAi && parse_ai_level(a3, &level)) ss.level = static_cast<int>(level);
    if (ss.kind == ui::kSeatAi && parse_personality(a4, &personality))
      ss.personality = static_cast<int>(personality);
  } else if (cmd == "ai_speed") {
    set_if_found(&form.ai_speed, ui::kAiSpeedNames, ui::kNumAiSpeeds, a1);
  } else if (cmd == "timer") {
    const int t = std::atoi(a1.c_str());
    for (int i = 0; i < ui::kNumTimerChoices; ++i)
      if (ui::kTimerChoices[i] == t) form.timer_idx = i;
  } else if (cmd == "click") {
    click(a1);
  } else if (cmd == "room_invite") {  // what the page gives a hosted room's lobby
    // A 29 x 29 pattern of modules stands in for the page's QR code of the link.
    std::string qr(29 * 29, '0');
    for (size_t i = 0; i < qr.size(); ++i) qr[i] = (i * 7919 % 13) < 6 ? '1' : '0';
    app.room().set_invite(a1, qr);
    app.room().set_connection("Waiting for friends (relay connected)");
  } else if (cmd == "room_guest") {  // a guest's lobby; `full`: the seats taken; `watch`: started
    room_guest(a1);
  } else if (cmd == "room_game") {  // a hosted room played to its end by the page's autoplay
    room_game();
  } else if (cmd == "screenshot") {
    screenshot = a1;
    wait_frames = 2;
  } else if (cmd == "wait") {
    wait_frames = std::atoi(a1.c_str());
  } else if (cmd == "play") {
    playing = true;
    play_frames_left = a1.empty() ? 20000 : std::atoi(a1.c_str());
    until_turn = a2.empty() || a2 == "until" ? -1 : std::atoi(a2.c_str());
    until_kind = a2 == "until" ? a3 : "";
    AiConfig c;
    c.level = AiLevel::Easy;
    c.seed = 4242;
    bot = make_bot(c);
  } else if (cmd == "expect") {
    if (!expect(a1, a2, &why)) {
      failures.push_back(line + ": " + why);
      return false;
    }
  } else {
    failures.push_back(line + ": unknown command");
    return false;
  }
  return true;
}

// Advances the click in progress; false when there is none.
bool Driver::Impl::step_click() {
  if (plan.empty()) return false;
  ImVec2 pos;
  switch (stage) {
    case 0:
      if (!target_pos(plan.front(), &pos)) {
        if (++stage_frames > 90) {
          failures.push_back("no target '" + plan.front().id + "' on screen");
          plan.clear();
          stage = stage_frames = 0;
          if (!playing) finish(false, "a scripted click found no target");
        }
        return true;
      }
      mouse = pos;
      down = false;
      stage = 1;
      stage_frames = 0;
      return true;
    case 1:
      down = true;
      stage = 2;
      return true;
    case 2:
      down = false;
      stage = 3;
      return true;
    default:
      stage = 0;
      plan.pop_front();
      return true;
  }
}

void Driver::Impl::step_play() {
  if (--play_frames_left <= 0) {
    playing = false;
    failures.push_back("play: frame budget exhausted");
    return;
  }
  match::Session& s = session();
  const GameState& st = s.state();
  if (awaiting_apply) {
    if (s.game().history().size() > history_at_plan) {
      awaiting_apply = false;
      ++ui_actions;
    } else if (++awaiting_frames > 30) {
      awaiting_apply = false;
      ++failed_plans;
      failures.push_back("clicks did not apply " + intended.to_string());
      if (s.human_to_act() && is_legal(st, intended) && s.submit(intended)) {
        ++direct_actions;
        ++direct_kinds["after failed clicks"];
      }
    }
    return;
  }
  if (st.phase == Phase::GameOver || (until_turn >= 0 && st.turn >= until_turn)) {
    playing = false;
    return;
  }
  if (s.handoff_pending()) {
    click("handoff_ok");
    return;
  }
  if (!s.human_to_act()) return;
  const int seat = st.to_move();
  const Action a = bot->decide(observe(st, seat), s.game().visible_events(seat));
  if (!until_kind.empty() && a.to_string().rfind(until_kind, 0) == 0) {
    playing = false;
    return;
  }
  plan_clicks(a);
  if (plan.empty()) {  // no click path: submitted directly, and reported
    std::string err;
    if (s.submit(a, &err)) {
      ++direct_actions;
      ++direct_kinds[kind_of(a)];
    } else {
      failures.push_back("bot action refused: " + a.to_string() + " " + err);
      s.submit(legal_actions(st).front());
    }
    return;
  }
  intended = a;
  history_at_plan = s.game().history().size();
  awaiting_apply = true;
  awaiting_frames = 0;
}

Driver::Driver(App& app, const std::string& script) : impl_(std::make_unique<Impl>(app)) {
  std::istringstream in(script);
  std::string line;
  while (std::getline(in, line)) impl_->lines.push_back(line);
  ui::enable_test_ids(true);
  std::printf("uitest: %zu script lines\n", impl_->lines.size());
}

Driver::~Driver() {
  ui::enable_test_ids(false);
}

void Driver::before_new_frame() {
  if (impl_->done) return;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = impl_->mouse;
  io.MouseDown[0] = impl_->down;
  for (int i = 1; i < 5; ++i) io.MouseDown[i] = false;
}

void Driver::after_frame() {
  Impl& t = *impl_;
  if (t.done) return;
  ++t.frames;
  if (t.step_click()) return;
  if (t.wait_frames > 0) {
    --t.wait_frames;
    return;
  }
  if (t.playing) {
    t.step_play();
    return;
  }
  // The next script commands.
  while (t.pc < t.lines.size() && t.plan.empty() && !t.playing && t.wait_frames == 0) {
    const std::string line = t.lines[t.pc++];
    if (!t.command(line)) {
      t.finish(false, line);
      return;
    }
  }
  if (t.pc >= t.lines.size() && t.plan.empty() && !t.playing && t.wait_frames == 0)
    t.finish(t.failures.empty(), "");
}

bool Driver::finished() const {
  return impl_->done;
}

int Driver::exit_code() const {
  return impl_->exit;
}

bool Driver::take_screenshot_request(std::string* path) {
  if (impl_->screenshot.empty()) return false;
  *path = impl_->screenshot;
  impl_->screenshot.clear();
  return true;
}

}  // namespace catan::uitest
