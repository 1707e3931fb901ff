// The review without drawing: its state (open, positions, turns, the coach's review steps),
// its layout and labels (frontend/review_screen.h).
#include "frontend/review_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/rules.h"
#include "engine/victory_points.h"
#include "frontend/coach_view.h"
#include "frontend/log_view.h"
#include "frontend/move_words.h"
#include "frontend/production_fx.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

// --- Pure helpers ------------------------------------------------------------------------------

std::vector<int> review_seats(const MatchConfig& config, const GameState& final_state) {
  std::vector<int> seats;
  for (int p = 0; p < final_state.num_players; ++p)
    if (config.seats[static_cast<size_t>(p)].kind == SeatKind::Human) seats.push_back(p);
  if (seats.empty()) seats.push_back(final_state.winner >= 0 ? final_state.winner : 0);
  return seats;
}

std::string turn_label(const GameState& s) {
  if (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) return "Setup";
  return "Turn " + std::to_string(s.turn + 1);
}

const char* grade_title(coach::Grade g) {
  switch (g) {
    case coach::Grade::Best:
      return "Best";
    case coach::Grade::Good:
      return "Good";
    case coach::Grade::Inaccuracy:
      return "Inaccuracy";
    case coach::Grade::Mistake:
      return "Mistake";
    case coach::Grade::Blunder:
      return "Blunder";
  }
  return "";
}

// --- Layout ------------------------------------------------------------------------------------

ReviewLayout layout_review(ImVec2 d, float sc) {
  ReviewLayout l;
  const float top_h = 56 * sc, gap = 8 * sc;
  l.top = {ImVec2(0, 0), ImVec2(d.x, top_h)};
  const float controls_h =
      44 * sc * 2 + 6 * sc + 2 * ImGui::GetTextLineHeightWithSpacing() + 8 * sc;
  l.narrow = d.x < 640 * sc && d.y > d.x;
  if (l.narrow) {
    l.hands_in_tabs = true;
    float y = top_h;
    const float rest = d.y - top_h;
    const float board_h = std::clamp(rest * 0.36f, 200 * sc, d.x * 0.85f);
    l.board = {ImVec2(0, y), ImVec2(d.x, board_h)};
    y += board_h + gap * 0.5f;
    l.controls = {ImVec2(gap, y), ImVec2(d.x - 2 * gap, controls_h)};
    y += controls_h;
    const float graph_h = std::clamp(rest * 0.17f, 100 * sc, 170 * sc);
    l.graph = {ImVec2(gap, y), ImVec2(d.x - 2 * gap, graph_h)};
    y += graph_h + gap * 0.5f;
    l.lists = {ImVec2(gap, y), ImVec2(d.x - 2 * gap, std::max(0.0f, d.y - y - gap * 0.5f))};
    return l;
  }
  // Wide: the board and the hands left, the graph, the scrubber and the lists right.
  const float rest = d.y - top_h;
  const float left_w = std::clamp(d.x * 0.47f, 280 * sc, d.x - 320 * sc);
  // The title and four rows of card icons (review_screen.cpp hands_list).
  const float lh = ImGui::GetTextLineHeight();
  const float hands_h = 12 * sc + ImGui::GetTextLineHeightWithSpacing() + 4 * (lh + 10 * sc) + gap;
  l.hands_in_tabs = rest - hands_h < 320 * sc;
  const float board_h = l.hands_in_tabs ? rest : rest - hands_h;
  l.board = {ImVec2(0, top_h), ImVec2(left_w, board_h)};
  if (!l.hands_in_tabs)
    l.hands = {ImVec2(gap, top_h + board_h), ImVec2(left_w - 2 * gap, hands_h - gap)};
  const float rx = left_w + gap, rw = d.x - rx - gap;
  float y = top_h;
  const float graph_h = std::clamp(rest * 0.3f, 90 * sc, 230 * sc);
  l.graph = {ImVec2(rx, y), ImVec2(rw, graph_h)};
  y += graph_h + gap * 0.5f;
  l.controls = {ImVec2(rx, y), ImVec2(rw, controls_h)};
  y += controls_h;
  l.lists = {ImVec2(rx, y), ImVec2(rw, std::max(0.0f, d.y - y - gap))};
  return l;
}

// --- State -------------------------------------------------------------------------------------

