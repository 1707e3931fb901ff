// HostRoom::snapshot and HostRoom::restore: the room kept across a reload of the host's page
// (host_room.h, docs/MULTIPLAYER.md "The host's reload").
//   {"format":"catan-host-room","version":1,"check":sha256_hex(room.dump()),
//    "room":{"config":config_to_private_json(...),"started":...,"secret":...,"commitment":...,
//            "nonces":[...],"hostSeat":...,
//            "seats":[{"token","name","nonce","bot","autopilot","idleTurns"}],
//            "actions":["roll",...]}}
#include <exception>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "engine/serialize.h"
#include "match/fair_seed.h"
#include "match/host_room.h"
#include "match/refuse.h"
#include "match/sha256.h"
#include "match/web_save.h"

namespace catan::match {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "catan-host-room";
// The actions a snapshot may hold: as many as a reveal carries (wire.h).
constexpr size_t kMaxSnapshotActions = 200000;

bool is_token(const std::string& s) {
  return s.size() == 32 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The value at `key` of `obj` when it has the type `is` checks; else a damaged room.
const json& field(const json& obj, const char* key, bool (json::*is)() const noexcept) {
  const auto it = obj.find(key);
  if (it == obj.end() || !((*it).*is)())
    throw std::runtime_error(std::string("\"") + key + "\" is missing or of the wrong type");
  return *it;
}

}  // namespace

std::string HostRoom::snapshot(int host_seat) const {
  json seats = json::array();
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    const int seat = static_cast<int>(i);
    seats.push_back({{"token", s.token},
                     {"name", s.name},
                     {"nonce", s.nonce},
                     {"bot", s.bot},
                     {"autopilot", started_ && session_.on_autopilot(seat)},
                     {"idleTurns", started_ ? session_.idle_turns(seat) : 0}});
  }
  json actions = json::array();
  for (const Action& a : session_.game().history()) actions.push_back(a.to_string());
  json room = {{"config", config_to_private_json(config_)},
               {"started", started_},
               {"secret", secret_},
               {"commitment", commitment_},
               {"nonces", nonces_},
               {"hostSeat", host_seat},
               {"seats", std::move(seats)},
               {"actions", started_ ? std::move(actions) : json::array()}};
  const std::string body = room.dump();
  return json{{"format", kFormat},
              {"version", kSnapshotVersion},
              {"check", sha256_hex(body)},
              {"room", std::move(room)}}
      .dump();
}

