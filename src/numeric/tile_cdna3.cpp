// CDNA3 Algorithms 1 (f16, bf16, xf32) and 2 (FNUZ fp8/bf8) as AVX2 kernels (numerics.md §3.3,
// §3.4): exact integer arithmetic on the reference core's grids, 8 output columns per vector.
//
// Lanes the kernel leaves to the reference: NaN/inf inputs or C, a possible |p| >= 2^128 (product
// grids above 2^96) and a block result that overflows.

#include "tile_kernels.hpp"

#if defined(__x86_64__)

#include <algorithm>

namespace wavemma::numeric::detail {

bool cdna3_covers(Model const& m) {
  auto const fast = [&](Format f) {
    // fp8: FNUZ (gfx942) or OCP (gfx950); the decoder reads bias and special codes from the format.
    return m.engine == Engine::kCdna3Fp8Dot ? f == Format::kFp8E4M3Fnuz || f == Format::kBf8E5M2Fnuz ||
                                                  f == Format::kFp8E4M3 || f == Format::kBf8E5M2
                                            : f == Format::kF16 || f == Format::kBf16 || f == Format::kXf32;
  };
  // 16 products of < 2^26 units keep a block's sum in an int32.
  return m.out == Format::kF32 && fast(m.a) && fast(m.b) && m.group <= 16;
}

WAVEMMA_AVX2_BEGIN
namespace {

using namespace simd;

// CDNA3 Algorithm 1 (§3.3).

// C-larger branch for four lanes, exact in doubles: S' = floor(S_sum on 2^(e_c-32)), T = S' + c
// in units of 2^(e_c-32), T an integer below 2^40.
D4 c_larger_sum4(__m128i s_sum, __m128i u, __m128i e_c, __m128i c_signed) {
  // S_sum is in units of 2^u (u = e_max - 24); 2^(u - (e_c - 32)) brings it to units of 2^(e_c -
  // 32).
  __m128i const shift = _mm_max_epi32(_mm_sub_epi32(_mm_add_epi32(u, _mm_set1_epi32(32)), e_c), _mm_set1_epi32(-1000));
  D4 const s_shifted = _mm256_floor_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(s_sum), pow2(shift)));
  return _mm256_fmadd_pd(_mm256_cvtepi32_pd(c_signed), _mm256_set1_pd(512.0), s_shifted); // exact
}

// T floored to 32 significant bits (the normalisation at 31 fractional bits), then RNE32, when
// e_c >= -94 (T·2^(e_c-32) >= 2^-126, so the normalisation floor plays no part). T's double has
// at most 53 - 32 = 21 bits to drop: they are the low 21 bits of the encoding, and a negative T with
// dropped bits moves one unit away from zero (toward -inf). Returns RNE24 of that integer (the
// int -> float conversion); the caller scales it by 2^(e_c-32).
__m128 c_larger4(D4 t) {
  V const bits = _mm256_castpd_si256(t);
  V const low = _mm256_and_si256(bits, _mm256_set1_epi64x(0x1FFFFF));
  V const inexact_negative = _mm256_andnot_si256(_mm256_cmpeq_epi64(low, zero8()), _mm256_cmpgt_epi64(zero8(), bits));
  V const floored = _mm256_add_epi64(_mm256_andnot_si256(_mm256_set1_epi64x(0x1FFFFF), bits),
                                     _mm256_and_si256(inexact_negative, _mm256_set1_epi64x(0x200000)));
  return _mm256_cvtpd_ps(_mm256_castsi256_pd(floored)); // T = 0 gives +0
}

