// WebRoom: see web_room.h.
#include "shell/web_room.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "frontend/app.h"
#include "frontend/ice_servers.h"
#include "frontend/log_view.h"
#include "frontend/room_play.h"
#include "match/verify.h"
#include "match/web_save.h"
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

// A room connected by codes: the exchange as the lobby shows it.
json codes_json(const ui::RoomCodes& c) {
  return {{"code", c.code}, {"status", c.status},   {"error", c.error},
          {"busy", c.busy}, {"friends", c.friends}, {"typed", std::string(c.typed)}};
}

json room_json(const match::GuestLink& link) {
  json j = json::object();
  if (const auto& room = link.room()) {
    json seats = json::array();
    for (const match::wire::RoomSeat& s : room->seats)
      seats.push_back({{"name", s.name}, {"status", match::wire::kSeatStatusNames.name(s.status)}});
    j = {{"seat", room->seat}, {"token", room->token}, {"nonce", link.nonce()}, {"seats", seats}};
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

std::string WebRoom::connect(const char* token, const char* nonce) {
  return guarded([&] {
    std::string t, n, err;
    if (!short_text(token, match::wire::kMaxTokenText, "the rejoin token", &t, &err) ||
        !short_text(nonce, 64, "the saved nonce", &n, &err))
      return error_json(err);
    if (!n.empty() && !match::valid_nonce(n))
      return error_json("the saved nonce is not 32 lowercase hex digits");
    app_.connect_room(t, n);
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

std::string WebRoom::codes(const char* kind, const char* text, const char* qr) {
  return guarded([&] {
    std::string k, t, q, err;
    if (!short_text(kind, 16, "the kind", &k, &err) ||
        !short_text(text, kMaxConnectionText, "the text", &t, &err) ||
        !short_text(qr, kMaxQrSide * kMaxQrSide, "the QR code", &q, &err))
      return error_json(err);
    ui::RoomPlay& room = app_.room();
    if (!room.open()) return error_json("no room is open here");
    // The page's transport is by codes: the lobby shows the exchange (a room opened by
    // catan_web_room_host and not from the setup form learns it here).
    if (k == "open") {
      room.codes().on = true;
      return ok_json();
    }
    if (!room.codes().on) return error_json("no room connects by codes here");
    if (!q.empty()) {
      size_t n = 0;
      while (n * n < q.size()) ++n;
      if (n * n != q.size() || n < kMinQrSide || q.find_first_not_of("01") != std::string::npos)
        return error_json("the QR code is not a square of 21 to 177 modules a side of 0 and 1");
    }
    if (k == "code" && t.empty()) return error_json("no code to show");
    if (!room.codes().update(k, t, q)) return error_json("unknown kind \"" + k + "\"");
    return ok_json();
  });
}

std::string WebRoom::ice_servers() const {
  return guarded([&] { return ui::ice_servers_json(ui::settings()); });
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
    if (room.codes().on) j["codes"] = codes_json(room.codes());
    return dump(j);
  });
}

std::string WebRoom::tick(double dt_s) {
  return guarded([&] {
    ui::RoomPlay& room = app_.room();
    const bool ran = room.hosting() && room.started() && std::isfinite(dt_s);
    // Nothing is drawn, and a hidden tab's interval runs about once a second: a longer slice.
    if (ran) room.tick(dt_s, 30.0);
    return dump(json{{"ok", true}, {"ran", ran}});
  });
}

std::string WebRoom::set_clock_scale(double scale) {
  return guarded([&] {
    if (!std::isfinite(scale) || scale < 1 || scale > 20)
      return error_json("the clock scale is not between 1 and 20");
    app_.room().set_clock_scale(scale);
    return ok_json();
  });
}

std::string WebRoom::probe(int seat) const {
  return guarded([&] {
    ui::RoomPlay& room = app_.room();
    match::ViewDigest d;
    json j = {{"ok", true}};
    // The view's turn, the autopilot seats, the time-out notice and the moves made after time-outs.
    const auto turn = [&j](const GameState& s, const auto& autopilot, int timed_out,
                           const std::vector<match::TimeoutMove>& moves,
                           const std::vector<Action>& legal) {
      json l = json::array();
      for (const Action& a : legal) l.push_back(a.to_string());
      j["legal"] = l;
      j["phase"] = static_cast<int>(s.phase);
      j["to_move"] = s.to_move();
      j["current"] = s.current;
      j["turn"] = s.turn;
      j["autopilot"] = autopilot;
      j["timed_out"] = timed_out;
      json m = json::array();
      for (const match::TimeoutMove& t : moves) m.push_back({t.seat, t.action.to_string()});
      j["timeout_moves"] = m;
    };
    if (room.room() && room.room()->started()) {
      if (seat < -1 || seat >= room.room()->config().options.players)
        return error_json("no such seat");
      const match::SeatView v = room.room()->view_for(seat);
      d = match::digest_view(v);
      turn(room.room()->game().state(), v.autopilot, v.timed_out_seat, v.timeout_moves, v.legal);
    } else if (room.link() && room.match() && !room.link()->record().views.empty()) {
      d = room.link()->record().views.back();
      const match::ViewMatch& m = *room.match();
      std::array<bool, kMaxPlayers> autopilot{};
      for (int s = 0; s < kMaxPlayers; ++s) autopilot[static_cast<size_t>(s)] = m.on_autopilot(s);
      turn(m.observation().view, autopilot, m.timed_out_seat(), m.timeout_moves(),
           m.legal_actions());
    } else {
      return error_json("no view yet");
    }
    char digest[64];
    std::snprintf(digest, sizeof digest, "%016llx-%016llx-%016llx",
                  static_cast<unsigned long long>(d.observation),
                  static_cast<unsigned long long>(d.events),
                  static_cast<unsigned long long>(d.legal));
    j["applied"] = d.actions_applied;
    j["digest"] = digest;
    return dump(j);
  });
}

std::string WebRoom::close() {
  return guarded([&] {
    app_.leave_room();
    return ok_json();
  });
}

// ------------------------------------------------------------------ the host's reload
std::string WebRoom::snapshot() const {
  return guarded([&] {
    const ui::RoomPlay& room = app_.room();
    if (!room.hosting()) return error_json("no room is hosted here");
    return dump(json{{"ok", true}, {"snapshot", room.snapshot()}, {"over", room.game_over()}});
  });
}

std::string WebRoom::resume(const char* snapshot) {
  return guarded([&] {
    std::string err;
    const std::string_view text = capped(snapshot, match::kMaxWebSaveText);
    if (text.size() > match::kMaxWebSaveText) return error_json("the saved room is over 16 MiB");
    if (!app_.resume_room(text, &err)) return error_json(err);
    const ui::RoomPlay& room = app_.room();
    return dump(json{{"ok", true}, {"started", room.started()}, {"over", room.game_over()}});
  });
}

std::string WebRoom::host_away(int state) {
  return guarded([&] {
    ui::RoomPlay& room = app_.room();
    if (!room.open() || room.hosting()) return error_json("no room is joined here");
    if (state < 0 || state > 2) return error_json("the state is 0, 1 or 2");
    room.set_host_away(static_cast<ui::RoomPlay::HostAway>(state));
    return ok_json();
  });
}

std::string WebRoom::rejoin() {
  return guarded([&] {
    std::string err;
    return answer(app_.room().rejoin(&err), err);
  });
}

}  // namespace catan::web
