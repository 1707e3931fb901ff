#include "frontend/action_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/victory_points.h"
#include "frontend/production_fx.h"
#include "frontend/theme.h"
#include "frontend/verdicts.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

const char* kDevNames[] = {"Knight", "Victory Point", "Road Building", "Year of Plenty",
                           "Monopoly"};

// Why a button is disabled: the engine's sentence; for a cost the hand does not cover, also
// which cards are missing.
std::string why_text(const Verdict& v, const ResourceCounts& have, const ResourceCounts* cost) {
  if (v.ok()) return "";
  std::string s = v.sentence();
  if (v.reason != Reason::CannotAfford || !cost) return s;
  std::string missing;
  for (int r = 0; r < kNumResources; ++r) {
    if (have[r] >= (*cost)[r]) continue;
    if (!missing.empty()) missing += ", ";
    missing +=
        std::to_string((*cost)[r] - have[r]) + " " + resource_label(static_cast<Resource>(r));
  }
  return missing.empty() ? s : s + " You need " + missing + " more.";
}

// A large action button: bold label, its key in the corner, the cost as resource icons.
struct Tile {
  const char* id;
  const char* label;
  const char* key;
  const ResourceCounts* cost;
  const char* tip;  // tooltip when enabled
};

bool tile(const Tile& t, bool enabled, const std::string& why, bool selected, ImVec2 size) {
  const Theme& th = theme();
  const ImU32 bg =
      selected ? th.accent : (enabled ? IM_COL32(64, 96, 140, 255) : IM_COL32(58, 62, 70, 255));
  const ImU32 bg_hover = selected ? th.accent : IM_COL32(82, 122, 178, 255);
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(bg));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(bg_hover));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImGui::ColorConvertU32ToFloat4(bg_hover));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, th.rounding);
  ImGui::PushStyleVar(ImGuiStyleVar_DisabledAlpha, 1.0f);  // the face below shows the state
  const bool clicked = button(t.id, "##tile", size, enabled, why);
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor(3);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (selected) dl->AddRect(a, b, IM_COL32(255, 255, 255, 220), th.rounding, 0, 2.0f);
  const ImU32 tc = selected ? th.text_dark : (enabled ? th.text : th.text_dim);
  ImFont* font = fonts().bold ? fonts().bold : ImGui::GetFont();
  const float pad = 8.0f * ui_scale();
  const bool has_cost = t.cost && total(*t.cost) > 0;
  // A long label on a narrow button is drawn smaller (down to 80%) rather than cut.
  float fs = ImGui::GetFontSize();
  const float room = (b.x - a.x) - pad;
  const float natural = font->CalcTextSizeA(fs, FLT_MAX, 0, t.label).x;
  if (natural > room) fs *= std::max(0.8f, room / natural);
  const ImVec2 ts = font->CalcTextSizeA(fs, FLT_MAX, 0, t.label);
  test_label_fits(t.id, ts.x <= room + 0.5f);
  const float ty = has_cost ? a.y + pad * 0.6f : (a.y + b.y - ts.y) * 0.5f;
  dl->AddText(font, fs, ImVec2((a.x + b.x - ts.x) * 0.5f, ty), tc, t.label);
  // The shortcut key in the corner, when it clears the label (not on narrow buttons, not on
  // a touch screen).
  const float ks = ImGui::GetFontSize() * 0.7f;
  const float kx = b.x - pad * 0.5f - ks * 0.7f;
  if (!touch_ui() && ((a.x + b.x + ts.x) * 0.5f + 2.0f < kx || ty > a.y + 3.0f + ks))
    dl->AddText(ImGui::GetFont(), ks, ImVec2(kx, a.y + 3.0f), with_alpha(tc, 0.55f), t.key);
  if (has_cost) {
    const int n = total(*t.cost);
    const float is = std::min(
        {fs, (b.y - a.y) - ts.y - pad * 1.6f, (b.x - a.x - pad) / (static_cast<float>(n) * 1.12f)});
    const float gap = is * 0.12f;
    float x = (a.x + b.x - (static_cast<float>(n) * is + static_cast<float>(n - 1) * gap)) * 0.5f;
    const float y = b.y - is - pad * 0.6f;
    for (int r = 0; r < kNumResources; ++r)
      for (int k = 0; k < (*t.cost)[r]; ++k) {
        draw_resource_icon(dl, ImVec2(x, y), is, static_cast<Resource>(r));
        if (!enabled)
          dl->AddRectFilled(ImVec2(x, y), ImVec2(x + is, y + is), IM_COL32(40, 44, 52, 120), 3.0f);
        x += is + gap;
      }
  }
  const bool hov = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
  if (hov && enabled) {
    if (t.tip) ImGui::SetTooltip("%s", t.tip);
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  return clicked;
}

