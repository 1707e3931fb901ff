// Online play's protocol (match/wire.h, match/host_room.h): a whole game between a host and
// guests that know the game only through the messages, the refusal of everything a hostile
// guest may send, rejoining with the token, and the size of the views.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "engine/ai/ai.h"
#include "engine/serialize.h"
#include "match/host_room.h"
#include "match/wire.h"
#include "tests/engine/session_fixture.h"
#include "tests/engine/wire_guest.h"

namespace catan::match {
namespace {

// A play seed whose decimal digits cannot appear in a message by chance.
constexpr uint64_t kPlaySeed = 11400714819323198485ull;

MatchConfig online_match(int players, int humans) {
  MatchConfig mc = quick_match(players, humans, 1);
  mc.seeds.board = 987654321;
  mc.seeds.play = kPlaySeed;
  return mc;
}

// Plays a whole game of `mc` (seats 0-2 human, seat 3 a bot) with guests that choose their moves
// with the Normal AI from their decoded views; every message is checked on delivery
// (WireTable). Returns the bytes of every view message.
std::vector<size_t> play_online_game(const MatchConfig& mc) {
  HostRoom room(mc, 77);
  WireTable table(room);
  for (int s = 0; s < 3; ++s) table.join("guest" + std::to_string(s), s, 0);
  table.deliver(room.start());
  std::vector<std::unique_ptr<Bot>> ais;
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(table.guests[s].seat, s);
    EXPECT_FALSE(table.guests[s].token.empty());
    AiConfig c;
    c.level = AiLevel::Normal;
    c.seed = 100 + s;
    ais.push_back(make_bot(c));
  }
  double now = 0;
  int guest_moves = 0, off_list = 0;
  for (int step = 0; step < 40000 && room.game().state().phase != Phase::GameOver; ++step) {
    now += 1.0;
    table.deliver(room.update(now, 5));
    for (size_t i = 0; i < table.guests.size(); ++i) {
      WireGuest& g = table.guests[i];
      const SeatView& v = g.views.view();
      if (v.legal.empty()) continue;
      Action a = ais[i]->decide(v.observation, v.events);
      if (std::find(v.legal.begin(), v.legal.end(), a) == v.legal.end()) {
        a = v.legal.front();  // as Session does for its bots
        ++off_list;
      }
      const auto r = room.receive(g.peer, wire::encode_guest(wire::Act{a, v.actions_applied}), now);
      EXPECT_TRUE(r.ok) << r.error << " (" << a.to_string() << ")";
      table.deliver(r);
      ++guest_moves;
      break;
    }
    if (::testing::Test::HasFailure()) return {};
  }
  EXPECT_EQ(room.game().state().phase, Phase::GameOver);
  EXPECT_GT(guest_moves, 50);
  EXPECT_LT(off_list, guest_moves / 10) << "the AI chose from the guest's observation";
  for (const WireGuest& g : table.guests) {
    EXPECT_TRUE(g.refusals.empty()) << g.refusals.front();
    EXPECT_EQ(g.reveals, 1) << "the reveal reaches every guest once";
  }
  std::printf("[ wire     ] %zu view messages over %zu actions\n", table.view_bytes.size(),
              room.game().history().size());
  return table.view_bytes;
}

TEST(Wire, GuestsPlayAWholeGameFromTheirViewsAlone) {
  std::vector<size_t> b = play_online_game(online_match(4, 3));
  ASSERT_FALSE(b.empty());
  // The bytes per view message (docs/MULTIPLAYER.md, "Size").
  std::sort(b.begin(), b.end());
  const size_t median = b[b.size() / 2], p95 = b[b.size() * 95 / 100], max = b.back();
  std::printf("[ wire     ] bytes per view message: median %zu, p95 %zu, max %zu\n", median, p95,
              max);
  EXPECT_LE(median, 1024u);
  EXPECT_LE(p95, 2048u);
}

// The island hidden during setup: terrain, board seed and starting cards stay out of the views
// until the first roll, and the events turned face up then reach the guests again.
TEST(Wire, GuestsPlayAWholeGameOnAHiddenIsland) {
  MatchConfig mc = online_match(4, 3);
  mc.options.visibility = Visibility::TerraIncognita;
  EXPECT_FALSE(play_online_game(mc).empty());
}

// A host and two guests (seats 0 and 1) with a bot in seat 2.
class HostileGuest : public ::testing::Test {
 protected:
  HostRoom room{online_match(3, 2), 5};
  WireTable table{room};
  double now = 0;

