#include "frontend/end_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/victory_points.h"
#include "frontend/match_types.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

std::array<double, 13> expected_rolls(int rolls) {
  std::array<double, 13> e{};
  for (int s = 2; s <= 12; ++s) e[s] = rolls * ways_to_roll(s) / 36.0;
  return e;
}

double dice_chi_square(const std::array<uint16_t, 13>& hist) {
  int n = 0;
  for (int s = 2; s <= 12; ++s) n += hist[s];
  if (n == 0) return 0.0;
  const auto e = expected_rolls(n);
  double chi = 0;
  for (int s = 2; s <= 12; ++s) {
    const double d = hist[s] - e[s];
    chi += d * d / e[s];
  }
  return chi;
}

std::array<int, kMaxPlayers> produced_totals(const GameStats& st) {
  std::array<int, kMaxPlayers> t{};
  for (int p = 0; p < kMaxPlayers; ++p) {
    for (int r = 0; r < kNumResources; ++r) t[p] += st.produced[p][r];
  }
  return t;
}

// ------------------------------------------------------------------------------------------

namespace {

void trophy(ImDrawList* dl, ImVec2 c, float s, ImU32 col) {
  const ImU32 dark = shade(col, 0.6f);
  // Cup.
  dl->AddRectFilled(ImVec2(c.x - s * 0.35f, c.y - s * 0.45f),
                    ImVec2(c.x + s * 0.35f, c.y - s * 0.05f), col, s * 0.05f);
  dl->AddCircleFilled(ImVec2(c.x, c.y - s * 0.05f), s * 0.35f, col, 24);
  // Handles.
  dl->AddCircle(ImVec2(c.x - s * 0.38f, c.y - s * 0.22f), s * 0.14f, col, 16, s * 0.06f);
  dl->AddCircle(ImVec2(c.x + s * 0.38f, c.y - s * 0.22f), s * 0.14f, col, 16, s * 0.06f);
  // Stem and base.
  dl->AddRectFilled(ImVec2(c.x - s * 0.07f, c.y + s * 0.2f),
                    ImVec2(c.x + s * 0.07f, c.y + s * 0.38f), dark);
  dl->AddRectFilled(ImVec2(c.x - s * 0.26f, c.y + s * 0.36f),
                    ImVec2(c.x + s * 0.26f, c.y + s * 0.48f), col, s * 0.04f);
  // Shine.
  dl->AddLine(ImVec2(c.x - s * 0.18f, c.y - s * 0.36f), ImVec2(c.x - s * 0.18f, c.y - s * 0.05f),
              with_alpha(IM_COL32_WHITE, 0.55f), s * 0.05f);
}

void section_title(const char* t) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().accent));
  ImGui::TextUnformatted(t);
  ImGui::PopStyleColor();
}

void name_cell(const MatchView& s, int seat) {
  seat_chip(seat, px(12));
  ImGui::SameLine();
  const float w = ImGui::GetContentRegionAvail().x;
  // "Orange (Normal Aggressor)" in a narrow column reads better as "Orange" than as a name
  // cut mid-word; the whole label is in the tooltip.
  const std::string label = seat_label(s, seat);
  std::string shown = label;
  const size_t paren = label.find(" (");
  if (ImGui::CalcTextSize(label.c_str()).x > w && paren != std::string::npos)
    shown = label.substr(0, paren);
  ImGui::TextUnformatted(fit_text(shown, w).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", label.c_str());
}

// A titled table of one row per player: a wide "Player" column and `columns` - 1 more.
bool begin_player_table(const char* title, const char* id, int columns) {
  section_title(title);
  const ImGuiTableFlags f = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                            ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable(id, columns, f)) return false;
  ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  return true;
}

