// The App: screens (New game, Game, Pass the device, End), the game screen's layout (board
// in the centre, banner on top, hand and actions at the bottom, players / trade / log on the
// right), the action bar, rule dialogs, keyboard shortcuts, the help overlay, persistence
// hooks, and the UI test mode (scripted clicks through ImGui's own input path).
#include "frontend/app.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "frontend/audio.h"
#include "frontend/board_view.h"
#include "frontend/end_screen.h"
#include "frontend/log_view.h"
#include "frontend/match_types.h"
#include "frontend/players_view.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"
#include "frontend/trade_view.h"
#include "frontend/view_util.h"

namespace catan {
using namespace catan::ui;

namespace {

enum class Screen { NewGame, Game };
enum class Tool { None, Road, Settlement, City };

const char* kLevelNames[] = {"Random", "Easy", "Normal", "Hard", "Expert"};
const char* kPersonalityNames[] = {"Balanced", "Trader",       "Aggressor",
                                   "Builder",  "Expansionist", "Opportunist"};
const char* kSeatKinds[] = {"You", "AI", "Human (hot-seat)"};
const char* kDevNames[] = {"Knight", "Victory Point", "Road Building", "Year of Plenty",
                           "Monopoly"};
const int kTimerChoices[] = {0, 20, 30, 40, 60, 90, 120, -1};  // 0 off, -1 unlimited
const char* kTimerNames[] = {"Off", "20 s", "30 s", "40 s", "60 s", "90 s", "120 s", "Unlimited"};
const char* kSpeedNames[] = {"Slow", "Normal", "Fast", "Instant"};
const double kSpeedDelay[] = {1.4, 0.8, 0.35, 0.0};

struct SeatSetup {
  int kind = 1;  // 0 You, 1 AI, 2 hot-seat human
  int level = 2;
  int personality = 0;
  char name[32] = "";
};

struct NewGameForm {
  int players = 4;
  SeatSetup seats[4];
  int mode = 0;  // Mode
  int custom_vp = 10;
  int board = 2;  // LayoutKind: beginner official balanced random
  int visibility = 0;
  int dice = 0;
  int timer_idx = 0;
  int ai_speed = 1;
  char seed_text[24] = "";
  uint64_t play_seed = 0;  // 0: fresh for every game; the UI test driver fixes it
};

// A board seed from real entropy, nine digits so a player can read it out and type it.
uint64_t random_seed() {
  return (match::fresh_seed() % 900000000ull) + 100000000ull;
}

std::string missing_text(const ResourceCounts& have, const ResourceCounts& cost) {
  std::string s;
  for (int r = 0; r < kNumResources; ++r) {
    if (have[r] >= cost[r]) continue;
    if (!s.empty()) s += ", ";
    s += std::to_string(cost[r] - have[r]) + " " + resource_label(static_cast<Resource>(r));
  }
  return s.empty() ? s : "You need " + s + " more.";
}

std::string default_name(int seat, const SeatSetup& ss) {
  if (ss.name[0]) return ss.name;
  if (ss.kind == 0) return "You";
  if (ss.kind == 2) return std::string(player_color_name(seat)) + " (human)";
  return player_color_name(seat);
}

// --- UI test mode -----------------------------------------------------------------------
// Script: one command per line, '#' comments.
//   players N | seed N | board beginner|official|balanced|random | mode classic|blitz|epic
//   visibility revealed|mist|terra_incognita
//   seat I you|human|ai [LEVEL [PERSONALITY]] | ai_speed slow|normal|fast|instant | timer N
//   click ID         click the button with that test id (e.g. start, roll, end_turn)
//   wait N           let N frames pass
//   play MAX_FRAMES [TURN]  play every human decision by clicks until the game is over
//                    (or until the turn counter reaches TURN)
//   screenshot PATH  save the next rendered frame as PNG (native shell)
//   expect game_over | expect replay | expect invariants | expect ui_actions N
//                    (at least N human actions were made by clicks)
struct Target {
  std::string button;  // a test id, or empty for the board
  BoardPick board;
};

struct UiTest {
  bool running = false;
  std::vector<std::string> lines;
  size_t pc = 0;
  ImVec2 mouse{-1000, -1000};
  bool down = false;
  std::deque<Target> plan;
  int stage = 0;
  int stage_frames = 0;
  int wait_frames = 0;
  bool playing = false;
  int play_frames_left = 0;
  bool awaiting_apply = false;
  size_t history_at_plan = 0;
  Action intended;
  int awaiting_frames = 0;
  int ui_actions = 0, fallback_actions = 0, failed = 0;
  int frames = 0;
  std::unique_ptr<Bot> bot;
  std::vector<std::string> failures;
  std::map<std::string, int> fallback_kinds;
  std::string screenshot;  // requested for the end of this frame
  int until_turn = -1;     // play: stop at this turn (-1: until the game is over)
};

}  // namespace

struct App::Impl {
  App* app = nullptr;
  Screen screen = Screen::NewGame;
  NewGameForm form;
  Session session;
  BoardView board;
  Tool tool = Tool::None;
  TradeViewState trade;
  LogView log;
  EndScreenState end_state;
  bool show_end = false;     // the full end screen (after the win overlay)
  double game_over_at = -1;  // when this frame's game was first seen over
  static constexpr double kWinOverlaySeconds = 4.0;
  Persistence persistence;
  size_t saved_history = 0;
  bool have_saved = false;
  std::string saved_text;
  UiSettings saved_settings;  // what persistence.save_settings last saw

  bool show_help = false, show_settings = false, show_menu = false, show_results = false;
  bool yop_open = false, mono_open = false;
  int yop_counts[kNumResources] = {};
  int mono_pick = -1;
  int disc_counts[kNumResources] = {};
  int side_tab = 0;  // 0 log, 1 trade
  bool offer_was_open = false;
  bool force_log_tab = false;  // select the Log tab next frame
  std::string error;
  double error_until = 0;
  double now = 0;
  size_t seen_events = 0;

  std::map<std::string, ImRect> rects;  // test ids -> last frame's rect
  UiTest test;

  // Per-frame derived data.
  std::vector<Action> legal;
  bool my_turn_to_act = false;
  int viewer = -1;
  Observation obs;

  // Layout.
  ImVec2 board_p, board_s;

  Impl() {
    form.seats[0].kind = 0;
    for (int i = 1; i < 4; ++i) {
      form.seats[i].kind = 1;
      form.seats[i].level = 2;
      form.seats[i].personality = i;  // a mix of personalities
    }
    std::snprintf(form.seed_text, sizeof form.seed_text, "%llu",
                  static_cast<unsigned long long>(random_seed()));
  }

