// Short synthesized sound effects: waveforms generated in code (no asset files), played
// through an SDL audio device with a callback mixer. Works natively and in the browser
// (Emscripten's SDL2 audio); never crashes without a device (Xvfb, CI with
// SDL_AUDIODRIVER=dummy, a browser that refuses audio): play() then does nothing.
//
// The device is opened lazily on the first play() while sound is enabled and not muted, so a
// muted (e.g. embedded) app never touches audio. In the browser the AudioContext may start
// "suspended" until a user gesture; play() asks it to resume every time (allowed once the
// page had any click or key press), so the first sound after the first click is heard.
//
//   audio::play(audio::Sfx::Dice);
//   audio::set_enabled(settings().sound);  audio::set_volume(0.7f);
//   audio::set_muted(true);                // the embed API: muted by default when embedded
//   audio::shutdown();                     // optional, at exit
#pragma once
#include <cstdint>
#include <vector>

namespace catan::ui::audio {

enum class Sfx : uint8_t { Dice, Build, Card, Robber, Win, YourTurn, Click, Count };
const char* sfx_name(Sfx s);

void play(Sfx s);

void set_enabled(bool on);  // the "Sound" checkbox
bool enabled();
void set_volume(float v);  // 0..1
float volume();
void set_muted(bool m);  // independent of enabled: the embedding page's mute
bool muted();

// True once a device was opened; false before the first sound or when none is available.
bool available();
// Closes the device (safe to call any time, also when nothing was opened).
void shutdown();

// The effect's samples (mono float, -1..1) at `sample_rate`. Pure, deterministic, unit-tested.
std::vector<float> synthesize(Sfx s, int sample_rate);

}  // namespace catan::ui::audio
