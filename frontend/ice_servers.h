// The STUN/TURN servers a room's WebRTC connections use (Settings, "Connection servers"):
// the public STUN default, none, or the player's own lines. Each line is one server,
//   stun:host[:port]                       or
//   turn:host[:port][?transport=udp|tcp] username credential      (turns: too)
// blank lines and lines starting with '#' aside. A line that is not that gets an error naming
// it and is not used; at most kMaxIceServers are.
//
//   IceServers p = parse_ice_servers(settings().ice_custom);   // p.servers, p.errors
//   std::string j = ice_servers_json(settings());               // what the page passes on
#pragma once
#include <string>
#include <vector>

#include "frontend/theme.h"

namespace catan::ui {

enum IceMode { kIceDefault = 0, kIceNone = 1, kIceCustom = 2 };
inline constexpr size_t kMaxIceServers = 8;
inline constexpr size_t kMaxIceText = 2048;  // the custom lines, all together

struct IceServer {
  std::string url, username, credential;
};

struct IceServers {
  std::vector<IceServer> servers;
  std::vector<std::string> errors;  // "line 2: ..." per line refused
};

IceServers parse_ice_servers(const std::string& text);

// {"ok":true,"mode":"default"|"none"|"custom","servers":[{"urls","username","credential"}],
// "errors":[...]}: the page passes the servers to web/net (none: an empty list; default: the
// transport's own public STUN servers).
std::string ice_servers_json(const UiSettings& s);

}  // namespace catan::ui
