// The online play protocol's messages (docs/MULTIPLAYER.md): JSON text, one message per data
// channel message, each with the format version "v" (kWireVersion) and its type "t". A message
// of another version is refused.
//
//   host -> guest   room     the guest_config() of the match, the seats, the guest's seat and token,
//                            whether the game has started (before: the lobby)
//                   view     the guest's SeatView, as a delta on the view it already holds
//                   refused  why the guest's last message changed nothing
//                   chat     a line of chat, with the sender's seat and name
//                   reveal   once the game is over: the seeds and every action (match/verify.h)
//   guest -> host   hello    name, wanted seat (-1: any open one), rejoin token ("" the first time)
//                   act      an action's string form and the actions_applied the guest saw
//                   chat     plain text, at most kMaxChatText bytes
//                   resync   "send me the whole view": the guest missed a view
//
// The host reads guest messages as hostile (parse_guest): size and depth caps, unknown keys,
// wrong types and out-of-range values are refused with a sentence, before anything changes.
// The guest reads host messages the same careful way (parse_host, ViewDecoder::apply).
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/action.h"
#include "engine/enum_names.h"
#include "match/config.h"
#include "match/view_match.h"

namespace catan::match::wire {

inline constexpr int kWireVersion = 1;
// A guest's message is a few short fields: anything longer or deeper is refused unread.
inline constexpr size_t kMaxGuestMessage = 4096;
inline constexpr int kMaxGuestDepth = 4;
// A host's message carries at most a whole view (every event of a long game).
inline constexpr size_t kMaxHostMessage = 1024 * 1024;
inline constexpr int kMaxHostDepth = 8;
inline constexpr size_t kMaxChatText = 280;
inline constexpr size_t kMaxNameText = 40;
inline constexpr size_t kMaxTokenText = 64;

// Plain text (chat lines, names) has no control characters (C0, DEL, C1) and none of the
// invisible marks that reorder or hide the text around them (bidirectional controls, zero-width
// characters): a line cannot pass itself off as another. The first such character's
// description ("control character U+0007"), or "" when `text` is plain. `text` is UTF-8 (the
// JSON parser checks); a byte that is not is named too.
std::string plain_text_problem(std::string_view text);
// A chat line as typed, made plain: those characters and any invalid UTF-8 removed, spaces at
// both ends trimmed, cut to kMaxChatText bytes at a character boundary. "" when nothing is left.
std::string plain_chat_text(std::string_view typed);

// ----- Guest -> host -----------------------------------------------------------------------

struct Hello {
  std::string name;
  int seat = -1;      // the seat wanted; -1: any open seat
  std::string token;  // the rejoin token the host gave in `room`; "" for a first join
  std::string nonce;  // the guest's part of the seeds (match/fair_seed.h): 32 hex digits or ""
};
struct Act {
  Action action;
  uint64_t seen = 0;  // actions_applied of the view the guest chose the action in
};
struct Chat {
  std::string text;
};
struct Resync {};
struct Back {};  // the guest is back: its seat leaves the autopilot
using GuestMessage = std::variant<Hello, Act, Chat, Resync, Back>;

std::string encode_guest(const GuestMessage& m);
// nullopt and *error (a sentence) on anything but a well-formed guest message of this version.
std::optional<GuestMessage> parse_guest(std::string_view text, std::string* error);

// ----- Host -> guest -----------------------------------------------------------------------

enum class SeatStatus : uint8_t { Open, Taken, Bot };
inline constexpr EnumNames<SeatStatus, 3> kSeatStatusNames{{"open", "taken", "bot"}};
struct RoomSeat {
  std::string name;
  SeatStatus status = SeatStatus::Open;
  bool operator==(const RoomSeat&) const = default;
};
struct Room {
  MatchConfig config;  // guest_config(): no play seed, no board seed while the island is hidden
  std::vector<RoomSeat> seats;
  int seat = -1;      // the receiver's seat, -1 for a spectator
  std::string token;  // the receiver's rejoin token ("" for a spectator)
  bool started = false;  // false: the lobby, where guests take seats before the game
  std::string commitment;           // SHA-256 of the host's secret, 64 hex digits (fair_seed.h)
  std::vector<std::string> nonces;  // once started: each seat's part of the seeds ("" for none)
};
// A view message, its envelope checked; ViewDecoder::apply checks and applies the body.
struct ViewUpdate {
  uint64_t seq = 0;   // this view's number, counted per guest from 1
  uint64_t base = 0;  // the view it is a delta on; 0: a whole view
  nlohmann::json body;
};
struct Refused {
  std::string reason;
};
struct ChatLine {
  int seat = -1;  // -1: a spectator
  std::string name;
  std::string text;
};
// Once the game is over: everything a replay needs (the game is exactly options, seeds and
// actions), so that each guest checks the views it received (match/verify.h).
struct Reveal {
  Seeds seeds;        // the board seed and the play seed
  std::string secret;  // the host's secret, whose SHA-256 the room announced (fair_seed.h)
  std::vector<Action> actions;
};
using HostMessage = std::variant<Room, ViewUpdate, Refused, ChatLine, Reveal>;

std::string encode_room(const Room& room);
std::string encode_refused(const std::string& reason);
std::string encode_chat_line(const ChatLine& line);
std::string encode_reveal(const Reveal& reveal);
std::optional<HostMessage> parse_host(std::string_view text, std::string* error);

// The parts of a view body (docs/MULTIPLAYER.md, "The view") as the host writes them: the
// canonical form of a SeatView, which match/verify.cpp digests.
nlohmann::json view_body_parts(const SeatView& v);

// The host's side of one guest's views: each view as a delta on the last one sent (the
// observation's parts that changed, the events and VP timeline rows past the common prefix).
// After reset() (a resync, a rejoin) the next view is whole.
class ViewEncoder {
 public:
  std::string encode(const SeatView& v);
  void reset() { sent_.reset(); }
  uint64_t seq() const { return seq_; }

 private:
  struct Sent {
    nlohmann::json parts;
    EventLog events;
    VpTimeline timeline;
  };
  uint64_t seq_ = 0;
  std::optional<Sent> sent_;
};

// The guest's side: the SeatView rebuilt from the updates. A delta whose base is not the
// view held (a view was missed) or whose body does not decode is refused and changes nothing;
// the guest then sends `resync`.
class ViewDecoder {
 public:
  bool apply(const ViewUpdate& u, std::string* error);
  bool has_view() const { return seq_ != 0; }
  uint64_t seq() const { return seq_; }
  const SeatView& view() const { return view_; }

 private:
  uint64_t seq_ = 0;
  nlohmann::json parts_;
  SeatView view_;
};

}  // namespace catan::match::wire
