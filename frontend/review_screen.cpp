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
#include "frontend/log_view.h"
#include "frontend/move_words.h"
#include "frontend/production_fx.h"
#include "frontend/review_panel.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

// --- Drawing -----------------------------------------------------------------------------------

ImU32 grade_color(coach::Grade g) {
  const Theme& t = theme();
  switch (g) {
    case coach::Grade::Best:
      return t.good;
    case coach::Grade::Good:
      return shade(t.good, 0.8f);
    case coach::Grade::Inaccuracy:
      return t.warning;
    case coach::Grade::Mistake:
      return IM_COL32(235, 130, 40, 255);
    case coach::Grade::Blunder:
      return t.bad;
  }
  return t.text_dim;
}

void begin_panel_child(const char* id, const Rect& r, bool scroll) {
  ImGui::SetCursorScreenPos(r.pos);
  ImGui::PushStyleColor(ImGuiCol_ChildBg,
                        ImGui::ColorConvertU32ToFloat4(with_alpha(theme().panel_bg, 0.92f)));
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, theme().rounding);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(px(8), px(6)));
  ImGui::BeginChild(
      id, r.size, false,
      (scroll ? 0 : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse) |
          ImGuiWindowFlags_AlwaysUseWindowPadding);
}

void end_panel_child() {
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

namespace {

void names_of(const MatchConfig& c, std::string (&names)[kMaxPlayers]) {
  for (int i = 0; i < kMaxPlayers; ++i) {
    const std::string& n = c.seats[static_cast<size_t>(i)].name;
    names[i] = n.empty() ? player_color_name(i) : n;
  }
}

// A seat's name in third-person sentences ("You" reads as its colour).
std::string name3(const MatchConfig& c, int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return "Nobody";
  std::string n = without_role(c.seats[static_cast<size_t>(seat)].name);
  if (n.empty() || n == "You") return player_color_name(seat);
  return n;
}

// A coloured tag with the grade's word; its width.
float grade_tag(ImDrawList* dl, ImVec2 p, coach::Grade g) {
  const char* text = grade_title(g);
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const float pad = px(6);
  const ImU32 col = grade_color(g);
  dl->AddRectFilled(p, ImVec2(p.x + ts.x + 2 * pad, p.y + ts.y + px(4)), col, px(4));
  dl->AddText(ImVec2(p.x + pad, p.y + px(2)), IM_COL32(20, 20, 20, 255), text);
  return ts.x + 2 * pad;
}

// The sentences of what the action at position p - 1 did ("Red built a city."), at most two.
std::string what_happened(const ReviewScreenState& st, const std::string (&names)[kMaxPlayers],
                          int p) {
  if (p <= 0) return "The game begins.";
  const auto [b, e] = st.events_of_action(p - 1);
  std::string out;
  int shown = 0;
  for (size_t i = b; i < e && shown < 2; ++i) {
    const Event& ev = st.game().events()[i];
    if (ev.type == EventType::TurnEnded && shown > 0) continue;
    const std::string s = log_sentence(ev, names);
    if (s.empty()) continue;
    if (!out.empty()) out += " ";
    out += s;
    if (std::isalnum(static_cast<unsigned char>(out.back()))) out += ".";
    ++shown;
  }
  if (out.empty())
    out = move_words(st.state_at(p - 1), st.game().history()[static_cast<size_t>(p - 1)], names,
                     MoveStyle::Clause);
  return out;
}

void icon_button_face(ImDrawList* dl, ImVec2 a, ImVec2 b, int kind, ImU32 col) {
  // kind: 0 prev turn, 1 step back, 2 play, 3 pause, 4 step forward, 5 next turn
  const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  const float s = std::min(b.x - a.x, b.y - a.y) * 0.22f;
  auto tri = [&](float cx, float dir) {  // dir +1 points right
    dl->AddTriangleFilled(ImVec2(cx + dir * s, c.y), ImVec2(cx - dir * s, c.y - s),
                          ImVec2(cx - dir * s, c.y + s), col);
  };
  auto bar = [&](float x) {
    dl->AddRectFilled(ImVec2(x - s * 0.18f, c.y - s), ImVec2(x + s * 0.18f, c.y + s), col);
  };
  switch (kind) {
    case 0:
      tri(c.x - s * 0.5f, -1), tri(c.x + s * 0.9f, -1), bar(c.x - s * 1.7f);
      break;
    case 1:
      tri(c.x + s * 0.3f, -1), bar(c.x - s * 0.95f);
      break;
    case 2:
      tri(c.x + s * 0.2f, 1);
      break;
    case 3:
      bar(c.x - s * 0.45f), bar(c.x + s * 0.45f);
      break;
    case 4:
      tri(c.x - s * 0.3f, 1), bar(c.x + s * 0.95f);
      break;
    case 5:
      tri(c.x + s * 0.5f, 1), tri(c.x - s * 0.9f, 1), bar(c.x + s * 1.7f);
      break;
    default:
      break;
  }
}

bool icon_button(const char* id, int kind, ImVec2 size, bool enabled, const char* tip) {
  const bool pressed = button(id, (std::string("##") + id).c_str(), size, enabled);
  const ImU32 col = enabled ? theme().text : with_alpha(theme().text_dim, 0.6f);
  icon_button_face(ImGui::GetWindowDrawList(), ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                   kind, col);
  if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return pressed;
}

// --- Panels ------------------------------------------------------------------------------------

struct Ctx {
  ReviewScreenState& st;
  std::string names[kMaxPlayers];
  ReviewChoice choice = ReviewChoice::None;
  const ReviewLayout& l;
};

void top_bar(Ctx& c) {
  const Rect& r = c.l.top;
  ReviewScreenState& st = c.st;
  const Theme& t = theme();
  const GameState& end = st.state_at(st.num_actions());
  ImGui::SetCursorScreenPos(r.pos);
  ImGui::BeginChild("##review_top", r.size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(r.pos, r.max(), with_alpha(t.panel_bg, 0.96f));
  dl->AddLine(ImVec2(r.pos.x, r.max().y - 1), ImVec2(r.max().x, r.max().y - 1), t.panel_border);
  const float bh = 44 * ui_scale(), y = (r.size.y - bh) * 0.5f, gap = px(8);
  ImGui::SetCursorPos(ImVec2(gap, y));
  if (button("review_back", "Back", ImVec2(px(64), bh))) c.choice = ReviewChoice::Back;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the results");
  // Play from here, right-aligned.
  const char* play = "Play from here";
  const float pw = ImGui::CalcTextSize(play).x + 2 * ImGui::GetStyle().FramePadding.x + px(12);
  std::string why;
  const bool can = st.can_play_from_here(&why);
  ImGui::SetCursorPos(ImVec2(r.size.x - pw - gap, y));
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(t.good, 0.8f)));
  if (button("review_play_from_here", play, ImVec2(pw, bh), can, why))
    c.choice = ReviewChoice::PlayFromHere;
  ImGui::PopStyleColor();
  if (can && ImGui::IsItemHovered())
    ImGui::SetTooltip("A new game from this position: the same seats and the same bots");
  // The title between them.
  const float x0 = gap + px(64) + gap * 2, x1 = r.size.x - pw - gap * 3;
  const std::string title = "Game review";
  char sub[160];
  const int turns = end.turn + (end.phase == Phase::GameOver ? 1 : 0);
  if (c.l.narrow)
    std::snprintf(sub, sizeof sub, "%s won", name3(st.config(), end.winner).c_str());
  else
    std::snprintf(sub, sizeof sub, "%s won after %d turns", name3(st.config(), end.winner).c_str(),
                  turns);
  const float lh = ImGui::GetTextLineHeight();
  ImFont* bold = fonts().bold ? fonts().bold : ImGui::GetFont();
  const float fs = ImGui::GetFontSize();
  const float ty = r.pos.y + (r.size.y - 2 * lh - px(2)) * 0.5f;
  if (end.winner < 0) std::snprintf(sub, sizeof sub, "%d actions", st.num_actions());
  dl->AddText(bold, fs, ImVec2(r.pos.x + x0, ty), t.text, fit_text(title, x1 - x0).c_str());
  dl->AddText(ImVec2(r.pos.x + x0, ty + lh + px(2)), t.text_dim, fit_text(sub, x1 - x0).c_str());
  ImGui::EndChild();
}

// A ring (and a caption) at a board spot: the better move, or the one played.
void mark_spot(ImDrawList* dl, const BoardView& board, const BoardPick& spot, ImU32 col,
               const char* caption, float pulse) {
  ImVec2 p;
  float r = px(16);
  switch (spot.kind) {
    case BoardPick::Vertex:
      p = board.vertex_pos(spot.id);
      break;
    case BoardPick::Edge:
      p = board.edge_pos(spot.id);
      r = px(14);
      break;
    case BoardPick::Hex:
      p = board.hex_pos(spot.id);
      r = px(26);
      break;
    case BoardPick::None:
      return;
  }
  dl->AddCircleFilled(p, r, with_alpha(col, 0.25f + 0.15f * pulse));
  dl->AddCircle(p, r + 2 * pulse, col, 0, px(3));
  const ImVec2 ts = ImGui::CalcTextSize(caption);
  ImVec2 a(p.x - ts.x * 0.5f - px(4), p.y - r - ts.y - px(6));
  // Beside the ring when above it would leave the board's window (on its left, or its right
  // near the left edge).
  const ImVec2 clip = ImGui::GetWindowPos();
  if (a.y < clip.y + px(2)) {
    a.y = p.y - ts.y * 0.5f - px(1);
    a.x = p.x - r - px(6) - ts.x - px(8);
    if (a.x < clip.x + px(2)) a.x = p.x + r + px(6);
  }
  dl->AddRectFilled(a, ImVec2(a.x + ts.x + px(8), a.y + ts.y + px(2)), with_alpha(col, 0.9f),
                    px(4));
  dl->AddText(ImVec2(a.x + px(4), a.y + px(1)), IM_COL32(20, 20, 20, 255), caption);
}

void board_panel(Ctx& c) {
  ReviewScreenState& st = c.st;
  const Rect& r = c.l.board;
  ImGui::SetCursorScreenPos(r.pos);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##review_board", r.size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  Observation obs;
  obs.seat = -1;
  obs.view = st.state();
  for (int p = 0; p < obs.view.num_players; ++p) {
    obs.hand_size[static_cast<size_t>(p)] = static_cast<uint8_t>(obs.view.hand_size(p));
    obs.dev_hand_size[static_cast<size_t>(p)] = static_cast<uint8_t>(obs.view.dev_hand_size(p));
  }
  // Wide layouts keep a strip under the board for the verdict of the decision shown.
  const float verdict_h =
      c.l.narrow ? 0.0f : 3 * ImGui::GetTextLineHeightWithSpacing() + 2 * px(8) + px(6);
  st.board_draw(obs, ImVec2(r.size.x, r.size.y - verdict_h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& t = theme();
  const float pulse = 0.5f + 0.5f * static_cast<float>(std::sin(ambient_time(kPulseHz) * 4.0));
  const float pad = px(8);
  const float wrap = r.size.x - 4 * pad;
  const int d = st.decision_here();
  if (d >= 0) {
    const coach::Annotation& a = st.review().decisions[static_cast<size_t>(d)];
    const bool same = a.played == a.best;
    const BoardPick best = move_spot(a.best), played = move_spot(a.played);
    if (!same && played.kind != BoardPick::None)
      mark_spot(dl, st.board(), played, grade_color(a.grade), "Played", pulse);
    if (best.kind != BoardPick::None)
      mark_spot(dl, st.board(), best, t.good, same ? "Played: best" : "Better", pulse);
  }
  // The verdict in words, in a strip of its own under the board (on a phone, under the
  // scrubber: the board is small there), so it never hides the spots it talks about.
  if (!c.l.narrow) {
    const float lh = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 p0(r.pos.x + pad, r.max().y - verdict_h), p1(r.max().x - pad, r.max().y - px(2));
    const float body_y = p0.y + pad + lh + px(2);
    if (d >= 0) {
      const coach::Annotation& a = st.review().decisions[static_cast<size_t>(d)];
      const bool same = a.played == a.best;
      const GameState& before = st.state();
      std::string who = without_role(st.config().seats[static_cast<size_t>(a.seat)].name);
      if (who.empty()) who = player_color_name(a.seat);
      std::string body =
          who + " chose to " + move_words(before, a.played, c.names, MoveStyle::Clause) + ".";
      if (!same) body += " Better: " + move_words(before, a.best, c.names, MoveStyle::Clause) + ".";
      // The coach's reason when it fits the strip's two lines.
      const std::string with_why = a.why_best.empty() ? body : body + " " + a.why_best;
      if (ImGui::CalcTextSize(with_why.c_str(), nullptr, false, wrap).y <=
          2 * ImGui::GetTextLineHeight() + px(4))
        body = with_why;
      dl->AddRectFilled(p0, p1, with_alpha(t.panel_bg, 0.92f), t.rounding);
      dl->AddRect(p0, p1, grade_color(a.grade), t.rounding, 0, px(2));
      grade_tag(dl, ImVec2(p0.x + pad, p0.y + pad), a.grade);
      if (a.loss >= 0.005) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "-%.0f%% win chance", a.loss * 100);
        dl->AddText(ImVec2(p0.x + pad + ImGui::CalcTextSize(grade_title(a.grade)).x + px(20),
                           p0.y + pad + px(2)),
                    t.text, buf);
      }
      dl->PushClipRect(p0, p1, true);
      dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(p0.x + pad, body_y), t.text,
                  body.c_str(), nullptr, wrap);
      dl->PopClipRect();
    } else {
      dl->AddRectFilled(p0, p1, with_alpha(t.panel_bg, 0.75f), t.rounding);
      const char* hint =
          "Pick a graded move (in the moves tab, or a marker under the graph) to see the "
          "better move here.";
      dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(p0.x + pad, p0.y + pad),
                  t.text_dim, hint, nullptr, wrap);
    }
  }
  ImGui::EndChild();
  ImGui::PopStyleVar();
}

