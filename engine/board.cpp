#include "engine/board.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace catan {
namespace {

// Across edges[i] of a pointy-top hex (corners clockwise from the top, screen y down).
constexpr int kDq[6] = {1, 1, 0, -1, -1, 0};
constexpr int kDr[6] = {-1, 0, 1, 1, 0, -1};
// Corner offsets in integer units: x in sqrt(3)/2, y in 1/2.
constexpr int kCx[6] = {0, 1, 1, 0, -1, -1};
constexpr int kCy[6] = {-2, -1, 1, 2, 1, -1};
constexpr float kSqrt3 = 1.7320508075688772f;

}  // namespace

Coast walk_coast(const Topology& t) {
  Coast c{};
  int e = t.hexes[0].edges[0];
  int cur = t.hexes[0].vertices[1];
  c.vertices[0] = t.hexes[0].vertices[0];
  for (int step = 0; step < kCoastEdges; ++step) {
    c.edges[step] = e;
    c.vertices[step + 1] = cur;
    const VertexInfo& V = t.vertices[cur];
    int next = -1;
    for (int j = 0; j < V.num_neighbors; ++j)
      if (V.edges[j] != e && t.edges[V.edges[j]].num_hexes == 1) next = V.edges[j];
    const EdgeInfo& N = t.edges[next];
    cur = N.vertices[0] == cur ? N.vertices[1] : N.vertices[0];
    e = next;
  }
  return c;
}

Topology build_topology() {
  Topology t{};
  int n = 0;
  for (int r = -2; r <= 2; ++r)
    for (int q = -2; q <= 2; ++q) {
      if (std::abs(q + r) > 2) continue;
      HexInfo& h = t.hexes[n++];
      h.q = static_cast<int8_t>(q);
      h.r = static_cast<int8_t>(r);
      h.x = kSqrt3 * (q + r / 2.0f);
      h.y = 1.5f * r;
    }
  auto find_hex = [&](int q, int r) {
    for (int i = 0; i < kNumHexes; ++i)
      if (t.hexes[i].q == q && t.hexes[i].r == r) return i;
    return -1;
  };
  std::vector<std::pair<int, int>> vkeys;
  std::vector<std::pair<int, int>> ekeys;  // (v0, v1) with v0 < v1
  for (int hi = 0; hi < kNumHexes; ++hi) {
    HexInfo& h = t.hexes[hi];
    const int X = 2 * h.q + h.r, Y = 3 * h.r;
    for (int i = 0; i < 6; ++i) {
      std::pair<int, int> key{X + kCx[i], Y + kCy[i]};
      auto it = std::find(vkeys.begin(), vkeys.end(), key);
      if (it == vkeys.end()) {
        vkeys.push_back(key);
        it = vkeys.end() - 1;
      }
      h.vertices[i] = static_cast<uint8_t>(it - vkeys.begin());
    }
    for (int i = 0; i < 6; ++i) {
      int a = h.vertices[i], b = h.vertices[(i + 1) % 6];
      std::pair<int, int> key{std::min(a, b), std::max(a, b)};
      auto it = std::find(ekeys.begin(), ekeys.end(), key);
      if (it == ekeys.end()) {
        ekeys.push_back(key);
        it = ekeys.end() - 1;
      }
      h.edges[i] = static_cast<uint8_t>(it - ekeys.begin());
      h.neighbors[i] = static_cast<int8_t>(find_hex(h.q + kDq[i], h.r + kDr[i]));
    }
  }
  for (int v = 0; v < kNumVertices; ++v) {
    VertexInfo& V = t.vertices[v];
    V.x = vkeys[v].first * (kSqrt3 / 2.0f);
    V.y = vkeys[v].second * 0.5f;
    V.port_slot = -1;
  }
  for (int hi = 0; hi < kNumHexes; ++hi)
    for (int i = 0; i < 6; ++i) {
      VertexInfo& V = t.vertices[t.hexes[hi].vertices[i]];
      V.hexes[V.num_hexes++] = static_cast<uint8_t>(hi);
      EdgeInfo& E = t.edges[t.hexes[hi].edges[i]];
      E.hexes[E.num_hexes++] = static_cast<uint8_t>(hi);
    }
  for (int e = 0; e < kNumEdges; ++e) {
    EdgeInfo& E = t.edges[e];
    E.vertices = {static_cast<uint8_t>(ekeys[e].first), static_cast<uint8_t>(ekeys[e].second)};
    if (E.num_hexes == 1) E.hexes[1] = E.hexes[0];
    for (int k = 0; k < 2; ++k) {
      VertexInfo& V = t.vertices[E.vertices[k]];
      V.neighbors[V.num_neighbors] = E.vertices[1 - k];
      V.edges[V.num_neighbors] = static_cast<uint8_t>(e);
      ++V.num_neighbors;
    }
  }
  // A port slot on coastal edges 0,3,6,10,13,16,20,23,26 (spacing 3,3,4 three times round).
  const Coast coast = walk_coast(t);
  static const int kSlotAt[kNumPorts] = {0, 3, 6, 10, 13, 16, 20, 23, 26};
  for (int p = 0; p < kNumPorts; ++p) {
    PortSlot& P = t.ports[p];
    P.edge = static_cast<uint8_t>(coast.edges[kSlotAt[p]]);
    const EdgeInfo& E = t.edges[P.edge];
    P.vertices = E.vertices;
    P.hex = E.hexes[0];
    const VertexInfo& a = t.vertices[E.vertices[0]];
    const VertexInfo& b = t.vertices[E.vertices[1]];
    const HexInfo& h = t.hexes[P.hex];
    float mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    P.x = h.x + (mx - h.x) * 1.6f;
    P.y = h.y + (my - h.y) * 1.6f;
    t.vertices[E.vertices[0]].port_slot = static_cast<int8_t>(p);
    t.vertices[E.vertices[1]].port_slot = static_cast<int8_t>(p);
  }
  return t;
}

