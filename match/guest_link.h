// GuestLink: a guest's end of an online match (docs/MULTIPLAYER.md). It reads the host's
// messages (match/wire.h) into a ViewMatch the frontend draws like a local match, and turns
// the seat's moves into `act` messages. A view it cannot apply (one was missed) makes it ask
// for a resync. It keeps a digest of every view (match/verify.h) and, when the host reveals the
// game at its end, replays it and checks them: verification() is what the end screen shows.
//
//   GuestLink link([&](const std::string& text) { channel.send(text); });
//   link.hello("Ann", -1, saved_token);
//   link.receive(text, &error);                 // each message from the host
//   if (const ViewMatch* m = link.match()) draw(*m);
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/fair_seed.h"
#include "match/verify.h"
#include "match/view_match.h"
#include "match/wire.h"

namespace catan::match {

class GuestLink {
 public:
  using Send = std::function<void(const std::string& text)>;
  // `nonce`: this page's part of the seeds (match/fair_seed.h), sent with the hello.
  explicit GuestLink(Send send, std::string nonce = fresh_nonce())
      : send_(std::move(send)), nonce_(std::move(nonce)) {}

  void hello(const std::string& name, int seat, const std::string& token);
  // This page's part of the seeds: kept with the rejoin token, so that a reloaded page checks the
  // seeds at the end against the nonce its seat was taken with.
  const std::string& nonce() const { return nonce_; }
  void say(const std::string& text);
  // Asks for the whole view (the page may, after a long silence while it waits for its turn).
  void resync();
  // The seat is back from the autopilot (the host's clock put it there after missed turns).
  void take_back_control();
  // A message from the host. false + *error when it is refused (nothing changes).
  bool receive(std::string_view text, std::string* error);

  // The match once the room and a view have arrived; null before.
  ViewMatch* match() { return match_ && views_.has_view() ? match_.get() : nullptr; }
  const ViewMatch* match() const { return match_ && views_.has_view() ? match_.get() : nullptr; }
  const std::optional<wire::Room>& room() const { return room_; }
  // The last kMaxChatLines chat lines (a host cannot fill the page's memory), and how many
  // arrived in all (what a chat view counts its unread lines by).
  static constexpr size_t kMaxChatLines = 200;
  const std::vector<wire::ChatLine>& chat() const { return chat_; }
  // An `act` went and neither a view nor a refusal has come since. A view lost on the way (a
  // channel's fault) leaves a guest waiting for an answer that never comes: RoomPlay asks for
  // the whole view when this lasts.
  bool awaiting_answer() const { return awaiting_; }
  size_t chat_total() const { return chat_total_; }
  // The host's last refusal ("" when none since the last view).
  const std::string& refusal() const { return refusal_; }
  // The check of the views received against the host's reveal; nullopt until the reveal.
  const std::optional<VerifyResult>& verification() const { return verification_; }
  const VerifyRecord& record() const { return record_; }

 private:
  VerifyResult check_reveal(const wire::Reveal& reveal) const;

  Send send_;
  std::optional<wire::Room> room_;
  wire::ViewDecoder views_;
  std::unique_ptr<ViewMatch> match_;
  std::vector<wire::ChatLine> chat_;
  size_t chat_total_ = 0;
  std::string refusal_;
  VerifyRecord record_;
  std::string nonce_;
  std::string commitment_;  // the first room's; a host may not change it
  bool commitment_changed_ = false;
  bool awaiting_ = false;
  std::optional<VerifyResult> verification_;
};

}  // namespace catan::match