void hands_list(Ctx& c, bool compact) {
  ReviewScreenState& st = c.st;
  const GameState& s = st.state();
  const Theme& t = theme();
  const float icon = ImGui::GetTextLineHeight() + px(2);
  for (int p = 0; p < s.num_players; ++p) {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x;
    const float row_h = icon + px(7);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (s.phase != Phase::GameOver && s.to_move() == p)
      dl->AddRectFilled(a, ImVec2(a.x + w, a.y + row_h), with_alpha(player_color(p), 0.18f), px(4));
    set_seat_anchor(p, a, ImVec2(a.x + w, a.y + row_h));
    ImGui::SetCursorScreenPos(ImVec2(a.x + px(4), a.y + px(4)));
    seat_chip(p, px(12));
    ImGui::SameLine();
    const float name_w = compact ? px(70) : px(110);
    const std::string nm = fit_text(without_role(c.names[p]), name_w);
    ImGui::TextUnformatted(nm.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.names[p].c_str());
    ImGui::SameLine(px(4) + px(20) + name_w);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p == s.winner ? t.accent : t.text), "%d VP",
                       vp_breakdown(s, p).points());
    ImGui::SameLine(px(4) + px(20) + name_w + px(52));
    bundle_inline(s.players[static_cast<size_t>(p)].resources, icon, "no cards");
    const int dev = s.dev_hand_size(p);
    if (dev > 0) {
      ImGui::SameLine();
      card_glyph(dl, ImGui::GetCursorScreenPos(), icon, t.accent);
      ImGui::Dummy(ImVec2(icon * 0.75f, icon));
      ImGui::SameLine(0, px(2));
      ImGui::Text("%d", dev);
      if (ImGui::IsItemHovered()) {
        std::string tip = "Development cards:";
        for (int k = 0; k < kNumDevCardTypes; ++k) {
          const int n = s.players[static_cast<size_t>(p)].dev_cards[static_cast<size_t>(k)];
          if (n > 0) tip += "\n" + std::to_string(n) + " " + dev_card_title(k);
        }
        ImGui::SetTooltip("%s", tip.c_str());
      }
    }
    if (s.longest_road_holder == p) {
      ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.accent), "Road");
    }
    if (s.largest_army_holder == p) {
      ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(t.accent), "Army");
    }
    ImGui::SetCursorScreenPos(ImVec2(a.x, a.y + row_h + px(1)));
  }
}

