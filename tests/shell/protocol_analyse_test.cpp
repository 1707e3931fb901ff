// The coach through the text protocol: `analyse` and `hint` (docs/PROTOCOL.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/serialize.h"
#include "shell/protocol.h"
#include "tests/engine/bot_game.h"

namespace catan {
namespace {

using nlohmann::json;

using testing_support::bot_game;

TEST(Analyse, ProtocolReviewsTheLoadedGame) {
  Game g = bot_game(30, std::vector<AiLevel>(4, AiLevel::Hard), 120);
  Protocol p;
  const std::string load = p.handle("load " + save_game(g).dump());
  ASSERT_NE(load.find("\"ok\":true"), std::string::npos) << load;
  const std::string out = p.handle("analyse 1 iterations=4");
  const nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_TRUE(j.value("ok", false)) << out;
  EXPECT_EQ(j["review"]["chances"].size(), g.history().size() + 1);
  for (const auto& d : j["review"]["decisions"]) EXPECT_EQ(d["seat"], 1);
  EXPECT_NE(p.handle("analyse 7").find("\"ok\":false"), std::string::npos);
  EXPECT_NE(p.handle("analyse iterations=0").find("\"ok\":false"), std::string::npos);
  EXPECT_NE(p.handle("analyse file=/nonexistent/x.json").find("cannot open"), std::string::npos);
  // A desktop-format save nested 100,000 deep (200 KB) is refused, not parsed.
  const std::string path = testing::TempDir() + "catan_deep_save.json";
  {
    std::ofstream f(path, std::ios::binary);
    f << R"({"version":1,"seats":[],"game":{"deep":)" << std::string(100000, '[')
      << std::string(100000, ']') << "}}";
  }
  const std::string deep = p.handle("analyse file=" + path);
  std::remove(path.c_str());
  EXPECT_NE(deep.find("\"ok\":false"), std::string::npos) << deep.substr(0, 200);
  EXPECT_NE(deep.find("deeper than 64 levels"), std::string::npos) << deep.substr(0, 200);
}

TEST(Analyse, ProtocolHintIsLegalForTheSeatToMove) {
  Protocol p;
  ASSERT_NE(p.handle("new seed=12").find("\"ok\":true"), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(p.handle("hint iterations=4"));
  ASSERT_TRUE(j.value("ok", false)) << j.dump();
  EXPECT_EQ(j["seat"], 0);
  ASSERT_GE(j["options"].size(), 3u);
  const std::string act = p.handle("act " + j["options"][0]["action"].get<std::string>());
  EXPECT_NE(act.find("\"ok\":true"), std::string::npos) << act;
  EXPECT_NE(p.handle("hint iterations=x").find("\"ok\":false"), std::string::npos);
}

}  // namespace
}  // namespace catan
