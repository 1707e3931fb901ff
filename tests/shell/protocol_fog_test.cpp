// Hidden setups (mist, terra incognita) as the text protocol shows them to each seat.
#include <gtest/gtest.h>
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>
#include "engine/ai/ai.h"
#include "engine/observation.h"
#include "engine/rules.h"
#include "engine/serialize.h"
#include "shell/protocol.h"

namespace catan {
namespace {

using nlohmann::json;

// ----------------------------------------------------------------- through the protocol

json send(Protocol& p, const std::string& line) {
  const json j = json::parse(p.handle(line));
  EXPECT_EQ(j.value("ok", false), true) << line << " -> " << j.dump();
  return j;
}

TEST(Fog, TerraIncognitaTradeRatesDoNotRevealAHiddenPort) {
  // Terra Incognita hides the harbors during setup, so the bank rates a seat sees
  // come from visible ports only.
  Protocol p;
  send(p, "new seed=5 players=3 visibility=terra_incognita first=seat0");
  send(p, "act build_settlement:7");
  const json truth = send(p, "state all")["state"];
  ASSERT_EQ(truth["players"][0]["trade_rates"]["sheep"], 2) << "vertex 7 is a sheep harbor";
  for (const std::string seat : {"0", "1", "2", "spectator"}) {
    SCOPED_TRACE(seat);
    const json board = send(p, "board " + seat)["board"];
    EXPECT_EQ(board["vertices"][7]["port"], "hidden");
    const json st = send(p, "state " + seat)["state"];
    for (const json& pl : st["players"])
      for (const json& r : pl["trade_rates"]) EXPECT_EQ(r, 4);
    if (seat != "spectator") {
      for (const json& r : st["your_trade_rates"]) EXPECT_EQ(r, 4);
    }
  }
}

// The moves of the second reproduction: seat 2's second settlement (vertex 24) takes
// 2 wood and 1 sheep from hexes 6, 10 and 11, all hidden.
const char* const kSecondRoundMoves[] = {
    "build_settlement:27", "build_road:34", "build_settlement:25", "build_road:32",
    "build_settlement:29", "build_road:37", "build_settlement:24", "build_road:30"};

TEST(Fog, StartingCardsShowOnlyTheirNumberUntilTheReveal) {
  // Mist and Terra Incognita hide the terrain during setup; a starting card's type
  // would tell it, so every seat (the receiver too) sees only how many cards came.
  for (const char* vis : {"mist", "terra_incognita"}) {
    SCOPED_TRACE(vis);
    Protocol p;
    send(p, std::string("new seed=5 players=3 first=seat0 visibility=") + vis);
    for (const char* m : kSecondRoundMoves) send(p, std::string("act ") + m);
    const json all = send(p, "events all")["events"];
    ASSERT_EQ(all[7]["type"], "starting_resources");
    EXPECT_EQ(all[7]["cards"],
              (json{{"wood", 2}, {"brick", 0}, {"sheep", 1}, {"wheat", 0}, {"ore", 0}}));
    for (const std::string seat : {"0", "1", "2", "spectator"}) {
      SCOPED_TRACE(seat);
      const json ev = send(p, "events " + seat)["events"][7];
      EXPECT_EQ(ev["seat"], 2);
      EXPECT_EQ(ev["count"], 3);
      for (const json& c : ev["cards"]) EXPECT_TRUE(c.is_null());
      const json board = send(p, "board " + seat)["board"];
      for (int h : {6, 10, 11}) {
        EXPECT_EQ(board["hexes"][h]["terrain"], "hidden");
        EXPECT_TRUE(board["hexes"][h]["resource"].is_null());
      }
      const json st = send(p, "state " + seat)["state"];
      EXPECT_EQ(st["players"][2]["resource_count"], 3);
      for (const json& c : st["bank"]) EXPECT_TRUE(c.is_null());
      if (seat == "2") {
        for (const json& c : st["players"][2]["resources"]) EXPECT_TRUE(c.is_null());
      }
    }
    const std::string names[4] = {"Red", "Blue", "White", "Orange"};
    EXPECT_EQ(describe(p.game().visible_events(2)[7], names), "White received 3 cards to start.");

    // The rest of the setup; the first roll phase reveals the island and the cards.
    while (p.game().state().phase == Phase::SetupSettlement ||
           p.game().state().phase == Phase::SetupRoad)
      send(p, "act " + send(p, "legal")["actions"][0].get<std::string>());
    ASSERT_EQ(p.game().state().phase, Phase::Roll);
    for (const std::string seat : {"0", "1", "2", "spectator"}) {
      SCOPED_TRACE(seat);
      EXPECT_EQ(send(p, "events " + seat)["events"], send(p, "events all")["events"])
          << "nothing else in a setup log is redacted";
      const json ev = send(p, "events " + seat)["events"][7];
      EXPECT_EQ(ev["cards"], all[7]["cards"]);
      EXPECT_EQ(send(p, "board " + seat)["board"], send(p, "board all")["board"]);
      EXPECT_EQ(send(p, "state " + seat)["state"]["bank"], send(p, "state all")["state"]["bank"]);
    }
    EXPECT_EQ(describe(p.game().visible_events(1)[7], names),
              "White received 2 wood and 1 sheep to start.");
  }
}

TEST(Fog, TheDesertStaysVisibleUnderTheRobber) {
  // Fog hides the island during setup, but the robber stands on the desert from the start:
  // every view shows the desert as such, with no number, in both modes.
  for (Visibility vis : {Visibility::Mist, Visibility::TerraIncognita}) {
    GameOptions o = classic_options();
    o.visibility = vis;
    const GameState s = new_game(o, 3);
    const json board = board_to_json(s, 1);
    const int robber = board.at("robber").get<int>();
    EXPECT_EQ(s.layout.terrain[robber], Terrain::Desert);
    for (const json& h : board.at("hexes")) {
      const bool desert = h.at("id") == robber;
      EXPECT_EQ(h.at("terrain"), desert ? "desert" : "hidden");
      EXPECT_EQ(h.at("robber").get<bool>(), desert);
      if (desert) {
        EXPECT_TRUE(h.at("number").is_null());
      }
    }
  }
}

TEST(Fog, RevealedGamesShowEverything) {
  // Revealed (the default) hides nothing during setup: the views carry the true cards.
  Protocol p;
  send(p, "new seed=5 players=3 first=seat0");
  for (const char* m : kSecondRoundMoves) send(p, std::string("act ") + m);
  EXPECT_EQ(send(p, "events 1")["events"], send(p, "events all")["events"]);
  EXPECT_EQ(send(p, "state 2")["state"]["players"][2]["resources"]["wood"], 2);
  EXPECT_EQ(send(p, "board 1")["board"], send(p, "board all")["board"]);
}

}  // namespace
}  // namespace catan
