#include "engine/parse.h"

namespace catan {

bool parse_u64(std::string_view s, uint64_t* out, NumberBase base) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t radix = 10;
  size_t i = 0;
  if (base == NumberBase::DecimalOrHex && s.size() > 2 && s[0] == '0' &&
      (s[1] == 'x' || s[1] == 'X')) {
    if (s.size() > 18) return false;
    radix = 16;
    i = 2;
  }
  uint64_t x = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    uint64_t d;
    if (c >= '0' && c <= '9')
      d = static_cast<uint64_t>(c - '0');
    else if (radix == 16 && c >= 'a' && c <= 'f')
      d = static_cast<uint64_t>(c - 'a' + 10);
    else if (radix == 16 && c >= 'A' && c <= 'F')
      d = static_cast<uint64_t>(c - 'A' + 10);
    else
      return false;
    if (x > (UINT64_MAX - d) / radix) return false;
    x = x * radix + d;
  }
  *out = x;
  return true;
}

}  // namespace catan