void vp_table(const MatchView& s, const GameState& g) {
  if (!begin_player_table("Victory points by source", "##vp", 7)) return;
  const char* heads[] = {"Settl.", "Cities", "Road", "Army", "Cards", "Total"};
  for (const char* h : heads) ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  // Rows by final score, winner first.
  std::vector<int> order;
  for (int p = 0; p < g.num_players; ++p) order.push_back(p);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if ((a == g.winner) != (b == g.winner)) return a == g.winner;
    return vp_breakdown(g, a).points() > vp_breakdown(g, b).points();
  });
  for (int p : order) {
    const VpBreakdown b = vp_breakdown(g, p);
    ImGui::TableNextRow();
    if (p == g.winner) {
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, with_alpha(theme().accent, 0.18f));
    }
    ImGui::TableNextColumn();
    name_cell(s, p);
    auto cell = [](int pts, const char* tip) {
      ImGui::TableNextColumn();
      if (pts) {
        ImGui::Text("%d", pts);
      } else {
        ImGui::TextDisabled("-");
      }
      if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    };
    char tip[64];
    std::snprintf(tip, sizeof tip, "%d settlements x 1 VP", b.settlements);
    cell(b.settlements, tip);
    std::snprintf(tip, sizeof tip, "%d cities x 2 VP", b.cities);
    cell(2 * b.cities, tip);
    cell(b.longest_road, "Longest Road: 2 VP");
    cell(b.largest_army, "Largest Army: 2 VP");
    cell(b.vp_cards, "Victory Point cards, revealed");
    ImGui::TableNextColumn();
    ImGui::TextColored(
        ImGui::ColorConvertU32ToFloat4(p == g.winner ? theme().accent : theme().text), "%d",
        b.points());
  }
  ImGui::EndTable();
}

void produced_table(const MatchView& s, const GameState& g) {
  if (!begin_player_table("Resources gained from production", "##produced", 7)) return;
  for (int r = 0; r < kNumResources; ++r) {
    ImGui::TableSetupColumn(resource_label(static_cast<Resource>(r)),
                            ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  ImGui::TableSetupColumn("Total", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  // Header row with icons.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableNextColumn();
  ImGui::TextDisabled("Player");
  const float icon = ImGui::GetTextLineHeight() + 4;
  for (int r = 0; r < kNumResources; ++r) {
    ImGui::TableNextColumn();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    draw_resource_icon(ImGui::GetWindowDrawList(), p, icon, static_cast<Resource>(r));
    ImGui::Dummy(ImVec2(icon, icon));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", resource_label(static_cast<Resource>(r)));
  }
  ImGui::TableNextColumn();
  ImGui::TextDisabled("Total");
  const auto totals = produced_totals(g.stats);
  int best = 0;
  for (int p = 0; p < g.num_players; ++p) best = std::max(best, totals[p]);
  for (int p = 0; p < g.num_players; ++p) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    name_cell(s, p);
    for (int r = 0; r < kNumResources; ++r) {
      ImGui::TableNextColumn();
      ImGui::Text("%d", g.stats.produced[p][r]);
    }
    ImGui::TableNextColumn();
    if (totals[p] == best && best > 0) {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%d", totals[p]);
    } else {
      ImGui::Text("%d", totals[p]);
    }
  }
  ImGui::EndTable();
}

void dice_histogram(const GameState& g, float w, float h) {
  section_title("Dice: rolled vs expected");
  const auto& hist = g.stats.dice_histogram;
  int n = 0;
  for (int s = 2; s <= 12; ++s) n += hist[s];
  const auto exp = expected_rolls(n);
  double top = 1;
  for (int s = 2; s <= 12; ++s) top = std::max({top, static_cast<double>(hist[s]), exp[s]});
  top = std::ceil(top * 1.1);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& t = theme();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  ImGui::Dummy(ImVec2(w, h));
  const float left = p.x + 28, right = p.x + w - 6, top_y = p.y + 4, base = p.y + h - lh - 4;
  // Grid.
  const int step = top > 20 ? 5 : (top > 8 ? 2 : 1);
  for (int v = 0; v <= static_cast<int>(top); v += step) {
    const float y = base - static_cast<float>(v / top) * (base - top_y);
    dl->AddLine(ImVec2(left, y), ImVec2(right, y), with_alpha(t.panel_border, 0.5f), 1.0f);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", v);
    dl->AddText(ImVec2(p.x, y - lh * 0.5f), t.text_dim, buf);
  }
  const float slot = (right - left) / 11.0f;
  for (int s = 2; s <= 12; ++s) {
    const float x0 = left + slot * static_cast<float>(s - 2);
    const float bx0 = x0 + slot * 0.18f, bx1 = x0 + slot * 0.82f;
    const float y = base - static_cast<float>(hist[s] / top) * (base - top_y);
    const ImU32 col = (s == 6 || s == 8) ? t.token_hot : (s == 7 ? t.bad : t.accent);
    dl->AddRectFilled(ImVec2(bx0, y), ImVec2(bx1, base), with_alpha(col, 0.85f), 3.0f,
                      ImDrawFlags_RoundCornersTop);
    // Expected: a white tick with a dot.
    const float ey = base - static_cast<float>(exp[s] / top) * (base - top_y);
    dl->AddLine(ImVec2(x0 + slot * 0.08f, ey), ImVec2(x0 + slot * 0.92f, ey), t.text, 2.0f);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", s);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(x0 + (slot - ts.x) * 0.5f, base + 3), t.text, buf);
    if (hist[s] > 0) {
      std::snprintf(buf, sizeof buf, "%d", hist[s]);
      const ImVec2 cs = ImGui::CalcTextSize(buf);
      if (y - cs.y - 1 > top_y)
        dl->AddText(ImVec2(x0 + (slot - cs.x) * 0.5f, y - cs.y - 1), t.text_dim, buf);
    }
    if (ImGui::IsMouseHoveringRect(ImVec2(x0, top_y), ImVec2(x0 + slot, base))) {
      ImGui::SetTooltip("%d: rolled %d times, expected %.1f", s, hist[s], exp[s]);
    }
  }
  dl->AddLine(ImVec2(left, base), ImVec2(right, base), t.text_dim, 1.0f);
  ImGui::TextDisabled("%d rolls; white lines: expected with fair dice", n);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Chi-square %.1f (10 degrees of freedom; above 18.3 is unusual)",
                      dice_chi_square(hist));
  }
}

