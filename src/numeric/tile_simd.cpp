// Vectorised dot_tile kernels (AVX2) for the aligning engines: kCdna3FusedDot (f16, bf16, xf32 in;
// f32 out), kCdna3Fp8Dot (FNUZ fp8/bf8), kRdna3Dot2 (f16, bf16) and kRdna4Dot4 (f16, bf16, OCP
// fp8/bf8) with f32, f16, bf16 out. Each lane is one output column; two vectors of 8 lanes run
// interleaved so that their dependency chains overlap. The arithmetic is exact integer arithmetic
// on the reference cores' grids (numerics.md §3.3, §4.2, §5.2).
//
// Anything outside the fast path — NaN/inf inputs, a C special, a possible |p| >= 2^128 (CDNA3),
// an intermediate overflow, a gfx12 f32 subnormal result, a CDNA3 C-larger sum below 2^-126 — is
// marked per lane and that element is recomputed by the reference core, so dot_tile stays
// bit-identical to dot().

#include "tile.hpp"

#if defined(__AVX2__)

#include "engine_impl.hpp"
#include "simd_words.hpp"

#include <algorithm>
#include <cstdint>
#include <immintrin.h>
#include <vector>

namespace wavemma::numeric::detail {
namespace {

constexpr int kLanes = 8;
constexpr int kChains = 2;                 // lane vectors of one row, interleaved (more spill)
// Alignment exponent of a zero (or flushed) factor: two of them still fit an int32, and any sum
// with it lies far below every real exponent, so such products never set a grid.
constexpr int32_t kZeroAe = -(1 << 20);
constexpr int32_t kNoGrid = -(1 << 22);

using V = __m256i;
using simd::load8;
using simd::load_low_words;
using simd::store_low_words;
using D4 = __m256d;

// ---------------------------------------------------------------------------------------------
// Vector helpers.

inline V splat(int32_t x) {
  return _mm256_set1_epi32(x);
}
inline __m128i low4(V v) {
  return _mm256_castsi256_si128(v);
}
inline __m128i high4(V v) {
  return _mm256_extracti128_si256(v, 1);
}
inline V select(V mask, V if_true, V if_false) {
  return _mm256_blendv_epi8(if_false, if_true, mask);
}
inline V zero8() {
  return _mm256_setzero_si256();
}
inline bool any(V mask) {
  return _mm256_movemask_ps(_mm256_castsi256_ps(mask)) != 0;
}
inline V apply_sign(V mag, V neg) {
  return _mm256_sub_epi32(_mm256_xor_si256(mag, neg), neg);
}


// 2^e as doubles for four int32 exponents in [-1022, 1023].
inline D4 pow2(__m128i e) {
  V const e64 = _mm256_cvtepi32_epi64(e);
  return _mm256_castsi256_pd(
      _mm256_slli_epi64(_mm256_add_epi64(e64, _mm256_set1_epi64x(1023)), 52));
}

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
inline V outside_normal(V exp_field) {
  return _mm256_or_si256(_mm256_cmpgt_epi32(splat(1), exp_field),
                         _mm256_cmpgt_epi32(exp_field, splat(254)));
}

inline V is_inf_or_nan_f32(V d) {
  return _mm256_cmpeq_epi32(_mm256_and_si256(d, splat(0x7F800000)), splat(0x7F800000));
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
  return {e, _mm256_and_si256(d, splat(0x7FFFFF)), _mm256_srai_epi32(d, 31),
          _mm256_cmpeq_epi32(e, zero8())};
}
inline V with_hidden_bit(F32Fields const& c) {
  return _mm256_or_si256(c.frac, _mm256_andnot_si256(c.e_is_zero, splat(0x800000)));
}

// ---------------------------------------------------------------------------------------------
// Operand decoding: one pass over A and B per tile.

// Structure-of-arrays operands: A as [i][k], B as [k][j] (or [r][j]) with N padded to kLanes.
struct Packed {
  std::vector<int32_t> sig; // signed significand << scale, in the low 16 bits (vpmaddwd-ready)
  std::vector<int32_t> ae; // alignment exponent max(E,1) - bias - 12 (so ae_a + ae_b is the product
                           // grid 2^(e_a + e_b - 24)); kZeroAe for a zero significand
  std::vector<int32_t> neg; // 0 or -1: the factor's sign, zeros included (the gfx11 frame needs it)
  std::vector<int32_t> special; // per row of A / column of B: -1 when it holds a NaN or an infinity
};

struct TileOperands {
  Packed a, b;
  int n_pad = 0;
  std::vector<uint32_t> b_off; // per output row (or shared): offset of product k's B row
  size_t b_off_stride = 0;     // K with a row map, 0 when every row reads the same B rows
};

// How the input codes of one format decode (xf32 keeps 10 of its 23 stored fraction bits).
struct Decoder {
  int stored_frac, drop, sign_bit, scale;
  int32_t e_top, frac_mask, hidden, ae_offset; // ae = max(E,1) - ae_offset
  int32_t special_mask, special_value;         // NaN/inf codes: (x & mask) == value
  bool flush_subnormals;                       // gfx11 BF16 factors
  bool unsigned_sig;                           // gfx11: magnitudes only (signs come from `neg`)
};

Decoder decoder_for(Format f, int scale, bool gfx11) {
  FormatInfo const& fi = info(f);
  int32_t const e_all_ones = ((1 << fi.exp_bits) - 1) << fi.stored_frac_bits;
  int32_t special_mask = e_all_ones; // IEEE: exponent all ones
  int32_t special_value = e_all_ones;
  if (fi.specials == Specials::kOcpE4m3) special_mask = special_value = 0x7F; // S.1111.111 only
  if (fi.specials == Specials::kFnuz) special_mask = 0xFF, special_value = 0x80;
  return {fi.stored_frac_bits,
          fi.stored_frac_bits - fi.frac_bits,
          fi.exp_bits + fi.stored_frac_bits,
          scale,
          (1 << fi.exp_bits) - 1,
          (1 << fi.stored_frac_bits) - 1,
          1 << fi.frac_bits,
          fi.bias + 12,
          special_mask,
          special_value,
          gfx11 && f == Format::kBf16,
          gfx11};
}

// Scales so that sig_a·sig_b is the product in units of 2^(ae_a + ae_b - 24), each within int16.
void product_scales(Format fa, Format fb, int& scale_a, int& scale_b) {
  int const pa = info(fa).frac_bits;
  int const pb = info(fb).frac_bits;
  int const total = 24 - pa - pb;
  scale_a = std::min(15 - (pa + 1), total);
  scale_b = total - scale_a;
}

// Decodes 8 codes (the low 32 bits of 8 uint64); returns the NaN/inf lanes.
V decode8(Decoder const& d, uint64_t const* raw, V& sig, V& ae, V& neg) {
  V const x = load_low_words(raw);
  V const e =
      _mm256_and_si256(_mm256_srl_epi32(x, _mm_cvtsi32_si128(d.stored_frac)), splat(d.e_top));
  V const f = _mm256_srl_epi32(_mm256_and_si256(x, splat(d.frac_mask)), _mm_cvtsi32_si128(d.drop));
  V const negative = _mm256_srai_epi32(_mm256_sll_epi32(x, _mm_cvtsi32_si128(31 - d.sign_bit)), 31);
  V const e_zero = _mm256_cmpeq_epi32(e, zero8());
  V mag = _mm256_or_si256(f, _mm256_andnot_si256(e_zero, splat(d.hidden)));
  if (d.flush_subnormals) mag = _mm256_andnot_si256(e_zero, mag);
  V const mag_zero = _mm256_cmpeq_epi32(mag, zero8());
  V const exponent = _mm256_sub_epi32(_mm256_max_epi32(e, splat(1)), splat(d.ae_offset));
  V const scaled = _mm256_sll_epi32(mag, _mm_cvtsi32_si128(d.scale));
  V const s = d.unsigned_sig ? scaled : apply_sign(scaled, negative);
  sig = _mm256_and_si256(s, splat(0xFFFF));
  ae = select(mag_zero, splat(kZeroAe), exponent);
  neg = negative;
  return _mm256_cmpeq_epi32(_mm256_and_si256(x, splat(d.special_mask)), splat(d.special_value));
}

// One code, the same rules as decode8.
bool decode1(Decoder const& d, uint64_t raw, int32_t& sig, int32_t& ae, int32_t& neg) {
  auto const x = static_cast<uint32_t>(raw);
  auto const e = static_cast<int32_t>((x >> d.stored_frac) & static_cast<uint32_t>(d.e_top));
  auto const f = static_cast<int32_t>((x & static_cast<uint32_t>(d.frac_mask)) >> d.drop);
  bool const negative = ((x >> d.sign_bit) & 1) != 0;
  int32_t mag = e != 0 ? (f | d.hidden) : (d.flush_subnormals ? 0 : f);
  ae = mag == 0 ? kZeroAe : std::max(e, 1) - d.ae_offset;
  mag <<= d.scale;
  sig = static_cast<int32_t>(static_cast<uint16_t>(negative && !d.unsigned_sig ? -mag : mag));
  neg = negative ? -1 : 0;
  return (static_cast<int32_t>(x) & d.special_mask) == d.special_value;
}

// Decodes K contiguous codes; returns whether any is NaN/inf. Signs are stored only where `neg` is
// given (the gfx11 frame needs them).
bool decode_row(Decoder const& d, uint64_t const* raw, int K, int32_t* sig, int32_t* ae,
                int32_t* neg) {
  V special = zero8();
  int k = 0;
  for (; k + kLanes <= K; k += kLanes) {
    V vs;
    V va;
    V vn;
    special = _mm256_or_si256(special, decode8(d, raw + k, vs, va, vn));
    _mm256_storeu_si256(reinterpret_cast<V*>(sig + k), vs);
    _mm256_storeu_si256(reinterpret_cast<V*>(ae + k), va);
    if (neg) _mm256_storeu_si256(reinterpret_cast<V*>(neg + k), vn);
  }
  bool any_special = any(special);
  for (; k < K; ++k) {
    int32_t n = 0;
    any_special |= decode1(d, raw[k], sig[k], ae[k], n);
    if (neg) neg[k] = n;
  }
  return any_special;
}

// Stores the transpose of an 8x8 int32 block: row r of `rows` becomes column r at dst (row stride).
void transpose_store(V (&rows)[kLanes], int32_t* dst, size_t stride) {
  V t[kLanes];
  for (int r = 0; r < kLanes; r += 2) {
    t[r] = _mm256_unpacklo_epi32(rows[r], rows[r + 1]);
    t[r + 1] = _mm256_unpackhi_epi32(rows[r], rows[r + 1]);
  }
  V u[kLanes];
  for (int r = 0; r < kLanes; r += 4) {
    u[r] = _mm256_unpacklo_epi64(t[r], t[r + 2]);
    u[r + 1] = _mm256_unpackhi_epi64(t[r], t[r + 2]);
    u[r + 2] = _mm256_unpacklo_epi64(t[r + 1], t[r + 3]);
    u[r + 3] = _mm256_unpackhi_epi64(t[r + 1], t[r + 3]);
  }
  for (int r = 0; r < 4; ++r) {
    _mm256_storeu_si256(reinterpret_cast<V*>(dst + static_cast<size_t>(r) * stride),
                        _mm256_permute2x128_si256(u[r], u[r + 4], 0x20));
    _mm256_storeu_si256(reinterpret_cast<V*>(dst + static_cast<size_t>(r + 4) * stride),
                        _mm256_permute2x128_si256(u[r], u[r + 4], 0x31));
  }
}

// B given by columns (N x K, K = its rows): decoded 8 columns x 8 k at a time and transposed in
// registers into [k][j]; tails one by one.
void pack_b_transposed(Decoder const& db, bool gfx11, int N, int K, uint64_t const* Bt,
                       TileOperands& t) {
  auto const k_size = static_cast<size_t>(K);
  auto const n_pad = static_cast<size_t>(t.n_pad);
  int const n_full = N / kLanes * kLanes;
  int const k_full = K / kLanes * kLanes;
  for (int j0 = 0; j0 < n_full; j0 += kLanes) {
    V special = zero8();
    for (int k0 = 0; k0 < k_full; k0 += kLanes) {
      V sig[kLanes];
      V ae[kLanes];
      V neg[kLanes];
      for (int l = 0; l < kLanes; ++l) {
        V const sp =
            decode8(db, Bt + static_cast<size_t>(j0 + l) * k_size + static_cast<size_t>(k0), sig[l],
                    ae[l], neg[l]);
        special = _mm256_or_si256(special, _mm256_and_si256(splat(1 << l), sp));
      }
      size_t const at = static_cast<size_t>(k0) * n_pad + static_cast<size_t>(j0);
      transpose_store(sig, &t.b.sig[at], n_pad);
      transpose_store(ae, &t.b.ae[at], n_pad);
      if (gfx11)
        transpose_store(neg, &t.b.neg[at], n_pad); // only the gfx11 frame uses signs of zeros
    }
    alignas(32) int32_t flags[kLanes];
    _mm256_store_si256(reinterpret_cast<V*>(flags), special);
    int any_lane = 0;
    for (int f : flags) any_lane |= f;
    for (int l = 0; l < kLanes; ++l)
      t.b.special[static_cast<size_t>(j0 + l)] = (any_lane >> l & 1) != 0 ? -1 : 0;
  }
  for (int j = 0; j < N; ++j) { // the k tail of full column blocks, and the column tail
    int const k_begin = j < n_full ? k_full : 0;
    for (int k = k_begin; k < K; ++k) {
      size_t const at = static_cast<size_t>(k) * n_pad + static_cast<size_t>(j);
      int32_t neg = 0;
      bool const sp = decode1(db, Bt[static_cast<size_t>(j) * k_size + static_cast<size_t>(k)],
                              t.b.sig[at], t.b.ae[at], neg);
      if (gfx11) t.b.neg[at] = neg;
      if (sp) t.b.special[static_cast<size_t>(j)] = -1;
    }
  }
}

// B given row-major (rows x N, dot_tile_rows): each row decodes straight into [r][j]. A column
// holding a NaN or infinity in any row is special for every output row that reads it.
void pack_b_rows(Decoder const& db, bool gfx11, int N, int rows, uint64_t const* B,
                 TileOperands& t) {
  auto const n_pad = static_cast<size_t>(t.n_pad);
  int const n_full = N / kLanes * kLanes;
  for (int r = 0; r < rows; ++r) {
    uint64_t const* src = B + static_cast<size_t>(r) * static_cast<size_t>(N);
    size_t const at = static_cast<size_t>(r) * n_pad;
    for (int j0 = 0; j0 < n_full; j0 += kLanes) {
      V sig;
      V ae;
      V neg;
      V const sp = decode8(db, src + j0, sig, ae, neg);
      size_t const e = at + static_cast<size_t>(j0);
      _mm256_storeu_si256(reinterpret_cast<V*>(&t.b.sig[e]), sig);
      _mm256_storeu_si256(reinterpret_cast<V*>(&t.b.ae[e]), ae);
      if (gfx11) _mm256_storeu_si256(reinterpret_cast<V*>(&t.b.neg[e]), neg);
      auto* flags = reinterpret_cast<V*>(&t.b.special[static_cast<size_t>(j0)]);
      _mm256_storeu_si256(flags, _mm256_or_si256(_mm256_loadu_si256(flags), sp));
    }
    for (int j = n_full; j < N; ++j) {
      size_t const e = at + static_cast<size_t>(j);
      int32_t neg = 0;
      if (decode1(db, src[j], t.b.sig[e], t.b.ae[e], neg)) t.b.special[static_cast<size_t>(j)] = -1;
      if (gfx11) t.b.neg[e] = neg;
    }
  }
}

void pack(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B,
          TileOperands& t) {
  bool const gfx11 = m.engine == Engine::kRdna3Dot2;
  int scale_a = 0;
  int scale_b = 0;
  product_scales(m.a, m.b, scale_a, scale_b);
  Decoder const da = decoder_for(m.a, scale_a, gfx11);
  Decoder const db = decoder_for(m.b, scale_b, gfx11);
  auto const k_size = static_cast<size_t>(K);
  auto const mk = static_cast<size_t>(M) * k_size;
  t.n_pad = (N + kLanes - 1) / kLanes * kLanes;
  auto const n_pad = static_cast<size_t>(t.n_pad);

  t.a.sig.resize(mk);
  t.a.ae.resize(mk);
  t.a.neg.resize(gfx11 ? mk : 0);
  t.a.special.resize(static_cast<size_t>(M));
  for (size_t i = 0; i < static_cast<size_t>(M); ++i) {
    size_t const row = i * k_size;
    t.a.special[i] =
        decode_row(da, A + row, K, &t.a.sig[row], &t.a.ae[row], gfx11 ? &t.a.neg[row] : nullptr) ? -1 : 0;
  }

  // Padding columns are +0 factors.
  auto const b_rows = static_cast<size_t>(B.b_rows);
  t.b.special.assign(n_pad, 0);
  t.b.sig.resize(b_rows * n_pad);
  t.b.ae.resize(b_rows * n_pad);
  t.b.neg.resize(gfx11 ? b_rows * n_pad : 0);
  if (B.col_stride == 1) {
    pack_b_rows(db, gfx11, N, B.b_rows, B.data, t);
  } else {
    pack_b_transposed(db, gfx11, N, B.b_rows, B.data, t);
  }
  for (size_t r = 0; r < b_rows; ++r) {
    for (size_t j = static_cast<size_t>(N); j < n_pad; ++j) {
      t.b.sig[r * n_pad + j] = 0;
      t.b.ae[r * n_pad + j] = kZeroAe;
      if (gfx11) t.b.neg[r * n_pad + j] = 0;
    }
  }
  // Where product k of output row i finds its B row: one table for every row (dense), or one per
  // row (a row map).
  t.b_off_stride = B.rows != nullptr ? k_size : 0;
  t.b_off.resize(B.rows != nullptr ? mk : k_size);
  for (size_t e = 0; e < t.b_off.size(); ++e)
    t.b_off[e] = static_cast<uint32_t>((B.rows != nullptr ? B.rows[e] : e) * n_pad);
}

// Where the operands of one kernel iteration live.
struct Site {
  Packed const* a;
  Packed const* b;
  size_t a_row;          // index of A[i][0]
  size_t b_col;          // column j0 of B
  uint32_t const* b_off; // offset of product k's B row, for this output row
  int32_t a_sig(int k) const { return a->sig[a_row + static_cast<size_t>(k)]; }
  int32_t a_ae(int k) const { return a->ae[a_row + static_cast<size_t>(k)]; }
  int32_t a_neg(int k) const { return a->neg[a_row + static_cast<size_t>(k)]; }
  size_t b_at(int k) const { return b_off[k] + b_col; }
  V b_sig(int k) const { return load8(&b->sig[b_at(k)]); }
  V b_ae(int k) const { return load8(&b->ae[b_at(k)]); }
  V b_neg(int k) const { return load8(&b->neg[b_at(k)]); }
};
using Sites = Site[kChains];
using Lanes = V[kChains];

// ---------------------------------------------------------------------------------------------
// CDNA3 Algorithm 1 (§3.3).

// C-larger branch for four lanes, exact in doubles: S' = floor(S_sum on 2^(e_c-32)), T = S' + c,
// floor T to 32 significant bits (the normalisation at 31 fractional bits), then RNE32. T is an
// integer below 2^40, so its double has at most 53 - 32 = 21 bits to drop: they are the low 21 bits
// of the encoding, and a negative T with dropped bits moves one unit away from zero (toward -inf).
// Returns RNE24 of that integer (the int -> float conversion); the caller scales it by 2^(e_c-32).
__m128 c_larger4(__m128i s_sum, __m128i u, __m128i e_c, __m128i c_signed) {
  // S_sum is in units of 2^u (u = e_max - 24); 2^(u - (e_c - 32)) brings it to units of 2^(e_c -
  // 32).
  __m128i const shift = _mm_max_epi32(_mm_sub_epi32(_mm_add_epi32(u, _mm_set1_epi32(32)), e_c),
                                      _mm_set1_epi32(-1000));
  D4 const s_shifted = _mm256_floor_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(s_sum), pow2(shift)));
  D4 const t =
      _mm256_fmadd_pd(_mm256_cvtepi32_pd(c_signed), _mm256_set1_pd(512.0), s_shifted); // exact
  V const bits = _mm256_castpd_si256(t);
  V const low = _mm256_and_si256(bits, _mm256_set1_epi64x(0x1FFFFF));
  V const inexact_negative =
      _mm256_andnot_si256(_mm256_cmpeq_epi64(low, zero8()), _mm256_cmpgt_epi64(zero8(), bits));
  V const floored =
      _mm256_add_epi64(_mm256_andnot_si256(_mm256_set1_epi64x(0x1FFFFF), bits),
                       _mm256_and_si256(inexact_negative, _mm256_set1_epi64x(0x200000)));
  return _mm256_cvtpd_ps(_mm256_castsi256_pd(floored)); // T = 0 gives +0
}

