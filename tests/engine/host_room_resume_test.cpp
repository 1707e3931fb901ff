// The host's reload (HostRoom::snapshot, HostRoom::restore; docs/MULTIPLAYER.md): a room kept
// mid-game and restored is the same game with the same seats; the guests' links take their
// seats back by their tokens, play on to the end and verify the host's reveal; a damaged or
// edited snapshot is refused with a sentence.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/serialize.h"
#include "match/guest_link.h"
#include "match/host_room.h"
#include "match/sha256.h"
#include "tests/engine/linked_table.h"
#include "tests/engine/session_fixture.h"

namespace catan::match {
namespace {

using nlohmann::json;

constexpr int kGuests = 3;  // seats 0-2; seat 3 is a bot

// A room whose host can be replaced (a reload) while its guests' links stay: the messages go
// through queues as on data channels; guest i is peer "g<i>".
struct Table {
  std::unique_ptr<HostRoom> room;
  std::vector<std::unique_ptr<GuestLink>> links;
  std::deque<std::pair<std::string, std::string>> to_host;
  std::vector<std::unique_ptr<Bot>> ais;
  double now = 0;

  explicit Table(const MatchConfig& mc) : room(std::make_unique<HostRoom>(mc, 77)) {
    for (int i = 0; i < kGuests; ++i) {
      const std::string peer = "g" + std::to_string(i);
      links.push_back(std::make_unique<GuestLink>(
          [this, peer](const std::string& t) { to_host.emplace_back(peer, t); }, fixed_nonce(i)));
      AiConfig c;
      c.level = AiLevel::Easy;
      c.seed = 100 + static_cast<uint64_t>(i);
      ais.push_back(make_bot(c));
    }
  }
  void deliver(const HostRoom::Result& r) {
    for (const HostRoom::Outgoing& o : r.out) {
      if (o.peer.size() != 2 || o.peer[0] != 'g') continue;  // a stranger's connection
      std::string error;
      links[static_cast<size_t>(o.peer[1] - '0')]->receive(o.text, &error);
    }
  }
  void pump() {
    while (!to_host.empty()) {
      const auto [peer, text] = to_host.front();
      to_host.pop_front();
      deliver(room->receive(peer, text, now += 1));
    }
    deliver(room->update(now += 1, 5));
  }
  // One guest's move (the first that may move, but for seat `absent`), chosen from its own view;
  // true when a guest moved.
  bool step(int absent = -1) {
    bool moved = false;
    for (int s = 0; s < kGuests; ++s) {
      if (s == absent) continue;
      ViewMatch* m = links[static_cast<size_t>(s)]->match();
      if (m == nullptr || m->legal_actions().empty()) continue;
      const std::vector<Action> legal = m->legal_actions();
      Action a = ais[static_cast<size_t>(s)]->decide(m->observation(), m->visible_events());
      if (std::find(legal.begin(), legal.end(), a) == legal.end()) a = legal.front();
      EXPECT_TRUE(m->submit(a));
      moved = true;
      break;
    }
    pump();
    return moved;
  }
  void play_until(size_t actions) {
    for (int i = 0; i < 20000 && room->game().history().size() < actions &&
                    room->game().state().phase != Phase::GameOver;
         ++i)
      step();
  }
};

MatchConfig resume_config() {
  MatchConfig mc = quick_match(4, kGuests, 1);
  mc.seeds = Seeds{987654321, 11400714819323198485ull};
  mc.ai_think_budget_ms = 10;  // the least a config reads (quick_match's 5 reads back as 10)
  return mc;
}

// A table whose guests took seats 0-2 and started, played to `actions`.
std::unique_ptr<Table> table_at(size_t actions, const MatchConfig& mc = resume_config()) {
  auto t = std::make_unique<Table>(mc);
  for (int i = 0; i < kGuests; ++i)
    t->links[static_cast<size_t>(i)]->hello("guest" + std::to_string(i), i, "");
  t->pump();
  t->deliver(t->room->start());
  t->pump();
  t->play_until(actions);
  return t;
}

std::string restore_error(const std::string& text) {
  int seat = -1;
  std::string error;
  EXPECT_EQ(HostRoom::restore(text, &seat, &error), nullptr) << text.substr(0, 200);
  EXPECT_EQ(seat, -1);
  return error;
}

// The snapshot with `edit` applied to its room and the checksum made again (a deliberate edit).
std::string edited(const std::string& snapshot, const std::function<void(json&)>& edit) {
  json j = json::parse(snapshot);
  edit(j["room"]);
  j["check"] = sha256_hex(j["room"].dump());
  return j.dump();
}

TEST(HostRoomResume, AMidGameSnapshotRestoresTheSameRoom) {
  const auto t = table_at(60);
  const HostRoom& before = *t->room;
  ASSERT_GE(before.game().history().size(), 60u);
  const std::string text = before.snapshot(1);
  std::printf("[ resume   ] snapshot after %zu actions: %zu bytes\n",
              before.game().history().size(), text.size());
  int seat = -1;
  std::string error;
  const auto after = HostRoom::restore(text, &seat, &error, 5);
  ASSERT_NE(after, nullptr) << error;
  EXPECT_EQ(seat, 1);
  EXPECT_TRUE(after->started());
  EXPECT_EQ(after->game().history(), before.game().history());
  EXPECT_EQ(save_game(after->game()), save_game(before.game()));
  EXPECT_EQ(after->commitment(), before.commitment());
  EXPECT_EQ(after->reveal().seeds, before.reveal().seeds);
  const auto names = [](const std::vector<wire::RoomSeat>& seats) {
    std::vector<std::string> out;
    for (const auto& s : seats) out.push_back(s.name + "/" + wire::kSeatStatusNames.name(s.status));
    return out;
  };
  EXPECT_EQ(names(after->seats()), names(before.seats()));
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(after->seat_token(s), before.seat_token(s));
    EXPECT_EQ(after->seat_nonce(s), before.seat_nonce(s));
    EXPECT_FALSE(after->seat_connected(s)) << "nobody is connected after a reload";
  }
  // The snapshot of the restored room is the same text: nothing was lost or added.
  EXPECT_EQ(after->snapshot(1), text);
  // A lobby keeps its seats too, and starts later as it would have.
  Table lobby(resume_config());
  lobby.links[0]->hello("ann", 0, "");
  lobby.pump();
  const auto restored_lobby = HostRoom::restore(lobby.room->snapshot(0), &seat, &error);
  ASSERT_NE(restored_lobby, nullptr) << error;
  EXPECT_FALSE(restored_lobby->started());
  EXPECT_EQ(restored_lobby->seat_token(0), lobby.room->seat_token(0));
  EXPECT_EQ(restored_lobby->seats()[1].status, wire::SeatStatus::Open);
}

// A seat the AI plays (its player missed two turns) is still the AI's after the reload, with
// its missed turns, until its player takes back control.
TEST(HostRoomResume, ASeatOnTheAutopilotStaysOnIt) {
  MatchConfig mc = resume_config();
  mc.options.timer_seconds = 20;
  const auto table = table_at(0, mc);
  Table& t = *table;
  // Seat 1's player is gone: seats 0 and 2 play, seat 1's time runs out.
  for (int i = 0; i < 4000 && !t.room->session().on_autopilot(1) &&
                  t.room->game().state().phase != Phase::GameOver;
       ++i)
    if (!t.step(1)) t.deliver(t.room->update(t.now += 4, 5));
  ASSERT_TRUE(t.room->session().on_autopilot(1)) << "seat 1 never went on the autopilot";
  const int idle = t.room->session().idle_turns(1);
  int seat = -1;
  std::string error;
  const auto after = HostRoom::restore(t.room->snapshot(0), &seat, &error);
  ASSERT_NE(after, nullptr) << error;
  EXPECT_TRUE(after->session().on_autopilot(1));
  EXPECT_EQ(after->session().idle_turns(1), idle);
  EXPECT_FALSE(after->session().on_autopilot(0));
  EXPECT_FALSE(after->session().on_autopilot(2));
  // A snapshot of the first version, without these fields, restores with every seat in hand.
  const std::string old = edited(t.room->snapshot(0), [](json& room) {
    for (json& sj : room["seats"]) {
      sj.erase("autopilot");
      sj.erase("idleTurns");
    }
  });
  const auto older = HostRoom::restore(old, &seat, &error);
  ASSERT_NE(older, nullptr) << error;
  EXPECT_FALSE(older->session().on_autopilot(1));
  EXPECT_EQ(restore_error(edited(t.room->snapshot(0),
                                 [](json& room) { room["seats"][1]["idleTurns"] = -3; })),
            "the saved room is damaged (seat 1: its autopilot or missed turns are not valid)");
}

// The host reloads mid-game: the guests' links send their hello with their tokens to the
// restored room, take their seats back, play on to the end, and verify the reveal (the fair
// seed with their own nonces, and every view since the rejoin).
TEST(HostRoomResume, GuestsRejoinByTheirTokensAndTheGameVerifiesAtTheEnd) {
  auto t = table_at(80);
  const size_t before = t->room->game().history().size();
  const std::string text = t->room->snapshot(0);
  int seat = -1;
  std::string error;
  t->room = HostRoom::restore(text, &seat, &error, 9);  // the reload: every channel gone
  ASSERT_NE(t->room, nullptr) << error;
  t->to_host.clear();
  // A stranger's token takes nothing.
  const HostRoom::Result stranger = t->room->receive(
      "x", wire::encode_guest(wire::Hello{"eve", -1, std::string(32, 'f'), ""}), t->now += 1);
  EXPECT_FALSE(stranger.ok);
  EXPECT_EQ(stranger.error, "unknown rejoin token");
  for (int i = 0; i < kGuests; ++i) {
    // The channel opens (the room, seat -1, to preview), then the hello with the token.
    const std::string token = t->links[static_cast<size_t>(i)]->room()->token;
    t->deliver(t->room->connect("g" + std::to_string(i)));
    t->links[static_cast<size_t>(i)]->hello("", -1, token);
  }
  t->pump();
  for (int i = 0; i < kGuests; ++i) {
    EXPECT_EQ(t->room->seat_of("g" + std::to_string(i)), i);
    EXPECT_TRUE(t->room->seat_connected(i));
    const ViewMatch* m = t->links[static_cast<size_t>(i)]->match();
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m ? m->actions_applied() : 0, before) << i;
  }
  t->play_until(100000);
  ASSERT_EQ(t->room->game().state().phase, Phase::GameOver);
  const size_t after = t->room->game().history().size() - before;
  std::printf("[ resume   ] %zu actions before the reload, %zu after\n", before, after);
  EXPECT_GT(after, 20u);
  for (int i = 0; i < kGuests; ++i) {
    const auto& v = t->links[static_cast<size_t>(i)]->verification();
    ASSERT_TRUE(v.has_value()) << "guest " << i << " received no reveal";
    EXPECT_TRUE(v->ok) << "guest " << i << ": " << v->first_difference;
    EXPECT_GT(t->links[static_cast<size_t>(i)]->record().views.size(), 10u);
  }
}

