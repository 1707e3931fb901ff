#include "frontend/players_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "engine/victory_points.h"
#include "frontend/match_types.h"
#include "frontend/production_fx.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {
// Per phase (in Phase order): what the player to move is doing, in a few words, and what the
// banner asks of the viewer when that is them ("" for Discard: the count is added).
struct PhaseWords {
  const char* doing;
  const char* ask;
};
constexpr PhaseWords kPhaseWords[] = {
    {"placing a settlement", "Your turn: place a settlement"},
    {"placing a road", "Your turn: place a road next to it"},
    {"about to roll", "Your turn: roll the dice"},
    {"discarding", ""},
    {"moving the robber", "Move the robber"},
    {"choosing whom to rob", "Choose whom to rob"},
    {"trading and building", "Your turn: trade, build, then end your turn"},
    {"building free roads", "Place a free road"},
    {"building free roads", "Place a free road"},
    {"considering an offer", "Answer the trade offer"},
    {"choosing a trade partner", "Confirm a trade partner or cancel"},
    {"", ""},
};
static_assert(std::size(kPhaseWords) == static_cast<size_t>(Phase::GameOver) + 1);

const PhaseWords& phase_words(Phase p) {
  return kPhaseWords[static_cast<size_t>(p)];
}
}  // namespace

std::string player_status(const GameState& v, int seat, bool ai_thinking, bool is_ai) {
  const PlayerState& p = v.players[seat];
  if (p.forfeited) return "forfeited";
  if (v.phase == Phase::GameOver) return v.winner == seat ? "wins the game!" : "";
  const int mover = v.to_move();
  if (v.phase == Phase::Discard && p.discard_owed > 0) {
    if (seat == mover && is_ai && ai_thinking) return "thinking...";
    return "must discard " + std::to_string(p.discard_owed);
  }
  if (v.phase == Phase::TradeResponse || v.phase == Phase::TradeConfirm) {
    if (seat == v.offer.from) {
      return v.phase == Phase::TradeConfirm ? "choosing a trade partner" : "waiting for answers";
    }
    switch (v.offer.answers[seat]) {
      case TradeAnswer::Accepted:
        return "accepted the offer";
      case TradeAnswer::Declined:
        return "declined the offer";
      case TradeAnswer::Countered:
        return "made a counter-offer";
      case TradeAnswer::Pending:
        if (seat == mover) return is_ai && ai_thinking ? "thinking..." : "considering the offer";
        return "asked to trade";
      case TradeAnswer::NotAsked:
        break;
    }
    return "";
  }
  if (seat == mover) {
    if (is_ai && ai_thinking) return "thinking...";
    return phase_words(v.phase).doing;
  }
  return "";
}

PlayerSummary summarize_player(const Observation& obs, int seat, bool ai_thinking, bool is_ai) {
  const GameState& v = obs.view;
  const PlayerState& p = v.players[seat];
  PlayerSummary s;
  s.seat = seat;
  s.public_vp = vp_breakdown(v, seat).public_points();
  s.hand = obs.hand_size[seat];
  s.dev_hand = obs.dev_hand_size[seat];
  s.knights = p.dev_played[static_cast<int>(DevCard::Knight)];
  s.longest_road = p.longest_road;
  s.roads_left = p.roads_left;
  s.settlements_left = p.settlements_left;
  s.cities_left = p.cities_left;
  s.longest_road_award = v.longest_road_holder == seat;
  s.largest_army_award = v.largest_army_holder == seat;
  s.active = v.phase != Phase::GameOver && v.current == seat;
  s.to_move = v.to_move() == seat;
  s.winner = v.winner == seat;
  s.status = player_status(v, seat, ai_thinking && s.to_move, is_ai);
  return s;
}

// ------------------------------------------------------------------------------------------

namespace {

void badge(ImDrawList* dl, ImVec2 p, const char* text, ImU32 bg, ImU32 fg, float* width) {
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const float w = ts.x + 10, h = ts.y + 2;
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), bg, h * 0.5f);
  dl->AddText(ImVec2(p.x + 5, p.y + 1), fg, text);
  *width = w;
}

