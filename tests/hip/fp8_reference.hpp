#pragma once
// The four fp8 formats from their field layouts alone (OCP 8-bit floating point v1.0 for E4M3FN and
// E5M2; AMD's FNUZ variants: bias one larger, 0x80 the only NaN, no infinity, no -0), and the
// round-to-nearest-even of a value among a format's values, by search over all 256 codes: an
// oracle that shares nothing with wavemma::numeric. Plain C++ (also compiled in HIP programs).

#include <cmath>
#include <cstdint>

namespace fp8ref {

struct Format {
  int exp_bits, man_bits;
  bool fnuz;
  int bias() const { return (1 << (exp_bits - 1)) - 1 + (fnuz ? 1 : 0); }
};
inline constexpr Format kE4M3{4, 3, false}, kE5M2{5, 2, false}, kE4M3Fnuz{4, 3, true}, kE5M2Fnuz{5, 2, true};

inline bool is_nan(Format f, unsigned code) {
  if (f.fnuz) return code == 0x80;
  if (f.exp_bits == 4) return (code & 0x7F) == 0x7F;
  return (code & 0x7C) == 0x7C && (code & 3) != 0;
}
inline bool is_inf(Format f, unsigned code) { return !f.fnuz && f.exp_bits == 5 && (code & 0x7F) == 0x7C; }
// The value of a non-NaN code (infinity for an E5M2 infinity).
inline double value(Format f, unsigned code) {
  double const sign = (code & 0x80) ? -1.0 : 1.0;
  if (is_inf(f, code)) return sign * HUGE_VAL;
  int const e = static_cast<int>(code >> f.man_bits) & ((1 << f.exp_bits) - 1);
  int const m = static_cast<int>(code) & ((1 << f.man_bits) - 1);
  double const mag =
      e == 0 ? std::ldexp(m, 1 - f.bias() - f.man_bits) : std::ldexp((1 << f.man_bits) + m, e - f.bias() - f.man_bits);
  return sign * mag;
}
// The largest finite code's magnitude and the next value the precision would give above it.
inline unsigned max_code(Format f) { return f.fnuz ? 0x7F : f.exp_bits == 4 ? 0x7E : 0x7B; }

// Round to nearest even among the format's finite values, with IEEE 754's overflow (a value that
// rounds beyond the largest finite one, with the exponent unbounded); returns the code, or -1 on
// overflow. Zero: +0 for FNUZ, the value's sign otherwise.
inline int round_nearest_even(Format f, double v) {
  bool const neg = std::signbit(v);
  double const a = std::fabs(v);
  unsigned best = 0;
  double best_d = a;
  for (unsigned c = 1; c <= max_code(f); ++c) {
    double const d = std::fabs(value(f, c) - a);
    if (d < best_d || (d == best_d && (c & 1) == 0)) best = c, best_d = d;
  }
  // The value one step above the largest (its code would be max_code + 1: even when max is odd).
  double const above =
      value(f, max_code(f)) + std::ldexp(1.0, static_cast<int>(std::ilogb(value(f, max_code(f)))) - f.man_bits);
  if (a >= above) return -1;
  double const d = above - a;
  if (d < best_d || (d == best_d && (max_code(f) & 1) == 1)) return -1;
  if (best == 0 && f.fnuz) return 0;
  return static_cast<int>(best | (neg ? 0x80u : 0u));
}

// The fp8/bf8 conversion builtins' rules (docs/hipcc.md), on top of the formats:
// The expected code of f32 v: the nearest even code, NaN on overflow or for NaN/inf (OCP E5M2:
// infinity for overflow and infinity).
inline unsigned builtin_nearest_even(Format f, double v) {
  bool const neg = std::signbit(v);
  bool const e5m2_ocp = !f.fnuz && f.exp_bits == 5;
  unsigned const nan = f.fnuz ? 0x80u : (neg ? 0x80u : 0u) | 0x7Fu;
  if (std::isnan(v)) return nan;
  int const c = std::isinf(v) ? -1 : round_nearest_even(f, v);
  if (c >= 0) return unsigned(c);
  return e5m2_ocp ? (neg ? 0xFCu : 0x7Cu) : nan;
}

// Stochastic rounding, by HIP's model of it: with T the largest format value at or below |v| and q
// the step above it, the result is the step up when floor((|v| - T) / q * 2^D) + (rnd mod 2^D)
// reaches 2^D, D = 23 - (fraction bits); T otherwise; beyond the largest value, NaN (infinity in
// OCP E5M2), as in the nearest-even conversion.
inline unsigned builtin_stochastic(Format f, double v, uint32_t rnd) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return builtin_nearest_even(f, v);
  bool const neg = std::signbit(v);
  double const a = std::fabs(v);
  unsigned t = 0;
  for (unsigned c = 1; c <= max_code(f); ++c)
    if (value(f, c) <= a) t = c;
  double const top = value(f, max_code(f));
  double const next = t < max_code(f) ? value(f, t + 1) : top + std::ldexp(1.0, std::ilogb(top) - f.man_bits);
  int const d = 23 - f.man_bits;
  double const below = std::floor((a - value(f, t)) / (next - value(f, t)) * std::ldexp(1.0, d));
  bool const up = below + double(rnd & ((1u << d) - 1)) >= std::ldexp(1.0, d);
  if (a >= next && t == max_code(f)) return builtin_nearest_even(f, v); // overflow
  if (up && t == max_code(f)) return builtin_nearest_even(f, neg ? -HUGE_VAL : HUGE_VAL);
  unsigned const code = up ? t + 1 : t;
  if (code == 0) return f.fnuz ? 0u : (neg ? 0x80u : 0u);
  return code | (neg ? 0x80u : 0u);
}

