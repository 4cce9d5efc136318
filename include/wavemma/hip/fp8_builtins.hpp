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
// gfx950's scaled conversions (cvt_scalef32_*: fp8, bf8, fp4; below) use the same encoder on the
// scaled value; their FP6/BF6 forms are refused (refused_builtins.hpp).

#include "wavemma/numeric/format.hpp"

#include <cmath>
#include <limits>
#include <type_traits>
#include <cstdint>
#include <cstring>

namespace wavemma::hip::fp8_builtins {

using v2f32 = float __attribute__((ext_vector_type(2)));

enum class Kind : uint8_t { kFp8, kBf8 }; // E4M3, E5M2

// The launched target's format for kind k (src/hip/fp8_builtins.cpp); a target without the
// instructions throws std::runtime_error naming the builtin, which stops the launch.
numeric::Format target_format(char const* builtin, Kind k);

// The two directions, by the rules above (FP4, which has no NaN: wavemma::numeric's rounding,
// saturating, NaN to +0 [ASSUME]).
inline uint8_t encode(numeric::Format f, double v) {
  numeric::FormatInfo const& fi = numeric::info(f);
  if (std::isnan(v) && fi.has_nan())
    return static_cast<uint8_t>(fi.specials == numeric::Specials::kFnuz ? 0x80u
                                                                        : (std::signbit(v) ? 0x80u : 0u) | 0x7Fu);
  return static_cast<uint8_t>(numeric::from_double(f, v, numeric::Rounding::kNearestEven));
}
// Stochastic rounding, as HIP's software model of the instruction defines it [SRC: amd_hip_fp8.h's
// cast_to_f8 with stoch; ASSUME for the hardware: not measured]: the f32 significand, shifted to
// the fp8 subnormal exponent where the value lies below it (the bits shifted out are dropped),
// plus the low 23 - m bits of rnd, truncated to the fp8 precision (m fraction bits); no
// saturation, NaN and infinity as in the round-to-nearest conversion.
inline uint8_t encode_stochastic(numeric::Format f, double v, uint32_t rnd) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return encode(f, v);
  numeric::FormatInfo const& fi = numeric::info(f);
  int const m = fi.frac_bits, dropped = 23 - m;
  int const e_x = std::ilogb(v), e = e_x > fi.e_min() ? e_x : fi.e_min();
  double const units = std::floor(std::ldexp(std::fabs(v), 23 - e)); // the f32 significand on e's grid
  uint64_t const kept = (static_cast<uint64_t>(units) + (rnd & ((1u << dropped) - 1))) >> dropped;
  return encode(f, std::copysign(std::ldexp(static_cast<double>(kept), e - m), v));
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

// --- gfx950's scaled conversions (cvt_scalef32_*) ------------------------------------------------
// Only the exponent field E of the f32 scale counts: the scale is 2^(E - 127), as an E8M0 scale
// (sign and fraction ignored; E = 255 makes the result NaN) [SRC: AMD's gem5 model of MI355X,
// arch/amdgpu/common/dtype/mxfp.hh scaleMul/scaleDiv; MLIR's ROCDL ops "multiplying by the
// exponent part of scale"]. Narrowing (f32, f16, bf16 -> fp8, bf8, fp4) divides by the scale before
// converting; widening multiplies after [SRC: gem5's vop3_cvt.hh "when downcasting, scale before
// conversion otherwise scale after"; composable_kernel's and TransformerEngine's callers pass the
// quantisation scale itself]. One rounding of the exact quotient, by the unscaled conversion's
// rules above (OCP formats: E4M3 NaN and E5M2 infinity beyond the range; FP4 saturates) [ASSUME:
// one rounding, and the overflow rule, not measured]; widening rounds the exact product once to
// the destination (nearest even, overflow to infinity, gradual underflow) [ASSUME]; a NaN code or
// E = 255 gives the destination's quiet NaN (the code's sign). Byte and word selection as LLVM's
// intrinsics name them (src_sel_index, dst_sel_index, dst_lo_hi_sel) and as gem5 reads op_sel.
using v2f16 = _Float16 __attribute__((ext_vector_type(2)));
using v2bf16 = __bf16 __attribute__((ext_vector_type(2)));
using v2i16 = short __attribute__((ext_vector_type(2)));

enum class Small : uint8_t { kFp8, kBf8, kFp4 }; // OCP E4M3, OCP E5M2, MX E2M1

// The format of a scaled conversion on the launched target (src/hip/fp8_builtins.cpp): gfx950 only
// (fp8-, bf8-, fp4-cvt-scale-insts); elsewhere std::runtime_error naming the builtin.
numeric::Format scaled_format(char const* builtin, Small s);

inline int scale_exponent(float scale) {
  uint32_t b;
  std::memcpy(&b, &scale, sizeof b);
  return static_cast<int>(b >> 23 & 0xFFu);
}
// The value to narrow: v / 2^(E-127), exact in double; NaN for E = 255.
inline double scaled_down(double v, float scale) {
  int const e = scale_exponent(scale);
  return e == 0xFF ? std::numeric_limits<double>::quiet_NaN() : std::ldexp(v, 127 - e);
}
// The exact widened value of a code: its value times 2^(E-127); NaN (the code's sign) for a NaN
// code or E = 255.
inline double scaled_up(numeric::Format f, unsigned code, float scale) {
  numeric::Decoded const d = numeric::decode(f, code);
  int const e = scale_exponent(scale);
  bool const negative = numeric::info(f).specials != numeric::Specials::kFnuz &&
                        (code >> (numeric::info(f).exp_bits + numeric::info(f).frac_bits) & 1u);
  if (d.is_nan() || e == 0xFF) return std::copysign(std::numeric_limits<double>::quiet_NaN(), negative ? -1.0 : 1.0);
  return std::ldexp(numeric::to_double(f, code), e - 127);
}
// The widened value in the destination type, rounded once to nearest even. __bf16 through
// wavemma::numeric: the compiler's float -> __bf16 may be VCVTNEPS2BF16 (-march=native on an
// AVX512-BF16 host), which flushes subnormals, and x86's libgcc has no double -> __bf16 routine.
template <class E>
E to(double v) {
  if constexpr (std::is_same_v<E, __bf16>) {
    auto const b = static_cast<uint16_t>(numeric::from_double(numeric::Format::kBf16, v));
    E out;
    std::memcpy(&out, &b, sizeof out);
    return out;
  } else {
    return static_cast<E>(v);
  }
}
// Fields of a packed word: width 8 (fp8) or 4 (fp4) bits at position i.
inline unsigned field(uint32_t word, int width, int i) { return word >> (width * i) & ((1u << width) - 1); }
inline uint32_t with_field(uint32_t word, int width, int i, uint32_t value) {
  uint32_t const mask = ((1u << width) - 1) << (width * i);
  return (word & ~mask) | (value << (width * i) & mask);
}
inline int bits_of(Small s) { return s == Small::kFp4 ? 4 : 8; }

// Widening. One code (byte `sel`) to f32; to f16 into half `hi` of old.
inline float scalef32_f32(char const* b, Small s, int src, float scale, int sel) {
  numeric::Format const f = scaled_format(b, s);
  return static_cast<float>(scaled_up(f, field(static_cast<uint32_t>(src), 8, sel & 3), scale));
}
template <class V>
v2f16 scalef32_f16(char const* b, Small s, V old, int src, float scale, int sel, bool hi) {
  numeric::Format const f = scaled_format(b, s);
  v2f16 out{old[0], old[1]};
  out[hi ? 1 : 0] = static_cast<_Float16>(scaled_up(f, field(static_cast<uint32_t>(src), 8, sel & 3), scale));
  return out;
}
// Two codes: fp8 the bytes of word `sel` (0/1), fp4 the nibbles of byte `sel` (0-3); the low one
// is element 0.
template <class V>
V scalef32_pk_up(char const* b, Small s, unsigned src, float scale, int sel) {
  numeric::Format const f = scaled_format(b, s);
  int const w = bits_of(s), i = 2 * (sel & (s == Small::kFp4 ? 3 : 1));
  using E = std::remove_cv_t<std::remove_reference_t<decltype(V{}[0])>>;
  return V{to<E>(scaled_up(f, field(src, w, i), scale)), to<E>(scaled_up(f, field(src, w, i + 1), scale))};
}
// Narrowing. Two values into the two codes of word `sel` (fp8: old is two shorts) or byte `sel`
// (fp4: old is a word), a into the low one; the rest of old kept.
inline uint32_t pk_down(char const* b, Small s, uint32_t old, double x, double y, float scale, int sel) {
  numeric::Format const f = scaled_format(b, s);
  int const w = bits_of(s), i = 2 * (sel & (s == Small::kFp4 ? 3 : 1));
  old = with_field(old, w, i, encode(f, scaled_down(x, scale)));
  return with_field(old, w, i + 1, encode(f, scaled_down(y, scale)));
}
template <class V>
v2i16 scalef32_pk_fp8(char const* b, Small s, V old, double x, double y, float scale, bool word) {
  uint32_t const o = static_cast<uint16_t>(old[0]) | static_cast<uint32_t>(static_cast<uint16_t>(old[1])) << 16;
  uint32_t const r = pk_down(b, s, o, x, y, scale, word);
  return v2i16{static_cast<short>(r & 0xFFFFu), static_cast<short>(r >> 16)};
}
// The same from a two-element vector (half2, bfloat2, float2).
template <class V, class S>
v2i16 scalef32_pk_fp8_v(char const* b, Small s, V old, S const& src, float scale, bool word) {
  return scalef32_pk_fp8(b, s, old, static_cast<double>(src[0]), static_cast<double>(src[1]), scale, word);
}
template <class S>
uint32_t pk_fp4_v(char const* b, uint32_t old, S const& src, float scale, int sel) {
  return pk_down(b, Small::kFp4, old, static_cast<double>(src[0]), static_cast<double>(src[1]), scale, sel);
}
// Stochastic: one fp8 code into byte `sel` of old, or two fp4 codes into byte `sel`, by
// encode_stochastic on the scaled value [ASSUME: the scaling before the rounding, as gem5 orders
// it; the rounding as HIP's model of cvt_sr].
inline int scalef32_sr(char const* b, Small s, int old, double v, unsigned rnd, float scale, int sel) {
  numeric::Format const f = scaled_format(b, s);
  return static_cast<int>(
      with_field(static_cast<uint32_t>(old), 8, sel & 3, encode_stochastic(f, scaled_down(v, scale), rnd)));
}
inline unsigned scalef32_sr_fp4(char const* b, unsigned old, double x, double y, unsigned rnd, float scale, int sel) {
  numeric::Format const f = scaled_format(b, Small::kFp4);
  int const i = 2 * (sel & 3);
  old = with_field(old, 4, i, encode_stochastic(f, scaled_down(x, scale), rnd));
  return with_field(old, 4, i + 1, encode_stochastic(f, scaled_down(y, scale), rnd));
}
template <class S>
unsigned scalef32_sr_fp4_v(char const* b, unsigned old, S const& src, unsigned rnd, float scale, int sel) {
  return scalef32_sr_fp4(b, old, static_cast<double>(src[0]), static_cast<double>(src[1]), rnd, scale, sel);
}

} // namespace wavemma::hip::fp8_builtins

