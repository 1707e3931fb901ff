// The room's chat: see chat_view.h.
#include "frontend/chat_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

using match::wire::ChatLine;

// The lobby's chat beside the lobby window, and the lobby window's own width.
constexpr float kSideChatWidth = 340, kLobbyWidth = 520, kMargin = 16;

float touch_h() {
  return std::max(44 * ui_scale(), ImGui::GetFrameHeight());
}

bool wide(ImVec2 ds) {
  return ds.x >= (kLobbyWidth + kSideChatWidth) * ui_scale() + 3 * kMargin;
}

// The narrow lobby's chat bar: a full-width button with a margin of 6 around it.
constexpr float kBarMargin = 6;
float bar_height() {
  return 44 * ui_scale() + 2 * kBarMargin;
}
// Narrow: the top of the open chat sheet.
float sheet_top(ImVec2 ds) {
  return std::max(ds.y * 0.3f, ds.y - bar_height() - 520 * ui_scale());
}

int my_seat(const ChatFeed& f) {
  return f.room ? f.room->seat : -1;
}

std::string sender(const ChatLine& l) {
  const std::string name = l.name.empty() ? "Someone" : l.name;
  return l.seat < 0 ? name + " (watching)" : name;
}

// The people who may be muted: the taken seats but the viewer's, then the spectators who spoke.
struct Person {
  int seat;
  std::string name;
};
std::vector<Person> people(const ChatFeed& f) {
  std::vector<Person> out;
  if (f.room)
    for (size_t s = 0; s < f.room->seats.size(); ++s)
      if (f.room->seats[s].status == match::wire::SeatStatus::Taken &&
          static_cast<int>(s) != f.room->seat)
        out.push_back({static_cast<int>(s), f.room->seats[s].name});
  if (f.lines)
    for (const ChatLine& l : *f.lines)
      if (l.seat < 0 && std::none_of(out.begin(), out.end(), [&](const Person& p) {
            return p.seat < 0 && p.name == l.name;
          }))
        out.push_back({-1, l.name});
  return out;
}

void draw_people(ChatViewState& st, float bh) {
  const std::vector<Person> ps = people(st.feed);
  ImGui::TextDisabled("Mute hides a player's lines on this screen only.");
  if (ps.empty()) ImGui::TextDisabled("Nobody else has joined yet.");
  for (size_t i = 0; i < ps.size(); ++i) {
    const Person& p = ps[i];
    const bool muted = st.muted(ChatLine{p.seat, p.name, ""});
    char id[32], label[96];
    if (p.seat >= 0)
      std::snprintf(id, sizeof id, "chat_mute_%d", p.seat);
    else
      std::snprintf(id, sizeof id, "chat_mute_w%zu", i);
    std::snprintf(label, sizeof label, "%s %s%s", muted ? "Unmute" : "Mute", p.name.c_str(),
                  muted ? "  (muted)" : "");
    if (p.seat >= 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, player_color_v4(p.seat));
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted("\u25CF");
      ImGui::PopStyleColor();
      ImGui::SameLine();
    }
    if (button(id, label, ImVec2(ImGui::GetContentRegionAvail().x, bh)))
      st.toggle_mute(p.seat, p.name);
  }
}

void draw_lines(ChatViewState& st) {
  const ChatFeed& f = st.feed;
  int hidden = 0;
  std::string muted_names;
  for (const Person& p : people(f))
    if (st.muted(ChatLine{p.seat, p.name, ""}))
      muted_names += (muted_names.empty() ? "" : ", ") + p.name;
  if (!muted_names.empty()) ImGui::TextDisabled("Muted: %s", muted_names.c_str());
  if (!f.lines || f.lines->empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(f.can_send ? "No messages yet. Say hello!"
                                   : "Join the room to chat with the others.");
    ImGui::PopTextWrapPos();
  } else {
    ImGui::PushTextWrapPos(0);
    const size_t first = f.total - f.lines->size();  // the number of the first line held
    for (size_t i = 0; i < f.lines->size(); ++i) {
      const ChatLine& l = (*f.lines)[i];
      if (st.muted(l)) {
        ++hidden;
        continue;
      }
      ImGui::PushFont(fonts().bold);
      ImGui::TextColored(
          l.seat >= 0 ? player_color_v4(l.seat) : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
          "%s", sender(l).c_str());
      ImGui::PopFont();
      ImGui::SameLine(0, 0);
      ImGui::TextUnformatted(": ");
      ImGui::SameLine(0, 0);
      ImGui::TextUnformatted(l.text.c_str(), l.text.c_str() + l.text.size());
      char id[32];
      std::snprintf(id, sizeof id, "chat_line_%zu", first + i);  // numbered from 0 as received
      test_id(id);
    }
    ImGui::PopTextWrapPos();
    if (hidden > 0)
      ImGui::TextDisabled("%d line%s from muted players hidden", hidden, hidden == 1 ? "" : "s");
  }
  // New lines scroll into view unless the reader has scrolled up.
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 4 * ui_scale() || st.seen < f.total)
    ImGui::SetScrollHereY(1.0f);
}

}  // namespace

bool ChatViewState::muted(const ChatLine& line) const {
  return line.seat >= 0 ? muted_seats.count(line.seat) > 0 : muted_watchers.count(line.name) > 0;
}

