// The wire messages: see wire.h and docs/MULTIPLAYER.md. The views' bodies are in wire_view.cpp.
#include "match/wire.h"

#include <cstdio>
#include <utility>

#include "engine/serialize.h"
#include "match/fair_seed.h"
#include "match/refuse.h"
#include "match/wire_fields.h"

namespace catan::match::wire {

namespace {

// The code point at text[i] and its length in bytes; length 0 for a byte that starts no valid
// UTF-8 sequence (a stray continuation, an overlong or cut-short sequence, a surrogate).
std::pair<uint32_t, size_t> utf8_at(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return {b, 1};
  const size_t n = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
  if (n == 0 || (n == 3 && b >= 0xf0) || i + n > text.size()) return {0, 0};
  uint32_t cp = b & (0x7f >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return {0, 0};
    cp = cp << 6 | (byte(i + k) & 0x3f);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return {0, 0};
  return {cp, n};
}

// Control characters and the invisible marks that reorder or hide text.
bool unplain(uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xad || cp == 0x61c ||
         (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
         (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff;
}

}  // namespace

std::string plain_text_problem(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const auto [cp, n] = utf8_at(text, i);
    if (n == 0) return "not UTF-8 at byte " + std::to_string(i);
    if (unplain(cp)) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%s U+%04X",
                    cp < 0xa0 ? "control character" : "invisible formatting character",
                    static_cast<unsigned>(cp));
      return buf;
    }
    i += n;
  }
  return "";
}

std::string plain_chat_text(std::string_view typed) {
  std::string out;
  for (size_t i = 0; i < typed.size();) {
    const auto [cp, n] = utf8_at(typed, i);
    if (n == 0) {
      ++i;
      continue;
    }
    const bool leading_space = cp == ' ' && out.empty();
    if (!unplain(cp) && !leading_space) {
      if (out.size() + n > kMaxChatText) break;
      out.append(typed.substr(i, n));
    }
    i += n;
  }
  out.erase(out.find_last_not_of(' ') + 1);
  return out;
}

namespace detail {

void fail(const std::string& path, const std::string& what) {
  throw WireError(path + ": " + what);
}

namespace {
const char* type_name(const json& v) {
  return v.is_object() ? "an object"
         : v.is_array() ? "an array"
         : v.is_string() ? "a string"
         : v.is_boolean() ? "a boolean"
         : v.is_number() ? "a number"
                         : "null";
}
}  // namespace

const json& need(const json& obj, const char* key, const std::string& path) {
  if (!obj.is_object()) fail(path, std::string("expected an object, got ") + type_name(obj));
  const auto it = obj.find(key);
  if (it == obj.end()) fail(path, std::string("missing \"") + key + "\"");
  return *it;
}

void only_keys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed) {
  if (!obj.is_object()) fail(path, std::string("expected an object, got ") + type_name(obj));
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* k : allowed) known = known || it.key() == k;
    if (!known) fail(path, "unknown key \"" + it.key().substr(0, 40) + "\"");
  }
}

int64_t get_int(const json& v, const std::string& path, int64_t lo, int64_t hi) {
  if (!v.is_number_integer())
    fail(path, std::string("expected an integer, got ") + type_name(v));
  if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
    fail(path, "out of range");
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi)
    fail(path, std::to_string(x) + " is out of range " + std::to_string(lo) + ".." +
                   std::to_string(hi));
  return x;
}

bool get_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) fail(path, std::string("expected true or false, got ") + type_name(v));
  return v.get<bool>();
}

const std::string& get_string(const json& v, const std::string& path, size_t max_bytes,
                              bool plain) {
  if (!v.is_string()) fail(path, std::string("expected a string, got ") + type_name(v));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > max_bytes)
    fail(path, "longer than " + std::to_string(max_bytes) + " bytes");
  if (plain)
    if (const std::string why = plain_text_problem(s); !why.empty()) fail(path, why);
  return s;
}

uint64_t get_decimal(const json& v, const std::string& path) {
  const std::string& s = get_string(v, path, 20);
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
    fail(path, "expected a decimal number");
  try {
    return std::stoull(s);
  } catch (const std::exception&) {
    fail(path, "out of range");
  }
}

const json& get_array(const json& v, const std::string& path, size_t n) {
  if (!v.is_array()) fail(path, std::string("expected an array, got ") + type_name(v));
  if (n != std::string::npos && v.size() != n)
    fail(path, "expected " + std::to_string(n) + " entries, got " + std::to_string(v.size()));
  return v;
}

}  // namespace detail

using namespace detail;

