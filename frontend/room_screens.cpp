// The online room's screens: see room_screens.h.
#include "frontend/room_screens.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "frontend/new_game_screen.h"
#include "frontend/room_codes.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

std::function<void(const std::string&, const std::string&)>& room_listener() {
  static std::function<void(const std::string&, const std::string&)> listener;
  return listener;
}

Rect& lobby_area_rect() {
  static Rect area;
  return area;
}

// A button a thumb hits on a phone held upright: at least kMinTouch tall.
float touch_height() {
  return std::max(kMinTouch, px(44));
}

// A lobby window: centred, as wide as a phone allows, scrolled by a drag when taller than the
// screen. end_lobby() closes it.
void begin_lobby(const char* id, const char* title) {
  const Rect& area = lobby_area_rect();
  const ImVec2 ds = area.empty() ? ImGui::GetIO().DisplaySize : area.size;
  const float margin = ds.x < kNarrowWidth ? 8.0f : 16.0f;
  const float w = std::min(520.0f * ui_scale(), ds.x - 2 * margin);
  ImGui::SetNextWindowPos(ImVec2(area.pos.x + ds.x * 0.5f, area.pos.y + ds.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, ds.y - 2 * margin));
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushFont(fonts().big);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%s", title);
  ImGui::PopFont();
}

void end_lobby() {
  drag_to_scroll();
  ImGui::End();
}

void wrapped_disabled(const std::string& text) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", text.c_str());
  ImGui::PopTextWrapPos();
}

const char* status_words(match::wire::SeatStatus s) {
  switch (s) {
    case match::wire::SeatStatus::Open:
      return "open";
    case match::wire::SeatStatus::Taken:
      return "taken";
    case match::wire::SeatStatus::Bot:
      return "bot";
  }
  return "";
}

// One line per seat: its colour, its name and what it is. `connected(s)`: "" or the guest's
// connection in words (the host knows it).
template <class Connected>
void seat_list(const match::wire::Room& r, Connected&& connected) {
  for (size_t s = 0; s < r.seats.size(); ++s) {
    const match::wire::RoomSeat& seat = r.seats[s];
    ImGui::TextColored(player_color_v4(static_cast<int>(s)), "\u25CF");
    ImGui::SameLine();
    const bool mine = static_cast<int>(s) == r.seat;
    const std::string how = connected(static_cast<int>(s));
    if (seat.status == match::wire::SeatStatus::Open)
      ImGui::TextDisabled("Seat %zu: open for a friend", s + 1);
    else if (mine)
      ImGui::Text("%s%s", seat.name.c_str(), seat.name == "You" ? "" : " (you)");
    else
      ImGui::Text("%s (%s%s%s)", seat.name.c_str(), status_words(seat.status),
                  how.empty() ? "" : ", ", how.c_str());
  }
}

// "4 players, 10 VP, balanced board, dice: random" from the room's options.
std::string options_summary(const GameOptions& o) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%d players, %d VP to win%s%s%s", o.players, o.vp_target,
                o.visibility == Visibility::Revealed ? "" : ", hidden island",
                o.dice == DiceMode::Balanced ? ", balanced dice" : "",
                o.start_with_one_of_each ? ", one of each to start" : "");
  return buf;
}

// The invitation link on one line, in a read-only field that scrolls (a link wrapped mid-word
// reads as two), and "Copy link" beside it, both `h` tall. True when Copy link was pressed.
bool invite_link_row(const std::string& link, float full, float h) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float copy_w = ImGui::CalcTextSize("Copy link").x + 2 * style.FramePadding.x + px(12);
  ImGui::PushStyleVar(
      ImGuiStyleVar_FramePadding,
      ImVec2(style.FramePadding.x, std::max(0.0f, (h - ImGui::GetFontSize()) * 0.5f)));
  std::vector<char> text(link.begin(), link.end());
  text.push_back('\0');
  ImGui::SetNextItemWidth(std::max(px(80), full - copy_w - style.ItemSpacing.x));
  ImGui::InputText("##room_link", text.data(), text.size(), ImGuiInputTextFlags_ReadOnly);
  test_id("room_link");
  ImGui::SameLine();
  const bool copy = button("room_copy_link", "Copy link", ImVec2(copy_w, h));
  ImGui::PopStyleVar();
  return copy;
}

