#include "frontend/coach_view.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/board.h"
#include "engine/coach/win_model.h"
#include "engine/english.h"
#include "engine/rules.h"
#include "frontend/audio.h"
#include "frontend/move_words.h"
#include "frontend/theme.h"
#include "frontend/verdicts.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

// Milliseconds of thinking per frame: with the bots' 6 ms (App::game_screen) a frame stays
// far under 50 ms, and the hint is ready in a fraction of a second natively.
constexpr double kTradeSliceMs = 4.0;

const char* const kDot = " \xC2\xB7 ";  // " · "

std::string short_name(const MatchView& s, int seat) {
  return without_role(seat_name3(s, seat));
}

int percent(double p) {
  return static_cast<int>(std::lround(std::clamp(p, 0.0, 1.0) * 100.0));
}

std::shared_ptr<coach::AnalysisPool>& pool_slot() {
  static std::shared_ptr<coach::AnalysisPool> pool;
  return pool;
}

// The coach's sentences name the seats as the table does ("Bruno", and the viewer's colour).
coach::CoachConfig coach_config(const MatchView& s) {
  coach::CoachConfig c;
  c.pool = pool_slot();
  for (int p = 0; p < kMaxPlayers && p < s.view().num_players; ++p)
    c.names[static_cast<size_t>(p)] = short_name(s, p);
  return c;
}

}  // namespace

std::string describe_action(const MatchView& s, const GameState& v, int viewer, const Action& a) {
  (void)viewer;  // the bank rate is the seat to move's, in `v`
  std::string names[kMaxPlayers];
  for (int p = 0; p < kMaxPlayers && p < s.view().num_players; ++p) names[p] = short_name(s, p);
  return move_words(v, a, names, MoveStyle::Command);
}

std::string hint_alternatives(const MatchView& s, const GameState& v, int viewer,
                              const coach::Advice& advice, int n, int first) {
  std::string out;
  const int shown = std::min<int>(first + n, static_cast<int>(advice.options.size()));
  for (int i = first; i < shown; ++i) {
    const coach::MoveOption& o = advice.options[static_cast<size_t>(i)];
    if (i > first) out += kDot;
    const double p = viewer >= 0 && viewer < kMaxPlayers ? o.win[static_cast<size_t>(viewer)] : 0;
    out += describe_action(s, v, viewer, o.action) + ": " + std::to_string(percent(p)) + "%";
  }
  return out;
}

void set_coach_pool(std::shared_ptr<coach::AnalysisPool> pool) {
  pool_slot() = std::move(pool);
}

std::shared_ptr<coach::AnalysisPool> coach_pool() {
  return pool_slot();
}

