// Fair play (match/verify.h): after a whole online game every guest's replay of the host's
// reveal matches the views it received; a host that changes a seed, an action or a view sent
// during the game is found out at the action where it shows; a malformed reveal is refused.
#include "match/verify.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/ai/ai.h"
#include "tests/engine/linked_table.h"
#include "tests/engine/random_play.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

// Seats 0-2 are guests g0-g2, seat 3 a bot; g3 and g4 watch. g4's view after action
// kAlteredAt is altered on the way (its bank changed), as a cheating host would.
constexpr size_t kAlteredAt = 40;
constexpr int kGuests = 5;

struct PlayedGame {
  MatchConfig room_config;  // as the guests received it (guest_config())
  std::vector<int> seats;
  std::vector<VerifyRecord> records;
  std::vector<std::optional<VerifyResult>> results;
  wire::Reveal reveal;
  size_t reveal_bytes = 0;
  wire::Room room0;  // guest 0's room, with the commitment and the nonces
  bool altered = false;
};

// Alters the bank of the view message that follows action kAlteredAt (a valid view: only the
// replay can tell).
bool alter_bank(const HostRoom& room, std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  if (j["t"] != "view" || room.game().history().size() != kAlteredAt) return false;
  nlohmann::json bank = nlohmann::json::array();
  for (const int n : room.game().state().bank) bank.push_back(n);
  bank[0] = bank[0].get<int>() == 0 ? 1 : bank[0].get<int>() - 1;
  j["view"]["bank"] = bank;
  text = j.dump();
  return true;
}

PlayedGame play_and_verify(Visibility visibility) {
  MatchConfig mc = quick_match(4, 3, 1);
  mc.seeds = Seeds{987654321, 11400714819323198485ull};
  mc.options.visibility = visibility;
  LinkedTable t(mc, kGuests, 77);
  PlayedGame out;
  t.wire_tap = [&](const std::string& peer, std::string& text) {
    if (peer == "g4" && !out.altered) out.altered = alter_bank(t.room, text);
    if (text.find("\"t\":\"reveal\"") != std::string::npos) out.reveal_bytes = text.size();
    return true;
  };
  for (int i = 0; i < kGuests; ++i)
    t.link(i).hello("guest" + std::to_string(i), i < 3 ? i : -1, "");
  t.pump();
  std::vector<std::unique_ptr<Bot>> ais;
  for (int s = 0; s < 3; ++s) {
    AiConfig c;
    c.level = AiLevel::Easy;
    c.seed = 100 + s;
    ais.push_back(make_bot(c));
  }
  for (int step = 0; step < 20000 && t.room.game().state().phase != Phase::GameOver; ++step) {
    for (int s = 0; s < 3; ++s) {
      ViewMatch* m = t.link(s).match();
      if (m == nullptr || m->legal_actions().empty()) continue;
      const std::vector<Action> legal = m->legal_actions();
      Action a = ais[static_cast<size_t>(s)]->decide(m->observation(), m->visible_events());
      if (std::find(legal.begin(), legal.end(), a) == legal.end()) a = legal.front();
      EXPECT_TRUE(m->submit(a));
      break;
    }
    t.pump();
  }
  EXPECT_EQ(t.room.game().state().phase, Phase::GameOver);
  out.room_config = t.link(0).room()->config;
  out.reveal = t.room.reveal();
  out.room0 = *t.link(0).room();
  for (int i = 0; i < kGuests; ++i) {
    out.seats.push_back(t.link(i).room()->seat);
    out.records.push_back(t.link(i).record());
    out.results.push_back(t.link(i).verification());
  }
  return out;
}

const PlayedGame& revealed_game() {
  static const PlayedGame game = play_and_verify(Visibility::Revealed);
  return game;
}

VerifyResult verify_as(const PlayedGame& g, int guest, const wire::Reveal& reveal) {
  return verify_game(g.room_config, g.seats[static_cast<size_t>(guest)], reveal,
                     g.records[static_cast<size_t>(guest)]);
}

