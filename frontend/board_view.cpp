// The board renderer: sea, beach, terrain hexes with drawn motifs, number tokens with pips,
// harbours with piers, the robber, roads, settlements and cities, legal-spot highlights (the
// motifs and pieces themselves in frontend/board_paint.cpp).
#include "frontend/board_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "frontend/board_paint.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"

namespace catan::ui {
namespace {

using namespace board_paint;

// Half extents of what we fit in the canvas (island radius ~4.5 plus harbours).
constexpr float kHalfW = 5.1f, kHalfH = 4.75f;
// The dark under-stroke of the legal-spot markers.
constexpr ImU32 kHalo = IM_COL32(20, 24, 34, 150);

float dist2(ImVec2 a, ImVec2 b) {
  return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

// The sea filling the canvas, with gentle waves.
void draw_sea(ImDrawList* dl, ImVec2 p0, ImVec2 size, double t_now) {
  const Theme& th = theme();
  dl->AddRectFilledMultiColor(p0, ImVec2(p0.x + size.x, p0.y + size.y), th.sea, th.sea, th.sea_deep,
                              th.sea_deep);
  for (int i = 0; i < 40; ++i) {
    const float wx = p0.x + hash01(i, 1) * size.x;
    const float wy = p0.y + hash01(i, 2) * size.y;
    const float sway = static_cast<float>(std::sin(t_now * 0.8 + i)) * 3.0f;
    const float wl = 10.0f + hash01(i, 3) * 14.0f;
    dl->AddBezierQuadratic(ImVec2(wx - wl + sway, wy), ImVec2(wx + sway, wy - 5.0f),
                           ImVec2(wx + wl + sway, wy), th.sea_wave, 1.6f);
  }
}

// Who could be robbed on hex `h` by `mover`: the other seats with a building on it, each
// with whether they hold a card to steal.
std::vector<std::pair<int, bool>> robbable_seats(const Observation& obs, int h, int mover) {
  std::vector<std::pair<int, bool>> out;
  for (int v : topology().hexes[h].vertices) {
    const int o = obs.view.vertex_owner[v];
    if (o < 0 || o == mover) continue;
    if (std::find_if(out.begin(), out.end(), [o](const auto& x) { return x.first == o; }) ==
        out.end())
      out.push_back({o, obs.hand_size[o] > 0});
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Under a robber hex's number token: one dot per seat that could be robbed there, in the
// seat's colour (hollow when the seat holds no card).
void draw_robbable(ImDrawList* dl, ImVec2 c, float u,
                   const std::vector<std::pair<int, bool>>& seats) {
  if (seats.empty()) return;
  const float r = std::max(4.5f, 0.1f * u), gap = r * 2.5f;
  const float y = c.y + 0.45f * u;
  float x = c.x - gap * 0.5f * static_cast<float>(seats.size() - 1);
  for (const auto& [seat, has_cards] : seats) {
    const ImVec2 p(x, y);
    dl->AddCircleFilled(p, r + 2.0f, IM_COL32(20, 24, 34, 200));
    if (has_cards) {
      dl->AddCircleFilled(p, r, player_color(seat));
      seat_marker(dl, p, r * 0.8f, seat, player_color_dark(seat));
    } else {
      dl->AddCircle(p, r - 1.0f, player_color(seat), 0, 2.0f);
    }
    x += gap;
  }
}

// A click, a tap or a key this frame: what skips the production effect.
bool any_input(const ImGuiIO& io) {
  for (bool c : io.MouseClicked)
    if (c) return true;
  for (float d : io.KeysDownDuration)
    if (d == 0.0f) return true;
  return false;
}

bool contains(const std::vector<int>& ids, int id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool is_highlighted(const BoardHighlights& hl, const BoardPick& p) {
  switch (p.kind) {
    case BoardPick::Vertex:
      return contains(hl.vertices, p.id);
    case BoardPick::Edge:
      return contains(hl.edges, p.id);
    case BoardPick::Hex:
      return contains(hl.hexes, p.id);
    case BoardPick::None:
      break;
  }
  return false;
}

}  // namespace

ImVec2 BoardView::vertex_pos(int v) const {
  const auto& t = topology().vertices[v];
  return to_screen(t.x, t.y);
}
ImVec2 BoardView::edge_pos(int e) const {
  const auto& ed = topology().edges[e];
  return lerp(vertex_pos(ed.vertices[0]), vertex_pos(ed.vertices[1]), 0.5f);
}
ImVec2 BoardView::hex_pos(int h) const {
  const auto& t = topology().hexes[h];
  return to_screen(t.x, t.y);
}

void BoardView::draw_confirm(const Observation& obs, ImVec2 p0, ImVec2 size, BoardPick* pick) {
  confirm_min_ = confirm_max_ = ImVec2(0, 0);
  if (selected_.kind == BoardPick::None) return;
  const int id = selected_.id;
  const ImVec2 spot = selected_.kind == BoardPick::Vertex ? vertex_pos(id)
                      : selected_.kind == BoardPick::Edge ? edge_pos(id)
                                                          : hex_pos(id);
  const float sc = ui_scale();
  // Thumb-sized: at least 44 points (CSS pixels in the browser) high.
  const float bh = std::max(44.0f, 44.0f * sc), gap = 6.0f * sc;
  const char* label = obs.view.phase == Phase::Main ? "Build" : "Place";
  const float bw = std::max(bh * 2.0f, ImGui::CalcTextSize(label).x + 28.0f * sc);
  const ImVec2 box(bw + gap + bh, bh);
  // Above the spot, clear of the ghost piece; below it when there is no room above.
  const float lift = (selected_.kind == BoardPick::Hex ? 0.6f : 0.38f) * scale_;
  ImVec2 pos(spot.x - box.x * 0.5f, spot.y - lift - box.y);
  if (pos.y < p0.y + 4) pos.y = spot.y + lift;
  pos.x = std::clamp(pos.x, p0.x + 4, std::max(p0.x + 4, p0.x + size.x - box.x - 4));
  pos.y = std::clamp(pos.y, p0.y + 4, std::max(p0.y + 4, p0.y + size.y - box.y - 4));
  // A window of its own, so that the board (one button as large as the panel) does not take
  // the taps meant for it.
  ImGui::SetCursorScreenPos(pos);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##place_confirm", box, false,
                    ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar |
                        ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.3f, 1));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.25f, 0.65f, 0.35f, 1));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(0.25f, 0.65f, 0.35f, 1));
  const bool confirm = button("board_confirm", label, ImVec2(bw, bh));
  ImGui::PopStyleColor(3);
  ImGui::SameLine(0, gap);
  const bool cancel = button("board_cancel", "\xE2\x9C\x95", ImVec2(bh, bh));  // U+2715
  ImGui::EndChild();
  ImGui::PopStyleVar();
  confirm_min_ = pos;
  confirm_max_ = ImVec2(pos.x + box.x, pos.y + box.y);
  if (confirm) *pick = selected_;
  if (confirm || cancel) selected_ = {};
}