void vp_chart(const MatchView& s, const GameState& g, float w, float h) {
  section_title("Victory points over time");
  const auto pts = vp_chart_points(s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& t = theme();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  ImGui::Dummy(ImVec2(w, h));
  int top = g.options.vp_target;
  for (const auto& a : pts) {
    for (int i = 0; i < g.num_players; ++i) top = std::max(top, static_cast<int>(a[i]));
  }
  const float left = p.x + 24, right = p.x + w - 8, top_y = p.y + 6, base = p.y + h - lh - 4;
  auto Y = [&](float v) { return base - v / static_cast<float>(top) * (base - top_y); };
  const int n = static_cast<int>(pts.size());
  auto X = [&](int i) {
    return left + (right - left) * static_cast<float>(i) / static_cast<float>(std::max(1, n - 1));
  };
  for (int v = 0; v <= top; v += 2) {
    dl->AddLine(ImVec2(left, Y(static_cast<float>(v))), ImVec2(right, Y(static_cast<float>(v))),
                with_alpha(t.panel_border, 0.5f));
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", v);
    dl->AddText(ImVec2(p.x, Y(static_cast<float>(v)) - lh * 0.5f), t.text_dim, buf);
  }
  // The target, dashed.
  const float ty = Y(static_cast<float>(g.options.vp_target));
  for (float x = left; x < right; x += 10)
    dl->AddLine(ImVec2(x, ty), ImVec2(std::min(right, x + 5), ty), t.accent, 1.5f);
  // One line per player; a small vertical offset keeps equal lines apart.
  for (int seat = 0; seat < g.num_players; ++seat) {
    std::vector<ImVec2> line;
    const float off = (static_cast<float>(seat) - 1.5f) * 1.5f;
    for (int i = 0; i < n; ++i) {
      // Steps: the score holds until the turn it changed.
      const float y = Y(pts[i][seat]) + off;
      if (i > 0) line.push_back(ImVec2(X(i), line.back().y));
      line.push_back(ImVec2(X(i), y));
    }
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), player_color_dark(seat), 0, 4.0f);
    dl->AddPolyline(line.data(), static_cast<int>(line.size()), player_color(seat), 0, 2.5f);
    dl->AddCircleFilled(line.back(), 4.0f, player_color(seat), 12);
  }
  char buf[32];
  // The same turn count as the title; a resumed game's chart starts where the session did.
  const int last = s.turns_played(), first = std::max(0, last - (n - 1));
  std::snprintf(buf, sizeof buf, "turn %d", last);
  const ImVec2 ts = ImGui::CalcTextSize(buf);
  dl->AddText(ImVec2(right - ts.x, base + 3), t.text_dim, buf);
  std::snprintf(buf, sizeof buf, "turn %d", first);
  dl->AddText(ImVec2(left, base + 3), t.text_dim, first == 0 ? "start" : buf);
}

