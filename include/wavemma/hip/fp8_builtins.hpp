#pragma once
// The fp8/bf8 conversion builtins, per lane, with clang-22's signatures (BuiltinsAMDGPU.def,
// feature fp8-conversion-insts: gfx942, gfx950, gfx12):
//
//   float  __builtin_amdgcn_cvt_f32_fp8(int src, const int byte_sel)        (and _bf8)
//   float2 __builtin_amdgcn_cvt_pk_f32_fp8(int src, const bool word_sel)    (and _bf8; a clang vector)
//   int    __builtin_amdgcn_cvt_pk_fp8_f32(float a, float b, int old, const bool word_sel) (and bf8)
//   int    __builtin_amdgcn_cvt_sr_fp8_f32(float v, int rnd, int old, const int byte_sel) (and bf8)
//
// "fp8" is E4M3 and "bf8" E5M2, in the launched target's flavour: FNUZ on gfx942, OCP on gfx950
// and gfx12 [SRC: MLIR hasOcpFp8; ROCm's docs; reference/numerics.md]. The rules, with their
// evidence (docs/hipcc.md lists them):
//   - f32 -> fp8 rounds to nearest even [SRC: HIP's fast path calls it its "RNE CVT"], through
//     wavemma::numeric's encoder;
//   - no saturation: HIP and rocBLAS clamp with fmed3 before the instruction when they want it
//     [SRC], so a value that rounds beyond the largest finite one is NaN (FNUZ 0x80, OCP E4M3
//     S.1111.111) or, in OCP E5M2, infinity; the overflow is judged after rounding, as IEEE 754
//     §7.4 does [ASSUME]; infinity is NaN, or infinity in OCP E5M2; NaN is NaN (FNUZ 0x80; OCP:
//     S.1111.111 / S.11111.11, the sign kept) [ASSUME]; FNUZ has no -0: a negative value that
//     rounds to zero is +0 [DOC: the format has no -0];
//   - fp8 -> f32 is exact; a NaN code gives the quiet NaN 0x7FC00000, with the code's sign in OCP
//     [ASSUME: not measured]; OCP E5M2 infinity gives infinity;
//   - pk_*_f32 writes fp8(a) to the low byte and fp8(b) to the high byte of the word word_sel
//     selects in old, and keeps the other word [SRC: HIP's cast_to_f8x2 reads x from the low byte].
// A target without the instructions (gfx908, gfx90a, gfx11) stops the launch naming the builtin.
//   - cvt_sr_*: stochastic rounding (encode_stochastic below), into the byte byte_sel selects.
// gfx950's cvt_scalef32_* are not emulated yet (docs/hipcc.md).

#include "wavemma/numeric/format.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace wavemma::simt::hip::fp8_builtins {

using v2f32 = float __attribute__((ext_vector_type(2)));

enum class Kind : uint8_t { kFp8, kBf8 }; // E4M3, E5M2

// The launched target's format for kind k (src/hip/fp8_builtins.cpp); a target without the
// instructions throws std::runtime_error naming the builtin, which stops the launch.
numeric::Format target_format(char const* builtin, Kind k);

// The two directions, by the rules above.
inline uint8_t encode(numeric::Format f, float v) {
  numeric::FormatInfo const& fi = numeric::info(f);
  if (std::isnan(v))
    return static_cast<uint8_t>(fi.specials == numeric::Specials::kFnuz ? 0x80u
                                                                        : (std::signbit(v) ? 0x80u : 0u) | 0x7Fu);
  return static_cast<uint8_t>(numeric::from_double(f, v, numeric::Rounding::kNearestEven));
}
// Stochastic rounding, as HIP's software model of the instruction defines it [SRC: amd_hip_fp8.h's
// cast_to_f8 with stoch; ASSUME for the hardware: not measured]: the f32 significand, shifted to
// the fp8 subnormal exponent where the value lies below it (the bits shifted out are dropped),
// plus the low 23 - m bits of rnd, truncated to the fp8 precision (m fraction bits); no
// saturation, NaN and infinity as in the round-to-nearest conversion.
inline uint8_t encode_stochastic(numeric::Format f, float v, uint32_t rnd) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return encode(f, v);
  numeric::FormatInfo const& fi = numeric::info(f);
  int const m = fi.frac_bits, dropped = 23 - m;
  int const e_x = std::ilogb(v), e = e_x > fi.e_min() ? e_x : fi.e_min();
  double const units = std::floor(std::ldexp(std::fabs(v), 23 - e)); // the f32 significand on e's grid
  uint64_t const kept = (static_cast<uint64_t>(units) + (rnd & ((1u << dropped) - 1))) >> dropped;
  return encode(f, static_cast<float>(std::copysign(std::ldexp(static_cast<double>(kept), e - m), v)));
}
inline float decode(numeric::Format f, uint8_t code) {
  numeric::Decoded const d = numeric::decode(f, code);
  if (d.is_nan()) {
    bool const negative = numeric::info(f).specials != numeric::Specials::kFnuz && (code & 0x80u);
    uint32_t const bits = (negative ? 0x80000000u : 0u) | 0x7FC00000u;
    float out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
  }
  return static_cast<float>(numeric::to_double(f, code));
}