void ReviewScreenState::open(const MatchConfig& config, const Game& game) {
  config_ = config;
  name_seats(&config_);
  game_ = game;
  states_.clear();
  event_end_.clear();
  turn_first_.clear();
  // Every position, replayed once (a long game of 1,000 actions takes a few milliseconds).
  Game g(game.state().options, game.state().seeds);
  states_.push_back(g.state());
  event_end_.push_back(g.events().size());
  for (const Action& a : game.history()) {
    if (!g.apply(a)) break;
    states_.push_back(g.state());
    event_end_.push_back(g.events().size());
  }
  // A game that does not replay (it cannot happen for a valid game) is reviewed as far as it
  // goes.
  if (states_.size() != game.history().size() + 1) {
    std::vector<Action> head(game.history().begin(),
                             game.history().begin() + static_cast<long>(states_.size() - 1));
    Game::replay(game.state().options, game.state().seeds, head, &game_, nullptr);
  }
  for (size_t p = 0; p < states_.size(); ++p) {
    const int t = states_[p].turn;
    while (static_cast<int>(turn_first_.size()) <= t) turn_first_.push_back(static_cast<int>(p));
  }
  seats_ = review_seats(config_, game_.state());
  coach::ReviewConfig rc;
  rc.seats = seats_;
  rc.coach.pool = coach_pool();  // the analyses run on the AI's workers where there are some
  reviewer_ = coach::Reviewer();
  reviewer_.start(game_, rc);
  review_started_s_ = now_seconds();
  open_ = true;
  playing_ = false;
  next_step_at_ = -1;
  pos_ = num_actions();
  tab = Tab::Moments;
  show_all_moves = false;
  drawn_pos_ = -1;
  board_.reset_view();
}

void ReviewScreenState::set_position(int p) {
  pos_ = std::clamp(p, 0, num_actions());
  if (pos_ == num_actions()) playing_ = false;
}

int ReviewScreenState::turn_start(int turn) const {
  if (turn_first_.empty()) return 0;
  turn = std::clamp(turn, 0, static_cast<int>(turn_first_.size()) - 1);
  return turn_first_[static_cast<size_t>(turn)];
}

void ReviewScreenState::next_turn() {
  const int t = turn_of(pos_);
  set_position(t + 1 < static_cast<int>(turn_first_.size()) ? turn_start(t + 1) : num_actions());
}

void ReviewScreenState::prev_turn() {
  const int t = turn_of(pos_);
  const int start = turn_start(t);
  set_position(pos_ > start || t == 0 ? start : turn_start(t - 1));
}

void ReviewScreenState::set_playing(bool on) {
  playing_ = on && pos_ < num_actions();
  next_step_at_ = -1;
}

bool ReviewScreenState::can_play_from_here(std::string* why) const {
  if (!open_) return false;
  if (state().phase == Phase::GameOver) {
    if (why) *why = "The game is over at this point: step back to a position before the end.";
    return false;
  }
  return true;
}

bool ReviewScreenState::game_at_position(Game* out, std::string* error) const {
  const std::vector<Action> head(game_.history().begin(), game_.history().begin() + pos_);
  return Game::replay(game_.state().options, game_.state().seeds, head, out, error);
}

void ReviewScreenState::step_review(double max_ms) {
  if (open_ && !reviewer_.done()) reviewer_.step(max_ms);
}

bool ReviewScreenState::review_done() const {
  return reviewer_.done();
}

double ReviewScreenState::review_progress() const {
  return reviewer_.progress();
}

double ReviewScreenState::review_seconds_left() const {
  if (reviewer_.done()) return -1;
  return seconds_left(reviewer_.progress(), now_seconds() - review_started_s_);
}

std::vector<int> ReviewScreenState::listed_decisions() const {
  std::vector<int> out;
  const auto& d = review().decisions;
  for (size_t i = 0; i < d.size(); ++i)
    if (show_all_moves || d[i].grade != coach::Grade::Best) out.push_back(static_cast<int>(i));
  return out;
}

int ReviewScreenState::decision_here() const {
  const auto& d = review().decisions;
  for (size_t i = 0; i < d.size(); ++i)
    if (d[i].index == pos_) return static_cast<int>(i);
  return -1;
}

}  // namespace catan::ui
