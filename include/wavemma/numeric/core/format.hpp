#pragma once
// Number formats of the matrix instructions for host and device code: the format table, exact
// decoding and correctly rounded encoding (shared/reference/numerics.md §1). format.hpp is the
// host API over these; the definitions live here, once.

#include "wavemma/numeric/core/hd.hpp"

#include <cstdint>

namespace wavemma::numeric {

enum class Format : uint8_t {
  kF32,
  kF64,
  kF16,
  kBf16,
  kXf32,        // an f32 word whose low 13 fraction bits are dropped on input (10 fraction bits left)
  kFp8E4M3,     // OCP E4M3FN (gfx12 "fp8"): no inf, NaN = S.1111.111
  kBf8E5M2,     // OCP E5M2 (gfx12 "bf8"): IEEE-like
  kFp8E4M3Fnuz, // E4M3FNUZ (gfx942 "fp8"): bias 8, 0x80 = NaN, no inf, no -0
  kBf8E5M2Fnuz, // E5M2FNUZ (gfx942 "bf8"): bias 16, 0x80 = NaN, no inf, no -0
  kI8,
  kU8,
  kI4,
  kU4,
  kI32,
  // OCP Microscaling Formats (MX) v1.0 element and scale formats (gfx950 f8f6f4 MFMA): no inf, no
  // NaN in the elements; AMD's names: "fp6" = E2M3, "bf6" = E3M2, "fp4" = E2M1.
  kFp6E2M3, // FP6 E2M3: bias 1, max 7.5, signed zeros
  kBf6E3M2, // FP6 E3M2: bias 3, max 28, signed zeros
  kFp4E2M1, // FP4 E2M1: bias 1, max 6, signed zeros
  kE8M0,    // E8M0 scale: 2^(E-127) for E = 0..254, 0xFF = NaN; no sign, no zero
  // Named, not computed: formats the catalog names whose definition is not public. No function of
  // wavemma::numeric takes them (parse_format does not return them, the emulator refuses them).
  kE5M3, // AMD E5M3 scale (gfx1250 matrix_*_scale_fmt 1): 5 exponent, 3 fraction bits, no sign
};
inline constexpr int kFormatCount = 18;      // the formats numeric computes with: kF32 .. kE8M0
inline constexpr int kNamedFormatCount = 19; // every enumerator: kFormatCount, then the named-only ones

// How a format spends its top exponent codes and its sign bit.
enum class Specials : uint8_t {
  kIeee,    // E = all ones: inf (F = 0) or NaN (F != 0); signed zeros
  kOcpE4m3, // no inf; only S.1111.111 is NaN; signed zeros
  kFnuz,    // no inf; the code 1000...0 (negative zero) is the only NaN
  kInteger, // two's complement or unsigned integer
  kFinite,  // no inf, no NaN: every code is a number; signed zeros (MX FP6/FP4)
  kE8m0,    // unsigned powers of two 2^(E - bias), no zero; E = all ones is the only NaN
};

// Exact value of a code: (-1)^neg * sig * 2^exp.
// Floats: sig is the stored significand (hidden bit included when E > 0), never normalised, and
// exp = max(E, 1) - bias - frac_bits; zeros have sig = 0 and that same subnormal-grid exp.
// xf32 is classified as inf/NaN on the full f32 word (a NaN whose payload sits only in the dropped
// bits stays NaN, numerics.md §9 item 8), then its low 13 fraction bits are dropped: sig has 10
// fraction bits. E8M0: every code but 0xFF is finite, sig = 1 and exp = E - 127 (E = 0 is 2^-127,
// not a zero). Integers: sig = |value|, exp = 0. For inf/NaN sig holds the fraction field, exp = 0.
struct Decoded {
  enum Class : uint8_t { kZero, kFinite, kInf, kNaN } cls;
  bool neg;
  uint64_t sig;
  int exp;

  WAVEMMA_HD bool is_nan() const { return cls == kNaN; }
  WAVEMMA_HD bool is_inf() const { return cls == kInf; }
  WAVEMMA_HD bool is_zero() const { return cls == kZero; }
  WAVEMMA_HD bool is_finite() const { return cls == kZero || cls == kFinite; }
};

enum class Rounding : uint8_t { kNearestEven, kTowardZero, kDown, kUp };

namespace core {

// The numeric parameters of a format (format.hpp's FormatInfo adds the name).
struct FormatParams {
  int bits;      // storage width
  int exp_bits;  // 0 for integers
  int frac_bits; // fraction bits that carry value (xf32: 10)
  int bias;
  bool is_float;
  bool is_signed;
  Specials specials;
  int stored_frac_bits; // fraction field width in the stored word (xf32: 23)
  uint64_t max_finite;  // code of the largest finite positive value (integers: largest value)