  // ---- helpers -----------------------------------------------------------------------
  void record(const char* id) {
    rects[id] = ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  }
  bool button(const char* id, const char* label, ImVec2 size = ImVec2(0, 0), bool enabled = true,
              const std::string& why = "") {
    if (!enabled) ImGui::BeginDisabled();
    ImGui::PushID(id);
    const bool pressed = ImGui::Button(label, size);
    ImGui::PopID();
    if (!enabled) ImGui::EndDisabled();
    record(id);
    if (!enabled && !why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", why.c_str());
    return pressed && enabled;
  }
  // One row of a resource picker (discard, year of plenty): icon, `text`, then - and +
  // buttons with ids "<prefix>_minus_<r>" / "<prefix>_plus_<r>" (the UI test clicks them).
  void resource_stepper(const char* prefix, int r, const char* text, float x, int& count,
                        bool can_add) {
    const float sc = settings().ui_scale;
    ImGui::PushID(r);
    draw_resource_icon(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(),
                       ImGui::GetFrameHeight(), static_cast<Resource>(r));
    ImGui::Dummy(ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(x);
    const std::string minus = std::string(prefix) + "_minus_" + std::to_string(r);
    const std::string plus = std::string(prefix) + "_plus_" + std::to_string(r);
    if (button(minus.c_str(), "-", ImVec2(36 * sc, 0), count > 0)) --count;
    ImGui::SameLine();
    if (button(plus.c_str(), "+", ImVec2(36 * sc, 0), can_add)) ++count;
    ImGui::PopID();
  }
  void flash_error(const std::string& e) {
    error = e;
    error_until = now + 4.0;
  }
  bool submit(const Action& a) {
    std::string err;
    if (!session.submit(a, &err)) {
      flash_error(err.empty() ? "That move is not allowed now." : err);
      return false;
    }
    tool = Tool::None;
    return true;
  }
  bool has_legal(ActionType t) const {
    for (const Action& a : legal)
      if (a.type == t) return true;
    return false;
  }

  MatchConfig config_from_form() {
    MatchConfig mc;
    GameOptions o = classic_options();
    o.players = static_cast<uint8_t>(form.players);
    o.board = static_cast<LayoutKind>(form.board);
    set_mode(o, static_cast<Mode>(form.mode), form.custom_vp);
    o.visibility = static_cast<Visibility>(form.visibility);
    o.dice = static_cast<DiceMode>(form.dice);
    const int tsec = kTimerChoices[form.timer_idx];
    o.timer_seconds = static_cast<uint16_t>(tsec > 0 ? tsec : 0);
    mc.options = o;
    mc.seeds.board = std::strtoull(form.seed_text, nullptr, 10);
    if (mc.seeds.board == 0) mc.seeds.board = 1;
    mc.seeds.play = form.play_seed ? form.play_seed : match::fresh_seed();
    for (int i = 0; i < kMaxPlayers; ++i) {
      const SeatSetup& ss = form.seats[i];
      mc.seats[i].kind = ss.kind == 1 ? SeatKind::AI : SeatKind::Human;
      mc.seats[i].ai.level = static_cast<AiLevel>(ss.level);
      mc.seats[i].ai.personality = static_cast<Personality>(ss.personality);
      mc.seats[i].ai.seed = mc.seeds.play * 1000003ull + static_cast<uint64_t>(i) * 7919ull + 11;
      mc.seats[i].name = default_name(i, ss);
      if (ss.kind == 1 && !ss.name[0])
        mc.seats[i].name = std::string(player_color_name(i)) + " (" + kLevelNames[ss.level] + " " +
                           kPersonalityNames[ss.personality] + ")";
    }
    mc.ai_action_delay_s = kSpeedDelay[form.ai_speed];
    mc.ai_think_budget_ms = form.ai_speed == 3 ? 150 : 800;
    return mc;
  }

  void start_game(const MatchConfig& mc) {
    session.start(mc);
    session.update(now, 0);
    screen = Screen::Game;
    tool = Tool::None;
    trade = TradeViewState{};
    log = LogView{};
    board.reset_view();
    show_results = false;
    show_end = false;
    game_over_at = -1;
    end_state = EndScreenState{};
    saved_history = static_cast<size_t>(-1);
    seen_events = 0;
  }

  // ---- persistence -------------------------------------------------------------------
  void save_if_changed() {
    if (!persistence.save || !session.active()) return;
    const size_t n = session.game().history().size();
    if (n == saved_history) return;
    saved_history = n;
    nlohmann::json j;
    j["version"] = 1;
    j["game"] = save_game(session.game());
    nlohmann::json seats = nlohmann::json::array();
    for (int i = 0; i < session.config().options.players; ++i) {
      const SeatConfig& sc = session.config().seats[i];
      seats.push_back({{"kind", sc.kind == SeatKind::AI ? "ai" : "human"},
                       {"level", ai_level_name(sc.ai.level)},
                       {"personality", personality_name(sc.ai.personality)},
                       {"seed", sc.ai.seed},
                       {"name", sc.name}});
    }
    j["seats"] = seats;
    j["ai_delay"] = session.config().ai_action_delay_s;
    persistence.save(j.dump());
  }
  bool continue_saved(std::string* err) {
    if (persistence.resume) return persistence.resume(saved_text, err);
    try {
      const nlohmann::json j = nlohmann::json::parse(saved_text);
      Game g;
      if (!load_game(j.at("game"), &g, err)) return false;
      MatchConfig mc;
      mc.options = g.state().options;
      mc.seeds = g.state().seeds;
      const auto& seats = j.at("seats");
      for (size_t i = 0; i < seats.size() && i < kMaxPlayers; ++i) {
        SeatConfig& sc = mc.seats[i];
        sc.kind = seats[i].at("kind") == "ai" ? SeatKind::AI : SeatKind::Human;
        parse_ai_level(seats[i].value("level", "normal"), &sc.ai.level);
        parse_personality(seats[i].value("personality", "balanced"), &sc.ai.personality);
        sc.ai.seed = seats[i].value("seed", uint64_t{1});
        sc.name = seats[i].value("name", std::string(player_color_name(static_cast<int>(i))));
      }
      mc.ai_action_delay_s = j.value("ai_delay", 0.8);
      start_game(mc);
      session.resume(mc, g);
      return true;
    } catch (const std::exception& e) {
      if (err) *err = e.what();
      return false;
    }
  }

  void save_settings_if_changed() {
    UiSettings now_s = settings();
    now_s.muted = saved_settings.muted;  // the page's mute is not a saved setting
    if (now_s == saved_settings || ImGui::IsAnyItemActive()) return;  // not while dragging
    saved_settings = now_s;
    if (persistence.save_settings) persistence.save_settings(settings_to_json(now_s));
  }

  // ---- frame -------------------------------------------------------------------------
  void frame(float dt);
  void draw_background();
  void draw_new_game();
  void draw_game();
  void draw_banner(ImVec2 p, ImVec2 s);
  void draw_bottom_bar(ImVec2 p, ImVec2 s);
  void draw_side(ImVec2 p, ImVec2 s);
  void draw_dialogs();
  void draw_handoff();
  void draw_game_over();
  void draw_help();
  void handle_keys();
  bool action_button(const char* id, const char* label, const char* key, const ResourceCounts* cost,
                     bool enabled, const std::string& why, bool selected, ImVec2 size,
                     const char* tip);
  BoardHighlights highlights() const;

  // ---- UI test -----------------------------------------------------------------------
  void test_before_frame();
  void test_after_frame();
  bool test_command(const std::string& line);
  void test_plan(const Action& a);
  void test_finish(bool ok, const std::string& why);
  bool target_pos(const Target& t, ImVec2* out) const;
};

// =====================================================================================
void App::Impl::draw_background() {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const Theme& th = theme();
  dl->AddRectFilledMultiColor(ImVec2(0, 0), ds, th.sea, th.sea, th.sea_deep, th.sea_deep);
  const double t = ImGui::GetTime();
  for (int i = 0; i < 60; ++i) {
    const float fx = static_cast<float>((i * 0.618034) - std::floor(i * 0.618034));
    const float fy = static_cast<float>((i * 0.414214) - std::floor(i * 0.414214));
    const float x = fx * ds.x, y = fy * ds.y;
    const float sway = static_cast<float>(std::sin(t * 0.7 + i)) * 4.0f;
    const float w = 12.0f + (i % 5) * 4.0f;
    dl->AddBezierQuadratic(ImVec2(x - w + sway, y), ImVec2(x + sway, y - 6.0f),
                           ImVec2(x + w + sway, y), th.sea_wave, 1.6f);
  }
}

void App::Impl::frame(float dt) {
  (void)dt;
  now = ImGui::GetTime();
  rects.clear();
  draw_background();
  if (screen == Screen::NewGame) {
    draw_new_game();
  } else {
    session.update(now, 6.0);
    save_if_changed();
    draw_game();
  }
  if (show_help) draw_help();
  if (show_settings) {
    draw_settings_window(&show_settings);
    if (session.active())
      session.set_ai_delay(kSpeedDelay[1] / std::max(0.25f, settings().ai_speed));
  }
  save_settings_if_changed();
  if (test.running) test_after_frame();
}

// ---- New game screen -------------------------------------------------------------------
void App::Impl::draw_new_game() {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float w = std::min(760.0f * settings().ui_scale, ds.x - 16.0f);
  ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, ds.y - 16.0f));
  ImGui::Begin("New game", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushFont(fonts().big);
  const char* title = "Settlers of Catan";
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(title).x) * 0.5f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%s", title);
  ImGui::PopFont();
  const char* sub = "Set up a new game";
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(sub).x) * 0.5f);
  ImGui::TextDisabled("%s", sub);
  ImGui::Spacing();

  const float label_w = 150.0f * settings().ui_scale;
  auto label = [&](const char* l) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(l);
    ImGui::SameLine(label_w);
  };

  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Players");
  ImGui::PopFont();
  ImGui::Separator();
  label("Number");
  for (int n = 2; n <= 4; ++n) {
    char id[16];
    std::snprintf(id, sizeof id, "players_%d", n);
    char lab[24];
    std::snprintf(lab, sizeof lab, n == 2 ? "%d (variant)" : "%d", n);
    if (n > 2) ImGui::SameLine();
    if (ImGui::RadioButton(lab, form.players == n)) form.players = n;
    record(id);
  }
  const float combo_w = (w - label_w - 60.0f) / 3.0f;
  for (int i = 0; i < form.players; ++i) {
    SeatSetup& ss = form.seats[i];
    ImGui::PushID(i);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(player_color_v4(i), "\u25CF");
    ImGui::SameLine();
    ImGui::Text("Seat %d", i + 1);
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(combo_w);
    ImGui::Combo("##kind", &ss.kind, kSeatKinds, 3);
    ImGui::SameLine();
    if (ss.kind == 1) {
      ImGui::SetNextItemWidth(combo_w * 0.8f);
      ImGui::Combo("##level", &ss.level, kLevelNames, 5);
      ImGui::SameLine();
      ImGui::SetNextItemWidth(combo_w * 1.2f);
      ImGui::Combo("##pers", &ss.personality, kPersonalityNames, 6);
    } else {
      ImGui::SetNextItemWidth(combo_w * 2.0f + ImGui::GetStyle().ItemSpacing.x);
      ImGui::InputTextWithHint("##name", default_name(i, ss).c_str(), ss.name, sizeof ss.name);
    }
    ImGui::PopID();
  }
  int humans = 0;
  for (int i = 0; i < form.players; ++i) humans += form.seats[i].kind != 1;
  if (humans > 1)
    ImGui::TextDisabled("Hot-seat: the hands are hidden while the device changes hands.");

  ImGui::Spacing();
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Rules and island");
  ImGui::PopFont();
  ImGui::Separator();
  const float field_w = std::min(260.0f * settings().ui_scale, w - label_w - 30.0f);
  label("Mode");
  ImGui::SetNextItemWidth(field_w);
  const char* modes[] = {"Classic (10 VP)", "Blitz (7 VP, 1 of each)", "Epic (13 VP)",
                         "Custom VP target"};
  ImGui::Combo("##mode", &form.mode, modes, 4);
  if (form.mode == 3) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120.0f * settings().ui_scale);
    ImGui::SliderInt("##vp", &form.custom_vp, 3, 20, "%d VP");
  }
  label("Board");
  ImGui::SetNextItemWidth(field_w);
  const char* boards[] = {"Beginner", "Official", "Balanced", "Random"};
  ImGui::Combo("##board", &form.board, boards, 4);
  label("Map visibility");
  ImGui::SetNextItemWidth(field_w);
  const char* vis[] = {"Revealed", "Mist", "Terra incognita"};
  ImGui::Combo("##vis", &form.visibility, vis, 3);
  label("Dice");
  ImGui::SetNextItemWidth(field_w);
  const char* dice[] = {"Random", "Balanced (deck of 36)"};
  ImGui::Combo("##dice", &form.dice, dice, 2);
  label("Turn timer");
  ImGui::SetNextItemWidth(field_w);
  ImGui::Combo("##timer", &form.timer_idx, kTimerNames, 8);
  label("AI speed");
  ImGui::SetNextItemWidth(field_w);
  ImGui::Combo("##aispeed", &form.ai_speed, kSpeedNames, 4);
  label("Seed");
  ImGui::SetNextItemWidth(field_w);
  ImGui::InputText("##seed", form.seed_text, sizeof form.seed_text,
                   ImGuiInputTextFlags_CharsDecimal);
  ImGui::SameLine();
  if (button("random_seed", "New seed"))
    std::snprintf(form.seed_text, sizeof form.seed_text, "%llu",
                  static_cast<unsigned long long>(random_seed()));

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const float bw = 200.0f * settings().ui_scale, bh = 44.0f * settings().ui_scale;
  if (!have_saved && persistence.load) {
    saved_text = persistence.load();
    have_saved = !saved_text.empty();
  }
  const float total_w = have_saved ? bw * 2 + ImGui::GetStyle().ItemSpacing.x : bw;
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - total_w) * 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.95f, 0.65f, 0.2f, 1.0f));
  ImGui::PushFont(fonts().bold);
  if (button("start", "Start game", ImVec2(bw, bh))) start_game(config_from_form());
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  if (have_saved) {
    ImGui::SameLine();
    if (button("continue", "Continue last game", ImVec2(bw, bh))) {
      std::string err;
      if (!continue_saved(&err)) {
        have_saved = false;
        flash_error("The saved game could not be loaded: " + err);
      }
    }
  }
  ImGui::Spacing();
  ImGui::SetCursorPosX(ImGui::GetWindowWidth() - 150.0f * settings().ui_scale);
  if (button("ng_settings", "Settings")) show_settings = !show_settings;
  ImGui::SameLine();
  if (button("ng_help", "?")) show_help = !show_help;
  if (now < error_until) ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", error.c_str());
  ImGui::End();
}

