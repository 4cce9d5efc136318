#pragma once
// gfx950 (CDNA4) f8f6f4 MFMA with E8M0 block scales, for host and device code:
// v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4 and, with every scale 1, the unscaled
// v_mfma_f32_{16x16x128,32x32x64}_f8f6f4 [ASSUME throughout: no bit-level characterisation of CDNA4
// is published; docs/numerics.md §4 says what AMD's documents do say]. A block of `group` (32)
// products of OCP fp8/bf8/fp6/bf6/fp4 elements and its two scales: d = RNE32(c + 2^(sa + sb) · Σ
// a_k·b_k), the sum exact, the scale product applied exactly as a power of two; blocks chained
// through c.

#include "wavemma/numeric/core/exact_sum.hpp"

namespace wavemma::numeric::core {

inline constexpr uint8_t kUnitScale = 0x7F; // E8M0 2^0

template <class Tr>
WAVEMMA_HD uint32_t cdna4_scaled_block(Operand const* a, Operand const* b, int n, uint32_t c, uint8_t sa, uint8_t sb,
                                       Tr& tr) {
  Decoded const dc = core::decode(Format::kF32, c);
  Decoded const da = core::decode(Format::kE8M0, sa);
  Decoded const db = core::decode(Format::kE8M0, sb);
  if (da.is_nan() || db.is_nan() || dc.is_nan()) {
    tr("  NaN scale or c -> NaN 0x{:08x}", kCdna3Nan);
    return kCdna3Nan;
  }
  bool pos_inf = dc.is_inf() && !dc.neg, neg_inf = dc.is_inf() && dc.neg;
  for (int k = 0; k < n; ++k) {
    Decoded const& x = a[k].v;
    Decoded const& y = b[k].v;
    if (x.is_nan() || y.is_nan()) {
      tr("  k={}: NaN element -> NaN 0x{:08x}", k, kCdna3Nan);
      return kCdna3Nan;
    }
    if (x.is_inf() || y.is_inf()) {
      if (x.is_zero() || y.is_zero()) {
        tr("  k={}: inf x 0 -> NaN 0x{:08x}", k, kCdna3Nan);
        return kCdna3Nan;
      }
      (x.neg != y.neg ? neg_inf : pos_inf) = true;
    }
  }
  if (Special const inf = cdna_infinities(pos_inf, neg_inf, tr); inf.set) return inf.bits;

  int const scale = da.exp + db.exp; // 2^(sa-127) · 2^(sb-127), exactly
  uint32_t const d = rne32_exact_block(dc, a, b, n, scale);
  if (tr.on())
    tr("  scales 2^{} x 2^{}: RNE32(c + 2^{} x sum, exact) = {}", da.exp, db.exp, scale, Shown{Format::kF32, d});
  return d;
}

// scale_a[q], scale_b[q]: the E8M0 codes of block q of A and of B; nullptr: every scale 1.
template <class Tr>
WAVEMMA_HD uint64_t cdna4_scaled_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c,
                                     uint8_t const* scale_a, uint8_t const* scale_b, Tr& tr) {
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0, blk = 0; k0 < K; k0 += m.group, ++blk) {
    int const n = min(m.group, K - k0);
    uint8_t const sa = scale_a != nullptr ? scale_a[blk] : kUnitScale;
    uint8_t const sb = scale_b != nullptr ? scale_b[blk] : kUnitScale;
    if (tr.on())
      tr("block k={}..{}: c = {}, scale_a {}, scale_b {}", k0, k0 + n - 1, Shown{Format::kF32, d},
         Shown{Format::kE8M0, sa}, Shown{Format::kE8M0, sb});
    d = cdna4_scaled_block(a + k0, b + k0, n, d, sa, sb, tr);
  }
  return d;
}

} // namespace wavemma::numeric::core