namespace {

constexpr Terrain kTerrainSet[kNumHexes] = {
    Terrain::Forest,    Terrain::Forest,    Terrain::Forest,    Terrain::Forest,  Terrain::Hills,
    Terrain::Hills,     Terrain::Hills,     Terrain::Pasture,   Terrain::Pasture, Terrain::Pasture,
    Terrain::Pasture,   Terrain::Fields,    Terrain::Fields,    Terrain::Fields,  Terrain::Fields,
    Terrain::Mountains, Terrain::Mountains, Terrain::Mountains, Terrain::Desert};
// Tokens A..R (docs/RULES.md, layouts: "A-B-C order").
constexpr uint8_t kTokensAtoR[18] = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
constexpr PortType kPortSet[kNumPorts] = {PortType::Generic, PortType::Sheep, PortType::Generic,
                                          PortType::Generic, PortType::Brick, PortType::Wood,
                                          PortType::Generic, PortType::Wheat, PortType::Ore};

bool red(int n) {
  return n == 6 || n == 8;
}

// Spiral orders: outer ring counterclockwise from corner c (0..5), then the inner ring
// from the hex inward of that corner, then the centre.
struct Spirals {
  std::array<std::array<uint8_t, kNumHexes>, 6> order;
};

Spirals build_spirals(const Topology& t) {
  auto ring = [&](int k) {
    std::vector<std::pair<double, int>> v;
    for (int i = 0; i < kNumHexes; ++i) {
      const HexInfo& h = t.hexes[i];
      int s = -h.q - h.r;
      int d = std::max({std::abs(h.q), std::abs(h.r), std::abs(s)});
      if (d != k) continue;
      double ang = std::atan2(-static_cast<double>(h.y), static_cast<double>(h.x));
      if (ang < 0) ang += 2 * M_PI;
      v.push_back({ang, i});
    }
    std::sort(v.begin(), v.end());  // counterclockwise on screen (y points down)
    std::vector<int> ids;
    for (auto& p : v) ids.push_back(p.second);
    return ids;
  };
  std::vector<int> r2 = ring(2), r1 = ring(1), r0 = ring(0);
  std::vector<int> corners;
  for (int id : r2) {
    const HexInfo& h = t.hexes[id];
    if (h.q == 0 || h.r == 0 || h.q + h.r == 0) corners.push_back(id);
  }
  Spirals sp{};
  for (int c = 0; c < 6; ++c) {
    int corner = corners[c];
    int start2 = static_cast<int>(std::find(r2.begin(), r2.end(), corner) - r2.begin());
    int inner = t.hex_at(t.hexes[corner].q / 2, t.hexes[corner].r / 2);
    int start1 = static_cast<int>(std::find(r1.begin(), r1.end(), inner) - r1.begin());
    int n = 0;
    for (int i = 0; i < 12; ++i) sp.order[c][n++] = static_cast<uint8_t>(r2[(start2 + i) % 12]);
    for (int i = 0; i < 6; ++i) sp.order[c][n++] = static_cast<uint8_t>(r1[(start1 + i) % 6]);
    sp.order[c][n++] = static_cast<uint8_t>(r0[0]);
  }
  return sp;
}

}  // namespace