// ---- Game screen ---------------------------------------------------------------------
BoardHighlights App::Impl::highlights() const {
  BoardHighlights hl;
  hl.seat = viewer;
  if (!my_turn_to_act) return hl;
  const Phase ph = session.state().phase;
  for (const Action& a : legal) {
    switch (a.type) {
      case ActionType::BuildSettlement:
        if (ph == Phase::SetupSettlement || tool == Tool::Settlement) hl.vertices.push_back(a.arg);
        break;
      case ActionType::BuildCity:
        if (tool == Tool::City) hl.vertices.push_back(a.arg), hl.vertices_are_cities = true;
        break;
      case ActionType::BuildRoad:
        if (ph == Phase::SetupRoad || tool == Tool::Road) hl.edges.push_back(a.arg);
        break;
      case ActionType::FreeRoad:
        hl.edges.push_back(a.arg);
        break;
      case ActionType::MoveRobber:
        hl.hexes.push_back(a.arg);
        break;
      default:
        break;
    }
  }
  return hl;
}

bool App::Impl::action_button(const char* id, const char* label, const char* key,
                              const ResourceCounts* cost, bool enabled, const std::string& why,
                              bool selected, ImVec2 size, const char* tip) {
  const Theme& th = theme();
  ImGui::PushID(id);
  const bool clicked = ImGui::InvisibleButton("##ab", size);
  ImGui::PopID();
  record(id);
  const bool hov = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImU32 bg = enabled ? IM_COL32(64, 96, 140, 255) : IM_COL32(58, 62, 70, 255);
  if (enabled && hov) bg = IM_COL32(82, 122, 178, 255);
  if (selected) bg = th.accent;
  dl->AddRectFilled(a, b, bg, th.rounding);
  if (selected) dl->AddRect(a, b, IM_COL32(255, 255, 255, 220), th.rounding, 0, 2.0f);
  const ImU32 tc = selected ? th.text_dark : (enabled ? th.text : th.text_dim);
  ImFont* f = fonts().bold ? fonts().bold : ImGui::GetFont();
  const float fs = ImGui::GetFontSize();
  const ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, 0, label);
  const float pad = 8.0f * settings().ui_scale;
  const bool has_cost = cost && total(*cost) > 0;
  const float ty = has_cost ? a.y + pad * 0.6f : (a.y + b.y - ts.y) * 0.5f;
  dl->AddText(f, fs, ImVec2((a.x + b.x - ts.x) * 0.5f, ty), tc, label);
  if (key) {
    const float ks = fs * 0.7f;
    dl->AddText(ImGui::GetFont(), ks, ImVec2(b.x - pad * 0.5f - ks * 0.7f, a.y + 3.0f),
                with_alpha(tc, 0.55f), key);
  }
  if (has_cost) {
    const float is = std::min(fs * 1.0f, (b.y - a.y) - ts.y - pad * 1.6f);
    int n = total(*cost);
    const float gap = is * 0.12f;
    float x = (a.x + b.x - (n * is + (n - 1) * gap)) * 0.5f;
    const float y = b.y - is - pad * 0.6f;
    for (int r = 0; r < kNumResources; ++r)
      for (int k = 0; k < (*cost)[r]; ++k) {
        draw_resource_icon(dl, ImVec2(x, y), is, static_cast<Resource>(r));
        if (!enabled)
          dl->AddRectFilled(ImVec2(x, y), ImVec2(x + is, y + is), IM_COL32(40, 44, 52, 120), 3.0f);
        x += is + gap;
      }
  }
  if (hov) {
    if (!enabled && !why.empty())
      ImGui::SetTooltip("%s", why.c_str());
    else if (tip)
      ImGui::SetTooltip("%s", tip);
  }
  if (hov && enabled) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  return clicked && enabled;
}