void BoardView::pinch(float delta) {
  pending_pinch_ += delta;
}

// The coach's spot: the viewer's piece as a ghost, in a breathing magenta glow with a
// bright ring (apart from the legal spots' aqua and from every player colour), over the pieces.
void BoardView::draw_hint_glow(ImDrawList* dl, const GameState& s, int seat, float u,
                               double t) const {
  if (hint_.kind == BoardPick::None || hint_.id < 0) return;
  const float breathe = 0.5f + 0.5f * static_cast<float>(std::sin(t * 3.0));
  const ImU32 glow = IM_COL32(255, 70, 200, 255);
  const ImU32 core = IM_COL32(255, 236, 250, 255);
  const ImU32 halo = IM_COL32(20, 24, 34, 190);
  const ImU32 ghost = with_alpha(player_color(seat), 0.8f);
  const ImU32 ghost_edge = IM_COL32(255, 255, 255, 230);
  switch (hint_.kind) {
    case BoardPick::Vertex: {
      if (hint_.id >= kNumVertices) return;
      const ImVec2 c = vertex_pos(hint_.id);
      const float r = 0.36f * u;
      for (int k = 3; k >= 1; --k)
        dl->AddCircleFilled(c, r + static_cast<float>(k) * 0.07f * u * (0.8f + 0.2f * breathe),
                            with_alpha(glow, 0.10f + 0.06f * breathe));
      if (s.vertex_owner[hint_.id] < 0)
        draw_settlement(dl, c, u, seat, ghost, ghost_edge);
      else if (s.vertex_building[hint_.id] == Building::Settlement)
        draw_city(dl, c, u, seat, ghost, ghost_edge);
      dl->AddCircle(c, r, halo, 0, 7.0f);
      dl->AddCircle(c, r, with_alpha(glow, 0.85f + 0.15f * breathe), 0, 4.0f);
      dl->AddCircle(c, r, with_alpha(core, 0.6f + 0.4f * breathe), 0, 1.5f);
      break;
    }
    case BoardPick::Edge: {
      if (hint_.id >= kNumEdges) return;
      const auto& ed = topology().edges[static_cast<size_t>(hint_.id)];
      const ImVec2 a = vertex_pos(ed.vertices[0]), b = vertex_pos(ed.vertices[1]);
      const float w = std::max(8.0f, 0.2f * u);
      for (int k = 3; k >= 1; --k)
        dl->AddLine(lerp(a, b, 0.08f), lerp(a, b, 0.92f), with_alpha(glow, 0.14f + 0.08f * breathe),
                    w + static_cast<float>(k) * 0.08f * u);
      dl->AddLine(lerp(a, b, 0.1f), lerp(a, b, 0.9f), halo, w + 4.0f);
      dl->AddLine(lerp(a, b, 0.1f), lerp(a, b, 0.9f), with_alpha(glow, 0.85f + 0.15f * breathe), w);
      if (s.edge_owner[hint_.id] < 0) draw_road(dl, a, b, u, seat, ghost, ghost_edge, false);
      break;
    }
    case BoardPick::Hex: {
      if (hint_.id >= kNumHexes) return;
      const auto& hx = topology().hexes[static_cast<size_t>(hint_.id)];
      ImVec2 pts[6];
      for (int k = 0; k < 6; ++k)
        pts[k] = lerp(hex_pos(hint_.id), vertex_pos(hx.vertices[k]), 0.86f);
      dl->AddConvexPolyFilled(pts, 6, with_alpha(glow, 0.16f + 0.1f * breathe));
      dl->AddPolyline(pts, 6, halo, ImDrawFlags_Closed, 9.0f);
      dl->AddPolyline(pts, 6, with_alpha(glow, 0.85f + 0.15f * breathe), ImDrawFlags_Closed, 5.0f);
      dl->AddPolyline(pts, 6, with_alpha(core, 0.6f + 0.4f * breathe), ImDrawFlags_Closed, 1.5f);
      break;
    }
    case BoardPick::None:
      break;
  }
}