void ChatViewState::toggle_mute(int seat, const std::string& name) {
  if (seat >= 0) {
    if (!muted_seats.erase(seat)) muted_seats.insert(seat);
  } else if (!muted_watchers.erase(name)) {
    muted_watchers.insert(name);
  }
}

int ChatViewState::unread() const {
  if (!feed.lines || feed.total <= seen) return 0;
  const size_t fresh = std::min(feed.total - seen, feed.lines->size());
  int n = 0;
  for (size_t i = feed.lines->size() - fresh; i < feed.lines->size(); ++i) {
    const ChatLine& l = (*feed.lines)[i];
    if (!muted(l) && !(l.seat >= 0 && l.seat == my_seat(feed))) ++n;
  }
  return n;
}

bool ChatViewState::send_input() {
  const std::string text = match::wire::plain_chat_text(input);
  input[0] = '\0';
  if (text.empty() || !feed.can_send) return false;
  to_send = text;
  return true;
}

void draw_chat_panel(ChatViewState& st, bool touch) {
  const float bh = touch ? touch_h() : ImGui::GetFrameHeight();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_h = bh + style.ItemSpacing.y;
  ImGui::BeginChild("chat_lines", ImVec2(0, std::max(bh, ImGui::GetContentRegionAvail().y - row_h)),
                    false);
  if (st.people_open)
    draw_people(st, bh);
  else
    draw_lines(st);
  drag_to_scroll();
  ImGui::EndChild();
  st.seen = st.feed.total;  // in view: read

  // The field, Send and Mute on one row, `bh` tall.
  const float send_w = ImGui::CalcTextSize("Send").x + 2 * style.FramePadding.x + px(16);
  const char* mute_label = st.people_open ? "Back" : "Mute...";
  const float mute_w = ImGui::CalcTextSize("Mute...").x + 2 * style.FramePadding.x + px(8);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                      ImVec2(style.FramePadding.x,
                             std::max(style.FramePadding.y, (bh - ImGui::GetFontSize()) * 0.5f)));
  const float field_w =
      ImGui::GetContentRegionAvail().x - send_w - mute_w - 2 * style.ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(px(60), field_w));
  if (st.refocus) {
    ImGui::SetKeyboardFocusHere();
    st.refocus = false;
  }
  const bool enter =
      ImGui::InputTextWithHint("##chat_input", st.feed.can_send ? "Message" : "Join to chat",
                               st.input, sizeof st.input, ImGuiInputTextFlags_EnterReturnsTrue);
  test_id("chat_input");
  ImGui::SameLine();
  const bool can = st.feed.can_send && st.input[0] != '\0';
  const bool send = button("chat_send", "Send", ImVec2(send_w, bh), can,
                           st.feed.can_send ? "Type a message first" : "Join the room first");
  ImGui::SameLine();
  if (button("chat_people", mute_label, ImVec2(mute_w, bh))) st.people_open = !st.people_open;
  ImGui::PopStyleVar();
  if (enter || send) {
    st.send_input();
    st.refocus = enter;  // Enter keeps typing; a tap on Send lets the keyboard go
  }
}

Rect lobby_area(const ChatViewState& st, ImVec2 ds) {
  if (wide(ds)) return {ImVec2(0, 0), ImVec2(ds.x - kSideChatWidth * ui_scale() - kMargin, ds.y)};
  return {ImVec2(0, 0), ImVec2(ds.x, st.sheet_open ? sheet_top(ds) : ds.y - bar_height())};
}

void draw_lobby_chat(ChatViewState& st) {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  if (wide(ds)) {
    const float w = kSideChatWidth * ui_scale();
    ImGui::SetNextWindowPos(ImVec2(ds.x - w - kMargin, kMargin));
    ImGui::SetNextWindowSize(ImVec2(w, ds.y - 2 * kMargin));
    ImGui::Begin("Room chat", nullptr, flags);
    ImGui::PushFont(fonts().bold);
    ImGui::TextUnformatted("Chat");
    ImGui::PopFont();
    draw_chat_panel(st, touch_ui());
    ImGui::End();
    return;
  }
  // Narrow: the bar, and over the lobby's lower part the sheet while open.
  const float bh = bar_height();
  if (st.sheet_open) {
    const float top = sheet_top(ds);
    ImGui::SetNextWindowPos(ImVec2(0, top));
    ImGui::SetNextWindowSize(ImVec2(ds.x, ds.y - bh - top));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.11f, 0.13f, 0.17f, 1.0f));
    ImGui::Begin("Room chat", nullptr, flags);
    draw_chat_panel(st, true);
    ImGui::End();
    ImGui::PopStyleColor();
  }
  begin_bare_window("##chat_bar", Rect{ImVec2(kBarMargin, ds.y - bh + kBarMargin),
                                       ImVec2(ds.x - 2 * kBarMargin, bh - 2 * kBarMargin)});
  const int unread = st.unread();
  char label[48];
  if (st.sheet_open)
    std::snprintf(label, sizeof label, "Close chat");
  else if (unread > 0)
    std::snprintf(label, sizeof label, "Chat (%d new)", unread);
  else
    std::snprintf(label, sizeof label, "Chat");
  if (button("chat_open", label, ImVec2(ImGui::GetContentRegionAvail().x, 44 * ui_scale())))
    st.sheet_open = !st.sheet_open;
  end_bare_window();
}

}  // namespace catan::ui