  void SetUp() override {
    table.join("alice", 0, now);
    table.join("bob", 1, now);
    table.deliver(room.start());
  }
  std::string snapshot() const { return save_game(room.game()).dump(); }
  // Sends a message a second after the last one; returns what the host answered.
  HostRoom::Result send(const std::string& peer, const std::string& text) {
    now += 1;
    return room.receive(peer, text, now);
  }
  // The message is refused with a reason containing `why`, only its sender hears of it and
  // the game is as before.
  void expect_refused(const std::string& peer, const std::string& text, const std::string& why) {
    const std::string before = snapshot();
    const auto r = send(peer, text);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find(why), std::string::npos)
        << "\"" << r.error << "\" lacks \"" << why << "\"";
    ASSERT_EQ(r.out.size(), 1u);
    EXPECT_EQ(r.out[0].peer, peer);
    std::string error;
    const auto msg = wire::parse_host(r.out[0].text, &error);
    ASSERT_TRUE(msg) << error;
    ASSERT_TRUE(std::holds_alternative<wire::Refused>(*msg));
    EXPECT_EQ(std::get<wire::Refused>(*msg).reason, r.error);
    EXPECT_EQ(snapshot(), before) << "a refused message changed the game";
  }
  std::string act(const Action& a, size_t seen) { return wire::encode_guest(wire::Act{a, seen}); }
  // Lets the humans play their first legal actions until `seat` is to move.
  void play_until(int seat) {
    for (int i = 0; i < 2000 && room.game().state().to_move() != seat; ++i) {
      const int m = room.game().state().to_move();
      if (m == 2) {
        table.deliver(room.update(now += 1, 5));
        continue;
      }
      WireGuest& g = table.guests[static_cast<size_t>(m)];
      const SeatView& v = g.views.view();
      ASSERT_FALSE(v.legal.empty());
      const auto r = send(g.peer, act(v.legal.front(), v.actions_applied));
      ASSERT_TRUE(r.ok) << r.error;
      table.deliver(r);
    }
    ASSERT_EQ(room.game().state().to_move(), seat);
  }
};

TEST_F(HostileGuest, MalformedMessagesAreRefusedAndChangeNothing) {
  const std::string peer = "alice";
  expect_refused(peer, "\x01\xff garbage {", "not valid JSON");
  expect_refused(peer, "[1,2,3]", "expected a JSON object");
  expect_refused(peer, std::string(5000, ' ') + "{}", "allowed");
  expect_refused(peer, std::string(40, '[') + std::string(40, ']'), "nested deeper");
  expect_refused(peer, R"({"v":2,"t":"resync"})", "version 2");
  expect_refused(peer, R"({"t":"resync"})", "missing \"v\"");
  expect_refused(peer, R"({"v":1,"t":"resync","admin":true})", "unknown key \"admin\"");
  expect_refused(peer, R"({"v":1,"t":"teleport"})", "unknown message type");
  expect_refused(peer, R"({"v":1,"t":"act","action":"roll","seen":"0"})", "expected an integer");
  expect_refused(peer, R"({"v":1,"t":"act","action":"build_city:99","seen":0})", "act.action");
  expect_refused(peer, R"({"v":1,"t":"chat","text":"a\u0000b"})", "control character");
  expect_refused(peer, wire::encode_guest(wire::Chat{std::string(300, 'x')}), "longer than");
  expect_refused("mallory", wire::encode_guest(wire::Chat{"hi"}), "say hello first");
  expect_refused(peer, wire::encode_guest(wire::Hello{"again", -1, "", ""}), "already joined");
  expect_refused("mallory", R"({"v":1,"t":"hello","name":"m","seat":-1,"token":"","nonce":"XYZ"})",
                 "hello.nonce");
  expect_refused("mallory", R"({"v":1,"t":"hello","name":"m","seat":-1,"token":""})",
                 "missing \"nonce\"");
  expect_refused(peer, R"({"v":1,"t":"back","seat":2})", "unknown key \"seat\"");
}

