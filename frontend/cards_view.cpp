#include "frontend/cards_view.h"

#include <imgui.h>

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

CardsPanel cards_panel(const Session& session) {
  CardsPanel p;
  const int viewer = session.viewer();
  p.tracker = coach::track_cards(session.observation(), session.game().visible_events(viewer));
  for (int s = 0; s < p.tracker.num_players; ++s)
    if (s != viewer) p.seats.push_back(s);
  return p;
}

std::string unknown_text(const coach::SeatCards& c) {
  if (c.unknown <= 0) return "";
  const unsigned all = (1u << kNumResources) - 1;
  const std::string what =
      (c.could_be & all) == all ? "any resource" : "could be " + resource_list(c.could_be);
  return "+" + std::to_string(c.unknown) + " unknown (" + what + ")";
}

std::string dev_text(const coach::SeatCards& c) {
  int played = 0;
  for (int d = 0; d < kNumDevCardTypes; ++d) played += c.dev_played[d];
  if (c.dev_bought == 0 && c.dev_in_hand == 0 && played == 0) return "none";
  std::string out = std::to_string(c.dev_in_hand) + " in hand, " + std::to_string(c.dev_bought) +
                    " bought; played ";
  if (played == 0) return out + "none";
  bool first = true;
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    if (!c.dev_played[d]) continue;
    if (!first) out += ", ";
    first = false;
    out += std::string(kDevPlural[d]) + " " + std::to_string(c.dev_played[d]);
  }
  return out;
}

void draw_cards_panel(const Session& session) {
  ImGui::BeginChild("cards_scroll", ImVec2(0, 0), false);
  const CardsPanel p = cards_panel(session);
  const float icon = px(22);
  for (int seat : p.seats) {
    const coach::SeatCards& c = p.tracker.seats[seat];
    char id[24];
    std::snprintf(id, sizeof id, "cards_seat_%d", seat);
    char title[96];
    std::snprintf(title, sizeof title, "%s: %d card%s",
                  without_role(seat_label(session, seat)).c_str(), c.total,
                  c.total == 1 ? "" : "s");
    ImGui::BeginGroup();
    panel_begin(id, title, player_color(seat));
    // The known cards as icons, then the unknown ones beside them when the line has room.
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x - px(8);
    bundle_inline(c.known, icon, c.total == 0 ? "no cards" : "none known for certain");
    const std::string unknown = unknown_text(c);
    if (!unknown.empty()) {
      const float tw = ImGui::CalcTextSize(unknown.c_str()).x;
      ImGui::SameLine(0, px(8));
      if (ImGui::GetCursorScreenPos().x + tw > right) {
        ImGui::NewLine();
      } else if (total(c.known) > 0) {
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (icon - ImGui::GetTextLineHeight()) * 0.5f);
      }
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(unknown.c_str());
      ImGui::PopTextWrapPos();
      if (ImGui::IsItemHovered()) {
        std::string most = "At most:";
        for (int r = 0; r < kNumResources; ++r)
          if (c.may_be(r))
            most += " " + std::to_string(c.max[r]) + " " + resource_label(static_cast<Resource>(r));
        ImGui::SetTooltip("%s", most.c_str());
      }
    }
    const std::string dev = "Development: " + dev_text(c);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().text_dim), "%s", dev.c_str());
    ImGui::PopTextWrapPos();
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
