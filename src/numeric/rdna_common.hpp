#pragma once
// Pieces shared by the gfx11 DOT2 and gfx12 DOT4 steps: factor decoding, the special-value
// precedence (numerics.md §4.2 step 1, §5.2 step 1, §7) and output rounding/narrowing (§6).

#include "engine_impl.hpp"

#include <cstdint>

namespace wavemma::numeric::detail {

// A factor as the step sees it: value ±sig·2^exp, alignment exponent ae = exp + frac_bits.
struct RdnaFactor {
  bool neg;
  uint64_t sig; // 0 for zeros and for flushed (gfx11 BF16) subnormals: "zero significand"
  int exp;
  int ae;
  bool nan;
  bool inf;
};
// gfx11 flushes BF16 subnormal factors (flush_bf16_subnormals); gfx12 keeps all subnormals.
RdnaFactor rdna_factor(Format, Decoded const&, bool flush_bf16_subnormals);

enum class RdnaSpecial : uint8_t { kNone, kFactorNan, kInvalid, kQuietAcc, kPosInf, kNegInf };

// The step's special-value decision over n factor pairs and the f32 accumulator word.
RdnaSpecial rdna_specials(RdnaFactor const* a, RdnaFactor const* b, int n, uint32_t acc, Tracer&);
// The special result in the output format (f32, f16 or bf16 bits).
uint64_t rdna_special_result(RdnaSpecial, uint32_t acc, Format out);

// The accumulator of a step as an f32 word: f32 C as is, packed 16-bit C widened (§2).
uint32_t widen_acc(Format out, uint64_t acc_bits);

// gfx11 step 6: round to 24 significant bits (RNE); exponents below -126 flush to +0 (after
// rounding, sign dropped), above 127 give ±inf. mag > 0.
uint32_t rdna3_round_f32(bool neg, uint64_t mag, int g);
// gfx12 step 5: RNE to f32 with gradual underflow; a result that is zero is +0. mag > 0.
uint32_t rdna4_round_f32(bool neg, uint64_t mag, int g);
// §6 F16 output from the exact value ±mag·2^g: RNE with f16 subnormals, zero -> +0, overflow ->
// ±inf or ±65504 with MODE.FP16_OVFL. mag > 0.
uint16_t narrow_f16(bool neg, uint64_t mag, int g, bool fp16_ovfl);
// A step's result ±mag·2^g in the output format: f16 through narrow_f16, f32 through the family's
// rounding, bf16 as the high half of that f32 (RNE to f32, then truncation). mag > 0.
uint64_t rdna_output(Format out, bool neg, uint64_t mag, int g, bool fp16_ovfl,
                     uint32_t (*round_f32)(bool neg, uint64_t mag, int g));

} // namespace wavemma::numeric::detail
