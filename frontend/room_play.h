// RoomPlay: an online match as this screen plays it (docs/MULTIPLAYER.md). Hosting, it runs
// the HostRoom and plays the host's own seat through a GuestLink of its own, a peer inside the
// page: the host's screen holds only its seat's view, as every guest's does (the room's Session
// shows whichever human is to act). Joining, it holds the GuestLink the host's messages feed.
// Either way the screen draws the link's ViewMatch, and what must go out over the data
// channels waits in the outbox the page drains each frame.
//
//   room.host(config, &error);                    // or room.join("Bob", -1, saved_token)
//   room.peer_message(peer, text, &error);         // hosting: a guest's message
//   room.host_message(text, &error);               // joined: the host's message
//   room.update(now, slice_ms);                    // each frame: the bots, then the views
//   for (auto& m : room.take_outbox()) channel(m.peer).send(m.text);
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "match/guest_link.h"
#include "match/host_room.h"

namespace catan::ui {

class RoomPlay {
 public:
  // A message for a data channel: to the guest `peer` (hosting) or, with peer "", to the host.
  struct Outgoing {
    std::string peer;
    std::string text;
  };

  // Hosts `config`: its AI seats are bots, its human seats open to guests but the first, which
  // the host plays under its name. false + *error when the config has no human seat.
  bool host(const match::MatchConfig& config, std::string* error);
  // Joins a host: asks for `seat` (-1: any open one), or the seat of a rejoin `token`.
  void join(const std::string& name, int seat, const std::string& token);
  void close();

  bool open() const { return link_ != nullptr; }
  bool hosting() const { return room_ != nullptr; }

  // Hosting: a guest's message (its rate limit counts by the clock of the last update()) and
  // a guest gone. false + *error when refused (the refusal goes to the guest too) and nothing
  // changes.
  bool peer_message(const std::string& peer, std::string_view text, std::string* error);
  bool peer_left(const std::string& peer, std::string* error);
  // Joined: a message from the host. false + *error when refused; nothing changes.
  bool host_message(std::string_view text, std::string* error);
  // Hosting: lets the bots act and sends the views that changed; then the host's own moves.
  void update(double now_s, double slice_ms);

  // The match the screen draws, once the room and a view have arrived (null before).
  match::ViewMatch* match() { return link_ ? link_->match() : nullptr; }
  const match::GuestLink* link() const { return link_.get(); }
  const match::HostRoom* room() const { return room_.get(); }
  std::vector<Outgoing> take_outbox();

 private:
  // The room's answers: the host's own to its link, the others to the outbox.
  void deliver(match::HostRoom::Result r);
  // The host's own messages, each into the room and its answers delivered.
  void pump();

  std::unique_ptr<match::HostRoom> room_;
  std::unique_ptr<match::GuestLink> link_;
  std::vector<std::string> to_room_;  // hosting: the host's link's messages not yet received
  std::vector<Outgoing> outbox_;
  double now_s_ = 0;  // the frame clock update() was last given: the room's only clock
};

}  // namespace catan::ui
