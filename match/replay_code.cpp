#include "match/replay_code.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <exception>
#include <vector>

#include "match/refuse.h"
#include "engine/rules.h"

namespace catan::match {

namespace {

const char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void put_varint(std::vector<uint8_t>& b, uint64_t v) {
  while (v >= 0x80) {
    b.push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  b.push_back(static_cast<uint8_t>(v));
}

struct Reader {
  const std::vector<uint8_t>& b;
  size_t pos = 0;
  bool ok = true;
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= b.size()) return ok = false, 0;
      const uint8_t x = b[pos++];
      v |= static_cast<uint64_t>(x & 0x7f) << shift;
      if (!(x & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  uint8_t byte() {
    if (pos >= b.size()) return ok = false, 0;
    return b[pos++];
  }
};

std::string b64url(const std::vector<uint8_t>& b) {
  std::string out;
  size_t i = 0;
  for (; i + 2 < b.size(); i += 3) {
    const uint32_t n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    for (int k = 18; k >= 0; k -= 6) out += kB64[(n >> k) & 63];
  }
  if (i + 1 == b.size()) {
    const uint32_t n = b[i] << 16;
    out += kB64[(n >> 18) & 63];
    out += kB64[(n >> 12) & 63];
  } else if (i + 2 == b.size()) {
    const uint32_t n = (b[i] << 16) | (b[i + 1] << 8);
    out += kB64[(n >> 18) & 63];
    out += kB64[(n >> 12) & 63];
    out += kB64[(n >> 6) & 63];
  }
  return out;
}

bool unb64url(const std::string& s, std::vector<uint8_t>* out) {
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    const char* p = c ? std::strchr(kB64, c) : nullptr;
    if (!p) return false;
    acc = (acc << 6) | static_cast<uint32_t>(p - kB64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<uint8_t>((acc >> bits) & 0xff));
    }
  }
  return true;
}

std::array<uint64_t, 15> option_fields(const GameOptions& o) {
  return {uint64_t(o.preset),
          uint64_t(o.players),
          uint64_t(o.board),
          uint64_t(o.mode),
          uint64_t(o.vp_target),
          uint64_t(o.start_with_one_of_each),
          uint64_t(o.dice),
          uint64_t(o.visibility),
          uint64_t(o.discard),
          uint64_t(o.trade),
          uint64_t(o.max_offers_per_turn),
          uint64_t(o.roll_cap),
          uint64_t(o.forfeit_on_illegal),
          uint64_t(o.random_first_player),
          uint64_t(o.timer_seconds)};
}

bool read_options(Reader& r, GameOptions* out, std::string* error) {
  std::array<uint64_t, 15> f;
  for (auto& x : f) x = r.varint();
  if (!r.ok) return refuse(error, "the game code is truncated (options)");
  for (int i : {0, 2, 3, 6, 7, 8, 9}) {
    if (f[i] > 3) return refuse(error, "the game code has bad options");
  }
  GameOptions o;
  o.preset = static_cast<Preset>(f[0]);
  o.players = static_cast<uint8_t>(std::min<uint64_t>(f[1], 255));
  o.board = static_cast<LayoutKind>(f[2]);
  o.mode = static_cast<Mode>(f[3]);
  o.vp_target = static_cast<uint8_t>(std::min<uint64_t>(f[4], 255));
  o.start_with_one_of_each = f[5] != 0;
  o.dice = static_cast<DiceMode>(f[6]);
  o.visibility = static_cast<Visibility>(f[7]);
  o.discard = static_cast<DiscardMode>(f[8]);
  o.trade = static_cast<TradeMode>(f[9]);
  o.max_offers_per_turn = static_cast<uint8_t>(std::min<uint64_t>(f[10], 255));
  o.roll_cap = static_cast<uint16_t>(std::min<uint64_t>(f[11], 65535));
  o.forfeit_on_illegal = f[12] != 0;
  o.random_first_player = f[13] != 0;
  o.timer_seconds = static_cast<uint16_t>(std::min<uint64_t>(f[14], 65535));
  std::string err;
  if (!validate(o, &err)) return refuse(error, "the game code has bad options: " + err);
  *out = o;
  return true;
}

bool read_seats(Reader& r, MatchConfig* c, std::string* error) {
  for (int s = 0; s < c->options.players; ++s) {
    const uint8_t k = r.byte();
    if (k == 0) {
      c->seats[s].kind = SeatKind::Human;
    } else {
      const int level = (k - 1) / 8, pers = (k - 1) % 8;
      if (level > static_cast<int>(AiLevel::Master) || pers > 5)
        return refuse(error, "the game code has a bad seat");
      c->seats[s].kind = SeatKind::AI;
      c->seats[s].ai.level = static_cast<AiLevel>(level);
      c->seats[s].ai.personality = static_cast<Personality>(pers);
    }
  }
  c->ai_action_delay_s = std::min<double>(static_cast<double>(r.varint()) / 1000.0, 10.0);
  c->ai_think_budget_ms = std::clamp<double>(static_cast<double>(r.varint()), 10.0, 5000.0);
  return r.ok || refuse(error, "the game code is truncated (seats)");
}

// Version 1: the action at `i` as an index into legal_actions(), or an escape and its text.
bool read_v1_action(Reader& r, const std::vector<uint8_t>& bytes, const GameState& s, uint64_t i,
                    Action* out, std::string* error) {
  std::vector<Action> legal;
  legal_actions(s, legal);
  const uint64_t idx = r.varint();
  if (idx < legal.size()) {
    *out = legal[idx];
    return true;
  }
  if (idx != legal.size()) {
    return refuse(error, "the game code has a bad action index at action " + std::to_string(i));
  }
  const uint64_t len = r.varint();
  if (!r.ok || len > kMaxActionText || r.pos + len > bytes.size()) {
    return refuse(error, "the game code is truncated (action " + std::to_string(i) + ")");
  }
  const std::string text(bytes.begin() + static_cast<long>(r.pos),
                         bytes.begin() + static_cast<long>(r.pos + len));
  r.pos += len;
  std::string err;
  auto parsed = Action::parse(text, &err);
  if (!parsed) return refuse(error, "the game code has a bad action: " + err);
  *out = *parsed;
  return true;
}

}  // namespace

bool encode_game(const MatchConfig& c, const Game& g, std::string* code, std::string* error) {
  if (g.state().phase != Phase::GameOver) {
    return refuse(error, "replay links are made when the game is over (the code holds the dice)");
  }
  if (g.history().size() > kMaxGameActions) return refuse(error, "the game is too long to share");
  std::vector<uint8_t> b;
  b.push_back(kReplayCodeVersion);
  put_varint(b, g.state().seeds.board);
  put_varint(b, g.state().seeds.play);
  const GameOptions& o = g.state().options;
  for (uint64_t x : option_fields(o)) put_varint(b, x);
  for (int s = 0; s < o.players; ++s) {
    const SeatConfig& seat = c.seats[s];
    b.push_back(seat.kind == SeatKind::Human
                    ? 0
                    : static_cast<uint8_t>(1 + static_cast<int>(seat.ai.level) * 8 +
                                           static_cast<int>(seat.ai.personality)));
  }
  put_varint(b, static_cast<uint64_t>(c.ai_action_delay_s * 1000 + 0.5));
  put_varint(b, static_cast<uint64_t>(c.ai_think_budget_ms + 0.5));
  put_varint(b, g.history().size());
  for (const Action& a : g.history()) put_varint(b, action_id(a));
  *code = b64url(b);
  return true;
}

namespace {

bool decode(const std::string& code, MatchConfig* out, Game* game, std::string* error,
            size_t max_actions) {
  try {
    if (code.empty()) return refuse(error, "the game code is empty");
    if (code.size() > kMaxReplayCodeText) return refuse(error, "the game code is too long");
    std::vector<uint8_t> bytes;
    if (!unb64url(code, &bytes)) {
      return refuse(error, "the game code has characters that are not base64url");
    }
    Reader r{bytes};
    const uint8_t version = r.byte();
    if (!r.ok || (version != 1 && version != 2)) {
      return refuse(error, "the game code has an unknown version (made by a newer release?)");
    }
    MatchConfig c;
    c.seeds.board = r.varint();
    c.seeds.play = version == 1 ? c.seeds.board : r.varint();
    if (!r.ok) return refuse(error, "the game code is truncated (seeds)");
    if (!read_options(r, &c.options, error) || !read_seats(r, &c, error)) return false;
    const uint64_t n = r.varint();
    if (!r.ok) return refuse(error, "the game code is truncated (header)");
    // Every action takes at least one byte: a larger count cannot be honest.
    if (n > max_actions && n <= kMaxGameActions) {
      return refuse(error, "the game has " + std::to_string(n) + " actions; a link may hold " +
                               std::to_string(max_actions) + " (a long game has about 1,500)");
    }
    if (n > kMaxGameActions || n > bytes.size() - r.pos) {
      return refuse(error, "the game code claims " + std::to_string(n) +
                               " actions, more than it holds or than a game may have");
    }
    Game g(c.options, c.seeds);
    std::string err;
    for (uint64_t i = 0; i < n; ++i) {
      Action a;
      if (version == 1) {
        if (!read_v1_action(r, bytes, g.state(), i, &a, error)) return false;
      } else {
        const auto decoded = action_from_id(r.varint());
        if (!decoded)
          return refuse(error, "the game code has a bad action at " + std::to_string(i));
        a = *decoded;
      }
      if (!r.ok) return refuse(error, "the game code is truncated");
      const bool was_over = g.state().phase == Phase::GameOver;
      if (!g.apply(a, &err)) {
        // Arena rules: an illegal last action forfeits the match and stays in the history.
        const bool forfeit = !was_over && g.state().phase == Phase::GameOver && i + 1 == n;
        if (!forfeit)
          return refuse(error, "action " + std::to_string(i) + " does not apply: " + err);
      }
    }
    if (r.pos != bytes.size()) return refuse(error, "the game code has trailing data");
    name_seats(&c);
    *out = c;
    *game = std::move(g);
    return true;
  } catch (const std::exception& e) {
    return refuse(error, std::string("the game code is invalid (") + e.what() + ")");
  }
}

}  // namespace

bool decode_game(const std::string& code, MatchConfig* out, Game* game, std::string* error) {
  return decode(code, out, game, error, kMaxGameActions);
}

bool decode_game_link(const std::string& code, MatchConfig* out, Game* game, std::string* error) {
  return decode(code, out, game, error, kMaxLinkActions);
}

}  // namespace catan::match
