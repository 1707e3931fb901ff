// STUN/TURN server lines: see ice_servers.h.
#include "frontend/ice_servers.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <sstream>

namespace catan::ui {

namespace {

bool printable_token(const std::string& t) {
  if (t.empty() || t.size() > 128) return false;
  for (unsigned char c : t)
    if (c <= 0x20 || c >= 0x7f) return false;
  return true;
}

// "" when `url` is a STUN or TURN address this page may use, else why not.
std::string url_problem(const std::string& url, bool* turn) {
  if (url.size() > 256) return "the address is longer than 256 characters";
  std::string lower;
  for (unsigned char c : url) lower += static_cast<char>(std::tolower(c));
  size_t at = 0;
  for (const char* scheme : {"stun:", "stuns:", "turn:", "turns:"}) {
    const std::string s(scheme);
    if (lower.rfind(s, 0) == 0) {
      at = s.size();
      *turn = s[0] == 't';
    }
  }
  if (at == 0) return "it does not start with stun:, stuns:, turn: or turns:";
  std::string rest = lower.substr(at);
  const size_t q = rest.find('?');
  if (q != std::string::npos) {
    const std::string query = rest.substr(q + 1);
    if (!*turn) return "a STUN address takes no ?options";
    if (query != "transport=udp" && query != "transport=tcp")
      return "the only option is ?transport=udp or ?transport=tcp";
    rest.resize(q);
  }
  std::string host = rest, port;
  if (!rest.empty() && rest[0] == '[') {
    const size_t close = rest.find(']');
    if (close == std::string::npos) return "the IPv6 address has no closing ]";
    host = rest.substr(1, close - 1);
    if (host.empty() || host.find_first_not_of("0123456789abcdef:.") != std::string::npos)
      return "the IPv6 address holds a character it cannot";
    const std::string after = rest.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':') return "after the IPv6 address comes :port or nothing";
      port = after.substr(1);
      if (port.empty()) return "the port is missing after ':'";
    }
  } else {
    const size_t colon = rest.find(':');
    if (colon != std::string::npos) {
      host = rest.substr(0, colon);
      port = rest.substr(colon + 1);
      if (port.empty()) return "the port is missing after ':'";
    }
    if (host.empty()) return "the server's name is missing";
    if (host.size() > 253 ||
        host.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") != std::string::npos)
      return "the server's name may hold only letters, digits, '.' and '-'";
    if (host.front() == '.' || host.front() == '-' || host.back() == '.' || host.back() == '-')
      return "the server's name cannot start or end with '.' or '-'";
  }
  if (!port.empty()) {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
      return "the port is not a number";
    const int p = std::stoi(port);
    if (p < 1 || p > 65535) return "the port is not between 1 and 65535";
  }
  return "";
}

}  // namespace

IceServers parse_ice_servers(const std::string& text) {
  IceServers out;
  if (text.size() > kMaxIceText) {
    out.errors.push_back("the servers' lines are longer than 2048 characters: none is used");
    return out;
  }
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string t; words >> t;) w.push_back(t);
    if (w.empty() || w[0][0] == '#') continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    bool turn = false;
    const std::string problem = url_problem(w[0], &turn);
    if (!problem.empty()) {
      out.errors.push_back(where + problem + " (stun:host:port or turn:host:port user secret)");
      continue;
    }
    if (turn && w.size() != 3) {
      out.errors.push_back(where + "a TURN server needs a username and a credential after it");
      continue;
    }
    if (!turn && w.size() != 1) {
      out.errors.push_back(where + "a STUN server takes nothing after its address");
      continue;
    }
    if (turn && (!printable_token(w[1]) || !printable_token(w[2]))) {
      out.errors.push_back(where + "the username and credential are 1 to 128 visible characters");
      continue;
    }
    if (out.servers.size() >= kMaxIceServers) {
      out.errors.push_back(where + "at most 8 servers are used");
      continue;
    }
    out.servers.push_back({w[0], turn ? w[1] : "", turn ? w[2] : ""});
  }
  return out;
}

std::string ice_servers_json(const UiSettings& s) {
  nlohmann::json j = {{"ok", true}};
  nlohmann::json servers = nlohmann::json::array(), errors = nlohmann::json::array();
  if (s.ice_mode == kIceCustom) {
    const IceServers p = parse_ice_servers(s.ice_custom);
    for (const IceServer& v : p.servers) {
      nlohmann::json e = {{"urls", v.url}};
      if (!v.username.empty()) {
        e["username"] = v.username;
        e["credential"] = v.credential;
      }
      servers.push_back(e);
    }
    for (const std::string& e : p.errors) errors.push_back(e);
  }
  j["mode"] = s.ice_mode == kIceNone ? "none" : s.ice_mode == kIceCustom ? "custom" : "default";
  j["servers"] = servers;
  j["errors"] = errors;
  return j.dump();
}

}  // namespace catan::ui
