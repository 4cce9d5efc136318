// gfx11 DOT2 and gfx12 DOT4 chains as AVX2 kernels (numerics.md §4.2, §5.2, §6), with f32, bf16 and
// f16 outputs: exact integer arithmetic on the reference cores' grids, 8 output columns per vector.
// A 16-bit accumulator stays an f32 word (its widened value) between steps.
//
// Lanes the kernel leaves to the reference: NaN/inf inputs or C, and a result that overflows
// (f16 without FP16_OVFL, f32).

#include "tile_kernels.hpp"

#if defined(__x86_64__)

#include <algorithm>

namespace wavemma::numeric::detail {

bool rdna_covers(Model const& m) {
  auto const fast = [&](Format f) {
    return f == Format::kF16 || f == Format::kBf16 ||
           (m.engine == Engine::kRdna4Dot4 && (f == Format::kFp8E4M3 || f == Format::kBf8E5M2)); // OCP (gfx12)
  };
  return (m.out == Format::kF32 || m.out == Format::kF16 || m.out == Format::kBf16) && fast(m.a) && fast(m.b);
}

WAVEMMA_AVX2_BEGIN
namespace {

using namespace simd;

constexpr int32_t kNoGrid = -(1 << 22);

// RNE of |s| to 24 bits by the int -> float conversion, then the exponent moved by g. Valid when
// the result is a normal f32: `exp_field` (1..254 for those) tells.
struct FastRound {
  V bits;      // sign(s) | |s| rounded, exponent + g (garbage when exp_field is out of range)
  V exp_field; // biased exponent of the result
};
inline FastRound round_fast(V s, V g) {
  V const f = _mm256_castps_si256(_mm256_cvtepi32_ps(s)); // RNE, sign-symmetric
  V const e = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(f, 23), splat(0xFF)), g);
  return {_mm256_add_epi32(f, _mm256_slli_epi32(g, 23)), e};
}

// The fields of 8 f32 accumulators.
struct F32Fields {
  V e_field;   // biased exponent E
  V frac;      // fraction field F
  V neg;       // 0 or -1
  V e_is_zero; // E == 0
};
inline F32Fields fields(V d) {
  V const e = _mm256_and_si256(_mm256_srli_epi32(d, 23), splat(0xFF));
  return {e, _mm256_and_si256(d, splat(0x7FFFFF)), _mm256_srai_epi32(d, 31), _mm256_cmpeq_epi32(e, zero8())};
}
inline V with_hidden_bit(F32Fields const& c) {
  return _mm256_or_si256(c.frac, _mm256_andnot_si256(c.e_is_zero, splat(0x800000)));
}

// ---------------------------------------------------------------------------------------------
// 16-bit outputs (§6): the accumulator stays an f32 word (the widened 16-bit value) between steps.

enum class Out { kF32, kBf16, kF16 };

