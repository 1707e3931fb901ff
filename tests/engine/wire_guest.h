// A guest of a HostRoom as the wire tests play it: it knows the host only through the text of
// the messages it receives, decodes each one, and checks that each view equals seat_view() of
// the host's game for its seat and carries nothing the seat may not see.
#pragma once
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/serialize.h"
#include "match/host_room.h"
#include "match/wire.h"
#include "tests/engine/same_observation.h"

namespace catan::match {

struct WireGuest {
  explicit WireGuest(std::string id) : peer(std::move(id)) {}
  std::string peer;
  int seat = -1;
  std::string token;
  std::optional<wire::Room> room;  // the last `room`
  wire::ViewDecoder views;
  std::vector<std::string> refusals;
  std::vector<wire::ChatLine> chat;
  std::vector<wire::ViewUpdate> updates;  // as received, for the tests of deltas
  int reveals = 0;
};

// The view a guest decoded equals the host's seat_view() field by field.
inline void expect_same_view(const SeatView& got, const SeatView& want) {
  testing_support::expect_same_observation(got.observation, want.observation);
  EXPECT_EQ(got.events, want.events);
  EXPECT_EQ(got.actions_applied, want.actions_applied);
  EXPECT_EQ(got.turns_played, want.turns_played);
  EXPECT_EQ(got.legal, want.legal);
  EXPECT_EQ(got.human_to_act, want.human_to_act);
}

// Nothing in a view the seat may not see: the other hands and development cards (the
// victory point cards show at the end), the play seed, the RNG, the deck's order.
inline void expect_no_secrets(const std::string& text, const SeatView& v, const Game& host) {
  const GameState& full = host.state();
  EXPECT_EQ(text.find(std::to_string(full.seeds.play)), std::string::npos) << "the play seed";
  EXPECT_EQ(text.find(std::to_string(full.rng.state)), std::string::npos) << "the RNG";
  EXPECT_EQ(text.find("deck\""), std::string::npos) << "the deck";
  if (island_hidden(full)) {
    EXPECT_EQ(text.find(std::to_string(full.seeds.board)), std::string::npos) << "the board seed";
  }
  const GameState& s = v.observation.view;
  EXPECT_EQ(s.seeds.play, 0u);
  EXPECT_EQ(s.rng.state, 0u);
  for (const DevCard d : s.deck) EXPECT_EQ(d, DevCard::Knight) << "the deck reads as knights";
  const bool over = s.phase == Phase::GameOver;
  for (int q = 0; q < kMaxPlayers; ++q) {
    if (q == v.observation.seat) continue;
    EXPECT_EQ(s.players[q].resources, ResourceCounts{}) << "seat " << q << "'s hand";
    EXPECT_EQ(s.players[q].dev_bought_this_turn, DevCounts{});
    DevCounts shown = s.players[q].dev_cards;
    if (over) shown[static_cast<int>(DevCard::VictoryPoint)] = 0;
    EXPECT_EQ(shown, DevCounts{}) << "seat " << q << "'s development cards";
  }
}

// Delivers the host's messages to the guests they are for, checking each view.
class WireTable {
 public:
  explicit WireTable(HostRoom& room) : room_(room) {}
  std::vector<WireGuest> guests;
  std::vector<size_t> view_bytes;

  WireGuest* find(const std::string& peer) {
    for (WireGuest& g : guests)
      if (g.peer == peer) return &g;
    return nullptr;
  }
  WireGuest& at(const std::string& peer) {
    if (WireGuest* g = find(peer)) return *g;
    throw std::out_of_range("no guest " + peer);
  }

  void deliver(const HostRoom::Result& r) {
    for (const HostRoom::Outgoing& o : r.out) {
      WireGuest* g = find(o.peer);
      ASSERT_NE(g, nullptr) << "a message for an unknown peer " << o.peer;
      std::string error;
      const auto msg = wire::parse_host(o.text, &error);
      ASSERT_TRUE(msg) << error << "\n" << o.text.substr(0, 200);
      if (const auto* room = std::get_if<wire::Room>(&*msg)) {
        g->seat = room->seat;
        g->token = room->token;
        g->room = *room;
        EXPECT_EQ(room->config.seeds.play, 0u);
        if (room_.session().config().options.visibility != Visibility::Revealed) {
          EXPECT_EQ(room->config.seeds.board, 0u) << "the board seed lays out the hidden island";
        }
      } else if (const auto* u = std::get_if<wire::ViewUpdate>(&*msg)) {
        ASSERT_TRUE(g->views.apply(*u, &error)) << error;
        g->updates.push_back(*u);
        view_bytes.push_back(o.text.size());
        const SeatView want = seat_view(room_.game(), g->seat, room_.session().config());
        expect_same_view(g->views.view(), want);
        expect_no_secrets(o.text, g->views.view(), room_.game());
      } else if (const auto* reveal = std::get_if<wire::Reveal>(&*msg)) {
        // Only once the game is over: the seeds decide every roll and card still to come.
        EXPECT_EQ(room_.game().state().phase, Phase::GameOver) << "a reveal during the game";
        EXPECT_EQ(reveal->seeds, room_.game().state().seeds);
        EXPECT_EQ(reveal->actions, room_.game().history());
        ++g->reveals;
      } else if (const auto* f = std::get_if<wire::Refused>(&*msg)) {
        g->refusals.push_back(f->reason);
      } else {
        g->chat.push_back(std::get<wire::ChatLine>(*msg));
      }
    }
  }

  // A guest's hello (its peer id is its name).
  WireGuest& join(const std::string& name, int seat, double now) {
    guests.push_back(WireGuest{name});
    deliver(room_.receive(name, wire::encode_guest(wire::Hello{name, seat, "", ""}), now));
    return guests.back();
  }

 private:
  HostRoom& room_;
};

}  // namespace catan::match
