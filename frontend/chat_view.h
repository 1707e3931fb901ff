// The room's chat (docs/MULTIPLAYER.md, "Chat and trades"), one function per window: the lines
// under their senders' names in their seats' colours, a field (at most wire::kMaxChatText bytes,
// made plain before it goes: wire::plain_chat_text), Send (or Enter), and a list of the people
// in the room to mute. A muted player's lines are hidden on this page only, for as long as the
// room is open. The chat shows beside or under the lobby (draw_lobby_chat) and as a tab of the
// game's side panel, or its phone sheet (frontend/side_tabs.h, draw_chat_panel).
//
//   chat.feed = {&room.chat(), room.chat_total(), room_msg, room.joined()};
//   draw_lobby_chat(chat);                      // or the side tab draws draw_chat_panel
//   if (!chat.to_send.empty()) room.say(std::exchange(chat.to_send, {}), &error);
#pragma once
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "frontend/game_layout.h"
#include "match/wire.h"

namespace catan::ui {

// What the chat shows this frame, from the room.
struct ChatFeed {
  const std::vector<match::wire::ChatLine>* lines = nullptr;  // the last ones received
  size_t total = 0;                         // lines received in all (lines holds the last)
  const match::wire::Room* room = nullptr;  // the seats and the viewer's seat; null before
  bool can_send = false;                    // joined: the host takes this page's lines
};

struct ChatViewState {
  ChatFeed feed;  // set by the App each frame
  char input[match::wire::kMaxChatText + 1] = "";
  std::string to_send;  // a line the player sent this frame, plain; the App passes it on
  size_t seen = 0;      // feed.total when the lines were last in view
  std::set<int> muted_seats;
  std::set<std::string> muted_watchers;  // spectators have no seat: by name
  bool people_open = false;              // the list of people to mute shows instead of the lines
  bool sheet_open = false;               // narrow lobby: the chat sheet is open
  bool refocus = false;                  // after Enter: the field keeps the keyboard

  bool muted(const match::wire::ChatLine& line) const;
  void toggle_mute(int seat, const std::string& name);
  // Lines past `seen` from others and not muted.
  int unread() const;
  // Sends what the field holds, made plain, and clears it; false when nothing is left.
  bool send_input();
};

// Into the current window: the lines (or the people to mute), then the field, Send and Mute.
// `touch`: controls 44 points high.
void draw_chat_panel(ChatViewState& st, bool touch);

// Where the lobby centres its window while the chat shows: beside it when the screen is wide
// enough for both, else above the chat bar at the bottom (above the sheet while it is open).
Rect lobby_area(const ChatViewState& st, ImVec2 display);
// The lobby's chat: a window beside the lobby on a wide screen; else a bar across the bottom
// ("Chat (2)") a thumb opens and closes it with, as a sheet over the lower part of the screen.
void draw_lobby_chat(ChatViewState& st);

}  // namespace catan::ui