void App::Impl::draw_game() {
  const GameState& st = session.state();
  viewer = session.viewer();
  obs = session.observation();
  my_turn_to_act = session.human_to_act() && !session.handoff_pending() && !session.paused() &&
                   st.to_move() == viewer;
  legal.clear();
  if (my_turn_to_act) legal = legal_actions(st);
  if (!my_turn_to_act) tool = Tool::None;
  log.update(session, now);

  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float sc = settings().ui_scale;
  const bool portrait = ds.x < 760.0f * sc || ds.x < ds.y * 0.9f;
  const float m = 8.0f * sc;
  const float banner_h = 56.0f * sc;
  const float bottom_h = (portrait ? 210.0f : 178.0f) * sc;
  ImVec2 side_p, side_s;
  ImVec2 main_p(m, m), main_s;
  if (!portrait) {
    const float side_w = std::clamp(ds.x * 0.27f, 280.0f * sc, 400.0f * sc);
    side_p = ImVec2(ds.x - side_w - m, m);
    side_s = ImVec2(side_w, ds.y - 2 * m);
    main_s = ImVec2(ds.x - side_w - 3 * m, ds.y - 2 * m);
  } else {
    const float side_h = std::max(160.0f * sc, ds.y * 0.26f);
    side_p = ImVec2(m, ds.y - side_h - m);
    side_s = ImVec2(ds.x - 2 * m, side_h);
    main_s = ImVec2(ds.x - 2 * m, ds.y - side_h - 3 * m);
  }
  const ImVec2 banner_p = main_p, banner_s(main_s.x, banner_h);
  const ImVec2 bottom_p(main_p.x, main_p.y + main_s.y - bottom_h), bottom_s(main_s.x, bottom_h);
  board_p = ImVec2(main_p.x, main_p.y + banner_h + m);
  board_s = ImVec2(main_s.x, main_s.y - banner_h - bottom_h - 2 * m);

  // The board (behind everything else).
  ImGui::SetNextWindowPos(board_p);
  ImGui::SetNextWindowSize(board_s);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin("##boardwin", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
  const BoardHighlights hl = highlights();
  const BoardPick pick = board.draw(obs, hl, board_s);
  if (pick.kind != BoardPick::None && my_turn_to_act) {
    const Phase ph = st.phase;
    Action a;
    bool ok = true;
    if (pick.kind == BoardPick::Vertex)
      a = Action::simple(tool == Tool::City ? ActionType::BuildCity : ActionType::BuildSettlement,
                         pick.id);
    else if (pick.kind == BoardPick::Edge)
      a = Action::simple(ph == Phase::RoadBuilding1 || ph == Phase::RoadBuilding2
                             ? ActionType::FreeRoad
                             : ActionType::BuildRoad,
                         pick.id);
    else if (pick.kind == BoardPick::Hex)
      a = Action::simple(ActionType::MoveRobber, pick.id);
    else
      ok = false;
    if (ok && submit(a)) audio::play(audio::Sfx::Build);
  }
  // Zoom controls.
  ImGui::SetCursorPos(ImVec2(board_s.x - 44 * sc, board_s.y - 100 * sc));
  if (button("zoom_in", "+", ImVec2(34 * sc, 30 * sc))) board.pinch(0.05f);
  ImGui::SetCursorPos(ImVec2(board_s.x - 44 * sc, board_s.y - 66 * sc));
  if (button("zoom_out", "-", ImVec2(34 * sc, 30 * sc))) board.pinch(-0.05f);
  ImGui::SetCursorPos(ImVec2(board_s.x - 44 * sc, board_s.y - 32 * sc));
  if (button("zoom_fit", "Fit", ImVec2(34 * sc, 28 * sc))) board.reset_view();
  ImGui::End();
  ImGui::PopStyleVar(2);

  draw_banner(banner_p, banner_s);
  draw_bottom_bar(bottom_p, bottom_s);
  draw_side(side_p, side_s);
  log.draw_toasts(ImVec2(board_p.x + board_s.x * 0.5f, board_p.y + 6 * sc));
  draw_dialogs();
  if (st.phase == Phase::GameOver) {
    // First the win overlay (winner, revealed VP cards), then the full end screen: on "See the
    // results" or by itself after a moment. "View board" hides it; the banner's "Results"
    // button brings it back.
    if (game_over_at < 0) {
      game_over_at = now;
      force_log_tab = true;  // the trade panel has nothing left to offer; the log tells the end
    }
    if (!show_end && now - game_over_at > kWinOverlaySeconds) show_end = true;
    if (!show_end) {
      draw_game_over();
    } else if (!end_state.hidden) {
      switch (draw_end_screen(session, end_state)) {
        case EndChoice::Rematch:
          start_game(session.config());
          break;
        case EndChoice::NewSeed: {
          MatchConfig mc = session.config();
          mc.seeds = {random_seed(), match::fresh_seed()};
          std::snprintf(form.seed_text, sizeof form.seed_text, "%llu",
                        static_cast<unsigned long long>(mc.seeds.board));
          start_game(mc);
          break;
        }
        case EndChoice::NewGame:
          screen = Screen::NewGame, have_saved = false;
          break;
        case EndChoice::Close:  // end_state.hidden is set: the board stays visible
        case EndChoice::None:
          break;
      }
    }
  } else {
    game_over_at = -1;
  }
  if (session.handoff_pending()) draw_handoff();
  if (session.paused()) {
    ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::Begin("##paused", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushFont(fonts().big);
    ImGui::TextUnformatted("Paused");
    ImGui::PopFont();
    if (button("resume", "Resume", ImVec2(-1, 0))) session.set_paused(false);
    ImGui::End();
  }
  handle_keys();
}

void App::Impl::draw_banner(ImVec2 p, ImVec2 s) {
  const GameState& st = session.state();
  const float sc = settings().ui_scale;
  const int active = st.phase == Phase::GameOver ? st.winner : st.to_move();
  ImGui::SetNextWindowPos(p);
  ImGui::SetNextWindowSize(s);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(theme().panel_bg));
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(player_color(active)));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
  ImGui::Begin("##banner", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 wp = ImGui::GetWindowPos();
  // The active player's colour stripe.
  dl->AddRectFilled(ImVec2(wp.x + 2, wp.y + 2), ImVec2(wp.x + 10 * sc, wp.y + s.y - 2),
                    player_color(active), 4.0f);
  std::string text;
  if (tool == Tool::Road)
    text = "Build a road: click a highlighted edge (Esc cancels)";
  else if (tool == Tool::Settlement)
    text = "Build a settlement: click a highlighted corner (Esc cancels)";
  else if (tool == Tool::City)
    text = "Upgrade to a city: click one of your settlements (Esc cancels)";
  else
    text = turn_banner(session);
  ImGui::SetCursorPos(ImVec2(18 * sc, (s.y - ImGui::GetFontSize() * 1.25f) * 0.5f));
  ImGui::PushFont(fonts().bold);
  ImGui::SetWindowFontScale(1.2f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();

  // Right side: timer, autopilot, menu.
  float x = s.x - 12 * sc;
  const float bh = 34 * sc;
  const float by = (s.y - bh) * 0.5f;
  x -= 36 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("menu", "...", ImVec2(36 * sc, bh))) ImGui::OpenPopup("game_menu");
  x -= 36 * sc + 6 * sc;
  ImGui::SetCursorPos(ImVec2(x, by));
  if (button("help", "?", ImVec2(36 * sc, bh))) show_help = !show_help;
  if (ImGui::BeginPopup("game_menu")) {
    if (ImGui::MenuItem("Settings")) show_settings = true;
    if (ImGui::MenuItem(session.paused() ? "Resume" : "Pause"))
      session.set_paused(!session.paused());
    if (ImGui::MenuItem("Help (?)")) show_help = true;
    ImGui::Separator();
    if (ImGui::MenuItem("New game...")) screen = Screen::NewGame, have_saved = false;
    ImGui::EndPopup();
  }
  if (st.phase == Phase::GameOver && show_end && end_state.hidden) {
    x -= 110 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    if (button("results", "Results", ImVec2(104 * sc, bh))) end_state.hidden = false;
  }
  for (int seat = 0; seat < st.num_players; ++seat) {
    if (!session.is_human(seat) || !session.on_autopilot(seat)) continue;
    x -= 190 * sc;
    ImGui::SetCursorPos(ImVec2(x, by));
    std::string id = "take_back_" + std::to_string(seat);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.8f, 0.3f, 0.2f, 1));
    if (button(id.c_str(), "Take back control", ImVec2(184 * sc, bh)))
      session.take_back_control(seat);
    ImGui::PopStyleColor();
  }
  const double tl = session.time_left();
  if (tl >= 0) {
    x -= 130 * sc;
    ImGui::SetCursorPos(ImVec2(x, by + bh * 0.15f));
    const float frac = static_cast<float>(tl / std::max<double>(1, st.options.timer_seconds));
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                          tl < 10 ? ImVec4(0.9f, 0.3f, 0.25f, 1) : ImVec4(0.35f, 0.7f, 0.4f, 1));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d s", static_cast<int>(std::ceil(tl)));
    ImGui::ProgressBar(std::min(1.0f, frac), ImVec2(120 * sc, bh * 0.7f), buf);
    ImGui::PopStyleColor();
  }
  if (now < error_until) {
    ImGui::SetCursorPos(ImVec2(18 * sc, s.y - ImGui::GetFontSize() - 2));
  }
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  if (now < error_until) {
    ImGui::SetNextWindowPos(ImVec2(p.x + s.x * 0.5f, p.y + s.y + 8 * sc), ImGuiCond_Always,
                            ImVec2(0.5f, 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.55f, 0.15f, 0.12f, 0.95f));
    ImGui::Begin("##error", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
    ImGui::TextUnformatted(error.c_str());
    ImGui::End();
    ImGui::PopStyleColor();
  }
}