void draw_card(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 edge, float edge_w) {
  dl->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), IM_COL32(0, 0, 0, 70),
                    6.0f);
  dl->AddRectFilled(a, b, fill, 6.0f);
  dl->AddRect(a, b, edge, 6.0f, 0, edge_w);
}

// The resource cards: five face-up slots with counts, or, while the island is hidden
// (docs/RULES.md, visibility), the cards face down: a card's type would name
// a hidden hex.
void draw_hand(const GameFrame& f, float card_w, float card_h, float gap) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& th = theme();
  const PlayerState& me = f.obs.view.players[f.viewer];
  const int cards = f.obs.hand_size[f.viewer];
  const ImVec2 hand_p = ImGui::GetCursorScreenPos();
  if (island_hidden(f.state()) && cards > 0) {
    const float slots_w = 5 * (card_w + gap) - gap;
    const float step =
        cards > 1 ? std::min(card_w + gap, (slots_w - card_w) / static_cast<float>(cards - 1))
                  : 0.0f;
    for (int r = 0; r < kNumResources; ++r)  // the cards fly to the middle of the fan
      set_hand_anchor(r, ImVec2(hand_p.x + slots_w * 0.5f, hand_p.y + card_h * 0.5f));
    for (int k = 0; k < cards; ++k) {
      const ImVec2 a(hand_p.x + static_cast<float>(k) * step, hand_p.y);
      const ImVec2 b(a.x + card_w, a.y + card_h);
      const float in = 4 * ui_scale();
      draw_card(dl, a, b, IM_COL32(132, 58, 44, 255), IM_COL32(72, 30, 22, 255), 2.0f);
      dl->AddRect(ImVec2(a.x + in, a.y + in), ImVec2(b.x - in, b.y - in),
                  IM_COL32(236, 204, 150, 200), 4.0f, 0, 1.5f);
      const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      const float d = card_w * 0.2f;
      dl->AddQuadFilled(ImVec2(c.x, c.y - d * 1.3f), ImVec2(c.x + d, c.y),
                        ImVec2(c.x, c.y + d * 1.3f), ImVec2(c.x - d, c.y),
                        IM_COL32(236, 204, 150, 220));
    }
    // The reason, on the cards: a tooltip alone is never seen on a touch screen.
    {
      ImFont* font = ImGui::GetFont();
      const float fs = ImGui::GetFontSize() * 0.85f;
      const float pad = 4 * ui_scale();
      const char* why = "Face down until the island is revealed: they would show the hidden land";
      const ImVec2 ts = font->CalcTextSizeA(fs, FLT_MAX, slots_w - 2 * pad, why);
      const ImVec2 a(hand_p.x, hand_p.y + (card_h - ts.y) * 0.5f - pad);
      const ImVec2 b(hand_p.x + slots_w, a.y + ts.y + 2 * pad);
      dl->AddRectFilled(a, b, IM_COL32(20, 16, 14, 215), 5.0f);
      dl->AddText(font, fs, ImVec2(a.x + pad, a.y + pad), th.text, why, nullptr, slots_w - 2 * pad);
    }
    ImGui::Dummy(ImVec2(slots_w + gap, card_h));
    test_id("hand_face_down");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "%d card%s, face down: their types would give away the hidden island.\n"
          "They turn over when the island is revealed, before the first roll.",
          cards, cards == 1 ? "" : "s");
    return;
  }
  for (int r = 0; r < kNumResources; ++r) {
    const ImVec2 a(hand_p.x + static_cast<float>(r) * (card_w + gap), hand_p.y);
    const ImVec2 b(a.x + card_w, a.y + card_h);
    set_hand_anchor(r, ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f));
    const int n = me.resources[r];
    const ImU32 col = resource_color(static_cast<Resource>(r));
    draw_card(dl, a, b, n > 0 ? IM_COL32(250, 246, 236, 255) : IM_COL32(120, 124, 130, 255),
              n > 0 ? col : IM_COL32(90, 94, 100, 255), 2.5f);
    draw_resource_icon(dl, ImVec2(a.x + card_w * 0.18f, a.y + 5 * ui_scale()), card_w * 0.64f,
                       static_cast<Resource>(r));
    char buf[8];
    std::snprintf(buf, sizeof buf, "%d", n);
    ImFont* font = fonts().bold;
    const float fs = ImGui::GetFontSize() * 1.15f;
    const ImVec2 ts = font->CalcTextSizeA(fs, FLT_MAX, 0, buf);
    dl->AddText(font, fs, ImVec2((a.x + b.x - ts.x) * 0.5f, b.y - ts.y - 2 * ui_scale()),
                n > 0 ? th.text_dark : IM_COL32(200, 200, 200, 255), buf);
  }
  ImGui::Dummy(ImVec2(5 * (card_w + gap), card_h));
  for (int r = 0; r < kNumResources; ++r) {
    const ImVec2 a(hand_p.x + static_cast<float>(r) * (card_w + gap), hand_p.y);
    if (ImGui::IsMouseHoveringRect(a, ImVec2(a.x + card_w, a.y + card_h)))
      ImGui::SetTooltip("%s: %d (bank rate %d:1)", resource_label(static_cast<Resource>(r)),
                        me.resources[r], me.trade_rate[r]);
  }
}