namespace {

json envelope(const char* type) {
  return json{{"v", kWireVersion}, {"t", type}};
}

// The message's JSON and its type, once its size, depth, version and type are checked.
const std::string* read_envelope(std::string_view text, size_t max_bytes, int max_depth,
                                 json* out) {
  if (text.size() > max_bytes)
    fail("message", std::to_string(text.size()) + " bytes is more than the " +
                        std::to_string(max_bytes) + " allowed");
  if (json_too_deep(text, max_depth))
    fail("message", "nested deeper than " + std::to_string(max_depth) + " levels");
  *out = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (out->is_discarded()) fail("message", "not valid JSON");
  if (!out->is_object()) fail("message", "expected a JSON object");
  const json& v = need(*out, "v", "message");
  if (!v.is_number_integer() || v.get<int64_t>() != kWireVersion)
    fail("message.v", "version " + v.dump().substr(0, 20) + " is not spoken here (version " +
                          std::to_string(kWireVersion) + " is)");
  return &get_string(need(*out, "t", "message"), "message.t", 16);
}

GuestMessage read_guest(const json& j, const std::string& t) {
  if (t == "hello") {
    only_keys(j, "hello", {"v", "t", "name", "seat", "token", "nonce"});
    Hello h;
    h.name = get_string(need(j, "name", "hello"), "hello.name", kMaxNameText, true);
    h.seat = static_cast<int>(get_int(need(j, "seat", "hello"), "hello.seat", -1, kMaxPlayers - 1));
    h.token = get_string(need(j, "token", "hello"), "hello.token", kMaxTokenText, true);
    h.nonce = get_string(need(j, "nonce", "hello"), "hello.nonce", 32, true);
    if (!h.nonce.empty() && !valid_nonce(h.nonce))
      fail("hello.nonce", "expected 32 lowercase hex digits or \"\"");
    return h;
  }
  if (t == "act") {
    only_keys(j, "act", {"v", "t", "action", "seen"});
    Act a;
    const std::string& text = get_string(need(j, "action", "act"), "act.action", kMaxActionText);
    std::string err;
    const auto parsed = Action::parse(text, &err);
    if (!parsed) fail("act.action", err);
    a.action = *parsed;
    a.seen = static_cast<uint64_t>(get_int(need(j, "seen", "act"), "act.seen", 0, INT32_MAX));
    return a;
  }
  if (t == "chat") {
    only_keys(j, "chat", {"v", "t", "text"});
    Chat c{get_string(need(j, "text", "chat"), "chat.text", kMaxChatText, true)};
    if (c.text.find_first_not_of(' ') == std::string::npos) fail("chat.text", "empty");
    return c;
  }
  if (t == "resync") {
    only_keys(j, "resync", {"v", "t"});
    return Resync{};
  }
  if (t == "back") {
    only_keys(j, "back", {"v", "t"});
    return Back{};
  }
  fail("message.t",
       "unknown message type \"" + t + "\" (a guest sends hello, act, chat, resync, back)");
}

Room read_room(const json& j) {
  only_keys(j, "room",
            {"v", "t", "options", "seed", "seats", "seat", "token", "started", "commit", "nonces"});
  Room r;
  std::string err;
  if (!options_from_json(need(j, "options", "room"), &r.config.options, &err))
    fail("room.options", err);
  r.config.seeds.board = get_decimal(need(j, "seed", "room"), "room.seed");
  r.config.seeds.play = 0;
  const int n = r.config.options.players;
  const json& seats = get_array(need(j, "seats", "room"), "room.seats", static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const std::string p = "room.seats[" + std::to_string(i) + "]";
    only_keys(seats[i], p, {"name", "status"});
    RoomSeat s;
    s.name = get_string(need(seats[i], "name", p), p + ".name", kMaxNameText);
    const std::string& st = get_string(need(seats[i], "status", p), p + ".status", 8);
    const std::optional<SeatStatus> status = kSeatStatusNames.parse(st);
    if (!status) fail(p + ".status", "expected open, taken or bot");
    s.status = *status;
    r.config.seats[static_cast<size_t>(i)].kind =
        s.status == SeatStatus::Bot ? SeatKind::AI : SeatKind::Human;
    r.config.seats[static_cast<size_t>(i)].name = s.name;
    r.seats.push_back(std::move(s));
  }
  r.seat = static_cast<int>(get_int(need(j, "seat", "room"), "room.seat", -1, n - 1));
  r.token = get_string(need(j, "token", "room"), "room.token", kMaxTokenText, true);
  r.started = get_bool(need(j, "started", "room"), "room.started");
  r.commitment = get_string(need(j, "commit", "room"), "room.commit", 64);
  if (!valid_secret(r.commitment)) fail("room.commit", "expected 64 lowercase hex digits");
  const json& nonces = get_array(need(j, "nonces", "room"), "room.nonces");
  if (!nonces.empty() && nonces.size() != static_cast<size_t>(n))
    fail("room.nonces", "expected none or one per seat");
  for (size_t i = 0; i < nonces.size(); ++i) {
    const std::string p = "room.nonces[" + std::to_string(i) + "]";
    r.nonces.push_back(get_string(nonces[i], p, 32, true));
    if (!r.nonces.back().empty() && !valid_nonce(r.nonces.back()))
      fail(p, "expected 32 lowercase hex digits or \"\"");
  }
  return r;
}

Reveal read_reveal(const json& j) {
  only_keys(j, "reveal", {"v", "t", "board", "seed", "secret", "actions"});
  Reveal r;
  r.seeds.board = get_decimal(need(j, "board", "reveal"), "reveal.board");
  r.seeds.play = get_decimal(need(j, "seed", "reveal"), "reveal.seed");
  r.secret = get_string(need(j, "secret", "reveal"), "reveal.secret", 64);
  if (!valid_secret(r.secret)) fail("reveal.secret", "expected 64 lowercase hex digits");
  const json& actions = get_array(need(j, "actions", "reveal"), "reveal.actions");
  if (actions.size() > kMaxGameActions)
    fail("reveal.actions", "more than " + std::to_string(kMaxGameActions) + " actions");
  r.actions.reserve(actions.size());
  for (size_t i = 0; i < actions.size(); ++i) {
    // Numbered from 1, as verify_game names them.
    const std::string path = "reveal.actions[" + std::to_string(i) + "] (action " +
                             std::to_string(i + 1) + ")";
    std::string err;
    const auto a = Action::parse(get_string(actions[i], path, kMaxActionText), &err);
    if (!a) fail(path, err);
    r.actions.push_back(*a);
  }
  return r;
}

HostMessage read_host(const json& j, const std::string& t) {
  if (t == "room") return read_room(j);
  if (t == "reveal") return read_reveal(j);
  if (t == "view") {
    only_keys(j, "view", {"v", "t", "seq", "base", "view"});
    ViewUpdate u;
    u.seq = static_cast<uint64_t>(get_int(need(j, "seq", "view"), "view.seq", 1, INT64_MAX));
    u.base = static_cast<uint64_t>(
        get_int(need(j, "base", "view"), "view.base", 0, static_cast<int64_t>(u.seq) - 1));
    u.body = need(j, "view", "view");
    if (!u.body.is_object()) fail("view.view", "expected an object");
    return u;
  }
  if (t == "refused") {
    only_keys(j, "refused", {"v", "t", "reason"});
    return Refused{get_string(need(j, "reason", "refused"), "refused.reason", 1024)};
  }
  if (t == "chat") {
    only_keys(j, "chat", {"v", "t", "seat", "name", "text"});
    ChatLine c;
    c.seat = static_cast<int>(get_int(need(j, "seat", "chat"), "chat.seat", -1, kMaxPlayers - 1));
    c.name = get_string(need(j, "name", "chat"), "chat.name", kMaxNameText, true);
    c.text = get_string(need(j, "text", "chat"), "chat.text", kMaxChatText, true);
    return c;
  }
  fail("message.t", "unknown message type \"" + t + "\" (a host sends room, view, refused, chat, reveal)");
}

}  // namespace