// Production starts and skips, tap detection, and the end of a tap selection whose spot is no
// longer offered or after a press elsewhere.
void BoardView::track_pointer(const Observation& obs, const BoardHighlights& hl, bool hovered,
                              double t_now) {
  ImGuiIO& io = ImGui::GetIO();
  // Production: a new payout starts the effect; any click, tap or key skips one running.
  if (any_input(io)) fx_.skip();
  fx_.observe(obs.view, t_now);

  // Touch or mouse: PointerInput takes the pointer off the screen after every lifted touch,
  // so a press that follows it within a few frames is a tap.
  const int frame = ImGui::GetFrameCount();
  if (!ImGui::IsMousePosValid()) away_frame_ = frame;
  if (ImGui::IsItemActivated()) touch_press_ = frame - away_frame_ <= 3;
  // A tap selection lasts while its spot is offered and no press lands elsewhere.
  const bool on_confirm = selected_.kind != BoardPick::None && io.MousePos.x >= confirm_min_.x &&
                          io.MousePos.y >= confirm_min_.y && io.MousePos.x < confirm_max_.x &&
                          io.MousePos.y < confirm_max_.y;
  if (!is_highlighted(hl, selected_) || (ImGui::IsMouseClicked(0) && !hovered && !on_confirm))
    selected_ = {};
}

