#include "frontend/move_words.h"

#include <algorithm>
#include <vector>

#include "engine/board.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"

namespace catan::ui {

namespace {

const char* res(int r) {
  return r >= 0 && r < kNumResources ? kResourceLabels[r] : "a resource";
}

// "A, B and C".
std::string listed(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i];
  }
  return out;
}

// What a hex yields and its number: "Ore 6", "desert", "hidden 8" (terrain not yet seen).
std::string hex_name(const GameState& s, int hex) {
  const Terrain t = s.layout.terrain[static_cast<size_t>(hex)];
  if (t == Terrain::Desert) return "desert";
  std::string w = t == Terrain::Hidden ? "hidden" : kResourceLabels[static_cast<int>(t)];
  const int n = s.layout.number[static_cast<size_t>(hex)];
  if (n > 0) {
    w += ' ';
    w += std::to_string(n);
  }
  return w;
}

// The hexes around a spot, the likeliest number first: "Ore 8, Brick 6 and Grain 3".
std::string hexes_words(const GameState& s, const uint8_t* hexes, int n) {
  std::vector<int> hs(hexes, hexes + n);
  std::stable_sort(hs.begin(), hs.end(), [&](int a, int b) {
    return pips(s.layout.number[static_cast<size_t>(a)]) >
           pips(s.layout.number[static_cast<size_t>(b)]);
  });
  std::vector<std::string> parts;
  for (int h : hs) parts.push_back(hex_name(s, h));
  return listed(parts);
}

// "Settlement" / "build a settlement": the command's noun or the clause's verb phrase.
std::string pick(MoveStyle style, const char* command, const char* clause) {
  return style == MoveStyle::Command ? command : clause;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// The words of a move, lower-case (the command's title case is added after).
std::string words(const GameState& s, const Action& a, const std::string (&names)[kMaxPlayers],
                  MoveStyle style) {
  const auto on = [&](int vertex) {
    const std::string w = vertex_words(s, vertex);
    return w.empty() ? w : " on " + w;
  };
  const auto along = [&](int edge) {
    const std::string w = edge_words(s, edge);
    return w.empty() ? w : " " + w;
  };
  switch (a.type) {
    case ActionType::Roll:
      return "roll the dice";
    case ActionType::BuildSettlement:
      return pick(style, "settlement", "build a settlement") + on(a.arg);
    case ActionType::BuildRoad:
      return pick(style, "road", "build a road") + along(a.arg);
    case ActionType::BuildCity:
      return pick(style, "city", "build a city") + on(a.arg);
    case ActionType::BuyDevCard:
      return "buy a development card";
    case ActionType::TradeBank: {
      if (a.arg < 0 || a.arg >= kNumResources || a.arg2 < 0 || a.arg2 >= kNumResources)
        return "trade with the bank";
      // The rate the seat to move has for that resource (harbours).
      const int rate =
          s.current < kMaxPlayers ? s.players[static_cast<size_t>(s.current)].trade_rate[a.arg] : 4;
      return "trade " + std::to_string(rate) + " " + res(a.arg) + " for 1 " + res(a.arg2) +
             " with the bank";
    }
    case ActionType::OfferTrade:
      return "offer " + cards_words(a.give) + " for " + cards_words(a.get) +
             (a.arg >= 0 && a.arg < kMaxPlayers ? " to " + seat_words(names, a.arg) : "");
    case ActionType::AcceptTrade:
      return "accept the offer";
    case ActionType::DeclineTrade:
      return "decline the offer";
    case ActionType::CounterTrade:
      return "counter with " + cards_words(a.give) + " for " + cards_words(a.get);
    case ActionType::ConfirmTrade:
      return "trade with " + seat_words(names, a.arg);
    case ActionType::CancelTrade:
      return "cancel the offer";
    case ActionType::PlayKnight:
      return "play a Knight";
    case ActionType::PlayRoadBuilding:
      return "play Road Building";
    case ActionType::FreeRoad:
      return pick(style, "free road", "place a free road") + along(a.arg);
    case ActionType::PlayYearOfPlenty: {
      ResourceCounts c{};
      if (a.arg >= 0 && a.arg < kNumResources) ++c[a.arg];
      if (a.arg2 >= 0 && a.arg2 < kNumResources) ++c[a.arg2];
      return "play Year of Plenty for " + cards_words(c);
    }
    case ActionType::PlayMonopoly:
      return std::string("play Monopoly on ") + res(a.arg);
    case ActionType::MoveRobber:
      return "move the robber to " + hex_words(s, a.arg);
    case ActionType::Steal:
      return "steal from " + seat_words(names, a.arg);
    case ActionType::Discard:
      return "discard " + cards_words(a.give);
    case ActionType::EndTurn:
      return pick(style, "end turn", "end the turn");
  }
  return a.to_string();
}

}  // namespace

std::string cards_words(const ResourceCounts& c) {
  std::vector<std::string> parts;
  for (int r = 0; r < kNumResources; ++r)
    if (c[r] != 0) parts.push_back(std::to_string(c[r]) + " " + kResourceLabels[r]);
  return parts.empty() ? "nothing" : listed(parts);
}

std::string hex_words(const GameState& s, int hex) {
  if (hex < 0 || hex >= kNumHexes) return "a hex";
  const std::string w = hex_name(s, hex);
  return w == "desert" ? "the desert" : "the " + w + " hex";
}

std::string vertex_words(const GameState& s, int vertex) {
  if (vertex < 0 || vertex >= kNumVertices) return "";
  const VertexInfo& vi = topology().vertices[static_cast<size_t>(vertex)];
  std::string out = hexes_words(s, vi.hexes.data(), vi.num_hexes);
  if (vi.port_slot >= 0) {
    const PortType p = s.layout.ports[static_cast<size_t>(vi.port_slot)];
    if (p == PortType::Generic)
      out += " by a 3:1 harbour";
    else if (p != PortType::Hidden)
      out += std::string(" by a 2:1 ") + kResourceLabels[static_cast<int>(p)] + " harbour";
  }
  return out;
}

std::string edge_words(const GameState& s, int edge) {
  if (edge < 0 || edge >= kNumEdges) return "";
  const EdgeInfo& ei = topology().edges[static_cast<size_t>(edge)];
  if (ei.num_hexes <= 0) return "";
  if (ei.num_hexes == 1) return "on the coast of " + hexes_words(s, ei.hexes.data(), 1);
  return "between " + hexes_words(s, ei.hexes.data(), ei.num_hexes);
}

std::string seat_words(const std::string (&names)[kMaxPlayers], int seat) {
  if (seat < 0 || seat >= kMaxPlayers) return "everyone";
  return without_role(names[seat]);
}

std::string move_words(const GameState& s, const Action& a, const std::string (&names)[kMaxPlayers],
                       MoveStyle style) {
  const std::string w = words(s, a, names, style);
  return style == MoveStyle::Command ? capitalized(w) : w;
}

BoardPick move_spot(const Action& a) {
  switch (a.type) {
    case ActionType::BuildSettlement:
    case ActionType::BuildCity:
      return {BoardPick::Vertex, a.arg};
    case ActionType::BuildRoad:
    case ActionType::FreeRoad:
      return {BoardPick::Edge, a.arg};
    case ActionType::MoveRobber:
      return {BoardPick::Hex, a.arg};
    default:
      break;
  }
  return {};
}

}  // namespace catan::ui
