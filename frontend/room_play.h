// RoomPlay: an online match as this screen plays it (docs/MULTIPLAYER.md). Hosting, it runs
// the HostRoom and plays the host's own seat through a GuestLink of its own, a peer inside the
// page: the host's screen holds only its seat's view, as every guest's does (the room's Session
// shows whichever human is to act). Joining, it holds the GuestLink the host's messages feed.
// Either way the screen draws the link's ViewMatch, and what must go out over the data
// channels waits in the outbox the page drains each frame.
//
// A room opens in its lobby: the host waits for guests and starts the game; a guest connects,
// sees the room's seats, then joins (or rejoins at once with a saved token).
//
//   room.host(config, &error);                    // the lobby; room.start(&error) begins
//   room.connect(saved_token);                    // a guest: connected, then room.join(name, seat)
//   room.peer_connected(peer, &error);             // hosting: a guest's channel opened
//   room.peer_message(peer, text, &error);         // hosting: a guest's message
//   room.host_message(text, &error);               // joined: the host's message
//   room.update(now, slice_ms);                    // each frame: the bots, then the views
//   for (auto& m : room.take_outbox()) channel(m.peer).send(m.text);
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ai/ai.h"
#include "frontend/end_screen.h"
#include "frontend/room_codes.h"
#include "match/guest_link.h"
#include "match/host_room.h"

namespace catan::ui {

class RoomPlay {
 public:
  // Joined: how long a move may wait for the host's answer before the whole view is asked for.
  static constexpr double kAnswerWaitSeconds = 3.0;

  // A message for a data channel: to the guest `peer` (hosting) or, with peer "", to the host.
  struct Outgoing {
    std::string peer;
    std::string text;
  };

  // Hosts `config` in the lobby: its AI seats are bots, its human seats open to guests but
  // `host_seat` (-1: the first human seat), which the host plays under its name. false +
  // *error when that is not a human seat.
  bool host(const match::MatchConfig& config, std::string* error, int host_seat = -1);
  // Hosting: ends the lobby (open seats become Normal bots). false + *error once started.
  bool start(std::string* error);
  // A guest connected to a host, not yet joined: with a rejoin `token` the hello goes at once,
  // else join() sends it once the player has chosen. `nonce`: the page's part of the seeds kept
  // with that token (match/fair_seed.h), "" for a fresh one.
  void connect(const std::string& token, const std::string& nonce = "");
  // Joins the host connected to: asks for `seat` (-1: any open one, or a spectator's place).
  // false + *error when not connected or already joined.
  bool join(const std::string& name, int seat, std::string* error);
  // connect() and join() at once, or the seat of a rejoin `token`.
  void join(const std::string& name, int seat, const std::string& token);
  void close();

  bool open() const { return link_ != nullptr; }
  bool hosting() const { return room_ != nullptr; }
  // A guest's hello has gone (always when hosting).
  bool joined() const { return hello_sent_; }
  // The game has begun (hosting: start(); a guest: the host's last `room` says so).
  bool started() const;

  // Hosting: a guest's channel opened (it receives the lobby), a guest's message (its rate
  // limit counts by the clock of the last update()) and a guest gone. false + *error when
  // refused (the refusal goes to the guest too) and nothing changes.
  bool peer_connected(const std::string& peer, std::string* error);
  bool peer_message(const std::string& peer, std::string_view text, std::string* error);
  bool peer_left(const std::string& peer, std::string* error);
  // Joined: a message from the host. false + *error when refused; nothing changes.
  bool host_message(std::string_view text, std::string* error);
  // Hosting: lets the bots act and sends the views that changed; then the host's own moves.
  // With autoplay, this page's seat moves when it may.
  void update(double now_s, double slice_ms);

  // Hosting, while the page draws no frames (a background tab, whose animation frames the
  // browser stops): the room's clock runs on by `dt_s` and the room updates (bots, timers,
  // the views), as update() would. The host's own seat is not played here.
  void tick(double dt_s, double slice_ms);
  // The room's clock runs `scale` times as fast as the frame clock (1 to 20; 1 by default):
  // a browser test's hook, so that its turn timers run out sooner through the same code.
  void set_clock_scale(double scale);

  // The page's seat played by a Normal AI that sees only the seat's view (browser tests of
  // whole games); it stays on for the rooms that follow until switched off.
  void set_autoplay(bool on);
  // Autoplay that stops by itself once the seat is in its turn's main phase holding a card: a
  // browser test's way to the moment the seat may offer a trade.
  void set_autoplay_until_trade();
  bool autoplay() const { return autoplay_ != nullptr; }

