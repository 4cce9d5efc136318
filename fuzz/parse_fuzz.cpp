// libFuzzer: arbitrary text -> parse; what parses must encode, decode, print and parse back.

#include "round_trip.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(uint8_t const* data, size_t size) {
  using namespace wavemma;
  if (size < 1) return 0;
  codec::Target const target = fuzz::target_of_byte(data[0]);
  std::string_view const text(reinterpret_cast<char const*>(data + 1), size - 1);
  auto const mi = codec::parse(text, target);
  if (!mi) {
    if (mi.error().message.empty()) fuzz::fail("an error without a message", std::string(text));
    return 0;
  }
  fuzz::check_round_trip(*mi);
  (void)codec::parse_bytes(text);
  return 0;
}
