#include "shell/platform_audio.h"

#include <SDL.h>

#include <cstdio>

#include "frontend/audio.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace catan {
namespace {

SDL_AudioDeviceID g_dev = 0;
bool g_subsystem = false;  // SDL's audio subsystem was initialised here

void callback(void* /*userdata*/, Uint8* stream, int len) {
  ui::audio::mix(reinterpret_cast<float*>(stream), len / static_cast<int>(sizeof(float)));
}

int open_device() {
  if (!SDL_WasInit(SDL_INIT_AUDIO)) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
      std::fprintf(stderr, "audio: no audio (%s)\n", SDL_GetError());
      return 0;
    }
    g_subsystem = true;
  }
  SDL_AudioSpec want{}, have{};
  want.freq = 44100;
  want.format = AUDIO_F32SYS;
  want.channels = 1;
  want.samples = 1024;
  want.callback = callback;
  g_dev = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
  if (!g_dev) {
    std::fprintf(stderr, "audio: cannot open a device (%s); sound off\n", SDL_GetError());
    if (g_subsystem) SDL_QuitSubSystem(SDL_INIT_AUDIO);
    g_subsystem = false;
    return 0;
  }
  SDL_PauseAudioDevice(g_dev, 0);
  return have.freq > 0 ? have.freq : 44100;
}

void close_device() {
  if (g_dev) SDL_CloseAudioDevice(g_dev);
  g_dev = 0;
  if (g_subsystem) SDL_QuitSubSystem(SDL_INIT_AUDIO);
  g_subsystem = false;
}

void resume() {
#ifdef __EMSCRIPTEN__
  // Browsers start the AudioContext suspended until a user gesture; resume() succeeds once
  // the page has had one (sticky activation). Errors are swallowed: sound is optional.
  // (No === / !== here: EM_ASM stringifies its tokens and clang-format splits them.)
  // clang-format off
  EM_ASM({
    try {
      if (typeof SDL2 != 'undefined' && SDL2.audioContext && SDL2.audioContext.state == 'suspended') {
        SDL2.audioContext.resume().catch(function(){});
      }
    } catch (e) {
    }
  });
  // clang-format on
#endif
}

}  // namespace

void install_sdl_audio() {
  ui::audio::Output o;
  o.open = open_device;
  o.lock = [] { SDL_LockAudioDevice(g_dev); };
  o.unlock = [] { SDL_UnlockAudioDevice(g_dev); };
  o.resume = resume;
  o.close = close_device;
  ui::audio::set_output(o);
}

}  // namespace catan
