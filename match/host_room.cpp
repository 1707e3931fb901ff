// HostRoom: see host_room.h.
#include "match/host_room.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <variant>

#include "match/fair_seed.h"
#include "match/verify.h"

namespace catan::match {

HostRoom::HostRoom(const MatchConfig& config, uint64_t token_seed) : config_(config) {
  token_rng_.state = token_seed;
  secret_ = new_token() + new_token();
  commitment_ = commitment_of(secret_);
  const int n = config.options.players;
  seats_.resize(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s)
    seats_[static_cast<size_t>(s)].bot = config.seats[static_cast<size_t>(s)].kind == SeatKind::AI;
}

HostRoom::Result HostRoom::connect(const PeerId& peer) {
  if (room_full(peer))
    return refused(peer, "the room is full: at most " + std::to_string(kMaxPeers) + " connections");
  const auto [it, fresh] = peers_.try_emplace(peer);
  if (fresh) it->second.last_s = it->second.chat_last_s = now_s_;
  Result r;
  r.out.push_back({peer, room_for(it->second)});
  return r;
}

HostRoom::Result HostRoom::start() {
  if (started_) return Result{false, "the game has started already", {}};
  for (size_t s = 0; s < seats_.size(); ++s) {
    Seat& seat = seats_[s];
    SeatConfig& sc = config_.seats[s];
    if (seat.bot) continue;
    if (seat.token.empty()) {  // nobody took it: a Normal bot plays it
      seat.bot = true;
      sc.kind = SeatKind::AI;
      sc.ai = AiConfig{};
      sc.name.clear();
    } else if (!seat.name.empty()) {
      sc.name = seat.name;
    }
  }
  name_seats(&config_);
  // The seeds from the host's secret and the seated guests' nonces (docs/MULTIPLAYER.md,
  // "Fair play"): a visible island stays the one the lobby showed.
  nonces_.clear();
  for (const Seat& seat : seats_) nonces_.push_back(seat.bot ? "" : seat.nonce);
  config_.seeds = derive_seeds(secret_, nonces_, config_.seeds.board,
                               config_.options.visibility != Visibility::Revealed);
  session_.start(config_);
  started_ = true;
  Result r;
  send_room(r);
  send_views(r);
  return r;
}

bool HostRoom::seat_connected(int seat) const {
  return seat >= 0 && seat < static_cast<int>(seats_.size()) &&
         seats_[static_cast<size_t>(seat)].connected;
}

int HostRoom::seat_of(const PeerId& peer) const {
  const auto it = peers_.find(peer);
  return it == peers_.end() ? -1 : it->second.seat;
}

std::vector<wire::RoomSeat> HostRoom::seats() const {
  std::vector<wire::RoomSeat> out;
  for (size_t s = 0; s < seats_.size(); ++s) {
    const Seat& seat = seats_[s];
    const std::string& name = seat.name.empty() ? config_.seats[s].name : seat.name;
    out.push_back({name, seat.bot               ? wire::SeatStatus::Bot
                         : seat.token.empty() ? wire::SeatStatus::Open
                                              : wire::SeatStatus::Taken});
  }
  return out;
}

// A token bucket: kBurstMessages at once, refilled at kMessagesPerSecond.
bool HostRoom::take_message(Peer& p, double now_s) {
  if (now_s > p.last_s) {
    p.allowance = std::min(kBurstMessages, p.allowance + (now_s - p.last_s) * kMessagesPerSecond);
    p.last_s = now_s;
  }
  if (p.allowance < 1) return false;
  p.allowance -= 1;
  return true;
}

HostRoom::Result HostRoom::refused(const PeerId& peer, const std::string& why) const {
  Result r;
  r.ok = false;
  r.error = why;
  r.out.push_back({peer, wire::encode_refused(why)});
  return r;
}

bool HostRoom::room_full(const PeerId& peer) const {
  return peers_.size() >= kMaxPeers && peers_.find(peer) == peers_.end();
}

HostRoom::Result HostRoom::receive(const PeerId& peer, std::string_view text, double now_s) {
  now_s_ = std::max(now_s_, now_s);
  if (room_full(peer))
    return refused(peer, "the room is full: at most " + std::to_string(kMaxPeers) + " connections");
  const auto [it, fresh] = peers_.try_emplace(peer);
  Peer& p = it->second;
  if (fresh) p.last_s = p.chat_last_s = now_s_;
  if (!take_message(p, now_s_))
    return refused(peer, "too many messages: at most " +
                             std::to_string(static_cast<int>(kMessagesPerSecond)) + " a second");
  std::string error;
  const auto msg = wire::parse_guest(text, &error);
  if (!msg) return refused(peer, error);
  if (const auto* hello = std::get_if<wire::Hello>(&*msg)) return join(peer, *hello);
  if (!p.joined) return refused(peer, "say hello first");
  if (const auto* c = std::get_if<wire::Chat>(&*msg)) return chat(peer, *c);
  if (!started_) return refused(peer, "the game has not started");
  if (const auto* a = std::get_if<wire::Act>(&*msg)) return act(peer, *a);
  if (std::holds_alternative<wire::Back>(*msg)) {
    if (p.seat < 0) return refused(peer, "a spectator has no seat to take back");
    if (session_.on_autopilot(p.seat)) session_.take_back_control(p.seat);
    Result r;
    send_views(r);
    return r;
  }
  p.views.reset();  // resync: the next view is whole
  Result r;
  send_view(r, peer);
  return r;
}

std::string HostRoom::new_token() {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(token_rng_.next()),
                static_cast<unsigned long long>(token_rng_.next()));
  return buf;
}

