#include "frontend/new_game_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/ai/ai.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

const char* kLevelNames[] = {"Random", "Easy", "Normal", "Hard", "Expert"};
const char* kPersonalityNames[] = {"Balanced", "Trader",       "Aggressor",
                                   "Builder",  "Expansionist", "Opportunist"};
const char* kSeatKinds[] = {"You", "AI", "Human (hot-seat)"};
const char* kTimerNames[] = {"Off", "20 s", "30 s", "40 s", "60 s", "90 s", "120 s", "Unlimited"};

std::string default_name(int seat, const SeatSetup& ss) {
  if (ss.name[0]) return ss.name;
  if (ss.kind == kSeatYou) return "You";
  if (ss.kind == kSeatHotSeat) return std::string(player_color_name(seat)) + " (human)";
  return player_color_name(seat);
}

void section(const char* title) {
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
  ImGui::Separator();
}

void centred_title(const char* title, const char* sub) {
  ImGui::PushFont(fonts().big);
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(title).x) * 0.5f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%s", title);
  ImGui::PopFont();
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(sub).x) * 0.5f);
  ImGui::TextDisabled("%s", sub);
  ImGui::Spacing();
}

void seat_rows(NewGameForm& form, float label_w, float combo_w) {
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
    if (ss.kind == kSeatAi) {
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
}

}  // namespace

NewGameForm::NewGameForm() {
  seats[0].kind = kSeatYou;
  for (int i = 1; i < 4; ++i) seats[i].personality = i;  // a mix of personalities
  new_board_seed(random_board_seed());
}

void NewGameForm::new_board_seed(uint64_t seed) {
  std::snprintf(seed_text, sizeof seed_text, "%llu", static_cast<unsigned long long>(seed));
  seed_chosen = false;
}

void NewGameForm::choose_board_seed(uint64_t seed) {
  new_board_seed(seed);
  seed_chosen = true;
}

void NewGameForm::refresh_board_seed() {
  if (!seed_chosen) new_board_seed(random_board_seed());
}

uint64_t random_board_seed() {
  return (match::fresh_seed() % 900000000ull) + 100000000ull;
}

MatchConfig config_from_form(const NewGameForm& form) {
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
  if (mc.seeds.board == 0) mc.seeds.board = random_board_seed();  // an empty field: fresh
  mc.seeds.play = form.play_seed ? form.play_seed : match::fresh_seed();
  for (int i = 0; i < kMaxPlayers; ++i) {
    const SeatSetup& ss = form.seats[i];
    SeatConfig& sc = mc.seats[static_cast<size_t>(i)];
    sc.kind = ss.kind == kSeatAi ? SeatKind::AI : SeatKind::Human;
    sc.ai.level = static_cast<AiLevel>(ss.level);
    sc.ai.personality = static_cast<Personality>(ss.personality);
    sc.ai.seed = mc.seeds.play * 1000003ull + static_cast<uint64_t>(i) * 7919ull + 11;
    sc.name = default_name(i, ss);
    if (ss.kind == kSeatAi && !ss.name[0])
      sc.name = std::string(player_color_name(i)) + " (" + kLevelNames[ss.level] + " " +
                kPersonalityNames[ss.personality] + ")";
  }
  const bool instant = kAiSpeeds[form.ai_speed] <= 0;
  mc.ai_action_delay_s = match::ai_delay_for_speed(kAiSpeeds[form.ai_speed]);
  mc.ai_think_budget_ms = instant ? 150 : 800;
  return mc;
}

NewGameChoice draw_new_game_screen(NewGameForm& form, bool can_continue, const Notice& notice,
                                   double now) {
  NewGameChoice choice = NewGameChoice::None;
  const float sc = settings().ui_scale;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float w = std::min(760.0f * sc, ds.x - 16.0f);
  ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, ds.y - 16.0f));
  ImGui::Begin("New game", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  centred_title("Settlers of Catan", "Set up a new game");

  const float label_w = 150.0f * sc;
  auto label = [&](const char* l) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(l);
    ImGui::SameLine(label_w);
  };

  section("Players");
  label("Number");
  for (int n = 2; n <= 4; ++n) {
    char id[16];
    std::snprintf(id, sizeof id, "players_%d", n);
    char lab[24];
    std::snprintf(lab, sizeof lab, n == 2 ? "%d (variant)" : "%d", n);
    if (n > 2) ImGui::SameLine();
    if (ImGui::RadioButton(lab, form.players == n)) form.players = n;
    test_id(id);
  }
  seat_rows(form, label_w, (w - label_w - 60.0f) / 3.0f);
  int humans = 0;
  for (int i = 0; i < form.players; ++i) humans += form.seats[i].kind != kSeatAi;
  if (humans > 1)
    ImGui::TextDisabled("Hot-seat: the hands are hidden while the device changes hands.");

  ImGui::Spacing();
  section("Rules and island");
  const float field_w = std::min(260.0f * sc, w - label_w - 30.0f);
  auto combo = [&](const char* l, const char* id, int* value, const char* const items[], int n) {
    label(l);
    ImGui::SetNextItemWidth(field_w);
    ImGui::Combo(id, value, items, n);
  };
  const char* modes[] = {"Classic (10 VP)", "Blitz (7 VP, 1 of each)", "Epic (13 VP)",
                         "Custom VP target"};
  combo("Mode", "##mode", &form.mode, modes, 4);
  if (form.mode == 3) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120.0f * sc);
    ImGui::SliderInt("##vp", &form.custom_vp, 3, 20, "%d VP");
  }
  const char* boards[] = {"Beginner", "Official", "Balanced", "Random"};
  combo("Board", "##board", &form.board, boards, 4);
  const char* vis[] = {"Revealed", "Mist", "Terra incognita"};
  combo("Map visibility", "##vis", &form.visibility, vis, 3);
  const char* dice[] = {"Random", "Balanced (deck of 36)"};
  combo("Dice", "##dice", &form.dice, dice, 2);
  combo("Turn timer", "##timer", &form.timer_idx, kTimerNames, kNumTimerChoices);
  combo("AI speed", "##aispeed", &form.ai_speed, kAiSpeedNames, kNumAiSpeeds);
  label("Seed");
  ImGui::SetNextItemWidth(field_w);
  if (ImGui::InputText("##seed", form.seed_text, sizeof form.seed_text,
                       ImGuiInputTextFlags_CharsDecimal))
    form.seed_chosen = form.seed_text[0] != 0;  // typed by the player
  test_id("seed");
  ImGui::SameLine();
  if (button("random_seed", "New seed")) form.new_board_seed(random_board_seed());

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const float bw = 200.0f * sc, bh = 44.0f * sc;
  const float total_w = can_continue ? bw * 2 + ImGui::GetStyle().ItemSpacing.x : bw;
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - total_w) * 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.95f, 0.65f, 0.2f, 1.0f));
  ImGui::PushFont(fonts().bold);
  if (button("start", "Start game", ImVec2(bw, bh))) choice = NewGameChoice::Start;
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  if (can_continue) {
    ImGui::SameLine();
    if (button("continue", "Continue last game", ImVec2(bw, bh))) choice = NewGameChoice::Continue;
  }
  ImGui::Spacing();
  ImGui::SetCursorPosX(ImGui::GetWindowWidth() - 150.0f * sc);
  if (button("ng_settings", "Settings")) choice = NewGameChoice::Settings;
  ImGui::SameLine();
  if (button("ng_help", "?")) choice = NewGameChoice::Help;
  if (notice.visible(now)) ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", notice.text.c_str());
  ImGui::End();
  return choice;
}

}  // namespace catan::ui