// The development cards in hand, two per row; a playable one is green.
Command draw_dev_cards(const GameFrame& f) {
  Command cmd = Command::None;
  const PlayerState& me = f.obs.view.players[f.viewer];
  ImGui::BeginGroup();
  ImGui::TextDisabled("Development cards");
  int shown = 0;
  for (int d = 0; d < kNumDevCardTypes; ++d) {
    const int n = me.dev_cards[d];
    if (n == 0) continue;
    const int fresh = me.dev_bought_this_turn[d];
    if (shown++ % 2 == 1) ImGui::SameLine();
    const DevCard card = static_cast<DevCard>(d);
    ActionType t = ActionType::PlayKnight;
    Command play = Command::PlayKnight;
    if (card == DevCard::RoadBuilding)
      t = ActionType::PlayRoadBuilding, play = Command::PlayRoadBuilding;
    if (card == DevCard::YearOfPlenty)
      t = ActionType::PlayYearOfPlenty, play = Command::YearOfPlenty;
    if (card == DevCard::Monopoly) t = ActionType::PlayMonopoly, play = Command::Monopoly;
    const bool vp = card == DevCard::VictoryPoint;
    const bool playable = !vp && f.can(t);
    char label[64];
    std::snprintf(label, sizeof label, "%s x%d%s", kDevNames[d], n, fresh ? " (new)" : "");
    const Verdict v = f.verdict(Action::simple(t, 0, 1));  // resources for the dialogs' cards
    const std::string why_not =
        vp ? "Victory Point cards stay hidden and count at once; revealed when you win."
           : (v.ok() ? "Not playable right now." : v.sentence());
    const std::string id = std::string("dev_") + dev_card_name(card);
    if (playable) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.3f, 1));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.25f, 0.65f, 0.35f, 1));
    }
    if (button(id.c_str(), label, ImVec2(170 * ui_scale(), 0), playable, why_not)) cmd = play;
    if (playable) ImGui::PopStyleColor(2);
  }
  if (shown == 0) ImGui::TextDisabled("none yet");
  ImGui::EndGroup();
  return cmd;
}

}  // namespace