void App::Impl::draw_bottom_bar(ImVec2 p, ImVec2 s) {
  const GameState& st = session.state();
  const float sc = settings().ui_scale;
  ImGui::SetNextWindowPos(p);
  ImGui::SetNextWindowSize(s);
  ImGui::Begin(
      "##bottom", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& th = theme();
  if (viewer < 0) {
    ImGui::TextUnformatted("Watching the AIs play.");
    ImGui::End();
    return;
  }
  const PlayerState& me = obs.view.players[viewer];
  const bool main_phase = my_turn_to_act && st.phase == Phase::Main;

  // --- Hand: resource cards.
  ImGui::PushFont(fonts().bold);
  seat_chip(viewer, ImGui::GetFontSize() * 0.8f);
  ImGui::SameLine();
  ImGui::Text("%s", session.config().seats[viewer].name.c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  const int cards = obs.hand_size[viewer];
  ImGui::TextDisabled("%d VP  |  %d card%s", obs.view.total_vp(viewer), cards,
                      cards == 1 ? "" : "s");
  const float card_w = 46 * sc, card_h = 60 * sc;
  const ImVec2 hand_p = ImGui::GetCursorScreenPos();
  // 004 mist / terra incognita: a card's type would name a hidden hex, so until the reveal
  // the hand is dealt face down, fanned into the five slots' width.
  const bool face_down = island_hidden(st) && cards > 0;
  if (face_down) {
    const float slots_w = 5 * (card_w + 6 * sc) - 6 * sc;
    const float step =
        cards > 1 ? std::min(card_w + 6 * sc, (slots_w - card_w) / static_cast<float>(cards - 1))
                  : 0.0f;
    for (int k = 0; k < cards; ++k) {
      const ImVec2 a(hand_p.x + static_cast<float>(k) * step, hand_p.y);
      const ImVec2 b(a.x + card_w, a.y + card_h);
      const float in = 4 * sc;
      dl->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), IM_COL32(0, 0, 0, 70),
                        6.0f);
      dl->AddRectFilled(a, b, IM_COL32(132, 58, 44, 255), 6.0f);
      dl->AddRect(a, b, IM_COL32(72, 30, 22, 255), 6.0f, 0, 2.0f);
      dl->AddRect(ImVec2(a.x + in, a.y + in), ImVec2(b.x - in, b.y - in),
                  IM_COL32(236, 204, 150, 200), 4.0f, 0, 1.5f);
      const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      const float d = card_w * 0.2f;
      dl->AddQuadFilled(ImVec2(c.x, c.y - d * 1.3f), ImVec2(c.x + d, c.y),
                        ImVec2(c.x, c.y + d * 1.3f), ImVec2(c.x - d, c.y),
                        IM_COL32(236, 204, 150, 220));
    }
    ImGui::Dummy(ImVec2(slots_w + 6 * sc, card_h));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "%d card%s, face down: their types would give away the hidden island.\n"
          "They turn over when the island is revealed, before the first roll.",
          cards, cards == 1 ? "" : "s");
  }
  for (int r = 0; r < kNumResources && !face_down; ++r) {
    const ImVec2 a(hand_p.x + r * (card_w + 6 * sc), hand_p.y);
    const ImVec2 b(a.x + card_w, a.y + card_h);
    const int n = me.resources[r];
    const ImU32 col = resource_color(static_cast<Resource>(r));
    dl->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), IM_COL32(0, 0, 0, 70),
                      6.0f);
    dl->AddRectFilled(a, b, n > 0 ? IM_COL32(250, 246, 236, 255) : IM_COL32(120, 124, 130, 255),
                      6.0f);
    dl->AddRect(a, b, n > 0 ? col : IM_COL32(90, 94, 100, 255), 6.0f, 0, 2.5f);
    draw_resource_icon(dl, ImVec2(a.x + card_w * 0.18f, a.y + 5 * sc), card_w * 0.64f,
                       static_cast<Resource>(r));
    char buf[8];
    std::snprintf(buf, sizeof buf, "%d", n);
    ImFont* f = fonts().bold;
    const float fs = ImGui::GetFontSize() * 1.15f;
    const ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, 0, buf);
    dl->AddText(f, fs, ImVec2((a.x + b.x - ts.x) * 0.5f, b.y - ts.y - 2 * sc),
                n > 0 ? th.text_dark : IM_COL32(200, 200, 200, 255), buf);
  }
  if (!face_down) ImGui::Dummy(ImVec2(5 * (card_w + 6 * sc), card_h));
  for (int r = 0; r < kNumResources && !face_down; ++r) {
    const ImVec2 a(hand_p.x + r * (card_w + 6 * sc), hand_p.y);
    if (ImGui::IsMouseHoveringRect(a, ImVec2(a.x + card_w, a.y + card_h)))
      ImGui::SetTooltip("%s: %d (bank rate %d:1)", resource_label(static_cast<Resource>(r)),
                        me.resources[r], me.trade_rate[r]);
  }

  // --- Development cards.
  ImGui::SameLine(0, 16 * sc);
  ImGui::BeginGroup();
  ImGui::TextDisabled("Development cards");
  int shown = 0;
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    const int n = me.dev_cards[d];
    if (n == 0) continue;
    const int fresh = me.dev_bought_this_turn[d];
    if (shown++ % 2 == 1) ImGui::SameLine();
    ActionType t = ActionType::PlayKnight;
    if (d == static_cast<int>(DevCard::RoadBuilding)) t = ActionType::PlayRoadBuilding;
    if (d == static_cast<int>(DevCard::YearOfPlenty)) t = ActionType::PlayYearOfPlenty;
    if (d == static_cast<int>(DevCard::Monopoly)) t = ActionType::PlayMonopoly;
    const bool vp = d == static_cast<int>(DevCard::VictoryPoint);
    const bool playable = !vp && my_turn_to_act && has_legal(t);
    char label[64];
    std::snprintf(label, sizeof label, "%s x%d%s", kDevNames[d], n, fresh ? " (new)" : "");
    std::string why =
        vp           ? "Victory Point cards stay hidden and count at once; revealed when you win."
        : fresh == n ? "Bought this turn: playable from your next turn."
        : st.dev_played_this_turn ? "You already played a card this turn."
        : !my_turn_to_act         ? "Not now: wait for your turn."
                                  : "Not playable right now.";
    std::string id = std::string("dev_") + dev_card_name(static_cast<DevCard>(d));
    if (playable) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.3f, 1));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.25f, 0.65f, 0.35f, 1));
    }
    if (button(id.c_str(), label, ImVec2(170 * sc, 0), playable, why)) {
      if (t == ActionType::PlayKnight || t == ActionType::PlayRoadBuilding) {
        if (submit(Action::simple(t))) audio::play(audio::Sfx::Card);
      } else if (t == ActionType::PlayYearOfPlenty) {
        yop_open = true;
        std::fill(std::begin(yop_counts), std::end(yop_counts), 0);
      } else {
        mono_open = true;
        mono_pick = -1;
      }
    }
    if (playable) ImGui::PopStyleColor(2);
  }
  if (shown == 0) ImGui::TextDisabled("none yet");
  ImGui::EndGroup();

  // --- Action buttons.
  const float bw_total = s.x - 2 * ImGui::GetStyle().WindowPadding.x;
  const int nbtn = 7;
  const float gap = 6 * sc;
  const float bw = std::min(132 * sc, (bw_total - gap * (nbtn - 1)) / nbtn);
  const float bh = std::max(54 * sc, ImGui::GetContentRegionAvail().y - 4);
  ImGui::SetCursorPosY(s.y - bh - ImGui::GetStyle().WindowPadding.y);
  auto why_build = [&](const ResourceCounts& cost, int left, const char* piece, ActionType t) {
    if (!my_turn_to_act) return std::string("Wait for your turn.");
    if (st.phase == Phase::Roll) return std::string("Roll the dice first.");
    if (st.phase != Phase::Main) return std::string("Finish the current step first.");
    if (left == 0) return std::string("You have no ") + piece + " left.";
    if (!covers(me.resources, cost)) return missing_text(me.resources, cost);
    if (!has_legal(t)) return std::string("There is no legal place for a ") + piece + " now.";
    return std::string();
  };
  const bool can_roll = my_turn_to_act && has_legal(ActionType::Roll);
  if (action_button("roll", "Roll", "R", nullptr, can_roll,
                    my_turn_to_act ? "You have already rolled." : "Wait for your turn.", false,
                    ImVec2(bw, bh), "Roll the dice (R)")) {
    if (submit(Action::simple(ActionType::Roll))) audio::play(audio::Sfx::Dice);
  }
  ImGui::SameLine(0, gap);
  struct B {
    const char* id;
    const char* label;
    const char* key;
    ResourceCounts cost;
    int left;
    const char* piece;
    ActionType t;
    Tool tool;
  };
  const B builds[3] = {
      {"tool_road", "Road", "1", kRoadCost, me.roads_left, "road", ActionType::BuildRoad,
       Tool::Road},
      {"tool_settlement", "Settlement", "2", kSettlementCost, me.settlements_left, "settlement",
       ActionType::BuildSettlement, Tool::Settlement},
      {"tool_city", "City", "3", kCityCost, me.cities_left, "city", ActionType::BuildCity,
       Tool::City},
  };
  for (const B& b : builds) {
    const std::string why = why_build(b.cost, b.left, b.piece, b.t);
    char tip[96];
    std::snprintf(tip, sizeof tip, "Build a %s (%s). %d left.", b.piece, b.key, b.left);
    if (action_button(b.id, b.label, b.key, &b.cost, why.empty(), why, tool == b.tool,
                      ImVec2(bw, bh), tip))
      tool = tool == b.tool ? Tool::None : b.tool;
    ImGui::SameLine(0, gap);
  }
  {
    std::string why;
    if (!my_turn_to_act)
      why = "Wait for your turn.";
    else if (st.phase != Phase::Main)
      why = st.phase == Phase::Roll ? "Roll the dice first." : "Finish the current step first.";
    else if (st.num_dev_cards_left() == 0)
      why = "The deck is empty.";
    else if (!covers(me.resources, kDevCardCost))
      why = missing_text(me.resources, kDevCardCost);
    if (action_button("buy_dev", "Dev card", "D", &kDevCardCost, why.empty(), why, false,
                      ImVec2(bw, bh), "Buy a development card (D)")) {
      if (submit(Action::simple(ActionType::BuyDevCard))) audio::play(audio::Sfx::Card);
    }
  }
  ImGui::SameLine(0, gap);
  if (action_button("trade", "Trade", "T", nullptr, main_phase,
                    "You can trade in your main phase, after rolling.", side_tab == 1 && main_phase,
                    ImVec2(bw, bh), "Open the trade panel (T)"))
    side_tab = side_tab == 1 ? 0 : 1;
  ImGui::SameLine(0, gap);
  const bool can_end = my_turn_to_act && has_legal(ActionType::EndTurn);
  if (action_button("end_turn", "End turn", "E", nullptr, can_end,
                    !my_turn_to_act           ? "Wait for your turn."
                    : st.phase == Phase::Roll ? "Roll the dice first."
                                              : "Finish the current step first.",
                    false, ImVec2(bw, bh), "End your turn (E)"))
    submit(Action::simple(ActionType::EndTurn));
  // Dice next to the hand (UI-B's animated dice).
  const float die = 38 * sc;
  log.draw_dice(dl, ImVec2(p.x + s.x - 2 * die - 26 * sc, p.y + 12 * sc), die);
  ImGui::End();
}