void hands_panel(Ctx& c) {
  if (c.l.hands.empty()) return;
  begin_panel_child("##review_hands", c.l.hands);
  ImGui::TextDisabled("Every hand at this point");
  hands_list(c, false);
  end_panel_child();
}

void controls_panel(Ctx& c) {
  ReviewScreenState& st = c.st;
  const Rect& r = c.l.controls;
  const Theme& t = theme();
  ImGui::SetCursorScreenPos(r.pos);
  ImGui::BeginChild("##review_controls", r.size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const float bh = 44 * ui_scale(), gap = px(6);
  const float bw = std::min(px(72), (r.size.x - 4 * gap) / 5);
  const float x0 = (r.size.x - (5 * bw + 4 * gap)) * 0.5f;
  const int n = st.num_actions(), p = st.position();
  ImGui::SetCursorPos(ImVec2(x0, 0));
  if (icon_button("review_prev_turn", 0, ImVec2(bw, bh), p > 0, "The start of the turn (Page Up)"))
    st.prev_turn();
  ImGui::SameLine(0, gap);
  if (icon_button("review_step_back", 1, ImVec2(bw, bh), p > 0, "One action back (Left)"))
    st.step(-1);
  ImGui::SameLine(0, gap);
  if (icon_button("review_play", st.playing() ? 3 : 2, ImVec2(bw, bh), p < n,
                  st.playing() ? "Pause (Space)" : "Play the game on (Space)"))
    st.set_playing(!st.playing());
  ImGui::SameLine(0, gap);
  if (icon_button("review_step_forward", 4, ImVec2(bw, bh), p < n, "One action on (Right)"))
    st.step(1);
  ImGui::SameLine(0, gap);
  if (icon_button("review_next_turn", 5, ImVec2(bw, bh), p < n, "The next turn (Page Down)"))
    st.next_turn();
  // The slider over every action, thumb-sized.
  ImGui::SetCursorPos(ImVec2(0, bh + gap));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                      ImVec2(px(8), (bh - ImGui::GetTextLineHeight()) * 0.5f));
  ImGui::PushStyleVar(ImGuiStyleVar_GrabMinSize, px(28));
  ImGui::SetNextItemWidth(r.size.x);
  int v = p;
  ImGui::PushID("review_slider");
  if (ImGui::SliderInt("##slider", &v, 0, n, "", ImGuiSliderFlags_AlwaysClamp)) {
    st.set_position(v);
    st.set_playing(false);
  }
  ImGui::PopID();
  test_id("review_slider");
  ImGui::PopStyleVar(2);
  {
    // Where the slider is, on the side of its track the grab is not.
    char label[64];
    if (c.l.narrow)
      std::snprintf(label, sizeof label, "%s  -  %d/%d", turn_label(st.state()).c_str(),
                    st.position(), n);
    else
      std::snprintf(label, sizeof label, "%s  -  action %d of %d", turn_label(st.state()).c_str(),
                    st.position(), n);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 ts = ImGui::CalcTextSize(label);
    const bool grab_right = n > 0 && st.position() * 2 > n;
    const float x = grab_right ? a.x + px(12) : b.x - px(12) - ts.x;
    ImGui::GetWindowDrawList()->AddText(ImVec2(x, (a.y + b.y - ts.y) * 0.5f), t.text, label);
  }
  // What the last action did.
  ImGui::SetCursorPos(ImVec2(px(2), 2 * bh + gap + px(4)));
  const int actor = p > 0 ? st.state_at(p - 1).to_move() : -1;
  if (actor >= 0) {
    seat_chip(actor, px(10));
    ImGui::SameLine();
  }
  std::string short_names[kMaxPlayers];
  for (int i = 0; i < kMaxPlayers; ++i) short_names[i] = without_role(c.names[i]);
  const std::string what = what_happened(st, short_names, p);
  const int d = st.decision_here();
  if (c.l.narrow && d >= 0) {
    // A phone: the last action on one line, then the verdict of the decision here.
    ImGui::TextUnformatted(fit_text(what, ImGui::GetContentRegionAvail().x).c_str());
    const coach::Annotation& a = st.review().decisions[static_cast<size_t>(d)];
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const float tag = grade_tag(dl, q, a.grade);
    std::string verdict = a.played == a.best ? "the best move"
                                             : "Better: " + move_words(st.state(), a.best, c.names,
                                                                       MoveStyle::Clause);
    if (a.loss >= 0.005) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "-%.0f%%  ", a.loss * 100);
      verdict = buf + verdict;
    }
    dl->AddText(ImVec2(q.x + tag + px(6), q.y + px(2)), a.played == a.best ? t.text : t.good,
                fit_text(verdict, r.size.x - tag - px(10)).c_str());
    ImGui::Dummy(ImVec2(tag, ImGui::GetTextLineHeight() + px(4)));
  } else {
    ImGui::PushTextWrapPos(r.size.x);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(t.text));
    ImGui::TextWrapped("%s", what.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
  }
  ImGui::EndChild();
}