void expect_every_honest_view_verifies(const PlayedGame& g) {
  ASSERT_TRUE(g.altered) << "the game never reached action " << kAlteredAt;
  EXPECT_EQ(g.seats, (std::vector<int>{0, 1, 2, -1, -1}));
  for (int i = 0; i < 4; ++i) {
    const auto& r = g.results[static_cast<size_t>(i)];
    ASSERT_TRUE(r.has_value()) << "guest " << i << " received no reveal";
    EXPECT_TRUE(r->ok) << "guest " << i << ": " << r->first_difference;
    EXPECT_EQ(r->first_difference, "");
    EXPECT_GT(g.records[static_cast<size_t>(i)].views.size(), 50u);
  }
  // The guest whose view was altered on the way finds it, at the action it followed.
  const auto& altered = g.results[4];
  ASSERT_TRUE(altered.has_value());
  EXPECT_FALSE(altered->ok);
  EXPECT_NE(altered->first_difference.find("after action " + std::to_string(kAlteredAt) + " ("),
            std::string::npos)
      << altered->first_difference;
  EXPECT_NE(altered->first_difference.find("the board, hands and turn"), std::string::npos)
      << altered->first_difference;
}

TEST(Verify, EveryGuestOfAWholeGameVerifiesAndAnAlteredViewIsFound) {
  const PlayedGame& g = revealed_game();
  expect_every_honest_view_verifies(g);
  // The reveal's size (docs/MULTIPLAYER.md, "Verification").
  std::printf("[ verify   ] reveal of %zu actions: %zu bytes (%.1f per action)\n",
              g.reveal.actions.size(), g.reveal_bytes,
              static_cast<double>(g.reveal_bytes) / static_cast<double>(g.reveal.actions.size()));
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(verify_as(g, 0, g.reveal).ok);
  const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - t0;
  std::printf("[ verify   ] %zu views checked in %.1f ms\n", g.records[0].views.size(), ms.count());
  EXPECT_GT(g.reveal_bytes, 0u);
  EXPECT_LT(g.reveal_bytes, wire::kMaxHostMessage / 20) << "room for a game 20 times as long";
}

// The board seed is not in the room while the island is hidden: it comes with the reveal.
TEST(Verify, AGameOnAHiddenIslandVerifies) {
  const PlayedGame g = play_and_verify(Visibility::TerraIncognita);
  EXPECT_EQ(g.room_config.seeds.board, 0u);
  expect_every_honest_view_verifies(g);
}

TEST(Verify, ADifferentPlaySeedIsFoundAtAnAction) {
  const PlayedGame& g = revealed_game();
  wire::Reveal other = g.reveal;
  other.seeds.play ^= 1;  // other rolls, another development deck
  for (int guest = 0; guest < 4; ++guest) {
    const VerifyResult r = verify_as(g, guest, other);
    EXPECT_FALSE(r.ok) << "guest " << guest;
    EXPECT_NE(r.first_difference.find("action "), std::string::npos) << r.first_difference;
  }
  other = g.reveal;
  other.seeds.board ^= 1;
  EXPECT_NE(verify_as(g, 0, other).first_difference.find("board seed"), std::string::npos);
}

// One revealed action replaced by another legal one: the views after it differ.
TEST(Verify, AChangedActionIsNamed) {
  const PlayedGame& g = revealed_game();
  const std::vector<ViewDigest>& views = g.records[0].views;
  // The first setup settlement of seat 1 (public, so every seat's next view shows it).
  Game replay(g.room_config.options, g.reveal.seeds);
  size_t i = 0;
  while (i < g.reveal.actions.size() && replay.state().to_move() != 1)
    replay.apply(g.reveal.actions[i++]);
  ASSERT_TRUE(std::any_of(views.begin(), views.end(),
                          [&](const ViewDigest& d) { return d.actions_applied == i + 1; }));
  const std::vector<Action> legal = legal_actions(replay.state());
  ASSERT_GT(legal.size(), 1u);
  wire::Reveal changed = g.reveal;
  changed.actions[i] = legal[0] == g.reveal.actions[i] ? legal[1] : legal[0];
  const VerifyResult r = verify_as(g, 0, changed);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.first_difference.find("after action " + std::to_string(i + 1) + " (" +
                                    changed.actions[i].to_string() + ") differs"),
            std::string::npos)
      << r.first_difference;
  // An action that does not apply, and a history cut short.
  changed = g.reveal;
  changed.actions[i] = *Action::parse("end_turn", nullptr);
  EXPECT_NE(
      verify_as(g, 0, changed).first_difference.find("revealed action " + std::to_string(i + 1)),
      std::string::npos);
  changed = g.reveal;
  changed.actions.pop_back();
  EXPECT_NE(verify_as(g, 0, changed).first_difference.find("the reveal holds"), std::string::npos);
}

