// Match configurations for the Session tests: `humans` human seats first, Easy AIs after
// them, AIs acting at once (no pace delay) with a short thinking budget.
#pragma once
#include <cstdint>
#include <string>

#include "match/config.h"

namespace catan::match {

inline MatchConfig quick_match(int players, int humans, uint64_t seed) {
  MatchConfig mc;
  mc.options = classic_options();
  mc.options.players = static_cast<uint8_t>(players);
  mc.seeds = Seeds::both(seed);
  for (int i = 0; i < kMaxPlayers; ++i) {
    mc.seats[i].kind = i < humans ? SeatKind::Human : SeatKind::AI;
    mc.seats[i].ai.level = AiLevel::Easy;
    mc.seats[i].name = "P" + std::to_string(i);
  }
  mc.ai_action_delay_s = 0.0;
  mc.ai_think_budget_ms = 5;
  return mc;
}

}  // namespace catan::match
