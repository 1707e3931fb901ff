// The fair seed's hash and commit-reveal (match/sha256.h, match/fair_seed.h).
#include <gtest/gtest.h>

#include <string>

#include "match/fair_seed.h"
#include "match/sha256.h"

namespace catan::match {
namespace {

// FIPS 180-4's examples (NIST CSRC "SHA256.pdf"), the empty message, and messages whose padding
// falls on each side of a block's end (checked with coreutils' sha256sum).
TEST(Sha256, MatchesTheStandardsExamples) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PadsAtEveryBlockBoundary) {
  const std::pair<int, const char*> cases[] = {
      {55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
      {56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
      {63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
      {64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
      {119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"}};
  for (auto [n, hex] : cases) EXPECT_EQ(sha256_hex(std::string(n, 'x')), hex) << n << " bytes";
}

TEST(FairSeed, SecretsAndNoncesAreFreshHex) {
  const std::string a = fresh_secret(), b = fresh_secret();
  EXPECT_TRUE(valid_secret(a));
  EXPECT_NE(a, b);
  EXPECT_TRUE(valid_nonce(fresh_nonce()));
  EXPECT_FALSE(valid_nonce(a));
  EXPECT_FALSE(valid_nonce(std::string(32, 'G')));
  EXPECT_FALSE(valid_secret(std::string(64, 'A')));  // lowercase only: one spelling per secret
}

TEST(FairSeed, EveryContributionChangesThePlaySeed) {
  const std::string secret(64, '7');
  const std::vector<std::string> nonces = {"", std::string(32, 'a'), std::string(32, 'b'), ""};
  const Seeds s = derive_seeds(secret, nonces, 42, false);
  EXPECT_EQ(s.board, 42u);  // a visible island stays the one the lobby showed
  EXPECT_EQ(derive_seeds(secret, nonces, 42, false), s);  // deterministic
  auto other = nonces;
  other[2] = std::string(32, 'c');
  EXPECT_NE(derive_seeds(secret, other, 42, false).play, s.play);
  EXPECT_NE(derive_seeds(std::string(64, '8'), nonces, 42, false).play, s.play);
  // Moving a nonce to another seat is another list, another seed.
  other = {"", std::string(32, 'b'), std::string(32, 'a'), ""};
  EXPECT_NE(derive_seeds(secret, other, 42, false).play, s.play);
  // A hidden island's board is drawn from the same mix.
  const Seeds hidden = derive_seeds(secret, nonces, 42, true);
  EXPECT_EQ(hidden.play, s.play);
  EXPECT_NE(hidden.board, 42u);
}

TEST(FairSeed, AGuestFindsEachKindOfCheating) {
  const std::string secret = fresh_secret(), mine = fresh_nonce();
  const std::vector<std::string> nonces = {"", mine, fresh_nonce()};
  const std::string commitment = commitment_of(secret);
  const Seeds seeds = derive_seeds(secret, nonces, 9, false);
  EXPECT_EQ(check_fair_seed(commitment, secret, nonces, 1, mine, seeds, 9, false), "");
  // Another secret than the committed one.
  const std::string other = fresh_secret();
  EXPECT_NE(check_fair_seed(commitment, other, nonces, 1, mine,
                            derive_seeds(other, nonces, 9, false), 9, false),
            "");
  // This page's nonce replaced.
  auto swapped = nonces;
  swapped[1] = fresh_nonce();
  EXPECT_NE(check_fair_seed(commitment, secret, swapped, 1, mine,
                            derive_seeds(secret, swapped, 9, false), 9, false),
            "");
  // Seeds that do not follow from the secret and the nonces.
  EXPECT_NE(
      check_fair_seed(commitment, secret, nonces, 1, mine, Seeds{9, seeds.play + 1}, 9, false), "");
  EXPECT_NE(check_fair_seed(commitment, "not hex", nonces, 1, mine, seeds, 9, false), "");
}

}  // namespace
}  // namespace catan::match
