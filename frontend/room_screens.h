// The screens of an online room (docs/MULTIPLAYER.md), one function per window: the host's
// lobby (the seats and who took them, the invitation link and its QR code, Start game, Close
// room), the guest's lobby (connecting, the room's options and seats, a name, the open seats,
// Join; a notice once the game has started) and the line the game screen shows while in a
// room. The room setup screen is the New game form (NewGameForm::room, new_game_screen.h).
//
//   switch (draw_host_lobby(room, notice, now)) { case LobbyChoice::Start: room.start(&e); ... }
//   switch (draw_guest_lobby(room, lobby)) { case LobbyChoice::Join: room.join(...); ... }
#pragma once
#include <functional>
#include <string>

#include "frontend/game_frame.h"
#include "frontend/game_layout.h"
#include "frontend/room_play.h"

namespace catan::ui {

// The guest lobby's own state: the name typed and the seat picked (-1: any open one).
struct GuestLobbyState {
  char name[41] = "";  // at most wire::kMaxNameText bytes
  int seat = -1;
};

enum class LobbyChoice { None, Start, Close, CopyLink, Join };

// The host's lobby: Start (the game begins, open seats become bots), Close (the room ends),
// CopyLink (the page copies the invitation link).
// A room connected by codes shows the code exchange (room_codes.h) instead of the link.
LobbyChoice draw_host_lobby(RoomPlay& room, const Notice& notice, double now);
// The guest's lobby: Join (with lobby.name and lobby.seat; a spectator once the game has
// started) and Close (leave the room).
// Joining by codes, the code exchange (room_codes.h) until the host's room arrives.
LobbyChoice draw_guest_lobby(RoomPlay& room, GuestLobbyState& lobby);
// The part of the screen the lobby windows centre in (the room's chat takes the rest); the
// whole screen until set.
void set_lobby_area(const Rect& area);

// Over the game screen: the transport's state, when the page gave one.
void draw_room_connection(const RoomPlay& room);
// A guest's game while the host is away (RoomPlay::host_away): the board dimmed and held still
// under a card that says so, with the transport's words and "Leave room" (Close).
LobbyChoice draw_host_away(const RoomPlay& room);

// A QR code from its modules (N*N '0'/'1', dark '1'), `side` pixels square with its quiet zone
// of 4 modules, centred on the cursor's line.
void draw_qr_code(const std::string& modules, float side);

// What the screens tell the page about the room: "hosting" (a room opened; text "codes" when
// friends connect by codes), "copy-link", "closed" (the room was closed or left), and the
// code exchange's events (room_codes.h), some with a text. The web shell installs the listener
// (shell/web_page_hooks.cpp: Module.catanRoom({event, text})); natively nobody listens.
void set_room_listener(
    std::function<void(const std::string& event, const std::string& text)> listener);
void room_event(const std::string& event, const std::string& text = "");

}  // namespace catan::ui
