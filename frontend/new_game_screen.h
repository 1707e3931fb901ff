// The New game screen. It opens on one big "Play vs bots" button (you against AIs, from the
// form's current choices: you + 3 Normal bots until the player changes them), "Continue last
// game" and "Custom game", which opens the full form: who sits in each seat, the rules, the
// island and the AI's pace. On a narrow screen (a phone held upright) the form stacks every
// control at full width and makes each one at least kMinTouch tall, so nothing is cut and
// every control can be tapped; the form scrolls by dragging as well as by the wheel.
//
//   NewGameForm form;                                           // the App keeps one
//   switch (draw_new_game_screen(form, can_continue, notice, now)) { case NewGameChoice::Start:
//     session.start(config_from_form(form)); ... }
#pragma once
#include <cstdint>
#include <string>

#include "frontend/game_frame.h"
#include "frontend/match_types.h"

namespace catan::ui {

// Index into the seat-kind combo.
enum SeatChoice : int { kSeatYou = 0, kSeatAi = 1, kSeatHotSeat = 2 };

struct SeatSetup {
  int kind = kSeatAi;
  int level = 2;        // AiLevel
  int personality = 0;  // Personality
  char name[32] = "";
};

// The AI speed choices: names and the speed each passes to match::ai_delay_for_speed
// (0 = no pause).
inline constexpr const char* kAiSpeedNames[] = {"Slow", "Normal", "Fast", "Instant"};
inline constexpr double kAiSpeeds[] = {0.5, 1.0, 2.0, 0.0};
inline constexpr int kNumAiSpeeds = 4;
// Turn timer choices in seconds: 0 off, -1 unlimited.
inline constexpr int kTimerChoices[] = {0, 20, 30, 40, 60, 90, 120, -1};
inline constexpr int kNumTimerChoices = 8;
// Master's thinking time per decision, ms (the form shows it when a seat is Master).
inline constexpr const char* kMasterTimeNames[] = {"1 s", "3 s", "10 s"};
inline constexpr int kMasterTimes[] = {1000, 3000, 10000};
inline constexpr int kNumMasterTimes = 3;

struct NewGameForm {
  NewGameForm();
  int players = 4;
  SeatSetup seats[4];
  int mode = 0;  // Mode
  int custom_vp = 10;
  int board = 2;        // LayoutKind: beginner official balanced random
  int visibility = 0;   // Visibility
  int dice = 0;         // DiceMode
  int timer_idx = 0;    // kTimerChoices
  int ai_speed = 1;     // kAiSpeeds
  int master_time = 1;  // kMasterTimes
  char seed_text[24] = "";
  // The player typed the seed (or a test fixed it): every game from this form uses it until
  // "New seed". Otherwise each visit to the form shows a fresh seed from real entropy.
  bool seed_chosen = false;
  uint64_t play_seed = 0;  // 0: fresh for every game (a test fixes it for a reproducible game)
  bool custom = false;     // the full form is open (else the one-click screen)
  // The form sets up an online room ("Play with friends"): the hot-seat kind reads "Friend"
  // (a seat open to a guest) and the form's button opens the room.
  bool room = false;
  // The room's friends connect by codes swapped by hand (no third party), not by the link.
  bool room_codes = false;
  void new_board_seed(uint64_t seed);     // a drawn seed (not chosen)
  void choose_board_seed(uint64_t seed);  // a seed asked for
  void refresh_board_seed();              // a fresh drawn seed unless one was chosen
};

// A board seed from real entropy, nine digits so a player can read it out and type it.
uint64_t random_board_seed();

// The smallest height of a control a finger has to hit (CSS pixels in the browser).
inline constexpr float kMinTouch = 44.0f;
// Below this width (CSS pixels) the form stacks its controls at full width.
inline constexpr float kNarrowWidth = 600.0f;

// What "Play vs bots" starts: the player in the first seat they chose as "You" (seat 1 when
// none), every other seat an AI with the level and personality the form has for it.
void make_bots_game(NewGameForm* form);
// "Play with friends": the room setup form, with a Friend seat when the form has none.
void make_room_form(NewGameForm* form);
// Why the room cannot open as set up ("" when it can): exactly one seat is "You".
std::string room_form_problem(const NewGameForm& form);
// The seat the host plays: the form's "You".
int room_host_seat(const NewGameForm& form);

// One line saying what "Play vs bots" starts, e.g. "You + 3 bots (Normal), Classic (10 VP)".
std::string bots_game_summary(const NewGameForm& form);

// The name seat `seat` plays under when its name field is empty (the field's placeholder):
// "You", "Blue (human)" for a hot-seat human, "Bruno (Normal Trader)" for an AI.
std::string default_name(int seat, const SeatSetup& ss);

MatchConfig config_from_form(const NewGameForm& form);

enum class NewGameChoice { None, Start, Continue, Settings, Help, OpenRoom, JoinByCode };
// The one-click screen or the form (form.custom), centred; `can_continue` shows "Continue
// last game". `notice` (if visible) is shown under the buttons. "Play vs bots" applies
// make_bots_game to the form and returns Start, as the form's own Start button does. "Play
// with friends" opens the form as a room's setup, whose button returns OpenRoom; its "Join with
// a code" returns JoinByCode (a friend hosts; this page answers the host's invite code).
NewGameChoice draw_new_game_screen(NewGameForm& form, bool can_continue, const Notice& notice,
                                   double now);

}  // namespace catan::ui
