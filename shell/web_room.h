// WebRoom: the page's side of an online match (docs/MULTIPLAYER.md), behind the
// catan_web_room_* C functions (shell/web_room_exports.cpp). The page's transport (web/net/)
// carries texts; WebRoom hands them to the App's room (frontend/room_play.h) and gives back,
// as JSON, what the page must send. Every answer is {"ok":true,...} or {"ok":false,"error":...}
// and a refused input changes nothing. Native builds compile it too, for the tests.
//
//   room.host(config_json);                 // this page hosts (the lobby); its first human seat
//   room.peer_joined(peer);                 // hosting: a guest's channel opened
//   room.start();                           // hosting: the lobby ends, the game begins
//   room.connect(token);                    // this page is a guest: the lobby, then Join
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
  std::string connect(const char* token);
  std::string start();
  std::string peer_joined(const char* peer);
  // What the page tells the screens: the invitation (link, QR modules: N*N '0'/'1') and the
  // transport's state in words.
  std::string set_invite(const char* link, const char* qr);
  std::string set_connection(const char* text);
  // This page's seat played by a Normal AI from its view (the browser tests' whole games): mode
  // 0 off, 1 on, 2 on until the seat is in its turn's main phase holding a card (a trade's turn).
  std::string set_autoplay(int mode);
  std::string peer_message(const char* peer, const char* text);
  std::string peer_left(const char* peer);
  std::string host_message(const char* text);
  // The messages to send, drained: [{"peer":id,"text":...}], peer "" for the host.
  std::string outbox();
  // The room as this page holds it: open, hosting, seat, token, seats, refusal, verification.
  std::string status() const;
  std::string close();

 private:
  App& app_;
};

}  // namespace web
}  // namespace catan
