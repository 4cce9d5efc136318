#pragma once
// Facts of the assembler and disassembler that hold per generation rather than per instruction:
// register files, alignment, overlap, op_sel_hi, how constants are read. Per-instruction facts
// (opcode, widths, legal modifiers) come from the catalog rows.

#include "wavemma/codec/machine_instruction.hpp"
#include "wavemma/codec/result.hpp"

#include <cstdint>

namespace wavemma::codec::detail {

enum class OpSelHi : uint8_t {
  kAllOnes,          // must be [1,1,1]: the decoder rejects anything else (gfx12)
  kOperandWithOpSel, // an operand where op_sel is one; elsewhere ignored and re-encoded as ones
                     // (gfx11)
  kAbsent,           // no such bits (VOP3P-MAI)
};

struct GenerationRules {
  isa::Generation gen;
  bool agpr_ab;      // A and B may be AccVGPRs (ACC[0], ACC[1])
  bool agpr_cd;      // D and C may be AccVGPRs (ACC_CD, one bit for both); never the sparse index
  bool even_tuples;  // a tuple of more than one register starts at an even register
  int overlap_above; // dense forms: C must equal D or not overlap it when D has more registers than
                     // this (0: no rule)
  OpSelHi op_sel_hi;
  bool cd_agpr_only;   // gfx908: D and C are AccVGPRs, always (no ACC_CD bit)
  bool c_constants;    // the assembler takes an inline constant as C (gfx908 does not, though it
                       // takes src_* sources; its disassembler prints a constant, which wavemma
                       // rejects as llvm-mc's assembler does)
  int scale_prefix_op; // VOP3P (CDNA) opcode of v_mfma_ld_scale_b32, the scaled MFMA's prefix
                       // word (gfx950: 0x2C); -1: the generation has none (gfx1250's prefixes are
                       // codec rows: scale_prefixes())
  bool scalar_scales;  // the scale operands may be SGPRs, special sources and inline constants
                       // (gfx1250); otherwise VGPRs only (gfx950)
  int tuple_end;       // a tuple starting at v0..v255 may reach this register (exclusive): 256, or
                       // 1024 on gfx1250 (v[252:259] is taken: the bank select reaches v1023)
};
GenerationRules const& rules_of(isa::Generation);

// The MFMA word of the scaled MFMA has ABID = 1 (ABID[0] marks it; llvm-mc-22's disassembler takes
// no other value there, and reports ABID != 0 on the unscaled f8f6f4 rows invalid).
inline constexpr uint32_t kScaledAbid = 1;

// How the assembler reads a C constant: a real is narrowed to this format, an integer truncated to
// its width, and the resulting bits must be an inline constant of that format.
enum class ConstKind : uint8_t { kF16, kBf16, kF32, kF64 };
ConstKind constant_kind(isa::Generation, int wave, numeric::Format cd);
// gfx1250 scale operands: a 32-bit operand (scale) or a 64-bit one (scale16), whatever the format.
inline ConstKind scale_constant_kind(int width) { return width == 2 ? ConstKind::kF64 : ConstKind::kF32; }

} // namespace wavemma::codec::detail