TEST_F(HostileGuest, OutOfTurnStaleAndIllegalActionsAreRefused) {
  play_until(0);
  const SeatView& v = table.guests[0].views.view();
  ASSERT_FALSE(v.legal.empty());
  const size_t n = v.actions_applied;
  // Seat 1 sends seat 0's legal action.
  expect_refused("bob", act(v.legal.front(), n), "it is seat 0 to move, not seat 1");
  // The engine's own words for an illegal action (a city where nobody has built).
  std::string engine_error;
  Game copy = room.game();
  const Action city = Action::simple(ActionType::BuildCity, 0);
  ASSERT_FALSE(copy.apply(city, &engine_error));
  expect_refused("alice", act(city, n), engine_error);
  expect_refused("alice", act(v.legal.front(), n + 3), "stale move");
  // The same act twice: applied once, then stale.
  const std::string once = act(v.legal.front(), n);
  const auto r = send("alice", once);
  ASSERT_TRUE(r.ok) << r.error;
  table.deliver(r);
  EXPECT_EQ(room.game().history().size(), n + 1);
  expect_refused("alice", once, "stale move");
  // The bot's turn.
  play_until(2);
  const size_t m = room.game().history().size();
  expect_refused("alice", act(Action::simple(ActionType::EndTurn), m), "the bot in seat 2");
}

TEST_F(HostileGuest, AFloodIsCutOff) {
  int accepted = 0;
  std::string last_error;
  const std::string before = snapshot();
  for (int i = 0; i < 60; ++i) {
    const auto r = room.receive("alice", wire::encode_guest(wire::Chat{"spam"}), now);
    if (r.ok) {
      ++accepted;
    } else {
      last_error = r.error;
      EXPECT_EQ(r.out.size(), 1u) << "a refused message goes to its sender only";
    }
  }
  EXPECT_LE(accepted, static_cast<int>(HostRoom::kBurstMessages));
  EXPECT_NE(last_error.find("too many messages"), std::string::npos) << last_error;
  EXPECT_EQ(snapshot(), before);
  // A few seconds later the guest may speak again.
  EXPECT_TRUE(room.receive("alice", wire::encode_guest(wire::Chat{"sorry"}), now + 3).ok);
}

TEST_F(HostileGuest, ChatReachesEveryoneWithTheSendersSeat) {
  table.deliver(send("bob", wire::encode_guest(wire::Chat{"good luck"})));
  for (const WireGuest& g : table.guests) {
    ASSERT_EQ(g.chat.size(), 1u);
    EXPECT_EQ(g.chat[0].seat, 1);
    EXPECT_EQ(g.chat[0].name, "bob");
    EXPECT_EQ(g.chat[0].text, "good luck");
  }
}

