// The exact-block AVX2 kernel: one exact rounding per block (kCdna1ExactDot; kCdna4ScaledDot at
// scale 1, and dot_tile_scaled's with the block scales), in doubles, four output columns per
// vector.
//
// f16, bf16 and the OCP 8/6/4-bit products are exact in binary64. Each block's c + Σ p is
// accumulated with TwoSum, so the exact sum is s + Σ err with every err exact; the rounded Σ err is
// folded back in with one more TwoSum, leaving hi and a bound on |exact - hi|. When every err is
// zero, hi is the exact sum and one conversion to binary32 (RNE, gradual underflow, overflow to inf)
// is the engine's single rounding; an exact zero is +0. Otherwise the rounding of hi is still that
// of the exact sum when hi lies farther than twice the bound from both binary32 rounding boundaries
// (the midpoints to the neighbours of round32(hi)). A lane that is not so decided, or has an
// inf/NaN input or C, goes to the reference.

#include "tile.hpp"

#if defined(__x86_64__)

#include "engine_impl.hpp"
#include "fp_environment.hpp"
#include "tile_kernels.hpp"
#include "tile_lanes.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <immintrin.h>
#include <vector>

namespace wavemma::numeric::detail {

// f16/bf16 (CDNA1) or OCP fp8/bf8/fp6/bf6/fp4 with every scale 1 (gfx950's unscaled f8f6f4) -> f32;
// the error bound of the kernel needs a group of at most 32.
bool exact_blocks_covers(Model const& m, int) {
  return (m.engine == Engine::kCdna1ExactDot || m.engine == Engine::kCdna4ScaledDot) && m.group <= 32;
}

WAVEMMA_AVX2_BEGIN
namespace {

using simd::V;
using PlainExact = LaneOperands<double>; // B's columns padded to kLanes64

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

// The four lanes' scale of block `blk` of row i, columns j0..; marks a NaN scale's lanes in redo.
__m256d block_scale(BlockScales const* scales, int i, int j0, int n_valid, int blk, int& redo) {
  if (scales == nullptr) return _mm256_set1_pd(1.0);
  int const sa = scales->sa[static_cast<size_t>(i) * static_cast<size_t>(scales->nb) + static_cast<size_t>(blk)];
  alignas(32) int64_t e[kLanes64];
  for (int l = 0; l < kLanes64; ++l) {
    int const sb =
        l < n_valid
            ? scales->sbt[static_cast<size_t>(j0 + l) * static_cast<size_t>(scales->nb) + static_cast<size_t>(blk)]
            : 0x7F;
    if (sa == 0xFF || sb == 0xFF) redo |= 1 << l;
    e[l] = int64_t{sa + sb - 254 + 1023} << 52; // 2^(sa + sb - 254): a normal double
  }
  return _mm256_castsi256_pd(_mm256_load_si256(reinterpret_cast<V const*>(e)));
}

// s + err = x + y exactly.
__m256d two_sum(__m256d x, __m256d y, __m256d& err) {
  __m256d const sum = _mm256_add_pd(x, y); // err = (x - (sum - by)) + (y - by), exactly
  __m256d const by = _mm256_sub_pd(sum, x);
  err = _mm256_add_pd(_mm256_sub_pd(x, _mm256_sub_pd(sum, by)), _mm256_sub_pd(y, by));
  return sum;
}

// A block's d + Σ p as hi (s) with the last TwoSum's error (fold_err) and Σ |err| of the others.
struct BlockSum {
  __m256d s, fold_err, err_abs;
};

BlockSum sum_block(PlainExact const& t, size_t a_row, uint32_t const* b_off, int j0, int k0, int k1, __m256d scale,
                   __m256d d) {
  __m256d const zero = _mm256_setzero_pd();
  __m256d const abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
  __m256d s = d;
  __m256d err_sum = zero, err_abs = zero; // Σ err (rounded) and Σ |err|
  for (int k = k0; k < k1; ++k) {
    __m256d const a = _mm256_broadcast_sd(&t.a[a_row + static_cast<size_t>(k)]);
    __m256d const p = _mm256_mul_pd(_mm256_mul_pd(a, _mm256_loadu_pd(&t.b[b_off[k] + static_cast<size_t>(j0)])), scale);
    __m256d err;
    s = two_sum(s, p, err);
    err_sum = _mm256_add_pd(err_sum, err);
    err_abs = _mm256_add_pd(err_abs, _mm256_and_pd(err, abs_mask));
  }
  // Fold the errors back in (the sum exact but for the last TwoSum's error and the rounding of
  // err_sum, below 2^-48 · Σ|err| for a block of at most 16 products).
  __m256d fold_err;
  s = two_sum(s, err_sum, fold_err);
  return {s, fold_err, err_abs};
}

// The block's one rounding to binary32 (as doubles), and in `undecided` the lanes whose rounding
// the bound cannot decide.
__m256d round_block(BlockSum const& b, __m256d& undecided) {
  __m256d const zero = _mm256_setzero_pd();
  __m256d const abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
  __m256d const s = b.s;
  __m256d const bound =
      _mm256_add_pd(_mm256_and_pd(b.fold_err, abs_mask), _mm256_mul_pd(b.err_abs, _mm256_set1_pd(0x1p-48)));
  // One rounding to binary32; an exact zero is +0 (s == 0 compares equal for -0 too).
  __m128 const f = _mm256_cvtpd_ps(_mm256_blendv_pd(s, zero, _mm256_cmp_pd(s, zero, _CMP_EQ_OQ)));
  __m256d const exact = _mm256_cmp_pd(b.err_abs, zero, _CMP_EQ_OQ);
  // Not exact: decided when hi is farther than 2·Σ|err| from both midpoints around round32(hi).
  __m128i const bits = _mm_castps_si128(f);
  __m128i const mag = _mm_and_si128(bits, _mm_set1_epi32(0x7FFFFFFF));
  __m128i const sign = _mm_andnot_si128(_mm_set1_epi32(0x7FFFFFFF), bits);
  __m256d const up = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_or_si128(sign, _mm_add_epi32(mag, _mm_set1_epi32(1)))));
  __m256d const down = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_or_si128(sign, _mm_sub_epi32(mag, _mm_set1_epi32(1)))));
  __m256d const fd = _mm256_cvtps_pd(f);
  __m256d const half = _mm256_set1_pd(0.5);
  __m256d const m_up = _mm256_mul_pd(_mm256_add_pd(fd, up), half); // exact in binary64
  __m256d const m_down = _mm256_mul_pd(_mm256_add_pd(fd, down), half);
  __m256d const dist =
      _mm256_min_pd(_mm256_and_pd(_mm256_sub_pd(s, m_up), abs_mask), _mm256_and_pd(_mm256_sub_pd(s, m_down), abs_mask));
  __m256d const margin = _mm256_add_pd(bound, bound);
  // Magnitudes 0 (hi below the subnormal midpoint) and from 0x7F7FFFFF on (next to overflow) have
  // no plain pair of neighbours: never decided this way.
  __m128i const ordinary =
      _mm_andnot_si128(_mm_cmpeq_epi32(mag, _mm_setzero_si128()), _mm_cmplt_epi32(mag, _mm_set1_epi32(0x7F7FFFFF)));
  __m256d const plain = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(ordinary));
  // hi exactly on a midpoint (a tiny term lost below it): the sign of the residual decides, and the
  // residual is fold_err up to 2^-48·Σ|err|, so its sign is fold_err's when that is more than twice
  // as large.
  __m256d const on_up = _mm256_cmp_pd(s, m_up, _CMP_EQ_OQ);
  __m256d const on_down = _mm256_cmp_pd(s, m_down, _CMP_EQ_OQ);
  __m256d const sign_sure =
      _mm256_cmp_pd(_mm256_and_pd(b.fold_err, abs_mask), _mm256_mul_pd(b.err_abs, _mm256_set1_pd(0x1p-47)), _CMP_GT_OQ);
  // `up` is the neighbour of larger magnitude: the residual moves there when it has hi's sign.
  __m256d const outward = _mm256_mul_pd(b.fold_err, s);
  __m256d const tie_up = _mm256_and_pd(on_up, _mm256_cmp_pd(outward, zero, _CMP_GT_OQ));
  __m256d const tie_down = _mm256_and_pd(on_down, _mm256_cmp_pd(outward, zero, _CMP_LT_OQ));
  __m256d const decided = _mm256_and_pd(plain, _mm256_or_pd(_mm256_cmp_pd(dist, margin, _CMP_GT_OQ),
                                                            _mm256_and_pd(sign_sure, _mm256_or_pd(on_up, on_down))));
  undecided = _mm256_or_pd(undecided,
                           _mm256_andnot_pd(_mm256_or_pd(exact, decided), _mm256_castsi256_pd(_mm256_set1_epi64x(-1))));
  __m256d const ties = _mm256_andnot_pd(exact, _mm256_and_pd(sign_sure, plain));
  __m256d const d = _mm256_blendv_pd(fd, up, _mm256_and_pd(ties, tie_up));
  return _mm256_blendv_pd(d, down, _mm256_and_pd(ties, tie_down));
}