// Σ ⌊p⌉ᵀ on the grid 2^u of the products k = k0, k0 + step, ... < k0 + count, for every chain:
// u = max grid (e_max - 24; about 2·kZeroAe when all are zero), s the truncated sum in units of
// 2^u.
template <int kCount, int kStep>
void truncated_sums(Sites const& at, int k0, int count, V (&u)[kChains], V (&s)[kChains]) {
  int const n = kCount > 0 ? kCount : count;
  for (int w = 0; w < kChains; ++w) {
    u[w] = splat(2 * kZeroAe);
    s[w] = zero8();
  }
  V grids[kChains][16]; // the first pass's grids, reused by the second (kept or spilled: no ALU)
  for (int k = k0, x = 0; k < k0 + n; k += kStep, ++x) {
    for (int w = 0; w < kChains; ++w) {
      grids[w][x & 15] = _mm256_add_epi32(splat(at[w].a_ae(k)), at[w].b_ae(k));
      u[w] = _mm256_max_epi32(u[w], grids[w][x & 15]);
    }
  }
  for (int k = k0, x = 0; k < k0 + n; k += kStep, ++x) {
    for (int w = 0; w < kChains; ++w) {
      V const grid = grids[w][x & 15];
      V const p = _mm256_madd_epi16(splat(at[w].a_sig(k)), at[w].b_sig(k));
      V const units =
          _mm256_srlv_epi32(_mm256_abs_epi32(p), _mm256_sub_epi32(u[w], grid)); // toward zero
      s[w] = _mm256_add_epi32(s[w], _mm256_sign_epi32(units, p));
    }
  }
}

