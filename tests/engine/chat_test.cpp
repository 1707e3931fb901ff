// The room's chat from a hostile guest (match/wire.h, match/host_room.h): a line that is too
// long, blank, or carries control characters or invisible formatting is refused with a sentence
// and reaches nobody; markup is plain text and arrives as typed; a flood of chat is cut off by
// its own bucket while the guest's other messages are still heard; a rejoined guest speaks under
// its seat's name. Everything refused leaves the game and every other guest's messages as they
// were.
#include <gtest/gtest.h>

#include <string>

#include "engine/serialize.h"
#include "match/host_room.h"
#include "match/wire.h"
#include "tests/engine/session_fixture.h"
#include "tests/engine/wire_guest.h"

namespace catan::match {
namespace {

TEST(PlainText, ControlAndInvisibleFormattingCharactersAreNamed) {
  EXPECT_EQ(wire::plain_text_problem("good luck, <b>Ann</b> & co \xF0\x9F\x8E\xB2 caf\xC3\xA9"),
            "");
  EXPECT_EQ(wire::plain_text_problem(std::string("a\0b", 3)), "control character U+0000");
  EXPECT_EQ(wire::plain_text_problem("bell\a"), "control character U+0007");
  EXPECT_EQ(wire::plain_text_problem("del\x7f"), "control character U+007F");
  EXPECT_EQ(wire::plain_text_problem("c1 \xC2\x85"), "control character U+0085");
  // Right-to-left override: "evil\u202Egnp.exe" would read as "evilexe.png".
  EXPECT_EQ(wire::plain_text_problem("evil\xE2\x80\xAEgnp.exe"),
            "invisible formatting character U+202E");
  EXPECT_EQ(wire::plain_text_problem("zero\xE2\x80\x8Bwidth"),
            "invisible formatting character U+200B");
  EXPECT_EQ(wire::plain_text_problem("bom\xEF\xBB\xBF"), "invisible formatting character U+FEFF");
  EXPECT_EQ(wire::plain_text_problem("cut \xE2\x82"), "not UTF-8 at byte 4");
  EXPECT_EQ(wire::plain_text_problem("\xC0\xAF overlong"), "not UTF-8 at byte 0");
}

TEST(PlainText, ATypedLineIsMadePlainTrimmedAndCutAtACharacterBoundary) {
  EXPECT_EQ(wire::plain_chat_text("  hi\tthere\r\n "), "hithere");
  EXPECT_EQ(wire::plain_chat_text("a\xE2\x80\xAE"
                                  "b\x01"
                                  "c"),
            "abc");
  EXPECT_EQ(wire::plain_chat_text("\xFF\xFE ok"), "ok");
  EXPECT_EQ(wire::plain_chat_text("<script>alert(1)</script>"), "<script>alert(1)</script>");
  EXPECT_EQ(wire::plain_chat_text(" \t\n "), "");
  // 279 bytes, then a 3-byte character that does not fit: cut before it.
  const std::string euro = "\xE2\x82\xAC";
  const std::string cut = wire::plain_chat_text(std::string(279, 'x') + euro + "tail");
  EXPECT_EQ(cut, std::string(279, 'x'));
  const std::string full = wire::plain_chat_text(std::string(277, 'x') + euro + "tail");
  EXPECT_EQ(full.size(), wire::kMaxChatText);
  EXPECT_EQ(wire::plain_text_problem(full), "");
}

// A host and two guests (seats 0 and 1) with a bot in seat 2, and a spectator.
class ChatFromGuests : public ::testing::Test {
 protected:
  HostRoom room{quick_match(3, 2, 1), 5};
  WireTable table{room};
  double now = 0;

  void SetUp() override {
    table.join("alice", 0, now);
    table.join("bob", 1, now);
    table.join("carol", -1, now);  // no seat open: watches
    table.deliver(room.start());
  }
  std::string snapshot() const { return save_game(room.game()).dump(); }
  size_t chat_lines() const {
    size_t n = 0;
    for (const WireGuest& g : table.guests) n += g.chat.size();
    return n;
  }
  // Refused with `why`, to the sender alone; no chat line and no change to the game.
  void expect_refused(const std::string& peer, const std::string& text, const std::string& why) {
    const std::string before = snapshot();
    const size_t lines = chat_lines();
    const auto r = room.receive(peer, text, now += 1);
    EXPECT_FALSE(r.ok) << text.substr(0, 80);
    EXPECT_NE(r.error.find(why), std::string::npos)
        << "\"" << r.error << "\" lacks \"" << why << "\"";
    ASSERT_EQ(r.out.size(), 1u);
    EXPECT_EQ(r.out[0].peer, peer);
    if (table.find(peer)) table.deliver(r);
    EXPECT_EQ(chat_lines(), lines);
    EXPECT_EQ(snapshot(), before);
  }
};

TEST_F(ChatFromGuests, HostileLinesAreRefusedAndReachNobody) {
  expect_refused("bob", wire::encode_guest(wire::Chat{std::string(281, 'x')}), "longer than 280");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"ding\u0007"})", "control character U+0007");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"line\nbreak"})", "control character U+000A");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"c1\u0085"})", "control character U+0085");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"evil\u202egnp.exe"})",
                 "invisible formatting character U+202E");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"\u2066hidden"})",
                 "invisible formatting character U+2066");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"   "})", "chat.text: empty");
  expect_refused("bob", R"({"v":1,"t":"chat","text":""})", "chat.text: empty");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"hi","seat":0})", "unknown key \"seat\"");
  expect_refused("bob", R"({"v":1,"t":"chat","text":"hi","name":"alice"})", "unknown key \"name\"");
  expect_refused("bob", R"({"v":1,"t":"chat","text":["hi"]})", "expected a string");
  expect_refused("mallory", wire::encode_guest(wire::Chat{"hi"}), "say hello first");
  // The name a hello may carry follows the same rule.
  expect_refused("eve", R"({"v":1,"t":"hello","name":"\u202eevA","seat":-1,"token":"","nonce":""})",
                 "hello.name: invisible formatting character U+202E");
}

