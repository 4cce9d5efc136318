// Operand decoding for the aligning kernels (tile_kernels.hpp): one pass over A and B per tile,
// 8 codes at a time, into signed significands, alignment exponents, signs and special flags.

#include "tile_kernels.hpp"

#if defined(__x86_64__)

#include <algorithm>

namespace wavemma::numeric::detail {
WAVEMMA_AVX2_BEGIN
namespace {

using namespace simd;

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
  V const e = _mm256_and_si256(_mm256_srl_epi32(x, _mm_cvtsi32_si128(d.stored_frac)), splat(d.e_top));
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
bool decode_row(Decoder const& d, uint64_t const* raw, int K, int32_t* sig, int32_t* ae, int32_t* neg) {
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
void pack_b_transposed(Decoder const& db, bool gfx11, int N, int K, uint64_t const* Bt, TileOperands& t) {
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
            decode8(db, Bt + static_cast<size_t>(j0 + l) * k_size + static_cast<size_t>(k0), sig[l], ae[l], neg[l]);
        special = _mm256_or_si256(special, _mm256_and_si256(splat(1 << l), sp));
      }
      size_t const at = static_cast<size_t>(k0) * n_pad + static_cast<size_t>(j0);
      transpose_store(sig, &t.b.sig[at], n_pad);
      transpose_store(ae, &t.b.ae[at], n_pad);
      if (gfx11) transpose_store(neg, &t.b.neg[at], n_pad); // only the gfx11 frame uses signs of zeros
    }
    alignas(32) int32_t flags[kLanes];
    _mm256_store_si256(reinterpret_cast<V*>(flags), special);
    int any_lane = 0;
    for (int f : flags) any_lane |= f;
    for (int l = 0; l < kLanes; ++l) t.b.special[static_cast<size_t>(j0 + l)] = (any_lane >> l & 1) != 0 ? -1 : 0;
  }
  for (int j = 0; j < N; ++j) { // the k tail of full column blocks, and the column tail
    int const k_begin = j < n_full ? k_full : 0;
    for (int k = k_begin; k < K; ++k) {
      size_t const at = static_cast<size_t>(k) * n_pad + static_cast<size_t>(j);
      int32_t neg = 0;
      bool const sp =
          decode1(db, Bt[static_cast<size_t>(j) * k_size + static_cast<size_t>(k)], t.b.sig[at], t.b.ae[at], neg);
      if (gfx11) t.b.neg[at] = neg;
      if (sp) t.b.special[static_cast<size_t>(j)] = -1;
    }
  }
}

// B given row-major (rows x N, dot_tile_rows): each row decodes straight into [r][j]. A column
// holding a NaN or infinity in any row is special for every output row that reads it.
void pack_b_rows(Decoder const& db, bool gfx11, int N, int rows, uint64_t const* B, TileOperands& t) {
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

} // namespace

void pack(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, TileOperands& t) {
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
    t.a.special[i] = decode_row(da, A + row, K, &t.a.sig[row], &t.a.ae[row], gfx11 ? &t.a.neg[row] : nullptr) ? -1 : 0;
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
  t.b_off.build(B, M, K, n_pad);
}

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail

#endif
