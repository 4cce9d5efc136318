// Vectorised dot_tile kernels (AVX2) for the engines that are plain exact arithmetic per lane:
// kFmaChain with f32 or f64 inputs and output (one IEEE fused multiply-add per product, as the
// scalar reference does with std::fma), kIntegerDot (exact int32 sums, then wrap or clamp) and
// kCdna2PairwiseDot (binary32 multiplies and adds with every result flushed: the hardware's own
// operations, numerics.md CDNA2).
//
// NaN inputs (A, B or C) send the element to the reference, so NaN payload selection never differs;
// NaNs created by an invalid operation are the x86 default NaN in both paths.

#include "tile.hpp"

#if defined(__x86_64__)

#include "engine_impl.hpp"
#include "simd.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <immintrin.h>
#include <limits>
#include <vector>

namespace wavemma::numeric::detail {

constexpr int kMaxPairwiseGroup = 16;

bool has_plain_simd_kernel(Model const& m, int K) {
  if (m.engine == Engine::kFmaChain)
    return (m.a == Format::kF32 && m.b == Format::kF32 && m.out == Format::kF32) ||
           (m.a == Format::kF64 && m.b == Format::kF64 && m.out == Format::kF64);
  if (m.engine == Engine::kIntegerDot) return is_integer_input(m.a) && is_integer_input(m.b) && K <= 32768;
  if (m.engine == Engine::kCdna2PairwiseDot) return m.group <= kMaxPairwiseGroup; // f16/bf16 -> f32
  // f16/bf16 (CDNA1) or OCP fp8/bf8/fp6/bf6/fp4 with every scale 1 (gfx950's unscaled f8f6f4)
  // -> f32; the error bound of the kernel needs a group of at most 32.
  if (m.engine == Engine::kCdna1ExactDot || m.engine == Engine::kCdna4ScaledDot) return m.group <= 32;
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

// A as [i][k], B as [r][j] (N padded to a multiple of the vector's lanes), one word per element.
template <class W>
struct Packed {
  std::vector<W> a, b;
  std::vector<int32_t> a_nan, b_nan; // per row of A / column of B: -1 when it holds a NaN
  int n_pad = 0;
  RowOffsets b_off; // where product k of output row i finds its B row
};
using PlainOperands = Packed<int32_t>;

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

// Packs A and B for the kernels: word_a(raw) and word_b(raw) are what a kernel computes with, and
// nan_a(raw) / nan_b(raw) mark the rows and columns that go to the reference.
template <int kVectorLanes, class W, class WordA, class WordB, class NanA, class NanB>
void pack(int M, int N, int K, uint64_t const* A, BView const& B, Packed<W>& t, WordA word_a, WordB word_b, NanA nan_a,
          NanB nan_b) {
  auto const k_size = static_cast<size_t>(K);
  t.n_pad = (N + kVectorLanes - 1) / kVectorLanes * kVectorLanes;
  auto const n_pad = static_cast<size_t>(t.n_pad);
  t.a.resize(static_cast<size_t>(M) * k_size);
  t.a_nan.assign(static_cast<size_t>(M), 0);
  for (size_t i = 0; i < static_cast<size_t>(M); ++i) {
    for (size_t k = 0; k < k_size; ++k) {
      uint64_t const raw = A[i * k_size + k];
      t.a[i * k_size + k] = word_a(raw);
      if (nan_a(raw)) t.a_nan[i] = -1;
    }
  }
  auto const rows = static_cast<size_t>(B.b_rows);
  t.b.assign(rows * n_pad, W{}); // padding columns: +0
  t.b_nan.assign(n_pad, 0);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < static_cast<size_t>(N); ++j) {
      uint64_t const raw = B.data[r * B.row_stride + j * B.col_stride];
      t.b[r * n_pad + j] = word_b(raw);
      if (nan_b(raw)) t.b_nan[j] = -1;
    }
  }
  t.b_off.build(B, M, K, n_pad);
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

constexpr int kLanes64 = 4;
constexpr int kVectors64 = 4; // independent FMA chains per row (the FMA latency is 4-5 cycles)

using PlainF64 = Packed<double>; // B's columns padded to kLanes64

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
  pack<kLanes64>(M, N, K, A, B, t, value, value, is_f64_nan, is_f64_nan);
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

// --- One exact rounding per block (kCdna1ExactDot; kCdna4ScaledDot at scale 1), in doubles -----
//
// f16, bf16 and the OCP 8/6/4-bit products are exact in binary64. Each block's c + Σ p is accumulated with TwoSum, so
// the exact sum is s + Σ err with every err exact; the rounded Σ err is folded back in with one more
// TwoSum, leaving hi and a bound on |exact - hi|. When every err is zero, hi is the exact sum and one
// conversion to binary32 (RNE, gradual underflow, overflow to inf) is the engine's single
// rounding; an exact zero is +0. Otherwise the rounding of hi is still that of the exact sum when hi
// lies farther than twice the bound from both binary32 rounding boundaries (the midpoints to the
// neighbours of round32(hi)). A lane that is not so decided, or has an inf/NaN input or C, goes to
// the reference.

using PlainExact = Packed<double>; // B's columns padded to kLanes64

// One element of dot_tile_scaled by the reference core (B read through the view as column j).
uint64_t scaled_reference(Model const& m, int K, uint64_t const* a_row, BView const& B, int j, uint64_t c,
                          uint8_t const* sa, uint8_t const* sb) {
  thread_local std::vector<Operand> da, db;
  da.resize(static_cast<size_t>(K));
  db.resize(static_cast<size_t>(K));
  for (int k = 0; k < K; ++k) {
    da[static_cast<size_t>(k)] = make_operand(m.a, a_row[k]);
    db[static_cast<size_t>(k)] = make_operand(m.b, B.at(0, k, j));
  }
  Tracer none(nullptr);
  return cdna4_scaled_dot(m, da.data(), db.data(), K, c & 0xFFFFFFFF, sa, sb, none);
}

// The exact value of a finite element (every value of these formats is a double; inf/NaN rows and
// columns go to the reference, so their value here does not matter).
double element_value(Format f, uint64_t raw) {
  Decoded const v = decode(f, raw);
  return v.is_finite() ? to_double(f, raw) : 0.0;
}

// With `scales` (dot_tile_scaled), each product of block b is also multiplied by
// 2^(SA[i][b] + SBt[j][b] - 254), exactly; a NaN scale sends its lanes to the scaled reference.
struct BlockScales {
  uint8_t const* sa;  // M x nb
  uint8_t const* sbt; // N x nb
  int nb;
};

void dot_tile_exact_blocks(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                           uint64_t* D, BlockScales const* scales = nullptr) {
  thread_local PlainExact t;
  auto const not_finite = [](Format f) { return [f](uint64_t raw) { return !decode(f, raw).is_finite(); }; };
  pack<kLanes64>(
      M, N, K, A, B, t, [&](uint64_t raw) { return element_value(m.a, raw); },
      [&](uint64_t raw) { return element_value(m.b, raw); }, not_finite(m.a), not_finite(m.b));
  auto const k_size = static_cast<size_t>(K);
  __m256d const zero = _mm256_setzero_pd();
  for (int i = 0; i < M; ++i) {
    size_t const a_row = static_cast<size_t>(i) * k_size;
    uint32_t const* b_off = t.b_off.of_row(i);
    for (int j0 = 0; j0 < N; j0 += kLanes64) {
      int const n_valid = std::min(kLanes64, N - j0);
      size_t const row = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j0);
      alignas(32) uint64_t words[kLanes64] = {};
      for (int l = 0; l < n_valid; ++l) words[l] = C[row + static_cast<size_t>(l)] & 0xFFFFFFFF;
      int redo = 0;
      alignas(32) double c_values[kLanes64];
      for (int l = 0; l < kLanes64; ++l) {
        auto const w = static_cast<uint32_t>(words[l]);
        if ((w & 0x7F800000) == 0x7F800000) redo |= 1 << l; // inf or NaN C
        c_values[l] = static_cast<double>(std::bit_cast<float>(w));
      }
      __m128i const b_bad = _mm_loadu_si128(reinterpret_cast<__m128i const*>(&t.b_nan[static_cast<size_t>(j0)]));
      redo |= _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cvtepi32_epi64(b_bad)));
      if (t.a_nan[static_cast<size_t>(i)] != 0) redo = (1 << kLanes64) - 1;
      __m256d d = _mm256_load_pd(c_values);
      __m256d undecided = zero;
      __m256d const abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
      for (int k0 = 0, blk = 0; k0 < K; k0 += m.group, ++blk) {
        __m256d scale = _mm256_set1_pd(1.0);
        if (scales != nullptr) {
          int const sa =
              scales->sa[static_cast<size_t>(i) * static_cast<size_t>(scales->nb) + static_cast<size_t>(blk)];
          alignas(32) int64_t e[kLanes64];
          for (int l = 0; l < kLanes64; ++l) {
            int const sb = l < n_valid ? scales->sbt[static_cast<size_t>(j0 + l) * static_cast<size_t>(scales->nb) +
                                                     static_cast<size_t>(blk)]
                                       : 0x7F;
            if (sa == 0xFF || sb == 0xFF) redo |= 1 << l;
            e[l] = int64_t{sa + sb - 254 + 1023} << 52; // 2^(sa + sb - 254): a normal double
          }
          scale = _mm256_castsi256_pd(_mm256_load_si256(reinterpret_cast<V const*>(e)));
        }
        __m256d s = d;
        __m256d err_sum = zero, err_abs = zero; // Σ err (rounded) and Σ |err|
        auto const two_sum = [](__m256d x, __m256d y, __m256d& err) {
          __m256d const sum = _mm256_add_pd(x, y); // err = (x - (sum - by)) + (y - by), exactly
          __m256d const by = _mm256_sub_pd(sum, x);
          err = _mm256_add_pd(_mm256_sub_pd(x, _mm256_sub_pd(sum, by)), _mm256_sub_pd(y, by));
          return sum;
        };
        for (int k = k0; k < std::min(K, k0 + m.group); ++k) {
          __m256d const a = _mm256_broadcast_sd(&t.a[a_row + static_cast<size_t>(k)]);
          __m256d const p =
              _mm256_mul_pd(_mm256_mul_pd(a, _mm256_loadu_pd(&t.b[b_off[k] + static_cast<size_t>(j0)])), scale);
          __m256d err;
          s = two_sum(s, p, err);
          err_sum = _mm256_add_pd(err_sum, err);
          err_abs = _mm256_add_pd(err_abs, _mm256_and_pd(err, abs_mask));
        }
        // Fold the errors back in (the sum exact but for the last TwoSum's error and the rounding
        // of err_sum, below 2^-48 · Σ|err| for a block of at most 16 products).
        __m256d fold_err;
        s = two_sum(s, err_sum, fold_err);
        __m256d const bound =
            _mm256_add_pd(_mm256_and_pd(fold_err, abs_mask), _mm256_mul_pd(err_abs, _mm256_set1_pd(0x1p-48)));
        // One rounding to binary32; an exact zero is +0 (s == 0 compares equal for -0 too).
        __m128 const f = _mm256_cvtpd_ps(_mm256_blendv_pd(s, zero, _mm256_cmp_pd(s, zero, _CMP_EQ_OQ)));
        __m256d const exact = _mm256_cmp_pd(err_abs, zero, _CMP_EQ_OQ);
        // Not exact: decided when hi is farther than 2·Σ|err| from both midpoints around round32(hi).
        __m128i const bits = _mm_castps_si128(f);
        __m128i const mag = _mm_and_si128(bits, _mm_set1_epi32(0x7FFFFFFF));
        __m128i const sign = _mm_andnot_si128(_mm_set1_epi32(0x7FFFFFFF), bits);
        __m256d const up = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_or_si128(sign, _mm_add_epi32(mag, _mm_set1_epi32(1)))));
        __m256d const down =
            _mm256_cvtps_pd(_mm_castsi128_ps(_mm_or_si128(sign, _mm_sub_epi32(mag, _mm_set1_epi32(1)))));
        __m256d const fd = _mm256_cvtps_pd(f);
        __m256d const half = _mm256_set1_pd(0.5);
        __m256d const m_up = _mm256_mul_pd(_mm256_add_pd(fd, up), half); // exact in binary64
        __m256d const m_down = _mm256_mul_pd(_mm256_add_pd(fd, down), half);
        __m256d const dist = _mm256_min_pd(_mm256_and_pd(_mm256_sub_pd(s, m_up), abs_mask),
                                           _mm256_and_pd(_mm256_sub_pd(s, m_down), abs_mask));
        __m256d const margin = _mm256_add_pd(bound, bound);
        // Magnitudes 0 (hi below the subnormal midpoint) and from 0x7F7FFFFF on (next to overflow)
        // have no plain pair of neighbours: never decided this way.
        __m128i const ordinary = _mm_andnot_si128(_mm_cmpeq_epi32(mag, _mm_setzero_si128()),
                                                  _mm_cmplt_epi32(mag, _mm_set1_epi32(0x7F7FFFFF)));
        __m256d const plain = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(ordinary));
        // hi exactly on a midpoint (a tiny term lost below it): the sign of the residual decides,
        // and the residual is fold_err up to 2^-48·Σ|err|, so its sign is fold_err's when that
        // is more than twice as large.
        __m256d const on_up = _mm256_cmp_pd(s, m_up, _CMP_EQ_OQ);
        __m256d const on_down = _mm256_cmp_pd(s, m_down, _CMP_EQ_OQ);
        __m256d const sign_sure = _mm256_cmp_pd(_mm256_and_pd(fold_err, abs_mask),
                                                _mm256_mul_pd(err_abs, _mm256_set1_pd(0x1p-47)), _CMP_GT_OQ);
        // `up` is the neighbour of larger magnitude: the residual moves there when it has hi's sign.
        __m256d const outward = _mm256_mul_pd(fold_err, s);
        __m256d const tie_up = _mm256_and_pd(on_up, _mm256_cmp_pd(outward, zero, _CMP_GT_OQ));
        __m256d const tie_down = _mm256_and_pd(on_down, _mm256_cmp_pd(outward, zero, _CMP_LT_OQ));
        __m256d const decided =
            _mm256_and_pd(plain, _mm256_or_pd(_mm256_cmp_pd(dist, margin, _CMP_GT_OQ),
                                              _mm256_and_pd(sign_sure, _mm256_or_pd(on_up, on_down))));
        undecided = _mm256_or_pd(
            undecided, _mm256_andnot_pd(_mm256_or_pd(exact, decided), _mm256_castsi256_pd(_mm256_set1_epi64x(-1))));
        __m256d const ties = _mm256_andnot_pd(exact, _mm256_and_pd(sign_sure, plain));
        d = _mm256_blendv_pd(fd, up, _mm256_and_pd(ties, tie_up));
        d = _mm256_blendv_pd(d, down, _mm256_and_pd(ties, tie_down));
      }
      redo |= _mm256_movemask_pd(undecided);
      alignas(16) float out[kLanes64];
      _mm_store_ps(out, _mm256_cvtpd_ps(d));
      alignas(32) uint64_t computed[kLanes64];
      for (int l = 0; l < kLanes64; ++l) computed[l] = std::bit_cast<uint32_t>(out[l]);
      redo &= (1 << n_valid) - 1;
      if (redo == 0) {
        for (int l = 0; l < n_valid; ++l) D[row + static_cast<size_t>(l)] = computed[l];
        continue;
      }
      if (scales == nullptr) {
        finish_with_reference(m, N, K, A, B, C, D, i, j0, n_valid, computed, static_cast<uint32_t>(redo));
        continue;
      }
      for (int l = 0; l < n_valid; ++l) {
        size_t const ij = row + static_cast<size_t>(l);
        D[ij] = (redo >> l & 1) != 0
                    ? scaled_reference(m, K, A + static_cast<size_t>(i) * k_size, B, j0 + l, C[ij],
                                       scales->sa + static_cast<size_t>(i) * static_cast<size_t>(scales->nb),
                                       scales->sbt + static_cast<size_t>(j0 + l) * static_cast<size_t>(scales->nb))
                    : computed[l];
      }
    }
  }
}

} // namespace

