// The catan_web_room_* C functions the page's online play calls through Module.ccall
// (EMSCRIPTEN_KEEPALIVE): shell/web_room.h answers each. As in shell/web_exports.cpp, each
// returns a pointer into a static std::string valid until the next call of the same
// function, always JSON ({"ok":false,"error":...} when refused, or before the app is
// attached).
#include <string>

#include "shell/web_bridge.h"
#include "shell/web_export.h"
#include "shell/web_room.h"

namespace {

// body(room) into slot, or an error before the app is attached.
template <class Body>
const char* with_room(std::string& slot, Body&& body) {
  catan::web::WebRoom* room = catan::web::WebBridge::instance().room();
  slot = room ? body(*room) : std::string(R"({"ok":false,"error":"the app is not attached"})");
  return slot.c_str();
}

}  // namespace

// Hosts a match from a flat config (match::config_from_json): the first human seat plays on
// this page, the other human seats are open to guests. {"ok":true,"config":...,"commitment":...}.
CATAN_WEB_EXPORT const char* catan_web_room_host(const char* config_json) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.host(config_json); });
}

// Hosting: the lobby ends; seats nobody took become Normal bots and the game begins.
CATAN_WEB_EXPORT const char* catan_web_room_start() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.start(); });
}

// Hosting: guest `peer`'s channel opened; it receives the room to choose a seat from.
CATAN_WEB_EXPORT const char* catan_web_room_peer_joined(const char* peer) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.peer_joined(peer); });
}

// Hosting: the invitation link and its QR code (N*N characters '0'/'1', dark '1', row by
// row), shown on the lobby screen.
CATAN_WEB_EXPORT const char* catan_web_room_set_invite(const char* link, const char* qr) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.set_invite(link, qr); });
}

// The transport's state in words ("Waiting for friends", an error's message), shown on the
// lobby and game screens.
CATAN_WEB_EXPORT const char* catan_web_room_set_connection(const char* text) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.set_connection(text); });
}

// A guest page connecting to its host: the guest lobby. With the rejoin token saved for this
// room the hello goes at once; with "" the player picks a seat and joins.
// `nonce`: the page's part of the seeds saved with that token ("" for a fresh one), so the check
// at the end holds after a reload.
CATAN_WEB_EXPORT const char* catan_web_room_connect(const char* token, const char* nonce) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.connect(token, nonce); });
}

// Hosting: a text that arrived on guest `peer`'s channel.
CATAN_WEB_EXPORT const char* catan_web_room_peer_message(const char* peer, const char* text) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.peer_message(peer, text); });
}

// Hosting: guest `peer`'s channel closed (its seat stays reserved for its rejoin token).
CATAN_WEB_EXPORT const char* catan_web_room_peer_left(const char* peer) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.peer_left(peer); });
}

// Joins a host: the seat wanted (-1: any open one), the player's name and the rejoin token
// from an earlier status ("" the first time).
CATAN_WEB_EXPORT const char* catan_web_room_guest(int seat, const char* name, const char* token) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.guest(seat, name, token); });
}

// Joined: a text that arrived on the host's channel.
CATAN_WEB_EXPORT const char* catan_web_room_host_message(const char* text) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.host_message(text); });
}

// The texts to send, drained each frame: [{"peer":id,"text":...}], peer "" for the host.
CATAN_WEB_EXPORT const char* catan_web_room_outbox() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.outbox(); });
}

CATAN_WEB_EXPORT const char* catan_web_room_status() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.status(); });
}

// A room connected by codes: the page's word on the exchange (kind "code", "pasted", "busy",
// "status", "error", "connected"; shell/web_room.h).
CATAN_WEB_EXPORT const char* catan_web_room_codes(const char* kind, const char* text,
                                                  const char* qr) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.codes(kind, text, qr); });
}

// The STUN/TURN servers of the player's settings: {"ok":true,"mode","servers","errors"}.
CATAN_WEB_EXPORT const char* catan_web_room_ice_servers() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.ice_servers(); });
}

// Leaves the room for the New game screen.
CATAN_WEB_EXPORT const char* catan_web_room_close() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.close(); });
}

// The host's reload (docs/MULTIPLAYER.md, "The host's reload"). Hosting: the room as a text the
// page keeps, {"ok":true,"snapshot":text,"over":bool}.
CATAN_WEB_EXPORT const char* catan_web_room_snapshot() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.snapshot(); });
}

// Hosts the room of a kept snapshot again, after the host's page reloaded.
CATAN_WEB_EXPORT const char* catan_web_room_resume(const char* snapshot) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.resume(snapshot); });
}

// A guest: the host's channel closed (1: trying again, 2: no more tries) or is back (0).
CATAN_WEB_EXPORT const char* catan_web_room_host_away(int state) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.host_away(state); });
}

// A guest whose channel to the host opened again: the hello with its seat's token again.
CATAN_WEB_EXPORT const char* catan_web_room_rejoin() {
  static std::string out;
  return with_room(out, [](catan::web::WebRoom& r) { return r.rejoin(); });
}

// Hosting, while the page draws no frames (a hidden tab, whose animation frames the browser
// stops): the room runs `dt_s` seconds on, its bots, timers and views. web/net/room.js calls it
// from its interval. {"ok":true,"ran":false} when no hosted game is open.
CATAN_WEB_EXPORT const char* catan_web_room_tick(double dt_s) {
  static std::string out;
  return with_room(out, [&](catan::web::WebRoom& r) { return r.tick(dt_s); });
}
