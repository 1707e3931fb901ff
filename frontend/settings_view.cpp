#include "frontend/settings_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "frontend/audio.h"
#include "frontend/ice_servers.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

void apply_audio_settings() {
  const UiSettings& s = settings();
  audio::set_enabled(s.sound);
  audio::set_volume(s.volume);
  audio::set_muted(s.muted);
}

namespace {
std::function<void(bool)>& muted_listener() {
  static std::function<void(bool)> listener;
  return listener;
}
}  // namespace

void set_embedded_muted(bool muted) {
  const bool changed = settings().muted != muted;
  settings().muted = muted;
  audio::set_muted(muted);
  if (changed && muted_listener()) muted_listener()(muted);
}

void set_muted_listener(std::function<void(bool)> listener) {
  muted_listener() = std::move(listener);
}

namespace {
void label(const char* text, const char* help) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  if (help && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
}

// Preview of the palette: four player discs with their colour names.
void palette_preview() {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    if (seat) ImGui::SameLine(0, 10);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float r = 7, fh = ImGui::GetFrameHeight();
    dl->AddCircleFilled(ImVec2(p.x + r, p.y + fh * 0.5f), r, player_color(seat), 20);
    dl->AddCircle(ImVec2(p.x + r, p.y + fh * 0.5f), r, player_color_dark(seat), 20, 1.5f);
    ImGui::Dummy(ImVec2(2 * r, fh));
    ImGui::SameLine(0, 4);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(player_color_name(seat));
  }
}

// A small button (no vertical padding) beside a control.
bool small_button(const char* id, const char* label) {
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0.0f));
  const bool pressed = button(id, label);
  ImGui::PopStyleVar();
  return pressed;
}
}  // namespace

namespace {
// Online rooms' STUN/TURN servers (ice_servers.h): the public default, none, or the player's
// lines, each checked as typed; a refused line shows why and is not used.
// Folded by default: most players never need it, and the window stays short enough for a
// phone.
void ice_servers_panel(UiSettings& s) {
  const bool open = ImGui::CollapsingHeader("Online play: connection servers (STUN/TURN)");
  test_id("settings_online");
  if (!open) return;
  panel_begin("online", "Connection servers (STUN/TURN)");
  const char* names[] = {"Public STUN (default)", "None (same network only)", "My own servers"};
  const char* ids[] = {"settings_ice_default", "settings_ice_none", "settings_ice_custom"};
  for (int m = 0; m < 3; ++m) {
    if (ImGui::RadioButton(names[m], s.ice_mode == m)) s.ice_mode = m;
    test_id(ids[m]);
  }
  if (s.ice_mode == kIceCustom) {
    // The field's own buffer, refilled when the saved text changes under it (a load).
    static char buf[kMaxIceText + 1] = "";
    static std::string shown;
    if (shown != s.ice_custom) {
      std::snprintf(buf, sizeof buf, "%s", s.ice_custom.c_str());
      shown = s.ice_custom;
    }
    ImGui::TextDisabled("One a line: stun:host:port, or turn:host:port username credential");
    if (ImGui::InputTextMultiline("##ice_lines", buf, sizeof buf,
                                  ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 4.5f)))
      shown = s.ice_custom = buf;
    test_id("settings_ice_lines");
    const IceServers p = parse_ice_servers(s.ice_custom);
    for (const std::string& e : p.errors)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().bad), "%s (not used)", e.c_str());
    if (p.servers.empty())
      ImGui::TextDisabled("No server will be used.");
    else
      ImGui::TextDisabled("%zu server%s will be used.", p.servers.size(),
                          p.servers.size() == 1 ? "" : "s");
  } else {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", s.ice_mode == kIceNone
                                  ? "Rooms connect only where the two devices reach each other "
                                    "directly (the same network)."
                                  : "Google's and Cloudflare's public STUN servers tell each "
                                    "device its public address; they see nothing of the game.");
    ImGui::PopTextWrapPos();
  }
  panel_end();
}
}  // namespace