double seconds_left(double progress, double elapsed_s) {
  if (progress < 0.02 || elapsed_s < 0.3) return -1;
  if (progress >= 1) return 0;
  return elapsed_s * (1 - progress) / progress;
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string time_left_words(double s) {
  if (s < 0) return "";
  if (s < 1.5) return "a moment left";
  if (s < 90) return "about " + std::to_string(static_cast<int>(std::lround(s))) + " s left";
  return "about " + std::to_string(static_cast<int>(std::lround(s / 60))) + " min left";
}

// ---- Hint --------------------------------------------------------------------------------

bool hint_available(const GameFrame& f) {
  return f.my_turn && f.viewer >= 0 && !f.legal.empty() && f.state().phase != Phase::GameOver;
}

void request_hint(const GameFrame& f, HintState& st) {
  const size_t n = f.session.actions_applied();
  if (st.active() && st.for_history == n && st.for_seat == f.viewer) {
    st.clear();  // the button toggles the hint of this decision
    return;
  }
  st.clear();
  if (!hint_available(f)) return;
  st.analyst = std::make_shared<coach::Analyst>(coach_config(f.session));
  st.analyst->start(f.obs, f.session.visible_events());
  st.started_s = now_seconds();
  st.status = HintState::Status::Thinking;
  st.for_history = n;
  st.for_seat = f.viewer;
}

double hint_progress(const HintState& st) {
  if (st.status != HintState::Status::Thinking) return st.active() ? 1 : 0;
  return st.analyst ? st.analyst->progress() : 0;
}

double hint_seconds_left(const HintState& st) {
  if (st.status != HintState::Status::Thinking) return -1;
  return seconds_left(hint_progress(st), now_seconds() - st.started_s);
}

void update_hint(const GameFrame& f, HintState& st, double slice_ms) {
  // The workers load while the player has a decision, so the first hint finds them ready.
  if (pool_slot() && hint_available(f)) pool_slot()->prepare();
  if (!st.active()) return;
  if (!hint_available(f) || f.session.actions_applied() != st.for_history ||
      f.viewer != st.for_seat) {
    st.clear();  // the decision has passed
    return;
  }
  if (st.status != HintState::Status::Thinking || !st.analyst) return;
  if (st.analyst->done() || st.analyst->step(slice_ms)) {
    st.advice = st.analyst->advice();
    st.analyst.reset();
    st.status = HintState::Status::Ready;
  }
}

BoardPick hint_spot(const HintState& st) {
  if (!st.ready()) return {};
  return move_spot(st.advice.options.front().action);
}

void draw_hint_card(const GameFrame& f, const Rect& board, const BoardView& view, HintState& st) {
  if (!st.active() || board.empty()) return;
  const float sc = ui_scale();
  const Theme& th = theme();
  const float m = 8 * sc;
  // The island's left edge (harbours included) as drawn last frame: the sea beside it takes
  // the card when it is wide enough, so that no hex is covered.
  float island_left = board.max().x;
  for (int v = 0; v < kNumVertices; ++v) island_left = std::min(island_left, view.vertex_pos(v).x);
  const ImVec2 v0 = view.vertex_pos(0), v1 = view.vertex_pos(topology().vertices[0].neighbors[0]);
  const float u = std::hypot(v1.x - v0.x, v1.y - v0.y);
  const float sea = island_left - 0.8f * u - board.pos.x - 2 * m;
  // Beside the island when the sea there is nearly wide enough (a hex edge may hide under
  // it), else across the board, clear of the zoom buttons in its right corner.
  const float w = sea >= 160 * sc ? std::clamp(sea, 230 * sc, 380 * sc)
                                  : std::min(440 * sc, board.size.x - 2 * m - 52 * sc);
  // At the bottom, unless the recommended spot would be under the card: then at the top.
  const BoardPick spot = hint_spot(st);
  ImVec2 p(0, 0);
  if (spot.kind == BoardPick::Vertex) p = view.vertex_pos(spot.id);
  if (spot.kind == BoardPick::Edge) p = view.edge_pos(spot.id);
  if (spot.kind == BoardPick::Hex) p = view.hex_pos(spot.id);
  const bool top = spot.kind != BoardPick::None && p.x < board.pos.x + m + w + 0.6f * u &&
                   p.y > board.max().y - m - st.card_h - 0.6f * u;
  if (w < 120 * sc) return;
  if (top)
    ImGui::SetNextWindowPos(ImVec2(board.pos.x + m, board.pos.y + m));
  else
    ImGui::SetNextWindowPos(ImVec2(board.pos.x + m, board.max().y - m), ImGuiCond_Always,
                            ImVec2(0, 1));
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, board.size.y - 2 * m));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.10f, 0.12f, 0.16f, 0.94f));
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 0.27f, 0.78f, 1.0f));  // the glow's magenta
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, th.rounding);
  ImGui::Begin("##hint_card", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  const float inner = w - 2 * ImGui::GetStyle().WindowPadding.x;
  const float close_w = 30 * sc;
  // Header: "Hint" and the close button.
  ImGui::PushFont(fonts().bold);
  ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.85f, 1.0f), "Hint");
  ImGui::PopFont();
  test_id("hint_card");
  ImGui::SameLine(inner - close_w + ImGui::GetStyle().WindowPadding.x);
  const bool close = button("hint_close", "x", ImVec2(close_w, 0));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + inner);
  if (st.status == HintState::Status::Thinking) {
    const int dots = static_cast<int>(ImGui::GetTime() * 3.0) % 4;
    const std::string left = time_left_words(hint_seconds_left(st));
    if (left.empty())
      ImGui::Text("Thinking%.*s", dots, "...");
    else
      ImGui::Text("Thinking%.*s%*s %s", dots, "...", 3 - dots, "", left.c_str());
    const float prog = static_cast<float>(hint_progress(st));
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(1.0f, 0.27f, 0.78f, 1.0f));
    ImGui::ProgressBar(std::clamp(prog, 0.0f, 1.0f), ImVec2(inner, 6 * sc), "");
    ImGui::PopStyleColor();
  } else if (!st.ready()) {
    ImGui::TextUnformatted("The coach has no advice for this decision.");
  } else {
    const GameState& v = f.obs.view;
    const coach::MoveOption& best = st.advice.options.front();
    ImGui::PushFont(fonts().bold);
    ImGui::TextUnformatted(describe_action(f.session, v, f.viewer, best.action).c_str());
    ImGui::PopFont();
    test_id("hint_move");
    if (!best.why.empty()) ImGui::TextUnformatted(best.why.c_str());
    const double mine = best.win[static_cast<size_t>(f.viewer)];
    std::string chances = "Your chance to win with it: " + std::to_string(percent(mine)) + "%";
    const std::string others = hint_alternatives(f.session, v, f.viewer, st.advice, 2, 1);
    if (!others.empty()) {
      chances += ". Instead: " + others;
      // The chances are means over a few dozen playouts: a point or two is noise. The move
      // itself is Expert's, from a deeper search, and may rate under another's quick estimate.
      int best_other = 0;
      for (size_t i = 1; i < std::min<size_t>(3, st.advice.options.size()); ++i)
        best_other =
            std::max(best_other, percent(st.advice.options[i].win[static_cast<size_t>(f.viewer)]));
      if (best_other > percent(mine) + 2)
        chances += ". The quick estimates favour another move; a deeper search picks this one.";
      else if (best_other >= percent(mine) - 2)
        chances += " (close: either is fine)";
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(th.text_dim));
    ImGui::TextUnformatted(chances.c_str());
    ImGui::PopStyleColor();
    const Verdict ok = f.verdict(best.action);
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(th.good, 0.8f)));
    if (button("hint_play", "Play it", ImVec2(110 * sc, 0), ok.ok(), ok.sentence())) {
      const Action a = best.action;  // submitting clears the hint
      if (f.submit(a)) audio::play(audio::Sfx::Build);
    }
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  st.card_h = ImGui::GetWindowHeight();
  ImGui::End();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor(2);
  if (close) st.clear();
}

