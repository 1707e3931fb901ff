// The board's terrain motifs and pieces (frontend/board_paint.h).
#include "frontend/board_paint.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "engine/board.h"
#include "frontend/theme.h"

namespace catan::ui::board_paint {
namespace {

// --- Motifs (u = one board unit in pixels) ---------------------------------------------------
void tree(ImDrawList* dl, ImVec2 p, float u, ImU32 dark) {
  const float h = 0.34f * u, w = 0.15f * u;
  dl->AddRectFilled(ImVec2(p.x - 0.025f * u, p.y), ImVec2(p.x + 0.025f * u, p.y + 0.07f * u),
                    IM_COL32(92, 60, 30, 255));
  dl->AddTriangleFilled(ImVec2(p.x, p.y - h), ImVec2(p.x - w, p.y), ImVec2(p.x + w, p.y), dark);
  dl->AddTriangleFilled(ImVec2(p.x, p.y - h * 1.15f), ImVec2(p.x - w * 0.7f, p.y - h * 0.45f),
                        ImVec2(p.x + w * 0.7f, p.y - h * 0.45f), shade(dark, 1.25f));
}
void bricks(ImDrawList* dl, ImVec2 p, float u, ImU32 dark) {
  const float w = 0.16f * u, h = 0.075f * u, g = 0.02f * u;
  for (int row = 0; row < 3; ++row) {
    const int n = row == 0 ? 1 : (row == 1 ? 2 : 3);
    const float y = p.y - 0.12f * u + row * (h + g);
    const float x0 = p.x - (n * w + (n - 1) * g) * 0.5f;
    for (int k = 0; k < n; ++k) {
      const ImVec2 a(x0 + k * (w + g), y);
      dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), dark, 1.5f);
      dl->AddLine(ImVec2(a.x + 1, a.y + 1), ImVec2(a.x + w - 1, a.y + 1), shade(dark, 1.35f), 1.0f);
    }
  }
}
void sheep(ImDrawList* dl, ImVec2 p, float u) {
  const ImU32 wool = IM_COL32(250, 250, 244, 255), face = IM_COL32(60, 56, 52, 255);
  dl->AddLine(ImVec2(p.x - 0.06f * u, p.y + 0.03f * u), ImVec2(p.x - 0.06f * u, p.y + 0.1f * u),
              face, 0.025f * u);
  dl->AddLine(ImVec2(p.x + 0.05f * u, p.y + 0.03f * u), ImVec2(p.x + 0.05f * u, p.y + 0.1f * u),
              face, 0.025f * u);
  dl->AddCircleFilled(ImVec2(p.x - 0.05f * u, p.y), 0.075f * u, wool);
  dl->AddCircleFilled(ImVec2(p.x + 0.04f * u, p.y - 0.015f * u), 0.08f * u, wool);
  dl->AddCircleFilled(ImVec2(p.x + 0.13f * u, p.y - 0.04f * u), 0.04f * u, face);
}
void tuft(ImDrawList* dl, ImVec2 p, float u, ImU32 dark) {
  for (int k = -1; k <= 1; ++k)
    dl->AddLine(p, ImVec2(p.x + k * 0.05f * u, p.y - 0.1f * u + std::abs(k) * 0.03f * u), dark,
                0.022f * u);
}
void wheat(ImDrawList* dl, ImVec2 p, float u, ImU32 dark) {
  for (int s = -1; s <= 1; ++s) {
    const ImVec2 base(p.x + s * 0.06f * u, p.y + 0.1f * u);
    const ImVec2 top(p.x + s * 0.09f * u, p.y - 0.2f * u);
    dl->AddLine(base, top, dark, 0.02f * u);
    for (int k = 0; k < 3; ++k) {
      const ImVec2 g = lerp(top, base, 0.12f + k * 0.16f);
      dl->AddCircleFilled(ImVec2(g.x - 0.025f * u, g.y), 0.028f * u, dark);
      dl->AddCircleFilled(ImVec2(g.x + 0.025f * u, g.y), 0.028f * u, dark);
    }
  }
}
void mountain(ImDrawList* dl, ImVec2 p, float u, ImU32 dark, float size) {
  const float h = 0.36f * u * size, w = 0.24f * u * size;
  const ImVec2 top(p.x, p.y - h), l(p.x - w, p.y), r(p.x + w, p.y);
  dl->AddTriangleFilled(top, l, r, dark);
  dl->AddTriangleFilled(top, ImVec2(p.x, p.y), r, shade(dark, 0.8f));
  dl->AddTriangleFilled(top, lerp(top, l, 0.3f), lerp(top, r, 0.3f), IM_COL32(246, 248, 252, 255));
}
void dune(ImDrawList* dl, ImVec2 p, float u, ImU32 dark) {
  dl->AddBezierQuadratic(ImVec2(p.x - 0.22f * u, p.y), ImVec2(p.x, p.y - 0.16f * u),
                         ImVec2(p.x + 0.22f * u, p.y), dark, 0.03f * u);
}
void cactus(ImDrawList* dl, ImVec2 p, float u) {
  const ImU32 g = IM_COL32(70, 130, 70, 255);
  dl->AddLine(ImVec2(p.x, p.y + 0.08f * u), ImVec2(p.x, p.y - 0.2f * u), g, 0.05f * u);
  dl->AddLine(ImVec2(p.x - 0.08f * u, p.y - 0.12f * u), ImVec2(p.x - 0.08f * u, p.y - 0.02f * u), g,
              0.035f * u);
  dl->AddLine(ImVec2(p.x - 0.08f * u, p.y - 0.02f * u), ImVec2(p.x, p.y - 0.02f * u), g,
              0.035f * u);
  dl->AddLine(ImVec2(p.x + 0.08f * u, p.y - 0.16f * u), ImVec2(p.x + 0.08f * u, p.y - 0.06f * u), g,
              0.035f * u);
  dl->AddLine(ImVec2(p.x + 0.08f * u, p.y - 0.06f * u), ImVec2(p.x, p.y - 0.06f * u), g,
              0.035f * u);
}

}  // namespace

