#pragma once
// What both fuzz targets check: an instruction the codec produced survives
// print -> parse -> encode -> decode unchanged. Any disagreement aborts with the evidence.

#include "wavemma/codec/codec.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace wavemma::fuzz {

// The first input byte picks the target; the rest is the item.
inline codec::Target target_of_byte(uint8_t b) {
  constexpr codec::Target kTargets[] = {
      {isa::Generation::kGfx11, 32},  {isa::Generation::kGfx11, 64},  {isa::Generation::kGfx12, 32},
      {isa::Generation::kGfx12, 64},  {isa::Generation::kGfx908, 64}, {isa::Generation::kGfx90a, 64},
      {isa::Generation::kGfx94x, 64}, {isa::Generation::kGfx950, 64}, {isa::Generation::kGfx1250, 32}};
  return kTargets[b % std::size(kTargets)];
}

[[noreturn]] inline void fail(char const* what, std::string const& detail) {
  std::fprintf(stderr, "codec round trip broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

// mi came out of decode or parse, so it is valid.
inline void check_round_trip(codec::MachineInstruction const& mi) {
  if (auto e = codec::validate(mi)) fail("decode/parse produced an invalid instruction", e->message);
  std::string const text = codec::print(mi);
  auto const bytes = codec::encode(mi);
  if (!bytes) fail("valid but not encodable", text + ": " + bytes.error().message);

  // What llvm-mc's assembler makes and its disassembler does not give back (codec::decodes_back says
  // which: gfx950 refuses it, gfx1250 may read the prefix alone or drop a bit) must not decode to x;
  // anything else must.
  auto const again = codec::decode(*bytes, mi.target());
  if (!codec::decodes_back(mi)) {
    if (again && *again == mi) fail("decodes_back says no, but encode(x) decodes to x", text);
  } else if (!again) {
    fail("encode(x) does not decode", text + ": " + again.error().message);
  } else {
    if (!(*again == mi)) fail("decode(encode(x)) != x", text + " -> " + codec::print(*again));
    if (codec::print(*again) != text) fail("print(decode(encode(x))) != print(x)", text);
  }

  auto const parsed = codec::parse(text, mi.target());
  if (codec::print_reparses(mi)) {
    if (!parsed) fail("parse(print(x)) fails", text + ": " + parsed.error().message);
    if (!(*parsed == mi)) fail("parse(print(x)) != x", text + " -> " + codec::print(*parsed));
    auto const bytes2 = codec::encode(*parsed);
    if (!bytes2 || *bytes2 != *bytes) fail("encode(parse(print(x))) != encode(x)", text);
  } else if (parsed) {
    fail("print_reparses says no, but the text parses", text);
  }
}

} // namespace wavemma::fuzz
