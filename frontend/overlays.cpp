#include "frontend/overlays.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/victory_points.h"
#include "frontend/audio.h"
#include "frontend/end_screen.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"
#include "match/replay_code.h"

namespace catan::ui {

namespace {

constexpr ImGuiWindowFlags kOverlayFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;

void centred_text(const std::string& text, ImU32 col) {
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(text.c_str()).x) * 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
}

// The winner's Victory Point cards, flipping face up one after the other (each 0.35 s after
// the last: its width shrinks to 0 and grows back face up).
void vp_cards_row(int count, double t) {
  const float sc = settings().ui_scale;
  const Theme& th = theme();
  const float cw = 44 * sc, ch = 62 * sc, gap = 10 * sc;
  const float row_w = static_cast<float>(count) * cw + static_cast<float>(count - 1) * gap;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float ww = ImGui::GetWindowWidth();
  const ImVec2 o(ImGui::GetWindowPos().x + (ww - row_w) * 0.5f, ImGui::GetCursorScreenPos().y);
  for (int i = 0; i < count; ++i) {
    const float k = static_cast<float>(std::clamp((t - 0.4 - 0.35 * i) / 0.35, 0.0, 1.0));
    const bool face_up = k >= 0.5f;
    const float half = std::abs(1.0f - 2.0f * k);
    const float cx = o.x + static_cast<float>(i) * (cw + gap) + cw * 0.5f;
    const ImVec2 a(cx - cw * 0.5f * std::max(half, 0.04f), o.y);
    const ImVec2 b(cx + cw * 0.5f * std::max(half, 0.04f), o.y + ch);
    dl->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), IM_COL32(0, 0, 0, 80),
                      6.0f);
    if (!face_up) {
      dl->AddRectFilled(a, b, IM_COL32(60, 70, 110, 255), 6.0f);
      dl->AddRect(a, b, IM_COL32(200, 200, 220, 200), 6.0f, 0, 1.5f);
      continue;
    }
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
  }
  ImGui::Dummy(ImVec2(row_w, ch + 4 * sc));
}

std::function<void(ShareKind)>& share_handler() {
  static std::function<void(ShareKind)> handler;
  return handler;
}

// Without a page to link to: the board seed, or the finished game's replay code.
void share_natively(ShareKind kind, MatchView& session, Notice& notice, double now) {
  if (!session.active()) {
    notice.show("Start a game first.", now);
    return;
  }
  if (kind == ShareKind::BoardLink) {
    const std::string seed = std::to_string(session.config().seeds.board);
    ImGui::SetClipboardText(seed.c_str());
    notice.show("Board seed " + seed + " copied to the clipboard.", now);
    return;
  }
  // A replay code holds the play seed (the dice and the deck): only once the game is over.
  std::string code;
  if (session.view().phase != Phase::GameOver) {
    notice.show("Replay links are available when the game has ended.", now);
  } else if (session.full_game() &&
             match::encode_game(session.config(), *session.full_game(), &code, nullptr)) {
    ImGui::SetClipboardText(code.c_str());
    notice.show("Replay code copied to the clipboard.", now);
  } else {
    notice.show("This game has no replay code.", now);
  }
}

}  // namespace

MenuChoice draw_menu_items(MatchView& session, Notice& notice, double now) {
  MenuChoice choice = MenuChoice::None;
  // Rows a finger can hit: at least kMenuRow tall (the spacing is part of a row's hit area).
  constexpr float kMenuRow = 44.0f;
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const ImVec2 row_spacing(spacing.x, std::max(spacing.y, kMenuRow - ImGui::GetFontSize()));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, row_spacing);
  // A separator with the usual gap after it, not a whole row's.
  auto separator = [&] {
    ImGui::PopStyleVar();
    ImGui::Separator();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, row_spacing);
  };
  if (ImGui::MenuItem("Settings")) choice = MenuChoice::Settings;
  test_id("menu_settings");
  UiSettings& s = settings();
  const bool sound_on = s.sound && !s.muted;
  if (ImGui::MenuItem("Sound", nullptr, sound_on)) {
    if (sound_on) {
      s.sound = false;
      audio::set_enabled(false);
    } else {
      s.sound = true;
      audio::set_enabled(true);
      if (s.muted) set_embedded_muted(false);
    }
  }
  test_id("menu_sound");
  if (session.active()) {
    if (ImGui::MenuItem(session.paused() ? "Resume" : "Pause"))
      session.set_paused(!session.paused());
    test_id("menu_pause");
  }
  if (ImGui::MenuItem("Help (?)")) choice = MenuChoice::Help;
  test_id("menu_help");
  separator();
  // The page makes links; natively the seed or the replay code goes to the clipboard.
  const bool web = static_cast<bool>(share_handler());
  const auto share = [&](ShareKind kind) {
    if (web)
      share_handler()(kind);
    else
      share_natively(kind, session, notice, now);
  };
  if (ImGui::MenuItem(web ? "Copy board link" : "Copy board seed")) share(ShareKind::BoardLink);
  test_id("menu_share");
  if (ImGui::MenuItem(web ? "Copy replay link" : "Copy replay code")) share(ShareKind::ReplayLink);
  test_id("menu_replay");
  separator();
  // A match held as one seat's view (no full game here) is an online room.
  if (ImGui::MenuItem(session.full_game() ? "New game..." : "Leave room"))
    choice = MenuChoice::NewGame;
  test_id("menu_new_game");
  ImGui::PopStyleVar();
  return choice;
}

