#include "engine/game.h"

#include "engine/observation.h"

namespace catan {

Game::Game(const GameOptions& options, Seeds seeds) : state_(new_game(options, seeds)) {}

EventLog Game::visible_events(int seat) const {
  EventLog out;
  out.reserve(events_.size());
  const bool fog = island_hidden(state_);
  for (const Event& e : events_) out.push_back(redact(e, seat, fog));
  return out;
}

bool Game::apply(const Action& a, std::string* error) {
  const bool was_over = state_.phase == Phase::GameOver;
  if (catan::apply(state_, a, error, &events_)) {
    history_.push_back(a);
    return true;
  }
  // Arena: an illegal action forfeits the match; it stays in the history so that a replay
  // reproduces the forfeit.
  if (!was_over && state_.phase == Phase::GameOver) history_.push_back(a);
  return false;
}

bool Game::apply(const std::string& action_text, std::string* error) {
  auto a = Action::parse(action_text, error);
  if (!a) return false;
  return apply(*a, error);
}

bool Game::replay(const GameOptions& o, Seeds seeds, const std::vector<Action>& actions, Game* out,
                  std::string* error) {
  Game g(o, seeds);
  for (size_t i = 0; i < actions.size(); ++i) {
    std::string why;
    const bool was_over = g.state_.phase == Phase::GameOver;
    if (!g.apply(actions[i], &why)) {
      const bool forfeited = !was_over && g.state_.phase == Phase::GameOver;
      if (forfeited && i + 1 == actions.size()) break;  // the forfeit that ended the match
      if (forfeited) {
        // A forfeit in the middle of a history cannot be replayed past: undo to before it.
        Game before(o, seeds);
        for (size_t k = 0; k < i; ++k) before.apply(actions[k]);
        g = std::move(before);
      }
      if (error)
        *error = "action " + std::to_string(i + 1) + " (" + actions[i].to_string() + "): " + why;
      if (out) *out = std::move(g);
      return false;
    }
  }
  if (out) *out = std::move(g);
  return true;
}

}  // namespace catan