// Zoom (wheel / pinch) around the pointer, pan by dragging; sets scale_ and origin_.
void BoardView::move_camera(ImVec2 p0, ImVec2 size, bool hovered, bool active) {
  const ImGuiIO& io = ImGui::GetIO();
  const float fit = std::min(size.x / (2 * kHalfW), size.y / (2 * kHalfH));
  const ImVec2 centre(p0.x + size.x * 0.5f, p0.y + size.y * 0.5f);
  float zoom_delta = 0.0f;
  if (hovered && io.MouseWheel != 0.0f) zoom_delta = io.MouseWheel * 0.12f;
  if (pending_pinch_ != 0.0f) zoom_delta += pending_pinch_ * 4.0f, pending_pinch_ = 0.0f;
  if (zoom_delta != 0.0f) {
    const float old_zoom = zoom_;
    zoom_ = std::clamp(zoom_ * (1.0f + zoom_delta), 0.7f, 3.5f);
    const ImVec2 m = hovered ? io.MousePos : centre;
    // keep the board point under the pointer fixed
    const float k = zoom_ / old_zoom;
    pan_.x = (pan_.x + centre.x - m.x) * k - (centre.x - m.x);
    pan_.y = (pan_.y + centre.y - m.y) * k - (centre.y - m.y);
  }
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f)) {
    dragging_ = true;
    pan_.x += io.MouseDelta.x;
    pan_.y += io.MouseDelta.y;
  }
  if (zoom_ <= 1.0f) pan_ = ImVec2(pan_.x * 0.9f, pan_.y * 0.9f);  // drift back when not zoomed
  const float lim = std::max(size.x, size.y) * zoom_ * 0.5f;
  pan_.x = std::clamp(pan_.x, -lim, lim);
  pan_.y = std::clamp(pan_.y, -lim, lim);
  scale_ = fit * zoom_;
  origin_ = ImVec2(centre.x + pan_.x, centre.y + pan_.y);
}

// The highlighted spot nearest the pointer within reach (kind None when the pointer is out).
BoardPick BoardView::spot_under_pointer(const BoardHighlights& hl, bool pointer_in) const {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float u = scale_;
  BoardPick hover;
  float best = 1e30f;
  for (int v : hl.vertices) {
    const float d = dist2(mouse, vertex_pos(v));
    if (pointer_in && d < (0.3f * u) * (0.3f * u) && d < best)
      best = d, hover = {BoardPick::Vertex, v};
  }
  for (int e : hl.edges) {
    const float d = dist2(mouse, edge_pos(e));
    if (pointer_in && d < (0.3f * u) * (0.3f * u) && d < best)
      best = d, hover = {BoardPick::Edge, e};
  }
  for (int h : hl.hexes) {
    const float d = dist2(mouse, hex_pos(h));
    if (pointer_in && d < (0.75f * u) * (0.75f * u) && d < best)
      best = d, hover = {BoardPick::Hex, h};
  }
  return hover;
}

// Harbour piers (under the beach), then the beach: every hex slightly enlarged in sand.
void BoardView::draw_shore(ImDrawList* dl) const {
  const Topology& topo = topology();
  const float u = scale_;
  for (int i = 0; i < kNumPorts; ++i) {
    const PortSlot& ps = topo.ports[i];
    const ImVec2 pp = to_screen(ps.x, ps.y);
    for (int k = 0; k < 2; ++k) {
      const ImVec2 v = vertex_pos(ps.vertices[k]);
      dl->AddLine(lerp(pp, v, 0.15f), v, IM_COL32(92, 64, 40, 255), std::max(2.0f, 0.07f * u));
      dl->AddLine(lerp(pp, v, 0.15f), v, IM_COL32(150, 110, 70, 255), std::max(1.0f, 0.035f * u));
    }
  }
  for (int h = 0; h < kNumHexes; ++h) {
    const HexInfo& hx = topo.hexes[h];
    ImVec2 pts[6];
    for (int k = 0; k < 6; ++k) {
      const auto& v = topo.vertices[hx.vertices[k]];
      pts[k] = to_screen(hx.x + (v.x - hx.x) * 1.16f, hx.y + (v.y - hx.y) * 1.16f);
    }
    dl->AddConvexPolyFilled(pts, 6, IM_COL32(226, 208, 160, 255));
  }
}

