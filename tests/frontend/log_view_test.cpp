// Log filters, notices and sounds (frontend/log_view.h).
#include "frontend/log_view.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "match/session.h"
#include "tests/frontend/headless_imgui.h"

namespace catan::ui {
namespace {

const std::string kNames[4] = {"You", "Alice", "Bob", "Carol"};

Event ev(EventType t, int seat = -1, int other = -1, int arg = -1, int arg2 = -1) {
  Event e{};
  e.type = t;
  e.seat = static_cast<int8_t>(seat);
  e.other = static_cast<int8_t>(other);
  e.arg = static_cast<int8_t>(arg);
  e.arg2 = static_cast<int8_t>(arg2);
  return e;
}

TEST(LogView, FiltersSelectTheRightEvents) {
  const Event road = ev(EventType::RoadBuilt, 1, -1, 5);
  const Event offer = ev(EventType::TradeOffered, 0, -1);
  const Event steal = ev(EventType::Stole, 2, 0, 3);
  const Event seven = ev(EventType::DiceRolled, 1, -1, 3, 4);
  const Event eight = ev(EventType::DiceRolled, 1, -1, 4, 4);
  const Event knight = ev(EventType::DevCardPlayed, 3, -1, static_cast<int>(DevCard::Knight));
  for (const Event& e : {road, offer, steal, seven, eight, knight}) {
    EXPECT_TRUE(event_matches(e, LogFilter::All, 0));
  }
  EXPECT_TRUE(event_matches(road, LogFilter::Builds, 0));
  EXPECT_FALSE(event_matches(road, LogFilter::Trades, 0));
  EXPECT_FALSE(event_matches(road, LogFilter::Mine, 0));
  EXPECT_TRUE(event_matches(road, LogFilter::Mine, 1));
  EXPECT_TRUE(event_matches(offer, LogFilter::Trades, 0));
  EXPECT_TRUE(event_matches(offer, LogFilter::Mine, 0));
  EXPECT_TRUE(event_matches(steal, LogFilter::Robber, 0));
  EXPECT_TRUE(event_matches(steal, LogFilter::Mine, 0));  // the victim
  EXPECT_TRUE(event_matches(seven, LogFilter::Robber, 0));
  EXPECT_FALSE(event_matches(eight, LogFilter::Robber, 0));
  EXPECT_TRUE(event_matches(knight, LogFilter::Robber, 0));
  EXPECT_FALSE(event_matches(road, LogFilter::Mine, -1));  // spectators have no "mine"
}

// Fast bots roll several 7s within a notice's life: the newest replaces the older, and a
// repeated notice is shown once.
TEST(LogView, NoticesDoNotRepeat) {
  LogView log;
  log.push_toast(*toast_for(ev(EventType::DiceRolled, 1, -1, 3, 4), 0, kNames));
  log.push_toast(*toast_for(ev(EventType::LongestRoadChanged, 2, 1, 6), 0, kNames));
  log.push_toast(*toast_for(ev(EventType::DiceRolled, 3, -1, 6, 1), 0, kNames));
  log.push_toast(*toast_for(ev(EventType::LongestRoadChanged, 2, 1, 6), 0, kNames));
  const std::vector<ToastSpec> shown = log.toasts();
  ASSERT_EQ(shown.size(), 2u);
  EXPECT_EQ(shown[0].kind, ToastKind::Seven);
  EXPECT_EQ(shown[0].seat, 3);
  EXPECT_EQ(shown[1].kind, ToastKind::Award);
}

TEST(LogView, SevenMakesANotice) {
  auto t = toast_for(ev(EventType::DiceRolled, 2, -1, 6, 1), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, ToastKind::Seven);
  EXPECT_NE(t->text.find("Bob rolled a 7"), std::string::npos) << t->text;
  EXPECT_FALSE(toast_for(ev(EventType::DiceRolled, 2, -1, 5, 1), 0, kNames));
}

TEST(LogView, BeingRobbedSaysWhatWasTaken) {
  auto t = toast_for(ev(EventType::Stole, 1, 0, static_cast<int>(Resource::Ore)), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, ToastKind::Robbed);
  EXPECT_EQ(t->text, "Alice stole 1 Ore from you");
  // Redacted steal (resource unknown to the viewer): no resource named.
  t = toast_for(ev(EventType::Stole, 1, 0, -1), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->text, "Alice stole a card from you");
  // Someone else's misfortune: only the log mentions it.
  EXPECT_FALSE(toast_for(ev(EventType::Stole, 1, 2, 3), 0, kNames));
  t = toast_for(ev(EventType::MonopolyTook, 3, 0, static_cast<int>(Resource::Wheat), 3), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->text, "Carol's Monopoly took your 3 Grain");
}

TEST(LogView, AwardsAndWin) {
  auto t = toast_for(ev(EventType::LongestRoadChanged, 2, 1, 6), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, ToastKind::Award);
  EXPECT_EQ(t->text, "Bob takes Longest Road (6 roads)");
  t = toast_for(ev(EventType::LongestRoadChanged, -1, 1, 0), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->text, "Longest Road is set aside");
  t = toast_for(ev(EventType::LargestArmyChanged, 3, -1, 3), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->text, "Carol takes Largest Army (3 knights)");
  t = toast_for(ev(EventType::GameWon, 1, -1, 10), 0, kNames);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, ToastKind::Win);
  EXPECT_EQ(t->text, "Alice wins with 10 victory points!");
  EXPECT_FALSE(toast_for(ev(EventType::RoadBuilt, 1, -1, 3), 0, kNames));
}

// Found playing: "You's offer ended without a trade."; the viewer's seat is named "You".
TEST(LogView, TheViewerReadsAsYouInTheLogAndTheNotices) {
  EXPECT_EQ(log_sentence(ev(EventType::TradeCancelled, 0), kNames), "Your offer ended");
  EXPECT_EQ(log_sentence(ev(EventType::TradeCancelled, 2), kNames), "Bob's offer ended");
  EXPECT_EQ(log_sentence(ev(EventType::LongestRoadChanged, 0, -1, 5), kNames),
            "You take Longest Road (5 roads)");
  EXPECT_EQ(log_sentence(ev(EventType::LargestArmyChanged, 0, -1, 3), kNames),
            "You take Largest Army (3 knights)");
  EXPECT_EQ(log_sentence(ev(EventType::GameWon, 0, -1, 10), kNames), "You win with 10 VP!");
  EXPECT_EQ(toast_for(ev(EventType::LongestRoadChanged, 0, -1, 5), 0, kNames)->text,
            "You take Longest Road (5 roads)");
  EXPECT_EQ(toast_for(ev(EventType::LargestArmyChanged, 0, -1, 3), 0, kNames)->text,
            "You take Largest Army (3 knights)");
  EXPECT_EQ(toast_for(ev(EventType::GameWon, 0, -1, 10), 0, kNames)->text,
            "You win with 10 victory points!");
  EXPECT_EQ(toast_for(ev(EventType::Forfeited, 0), 1, kNames)->text, "You forfeit the game");
}

// Found playing: the log said sheep and wheat where the dialogs say Wool and Grain.
TEST(LogView, TheLogNamesResourcesAsTheDialogsDo) {
  Event e = ev(EventType::TradeOffered, 1, -1);
  e.a[static_cast<int>(Resource::Wheat)] = 2;
  e.b[static_cast<int>(Resource::Sheep)] = 1;
  e.b[static_cast<int>(Resource::Wood)] = 1;
  EXPECT_EQ(log_sentence(e, kNames), "Alice offers 2 Grain for 1 Wood 1 Wool");
  EXPECT_EQ(log_sentence(ev(EventType::Stole, 1, 0, static_cast<int>(Resource::Sheep)), kNames),
            "Alice stole 1 Wool from You");
  EXPECT_EQ(
      log_sentence(ev(EventType::MonopolyTook, 3, 2, static_cast<int>(Resource::Wheat), 4), kNames),
      "Carol took 4 Grain from Bob");
  EXPECT_EQ(log_sentence(ev(EventType::ProductionShort, -1, -1, static_cast<int>(Resource::Brick)),
                         kNames),
            "The bank ran out of Brick");
  // The engine's own English (catan-cli, its tests) keeps the protocol's words.
  EXPECT_EQ(describe(e, kNames), "Alice offered 2 wheat for 1 wood and 1 sheep to everyone.");
}

// The log's lines are short: cards are resource icons (pieces of their own, with counts),
// names are name pieces (the seat's role is the name's tooltip, not part of the line), and
// development cards read as the cards print them.
TEST(LogView, LinesShowCardsAsIconsAndNamesAsNames) {
  Event got = ev(EventType::Produced, 1);
  got.a[static_cast<int>(Resource::Wood)] = 2;
  got.a[static_cast<int>(Resource::Ore)] = 1;
  const auto line = log_line(got, kNames);
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(line[0].kind, LogPiece::Name);
  EXPECT_EQ(line[0].seat, 1);
  EXPECT_EQ(line[0].text, "Alice");
  EXPECT_EQ(line[1].kind, LogPiece::Text);
  EXPECT_EQ(line[2].kind, LogPiece::Cards);
  EXPECT_EQ(line[2].cards[static_cast<int>(Resource::Wood)], 2);
  EXPECT_EQ(line[2].cards[static_cast<int>(Resource::Ore)], 1);
  EXPECT_EQ(log_text(line), "Alice got 2 Wood 1 Ore");

  Event bank = ev(EventType::BankTrade, 2);
  bank.a[static_cast<int>(Resource::Brick)] = 4;
  bank.b[static_cast<int>(Resource::Wheat)] = 1;
  const auto trade = log_line(bank, kNames);
  EXPECT_EQ(std::count_if(trade.begin(), trade.end(),
                          [](const LogPiece& p) { return p.kind == LogPiece::Cards; }),
            2);
  EXPECT_EQ(log_text(trade), "Bob traded 4 Brick \u2192 1 Grain (bank)");

  const auto stole = log_line(ev(EventType::Stole, 3, 1, static_cast<int>(Resource::Ore)), kNames);
  ASSERT_EQ(stole.back().kind, LogPiece::Name);
  EXPECT_EQ(stole.back().seat, 1);

  // Only the name itself: whatever the caller passes (without_role drops the role).
  const std::string roles[4] = {"You", without_role("Bruno (Normal Aggressor)"), "Bob", "Carol"};
  EXPECT_EQ(log_sentence(ev(EventType::RoadBuilt, 1, -1, 4), roles), "Bruno built a road");
  EXPECT_EQ(log_sentence(ev(EventType::DiceRolled, 1, -1, 3, 5), roles), "Bruno rolled 8");
}

TEST(LogView, DevelopmentCardsAreCapitalized) {
  auto played = [](DevCard d) {
    return log_sentence(ev(EventType::DevCardPlayed, 2, -1, static_cast<int>(d)), kNames);
  };
  EXPECT_EQ(played(DevCard::Knight), "Bob played Knight");
  EXPECT_EQ(played(DevCard::YearOfPlenty), "Bob played Year of Plenty");
  EXPECT_EQ(played(DevCard::RoadBuilding), "Bob played Road Building");
  EXPECT_EQ(played(DevCard::Monopoly), "Bob played Monopoly");
  EXPECT_EQ(
      log_sentence(ev(EventType::DevCardBought, 0, -1, static_cast<int>(DevCard::VictoryPoint)),
                   kNames),
      "You bought a Victory Point");
  EXPECT_EQ(log_sentence(ev(EventType::DevCardBought, 1, -1, -1), kNames),
            "Alice bought a dev card");
  EXPECT_STREQ(dev_card_title(static_cast<int>(DevCard::YearOfPlenty)), "Year of Plenty");
}

TEST(LogView, Sounds) {
  EXPECT_EQ(sound_for(ev(EventType::DiceRolled, 1, -1, 2, 3), 0, false), audio::Sfx::Dice);
  EXPECT_EQ(sound_for(ev(EventType::CityBuilt, 1, -1, 3), 0, false), audio::Sfx::Build);
  EXPECT_EQ(sound_for(ev(EventType::RobberMoved, 1, -1, 3), 0, false), audio::Sfx::Robber);
  EXPECT_EQ(sound_for(ev(EventType::TurnEnded, 3, 0), 0, true), audio::Sfx::YourTurn);
  EXPECT_FALSE(sound_for(ev(EventType::TurnEnded, 0, 1), 0, false));
  EXPECT_FALSE(sound_for(ev(EventType::Produced, 1), 0, false));
}

// More new events in one update than the log keeps: the log shows the newest lines only, the
// same lines as a log that sees the game for the first time, with no older lines before them.
TEST(LogView, ABurstLongerThanTheLogReplacesTheOldLines) {
  match::MatchConfig mc = you_and_ais(9);
  for (auto& seat : mc.seats) {
    seat.kind = match::SeatKind::AI;
    seat.ai.level = AiLevel::Random;
  }
  match::Session s;
  s.start(mc);
  LogView early;
  early.sounds = false;
  double t = 0;
  for (int i = 0; i < 100000 && s.game().events().size() < 40; ++i) s.update(t += 0.25, 50.0);
  early.update(s, t);
  const size_t seen = s.game().events().size();
  ASSERT_GE(early.lines().size(), 20u);
  for (int i = 0; i < 400000 && s.game().events().size() < seen + 1020; ++i)
    s.update(t += 0.25, 50.0);
  ASSERT_GE(s.game().events().size(), seen + 1020) << "the bots' game ended too soon";
  early.update(s, t);
  LogView fresh;
  fresh.sounds = false;
  fresh.update(s, t);
  EXPECT_LE(early.lines().size(), 1000u);
  EXPECT_EQ(early.lines(), fresh.lines());
}

// When a turn timer runs out, the log says so and what was done for the player (not only
// "You built a settlement").
TEST(LogView, TimeOutsSayWhatWasDoneForThePlayer) {
  match::MatchConfig mc = you_and_ais(5);
  mc.options.timer_seconds = 20;
  match::Session s;
  s.start(mc);
  LogView log;
  log.sounds = false;
  double t = 0;
  // Nobody at seat 0 touches anything: its first placement (settlement and road) times out.
  for (int i = 0; i < 4000 && s.timeout_moves().size() < 2; ++i) {
    t += 0.25;
    s.update(t, 50.0);
    log.update(s, t);
  }
  ASSERT_GE(s.timeout_moves().size(), 2u);
  const std::vector<std::string> lines = log.lines();
  const auto has = [&](const std::string& l) {
    return std::find(lines.begin(), lines.end(), l) != lines.end();
  };
  EXPECT_TRUE(has("Time ran out: a settlement was placed for you"))
      << testing::PrintToString(lines);
  EXPECT_TRUE(has("Time ran out: a road was placed for you")) << testing::PrintToString(lines);
  EXPECT_FALSE(has("You built a settlement")) << "the old line says nothing of the timer";
  // The words for the other moves a time-out makes, and a seat named otherwise.
  EXPECT_EQ(log_text(timeout_line(Action::simple(ActionType::Roll), 0, kNames)),
            "Time ran out: the dice were rolled for you");
  EXPECT_EQ(log_text(timeout_line(Action::simple(ActionType::EndTurn), 2, kNames)),
            "Time ran out: the turn was ended for Bob");
  EXPECT_EQ(log_text(timeout_line(Action::simple(ActionType::DeclineTrade), 1, kNames)),
            "Time ran out: the offer was declined for Alice");
}

// Dice waiting for the first roll are faded blank faces: no glyph (a "?" reads as a help
// button), nothing opaque.
class DiceDrawing : public HeadlessImGui {};
TEST_F(DiceDrawing, DiceBeforeTheFirstRollAreBlankAndFaded) {
  const auto draw = [](int d1, int d2) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(200, 120));
    ImGui::Begin("dice", nullptr, ImGuiWindowFlags_NoDecoration);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int v0 = dl->VtxBuffer.Size;
    draw_dice(dl, ImVec2(20, 20), 40, d1, d2, 1.0f);
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    int glyph_vertices = 0, max_alpha = 0;
    for (int i = v0; i < dl->VtxBuffer.Size; ++i) {
      const ImDrawVert& v = dl->VtxBuffer[i];
      if (v.uv.x != white.x || v.uv.y != white.y) ++glyph_vertices;
      max_alpha = std::max(max_alpha, static_cast<int>((v.col >> IM_COL32_A_SHIFT) & 0xFF));
    }
    ImGui::End();
    ImGui::Render();
    return std::make_pair(glyph_vertices, max_alpha);
  };
  const auto [glyphs, alpha] = draw(0, 0);
  EXPECT_EQ(glyphs, 0) << "a mark (\"?\") on the dice waiting for the first roll";
  EXPECT_LT(alpha, 200) << "the waiting dice are drawn as solid as rolled ones";
  const auto [rolled_glyphs, rolled_alpha] = draw(3, 5);
  EXPECT_EQ(rolled_glyphs, 0) << "pips are shapes";
  EXPECT_EQ(rolled_alpha, 255) << "rolled dice are solid";
}

}  // namespace
}  // namespace catan::ui
