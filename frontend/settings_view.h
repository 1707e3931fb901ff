// Settings window (UI-B): UI scale, colour-blind palette, animation speed, AI thinking speed,
// sound on/off and volume. Edits theme.h's settings() (owned by UI-A) and the audio module.
//
//   draw_settings_window(&show_settings);   // a centred window with a close button
//   draw_settings_content();                // the same controls, inside any window
//   apply_audio_settings();                 // pushes settings() into audio:: (call once at
//                                           // start, e.g. after the embed API set muted)
//   set_embedded_muted(true);               // embedded pages start muted (sets settings().muted)
//
// The volume lives in UiSettings::volume (saved with the other settings; the App loads them
// through App::Persistence and then calls apply_audio_settings()). The App applies ui_scale
// and ai_speed (fonts, style, MatchConfig::ai_action_delay_s); this view only edits the values.
#pragma once

namespace catan::ui {

void draw_settings_content();
void draw_settings_window(bool* open);
void apply_audio_settings();
void set_embedded_muted(bool muted);

}  // namespace catan::ui