namespace {

// The action buttons: one row of eight, or on a phone two rows (the builds and the
// development card, then roll, trade, end turn and hint) of thumb-sized buttons.
Command draw_action_tiles(const GameFrame& f, const ActionBarOptions& o, ImVec2 s) {
  Command cmd = Command::None;
  const GameState& st = f.state();
  const PlayerState& me = f.obs.view.players[f.viewer];
  const float sc = ui_scale();
  const float gap = 6 * sc;
  const float pad_x = ImGui::GetStyle().WindowPadding.x, pad_y = ImGui::GetStyle().WindowPadding.y;
  const float inner = s.x - 2 * pad_x;
  // Button sizes: a row of `n` fills the width (at most 200 wide on a desktop).
  const auto size_for = [&](int n, float h) {
    const float w = (inner - gap * static_cast<float>(n - 1)) / static_cast<float>(n);
    return ImVec2(o.two_rows ? w : std::min(200 * sc, w), h);
  };
  ImVec2 build_size, turn_size;
  // Two rows, or when the bar has room for one only (a phone's open trade sheet), the
  // lower one: Roll, Trade, End turn, Hint.
  const float room = s.y - pad_y - ImGui::GetCursorPosY();
  const bool builds_row = !o.two_rows || room >= 2 * 44 * sc + gap;
  if (o.two_rows && !builds_row) {
    turn_size = size_for(4, std::max(44 * sc, room));
  } else if (o.two_rows) {
    const float h = std::max(44 * sc, (room - gap) * 0.5f);
    build_size = size_for(4, h);
    turn_size = size_for(4, h);
    ImGui::SetCursorPosY(s.y - pad_y - 2 * h - gap);
  } else {
    const float h = std::max(54 * sc, ImGui::GetContentRegionAvail().y - 4);
    build_size = turn_size = size_for(8, h);
    ImGui::SetCursorPosY(s.y - h - pad_y);
  }
  const auto roll_tile = [&] {
    const Verdict roll = f.verdict(Action::simple(ActionType::Roll));
    if (tile({"roll", "Roll", "R", nullptr, "Roll the dice (R)"}, roll.ok(),
             why_text(roll, me.resources, nullptr), false, turn_size))
      cmd = Command::Roll;
  };
  if (!o.two_rows) {
    roll_tile();
    ImGui::SameLine(0, gap);
  }
  struct Build {
    const char* id;
    const char* label;
    const char* key;
    const ResourceCounts* cost;
    int left;
    const char* piece;
    ActionType type;
    Tool tool;
    Command cmd;
  };
  const Build builds[3] = {
      {"tool_road", "Road", "1", &kRoadCost, me.roads_left, "road", ActionType::BuildRoad,
       Tool::Road, Command::ToolRoad},
      {"tool_settlement", "Settlement", "2", &kSettlementCost, me.settlements_left, "settlement",
       ActionType::BuildSettlement, Tool::Settlement, Command::ToolSettlement},
      {"tool_city", "City", "3", &kCityCost, me.cities_left, "city", ActionType::BuildCity,
       Tool::City, Command::ToolCity},
  };
  for (const Build& b : builds) {
    if (!builds_row) break;
    const Verdict v = tool_verdict(f.obs.view, f.viewer, f.my_turn, b.type, f.legal);
    char tip[96];
    std::snprintf(tip, sizeof tip, "Build a %s (%s). %d left.", b.piece, b.key, b.left);
    if (tile({b.id, b.label, b.key, b.cost, tip}, v.ok(), why_text(v, me.resources, b.cost),
             o.tool == b.tool, build_size))
      cmd = b.cmd;
    ImGui::SameLine(0, gap);
  }
  const Verdict buy = f.verdict(Action::simple(ActionType::BuyDevCard));
  if (builds_row && tile({"buy_dev", "Dev card", "D", &kDevCardCost, "Buy a development card (D)"},
                         buy.ok(), why_text(buy, me.resources, &kDevCardCost), false, build_size))
    cmd = Command::BuyDevCard;
  if (o.two_rows) {
    ImGui::SetCursorPosY(s.y - pad_y - turn_size.y);
    roll_tile();
  }
  ImGui::SameLine(0, gap);
  const bool main_phase = f.my_turn && st.phase == Phase::Main;
  if (tile({"trade", "Trade", "T", nullptr, "Open the trade panel (T)"}, main_phase,
           "You can trade in your main phase, after rolling.", o.trade_open && main_phase,
           turn_size))
    cmd = Command::ToggleTrade;
  ImGui::SameLine(0, gap);
  const Verdict end = f.verdict(Action::simple(ActionType::EndTurn));
  if (tile({"end_turn", "End turn", "E", nullptr, "End your turn (E)"}, end.ok(),
           why_text(end, me.resources, nullptr), false, turn_size))
    cmd = Command::EndTurn;
  // The coach's hint, whenever the viewer has a decision (frontend/coach_view.h); the slot
  // stays empty otherwise, so the other buttons keep their places.
  if (o.hint) {
    ImGui::SameLine(0, gap);
    if (tile({"hint", "Hint", "H", nullptr, "What would the coach play? (H)"}, true, "", o.hint_on,
             turn_size))
      cmd = Command::Hint;
  }
  return cmd;
}

// Phones: the development cards behind one button beside the hand; a tap lists them.
Command draw_dev_cards_button(const GameFrame& f, ImVec2 size) {
  Command cmd = Command::None;
  const PlayerState& me = f.obs.view.players[f.viewer];
  int cards = 0, playable = 0;
  for (int d = 0; d < kNumDevCardTypes; ++d) cards += me.dev_cards[d];
  for (ActionType t : {ActionType::PlayKnight, ActionType::PlayRoadBuilding,
                       ActionType::PlayYearOfPlenty, ActionType::PlayMonopoly})
    playable += f.can(t) ? 1 : 0;
  if (playable > 0) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.3f, 1));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.25f, 0.65f, 0.35f, 1));
  }
  if (button("dev_cards", "##dev_cards", size)) ImGui::OpenPopup("dev_cards_popup");
  if (playable > 0) ImGui::PopStyleColor(2);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  char count[16];
  std::snprintf(count, sizeof count, "%d", cards);
  ImFont* bold = fonts().bold ? fonts().bold : ImGui::GetFont();
  const float fs = ImGui::GetFontSize() * 0.85f;
  const char* l1 = "Dev";
  const char* l2 = "cards";
  const float cx = (a.x + b.x) * 0.5f;
  const float w1 = bold->CalcTextSizeA(fs, FLT_MAX, 0, l1).x;
  const float w2 = bold->CalcTextSizeA(fs, FLT_MAX, 0, l2).x;
  const float big = ImGui::GetFontSize() * 1.2f;
  const float wc = bold->CalcTextSizeA(big, FLT_MAX, 0, count).x;
  const float y = a.y + (b.y - a.y - (2 * fs + big)) * 0.5f;
  const ImU32 tc = theme().text;
  dl->AddText(bold, fs, ImVec2(cx - w1 * 0.5f, y), tc, l1);
  dl->AddText(bold, fs, ImVec2(cx - w2 * 0.5f, y + fs), tc, l2);
  dl->AddText(bold, big, ImVec2(cx - wc * 0.5f, y + 2 * fs), tc, count);
  test_label_fits("dev_cards", std::max(w2, wc) <= b.x - a.x);
  ImGui::SetNextWindowPos(ImVec2(b.x, a.y), ImGuiCond_Always, ImVec2(1, 1));
  if (ImGui::BeginPopup("dev_cards_popup")) {
    const Command c = draw_dev_cards(f);
    if (c != Command::None) {
      cmd = c;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return cmd;
}

}  // namespace