// Algorithm 1/2 steps 3-5 for one chain: adds c (the f32 accumulator d) to S_sum (units of 2^u,
// u = e_max - 24) and rounds. Algorithm 2 (fp8) drops c when e_max - e_c > 25.
//
// Where the products win (e_max >= e_c), c' = floor(c / 2^u) is a multiply by 2^-u (exact) and a
// floor, and the result RNE(S_acc)·2^u the int -> float conversion and a multiply by 2^u. Both need
// -125 <= u <= 96 (2^u and 2^-u normal, a non-zero result at least 2^u, |S_acc| < 2^31 keeping it
// below 2^127; u > 102 could also mean |p| >= 2^128): such lanes go to the reference.
V add_c(V u, V s_sum, V d, bool fp8, V& fallback) {
  V const e_field = _mm256_and_si256(_mm256_srli_epi32(d, 23), splat(0xFF));
  V const e_c = _mm256_sub_epi32(_mm256_max_epi32(e_field, splat(1)), splat(127)); // -126 for 0/subnormal
  V const products_win = _mm256_cmpgt_epi32(_mm256_add_epi32(u, splat(25)), e_c); // e_max >= e_c
  int const win = _mm256_movemask_ps(_mm256_castsi256_ps(products_win));
  V result = zero8();
  if (win != 0) {
    V const out_of_range = _mm256_or_si256(_mm256_cmpgt_epi32(splat(-125), u), _mm256_cmpgt_epi32(u, splat(96)));
    fallback = _mm256_or_si256(fallback, _mm256_and_si256(products_win, out_of_range));
    __m256 const c = _mm256_castsi256_ps(d);
    __m256 const down = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_sub_epi32(splat(127), u), 23));
    V c_aligned = _mm256_cvttps_epi32(_mm256_round_ps(_mm256_mul_ps(c, down), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    // A negative c far below the grid floors to -1 even where c / 2^u underflows to -0.
    V const negative = _mm256_castps_si256(_mm256_cmp_ps(c, _mm256_setzero_ps(), _CMP_LT_OQ));
    c_aligned = _mm256_min_epi32(c_aligned, _mm256_or_si256(negative, splat(INT32_MAX)));
    if (fp8)
      c_aligned =
          _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_sub_epi32(u, e_c), splat(1)), c_aligned);
    V const s_acc = _mm256_add_epi32(s_sum, c_aligned);
    __m256 const up = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(u, splat(127)), 23));
    result = _mm256_castps_si256(_mm256_mul_ps(_mm256_cvtepi32_ps(s_acc), up)); // S_acc = 0 gives +0
  }
  if (win != 0xFF) {
    // T·2^(e_c-32) with T >= 1 unit is a normal f32 when e_c >= -94, and then 2^(e_c-32) is a
    // normal float and the scaling exact; smaller c (the normalisation floor at 2^-126 comes into
    // play) go to the reference.
    fallback = _mm256_or_si256(fallback, _mm256_andnot_si256(products_win, _mm256_cmpgt_epi32(splat(-94), e_c)));
    V const c_signed = apply_sign(
        _mm256_or_si256(_mm256_and_si256(d, splat(0x7FFFFF)),
                        _mm256_andnot_si256(_mm256_cmpeq_epi32(e_field, zero8()), splat(0x800000))),
        _mm256_srai_epi32(d, 31));
    __m128 const lo = c_larger4(low4(s_sum), low4(u), low4(e_c), low4(c_signed));
    __m128 const hi = c_larger4(high4(s_sum), high4(u), high4(e_c), high4(c_signed));
    __m256 const scale = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(e_c, splat(127 - 32)), 23));
    result = select(products_win, result,
                    _mm256_castps_si256(_mm256_mul_ps(_mm256_set_m128(hi, lo), scale)));
  }
  fallback = _mm256_or_si256(fallback, is_inf_or_nan_f32(result)); // it would be the next block's c
  return result;
}