void HostRoom::seat_peer(const PeerId& peer, int seat, const wire::Hello& hello) {
  const std::string& name = hello.name;
  Peer& p = peers_[peer];
  p.joined = true;
  p.seat = seat;
  p.name = name;
  p.views.reset();
  if (seat < 0) return;
  Seat& s = seats_[static_cast<size_t>(seat)];
  if (s.connected && s.peer != peer) peers_.erase(s.peer);  // the seat's old connection
  s.peer = peer;
  s.connected = true;
  if (!name.empty()) s.name = name;
  // A rejoin leaves an autopilot on: a page reopened, or reconnecting by itself, is not yet the
  // person back at the table; its "Take back control" (`back`) is (docs/RULES.md, timers).
  if (s.token.empty()) {
    s.token = new_token();
    if (!started_) s.nonce = hello.nonce;  // a rejoin keeps the nonce the seat was taken with
  }
}

HostRoom::Result HostRoom::join(const PeerId& peer, const wire::Hello& hello) {
  if (room_full(peer))
    return refused(peer, "the room is full: at most " + std::to_string(kMaxPeers) + " connections");
  if (peers_[peer].joined) return refused(peer, "already joined");
  const int n = static_cast<int>(seats_.size());
  int seat = -1;
  if (!hello.token.empty()) {
    for (int s = 0; s < n && seat < 0; ++s)
      if (seats_[static_cast<size_t>(s)].token == hello.token) seat = s;
    if (seat < 0) return refused(peer, "unknown rejoin token");
  } else if (hello.seat >= 0) {
    if (hello.seat >= n)
      return refused(peer, "there is no seat " + std::to_string(hello.seat) + " in this match");
    const Seat& s = seats_[static_cast<size_t>(hello.seat)];
    if (s.bot) return refused(peer, "seat " + std::to_string(hello.seat) + " is a bot's");
    if (!s.token.empty()) return refused(peer, "seat " + std::to_string(hello.seat) + " is taken");
    seat = hello.seat;
  } else {
    for (int s = 0; s < n && seat < 0; ++s)
      if (!seats_[static_cast<size_t>(s)].bot && seats_[static_cast<size_t>(s)].token.empty())
        seat = s;
  }
  seat_peer(peer, seat, hello);
  Result r;
  send_room(r);
  if (!started_) return r;  // the views begin at start()
  send_view(r, peer);
  if (session_.state().phase == Phase::GameOver) send_reveal(r, peer);
  return r;
}

HostRoom::Result HostRoom::leave(const PeerId& peer) {
  const auto it = peers_.find(peer);
  if (it == peers_.end()) return Result{false, "no such peer", {}};
  const int seat = it->second.seat;
  if (seat >= 0) seats_[static_cast<size_t>(seat)].connected = false;  // the token keeps it
  peers_.erase(it);
  Result r;
  send_room(r);
  return r;
}

