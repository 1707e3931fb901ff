// See web_room_events.h.
#include "shell/web_room_events.h"

#include "engine/state.h"

namespace catan::web {

using nlohmann::json;

std::vector<RoomEventPoller::Seat> RoomEventPoller::seats_of(const ui::RoomPlay& room) const {
  std::vector<Seat> out;
  if (const match::HostRoom* host = room.room()) {
    const auto seats = host->seats();
    for (size_t s = 0; s < seats.size(); ++s)
      out.push_back({seats[s].name, seats[s].status == match::wire::SeatStatus::Taken &&
                                        host->seat_connected(static_cast<int>(s))});
  } else if (room.link() && room.link()->room()) {
    for (const auto& seat : room.link()->room()->seats)
      out.push_back({seat.name, seat.status == match::wire::SeatStatus::Taken});
  }
  return out;
}

json RoomEventPoller::poll(const ui::RoomPlay& room) {
  json out = json::array();
  if (!room.open()) {
    if (open_) out.push_back({{"type", "roomClosed"}});
    *this = RoomEventPoller{};
    return out;
  }
  if (!open_) {
    open_ = true;
    out.push_back({{"type", "roomOpened"}, {"hosting", room.hosting()}});
  }
  const std::vector<Seat> seats = seats_of(room);
  for (size_t s = 0; s < seats.size(); ++s) {
    const Seat before = s < seats_.size() ? seats_[s] : Seat{};
    if (seats[s].present && !before.present)
      out.push_back({{"type", "playerJoined"}, {"seat", s}, {"name", seats[s].name}});
    if (!seats[s].present && before.present)
      out.push_back({{"type", "playerLeft"}, {"seat", s}, {"name", before.name}});
  }
  seats_ = seats;
  if (!started_ && room.started()) {
    started_ = true;
    json names = json::array();
    for (const Seat& s : seats) names.push_back(s.name);
    out.push_back({{"type", "roomStarted"}, {"names", names}});
  }
  const match::GuestLink* link = room.link();
  const match::ViewMatch* m = link ? link->match() : nullptr;
  if (!over_ && m && m->observation().view.phase == Phase::GameOver) {
    over_ = true;
    const int w = m->observation().view.winner;
    out.push_back(
        {{"type", "roomGameOver"},
         {"winner", w},
         {"winnerName", w >= 0 && w < static_cast<int>(seats.size()) ? seats[w].name : ""}});
  }
  if (over_ && !verified_reported_ && link && link->verification()) {
    verified_reported_ = true;
    out.push_back({{"type", "roomVerified"},
                   {"ok", link->verification()->ok},
                   {"difference", link->verification()->first_difference}});
  }
  return out;
}

}  // namespace catan::web
