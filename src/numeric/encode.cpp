// Correctly rounded encoding into every format (numerics.md §1).

#include "bits.hpp"
#include "wavemma/numeric/format.hpp"

#include <bit>
#include <cmath>

namespace wavemma::numeric {
namespace {

using detail::bit_length;

// Whether rounding `mag` (with the bits below it summarised by round_bit and lower_bits) moves away
// from zero to the next multiple.
bool rounds_away(Rounding r, bool neg, uint64_t kept, bool round_bit, bool lower_bits) {
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
uint64_t round_to_grid(uint64_t sig, int exp, bool sticky, int q, bool neg, Rounding r) {
  if (exp >= q) {
    // Exact on the grid; only the infinitesimal sticky part can round away.
    uint64_t const kept = detail::shift_trunc(sig, q - exp);
    return kept + (rounds_away(r, neg, kept, false, sticky) ? 1 : 0);
  }
  int const s = q - exp;
  uint64_t const kept = detail::shift_trunc(sig, s);
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

bool overflow_saturates(Rounding r, bool neg) {
  return r == Rounding::kTowardZero || (r == Rounding::kDown && !neg) || (r == Rounding::kUp && neg);
}

uint64_t encode_integer(FormatInfo const& fi, bool neg, uint64_t sig, int exp, Rounding r, bool sticky) {
  // Grid 2^0; a value far above 2^64 saturates below anyway.
  uint64_t mag;
  if (sig != 0 && exp > 0 && (exp >= 64 || bit_length(sig) + exp > 64)) {
    mag = ~uint64_t{0};
  } else {
    mag = round_to_grid(sig, exp, sticky, 0, neg, r);
  }
  uint64_t const max_pos = fi.max_finite;
  uint64_t const max_neg = fi.is_signed ? max_pos + 1 : 0;
  if (!neg) return std::min(mag, max_pos);
  mag = std::min(mag, max_neg);
  return (uint64_t{0} - mag) & ((fi.bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << fi.bits) - 1));
}

uint64_t signed_zero(FormatInfo const& fi, bool neg) {
  return neg && fi.has_negative_zero() ? uint64_t{1} << (fi.bits - 1) : 0;
}

uint64_t overflow_code(Format f, FormatInfo const& fi, bool neg, Rounding r) {
  uint64_t const sign = neg ? uint64_t{1} << (fi.bits - 1) : 0;
  // MX FP6/FP4 have no inf or NaN: conversion clamps to the max normal (OCP MX v1.0).
  if (overflow_saturates(r, neg) || fi.specials == Specials::kFinite) return sign | fi.max_finite;
  if (fi.has_inf()) return sign | (((uint64_t{1} << fi.exp_bits) - 1) << fi.stored_frac_bits);
  return fi.specials == Specials::kFnuz ? canonical_nan(f) : sign | canonical_nan(f);
}

// E8M0: a positive value onto a neighbouring power of two (format.hpp states the rule).
uint64_t encode_e8m0(FormatInfo const& fi, bool neg, uint64_t sig, int exp, Rounding r, bool sticky) {
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

} // namespace

uint64_t encode(Format f, bool neg, uint64_t sig, int exp, Rounding r, bool sticky) {
  FormatInfo const& fi = info(f);
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
    q = std::max(bit_length(sig) - 1 + exp - p, q_min);
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
  if (biased > e_top) return overflow_code(f, fi, neg, r);
  uint64_t const code = (static_cast<uint64_t>(biased) << fi.stored_frac_bits) | (frac << (fi.stored_frac_bits - p));
  if (code > fi.max_finite) return overflow_code(f, fi, neg, r);
  return (neg ? uint64_t{1} << (fi.bits - 1) : 0) | code;
}

uint64_t from_double(Format f, double x, Rounding r) {
  FormatInfo const& fi = info(f);
  uint64_t const b = std::bit_cast<uint64_t>(x);
  bool const neg = (b >> 63) != 0;
  if (std::isnan(x)) {
    if (!fi.is_float || fi.specials == Specials::kFinite) return 0; // no NaN code [ASSUME: +0]
    if (fi.specials == Specials::kFnuz || fi.specials == Specials::kE8m0) return canonical_nan(f);
    return (neg ? uint64_t{1} << (fi.bits - 1) : 0) | canonical_nan(f);
  }
  if (std::isinf(x)) {
    if (!fi.is_float) return encode(f, neg, 1, 200, r); // saturates
    if (fi.specials == Specials::kE8m0) return canonical_nan(f);
    return overflow_code(f, fi, neg, Rounding::kNearestEven);
  }
  int const e = static_cast<int>((b >> 52) & 0x7FF);
  uint64_t const frac = b & ((uint64_t{1} << 52) - 1);
  uint64_t const sig = e == 0 ? frac : (uint64_t{1} << 52) | frac;
  return encode(f, neg, sig, std::max(e, 1) - 1075, r);
}

} // namespace wavemma::numeric
