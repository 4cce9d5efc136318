#pragma once
// The tests' own statement of every format (numerics.md §1.1, OCP8, OCP MX v1.0 §5), independent of
// the code under test: field widths, bias and special-value rules, and the value of a code from the
// textbook formula.

#include "wavemma/numeric/format.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

namespace wavemma::numeric::oracle {

enum class Kind { kIeee, kOcpE4m3, kFnuz, kFinite /* MX FP6/FP4: no inf, no NaN */ };

struct FloatSpec {
  Format format;
  int bits, exp_bits, frac_bits, bias;
  Kind kind;
};

inline constexpr FloatSpec kF16{Format::kF16, 16, 5, 10, 15, Kind::kIeee};
inline constexpr FloatSpec kBf16{Format::kBf16, 16, 8, 7, 127, Kind::kIeee};
inline constexpr FloatSpec kE4M3{Format::kFp8E4M3, 8, 4, 3, 7, Kind::kOcpE4m3};
inline constexpr FloatSpec kE5M2{Format::kBf8E5M2, 8, 5, 2, 15, Kind::kIeee};
inline constexpr FloatSpec kE4M3Fnuz{Format::kFp8E4M3Fnuz, 8, 4, 3, 8, Kind::kFnuz};
inline constexpr FloatSpec kE5M2Fnuz{Format::kBf8E5M2Fnuz, 8, 5, 2, 16, Kind::kFnuz};
// OCP MX v1.0 §5.3: FP6 E2M3 (bias 1, max 7.5), FP6 E3M2 (bias 3, max 28), FP4 E2M1 (bias 1, max 6).
inline constexpr FloatSpec kE2M3{Format::kFp6E2M3, 6, 2, 3, 1, Kind::kFinite};
inline constexpr FloatSpec kE3M2{Format::kBf6E3M2, 6, 3, 2, 3, Kind::kFinite};
inline constexpr FloatSpec kE2M1{Format::kFp4E2M1, 4, 2, 1, 1, Kind::kFinite};
inline constexpr FloatSpec kMxFloats[] = {kE2M3, kE3M2, kE2M1};
inline constexpr FloatSpec kSmallFloats[] = {kF16, kBf16, kE4M3, kE5M2, kE4M3Fnuz, kE5M2Fnuz, kE2M3, kE3M2, kE2M1};

inline uint32_t sign_bit(FloatSpec const& s) { return 1u << (s.bits - 1); }
inline uint32_t exp_field(FloatSpec const& s, uint32_t code) {
  return (code >> s.frac_bits) & ((1u << s.exp_bits) - 1);
}
inline uint32_t frac_field(FloatSpec const& s, uint32_t code) { return code & ((1u << s.frac_bits) - 1); }

inline bool is_nan(FloatSpec const& s, uint32_t code) {
  uint32_t const e_top = (1u << s.exp_bits) - 1;
  uint32_t const mag = code & (sign_bit(s) - 1);
  switch (s.kind) {
  case Kind::kIeee:
    return exp_field(s, code) == e_top && frac_field(s, code) != 0;
  case Kind::kOcpE4m3:
    return mag == sign_bit(s) - 1; // S.1111.111
  case Kind::kFnuz:
    return code == sign_bit(s); // 1000...0
  case Kind::kFinite:
    return false;
  }
  return false;
}
inline bool is_inf(FloatSpec const& s, uint32_t code) {
  return s.kind == Kind::kIeee && exp_field(s, code) == (1u << s.exp_bits) - 1 && frac_field(s, code) == 0;
}

// (-1)^S · 2^(E-bias) · (1 + F/2^f) for E > 0, (-1)^S · 2^(1-bias) · (F/2^f) for E = 0 — in double,
// which holds every value of these formats exactly.
inline double value(FloatSpec const& s, uint32_t code) {
  uint32_t const e = exp_field(s, code);
  double const f = static_cast<double>(frac_field(s, code)) / std::pow(2.0, s.frac_bits);
  double const mag = e == 0 ? std::pow(2.0, 1 - s.bias) * f : std::pow(2.0, static_cast<int>(e) - s.bias) * (1.0 + f);
  return (code & sign_bit(s)) != 0 ? -mag : mag;
}

// Positive finite codes in increasing value: 0, 1, ..., largest finite.
inline uint32_t max_finite_code(FloatSpec const& s) {
  switch (s.kind) {
  case Kind::kIeee:
    return (((1u << s.exp_bits) - 1) << s.frac_bits) - 1; // just below inf
  case Kind::kOcpE4m3:
    return sign_bit(s) - 2; // 0x7E
  case Kind::kFnuz:
  case Kind::kFinite:
    return sign_bit(s) - 1; // 0x7F; MX: every magnitude code is a number
  }
  return 0;
}

// The ulp exponent (grid) of a positive code: the distance to the next code up is 2^grid.
inline int grid_of(FloatSpec const& s, uint32_t code) {
  int const e = static_cast<int>(exp_field(s, code));
  return std::max(e, 1) - s.bias - s.frac_bits;
}
// The integer significand of a positive code on its own grid.
inline uint64_t sig_of(FloatSpec const& s, uint32_t code) {
  uint32_t const e = exp_field(s, code);
  return (e == 0 ? 0u : 1u << s.frac_bits) + frac_field(s, code);
}

inline uint32_t with_sign(FloatSpec const& s, bool neg, uint32_t mag_code) {
  if (!neg) return mag_code;
  if (mag_code == 0 && s.kind == Kind::kFnuz) return 0; // no negative zero
  return mag_code | sign_bit(s);
}

// OCP MX v1.0 §5.4.1 E8M0: an unsigned biased exponent, value 2^(E - 127) for E = 0..254; 0xFF is
// NaN; there is no zero and no sign.
inline bool e8m0_is_nan(uint32_t code) { return code == 0xFF; }
inline double e8m0_value(uint32_t code) { return std::pow(2.0, static_cast<int>(code) - 127); }

} // namespace wavemma::numeric::oracle
