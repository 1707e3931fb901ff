#include "frontend/rule_dialogs.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

bool begin_dialog(const Rect& board, const char* title, float w) {
  ImGui::SetNextWindowPos(board.center(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w * ui_scale(), 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(theme().accent));
  const bool open = ImGui::Begin(title, nullptr,
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize |
                                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  return open;
}

// One row of a resource picker: icon, name, then a stepper "<prefix>_<r>" at x, then `note`.
void resource_row(const char* prefix, int r, float x, int* count, int hi, const char* note) {
  const float h = ImGui::GetFrameHeight();
  draw_resource_icon(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), h,
                     static_cast<Resource>(r));
  ImGui::Dummy(ImVec2(h, h));
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(resource_label(static_cast<Resource>(r)));
  ImGui::SameLine(x);
  const std::string id = std::string(prefix) + "_" + std::to_string(r);
  stepper(id.c_str(), count, 0, hi);
  ImGui::SameLine();
  ImGui::TextDisabled("%s", note);
}

int sum(const int (&c)[kNumResources]) {
  int n = 0;
  for (int v : c) n += v;
  return n;
}

void discard_dialog(const GameFrame& f, const Rect& board, RuleDialogsState& st) {
  const PlayerState& me = f.obs.view.players[f.viewer];
  const int owed = me.discard_owed;
  if (begin_dialog(board, "Discard cards", 420)) {
    ImGui::TextWrapped("A 7 was rolled and you hold %d cards: choose %d to give back to the bank.",
                       total(me.resources), owed);
    ImGui::Spacing();
    for (int r = 0; r < kNumResources; ++r)
      st.discard_counts[r] = std::clamp(st.discard_counts[r], 0, static_cast<int>(me.resources[r]));
    const int chosen = sum(st.discard_counts);
    for (int r = 0; r < kNumResources; ++r) {
      char note[32];
      std::snprintf(note, sizeof note, "of %d", me.resources[r]);
      const int hi = std::min<int>(me.resources[r], st.discard_counts[r] + owed - chosen);
      resource_row("disc", r, 150 * ui_scale(), &st.discard_counts[r], hi, note);
    }
    ImGui::Spacing();
    char lab[48];
    std::snprintf(lab, sizeof lab, "Discard %d of %d", chosen, owed);
    Action a = Action::simple(ActionType::Discard);
    for (int r = 0; r < kNumResources; ++r) a.give[r] = static_cast<uint8_t>(st.discard_counts[r]);
    const Verdict v = f.verdict(a);
    if (button("disc_ok", lab, ImVec2(-1, 36 * ui_scale()), v.ok(), v.sentence()) && f.submit(a))
      std::fill(std::begin(st.discard_counts), std::end(st.discard_counts), 0);
  }
  ImGui::End();
}

void steal_dialog(const GameFrame& f, const Rect& board) {
  if (begin_dialog(board, "Choose a player to rob", 380)) {
    ImGui::TextWrapped("Steal one random card from a player next to the robber:");
    ImGui::Spacing();
    for (const Action& a : f.legal) {
      if (a.type != ActionType::Steal) continue;
      char lab[96];
      std::snprintf(lab, sizeof lab, "%s  (%d cards)",
                    f.session.config().seats[static_cast<size_t>(a.arg)].name.c_str(),
                    f.obs.hand_size[a.arg]);
      const std::string id = "steal_" + std::to_string(a.arg);
      ImGui::PushStyleColor(ImGuiCol_Button, player_color_v4(a.arg));
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.05f, 1));
      if (button(id.c_str(), lab, ImVec2(-1, 38 * ui_scale()))) f.submit(a);
      ImGui::PopStyleColor(2);
    }
  }
  ImGui::End();
}

