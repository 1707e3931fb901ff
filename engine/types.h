// Basic value types shared by the whole engine. Everything here is a small POD so a
// GameState built from them stays trivially copyable (search copies states a lot).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/enum_names.h"

namespace catan {

constexpr int kNumHexes = 19;
constexpr int kNumVertices = 54;
constexpr int kNumEdges = 72;
constexpr int kNumPorts = 9;
constexpr int kMaxPlayers = 4;
constexpr int kBankPerResource = 19;
constexpr int kRoadsPerPlayer = 15;
constexpr int kSettlementsPerPlayer = 5;
constexpr int kCitiesPerPlayer = 4;

// Resource i is produced by Terrain i. The order is also the canonical order in strings.
enum class Resource : uint8_t { Wood = 0, Brick = 1, Sheep = 2, Wheat = 3, Ore = 4 };
// Hidden is only ever seen in an Observation under mist / terra incognita.
enum class Terrain : uint8_t { Forest = 0, Hills, Pasture, Fields, Mountains, Desert, Hidden };
enum class DevCard : uint8_t { Knight = 0, VictoryPoint, RoadBuilding, YearOfPlenty, Monopoly };
// Port kinds: 0..4 = 2:1 for that resource, Generic = 3:1, Hidden only in observations.
enum class PortType : uint8_t { Wood = 0, Brick, Sheep, Wheat, Ore, Generic, Hidden };
enum class Building : uint8_t { None = 0, Settlement = 1, City = 2 };
// How many of each there are, from the enums themselves (the last value + 1).
constexpr int kNumResources = static_cast<int>(Resource::Ore) + 1;
constexpr int kNumDevCardTypes = static_cast<int>(DevCard::Monopoly) + 1;

// Counts per resource, index = Resource. uint8 is enough: 19 cards of each exist.
using ResourceCounts = std::array<uint8_t, kNumResources>;
using DevCounts = std::array<uint8_t, kNumDevCardTypes>;

// The development deck (docs/RULES.md, pieces), per DevCard: 14 knights,
// 5 victory points, 2 road building, 2 year of plenty, 2 monopoly.
constexpr DevCounts kDevDeckComposition{14, 5, 2, 2, 2};
constexpr int kDevDeckSize = [] {
  int n = 0;
  for (auto c : kDevDeckComposition) n += c;
  return n;
}();
static_assert(kDevDeckSize == 25);

inline int total(const ResourceCounts& c) {
  int n = 0;
  for (auto v : c) n += v;
  return n;
}
inline bool covers(const ResourceCounts& have, const ResourceCounts& need) {
  for (int i = 0; i < kNumResources; ++i)
    if (have[i] < need[i]) return false;
  return true;
}

// Names used in every string form (actions, JSON, protocol).
const char* resource_name(Resource r);  // "wood" "brick" "sheep" "wheat" "ore"
const char* terrain_name(
    Terrain t);  // "forest" "hills" "pasture" "fields" "mountains" "desert" "hidden"
const char* dev_card_name(
    DevCard d);  // "knight" "victory_point" "road_building" "year_of_plenty" "monopoly"
const char* port_name(PortType p);                           // "wood".."ore", "generic", "hidden"
std::optional<Resource> parse_resource(std::string_view s);  // also accepts "wool", "grain"

// `s` with every byte outside printable ASCII written as \xNN: error messages that quote
// input stay valid UTF-8 (JSON can carry them) and show control bytes visibly.
std::string printable(std::string_view s);

// Fixed costs (docs/RULES.md, costs).
constexpr ResourceCounts kRoadCost{1, 1, 0, 0, 0};
constexpr ResourceCounts kSettlementCost{1, 1, 1, 1, 0};
constexpr ResourceCounts kCityCost{0, 0, 0, 2, 3};
constexpr ResourceCounts kDevCardCost{0, 0, 1, 1, 1};

// The names of the pieces (engine/enum_names.h).
inline constexpr EnumNames<Resource, kNumResources> kResourceNames{
    {"wood", "brick", "sheep", "wheat", "ore"}};
inline constexpr EnumNames<Terrain, 7> kTerrainNames{
    {"forest", "hills", "pasture", "fields", "mountains", "desert", "hidden"}};
inline constexpr EnumNames<DevCard, kNumDevCardTypes> kDevCardNames{
    {"knight", "victory_point", "road_building", "year_of_plenty", "monopoly"}};
inline constexpr EnumNames<PortType, 7> kPortNames{
    {"wood", "brick", "sheep", "wheat", "ore", "generic", "hidden"}};

}  // namespace catan
