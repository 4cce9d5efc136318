// The lane-wise AVX2 kernels: engines that are plain exact arithmetic per lane, one output column
// per lane -- kFmaChain with f32 or f64 inputs and output (one IEEE fused multiply-add per
// product, as the scalar reference does with std::fma), kIntegerDot (exact int32 sums, then wrap or
// clamp) and kCdna2PairwiseDot (binary32 multiplies and adds with every result flushed: the
// hardware's own operations, numerics.md CDNA2).
//
// NaN inputs (A, B or C) send the element to the reference, so NaN payload selection never differs;
// NaNs created by an invalid operation are the x86 default NaN in both paths.

#include "tile.hpp"

#if defined(__x86_64__)

#include "engine_impl.hpp"
#include "tile_kernels.hpp"
#include "tile_lanes.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <immintrin.h>
#include <limits>

namespace wavemma::numeric::detail {

namespace {
constexpr int kMaxPairwiseGroup = 16;
} // namespace

bool lanewise_covers(Model const& m, int K) {
  if (m.engine == Engine::kFmaChain)
    return (m.a == Format::kF32 && m.b == Format::kF32 && m.out == Format::kF32) ||
           (m.a == Format::kF64 && m.b == Format::kF64 && m.out == Format::kF64);
  if (m.engine == Engine::kIntegerDot) return is_integer_input(m.a) && is_integer_input(m.b) && K <= 32768;
  if (m.engine == Engine::kCdna2PairwiseDot) return m.group <= kMaxPairwiseGroup; // f16/bf16 -> f32
  return false;
}

WAVEMMA_AVX2_BEGIN
namespace {

using simd::kLanes;
using simd::lanes64;
using simd::load8;
using simd::load_low_words;
using simd::store_low_words;
using simd::V;
using PlainOperands = LaneOperands<int32_t>;

// The word a kernel computes with: the f32 bits, or the integer's value; f16 and bf16 (CDNA2) as the
// f32 bits of their value, a subnormal flushed to the zero of its sign.
int32_t word_of(Format f, uint64_t raw) {
  switch (f) {
  case Format::kF16: {
    auto const h = static_cast<uint16_t>(raw);
    if ((h & 0x7C00) == 0) return static_cast<int32_t>(uint32_t{h & 0x8000u} << 16);
    return std::bit_cast<int32_t>(static_cast<float>(std::bit_cast<_Float16>(h)));
  }
  case Format::kBf16: {
    auto const h = static_cast<uint32_t>(raw & 0xFFFF);
    return static_cast<int32_t>((h & 0x7F80) == 0 ? (h & 0x8000) << 16 : h << 16);
  }
  case Format::kI8:
    return static_cast<int8_t>(raw & 0xFF);
  case Format::kU8:
    return static_cast<int32_t>(raw & 0xFF);
  case Format::kI4:
    return static_cast<int32_t>((raw & 0xF) ^ 0x8) - 8;
  case Format::kU4:
    return static_cast<int32_t>(raw & 0xF);
  default:
    return static_cast<int32_t>(static_cast<uint32_t>(raw));
  }
}

// -1 in the 64-bit lanes that hold an f64 NaN.
V f64_nan_mask(V w) {
  return _mm256_cmpgt_epi64(_mm256_and_si256(w, _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF)),
                            _mm256_set1_epi64x(0x7FF0000000000000));
}

// -1 in the lanes that hold an f32 NaN.
V f32_nan_mask(V w) {
  return _mm256_cmpgt_epi32(_mm256_and_si256(w, _mm256_set1_epi32(0x7FFFFFFF)), _mm256_set1_epi32(0x7F800000));
}

// d = fma(a_k, b_k, d) for k = 0..K-1 on 8 columns.
V fma_chain8(PlainOperands const& t, size_t a_row, uint32_t const* b_off, size_t b_col, int K, V d) {
  __m256 acc = _mm256_castsi256_ps(d);
  for (int k = 0; k < K; ++k) {
    __m256 const a = _mm256_castsi256_ps(_mm256_set1_epi32(t.a[a_row + static_cast<size_t>(k)]));
    __m256 const b = _mm256_castsi256_ps(load8(&t.b[b_off[k] + b_col]));
    acc = _mm256_fmadd_ps(a, b, acc);
  }
  return _mm256_castps_si256(acc);
}

// c + Σ a_k·b_k on 8 columns: the products (|a·b| <= 255·255) sum exactly in int32 for K <= 32768;
// then c is added with wrap-around, or with int32 saturation under CLAMP.
V integer_dot8(PlainOperands const& t, size_t a_row, uint32_t const* b_off, size_t b_col, int K, V c, bool clamp) {
  V sum = _mm256_setzero_si256();
  for (int k = 0; k < K; ++k) {
    // Each value fits int16; the high halves are 0 (or the sign) so pmaddwd's second product
    // vanishes.
    V const a = _mm256_set1_epi32(t.a[a_row + static_cast<size_t>(k)] & 0xFFFF);
    V const b = load8(&t.b[b_off[k] + b_col]);
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(a, _mm256_and_si256(b, _mm256_set1_epi32(0xFFFF))));
  }
  V const r = _mm256_add_epi32(c, sum); // modulo 2^32
  if (!clamp) return r;
  // Signed overflow: c and sum share a sign that r does not have; saturate toward c's sign.
  V const overflow = _mm256_andnot_si256(_mm256_xor_si256(c, sum), _mm256_xor_si256(c, r));
  V const saturated =
      _mm256_xor_si256(_mm256_set1_epi32(std::numeric_limits<int32_t>::max()), _mm256_srai_epi32(c, 31));
  return _mm256_blendv_epi8(r, saturated, _mm256_srai_epi32(overflow, 31));
}