// OCP MX FP4 (E2M1: bias 1, no inf, no NaN, signed zeros): the eight magnitudes from the field
// layout, and the conversions the scaled builtins use: nearest even among them, saturating at the
// largest (every value beyond 6 gives 6), NaN to +0 [wavemma's ASSUME].
inline double fp4_value(unsigned code) {
  int const e = static_cast<int>(code >> 1 & 3), m = static_cast<int>(code & 1);
  double const mag = e == 0 ? std::ldexp(m, -1) : std::ldexp(2 + m, e - 2);
  return (code & 8) ? -mag : mag;
}
inline unsigned fp4_nearest_even(double v) {
  if (std::isnan(v)) return 0;
  double const a = std::fabs(v);
  if (a >= 6) return 7 | (std::signbit(v) ? 8u : 0u); // (and the distances of a huge a would tie)
  unsigned best = 0;
  for (unsigned c = 1; c < 8; ++c) {
    double const d = std::fabs(fp4_value(c) - a), bd = std::fabs(fp4_value(best) - a);
    if (d < bd || (d == bd && (c & 1) == 0)) best = c;
  }
  return best | (std::signbit(v) ? 8u : 0u);
}
// Stochastic, by the model of builtin_stochastic (D = 22 random bits), saturating.
inline unsigned fp4_stochastic(double v, uint32_t rnd) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return fp4_nearest_even(v);
  double const a = std::fabs(v);
  unsigned t = 0;
  for (unsigned c = 1; c < 8; ++c)
    if (fp4_value(c) <= a) t = c;
  unsigned const sign = std::signbit(v) ? 8u : 0u;
  if (t == 7) return 7 | sign; // at or beyond the largest: saturate
  double const below = std::floor((a - fp4_value(t)) / (fp4_value(t + 1) - fp4_value(t)) * std::ldexp(1.0, 22));
  bool const up = below + double(rnd & ((1u << 22) - 1)) >= std::ldexp(1.0, 22);
  return (up ? t + 1 : t) | sign;
}

} // namespace fp8ref
