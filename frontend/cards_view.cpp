#include "frontend/cards_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

const char* const kDevPlural[kNumDevCardTypes] = {"Knights", "Victory Points", "Road Building",
                                                  "Year of Plenty", "Monopoly"};

// "Wood", "Wood or Ore", "Wood, Brick or Ore".
std::string resource_list(unsigned mask) {
  std::vector<const char*> words;
  for (int r = 0; r < kNumResources; ++r)
    if (mask >> r & 1) words.push_back(resource_label(static_cast<Resource>(r)));
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

}  // namespace

CardsPanel cards_panel(const MatchView& session) {
  CardsPanel p;
  const int viewer = session.viewer();
  p.tracker = track_cards(session.observation(), session.visible_events());
  for (int s = 0; s < p.tracker.num_players; ++s)
    if (s != viewer) p.seats.push_back(s);
  return p;
}

std::string unknown_text(const SeatCards& c) {
  if (c.unknown <= 0) return "";
  const unsigned all = (1u << kNumResources) - 1;
  const std::string what =
      (c.could_be & all) == all ? "any resource" : "could be " + resource_list(c.could_be);
  return "+" + std::to_string(c.unknown) + " unknown (" + what + ")";
}

std::string dev_text(const SeatCards& c) {
  if (c.dev_bought == 0 && c.dev_in_hand == 0) return "none";
  return std::to_string(c.dev_in_hand) + " in hand, " + std::to_string(c.dev_bought) + " bought";
}

std::string played_text(const SeatCards& c) {
  std::string out;
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    if (!c.dev_played[d]) continue;
    if (!out.empty()) out += ", ";
    out += std::string(kDevPlural[d]) + " " + std::to_string(c.dev_played[d]);
  }
  return out;
}

namespace {

// The next item (`w` wide) on the current line when it fits before `right`, else on the next;
// an item `item_h` high centred on a line of icons `line_h` high.
void same_line_if_fits(float w, float right, float line_h, float item_h) {
  ImGui::SameLine(0, px(10));
  if (ImGui::GetCursorScreenPos().x + w > right)
    ImGui::NewLine();
  else
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (line_h - item_h) * 0.5f);
}

// "+2 unknown:" and a small icon for every resource they can be; the words and the most of
// each in the tooltip.
void unknown_cards(const SeatCards& c, float small) {
  char label[32];
  std::snprintf(label, sizeof label, "+%d unknown:", c.unknown);
  ImGui::BeginGroup();
  const float text_h = ImGui::GetTextLineHeight();
  const float y0 = ImGui::GetCursorPosY();
  ImGui::SetCursorPosY(y0 + std::max(0.0f, (small - text_h) * 0.5f));
  ImGui::TextUnformatted(label);
  for (int r = 0; r < kNumResources; ++r) {
    if (!c.may_be(r)) continue;
    ImGui::SameLine(0, px(3));
    ImGui::SetCursorPosY(y0 + std::max(0.0f, (text_h - small) * 0.5f));
    draw_resource_icon(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), small,
                       static_cast<Resource>(r));
    ImGui::Dummy(ImVec2(small, small));
  }
  ImGui::EndGroup();
  if (ImGui::IsItemHovered()) {
    std::string most = unknown_text(c) + "\nAt most:";
    for (int r = 0; r < kNumResources; ++r)
      if (c.may_be(r))
        most += " " + std::to_string(c.max[r]) + " " + resource_label(static_cast<Resource>(r));
    ImGui::SetTooltip("%s", most.c_str());
  }
}

float unknown_cards_width(const SeatCards& c, float small) {
  char label[32];
  std::snprintf(label, sizeof label, "+%d unknown:", c.unknown);
  float w = ImGui::CalcTextSize(label).x;
  for (int r = 0; r < kNumResources; ++r)
    if (c.may_be(r)) w += px(3) + small;
  return w;
}

}  // namespace

void draw_cards_panel(const MatchView& session) {
  ImGui::BeginChild("cards_scroll", ImVec2(0, 0), false);
  const CardsPanel p = cards_panel(session);
  const float icon = px(22), small = px(16);
  const ImVec4 dim = ImGui::ColorConvertU32ToFloat4(theme().text_dim);
  for (int seat : p.seats) {
    const SeatCards& c = p.tracker.seats[seat];
    char id[24];
    std::snprintf(id, sizeof id, "cards_seat_%d", seat);
    char title[96];
    std::snprintf(title, sizeof title, "%s: %d card%s",
                  without_role(seat_label(session, seat)).c_str(), c.total,
                  c.total == 1 ? "" : "s");
    ImGui::BeginGroup();
    panel_begin(id, title, player_color(seat));
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x - px(8);
    // The known cards as icons, then the unknown ones beside them when the line has room.
    const bool known = total(c.known) > 0;
    if (known || c.unknown == 0) bundle_inline(c.known, icon, "no cards");
    if (c.unknown > 0) {
      if (known) same_line_if_fits(unknown_cards_width(c, small), right, icon, small);
      unknown_cards(c, small);
    }
    // Development cards: in hand and bought, then those played face up.
    const std::string dev = "Dev cards: " + dev_text(c);
    ImGui::TextColored(dim, "%s", dev.c_str());
    const std::string played = played_text(c);
    if (!played.empty()) {
      const std::string line = "played " + played;
      same_line_if_fits(ImGui::CalcTextSize(line.c_str()).x, right, 0, 0);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(dim, "%s", line.c_str());
      ImGui::PopTextWrapPos();
    }
    panel_end();
    ImGui::EndGroup();
    test_id(id);
    ImGui::Spacing();
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", p.tracker.consistent
                                ? "Counted from what everyone saw: production, trades, steals, "
                                  "discards and purchases."
                                : "Some of the game's history is missing: these counts are rough.");
  ImGui::PopTextWrapPos();
  drag_to_scroll();
  ImGui::EndChild();
}

}  // namespace catan::ui
