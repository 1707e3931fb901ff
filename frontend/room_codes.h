// A room connected by codes, with no third party (docs/MULTIPLAYER.md, "Codes"): the host makes
// an invite code per friend, the friend's page answers it with an answer code, the host pastes
// that and the data channel opens. The page's transport (web/net/manual.js) makes and reads the
// codes; these are the lobby's parts of it, and the state the page fills in.
//
//   hosting: draw_host_codes(room.codes(), ...)   "Make an invite code", the code with Copy and
//            its QR code, the friend's answer with Paste, Connect; one friend after another
//   a guest: draw_guest_codes(room.codes(), ...)  the host's code with Paste, "Make my answer
//            code", then the answer with Copy and its QR code while the host pastes it
//
// The buttons tell the page through room_event (room_screens.h): "make-invite",
// "accept-answer" (text: the answer typed), "answer-invite" (text: the invite typed),
// "copy-code" (text: the code shown), "paste-code" (the page reads its clipboard and gives the
// text back as RoomCodes::typed).
#pragma once
#include <string>

namespace catan::ui {

struct RoomCodes {
  bool on = false;       // this room connects by codes (else by the invitation link)
  std::string code, qr;  // the code this page shows (hosting: the invite; a guest: its answer)
  std::string status;    // the page's last word on the exchange ("" none)
  bool error = false;    // status is an error
  bool busy = false;     // the page is making a code or connecting
  int friends = 0;       // hosting: friends connected by code so far
  char typed[512] = "";  // the code pasted here (hosting: a friend's answer; a guest: the invite)
  bool pasted = false;   // a paste arrived: the lobby scrolls its next button into view once

  // What the page says (shell/web_room.h, catan_web_room_codes): kind "code" (text, qr: the
  // code to show), "pasted" (text into the field), "busy", "status", "error", "failed" (the
  // code shown is spent: cleared, the text an error), "connected" (a friend's channel opened:
  // the code and the field are cleared). False for an unknown kind.
  bool update(const std::string& kind, const std::string& text, const std::string& qr);
};

// The host lobby's part: `full` the width, `bh` a button's height.
void draw_host_codes(RoomCodes& codes, float full, float bh);
// The guest lobby's part before the host's room arrives.
void draw_guest_codes(RoomCodes& codes, float full, float bh);

}  // namespace catan::ui
