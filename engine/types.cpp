#include "engine/types.h"

namespace catan {

const char* resource_name(Resource r) {
  static const char* const kNames[] = {"wood", "brick", "sheep", "wheat", "ore"};
  const unsigned i = static_cast<unsigned>(r);
  return i < 5 ? kNames[i] : "?";
}

const char* terrain_name(Terrain t) {
  static const char* const kNames[] = {"forest",    "hills",  "pasture", "fields",
                                       "mountains", "desert", "hidden"};
  const unsigned i = static_cast<unsigned>(t);
  return i < 7 ? kNames[i] : "?";
}

const char* dev_card_name(DevCard d) {
  static const char* const kNames[] = {"knight", "victory_point", "road_building", "year_of_plenty",
                                       "monopoly"};
  const unsigned i = static_cast<unsigned>(d);
  return i < 5 ? kNames[i] : "?";
}

const char* port_name(PortType p) {
  static const char* const kNames[] = {"wood", "brick",   "sheep", "wheat",
                                       "ore",  "generic", "hidden"};
  const unsigned i = static_cast<unsigned>(p);
  return i < 7 ? kNames[i] : "?";
}

std::optional<Resource> parse_resource(std::string_view s) {
  if (s == "wood") return Resource::Wood;
  if (s == "brick") return Resource::Brick;
  if (s == "sheep" || s == "wool") return Resource::Sheep;
  if (s == "wheat" || s == "grain") return Resource::Wheat;
  if (s == "ore") return Resource::Ore;
  return std::nullopt;
}

std::string printable(std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace catan
