#include "frontend/new_game_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/ai/ai.h"
#include "frontend/theme.h"
#include "frontend/view_util.h"
#include "frontend/widgets.h"

namespace catan::ui {

namespace {

const char* kLevelNames[] = {"Random", "Easy", "Normal", "Hard", "Expert", "Master"};
constexpr int kNumLevels = 6;
// What each level does, under the seats for the levels chosen (docs/AI.md, "Levels", has the
// measurements behind them).
const char* kLevelWords[] = {
    "plays any legal move.",
    "builds greedily and makes mistakes.",
    "builds greedily, uses its ports and offers trades.",
    "counts cards and plans three builds ahead.",
    "plays Hard's ten best moves out in a hundred imagined futures and keeps the best.",
    ("Expert's search for longer on every core; where it would change Hard's move, longer "
     "playouts judged by a value network learned from games decide."),
};
static_assert(sizeof(kLevelWords) / sizeof(kLevelWords[0]) == kNumLevels);
const char* kPersonalityNames[] = {"Balanced", "Trader",       "Aggressor",
                                   "Builder",  "Expansionist", "Opportunist"};
const char* kSeatKinds[] = {"You", "AI", "Human (hot-seat)"};
const char* kRoomSeatKinds[] = {"You", "AI", "Friend (online)"};
const char* kModes[] = {"Classic (10 VP)", "Blitz (7 VP, 1 of each)", "Epic (13 VP)",
                        "Custom VP target"};
const char* kBoards[] = {"Beginner", "Official", "Balanced", "Random"};
const char* kTimerNames[] = {"Off", "20 s", "30 s", "40 s", "60 s", "90 s", "120 s", "Unlimited"};

void section(const char* title) {
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
  ImGui::Separator();
}

void centred_title(const char* title, const char* sub) {
  ImGui::PushFont(fonts().big);
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(title).x) * 0.5f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().accent), "%s", title);
  ImGui::PopFont();
  ImGui::SetCursorPosX((ImGui::GetWindowWidth() - ImGui::CalcTextSize(sub).x) * 0.5f);
  ImGui::TextDisabled("%s", sub);
  ImGui::Spacing();
}

// How the form is laid out this frame: wide (labels in a column, seat controls side by side)
// or narrow (every control on its own line at full width, tall enough for a finger).
struct FormLayout {
  bool narrow = false;
  float label_w = 0;  // wide: where the controls start
  float row_h = 0;    // narrow: the height of a combo's list rows (0 = ImGui's own)
};

