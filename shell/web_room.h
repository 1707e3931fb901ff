// WebRoom: the page's side of an online match (docs/MULTIPLAYER.md), behind the
// catan_web_room_* C functions (shell/web_room_exports.cpp). The page's transport (web/net/)
// carries texts; WebRoom hands them to the App's room (frontend/room_play.h) and gives back,
// as JSON, what the page must send. Every answer is {"ok":true,...} or {"ok":false,"error":...}
// and a refused input changes nothing. Native builds compile it too, for the tests.
//
//   room.host(config_json);                 // this page hosts (the lobby); its first human seat
//   room.peer_joined(peer);                 // hosting: a guest's channel opened
//   room.start();                           // hosting: the lobby ends, the game begins
//   room.connect(token, nonce);             // this page is a guest: the lobby, then Join
//   room.guest(seat, name, token);          // this page joins a host at once
//   room.peer_message(peer, text);          // hosting: a text from a guest's channel
//   room.host_message(text);                // joined: a text from the host's channel
//   for (m of JSON.parse(room.outbox())) send(m.peer, m.text);   // each frame
#pragma once
#include <string>

namespace catan {
class App;
namespace web {

class WebRoom {
 public:
  explicit WebRoom(App& app) : app_(app) {}

  std::string host(const char* config_json);
  std::string guest(int seat, const char* name, const char* token);
  std::string connect(const char* token, const char* nonce = "");
  std::string start();
  std::string peer_joined(const char* peer);
  // What the page tells the screens: the invitation (link, QR modules: N*N '0'/'1') and the
  // transport's state in words.
  std::string set_invite(const char* link, const char* qr);
  std::string set_connection(const char* text);
  // A room connected by codes (frontend/room_codes.h): what the page says of the exchange,
  // `kind` "open" (this room's transport is by codes), "code" (text: the code to show, qr: its
  // modules), "pasted", "busy", "status", "error", "failed" or "connected".
  std::string codes(const char* kind, const char* text, const char* qr);
  // The STUN/TURN servers the player's settings give (frontend/ice_servers.h).
  std::string ice_servers() const;
  // This page's seat played by a Normal AI from its view (the browser tests' whole games): mode
  // 0 off, 1 on, 2 on until the seat is in its turn's main phase holding a card (a trade's turn).
  std::string set_autoplay(int mode);
  std::string peer_message(const char* peer, const char* text);
  std::string peer_left(const char* peer);
  std::string host_message(const char* text);
  // The messages to send, drained: [{"peer":id,"text":...}], peer "" for the host.
  std::string outbox();
  // The room as this page holds it: open, hosting, seat, token, seats, refusal, verification;
  // `codes` (the code exchange) when the room connects by codes.
  std::string status() const;
  std::string close();

  // The host's reload (docs/MULTIPLAYER.md, "The host's reload"). Hosting: the room as a text
  // to keep, {"ok":true,"snapshot":text,"over":bool} (over: the game has ended, nothing to keep).
  std::string snapshot() const;
  // Hosts the room of a snapshot again (the app's game screen, no guest connected yet).
  std::string resume(const char* snapshot);
  // A guest: the host's channel closed (1: trying again, 2: no more tries) or is back (0).
  std::string host_away(int state);
  // A guest whose channel to the host opened again: the hello with the seat's token again,
  // the view held meanwhile; refused when this page holds no seat (then connect()).
  std::string rejoin();

  // Hosting, while the page draws no frames (a hidden tab): the room runs `dt_s` seconds on
  // (RoomPlay::tick). {"ok":true,"ran":bool}: false when no hosted room is open.
  std::string tick(double dt_s);
  // Test hooks (shell/web_test_hooks.cpp): the room's clock speed (RoomPlay::set_clock_scale);
  // and where the view of `seat` stands: hosting, the view the room sends it; joined, the last
  // view received. {"ok":true,"applied":n,"digest":"<observation>-<events>-<legal>"} (hex),
  // with the view's phase, to_move, current, turn, autopilot seats, timed_out seat and
  // timeout_moves ([seat, action]) and the seat's legal actions.
  std::string set_clock_scale(double scale);
  std::string probe(int seat) const;

 private:
  App& app_;
};

}  // namespace web
}  // namespace catan