// Algorithm 1: one block of n products.
template <int kGroup>
void cdna3_block(Sites const& at, int k0, int n, V (&d)[kChains], V (&fallback)[kChains]) {
  V u[kChains];
  V s[kChains];
  truncated_sums<kGroup, 1>(at, k0, n, u, s);
  for (int w = 0; w < kChains; ++w) d[w] = add_c(u[w], s[w], d[w], false, fallback[w]);
}

// Algorithm 2: the products at even and odd block positions are summed separately; the group with
// the smaller grid is floored onto the larger one.
template <int kGroup>
void cdna3_fp8_block(Sites const& at, int k0, int n, V (&d)[kChains], V (&fallback)[kChains]) {
  V u_even[kChains];
  V s_even[kChains];
  V u_odd[kChains];
  V s_odd[kChains];
  truncated_sums<kGroup, 2>(at, k0, n, u_even, s_even);
  truncated_sums<kGroup == 0 ? 0 : kGroup - 1, 2>(at, k0 + 1, n - 1, u_odd, s_odd);
  for (int w = 0; w < kChains; ++w) {
    V const u = _mm256_max_epi32(u_even[w], u_odd[w]);
    V const s_sum = _mm256_add_epi32(_mm256_srav_epi32(s_even[w], _mm256_sub_epi32(u, u_even[w])),
                                     _mm256_srav_epi32(s_odd[w], _mm256_sub_epi32(u, u_odd[w])));
    d[w] = add_c(u, s_sum, d[w], true, fallback[w]);
  }
}