// F16 output from the exact value ±|S|·2^g: RNE to 11 significant bits, or onto the subnormal grid
// 2^-24 below 2^-14, rounded once (§6). Returns the f16 result widened to f32 bits (+0 for zero).
// A finite overflow gives ±65504 with FP16_OVFL; otherwise the lane is left to the reference.
inline V narrow_f16_widened(V s_abs, V g, V sign_bit, bool fp16_ovfl, V& fallback) {
  V const one = splat(1);
  // floor(log2 |S|) from the int -> float conversion. It is one too high only when |S| >= 2^24 has
  // 24 leading ones; rounding that at 10 instead of 11 bits gives the same 2^k, so no correction.
  V const e0 = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(s_abs)), 23), splat(127));
  V q = _mm256_max_epi32(_mm256_sub_epi32(_mm256_add_epi32(e0, g), splat(10)),
                         splat(-24)); // result grid
  V const t = _mm256_sub_epi32(q, g); // bits to drop; <= 0 means exact
  V const drop = _mm256_max_epi32(t, zero8());
  V const keep = _mm256_srlv_epi32(s_abs, drop);
  V const half = _mm256_srli_epi32(_mm256_sllv_epi32(one, drop), 1); // 2^(drop-1), 0 when nothing drops
  V const rem = _mm256_sub_epi32(s_abs, _mm256_sllv_epi32(keep, drop));
  V const odd = _mm256_cmpeq_epi32(_mm256_and_si256(keep, one), one);
  V const tie_up =
      _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi32(rem, half), _mm256_cmpgt_epi32(drop, zero8())), odd);
  V const up = _mm256_or_si256(_mm256_cmpgt_epi32(rem, half), tie_up);
  V m = _mm256_sllv_epi32(_mm256_sub_epi32(keep, up), _mm256_max_epi32(_mm256_sub_epi32(zero8(), t), zero8()));
  V const carry = _mm256_cmpeq_epi32(m, splat(2048));
  m = select(carry, splat(1024), m);
  q = _mm256_sub_epi32(q, carry);
  V bits = _mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(m)), _mm256_slli_epi32(q, 23)); // m·2^q
  V const overflow = _mm256_cmpgt_epi32(q, splat(5)); // >= 2^16 after rounding
  if (fp16_ovfl) {
    bits = select(overflow, splat(0x477FE000), bits); // 65504
  } else {
    fallback = _mm256_or_si256(fallback, overflow);
  }
  return _mm256_andnot_si256(_mm256_cmpeq_epi32(m, zero8()), _mm256_or_si256(bits, sign_bit));
}

// ---------------------------------------------------------------------------------------------
// gfx11 DOT2 steps (§4.2), f32 output: sign-magnitude sum in the accumulator's frame.
//
// G = max(G_p, L - 26) only needs the accumulator's lead: a product's lead is below its grid + 26,
// so it can never raise L - 26 above G_p. Between steps the accumulator stays decoded.

struct Gfx11Acc {
  V mag8;  // magnitude (2^23 + F, or 0 when E = 0) << 3
  V unit;  // exponent of mag8's unit, E - 153 (= lead - 26); about kNoGrid when the magnitude is 0
  V sigma; // 0 or -1: the sign bit, which frames the sum even when the magnitude is 0
};

inline Gfx11Acc gfx11_decode(V d) {
  F32Fields const c = fields(d);
  return {_mm256_andnot_si256(c.e_is_zero, _mm256_slli_epi32(_mm256_or_si256(c.frac, splat(0x800000)), 3)),
          _mm256_add_epi32(_mm256_sub_epi32(c.e_field, splat(153)), _mm256_and_si256(c.e_is_zero, splat(kNoGrid))),
          c.neg};
}

inline V gfx11_encode(Gfx11Acc const& a) {
  V const zero = _mm256_cmpeq_epi32(a.mag8, zero8());
  V const e = _mm256_slli_epi32(_mm256_add_epi32(a.unit, splat(153)), 23);
  V const frac = _mm256_and_si256(_mm256_srli_epi32(a.mag8, 3), splat(0x7FFFFF));
  V const sign = _mm256_and_si256(a.sigma, splat(static_cast<int32_t>(0x80000000u)));
  return _mm256_andnot_si256(zero, _mm256_or_si256(_mm256_or_si256(e, frac), sign));
}