void connection_line(const RoomPlay& room) {
  if (!room.connection().empty()) wrapped_disabled(room.connection());
}

}  // namespace

void set_lobby_area(const Rect& area) {
  lobby_area_rect() = area;
}

void set_room_listener(
    std::function<void(const std::string& event, const std::string& text)> listener) {
  room_listener() = std::move(listener);
}

void room_event(const std::string& event, const std::string& text) {
  if (room_listener()) room_listener()(event, text);
}

void draw_qr_code(const std::string& modules, float side) {
  size_t n = 0;
  while (n * n < modules.size()) ++n;
  if (n == 0 || n * n != modules.size()) return;
  constexpr int kQuiet = 4;  // the light margin a scanner needs around the code
  const float cell = std::floor(side / static_cast<float>(n + 2 * kQuiet));
  const float total = cell * static_cast<float>(n + 2 * kQuiet);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() +
                       std::max(0.0f, (ImGui::GetContentRegionAvail().x - total) * 0.5f));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + total, p.y + total), IM_COL32(255, 255, 255, 255));
  for (size_t y = 0; y < n; ++y)
    for (size_t x = 0; x < n; ++x) {
      if (modules[y * n + x] != '1') continue;
      const ImVec2 a(p.x + cell * static_cast<float>(x + kQuiet),
                     p.y + cell * static_cast<float>(y + kQuiet));
      dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), IM_COL32(0, 0, 0, 255));
    }
  ImGui::Dummy(ImVec2(total, total));
  test_id("room_qr");
}

LobbyChoice draw_host_lobby(RoomPlay& room, const Notice& notice, double now) {
  LobbyChoice choice = LobbyChoice::None;
  begin_lobby("Room lobby", "Your room");
  const float bh = touch_height(), full = ImGui::GetContentRegionAvail().x;
  const match::HostRoom* host = room.room();
  const auto& r = room.link() ? room.link()->room() : std::nullopt;
  if (r) {
    wrapped_disabled(options_summary(r->config.options));
    seat_list(*r, [&](int s) -> std::string {
      if (r->seats[static_cast<size_t>(s)].status != match::wire::SeatStatus::Taken || s == r->seat)
        return "";
      return host && host->seat_connected(s) ? "connected" : "disconnected";
    });
  }
  ImGui::Spacing();
  connection_line(room);
  if (room.codes().on) {
    draw_host_codes(room.codes(), full, bh);
  } else if (room.invite_link().empty()) {
    wrapped_disabled("Making the invitation link...");
  } else {
    ImGui::TextUnformatted("Invite friends with this link:");
    if (invite_link_row(room.invite_link(), full, bh)) choice = LobbyChoice::CopyLink;
    if (!room.invite_qr().empty()) {
      // Big enough for a phone's camera across a table, never wider than the window.
      const float side = std::min(full, std::max(px(240), 240.0f));
      draw_qr_code(room.invite_qr(), side);
    }
  }
  ImGui::Spacing();
  wrapped_disabled("Seats nobody takes are played by Normal bots.");
  ImGui::PushFont(fonts().bold);
  if (button("room_start", "Start game", ImVec2(full, bh * 1.2f))) choice = LobbyChoice::Start;
  ImGui::PopFont();
  if (button("room_close", "Close room", ImVec2(full, bh))) choice = LobbyChoice::Close;
  if (notice.visible(now)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", notice.text.c_str());
    ImGui::PopTextWrapPos();
  }
  end_lobby();
  return choice;
}