TEST_F(HostileGuest, ARejoinWithTheTokenGetsTheSameSeatAndAWholeView) {
  play_until(1);
  const std::string token = table.guests[0].token;
  ASSERT_EQ(token.size(), 32u);
  table.deliver(room.leave("alice"));
  EXPECT_EQ(room.seats()[0].status, wire::SeatStatus::Taken) << "reserved for the token";
  // Nobody else takes the seat, with or without a made-up token.
  table.guests.push_back(WireGuest{"eve"});
  expect_refused("eve", wire::encode_guest(wire::Hello{"eve", 0, "0123456789abcdef", ""}),
                 "unknown rejoin token");
  expect_refused("eve", wire::encode_guest(wire::Hello{"eve", 0, "", ""}), "seat 0 is taken");
  expect_refused("eve", wire::encode_guest(wire::Hello{"eve", 2, "", ""}), "seat 2 is a bot's");
  // A late joiner without a seat watches: every hand hidden.
  table.deliver(send("eve", wire::encode_guest(wire::Hello{"eve", -1, "", ""})));
  const WireGuest* eve = table.find("eve");
  ASSERT_NE(eve, nullptr);
  EXPECT_EQ(eve->seat, -1);
  EXPECT_EQ(eve->views.view().observation.seat, -1);
  // Alice again, on another connection.
  table.guests.push_back(WireGuest{"alice2"});
  table.deliver(send("alice2", wire::encode_guest(wire::Hello{"Alice", -1, token, ""})));
  const WireGuest* found = table.find("alice2");
  ASSERT_NE(found, nullptr);
  const WireGuest& back = *found;
  EXPECT_EQ(back.seat, 0);
  EXPECT_EQ(back.token, token);
  ASSERT_FALSE(back.updates.empty());
  EXPECT_EQ(back.updates.back().base, 0u) << "a whole view";
  EXPECT_EQ(room.seat_of("alice2"), 0);
}

// Connections that never leave cannot grow the host's memory without bound.
TEST_F(HostileGuest, ARoomKeepsAtMost16Connections) {
  for (size_t i = table.guests.size(); i < HostRoom::kMaxPeers; ++i)
    table.join("watcher" + std::to_string(i), -1, now += 1);
  EXPECT_EQ(table.guests.back().seat, -1);
  const std::string hello = wire::encode_guest(wire::Hello{"late", -1, "", ""});
  expect_refused("late", hello, "the room is full: at most 16 connections");
  EXPECT_FALSE(room.leave("late").ok) << "the refused peer is not kept";
  EXPECT_FALSE(room.join("late", wire::Hello{"late", -1, "", ""}).ok);
  ASSERT_TRUE(room.leave("watcher5").ok);
  EXPECT_TRUE(send("late", hello).ok) << "a connection that left makes room";
}

// The lobby: a room of seats 0-2 human and seat 3 an Easy bot, before start().
class Lobby : public ::testing::Test {
 protected:
  HostRoom room{online_match(4, 3), 13};
  WireTable table{room};

  WireGuest& connect(const std::string& peer) {
    table.guests.push_back(WireGuest{peer});
    table.deliver(room.connect(peer));
    return table.guests.back();
  }
};

TEST_F(Lobby, AConnectionSeesTheRoomBeforeChoosingASeat) {
  const WireGuest& c = connect("carol");
  ASSERT_TRUE(c.room);
  EXPECT_FALSE(c.room->started);
  EXPECT_EQ(c.room->seat, -1);
  EXPECT_EQ(c.room->token, "");
  ASSERT_EQ(c.room->seats.size(), 4u);
  EXPECT_EQ(c.room->seats[0].status, wire::SeatStatus::Open);
  EXPECT_EQ(c.room->seats[3].status, wire::SeatStatus::Bot);
  EXPECT_FALSE(c.views.has_view());
  // Another guest's join shows in the lobby of the one still choosing.
  table.join("dan", 1, 1);
  ASSERT_TRUE(table.at("carol").room);
  EXPECT_EQ(table.at("carol").room->seats[1].status, wire::SeatStatus::Taken);
  EXPECT_EQ(table.at("carol").room->seats[1].name, "dan");
  EXPECT_EQ(table.at("carol").room->seat, -1);
  EXPECT_TRUE(room.seat_connected(1));
  EXPECT_FALSE(room.seat_connected(0));
  // Connections count toward the limit.
  for (size_t i = table.guests.size(); i < HostRoom::kMaxPeers; ++i)
    EXPECT_TRUE(room.connect("p" + std::to_string(i)).ok);
  const HostRoom::Result full = room.connect("one_more");
  EXPECT_FALSE(full.ok);
  EXPECT_NE(full.error.find("the room is full"), std::string::npos) << full.error;
}

