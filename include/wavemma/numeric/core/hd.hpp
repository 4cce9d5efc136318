#pragma once
// The foundation of the numeric core: code that compiles unchanged as host C++ and as CUDA device
// code. WAVEMMA_HD marks a function for both processors under nvcc and is empty for a host
// compiler. Core code throws nothing, allocates nothing and calls nothing of the standard library
// but what nvcc's device code has; the helpers here stand in for <bit> and <algorithm>. The
// headers that format.hpp includes stay C++17: HIP programs built by wavemma-hipcc include it.

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__CUDACC__)
#define WAVEMMA_HD __host__ __device__
#else
#define WAVEMMA_HD
#endif

// A consistency check of the core: assert() on the host, nothing in device code.
#if defined(__CUDA_ARCH__)
#define WAVEMMA_CORE_ASSERT(x) ((void)0)
#else
#define WAVEMMA_CORE_ASSERT(x) assert(x)
#endif

namespace wavemma::numeric::core {

// Stands for -∞ in exponent comparisons (a zero term, an absent group); far below every real
// exponent yet safe to add or subtract a few hundred without overflow.
inline constexpr int kNoExponent = -(1 << 29);

template <class T>
WAVEMMA_HD constexpr T min(T a, T b) {
  return b < a ? b : a;
}
template <class T>
WAVEMMA_HD constexpr T max(T a, T b) {
  return a < b ? b : a;
}

// Bits of x up to its leading one (0 for 0).
WAVEMMA_HD inline int bit_length(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return 64 - __clzll(static_cast<long long>(x));
#else
  return x == 0 ? 0 : 64 - __builtin_clzll(x);
#endif
}

WAVEMMA_HD inline uint32_t f32_bits(float f) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(f);
#else
  uint32_t r;
  std::memcpy(&r, &f, sizeof r);
  return r;
#endif
}
WAVEMMA_HD inline float f32_from(uint32_t b) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(b);
#else
  float r;
  std::memcpy(&r, &b, sizeof r);
  return r;
#endif
}
WAVEMMA_HD inline uint64_t f64_bits(double d) {
#if defined(__CUDA_ARCH__)
  return static_cast<uint64_t>(__double_as_longlong(d));
#else
  uint64_t r;
  std::memcpy(&r, &d, sizeof r);
  return r;
#endif
}
WAVEMMA_HD inline double f64_from(uint64_t b) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(static_cast<long long>(b));
#else
  double r;
  std::memcpy(&r, &b, sizeof r);
  return r;
#endif
}

// x · 2^e, exact wherever the result is representable (both processors' ldexp are).
WAVEMMA_HD inline double ldexp2(double x, int e) {
#if defined(__CUDA_ARCH__)
  return ::ldexp(x, e);
#else
  return std::ldexp(x, e);
#endif
}

// Correctly rounded fused multiply-add, round to nearest even, subnormals kept (IEEE 754
// fusedMultiplyAdd) on both processors. NaN operands and invalid operations are for the caller:
// the processors propagate NaNs differently.
WAVEMMA_HD inline float fma_rne(float x, float y, float z) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(x, y, z);
#else
  return std::fma(x, y, z);
#endif
}
WAVEMMA_HD inline double fma_rne(double x, double y, double z) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(x, y, z);
#else
  return std::fma(x, y, z);
#endif
}

// x * 2^-s truncated toward zero (magnitudes); s < 0 shifts left and must not overflow.
WAVEMMA_HD inline uint64_t shift_trunc(uint64_t x, int s) {
  if (s >= 64 || x == 0) return 0;
  if (s >= 0) return x >> s;
  WAVEMMA_CORE_ASSERT(s > -64 && (x >> (64 + s)) == 0);
  return x << -s;
}

// Whether x * 2^-s has non-zero bits below 2^0.
WAVEMMA_HD inline bool loses_bits(uint64_t x, int s) {
  if (s <= 0) return false;
  if (s >= 64) return x != 0;
  return (x & ((uint64_t{1} << s) - 1)) != 0;
}

// floor(x * 2^-s) for a signed x; s < 0 shifts left and must not overflow.
WAVEMMA_HD inline int64_t shift_floor(int64_t x, int s) {
  if (x == 0) return 0;
  if (s >= 63) return x < 0 ? -1 : 0;
  if (s >= 0) return x >> s; // arithmetic shift = floor (C++20 defines it)
  WAVEMMA_CORE_ASSERT(s > -63);
  uint64_t const ux = static_cast<uint64_t>(x) << -s;
  WAVEMMA_CORE_ASSERT((static_cast<int64_t>(ux) >> -s) == x);
  return static_cast<int64_t>(ux);
}

WAVEMMA_HD inline int64_t with_sign(bool neg, uint64_t mag) {
  return neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
}
WAVEMMA_HD inline uint64_t magnitude(int64_t x) {
  return x < 0 ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
}

} // namespace wavemma::numeric::core