// The same for any e_c: the value T·2^(e_c-32) (exact) floored onto 2^(e_n-31), e_n = max(its
// exponent, -126), and rounded to f32 once (gradual underflow). The result is scaled already.
__m128 c_larger4_any(D4 t, __m128i e_c) {
  D4 const v = _mm256_mul_pd(t, pow2(_mm_sub_epi32(e_c, _mm_set1_epi32(32))));
  // The exponents of the four doubles (-1023 for T = 0, which floors to 0 whatever the grid).
  V const e64 =
      _mm256_sub_epi64(_mm256_and_si256(_mm256_srli_epi64(_mm256_castpd_si256(v), 52), _mm256_set1_epi64x(0x7FF)),
                       _mm256_set1_epi64x(1023));
  __m128i const e = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(e64, _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
  __m128i const e_n = _mm_max_epi32(e, _mm_set1_epi32(-126));
  D4 const floored = _mm256_floor_pd(_mm256_mul_pd(v, pow2(_mm_sub_epi32(_mm_set1_epi32(31), e_n))));
  return _mm256_cvtpd_ps(_mm256_mul_pd(floored, pow2(_mm_sub_epi32(e_n, _mm_set1_epi32(31))))); // T = 0 gives +0
}

// Σ ⌊p⌉ᵀ on the grid 2^u of the products k = k0, k0 + step, ... < k0 + count, for every chain:
// u = max grid (e_max - 24; about 2·kZeroAe when all are zero), s the truncated sum in units of
// 2^u.
template <int kCount, int kStep, int kC>
void truncated_sums(Sites<kC> const& at, int k0, int count, V (&u)[kC], V (&s)[kC]) {
  int const n = kCount > 0 ? kCount : count;
  for (int w = 0; w < kC; ++w) {
    u[w] = splat(2 * kZeroAe);
    s[w] = zero8();
  }
  V grids[kC][16]; // the first pass's grids, reused by the second (kept or spilled: no ALU)
  for (int k = k0, x = 0; k < k0 + n; k += kStep, ++x) {
    for (int w = 0; w < kC; ++w) {
      grids[w][x & 15] = _mm256_add_epi32(splat(at[w].a_ae(k)), at[w].b_ae(k));
      u[w] = _mm256_max_epi32(u[w], grids[w][x & 15]);
    }
  }
  for (int k = k0, x = 0; k < k0 + n; k += kStep, ++x) {
    for (int w = 0; w < kC; ++w) {
      V const grid = grids[w][x & 15];
      V const p = _mm256_madd_epi16(splat(at[w].a_sig(k)), at[w].b_sig(k));
      V const units = _mm256_srlv_epi32(_mm256_abs_epi32(p), _mm256_sub_epi32(u[w], grid)); // toward zero
      s[w] = _mm256_add_epi32(s[w], _mm256_sign_epi32(units, p));
    }
  }
}

// Algorithm 1/2 steps 3-5 for one chain: adds c (the f32 accumulator d) to S_sum (units of 2^u,
// u = e_max - 24) and rounds. Algorithm 2 (fp8) drops c when e_max - e_c > 25.
//
// Where the products win (e_max >= e_c), c' = floor(c / 2^u) is a multiply by 2^-u (exact) and a
// floor, and the result RNE(S_acc)·2^u the int -> float conversion and a multiply by 2^u. In f32
// both need -125 <= u <= 96 (2^u and 2^-u normal, a non-zero result at least 2^u, |S_acc| < 2^31
// keeping it below 2^127); a vector with a lane below that range takes the same steps in doubles,
// exact for every u. Lanes above it (u > 102 could also mean |p| >= 2^128) go to the reference.
// S_acc = S_sum + c' from c' = floor(c / 2^u) (the floor done by the caller): a negative c far
// below the grid floors to -1 even where c / 2^u underflows to -0, and fp8 drops c beyond 25 bits.
[[gnu::always_inline]] inline V products_win_sum(V c_floored, V d, V u, V e_c, V s_sum, bool fp8) {
  V const negative = _mm256_castps_si256(_mm256_cmp_ps(_mm256_castsi256_ps(d), _mm256_setzero_ps(), _CMP_LT_OQ));
  V c_aligned = _mm256_min_epi32(c_floored, _mm256_or_si256(negative, splat(INT32_MAX)));
  if (fp8) c_aligned = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_sub_epi32(u, e_c), splat(1)), c_aligned);
  return _mm256_add_epi32(s_sum, c_aligned);
}

// The products-win result in doubles, for a vector with a lane below u = -125. (Inline: a call in
// the kernel, even one never made, costs more than the code it would save; every ymm register is
// caller-saved.)
[[gnu::always_inline]] inline V products_win_exact(V d, V u, V e_c, V s_sum, bool fp8) {
  V const u_any = _mm256_max_epi32(u, splat(-1000)); // lanes without products: any value, unused
  return round_scaled_exact(products_win_sum(floor_scaled_exact(d, u_any), d, u, e_c, s_sum, fp8), u_any);
}

// The C-larger result for any e_c (rare: a c below 2^-94).
[[gnu::always_inline]] inline V c_larger_any(V s_sum, V u, V e_c, V c_signed) {
  D4 const t_lo = c_larger_sum4(low4(s_sum), low4(u), low4(e_c), low4(c_signed));
  D4 const t_hi = c_larger_sum4(high4(s_sum), high4(u), high4(e_c), high4(c_signed));
  return _mm256_castps_si256(_mm256_set_m128(c_larger4_any(t_hi, high4(e_c)), c_larger4_any(t_lo, low4(e_c))));
}

