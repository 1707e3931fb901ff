// Settings window: UI scale, colour-blind palette, animation speed, the coach's win-chance
// bar, AI speed, sound on/off and volume. Edits theme.h's settings() and the audio module.
//
//   SettingsEdits e = draw_settings_window(&show_settings);  // a centred window, close button
//   SettingsEdits e = draw_settings_content();               // the same controls, in any window
//   apply_audio_settings();                 // pushes settings() into audio:: (call once at
//                                           // start, e.g. after the embed API set muted)
//   set_embedded_muted(true);               // embedded pages start muted (sets settings().muted)
//
// The volume lives in UiSettings::volume (saved with the other settings; the App loads them
// through App::Persistence and then calls apply_audio_settings()). The shell applies ui_scale
// (fonts, style); the App applies ai_speed to the match in play, only when SettingsEdits says
// the player moved it, so opening Settings never changes the match's pace.
#pragma once
#include <functional>

namespace catan::ui {

// What the player changed this frame (the values themselves are in settings()).
struct SettingsEdits {
  bool ai_speed = false;
};

SettingsEdits draw_settings_content();
SettingsEdits draw_settings_window(bool* open);
void apply_audio_settings();
void set_embedded_muted(bool muted);
// Called with the new value whenever set_embedded_muted changes it: the web page keeps the
// mute among its own saved settings.
void set_muted_listener(std::function<void(bool)> listener);

}  // namespace catan::ui