TEST(Verify, TheSeedsMustFollowFromTheCommittedSecretAndTheNonces) {
  const PlayedGame& g = revealed_game();
  EXPECT_TRUE(g.results[0]->ok) << "g0 checked the fair seed and the views";
  const wire::Room& room = g.room0;
  EXPECT_EQ(room.commitment, commitment_of(g.reveal.secret));
  EXPECT_EQ(room.nonces[0], fixed_nonce(0)) << "the host used g0's nonce at g0's seat";
  const auto check = [&](const wire::Reveal& r) {
    return check_fair_seed(room.commitment, r.secret, room.nonces, 0, fixed_nonce(0), r.seeds,
                           room.config.seeds.board, false);
  };
  EXPECT_EQ(check(g.reveal), "");
  wire::Reveal changed = g.reveal;
  changed.secret[0] = changed.secret[0] == '0' ? '1' : '0';
  EXPECT_NE(check(changed).find("committed"), std::string::npos) << check(changed);
  changed = g.reveal;
  changed.seeds.play += 1;  // a host that drew another deck or other dice
  EXPECT_NE(check(changed).find("seeds"), std::string::npos) << check(changed);
}

// A long game (random legal actions: offers, trades and robber moves by the thousand) still
// travels as one message under the host's cap.
TEST(Verify, ALongGamesRevealFitsInAMessage) {
  Game g(classic_options(), Seeds{3, 4});
  Rng rng{9};
  testing_support::play_random_actions(g, rng, 10000);
  const std::string text =
      wire::encode_reveal(wire::Reveal{g.state().seeds, std::string(64, '1'), g.history()});
  std::printf("[ verify   ] random game of %zu actions (%s): reveal %zu bytes\n",
              g.history().size(), g.state().phase == Phase::GameOver ? "over" : "not over",
              text.size());
  std::string error;
  const auto back = wire::parse_host(text, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(std::get<wire::Reveal>(*back).actions, g.history());
}

TEST(Verify, AMalformedRevealIsRefused) {
  const wire::Reveal good{Seeds{5, 6}, std::string(64, '7'), {*Action::parse("end_turn", nullptr)}};
  std::string error;
  const auto parsed = wire::parse_host(wire::encode_reveal(good), &error);
  ASSERT_TRUE(parsed) << error;
  const auto& back = std::get<wire::Reveal>(*parsed);
  EXPECT_EQ(back.seeds, good.seeds);
  EXPECT_EQ(back.secret, good.secret);
  EXPECT_EQ(back.actions, good.actions);
  const auto refused = [&](const std::string& text, const std::string& why) {
    EXPECT_FALSE(wire::parse_host(text, &error)) << text;
    EXPECT_NE(error.find(why), std::string::npos) << error;
  };
  refused(
      R"({"v":1,"t":"reveal","board":"5","seed":"x","secret":"7777777777777777777777777777777777777777777777777777777777777777","actions":[]})",
      "reveal.seed");
  refused(
      R"({"v":1,"t":"reveal","board":"5","seed":"6","secret":"7777777777777777777777777777777777777777777777777777777777777777","actions":["fly"]})",
      "reveal.actions[0] (action 1)");
  refused(
      R"({"v":1,"t":"reveal","board":"5","seed":"6","secret":"7777777777777777777777777777777777777777777777777777777777777777","actions":"end_turn"})",
      "reveal.actions");
  refused(
      R"({"v":1,"t":"reveal","board":"5","seed":"6","secret":"7777777777777777777777777777777777777777777777777777777777777777","actions":[],"x":1})",
      "unknown key");
  refused(
      R"({"v":1,"t":"reveal","board":"5","secret":"7777777777777777777777777777777777777777777777777777777777777777","actions":[]})",
      "missing \"seed\"");
  // A guest refuses a reveal before its room, and a second one; neither is verified.
  LinkedTable t(quick_match(3, 1, 2), 1, 3);
  EXPECT_FALSE(t.link(0).receive(wire::encode_reveal(good), &error));
  EXPECT_NE(error.find("before the room"), std::string::npos) << error;
  EXPECT_FALSE(t.link(0).verification().has_value());
  t.link(0).hello("a", 0, "");
  t.pump();
  EXPECT_TRUE(t.link(0).receive(wire::encode_reveal(good), &error)) << error;
  ASSERT_TRUE(t.link(0).verification().has_value());
  EXPECT_FALSE(t.link(0).verification()->ok) << "a reveal in the middle of a game";
  EXPECT_FALSE(t.link(0).receive(wire::encode_reveal(good), &error));
}

}  // namespace
}  // namespace catan::match
