// What the catan_web_* C functions share (shell/web_exports.cpp, shell/web_room_exports.cpp):
// the export attribute (plain extern "C" functions in native builds, for the tests) and their
// JSON answers, dumped with invalid UTF-8 replaced so the page always receives a string it can
// parse.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define CATAN_WEB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define CATAN_WEB_EXPORT extern "C"
#endif

namespace catan::web {

inline std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
inline std::string error_json(const std::string& msg) {
  return dump(nlohmann::json{{"ok", false}, {"error", msg}});
}
inline std::string ok_json() {
  return dump(nlohmann::json{{"ok", true}});
}

}  // namespace catan::web