template <int kGroup>
void cdna3_row(Sites const& at, int K, int group, bool fp8, V (&d)[kChains],
               V (&fallback)[kChains]) {
  for (int k0 = 0; k0 < K; k0 += group) {
    int const n = std::min(group, K - k0);
    bool const full = kGroup > 0 && n == kGroup;
    if (fp8) {
      full ? cdna3_fp8_block<kGroup>(at, k0, n, d, fallback)
           : cdna3_fp8_block<0>(at, k0, n, d, fallback);
    } else {
      full ? cdna3_block<kGroup>(at, k0, n, d, fallback) : cdna3_block<0>(at, k0, n, d, fallback);
    }
  }
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
  V const e0 = _mm256_sub_epi32(
      _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(s_abs)), 23), splat(127));
  V q = _mm256_max_epi32(_mm256_sub_epi32(_mm256_add_epi32(e0, g), splat(10)),
                         splat(-24)); // result grid
  V const t = _mm256_sub_epi32(q, g); // bits to drop; <= 0 means exact
  V const drop = _mm256_max_epi32(t, zero8());
  V const keep = _mm256_srlv_epi32(s_abs, drop);
  V const half =
      _mm256_srli_epi32(_mm256_sllv_epi32(one, drop), 1); // 2^(drop-1), 0 when nothing drops
  V const rem = _mm256_sub_epi32(s_abs, _mm256_sllv_epi32(keep, drop));
  V const odd = _mm256_cmpeq_epi32(_mm256_and_si256(keep, one), one);
  V const tie_up = _mm256_and_si256(
      _mm256_and_si256(_mm256_cmpeq_epi32(rem, half), _mm256_cmpgt_epi32(drop, zero8())), odd);
  V const up = _mm256_or_si256(_mm256_cmpgt_epi32(rem, half), tie_up);
  V m = _mm256_sllv_epi32(_mm256_sub_epi32(keep, up),
                          _mm256_max_epi32(_mm256_sub_epi32(zero8(), t), zero8()));
  V const carry = _mm256_cmpeq_epi32(m, splat(2048));
  m = select(carry, splat(1024), m);
  q = _mm256_sub_epi32(q, carry);
  V bits = _mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(m)),
                            _mm256_slli_epi32(q, 23)); // m·2^q
  V const overflow = _mm256_cmpgt_epi32(q, splat(5));  // >= 2^16 after rounding
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
  return {_mm256_andnot_si256(c.e_is_zero,
                              _mm256_slli_epi32(_mm256_or_si256(c.frac, splat(0x800000)), 3)),
          _mm256_add_epi32(_mm256_sub_epi32(c.e_field, splat(153)),
                           _mm256_and_si256(c.e_is_zero, splat(kNoGrid))),
          c.neg};
}