// The winner's banner: trophy, title and the game's numbers.
void end_banner(const MatchView& s, const GameState& g, ImDrawList* dl) {
  const Theme& t = theme();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = px(70);
  const ImU32 wc = player_color(g.winner);
  dl->AddRectFilledMultiColor(p, ImVec2(p.x + w, p.y + h), with_alpha(wc, 0.55f),
                              with_alpha(wc, 0.05f), with_alpha(wc, 0.05f), with_alpha(wc, 0.55f));
  dl->AddRect(p, ImVec2(p.x + w, p.y + h), with_alpha(wc, 0.8f), t.rounding, 0, 1.5f);
  trophy(dl, ImVec2(p.x + px(42), p.y + h * 0.5f), px(50), t.accent);
  const std::string title = g.winner == s.viewer() && s.is_human(g.winner)
                                ? "You win!"
                                : seat_name3(s, g.winner) + " wins!";
  ImFont* f = fonts().big ? fonts().big : ImGui::GetFont();
  const float big = fonts().big ? fonts().big->FontSize * ImGui::GetIO().FontGlobalScale
                                : ImGui::GetFontSize() * 2.2f;
  dl->AddText(f, big, ImVec2(p.x + px(82), p.y + 9), IM_COL32(0, 0, 0, 150), title.c_str());
  dl->AddText(f, big, ImVec2(p.x + px(80), p.y + 7), t.text, title.c_str());
  char sub[160];
  std::snprintf(sub, sizeof sub, "%d victory points after %d turns and %d rolls  -  seed %llu",
                vp_breakdown(g, g.winner).points(), s.turns_played(), g.rolls,
                static_cast<unsigned long long>(g.seeds.board));
  dl->AddText(ImVec2(p.x + px(82), p.y + 12 + big), t.text_dim, sub);
  ImGui::Dummy(ImVec2(w, h));
}

// The five buttons: one row, or (a narrow window) a grid of two a row.
EndChoice end_buttons(const GameState& g, EndScreenState& st, bool one_row, float grid_h,
                      ImVec2 bs) {
  const Theme& t = theme();
  const ImGuiStyle& style = ImGui::GetStyle();
  EndChoice choice = EndChoice::None;
  if (!one_row) {
    const ImVec2 cell((ImGui::GetContentRegionAvail().x - style.ItemSpacing.x) * 0.5f, grid_h);
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(t.accent, 0.7f)));
    if (button("end_review", "Review", cell)) choice = EndChoice::Review;
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (button("end_view_board", "View board", cell)) {
      st.hidden = true;
      choice = EndChoice::Close;
    }
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(t.good, 0.85f)));
    // Short labels: half a phone's width.
    if (button("end_rematch", "Rematch", cell)) choice = EndChoice::Rematch;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Same board, same dice");
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (button("end_rematch_new", "New island", cell)) choice = EndChoice::NewSeed;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A rematch on a new island (a new seed)");
    if (button("end_new_game", "New game...", cell)) choice = EndChoice::NewGame;
    return choice;
  }
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(t.good, 0.85f)));
  if (ImGui::Button("Rematch (same seed)", bs)) choice = EndChoice::Rematch;
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Same board, same dice: seed %llu, play seed %llu",
                      static_cast<unsigned long long>(g.seeds.board),
                      static_cast<unsigned long long>(g.seeds.play));
  ImGui::SameLine();
  if (ImGui::Button("Rematch (new seed)", bs)) choice = EndChoice::NewSeed;
  ImGui::SameLine();
  if (ImGui::Button("New game...", bs)) choice = EndChoice::NewGame;
  // Review and View board at the right.
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - px(130) * 2 - style.ItemSpacing.x);
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(shade(t.accent, 0.7f)));
  if (button("end_review", "Review", ImVec2(px(130), 0))) choice = EndChoice::Review;
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every move again, the win chances over the game and your decisions graded");
  ImGui::SameLine();
  if (ImGui::Button("View board", ImVec2(px(130), 0))) {
    st.hidden = true;
    choice = EndChoice::Close;
  }
  return choice;
}

}  // namespace

const GameState& final_state(const MatchView& s) {
  const Game* full = s.full_game();
  return full ? full->state() : s.view();
}