// ---- Live win chances ---------------------------------------------------------------------

float win_bar_height(const GameFrame& f) {
  if (!settings().win_chances || !f.session.active() || f.viewer < 0) return 0;
  if (f.state().phase == Phase::GameOver) return 0;
  return std::floor(30 * ui_scale());
}

void draw_win_bar(const GameFrame& f, const Rect& r, WinBarState& st) {
  if (r.empty()) return;
  const size_t n = f.session.actions_applied();
  if (st.for_history != n || st.for_viewer != f.viewer) {
    st.for_history = n;
    st.for_viewer = f.viewer;
    st.chances = coach::win_chances(f.obs);
  }
  const float sc = ui_scale();
  const Theme& th = theme();
  begin_bare_window("##win_bar", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(r.pos, r.max(), with_alpha(th.panel_bg, 0.85f), th.rounding);
  const int players = f.state().num_players;
  const float pad = 6 * sc, gap = 8 * sc;
  const float col_w = (r.size.x - 2 * pad - gap * static_cast<float>(players - 1)) /
                      static_cast<float>(std::max(1, players));
  const float bar_h = std::max(3.0f, 5 * sc);
  ImFont* font = ImGui::GetFont();
  const float fs = ImGui::GetFontSize() * 0.85f;
  for (int seat = 0; seat < players; ++seat) {
    const float x = r.pos.x + pad + static_cast<float>(seat) * (col_w + gap);
    const float y = r.pos.y + 3 * sc;
    const double p = st.chances[static_cast<size_t>(seat)];
    char pct[16];
    std::snprintf(pct, sizeof pct, "%d%%", percent(p));
    const std::string name = seat == f.viewer ? "You" : short_name(f.session, seat);
    const float pw = font->CalcTextSizeA(fs, FLT_MAX, 0, pct).x;
    const float dot = fs * 0.32f;
    // The name as far as it fits before the percentage.
    const float name_room = col_w - pw - 2 * dot - 8 * sc;
    std::string shown = name;
    while (!shown.empty() && font->CalcTextSizeA(fs, FLT_MAX, 0, shown.c_str()).x > name_room)
      shown.pop_back();
    if (shown.size() < name.size() && shown.size() > 1) shown.back() = '.';
    const ImU32 col = player_color(seat);
    dl->AddCircleFilled(ImVec2(x + dot, y + fs * 0.55f), dot, col);
    if (shown.size() > 1)
      dl->AddText(font, fs, ImVec2(x + 2 * dot + 4 * sc, y), th.text, shown.c_str());
    dl->AddText(fonts().bold ? fonts().bold : font, fs, ImVec2(x + col_w - pw, y), th.text, pct);
    const float by = r.max().y - bar_h - 4 * sc;
    dl->AddRectFilled(ImVec2(x, by), ImVec2(x + col_w, by + bar_h), IM_COL32(255, 255, 255, 40),
                      bar_h * 0.5f);
    const float fill = static_cast<float>(std::clamp(p, 0.0, 1.0)) * col_w;
    if (fill > 0.5f)
      dl->AddRectFilled(ImVec2(x, by), ImVec2(x + fill, by + bar_h), col, bar_h * 0.5f);
  }
  // The bar as one item (inset a point: the window's clip rectangle is pixel-rounded).
  ImGui::SetCursorPos(ImVec2(1, 1));
  ImGui::Dummy(ImVec2(r.size.x - 2, r.size.y - 2));
  test_id("win_bar");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Each player's chance to win, estimated from what everyone can see\n"
        "(points, production, harbours, roads, knights, cards in hand).");
  end_bare_window();
}

