// The game screen drawn from a view-only match (match::ViewMatch): the screen holds one
// seat's Observation and redacted events, never the full game; its moves go to a host-side
// Game, and the host's new view comes back after each frame, as it would over a network.
#include "match/view_match.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <optional>
#include <string>

#include "engine/game.h"
#include "engine/rules.h"
#include "frontend/game_screen.h"
#include "frontend/widgets.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

// Seat 0 human, the others AIs (whose moves the host makes here).
match::MatchConfig table(uint64_t seed) {
  match::MatchConfig mc = you_and_ais(seed);
  mc.seeds = Seeds::both(seed);
  return mc;
}

// Plays the setup with the first legal action of every seat: the first turn's roll is next.
Game after_setup(const match::MatchConfig& mc) {
  Game g(mc.options, mc.seeds);
  while (g.state().phase != Phase::Roll && g.state().phase != Phase::GameOver)
    g.apply(legal_actions(g.state()).front());
  return g;
}

bool can(const GameState& s, ActionType t) {
  for (const Action& a : legal_actions(s))
    if (a.type == t) return true;
  return false;
}

// A board whose first player rolls no 7 and can then build a road.
std::optional<match::MatchConfig> table_with_a_road_to_build() {
  for (uint64_t seed = 1; seed < 400; ++seed) {
    match::MatchConfig mc = table(seed);
    Game g = after_setup(mc);
    if (g.state().phase != Phase::Roll) continue;
    mc.seats[0].kind = match::SeatKind::AI;  // the first player is the guest's seat
    mc.seats[static_cast<size_t>(g.state().current)].kind = match::SeatKind::Human;
    if (!g.apply(Action::simple(ActionType::Roll))) continue;
    if (g.state().phase == Phase::Main && can(g.state(), ActionType::BuildRoad)) return mc;
  }
  return std::nullopt;
}

class ViewMatchUi : public HeadlessImGui {
 protected:
  // One frame of the game screen, then the host's news for the guest.
  void frame() {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse_;
    io.MouseDown[0] = down_;
    ImGui::NewFrame();
    now_ += io.DeltaTime;
    ui::draw_game_screen(*guest_, now_, notice_, screen_, overlays_);
    ImGui::Render();
    if (host_changed_) {
      guest_->update(match::seat_view(*host_, seat_, config_));
      host_changed_ = false;
    }
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) frame();
  }
  // The pointer rests on `p` a few frames (as a hand moves), presses and releases.
  void click_at(ImVec2 p) {
    mouse_ = p;
    down_ = false;
    frames(3);
    down_ = true;
    frame();
    down_ = false;
    frames(2);
  }
  void click(const char* id) {
    ImVec2 c;
    for (int i = 0; i < 10 && !ui::find_test_id(id, &c); ++i) frame();
    ASSERT_TRUE(ui::find_test_id(id, &c)) << id << " is not on screen";
    click_at(c);
  }
  size_t host_moves() const { return host_->history().size(); }

  match::MatchConfig config_;
  std::optional<Game> host_;
  int seat_ = -1;
  bool host_changed_ = false;
  std::optional<match::ViewMatch> guest_;
  ui::GameScreenState screen_;
  ui::Overlays overlays_;
  ui::Notice notice_;
  double now_ = 0;
};

TEST_F(ViewMatchUi, AWholeTurnIsPlayedOnTheGameScreenFromTheSeatsViewAlone) {
  const std::optional<match::MatchConfig> mc = table_with_a_road_to_build();
  ASSERT_TRUE(mc) << "no board in the range lets the first player build a road";
  config_ = *mc;
  host_.emplace(after_setup(config_));
  seat_ = host_->state().current;
  guest_.emplace(config_, seat_, [this](const Action& a, std::string* err) {
    if (!host_->apply(a, err)) return false;
    host_changed_ = true;  // the new view arrives after the frame, as over a network
    return true;
  });
  guest_->update(match::seat_view(*host_, seat_, config_));

  // The guest holds the seat's view only: no full game, no play seed, others' hands as counts.
  ASSERT_EQ(guest_->full_game(), nullptr);
  EXPECT_EQ(guest_->config().seeds.play, 0u);
  for (int p = 0; p < host_->state().num_players; ++p) {
    if (p == seat_) continue;
    EXPECT_EQ(total(guest_->view().players[p].resources), 0) << "seat " << p;
    EXPECT_EQ(guest_->observation().hand_size[p], total(host_->state().players[p].resources));
  }
  frames(3);

  // Roll.
  const size_t before_roll = host_moves();
  click("roll");
  ASSERT_EQ(host_moves(), before_roll + 1) << "the Roll button did not reach the host";
  EXPECT_EQ(host_->history().back().type, ActionType::Roll);
  ASSERT_EQ(host_->state().phase, Phase::Main);
  EXPECT_EQ(guest_->view().last_dice, host_->state().last_dice) << "the view came back";

  // Build a road: the Road tool, then a highlighted edge on the board.
  int edge = -1;
  for (const Action& a : guest_->legal_actions())
    if (a.type == ActionType::BuildRoad) edge = a.arg;
  ASSERT_GE(edge, 0) << "the guest's legal actions offer no road";
  const int roads_before = host_->state().players[seat_].roads_left;
  click("tool_road");
  click_at(screen_.board.edge_pos(edge));
  ASSERT_EQ(host_->state().players[seat_].roads_left, roads_before - 1) << "no road was built";
  EXPECT_EQ(host_->state().edge_owner[edge], seat_);
  EXPECT_EQ(guest_->view().edge_owner[edge], seat_);

  // End the turn: the next seat is to move, and the guest's screen no longer offers moves.
  const int turn = host_->state().turn;
  click("end_turn");
  EXPECT_EQ(host_->history().back().type, ActionType::EndTurn);
  EXPECT_EQ(host_->state().turn, turn + 1);
  EXPECT_NE(host_->state().current, seat_);
  EXPECT_TRUE(guest_->legal_actions().empty());
  frames(2);
  EXPECT_EQ(guest_->actions_applied(), host_moves());
  EXPECT_GE(screen_.log.lines().size(), 3u) << "the log shows the redacted events";
}

// The local match offers the full game only once it is over.
TEST(LocalMatchView, TheFullGameIsOfferedOnlyAfterTheGame) {
  match::Session s;
  s.start(you_and_ais(5));
  const match::MatchView& v = s;
  EXPECT_EQ(v.full_game(), nullptr);
  EXPECT_EQ(v.visible_events().size(), s.game().events().size());
  EXPECT_EQ(v.observation().seat, v.viewer());
}

}  // namespace
}  // namespace catan