template <Out kOut, int kC>
void rdna3_step(Sites<kC> const& at, int k0, bool fp16_ovfl, Gfx11Acc (&acc)[kC], V (&fallback)[kC]) {
  for (int w = 0; w < kC; ++w) {
    Gfx11Acc const c = acc[w];
    // Packed f16 output: lead'(acc) = max(-14, lead(acc)), so even a zero C contributes -14.
    V g = kOut == Out::kF16 ? _mm256_max_epi32(c.unit, splat(-40)) : c.unit;
    V mag[2];
    V grid[2];
    V flip[2]; // -1 where the product's sign differs from sigma (zero products included)
    for (int n = 0; n < 2; ++n) {
      int const k = k0 + n;
      mag[n] = _mm256_madd_epi16(splat(at[w].a_sig(k)),
                                 at[w].b_sig(k));                      // unsigned significands on gfx11
      grid[n] = _mm256_add_epi32(splat(at[w].a_ae(k)), at[w].b_ae(k)); // kZeroAe-based for zero products
      g = _mm256_max_epi32(g, grid[n]);
      flip[n] = _mm256_xor_si256(_mm256_xor_si256(splat(at[w].a_neg(k)), at[w].b_neg(k)), c.sigma);
    }
    // Accumulator: +u; products: u, or its one's complement ~u = -u-1 when the sign differs.
    V s = _mm256_srlv_epi32(c.mag8, _mm256_sub_epi32(g, c.unit));
    for (int n = 0; n < 2; ++n) {
      V const u = _mm256_srlv_epi32(mag[n], _mm256_sub_epi32(g, grid[n]));
      s = _mm256_add_epi32(s, _mm256_xor_si256(u, flip[n]));
    }
    if constexpr (kOut == Out::kF16) {
      // Step 4 (all magnitudes 0 -> +0) needs no test: then G = -40 and |S| <= 2 rounds to +0.
      V const sign_bit = _mm256_and_si256(_mm256_xor_si256(s, c.sigma), splat(static_cast<int32_t>(0x80000000u)));
      acc[w] = gfx11_decode(narrow_f16_widened(_mm256_abs_epi32(s), g, sign_bit, fp16_ovfl, fallback[w]));
      continue;
    }
    // Step 6: RNE to 24 bits, sign (S < 0) xor sigma, flush to +0 below 2^-126 after rounding. When
    // every magnitude was 0, G is about -2^20 and the exponent test flushes as well (step 4: +0).
    FastRound const r = round_fast(s, g);
    V const zero = _mm256_or_si256(_mm256_cmpgt_epi32(splat(1), r.exp_field), _mm256_cmpeq_epi32(s, zero8()));
    // An overflow makes the next accumulator infinite: leave the lane to the reference.
    fallback[w] = _mm256_or_si256(fallback[w], _mm256_cmpgt_epi32(r.exp_field, splat(254)));
    V const f = _mm256_castps_si256(_mm256_cvtepi32_ps(s)); // the rounded |S| is its significand
    acc[w].mag8 =
        _mm256_andnot_si256(zero, _mm256_or_si256(_mm256_srli_epi32(_mm256_slli_epi32(f, 9), 6), splat(1 << 26)));
    acc[w].unit = _mm256_add_epi32(_mm256_sub_epi32(r.exp_field, splat(153)), _mm256_and_si256(zero, splat(kNoGrid)));
    acc[w].sigma = _mm256_andnot_si256(zero, _mm256_srai_epi32(_mm256_xor_si256(s, c.sigma), 31));
    if constexpr (kOut == Out::kBf16)
      acc[w].mag8 = _mm256_andnot_si256(splat((1 << 19) - 1), acc[w].mag8); // bits [31:16]
  }
}

// ---------------------------------------------------------------------------------------------
// gfx12 DOT4 step (§5.2), f32 output: floor alignment per pair and onto G.
//
// max(c_floor, lead(acc)) - 26 is max(E,1) - 153: a subnormal accumulator's lead is below -126.

// The exact products of a step of one chain (units of 2^grid) and their grids.
template <int kGroup>
inline void step_products(Site const& at, int k0, V (&p)[kGroup], V (&grid)[kGroup]) {
  for (int n = 0; n < kGroup; ++n) {
    int const k = k0 + n;
    p[n] = _mm256_madd_epi16(splat(at.a_sig(k)), at.b_sig(k));
    grid[n] = _mm256_add_epi32(splat(at.a_ae(k)), at.b_ae(k));
  }
}