// One list row: a selectable as tall as `lines` lines (at least 44 points), its content drawn
// by the caller in the rectangle it returns.
bool list_row(const char* id, int lines, bool selected, ImVec2* a, ImVec2* b, bool follow) {
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  const float h = std::max(44 * ui_scale(), lines * lh + px(8));
  const bool clicked =
      ImGui::Selectable((std::string("##") + id).c_str(), selected, 0, ImVec2(0, h));
  test_id(id);
  *a = ImGui::GetItemRectMin();
  *b = ImGui::GetItemRectMax();
  // The row of a position reached by playing, a key or the graph comes into view.
  const ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
  if (selected && follow && !clip.Contains(ImRect(*a, *b))) ImGui::SetScrollHereY(0.5f);
  return clicked;
}

void moments_list(Ctx& c) {
  ReviewScreenState& st = c.st;
  const Theme& t = theme();
  const coach::Review& rv = st.review();
  if (rv.turning_points.empty()) {
    ImGui::TextDisabled(st.review_done() ? "No large swings in this game."
                                         : "The turning points appear when the analysis is done.");
    return;
  }
  ImGui::TextDisabled("The largest swings in win chance");
  for (size_t k = 0; k < rv.turning_points.size(); ++k) {
    const coach::TurningPoint& tp = rv.turning_points[k];
    const std::string id = "review_tp_" + std::to_string(k);
    ImVec2 a, b;
    const int target = std::min(tp.index + 1, st.num_actions());
    if (list_row(id.c_str(), 2, st.position() == target, &a, &b, st.position_changed())) {
      st.set_position(target);
      st.set_playing(false);
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float pad = px(6), lh = ImGui::GetTextLineHeightWithSpacing();
    dl->AddRectFilled(ImVec2(a.x, a.y + px(3)), ImVec2(a.x + px(4), b.y - px(3)),
                      player_color(tp.seat));
    char head[96];
    std::snprintf(head, sizeof head, "%s  %s %+.0f%%",
                  turn_label(st.state_at(std::min(tp.index, st.num_actions()))).c_str(),
                  name3(st.config(), tp.seat).c_str(), tp.delta * 100);
    dl->AddText(ImVec2(a.x + pad + px(4), a.y + pad), tp.delta >= 0 ? t.good : t.bad, head);
    // The action in the match's own names (the review's sentence has the colours').
    std::string short_names[kMaxPlayers];
    for (int i = 0; i < kMaxPlayers; ++i) short_names[i] = without_role(c.names[i]);
    const std::string what = tp.index >= 0 && tp.index < st.num_actions()
                                 ? what_happened(st, short_names, tp.index + 1)
                                 : tp.what;
    dl->AddText(ImVec2(a.x + pad + px(4), a.y + pad + lh), t.text,
                fit_text(what, b.x - a.x - 2 * pad - px(4)).c_str());
  }
}

void moves_list(Ctx& c) {
  ReviewScreenState& st = c.st;
  const Theme& t = theme();
  const coach::Review& rv = st.review();
  // A summary: how many of each grade.
  std::array<int, 5> count{};
  for (const coach::Annotation& d : rv.decisions) ++count[static_cast<size_t>(d.grade)];
  std::string who;
  for (int seat : st.reviewed_seats()) {
    if (!who.empty()) who += ", ";
    const std::string n = without_role(st.config().seats[static_cast<size_t>(seat)].name);
    who += n == "You" ? n : name3(st.config(), seat);
  }
  const float bh = 44 * ui_scale();
  const char* toggle = st.show_all_moves ? "Costly only" : "All moves";
  const float tw = ImGui::CalcTextSize(toggle).x + 2 * ImGui::GetStyle().FramePadding.x + px(8);
  const float y0 = ImGui::GetCursorPosY();
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - tw - px(8));
  if (rv.decisions.empty()) {
    ImGui::TextDisabled("%s", st.review_done() ? "No decisions to grade."
                                               : "The moves are graded as the analysis goes.");
  } else {
    ImGui::TextDisabled("%s: %d best, %d good, %d inaccurate, %d mistakes, %d blunders",
                        who.c_str(), count[0], count[1], count[2], count[3], count[4]);
  }
  ImGui::PopTextWrapPos();
  const float y1 = ImGui::GetCursorPosY();
  ImGui::SetCursorPos(ImVec2(ImGui::GetContentRegionMax().x - tw, y0));
  if (button("review_all_moves", toggle, ImVec2(tw, bh))) st.show_all_moves = !st.show_all_moves;
  ImGui::SetCursorPosY(std::max(y1, y0 + bh + px(4)));
  const std::vector<int> listed = st.listed_decisions();
  if (listed.empty() && !rv.decisions.empty())
    ImGui::TextDisabled("Every move was the best or close to it.");
  for (size_t k = 0; k < listed.size(); ++k) {
    const coach::Annotation& d = rv.decisions[static_cast<size_t>(listed[k])];
    const std::string id = "review_decision_" + std::to_string(k);
    ImVec2 a, b;
    const bool same = d.played == d.best;
    if (list_row(id.c_str(), same ? 2 : 3, st.position() == d.index, &a, &b,
                 st.position_changed())) {
      st.set_position(d.index);
      st.set_playing(false);
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float pad = px(6), lh = ImGui::GetTextLineHeightWithSpacing(), w = b.x - a.x - 2 * pad;
    const float tag = grade_tag(dl, ImVec2(a.x + pad, a.y + pad), d.grade);
    const GameState& before = st.state_at(std::clamp(d.index, 0, st.num_actions()));
    char head[96];
    if (d.loss >= 0.005)
      std::snprintf(head, sizeof head, "%s  -%.0f%%", turn_label(before).c_str(), d.loss * 100);
    else
      std::snprintf(head, sizeof head, "%s", turn_label(before).c_str());
    dl->AddText(ImVec2(a.x + pad + tag + px(8), a.y + pad + px(2)), t.text_dim, head);
    const std::string played =
        "Played: " + move_words(before, d.played, c.names, MoveStyle::Clause);
    dl->AddText(ImVec2(a.x + pad, a.y + pad + lh + px(2)), t.text, fit_text(played, w).c_str());
    if (!same) {
      const std::string better =
          "Better: " + move_words(before, d.best, c.names, MoveStyle::Clause);
      dl->AddText(ImVec2(a.x + pad, a.y + pad + 2 * lh + px(2)), t.good,
                  fit_text(better, w).c_str());
    }
    if (ImGui::IsItemHovered() && !d.why_best.empty()) ImGui::SetTooltip("%s", d.why_best.c_str());
  }
}

void lists_panel(Ctx& c) {
  ReviewScreenState& st = c.st;
  const Rect& r = c.l.lists;
  if (r.empty()) return;
  begin_panel_child("##review_lists", r);
  // The tabs: one segmented row.
  const float bh = 44 * ui_scale(), gap = px(4);
  const int tabs = c.l.hands_in_tabs ? 3 : 2;
  const float tw = (ImGui::GetContentRegionAvail().x - gap * static_cast<float>(tabs - 1)) /
                   static_cast<float>(tabs);
  const Theme& t = theme();
  struct TabDef {
    const char* id;
    const char* label;
    ReviewScreenState::Tab tab;
  };
  const std::string moves_label =
      st.reviewed_seats().size() == 1 &&
              st.config().seats[static_cast<size_t>(st.reviewed_seats()[0])].kind == SeatKind::Human
          ? "Your moves"
          : "Moves";
  const TabDef defs[] = {{"review_tab_moments", "Turning points", ReviewScreenState::Tab::Moments},
                         {"review_tab_moves", moves_label.c_str(), ReviewScreenState::Tab::Moves},
                         {"review_tab_hands", "Hands", ReviewScreenState::Tab::Hands}};
  if (!c.l.hands_in_tabs && st.tab == ReviewScreenState::Tab::Hands)
    st.tab = ReviewScreenState::Tab::Moments;
  for (int i = 0; i < tabs; ++i) {
    if (i > 0) ImGui::SameLine(0, gap);
    const bool on = st.tab == defs[i].tab;
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(on ? shade(t.accent, 0.7f)
                                                                             : t.panel_header));
    const char* label = defs[i].label;
    if (ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x > tw &&
        defs[i].tab == ReviewScreenState::Tab::Moments)
      label = "Swings";
    if (button(defs[i].id, label, ImVec2(tw, bh))) st.tab = defs[i].tab;
    ImGui::PopStyleColor();
  }
  ImGui::BeginChild("##review_list_rows", ImVec2(0, 0), false);
  drag_to_scroll();
  switch (st.tab) {
    case ReviewScreenState::Tab::Moments:
      moments_list(c);
      break;
    case ReviewScreenState::Tab::Moves:
      moves_list(c);
      break;
    case ReviewScreenState::Tab::Hands:
      hands_list(c, c.l.narrow);
      break;
  }
  ImGui::EndChild();
  end_panel_child();
}

