// The page's room events for an embedding page (docs/WEB.md, "Embedding"), found by comparing
// the room's seats with what was reported last, as EventPoller does with a local game's log:
// roomOpened, playerJoined, playerLeft, roomStarted, roomGameOver and roomClosed. Only what
// every guest sees: names, seats, the winner, and whether this page verified the game.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "frontend/room_play.h"

namespace catan::web {

class RoomEventPoller {
 public:
  // Events since the last call as a JSON array (empty when nothing changed).
  nlohmann::json poll(const ui::RoomPlay& room);

 private:
  // A seat as an embedder sees it: who sits there and whether they are connected (a guest's
  // page knows only taken or not: the host tells guests no connections).
  struct Seat {
    std::string name;
    bool present = false;
    bool operator==(const Seat&) const = default;
  };
  std::vector<Seat> seats_of(const ui::RoomPlay& room) const;

  bool open_ = false;
  bool started_ = false;
  bool over_ = false;
  bool verified_reported_ = false;
  std::vector<Seat> seats_;
};

}  // namespace catan::web
