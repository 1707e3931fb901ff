// See config_tables.h.
#include "match/config_tables.h"

#include "engine/ai/ai.h"
#include "engine/options.h"
#include "match/config.h"

namespace catan::match {

using nlohmann::json;

namespace {

template <class Names>
json names(const Names& table) {
  json a = json::array();
  for (const char* n : table.names) a.push_back(n);
  return a;
}

json levels() {
  json a = json::array();
  for (int l = 0; l <= static_cast<int>(AiLevel::Master); ++l)
    a.push_back(ai_level_name(static_cast<AiLevel>(l)));
  return a;
}

json personalities() {
  json a = json::array();
  for (int p = 0; p <= static_cast<int>(Personality::Opportunist); ++p)
    a.push_back(personality_name(static_cast<Personality>(p)));
  return a;
}

// The VP target of every mode that has one (custom sets its own).
json mode_vp() {
  json o = json::object();
  for (size_t m = 0; m < kModeNames.size(); ++m) {
    const int vp = mode_vp_target(static_cast<Mode>(m));
    if (vp > 0) o[kModeNames.names[m]] = vp;
  }
  return o;
}

}  // namespace

json config_tables() {
  json keys = json::array();
  for (const char* k : kConfigKeys) keys.push_back(k);
  return {{"levels", levels()},
          {"personalities", personalities()},
          {"enums",
           {{"mode", names(kModeNames)},
            {"board", names(kLayoutNames)},
            {"visibility", names(kVisibilityNames)},
            {"dice", names(kDiceNames)}}},
          {"modeVp", mode_vp()},
          {"gameKeys", keys}};
}

std::string config_tables_module() {
  const json t = config_tables();
  std::string out =
      "// The match layer's config tables (match/config_tables.cpp), for web/params.js.\n"
      "// Generated: tests/engine/config_tables_test.cpp checks this file and rewrites it when\n"
      "// run with CATAN_WRITE_CONFIG_TABLES=1.\n";
  for (const char* key : {"levels", "personalities", "enums", "modeVp", "gameKeys"}) {
    out += "export const ";
    out += key;
    out += " = " + t[key].dump() + ";\n";
  }
  return out;
}

}  // namespace catan::match
