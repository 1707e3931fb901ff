// GuestLink: see guest_link.h.
#include "match/guest_link.h"

#include <variant>

#include "match/refuse.h"

namespace catan::match {

void GuestLink::hello(const std::string& name, int seat, const std::string& token) {
  send_(wire::encode_guest(wire::Hello{name, seat, token, nonce_}));
}

void GuestLink::say(const std::string& text) {
  send_(wire::encode_guest(wire::Chat{text}));
}

void GuestLink::take_back_control() {
  send_(wire::encode_guest(wire::Back{}));
}

void GuestLink::resync() {
  send_(wire::encode_guest(wire::Resync{}));
}

// The fair seed first (the secret, this page's nonce, the seeds), then the views' replay.
VerifyResult GuestLink::check_reveal(const wire::Reveal& reveal) const {
  if (commitment_changed_)
    return {false, "the host changed its commitment to the seeds during the room"};
  const bool hidden = room_->config.options.visibility != Visibility::Revealed;
  const std::string unfair =
      check_fair_seed(commitment_, reveal.secret, room_->nonces, room_->seat, nonce_, reveal.seeds,
                      room_->config.seeds.board, hidden);
  if (!unfair.empty()) return {false, unfair};
  return verify_game(room_->config, room_->seat, reveal, record_);
}

bool GuestLink::receive(std::string_view text, std::string* error) {
  auto msg = wire::parse_host(text, error);
  if (!msg) return false;
  if (auto* room = std::get_if<wire::Room>(&*msg)) {
    const bool same_seat = match_ && room_ && room_->seat == room->seat;
    if (commitment_.empty()) commitment_ = room->commitment;
    commitment_changed_ = commitment_changed_ || room->commitment != commitment_;
    // The start changes the config: the seats nobody took are bots, the taken ones named.
    const bool same_match = same_seat && room_->started == room->started;
    room_ = std::move(*room);
    if (!same_seat) record_ = {};  // the record is of one seat's views
    if (!same_match) {
      // The seat's moves go to the host as `act`, chosen in the view held.
      match_ = std::make_unique<ViewMatch>(
          room_->config, room_->seat, [this](const Action& a, std::string*) {
            send_(wire::encode_guest(wire::Act{a, views_.view().actions_applied}));
            awaiting_ = true;
            return true;
          },
          [this] { take_back_control(); });
      if (views_.has_view()) match_->update(views_.view());
    }
    return true;
  }
  if (const auto* u = std::get_if<wire::ViewUpdate>(&*msg)) {
    if (!views_.apply(*u, error)) {
      resync();
      return false;
    }
    refusal_.clear();
    awaiting_ = false;
    record_.add(views_.view());
    if (match_) match_->update(views_.view());
    return true;
  }
  if (const auto* r = std::get_if<wire::Refused>(&*msg)) {
    refusal_ = r->reason;
    awaiting_ = false;
    return true;
  }
  if (const auto* reveal = std::get_if<wire::Reveal>(&*msg)) {
    if (!room_) return refuse(error, "a reveal before the room");
    if (verification_) return refuse(error, "the game was revealed already");
    verification_ = check_reveal(*reveal);
    return true;
  }
  if (chat_.size() == kMaxChatLines) chat_.erase(chat_.begin());
  chat_.push_back(std::get<wire::ChatLine>(*msg));
  ++chat_total_;
  return true;
}

}  // namespace catan::match