void knight_glyph(ImDrawList* dl, ImVec2 p, float h, ImU32 col) {
  // A small shield.
  const float w = h * 0.8f;
  ImVec2 pts[6] = {{p.x, p.y},
                   {p.x + w, p.y},
                   {p.x + w, p.y + h * 0.5f},
                   {p.x + w * 0.5f, p.y + h},
                   {p.x, p.y + h * 0.5f},
                   {p.x, p.y}};
  dl->AddConvexPolyFilled(pts, 5, col);
  dl->AddLine(ImVec2(p.x + w * 0.5f, p.y + 2), ImVec2(p.x + w * 0.5f, p.y + h - 3),
              shade(col, 0.45f), 1.5f);
  dl->AddLine(ImVec2(p.x + 2, p.y + h * 0.33f), ImVec2(p.x + w - 2, p.y + h * 0.33f),
              shade(col, 0.45f), 1.5f);
}

void road_glyph(ImDrawList* dl, ImVec2 p, float h, ImU32 col) {
  const ImVec2 a(p.x + 1, p.y + h - 2), b(p.x + h * 0.9f, p.y + 2);
  dl->AddLine(a, b, shade(col, 0.5f), h * 0.42f);
  dl->AddLine(a, b, col, h * 0.28f);
}

constexpr float kCardGap = 10;

// Rows: name, role (not when compact), counters, awards and status.
float card_height(bool compact) {
  const float lh = ImGui::GetTextLineHeight();
  return compact ? lh * 3 + 21 : lh * 4 + 22;
}

// The card's victory points, big, on the right.
void card_vp(ImDrawList* dl, const PlayerSummary& sm, ImVec2 p, ImVec2 q, float vp_w, ImU32 pc) {
  const Theme& t = theme();
  char buf[8];
  std::snprintf(buf, sizeof buf, "%d", sm.public_vp);
  ImFont* f = ImGui::GetFont();
  const float big = ImGui::GetFontSize() * 2.0f;
  const ImVec2 ts = f->CalcTextSizeA(big, FLT_MAX, 0, buf);
  const float cx = q.x - vp_w * 0.5f - 6;
  dl->AddCircleFilled(ImVec2(cx, p.y + 6 + big * 0.5f + 2), big * 0.62f, with_alpha(pc, 0.22f), 24);
  dl->AddText(f, big, ImVec2(cx - ts.x * 0.5f, p.y + 8), sm.winner ? t.accent : t.text, buf);
  const ImVec2 vs = ImGui::CalcTextSize("VP");
  dl->AddText(ImVec2(cx - vs.x * 0.5f, p.y + 8 + big), t.text_dim, "VP");
}

// The card's tooltip: the seat, its role and every public count.
void card_tooltip(const MatchView& s, int seat, const PlayerSummary& sm) {
  ImGui::BeginTooltip();
  ImGui::TextColored(player_color_v4(seat), "%s", seat_label(s, seat).c_str());
  ImGui::TextDisabled("%s", seat_role(s, seat).c_str());
  ImGui::Separator();
  ImGui::Text("%d victory points (public)", sm.public_vp);
  ImGui::Text("%d resource cards, %d development cards", sm.hand, sm.dev_hand);
  ImGui::Text("%d knights played, longest road %d", sm.knights, sm.longest_road);
  ImGui::Text("Pieces left: %d roads, %d settlements, %d cities", sm.roads_left,
              sm.settlements_left, sm.cities_left);
  ImGui::EndTooltip();
}

