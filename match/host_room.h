// HostRoom: the host's side of an online match (docs/MULTIPLAYER.md). The match runs here, in a
// Session; each guest, a peer on a data channel, holds a seat (or watches as a spectator) and
// receives only that seat's view, as wire messages (match/wire.h). Everything a guest sends is
// read as hostile: malformed, oversized, too frequent, stale, out-of-turn or illegal messages
// are refused with a sentence and change nothing.
//
// A room opens in the lobby: guests connect, see the room and take seats; start() seats bots
// in the seats still open and begins the game.
//
//   HostRoom room(config);
//   send_all(room.connect(peer));              // a data channel opened: the lobby, to preview
//   send_all(room.receive(peer, text, now));   // each message from a peer
//   send_all(room.start());                    // the host starts the game
//   send_all(room.update(now, slice_ms));      // each frame: bots, then the views that changed
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rng.h"
#include "match/session.h"
#include "match/wire.h"

namespace catan::match {

class HostRoom {
 public:
  using PeerId = std::string;
  // A guest may send kBurstMessages at once, then kMessagesPerSecond on average.
  static constexpr double kBurstMessages = 20, kMessagesPerSecond = 5;
  // Chat has a bucket of its own within that: kChatBurst lines at once, then kChatPerSecond.
  static constexpr double kChatBurst = 5, kChatPerSecond = 1;
  // The connections (seated, watching or not yet joined) a room keeps; more are refused.
  static constexpr size_t kMaxPeers = 16;

  struct Outgoing {
    PeerId peer;
    std::string text;
  };
  // What a call did: ok, or refused with `error` (the refusal is also in `out`, to the peer);
  // and the messages to send, in order.
  struct Result {
    bool ok = true;
    std::string error;
    std::vector<Outgoing> out;
  };

  // Human seats are open to guests, AI seats are bots; the game waits for start(). Rejoin
  // tokens come from token_seed (fresh_seed() unless a test fixes it).
  explicit HostRoom(const MatchConfig& config, uint64_t token_seed = fresh_seed());

  // The match as configured, with the guests' names and the bots of start() once started.
  const MatchConfig& config() const { return config_; }
  const Session& session() const { return session_; }
  const Game& game() const { return session_.game(); }
  bool started() const { return started_; }

  // A peer's data channel opened: it receives the room (seat -1) to choose a seat from.
  // Refused when the room is full.
  Result connect(const PeerId& peer);
  // Ends the lobby: every human seat nobody took becomes a Normal bot, the game begins and
  // every joined peer receives the room and its view. Refused once started.
  Result start();

  // A message from a peer (a peer's first message is its hello).
  Result receive(const PeerId& peer, std::string_view text, double now_s);
  // The peer's seat, reserved for its token: a hello with the token takes it back.
  Result join(const PeerId& peer, const wire::Hello& hello);
  Result leave(const PeerId& peer);
  // Runs the bots (Session::update) and sends every peer its view after each change.
  Result update(double now_s, double slice_ms);

  // The peer's seat (-1: a spectator or not joined).
  int seat_of(const PeerId& peer) const;
  // Whether a peer is connected to the seat now (a taken seat stays reserved after a leave).
  bool seat_connected(int seat) const;
  std::vector<wire::RoomSeat> seats() const;
  // The view the room sends `seat` (-1: a spectator's): the seat's observation and events, the
  // autopilot seats, the bots' thinking, the clock.
  SeatView view_for(int seat) const;
  // What the guests receive once the game is over (match/verify.h), with the host's secret;
  // and the SHA-256 of that secret, which every `room` message announces (match/fair_seed.h).
  wire::Reveal reveal() const;
  const std::string& commitment() const { return commitment_; }

  // The host's page reloaded (docs/MULTIPLAYER.md, "The host's reload"): snapshot() is the
  // room as a text to keep, restore() the room again from it. The snapshot holds the config
  // with its seeds, every action applied, the seats (names, rejoin tokens, nonces, bots), the
  // secret, whether the game has started and `host_seat`, the seat the host's page plays;
  // a SHA-256 of it finds a text damaged or edited. restore() replays the actions and checks
  // the seeds against the secret and the nonces; no peer is connected until its hello (a
  // guest's token takes its seat back). nullptr + *error (a sentence) when anything is off.
  static constexpr int kSnapshotVersion = 1;
  std::string snapshot(int host_seat) const;
  static std::unique_ptr<HostRoom> restore(std::string_view text, int* host_seat,
                                           std::string* error, uint64_t token_seed = fresh_seed());
  // The host's own seat's rejoin token and nonce, for its page's link after a restore().
  const std::string& seat_token(int seat) const { return seats_.at(static_cast<size_t>(seat)).token; }
  const std::string& seat_nonce(int seat) const { return seats_.at(static_cast<size_t>(seat)).nonce; }

 private:
  struct Seat {
    PeerId peer;          // the guest's connection while `connected`
    bool connected = false;
    std::string token;    // "" until taken; then reserved for its guest
    std::string name;     // the guest's, from its hello
    std::string nonce;    // the guest's part of the seeds, from the hello that took the seat
    bool bot = false;
  };
  struct Peer {
    int seat = -1;
    std::string name;
    bool joined = false;
    double allowance = kBurstMessages;
    double last_s = 0;
    double chat_allowance = kChatBurst;
    double chat_last_s = 0;
    wire::ViewEncoder views;
    bool revealed = false;
  };

  bool take_message(Peer& p, double now_s);  // the rate limit
  Result refused(const PeerId& peer, const std::string& why) const;
  bool room_full(const PeerId& peer) const;
  Result act(const PeerId& peer, const wire::Act& a);
  Result chat(const PeerId& peer, const wire::Chat& c);
  void seat_peer(const PeerId& peer, int seat, const wire::Hello& hello);
  std::string new_token();
  std::string room_for(const Peer& p) const;  // the `room` message for a peer
  void send_room(Result& r) const;
  void send_views(Result& r);
  void send_view(Result& r, const PeerId& peer);
  void send_reveal(Result& r, const PeerId& peer);

  MatchConfig config_;
  Session session_;  // started by start()
  bool started_ = false;
  std::vector<Seat> seats_;
  std::map<PeerId, Peer> peers_;
  Rng token_rng_;
  std::string secret_;      // the host's part of the seeds, from the token generator
  std::string commitment_;  // commitment_of(secret_)
  std::vector<std::string> nonces_;  // each seat's nonce as start() used it
  double now_s_ = 0;
  size_t sent_at_ = 0;  // actions_applied when the views were last sent
};

}  // namespace catan::match
