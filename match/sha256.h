// SHA-256 (FIPS 180-4) for the fair seed's commitment (match/fair_seed.h): a commitment has to
// bind, which a 64-bit FNV digest does not. Small inputs only; no streaming.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace catan::match {

using Sha256 = std::array<uint8_t, 32>;

Sha256 sha256(std::string_view bytes);
// The digest as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace catan::match