inline V gfx11_encode(Gfx11Acc const& a) {
  V const zero = _mm256_cmpeq_epi32(a.mag8, zero8());
  V const e = _mm256_slli_epi32(_mm256_add_epi32(a.unit, splat(153)), 23);
  V const frac = _mm256_and_si256(_mm256_srli_epi32(a.mag8, 3), splat(0x7FFFFF));
  V const sign = _mm256_and_si256(a.sigma, splat(static_cast<int32_t>(0x80000000u)));
  return _mm256_andnot_si256(zero, _mm256_or_si256(_mm256_or_si256(e, frac), sign));
}

template <Out kOut>
void rdna3_step(Sites const& at, int k0, bool fp16_ovfl, Gfx11Acc (&acc)[kChains],
                V (&fallback)[kChains]) {
  for (int w = 0; w < kChains; ++w) {
    Gfx11Acc const c = acc[w];
    // Packed f16 output: lead'(acc) = max(-14, lead(acc)), so even a zero C contributes -14.
    V g = kOut == Out::kF16 ? _mm256_max_epi32(c.unit, splat(-40)) : c.unit;
    V mag[2];
    V grid[2];
    V flip[2]; // -1 where the product's sign differs from sigma (zero products included)
    for (int n = 0; n < 2; ++n) {
      int const k = k0 + n;
      mag[n] = _mm256_madd_epi16(splat(at[w].a_sig(k)),
                                 at[w].b_sig(k)); // unsigned significands on gfx11
      grid[n] =
          _mm256_add_epi32(splat(at[w].a_ae(k)), at[w].b_ae(k)); // kZeroAe-based for zero products
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
      V const sign_bit =
          _mm256_and_si256(_mm256_xor_si256(s, c.sigma), splat(static_cast<int32_t>(0x80000000u)));
      acc[w] = gfx11_decode(
          narrow_f16_widened(_mm256_abs_epi32(s), g, sign_bit, fp16_ovfl, fallback[w]));
      continue;
    }
    // Step 6: RNE to 24 bits, sign (S < 0) xor sigma, flush to +0 below 2^-126 after rounding. When
    // every magnitude was 0, G is about -2^20 and the exponent test flushes as well (step 4: +0).
    FastRound const r = round_fast(s, g);
    V const zero =
        _mm256_or_si256(_mm256_cmpgt_epi32(splat(1), r.exp_field), _mm256_cmpeq_epi32(s, zero8()));
    // An overflow makes the next accumulator infinite: leave the lane to the reference.
    fallback[w] = _mm256_or_si256(fallback[w], _mm256_cmpgt_epi32(r.exp_field, splat(254)));
    V const f = _mm256_castps_si256(_mm256_cvtepi32_ps(s)); // the rounded |S| is its significand
    acc[w].mag8 = _mm256_andnot_si256(
        zero, _mm256_or_si256(_mm256_srli_epi32(_mm256_slli_epi32(f, 9), 6), splat(1 << 26)));
    acc[w].unit = _mm256_add_epi32(_mm256_sub_epi32(r.exp_field, splat(153)),
                                   _mm256_and_si256(zero, splat(kNoGrid)));
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

template <int kGroup, Out kOut>
void rdna4_step(Sites const& at, int k0, bool fp16_ovfl, V (&acc)[kChains],
                V (&fallback)[kChains]) {
  constexpr int32_t kCFloor = kOut == Out::kF16 ? -14 : -126;
  for (int w = 0; w < kChains; ++w) {
    F32Fields const c = fields(acc[w]);
    V const c_mag8 = _mm256_slli_epi32(with_hidden_bit(c), 3); // subnormal C kept
    V const c_unit =
        _mm256_sub_epi32(_mm256_max_epi32(c.e_field, splat(1)), splat(153)); // units of c_mag8
    V g = _mm256_max_epi32(c_unit, splat(kCFloor - 26));
    V p[kGroup];
    V grid[kGroup];
    step_products(at[w], k0, p, grid);
    for (int n = 0; n < kGroup; ++n) g = _mm256_max_epi32(g, grid[n]);
    // Accumulator floored onto G; a negative one wholly below the grid gives 0 when G > c_floor.
    V const c_shift = _mm256_sub_epi32(g, c_unit);
    V const below = _mm256_and_si256(
        _mm256_and_si256(c.neg, _mm256_cmpeq_epi32(_mm256_srlv_epi32(c_mag8, c_shift), zero8())),
        _mm256_cmpgt_epi32(g, splat(kCFloor)));
    V s = _mm256_andnot_si256(below, _mm256_srav_epi32(apply_sign(c_mag8, c.neg), c_shift));
    for (int n = 0; n < kGroup; n += 2) {
      V const g_pair = _mm256_max_epi32(grid[n], grid[n + 1]);
      V const pair =
          _mm256_add_epi32(_mm256_srav_epi32(p[n], _mm256_sub_epi32(g_pair, grid[n])),
                           _mm256_srav_epi32(p[n + 1], _mm256_sub_epi32(g_pair, grid[n + 1])));
      s = _mm256_add_epi32(s, _mm256_srav_epi32(pair, _mm256_sub_epi32(g, g_pair)));
    }
    if constexpr (kOut == Out::kF16) {
      V const sign_bit = _mm256_and_si256(s, splat(static_cast<int32_t>(0x80000000u)));
      acc[w] = narrow_f16_widened(_mm256_abs_epi32(s), g, sign_bit, fp16_ovfl, fallback[w]);
      continue;
    }
    // RNE to f32; subnormal results (gradual underflow) and overflow go to the reference.
    FastRound const r = round_fast(s, g);
    V const is_zero = _mm256_cmpeq_epi32(s, zero8());
    fallback[w] =
        _mm256_or_si256(fallback[w], _mm256_andnot_si256(is_zero, outside_normal(r.exp_field)));
    acc[w] = _mm256_andnot_si256(is_zero, r.bits);
    if constexpr (kOut == Out::kBf16)
      acc[w] = _mm256_and_si256(acc[w], splat(static_cast<int32_t>(0xFFFF0000u)));
  }
}

// The same step with an f32 (or bf16) result, the accumulator kept as its f32 value: flooring it
// onto G is a multiply by 2^-G (exact) and a floor, and the result's rounding is the int -> float
// conversion (RNE to 24 bits) and a multiply by 2^G (exact for a normal result). Both need
// -125 <= G <= 96: then 2^G and 2^-G are normal floats, G > c_floor (a negative accumulator wholly
// below the grid contributes 0), a non-zero result (at least 2^G) is never subnormal, and
// |S| < 2^29 keeps it below 2^126. Lanes outside that range (tiny values, or a step whose
// accumulator and products are all zero: G = -152) go to the reference.
template <int kGroup, Out kOut>
void rdna4_step_float(Sites const& at, int k0, V (&acc)[kChains], V (&fallback)[kChains]) {
  for (int w = 0; w < kChains; ++w) {
    V const c = acc[w];
    // max(c_floor, lead(c)) - 26 = max(E,1) - 153 (-152 for a zero or subnormal accumulator).
    V const e = _mm256_and_si256(_mm256_srli_epi32(c, 23), splat(0xFF));
    V g = _mm256_sub_epi32(_mm256_max_epi32(e, splat(1)), splat(153));
    V p[kGroup];
    V grid[kGroup];
    step_products(at[w], k0, p, grid);
    V g_pair[kGroup / 2];
    for (int n = 0; n < kGroup; n += 2) {
      g_pair[n / 2] = _mm256_max_epi32(grid[n], grid[n + 1]);
      g = _mm256_max_epi32(g, g_pair[n / 2]);
    }
    fallback[w] = _mm256_or_si256(
        fallback[w], _mm256_or_si256(_mm256_cmpgt_epi32(splat(-125), g), _mm256_cmpgt_epi32(g, splat(96))));
    // floor(c / 2^G); -1 < c / 2^G < 0 (negative, wholly below the grid) gives 0.
    __m256 const down = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_sub_epi32(splat(127), g), 23));
    __m256 const y = _mm256_mul_ps(_mm256_castsi256_ps(c), down);
    V const above_minus_one = _mm256_castps_si256(_mm256_cmp_ps(y, _mm256_set1_ps(-1.0f), _CMP_GT_OQ));
    V s = _mm256_cvttps_epi32(_mm256_round_ps(y, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    s = _mm256_max_epi32(s, _mm256_andnot_si256(above_minus_one, splat(INT32_MIN)));
    for (int n = 0; n < kGroup; n += 2) {
      V const gp = g_pair[n / 2];
      V const pair = _mm256_add_epi32(_mm256_srav_epi32(p[n], _mm256_sub_epi32(gp, grid[n])),
                                      _mm256_srav_epi32(p[n + 1], _mm256_sub_epi32(gp, grid[n + 1])));
      s = _mm256_add_epi32(s, _mm256_srav_epi32(pair, _mm256_sub_epi32(g, gp)));
    }
    // RNE(S) * 2^G; S = 0 gives +0.
    __m256 const up = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(g, splat(127)), 23));
    acc[w] = _mm256_castps_si256(_mm256_mul_ps(_mm256_cvtepi32_ps(s), up));
    if constexpr (kOut == Out::kBf16)
      acc[w] = _mm256_and_si256(acc[w], splat(static_cast<int32_t>(0xFFFF0000u))); // bits [31:16]
  }
}