// C of four columns as doubles; an inf or NaN C marks its lane in redo.
__m256d c_values(uint64_t const* C, size_t row, int n_valid, int& redo) {
  alignas(32) double values[kLanes64];
  for (int l = 0; l < kLanes64; ++l) {
    auto const w = l < n_valid ? static_cast<uint32_t>(C[row + static_cast<size_t>(l)] & 0xFFFFFFFF) : 0u;
    if ((w & 0x7F800000) == 0x7F800000) redo |= 1 << l;
    values[l] = static_cast<double>(std::bit_cast<float>(w));
  }
  return _mm256_load_pd(values);
}

void dot_tile_exact_blocks(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                           uint64_t* D, BlockScales const* scales = nullptr) {
  thread_local PlainExact t;
  auto const not_finite = [](Format f) { return [f](uint64_t raw) { return !decode(f, raw).is_finite(); }; };
  pack_lanes<kLanes64>(
      M, N, K, A, B, t, [&](uint64_t raw) { return element_value(m.a, raw); },
      [&](uint64_t raw) { return element_value(m.b, raw); }, not_finite(m.a), not_finite(m.b));
  auto const k_size = static_cast<size_t>(K);
  for (int i = 0; i < M; ++i) {
    size_t const a_row = static_cast<size_t>(i) * k_size;
    uint32_t const* b_off = t.b_off.of_row(i);
    for (int j0 = 0; j0 < N; j0 += kLanes64) {
      int const n_valid = std::min(kLanes64, N - j0);
      size_t const row = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j0);
      int redo = 0; // lanes for the reference: an inf/NaN in A's row, B's column, C or a scale
      __m256d d = c_values(C, row, n_valid, redo);
      __m128i const b_bad = _mm_loadu_si128(reinterpret_cast<__m128i const*>(&t.b_nan[static_cast<size_t>(j0)]));
      redo |= _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cvtepi32_epi64(b_bad)));
      if (t.a_nan[static_cast<size_t>(i)] != 0) redo = (1 << kLanes64) - 1;
      __m256d undecided = _mm256_setzero_pd();
      for (int k0 = 0, blk = 0; k0 < K; k0 += m.group, ++blk) {
        __m256d const scale = block_scale(scales, i, j0, n_valid, blk, redo);
        d = round_block(sum_block(t, a_row, b_off, j0, k0, std::min(K, k0 + m.group), scale, d), undecided);
      }
      redo |= _mm256_movemask_pd(undecided);
      alignas(16) float out[kLanes64];
      _mm_store_ps(out, _mm256_cvtpd_ps(d));
      alignas(32) uint64_t computed[kLanes64];
      for (int l = 0; l < kLanes64; ++l) computed[l] = std::bit_cast<uint32_t>(out[l]);
      redo &= (1 << n_valid) - 1;
      if (redo == 0) {
        for (int l = 0; l < n_valid; ++l) D[row + static_cast<size_t>(l)] = computed[l];
      } else if (scales == nullptr) {
        finish_with_reference(m, N, K, A, B, C, D, i, j0, n_valid, computed, static_cast<uint32_t>(redo));
      } else {
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
}

} // namespace

void exact_blocks_tile(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                       uint64_t* D) {
  dot_tile_exact_blocks(m, M, N, K, A, B, C, D);
}

bool dot_tile_scaled_simd(Model const& m, int M, int N, int K, uint64_t const* A, uint8_t const* SA, uint64_t const* Bt,
                          uint8_t const* SBt, uint64_t const* C, uint64_t* D) {
  if (tile_isa() != TileIsa::kAvx2 || m.engine != Engine::kCdna4ScaledDot || !exact_blocks_covers(m, K) ||
      !default_fp_environment())
    return false;
  auto const k = static_cast<size_t>(K);
  BView const b{Bt, 1, k, K, nullptr, K};
  BlockScales const scales{SA, SBt, (K + m.group - 1) / m.group};
  dot_tile_exact_blocks(m, M, N, K, A, b, C, D, &scales);
  return true;
}

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail

#else

namespace wavemma::numeric::detail {
bool dot_tile_scaled_simd(Model const&, int, int, int, uint64_t const*, uint8_t const*, uint64_t const*, uint8_t const*,
                          uint64_t const*, uint64_t*) {
  return false;
}
} // namespace wavemma::numeric::detail

#endif
