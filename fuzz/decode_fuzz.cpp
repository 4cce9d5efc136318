// libFuzzer: arbitrary bytes -> decode; what decodes must print, parse, encode and decode back.

#include "round_trip.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(uint8_t const* data, size_t size) {
  using namespace wavemma;
  if (size < 1) return 0;
  codec::Target const target = fuzz::target_of_byte(data[0]);
  std::span<uint8_t const> const bytes(data + 1, size - 1);
  auto const mi = codec::decode(bytes, target);
  if (!mi) {
    if (mi.error().message.empty()) fuzz::fail("an error without a message", codec::format_bytes(bytes));
    return 0;
  }
  fuzz::check_round_trip(*mi);
  (void)codec::disassemble(bytes, target);
  return 0;
}