// Terrain hexes with motifs.
void BoardView::draw_terrain(ImDrawList* dl, const GameState& s) const {
  const Theme& th = theme();
  const float u = scale_;
  for (int h = 0; h < kNumHexes; ++h) {
    const HexInfo& hx = topology().hexes[h];
    const int ter = static_cast<int>(s.layout.terrain[h]);
    ImVec2 pts[6];
    for (int k = 0; k < 6; ++k) pts[k] = vertex_pos(hx.vertices[k]);
    const ImVec2 c = hex_pos(h);
    ImVec2 inner[6];
    for (int k = 0; k < 6; ++k) inner[k] = lerp(c, pts[k], 0.965f);
    dl->AddConvexPolyFilled(inner, 6, th.terrain[ter]);
    // soft inner light
    ImVec2 in2[6];
    for (int k = 0; k < 6; ++k) in2[k] = lerp(c, pts[k], 0.62f);
    dl->AddConvexPolyFilled(in2, 6, with_alpha(shade(th.terrain[ter], 1.12f), 0.55f));
    hex_motifs(dl, h, ter, c, u, th.terrain_dark[ter]);
    dl->AddPolyline(pts, 6, IM_COL32(236, 222, 180, 255), ImDrawFlags_Closed,
                    std::max(1.5f, 0.05f * u));
  }
}

// Harbour badges.
void BoardView::draw_harbours(ImDrawList* dl, const GameState& s) const {
  const Theme& th = theme();
  const float u = scale_;
  for (int i = 0; i < kNumPorts; ++i) {
    const PortSlot& ps = topology().ports[i];
    const ImVec2 pp = to_screen(ps.x, ps.y);
    const PortType pt = s.layout.ports[i];
    const float r = 0.31f * u;
    dl->AddCircleFilled(add(pp, ImVec2(1.5f, 2.0f)), r, IM_COL32(0, 0, 0, 70));
    dl->AddCircleFilled(pp, r, IM_COL32(250, 244, 228, 255));
    dl->AddCircle(pp, r, IM_COL32(92, 64, 40, 255), 0, std::max(1.5f, 0.04f * u));
    if (pt == PortType::Generic) {
      text_centered(dl, 0.25f * u, ImVec2(pp.x, pp.y - 0.03f * u), th.text_dark, "3:1");
      text_centered(dl, 0.14f * u, ImVec2(pp.x, pp.y + 0.16f * u), th.text_dark, "any");
    } else if (pt == PortType::Hidden) {
      text_centered(dl, 0.24f * u, pp, th.text_dark, "?");
    } else {
      const float is = 0.2f * u;
      draw_resource_icon(dl, ImVec2(pp.x - is * 0.5f, pp.y - r * 0.78f), is,
                         static_cast<Resource>(pt));
      text_centered(dl, 0.17f * u, ImVec2(pp.x, pp.y + 0.12f * u), th.text_dark, "2:1");
    }
  }
}

