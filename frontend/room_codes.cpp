// Connecting a room by codes: see room_codes.h.
#include "frontend/room_codes.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "frontend/room_screens.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

bool RoomCodes::update(const std::string& kind, const std::string& text, const std::string& q) {
  if (kind == "code") {
    code = text;
    qr = q;
    status.clear();
    busy = error = false;
  } else if (kind == "pasted") {
    const size_t n = std::min(text.size(), sizeof typed - 1);
    std::memcpy(typed, text.data(), n);
    typed[n] = '\0';
    pasted = true;
  } else if (kind == "busy" || kind == "status" || kind == "error") {
    status = text;
    error = kind == "error";
    busy = kind == "busy";
  } else if (kind == "failed") {  // the code shown is spent: a new one is needed
    code.clear();
    qr.clear();
    typed[0] = '\0';
    status = text;
    error = true;
    busy = false;
  } else if (kind == "connected") {
    code.clear();
    qr.clear();
    typed[0] = '\0';
    status = text;
    busy = error = false;
    ++friends;
  } else {
    return false;
  }
  return true;
}

namespace {

void wrapped(const char* text) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
}

// A field and a button beside it, both `h` tall; the field read-only when `read_only`. True
// when the button was pressed.
bool field_row(const char* field_id, char* buf, size_t size, bool read_only, const char* hint,
               const char* button_id, const char* label, float full, float h) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float bw = ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x + px(12);
  ImGui::PushStyleVar(
      ImGuiStyleVar_FramePadding,
      ImVec2(style.FramePadding.x, std::max(0.0f, (h - ImGui::GetFontSize()) * 0.5f)));
  ImGui::SetNextItemWidth(std::max(px(80), full - bw - style.ItemSpacing.x));
  char id[48];
  std::snprintf(id, sizeof id, "##%s", field_id);
  ImGui::InputTextWithHint(id, hint, buf, size,
                           read_only ? ImGuiInputTextFlags_ReadOnly : ImGuiInputTextFlags_None);
  test_id(field_id);
  ImGui::SameLine();
  const bool pressed = button(button_id, label, ImVec2(bw, h));
  ImGui::PopStyleVar();
  return pressed;
}

// The code this page shows, on one line with Copy, and its QR code below.
void shown_code(RoomCodes& codes, float full, float h) {
  std::vector<char> text(codes.code.begin(), codes.code.end());
  text.push_back('\0');
  if (field_row("room_code", text.data(), text.size(), true, "", "room_copy_code", "Copy", full, h))
    room_event("copy-code", codes.code);
  if (!codes.qr.empty()) draw_qr_code(codes.qr, std::min(full, std::max(px(220), 220.0f)));
}

void status_line(const RoomCodes& codes) {
  if (codes.status.empty()) return;
  ImGui::PushTextWrapPos(0);
  if (codes.error)
    ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", codes.status.c_str());
  else
    ImGui::TextDisabled("%s", codes.status.c_str());
  ImGui::PopTextWrapPos();
  test_id("room_code_status");
}

// After a paste, the button that uses the code and the status line under it come into view (on
// a small screen they are below the fold, under the QR code).
void scroll_after_paste(RoomCodes& codes) {
  if (!codes.pasted) return;
  ImGui::SetScrollHereY(1.0f);
  codes.pasted = false;
}

}  // namespace

void draw_host_codes(RoomCodes& codes, float full, float bh) {
  if (codes.code.empty()) {
    wrapped(codes.friends ? "Invite the next friend: make a new code for each one."
                          : "Invite friends with codes, one friend at a time. Nothing goes "
                            "through a server: you swap two codes by chat, mail or a QR code.");
    if (button("room_make_invite", codes.busy ? "Making the code..." : "Make an invite code",
               ImVec2(full, bh), !codes.busy))
      room_event("make-invite");
    status_line(codes);
    return;
  }
  wrapped("1. Send this invite code to one friend:");
  shown_code(codes, full, bh);
  wrapped("2. Paste the answer code your friend sends back:");
  if (field_row("room_answer_code", codes.typed, sizeof codes.typed, false, "answer code",
                "room_paste_answer", "Paste", full, bh))
    room_event("paste-code");
  const bool can = codes.typed[0] != '\0' && !codes.busy;
  if (button("room_connect_answer", codes.busy ? "Connecting..." : "Connect", ImVec2(full, bh),
             can))
    room_event("accept-answer", codes.typed);
  status_line(codes);
  scroll_after_paste(codes);
  if (button("room_new_invite", "Make a new code instead", ImVec2(full, bh), !codes.busy))
    room_event("make-invite");
}

void draw_guest_codes(RoomCodes& codes, float full, float bh) {
  if (codes.code.empty()) {
    wrapped("Paste the invite code your host sent you:");
    if (field_row("room_invite_code", codes.typed, sizeof codes.typed, false, "invite code",
                  "room_paste_invite", "Paste", full, bh))
      room_event("paste-code");
    const bool can = codes.typed[0] != '\0' && !codes.busy;
    if (button("room_answer_invite", codes.busy ? "Making the answer..." : "Make my answer code",
               ImVec2(full, bh), can))
      room_event("answer-invite", codes.typed);
    status_line(codes);
    scroll_after_paste(codes);
    return;
  }
  wrapped("Send this answer code back to your host:");
  shown_code(codes, full, bh);
  status_line(codes);
}

}  // namespace catan::ui
