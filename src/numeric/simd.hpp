#pragma once
// AVX2 helpers shared by the vectorised dot_tile kernels: 8 int32 lanes, moving them to and from
// the 64-bit element words of the public interface, and reading f32 words. x86-64 only.
//
// The kernels are compiled for AVX2 (with FMA and F16C) whatever the build's target, and run only
// where the CPU has them (tile.cpp decides at run time). Their code lies between
// WAVEMMA_AVX2_BEGIN and WAVEMMA_AVX2_END, which give every function defined there that target;
// headers of other code must be included before WAVEMMA_AVX2_BEGIN, so that nothing outside the
// kernels is ever compiled for AVX2.

#include <cstdint>
#include <immintrin.h>

#define WAVEMMA_AVX2_BEGIN                                                                                             \
  _Pragma("clang attribute push(__attribute__((target(\"avx2,fma,f16c\"))), apply_to = function)")
#define WAVEMMA_AVX2_END _Pragma("clang attribute pop")

WAVEMMA_AVX2_BEGIN
namespace wavemma::numeric::detail::simd {

constexpr int kLanes = 8;
using V = __m256i;
using D4 = __m256d;

inline V splat(int32_t x) { return _mm256_set1_epi32(x); }
inline V zero8() { return _mm256_setzero_si256(); }
inline __m128i low4(V v) { return _mm256_castsi256_si128(v); }
inline __m128i high4(V v) { return _mm256_extracti128_si256(v, 1); }
inline V select(V mask, V if_true, V if_false) { return _mm256_blendv_epi8(if_false, if_true, mask); }
inline int lane_bits(V mask) { return _mm256_movemask_ps(_mm256_castsi256_ps(mask)); }
inline bool any(V mask) { return lane_bits(mask) != 0; }
inline V apply_sign(V mag, V neg) { return _mm256_sub_epi32(_mm256_xor_si256(mag, neg), neg); }
// The biased exponent field of 8 f32 words.
inline V exp_field(V d) { return _mm256_and_si256(_mm256_srli_epi32(d, 23), splat(0xFF)); }
inline V is_inf_or_nan_f32(V d) {
  return _mm256_cmpeq_epi32(_mm256_and_si256(d, splat(0x7F800000)), splat(0x7F800000));
}
// 2^e as f32 for exponents in [-126, 127].
inline __m256 pow2_ps(V e) { return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(e, splat(127)), 23)); }
// 2^e as doubles for four int32 exponents in [-1022, 1023].
inline D4 pow2(__m128i e) {
  V const e64 = _mm256_cvtepi32_epi64(e);
  return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(e64, _mm256_set1_epi64x(1023)), 52));
}

// The same rescaling steps as a kernel's fast path (a multiply by 2^-g and a floor; the int -> float
// conversion and a multiply by 2^g), exact for every g in [-1000, 1000]: in doubles, where the
// scale factors and the products are exact and the final conversion to f32 rounds once, with
// gradual underflow (and to ±inf on overflow). For the lanes whose exponents leave the range where
// the f32 forms are exact.
//
// floor(x / 2^g) of 8 f32 words, for quotients that fit an int32.
inline V floor_scaled_exact(V x, V g) {
  V const minus_g = _mm256_sub_epi32(zero8(), g);
  auto const half = [](__m128 x4, __m128i e) {
    return _mm256_cvttpd_epi32(_mm256_floor_pd(_mm256_mul_pd(_mm256_cvtps_pd(x4), pow2(e))));
  };
  __m256 const xf = _mm256_castsi256_ps(x);
  return _mm256_set_m128i(half(_mm256_extractf128_ps(xf, 1), high4(minus_g)),
                          half(_mm256_castps256_ps128(xf), low4(minus_g)));
}
// RNE(s · 2^g) as f32 words, for 8 int32 s.
inline V round_scaled_exact(V s, V g) {
  auto const half = [](__m128i s4, __m128i e) {
    return _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtepi32_pd(s4), pow2(e)));
  };
  return _mm256_castps_si256(_mm256_set_m128(half(high4(s), high4(g)), half(low4(s), low4(g))));
}

inline V load8(int32_t const* p) { return _mm256_loadu_si256(reinterpret_cast<__m256i const*>(p)); }

// A mask of the 64-bit lanes 0..count-1 (count 0..4), for masked loads and stores.
inline __m256i lanes64(int count) {
  return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), _mm256_setr_epi64x(0, 1, 2, 3));
}

// The low 32 bits of the 64-bit words p[0..n) in lanes 0..n-1, the other lanes 0 (n 1..8); words
// at and beyond p[n] are not read.
inline __m256i load_low_words(uint64_t const* p, int n = 8) {
  auto const* q = reinterpret_cast<long long const*>(p);
  __m256i const lo =
      n >= 4 ? _mm256_loadu_si256(reinterpret_cast<__m256i const*>(q)) : _mm256_maskload_epi64(q, lanes64(n));
  __m256i const hi = n >= 8  ? _mm256_loadu_si256(reinterpret_cast<__m256i const*>(q + 4))
                     : n > 4 ? _mm256_maskload_epi64(q + 4, lanes64(n - 4))
                             : _mm256_setzero_si256();
  __m256 const even = _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi),
                                        _MM_SHUFFLE(2, 0, 2, 0)); // w0 w1 w4 w5 | w2 w3 w6 w7
  return _mm256_permute4x64_epi64(_mm256_castps_si256(even), _MM_SHUFFLE(3, 1, 2, 0));
}

// Lanes 0..n-1 of v, zero-extended, into the 64-bit words p[0..n) (n 1..8); nothing else written.
inline void store_low_words(uint64_t* p, __m256i v, int n = 8) {
  auto* q = reinterpret_cast<long long*>(p);
  __m256i const lo = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(v));
  __m256i const hi = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(v, 1));
  if (n >= 4)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), lo);
  else
    _mm256_maskstore_epi64(q, lanes64(n), lo);
  if (n >= 8)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(q + 4), hi);
  else if (n > 4)
    _mm256_maskstore_epi64(q + 4, lanes64(n - 4), hi);
}

} // namespace wavemma::numeric::detail::simd
WAVEMMA_AVX2_END