void App::Impl::draw_side(ImVec2 p, ImVec2 s) {
  const float sc = settings().ui_scale;
  ImGui::SetNextWindowPos(p);
  ImGui::SetNextWindowSize(s);
  ImGui::Begin(
      "##side", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  const bool portrait = s.x > s.y;
  if (trade_needs_attention(session) && side_tab != 1) side_tab = 1;
  if (!portrait) {
    // As tall as the cards need (compact ones on short windows), so the tabs below get
    // the rest: the trade builder's buttons stay in view at 720 px.
    PlayersPanelOptions o;
    const float h = fit_players_panel(session, &o, s.y * 0.42f);
    ImGui::BeginChild("players", ImVec2(0, h), false);
    draw_players_panel(session, o);
    ImGui::EndChild();
  }
  if (ImGui::BeginTabBar("side_tabs")) {
    if (portrait && ImGui::BeginTabItem("Players")) {
      PlayersPanelOptions o;
      o.horizontal = true;
      o.include_viewer = false;
      draw_players_panel(session, o);
      ImGui::EndTabItem();
    }
    const bool select_log = force_log_tab;
    if (force_log_tab) side_tab = 0, force_log_tab = false;
    if (ImGui::BeginTabItem("Log", nullptr, select_log ? ImGuiTabItemFlags_SetSelected : 0)) {
      if (ImGui::IsItemClicked()) side_tab = 0;
      log.draw_log(session);
      ImGui::EndTabItem();
    }
    record("tab_log");
    static int last_tab = -1;
    const ImGuiTabItemFlags tf =
        (side_tab == 1 && last_tab != 1) ? ImGuiTabItemFlags_SetSelected : 0;
    last_tab = side_tab;
    if (ImGui::BeginTabItem("Trade", nullptr, tf)) {
      side_tab = 1;
      ImGui::BeginChild("trade_scroll", ImVec2(0, 0), false);
      // An offer just went out (or came in): show it from its top, where its terms are.
      const bool offer_open = session.state().phase == Phase::TradeResponse ||
                              session.state().phase == Phase::TradeConfirm;
      if (offer_open && !offer_was_open) ImGui::SetScrollY(0);
      offer_was_open = offer_open;
      draw_trade_panel(session, trade);
      ImGui::Spacing();
      ImGui::Separator();
      ImGui::PushFont(fonts().bold);
      ImGui::TextUnformatted("Bank and harbours");
      ImGui::PopFont();
      draw_bank_trade(session, trade.bank);
      ImGui::EndChild();
      ImGui::EndTabItem();
    } else if (side_tab == 1 && !tf) {
      side_tab = 0;
    }
    ImGui::EndTabBar();
  }
  (void)sc;
  ImGui::End();
}

// ---- Dialogs for rule interactions ----------------------------------------------------
void App::Impl::draw_dialogs() {
  const GameState& st = session.state();
  const float sc = settings().ui_scale;
  const ImVec2 centre(board_p.x + board_s.x * 0.5f, board_p.y + board_s.y * 0.5f);
  auto begin_dialog = [&](const char* title, float w) {
    ImGui::SetNextWindowPos(centre, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(w * sc, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
    ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(theme().accent));
    const bool open = ImGui::Begin(title, nullptr,
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    return open;
  };
  if (!my_turn_to_act) {
    yop_open = mono_open = false;
    return;
  }
  const PlayerState& me = st.players[viewer];
  if (st.phase == Phase::Discard) {
    const int owed = me.discard_owed;
    if (begin_dialog("Discard cards", 420)) {
      ImGui::TextWrapped(
          "A 7 was rolled and you hold %d cards: choose %d to give back to the bank.",
          total(me.resources), owed);
      ImGui::Spacing();
      int chosen = 0;
      for (int r = 0; r < kNumResources; ++r) {
        disc_counts[r] = std::clamp(disc_counts[r], 0, static_cast<int>(me.resources[r]));
        chosen += disc_counts[r];
      }
      for (int r = 0; r < kNumResources; ++r) {
        char text[48];
        std::snprintf(text, sizeof text, "%-6s %d / %d", resource_label(static_cast<Resource>(r)),
                      disc_counts[r], me.resources[r]);
        resource_stepper("disc", r, text, 240 * sc, disc_counts[r],
                         disc_counts[r] < me.resources[r] && chosen < owed);
      }
      ImGui::Spacing();
      char lab[48];
      std::snprintf(lab, sizeof lab, "Discard %d of %d", chosen, owed);
      if (button("disc_ok", lab, ImVec2(-1, 36 * sc), chosen == owed,
                 "Choose exactly the number of cards required.")) {
        Action a = Action::simple(ActionType::Discard);
        for (int r = 0; r < kNumResources; ++r) a.give[r] = static_cast<uint8_t>(disc_counts[r]);
        if (submit(a)) std::fill(std::begin(disc_counts), std::end(disc_counts), 0);
      }
    }
    ImGui::End();
  } else {
    std::fill(std::begin(disc_counts), std::end(disc_counts), 0);
  }
  if (st.phase == Phase::Steal) {
    if (begin_dialog("Choose a player to rob", 380)) {
      ImGui::TextWrapped("Steal one random card from a player next to the robber:");
      ImGui::Spacing();
      for (const Action& a : legal) {
        if (a.type != ActionType::Steal) continue;
        char lab[96];
        std::snprintf(lab, sizeof lab, "%s  (%d cards)", session.config().seats[a.arg].name.c_str(),
                      obs.hand_size[a.arg]);
        const std::string id = "steal_" + std::to_string(a.arg);
        ImGui::PushStyleColor(ImGuiCol_Button, player_color_v4(a.arg));
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.05f, 1));
        if (button(id.c_str(), lab, ImVec2(-1, 38 * sc))) submit(a);
        ImGui::PopStyleColor(2);
      }
    }
    ImGui::End();
  }
  if (yop_open && st.phase == Phase::Main) {
    if (begin_dialog("Year of Plenty", 400)) {
      ImGui::TextWrapped("Take any 2 resources from the bank.");
      int n = 0;
      for (int r = 0; r < kNumResources; ++r) n += yop_counts[r];
      for (int r = 0; r < kNumResources; ++r) {
        char text[48];
        std::snprintf(text, sizeof text, "%-6s %d   (bank %d)",
                      resource_label(static_cast<Resource>(r)), yop_counts[r], st.bank[r]);
        resource_stepper("yop", r, text, 250 * sc, yop_counts[r],
                         n < 2 && yop_counts[r] < st.bank[r]);
      }
      if (button("yop_ok", "Take them", ImVec2(200 * sc, 34 * sc), n == 2, "Pick 2 cards.")) {
        int r1 = -1, r2 = -1;
        for (int r = 0; r < kNumResources; ++r)
          for (int k = 0; k < yop_counts[r]; ++k) (r1 < 0 ? r1 : r2) = r;
        if (submit(Action::simple(ActionType::PlayYearOfPlenty, r1, r2))) yop_open = false;
      }
      ImGui::SameLine();
      if (button("yop_cancel", "Cancel", ImVec2(-1, 34 * sc))) yop_open = false;
    }
    ImGui::End();
  } else {
    yop_open = false;
  }
  if (mono_open && st.phase == Phase::Main) {
    if (begin_dialog("Monopoly", 400)) {
      ImGui::TextWrapped("Name a resource: every other player gives you all of theirs.");
      const float is = 54 * sc;
      for (int r = 0; r < kNumResources; ++r) {
        if (r) ImGui::SameLine();
        const std::string id = "mono_" + std::to_string(r);
        ImGui::PushID(id.c_str());
        ImGui::InvisibleButton("##m", ImVec2(is, is));
        ImGui::PopID();
        record(id.c_str());
        if (ImGui::IsItemClicked()) mono_pick = r;
        ImDrawList* dl = ImGui::GetWindowDrawList();
        draw_resource_icon(dl, ImGui::GetItemRectMin(), is, static_cast<Resource>(r));
        if (mono_pick == r)
          dl->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), theme().accent, 8.0f, 0,
                      3.0f);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
      }
      const std::string lab = mono_pick >= 0 ? std::string("Take all the ") +
                                                   resource_label(static_cast<Resource>(mono_pick))
                                             : std::string("Choose a resource");
      if (button("mono_ok", lab.c_str(), ImVec2(240 * sc, 34 * sc), mono_pick >= 0))
        if (submit(Action::simple(ActionType::PlayMonopoly, mono_pick))) mono_open = false;
      ImGui::SameLine();
      if (button("mono_cancel", "Cancel", ImVec2(-1, 34 * sc))) mono_open = false;
    }
    ImGui::End();
  } else {
    mono_open = false;
  }
}

void App::Impl::draw_handoff() {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const int seat = session.handoff_seat();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ds);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.08f, 0.1f, 0.14f, 1.0f));
  ImGui::Begin(
      "##handoff", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  const std::string name = session.config().seats[seat].name;
  const std::string l1 = "Pass the device to " + name;
  ImGui::PushFont(fonts().big);
  const ImVec2 t1 = ImGui::CalcTextSize(l1.c_str());
  ImGui::SetCursorPos(ImVec2((ds.x - t1.x) * 0.5f, ds.y * 0.38f));
  ImGui::TextColored(player_color_v4(seat), "%s", l1.c_str());
  ImGui::PopFont();
  const char* l2 = "The other hands stay hidden until they take it.";
  ImGui::SetCursorPosX((ds.x - ImGui::CalcTextSize(l2).x) * 0.5f);
  ImGui::TextDisabled("%s", l2);
  const float bw = 300 * settings().ui_scale;
  ImGui::SetCursorPos(ImVec2((ds.x - bw) * 0.5f, ds.y * 0.38f + t1.y + 60 * settings().ui_scale));
  const std::string lab = "I am " + name + ": show my hand";
  if (button("handoff_ok", lab.c_str(), ImVec2(bw, 48 * settings().ui_scale)))
    session.accept_handoff();
  ImGui::End();
}

