// Fair play: see verify.h.
#include "match/verify.h"

#include <utility>

#include "engine/game.h"
#include "engine/hash.h"

namespace catan::match {

namespace {

void feed(Fnv1a& h, const std::string& text) {
  h.u64(text.size());
  for (const char c : text) h.byte(static_cast<uint8_t>(c));
}

// A mismatch's wording: the parts of the view that differ.
std::string parts_differing(const ViewDigest& got, const ViewDigest& want) {
  std::string out;
  const auto add = [&](bool differs, const char* what) {
    if (!differs) return;
    if (!out.empty()) out += ", ";
    out += what;
  };
  add(got.observation != want.observation, "the board, hands and turn");
  add(got.events != want.events, "the events");
  add(got.legal != want.legal, "the legal actions");
  return out;
}

// "after action 38 (roll)", or "before the first action".
std::string position(size_t applied, const std::vector<Action>& actions) {
  if (applied == 0) return "before the first action";
  std::string out = "after action " + std::to_string(applied);
  if (applied <= actions.size()) out += " (" + actions[applied - 1].to_string() + ")";
  return out;
}

VerifyResult differs(std::string why) { return VerifyResult{false, std::move(why)}; }

}  // namespace

ViewDigest digest_view(const SeatView& v) {
  nlohmann::json parts = wire::view_body_parts(v);
  // What only the host's clock and bots decide, and the legal actions (digested apart).
  for (const char* k : {"legal", "status", "clock", "timeouts"}) parts.erase(k);
  ViewDigest d;
  d.actions_applied = v.actions_applied;
  Fnv1a obs;
  feed(obs, parts.dump());
  d.observation = obs.value();
  Fnv1a ev;
  ev.u64(v.events.size());
  for (const Event& e : v.events) {
    ev.u8(static_cast<uint64_t>(e.type));
    ev.i8s(e.seat, e.other, e.arg, e.arg2);
    ev.arr8(e.a);
    ev.arr8(e.b);
  }
  d.events = ev.value();
  Fnv1a legal;
  legal.u64(v.legal.size());
  for (const Action& a : v.legal) legal.u64(action_id(a));
  d.legal = legal.value();
  return d;
}

void VerifyRecord::add(const SeatView& v) {
  ViewDigest d = digest_view(v);
  if (views.empty() || !(views.back() == d)) views.push_back(d);
}

VerifyResult verify_game(const MatchConfig& config, int seat, const wire::Reveal& reveal,
                         const VerifyRecord& record) {
  if (config.seeds.board != 0 && config.seeds.board != reveal.seeds.board)
    return differs("the revealed board seed " + std::to_string(reveal.seeds.board) +
                   " is not the room's, " + std::to_string(config.seeds.board));
  if (record.views.empty()) return differs("no view was received to check");
  const std::vector<Action>& actions = reveal.actions;
  Game replay(config.options, reveal.seeds);
  size_t checked = 0;  // views that matched
  for (const ViewDigest& got : record.views) {
    const size_t at = static_cast<size_t>(got.actions_applied);
    if (at < replay.history().size())
      return differs("the view received " + position(at, actions) + " came after one " +
                     position(replay.history().size(), actions));
    if (at > actions.size())
      return differs("a view was received " + position(at, {}) + ", but the reveal holds " +
                     std::to_string(actions.size()) + " actions");
    while (replay.history().size() < at) {
      const size_t k = replay.history().size();
      std::string why;
      const bool applied = replay.apply(actions[k], &why);
      // An illegal action under forfeit_on_illegal ends the game and stays in the history.
      if (!applied && replay.history().size() == k)
        return differs("the revealed action " + std::to_string(k + 1) + " (" +
                       actions[k].to_string() + ") does not apply in the replay: " + why);
    }
    const ViewDigest want = digest_view(seat_view(replay, seat, config));
    if (!(got == want))
      return differs("the view received " + position(at, actions) + " differs from the replay in " +
                     parts_differing(got, want) +
                     (checked == 0 ? std::string()
                                   : "; the view before it, " +
                                         position(record.views[checked - 1].actions_applied,
                                                  actions) +
                                         ", matched"));
    ++checked;
  }
  if (replay.history().size() != actions.size())
    return differs("the last view received was " + position(replay.history().size(), actions) +
                   ", but the reveal holds " + std::to_string(actions.size()) + " actions");
  if (replay.state().phase != Phase::GameOver)
    return differs("the game is not over in the last view received, " +
                   position(replay.history().size(), actions));
  return VerifyResult{true, ""};
}

}  // namespace catan::match