  // What the page tells the screens: the invitation link and its QR code (N*N '0'/'1', dark
  // '1', row by row), and the transport's state in words.
  void set_invite(std::string link, std::string qr);
  void set_connection(std::string text) { connection_ = std::move(text); }
  const std::string& invite_link() const { return invite_link_; }
  const std::string& invite_qr() const { return invite_qr_; }
  const std::string& connection() const { return connection_; }
  // A room connected by codes: the exchange's state (room_codes.h); close() clears it, so set
  // codes().on after host() or connect().
  RoomCodes& codes() { return codes_; }
  const RoomCodes& codes() const { return codes_; }

  // A line of chat from this page, made plain first (wire::plain_chat_text): hosting, it goes
  // through the room like a guest's. false + *error when not joined or nothing is left.
  bool say(std::string_view typed, std::string* error);
  // The chat lines received, the host's own included (empty before joining).
  const std::vector<match::wire::ChatLine>& chat() const;
  size_t chat_total() const { return link_ ? link_->chat_total() : 0; }

  // The match the screen draws, once the room and a view have arrived (null before).
  match::ViewMatch* match() { return link_ ? link_->match() : nullptr; }
  const match::GuestLink* link() const { return link_.get(); }
  const match::HostRoom* room() const { return room_.get(); }
  std::vector<Outgoing> take_outbox();

  // The host's reload (docs/MULTIPLAYER.md, "The host's reload"). Hosting: the room as a text
  // to keep (HostRoom::snapshot, with the host's seat); "" when not hosting.
  std::string snapshot() const;
  // Hosts the room of a snapshot again: its game as it was, its seats kept for their guests'
  // tokens (none connected yet), the host's own seat taken back by its token. false + *error
  // when the snapshot is damaged or altered, and nothing changes.
  bool resume(std::string_view snapshot, std::string* error);
  // Hosting: the game has ended (a finished room is not kept for a reload).
  bool game_over() const;

  // A guest whose channel to the host closed: the board stays as it was, under a notice
  // (draw_host_away), while the page tries again; `gave_up` once it stops trying.
  enum class HostAway { No, Waiting, GaveUp };
  void set_host_away(HostAway away) { host_away_ = away; }
  HostAway host_away() const { return host_away_; }
  // A guest whose channel to the host opened again: the hello with its seat's token goes
  // again, keeping the view held (and its nonce, for the check at the end) until the host's
  // whole view arrives. false + *error when it holds no seat to take back.
  bool rejoin(std::string* error);

 private:
  // The room's answers: the host's own to its link, the others to the outbox.
  void deliver(match::HostRoom::Result r);
  // Delivers the room's answer; its ok, with its error in *error when refused.
  bool answer(match::HostRoom::Result r, std::string* error);
  // Hosting, and `peer` names a guest's channel (not the host's own link); else the refusal.
  bool from_guest(const std::string& peer, std::string* error) const;
  // The host's own messages, each into the room and its answers delivered.
  void pump();
  // With autoplay, the seat's move in the view held (once per view).
  void play_for_seat();
  // Joined: a move the host has not answered for kAnswerWaitSeconds (its view was lost) makes
  // the link ask for the whole view, again after as long while none comes.
  void ask_again_if_unanswered(double now_s);
  double unanswered_since_ = -1;  // the frame clock when the wait was first seen (-1: none)

  std::unique_ptr<match::HostRoom> room_;
  std::unique_ptr<match::GuestLink> link_;
  bool hello_sent_ = false;
  std::vector<std::string> to_room_;  // hosting: the host's link's messages not yet received
  std::vector<Outgoing> outbox_;
  // The room's clock (its timers, the bots' pace, the rate limit): the frame clock's advance
  // times clock_scale_, plus what tick() ran while no frame came (not counted twice when the
  // next frame's clock has jumped over that time).
  void advance_clock(double frame_s);
  double now_s_ = 0;
  double frame_s_ = -1;  // the frame clock update() was last given (-1: none yet)
  double ticked_s_ = 0;  // tick()'s time since that frame
  double clock_scale_ = 1;
  std::unique_ptr<Bot> autoplay_;
  bool autoplay_until_trade_ = false;
  size_t autoplayed_at_ = static_cast<size_t>(-1);  // actions_applied of the last move made
  std::string invite_link_, invite_qr_, connection_;
  RoomCodes codes_;
  int host_seat_ = -1;  // hosting: the seat this page plays
  HostAway host_away_ = HostAway::No;
  std::string rejoin_token_;  // a guest: the token of the last `room` that gave it a seat
};

// The end screen's fair-play line from `link`'s check of the host's reveal: "Checking the
// game..." until it arrives, then "Verified: ..." or "Not verified: <the first difference>".
void show_fair_play(const match::GuestLink& link, EndScreenState* end);

}  // namespace catan::ui
