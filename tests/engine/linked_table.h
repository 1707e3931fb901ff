// A host and its guests' GuestLinks, the messages going through queues as on data channels:
// what the GuestLink and verification tests play on. Guest i is peer "g<i>".
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "match/guest_link.h"
#include "match/host_room.h"

namespace catan::match {

// Guest i's nonce, fixed so that a test's game is the same on every run.
inline std::string fixed_nonce(int i) {
  std::string n(32, '0');
  n[31] = static_cast<char>('a' + i % 6);
  return n;
}

struct LinkedTable {
  LinkedTable(const MatchConfig& mc, int guests, uint64_t token_seed) : room(mc, token_seed) {
    for (int i = 0; i < guests; ++i) {
      const std::string peer = "g" + std::to_string(i);
      links.push_back(std::make_unique<GuestLink>(
          [this, peer](const std::string& t) { send(peer, t); }, fixed_nonce(i)));
    }
  }
  HostRoom room;
  std::vector<std::unique_ptr<GuestLink>> links;
  std::deque<std::pair<std::string, std::string>> to_host;  // (peer, text)
  int resyncs = 0;
  double now = 0;
  // Sees (and may change or drop, by returning false) each host message before delivery.
  std::function<bool(const std::string& peer, std::string& text)> wire_tap;

  GuestLink& link(int i) { return *links[static_cast<size_t>(i)]; }
  GuestLink& link(const std::string& peer) { return link(std::stoi(peer.substr(1))); }
  void send(const std::string& peer, const std::string& text) {
    resyncs += text.find("\"t\":\"resync\"") != std::string::npos ? 1 : 0;
    to_host.emplace_back(peer, text);
  }
  void deliver(const HostRoom::Result& r) {
    for (const HostRoom::Outgoing& o : r.out) {
      std::string text = o.text;
      if (wire_tap && !wire_tap(o.peer, text)) continue;
      std::string error;
      link(o.peer).receive(text, &error);
    }
  }
  void pump() {
    while (!to_host.empty()) {
      const auto [peer, text] = to_host.front();
      to_host.pop_front();
      deliver(room.receive(peer, text, now += 1));
    }
    if (!room.started()) deliver(room.start());  // once the first hellos are in
    deliver(room.update(now += 1, 5));
  }
};

}  // namespace catan::match