// A combo whose list rows are at least `row_h` tall (0: ImGui's own height). `id` is its test
// id and ImGui id; row i of its open list is `id`_item_i.
bool combo(const char* id, int* value, const char* const items[], int n, float row_h) {
  ImGui::PushID(id);
  bool changed = false;
  const char* preview = *value >= 0 && *value < n ? items[*value] : "";
  if (ImGui::BeginCombo("##combo", preview)) {
    for (int i = 0; i < n; ++i) {
      const bool selected = i == *value;
      if (ImGui::Selectable(items[i], selected, 0, ImVec2(0, row_h))) {
        *value = i;
        changed = true;
      }
      char item_id[48];
      std::snprintf(item_id, sizeof item_id, "%s_item_%d", id, i);
      test_id(item_id);  // a row of the open list
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  } else {
    test_id(id);  // the combo's own frame (while it is open, the last item is in its list)
  }
  ImGui::PopID();
  return changed;
}

// A field's label: above the control (narrow) or in the label column (wide).
void field_label(const FormLayout& fl, const char* text) {
  if (fl.narrow) {
    ImGui::TextUnformatted(text);
    ImGui::SetNextItemWidth(-FLT_MIN);
    return;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(fl.label_w);
}

void seat_rows(NewGameForm& form, const FormLayout& fl, float combo_w) {
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  for (int i = 0; i < form.players; ++i) {
    SeatSetup& ss = form.seats[i];
    ImGui::PushID(i);
    char id[32];
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(player_color_v4(i), "\u25CF");
    ImGui::SameLine();
    ImGui::Text("Seat %d", i + 1);
    ImGui::SameLine(fl.narrow ? px(90) : fl.label_w);
    ImGui::SetNextItemWidth(fl.narrow ? -FLT_MIN : combo_w);
    std::snprintf(id, sizeof id, "seat_kind_%d", i);
    combo(id, &ss.kind, form.room ? kRoomSeatKinds : kSeatKinds, 3, fl.row_h);
    // Narrow: the AI's level and personality (or the name) on the next line, full width.
    const float half = (ImGui::GetContentRegionAvail().x - gap) * 0.5f;
    if (!fl.narrow) ImGui::SameLine();
    if (ss.kind == kSeatAi) {
      ImGui::SetNextItemWidth(fl.narrow ? half : combo_w * 0.8f);
      std::snprintf(id, sizeof id, "seat_level_%d", i);
      combo(id, &ss.level, kLevelNames, kNumLevels, fl.row_h);
      ImGui::SameLine();
      ImGui::SetNextItemWidth(fl.narrow ? -FLT_MIN : combo_w * 1.2f);
      std::snprintf(id, sizeof id, "seat_personality_%d", i);
      combo(id, &ss.personality, kPersonalityNames, 6, fl.row_h);
    } else if (form.room && ss.kind == kSeatHotSeat) {
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("The friend who takes it names it");  // the guest's hello
    } else {
      ImGui::SetNextItemWidth(fl.narrow ? -FLT_MIN : combo_w * 2.0f + gap);
      ImGui::InputTextWithHint("##name", default_name(i, ss).c_str(), ss.name, sizeof ss.name);
      std::snprintf(id, sizeof id, "seat_name_%d", i);
      test_id(id);
    }
    if (fl.narrow) ImGui::Spacing();
    ImGui::PopID();
  }
}

// One line for each AI level the seats use, weakest first: what that level does.
void level_words(const NewGameForm& form) {
  bool used[kNumLevels] = {};
  for (int i = 0; i < form.players; ++i)
    if (form.seats[i].kind == kSeatAi)
      used[std::clamp(form.seats[i].level, 0, kNumLevels - 1)] = true;
  ImGui::PushTextWrapPos(0);
  for (int l = 0; l < kNumLevels; ++l)
    if (used[l]) {
      ImGui::TextDisabled("%s: %s", kLevelNames[l], kLevelWords[l]);
      char id[24];
      std::snprintf(id, sizeof id, "level_words_%d", l);
      test_id(id);
    }
  ImGui::PopTextWrapPos();
}

// The accent-coloured start button, `w` wide, its label in `font` (bold when null).
bool start_button(const char* id, const char* label, float w, float h, ImFont* font = nullptr) {
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.95f, 0.65f, 0.2f, 1.0f));
  ImGui::PushFont(font ? font : fonts().bold);
  const bool pressed = button(id, label, ImVec2(w, h));
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  return pressed;
}

}  // namespace

NewGameForm::NewGameForm() {
  seats[0].kind = kSeatYou;
  for (int i = 1; i < 4; ++i) seats[i].personality = i;  // a mix of personalities
  new_board_seed(random_board_seed());
}

void NewGameForm::new_board_seed(uint64_t seed) {
  std::snprintf(seed_text, sizeof seed_text, "%llu", static_cast<unsigned long long>(seed));
  seed_chosen = false;
}

void NewGameForm::choose_board_seed(uint64_t seed) {
  new_board_seed(seed);
  seed_chosen = true;
}

void NewGameForm::refresh_board_seed() {
  if (!seed_chosen) new_board_seed(random_board_seed());
}

uint64_t random_board_seed() {
  return (match::fresh_seed() % 900000000ull) + 100000000ull;
}

void make_room_form(NewGameForm* form) {
  form->custom = true;
  form->room = true;
  bool friend_seat = false;
  for (int i = 0; i < form->players; ++i) friend_seat |= form->seats[i].kind == kSeatHotSeat;
  for (int i = 0; i < form->players && !friend_seat; ++i)
    if (form->seats[i].kind == kSeatAi) {
      form->seats[i].kind = kSeatHotSeat;
      friend_seat = true;
    }
}

int room_host_seat(const NewGameForm& form) {
  for (int i = 0; i < form.players; ++i)
    if (form.seats[i].kind == kSeatYou) return i;
  return -1;
}

std::string room_form_problem(const NewGameForm& form) {
  int you = 0;
  for (int i = 0; i < form.players; ++i) you += form.seats[i].kind == kSeatYou;
  return you == 1 ? "" : "Choose \"You\" for exactly one seat.";
}

void make_bots_game(NewGameForm* form) {
  int you = -1;
  for (int i = 0; i < form->players; ++i)
    if (form->seats[i].kind == kSeatYou && you < 0) you = i;
  if (you < 0) you = 0;
  for (int i = 0; i < form->players; ++i) form->seats[i].kind = i == you ? kSeatYou : kSeatAi;
}

