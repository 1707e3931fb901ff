// The New game screen: who sits in each seat, the rules, the island and the AI's pace.
//
//   NewGameForm form;                                           // the App keeps one
//   switch (draw_new_game_screen(form, can_continue, notice, now)) { case NewGameChoice::Start:
//     session.start(config_from_form(form)); ... }
#pragma once
#include <cstdint>

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

struct NewGameForm {
  NewGameForm();
  int players = 4;
  SeatSetup seats[4];
  int mode = 0;  // Mode
  int custom_vp = 10;
  int board = 2;       // LayoutKind: beginner official balanced random
  int visibility = 0;  // Visibility
  int dice = 0;        // DiceMode
  int timer_idx = 0;   // kTimerChoices
  int ai_speed = 1;    // kAiSpeeds
  char seed_text[24] = "";
  // The player typed the seed (or a test fixed it): every game from this form uses it until
  // "New seed". Otherwise each visit to the form shows a fresh seed from real entropy.
  bool seed_chosen = false;
  uint64_t play_seed = 0;  // 0: fresh for every game (a test fixes it for a reproducible game)
  void new_board_seed(uint64_t seed);     // a drawn seed (not chosen)
  void choose_board_seed(uint64_t seed);  // a seed asked for
  void refresh_board_seed();              // a fresh drawn seed unless one was chosen
};

// A board seed from real entropy, nine digits so a player can read it out and type it.
uint64_t random_board_seed();

MatchConfig config_from_form(const NewGameForm& form);

enum class NewGameChoice { None, Start, Continue, Settings, Help };
// The form, centred; `can_continue` shows "Continue last game". `notice` (if visible) is
// shown under the buttons.
NewGameChoice draw_new_game_screen(NewGameForm& form, bool can_continue, const Notice& notice,
                                   double now);

}  // namespace catan::ui
