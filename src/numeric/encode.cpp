// Correctly rounded encoding into every format (numerics.md §1).

#include "wavemma/numeric/format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace wavemma::numeric {

uint64_t encode(Format f, bool neg, uint64_t sig, int exp, Rounding r, bool sticky) {
  return core::encode(f, neg, sig, exp, r, sticky);
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
    return core::overflow_code(f, neg, Rounding::kNearestEven);
  }
  int const e = static_cast<int>((b >> 52) & 0x7FF);
  uint64_t const frac = b & ((uint64_t{1} << 52) - 1);
  uint64_t const sig = e == 0 ? frac : (uint64_t{1} << 52) | frac;
  return encode(f, neg, sig, std::max(e, 1) - 1075, r);
}

} // namespace wavemma::numeric
