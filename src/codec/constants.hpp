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

// gfx1250's scale operands take any scalar source of VOP3 but literals: the named ones
// (vcc_lo, m0, src_scc, ...) by code, for a 32-bit (width 1) or 64-bit (width 2) operand.
// [DOC: llvm-mc-22 -mcpu=gfx1250, every source code decoded and its text assembled again]
std::string_view scale_source_name(int code, int width); // "" where it decodes as none
// llvm-mc-22's assembler takes the name, in a scaled WMMA or (`alone`) in a scale prefix on its own
bool scale_source_assembles(int code, int width, bool alone);
bool scale_source_decodes(int code, int width); // its disassembler decodes the code
std::optional<int> scale_source_code(std::string_view name, int width);

} // namespace wavemma::codec::detail
