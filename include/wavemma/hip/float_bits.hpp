#pragma once
// The bit-level conversions behind HIP's 16- and 8-bit float types (hip_float16.hpp,
// hip_bfloat16.hpp, hip_fp8.hpp): wavemma::numeric's exact decoding and correctly rounded
// encoding, with HIP's NaN rules on top. Every value of these formats is a double, so a
// conversion from float or double rounds once, from the exact value. C++17.

#include "wavemma/numeric/format.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace wavemma::hip::fp {

using numeric::Format;
using numeric::Rounding;

// The bits of a value as another type of the same size (std::bit_cast, which C++17 lacks).
template <class To, class From>
To bits_as(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &v, sizeof t);
  return t;
}
inline uint64_t double_bits(double v) { return bits_as<uint64_t>(v); }
inline double bits_double(uint64_t b) { return bits_as<double>(b); }
inline uint32_t float_bits(float v) { return bits_as<uint32_t>(v); }
inline float bits_float(uint32_t b) { return bits_as<float>(b); }

// A NaN's sign and the top of its payload, quieted, in a narrower IEEE format (what the GPU's and
// x86's conversions do, IEEE 754 §6.2.3) [ASSUME for the GPU: not measured].
inline uint16_t narrow_nan(double v, int frac_bits, int exp_bits) {
  uint64_t const b = double_bits(v);
  uint64_t const sign = b >> 63, payload = (b & 0xFFFFFFFFFFFFFull) >> (52 - frac_bits);
  uint64_t const exp_all = ((uint64_t{1} << exp_bits) - 1) << frac_bits;
  uint64_t const quiet = uint64_t{1} << (frac_bits - 1);
  return static_cast<uint16_t>(sign << (frac_bits + exp_bits) | exp_all | quiet | payload);
}

// f16 or bf16 bits of v, rounded once; a NaN keeps its sign and payload top, quieted.
inline uint16_t narrow16(Format f, double v, Rounding r = Rounding::kNearestEven) {
  numeric::FormatInfo const& fi = numeric::info(f);
  if (std::isnan(v)) return narrow_nan(v, fi.frac_bits, fi.exp_bits);
  return static_cast<uint16_t>(numeric::from_double(f, v, r));
}

// The exact value of f16 or bf16 bits; a NaN becomes the double NaN of the same sign and payload.
inline double widen16(Format f, uint16_t bits) {
  numeric::FormatInfo const& fi = numeric::info(f);
  numeric::Decoded const d = numeric::decode(f, bits);
  if (d.is_nan()) {
    uint64_t const sign = uint64_t(bits >> 15) << 63;
    uint64_t const payload = uint64_t(bits & ((1u << fi.frac_bits) - 1)) << (52 - fi.frac_bits);
    return bits_double(sign | 0x7FF8000000000000ull | payload);
  }
  return numeric::to_double(f, bits);
}

// Rounds the exact sum hi + lo (|lo| at most half an ulp of hi, as TwoSum leaves it) once:
// rounding hi to odd first keeps the sticky information (53 bits >= 11 + 2).
inline double round_to_odd(double hi, double lo) {
  if (lo == 0 || std::isnan(hi) || std::isinf(hi)) return hi;
  if ((double_bits(hi) & 1) == 0) hi = std::nextafter(hi, lo > 0 ? HUGE_VAL : -HUGE_VAL);
  return hi;
}
// a * b + c, exact up to the final rounding, for operands whose product is exact in double (f16,
// bf16 and fp8 operands).
inline double fma_to_odd(double a, double b, double c) {
  double const p = a * b; // exact
  double const s = p + c;
  double const bp = s - c, bc = s - bp;
  double const err = (p - bp) + (c - bc); // TwoSum: s + err = p + c exactly
  return round_to_odd(s, err);
}

// HIP's rounding of a float to an integer type: the mode's rounding, NaN -> 0, saturating.
template <class Int>
Int float_to_int(double v, Rounding r) {
  if (std::isnan(v)) return 0;
  double const rounded = r == Rounding::kNearestEven  ? std::nearbyint(v)
                         : r == Rounding::kTowardZero ? std::trunc(v)
                         : r == Rounding::kDown       ? std::floor(v)
                                                      : std::ceil(v);
  if (rounded <= static_cast<double>(std::numeric_limits<Int>::min())) return std::numeric_limits<Int>::min();
  if (rounded >= static_cast<double>(std::numeric_limits<Int>::max())) return std::numeric_limits<Int>::max();
  return static_cast<Int>(rounded);
}

} // namespace wavemma::hip::fp
