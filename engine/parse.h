// Whole numbers in text: the one parser for 64-bit unsigned values (seeds, AI seeds, bench
// arguments), used by the protocol, the match configs and saved games.
#pragma once
#include <cstdint>
#include <string_view>

namespace catan {

enum class NumberBase : uint8_t {
  Decimal,       // digits only
  DecimalOrHex,  // also "0x"/"0X" followed by at most 16 hex digits (the protocol's seeds)
};

// True and *out set when s is a number 0..2^64-1 in `base`: no sign, no spaces, at most 20
// characters (leading zeros allowed). False, *out untouched, on anything else or overflow.
bool parse_u64(std::string_view s, uint64_t* out, NumberBase base = NumberBase::Decimal);

}  // namespace catan