void text_centered(ImDrawList* dl, float size, ImVec2 c, ImU32 col, const char* s) {
  ImFont* f = ImGui::GetFont();
  const ImVec2 ts = f->CalcTextSizeA(size, FLT_MAX, 0.0f, s);
  dl->AddText(f, size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), col, s);
}

void hex_motifs(ImDrawList* dl, int h, int ter, ImVec2 c, float u, ImU32 dark) {
  static const float ang[6] = {-150, -90, -30, 30, 90, 150};
  for (int k = 0; k < 6; ++k) {
    if (ter == 5 && k > 3) break;
    const float a = (ang[k] + (hash01(h, k) - 0.5f) * 24.0f) * 3.14159265f / 180.0f;
    const float rr = 0.52f + hash01(h, k + 10) * 0.1f;
    const ImVec2 m(c.x + std::cos(a) * rr * u, c.y + std::sin(a) * rr * u + 0.08f * u);
    switch (static_cast<Terrain>(ter)) {
      case Terrain::Forest:
        tree(dl, m, u, dark);
        if (k % 2 == 0) tree(dl, ImVec2(m.x + 0.14f * u, m.y + 0.06f * u), u * 0.8f, dark);
        break;
      case Terrain::Hills:
        bricks(dl, m, u * 0.9f, dark);
        break;
      case Terrain::Pasture:
        if (k % 2 == 0)
          sheep(dl, m, u);
        else
          tuft(dl, m, u, dark);
        break;
      case Terrain::Fields:
        wheat(dl, m, u * 0.85f, dark);
        break;
      case Terrain::Mountains:
        mountain(dl, m, u, dark, 0.8f + hash01(h, k + 20) * 0.4f);
        break;
      case Terrain::Desert:
        if (k == 1)
          cactus(dl, m, u);
        else
          dune(dl, m, u, dark);
        break;
      default:
        text_centered(dl, 0.3f * u, m, with_alpha(theme().text, 0.35f), "?");
        break;
    }
  }
}

// Colour-blind help: none, dot, bar, diamond.
void seat_marker(ImDrawList* dl, ImVec2 c, float r, int seat, ImU32 col) {
  switch (seat) {
    case 1:
      dl->AddCircleFilled(c, r * 0.45f, col);
      break;
    case 2:
      dl->AddRectFilled(ImVec2(c.x - r, c.y - r * 0.3f), ImVec2(c.x + r, c.y + r * 0.3f), col);
      break;
    case 3:
      dl->AddQuadFilled(ImVec2(c.x, c.y - r * 0.7f), ImVec2(c.x + r * 0.7f, c.y),
                        ImVec2(c.x, c.y + r * 0.7f), ImVec2(c.x - r * 0.7f, c.y), col);
      break;
    default:
      break;
  }
}

void draw_settlement(ImDrawList* dl, ImVec2 c, float u, int seat, ImU32 fill, ImU32 edge) {
  const float w = 0.17f * u, h = 0.13f * u, roof = 0.13f * u;
  const ImVec2 pts[5] = {ImVec2(c.x - w, c.y + h), ImVec2(c.x - w, c.y - h * 0.3f),
                         ImVec2(c.x, c.y - h * 0.3f - roof), ImVec2(c.x + w, c.y - h * 0.3f),
                         ImVec2(c.x + w, c.y + h)};
  // shadow
  ImVec2 sh[5];
  for (int i = 0; i < 5; ++i) sh[i] = add(pts[i], ImVec2(0.03f * u, 0.04f * u));
  dl->AddConvexPolyFilled(sh, 5, IM_COL32(0, 0, 0, 80));
  dl->AddConvexPolyFilled(pts, 5, fill);
  dl->AddPolyline(pts, 5, edge, ImDrawFlags_Closed, std::max(1.5f, 0.035f * u));
  seat_marker(dl, ImVec2(c.x, c.y + h * 0.3f), 0.08f * u, seat, edge);
}

