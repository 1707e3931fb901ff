#include "engine/state.h"

namespace catan {

const char* phase_name(Phase p) {
  return kPhaseNames.name(p);
}

int GameState::to_move_slow() const {
  const int n = num_players;
  switch (phase) {
    case Phase::GameOver:
      return -1;
    case Phase::Discard:
      for (int i = 0; i < n; ++i) {
        const int p = current + i < n ? current + i : current + i - n;  // (current + i) % n
        if (players[p].discard_owed > 0) return p;
      }
      return current;
    case Phase::TradeResponse:
      for (int i = 1; i < n; ++i) {
        const int p = offer.from + i < n ? offer.from + i : offer.from + i - n;  // mod n
        if (offer.answers[p] == TradeAnswer::Pending) return p;
      }
      return current;
    default:
      return current;
  }
}

int GameState::dev_hand_size(int seat) const {
  int n = 0;
  for (auto c : players[seat].dev_cards) n += c;
  return n;
}

bool GameState::operator==(const GameState&) const = default;

GameState new_game(const GameOptions& options, Seeds seeds) {
  GameState s{};
  s.options = options;
  s.seeds = seeds;
  s.num_players = options.players < 2 ? 2 : options.players > 4 ? 4 : options.players;
  Rng board_rng{mix_seed(seeds.board, 1)};
  s.layout = make_layout(options.board, board_rng);
  s.robber_hex = static_cast<uint8_t>(s.layout.desert_hex());
  s.vertex_owner.fill(-1);
  s.vertex_building.fill(Building::None);
  s.edge_owner.fill(-1);
  s.bank.fill(kBankPerResource);

  int k = 0;
  for (int t = 0; t < kNumDevCardTypes; ++t)
    for (int i = 0; i < kDevDeckComposition[t]; ++i) s.deck[k++] = static_cast<DevCard>(t);
  Rng deck_rng{mix_seed(seeds.play, 2)};
  deck_rng.shuffle(s.deck.data(), kDevDeckSize);
  s.deck_pos = 0;

  Rng first_rng{mix_seed(seeds.play, 3)};
  s.first_player =
      options.random_first_player ? static_cast<uint8_t>(first_rng.below(s.num_players)) : 0;
  s.current = s.first_player;
  s.rng = Rng{mix_seed(seeds.play, 4)};
  s.dice_pos = 36;

  if (options
          .start_with_one_of_each) {  // docs/RULES.md, victory: Blitz starts with one card of each
    for (int p = 0; p < s.num_players; ++p)
      for (int r = 0; r < kNumResources; ++r) {
        ++s.players[p].resources[r];
        --s.bank[r];
      }
  }
  s.phase = Phase::SetupSettlement;
  s.resume_phase = Phase::Main;
  return s;
}

}  // namespace catan