// Draws one player card at the cursor, `w` wide. Returns nothing; advances the cursor.
void player_card(const MatchView& s, const Observation& obs, int seat, float w, bool compact) {
  const Theme& t = theme();
  const bool is_ai = !s.is_human(seat);
  PlayerSummary sm = summarize_player(obs, seat, s.ai_thinking(), is_ai);
  if (!is_ai && s.on_autopilot(seat) && sm.status != "forfeited") sm.status = "away: AI plays";
  const float lh = ImGui::GetTextLineHeight();
  const float h = card_height(compact);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(seat);
  ImGui::InvisibleButton("card", ImVec2(w, h));
  set_seat_anchor(seat, p, ImVec2(p.x + w, p.y + h));  // where produced cards fly
  const bool hovered = ImGui::IsItemHovered();
  ImGui::PopID();
  const ImVec2 q(p.x + w, p.y + h);
  const ImU32 pc = player_color(seat);

  // Card body; the active player gets a glow and a thick border in their colour.
  if (sm.active) {
    for (int i = 3; i >= 1; --i) {
      const float g = static_cast<float>(i) * 2.0f;
      dl->AddRect(ImVec2(p.x - g, p.y - g), ImVec2(q.x + g, q.y + g),
                  with_alpha(pc, 0.12f * static_cast<float>(4 - i)), t.rounding + g, 0, 2.0f);
    }
  }
  dl->AddRectFilled(p, q, sm.active ? shade(t.panel_bg, 1.25f) : t.panel_bg, t.rounding);
  dl->AddRectFilled(p, ImVec2(p.x + 6, q.y), pc, t.rounding, ImDrawFlags_RoundCornersLeft);
  dl->AddRect(p, q, sm.active ? pc : t.panel_border, t.rounding, 0, sm.active ? 2.0f : 1.0f);

  const float x0 = p.x + px(14);
  float y = p.y + 6;
  // Name and role.
  // The name without its role ("Blue", not "Blue (Norma."): the role has the next line and
  // the tooltip.
  std::string name = without_role(seat_label(s, seat));
  const float vp_w = px(44);
  const float max_name = w - (x0 - p.x) - vp_w - 6;
  while (name.size() > 3 && ImGui::CalcTextSize(name.c_str()).x > max_name) {
    name = name.substr(0, name.size() - 2) + ".";
  }
  dl->AddText(ImVec2(x0 + 1, y + 1), IM_COL32(0, 0, 0, 120), name.c_str());
  dl->AddText(ImVec2(x0, y), t.text, name.c_str());
  // The role, unless the name already says it; compact cards leave it to the tooltip.
  if (!compact) {
    y += lh + 1;
    std::string role = seat_role(s, seat);
    if (name.find(role) != std::string::npos) role = is_ai ? "Computer player" : "Human player";
    if (seat == obs.seat) role += "  (you)";
    dl->AddText(ImVec2(x0, y), t.text_dim, role.c_str());
  }

  card_vp(dl, sm, p, q, vp_w, pc);

  // Counters row.
  y += lh + 6;
  float x = x0;
  const float ih = lh;
  char buf[16];
  auto counter = [&](int n, const char* tip, auto glyph) {
    glyph(ImVec2(x, y));
    x += ih + 3;
    std::snprintf(buf, sizeof buf, "%d", n);
    dl->AddText(ImVec2(x, y), t.text, buf);
    x += ImGui::CalcTextSize(buf).x + 12;
    (void)tip;
  };
  counter(sm.hand, "resource cards",
          [&](ImVec2 g) { card_glyph(dl, g, ih, IM_COL32(222, 205, 160, 255)); });
  counter(sm.dev_hand, "development cards",
          [&](ImVec2 g) { card_glyph(dl, g, ih, IM_COL32(150, 110, 190, 255)); });
  counter(sm.knights, "knights",
          [&](ImVec2 g) { knight_glyph(dl, g, ih, IM_COL32(190, 190, 200, 255)); });
  counter(sm.longest_road, "road", [&](ImVec2 g) { road_glyph(dl, g, ih, pc); });

  // Awards and status.
  y += lh + 5;
  x = x0;
  float bw = 0;
  if (sm.longest_road_award) {
    badge(dl, ImVec2(x, y), "Longest Road", t.accent, t.text_dark, &bw);
    x += bw + 4;
  }
  if (sm.largest_army_award) {
    badge(dl, ImVec2(x, y), "Largest Army", t.accent, t.text_dark, &bw);
    x += bw + 4;
  }
  if (!sm.status.empty()) {
    std::string st = sm.status;
    if (st == "thinking...") {
      const int n = static_cast<int>(ImGui::GetTime() * 3.0) % 4;
      st = "thinking" + std::string(static_cast<size_t>(n), '.');
    }
    const bool urgent = st.rfind("must", 0) == 0;
    const ImU32 sc = urgent ? t.warning : (sm.winner ? t.accent : t.text_dim);
    const float avail = q.x - x - 6;
    while (st.size() > 4 && ImGui::CalcTextSize(st.c_str()).x > avail) {
      st = st.substr(0, st.size() - 2) + ".";
    }
    dl->AddText(ImVec2(x + 2, y + 1), sc, st.c_str());
  }

  if (hovered) card_tooltip(s, seat, sm);
}

