// The app's sound device: frontend/audio's mixer played through an SDL audio device (natively,
// and in the browser through Emscripten's SDL2 audio).
//
//   install_sdl_audio();  // once at start-up; the device opens on the first sound
#pragma once

namespace catan {

void install_sdl_audio();

}  // namespace catan