// The step with an f16 result: the accumulator (a widened f16) floored onto G in integers, the
// result narrowed to f16 once.
template <int kGroup, int kC>
void rdna4_step_f16(Sites<kC> const& at, int k0, bool fp16_ovfl, V (&acc)[kC], V (&fallback)[kC]) {
  constexpr int32_t kCFloor = -14;
  for (int w = 0; w < kC; ++w) {
    F32Fields const c = fields(acc[w]);
    V const c_mag8 = _mm256_slli_epi32(with_hidden_bit(c), 3);                            // subnormal C kept
    V const c_unit = _mm256_sub_epi32(_mm256_max_epi32(c.e_field, splat(1)), splat(153)); // units of c_mag8
    V g = _mm256_max_epi32(c_unit, splat(kCFloor - 26));
    V p[kGroup];
    V grid[kGroup];
    step_products(at[w], k0, p, grid);
    for (int n = 0; n < kGroup; ++n) g = _mm256_max_epi32(g, grid[n]);
    // Accumulator floored onto G; a negative one wholly below the grid gives 0 when G > c_floor.
    V const c_shift = _mm256_sub_epi32(g, c_unit);
    V const below =
        _mm256_and_si256(_mm256_and_si256(c.neg, _mm256_cmpeq_epi32(_mm256_srlv_epi32(c_mag8, c_shift), zero8())),
                         _mm256_cmpgt_epi32(g, splat(kCFloor)));
    V s = _mm256_andnot_si256(below, _mm256_srav_epi32(apply_sign(c_mag8, c.neg), c_shift));
    for (int n = 0; n < kGroup; n += 2) {
      V const g_pair = _mm256_max_epi32(grid[n], grid[n + 1]);
      V const pair = _mm256_add_epi32(_mm256_srav_epi32(p[n], _mm256_sub_epi32(g_pair, grid[n])),
                                      _mm256_srav_epi32(p[n + 1], _mm256_sub_epi32(g_pair, grid[n + 1])));
      s = _mm256_add_epi32(s, _mm256_srav_epi32(pair, _mm256_sub_epi32(g, g_pair)));
    }
    V const sign_bit = _mm256_and_si256(s, splat(static_cast<int32_t>(0x80000000u)));
    acc[w] = narrow_f16_widened(_mm256_abs_epi32(s), g, sign_bit, fp16_ovfl, fallback[w]);
  }
}

