// Rooms connected by codes: the STUN/TURN lines of Settings (frontend/ice_servers.h), the code
// exchange's state (frontend/room_codes.h) and the page's calls that fill it
// (shell/web_room.h: codes, ice_servers).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "frontend/app.h"
#include "frontend/ice_servers.h"
#include "frontend/room_codes.h"
#include "frontend/room_play.h"
#include "frontend/theme.h"
#include "shell/web_room.h"
#include "tests/frontend/headless_imgui.h"

namespace catan {
namespace {

using nlohmann::json;

TEST(IceServers, GoodLinesAreKept) {
  const ui::IceServers p = ui::parse_ice_servers(
      "# my servers\n"
      "stun:stun.example.org:3478\n"
      "\n"
      "turn:turn.example.org:3478?transport=tcp alice s3cret!\n"
      "TURNS:[2001:db8::1]:5349 bob pw\n"
      "stun:192.168.1.2\n");
  EXPECT_TRUE(p.errors.empty()) << p.errors.front();
  ASSERT_EQ(p.servers.size(), 4u);
  EXPECT_EQ(p.servers[1].url, "turn:turn.example.org:3478?transport=tcp");
  EXPECT_EQ(p.servers[1].username, "alice");
  EXPECT_EQ(p.servers[1].credential, "s3cret!");
  EXPECT_EQ(p.servers[2].url, "TURNS:[2001:db8::1]:5349");
  EXPECT_TRUE(p.servers[3].username.empty());
}

TEST(IceServers, MalformedAndHostileLinesAreRefusedByName) {
  struct Case {
    const char* line;
    const char* why;
  } cases[] = {
      {"http://evil.example/x", "does not start with stun:"},
      {"javascript:alert(1)", "does not start with stun:"},
      {"stun:", "name is missing"},
      {"stun:bad host", "takes nothing after"},
      {"stun:exa_mple.org", "only letters, digits"},
      {"stun:host:99999", "between 1 and 65535"},
      {"stun:host:12ab", "not a number"},
      {"stun:host:", "port is missing"},
      {"stun:-host", "cannot start or end"},
      {"stun:host?transport=udp", "takes no ?options"},
      {"turn:host:3478?foo=bar u p", "the only option"},
      {"turn:host:3478", "needs a username and a credential"},
      {"turn:host:3478 user", "needs a username and a credential"},
      {"stun:host user pass", "takes nothing after"},
      {"turn:[zz::1] u p", "IPv6 address holds"},
      {"turn:[::1 u p", "no closing ]"},
      {"turn:host u \x01pw", "1 to 128 visible characters"},
  };
  for (const Case& c : cases) {
    const ui::IceServers p = ui::parse_ice_servers(std::string("stun:ok.example\n") + c.line);
    ASSERT_EQ(p.servers.size(), 1u) << c.line;
    ASSERT_EQ(p.errors.size(), 1u) << c.line;
    EXPECT_EQ(p.errors[0].rfind("line 2: ", 0), 0u) << p.errors[0];
    EXPECT_NE(p.errors[0].find(c.why), std::string::npos) << c.line << ": " << p.errors[0];
  }
  std::string many;
  for (int i = 0; i < 10; ++i) many += "stun:s" + std::to_string(i) + ".example\n";
  const ui::IceServers p = ui::parse_ice_servers(many);
  EXPECT_EQ(p.servers.size(), ui::kMaxIceServers);
  EXPECT_EQ(p.errors.size(), 2u);
  const ui::IceServers huge = ui::parse_ice_servers(std::string(3000, 'x'));
  EXPECT_TRUE(huge.servers.empty());
  EXPECT_EQ(huge.errors.size(), 1u);
}

TEST(IceServers, JsonForThePageAndSavedWithTheSettings) {
  ui::UiSettings s;
  EXPECT_EQ(json::parse(ui::ice_servers_json(s))["mode"], "default");
  s.ice_mode = ui::kIceNone;
  s.ice_custom = "stun:a.example";
  json j = json::parse(ui::ice_servers_json(s));
  EXPECT_EQ(j["mode"], "none");
  EXPECT_TRUE(j["servers"].empty());
  s.ice_mode = ui::kIceCustom;
  s.ice_custom = "stun:a.example\nturn:b.example:3478 u p\nwhat is this";
  j = json::parse(ui::ice_servers_json(s));
  ASSERT_EQ(j["servers"].size(), 2u);
  EXPECT_EQ(j["servers"][0], json({{"urls", "stun:a.example"}}));
  EXPECT_EQ(j["servers"][1],
            json({{"urls", "turn:b.example:3478"}, {"username", "u"}, {"credential", "p"}}));
  EXPECT_EQ(j["errors"].size(), 1u);

  ui::UiSettings back;
  ASSERT_TRUE(ui::settings_from_json(ui::settings_to_json(s), &back));
  EXPECT_EQ(back.ice_mode, ui::kIceCustom);
  EXPECT_EQ(back.ice_custom, s.ice_custom);
  ASSERT_TRUE(ui::settings_from_json(R"({"ice_mode":7,"ice_custom":5})", &back));
  EXPECT_EQ(back.ice_mode, 2);               // clamped
  EXPECT_EQ(back.ice_custom, s.ice_custom);  // a wrong type keeps the value
}

TEST(RoomCodes, TheExchangeAsThePageTellsIt) {
  ui::RoomCodes c;
  EXPECT_TRUE(c.update("busy", "Making", ""));
  EXPECT_TRUE(c.busy);
  EXPECT_TRUE(c.update("code", "CnAB", "0101"));
  EXPECT_EQ(c.code, "CnAB");
  EXPECT_FALSE(c.busy);
  EXPECT_TRUE(c.update("pasted", std::string(2000, 'a'), ""));
  EXPECT_EQ(std::string(c.typed).size(), sizeof c.typed - 1);  // cut to the field
  EXPECT_TRUE(c.update("error", "That code cannot be used", ""));
  EXPECT_TRUE(c.error);
  EXPECT_EQ(c.code, "CnAB");  // an error keeps the invite
  EXPECT_TRUE(c.update("connected", "Your friend is connected.", ""));
  EXPECT_EQ(c.friends, 1);
  EXPECT_TRUE(c.code.empty());
  EXPECT_EQ(c.typed[0], '\0');
  EXPECT_TRUE(c.update("code", "CnAC", ""));
  EXPECT_TRUE(c.update("failed", "The direct connection failed.", ""));
  EXPECT_TRUE(c.code.empty());
  EXPECT_TRUE(c.error);
  EXPECT_FALSE(c.update("nonsense", "", ""));
}

class RoomCodesPage : public HeadlessImGui {};

TEST_F(RoomCodesPage, ThePageFillsTheExchangeOfAnOpenRoomOnly) {
  App app;
  web::WebRoom room(app);
  auto ok = [](const std::string& a) { return json::parse(a).value("ok", false); };
  EXPECT_FALSE(ok(room.codes("code", "CnAB", "")));  // no room
  ASSERT_TRUE(ok(room.host(R"({"seats":"human,human,ai:easy","speed":20})")));
  EXPECT_FALSE(ok(room.codes("code", "CnAB", "")));  // a room by the link
  EXPECT_TRUE(ok(room.codes("open", "", "")));
  EXPECT_TRUE(app.room().codes().on);
  EXPECT_FALSE(ok(room.codes("code", "", "")));
  EXPECT_FALSE(ok(room.codes("code", "CnAB", "012")));  // not a QR code
  EXPECT_FALSE(ok(room.codes("code", "CnAB", std::string(441, '2').c_str())));
  EXPECT_FALSE(ok(room.codes("bogus", "x", "")));
  EXPECT_TRUE(app.room().codes().code.empty());  // the refusals changed nothing
  EXPECT_TRUE(ok(room.codes("code", "CnAB", std::string(441, '1').c_str())));
  const json s = json::parse(room.status());
  EXPECT_EQ(s["codes"]["code"], "CnAB");
  EXPECT_EQ(s["codes"]["friends"], 0);
  EXPECT_TRUE(ok(room.close()));
  EXPECT_FALSE(app.room().codes().on);
  EXPECT_FALSE(json::parse(room.status()).contains("codes"));
}

}  // namespace
}  // namespace catan