void set_share_handler(std::function<void(ShareKind)> handler) {
  share_handler() = std::move(handler);
}

void draw_help(bool* open) {
  const float sc = settings().ui_scale;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(560 * sc, ds.x - 20), 0));
  ImGui::Begin("Help", open,
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
                           {"H", "A hint: the coach's move for this decision"},
                           {"Esc", "Cancel the current tool or close this window"},
                           {"?", "Show / hide this help"}};
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("k", ImGuiTableColumnFlags_WidthFixed, 60 * sc);
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

void draw_paused(MatchView& session) {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
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

void draw_handoff(MatchView& session) {
  const float sc = settings().ui_scale;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const int seat = session.handoff_seat();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ds);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.08f, 0.1f, 0.14f, 1.0f));
  ImGui::Begin("##handoff", nullptr, kOverlayFlags);
  ImGui::PopStyleColor();
  const std::string name = session.config().seats[static_cast<size_t>(seat)].name;
  const std::string l1 = "Pass the device to " + name;
  ImGui::PushFont(fonts().big);
  const ImVec2 t1 = ImGui::CalcTextSize(l1.c_str());
  ImGui::SetCursorPos(ImVec2((ds.x - t1.x) * 0.5f, ds.y * 0.38f));
  ImGui::TextColored(player_color_v4(seat), "%s", l1.c_str());
  ImGui::PopFont();
  const char* l2 = "The other hands stay hidden until they take it.";
  ImGui::SetCursorPosX((ds.x - ImGui::CalcTextSize(l2).x) * 0.5f);
  ImGui::TextDisabled("%s", l2);
  const float bw = 300 * sc;
  ImGui::SetCursorPos(ImVec2((ds.x - bw) * 0.5f, ds.y * 0.38f + t1.y + 60 * sc));
  const std::string lab = "I am " + name + ": show my hand";
  if (button("handoff_ok", lab.c_str(), ImVec2(bw, 48 * sc))) session.accept_handoff();
  ImGui::End();
}

bool draw_win_overlay(const GameFrame& f, const Rect& board, double since_over,
                      double auto_open_s) {
  const GameState& st = f.state();
  const float sc = settings().ui_scale;
  const Theme& th = theme();
  ImGui::SetNextWindowPos(board.center(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  const int w = st.winner;
  std::string title = w < 0 ? std::string("Game over")
                      : (w == f.viewer && f.session.is_human(w))
                          ? std::string("You win!")
                          : seat_name3(f.session, w) + " wins!";
  // The title in the big font decides the width; a long seat name falls back to its colour.
  ImGui::PushFont(fonts().big);
  const float max_w = std::max(200.0f, board.size.x - 16 * sc);
  if (w >= 0 && ImGui::CalcTextSize(title.c_str()).x + 48 * sc > max_w)
    title = std::string(player_color_name(w)) + " wins!";
  const float title_w = ImGui::CalcTextSize(title.c_str()).x + 48 * sc;
  ImGui::PopFont();
  ImGui::SetNextWindowSize(ImVec2(std::min(std::max(480 * sc, title_w), max_w), 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 3.0f);
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(player_color(w)));
  ImGui::Begin("##gameover", nullptr, kOverlayFlags | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  ImGui::Spacing();
  ImGui::PushFont(fonts().big);
  centred_text(title, w >= 0 ? player_color(w) : th.text);
  ImGui::PopFont();
  if (w >= 0) {
    char line[96];
    std::snprintf(line, sizeof line, "%d victory points after %d turns",
                  vp_breakdown(st, w).points(), f.session.turns_played());
    centred_text(line, th.text_dim);
    // The hidden Victory Point cards are revealed now.
    const int vpcards = vp_breakdown(st, w).vp_cards;
    if (vpcards > 0) {
      ImGui::Spacing();
      std::snprintf(line, sizeof line, "Revealed: %d Victory Point card%s", vpcards,
                    vpcards > 1 ? "s" : "");
      centred_text(line, th.accent);
      vp_cards_row(vpcards, since_over);
    }
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const float bw = 200 * sc, bh = 40 * sc;
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - bw) * 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.95f, 0.65f, 0.2f, 1.0f));
  ImGui::PushFont(fonts().bold);
  const bool see = button("see_results", "See the results", ImVec2(bw, bh));
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  const int left = static_cast<int>(std::ceil(auto_open_s - since_over));
  char auto_txt[64];
  std::snprintf(auto_txt, sizeof auto_txt, "(opens by itself in %d s)", std::max(1, left));
  centred_text(auto_txt, th.text_dim);
  ImGui::End();
  return see;
}

}  // namespace catan::ui