// The same step with an f32 (or bf16) result, the accumulator kept as its f32 value: flooring it
// onto G is a multiply by 2^-G (exact) and a floor, and the result's rounding is the int -> float
// conversion (RNE to 24 bits) and a multiply by 2^G (exact for a normal result). In f32 both need
// -125 <= G <= 96: then 2^G and 2^-G are normal floats, G > c_floor (a negative accumulator wholly
// below the grid contributes 0), a non-zero result (at least 2^G) is never subnormal, and
// |S| < 2^29 keeps it below 2^126. Outside that range (tiny values, wide exponents, a step whose
// accumulator and products are all zero: G = -152) a zero accumulator floors to 0 and S = 0 gives
// +0 on any grid, so only a vector with a non-zero accumulator or sum there takes the same steps in
// doubles, exact for every G; a result that overflows goes to the reference.
// The rest of a step from G on. kWide: some lane of the vector lies outside -125 <= G <= 96
// (`outside`); there a zero accumulator and a zero sum still take the f32 forms (on a clamped G),
// and a vector with a non-zero one takes the exact forms in doubles.
template <bool kWide, int kGroup, Out kOut>
[[gnu::always_inline]] inline V rdna4_float_rest(V c, V e, V g, V outside, V const (&p)[kGroup],
                                                 V const (&grid)[kGroup], V const (&g_pair)[kGroup / 2], V& fallback) {
  constexpr int32_t kCFloor = -126;
  V const g_f32 = kWide ? _mm256_min_epi32(_mm256_max_epi32(g, splat(kCFloor + 1)), splat(96)) : g;
  V s;
  if (!kWide || !any(_mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_slli_epi32(c, 1), zero8()), outside))) {
    // floor(c / 2^G); -1 < c / 2^G < 0 (negative, wholly below the grid) gives 0.
    __m256 const y = _mm256_mul_ps(_mm256_castsi256_ps(c), pow2_ps(_mm256_sub_epi32(zero8(), g_f32)));
    V const above_minus_one = _mm256_castps_si256(_mm256_cmp_ps(y, _mm256_set1_ps(-1.0f), _CMP_GT_OQ));
    s = _mm256_cvttps_epi32(_mm256_round_ps(y, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    s = _mm256_max_epi32(s, _mm256_andnot_si256(above_minus_one, splat(INT32_MIN)));
  } else {
    // A negative accumulator wholly below the grid gives 0 only when G > c_floor.
    F32Fields const cf = fields(c);
    V const c_shift =
        _mm256_max_epi32(_mm256_sub_epi32(g, _mm256_sub_epi32(_mm256_max_epi32(e, splat(1)), splat(150))), zero8());
    V const magnitude = with_hidden_bit(cf);
    V const below = _mm256_and_si256(
        _mm256_and_si256(cf.neg, _mm256_cmpeq_epi32(_mm256_srlv_epi32(magnitude, c_shift), zero8())),
        _mm256_andnot_si256(_mm256_cmpeq_epi32(magnitude, zero8()), _mm256_cmpgt_epi32(g, splat(kCFloor))));
    s = _mm256_andnot_si256(below, floor_scaled_exact(c, g));
  }
  for (int n = 0; n < kGroup; n += 2) {
    V const gp = g_pair[n / 2];
    V const pair = _mm256_add_epi32(_mm256_srav_epi32(p[n], _mm256_sub_epi32(gp, grid[n])),
                                    _mm256_srav_epi32(p[n + 1], _mm256_sub_epi32(gp, grid[n + 1])));
    s = _mm256_add_epi32(s, _mm256_srav_epi32(pair, _mm256_sub_epi32(g, gp)));
  }
  // RNE(S) * 2^G; S = 0 gives +0.
  V d;
  if (!kWide || !any(_mm256_andnot_si256(_mm256_cmpeq_epi32(s, zero8()), outside))) {
    d = _mm256_castps_si256(_mm256_mul_ps(_mm256_cvtepi32_ps(s), pow2_ps(g_f32)));
  } else {
    V const r = round_scaled_exact(s, g);
    d = _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_slli_epi32(r, 1), zero8()), r); // an underflow to -0: +0
    fallback = _mm256_or_si256(fallback, is_inf_or_nan_f32(r));                       // overflow
  }
  if constexpr (kOut == Out::kBf16) d = _mm256_and_si256(d, splat(static_cast<int32_t>(0xFFFF0000u))); // bits [31:16]
  return d;
}

template <int kGroup, Out kOut, int kC>
void rdna4_step_float(Sites<kC> const& at, int k0, V (&acc)[kC], V (&fallback)[kC]) {
  for (int w = 0; w < kC; ++w) {
    V const c = acc[w];
    // max(c_floor, lead(c)) - 26 = max(E,1) - 153 (-152 for a zero or subnormal accumulator).
    V const e = exp_field(c);
    V g = _mm256_sub_epi32(_mm256_max_epi32(e, splat(1)), splat(153));
    V p[kGroup];
    V grid[kGroup];
    step_products(at[w], k0, p, grid);
    V g_pair[kGroup / 2];
    for (int n = 0; n < kGroup; n += 2) {
      g_pair[n / 2] = _mm256_max_epi32(grid[n], grid[n + 1]);
      g = _mm256_max_epi32(g, g_pair[n / 2]);
    }
    V const outside = _mm256_or_si256(_mm256_cmpgt_epi32(splat(-125), g), _mm256_cmpgt_epi32(g, splat(96)));
    acc[w] = any(outside) ? rdna4_float_rest<true, kGroup, kOut>(c, e, g, outside, p, grid, g_pair, fallback[w])
                          : rdna4_float_rest<false, kGroup, kOut>(c, e, g, outside, p, grid, g_pair, fallback[w]);
  }
}

