// web/config_tables.js is the match layer's config tables (match/config_tables.h) as a JS
// module: the page checks configs with the same names. Run with CATAN_WRITE_CONFIG_TABLES=1
// to rewrite the file after a table changed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "match/config_tables.h"

namespace {

TEST(ConfigTables, WebCopyIsTheMatchLayers) {
  const auto path = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() /
                    "web" / "config_tables.js";
  const std::string expected = catan::match::config_tables_module();
  if (const char* w = std::getenv("CATAN_WRITE_CONFIG_TABLES"); w && std::string(w) == "1") {
    std::ofstream(path, std::ios::binary) << expected;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), expected)
      << "web/config_tables.js is out of date: run engine_tests with CATAN_WRITE_CONFIG_TABLES=1";
}

TEST(ConfigTables, ModesHaveTheirTargets) {
  const auto t = catan::match::config_tables();
  EXPECT_EQ(t["modeVp"]["classic"], 10);
  EXPECT_EQ(t["modeVp"]["blitz"], 7);
  EXPECT_EQ(t["modeVp"]["epic"], 13);
  EXPECT_FALSE(t["modeVp"].contains("custom"));
  EXPECT_EQ(t["levels"].size(), 6u);
  EXPECT_EQ(t["personalities"].size(), 6u);
}

}  // namespace