Command draw_action_bar(const GameFrame& f, const Rect& r, const ActionBarOptions& o,
                        const LogView& log) {
  Command cmd = Command::None;
  const float sc = ui_scale();
  const ImVec2 s = r.size;
  ImGui::SetNextWindowPos(r.pos);
  ImGui::SetNextWindowSize(s);
  ImGui::Begin("##bottom", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
  const auto dice = [&] {  // the last roll's dice, top right, over the rest
    if (!o.dice) return;
    const float die = 38 * sc;
    log.draw_dice(ImGui::GetWindowDrawList(),
                  ImVec2(r.pos.x + s.x - 2 * die - 26 * sc, r.pos.y + 12 * sc), die);
  };
  if (f.viewer < 0) {
    // A spectator of a room watches friends; a local table with no human seat, the AIs.
    ImGui::TextUnformatted(f.session.num_humans() > 0 ? "Watching the game."
                                                      : "Watching the AIs play.");
    dice();
    ImGui::End();
    return cmd;
  }
  if (o.two_rows) {
    // The hand and the development cards' button share the top row.
    const float gap = 5 * sc;
    const float inner = s.x - 2 * ImGui::GetStyle().WindowPadding.x;
    const float dev_w = 64 * sc;
    const float card_w = std::min(52 * sc, (inner - dev_w - 6 * gap) / 5);
    draw_hand(f, card_w, 60 * sc, gap);
    ImGui::SameLine(0, 0);
    ImGui::SetCursorPosX(s.x - ImGui::GetStyle().WindowPadding.x - dev_w);
    const Command dev = draw_dev_cards_button(f, ImVec2(dev_w, 60 * sc));
    if (dev != Command::None) cmd = dev;
  } else {
    ImGui::PushFont(fonts().bold);
    seat_chip(f.viewer, ImGui::GetFontSize() * 0.8f);
    ImGui::SameLine();
    ImGui::Text("%s", f.session.config().seats[static_cast<size_t>(f.viewer)].name.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    const int cards = f.obs.hand_size[f.viewer];
    ImGui::TextDisabled("%d VP  |  %d card%s", vp_seen_by(f.obs.view, f.viewer, f.viewer), cards,
                        cards == 1 ? "" : "s");
    draw_hand(f, 46 * sc, 60 * sc, 6 * sc);
    ImGui::SameLine(0, 16 * sc);
    const Command dev = draw_dev_cards(f);
    if (dev != Command::None) cmd = dev;
  }
  // A bar cut down to the hand has no buttons.
  if (!o.two_rows || s.y - ImGui::GetCursorPosY() >= 44 * sc) {
    const Command c = draw_action_tiles(f, o, s);
    if (c != Command::None) cmd = c;
  }
  dice();
  ImGui::End();
  return cmd;
}

}  // namespace catan::ui