TEST_F(Lobby, MovesAreRefusedUntilTheGameStarts) {
  table.join("alice", 0, 1);
  const WireGuest& a = table.at("alice");
  ASSERT_TRUE(a.room);
  EXPECT_FALSE(a.room->started);
  EXPECT_EQ(a.room->seat, 0);
  EXPECT_EQ(a.token.size(), 32u);
  EXPECT_FALSE(a.views.has_view()) << "no view before the game";
  for (const std::string& text :
       {wire::encode_guest(wire::Act{Action::simple(ActionType::Roll), 0}),
        wire::encode_guest(wire::Resync{})}) {
    const HostRoom::Result r = room.receive("alice", text, 2);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "the game has not started");
  }
  EXPECT_TRUE(room.update(10, 5).out.empty()) << "the bots wait for the start";
  EXPECT_FALSE(room.session().active());
  EXPECT_TRUE(room.receive("alice", wire::encode_guest(wire::Chat{"hi"}), 3).ok);
}

TEST_F(Lobby, StartSeatsNormalBotsInTheOpenSeats) {
  table.join("alice", 0, 1);
  connect("watching");
  const HostRoom::Result r = room.start();
  ASSERT_TRUE(r.ok) << r.error;
  table.deliver(r);
  ASSERT_TRUE(room.started());
  EXPECT_TRUE(room.session().is_human(0));
  for (int s : {1, 2}) {
    EXPECT_FALSE(room.session().is_human(s)) << s;
    EXPECT_EQ(room.config().seats[static_cast<size_t>(s)].ai.level, AiLevel::Normal);
    EXPECT_EQ(room.seats()[static_cast<size_t>(s)].status, wire::SeatStatus::Bot);
  }
  EXPECT_EQ(room.config().seats[0].name, "alice") << "the guest's name plays";
  const WireGuest& a = table.at("alice");
  EXPECT_TRUE(a.room->started);
  ASSERT_TRUE(a.views.has_view());
  EXPECT_EQ(a.views.view().observation.seat, 0);
  EXPECT_TRUE(table.at("watching").room->started);
  EXPECT_FALSE(table.at("watching").views.has_view()) << "not joined: no view";
  EXPECT_FALSE(room.start().ok) << "once";
  // The bots play without a guest's move until a human must act.
  for (int i = 0; i < 200 && room.game().state().to_move() != 0; ++i)
    table.deliver(room.update(i + 2.0, 5));
  EXPECT_EQ(room.game().state().to_move(), 0);
}

TEST_F(Lobby, ALateJoinerWithNoOpenSeatWatches) {
  table.join("alice", 0, 1);
  table.deliver(room.start());
  WireGuest& late = connect("late");
  ASSERT_TRUE(late.room);
  EXPECT_TRUE(late.room->started);
  EXPECT_EQ(late.room->seats[1].status, wire::SeatStatus::Bot);
  table.deliver(room.receive("late", wire::encode_guest(wire::Hello{"late", -1, "", ""}), 2));
  const WireGuest& back = table.at("late");
  EXPECT_EQ(back.seat, -1);
  ASSERT_TRUE(back.views.has_view());
  EXPECT_EQ(back.views.view().observation.seat, -1);
  const HostRoom::Result r =
      room.receive("late", wire::encode_guest(wire::Act{Action::simple(ActionType::Roll), 0}), 3);
  EXPECT_EQ(r.error, "a spectator cannot act");
}

