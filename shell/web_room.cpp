// WebRoom: see web_room.h.
#include "shell/web_room.h"

#include <cstring>
#include <exception>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "frontend/app.h"
#include "frontend/log_view.h"
#include "frontend/room_play.h"
#include "shell/web_export.h"

namespace catan::web {

using nlohmann::json;

namespace {

// A peer id of the page's transport (web/net/transport.js): a short random string.
constexpr size_t kMaxPeerId = 128;
// The invitation link (location + fragment) and the transport's words, as the page makes them.
constexpr size_t kMaxLink = 2048, kMaxConnectionText = 512;
// A QR code is 21 to 177 modules a side (versions 1 to 40).
constexpr size_t kMinQrSide = 21, kMaxQrSide = 177;

std::string answer(bool ok, const std::string& error) {
  return ok ? ok_json() : error_json(error);
}

// Runs body(); anything thrown becomes an error answer, not an exception in JavaScript.
template <class Body>
std::string guarded(Body&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return error_json(std::string("internal error: ") + e.what());
  } catch (...) {
    return error_json("internal error");
  }
}

// At most limit + 1 bytes of a text from JavaScript: a reader that caps at `limit` refuses
// a longer one with its own sentence, and nothing longer is copied.
std::string_view capped(const char* text, size_t limit) {
  const char* s = text ? text : "";
  return {s, strnlen(s, limit + 1)};
}

// A short argument, refused with `what` named when over `limit` bytes.
bool short_text(const char* text, size_t limit, const char* what, std::string* out,
                std::string* error) {
  const std::string_view s = capped(text, limit);
  if (s.size() > limit) {
    *error = std::string(what) + " is longer than " + std::to_string(limit) + " bytes";
    return false;
  }
  out->assign(s);
  return true;
}

json room_json(const match::GuestLink& link) {
  json j = json::object();
  if (const auto& room = link.room()) {
    json seats = json::array();
    for (const match::wire::RoomSeat& s : room->seats)
      seats.push_back({{"name", s.name}, {"status", match::wire::kSeatStatusNames.name(s.status)}});
    j = {{"seat", room->seat}, {"token", room->token}, {"seats", seats}};
  }
  j["refusal"] = link.refusal();
  j["chat"] = link.chat().size();
  // The table as this page shows it: the phase, whose turn and move, the page's own hand.
  if (const match::ViewMatch* m = link.match()) {
    const GameState& v = m->view();
    json table = {{"phase", phase_name(v.phase)},
                  {"current", v.current},
                  {"to_move", v.to_move()},
                  {"actions", m->actions_applied()}};
    if (m->viewer() >= 0) {
      const ResourceCounts& hand = v.players[m->viewer()].resources;
      table["hand"] = json(std::vector<int>(hand.begin(), hand.end()));
    }
    // The log's last line as this page words it.
    if (!m->visible_events().empty()) {
      std::string names[4];
      ui::seat_labels(*m, names);
      table["log_last"] = ui::log_sentence(m->visible_events().back(), names);
    }
    j["table"] = table;
  }
  if (const auto& v = link.verification())
    j["verification"] = {{"ok", v->ok}, {"difference", v->first_difference}};
  return j;
}

}  // namespace

std::string WebRoom::host(const char* config_json) {
  return guarded([&] {
    match::MatchConfig c;
    std::string err;
    if (!match::config_from_text(capped(config_json, match::kMaxConfigText), &c, &err) ||
        !app_.host_room(c, &err))
      return error_json(err);
    return dump(json{{"ok", true},
                     {"config", match::config_to_json(c, true)},
                     {"commitment", app_.room().room()->commitment()}});
  });
}

std::string WebRoom::guest(int seat, const char* name, const char* token) {
  return guarded([&] {
    std::string n, t, err;
    if (!short_text(name, match::wire::kMaxNameText, "the name", &n, &err) ||
        !short_text(token, match::wire::kMaxTokenText, "the rejoin token", &t, &err))
      return error_json(err);
    if (seat < -1 || seat >= kMaxPlayers)
      return error_json("there is no seat " + std::to_string(seat));
    app_.join_room(n, seat, t);
    return ok_json();
  });
}

