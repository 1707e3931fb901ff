// The match config schema has two readers: web/params.js (the page checks URL parameters
// and postMessage configs before the game sees them) and match::config_from_json. They must
// accept and refuse the same configs: tests/engine/config_cases.json lists cases both sides
// run (this test, and tests/browser/config_cases.mjs for params.js).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "match/config.h"

namespace catan {
namespace {

nlohmann::json config_cases() {
  const auto path = std::filesystem::path(__FILE__).parent_path() / "config_cases.json";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  return nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
}

TEST(ConfigSchema, TheMatchLayerAgreesWithTheSharedCases) {
  const nlohmann::json cases = config_cases();
  ASSERT_TRUE(cases.is_object());
  int checked = 0;
  for (const bool accept : {true, false}) {
    for (const auto& config : cases.at(accept ? "accept" : "refuse")) {
      match::MatchConfig c;
      std::string error;
      EXPECT_EQ(match::config_from_json(config, &c, &error), accept)
          << config.dump() << (error.empty() ? "" : ": " + error);
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace catan
