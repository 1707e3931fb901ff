// See fair_seed.h.
#include "match/fair_seed.h"

#include <algorithm>

#include "match/config.h"
#include "match/sha256.h"

namespace catan::match {
namespace {

std::string random_hex(int bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  while (static_cast<int>(hex.size()) < 2 * bytes) {
    uint64_t r = fresh_seed();
    for (int i = 0; i < 16 && static_cast<int>(hex.size()) < 2 * bytes; ++i, r >>= 4)
      hex += kDigits[r & 15];
  }
  return hex;
}

bool lower_hex(std::string_view s, size_t n) {
  return s.size() == n && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

uint64_t le64(const Sha256& d, int at) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | d[at + i];
  return v;
}

}  // namespace

std::string fresh_secret() { return random_hex(32); }
std::string fresh_nonce() { return random_hex(16); }
bool valid_secret(std::string_view s) { return lower_hex(s, 64); }
bool valid_nonce(std::string_view s) { return lower_hex(s, 32); }

std::string commitment_of(std::string_view secret) { return sha256_hex(secret); }

Seeds derive_seeds(std::string_view secret, const std::vector<std::string>& nonces,
                   uint64_t board_seed, bool board_hidden) {
  // One line per part, so that no two lists of parts give the same text.
  std::string text = "catan fair seed 1\n";
  text.append(secret);
  for (const std::string& n : nonces) text += "\n" + n;
  const Sha256 d = sha256(text);
  // Zero is no seed (a config's "draw one"), so it is never the result.
  const uint64_t play = std::max<uint64_t>(le64(d, 0), 1);
  const uint64_t board = board_hidden ? std::max<uint64_t>(le64(d, 8), 1) : board_seed;
  return Seeds{board, play};
}

std::string check_fair_seed(std::string_view commitment, std::string_view secret,
                            const std::vector<std::string>& nonces, int seat,
                            std::string_view own_nonce, const Seeds& revealed, uint64_t board_seed,
                            bool board_hidden) {
  if (!valid_secret(secret)) return "the host revealed no valid secret";
  if (commitment_of(secret) != commitment)
    return "the host's revealed secret is not the one it committed to before the game";
  if (seat >= 0 && !own_nonce.empty() &&
      (seat >= static_cast<int>(nonces.size()) || nonces[seat] != own_nonce))
    return "the host left out this page's contribution to the seeds";
  if (derive_seeds(secret, nonces, board_seed, board_hidden) != revealed)
    return "the game's seeds are not the ones the secret and the contributions give";
  return "";
}

}  // namespace catan::match
