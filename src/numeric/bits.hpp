#pragma once
// Small exact-arithmetic helpers shared by the numeric sources (not installed).

#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>

namespace wavemma::numeric::detail {

// Stands for -∞ in exponent comparisons (a zero term, an absent group); far below every real
// exponent yet safe to add or subtract a few hundred without overflow.
inline constexpr int kNoExponent = std::numeric_limits<int>::min() / 4;

inline int bit_length(uint64_t x) { return 64 - std::countl_zero(x); }

// x * 2^-s truncated toward zero (magnitudes); s < 0 shifts left and must not overflow.
inline uint64_t shift_trunc(uint64_t x, int s) {
  if (s >= 64 || x == 0) return 0;
  if (s >= 0) return x >> s;
  assert(s > -64 && (x >> (64 + s)) == 0);
  return x << -s;
}

// Whether x * 2^-s has non-zero bits below 2^0.
inline bool loses_bits(uint64_t x, int s) {
  if (s <= 0) return false;
  if (s >= 64) return x != 0;
  return (x & ((uint64_t{1} << s) - 1)) != 0;
}

// floor(x * 2^-s) for a signed x; s < 0 shifts left and must not overflow.
inline int64_t shift_floor(int64_t x, int s) {
  if (x == 0) return 0;
  if (s >= 63) return x < 0 ? -1 : 0;
  if (s >= 0) return x >> s; // arithmetic shift = floor (C++20 defines it)
  assert(s > -63);
  uint64_t const ux = static_cast<uint64_t>(x) << -s;
  assert((static_cast<int64_t>(ux) >> -s) == x);
  return static_cast<int64_t>(ux);
}

inline int64_t with_sign(bool neg, uint64_t mag) {
  return neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
}
inline uint64_t magnitude(int64_t x) {
  return x < 0 ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
}

inline uint32_t f32_bits(float f) { return std::bit_cast<uint32_t>(f); }
inline float f32_from(uint32_t b) { return std::bit_cast<float>(b); }

} // namespace wavemma::numeric::detail