// ---------------------------------------------------------------------------------------------

bool fast_inputs(Format f, Engine e) {
  if (f == Format::kF16 || f == Format::kBf16) return e != Engine::kCdna3Fp8Dot;
  if (e == Engine::kCdna3FusedDot) return f == Format::kXf32;
  if (e == Engine::kCdna3Fp8Dot) return f == Format::kFp8E4M3Fnuz || f == Format::kBf8E5M2Fnuz;
  if (e == Engine::kRdna4Dot4) return f == Format::kFp8E4M3 || f == Format::kBf8E5M2; // OCP (gfx12)
  return false;
}

// The kernels rely on the default floating-point environment: RNE, no flush-to-zero, no DAZ.
bool default_fp_environment() {
  unsigned const csr = _mm_getcsr();
  return (csr & 0x6000) == 0 && (csr & 0x8040) == 0;
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

Out out_of(Format f) {
  return f == Format::kF16 ? Out::kF16 : f == Format::kBf16 ? Out::kBf16 : Out::kF32;
}

template <Out kOut>
void rdna_chain(Model const& m, Sites const& at, int K, Lanes& d, Lanes& fallback) {
  if (m.engine == Engine::kRdna3Dot2) {
    Gfx11Acc acc[kChains];
    for (int w = 0; w < kChains; ++w) acc[w] = gfx11_decode(d[w]);
    for (int k0 = 0; k0 < K; k0 += 2) rdna3_step<kOut>(at, k0, m.fp16_ovfl, acc, fallback);
    for (int w = 0; w < kChains; ++w) d[w] = gfx11_encode(acc[w]);
  } else if constexpr (kOut != Out::kF16) {
    if (m.group == 4) {
      for (int k0 = 0; k0 < K; k0 += 4) rdna4_step_float<4, kOut>(at, k0, d, fallback);
    } else {
      for (int k0 = 0; k0 < K; k0 += 2) rdna4_step_float<2, kOut>(at, k0, d, fallback);
    }
  } else if (m.group == 4) {
    for (int k0 = 0; k0 < K; k0 += 4) rdna4_step<4, kOut>(at, k0, m.fp16_ovfl, d, fallback);
  } else {
    for (int k0 = 0; k0 < K; k0 += 2) rdna4_step<2, kOut>(at, k0, m.fp16_ovfl, d, fallback);
  }
}

// The 8 output columns of one chain: row i, columns j0 .. j0 + kLanes - 1, of which n are inside
// the tile (0 for a chain that only fills a batch).
struct Chain {
  int i, j0, n;
};
using Batch = Chain[kChains];

// Runs the chains of one batch and writes their valid outputs.
void run_iteration(Model const& m, TileOperands const& t, Batch const& batch, int N, int K,
                   uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D) {
  auto const k_size = static_cast<size_t>(K);
  Out const out = out_of(m.out);
  bool const fp8 = m.engine == Engine::kCdna3Fp8Dot;
  Sites at;
  Lanes d;
  Lanes fallback;
  bool full = true; // every chain has 8 valid columns
  for (int w = 0; w < kChains; ++w) {
    Chain const& ch = batch[w];
    size_t const row = static_cast<size_t>(ch.i) * static_cast<size_t>(N) + static_cast<size_t>(ch.j0);
    at[w] = Site{&t.a, &t.b, static_cast<size_t>(ch.i) * k_size, static_cast<size_t>(ch.j0),
                 t.b_off.data() + static_cast<size_t>(ch.i) * t.b_off_stride};
    full = full && ch.n == kLanes;
    V const c = ch.n > 0 ? load_low_words(C + row, ch.n) : zero8();
    d[w] = widen_c(c, out);
    V const column_special = load8(&t.b.special[static_cast<size_t>(ch.j0)]);
    fallback[w] = _mm256_or_si256(_mm256_or_si256(column_special, splat(t.a.special[static_cast<size_t>(ch.i)])),
                                  is_inf_or_nan_f32(d[w]));
  }
  switch (m.engine) {
  case Engine::kCdna3FusedDot:
  case Engine::kCdna3Fp8Dot:
    switch (m.group) {
    case 4:
      cdna3_row<4>(at, K, m.group, fp8, d, fallback);
      break;
    case 8:
      cdna3_row<8>(at, K, m.group, fp8, d, fallback);
      break;
    case 16:
      cdna3_row<16>(at, K, m.group, fp8, d, fallback);
      break;
    default:
      cdna3_row<0>(at, K, m.group, fp8, d, fallback);
      break;
    }
    break;
  default: // kRdna3Dot2, kRdna4Dot4
    if (K == 0) break;
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
    break;
  }
  for (int w = 0; w < kChains; ++w) d[w] = narrow_d(d[w], out);
  V any_fallback = zero8();
  for (int w = 0; w < kChains; ++w) any_fallback = _mm256_or_si256(any_fallback, fallback[w]);
  if (full && !any(any_fallback)) {
    for (int w = 0; w < kChains; ++w)
      store_low_words(D + static_cast<size_t>(batch[w].i) * static_cast<size_t>(N) + static_cast<size_t>(batch[w].j0),
                      d[w]);
    return;
  }
  for (int w = 0; w < kChains; ++w) {
    Chain const& ch = batch[w];
    alignas(32) int32_t lanes[kLanes];
    alignas(32) int32_t redo[kLanes];
    _mm256_store_si256(reinterpret_cast<V*>(lanes), d[w]);
    _mm256_store_si256(reinterpret_cast<V*>(redo), fallback[w]);
    size_t const row = static_cast<size_t>(ch.i) * static_cast<size_t>(N) + static_cast<size_t>(ch.j0);
    for (int l = 0; l < ch.n; ++l) {
      size_t const ij = row + static_cast<size_t>(l);
      if (redo[l] != 0) { // C is read before D is written: D may be C
        recompute_with_reference(m, K, A + static_cast<size_t>(ch.i) * k_size, B, ch.i, ch.j0 + l,
                                 C[ij], D[ij]);
      } else {
        D[ij] = static_cast<uint32_t>(lanes[l]);
      }
    }
  }
}

} // namespace