// ---- Trade advisor --------------------------------------------------------------------------

int trade_advice_partner(const Observation& obs) {
  const coach::SeatChances c = coach::win_chances(obs);
  int best = -1;
  for (int p = 0; p < obs.view.num_players; ++p) {
    if (p == obs.seat || obs.view.players[p].forfeited) continue;
    if (best < 0 || c[static_cast<size_t>(p)] > c[static_cast<size_t>(best)]) best = p;
  }
  return best;
}

std::string trade_advice_sentence(const MatchView& s, const coach::TradeImpact& im) {
  return coach::trade_sentence(im, coach_config(s).names);
}

void draw_trade_advice(const MatchView& s, TradeAdviceState& st, int partner,
                       const ResourceCounts& give, const ResourceCounts& get) {
  if (!s.active() || total(give) == 0 || total(get) == 0) return;
  const int seat = s.viewer();
  if (seat < 0) return;
  // A trade the viewer cannot make (cards they do not hold) has nothing to weigh.
  if (!covers(s.view().players[seat].resources, give)) return;
  const size_t n = s.actions_applied();
  if (st.for_history != n || st.for_seat != seat || st.partner != partner || st.give != give ||
      st.get != get) {
    st = TradeAdviceState{};
    st.for_history = n;
    st.for_seat = seat;
    st.partner = partner;
    st.give = give;
    st.get = get;
    const Observation obs = s.observation();
    const int against = partner >= 0 ? partner : trade_advice_partner(obs);
    if (against < 0) return;
    st.advisor = std::make_shared<coach::TradeAdvisor>(coach_config(s));
    st.advisor->start(obs, s.visible_events(), against, give, get);
  }
  if (st.advisor && (st.advisor->done() || st.advisor->step(kTradeSliceMs))) {
    st.impact = st.advisor->impact();
    st.advisor.reset();
    st.ready = true;
  }
  const Theme& th = theme();
  ImGui::PushTextWrapPos(0.0f);
  if (!st.ready) {
    if (st.advisor) {
      const int dots = static_cast<int>(ImGui::GetTime() * 3.0) % 4;
      ImGui::TextDisabled("Coach: weighing the trade%.*s", dots, "...");
      test_id("trade_advice_thinking");
    }
    ImGui::PopTextWrapPos();
    return;
  }
  const coach::TradeImpact& im = st.impact;
  std::string line = trade_advice_sentence(s, im);
  if (line.empty()) {
    ImGui::PopTextWrapPos();
    return;
  }
  const int mine = percent(im.with[static_cast<size_t>(im.me)]) -
                   percent(im.without[static_cast<size_t>(im.me)]);
  const int theirs = percent(im.with[static_cast<size_t>(im.partner)]) -
                     percent(im.without[static_cast<size_t>(im.partner)]);
  if (mine == 0 && theirs == 0)
    line =
        "this trade hardly changes your chances or " + possessive(short_name(s, im.partner)) + ".";
  if (partner < 0) line = "if " + short_name(s, im.partner) + " takes it, " + line;
  const ImU32 col = mine < 0 ? th.bad : (mine >= theirs ? th.good : th.warning);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
  ImGui::TextUnformatted(("Coach: " + line).c_str());
  ImGui::PopStyleColor();
  test_id("trade_advice");
  if (ImGui::IsItemHovered()) {
    std::string tip = "Chance to win without / with this trade:\n";
    for (int p = 0; p < s.view().num_players; ++p) {
      char row[96];
      std::snprintf(
          row, sizeof row, "%s: %d%% -> %d%%\n", p == im.me ? "You" : short_name(s, p).c_str(),
          percent(im.without[static_cast<size_t>(p)]), percent(im.with[static_cast<size_t>(p)]));
      tip += row;
    }
    ImGui::SetTooltip("%s", tip.c_str());
  }
  ImGui::PopTextWrapPos();
}

}  // namespace catan::ui