void App::Impl::draw_game_over() {
  const GameState& st = session.state();
  const float sc = settings().ui_scale;
  const Theme& th = theme();
  ImGui::SetNextWindowPos(ImVec2(board_p.x + board_s.x * 0.5f, board_p.y + board_s.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  const int w = st.winner;
  std::string title = w < 0                                  ? std::string("Game over")
                      : (w == viewer && session.is_human(w)) ? std::string("You win!")
                                                             : seat_name3(session, w) + " wins!";
  // The title in the big font decides the width; a long seat name falls back to its colour.
  ImGui::PushFont(fonts().big);
  const float max_w = std::max(200.0f, board_s.x - 16 * sc);
  if (w >= 0 && ImGui::CalcTextSize(title.c_str()).x + 48 * sc > max_w)
    title = std::string(player_color_name(w)) + " wins!";
  const float title_w = ImGui::CalcTextSize(title.c_str()).x + 48 * sc;
  ImGui::PopFont();
  ImGui::SetNextWindowSize(ImVec2(std::min(std::max(480 * sc, title_w), max_w), 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 3.0f);
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(player_color(w)));
  ImGui::Begin("##gameover", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  const float ww = ImGui::GetWindowWidth();
  auto centred = [&](const std::string& text, ImU32 col) {
    ImGui::SetCursorPosX((ww - ImGui::CalcTextSize(text.c_str()).x) * 0.5f);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopStyleColor();
  };
  ImGui::Spacing();
  ImGui::PushFont(fonts().big);
  centred(title, w >= 0 ? player_color(w) : th.text);
  ImGui::PopFont();
  if (w >= 0) {
    char line[96];
    std::snprintf(line, sizeof line, "%d victory points after %d turns", st.total_vp(w), st.turn);
    centred(line, th.text_dim);
    // The hidden Victory Point cards are revealed now, turned face up one after the other.
    const int vpcards = st.players[w].dev_cards[static_cast<int>(DevCard::VictoryPoint)];
    if (vpcards > 0) {
      ImGui::Spacing();
      std::snprintf(line, sizeof line, "Revealed: %d Victory Point card%s", vpcards,
                    vpcards > 1 ? "s" : "");
      centred(line, th.accent);
      const float cw = 44 * sc, ch = 62 * sc, gap = 10 * sc;
      const float row_w = vpcards * cw + (vpcards - 1) * gap;
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const ImVec2 o(ImGui::GetWindowPos().x + (ww - row_w) * 0.5f, ImGui::GetCursorScreenPos().y);
      const double t = now - game_over_at;
      for (int i = 0; i < vpcards; ++i) {
        // Each card flips (its width shrinks to 0 and grows back face up) 0.35 s after the last.
        const float k = static_cast<float>(std::clamp((t - 0.4 - 0.35 * i) / 0.35, 0.0, 1.0));
        const bool face_up = k >= 0.5f;
        const float half = std::abs(1.0f - 2.0f * k);
        const float cx = o.x + i * (cw + gap) + cw * 0.5f;
        const ImVec2 a(cx - cw * 0.5f * std::max(half, 0.04f), o.y);
        const ImVec2 b(cx + cw * 0.5f * std::max(half, 0.04f), o.y + ch);
        dl->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), IM_COL32(0, 0, 0, 80),
                          6.0f);
        if (face_up) {
          dl->AddRectFilled(a, b, IM_COL32(250, 240, 205, 255), 6.0f);
          dl->AddRect(a, b, th.accent, 6.0f, 0, 2.5f);
          if (half > 0.5f) {
            ImFont* f = fonts().bold;
            const float fs = ImGui::GetFontSize() * 1.1f;
            const ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, 0, "+1");
            dl->AddText(f, fs, ImVec2(cx - ts.x * 0.5f, a.y + ch * 0.32f), th.text_dark, "+1");
            const ImVec2 vs = ImGui::CalcTextSize("VP");
            dl->AddText(ImVec2(cx - vs.x * 0.5f, a.y + ch * 0.62f), th.text_dark, "VP");
          }
        } else {
          dl->AddRectFilled(a, b, IM_COL32(60, 70, 110, 255), 6.0f);
          dl->AddRect(a, b, IM_COL32(200, 200, 220, 200), 6.0f, 0, 1.5f);
        }
      }
      ImGui::Dummy(ImVec2(row_w, ch + 4 * sc));
    }
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const float bw = 200 * sc, bh = 40 * sc;
  ImGui::SetCursorPosX((ww - bw) * 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.95f, 0.65f, 0.2f, 1.0f));
  ImGui::PushFont(fonts().bold);
  if (button("see_results", "See the results", ImVec2(bw, bh))) show_end = true;
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  const int left = static_cast<int>(std::ceil(kWinOverlaySeconds - (now - game_over_at)));
  char auto_txt[64];
  std::snprintf(auto_txt, sizeof auto_txt, "(opens by itself in %d s)", std::max(1, left));
  centred(auto_txt, th.text_dim);
  ImGui::End();
}

void App::Impl::draw_help() {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(560 * settings().ui_scale, ds.x - 20), 0));
  ImGui::Begin("Help", &show_help,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Keyboard shortcuts");
  ImGui::PopFont();
  const char* keys[][2] = {{"R", "Roll the dice"},
                           {"E", "End your turn"},
                           {"1", "Build a road"},
                           {"2", "Build a settlement"},
                           {"3", "Upgrade a settlement to a city"},
                           {"D", "Buy a development card"},
                           {"T", "Open / close the trade panel"},
                           {"Esc", "Cancel the current tool or close this window"},
                           {"?", "Show / hide this help"}};
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("k", ImGuiTableColumnFlags_WidthFixed, 60 * settings().ui_scale);
    for (auto& k : keys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%s", k[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[1]);
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("The board");
  ImGui::PopFont();
  ImGui::TextWrapped(
      "Highlighted spots are the only legal ones: click or tap to place. Drag to pan, wheel or "
      "pinch to zoom, 'Fit' resets the view. Numbers in red (6 and 8) roll most often; the dots "
      "under a number show its odds. Harbours show their rate: 3:1 for any resource, 2:1 for the "
      "one shown. Under Mist (terrain hidden) or Terra incognita (terrain, numbers and harbours "
      "hidden) the island is revealed when the setup ends; until then only the desert shows, "
      "under the robber, and starting cards stay face down, since their kind would give the "
      "hidden terrain away.");
  ImGui::End();
}

void App::Impl::handle_keys() {
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    if (show_help)
      show_help = false;
    else if (show_settings)
      show_settings = false;
    else if (yop_open || mono_open)
      yop_open = mono_open = false;
    else
      tool = Tool::None;
  }
  if (io.WantTextInput) return;
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    const GameState& st = session.state();
    auto can = [&](ActionType t) { return my_turn_to_act && has_legal(t); };
    switch (c) {
      case 'r':
      case 'R':
        if (can(ActionType::Roll) && submit(Action::simple(ActionType::Roll)))
          audio::play(audio::Sfx::Dice);
        break;
      case 'e':
      case 'E':
        if (can(ActionType::EndTurn)) submit(Action::simple(ActionType::EndTurn));
        break;
      case '1':
        if (can(ActionType::BuildRoad) && st.phase == Phase::Main)
          tool = tool == Tool::Road ? Tool::None : Tool::Road;
        break;
      case '2':
        if (can(ActionType::BuildSettlement) && st.phase == Phase::Main)
          tool = tool == Tool::Settlement ? Tool::None : Tool::Settlement;
        break;
      case '3':
        if (can(ActionType::BuildCity)) tool = tool == Tool::City ? Tool::None : Tool::City;
        break;
      case 'd':
      case 'D':
        if (can(ActionType::BuyDevCard)) submit(Action::simple(ActionType::BuyDevCard));
        break;
      case 't':
      case 'T':
        side_tab = side_tab == 1 ? 0 : 1;
        break;
      case '?':
        show_help = !show_help;
        break;
      default:
        break;
    }
  }
}

// ---- UI test mode ----------------------------------------------------------------------
bool App::Impl::target_pos(const Target& t, ImVec2* out) const {
  if (!t.button.empty()) {
    auto it = rects.find(t.button);
    if (it == rects.end()) return false;
    *out = it->second.GetCenter();
    return true;
  }
  switch (t.board.kind) {
    case BoardPick::Vertex:
      *out = board.vertex_pos(t.board.id);
      return true;
    case BoardPick::Edge:
      *out = board.edge_pos(t.board.id);
      return true;
    case BoardPick::Hex:
      *out = board.hex_pos(t.board.id);
      return true;
    default:
      return false;
  }
}

void App::Impl::test_before_frame() {
  if (!test.running) return;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = test.mouse;
  io.MouseDown[0] = test.down;
  for (int i = 1; i < 5; ++i) io.MouseDown[i] = false;
}

void App::Impl::test_plan(const Action& a) {
  auto btn = [&](const std::string& id) { test.plan.push_back(Target{id, {}}); };
  auto at = [&](BoardPick::Kind k, int id) { test.plan.push_back(Target{"", BoardPick{k, id}}); };
  const Phase ph = session.state().phase;
  switch (a.type) {
    case ActionType::Roll:
      btn("roll");
      break;
    case ActionType::EndTurn:
      btn("end_turn");
      break;
    case ActionType::BuyDevCard:
      btn("buy_dev");
      break;
    case ActionType::BuildSettlement:
      if (ph == Phase::Main) btn("tool_settlement");
      at(BoardPick::Vertex, a.arg);
      break;
    case ActionType::BuildCity:
      btn("tool_city");
      at(BoardPick::Vertex, a.arg);
      break;
    case ActionType::BuildRoad:
      if (ph == Phase::Main) btn("tool_road");
      at(BoardPick::Edge, a.arg);
      break;
    case ActionType::FreeRoad:
      at(BoardPick::Edge, a.arg);
      break;
    case ActionType::MoveRobber:
      at(BoardPick::Hex, a.arg);
      break;
    case ActionType::Steal:
      btn("steal_" + std::to_string(a.arg));
      break;
    case ActionType::Discard:
      for (int r = 0; r < kNumResources; ++r)
        for (int k = 0; k < a.give[r]; ++k) btn("disc_plus_" + std::to_string(r));
      btn("disc_ok");
      break;
    case ActionType::PlayKnight:
      btn("dev_knight");
      break;
    case ActionType::PlayRoadBuilding:
      btn("dev_road_building");
      break;
    case ActionType::PlayYearOfPlenty:
      btn("dev_year_of_plenty");
      btn("yop_plus_" + std::to_string(a.arg));
      btn("yop_plus_" + std::to_string(a.arg2));
      btn("yop_ok");
      break;
    case ActionType::PlayMonopoly:
      btn("dev_monopoly");
      btn("mono_" + std::to_string(a.arg));
      btn("mono_ok");
      break;
    default:
      break;  // trades: no click path of ours (UI-B's panel): submitted directly
  }
}

void App::Impl::test_finish(bool ok, const std::string& why) {
  test.running = false;
  test.playing = false;
  std::printf("uitest: %s%s%s\n", ok ? "PASSED" : "FAILED", why.empty() ? "" : ": ", why.c_str());
  std::printf("uitest: %d frames, %d human actions by clicks, %d submitted directly", test.frames,
              test.ui_actions, test.fallback_actions);
  for (auto& [k, n] : test.fallback_kinds) std::printf(" [%s x%d]", k.c_str(), n);
  std::printf(", %d click plans that did not apply\n", test.failed);
  for (const auto& f : test.failures) std::printf("uitest:   %s\n", f.c_str());
  std::fflush(stdout);
  app->exit_code_ = ok ? 0 : 1;
  app->quit_ = true;
}