TEST_F(ChatFromGuests, MarkupIsPlainTextAndArrivesAsTyped) {
  const std::string markup = "<img src=x onerror=alert(1)> **bold** [link](http://x) &amp;";
  table.deliver(room.receive("bob", wire::encode_guest(wire::Chat{markup}), now += 1));
  for (const WireGuest& g : table.guests) {
    ASSERT_EQ(g.chat.size(), 1u) << g.peer;
    EXPECT_EQ(g.chat[0].text, markup);
    EXPECT_EQ(g.chat[0].seat, 1);
    EXPECT_EQ(g.chat[0].name, "bob");
  }
}

TEST_F(ChatFromGuests, AChatFloodIsCutOffByItsOwnBucketAndTheGuestIsStillHeard) {
  const std::string before = snapshot();
  int accepted = 0;
  std::string last_error;
  for (int i = 0; i < 30; ++i) {
    const auto r = room.receive("bob", wire::encode_guest(wire::Chat{"spam"}), now);
    if (r.ok) {
      ++accepted;
      table.deliver(r);
    } else {
      last_error = r.error;
      ASSERT_EQ(r.out.size(), 1u) << "a refused line goes to its sender only";
      EXPECT_EQ(r.out[0].peer, "bob");
    }
  }
  EXPECT_EQ(accepted, static_cast<int>(HostRoom::kChatBurst));
  EXPECT_NE(last_error.find("too"), std::string::npos) << last_error;
  for (const WireGuest& g : table.guests) EXPECT_EQ(g.chat.size(), HostRoom::kChatBurst) << g.peer;
  EXPECT_EQ(snapshot(), before);
  // Others still speak; after two seconds the flooder may say two lines, not three.
  table.deliver(room.receive("alice", wire::encode_guest(wire::Chat{"calm down"}), now));
  EXPECT_EQ(table.at("carol").chat.back().text, "calm down");
  now += 2;
  EXPECT_TRUE(room.receive("bob", wire::encode_guest(wire::Chat{"sorry"}), now).ok);
  EXPECT_TRUE(room.receive("bob", wire::encode_guest(wire::Chat{"really"}), now).ok);
  const auto third = room.receive("bob", wire::encode_guest(wire::Chat{"again"}), now);
  EXPECT_FALSE(third.ok);
  EXPECT_NE(third.error.find("too much chat"), std::string::npos) << third.error;
  // The chat bucket is not the one every message counts against: the flooder is still heard.
  const auto resync = room.receive("bob", wire::encode_guest(wire::Resync{}), now);
  EXPECT_TRUE(resync.ok) << resync.error;
}

TEST_F(ChatFromGuests, ARejoinedGuestSpeaksUnderItsSeatsNameAndASpectatorUnderItsOwn) {
  const std::string token = table.at("bob").token;
  table.deliver(room.leave("bob"));
  // A reload's hello: the token, no name.
  table.guests.push_back(WireGuest{"bob2"});
  table.deliver(room.receive("bob2", wire::encode_guest(wire::Hello{"", -1, token, ""}), now += 1));
  ASSERT_EQ(table.at("bob2").seat, 1);
  table.deliver(room.receive("bob2", wire::encode_guest(wire::Chat{"back again"}), now += 1));
  const wire::ChatLine& line = table.at("alice").chat.back();
  EXPECT_EQ(line.seat, 1);
  EXPECT_EQ(line.name, "bob");
  table.deliver(room.receive("carol", wire::encode_guest(wire::Chat{"nice move"}), now += 1));
  EXPECT_EQ(table.at("alice").chat.back().seat, -1);
  EXPECT_EQ(table.at("alice").chat.back().name, "carol");
}

}  // namespace
}  // namespace catan::match