int Topology::hex_at(int q, int r) const {
  for (int i = 0; i < kNumHexes; ++i)
    if (hexes[i].q == q && hexes[i].r == r) return i;
  return -1;
}

int Topology::edge_between(int v0, int v1) const {
  if (v0 < 0 || v0 >= kNumVertices || v1 < 0 || v1 >= kNumVertices) return -1;
  const VertexInfo& V = vertices[v0];
  for (int j = 0; j < V.num_neighbors; ++j)
    if (V.neighbors[j] == v1) return V.edges[j];
  return -1;
}

int Layout::desert_hex() const {
  for (int i = 0; i < kNumHexes; ++i)
    if (terrain[i] == Terrain::Desert) return i;
  return 0;
}

const std::array<uint8_t, kNumHexes>& spiral_order(int corner) {
  static const Spirals sp = build_spirals(topology());
  return sp.order[corner];
}

Layout make_layout(LayoutKind kind, Rng& rng) {
  Layout L{};
  if (kind == LayoutKind::Beginner) {
    // docs/RULES.md, layouts: rows top to bottom, in hex id order.
    static const Terrain F = Terrain::Forest, H = Terrain::Hills, P = Terrain::Pasture,
                         W = Terrain::Fields, M = Terrain::Mountains, D = Terrain::Desert;
    static const Terrain kT[kNumHexes] = {M, P, F, W, H, P, H, W, F, D, F, M, F, M, W, P, H, W, P};
    static const uint8_t kN[kNumHexes] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0,
                                          3,  8, 8, 3,  4, 5, 5,  6, 11};
    for (int i = 0; i < kNumHexes; ++i) {
      L.terrain[i] = kT[i];
      L.number[i] = kN[i];
    }
    for (int i = 0; i < kNumPorts; ++i) L.ports[i] = kPortSet[i];
    return L;
  }
  Terrain t[kNumHexes];
  for (int i = 0; i < kNumHexes; ++i) t[i] = kTerrainSet[i];
  rng.shuffle(t);
  for (int i = 0; i < kNumHexes; ++i) L.terrain[i] = t[i];
  if (kind == LayoutKind::Official) {
    const auto& order = spiral_order(static_cast<int>(rng.below(6)));
    int k = 0;
    for (int i = 0; i < kNumHexes; ++i) {
      int h = order[i];
      L.number[h] = L.terrain[h] == Terrain::Desert ? 0 : kTokensAtoR[k++];
    }
  } else {
    const Topology& topo = topology();
    for (;;) {
      uint8_t tok[18];
      for (int i = 0; i < 18; ++i) tok[i] = kTokensAtoR[i];
      rng.shuffle(tok);
      int k = 0;
      for (int h = 0; h < kNumHexes; ++h)
        L.number[h] = L.terrain[h] == Terrain::Desert ? 0 : tok[k++];
      if (kind != LayoutKind::Balanced) break;
      bool ok = true;
      for (int h = 0; h < kNumHexes && ok; ++h) {
        if (!red(L.number[h])) continue;
        for (int i = 0; i < 6; ++i) {
          int nb = topo.hexes[h].neighbors[i];
          if (nb >= 0 && red(L.number[nb])) ok = false;
        }
      }
      if (ok) break;
    }
  }
  PortType p[kNumPorts];
  for (int i = 0; i < kNumPorts; ++i) p[i] = kPortSet[i];
  rng.shuffle(p);
  for (int i = 0; i < kNumPorts; ++i) L.ports[i] = p[i];
  return L;
}

}  // namespace catan
