// ViewMatch: see view_match.h.
#include "match/view_match.h"

#include "engine/rules.h"
#include "match/vp_timeline.h"

namespace catan::match {

SeatView seat_view(const Game& game, int seat, const MatchConfig& config) {
  const GameState& s = game.state();
  SeatView v;
  v.observation = observe(s, seat);
  v.events = game.visible_events(seat);
  v.actions_applied = game.history().size();
  v.turns_played = turns_played(game);
  const int m = s.to_move();
  v.human_to_act = m >= 0 && m < config.options.players &&
                   config.seats[static_cast<size_t>(m)].kind == SeatKind::Human;
  if (m == seat && v.human_to_act) v.legal = legal_actions(s);
  return v;
}

MatchConfig guest_config(MatchConfig config) {
  config.seeds.play = 0;
  // Under mist or terra incognita the board seed lays out the hidden island.
  if (config.options.visibility != Visibility::Revealed) config.seeds.board = 0;
  return config;
}

ViewMatch::ViewMatch(const MatchConfig& config, int seat, Submit submit, Back back)
    : config_(guest_config(config)),
      seat_(seat),
      submit_(std::move(submit)),
      back_(std::move(back)) {}

void ViewMatch::take_back_control(int seat) {
  if (seat != seat_ || !back_) return;
  back_();
}

bool ViewMatch::submit(const Action& a, std::string* error) {
  if (!submit_) {
    if (error) *error = "no host to send the move to";
    return false;
  }
  return submit_(a, error);
}

bool ViewMatch::is_human(int seat) const {
  return seat >= 0 && seat < config_.options.players &&
         config_.seats[static_cast<size_t>(seat)].kind == SeatKind::Human;
}

int ViewMatch::num_humans() const {
  int n = 0;
  for (int s = 0; s < config_.options.players; ++s) n += is_human(s) ? 1 : 0;
  return n;
}

bool ViewMatch::on_autopilot(int seat) const {
  return seat >= 0 && seat < kMaxPlayers && view_.autopilot[static_cast<size_t>(seat)];
}

}  // namespace catan::match