bool has_simd_kernel(Model const& m) {
  switch (m.engine) {
  case Engine::kCdna3FusedDot: // 16 products of < 2^26 units keep the block sum in an int32
  case Engine::kCdna3Fp8Dot:
    return m.out == Format::kF32 && fast_inputs(m.a, m.engine) && fast_inputs(m.b, m.engine) &&
           m.group <= 16;
  case Engine::kRdna3Dot2:
  case Engine::kRdna4Dot4:
    return (m.out == Format::kF32 || m.out == Format::kF16 || m.out == Format::kBf16) &&
           fast_inputs(m.a, m.engine) && fast_inputs(m.b, m.engine);
  default:
    return has_plain_simd_kernel(m, 0);
  }
}

bool dot_tile_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B,
                   uint64_t const* C, uint64_t* D) {
  if (!default_fp_environment()) return false;
  if (has_plain_simd_kernel(m, K)) {
    dot_tile_plain_simd(m, M, N, K, A, B, C, D);
    return true;
  }
  if (!has_simd_kernel(m)) return false;
  thread_local TileOperands t;
  pack(m, M, N, K, A, B, t);
  // The tile's 8-column chains, row by row, kChains at a time (a short last batch repeats its first
  // chain, computed and not written).
  Batch batch;
  int filled = 0;
  for (int i = 0; i < M; ++i) {
    for (int j0 = 0; j0 < N; j0 += kLanes) {
      batch[filled++] = {i, j0, std::min(kLanes, N - j0)};
      if (filled == kChains) {
        run_iteration(m, t, batch, N, K, A, B, C, D);
        filled = 0;
      }
    }
  }
  if (filled > 0) {
    for (int w = filled; w < kChains; ++w) batch[w] = {batch[0].i, batch[0].j0, 0};
    run_iteration(m, t, batch, N, K, A, B, C, D);
  }
  return true;
}

} // namespace wavemma::numeric::detail

#else // no AVX2: every model takes the generic path

namespace wavemma::numeric::detail {
bool has_simd_kernel(Model const&) {
  return false;
}
bool dot_tile_simd(Model const&, int, int, int, uint64_t const*, BView const&, uint64_t const*,
                   uint64_t*) {
  return false;
}
} // namespace wavemma::numeric::detail

#endif
