#pragma once
// llvm-mc-22 as a test oracle, batched: one process per call with thousands of lines, results
// mapped back to the input lines (reference/encoding.md §7 has the commands and the quirks).

#include "wavemma/codec/codec.hpp"

#include <string>
#include <vector>

namespace wavemma::test::llvm_mc {

// An llvm-mc target: -mcpu and the wave size (-mattr=+wavefrontsize64 on RDNA).
struct McTarget {
  std::string cpu;
  int wave;
  codec::Target target() const;
  std::string label() const; // "gfx1200 wave32"
  std::string args() const;  // "-triple=amdgcn -mcpu=gfx1200 [-mattr=+wavefrontsize64]"
};
std::vector<McTarget> const& targets(); // gfx1100 w32/w64, gfx1200 w32/w64, the CDNA targets w64, gfx1250 w32

struct Assembled {
  bool ok = false;
  std::string text;           // llvm-mc's canonical text
  std::vector<uint8_t> bytes; // its encoding
  std::string error;          // first "error:" message of the line
};
// Assembles one instruction per line (no empty lines).
std::vector<Assembled> assemble(McTarget const&, std::vector<std::string> const& lines);

struct Disassembled {
  enum class Status { kDecoded, kInvalid, kUnmapped, kCrashed };
  Status status = Status::kUnmapped;
  std::string text;           // what llvm-mc printed for the bytes at the word's first byte
  std::vector<uint8_t> bytes; // the encoding it printed (the re-encoding of `text`)
};
// Disassembles each item (8 bytes, or 16) separately: an item and five `s_nop <index>` markers
// per line, so that llvm-mc's output is mapped back even when it resynchronises or reads on; the
// result is what llvm-mc printed first for the item. A batch on which llvm-mc crashes is split
// until the crashing items are found (they come back kCrashed).
std::vector<Disassembled> disassemble(McTarget const&, std::vector<codec::Bytes> const& words);

bool available(); // llvm-mc-22 can be run

} // namespace wavemma::test::llvm_mc