bool App::Impl::test_command(const std::string& line) {
  std::istringstream in(line);
  std::string cmd;
  in >> cmd;
  if (cmd.empty() || cmd[0] == '#') return true;
  std::string a1, a2, a3;
  in >> a1 >> a2 >> a3;
  auto fail = [&](const std::string& why) {
    test.failures.push_back(line + ": " + why);
    return false;
  };
  if (cmd == "players") {
    form.players = std::clamp(std::atoi(a1.c_str()), 2, 4);
  } else if (cmd == "seed") {  // both seeds: a test game is reproducible
    std::snprintf(form.seed_text, sizeof form.seed_text, "%s", a1.c_str());
    form.play_seed = std::strtoull(a1.c_str(), nullptr, 10);
  } else if (cmd == "board") {
    const char* names[] = {"beginner", "official", "balanced", "random"};
    for (int i = 0; i < 4; ++i)
      if (a1 == names[i]) form.board = i;
  } else if (cmd == "mode") {
    const char* names[] = {"classic", "blitz", "epic"};
    for (int i = 0; i < 3; ++i)
      if (a1 == names[i]) form.mode = i;
  } else if (cmd == "visibility") {
    const char* names[] = {"revealed", "mist", "terra_incognita"};
    for (int i = 0; i < 3; ++i)
      if (a1 == names[i]) form.visibility = i;
  } else if (cmd == "seat") {
    const int i = std::clamp(std::atoi(a1.c_str()), 0, 3);
    SeatSetup& ss = form.seats[i];
    if (a2 == "you")
      ss.kind = 0;
    else if (a2 == "human")
      ss.kind = 2;
    else {
      ss.kind = 1;
      AiLevel l;
      Personality p;
      if (!a3.empty() && parse_ai_level(a3, &l)) ss.level = static_cast<int>(l);
      std::string a4;
      in >> a4;
      if (!a4.empty() && parse_personality(a4, &p)) ss.personality = static_cast<int>(p);
    }
  } else if (cmd == "ai_speed") {
    for (int i = 0; i < 4; ++i)
      if (a1 == std::string(kSpeedNames[i]) || (a1 == "instant" && i == 3) ||
          (a1 == "fast" && i == 2) || (a1 == "slow" && i == 0) || (a1 == "normal" && i == 1))
        form.ai_speed = i;
  } else if (cmd == "timer") {
    const int t = std::atoi(a1.c_str());
    for (int i = 0; i < 8; ++i)
      if (kTimerChoices[i] == t) form.timer_idx = i;
  } else if (cmd == "click") {
    test.plan.push_back(Target{a1, {}});
  } else if (cmd == "screenshot") {
    test.screenshot = a1;
    test.wait_frames = 2;
  } else if (cmd == "wait") {
    test.wait_frames = std::atoi(a1.c_str());
  } else if (cmd == "play") {
    test.playing = true;
    test.play_frames_left = a1.empty() ? 20000 : std::atoi(a1.c_str());
    test.until_turn = a2.empty() ? -1 : std::atoi(a2.c_str());
    AiConfig c;
    c.level = AiLevel::Easy;
    c.seed = 4242;
    test.bot = make_bot(c);
  } else if (cmd == "expect") {
    const GameState& st = session.state();
    if (a1 == "game_over") {
      if (st.phase != Phase::GameOver)
        return fail("the game is not over (phase " + std::string(phase_name(st.phase)) + ")");
    } else if (a1 == "replay") {
      Game g;
      std::string err;
      if (!Game::replay(st.options, st.seeds, session.game().history(), &g, &err))
        return fail("replay failed: " + err);
      if (!(g.state() == st)) return fail("replayed state differs");
    } else if (a1 == "invariants") {
      const std::string e = check_invariants(st);
      if (!e.empty()) return fail(e);
    } else if (a1 == "ui_actions") {
      if (test.ui_actions < std::atoi(a2.c_str()))
        return fail("only " + std::to_string(test.ui_actions) + " actions by clicks");
    } else {
      return fail("unknown expectation");
    }
  } else {
    return fail("unknown command");
  }
  return true;
}

void App::Impl::test_after_frame() {
  ++test.frames;
  // 1. A click in progress: move, press, release, settle.
  if (!test.plan.empty()) {
    Target& t = test.plan.front();
    ImVec2 pos;
    switch (test.stage) {
      case 0:
        if (!target_pos(t, &pos)) {
          if (++test.stage_frames > 90) {
            test.failures.push_back("no target '" + t.button + "' on screen");
            test.plan.clear();
            test.stage = 0;
            test.stage_frames = 0;
            if (!test.playing) test_finish(false, "a scripted click found no target");
          }
          return;
        }
        test.mouse = pos;
        test.down = false;
        test.stage = 1;
        test.stage_frames = 0;
        return;
      case 1:
        test.down = true;
        test.stage = 2;
        return;
      case 2:
        test.down = false;
        test.stage = 3;
        return;
      default:
        test.stage = 0;
        test.plan.pop_front();
        return;
    }
  }
  if (test.wait_frames > 0) {
    --test.wait_frames;
    return;
  }
  // 2. Playing: every human decision by clicks.
  if (test.playing) {
    if (--test.play_frames_left <= 0) {
      test.playing = false;
      test.failures.push_back("play: frame budget exhausted");
      return;
    }
    const GameState& st = session.state();
    if (test.awaiting_apply) {
      if (session.game().history().size() > test.history_at_plan) {
        test.awaiting_apply = false;
        ++test.ui_actions;
      } else if (++test.awaiting_frames > 30) {
        test.awaiting_apply = false;
        ++test.failed;
        test.failures.push_back("clicks did not apply " + test.intended.to_string());
        if (session.human_to_act() && is_legal(st, test.intended)) {
          session.submit(test.intended);
          ++test.fallback_actions;
          ++test.fallback_kinds["after failed clicks"];
        }
      }
      return;
    }
    if (st.phase == Phase::GameOver || (test.until_turn >= 0 && st.turn >= test.until_turn)) {
      test.playing = false;
      return;
    }
    if (session.handoff_pending()) {
      test.plan.push_back(Target{"handoff_ok", {}});
      return;
    }
    if (!session.human_to_act()) return;
    const int seat = st.to_move();
    const Action a = test.bot->decide(observe(st, seat), session.game().visible_events(seat));
    test_plan(a);
    if (test.plan.empty()) {
      std::string err;
      if (session.submit(a, &err)) {
        ++test.fallback_actions;
        ++test.fallback_kinds[a.to_string().substr(0, a.to_string().find(':'))];
      } else {
        test.failures.push_back("bot action refused: " + a.to_string() + " " + err);
        session.submit(legal_actions(st).front());
      }
      return;
    }
    test.intended = a;
    test.history_at_plan = session.game().history().size();
    test.awaiting_apply = true;
    test.awaiting_frames = 0;
    return;
  }
  // 3. The next script command.
  while (test.pc < test.lines.size() && test.plan.empty() && !test.playing &&
         test.wait_frames == 0) {
    const std::string line = test.lines[test.pc++];
    if (!test_command(line)) {
      test_finish(false, line);
      return;
    }
  }
  if (test.pc >= test.lines.size() && test.plan.empty() && !test.playing && test.wait_frames == 0)
    test_finish(test.failures.empty(), "");
}

// =====================================================================================
App::App() : impl_(std::make_unique<Impl>()) {
  impl_->app = this;
}
App::~App() = default;

void App::before_new_frame() {
  impl_->test_before_frame();
}
void App::frame(float dt) {
  impl_->frame(dt);
}
void App::pinch(float delta) {
  impl_->board.pinch(delta);
}
void App::set_paused(bool paused) {
  impl_->session.set_paused(paused);
}
void App::set_persistence(Persistence p) {
  impl_->persistence = std::move(p);
  impl_->have_saved = false;
  if (impl_->persistence.load_settings) {
    const std::string text = impl_->persistence.load_settings();
    UiSettings s = settings();
    if (!text.empty() && settings_from_json(text, &s)) {
      const bool cb = s.colorblind;
      settings() = s;
      set_colorblind(cb);  // rebuilds the palette
    }
  }
  impl_->saved_settings = settings();
  apply_audio_settings();  // a saved "sound off" or volume takes effect at once
}
bool App::uitest_running() const {
  return impl_->test.running;
}
bool App::take_screenshot_request(std::string* path) {
  if (impl_->test.screenshot.empty()) return false;
  *path = impl_->test.screenshot;
  impl_->test.screenshot.clear();
  return true;
}

void App::start_uitest(const std::string& script) {
  UiTest& t = impl_->test;
  t = UiTest{};
  std::istringstream in(script);
  std::string line;
  while (std::getline(in, line)) t.lines.push_back(line);
  t.running = true;
  std::printf("uitest: %zu script lines\n", t.lines.size());
}

// --- Web bridge hooks (added by the web engineer for shell/web_bridge.cpp; see app.h) -------
match::Session& App::session() {
  return impl_->session;
}
void App::start_match(const match::MatchConfig& config) {
  impl_->start_game(config);
}
void App::resume_match(const match::MatchConfig& config, const Game& game) {
  impl_->start_game(config);
  impl_->session.resume(config, game);
}
ImVec2 App::board_vertex_pos(int v) const {
  return impl_->board.vertex_pos(v);
}
ImVec2 App::board_edge_pos(int e) const {
  return impl_->board.edge_pos(e);
}
ImVec2 App::board_hex_pos(int h) const {
  return impl_->board.hex_pos(h);
}
// --- end of web bridge hooks ------------------------------------------------------------

}  // namespace catan
