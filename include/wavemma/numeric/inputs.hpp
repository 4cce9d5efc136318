#pragma once
// Operand preparation shared by the RDNA instructions (numerics.md §2): packed 16-bit C widening
// and source-operand inline constants.

#include "wavemma/numeric/format.hpp"

#include <cstdint>

namespace wavemma::numeric {

// Packed 16-bit C as the RDNA hardware widens it before every WMMA step: f16 -> f32 exactly
// (subnormals become normal f32, NaN payload shifted left by 13 without quieting), bf16 -> bits
// << 16. `from16` must be kF16 or kBf16.
uint32_t widen_to_f32(Format from16, uint16_t bits);

// Whether a VOP source-operand code (128..208, 240..248) is an inline constant.
bool is_inline_constant(int src_code);

// The inline constant's 32-bit value: float constants as IEEE f32 bits, integer constants as their
// int32 two's complement pattern (129 = 1 -> 0x00000001, 193 = -1 -> 0xFFFFFFFF). Throws
// std::out_of_range for a code that is not an inline constant.
uint32_t inline_constant_32(int src_code);

// The inline constant as one 16-bit element of `f16_or_bf16`: f16 float constants rounded to
// nearest even (1/(2π) -> 0x3118), bf16 float constants the upper 16 bits of the f32 without
// rounding (1/(2π) -> 0x3E22), integer constants their low 16 bits (-1 -> 0xFFFF). This is the
// packed 16-bit C value of a WMMA (replicated to both halves) [SRC RJ, HW RJ operand captures].
uint16_t inline_constant_16(Format f16_or_bf16, int src_code);

// The 32-bit word a packed 16-bit A/B source (VOP3P DOT2, selected per half by op_sel/op_sel_hi)
// reads for an inline constant. Derived from the gfx1100/gfx1201 DOT2 inline-constant captures:
//  * f16: a float constant is its f16 value in the low half and 0 in the high half; an integer
//    constant is its 32-bit pattern (integer 1 -> lo 0x0001, hi 0x0000) [HW];
//  * bf16: the 16-bit value of inline_constant_16 in both halves (1.0 -> 0x3F803F80, integer 1 ->
//    0x00010001) [HW].
// Negative integer constants (hi = 0xFFFF for f16) are not captured [ASSUME].
uint32_t inline_constant_packed(Format f16_or_bf16, int src_code);

} // namespace wavemma::numeric
