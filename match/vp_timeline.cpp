// VpTimelineRecorder: see vp_timeline.h.
#include "match/vp_timeline.h"

namespace catan::match {

namespace {

std::array<uint8_t, kMaxPlayers> scores(const GameState& s) {
  std::array<uint8_t, kMaxPlayers> vp{};
  for (int p = 0; p < s.num_players; ++p) vp[p] = static_cast<uint8_t>(s.total_vp(p));
  return vp;
}

}  // namespace

void VpTimelineRecorder::reset(const GameState& s) {
  points_.assign(1, std::array<uint8_t, kMaxPlayers>{});
  turn_ = s.turn;
}

bool VpTimelineRecorder::on_applied(const GameState& s) {
  const bool turn_ended = static_cast<int>(s.turn) != turn_;
  if (turn_ended) {
    points_.push_back(scores(s));
    turn_ = s.turn;
  }
  if (s.phase == Phase::GameOver) {
    const std::array<uint8_t, kMaxPlayers> vp = scores(s);
    if (points_.empty() || points_.back() != vp) points_.push_back(vp);
  }
  return turn_ended;
}

int turns_played(const Game& game) {
  const GameState& g = game.state();
  const bool ended_a_turn =
      !game.history().empty() && game.history().back().type == ActionType::EndTurn;
  return g.turn + (g.phase == Phase::GameOver && !ended_a_turn ? 1 : 0);
}

}  // namespace catan::match