V add_c(V u, V s_sum, V d, bool fp8, V& fallback) {
  V const e_field = exp_field(d);
  V const e_c = _mm256_sub_epi32(_mm256_max_epi32(e_field, splat(1)), splat(127)); // -126 for 0/subnormal
  V const products_win = _mm256_cmpgt_epi32(_mm256_add_epi32(u, splat(25)), e_c);  // e_max >= e_c
  int const win = lane_bits(products_win);
  V result = zero8();
  if (win != 0) {
    fallback = _mm256_or_si256(fallback, _mm256_and_si256(products_win, _mm256_cmpgt_epi32(u, splat(96))));
    if (!any(_mm256_and_si256(products_win, _mm256_cmpgt_epi32(splat(-125), u)))) {
      __m256 const c = _mm256_castsi256_ps(d);
      V const c_floored = _mm256_cvttps_epi32(_mm256_round_ps(_mm256_mul_ps(c, pow2_ps(_mm256_sub_epi32(zero8(), u))),
                                                              _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
      V const s_acc = products_win_sum(c_floored, d, u, e_c, s_sum, fp8);
      result = _mm256_castps_si256(_mm256_mul_ps(_mm256_cvtepi32_ps(s_acc), pow2_ps(u))); // S_acc = 0 gives +0
    } else {
      result = products_win_exact(d, u, e_c, s_sum, fp8);
    }
  }
  if (win != 0xFF) {
    // T·2^(e_c-32) with T >= 1 unit is a normal f32 when e_c >= -94, and then 2^(e_c-32) is a
    // normal float and the scaling exact; smaller c (the normalisation floor at 2^-126 comes into
    // play) take the general form.
    V const c_signed =
        apply_sign(_mm256_or_si256(_mm256_and_si256(d, splat(0x7FFFFF)),
                                   _mm256_andnot_si256(_mm256_cmpeq_epi32(e_field, zero8()), splat(0x800000))),
                   _mm256_srai_epi32(d, 31));
    V c_wins;
    if (!any(_mm256_andnot_si256(products_win, _mm256_cmpgt_epi32(splat(-94), e_c)))) {
      __m128 const lo = c_larger4(c_larger_sum4(low4(s_sum), low4(u), low4(e_c), low4(c_signed)));
      __m128 const hi = c_larger4(c_larger_sum4(high4(s_sum), high4(u), high4(e_c), high4(c_signed)));
      c_wins = _mm256_castps_si256(_mm256_mul_ps(_mm256_set_m128(hi, lo), pow2_ps(_mm256_sub_epi32(e_c, splat(32)))));
    } else {
      c_wins = c_larger_any(s_sum, u, e_c, c_signed);
    }
    result = select(products_win, result, c_wins);
  }
  fallback = _mm256_or_si256(fallback, is_inf_or_nan_f32(result)); // it would be the next block's c
  return result;
}

// Algorithm 1: one block of n products.
template <int kGroup, int kC>
void cdna3_block(Sites<kC> const& at, int k0, int n, V (&d)[kC], V (&fallback)[kC]) {
  V u[kC];
  V s[kC];
  truncated_sums<kGroup, 1>(at, k0, n, u, s);
  for (int w = 0; w < kC; ++w) d[w] = add_c(u[w], s[w], d[w], false, fallback[w]);
}

// Algorithm 2: the products at even and odd block positions are summed separately; the group with
// the smaller grid is floored onto the larger one.
template <int kGroup, int kC>
void cdna3_fp8_block(Sites<kC> const& at, int k0, int n, V (&d)[kC], V (&fallback)[kC]) {
  V u_even[kC];
  V s_even[kC];
  V u_odd[kC];
  V s_odd[kC];
  truncated_sums<kGroup, 2>(at, k0, n, u_even, s_even);
  truncated_sums<kGroup == 0 ? 0 : kGroup - 1, 2>(at, k0 + 1, n - 1, u_odd, s_odd);
  for (int w = 0; w < kC; ++w) {
    V const u = _mm256_max_epi32(u_even[w], u_odd[w]);
    V const s_sum = _mm256_add_epi32(_mm256_srav_epi32(s_even[w], _mm256_sub_epi32(u, u_even[w])),
                                     _mm256_srav_epi32(s_odd[w], _mm256_sub_epi32(u, u_odd[w])));
    d[w] = add_c(u, s_sum, d[w], true, fallback[w]);
  }
}

template <int kGroup, int kC>
void cdna3_row(Sites<kC> const& at, int K, int group, bool fp8, V (&d)[kC], V (&fallback)[kC]) {
  for (int k0 = 0; k0 < K; k0 += group) {
    int const n = std::min(group, K - k0);
    bool const full = kGroup > 0 && n == kGroup;
    if (fp8) {
      full ? cdna3_fp8_block<kGroup>(at, k0, n, d, fallback) : cdna3_fp8_block<0>(at, k0, n, d, fallback);
    } else {
      full ? cdna3_block<kGroup>(at, k0, n, d, fallback) : cdna3_block<0>(at, k0, n, d, fallback);
    }
  }
}

template <int kC>
void cdna3_chains(Model const& m, Sites<kC> const& at, int K, Lanes<kC>& d, Lanes<kC>& fallback) {
  bool const fp8 = m.engine == Engine::kCdna3Fp8Dot;
  for (int w = 0; w < kC; ++w) fallback[w] = _mm256_or_si256(fallback[w], is_inf_or_nan_f32(d[w]));
  switch (m.group) {
  case 4:
    return cdna3_row<4>(at, K, m.group, fp8, d, fallback);
  case 8:
    return cdna3_row<8>(at, K, m.group, fp8, d, fallback);
  case 16:
    return cdna3_row<16>(at, K, m.group, fp8, d, fallback);
  default:
    return cdna3_row<0>(at, K, m.group, fp8, d, fallback);
  }
}
} // namespace

void cdna3_tile(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                uint64_t* D) {
  tile_detail::tile_by_chains<2, cdna3_chains<2>>(m, M, N, K, A, B, C, D);
}

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail

#endif