void year_of_plenty_dialog(const GameFrame& f, const Rect& board, RuleDialogsState& st) {
  const float sc = ui_scale();
  const GameState& v = f.obs.view;
  if (begin_dialog(board, "Year of Plenty", 400)) {
    ImGui::TextWrapped("Take any 2 resources from the bank.");
    const int n = sum(st.yop_counts);
    for (int r = 0; r < kNumResources; ++r) {
      char note[32];
      std::snprintf(note, sizeof note, "(bank %d)", v.bank[r]);
      const int hi = std::min<int>(v.bank[r], st.yop_counts[r] + 2 - n);
      resource_row("yop", r, 150 * sc, &st.yop_counts[r], hi, note);
    }
    int r1 = -1, r2 = -1;
    for (int r = 0; r < kNumResources; ++r)
      for (int k = 0; k < st.yop_counts[r]; ++k) (r1 < 0 ? r1 : r2) = r;
    const Action a = Action::simple(ActionType::PlayYearOfPlenty, r1, r2);
    const Verdict ok = f.verdict(a);
    if (button("yop_ok", "Take them", ImVec2(200 * sc, 34 * sc), n == 2 && ok.ok(),
               n == 2 ? ok.sentence() : "Pick 2 cards.") &&
        f.submit(a))
      st.year_of_plenty = false;
    ImGui::SameLine();
    if (button("yop_cancel", "Cancel", ImVec2(-1, 34 * sc))) st.year_of_plenty = false;
  }
  ImGui::End();
}

void monopoly_dialog(const GameFrame& f, const Rect& board, RuleDialogsState& st) {
  const float sc = ui_scale();
  if (begin_dialog(board, "Monopoly", 400)) {
    ImGui::TextWrapped("Name a resource: every other player gives you all of theirs.");
    const float is = 54 * sc;
    for (int r = 0; r < kNumResources; ++r) {
      if (r) ImGui::SameLine();
      const std::string id = "mono_" + std::to_string(r);
      if (area_button(id.c_str(), ImVec2(is, is))) st.mono_pick = r;
      ImDrawList* dl = ImGui::GetWindowDrawList();
      draw_resource_icon(dl, ImGui::GetItemRectMin(), is, static_cast<Resource>(r));
      if (st.mono_pick == r)
        dl->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), theme().accent, 8.0f, 0,
                    3.0f);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
    }
    const std::string lab =
        st.mono_pick >= 0
            ? std::string("Take all the ") + resource_label(static_cast<Resource>(st.mono_pick))
            : std::string("Choose a resource");
    const Action a = Action::simple(ActionType::PlayMonopoly, st.mono_pick);
    const Verdict v = f.verdict(a);
    if (button("mono_ok", lab.c_str(), ImVec2(240 * sc, 34 * sc), st.mono_pick >= 0 && v.ok(),
               st.mono_pick >= 0 ? v.sentence() : "Choose a resource.") &&
        f.submit(a))
      st.monopoly = false;
    ImGui::SameLine();
    if (button("mono_cancel", "Cancel", ImVec2(-1, 34 * sc))) st.monopoly = false;
  }
  ImGui::End();
}

}  // namespace

void RuleDialogsState::open_year_of_plenty() {
  year_of_plenty = true;
  std::fill(std::begin(yop_counts), std::end(yop_counts), 0);
}

void RuleDialogsState::open_monopoly() {
  monopoly = true;
  mono_pick = -1;
}

void draw_rule_dialogs(const GameFrame& f, const Rect& board, RuleDialogsState& st) {
  if (!f.my_turn) {
    st.close();
    return;
  }
  const Phase ph = f.state().phase;
  if (ph == Phase::Discard)
    discard_dialog(f, board, st);
  else
    std::fill(std::begin(st.discard_counts), std::end(st.discard_counts), 0);
  if (ph == Phase::Steal) steal_dialog(f, board);
  // The two cards are played before the roll or after it (docs/RULES.md, development cards).
  if (ph != Phase::Main && ph != Phase::Roll) st.close();
  if (st.year_of_plenty) year_of_plenty_dialog(f, board, st);
  if (st.monopoly) monopoly_dialog(f, board, st);
}

}  // namespace catan::ui
