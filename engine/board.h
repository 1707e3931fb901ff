// The board: an immutable topology shared by every game (hexes, vertices, edges, port
// slots, all with fixed ids), and a per-game Layout (terrain, numbers, ports) that lives
// inside GameState as three small arrays.
//
// Geometry: pointy-top hexes in axial coordinates (q, r), radius 2. Hex ids run row by
// row, r = -2..2 top to bottom, q ascending within a row (so the beginner island of
// docs/RULES.md, layouts, reads off in id order). Hex centre in board units:
// x = sqrt(3)*(q + r/2), y = 1.5*r; corners at distance 1. Vertex and edge ids are assigned
// in the order they are first met walking hexes by id and corners clockwise from the top
// corner.
#pragma once
#include <array>
#include <cstdint>

#include "engine/rng.h"
#include "engine/types.h"

namespace catan {

struct HexInfo {
  int8_t q, r;
  float x, y;                       // centre, board units
  std::array<uint8_t, 6> vertices;  // clockwise from the top corner
  std::array<uint8_t, 6> edges;     // edges[i] joins vertices[i] and vertices[(i+1)%6]
  std::array<int8_t, 6> neighbors;  // land hex across edges[i], -1 = sea
};

struct VertexInfo {
  float x, y;
  uint8_t num_hexes, num_neighbors;  // 1..3, 2..3
  std::array<uint8_t, 3> hexes;      // first num_hexes valid
  std::array<uint8_t, 3> neighbors;  // vertices one edge away; first num_neighbors valid
  std::array<uint8_t, 3> edges;      // edges[i] joins this vertex and neighbors[i]
  int8_t port_slot;                  // -1 or the port slot this vertex touches
};

struct EdgeInfo {
  std::array<uint8_t, 2> vertices;  // vertices[0] < vertices[1]
  uint8_t num_hexes;                // 1 = coast
  std::array<uint8_t, 2> hexes;
};

// A port slot is a fixed coastal edge; which PortType sits there is part of the Layout.
struct PortSlot {
  uint8_t edge;
  std::array<uint8_t, 2> vertices;
  uint8_t hex;  // the land hex behind it
  float x, y;   // where to draw the harbour (out at sea)
};

struct Topology {
  std::array<HexInfo, kNumHexes> hexes;
  std::array<VertexInfo, kNumVertices> vertices;
  std::array<EdgeInfo, kNumEdges> edges;
  std::array<PortSlot, kNumPorts> ports;
  int hex_at(int q, int r) const;          // -1 if off the island
  int edge_between(int v0, int v1) const;  // -1 if not adjacent
};

Topology build_topology();
// Built once, never changes; inline because the rules and the AIs' evaluation ask for it in
// their innermost loops.
inline const Topology& topology() {
  static const Topology t = build_topology();
  return t;
}

// The coast walked clockwise from the top edge of hex 0: edges[i] joins vertices[i] and
// vertices[i + 1], and vertices[kCoastEdges] == vertices[0].
constexpr int kCoastEdges = 30;
struct Coast {
  std::array<int, kCoastEdges> edges;
  std::array<int, kCoastEdges + 1> vertices;
};
Coast walk_coast(const Topology& t);

enum class LayoutKind : uint8_t { Beginner, Official, Balanced, Random };

struct Layout {
  std::array<Terrain, kNumHexes> terrain;
  std::array<uint8_t, kNumHexes> number;  // 0 on the desert
  std::array<PortType, kNumPorts> ports;
  int desert_hex() const;
  bool operator==(const Layout&) const = default;
};

// docs/RULES.md, layouts. beginner: the fixed island. official: shuffled terrain, tokens A..R
// in a counterclockwise spiral from a random outer corner. balanced: shuffled, 6 and 8 never
// adjacent. random: tokens shuffled over non-desert hexes.
Layout make_layout(LayoutKind kind, Rng& rng);
// The official token spiral starting at outer corner `corner` (0..5): the 12 outer hexes
// counterclockwise, then the inner ring from the hex inward of that corner, then the centre.
const std::array<uint8_t, kNumHexes>& spiral_order(int corner);

// Ways two dice roll `sum`, out of 36: 1..6 for 2..12 (6 for a 7), 0 otherwise.
inline int ways_to_roll(int sum) {
  if (sum < 2 || sum > 12) return 0;
  return 6 - (sum > 7 ? sum - 7 : 7 - sum);
}
// Pips on a number token: its ways to roll; 0 for 0/7 (no token produces on a 7).
inline int pips(int number) {
  return number == 7 ? 0 : ways_to_roll(number);
}

}  // namespace catan
