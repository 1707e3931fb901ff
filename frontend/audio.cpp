#include "frontend/audio.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace catan::ui::audio {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr int kMaxVoices = 8;

struct Voice {
  const std::vector<float>* samples = nullptr;
  size_t pos = 0;
  float gain = 1.0f;
};

struct State {
  bool enabled = true;
  bool muted = false;
  float volume = 0.7f;
  bool tried_open = false;
  bool open = false;  // the output's device is open
  Output out;
  int rate = 44100;
  std::array<std::vector<float>, static_cast<size_t>(Sfx::Count)> bank;
  std::array<Voice, kMaxVoices> voices;
  std::atomic<float> master{0.7f};
};

State& st() {
  static State s;
  return s;
}

// Deterministic noise (no <random>: same on every standard library).
struct Noise {
  uint32_t x = 0x9E3779B9u;
  float next() {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return static_cast<float>(x & 0xFFFFFF) / static_cast<float>(0x800000) - 1.0f;
  }
};

float env_ad(float t, float attack, float decay) {
  if (t < attack) return t / attack;
  return std::exp(-(t - attack) / decay);
}

// A short plucked/bell tone: sine + a little 2nd and 3rd harmonic.
void add_tone(std::vector<float>& out, int rate, float start_s, float freq, float dur_s, float amp,
              float decay_s, float bright = 0.3f) {
  const size_t a = static_cast<size_t>(start_s * static_cast<float>(rate));
  const size_t n = static_cast<size_t>(dur_s * static_cast<float>(rate));
  if (out.size() < a + n) out.resize(a + n, 0.0f);
  for (size_t i = 0; i < n; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(rate);
    const float e = env_ad(t, 0.004f, decay_s);
    const float ph = 2 * kPi * freq * t;
    const float v =
        std::sin(ph) + bright * 0.5f * std::sin(2 * ph) + bright * 0.25f * std::sin(3 * ph);
    out[a + i] += amp * e * v;
  }
}

// A click of filtered noise (dice hitting the table, a card snapping).
void add_click(std::vector<float>& out, int rate, float start_s, float amp, float dur_s,
               float lowpass, Noise& noise) {
  const size_t a = static_cast<size_t>(start_s * static_cast<float>(rate));
  const size_t n = static_cast<size_t>(dur_s * static_cast<float>(rate));
  if (out.size() < a + n) out.resize(a + n, 0.0f);
  float y = 0;
  for (size_t i = 0; i < n; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(rate);
    y += lowpass * (noise.next() - y);
    out[a + i] += amp * std::exp(-t / (dur_s * 0.25f)) * y;
  }
}

void normalize(std::vector<float>& v, float peak) {
  float m = 0;
  for (float x : v) m = std::max(m, std::fabs(x));
  if (m <= 0) return;
  const float k = peak / m;
  for (float& x : v) x *= k;
  // 5 ms fade out, so the end never clicks.
  const size_t fade = std::min<size_t>(v.size(), 220);
  for (size_t i = 0; i < fade; ++i) {
    v[v.size() - 1 - i] *= static_cast<float>(i) / static_cast<float>(fade);
  }
}

bool open_device() {
  State& s = st();
  if (s.open) return true;
  if (s.tried_open || !s.out.open) return false;
  s.tried_open = true;
  const int rate = s.out.open();
  if (rate <= 0) return false;
  s.rate = rate;
  for (int i = 0; i < static_cast<int>(Sfx::Count); ++i) {
    s.bank[static_cast<size_t>(i)] = synthesize(static_cast<Sfx>(i), s.rate);
  }
  s.open = true;
  return true;
}

}  // namespace

void set_output(const Output& o) {
  shutdown();
  st().out = o;
}

void mix(float* out, int n) {
  State& s = st();
  std::fill(out, out + n, 0.0f);
  const float master = s.master.load();
  for (Voice& v : s.voices) {
    if (!v.samples) continue;
    const std::vector<float>& smp = *v.samples;
    for (int i = 0; i < n && v.pos < smp.size(); ++i, ++v.pos) out[i] += smp[v.pos] * v.gain;
    if (v.pos >= smp.size()) v.samples = nullptr;
  }
  for (int i = 0; i < n; ++i) {
    // Soft limiter: several overlapping effects never clip harshly.
    out[i] = std::tanh(out[i] * master);
  }
}

const char* sfx_name(Sfx s) {
  static const char* const kNames[] = {"dice", "build",     "card", "robber",
                                       "win",  "your_turn", "click"};
  static_assert(std::size(kNames) == static_cast<size_t>(Sfx::Count));
  const auto i = static_cast<size_t>(s);
  return i < std::size(kNames) ? kNames[i] : "?";
}