// The seats the panel shows: everybody, or everybody but the viewer.
std::vector<int> panel_seats(const MatchView& s, bool include_viewer) {
  std::vector<int> seats;
  for (int i = 0; i < s.view().num_players; ++i)
    if (i != s.viewer() || include_viewer) seats.push_back(i);
  return seats;
}

}  // namespace

void draw_players_panel(const MatchView& s, const PlayersPanelOptions& opts) {
  if (!s.active()) return;
  const Observation obs = s.observation();
  const std::vector<int> seats = panel_seats(s, opts.include_viewer);
  if (seats.empty()) return;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = kCardGap;
  if (opts.horizontal) {
    const float w = opts.card_width > 0 ? opts.card_width
                                        : (avail - gap * static_cast<float>(seats.size() - 1)) /
                                              static_cast<float>(seats.size());
    for (size_t i = 0; i < seats.size(); ++i) {
      if (i) ImGui::SameLine(0, gap);
      player_card(s, obs, seats[i], std::max(120.0f, w), false);
    }
  } else {
    const float w = opts.card_width > 0 ? opts.card_width : avail;
    for (int seat : seats) {
      player_card(s, obs, seat, std::max(120.0f, w - 6), opts.compact);
      ImGui::Dummy(ImVec2(0, gap - ImGui::GetStyle().ItemSpacing.y));
    }
  }
}