// A binary32 subnormal becomes the zero of its sign (CDNA2 flushes every fl{}).
__m256 flush(__m256 x) {
  V const w = _mm256_castps_si256(x);
  V const tiny = _mm256_cmpeq_epi32(_mm256_and_si256(w, _mm256_set1_epi32(0x7F800000)), _mm256_setzero_si256());
  return _mm256_castsi256_ps(_mm256_blendv_epi8(w, _mm256_and_si256(w, _mm256_set1_epi32(INT32_MIN)), tiny));
}

// CDNA2: per block of `group`, d = fl(d + tree) with the products' pairwise tree
// fl(fl(p1 + p2) + fl(p3 + p4)); products of flushed inputs in binary32 (exact, or ±inf from 2^128
// on), flushed; a short last block padded with +0. Without NaN inputs every NaN the operations make
// is x86's default NaN 0xFFC00000 — the engine's NaN.
V pairwise8(PlainOperands const& t, size_t a_row, uint32_t const* b_off, size_t b_col, int K, int group, V c) {
  __m256 d = flush(_mm256_castsi256_ps(c));
  __m256 level[kMaxPairwiseGroup];
  for (int k0 = 0; k0 < K; k0 += group) {
    for (int g = 0; g < group; ++g) {
      int const k = k0 + g;
      if (k >= K) {
        level[g] = _mm256_setzero_ps();
        continue;
      }
      __m256 const a = _mm256_castsi256_ps(_mm256_set1_epi32(t.a[a_row + static_cast<size_t>(k)]));
      __m256 const b = _mm256_castsi256_ps(load8(&t.b[b_off[k] + b_col]));
      level[g] = flush(_mm256_mul_ps(a, b));
    }
    for (int n = group; n > 1; n /= 2)
      for (int g = 0; g < n / 2; ++g) level[g] = flush(_mm256_add_ps(level[2 * g], level[2 * g + 1]));
    d = flush(_mm256_add_ps(d, level[0]));
  }
  return _mm256_castps_si256(d);
}

// --- f64 (CDNA3 v_mfma_f64): four columns per vector, up to four vectors in flight ---------------

constexpr int kVectors64 = 4; // independent FMA chains per row (the FMA latency is 4-5 cycles)

using PlainF64 = LaneOperands<double>; // B's columns padded to kLanes64

bool is_f64_nan(uint64_t w) {
  return (w & 0x7FF0000000000000u) == 0x7FF0000000000000u && (w & 0x000FFFFFFFFFFFFFu) != 0;
}