std::vector<std::array<uint8_t, kMaxPlayers>> vp_chart_points(const MatchView& s) {
  const GameState& g = final_state(s);
  std::vector<std::array<uint8_t, kMaxPlayers>> pts = s.vp_timeline();
  if (pts.empty()) pts.emplace_back();
  std::array<uint8_t, kMaxPlayers> final{};
  for (int p = 0; p < g.num_players; ++p)
    final[p] = static_cast<uint8_t>(vp_breakdown(g, p).points());
  // The session adds the final score when it differs from the last turn's; a game won in a
  // turn that changed nothing (an award lost by another) still gets the point of that turn.
  const bool won_in_a_turn = s.turns_played() > g.turn;
  if (pts.back() != final || (won_in_a_turn && pts.size() <= static_cast<size_t>(g.turn) + 1))
    pts.push_back(final);
  return pts;
}

namespace {

// "Verified: ..." in green, "Not verified: ..." in red, "Checking the game..." dimmed; each
// under its own test id.
void fair_play_line(const EndScreenState& st) {
  if (st.fair_play == FairPlay::None) return;
  const char* id = st.fair_play == FairPlay::Verified      ? "end_verified"
                   : st.fair_play == FairPlay::NotVerified ? "end_not_verified"
                                                           : "end_checking";
  const ImVec4 color = st.fair_play == FairPlay::Verified ? ImVec4(0.45f, 0.85f, 0.45f, 1)
                       : st.fair_play == FairPlay::NotVerified
                           ? ImVec4(1, 0.4f, 0.35f, 1)
                           : ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(color, "%s", st.fair_play_text.c_str());
  ImGui::PopTextWrapPos();
  test_id(id);
}

}  // namespace

EndChoice draw_end_screen(const MatchView& s, EndScreenState& st) {
  if (!s.active() || s.view().phase != Phase::GameOver || st.hidden) return EndChoice::None;
  const GameState& g = final_state(s);
  const Theme& t = theme();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImVec2 size(std::min(px(1060), vp->WorkSize.x * 0.94f),
                    std::min(px(720), vp->WorkSize.y * 0.94f));
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.97f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, t.rounding * 1.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(px(18), px(14)));
  ImGui::Begin("Game over##end_screen", nullptr,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  end_banner(s, g, dl);
  fair_play_line(st);
  ImGui::Spacing();

  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float gap = 14;
  const float half = (avail_w - gap) * 0.5f;
  const ImGuiStyle& style = ImGui::GetStyle();
  // Wide enough for the longest label at any UI scale.
  const ImVec2 bs(std::max(px(170), ImGui::CalcTextSize("Rematch (same seed)").x +
                                        2 * style.FramePadding.x + px(8)),
                  0);
  // The five buttons in one row, or (a narrow window: a phone) two a row, thumb-sized.
  const bool one_row = avail_w >= 3 * bs.x + 2 * px(130) + 4 * style.ItemSpacing.x + 40;
  const float grid_h = std::max(ImGui::GetFrameHeight(), px(44));
  const float buttons_h = one_row ? ImGui::GetFrameHeight() + 2 * style.ItemSpacing.y + 8
                                  : 3 * (grid_h + style.ItemSpacing.y) + style.ItemSpacing.y + 8;
  const float rows_h = ImGui::GetContentRegionAvail().y - buttons_h - 2 * style.ItemSpacing.y - 4;
  // The tables need a title, a header and one row per player (the production header has icons).
  const float row = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y + 1;
  const float top_h =
      std::min(rows_h * 0.45f, ImGui::GetTextLineHeightWithSpacing() +
                                   (static_cast<float>(g.num_players) + 1) * row + 12);
  const float bot_h = std::max(140.0f, rows_h - top_h - 4);
  const ImGuiWindowFlags cf = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::BeginChild("##vp_panel", ImVec2(half, top_h), false, cf);
  vp_table(s, g);
  ImGui::EndChild();
  ImGui::SameLine(0, gap);
  ImGui::BeginChild("##prod_panel", ImVec2(half, top_h), false, cf);
  produced_table(s, g);
  ImGui::EndChild();

  const float lh = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("##dice_panel", ImVec2(half, bot_h), false, cf);
  dice_histogram(g, half - 8, bot_h - 2.2f * lh - 8);
  ImGui::EndChild();
  ImGui::SameLine(0, gap);
  ImGui::BeginChild("##chart_panel", ImVec2(half, bot_h), false, cf);
  vp_chart(s, g, half - 8, bot_h - 1.2f * lh - 8);
  ImGui::EndChild();

  ImGui::Separator();
  ImGui::Spacing();
  const EndChoice choice = end_buttons(g, st, one_row, grid_h, bs);
  ImGui::End();
  ImGui::PopStyleVar(2);
  return choice;
}

}  // namespace catan::ui