std::string WebRoom::connect(const char* token) {
  return guarded([&] {
    std::string t, err;
    if (!short_text(token, match::wire::kMaxTokenText, "the rejoin token", &t, &err))
      return error_json(err);
    app_.connect_room(t);
    return ok_json();
  });
}

std::string WebRoom::start() {
  return guarded([&] {
    std::string err;
    return answer(app_.room().start(&err), err);
  });
}

std::string WebRoom::peer_joined(const char* peer) {
  return guarded([&] {
    std::string id, err;
    if (!short_text(peer, kMaxPeerId, "the peer id", &id, &err)) return error_json(err);
    return answer(app_.room().peer_connected(id, &err), err);
  });
}

std::string WebRoom::set_invite(const char* link, const char* qr) {
  return guarded([&] {
    std::string l, q, err;
    if (!short_text(link, kMaxLink, "the link", &l, &err) ||
        !short_text(qr, kMaxQrSide * kMaxQrSide, "the QR code", &q, &err))
      return error_json(err);
    if (!app_.room().hosting()) return error_json("no room is hosted here");
    size_t n = 0;
    while (n * n < q.size()) ++n;
    if (n * n != q.size() || n < kMinQrSide)
      return error_json("the QR code is not a square of 21 to 177 modules a side");
    if (q.find_first_not_of("01") != std::string::npos)
      return error_json("the QR code holds a character other than 0 and 1");
    app_.room().set_invite(std::move(l), std::move(q));
    return ok_json();
  });
}

std::string WebRoom::set_connection(const char* text) {
  return guarded([&] {
    std::string t, err;
    if (!short_text(text, kMaxConnectionText, "the connection text", &t, &err))
      return error_json(err);
    if (!app_.room().open()) return error_json("no room is open here");
    app_.room().set_connection(std::move(t));
    return ok_json();
  });
}

std::string WebRoom::set_autoplay(int mode) {
  return guarded([&] {
    if (mode < 0 || mode > 2) return error_json("autoplay is 0 (off), 1 (on) or 2 (until a trade)");
    if (mode == 2)
      app_.room().set_autoplay_until_trade();
    else
      app_.room().set_autoplay(mode == 1);
    return ok_json();
  });
}

std::string WebRoom::peer_message(const char* peer, const char* text) {
  return guarded([&] {
    std::string id, err;
    if (!short_text(peer, kMaxPeerId, "the peer id", &id, &err)) return error_json(err);
    const bool ok = app_.room().peer_message(id, capped(text, match::wire::kMaxGuestMessage), &err);
    return answer(ok, err);
  });
}

std::string WebRoom::peer_left(const char* peer) {
  return guarded([&] {
    std::string id, err;
    if (!short_text(peer, kMaxPeerId, "the peer id", &id, &err)) return error_json(err);
    return answer(app_.room().peer_left(id, &err), err);
  });
}

std::string WebRoom::host_message(const char* text) {
  return guarded([&] {
    std::string err;
    const bool ok = app_.room().host_message(capped(text, match::wire::kMaxHostMessage), &err);
    return answer(ok, err);
  });
}

std::string WebRoom::outbox() {
  return guarded([&] {
    json a = json::array();
    for (ui::RoomPlay::Outgoing& m : app_.room().take_outbox())
      a.push_back({{"peer", std::move(m.peer)}, {"text", std::move(m.text)}});
    return dump(a);
  });
}

std::string WebRoom::status() const {
  return guarded([&] {
    const ui::RoomPlay& room = app_.room();
    json j = {{"ok", true},
              {"open", room.open()},
              {"hosting", room.hosting()},
              {"joined", room.joined()},
              {"started", room.started()}};
    if (room.link()) j["room"] = room_json(*room.link());
    return dump(j);
  });
}

std::string WebRoom::close() {
  return guarded([&] {
    app_.leave_room();
    return ok_json();
  });
}

}  // namespace catan::web