// d = fma(a_k, b_k, d) in k order: vfmadd is the IEEE operation std::fma computes, so every
// element equals the reference chain; NaN operands (whose payload x86 picks by operand position)
// go to the reference.
void dot_tile_f64(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                  uint64_t* D) {
  thread_local PlainF64 t;
  auto const value = [](uint64_t raw) { return std::bit_cast<double>(raw); };
  pack_lanes<kLanes64>(M, N, K, A, B, t, value, value, is_f64_nan, is_f64_nan);
  auto const k_size = static_cast<size_t>(K);
  constexpr int kColumns = kLanes64 * kVectors64;
  for (int i = 0; i < M; ++i) {
    size_t const a_row = static_cast<size_t>(i) * k_size;
    uint32_t const* b_off = t.b_off.of_row(i);
    for (int j0 = 0; j0 < N; j0 += kColumns) {
      int const n_valid = std::min(kColumns, N - j0);
      int const vectors = (n_valid + kLanes64 - 1) / kLanes64;
      size_t const row = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j0);
      // Vector v holds columns j0 + 4v .. j0 + 4v + 3, of which count(v) exist.
      auto const count = [&](int v) { return std::clamp(n_valid - v * kLanes64, 0, kLanes64); };
      auto const* c_words = reinterpret_cast<long long const*>(C + row);
      __m256d d[kVectors64];
      int redo_bits = 0; // a NaN in A's row, B's column or C
      for (int v = 0; v < vectors; ++v) {
        V const c = count(v) == kLanes64 ? _mm256_loadu_si256(reinterpret_cast<V const*>(c_words + v * kLanes64))
                                         : _mm256_maskload_epi64(c_words + v * kLanes64, lanes64(count(v)));
        d[v] = _mm256_castsi256_pd(c);
        __m128i const b_nan =
            _mm_loadu_si128(reinterpret_cast<__m128i const*>(&t.b_nan[static_cast<size_t>(j0 + v * kLanes64)]));
        V const nan = _mm256_or_si256(f64_nan_mask(c), _mm256_cvtepi32_epi64(b_nan));
        redo_bits |= (_mm256_movemask_pd(_mm256_castsi256_pd(nan)) & ((1 << count(v)) - 1)) << (v * kLanes64);
      }
      if (t.a_nan[static_cast<size_t>(i)] != 0) redo_bits = (1 << n_valid) - 1;
      for (int k = 0; k < K; ++k) {
        __m256d const a = _mm256_broadcast_sd(&t.a[a_row + static_cast<size_t>(k)]);
        double const* b = &t.b[b_off[k] + static_cast<size_t>(j0)];
        for (int v = 0; v < vectors; ++v) d[v] = _mm256_fmadd_pd(a, _mm256_loadu_pd(b + v * kLanes64), d[v]);
      }
      if (redo_bits == 0) {
        auto* d_words = reinterpret_cast<long long*>(D + row);
        for (int v = 0; v < vectors; ++v) {
          V const w = _mm256_castpd_si256(d[v]);
          if (count(v) == kLanes64)
            _mm256_storeu_si256(reinterpret_cast<V*>(d_words + v * kLanes64), w);
          else
            _mm256_maskstore_epi64(d_words + v * kLanes64, lanes64(count(v)), w);
        }
        continue;
      }
      alignas(32) uint64_t computed[kColumns];
      for (int v = 0; v < vectors; ++v) _mm256_store_pd(reinterpret_cast<double*>(computed + v * kLanes64), d[v]);
      finish_with_reference(m, N, K, A, B, C, D, i, j0, n_valid, computed, static_cast<uint32_t>(redo_bits));
    }
  }
}

} // namespace

void lanewise_tile(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                   uint64_t* D) {
  if (m.out == Format::kF64) return dot_tile_f64(m, M, N, K, A, B, C, D);
  bool const fma = m.engine == Engine::kFmaChain;
  bool const pairwise = m.engine == Engine::kCdna2PairwiseDot;
  bool const floats = fma || pairwise; // NaN inputs (or C) go to the reference
  thread_local PlainOperands t;
  auto const nan_in = [&](Format f) { return [floats, f](uint64_t raw) { return floats && decode(f, raw).is_nan(); }; };
  pack_lanes<kLanes>(
      M, N, K, A, B, t, [&](uint64_t raw) { return word_of(m.a, raw); },
      [&](uint64_t raw) { return word_of(m.b, raw); }, nan_in(m.a), nan_in(m.b));
  auto const k_size = static_cast<size_t>(K);
  for (int i = 0; i < M; ++i) {
    uint32_t const* b_off = t.b_off.of_row(i);
    size_t const a_row = static_cast<size_t>(i) * k_size;
    V const a_nan = _mm256_set1_epi32(t.a_nan[static_cast<size_t>(i)]);
    for (int j0 = 0; j0 < N; j0 += kLanes) {
      int const n_valid = std::min(kLanes, N - j0);
      size_t const row = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j0);
      V const c = load_low_words(C + row, n_valid);
      V redo = _mm256_setzero_si256();
      if (floats) // a NaN in A's row, B's column or C
        redo = _mm256_or_si256(_mm256_or_si256(a_nan, load8(&t.b_nan[static_cast<size_t>(j0)])), f32_nan_mask(c));
      V const d = fma        ? fma_chain8(t, a_row, b_off, static_cast<size_t>(j0), K, c)
                  : pairwise ? pairwise8(t, a_row, b_off, static_cast<size_t>(j0), K, m.group, c)
                             : integer_dot8(t, a_row, b_off, static_cast<size_t>(j0), K, c, m.clamp);
      int const redo_bits = _mm256_movemask_ps(_mm256_castsi256_ps(redo)) & ((1 << n_valid) - 1);
      if (redo_bits == 0) {
        store_low_words(D + row, d, n_valid);
        continue;
      }
      alignas(32) uint64_t computed[kLanes];
      store_low_words(computed, d);
      finish_with_reference(m, N, K, A, B, C, D, i, j0, n_valid, computed, static_cast<uint32_t>(redo_bits));
    }
  }
}

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail

#endif