std::string bots_game_summary(const NewGameForm& form) {
  NewGameForm f = form;
  make_bots_game(&f);
  int level = -1;
  bool mixed = false;
  for (int i = 0; i < f.players; ++i) {
    if (f.seats[i].kind != kSeatAi) continue;
    mixed |= level >= 0 && level != f.seats[i].level;
    level = f.seats[i].level;
  }
  std::string s =
      "You + " + std::to_string(f.players - 1) + (f.players == 2 ? " bot (" : " bots (");
  s += mixed ? "mixed levels" : kLevelNames[std::clamp(level, 0, kNumLevels - 1)];
  s += "), ";
  if (f.mode == 3)
    s += "Custom (" + std::to_string(f.custom_vp) + " VP)";
  else
    s += kModes[std::clamp(f.mode, 0, 3)];
  s += ", ";
  s += kBoards[std::clamp(f.board, 0, 3)];
  s += " island";
  return s;
}

std::string default_name(int seat, const SeatSetup& ss) {
  if (ss.name[0]) return ss.name;
  if (ss.kind == kSeatYou) return "You";
  if (ss.kind == kSeatHotSeat) return std::string(player_color_name(seat)) + " (human)";
  // An AI: the name match::name_seats gives it, e.g. "Bruno (Normal Trader)".
  MatchConfig c;
  c.options.players = static_cast<uint8_t>(seat + 1);
  SeatConfig& sc = c.seats[static_cast<size_t>(seat)];
  sc.kind = SeatKind::AI;
  sc.ai.level = static_cast<AiLevel>(ss.level);
  sc.ai.personality = static_cast<Personality>(ss.personality);
  sc.name.clear();
  match::name_seats(&c);
  return sc.name;
}

MatchConfig config_from_form(const NewGameForm& form) {
  MatchConfig mc;
  GameOptions o = classic_options();
  o.players = static_cast<uint8_t>(form.players);
  o.board = static_cast<LayoutKind>(form.board);
  set_mode(o, static_cast<Mode>(form.mode), form.custom_vp);
  o.visibility = static_cast<Visibility>(form.visibility);
  o.dice = static_cast<DiceMode>(form.dice);
  const int tsec = kTimerChoices[form.timer_idx];
  o.timer_seconds = static_cast<uint16_t>(tsec > 0 ? tsec : 0);
  mc.options = o;
  mc.seeds.board = std::strtoull(form.seed_text, nullptr, 10);
  if (mc.seeds.board == 0) mc.seeds.board = random_board_seed();  // an empty field: fresh
  mc.seeds.play = form.play_seed ? form.play_seed : match::fresh_seed();
  for (int i = 0; i < kMaxPlayers; ++i) {
    const SeatSetup& ss = form.seats[i];
    SeatConfig& sc = mc.seats[static_cast<size_t>(i)];
    sc.kind = ss.kind == kSeatAi ? SeatKind::AI : SeatKind::Human;
    sc.ai.level = static_cast<AiLevel>(ss.level);
    sc.ai.personality = static_cast<Personality>(ss.personality);
    sc.ai.seed = mc.seeds.play * 1000003ull + static_cast<uint64_t>(i) * 7919ull + 11;
    sc.name = ss.kind == kSeatAi ? std::string(ss.name) : default_name(i, ss);
  }
  // Bots are named as in every other game (a link, the page API): "Bruno (Normal Trader)".
  match::name_seats(&mc);
  const bool instant = kAiSpeeds[form.ai_speed] <= 0;
  mc.ai_action_delay_s = match::ai_delay_for_speed(kAiSpeeds[form.ai_speed]);
  mc.ai_think_budget_ms = instant ? 150 : 800;
  mc.master_think_ms = kMasterTimes[std::clamp(form.master_time, 0, kNumMasterTimes - 1)];
  return mc;
}

