#pragma once
// AVX2 helpers shared by the vectorised dot_tile kernels (tile_simd.cpp, tile_simd_plain.cpp):
// moving 8 int32 lanes to and from the 64-bit element words of the public interface. Included only
// where __AVX2__ is defined.

#include <cstdint>
#include <immintrin.h>

namespace wavemma::numeric::detail::simd {

inline __m256i load8(int32_t const* p) {
  return _mm256_loadu_si256(reinterpret_cast<__m256i const*>(p));
}

// A mask of the 64-bit lanes 0..count-1 (count 0..4), for masked loads and stores.
inline __m256i lanes64(int count) {
  return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), _mm256_setr_epi64x(0, 1, 2, 3));
}

// The low 32 bits of the 64-bit words p[0..n) in lanes 0..n-1, the other lanes 0 (n 1..8); words
// at and beyond p[n] are not read.
inline __m256i load_low_words(uint64_t const* p, int n = 8) {
  auto const* q = reinterpret_cast<long long const*>(p);
  __m256i const lo = n >= 4 ? _mm256_loadu_si256(reinterpret_cast<__m256i const*>(q)) : _mm256_maskload_epi64(q, lanes64(n));
  __m256i const hi = n >= 8 ? _mm256_loadu_si256(reinterpret_cast<__m256i const*>(q + 4))
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
  if (n >= 4) _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), lo);
  else _mm256_maskstore_epi64(q, lanes64(n), lo);
  if (n >= 8) _mm256_storeu_si256(reinterpret_cast<__m256i*>(q + 4), hi);
  else if (n > 4) _mm256_maskstore_epi64(q + 4, lanes64(n - 4), hi);
}

} // namespace wavemma::numeric::detail::simd
