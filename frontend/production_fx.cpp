#include "frontend/production_fx.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/board.h"
#include "frontend/game_layout.h"
#include "frontend/theme.h"

namespace catan::ui {

namespace {

bool g_system_reduced_motion = false;   // set_system_reduced_motion()
constexpr float kSeconds = 1.3f;        // the whole effect at normal speed
constexpr float kStaticSeconds = 0.9f;  // the reduced-motion highlight
constexpr float kPopEnd = 0.18f;        // cards appear on their hexes until here
constexpr float kFlight = 0.5f;         // one card's trip, as a fraction of the effect

struct Anchor {
  ImVec2 min, max;
  int frame = -100;
};
Anchor g_seat[kMaxPlayers];
Anchor g_hand[kNumResources];

float g_freeze = -2.0f;  // -2: not read from the environment yet

// Warm gold: production reads as a payout, apart from the legal spots' cool highlight.
constexpr ImU32 kGlow = IM_COL32(255, 208, 72, 255);

bool fresh(const Anchor& a) {
  return ImGui::GetFrameCount() - a.frame <= 2;
}

float smooth(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

}  // namespace

FxPayout payout_between(const GameState& before, const GameState& after) {
  FxPayout out;
  if (after.rolls != before.rolls + 1 || !(after.seeds == before.seeds)) return out;
  out.sum = after.last_dice[0] + after.last_dice[1];
  if (out.sum == 7) return out;
  int paid[kMaxPlayers][kNumResources] = {};
  bool any = false;
  for (int q = 0; q < kMaxPlayers; ++q)
    for (int r = 0; r < kNumResources; ++r) {
      const int d = after.stats.produced[q][r] - before.stats.produced[q][r];
      if (d < 0) return FxPayout{};  // not the same game
      paid[q][r] = d;
      any |= d > 0;
    }
  if (!any) return out;
  // What each hex owes each seat (engine/roll.cpp): 1 per settlement, 2 per city. A bank
  // running short pays less than owed: the cards paid go to the hexes in order.
  const Topology& topo = topology();
  for (int h = 0; h < kNumHexes; ++h) {
    if (after.layout.number[h] != out.sum || h == after.robber_hex) continue;
    const int r = static_cast<int>(after.layout.terrain[h]);
    if (r >= kNumResources) continue;
    int owed[kMaxPlayers] = {};
    for (int v : topo.hexes[h].vertices) {
      const int o = after.vertex_owner[v];
      if (o >= 0 && o < kMaxPlayers) owed[o] += after.vertex_building[v] == Building::City ? 2 : 1;
    }
    bool used = false;
    for (int q = 0; q < kMaxPlayers; ++q) {
      const int n = std::min(owed[q], paid[q][r]);
      paid[q][r] -= n;
      for (int k = 0; k < n; ++k) out.flights.push_back({h, q, r, 0.0f});
      used |= n > 0;
    }
    if (used) out.hexes.push_back(h);
  }
  // Cards left over (a building placed after the roll, before this frame) have no hex of
  // their own: they leave from a paying hex of the same resource, if any.
  for (int q = 0; q < kMaxPlayers; ++q)
    for (int r = 0; r < kNumResources; ++r)
      for (int h : out.hexes)
        if (static_cast<int>(after.layout.terrain[h]) == r) {
          for (; paid[q][r] > 0; --paid[q][r]) out.flights.push_back({h, q, r, 0.0f});
          break;
        }
  const size_t n = out.flights.size();
  for (size_t i = 0; i < n; ++i)
    out.flights[i].delay = n > 1 ? 0.25f * static_cast<float>(i) / static_cast<float>(n - 1) : 0;
  return out;
}

void set_seat_anchor(int seat, ImVec2 min, ImVec2 max) {
  if (seat < 0 || seat >= kMaxPlayers) return;
  // A row scrolled out of its panel: the cards fly to the panel's edge nearest to it.
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g && g->CurrentWindow) {
    const ImVec2 lo = g->CurrentWindow->DrawList->GetClipRectMin();
    const ImVec2 hi = g->CurrentWindow->DrawList->GetClipRectMax();
    if (lo.x < hi.x && lo.y < hi.y) {
      const float y0 = std::clamp(min.y, lo.y, hi.y), y1 = std::clamp(max.y, lo.y, hi.y);
      min = ImVec2(std::clamp(min.x, lo.x, hi.x), y0);
      max = ImVec2(std::clamp(max.x, lo.x, hi.x), y1);
    }
  }
  g_seat[seat] = {min, max, ImGui::GetFrameCount()};
}

void set_hand_anchor(int resource, ImVec2 centre) {
  if (resource < 0 || resource >= kNumResources) return;
  g_hand[resource] = {centre, centre, ImGui::GetFrameCount()};
}

ImVec2 fx_target(int seat, int resource, int viewer) {
  const float sc = ui_scale();
  const GameLayout l = layout_game(ImGui::GetIO().DisplaySize, sc);
  if (seat == viewer && seat >= 0) {
    if (resource >= 0 && resource < kNumResources && fresh(g_hand[resource]))
      return g_hand[resource].min;
    if (fresh(g_seat[seat]))
      return ImVec2((g_seat[seat].min.x + g_seat[seat].max.x) * 0.5f,
                    (g_seat[seat].min.y + g_seat[seat].max.y) * 0.5f);
    // The action bar's hand: five cards 46 wide with gaps of 6 under a line of text.
    const float x = l.action_bar.pos.x + 8 * sc + static_cast<float>(resource) * 52 * sc + 23 * sc;
    return ImVec2(x, l.action_bar.pos.y + 8 * sc + ImGui::GetFrameHeight() + 30 * sc);
  }
  if (seat >= 0 && seat < kMaxPlayers && fresh(g_seat[seat]))
    return ImVec2((g_seat[seat].min.x + g_seat[seat].max.x) * 0.5f,
                  (g_seat[seat].min.y + g_seat[seat].max.y) * 0.5f);
  if (l.players_in_tabs()) return ImVec2(l.side.center().x, l.side.pos.y + 16 * sc);
  return ImVec2(l.side.center().x, l.side.pos.y + (40.0f + 64.0f * static_cast<float>(seat)) * sc);
}

void set_fx_freeze(float progress) {
  g_freeze = progress < 0 ? -1.0f : std::min(progress, 0.999f);
}

float fx_freeze() {
  if (g_freeze < -1.5f) {
    g_freeze = -1.0f;
    if (const char* e = std::getenv("CATAN_FX_FREEZE")) set_fx_freeze(std::strtof(e, nullptr));
  }
  return g_freeze;
}

bool reduced_motion() {
  return settings().reduced_motion || settings().anim_speed <= 0.01f || g_system_reduced_motion;
}

void set_system_reduced_motion(bool on) {
  g_system_reduced_motion = on;
}

void ProductionFx::observe(const GameState& view, double now) {
  if (seen_) {
    FxPayout p = payout_between(last_, view);
    if (!p.flights.empty()) {
      payout_ = std::move(p);
      start_ = now;
      static_ = reduced_motion();
    }
  }
  last_ = view;
  seen_ = true;
}

float ProductionFx::progress(double now) const {
  if (start_ < 0) return -1.0f;
  const float frozen = fx_freeze();
  if (frozen >= 0) return frozen;
  const float speed = std::clamp(settings().anim_speed, 0.5f, 2.0f);
  const float length = static_ ? kStaticSeconds : kSeconds / speed;
  const float p = static_cast<float>(now - start_) / length;
  return p >= 0 && p < 1.0f ? p : -1.0f;
}

void ProductionFx::draw_hexes(ImDrawList* dl, const std::function<void(int, ImVec2*)>& hex_polygon,
                              double now) const {
  const float p = progress(now);
  if (p < 0) return;
  // In, hold, out; the static highlight holds at full strength.
  const float a = static_ ? 1.0f : std::min(smooth(p / 0.1f), 1.0f - smooth((p - 0.7f) / 0.3f));
  for (int h : payout_.hexes) {
    ImVec2 pts[6];
    hex_polygon(h, pts);
    ImVec2 c(0, 0);
    for (const ImVec2& q : pts) c = ImVec2(c.x + q.x / 6, c.y + q.y / 6);
    ImVec2 in[6];
    for (int k = 0; k < 6; ++k)
      in[k] = ImVec2(c.x + (pts[k].x - c.x) * 0.93f, c.y + (pts[k].y - c.y) * 0.93f);
    dl->AddConvexPolyFilled(in, 6, IM_COL32(255, 236, 160, static_cast<int>(90 * a)));
    dl->AddPolyline(in, 6, IM_COL32(20, 24, 34, static_cast<int>(150 * a)), ImDrawFlags_Closed,
                    8.0f);
    dl->AddPolyline(in, 6, with_alpha(kGlow, a), ImDrawFlags_Closed, 5.0f);
  }
}

void ProductionFx::draw_flights(ImDrawList* dl, const std::function<ImVec2(int)>& hex_centre,
                                int viewer, float card_size, double now) const {
  const float p = progress(now);
  if (p < 0 || static_) return;
  // Cards from the same hex to the same seat fan out a little so that two read as two.
  int stack[kNumHexes][kMaxPlayers] = {};
  for (const FxFlight& f : payout_.flights) {
    const int k = stack[f.hex][f.seat]++;
    const ImVec2 from0 = hex_centre(f.hex);
    const ImVec2 from(from0.x + (static_cast<float>(f.seat) - 1.5f) * card_size * 0.45f +
                          static_cast<float>(k) * card_size * 0.25f,
                      from0.y - card_size * 0.9f - static_cast<float>(k) * card_size * 0.2f);
    const ImVec2 to = fx_target(f.seat, f.resource, viewer);
    const float pop = smooth(p / kPopEnd);
    const float t = (p - kPopEnd - f.delay) / kFlight;
    if (t >= 1.0f) continue;  // arrived
    const float e = smooth(t);
    // A gentle arc: the control point rises above the straight line.
    const ImVec2 mid((from.x + to.x) * 0.5f, std::min(from.y, to.y) - card_size * 2.0f);
    const float u = 1.0f - e;
    const ImVec2 pos(u * u * from.x + 2 * u * e * mid.x + e * e * to.x,
                     u * u * from.y + 2 * u * e * mid.y + e * e * to.y);
    const float s = card_size * (t <= 0 ? 0.4f + 0.6f * pop : 1.0f - 0.35f * e);
    const float alpha = t > 0.85f ? (1.0f - t) / 0.15f : 1.0f;
    const ImVec2 a(pos.x - s * 0.5f, pos.y - s * 0.5f);
    const float rim = std::max(1.5f, s * 0.08f);
    dl->AddRectFilled(ImVec2(a.x - rim + 2, a.y - rim + 3),
                      ImVec2(a.x + s + rim + 2, a.y + s + rim + 3),
                      IM_COL32(0, 0, 0, static_cast<int>(80 * alpha)), s * 0.22f);
    dl->AddRectFilled(ImVec2(a.x - rim, a.y - rim), ImVec2(a.x + s + rim, a.y + s + rim),
                      IM_COL32(250, 246, 236, static_cast<int>(255 * alpha)), s * 0.22f);
    draw_resource_icon(dl, a, s, static_cast<Resource>(f.resource));
    // A thin ring in the receiver's colour says whose card it is while it travels.
    dl->AddRect(ImVec2(a.x - rim, a.y - rim), ImVec2(a.x + s + rim, a.y + s + rim),
                with_alpha(player_color(f.seat), alpha), s * 0.22f, 0, rim);
  }
}

}  // namespace catan::ui