inline float cvt_f32(char const* builtin, Kind k, int src, int byte_sel) {
  return decode(target_format(builtin, k), static_cast<uint8_t>(static_cast<uint32_t>(src) >> (8 * (byte_sel & 3))));
}
inline v2f32 cvt_pk_f32(char const* builtin, Kind k, int src, bool word_sel) {
  numeric::Format const f = target_format(builtin, k);
  uint32_t const word = static_cast<uint32_t>(src) >> (word_sel ? 16 : 0);
  return v2f32{decode(f, static_cast<uint8_t>(word)), decode(f, static_cast<uint8_t>(word >> 8))};
}
inline int cvt_pk_from_f32(char const* builtin, Kind k, float a, float b, int old, bool word_sel) {
  numeric::Format const f = target_format(builtin, k);
  uint32_t const packed = uint32_t{encode(f, a)} | uint32_t{encode(f, b)} << 8;
  int const shift = word_sel ? 16 : 0;
  uint32_t const kept = static_cast<uint32_t>(old) & ~(0xFFFFu << shift);
  return static_cast<int>(kept | packed << shift);
}

inline int cvt_sr_from_f32(char const* builtin, Kind k, float v, int rnd, int old, int byte_sel) {
  numeric::Format const f = target_format(builtin, k);
  int const shift = 8 * (byte_sel & 3);
  uint32_t const kept = static_cast<uint32_t>(old) & ~(0xFFu << shift);
  return static_cast<int>(kept | uint32_t{encode_stochastic(f, v, static_cast<uint32_t>(rnd))} << shift);
}

} // namespace wavemma::simt::hip::fp8_builtins

#define WAVEMMA_FP8_BUILTINS_ ::wavemma::simt::hip::fp8_builtins
#define __builtin_amdgcn_cvt_f32_fp8(src, sel)                                                                         \
  WAVEMMA_FP8_BUILTINS_::cvt_f32("__builtin_amdgcn_cvt_f32_fp8", WAVEMMA_FP8_BUILTINS_::Kind::kFp8, src, sel)
#define __builtin_amdgcn_cvt_f32_bf8(src, sel)                                                                         \
  WAVEMMA_FP8_BUILTINS_::cvt_f32("__builtin_amdgcn_cvt_f32_bf8", WAVEMMA_FP8_BUILTINS_::Kind::kBf8, src, sel)
#define __builtin_amdgcn_cvt_pk_f32_fp8(src, word_sel)                                                                 \
  WAVEMMA_FP8_BUILTINS_::cvt_pk_f32("__builtin_amdgcn_cvt_pk_f32_fp8", WAVEMMA_FP8_BUILTINS_::Kind::kFp8, src, word_sel)
#define __builtin_amdgcn_cvt_pk_f32_bf8(src, word_sel)                                                                 \
  WAVEMMA_FP8_BUILTINS_::cvt_pk_f32("__builtin_amdgcn_cvt_pk_f32_bf8", WAVEMMA_FP8_BUILTINS_::Kind::kBf8, src, word_sel)
#define __builtin_amdgcn_cvt_pk_fp8_f32(a, b, old, word_sel)                                                           \
  WAVEMMA_FP8_BUILTINS_::cvt_pk_from_f32("__builtin_amdgcn_cvt_pk_fp8_f32", WAVEMMA_FP8_BUILTINS_::Kind::kFp8, a, b,   \
                                         old, word_sel)
#define __builtin_amdgcn_cvt_pk_bf8_f32(a, b, old, word_sel)                                                           \
  WAVEMMA_FP8_BUILTINS_::cvt_pk_from_f32("__builtin_amdgcn_cvt_pk_bf8_f32", WAVEMMA_FP8_BUILTINS_::Kind::kBf8, a, b,   \
                                         old, word_sel)
#define __builtin_amdgcn_cvt_sr_fp8_f32(v, rnd, old, byte_sel)                                                         \
  WAVEMMA_FP8_BUILTINS_::cvt_sr_from_f32("__builtin_amdgcn_cvt_sr_fp8_f32", WAVEMMA_FP8_BUILTINS_::Kind::kFp8, v, rnd, \
                                         old, byte_sel)
#define __builtin_amdgcn_cvt_sr_bf8_f32(v, rnd, old, byte_sel)                                                         \
  WAVEMMA_FP8_BUILTINS_::cvt_sr_from_f32("__builtin_amdgcn_cvt_sr_bf8_f32", WAVEMMA_FP8_BUILTINS_::Kind::kBf8, v, rnd, \
                                         old, byte_sel)
