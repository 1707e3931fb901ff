// See web_events.h.
#include "shell/web_events.h"

#include "engine/observation.h"
#include "match/config.h"

namespace catan::web {

using nlohmann::json;

namespace {

json scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.total_vp(p));
  return a;
}

json public_scores(const GameState& s) {
  json a = json::array();
  for (int p = 0; p < s.num_players; ++p) a.push_back(s.public_vp(p));
  return a;
}

json game_over_event(const match::Session& ses) {
  const GameState& s = ses.state();
  json names = json::array();
  for (int p = 0; p < s.num_players; ++p) names.push_back(ses.config().seats[p].name);
  return {{"type", "gameOver"},
          {"winner", s.winner},
          {"winnerName", s.winner >= 0 ? ses.config().seats[s.winner].name : ""},
          {"scores", scores(s)},
          {"names", names},
          {"turns", s.turn},
          {"actions", ses.game().history().size()}};
}

json game_started_event(const match::Session& ses) {
  const GameState& s = ses.state();
  const size_t nh = ses.game().history().size();
  // The board seed only, and not even that while fog hides the island.
  json cfg = match::config_to_json(ses.config(), island_hidden(s));
  return {{"type", "gameStarted"},
          {"seed", cfg.value("seed", json(nullptr))},
          {"players", s.num_players},
          {"options", cfg["options"]},
          {"seats", cfg["seats"]},
          {"resumed", nh > 0},
          {"actions", nh}};
}

}  // namespace

bool EventPoller::is_new_game(const Game& g) const {
  const GameState& s = g.state();
  return force_start_ || !active_ || !(s.seeds == seeds_) || !(s.options == options_) ||
         g.history().size() < history_ || g.events().size() < events_;
}

json EventPoller::announce(const match::Session& ses) {
  const Game& g = ses.game();
  *this = EventPoller{};
  active_ = true;
  seeds_ = g.state().seeds;
  options_ = g.state().options;
  events_ = g.events().size();
  history_ = g.history().size();
  over_ = g.state().phase == Phase::GameOver;
  return json::array({game_started_event(ses), {{"type", "changed"}, {"actions", history_}}});
}

void EventPoller::report_events(const Game& g, json* out) const {
  const GameState& s = g.state();
  for (size_t i = events_; i < g.events().size(); ++i) {
    const Event& e = g.events()[i];
    if (e.type == EventType::DiceRolled) {
      out->push_back({{"type", "diceRolled"},
                      {"player", e.seat},
                      {"dice", {e.arg, e.arg2}},
                      {"total", e.arg + e.arg2}});
    } else if (e.type == EventType::TurnEnded) {
      out->push_back({{"type", "turn"},
                      {"player", e.other},
                      {"previous", e.seat},
                      {"turn", s.turn},
                      {"vp", public_scores(s)}});
    }
  }
}

json EventPoller::poll(const match::Session* ses) {
  json out = json::array();
  if (!ses) return out;
  const Game& g = ses->game();
  if (is_new_game(g)) return announce(*ses);
  report_events(g, &out);
  if (!over_ && g.state().phase == Phase::GameOver) {
    over_ = true;
    out.push_back(game_over_event(*ses));
  }
  const size_t nh = g.history().size();
  if (nh != history_) out.push_back({{"type", "changed"}, {"actions", nh}});
  events_ = g.events().size();
  history_ = nh;
  return out;
}

}  // namespace catan::web
