// The AI's analysis toolkit: personalities as numbers, skills, card counting, the evaluation,
// the policies and determinization. The AI levels are built from it, and the coach (engine/coach)
// analyses with the same pieces. Everything here works on a GameState that is either an
// observation's view (other hands blanked) or a determinized copy (hidden parts sampled by the
// bot itself); never the true state.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "engine/ai/ai.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace catan::ai {

// Personality as numbers: what the AI values and how it negotiates (docs/AI.md,
// personalities). Each personality is one row of these (eval.cpp).
struct Taste {
  double offer_rate = 0.5;      // chance per turn to make an offer when it helps
  int max_offers = 1;           // own offers per turn (at most one: each reaches every human)
  double generosity = 0.0;      // offers at lower estimated odds of acceptance (0 to 1)
  double accept_margin = 0.05;  // min gain (hand value) to accept an offer
  double counter_rate = 0.0;    // chance to counter instead of declining (classic)
  double robber_leader = 1.0;   // weight on hurting the VP leader with robber/knight
  double robber_cards = 0.3;    // weight on hitting big hands (steal value)
  double knight_eager = 1.0;    // how readily knights are played
  double w_road = 1.0, w_settlement = 1.0, w_city = 1.0, w_dev = 1.0;
  std::array<double, kNumResources> res_bias{1, 1, 1, 1, 1};  // setup / production taste
};
// A personality's taste plus the evaluation's tuning.
struct Params : Taste {
  // Evaluation term multipliers: production, diversity, expansion, hand, development
  // card, road race, army race, city target, over-7 penalty, knights in hand.
  std::array<double, 10> tune{1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
};
Params personality_params(Personality p);
// The evaluation refinements of the strong levels (Hard and Expert, and Hard's opponents in
// Expert's playouts), tuned in the arena.
void strengthen(Params& p);
// Expert's evaluation leans toward production, cities and the wheat/ore economy, on top of
// whatever personality it has. Tuned through a fast proxy: a Hard-level bot with these
// parameters against 3 Hard (docs/AI.md).
void expert_tilt(Params& p);

// How well a level plays.
struct Skill {
  double noise = 0.0;      // score noise (Easy)
  int depth = 1;           // own-turn lookahead (Hard: several builds/trades)
  bool tracker = false;    // card counting from events
  bool leader = false;     // robber/knight aimed at the leader
  bool port_aware = true;  // bank trades at port rates through the search
  double trade_scale = 1;  // how readily it offers
  bool offers = true;
  bool smart_offers = false;  // Expert: offers chosen by estimated acceptance x gain
};
Skill level_skill(AiLevel l);

// Expected hands of every seat as far as `me` can tell (card counting).
struct Beliefs {
  std::array<std::array<double, kNumResources>, kMaxPlayers> hand{};
};
// Replays the visible events into expected hand compositions, then reconciles them with
// the observed hand sizes and the public bank (sum of the other hands per resource).
Beliefs count_cards(const Observation& obs, const EventLog& events);

// The context a policy decides in.
struct Ctx {
  const GameState* s = nullptr;
  int me = 0;
  std::array<int, kMaxPlayers> hand_size{};  // true sizes (the view blanks other hands)
  const Beliefs* beliefs = nullptr;          // may be null
  Params params;
  Skill skill;
  // Inside Expert's playouts (which never reach the setup): no counter-offers and no smart
  // offers, the fast path. Whether a seat makes plain offers there is its Skill::offers.
  bool in_playout = false;
};
Ctx make_ctx(const GameState& s, int me, const Params& p, const Skill& k);  // full-info state
// The context of obs.seat deciding in `view` (its legal_view): true hand sizes from the
// observation, beliefs may be null.
Ctx make_obs_ctx(const GameState& view, const Observation& obs, const Params& p, const Skill& k,
                 const Beliefs* beliefs);

// Evaluation ---------------------------------------------------------------------------
int vp_target(const GameState& s);
// Production (pips per resource, robber hex excluded) of one seat.
std::array<double, kNumResources> production(const GameState& s, int seat);
// Resource weights for this board (scarcity) times the personality bias.
std::array<double, kNumResources> resource_weights(const GameState& s, const Params& p);
double spot_value(const GameState& s, int v, int me, const Params& p);
// What spot_value weighs a spot by (the resource weights, `me`'s production): computed once
// where many spots are valued on one state.
struct SpotBasis {
  std::array<double, kNumResources> w, have;
};
SpotBasis spot_basis(const GameState& s, int me, const Params& p);
double spot_value(const GameState& s, int v, const SpotBasis& b);
// Hand value: how close the cards bring `me` to its next builds.
double hand_value(const GameState& s, int me, const ResourceCounts& h, const Params& p);
// The builds hand_value weighs a hand against (those `me` can still make, weighted by how
// much it wants them): computed once where many hands are valued on one state.
struct BuildTargets {
  ResourceCounts cost[4];
  int need[4];
  double w[4];
  int n = 0;
};
BuildTargets build_targets(const GameState& s, int me, const Params& p);
double hand_value(const BuildTargets& t, const ResourceCounts& h, const Params& p);
// Open settlement spots on `me`'s road network (conn) or one road away (near), valued by
// pips x resource weight w.
struct Expansion {
  double best_conn = 0, best_near = 0;
  int n_conn = 0;
};
Expansion expansion_room(const GameState& s, int me, const std::array<double, kNumResources>& w);
// Position value of a seat in (approximately) VP units.
double evaluate(const GameState& s, int me, const Params& p);
// Leader by public VP among seats other than `me` (-1 if none).
int leader_other_than(const GameState& s, int me);

// The view with other hands refilled to their true sizes (composition arbitrary but
// deterministic; a pending trade's accepted cards are placed where they must be). Legality
// checks that depend on another hand's size (steal) or on a responder holding the cards it
// accepted (confirm) then agree with the true state. Strategy never reads these cards.
GameState legal_view(const Observation& obs);

// Determinization: a full GameState consistent with what obs.seat knows.
GameState determinize(const Observation& obs, const Beliefs* b, Rng& rng);

// Policies -----------------------------------------------------------------------------
// Uniform in [0, 1) from one rng.next() (53 bits).
inline double unit(Rng& rng) {
  return (rng.next() >> 11) * (1.0 / 9007199254740992.0);
}
// A legal action that moves the game on when a policy has nothing better: end the turn,
// roll, decline or cancel a trade; else the first legal action that is not an offer.
Action safe_action(const GameState& s);
// The heuristic decision for the seat to move (Easy/Normal/Hard and Expert's playouts).
// Always returns an action that is legal in *ctx.s (falls back to legal_actions()[0]).
Action heuristic_action(const Ctx& ctx, Rng& rng);
// Ranked candidate first moves (best first, at most max_n), Expert's search root.
std::vector<Action> candidate_actions(const Ctx& ctx, Rng& rng, int max_n);
// The setup settlement spots in the order of the level's setup rule (Hard's lookahead when
// skill.depth > 1), best first, at most max_n: the candidates of a setup search.
std::vector<Action> setup_candidates(const Ctx& ctx, Rng& rng, int max_n);

// The policy of Expert's playouts, and of the coach's (engine/coach): the Normal policy for
// every seat; `me` with its own parameters and without offers (an offer is a searched
// candidate), the opponents with Hard's strengthened parameters, the robber aimed at the
// leader and Hard's offers, answered by everybody's Normal policy, which plays these
// playouts as well as Hard's 3x slower own-turn planner. In the setup search's playouts
// every seat places its settlements with Hard's lookahead, as the strong levels do, so the
// search meets the replies it will face (docs/AI.md, "Measured variants").
struct PlayoutPolicy {
  int me = 0;
  Params own, opp;
  Skill own_skill, opp_skill;
  // The move of the seat to act in s (a full or determinized state).
  Action act(const GameState& s, Rng& rng) const;
};
PlayoutPolicy playout_policy(int me, const Params& own);
// Expert's parameters for a personality: its taste, strengthened (Hard's refinements) and
// tilted (expert_tilt).
Params expert_params(Personality p);
// How many rounds a playout of Expert's search lasts from `view`: one, or three once someone
// shows public VP within 3 of the target (7 of 10), when the next rounds decide who gets
// there first and whom to rob and block (the lengths measured: docs/AI.md, "Measured
// variants").
int playout_rounds(const GameState& view);

}  // namespace catan::ai