// C words -> f32 accumulator words: 16-bit C widened exactly (§2; NaN lanes go to the reference
// anyway).
V widen_c(V c, Out out) {
  switch (out) {
  case Out::kBf16:
    return _mm256_slli_epi32(c, 16);
  case Out::kF16: {
    V const h = _mm256_and_si256(c, splat(0xFFFF));
    return _mm256_castps_si256(_mm256_cvtph_ps(_mm_packus_epi32(low4(h), high4(h))));
  }
  case Out::kF32:
    break;
  }
  return c;
}
// f32 accumulator words -> output words (exact: the value is representable in the output format).
V narrow_d(V d, Out out) {
  switch (out) {
  case Out::kBf16:
    return _mm256_srli_epi32(d, 16);
  case Out::kF16:
    return _mm256_cvtepu16_epi32(
        _mm256_cvtps_ph(_mm256_castsi256_ps(d), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  case Out::kF32:
    break;
  }
  return d;
}

Out out_of(Format f) { return f == Format::kF16 ? Out::kF16 : f == Format::kBf16 ? Out::kBf16 : Out::kF32; }

template <Out kOut, int kC>
void rdna_chain(Model const& m, Sites<kC> const& at, int K, Lanes<kC>& d, Lanes<kC>& fallback) {
  if (m.engine == Engine::kRdna3Dot2) {
    Gfx11Acc acc[kC];
    for (int w = 0; w < kC; ++w) acc[w] = gfx11_decode(d[w]);
    for (int k0 = 0; k0 < K; k0 += 2) rdna3_step<kOut>(at, k0, m.fp16_ovfl, acc, fallback);
    for (int w = 0; w < kC; ++w) d[w] = gfx11_encode(acc[w]);
  } else if constexpr (kOut == Out::kF16) {
    if (m.group == 4) {
      for (int k0 = 0; k0 < K; k0 += 4) rdna4_step_f16<4>(at, k0, m.fp16_ovfl, d, fallback);
    } else {
      for (int k0 = 0; k0 < K; k0 += 2) rdna4_step_f16<2>(at, k0, m.fp16_ovfl, d, fallback);
    }
  } else if (m.group == 4) {
    for (int k0 = 0; k0 < K; k0 += 4) rdna4_step_float<4, kOut>(at, k0, d, fallback);
  } else {
    for (int k0 = 0; k0 < K; k0 += 2) rdna4_step_float<2, kOut>(at, k0, d, fallback);
  }
}

template <int kC>
void rdna_chains(Model const& m, Sites<kC> const& at, int K, Lanes<kC>& d, Lanes<kC>& fallback) {
  Out const out = out_of(m.out);
  for (int w = 0; w < kC; ++w) {
    d[w] = widen_c(d[w], out);
    fallback[w] = _mm256_or_si256(fallback[w], is_inf_or_nan_f32(d[w]));
  }
  switch (out) {
  case Out::kF32:
    rdna_chain<Out::kF32>(m, at, K, d, fallback);
    break;
  case Out::kBf16:
    rdna_chain<Out::kBf16>(m, at, K, d, fallback);
    break;
  case Out::kF16:
    rdna_chain<Out::kF16>(m, at, K, d, fallback);
    break;
  }
  for (int w = 0; w < kC; ++w) d[w] = narrow_d(d[w], out);
}
} // namespace

void rdna3_tile(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                uint64_t* D) {
  tile_detail::tile_by_chains<2, rdna_chains<2>>(m, M, N, K, A, B, C, D);
}
void rdna4_tile(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                uint64_t* D) {
  tile_detail::tile_by_chains<4, rdna_chains<4>>(m, M, N, K, A, B, C, D);
}

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail

#endif