bool dot_tile_scaled_simd(Model const& m, int M, int N, int K, uint64_t const* A, uint8_t const* SA, uint64_t const* Bt,
                          uint8_t const* SBt, uint64_t const* C, uint64_t* D) {
  if (tile_isa() != TileIsa::kAvx2 || m.engine != Engine::kCdna4ScaledDot || !has_plain_simd_kernel(m, K)) return false;
  unsigned const csr = _mm_getcsr(); // the default environment: RNE, no FTZ/DAZ
  if ((csr & 0x6000) != 0 || (csr & 0x8040) != 0) return false;
  auto const k = static_cast<size_t>(K);
  BView const b{Bt, 1, k, K, nullptr, K};
  BlockScales const scales{SA, SBt, (K + m.group - 1) / m.group};
  dot_tile_exact_blocks(m, M, N, K, A, b, C, D, &scales);
  return true;
}

void dot_tile_plain_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                         uint64_t* D) {
  if (m.out == Format::kF64) return dot_tile_f64(m, M, N, K, A, B, C, D);
  if (m.engine == Engine::kCdna1ExactDot || m.engine == Engine::kCdna4ScaledDot)
    return dot_tile_exact_blocks(m, M, N, K, A, B, C, D);
  bool const fma = m.engine == Engine::kFmaChain;
  bool const pairwise = m.engine == Engine::kCdna2PairwiseDot;
  bool const floats = fma || pairwise; // NaN inputs (or C) go to the reference
  thread_local PlainOperands t;
  auto const nan_in = [&](Format f) { return [floats, f](uint64_t raw) { return floats && decode(f, raw).is_nan(); }; };
  pack<kLanes>(
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

#else

namespace wavemma::numeric::detail {
bool has_plain_simd_kernel(Model const&, int) { return false; }
bool dot_tile_scaled_simd(Model const&, int, int, int, uint64_t const*, uint8_t const*, uint64_t const*, uint8_t const*,
                          uint64_t const*, uint64_t*) {
  return false;
}
void dot_tile_plain_simd(Model const&, int, int, int, uint64_t const*, BView const&, uint64_t const*, uint64_t*) {}
} // namespace wavemma::numeric::detail

#endif