#define WAVEMMA_FP8_BUILTINS_ ::wavemma::hip::fp8_builtins
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

// gfx950's scaled conversions, with clang-22's signatures (BuiltinsAMDGPU.def).
#define WAVEMMA_SCALED_(name) "__builtin_amdgcn_cvt_scalef32_" #name
#define WAVEMMA_FP8_ WAVEMMA_FP8_BUILTINS_::Small::kFp8
#define WAVEMMA_BF8_ WAVEMMA_FP8_BUILTINS_::Small::kBf8
#define WAVEMMA_FP4_ WAVEMMA_FP8_BUILTINS_::Small::kFp4
// float (int src, float scale, const int byte_sel)
#define __builtin_amdgcn_cvt_scalef32_f32_fp8(src, scale, sel)                                                         \
  WAVEMMA_FP8_BUILTINS_::scalef32_f32(WAVEMMA_SCALED_(f32_fp8), WAVEMMA_FP8_, src, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_f32_bf8(src, scale, sel)                                                         \
  WAVEMMA_FP8_BUILTINS_::scalef32_f32(WAVEMMA_SCALED_(f32_bf8), WAVEMMA_BF8_, src, scale, sel)
// half2 (half2 old, int src, float scale, const int byte_sel, const bool dst_hi)
#define __builtin_amdgcn_cvt_scalef32_f16_fp8(old, src, scale, sel, hi)                                                \
  WAVEMMA_FP8_BUILTINS_::scalef32_f16(WAVEMMA_SCALED_(f16_fp8), WAVEMMA_FP8_, old, src, scale, sel, hi)
#define __builtin_amdgcn_cvt_scalef32_f16_bf8(old, src, scale, sel, hi)                                                \
  WAVEMMA_FP8_BUILTINS_::scalef32_f16(WAVEMMA_SCALED_(f16_bf8), WAVEMMA_BF8_, old, src, scale, sel, hi)
// float2 / half2 / bfloat2 (unsigned src, float scale, const bool word_sel | const int byte_sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f32_fp8(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f32>(WAVEMMA_SCALED_(pk_f32_fp8), WAVEMMA_FP8_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f32_bf8(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f32>(WAVEMMA_SCALED_(pk_f32_bf8), WAVEMMA_BF8_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f16_fp8(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f16>(WAVEMMA_SCALED_(pk_f16_fp8), WAVEMMA_FP8_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f16_bf8(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f16>(WAVEMMA_SCALED_(pk_f16_bf8), WAVEMMA_BF8_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_bf16_fp8(src, scale, sel)                                                     \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2bf16>(WAVEMMA_SCALED_(pk_bf16_fp8), WAVEMMA_FP8_,     \
                                                                       src, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_bf16_bf8(src, scale, sel)                                                     \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2bf16>(WAVEMMA_SCALED_(pk_bf16_bf8), WAVEMMA_BF8_,     \
                                                                       src, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f32>(WAVEMMA_SCALED_(pk_f32_fp4), WAVEMMA_FP4_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_f16_fp4(src, scale, sel)                                                      \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2f16>(WAVEMMA_SCALED_(pk_f16_fp4), WAVEMMA_FP4_, src,  \
                                                                      scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_bf16_fp4(src, scale, sel)                                                     \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_up<WAVEMMA_FP8_BUILTINS_::v2bf16>(WAVEMMA_SCALED_(pk_bf16_fp4), WAVEMMA_FP4_,     \
                                                                       src, scale, sel)
// short2 (short2 old, float a, float b, float scale, const bool word_sel)
#define __builtin_amdgcn_cvt_scalef32_pk_fp8_f32(old, a, b, scale, word)                                               \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_fp8(WAVEMMA_SCALED_(pk_fp8_f32), WAVEMMA_FP8_, old, float(a), float(b), scale,    \
                                         word)
#define __builtin_amdgcn_cvt_scalef32_pk_bf8_f32(old, a, b, scale, word)                                               \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_fp8(WAVEMMA_SCALED_(pk_bf8_f32), WAVEMMA_BF8_, old, float(a), float(b), scale,    \
                                         word)
// short2 (short2 old, half2 | bfloat2 src, float scale, const bool word_sel)
#define WAVEMMA_SCALED_PK8_(name, kind, old, src, scale, word)                                                         \
  WAVEMMA_FP8_BUILTINS_::scalef32_pk_fp8_v(WAVEMMA_SCALED_(name), kind, old, src, scale, word)
#define __builtin_amdgcn_cvt_scalef32_pk_fp8_f16(old, src, scale, word)                                                \
  WAVEMMA_SCALED_PK8_(pk_fp8_f16, WAVEMMA_FP8_, old, src, scale, word)
#define __builtin_amdgcn_cvt_scalef32_pk_fp8_bf16(old, src, scale, word)                                               \
  WAVEMMA_SCALED_PK8_(pk_fp8_bf16, WAVEMMA_FP8_, old, src, scale, word)
#define __builtin_amdgcn_cvt_scalef32_pk_bf8_f16(old, src, scale, word)                                                \
  WAVEMMA_SCALED_PK8_(pk_bf8_f16, WAVEMMA_BF8_, old, src, scale, word)
#define __builtin_amdgcn_cvt_scalef32_pk_bf8_bf16(old, src, scale, word)                                               \
  WAVEMMA_SCALED_PK8_(pk_bf8_bf16, WAVEMMA_BF8_, old, src, scale, word)
// unsigned (unsigned old, float a, float b, float scale, const int byte_sel) and
// unsigned (unsigned old, half2 | bfloat2 src, float scale, const int byte_sel)
#define __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(old, a, b, scale, sel)                                                \
  WAVEMMA_FP8_BUILTINS_::pk_down(WAVEMMA_SCALED_(pk_fp4_f32), WAVEMMA_FP4_, old, float(a), float(b), scale, sel)
#define WAVEMMA_SCALED_PK4_(name, old, src, scale, sel)                                                                \
  WAVEMMA_FP8_BUILTINS_::pk_fp4_v(WAVEMMA_SCALED_(name), old, src, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_fp4_f16(old, src, scale, sel)                                                 \
  WAVEMMA_SCALED_PK4_(pk_fp4_f16, old, src, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_pk_fp4_bf16(old, src, scale, sel)                                                \
  WAVEMMA_SCALED_PK4_(pk_fp4_bf16, old, src, scale, sel)
// int (int old, float | half | bfloat v, unsigned rnd, float scale, const int byte_sel)
#define __builtin_amdgcn_cvt_scalef32_sr_fp8_f32(old, v, rnd, scale, sel)                                              \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_fp8_f32), WAVEMMA_FP8_, old, float(v), rnd, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_sr_fp8_f16(old, v, rnd, scale, sel)                                              \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_fp8_f16), WAVEMMA_FP8_, old, double(_Float16(v)), rnd, scale,  \
                                     sel)
#define __builtin_amdgcn_cvt_scalef32_sr_fp8_bf16(old, v, rnd, scale, sel)                                             \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_fp8_bf16), WAVEMMA_FP8_, old, double(__bf16(v)), rnd, scale,   \
                                     sel)
#define __builtin_amdgcn_cvt_scalef32_sr_bf8_f32(old, v, rnd, scale, sel)                                              \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_bf8_f32), WAVEMMA_BF8_, old, float(v), rnd, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_sr_bf8_f16(old, v, rnd, scale, sel)                                              \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_bf8_f16), WAVEMMA_BF8_, old, double(_Float16(v)), rnd, scale,  \
                                     sel)
#define __builtin_amdgcn_cvt_scalef32_sr_bf8_bf16(old, v, rnd, scale, sel)                                             \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr(WAVEMMA_SCALED_(sr_bf8_bf16), WAVEMMA_BF8_, old, double(__bf16(v)), rnd, scale,   \
                                     sel)
// unsigned (unsigned old, float2 | half2 | bfloat2 src, unsigned rnd, float scale, const int byte_sel)
#define WAVEMMA_SCALED_SR4_(name, old, src, rnd, scale, sel)                                                           \
  WAVEMMA_FP8_BUILTINS_::scalef32_sr_fp4_v(WAVEMMA_SCALED_(name), old, src, rnd, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_sr_pk_fp4_f32(old, src, rnd, scale, sel)                                         \
  WAVEMMA_SCALED_SR4_(sr_pk_fp4_f32, old, src, rnd, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_sr_pk_fp4_f16(old, src, rnd, scale, sel)                                         \
  WAVEMMA_SCALED_SR4_(sr_pk_fp4_f16, old, src, rnd, scale, sel)
#define __builtin_amdgcn_cvt_scalef32_sr_pk_fp4_bf16(old, src, rnd, scale, sel)                                        \
  WAVEMMA_SCALED_SR4_(sr_pk_fp4_bf16, old, src, rnd, scale, sel)
