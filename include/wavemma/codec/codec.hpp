#pragma once
// wavemma::codec -- bytes <-> machine instruction <-> assembler text, as llvm-mc-22 has them.
//
//   parse     text -> MachineInstruction  (what llvm-mc's assembler accepts, canonicalised)
//   validate  MachineInstruction          (the assembler's checks: widths, files, modifiers)
//   encode    MachineInstruction -> bytes (byte for byte llvm-mc -show-encoding)
//   decode    bytes -> MachineInstruction (keyed by (encoding family, opcode); rejects what
//                                          llvm-mc's disassembler calls invalid)
//   print     MachineInstruction -> text  (character for character llvm-mc's printer)

#include "wavemma/codec/machine_instruction.hpp"
#include "wavemma/codec/result.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wavemma::codec {

inline constexpr int kInstructionBytes = 8;
using Bytes = std::array<uint8_t, kInstructionBytes>;

// The assembler's checks. Returns the first problem found, or nothing.
std::optional<Error> validate(MachineInstruction const&);

Result<Bytes> encode(MachineInstruction const&);
// Decodes the first 8 bytes of `bytes` for the target.
Result<MachineInstruction> decode(std::span<uint8_t const> bytes, Target);

std::string print(MachineInstruction const&);
// Whether print's text parses back to the same instruction. False only where llvm-mc-22 prints a
// text its own assembler rejects, and wavemma prints the same: the gfx12 bf16 C constant 1/(2pi)
// (code 248 prints as 0.15915494, which reads as bf16 0x3e23, not 0x3e22).
bool print_reparses(MachineInstruction const&);
// Parses one instruction (a trailing `;` or `//` comment is allowed).
Result<MachineInstruction> parse(std::string_view text, Target);

// parse + encode and decode + print.
Result<Bytes> assemble(std::string_view text, Target);
Result<std::string> disassemble(std::span<uint8_t const> bytes, Target);

// Bytes as llvm-mc prints them: "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]".
std::string format_bytes(std::span<uint8_t const>);
// Bytes as llvm-mc -disassemble reads them: "0x08,0x40,..." or "0x08 0x40 ..."; surrounding
// brackets (format_bytes' output) are accepted too.
Result<std::vector<uint8_t>> parse_bytes(std::string_view);

// The register-tuple width of an operand field of a row at a wave size (from isa::vgprs; the
// sparsity index is one register).
int slot_width(isa::Instruction const&, int wave, Slot);

} // namespace wavemma::codec