void draw_city(ImDrawList* dl, ImVec2 c, float u, int seat, ImU32 fill, ImU32 edge) {
  // A tall left tower with a pointed roof and a lower right hall.
  const float s = 0.2f * u;
  const ImVec2 pts[7] = {
      ImVec2(c.x - s * 1.2f, c.y + s * 0.9f),  ImVec2(c.x - s * 1.2f, c.y - s * 0.5f),
      ImVec2(c.x - s * 0.5f, c.y - s * 1.2f),  ImVec2(c.x + s * 0.2f, c.y - s * 0.5f),
      ImVec2(c.x + s * 0.2f, c.y - s * 0.05f), ImVec2(c.x + s * 1.2f, c.y - s * 0.05f),
      ImVec2(c.x + s * 1.2f, c.y + s * 0.9f)};
  ImVec2 sh[7];
  for (int i = 0; i < 7; ++i) sh[i] = add(pts[i], ImVec2(0.03f * u, 0.04f * u));
  // Not convex: fill as two convex parts.
  dl->PathClear();
  for (int i = 0; i < 7; ++i) dl->PathLineTo(sh[i]);
  const ImVec2 tower[5] = {pts[0], pts[1], pts[2], pts[3], ImVec2(pts[3].x, pts[0].y)};
  const ImVec2 hall[4] = {ImVec2(pts[4].x - 1, pts[4].y), pts[5], pts[6],
                          ImVec2(pts[4].x - 1, pts[6].y)};
  ImVec2 tsh[5], hsh[4];
  for (int i = 0; i < 5; ++i) tsh[i] = add(tower[i], ImVec2(0.03f * u, 0.04f * u));
  for (int i = 0; i < 4; ++i) hsh[i] = add(hall[i], ImVec2(0.03f * u, 0.04f * u));
  dl->PathClear();
  dl->AddConvexPolyFilled(tsh, 5, IM_COL32(0, 0, 0, 80));
  dl->AddConvexPolyFilled(hsh, 4, IM_COL32(0, 0, 0, 80));
  dl->AddConvexPolyFilled(tower, 5, fill);
  dl->AddConvexPolyFilled(hall, 4, fill);
  dl->AddPolyline(pts, 7, edge, ImDrawFlags_Closed, std::max(1.5f, 0.035f * u));
  // windows
  dl->AddRectFilled(ImVec2(c.x - s * 0.7f, c.y - s * 0.35f),
                    ImVec2(c.x - s * 0.3f, c.y + s * 0.05f), edge);
  seat_marker(dl, ImVec2(c.x + s * 0.7f, c.y + s * 0.45f), 0.07f * u, seat, edge);
  if (seat == 0)
    dl->AddRectFilled(ImVec2(c.x + s * 0.5f, c.y + s * 0.3f),
                      ImVec2(c.x + s * 0.9f, c.y + s * 0.9f), edge);
}

void draw_road(ImDrawList* dl, ImVec2 a, ImVec2 b, float u, int seat, ImU32 fill, ImU32 edge,
               bool colorblind) {
  const ImVec2 p = lerp(a, b, 0.16f), q = lerp(a, b, 0.84f);
  const float w = 0.13f * u;
  dl->AddLine(add(p, ImVec2(0.02f * u, 0.03f * u)), add(q, ImVec2(0.02f * u, 0.03f * u)),
              IM_COL32(0, 0, 0, 80), w + 2.0f);
  dl->AddLine(p, q, edge, w + std::max(2.0f, 0.04f * u));
  dl->AddLine(p, q, fill, w);
  if (colorblind && seat > 0) seat_marker(dl, lerp(a, b, 0.5f), 0.06f * u, seat, edge);
}

void draw_robber(ImDrawList* dl, ImVec2 c, float u, ImU32 col, bool ghost) {
  const ImU32 body = ghost ? with_alpha(col, 0.45f) : col;
  const ImU32 rim = ghost ? IM_COL32(255, 255, 255, 120) : IM_COL32(200, 200, 210, 255);
  const ImVec2 pts[4] = {
      ImVec2(c.x - 0.12f * u, c.y + 0.2f * u), ImVec2(c.x - 0.07f * u, c.y - 0.08f * u),
      ImVec2(c.x + 0.07f * u, c.y - 0.08f * u), ImVec2(c.x + 0.12f * u, c.y + 0.2f * u)};
  dl->AddConvexPolyFilled(pts, 4, body);
  dl->AddCircleFilled(ImVec2(c.x, c.y - 0.13f * u), 0.085f * u, body);
  dl->AddRectFilled(ImVec2(c.x - 0.14f * u, c.y + 0.17f * u),
                    ImVec2(c.x + 0.14f * u, c.y + 0.23f * u), body, 0.02f * u);
  dl->AddCircle(ImVec2(c.x, c.y - 0.13f * u), 0.085f * u, rim, 0, 1.2f);
}

}  // namespace catan::ui::board_paint
