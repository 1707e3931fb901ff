// A match as the pages and the app start it: the rules options, the two seeds, who sits in
// each seat (a human, or an AI with its level and personality) and the AI's pace. Pure C++
// (no UI), built natively and in wasm, so the parsers that read URL parameters, postMessage
// configs and saved games are unit-tested and fuzzed natively.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/ai/ai.h"
#include "engine/options.h"
#include "engine/rng.h"

namespace catan::match {

enum class SeatKind : uint8_t { Human, AI };

struct SeatConfig {
  SeatKind kind = SeatKind::AI;
  AiConfig ai;
  std::string name;  // "You", "Alice (Hard Trader)" ...
};

// The AI's pace: the pause between two AI actions. Speed is a multiplier (0.25 = four times
// slower, 2 = twice as fast, up to 20); speed 0 means no pause ("instant").
inline constexpr double kNormalAiDelaySeconds = 0.6;
inline constexpr double kMinAiSpeed = 0.25, kMaxAiSpeed = 20.0;
double ai_delay_for_speed(double speed);

struct MatchConfig {
  GameOptions options = classic_options();
  Seeds seeds;                                // board seed (shareable) and play seed (secret)
  std::array<SeatConfig, kMaxPlayers> seats;  // first options.players used
  double ai_action_delay_s = kNormalAiDelaySeconds;  // pause between AI actions
  double ai_think_budget_ms = 1000;                  // per decision (Expert)
  double master_think_ms = kMasterDefaultBudgetMs;   // per decision (Master, on every core)
};
inline constexpr double kMinMasterThinkMs = 250, kMaxMasterThinkMs = 30000;

// A seed from the platform's entropy source (std::random_device: the OS natively,
// crypto.getRandomValues in the browser), never 0.
uint64_t fresh_seed();

// The longest a config text, a save or a replay code may be, in bytes, before it is read.
inline constexpr size_t kMaxConfigText = 16 * 1024;

// A flat config, the same keys as the web pages' URL parameters (values may be strings):
//   seed      the board seed (the island), 1..2^64-1, number or decimal string; default fresh
//   playseed  the play seed (first player, dice, deck, steals), 1..2^64-1; default fresh.
//             For reproducible demos and tests; share links never carry it.
//   players   2..4
//   seats     ["human", "ai:hard:trader", "ai:expert", ...] or "human,ai:hard,..." (a seat
//             without personality is balanced; levels random|easy|normal|hard|expert|master)
//   mode      classic|blitz|epic|custom    vp 3..30    board beginner|official|balanced|random
//   visibility revealed|mist|terra_incognita   dice random|balanced   timer 0|20..3600|off
//   speed     AI speed multiplier 0.25..20 (see ai_delay_for_speed)
//   think     Expert thinking budget per decision in ms, 10..5000
//   masterthink  Master thinking time per decision in ms, 250..30000 (default 3000)
//   autoplay  true: every seat AI (seats must not name a human)
// Unknown keys are rejected (theme, muted, origin are page settings: the page strips them).
bool config_from_json(const nlohmann::json& j, MatchConfig* out, std::string* error);
// The same from a page's text: refused, with a sentence, when longer than kMaxConfigText,
// nested deeper than kMaxJsonDepth or not JSON.
bool config_from_text(std::string_view text, MatchConfig* out, std::string* error);

// The config as any seat may see it: options, seats, pace and the board seed as "seed".
// The play seed is left out (see config_to_private_json); so is the board seed when
// `island_hidden` (mist or terra incognita during setup: the board seed lays out the island).
nlohmann::json config_to_json(const MatchConfig& c, bool island_hidden = false);
// config_to_json plus "playSeed" and each AI seat's "aiSeed" (its own random numbers):
// only for saved games on the player's own machine.
nlohmann::json config_to_private_json(const MatchConfig& c);
// Inverse of config_to_private_json (saved games). A config without "playSeed" (saved
// before the seeds were split) uses "seed" for both.
bool full_config_from_json(const nlohmann::json& j, MatchConfig* out, std::string* error);

// Default seat names ("You", "Alice (Hard Trader)", ...) for seats without one.
void name_seats(MatchConfig* c);

}  // namespace catan::match