namespace {

// The one-click screen: Play vs bots, Continue, Custom game, the island's seed, settings.
NewGameChoice quick_screen(NewGameForm& form, bool can_continue, float bh) {
  NewGameChoice choice = NewGameChoice::None;
  const float full = ImGui::GetContentRegionAvail().x;
  // Play vs bots and Play with friends side by side, stacked on a narrow screen.
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const bool side_by_side = ImGui::GetIO().DisplaySize.x >= kNarrowWidth;
  const float big_h = std::max(bh * 1.4f, px(64));
  const float half = (full - gap) * 0.5f;
  // The big font while both labels fit their halves, else the bold one: no label is cut.
  ImGui::PushFont(fonts().big);
  const bool big_fits =
      ImGui::CalcTextSize("Play with friends").x + 2 * ImGui::GetStyle().FramePadding.x <= half;
  ImGui::PopFont();
  ImFont* const big = big_fits || !side_by_side ? fonts().big : fonts().bold;
  if (start_button("start", "Play vs bots", side_by_side ? half : full, big_h, big)) {
    make_bots_game(&form);
    form.room = false;
    choice = NewGameChoice::Start;
  }
  if (side_by_side) ImGui::SameLine();
  if (start_button("play_friends", "Play with friends", side_by_side ? half : full,
                   side_by_side ? big_h : bh, side_by_side ? big : nullptr))
    make_room_form(&form);
  const std::string summary = bots_game_summary(form);
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", summary.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  if (can_continue && button("continue", "Continue last game", ImVec2(full, bh)))
    choice = NewGameChoice::Continue;
  if (button("custom_game", "Custom game...", ImVec2(full, bh))) {
    form.custom = true;
    form.room = false;
  }
  ImGui::Spacing();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Island %s", form.seed_text[0] ? form.seed_text : "(random)");
  ImGui::SameLine();
  if (button("random_seed", "New island", ImVec2(0, bh))) form.new_board_seed(random_board_seed());
  return choice;
}

// The full form.
// The room setup's choice of how friends connect: the invitation link (public relays introduce
// the pages) or codes swapped by hand (nothing but the two pages: a LAN, blocked relays).
void room_connect_choice(NewGameForm& form) {
  section("How friends connect");
  if (ImGui::RadioButton("Invitation link (automatic)", !form.room_codes)) form.room_codes = false;
  test_id("room_by_link");
  if (ImGui::RadioButton("Codes (by hand, no third party)", form.room_codes))
    form.room_codes = true;
  test_id("room_by_codes");
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", form.room_codes
                                ? "You and each friend swap two codes (chat, mail, a QR code); "
                                  "works on a LAN and where the relays are blocked."
                                : "Friends open one link; public relays introduce the pages.");
  ImGui::PopTextWrapPos();
}

// A friend hosts: this page answers the host's invite code (the guest's side of codes).
bool join_by_code_row(float full, float bh) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("A friend is hosting and sent you a code?");
  const bool pressed = button("join_by_code", "Join with a code", ImVec2(full, bh));
  ImGui::Spacing();
  return pressed;
}

NewGameChoice custom_form(NewGameForm& form, const FormLayout& fl, float w, float bh) {
  NewGameChoice choice = NewGameChoice::None;
  if (form.room && join_by_code_row(ImGui::GetContentRegionAvail().x, bh))
    choice = NewGameChoice::JoinByCode;
  section("Players");
  if (fl.narrow) {
    ImGui::TextUnformatted("Number of players");
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Number");
    ImGui::SameLine(fl.label_w);
  }
  for (int n = 2; n <= 4; ++n) {
    char id[16];
    std::snprintf(id, sizeof id, "players_%d", n);
    char lab[24];
    std::snprintf(lab, sizeof lab, n == 2 ? "%d (variant)" : "%d", n);
    if (n > 2) ImGui::SameLine(0, px(16));
    if (ImGui::RadioButton(lab, form.players == n)) form.players = n;
    test_id(id);
  }
  seat_rows(form, fl, (w - fl.label_w - 60.0f) / 3.0f);
  level_words(form);
  int humans = 0;
  for (int i = 0; i < form.players; ++i) humans += form.seats[i].kind != kSeatAi;
  if (form.room) room_connect_choice(form);
  if (humans > 1 || form.room) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", form.room ? "Seats nobody takes are played by Normal bots."
                                        : "Hot-seat: the hands are hidden while the device "
                                          "changes hands.");
    ImGui::PopTextWrapPos();
  }

  ImGui::Spacing();
  section("Rules and island");
  const float field_w = fl.narrow ? -FLT_MIN : std::min(px(260), w - fl.label_w - 30.0f);
  auto field = [&](const char* l, const char* id, int* value, const char* const items[], int n) {
    field_label(fl, l);
    ImGui::SetNextItemWidth(field_w);
    combo(id, value, items, n, fl.row_h);
  };
  field("Mode", "mode", &form.mode, kModes, 4);
  if (form.mode == 3) {
    if (!fl.narrow) ImGui::SameLine();
    ImGui::SetNextItemWidth(fl.narrow ? -FLT_MIN : px(120));
    ImGui::SliderInt("##vp", &form.custom_vp, 3, 20, "%d VP");
    test_id("custom_vp");
  }
  field("Board", "board", &form.board, kBoards, 4);
  const char* vis[] = {"Revealed", "Mist", "Terra incognita"};
  field("Map visibility", "visibility", &form.visibility, vis, 3);
  const char* dice[] = {"Random", "Balanced (deck of 36)"};
  field("Dice", "dice", &form.dice, dice, 2);
  field("Turn timer", "timer", &form.timer_idx, kTimerNames, kNumTimerChoices);
  field("AI speed", "form_ai_speed", &form.ai_speed, kAiSpeedNames, kNumAiSpeeds);
  bool master = false;
  for (int i = 0; i < form.players; ++i)
    master |= form.seats[i].kind == kSeatAi && form.seats[i].level == kNumLevels - 1;
  if (master)
    field("Master thinks", "master_time", &form.master_time, kMasterTimeNames, kNumMasterTimes);
  field_label(fl, "Seed");
  const float new_seed_w = ImGui::CalcTextSize("New seed").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SetNextItemWidth(fl.narrow ? ImGui::GetContentRegionAvail().x - new_seed_w -
                                          ImGui::GetStyle().ItemSpacing.x
                                    : field_w);
  if (ImGui::InputText("##seed", form.seed_text, sizeof form.seed_text,
                       ImGuiInputTextFlags_CharsDecimal))
    form.seed_chosen = form.seed_text[0] != 0;  // typed by the player
  test_id("seed");
  ImGui::SameLine();
  if (button("random_seed", "New seed")) form.new_board_seed(random_board_seed());

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  // Back and Start side by side, Start the wider.
  const float avail = ImGui::GetContentRegionAvail().x, gap = ImGui::GetStyle().ItemSpacing.x;
  const float back_w = std::min(px(140), (avail - gap) * 0.4f);
  const float start_w = fl.narrow ? avail - back_w - gap : px(200);
  if (!fl.narrow) ImGui::SetCursorPosX((ImGui::GetWindowWidth() - back_w - gap - start_w) * 0.5f);
  if (button("custom_back", "Back", ImVec2(back_w, bh))) form.custom = form.room = false;
  ImGui::SameLine();
  if (!form.room) {
    if (start_button("start", "Start game", start_w, bh)) choice = NewGameChoice::Start;
    return choice;
  }
  const std::string problem = room_form_problem(form);
  if (start_button("open_room", "Open room", start_w, bh) && problem.empty())
    choice = NewGameChoice::OpenRoom;
  if (!problem.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", problem.c_str());
  return choice;
}

}  // namespace

