// libFuzzer target: a guest's reading of the host's messages (match::GuestLink::receive, so
// wire::parse_host, ViewDecoder::apply and the reveal's verification), one message a line.
// Properties: never crashes or throws; a refused message says why in valid UTF-8 and changes
// nothing the guest holds (the view, the record of views, the verification); a reveal that is
// read gives a verification that is either ok or names a difference.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "match/guest_link.h"
#include "tests/fuzz/fuzz_check.h"

using namespace catan;

namespace {

// What a refused message must leave as it was.
struct Held {
  size_t views = 0;
  size_t applied = 0;
  bool verified = false;
  bool operator==(const Held&) const = default;
};

Held held(match::GuestLink& link) {
  Held h;
  h.views = link.record().views.size();
  const match::ViewMatch* m = link.match();
  h.applied = m ? m->actions_applied() : 0;
  h.verified = link.verification().has_value();
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  match::GuestLink link([](const std::string&) {});
  size_t start = 0;
  for (int lines = 0; start <= input.size() && lines < 64; ++lines) {
    size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    const std::string line = input.substr(start, end - start);
    start = end + 1;
    const Held before = held(link);
    std::string error;
    bool ok = false;
    try {
      ok = link.receive(line, &error);
    } catch (const std::exception& e) {
      FUZZ_CHECK(false, std::string("GuestLink::receive threw: ") + e.what());
    }
    if (!ok) FUZZ_CHECK_REFUSAL("GuestLink::receive", error, held(link) == before);
    if (const auto& v = link.verification(); v && !before.verified)
      FUZZ_CHECK(v->ok == v->first_difference.empty(), "a verification both ok and not");
  }
  return 0;
}