LobbyChoice draw_guest_lobby(RoomPlay& room, GuestLobbyState& lobby) {
  LobbyChoice choice = LobbyChoice::None;
  const auto& r = room.link() ? room.link()->room() : std::nullopt;
  // A saved token's hello has gone before the host answered: this page is taking its seat back.
  const bool rejoining = !r && room.joined();
  begin_lobby("Guest lobby", rejoining ? "Rejoining the game" : "Join a game");
  const float bh = touch_height(), full = ImGui::GetContentRegionAvail().x;
  if (!r && room.codes().on) {
    draw_guest_codes(room.codes(), full, bh);
    connection_line(room);
  } else if (rejoining) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        "Taking your seat back: the table shows the game as it is now once the host answers.");
    ImGui::PopTextWrapPos();
    connection_line(room);
  } else if (!r) {
    ImGui::TextUnformatted("Connecting to the host...");
    connection_line(room);
  } else {
    wrapped_disabled(options_summary(r->config.options));
    seat_list(*r, [](int) { return std::string(); });
    connection_line(room);
    ImGui::Spacing();
    const bool seat_open =
        std::any_of(r->seats.begin(), r->seats.end(), [](const match::wire::RoomSeat& seat) {
          return seat.status == match::wire::SeatStatus::Open;
        });
    if (room.joined()) {
      wrapped_disabled(r->seat >= 0 ? "You have a seat. Waiting for the host to start..."
                       : seat_open  ? "Joining..."
                                    : "Every seat is taken: you will watch once the host starts "
                                      "the game.");
    } else if (r->started || !seat_open) {
      wrapped_disabled(
          r->started ? "The game has started and every seat is taken: you can watch."
                     : "Every seat is taken. You can watch the game once the host starts it.");
      if (button("room_watch", "Watch the game", ImVec2(full, bh))) {
        lobby.seat = -1;
        choice = LobbyChoice::Join;
      }
    } else {
      ImGui::TextUnformatted("Your name");
      ImGui::SetNextItemWidth(-FLT_MIN);
      ImGui::InputTextWithHint("##room_name", "Guest", lobby.name, sizeof lobby.name);
      test_id("room_name");
      ImGui::TextUnformatted("Pick a seat");
      for (size_t s = 0; s < r->seats.size(); ++s) {
        if (r->seats[s].status != match::wire::SeatStatus::Open) continue;
        char id[40], label[48];
        std::snprintf(id, sizeof id, "room_seat_%zu", s);
        std::snprintf(label, sizeof label, "%sSeat %zu",
                      lobby.seat == static_cast<int>(s) ? "> " : "", s + 1);
        if (button(id, label, ImVec2(full, bh))) lobby.seat = static_cast<int>(s);
      }
      ImGui::PushFont(fonts().bold);
      if (button("room_join", lobby.seat >= 0 ? "Join" : "Join (any open seat)",
                 ImVec2(full, bh * 1.2f)))
        choice = LobbyChoice::Join;
      ImGui::PopFont();
    }
  }
  if (button("room_leave", "Leave", ImVec2(full, bh))) choice = LobbyChoice::Close;
  end_lobby();
  return choice;
}

void draw_room_connection(const RoomPlay& room) {
  if (room.connection().empty()) return;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const char* text = room.connection().c_str();
  const ImVec2 size = ImGui::CalcTextSize(text);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 at(4, ds.y - size.y - 4);
  dl->AddRectFilled(ImVec2(at.x - 2, at.y - 2), ImVec2(at.x + size.x + 2, at.y + size.y + 2),
                    IM_COL32(0, 0, 0, 140), 3.0f);
  dl->AddText(at, theme().text, text);
}

// A window over the whole screen takes the pointer from the board below; the card is on top.
LobbyChoice draw_host_away(const RoomPlay& room) {
  if (room.host_away() == RoomPlay::HostAway::No) return LobbyChoice::None;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ds, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.55f);
  ImGui::SetNextWindowFocus();
  ImGui::Begin("##host_away_shade", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::End();
  ImGui::SetNextWindowFocus();
  const bool gave_up = room.host_away() == RoomPlay::HostAway::GaveUp;
  begin_lobby("Host away", gave_up ? "The host has not come back" : "The host is away");
  const float bh = touch_height(), full = ImGui::GetContentRegionAvail().x;
  ImGui::PushTextWrapPos(0);
  if (gave_up) {
    ImGui::TextUnformatted(
        "Your seat is kept for you. When the host is back, open the invitation link again to "
        "take it back, or leave the room.");
  } else {
    ImGui::TextUnformatted(
        "Waiting for them to come back. The game goes on from here when they do; your seat is "
        "kept for you.");
  }
  ImGui::PopTextWrapPos();
  test_id("host_away");
  connection_line(room);
  ImGui::Spacing();
  const LobbyChoice choice = button("host_away_leave", "Leave room", ImVec2(full, bh))
                                 ? LobbyChoice::Close
                                 : LobbyChoice::None;
  end_lobby();
  return choice;
}

}  // namespace catan::ui
