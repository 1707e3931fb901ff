// Synthesized sound effects, and playing them without any audio device (frontend/audio.h).
#include "frontend/audio.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

namespace catan::ui::audio {
namespace {

TEST(Audio, EveryEffectIsShortAudibleAndNeverClips) {
  for (int i = 0; i < static_cast<int>(Sfx::Count); ++i) {
    const Sfx s = static_cast<Sfx>(i);
    const std::vector<float> v = synthesize(s, 44100);
    ASSERT_FALSE(v.empty()) << sfx_name(s);
    EXPECT_LT(v.size(), 44100u * 2) << sfx_name(s) << " is longer than 2 s";
    float peak = 0;
    double energy = 0;
    for (float x : v) {
      ASSERT_TRUE(std::isfinite(x));
      peak = std::max(peak, std::fabs(x));
      energy += static_cast<double>(x) * x;
    }
    EXPECT_LE(peak, 1.0f) << sfx_name(s);
    EXPECT_GT(peak, 0.2f) << sfx_name(s);
    EXPECT_GT(energy / static_cast<double>(v.size()), 1e-4) << sfx_name(s);
    EXPECT_LT(std::fabs(v.back()), 1e-3f) << sfx_name(s) << " ends with a click";
  }
}

TEST(Audio, SynthesisIsDeterministic) {
  EXPECT_EQ(synthesize(Sfx::Dice, 22050), synthesize(Sfx::Dice, 22050));
  EXPECT_NE(synthesize(Sfx::Dice, 22050).size(), synthesize(Sfx::Dice, 44100).size());
}

TEST(Audio, MutedNeverOpensADevice) {
  shutdown();
  set_enabled(true);
  set_muted(true);
  play(Sfx::Win);
  EXPECT_FALSE(available());
  set_muted(false);
  set_enabled(false);
  play(Sfx::Win);
  EXPECT_FALSE(available());
  set_enabled(true);
}

TEST(Audio, PlaysOnTheDummyDriverAndSurvivesNoDevice) {
  // CI and Xvfb have no sound card: the dummy driver (or a failure) must both be harmless.
  setenv("SDL_AUDIODRIVER", "dummy", 1);
  shutdown();
  set_muted(false);
  set_enabled(true);
  set_volume(0.5f);
  for (int i = 0; i < static_cast<int>(Sfx::Count); ++i) play(static_cast<Sfx>(i));
  for (int i = 0; i < 20; ++i) play(Sfx::Click);  // more than the voices: steals the oldest
  SDL_Delay(30);
  shutdown();
  EXPECT_FALSE(available());
  setenv("SDL_AUDIODRIVER", "no_such_driver", 1);
  play(Sfx::Dice);  // fails to open: no crash, no sound
  EXPECT_FALSE(available());
  shutdown();
  unsetenv("SDL_AUDIODRIVER");
}

}  // namespace
}  // namespace catan::ui::audio
