// RoomPlay: see room_play.h.
#include "frontend/room_play.h"

#include <algorithm>
#include <utility>

#include "match/fair_seed.h"
#include "match/refuse.h"

namespace catan::ui {

namespace {
// The host's own link as a peer of its room: no data channel gives an empty id.
const std::string kHostPeer;
}  // namespace

bool RoomPlay::host(const match::MatchConfig& config, std::string* error, int host_seat) {
  int seat = host_seat;
  for (int s = config.options.players - 1; s >= 0 && host_seat < 0; --s)
    if (config.seats[static_cast<size_t>(s)].kind == match::SeatKind::Human) seat = s;
  if (seat < 0 || seat >= config.options.players ||
      config.seats[static_cast<size_t>(seat)].kind != match::SeatKind::Human)
    return match::refuse(error, "a room needs a human seat for the host");
  close();
  room_ = std::make_unique<match::HostRoom>(config);
  host_seat_ = seat;
  link_ = std::make_unique<match::GuestLink>(
      [this](const std::string& text) { to_room_.push_back(text); });
  const std::string& name = config.seats[static_cast<size_t>(seat)].name;
  // The guests see this name: "You" (the form's default) would name the host to each of them.
  const bool plain = name.empty() || name == "You" || name.size() > match::wire::kMaxNameText;
  link_->hello(plain ? "Host" : name, seat, "");
  hello_sent_ = true;
  pump();
  return true;
}

bool RoomPlay::start(std::string* error) {
  if (!room_) return match::refuse(error, "no room is hosted here");
  const bool ok = answer(room_->start(), error);
  pump();
  return ok;
}

void RoomPlay::connect(const std::string& token, const std::string& nonce) {
  close();
  link_ = std::make_unique<match::GuestLink>(
      [this](const std::string& text) {
        outbox_.push_back({"", text});
      },
      match::valid_nonce(nonce) ? nonce : match::fresh_nonce());
  if (token.empty()) return;
  link_->hello("", -1, token);  // the host knows the seat's name
  hello_sent_ = true;
}

bool RoomPlay::join(const std::string& name, int seat, std::string* error) {
  if (!link_ || room_) return match::refuse(error, "not connected to a host");
  if (hello_sent_) return match::refuse(error, "already joined");
  link_->hello(name, seat, "");
  hello_sent_ = true;
  return true;
}

void RoomPlay::join(const std::string& name, int seat, const std::string& token) {
  connect("");
  link_->hello(name, seat, token);
  hello_sent_ = true;
}

void RoomPlay::close() {
  room_.reset();
  link_.reset();
  hello_sent_ = false;
  to_room_.clear();
  outbox_.clear();
  now_s_ = 0;
  frame_s_ = -1;
  ticked_s_ = 0;
  unanswered_since_ = -1;
  autoplayed_at_ = static_cast<size_t>(-1);
  invite_link_.clear();
  invite_qr_.clear();
  connection_.clear();
  codes_ = RoomCodes{};
  host_seat_ = -1;
  host_away_ = HostAway::No;
  rejoin_token_.clear();
}

bool RoomPlay::started() const {
  if (room_) return room_->started();
  return link_ && link_->room() && link_->room()->started;
}

void RoomPlay::set_autoplay_until_trade() {
  set_autoplay(true);
  autoplay_until_trade_ = true;
}

void RoomPlay::set_autoplay(bool on) {
  autoplay_until_trade_ = false;
  if (!on) {
    autoplay_.reset();
    return;
  }
  if (autoplay_) return;
  AiConfig c;
  c.level = AiLevel::Normal;
  c.seed = 0x5eed;  // the bot's own random numbers: a test replays the same choices
  autoplay_ = make_bot(c);
}

void RoomPlay::set_invite(std::string link, std::string qr) {
  invite_link_ = std::move(link);
  invite_qr_ = std::move(qr);
}

bool RoomPlay::answer(match::HostRoom::Result r, std::string* error) {
  const bool ok = r.ok;
  if (!ok && error) *error = r.error;
  deliver(std::move(r));
  return ok;
}

bool RoomPlay::from_guest(const std::string& peer, std::string* error) const {
  if (!room_) return match::refuse(error, "no room is hosted here");
  if (peer == kHostPeer) return match::refuse(error, "a guest's peer id is not empty");
  return true;
}

bool RoomPlay::peer_connected(const std::string& peer, std::string* error) {
  return from_guest(peer, error) && answer(room_->connect(peer), error);
}

bool RoomPlay::peer_message(const std::string& peer, std::string_view text, std::string* error) {
  if (!from_guest(peer, error)) return false;
  const bool ok = answer(room_->receive(peer, text, now_s_), error);
  pump();
  return ok;
}

bool RoomPlay::peer_left(const std::string& peer, std::string* error) {
  if (!from_guest(peer, error)) return false;
  const bool ok = answer(room_->leave(peer), error);
  pump();
  return ok;
}

bool RoomPlay::host_message(std::string_view text, std::string* error) {
  if (!link_ || room_) return match::refuse(error, "no room is joined here");
  if (!link_->receive(text, error)) return false;
  const auto& room = link_->room();
  if (room && room->seat >= 0 && !room->token.empty()) rejoin_token_ = room->token;
  return true;
}

void RoomPlay::advance_clock(double frame_s) {
  const double since = frame_s_ < 0 ? 0 : std::max(0.0, frame_s - frame_s_);
  frame_s_ = frame_s;
  now_s_ += std::max(0.0, since - ticked_s_) * clock_scale_;
  ticked_s_ = 0;
}

void RoomPlay::tick(double dt_s, double slice_ms) {
  if (!room_) return;
  const double dt = std::clamp(dt_s, 0.0, 5.0);  // a tab frozen for longer loses the rest
  ticked_s_ += dt;
  now_s_ += dt * clock_scale_;
  pump();
  deliver(room_->update(now_s_, slice_ms));
  pump();
}

void RoomPlay::set_clock_scale(double scale) {
  clock_scale_ = std::clamp(scale, 1.0, 20.0);
}

void RoomPlay::update(double now_s, double slice_ms) {
  if (room_) {
    advance_clock(now_s);
    pump();  // the host's moves made since the last frame
    deliver(room_->update(now_s_, slice_ms));
    pump();
  }
  // While the host is away there is nobody to ask; the rejoin brings the whole view.
  if (!room_ && host_away_ == HostAway::No) ask_again_if_unanswered(now_s);
  play_for_seat();
  pump();
}

void RoomPlay::ask_again_if_unanswered(double now_s) {
  if (!link_ || !link_->awaiting_answer()) {
    unanswered_since_ = -1;
  } else if (unanswered_since_ < 0) {
    unanswered_since_ = now_s;
  } else if (now_s - unanswered_since_ >= kAnswerWaitSeconds) {
    link_->resync();
    unanswered_since_ = now_s;
  }
}

void RoomPlay::play_for_seat() {
  match::ViewMatch* m = match();
  if (!autoplay_ || !m || m->viewer() < 0 || host_away_ != HostAway::No) return;
  const std::vector<Action> legal = m->legal_actions();
  if (legal.empty() || m->actions_applied() == autoplayed_at_) return;
  const GameState& v = m->view();
  if (autoplay_until_trade_ && v.phase == Phase::Main && v.current == m->viewer() &&
      total(v.players[m->viewer()].resources) > 0) {
    set_autoplay(false);
    return;
  }
  // The seat's own view alone: its observation and the events as it saw them.
  Action a = autoplay_->decide(m->observation(), m->visible_events());
  if (std::find(legal.begin(), legal.end(), a) == legal.end()) a = legal.front();
  autoplayed_at_ = m->actions_applied();
  m->submit(a);
}

std::vector<RoomPlay::Outgoing> RoomPlay::take_outbox() {
  return std::exchange(outbox_, {});
}

void RoomPlay::deliver(match::HostRoom::Result r) {
  for (match::HostRoom::Outgoing& m : r.out) {
    if (m.peer != kHostPeer) {
      outbox_.push_back({std::move(m.peer), std::move(m.text)});
      continue;
    }
    // The room's own messages: a refusal of the host's move shows as the link's refusal().
    std::string ignored;
    link_->receive(m.text, &ignored);
  }
}

void RoomPlay::pump() {
  // A link answers a view it cannot apply with a resync, whose whole view it can: this ends.
  while (room_ && !to_room_.empty()) {
    const std::string text = std::exchange(to_room_.front(), {});
    to_room_.erase(to_room_.begin());
    deliver(room_->receive(kHostPeer, text, now_s_));
  }
}

// ------------------------------------------------------------------ the host's reload
std::string RoomPlay::snapshot() const {
  return room_ ? room_->snapshot(host_seat_) : std::string();
}

bool RoomPlay::game_over() const {
  return room_ && room_->started() && room_->game().state().phase == Phase::GameOver;
}

bool RoomPlay::resume(std::string_view snapshot, std::string* error) {
  int seat = -1;
  std::unique_ptr<match::HostRoom> room = match::HostRoom::restore(snapshot, &seat, error);
  if (!room) return false;
  const std::string token = room->seat_token(seat);
  const std::string nonce = room->seat_nonce(seat);
  close();
  room_ = std::move(room);
  host_seat_ = seat;
  // The seat's own nonce: the host's page checks the reveal at the end as before the reload.
  link_ = std::make_unique<match::GuestLink>(
      [this](const std::string& text) { to_room_.push_back(text); }, nonce);
  link_->hello("", seat, token);
  hello_sent_ = true;
  pump();
  return true;
}

bool RoomPlay::say(std::string_view typed, std::string* error) {
  if (!link_ || !hello_sent_) return match::refuse(error, "join the room to chat");
  const std::string text = match::wire::plain_chat_text(typed);
  if (text.empty()) return match::refuse(error, "nothing to send");
  link_->say(text);
  pump();
  return true;
}

bool RoomPlay::rejoin(std::string* error) {
  if (room_ || !link_) return match::refuse(error, "no room is joined here");
  if (rejoin_token_.empty()) return match::refuse(error, "no seat to take back");
  // What waits for the old channel (a move, a request for the view) is moot: the hello comes
  // first and the host answers it with the whole view.
  outbox_.clear();
  unanswered_since_ = -1;
  link_->hello("", -1, rejoin_token_);  // the host knows the seat's name
  hello_sent_ = true;
  autoplayed_at_ = static_cast<size_t>(-1);  // a move sent as the channel closed may be lost
  return true;
}

const std::vector<match::wire::ChatLine>& RoomPlay::chat() const {
  static const std::vector<match::wire::ChatLine> kNone;
  return link_ ? link_->chat() : kNone;
}

void show_fair_play(const match::GuestLink& link, EndScreenState* end) {
  const auto& v = link.verification();
  if (!v) {
    end->fair_play = FairPlay::Checking;
    end->fair_play_text = "Checking the game...";
  } else if (v->ok) {
    end->fair_play = FairPlay::Verified;
    end->fair_play_text = "Verified: every view matched the host's revealed game";
  } else {
    end->fair_play = FairPlay::NotVerified;
    end->fair_play_text = "Not verified: " + v->first_difference;
  }
}

}  // namespace catan::ui