TEST(Wire, AGuestThatMissedAViewAsksForAWholeOne) {
  HostRoom room(online_match(3, 3), 9);
  WireTable table(room);
  table.join("a", 0, 0);
  table.join("b", 1, 0);
  table.deliver(room.start());
  const int m = room.game().state().to_move();
  WireGuest& mover = table.guests[static_cast<size_t>(m == 0 ? 0 : 1)];
  if (m > 1) GTEST_SKIP() << "seat 2 starts";
  const SeatView& v = mover.views.view();
  auto r = room.receive(mover.peer,
                        wire::encode_guest(wire::Act{v.legal.front(), v.actions_applied}), 1);
  ASSERT_TRUE(r.ok) << r.error;
  // The other guest loses its view message; the next one does not apply.
  WireGuest& other = table.guests[mover.seat == 0 ? 1 : 0];
  r.out.erase(std::remove_if(r.out.begin(), r.out.end(),
                             [&](const HostRoom::Outgoing& o) { return o.peer == other.peer; }),
              r.out.end());
  table.deliver(r);
  const SeatView& mv = mover.views.view();
  if (mv.legal.empty()) GTEST_SKIP() << "the mover's turn passed";
  r = room.receive(mover.peer, wire::encode_guest(wire::Act{mv.legal.front(), mv.actions_applied}),
                   2);
  ASSERT_TRUE(r.ok) << r.error;
  for (const HostRoom::Outgoing& o : r.out) {
    if (o.peer != other.peer) continue;
    std::string error;
    const auto msg = wire::parse_host(o.text, &error);
    ASSERT_TRUE(msg);
    const uint64_t held = other.views.seq();
    EXPECT_FALSE(other.views.apply(std::get<wire::ViewUpdate>(*msg), &error));
    EXPECT_NE(error.find("resync"), std::string::npos) << error;
    EXPECT_EQ(other.views.seq(), held) << "a refused update changes nothing";
  }
  table.deliver(room.receive(other.peer, wire::encode_guest(wire::Resync{}), 3));
  EXPECT_EQ(other.updates.back().base, 0u);
  EXPECT_EQ(other.views.view().actions_applied, room.game().history().size());
}

TEST(Wire, ACorruptHostMessageIsRefused) {
  HostRoom room(online_match(3, 1), 3);
  WireTable table(room);
  table.join("a", 0, 0);
  table.deliver(room.start());
  const wire::ViewUpdate good = table.guests[0].updates.back();
  std::string error;
  EXPECT_FALSE(wire::parse_host(R"({"v":7,"t":"view"})", &error));
  EXPECT_NE(error.find("version 7"), std::string::npos) << error;
  EXPECT_FALSE(wire::parse_host(R"({"v":1,"t":"view","seq":1,"base":1,"view":{}})", &error));
  const auto corrupt = [&](const char* key, nlohmann::json value) {
    wire::ViewUpdate u = good;
    u.body[key] = std::move(value);
    wire::ViewDecoder d;
    EXPECT_FALSE(d.apply(u, &error)) << key;
    EXPECT_FALSE(d.has_view());
    EXPECT_NE(error.find("view"), std::string::npos) << error;
  };
  corrupt("players", nlohmann::json::array());
  corrupt("pieces", nlohmann::json::array({"x", "y"}));
  corrupt("turn", nlohmann::json::array({1, 2, 3}));
  nlohmann::json road_nowhere = good.body["turn"];  // a setup road with no settlement to touch
  road_nowhere[1] = static_cast<int>(Phase::SetupRoad);
  road_nowhere[7] = -1;
  corrupt("turn", road_nowhere);
  corrupt("legal", nlohmann::json::array({"fly_away"}));
  corrupt("legal", nlohmann::json::array({UINT64_MAX}));
  corrupt("events", nlohmann::json::array({nlohmann::json::array({200})}));
  corrupt("ev_from", 5);
  corrupt("surprise", 1);
  wire::ViewDecoder d;
  EXPECT_TRUE(d.apply(good, &error)) << error;
}

}  // namespace
}  // namespace catan::match