std::unique_ptr<HostRoom> HostRoom::restore(std::string_view text, int* host_seat,
                                            std::string* error, uint64_t token_seed) {
  const auto damaged = [&](const std::string& why) {
    refuse(error, "the saved room is damaged (" + why + ")");
    return nullptr;
  };
  try {
    if (text.size() > kMaxWebSaveText) return damaged("over 16 MiB");
    if (json_too_deep(text)) return damaged("nested too deep");
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) return damaged("not JSON");
    const auto format = j.find("format");
    if (format == j.end() || *format != kFormat) return damaged("not a saved room");
    const auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer() ||
        version->get<int64_t>() != kSnapshotVersion) {
      refuse(error, "the saved room is of another version (this one reads version " +
                        std::to_string(kSnapshotVersion) + ")");
      return nullptr;
    }
    const json& room = field(j, "room", &json::is_object);
    if (field(j, "check", &json::is_string) != sha256_hex(room.dump()))
      return damaged("its checksum does not match: it was changed or cut");

    MatchConfig config;
    std::string err;
    if (!full_config_from_json(field(room, "config", &json::is_object), &config, &err))
      return damaged(err);
    const int players = config.options.players;
    const bool started = field(room, "started", &json::is_boolean).get<bool>();
    const std::string secret = field(room, "secret", &json::is_string).get<std::string>();
    if (!valid_secret(secret)) return damaged("the secret is not 64 hex digits");
    if (field(room, "commitment", &json::is_string) != commitment_of(secret))
      return damaged("the commitment is not the secret's");

    const json& seats_j = field(room, "seats", &json::is_array);
    if (seats_j.size() != static_cast<size_t>(players))
      return damaged("it has " + std::to_string(seats_j.size()) + " seats for " +
                     std::to_string(players) + " players");
    std::vector<Seat> seats(static_cast<size_t>(players));
    std::vector<bool> autopilot(static_cast<size_t>(players));
    std::vector<int> idle_turns(static_cast<size_t>(players));
    std::set<std::string> tokens;
    for (int s = 0; s < players; ++s) {
      const json& sj = seats_j[static_cast<size_t>(s)];
      if (!sj.is_object()) return damaged("seat " + std::to_string(s) + " is not an object");
      Seat& seat = seats[static_cast<size_t>(s)];
      seat.token = field(sj, "token", &json::is_string).get<std::string>();
      seat.name = field(sj, "name", &json::is_string).get<std::string>();
      seat.nonce = field(sj, "nonce", &json::is_string).get<std::string>();
      seat.bot = field(sj, "bot", &json::is_boolean).get<bool>();
      // Optional: a snapshot without them restores every seat in its player's hands.
      const auto ap = sj.find("autopilot");
      const auto idle = sj.find("idleTurns");
      if ((ap != sj.end() && !ap->is_boolean()) ||
          (idle != sj.end() && (!idle->is_number_integer() || idle->get<int64_t>() < 0 ||
                                idle->get<int64_t>() > 1000)))
        return damaged("seat " + std::to_string(s) + ": its autopilot or missed turns are not valid");
      autopilot[static_cast<size_t>(s)] = ap != sj.end() && ap->get<bool>();
      idle_turns[static_cast<size_t>(s)] = idle != sj.end() ? idle->get<int>() : 0;
      const std::string at = "seat " + std::to_string(s) + ": ";
      if (!seat.token.empty() && (!is_token(seat.token) || !tokens.insert(seat.token).second))
        return damaged(at + "its rejoin token is not 32 hex digits or is another seat's");
      if (seat.name.size() > wire::kMaxNameText) return damaged(at + "its name is too long");
      if (!seat.nonce.empty() && !valid_nonce(seat.nonce))
        return damaged(at + "its nonce is not 32 hex digits");
      const bool ai = config.seats[static_cast<size_t>(s)].kind == SeatKind::AI;
      if (ai != seat.bot) return damaged(at + "a bot in the config and not in the room, or the reverse");
      if (started && !seat.bot && seat.token.empty()) return damaged(at + "a guest's seat without a token");
    }
    const json& host_j = field(room, "hostSeat", &json::is_number_integer);
    const int64_t hs = host_j.get<int64_t>();
    if (hs < 0 || hs >= players || seats[static_cast<size_t>(hs)].bot ||
        seats[static_cast<size_t>(hs)].token.empty())
      return damaged("the host's seat is not a taken human seat");

    std::vector<std::string> nonces;
    for (const json& n : field(room, "nonces", &json::is_array)) {
      if (!n.is_string()) return damaged("a nonce is not a string");
      nonces.push_back(n.get<std::string>());
    }
    const json& actions_j = field(room, "actions", &json::is_array);
    Game game(config.options, config.seeds);
    if (started) {
      // The seeds follow from the secret and the nonces, as the guests will check at the end.
      if (nonces.size() != static_cast<size_t>(players)) return damaged("the nonces do not fit the seats");
      for (int s = 0; s < players; ++s) {
        const Seat& seat = seats[static_cast<size_t>(s)];
        if (nonces[static_cast<size_t>(s)] != (seat.bot ? std::string() : seat.nonce))
          return damaged("seat " + std::to_string(s) + "'s nonce is not the one the seeds used");
      }
      if (derive_seeds(secret, nonces, config.seeds.board,
                       config.options.visibility != Visibility::Revealed) != config.seeds)
        return damaged("the seeds are not the ones the secret and the nonces give");
      if (actions_j.size() > kMaxSnapshotActions) return damaged("too many actions");
      std::vector<Action> actions;
      for (size_t i = 0; i < actions_j.size(); ++i) {
        const json& a = actions_j[i];
        const std::string n = "action " + std::to_string(i + 1);
        if (!a.is_string()) return damaged(n + " is not a string");
        const auto action = Action::parse(a.get<std::string>(), &err);
        if (!action) return damaged(n + ": " + err);
        actions.push_back(*action);
      }
      if (!Game::replay(config.options, config.seeds, actions, &game, &err))
        return damaged("its game does not replay: " + err);
    } else if (!nonces.empty() || !actions_j.empty()) {
      return damaged("a room in its lobby with nonces or actions");
    }

    auto r = std::make_unique<HostRoom>(config, token_seed);
    r->secret_ = secret;
    r->commitment_ = commitment_of(secret);
    r->seats_ = std::move(seats);
    r->nonces_ = std::move(nonces);
    r->started_ = started;
    if (started) {
      r->session_.resume(config, game);
      for (int s = 0; s < players; ++s)
        if (!r->seats_[static_cast<size_t>(s)].bot)
          r->session_.restore_absence(s, autopilot[static_cast<size_t>(s)],
                                      idle_turns[static_cast<size_t>(s)]);
      r->sent_at_ = game.history().size();
    }
    if (host_seat) *host_seat = static_cast<int>(hs);
    return r;
  } catch (const std::exception& e) {
    return damaged(e.what());
  }
}

}  // namespace catan::match