std::string encode_guest(const GuestMessage& m) {
  json j;
  if (const auto* h = std::get_if<Hello>(&m)) {
    j = envelope("hello");
    j["name"] = h->name;
    j["seat"] = h->seat;
    j["token"] = h->token;
    j["nonce"] = h->nonce;
  } else if (const auto* a = std::get_if<Act>(&m)) {
    j = envelope("act");
    j["action"] = a->action.to_string();
    j["seen"] = a->seen;
  } else if (const auto* c = std::get_if<Chat>(&m)) {
    j = envelope("chat");
    j["text"] = c->text;
  } else if (std::holds_alternative<Back>(m)) {
    j = envelope("back");
  } else {
    j = envelope("resync");
  }
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<GuestMessage> parse_guest(std::string_view text, std::string* error) {
  try {
    json j;
    const std::string* t = read_envelope(text, kMaxGuestMessage, kMaxGuestDepth, &j);
    return read_guest(j, *t);
  } catch (const WireError& e) {
    refuse(error, e.what());
  }
  return std::nullopt;
}

std::string encode_room(const Room& room) {
  json j = envelope("room");
  j["options"] = options_to_json(room.config.options);
  j["seed"] = std::to_string(room.config.seeds.board);
  json seats = json::array();
  for (const RoomSeat& s : room.seats)
    seats.push_back({{"name", s.name}, {"status", kSeatStatusNames.name(s.status)}});
  j["seats"] = seats;
  j["seat"] = room.seat;
  j["token"] = room.token;
  j["started"] = room.started;
  j["commit"] = room.commitment;
  j["nonces"] = room.nonces;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_refused(const std::string& reason) {
  json j = envelope("refused");
  j["reason"] = reason;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_chat_line(const ChatLine& line) {
  json j = envelope("chat");
  j["seat"] = line.seat;
  j["name"] = line.name;
  j["text"] = line.text;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_reveal(const Reveal& reveal) {
  json j = envelope("reveal");
  j["board"] = std::to_string(reveal.seeds.board);
  j["seed"] = std::to_string(reveal.seeds.play);
  j["secret"] = reveal.secret;
  json actions = json::array();
  for (const Action& a : reveal.actions) actions.push_back(a.to_string());
  j["actions"] = std::move(actions);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<HostMessage> parse_host(std::string_view text, std::string* error) {
  try {
    json j;
    const std::string* t = read_envelope(text, kMaxHostMessage, kMaxHostDepth, &j);
    return read_host(j, *t);
  } catch (const WireError& e) {
    refuse(error, e.what());
  }
  return std::nullopt;
}

}  // namespace catan::match::wire