void keys(ReviewScreenState& st) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) st.step(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) st.step(1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp))) st.prev_turn();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown))) st.next_turn();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) st.set_position(0);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End))) st.set_position(st.num_actions());
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) st.set_playing(!st.playing());
}

}  // namespace

void ReviewScreenState::board_draw(const Observation& obs, ImVec2 size) {
  board_.draw(obs, BoardHighlights{}, size);
}

ReviewChoice draw_review_screen(ReviewScreenState& st, double now) {
  if (!st.open_) return ReviewChoice::None;
  st.step_review(st.slice_ms);
  st.follow_ = st.pos_ != st.drawn_pos_;
  st.drawn_pos_ = st.pos_;
  if (st.playing_) {
    if (st.next_step_at_ < 0) st.next_step_at_ = now + st.play_interval_s;
    if (now >= st.next_step_at_) {
      st.set_position(st.pos_ + 1);
      st.next_step_at_ = now + st.play_interval_s;
    }
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ReviewLayout l = layout_review(vp->WorkSize, ui_scale());
  Ctx c{st, {}, ReviewChoice::None, l};
  names_of(st.config(), c.names);
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin("##review", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
  board_panel(c);
  hands_panel(c);
  review_graph_panel(st, l.graph, c.names);
  controls_panel(c);
  lists_panel(c);
  top_bar(c);
  ImGui::End();
  ImGui::PopStyleVar(2);
  keys(st);
  return c.choice;
}

}  // namespace catan::ui
