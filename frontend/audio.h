// Short synthesized sound effects: waveforms generated in code (no asset files), mixed here and
// played through the Output the shell installs (shell/platform_audio.cpp: an SDL audio device,
// natively and in the browser). Without an output or a device (Xvfb, CI with
// SDL_AUDIODRIVER=dummy, a browser that refuses audio) play() does nothing.
//
// The device is opened lazily on the first play() while sound is enabled and not muted, so a
// muted (e.g. embedded) app never touches audio. play() calls the output's resume() every
// time: a browser starts its AudioContext suspended until a user gesture.
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

// Where the mixed samples go. Every function may be null.
struct Output {
  int (*open)() = nullptr;     // opens a mono float device that calls mix(); its rate, 0 if none
  void (*lock)() = nullptr;    // held while play() changes the voices
  void (*unlock)() = nullptr;  //
  void (*resume)() = nullptr;  // a browser's suspended audio context
  void (*close)() = nullptr;
};
void set_output(const Output& o);  // closes the current output's device first
// The playing voices mixed into out[0..n), mono float; the device's callback.
void mix(float* out, int n);

// The effect's samples (mono float, -1..1) at `sample_rate`. Pure, deterministic, unit-tested.
std::vector<float> synthesize(Sfx s, int sample_rate);

}  // namespace catan::ui::audio
