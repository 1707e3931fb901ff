#include "match/web_save.h"

#include <cstdint>
#include <exception>

#include "match/refuse.h"
#include "engine/serialize.h"

namespace catan::match {

using nlohmann::json;

json save_match(const MatchConfig& config, const Game& game) {
  return {{"format", "catan-web-save"},
          {"version", kWebSaveVersion},
          {"config", config_to_private_json(config)},
          {"game", save_game(game)}};
}

namespace {

// The desktop app's earlier save as the current format's "config" (options and seeds from
// the game inside it).
json config_from_desktop_save(const json& j) {
  json config = json::object();
  config["options"] = j["game"].value("options", json());
  config["seed"] = j["game"].value("seed", json());
  config["playSeed"] = j["game"].value("play_seed", config["seed"]);
  json seats = json::array();
  for (const json& seat : j["seats"]) {
    if (!seat.is_object()) return json();
    json s = {{"kind", seat.value("kind", std::string())},
              {"level", seat.value("level", std::string("normal"))},
              {"personality", seat.value("personality", std::string("balanced"))}};
    if (seat.contains("name")) s["name"] = seat["name"];
    if (seat.contains("seed") && seat["seed"].is_number_unsigned()) {
      s["aiSeed"] = std::to_string(seat["seed"].get<uint64_t>());
    }
    seats.push_back(s);
  }
  config["seats"] = seats;
  if (j.contains("ai_delay")) config["aiDelay"] = j["ai_delay"];
  return config;
}

bool is_desktop_save(const json& j) {
  return j.is_object() && !j.contains("format") && j.contains("version") && j["version"] == 1 &&
         j.contains("game") && j["game"].is_object() && j.contains("seats") &&
         j["seats"].is_array();
}

}  // namespace

bool load_match(const std::string& text, MatchConfig* config, Game* game, std::string* error) {
  try {
    if (text.size() > kMaxWebSaveText)
      return refuse(error, "the saved game is too large (over 16 MiB)");
    // Deep nesting is refused before parsing: the migration below copies and prints the
    // document, recursing once per level.
    if (json_too_deep(text)) {
      return refuse(error, "the saved game is corrupt (it nests arrays and objects deeper than " +
                               std::to_string(kMaxJsonDepth) + " levels)");
    }
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return refuse(error, "the saved game is corrupt (not valid JSON)");
    if (is_desktop_save(j)) {
      json migrated = {{"format", "catan-web-save"},
                       {"version", kWebSaveVersion},
                       {"config", config_from_desktop_save(j)},
                       {"game", j["game"]}};
      return load_match(migrated.dump(), config, game, error);
    }
    if (!j.is_object()) return refuse(error, "the saved game is corrupt (not a Catan save)");
    const auto format = j.find("format");
    if (format == j.end() || *format != "catan-web-save") {
      return refuse(error, "the saved game is corrupt (not a Catan save)");
    }
    const auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer()) {
      return refuse(error, "the saved game is corrupt (no version)");
    }
    // Compared as a 64-bit number: 4294967297 is not 1.
    const bool is_ours = version->is_number_unsigned()
                             ? version->get<uint64_t>() == static_cast<uint64_t>(kWebSaveVersion)
                             : version->get<int64_t>() == kWebSaveVersion;
    if (!is_ours) {
      return refuse(error, "the saved game is outdated (save format " + version->dump() +
                               ", this version reads " + std::to_string(kWebSaveVersion) + ")");
    }
    const auto cj = j.find("config");
    if (cj == j.end()) return refuse(error, "the saved game is corrupt (it has no config)");
    MatchConfig c;
    std::string err;
    if (!full_config_from_json(*cj, &c, &err)) {
      return refuse(error, "the saved game is corrupt (" + err + ")");
    }
    const auto gj = j.find("game");
    if (gj == j.end()) return refuse(error, "the saved game is corrupt (it has no game)");
    Game g;
    if (!load_game(*gj, &g, &err)) return refuse(error, "the saved game is corrupt (" + err + ")");
    if (g.state().options != c.options || !(g.state().seeds == c.seeds)) {
      return refuse(error, "the saved game is corrupt (config does not match the game)");
    }
    *config = c;
    *game = std::move(g);
    return true;
  } catch (const std::exception& e) {
    return refuse(error, std::string("the saved game is corrupt (") + e.what() + ")");
  }
}

}  // namespace catan::match