bool draw_player_chips(const MatchView& s, const Rect& r) {
  if (!s.active()) return false;
  const Observation obs = s.observation();
  const Theme& t = theme();
  const int n = s.view().num_players;
  begin_bare_window("##chips", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gap = px(4);
  // One row of chips; when the rectangle is tall enough (phone landscape), two per row.
  const int per_row = r.size.y >= px(80) && n > 2 ? 2 : n;
  const int rows = (n + per_row - 1) / per_row;
  const float w = (r.size.x - gap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row);
  const float h =
      std::min(px(56), (r.size.y - gap * static_cast<float>(rows - 1)) / static_cast<float>(rows));
  const float fs = ImGui::GetFontSize() * 0.85f;
  bool tapped = false;
  for (int seat = 0; seat < n; ++seat) {
    const bool is_ai = !s.is_human(seat);
    PlayerSummary sm = summarize_player(obs, seat, s.ai_thinking(), is_ai);
    const bool away = !is_ai && s.on_autopilot(seat);
    const ImVec2 p(r.pos.x + static_cast<float>(seat % per_row) * (w + gap),
                   r.pos.y + static_cast<float>(seat / per_row) * (h + gap));
    const ImVec2 q(p.x + w, p.y + h);
    ImGui::SetCursorScreenPos(p);
    ImGui::PushID(seat);
    if (ImGui::InvisibleButton("chip", ImVec2(w, h))) tapped = true;
    set_seat_anchor(seat, p, ImVec2(p.x + w, p.y + h));  // where produced cards fly
    ImGui::PopID();
    const std::string chip_id = "chip_" + std::to_string(seat);
    test_id(chip_id.c_str());
    const ImU32 pc = player_color(seat);
    dl->AddRectFilled(p, q, sm.active ? shade(t.panel_bg, 1.3f) : t.panel_bg, t.rounding);
    dl->AddRectFilled(p, ImVec2(p.x + px(5), q.y), pc, t.rounding, ImDrawFlags_RoundCornersLeft);
    dl->AddRect(p, q, sm.active ? pc : t.panel_border, t.rounding, 0, sm.active ? 2.5f : 1.0f);
    // Line 1: the name (cut to fit) and the VP; line 2: cards, development cards, or away.
    char vp[16];
    std::snprintf(vp, sizeof vp, "%d VP", sm.public_vp);
    ImFont* bold = fonts().bold ? fonts().bold : ImGui::GetFont();
    const float x0 = p.x + px(9);
    const float y0 = p.y + (h - 2 * fs - px(3)) * 0.5f;
    std::string name = without_role(seat_label(s, seat));
    // A narrow chip keeps the name whole and drops the word "VP" first ("Bruno 2").
    const float name_w = bold->CalcTextSizeA(fs, FLT_MAX, 0, name.c_str()).x;
    if (name_w > q.x - px(9) - bold->CalcTextSizeA(fs, FLT_MAX, 0, vp).x - x0)
      std::snprintf(vp, sizeof vp, "%d", sm.public_vp);
    const float vp_w = bold->CalcTextSizeA(fs, FLT_MAX, 0, vp).x;
    const float max_name = q.x - px(5) - vp_w - px(4) - x0;
    while (name.size() > 2 && bold->CalcTextSizeA(fs, FLT_MAX, 0, name.c_str()).x > max_name)
      name = name.substr(0, name.size() - 2) + ".";
    test_label_fits(chip_id.c_str(), name == without_role(seat_label(s, seat)));
    dl->AddText(bold, fs, ImVec2(x0, y0), t.text, name.c_str());
    dl->AddText(bold, fs, ImVec2(q.x - px(5) - vp_w, y0), sm.winner ? t.accent : t.text, vp);
    const float y1 = y0 + fs + px(3);
    if (away) {
      dl->AddText(ImGui::GetFont(), fs, ImVec2(x0, y1), t.warning, "away: AI");
    } else {
      const float ih = fs;
      card_glyph(dl, ImVec2(x0, y1), ih, IM_COL32(222, 205, 160, 255));
      char buf[16];
      std::snprintf(buf, sizeof buf, "%d", sm.hand);
      dl->AddText(ImGui::GetFont(), fs, ImVec2(x0 + ih + px(2), y1), t.text, buf);
      float x = x0 + ih + px(4) + ImGui::GetFont()->CalcTextSizeA(fs, FLT_MAX, 0, buf).x + px(6);
      card_glyph(dl, ImVec2(x, y1), ih, IM_COL32(150, 110, 190, 255));
      std::snprintf(buf, sizeof buf, "%d", sm.dev_hand);
      dl->AddText(ImGui::GetFont(), fs, ImVec2(x + ih + px(2), y1), t.text, buf);
      x += ih + px(4) + ImGui::GetFont()->CalcTextSizeA(fs, FLT_MAX, 0, buf).x + px(6);
      if (sm.longest_road_award || sm.largest_army_award) {
        const char* award = sm.longest_road_award && sm.largest_army_award
                                ? "LR LA"
                                : (sm.longest_road_award ? "LR" : "LA");
        if (x + ImGui::GetFont()->CalcTextSizeA(fs, FLT_MAX, 0, award).x < q.x - px(4))
          dl->AddText(ImGui::GetFont(), fs, ImVec2(x, y1), t.accent, award);
      }
    }
  }
  end_bare_window();
  return tapped;
}

float fit_players_panel(const MatchView& s, PlayersPanelOptions* opts, float max_h) {
  if (!s.active()) return 0;
  const size_t cards = panel_seats(s, opts->include_viewer).size();
  // Each card is followed by its gap; the child window adds its padding.
  const float pad = 2 * ImGui::GetStyle().WindowPadding.y + 4;
  const auto need = [&](bool compact) {
    return static_cast<float>(cards) * (card_height(compact) + kCardGap) + pad;
  };
  opts->compact = need(false) > max_h;
  return std::min(max_h, need(opts->compact));
}

std::string turn_banner(const MatchView& s) {
  if (!s.active()) return "";
  const GameState& v = s.view();
  const int viewer = s.viewer();
  if (v.phase == Phase::GameOver) {
    return v.winner == viewer ? "You win!" : seat_name3(s, v.winner) + " wins the game";
  }
  const int m = v.to_move();
  if (m < 0) return "";
  const bool me = m == viewer && s.is_human(m);
  const std::string who = me ? "Your turn" : seat_name3(s, m);
  if (me && v.phase == Phase::Discard)
    return "Discard " + std::to_string(v.players[m].discard_owed) + " cards";
  if (me) return phase_words(v.phase).ask;
  const std::string status = player_status(v, m, s.ai_thinking(), !s.is_human(m));
  return who + (status.empty() ? "" : ": " + status);
}

}  // namespace catan::ui