SettingsEdits draw_settings_content() {
  SettingsEdits edits;
  UiSettings& s = settings();
  const float col = px(170);
  const float w = px(220);
  ImGui::PushID("settings_view");

  panel_begin("display", "Display");
  label("UI scale", "Makes every text and panel larger or smaller");
  ImGui::SameLine(col);
  ImGui::SetNextItemWidth(w);
  ImGui::SliderFloat("##scale", &s.ui_scale, 0.75f, 2.0f, "%.2fx");
  ImGui::SameLine();
  if (small_button("settings_scale_reset", "Reset")) s.ui_scale = 1.0f;
  label("Colour-blind palette", "Okabe-Ito colours plus patterns on pieces");
  ImGui::SameLine(col);
  bool cb = s.colorblind;
  if (ImGui::Checkbox("##colorblind", &cb)) set_colorblind(cb);
  ImGui::SameLine();
  palette_preview();
  label("Animations", "Dice rolls, moving pieces, notices. Off = instant");
  ImGui::SameLine(col);
  ImGui::SetNextItemWidth(w);
  const char* anim =
      s.anim_speed <= 0.01f
          ? "off"
          : (s.anim_speed < 0.9f ? "slow" : (s.anim_speed > 1.4f ? "fast" : "normal"));
  ImGui::SliderFloat("##anim", &s.anim_speed, 0.0f, 2.0f, anim);
  label("Reduced motion", "Production shows a brief highlight; no cards fly across the screen");
  ImGui::SameLine(col);
  ImGui::Checkbox("##reduced_motion", &s.reduced_motion);
  panel_end();
  ImGui::Spacing();

  panel_begin("coach", "Coach");
  label("Win chances",
        "A thin bar over the board: every player's chance to win, estimated "
        "from what everyone can see");
  ImGui::SameLine(col);
  ImGui::Checkbox("##win_chances", &s.win_chances);
  test_id("settings_win_chances");
  ImGui::SameLine();
  ImGui::TextDisabled("(Hint: the H key)");
  panel_end();
  ImGui::Spacing();

  panel_begin("ai", "Opponents");
  label("AI speed", "How long the AIs pause between their moves");
  ImGui::SameLine(col);
  ImGui::SetNextItemWidth(w);
  char fmt[32];
  std::snprintf(
      fmt, sizeof fmt, "%s",
      s.ai_speed < 0.7f ? "slow (%.2fx)" : (s.ai_speed > 1.6f ? "fast (%.2fx)" : "normal (%.2fx)"));
  edits.ai_speed =
      ImGui::SliderFloat("##aispeed", &s.ai_speed, 0.25f, 4.0f, fmt, ImGuiSliderFlags_Logarithmic);
  test_id("settings_ai_speed");
  panel_end();
  ImGui::Spacing();

  panel_begin("sound", "Sound");
  label("Sound effects", "Short synthesized effects: dice, building, cards, robber, your turn");
  ImGui::SameLine(col);
  if (ImGui::Checkbox("##sound", &s.sound)) audio::set_enabled(s.sound);
  if (s.muted) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().warning), "muted");
    ImGui::SameLine();
    if (small_button("settings_unmute", "Unmute")) set_embedded_muted(false);
  }
  label("Volume", nullptr);
  ImGui::SameLine(col);
  ImGui::SetNextItemWidth(w);
  float vol = s.volume * 100.0f;
  ImGui::BeginDisabled(!s.sound);
  if (ImGui::SliderFloat("##volume", &vol, 0.0f, 100.0f, "%.0f%%")) {
    s.volume = std::clamp(vol / 100.0f, 0.0f, 1.0f);
    audio::set_volume(s.volume);
  }
  ImGui::SameLine();
  if (small_button("settings_sound_test", "Test")) {
    apply_audio_settings();
    audio::play(audio::Sfx::YourTurn);
  }
  ImGui::EndDisabled();
  if (s.sound && !s.muted && audio::enabled() && !audio::available()) {
    ImGui::TextDisabled("(no sound device yet; it opens with the first sound)");
  }
  panel_end();
  ImGui::Spacing();
  ice_servers_panel(s);
  ImGui::PopID();
  return edits;
}

SettingsEdits draw_settings_window(bool* open) {
  SettingsEdits edits;
  if (open && !*open) return edits;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  // Never wider or taller than the screen (a phone): the rest scrolls.
  const ImVec2 most(std::max(100.0f, vp->WorkSize.x - 16), std::max(100.0f, vp->WorkSize.y - 16));
  ImGui::SetNextWindowSize(ImVec2(std::min(px(560), most.x), 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), most);
  if (ImGui::Begin("Settings##settings_view", open,
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    edits = draw_settings_content();
    ImGui::Spacing();
    if (open && button("settings_close", "Close", ImVec2(px(100), 0))) *open = false;
  }
  ImGui::End();
  return edits;
}

}  // namespace catan::ui