TEST(HostRoomResume, ADamagedOrEditedSnapshotIsRefused) {
  const auto t = table_at(40);
  const std::string text = t->room->snapshot(0);
  EXPECT_NE(restore_error(""), "");
  EXPECT_NE(restore_error("not json").find("damaged (not JSON)"), std::string::npos);
  EXPECT_NE(restore_error(text.substr(0, text.size() / 2)).find("damaged"), std::string::npos);
  EXPECT_NE(restore_error(std::string(100000, '[')).find("nested too deep"), std::string::npos);
  EXPECT_NE(restore_error(R"({"format":"catan-web-save","version":1})").find("not a saved room"),
            std::string::npos);
  // Any edit without the checksum made again.
  std::string flipped = text;
  const size_t at = flipped.find("\"roll\"");
  ASSERT_NE(at, std::string::npos);
  flipped.replace(at, 6, "\"pass\"");
  EXPECT_NE(restore_error(flipped).find("checksum does not match"), std::string::npos);
  json other_version = json::parse(text);
  other_version["version"] = 2;
  EXPECT_NE(restore_error(other_version.dump()).find("another version"), std::string::npos);

  // Edits with the checksum made again: each is found by what it breaks.
  const auto expect = [&](const std::function<void(json&)>& edit, const std::string& words) {
    const std::string e = restore_error(edited(text, edit));
    EXPECT_NE(e.find(words), std::string::npos) << e;
  };
  expect([](json& r) { r["secret"] = std::string(64, 'a'); }, "the commitment is not the secret's");
  expect(
      [](json& r) {
        r["secret"] = std::string(64, 'a');
        r["commitment"] = commitment_of(std::string(64, 'a'));
      },
      "the seeds are not the ones the secret and the nonces give");
  expect([](json& r) { r["config"]["playSeed"] = "12345"; }, "the seeds are not");
  expect([](json& r) { r["seats"][1]["nonce"] = std::string(32, 'b'); }, "seat 1's nonce");
  expect([](json& r) { r["seats"][1]["token"] = r["seats"][0]["token"]; }, "another seat's");
  expect([](json& r) { r["seats"][3]["bot"] = false; }, "seat 3: a bot in the config");
  expect([](json& r) { r["seats"].erase(3); }, "3 seats for 4 players");
  expect([](json& r) { r["hostSeat"] = 3; }, "the host's seat");
  expect([](json& r) { r["actions"][5] = "build_city:0"; }, "does not replay");
  expect([](json& r) { r["actions"][5] = "fly"; }, "action 6:");
  expect([](json& r) { r["actions"][5] = 7; }, "action 6 is not a string");
  expect([](json& r) { r.erase("started"); }, "\"started\" is missing");
  expect([](json& r) { r["seats"][0]["name"] = std::string(300, 'n'); }, "its name is too long");
}

}  // namespace
}  // namespace catan::match