// Number tokens with their pips, darkened under the robber.
void BoardView::draw_numbers(ImDrawList* dl, const GameState& s) const {
  const Theme& th = theme();
  const float u = scale_;
  for (int h = 0; h < kNumHexes; ++h) {
    const int n = s.layout.number[h];
    if (n == 0) continue;
    const ImVec2 c = hex_pos(h);
    const float r = 0.27f * u;
    const bool hot = n == 6 || n == 8;
    dl->AddCircleFilled(add(c, ImVec2(0.02f * u, 0.03f * u)), r, IM_COL32(0, 0, 0, 90));
    dl->AddCircleFilled(c, r, th.token_bg);
    dl->AddCircle(c, r, IM_COL32(170, 150, 110, 255), 0, std::max(1.0f, 0.025f * u));
    char buf[4];
    std::snprintf(buf, sizeof buf, "%d", n);
    const ImU32 col = hot ? th.token_hot : th.token_text;
    text_centered(dl, (hot ? 0.3f : 0.26f) * u, ImVec2(c.x, c.y - 0.04f * u), col, buf);
    const int pp = pips(n);
    const float pr = 0.024f * u, gap = 0.062f * u;
    for (int k = 0; k < pp; ++k)
      dl->AddCircleFilled(ImVec2(c.x + (k - (pp - 1) * 0.5f) * gap, c.y + 0.16f * u), pr, col);
    if (s.robber_hex == h) dl->AddCircleFilled(c, r, IM_COL32(0, 0, 0, 110));
  }
}

// The robber's hexes: outlined inside the hex, under the roads and buildings, so that who
// is on which hex stays in view.
void BoardView::draw_robber_targets(ImDrawList* dl, const BoardHighlights& hl, BoardPick shown,
                                    float pulse) const {
  const Theme& th = theme();
  for (int h : hl.hexes) {
    ImVec2 pts[6];
    for (int k = 0; k < 6; ++k)
      pts[k] = lerp(hex_pos(h), vertex_pos(topology().hexes[h].vertices[k]), 0.9f);
    const bool hov = shown.kind == BoardPick::Hex && shown.id == h;
    if (hov) dl->AddConvexPolyFilled(pts, 6, IM_COL32(255, 255, 255, 60));
    // A dark under-stroke keeps the marker visible on light terrain (fields, desert).
    dl->AddPolyline(pts, 6, kHalo, ImDrawFlags_Closed, hov ? 7.0f : 5.5f);
    dl->AddPolyline(pts, 6, with_alpha(th.highlight, hov ? 1.0f : 0.55f + 0.45f * pulse),
                    ImDrawFlags_Closed, hov ? 4.0f : 3.0f);
  }
}

// Roads, then buildings, then the robber (offset so the number stays readable).
void BoardView::draw_pieces(ImDrawList* dl, const GameState& s) const {
  const float u = scale_;
  for (int e = 0; e < kNumEdges; ++e) {
    const int o = s.edge_owner[e];
    if (o < 0) continue;
    const auto& ed = topology().edges[e];
    draw_road(dl, vertex_pos(ed.vertices[0]), vertex_pos(ed.vertices[1]), u, o, player_color(o),
              player_color_dark(o), settings().colorblind);
  }
  for (int v = 0; v < kNumVertices; ++v) {
    const int o = s.vertex_owner[v];
    if (o < 0) continue;
    if (s.vertex_building[v] == Building::City)
      draw_city(dl, vertex_pos(v), u, o, player_color(o), player_color_dark(o));
    else
      draw_settlement(dl, vertex_pos(v), u, o, player_color(o), player_color_dark(o));
  }
  const ImVec2 c = hex_pos(s.robber_hex);
  draw_robber(dl, ImVec2(c.x - 0.42f * u, c.y + 0.05f * u), u, theme().robber, false);
}

