// libFuzzer target: random action sequences. The fuzzer's bytes pick the options and seed,
// then at every step either one of the legal actions or an arbitrary (mostly illegal)
// action built from raw bytes. Properties checked after every step:
//  - check_invariants(state) == "";
//  - legal_actions is non-empty until the game is over, every listed action is_legal,
//    applies, and its string form parses back to itself;
//  - why_not(a) and is_legal(a) agree with apply(a), and every refusal has a code and a text;
//  - an illegal action changes nothing in classic (forfeit_on_illegal off), and ends the
//    game with the offender forfeited in arena;
//  - observe() and the event redaction/description never crash.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"
#include "engine/observation.h"
#include "engine/options.h"
#include "engine/rules.h"
#include "engine/state.h"
#include "tests/engine/state_hash.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;

namespace {

GameOptions pick_options(FuzzedDataProvider& in) {
  GameOptions o = in.ConsumeBool() ? arena_options() : classic_options();
  if (o.preset == Preset::Classic) {
    o.players = in.ConsumeIntegralInRange<uint8_t>(2, 4);
    o.board = static_cast<LayoutKind>(in.ConsumeIntegralInRange<int>(0, 3));
    set_mode(o, static_cast<Mode>(in.ConsumeIntegralInRange<int>(0, 3)),
             in.ConsumeIntegralInRange<int>(3, 20));
    o.dice = in.ConsumeBool() ? DiceMode::Balanced : DiceMode::Random;
    o.visibility = static_cast<Visibility>(in.ConsumeIntegralInRange<int>(0, 2));
    if (in.ConsumeBool()) o.discard = DiscardMode::AutoLargest;
  }
  return o;
}

Action arbitrary_action(FuzzedDataProvider& in) {
  Action a;
  a.type = static_cast<ActionType>(in.ConsumeIntegralInRange<int>(0, kNumActionTypes - 1));
  // Mostly plausible ids (so some are legal), sometimes anything.
  const bool wild = in.ConsumeIntegralInRange<int>(0, 7) == 0;
  a.arg = wild ? in.ConsumeIntegral<int8_t>() : in.ConsumeIntegralInRange<int8_t>(-1, 72);
  a.arg2 = wild ? in.ConsumeIntegral<int8_t>() : in.ConsumeIntegralInRange<int8_t>(-1, 5);
  for (int i = 0; i < kNumResources; ++i) {
    a.give[i] = wild ? in.ConsumeIntegral<uint8_t>() : in.ConsumeIntegralInRange<uint8_t>(0, 2);
    a.get[i] = wild ? in.ConsumeIntegral<uint8_t>() : in.ConsumeIntegralInRange<uint8_t>(0, 2);
  }
  return a;
}

void check_events(const EventLog& events, const GameState& s) {
  static const std::string names[4] = {"Red", "Blue", "White", "Orange"};
  for (const Event& e : events) {
    for (int v = -1; v < s.num_players; ++v) (void)describe(redact(e, v), names);
    (void)describe(redact(e, kAllSeats), names);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const GameOptions o = pick_options(in);
  std::string error;
  if (!validate(o, &error)) return 0;
  GameState s = new_game(o, in.ConsumeIntegral<uint64_t>());
  {
    const std::string inv = check_invariants(s);
    FUZZ_CHECK(inv.empty(), "new_game violates an invariant: " + inv);
  }

  std::vector<Action> legal;
  EventLog events;
  for (int step = 0; step < 4000 && in.remaining_bytes() > 0; ++step) {
    if (s.phase == Phase::GameOver) {
      FUZZ_CHECK(s.to_move() == -1, "to_move() in a finished game");
      legal_actions(s, legal);
      FUZZ_CHECK(legal.empty(), "legal actions in a finished game");
      break;
    }
    const int mover = s.to_move();
    FUZZ_CHECK(mover >= 0 && mover < s.num_players, "to_move out of range in a running game");
    legal_actions(s, legal);
    FUZZ_CHECK(!legal.empty(), std::string("no legal action in phase ") + phase_name(s.phase));

    const uint8_t op = in.ConsumeIntegral<uint8_t>();
    events.clear();
    if (op < 208) {
      // A legal action.
      const Action a = legal[in.ConsumeIntegralInRange<size_t>(0, legal.size() - 1)];
      const std::string text = a.to_string();
      std::string why;
      const auto parsed = Action::parse(text, &why);
      FUZZ_CHECK(parsed && *parsed == a, "legal action does not round-trip: " + text + " " + why);
      FUZZ_CHECK(is_legal(s, a, &why), "listed action " + text + " is not legal: " + why);
      FUZZ_CHECK(why_not(s, a).ok(), "why_not refuses listed action " + text);
      FUZZ_CHECK(apply(s, a, &why, &events), "listed action " + text + " rejected: " + why);
    } else {
      // An arbitrary action, usually illegal.
      const Action a = op < 232 ? arbitrary_action(in) : [&] {
        // Or a legal one with one field perturbed.
        Action b = legal[in.ConsumeIntegralInRange<size_t>(0, legal.size() - 1)];
        switch (in.ConsumeIntegralInRange<int>(0, 3)) {
          case 0:
            b.arg = in.ConsumeIntegral<int8_t>();
            break;
          case 1:
            b.arg2 = in.ConsumeIntegral<int8_t>();
            break;
          case 2:
            b.give[in.ConsumeIntegralInRange<int>(0, 4)] += 1;
            break;
          default:
            b.get[in.ConsumeIntegralInRange<int>(0, 4)] += 1;
            break;
        }
        return b;
      }();
      std::string why, err;
      const bool legal_now = is_legal(s, a, &why);
      const Verdict verdict = why_not(s, a);
      FUZZ_CHECK(verdict.ok() == legal_now && verdict.text == why,
                 "why_not (" + std::string(reason_name(verdict.reason)) + ", " + verdict.text +
                     ") disagrees with is_legal (" + why + ") on " + a.to_string());
      FUZZ_CHECK(legal_now || (verdict.reason != Reason::Ok && !verdict.text.empty()),
                 "a refusal without a reason or a text: " + a.to_string());
      const GameState before = s;
      const bool ok = apply(s, a, &err, &events);
      FUZZ_CHECK(ok == legal_now, "is_legal (" + std::to_string(legal_now) + ", " + why +
                                      ") disagrees with apply (" + std::to_string(ok) + ", " + err +
                                      ") on " + a.to_string());
      if (!ok) {
        FUZZ_CHECK(!err.empty(), "illegal action without an error: " + a.to_string());
        if (!o.forfeit_on_illegal) {
          FUZZ_CHECK(s == before, "an illegal action changed the state: " + a.to_string());
          FUZZ_CHECK(testing_support::state_hash(s) == testing_support::state_hash(before),
                     "an illegal action changed the hashed state: " + a.to_string());
        } else {
          FUZZ_CHECK(s.phase == Phase::GameOver, "arena: an illegal action did not end the game");
          FUZZ_CHECK(s.players[mover].forfeited, "arena: the offender is not marked forfeited");
          FUZZ_CHECK(s.winner != mover, "arena: the offender won");
        }
      }
    }
    const std::string inv = check_invariants(s);
    FUZZ_CHECK(inv.empty(), "invariant violated after step " + std::to_string(step) + ": " + inv);
    check_events(events, s);
    if ((step & 15) == 0) {
      for (int seat = -1; seat < s.num_players; ++seat) {
        const Observation ob = observe(s, seat);
        FUZZ_CHECK(ob.seat == seat, "observation for the wrong seat");
      }
    }
  }
  return 0;
}
