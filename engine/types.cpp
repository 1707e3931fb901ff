#include "engine/types.h"

namespace catan {

const char* resource_name(Resource r) {
  return kResourceNames.name(r);
}

const char* terrain_name(Terrain t) {
  return kTerrainNames.name(t);
}

const char* dev_card_name(DevCard d) {
  return kDevCardNames.name(d);
}

const char* port_name(PortType p) {
  return kPortNames.name(p);
}

std::optional<Resource> parse_resource(std::string_view s) {
  if (s == "wool") return Resource::Sheep;  // the names of other editions, on input only
  if (s == "grain") return Resource::Wheat;
  return kResourceNames.parse(s);
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