// Legal spots: pulsing markers (the robber's hexes under the pieces, the rest over them);
// the shown spot has a ghost piece instead.
void BoardView::draw_legal_spots(ImDrawList* dl, const Observation& obs, const BoardHighlights& hl,
                                 BoardPick shown, float pulse) const {
  const Theme& th = theme();
  const float u = scale_;
  const ImU32 ghost = with_alpha(player_color(hl.seat), 0.75f);
  for (int h : hl.hexes) {
    if (shown.kind == BoardPick::Hex && shown.id == h)
      draw_robber(dl, ImVec2(hex_pos(h).x - 0.42f * u, hex_pos(h).y + 0.05f * u), u, th.robber,
                  true);
    draw_robbable(dl, hex_pos(h), u, robbable_seats(obs, h, hl.seat));
  }
  for (int e : hl.edges) {
    const auto& ed = topology().edges[e];
    const ImVec2 a = vertex_pos(ed.vertices[0]), b = vertex_pos(ed.vertices[1]);
    if (shown.kind == BoardPick::Edge && shown.id == e) {
      draw_road(dl, a, b, u, hl.seat, ghost, IM_COL32(255, 255, 255, 230), false);
    } else {
      const float w = std::max(4.0f, 0.09f * u);
      dl->AddLine(lerp(a, b, 0.2f), lerp(a, b, 0.8f), kHalo, w + 3.0f);
      dl->AddLine(lerp(a, b, 0.22f), lerp(a, b, 0.78f),
                  with_alpha(th.highlight, 0.6f + 0.4f * pulse), w);
    }
  }
  for (int v : hl.vertices) {
    const ImVec2 c = vertex_pos(v);
    if (shown.kind == BoardPick::Vertex && shown.id == v) {
      if (hl.vertices_are_cities)
        draw_city(dl, c, u, hl.seat, ghost, IM_COL32(255, 255, 255, 230));
      else
        draw_settlement(dl, c, u, hl.seat, ghost, IM_COL32(255, 255, 255, 230));
    } else {
      const float r = (hl.vertices_are_cities ? 0.27f : 0.16f) * u;
      dl->AddCircleFilled(c, r + 2.5f, kHalo);
      dl->AddCircleFilled(c, r, with_alpha(th.highlight, 0.35f + 0.3f * pulse));
      dl->AddCircle(c, r, with_alpha(th.highlight, 0.75f + 0.25f * pulse), 0, 2.5f);
    }
  }
}

// A click (press and release without dragging) on a highlighted spot picks it; a tap
// selects it, and a second tap on it confirms. A press elsewhere on the board cancels.
BoardPick BoardView::take_release(BoardPick hover) {
  BoardPick pick;
  if (ImGui::IsItemDeactivated()) {
    if (!dragging_) {
      if (hover.kind == BoardPick::None) {
        selected_ = {};
      } else if (!touch_press_ || selected_ == hover) {
        pick = hover;
        selected_ = {};
      } else {
        selected_ = hover;
      }
    }
    dragging_ = false;
  }
  return pick;
}

BoardPick BoardView::draw(const Observation& obs, const BoardHighlights& hl, ImVec2 size) {
  const GameState& s = obs.view;
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);

  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##board", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const double t_now = ImGui::GetTime();
  track_pointer(obs, hl, hovered, t_now);
  move_camera(p0, size, hovered, active);
  const float u = scale_;

  const double t_pulse = ambient_time(kPulseHz);
  const float pulse = 0.55f + 0.45f * static_cast<float>(std::sin(t_pulse * 4.0));
  const BoardPick hover = spot_under_pointer(hl, hovered || active);
  // The spot whose piece shows as a ghost: the tap selection, else the one under the pointer.
  const BoardPick shown = selected_.kind != BoardPick::None ? selected_ : hover;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p0, ImVec2(p0.x + size.x, p0.y + size.y), true);
  draw_sea(dl, p0, size, ambient_time(kWaveHz));
  draw_shore(dl);
  draw_terrain(dl, s);
  draw_harbours(dl, s);
  draw_numbers(dl, s);
  // Production: the paying hexes light up.
  fx_.draw_hexes(
      dl,
      [&](int h, ImVec2* pts) {
        for (int k = 0; k < 6; ++k) pts[k] = vertex_pos(topology().hexes[h].vertices[k]);
      },
      t_now);
  draw_robber_targets(dl, hl, shown, pulse);
  draw_pieces(dl, s);
  draw_legal_spots(dl, obs, hl, shown, pulse);
  draw_hint_glow(dl, s, hl.seat, u, t_pulse);
  dl->PopClipRect();

  if (hover.kind != BoardPick::None) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  BoardPick pick = take_release(hover);
  draw_confirm(obs, p0, size, &pick);
  fx_.draw_flights(
      ImGui::GetForegroundDrawList(), [&](int h) { return hex_pos(h); }, obs.seat,
      std::clamp(0.42f * u, 20.0f, 36.0f * ui_scale()), t_now);
  return pick;
}

}  // namespace catan::ui
