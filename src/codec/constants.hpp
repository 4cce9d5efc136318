#pragma once
// Inline constants of the SRC2 field (reference/encoding.md §3.3) and how the assembler reads them.

#include "rules.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wavemma::codec::detail {

bool is_inline_code(int code); // 128..208 (integers), 240..248 (reals)

// The text llvm-mc prints for a code: "0", "-16", "0.5", "0.15915494"; a 64-bit operand prints
// 1/(2pi) in full ("0.15915494309189532").
std::string constant_text(int code, ConstKind);

// The code an integer token denotes for an operand of this kind (after the assembler's truncation
// to the operand width), or nothing if it is not an inline constant.
std::optional<int> constant_from_integer(int64_t value, ConstKind);
// The code a real token denotes: narrowed to the kind's format (round to nearest even; overflow,
// and underflow that loses bits, are rejected), then read as the integer of the same bits.
std::optional<int> constant_from_real(double value, ConstKind);

// Special sources: named source codes that are neither registers nor inline constants.
std::optional<int> special_code(std::string_view name, isa::Generation); // "src_scc" -> 253
std::string_view special_name(int code, isa::Generation);                // "" when the code has no name there
// Whether the assembler takes the special source as the C operand on the generation.
bool special_is_c(int code, isa::Generation);
// Whether llvm-mc's disassembler decodes it as a C operand of `c_width` registers.
bool special_decodes(int code, int c_width);

// Scalar sources of the scale operands: gfx1250's (scaled WMMA and scale prefixes) and those of
// gfx950's v_mfma_ld_scale_b32 on its own (scalar_scales()). Any scalar source of VOP3 but a literal:
// SGPRs (sgpr_count()), ttmp0..15, inline constants, and the named ones (vcc_lo, m0, src_scc, ...)
// by code, for a 32-bit (width 1) or 64-bit (width 2; gfx1250 only) operand. The names and codes
// differ per generation (gfx9: 102..105 flat_scratch_lo/hi, xnack_mask_lo/hi, 124 m0, 125 null;
// gfx1250: 124 null, 125 m0).
// [DOC: llvm-mc-22 -mcpu=gfx1250 and -mcpu=gfx950, every source code decoded and its text assembled again]
bool scalar_scales(isa::Instruction const&); // the row's scale operands may be scalar sources
int sgpr_count(isa::Generation);             // s0..s105 on gfx1250, s0..s101 on gfx9
std::string_view scale_source_name(int code, int width, isa::Generation); // "" where it decodes as none
// llvm-mc-22's assembler takes the name, in a scaled form or (`alone`) in a scale prefix on its own
bool scale_source_assembles(int code, int width, bool alone, isa::Generation);
bool scale_source_decodes(int code, int width, isa::Generation); // its disassembler decodes the code
std::optional<int> scale_source_code(std::string_view name, int width, isa::Generation);

// The constant bus: gfx9 VOP3 reads at most one scalar source (an SGPR, a ttmp or a named source,
// not an inline constant; the same one twice counts once) -- llvm-mc-22: "invalid operand (violates
// constant bus restrictions)". Checked on gfx9 (gfx950's v_mfma_ld_scale_b32 on its own is the
// only instruction of the codec with two scalar sources there); not on gfx1250, whose limit is two.
std::optional<Error> check_constant_bus(MachineInstruction const&);

// gfx950's v_mfma_ld_scale_b32 on its own: OP_SEL_HI[1:0] default to ones (byte select 2 of each
// scale, mods.scale_sel), and llvm-mc prints op_sel and op_sel_hi with two elements, op_sel_hi only
// when not [1,1]. Its word must have VDST, NEG_HI[2], OP_SEL[2], CLAMP and NEG[2] zero; the other
// bits outside its operands (NEG_HI[1:0], NEG[1:0], OP_SEL_HI[2], SRC2) are ignored, as llvm-mc-22's
// disassembler ignores them (every combination of the modifier bits decoded).
bool mfma_prefix_alone(isa::Instruction const&);
inline constexpr int kMfmaPrefixDefaultSel = 2;

} // namespace wavemma::codec::detail