HostRoom::Result HostRoom::act(const PeerId& peer, const wire::Act& a) {
  const int seat = peers_[peer].seat;
  if (seat < 0) return refused(peer, "a spectator cannot act");
  const size_t applied = session_.actions_applied();
  if (a.seen != applied)
    return refused(peer, "stale move: it was chosen after " + std::to_string(a.seen) +
                             " actions, and " + std::to_string(applied) + " are applied");
  const int m = session_.state().to_move();
  if (m < 0) return refused(peer, "the game is over");
  if (m != seat)
    return refused(peer, seats_[static_cast<size_t>(m)].bot
                             ? "it is the bot in seat " + std::to_string(m) + " to move"
                             : "it is seat " + std::to_string(m) + " to move, not seat " +
                                   std::to_string(seat));
  if (session_.handoff_pending()) session_.accept_handoff();  // one screen per seat
  std::string error;
  if (!session_.submit(a.action, &error)) return refused(peer, error);
  Result r;
  send_views(r);
  return r;
}

// A line to every joined connection, under the sender's seat and the seat's name (a rejoin's
// hello carries no name); a spectator's under its hello's. parse_guest has checked the text is
// plain; the chat bucket keeps one guest from filling everyone's chat.
HostRoom::Result HostRoom::chat(const PeerId& peer, const wire::Chat& c) {
  Peer& from = peers_[peer];
  if (now_s_ > from.chat_last_s) {
    from.chat_allowance =
        std::min(kChatBurst, from.chat_allowance + (now_s_ - from.chat_last_s) * kChatPerSecond);
    from.chat_last_s = now_s_;
  }
  if (from.chat_allowance < 1)
    return refused(peer, "too much chat: at most " + std::to_string(static_cast<int>(kChatBurst)) +
                             " lines at once, then one a second");
  from.chat_allowance -= 1;
  const std::string name =
      from.seat >= 0 ? seats()[static_cast<size_t>(from.seat)].name : from.name;
  const std::string line = wire::encode_chat_line({from.seat, name, c.text});
  Result r;
  for (const auto& [id, p] : peers_)
    if (p.joined) r.out.push_back({id, line});
  return r;
}

HostRoom::Result HostRoom::update(double now_s, double slice_ms) {
  now_s_ = std::max(now_s_, now_s);
  if (!started_) return {};
  session_.update(now_s_, slice_ms);
  if (session_.handoff_pending()) session_.accept_handoff();
  Result r;
  if (session_.actions_applied() != sent_at_) send_views(r);
  return r;
}

SeatView HostRoom::view_for(int seat) const {
  SeatView v = seat_view(session_.game(), seat, session_.config());
  for (int s = 0; s < kMaxPlayers; ++s) v.autopilot[s] = session_.on_autopilot(s);
  v.ai_thinking = session_.ai_thinking();
  v.time_left = session_.time_left();
  v.timed_out_seat = session_.timed_out_seat();
  v.timeout_moves = session_.timeout_moves();
  v.vp_timeline = session_.vp_timeline();
  return v;
}

std::string HostRoom::room_for(const Peer& p) const {
  const bool seated = p.joined && p.seat >= 0;
  return wire::encode_room({guest_config(config_), seats(), seated ? p.seat : -1,
                            seated ? seats_[static_cast<size_t>(p.seat)].token : "", started_,
                            commitment_, started_ ? nonces_ : std::vector<std::string>{}});
}

// To every connection, joined or still choosing: the seats changed.
void HostRoom::send_room(Result& r) const {
  for (const auto& [id, p] : peers_) r.out.push_back({id, room_for(p)});
}

void HostRoom::send_view(Result& r, const PeerId& peer) {
  Peer& p = peers_[peer];
  r.out.push_back({peer, p.views.encode(view_for(p.seat))});
}

void HostRoom::send_views(Result& r) {
  sent_at_ = session_.actions_applied();
  for (auto& [id, p] : peers_)
    if (p.joined) send_view(r, id);
  if (session_.state().phase != Phase::GameOver) return;
  for (auto& [id, p] : peers_)
    if (p.joined && !p.revealed) send_reveal(r, id);
}

wire::Reveal HostRoom::reveal() const {
  return wire::Reveal{session_.state().seeds, secret_, session_.game().history()};
}

// After the game only: the seeds decide every roll and card still to come.
void HostRoom::send_reveal(Result& r, const PeerId& peer) {
  peers_[peer].revealed = true;
  r.out.push_back({peer, wire::encode_reveal(reveal())});
}

}  // namespace catan::match