NewGameChoice draw_new_game_screen(NewGameForm& form, bool can_continue, const Notice& notice,
                                   double now) {
  NewGameChoice choice = NewGameChoice::None;
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  FormLayout fl;
  fl.narrow = ds.x < kNarrowWidth;
  const float margin = fl.narrow ? 8.0f : 16.0f;
  const float w = std::min((form.custom ? 760.0f : 460.0f) * ui_scale(), ds.x - 2 * margin);
  fl.label_w = px(150);
  // Every control at least kMinTouch tall on a narrow screen (where a finger is the pointer).
  const ImGuiStyle& style = ImGui::GetStyle();
  const float pad_y =
      fl.narrow ? std::max(style.FramePadding.y, (kMinTouch - ImGui::GetFontSize()) * 0.5f)
                : style.FramePadding.y;
  fl.row_h = fl.narrow ? kMinTouch - style.ItemSpacing.y : 0.0f;
  const float bh = std::max(kMinTouch, px(44));
  ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, ds.y - 2 * margin));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(style.FramePadding.x, pad_y));
  ImGui::Begin("New game", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  centred_title("Settlers of Catan", form.room     ? "Set up a room for friends"
                                     : form.custom ? "Set up a new game"
                                                   : "Build, trade and settle against clever AIs");
  if (form.custom)
    choice = custom_form(form, fl, w, bh);
  else
    choice = quick_screen(form, can_continue, bh);

  ImGui::Spacing();
  // Settings and help, at the right (full width halves on a narrow screen).
  const float avail = ImGui::GetContentRegionAvail().x, gap = style.ItemSpacing.x;
  const float sw = fl.narrow ? (avail - gap) * 0.5f : 0.0f;
  if (!fl.narrow) ImGui::SetCursorPosX(ImGui::GetWindowWidth() - px(160));
  if (button("ng_settings", "Settings", ImVec2(sw, bh))) choice = NewGameChoice::Settings;
  ImGui::SameLine();
  if (button("ng_help", fl.narrow ? "Help" : "?", ImVec2(fl.narrow ? sw : bh, bh)))
    choice = NewGameChoice::Help;
  if (notice.visible(now)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", notice.text.c_str());
    ImGui::PopTextWrapPos();
  }
  drag_to_scroll();
  ImGui::End();
  ImGui::PopStyleVar();
  return choice;
}

}  // namespace catan::ui
