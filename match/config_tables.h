// The config's value tables as the web page reads them: the AI levels and personalities, the
// names of the options' values, each mode's VP target and the config keys, in the order the
// page lists them. web/config_tables.js is this module's text (config_tables_module()),
// checked by tests/engine/config_tables_test.cpp, so the page's checks (web/params.js) and
// the match layer read one set of names.
#pragma once
#include <array>
#include <nlohmann/json.hpp>
#include <string>

namespace catan::match {

// The keys of a flat config (config_from_json), in the order the web page lists them.
inline constexpr std::array<const char*, 14> kConfigKeys = {
    "seed",       "playseed", "players", "seats", "mode",  "vp",          "board",
    "visibility", "dice",     "timer",   "speed", "think", "masterthink", "autoplay"};

// {"levels":[...], "personalities":[...], "enums":{"mode":[...], "board":[...],
//  "visibility":[...], "dice":[...]}, "modeVp":{"classic":10, ...}, "gameKeys":[...]}
nlohmann::json config_tables();

// web/config_tables.js: an ES module exporting the tables above.
std::string config_tables_module();

}  // namespace catan::match
