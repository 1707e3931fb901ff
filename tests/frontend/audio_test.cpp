// Synthesized sound effects, and playing them without any audio device (frontend/audio.h).
#include "frontend/audio.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace catan::ui::audio {
namespace {

// An output that records what it is asked: the mixer's side of the device.
struct FakeDevice {
  static inline int opens = 0, closes = 0, resumes = 0, rate = 8000;
  static Output output() {
    opens = closes = resumes = 0;
    Output o;
    o.open = [] { return ++opens, rate; };
    o.resume = [] { ++resumes; };
    o.close = [] { ++closes; };
    return o;
  }
};

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
  set_output(FakeDevice::output());
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

TEST(Audio, PlaysThroughTheOutputAndMixesWithoutClipping) {
  set_output(FakeDevice::output());
  set_muted(false);
  set_enabled(true);
  set_volume(1.0f);
  for (int i = 0; i < 20; ++i) play(Sfx::Dice);  // more than the voices: steals the oldest
  EXPECT_TRUE(available());
  EXPECT_EQ(FakeDevice::opens, 1);
  EXPECT_EQ(FakeDevice::resumes, 20);
  std::vector<float> buf(4096);
  mix(buf.data(), static_cast<int>(buf.size()));
  float peak = 0;
  for (float x : buf) peak = std::max(peak, std::fabs(x));
  EXPECT_GT(peak, 0.5f);
  EXPECT_LT(peak, 1.0f);  // the soft limiter
  shutdown();
  EXPECT_EQ(FakeDevice::closes, 1);
  EXPECT_FALSE(available());
  std::vector<float> silent(256, 1.0f);
  mix(silent.data(), static_cast<int>(silent.size()));
  EXPECT_EQ(silent, std::vector<float>(256, 0.0f)) << "shutdown stops every voice";
}

TEST(Audio, AFailedDeviceIsSilentAndNotRetried) {
  Output o = FakeDevice::output();
  o.open = [] { return ++FakeDevice::opens, 0; };
  set_output(o);
  set_muted(false);
  set_enabled(true);
  play(Sfx::Dice);
  play(Sfx::Dice);
  EXPECT_FALSE(available());
  EXPECT_EQ(FakeDevice::opens, 1);
  set_output({});
}

}  // namespace
}  // namespace catan::ui::audio
