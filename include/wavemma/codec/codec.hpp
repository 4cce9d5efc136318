#pragma once
// wavemma::codec -- bytes <-> machine instruction <-> assembler text, as llvm-mc-22 has them.
//
//   parse     text -> MachineInstruction  (what llvm-mc's assembler accepts, canonicalised)
//   validate  MachineInstruction          (the assembler's checks: widths, files, modifiers)
//   encode    MachineInstruction -> bytes (byte for byte llvm-mc -show-encoding)
//   decode    bytes -> MachineInstruction (keyed by (encoding family, opcode); rejects what
//                                          llvm-mc's disassembler calls invalid)
//   print     MachineInstruction -> text  (character for character llvm-mc's printer)
//
// An instruction is one 8-byte word, or two for gfx950's scaled MFMA and gfx1250's scaled WMMA
// (LLVM's VOP3PX2): the scale prefix word (v_mfma_ld_scale_b32, v_wmma_ld_scale{,16}_paired_*)
// with the scale operands, then the MFMA/WMMA word. The scale prefixes are also instructions on
// their own; they are not catalog rows (no matrix operation), but rows of the codec
// (scale_prefixes()).

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

inline constexpr int kWordBytes = 8;                        // one encoding word
inline constexpr int kMaxInstructionBytes = 2 * kWordBytes; // the scaled forms: prefix + matrix word
using Bytes = std::vector<uint8_t>;                         // kWordBytes or kMaxInstructionBytes

// The scale prefixes, each a row of its own (an isa::Instruction outside the catalog, with no
// shape): gfx950's v_mfma_ld_scale_b32 (VOP3P OP 0x2C under VOP3P-MAI's encoding), gfx1250's
// v_wmma_ld_scale_paired_b32 (OP 0x35, 32-bit scales) and v_wmma_ld_scale16_paired_b64 (OP 0x3A,
// 64-bit scales). A scaled row's prefix is the one of its
// generation whose scale width is the row's. Operands: scale_a, scale_b only.
struct ScalePrefix {
  isa::Instruction row;
  int scale_width; // registers per scale operand
};
std::span<ScalePrefix const> scale_prefixes();
ScalePrefix const* scale_prefix(isa::Instruction const&); // the row is this prefix (nullptr: no)
ScalePrefix const* prefix_of(isa::Instruction const&);    // the prefix word of a scaled row
// Every instruction the codec assembles for a generation: its catalog rows and its prefixes.
std::vector<isa::Instruction const*> instructions(isa::Generation);

// The bytes the instruction encodes to: 16 for the scaled rows, 8 for every other.
int size_of(isa::Instruction const&);
inline int size_of(MachineInstruction const& mi) { return size_of(*mi.row); }

// The assembler's checks. Returns the first problem found, or nothing.
std::optional<Error> validate(MachineInstruction const&);

Result<Bytes> encode(MachineInstruction const&);
// Decodes the first instruction of `bytes` for the target: 8 bytes, or 16 when a scale prefix is
// followed by the word of a scaled row (gfx950: a scaled MFMA word, ABID = 1, that llvm-mc-22
// decodes; gfx1250: an f8f6f4 or f4 WMMA word). A prefix not followed by such a word decodes as the
// prefix instruction on its own (8 bytes), as llvm-mc-22 does.
Result<MachineInstruction> decode(std::span<uint8_t const> bytes, Target);

std::string print(MachineInstruction const&);
// Whether print's text parses back to the same instruction. False only where llvm-mc-22 prints a
// text its own assembler rejects, and wavemma prints the same: the gfx12 bf16 C constant 1/(2pi)
// (code 248 prints as 0.15915494, which reads as bf16 0x3e23, not 0x3e22).
bool print_reparses(MachineInstruction const&);
// Whether decode takes back what encode makes of the instruction (gives the instruction again).
// False only where llvm-mc-22's disassembler does not give back what its assembler makes, and
// wavemma does the same (refuses the bytes, or on gfx1250 decodes the scale prefix alone): a special source
// (src_scc, ...) as a C wider than 2 registers; on the gfx950 f8f6f4 rows an AccVGPR A or B that
// ends within a255 at its format's width but not at 8 registers (llvm-mc reads A and B as fp8's
// tuples first: a[252:255] as fp4 A); on gfx1250 the f32 WMMA's neg_hi[0] or neg_hi[1], which
// llvm-mc-22 accepts, prints and does not encode, a scale operand it does not decode (src_lds_direct,
// ...), and a special C of a scaled form (the prefix alone decodes).
bool decodes_back(MachineInstruction const&);
// Parses one instruction (a trailing `;` or `//` comment is allowed).
Result<MachineInstruction> parse(std::string_view text, Target);

// parse + encode and decode + print.
Result<Bytes> assemble(std::string_view text, Target);
Result<std::string> disassemble(std::span<uint8_t const> bytes, Target);

// Bytes as llvm-mc prints them: "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]".
std::string format_bytes(std::span<uint8_t const>);
// Bytes as llvm-mc -disassemble reads them: "0x08,0x40,..." or "0x08 0x40 ..." (each token in
// llvm-mc's radixes: 0x hex, 0b binary, 0o or a leading 0 octal, decimal otherwise); surrounding
// brackets (format_bytes' output) are accepted too.
Result<std::vector<uint8_t>> parse_bytes(std::string_view);

// The register-tuple width of an operand field of a row at a wave size (from isa::vgprs; the
// sparsity index is one register, two for gfx1250's 8-bit SWMMAC; 0 where the row has no such
// slot). On gfx950 f8f6f4 rows A's width follows the format cbsz selects, B's the format of blgp;
// on gfx1250 f8f6f4 rows matrix_a_fmt and matrix_b_fmt.
int slot_width(isa::Instruction const&, int wave, Slot, isa::Modifiers const& = {});
inline int slot_width(MachineInstruction const& mi, Slot s) { return slot_width(*mi.row, mi.wave, s, mi.mods); }
// The operand slots of a row in assembler order: D, A, B, C (or the index), then SA, SB on the
// scaled rows; SA, SB alone on a scale prefix.
std::span<Slot const> slots_of(isa::Instruction const&);

} // namespace wavemma::codec