std::vector<float> synthesize(Sfx s, int rate) {
  std::vector<float> v;
  Noise noise;
  switch (s) {
    case Sfx::Dice:
      // Two dice clattering: a few decreasing clicks with small pitched knocks.
      for (int i = 0; i < 6; ++i) {
        const float t = 0.02f + 0.055f * static_cast<float>(i) + 0.012f * static_cast<float>(i % 2);
        const float a = 1.0f - 0.13f * static_cast<float>(i);
        add_click(v, rate, t, a, 0.035f, 0.55f, noise);
        add_tone(v, rate, t, 900.0f + 130.0f * static_cast<float>(i % 3), 0.04f, 0.25f * a, 0.012f,
                 0.6f);
      }
      break;
    case Sfx::Build:
      // A wooden knock, twice (hammer).
      add_tone(v, rate, 0.0f, 220.0f, 0.16f, 0.9f, 0.04f, 0.8f);
      add_click(v, rate, 0.0f, 0.5f, 0.03f, 0.3f, noise);
      add_tone(v, rate, 0.11f, 262.0f, 0.16f, 0.7f, 0.04f, 0.8f);
      add_click(v, rate, 0.11f, 0.4f, 0.03f, 0.3f, noise);
      break;
    case Sfx::Card:
      // A soft swish of noise rising in brightness.
      {
        const size_t n = static_cast<size_t>(0.14f * static_cast<float>(rate));
        v.resize(n);
        float y = 0;
        for (size_t i = 0; i < n; ++i) {
          const float t = static_cast<float>(i) / static_cast<float>(n);
          y += (0.05f + 0.5f * t) * (noise.next() - y);
          v[i] = y * std::sin(kPi * t);
        }
        add_tone(v, rate, 0.09f, 1318.5f, 0.08f, 0.15f, 0.03f, 0.1f);
      }
      break;
    case Sfx::Robber:
      // A low, descending minor motif.
      add_tone(v, rate, 0.0f, 196.0f, 0.3f, 0.8f, 0.12f, 0.5f);
      add_tone(v, rate, 0.14f, 185.0f, 0.3f, 0.8f, 0.12f, 0.5f);
      add_tone(v, rate, 0.28f, 155.6f, 0.5f, 0.9f, 0.2f, 0.5f);
      break;
    case Sfx::Win: {
      // A bright major arpeggio and a held chord.
      const float notes[] = {523.25f, 659.25f, 783.99f, 1046.5f};
      for (int i = 0; i < 4; ++i) {
        add_tone(v, rate, 0.11f * static_cast<float>(i), notes[i], 0.5f, 0.6f, 0.18f, 0.35f);
      }
      for (int i = 0; i < 3; ++i) add_tone(v, rate, 0.46f, notes[i + 1], 0.9f, 0.4f, 0.4f, 0.3f);
      break;
    }
    case Sfx::YourTurn:
      // A two-note chime.
      add_tone(v, rate, 0.0f, 880.0f, 0.45f, 0.7f, 0.16f, 0.15f);
      add_tone(v, rate, 0.13f, 1318.5f, 0.55f, 0.6f, 0.2f, 0.15f);
      break;
    case Sfx::Click:
      add_tone(v, rate, 0.0f, 1500.0f, 0.03f, 0.5f, 0.008f, 0.2f);
      break;
    case Sfx::Count:
      break;
  }
  normalize(v, s == Sfx::Click ? 0.35f : 0.8f);
  return v;
}

void play(Sfx s) {
  State& a = st();
  if (!a.enabled || a.muted || a.volume <= 0.0f || s == Sfx::Count) return;
  if (!open_device()) return;
  if (a.out.resume) a.out.resume();
  if (a.out.lock) a.out.lock();
  // A free voice, else the one closest to its end.
  Voice* slot = nullptr;
  for (Voice& v : a.voices) {
    if (!v.samples) {
      slot = &v;
      break;
    }
  }
  if (!slot) {
    slot = &a.voices[0];
    for (Voice& v : a.voices) {
      if (v.samples->size() - v.pos < slot->samples->size() - slot->pos) slot = &v;
    }
  }
  slot->samples = &a.bank[static_cast<size_t>(s)];
  slot->pos = 0;
  slot->gain = 1.0f;
  if (a.out.unlock) a.out.unlock();
}

void set_enabled(bool on) {
  st().enabled = on;
}
bool enabled() {
  return st().enabled;
}
void set_volume(float v) {
  v = std::clamp(v, 0.0f, 1.0f);
  st().volume = v;
  st().master.store(v);
}
float volume() {
  return st().volume;
}
void set_muted(bool m) {
  st().muted = m;
}
bool muted() {
  return st().muted;
}
bool available() {
  return st().open;
}

void shutdown() {
  State& s = st();
  if (s.open && s.out.close) s.out.close();
  s.open = false;
  s.tried_open = false;
  for (Voice& v : s.voices) v.samples = nullptr;
}

}  // namespace catan::ui::audio