  WAVEMMA_HD constexpr int e_min() const { return 1 - bias; } // exponent of the smallest normal
  WAVEMMA_HD constexpr bool has_inf() const { return specials == Specials::kIeee; }
  WAVEMMA_HD constexpr bool has_negative_zero() const {
    return specials == Specials::kIeee || specials == Specials::kOcpE4m3 || specials == Specials::kFinite;
  }
  WAVEMMA_HD constexpr bool has_nan() const { return is_float && specials != Specials::kFinite; }
};

// clang-format off
WAVEMMA_HD constexpr FormatParams params(Format f) {
  constexpr Specials kIeee = Specials::kIeee, kOcpE4m3 = Specials::kOcpE4m3, kFnuz = Specials::kFnuz,
                     kInteger = Specials::kInteger, kFinite = Specials::kFinite, kE8m0 = Specials::kE8m0;
  switch (f) {
  //                                bits exp frac bias  float  signed specials  stored max_finite
  case Format::kF32:          return {32,  8,  23,  127,  true,  true,  kIeee,    23, 0x7F7FFFFF};
  case Format::kF64:          return {64,  11, 52,  1023, true,  true,  kIeee,    52, 0x7FEFFFFFFFFFFFFF};
  case Format::kF16:          return {16,  5,  10,  15,   true,  true,  kIeee,    10, 0x7BFF};
  case Format::kBf16:         return {16,  8,  7,   127,  true,  true,  kIeee,    7,  0x7F7F};
  case Format::kXf32:         return {32,  8,  10,  127,  true,  true,  kIeee,    23, 0x7F7FE000};
  case Format::kFp8E4M3:      return {8,   4,  3,   7,    true,  true,  kOcpE4m3, 3,  0x7E};
  case Format::kBf8E5M2:      return {8,   5,  2,   15,   true,  true,  kIeee,    2,  0x7B};
  case Format::kFp8E4M3Fnuz:  return {8,   4,  3,   8,    true,  true,  kFnuz,    3,  0x7F};
  case Format::kBf8E5M2Fnuz:  return {8,   5,  2,   16,   true,  true,  kFnuz,    2,  0x7F};
  case Format::kI8:           return {8,   0,  0,   0,    false, true,  kInteger, 0,  0x7F};
  case Format::kU8:           return {8,   0,  0,   0,    false, false, kInteger, 0,  0xFF};
  case Format::kI4:           return {4,   0,  0,   0,    false, true,  kInteger, 0,  0x7};
  case Format::kU4:           return {4,   0,  0,   0,    false, false, kInteger, 0,  0xF};
  case Format::kI32:          return {32,  0,  0,   0,    false, true,  kInteger, 0,  0x7FFFFFFF};
  case Format::kFp6E2M3:      return {6,   2,  3,   1,    true,  true,  kFinite,  3,  0x1F};
  case Format::kBf6E3M2:      return {6,   3,  2,   3,    true,  true,  kFinite,  2,  0x1F};
  case Format::kFp4E2M1:      return {4,   2,  1,   1,    true,  true,  kFinite,  1,  0x7};
  case Format::kE8M0:         return {8,   8,  0,   127,  true,  false, kE8m0,    0,  0xFE};
  // Width and fields only; bias 15 and no inf/NaN are [ASSUME] (AMD does not publish them).
  case Format::kE5M3:         return {8,   5,  3,   15,   true,  false, kFinite,  3,  0xFF};
  }
  return {32, 8, 23, 127, true, true, kIeee, 23, 0x7F7FFFFF};
}
// clang-format on

// Mask of the storage bits of a format.
WAVEMMA_HD constexpr uint64_t storage_mask(Format f) {
  int const b = params(f).bits;
  return b >= 64 ? ~uint64_t{0} : (uint64_t{1} << b) - 1;
}

// The format's canonical quiet NaN (positive where the sign is free); formats without NaN (integers,
// MX FP6/FP4) give 0.
WAVEMMA_HD constexpr uint64_t canonical_nan(Format f) {
  FormatParams const fi = params(f);
  switch (fi.specials) {
  case Specials::kIeee: // exponent all ones, top fraction bit set
    return ((uint64_t{1} << fi.exp_bits) - 1) << fi.stored_frac_bits | uint64_t{1} << (fi.stored_frac_bits - 1);
  case Specials::kOcpE4m3:
    return 0x7F;
  case Specials::kFnuz:
    return 0x80;
  case Specials::kE8m0:
    return 0xFF;
  case Specials::kInteger:
  case Specials::kFinite:
    return 0;
  }
  return 0;
}

WAVEMMA_HD inline Decoded decode_integer(FormatParams const& fi, uint64_t bits) {
  bits &= (uint64_t{1} << fi.bits) - 1;
  bool const neg = fi.is_signed && ((bits >> (fi.bits - 1)) & 1) != 0;
  uint64_t const mag = neg ? (uint64_t{1} << fi.bits) - bits : bits; // two's complement magnitude
  return {mag == 0 ? Decoded::kZero : Decoded::kFinite, neg, mag, 0};
}

// The exact value of a code (Decoded states the representation).
WAVEMMA_HD inline Decoded decode(Format f, uint64_t bits) {
  FormatParams const fi = params(f);
  if (!fi.is_float) return decode_integer(fi, bits);
  bits &= core::storage_mask(f);
  if (fi.specials == Specials::kE8m0) { // 2^(E - 127); no sign bit, no zero
    if (bits == 0xFF) return {Decoded::kNaN, false, 0, 0};
    return {Decoded::kFinite, false, 1, static_cast<int>(bits) - fi.bias};
  }

  bool const neg = ((bits >> (fi.bits - 1)) & 1) != 0;
  uint64_t const e_all_ones = (uint64_t{1} << fi.exp_bits) - 1;
  uint64_t const e = (bits >> fi.stored_frac_bits) & e_all_ones;
  uint64_t frac = bits & ((uint64_t{1} << fi.stored_frac_bits) - 1);

  switch (fi.specials) {
  case Specials::kIeee:
    if (e == e_all_ones) return {frac == 0 ? Decoded::kInf : Decoded::kNaN, neg, frac, 0};
    break;
  case Specials::kOcpE4m3:
    if (e == e_all_ones && frac == (uint64_t{1} << fi.frac_bits) - 1) return {Decoded::kNaN, neg, frac, 0};
    break;
  case Specials::kFnuz:
    if (bits == uint64_t{1} << (fi.bits - 1)) return {Decoded::kNaN, true, 0, 0};
    break;
  case Specials::kInteger:
  case Specials::kFinite:
  case Specials::kE8m0:
    break;
  }
  frac >>= fi.stored_frac_bits - fi.frac_bits; // xf32: drop the low 13 bits (after classifying)

  int const ae = max(static_cast<int>(e), 1) - fi.bias; // alignment exponent (numerics §1.1)
  int const exp = ae - fi.frac_bits;
  if (e == 0 && frac == 0) return {Decoded::kZero, neg, 0, exp};
  uint64_t const sig = e == 0 ? frac : (uint64_t{1} << fi.frac_bits) | frac;
  return {Decoded::kFinite, neg, sig, exp};
}

// --- encoding -------------------------------------------------------------------------------

// Whether rounding `kept` (with the bits below it summarised by round_bit and lower_bits) moves
// away from zero to the next multiple.
WAVEMMA_HD inline bool rounds_away(Rounding r, bool neg, uint64_t kept, bool round_bit, bool lower_bits) {
  switch (r) {
  case Rounding::kNearestEven:
    return round_bit && (lower_bits || (kept & 1) != 0);
  case Rounding::kTowardZero:
    return false;
  case Rounding::kUp:
    return !neg && (round_bit || lower_bits);
  case Rounding::kDown:
    return neg && (round_bit || lower_bits);
  }
  return false;
}

// Rounds (sig + sticky·ε)·2^exp onto the grid 2^q; returns the multiple of 2^q.
WAVEMMA_HD inline uint64_t round_to_grid(uint64_t sig, int exp, bool sticky, int q, bool neg, Rounding r) {
  if (exp >= q) {
    // Exact on the grid; only the infinitesimal sticky part can round away.
    uint64_t const kept = shift_trunc(sig, q - exp);
    return kept + (rounds_away(r, neg, kept, false, sticky) ? 1 : 0);
  }
  int const s = q - exp;
  uint64_t const kept = shift_trunc(sig, s);
  bool round_bit = false;
  bool lower = sticky;
  if (s <= 64) {
    round_bit = ((sig >> (s - 1)) & 1) != 0;
    lower = lower || (sig & ((uint64_t{1} << (s - 1)) - 1)) != 0;
  } else {
    lower = lower || sig != 0; // every bit lies below the round bit
  }
  return kept + (rounds_away(r, neg, kept, round_bit, lower) ? 1 : 0);
}

WAVEMMA_HD inline bool overflow_saturates(Rounding r, bool neg) {
  return r == Rounding::kTowardZero || (r == Rounding::kDown && !neg) || (r == Rounding::kUp && neg);
}

WAVEMMA_HD inline uint64_t encode_integer(FormatParams const& fi, bool neg, uint64_t sig, int exp, Rounding r,
                                          bool sticky) {
  // Grid 2^0; a value far above 2^64 saturates below anyway.
  uint64_t mag;
  if (sig != 0 && exp > 0 && (exp >= 64 || bit_length(sig) + exp > 64)) {
    mag = ~uint64_t{0};
  } else {
    mag = round_to_grid(sig, exp, sticky, 0, neg, r);
  }
  uint64_t const max_pos = fi.max_finite;
  uint64_t const max_neg = fi.is_signed ? max_pos + 1 : 0;
  if (!neg) return min(mag, max_pos);
  mag = min(mag, max_neg);
  return (uint64_t{0} - mag) & ((fi.bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << fi.bits) - 1));
}

WAVEMMA_HD inline uint64_t signed_zero(FormatParams const& fi, bool neg) {
  return neg && fi.has_negative_zero() ? uint64_t{1} << (fi.bits - 1) : 0;
}

// The code of an overflow: inf, NaN without inf, the largest finite value when the rounding points
// toward zero, always that for MX FP6/FP4 (format.hpp, encode).
WAVEMMA_HD inline uint64_t overflow_code(Format f, bool neg, Rounding r) {
  FormatParams const fi = params(f);
  uint64_t const sign = neg ? uint64_t{1} << (fi.bits - 1) : 0;
  // MX FP6/FP4 have no inf or NaN: conversion clamps to the max normal (OCP MX v1.0).
  if (overflow_saturates(r, neg) || fi.specials == Specials::kFinite) return sign | fi.max_finite;
  if (fi.has_inf()) return sign | (((uint64_t{1} << fi.exp_bits) - 1) << fi.stored_frac_bits);
  return fi.specials == Specials::kFnuz ? core::canonical_nan(f) : sign | core::canonical_nan(f);
}

// E8M0: a positive value onto a neighbouring power of two (format.hpp states the rule).
WAVEMMA_HD inline uint64_t encode_e8m0(FormatParams const& fi, bool neg, uint64_t sig, int exp, Rounding r,
                                       bool sticky) {
  constexpr uint64_t kNan = 0xFF;
  if (neg || (sig == 0 && !sticky)) return kNan;         // no sign, no zero
  if (sig == 0) return r == Rounding::kUp ? 0x00 : kNan; // an infinitesimal: only up reaches 2^-127
  int const lead = bit_length(sig) - 1;                  // value in [2^(lead+exp), 2^(lead+exp+1))
  int e = lead + exp;
  // Round onto the grid 2^e with one significand bit: kept is 1, the rest decides.
  uint64_t const m = round_to_grid(sig, exp, sticky, e, false, r);
  if (m == 2) ++e;
  int const biased = e + fi.bias;
  if (biased < 0) {
    // Below 2^-127: nothing smaller exists, so every mode but a rounding up past 2^-127 gives it.
    return 0x00;
  }
  if (biased > 254) return overflow_saturates(r, false) ? fi.max_finite : kNan;
  return static_cast<uint64_t>(biased);
}

// Correctly rounded encoding of (-1)^neg * (sig + sticky·ε) * 2^exp (format.hpp, encode, states
// the rules).
WAVEMMA_HD inline uint64_t encode(Format f, bool neg, uint64_t sig, int exp, Rounding r, bool sticky = false) {
  FormatParams const fi = params(f);
  if (!fi.is_float) return encode_integer(fi, neg, sig, exp, r, sticky);
  if (fi.specials == Specials::kE8m0) return encode_e8m0(fi, neg, sig, exp, r, sticky);

  int const p = fi.frac_bits;       // the result keeps p fraction bits
  int const q_min = fi.e_min() - p; // subnormal grid
  int q;                            // grid of the result
  if (sig == 0) {
    if (!sticky) return signed_zero(fi, neg);
    q = q_min; // an infinitesimal: only directed rounding can lift it to the smallest subnormal
    exp = q_min - 2;
  } else {
    q = max(bit_length(sig) - 1 + exp - p, q_min);
  }
  uint64_t m = round_to_grid(sig, exp, sticky, q, neg, r);
  if (m == uint64_t{2} << p) { // carried into the next binade
    m >>= 1;
    ++q;
  }
  if (m == 0) return signed_zero(fi, neg);

  // m·2^q with m < 2^(p+1): normal when m has the hidden bit, otherwise q is the subnormal grid.
  int64_t const biased = m >> p ? static_cast<int64_t>(q) + p + fi.bias : 0;
  uint64_t const frac = m & ((uint64_t{1} << p) - 1);
  int64_t const e_top = (int64_t{1} << fi.exp_bits) - 1;
  if (biased > e_top) return overflow_code(f, neg, r);
  uint64_t const code = (static_cast<uint64_t>(biased) << fi.stored_frac_bits) | (frac << (fi.stored_frac_bits - p));
  if (code > fi.max_finite) return overflow_code(f, neg, r);
  return (neg ? uint64_t{1} << (fi.bits - 1) : 0) | code;
}

// --- exact conversions ----------------------------------------------------------------------

// The value of a code as a double, exactly (every value of every format is a double): NaN as the
// quiet NaN 0x7FF8... with the code's sign, inf as inf.
WAVEMMA_HD inline double to_double(Format f, uint64_t bits) {
  Decoded const d = core::decode(f, bits);
  uint64_t const sign = d.neg ? uint64_t{1} << 63 : 0;
  switch (d.cls) {
  case Decoded::kNaN:
    return f64_from(sign | 0x7FF8000000000000);
  case Decoded::kInf:
    return f64_from(sign | 0x7FF0000000000000);
  case Decoded::kZero:
    return f64_from(sign);
  case Decoded::kFinite:
    break;
  }
  double const m = ldexp2(static_cast<double>(d.sig), d.exp); // sig < 2^53: exact
  return d.neg ? -m : m;
}

// The value of a code as a float, for formats whose every value is one (all but f64): NaN as the
// quiet NaN 0x7FC00000 with the code's sign (what converting to_double's NaN gives on the host).
WAVEMMA_HD inline float to_float(Format f, uint64_t bits) {
  Decoded const d = core::decode(f, bits);
  uint32_t const sign = d.neg ? 0x80000000u : 0;
  switch (d.cls) {
  case Decoded::kNaN:
    return f32_from(sign | 0x7FC00000u);
  case Decoded::kInf:
    return f32_from(sign | 0x7F800000u);
  case Decoded::kZero:
    return f32_from(sign);
  case Decoded::kFinite:
    break;
  }
  auto const m = static_cast<float>(ldexp2(static_cast<double>(d.sig), d.exp)); // exact in float
  return d.neg ? -m : m;
}

// Packed 16-bit C as the RDNA hardware widens it (inputs.hpp, widen_to_f32): f16 exactly, NaN
// payload shifted without quieting; bf16 as bits << 16. Any other format: bf16's rule.
WAVEMMA_HD inline uint32_t widen16_to_f32(Format from16, uint16_t bits) {
  if (from16 != Format::kF16) return uint32_t{bits} << 16;
  uint32_t const sign = uint32_t{bits & 0x8000u} << 16;
  uint32_t const e = (bits >> 10) & 0x1F;
  uint32_t const frac = bits & 0x3FF;
  if (e == 0x1F) return sign | 0x7F800000 | frac << 13; // inf, NaN with its payload, not quieted
  if (e != 0) return sign | (e + 112) << 23 | frac << 13;
  if (frac == 0) return sign;
  // Subnormal f16 frac·2^-24 becomes a normal f32: normalise the leading one to the hidden bit.
  int const lead = bit_length(frac) - 1; // 0..9
  auto const f32_exp = static_cast<uint32_t>(lead - 24 + 127);
  uint32_t const f32_frac = (frac << (23 - lead)) & 0x7FFFFF;
  return sign | f32_exp << 23 | f32_frac;
}

} // namespace core
} // namespace wavemma::numeric
