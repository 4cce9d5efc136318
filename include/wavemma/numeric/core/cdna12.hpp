#pragma once
// CDNA1 (gfx908) and CDNA2 (gfx90a) f16/bf16 MFMA blocks (reference/cdna-generations.md, Numerics),
// for host and device code.
//
// CDNA1: each block of `group` products and c is summed exactly and rounded once (RNE, gradual
//   underflow) — KMG's model, which the gfx908 hardware vectors support (docs/numerics.md §7).
// CDNA2: subnormal inputs flushed; each product exact, then converted to binary32 (|p| >= 2^128 is
//   ±inf, a product below 2^-126 flushes); the products summed pairwise with RNE and every fl{}
//   flushed: d = fl(c + fl(fl(p1 + p2) + fl(p3 + p4))) for a group of 4, fl(c + fl(p1 + p2)) for 2.

#include "wavemma/numeric/core/exact_sum.hpp"

namespace wavemma::numeric::core {

// The largest CDNA2 block (a pairwise tree held in registers); check_model refuses larger groups.
inline constexpr int kCdna2MaxGroup = 64;

// NaN inputs and inf·0 give NaN; with `infinities`, also infinities of both signs, and an infinite
// factor or c alone gives that infinity (CDNA1, whose exact products cannot overflow; CDNA2 leaves
// them to its binary32 arithmetic, where a product may overflow). Decided from the decoded inputs
// of the block (flushed ones for CDNA2: inf times a flushed subnormal is NaN) [ASSUME for the NaN
// bits, kCdna3Nan].
template <class X, class Y, class Tr> // x(k), y(k): the decoded factors of product k
WAVEMMA_HD Special cdna12_block_specials(X const& x, Y const& y, int n, Decoded const& c, bool infinities, Tr& tr) {
  bool pos_inf = false, neg_inf = false;
  for (int k = 0; k < n; ++k) {
    if (x(k).is_nan() || y(k).is_nan()) {
      tr("  k={}: NaN input -> NaN 0x{:08x}", k, kCdna3Nan);
      return {true, kCdna3Nan};
    }
  }
  if (c.is_nan()) {
    tr("  c is NaN -> NaN 0x{:08x}", kCdna3Nan);
    return {true, kCdna3Nan};
  }
  for (int k = 0; k < n; ++k) {
    if (!x(k).is_inf() && !y(k).is_inf()) continue;
    if (x(k).is_zero() || y(k).is_zero()) {
      tr("  k={}: inf x 0 -> NaN 0x{:08x}", k, kCdna3Nan);
      return {true, kCdna3Nan};
    }
    (x(k).neg != y(k).neg ? neg_inf : pos_inf) = true;
  }
  if (!infinities) return {false, 0};
  if (c.is_inf()) (c.neg ? neg_inf : pos_inf) = true;
  return cdna_infinities(pos_inf, neg_inf, tr);
}

// --- CDNA1 --------------------------------------------------------------------------------------

template <class Tr>
WAVEMMA_HD uint32_t cdna1_exact_block(Model const& m, Operand const* a, Operand const* b, int n, uint32_t c, Tr& tr) {
  Decoded const dc = core::decode(Format::kF32, c);
  auto const x = [a](int k) -> Decoded const& { return a[k].v; };
  auto const y = [b](int k) -> Decoded const& { return b[k].v; };
  if (Special const s = cdna12_block_specials(x, y, n, dc, true, tr); s.set) return s.bits;
  if (tr.on()) {
    for (int k = 0; k < n; ++k) {
      Term const t = product_term(a[k].v, b[k].v, 0);
      if (t.mag != 0)
        tr("  p[{}] = a {} x b {} = {} (exact)", k, Shown{m.a, a[k].bits}, Shown{m.b, b[k].bits},
           Exact{t.neg, t.mag, t.exp});
    }
  }
  uint32_t const d = rne32_exact_block(dc, a, b, n, 0);
  if (tr.on()) tr("  RNE32(c + sum of products, exact) = {}", Shown{Format::kF32, d});
  return d;
}

// --- CDNA2 --------------------------------------------------------------------------------------

// A subnormal (below the smallest normal) becomes the zero of its sign.
WAVEMMA_HD inline Decoded cdna2_flushed(Format f, Decoded v) {
  if (v.cls == Decoded::kFinite && v.sig < (uint64_t{1} << params(f).frac_bits)) {
    v.cls = Decoded::kZero;
    v.sig = 0;
  }
  return v;
}

WAVEMMA_HD inline uint32_t flush_f32(uint32_t bits) { return (bits & 0x7F800000) == 0 ? bits & 0x80000000 : bits; }

// fl{x + y} of two binary32 values: IEEE specials, RNE, the result flushed.
WAVEMMA_HD inline uint32_t cdna2_fl_add(uint32_t x, uint32_t y) {
  Decoded const dx = core::decode(Format::kF32, x);
  Decoded const dy = core::decode(Format::kF32, y);
  if (dx.is_nan() || dy.is_nan()) return kCdna3Nan;
  if (dx.is_inf() || dy.is_inf()) {
    if (dx.is_inf() && dy.is_inf() && dx.neg != dy.neg) return kCdna3Nan;
    return dx.is_inf() ? x : y;
  }
  if (dx.is_zero() && dy.is_zero()) return dx.neg && dy.neg ? 0x80000000 : 0; // RNE: -0 + -0
  Term const t[] = {{dx.neg, dx.sig, dx.exp}, {dy.neg, dy.sig, dy.exp}};
  return flush_f32(static_cast<uint32_t>(round_exact_sum(t, 2, Format::kF32, Rounding::kNearestEven)));
}

// The product of two flushed inputs in binary32: exact, ±inf from 2^128 on, flushed below 2^-126.
WAVEMMA_HD inline uint32_t cdna2_product_f32(Decoded const& x, Decoded const& y) {
  bool const neg = x.neg != y.neg;
  if (x.is_inf() || y.is_inf()) return neg ? kF32NegInf : kF32PosInf; // (inf x 0 was decided before)
  if (x.is_zero() || y.is_zero()) return neg ? 0x80000000 : 0;
  return flush_f32(
      static_cast<uint32_t>(core::encode(Format::kF32, neg, x.sig * y.sig, x.exp + y.exp, Rounding::kNearestEven)));
}

template <class Tr>
WAVEMMA_HD uint32_t cdna2_pairwise_block(Model const& m, Operand const* a, Operand const* b, int n, uint32_t c,
                                         Tr& tr) {
  Decoded const dc = core::decode(Format::kF32, flush_f32(c));
  // A short last block is padded with +0 products, which change no special-value decision.
  auto const xs = [&](int k) { return cdna2_flushed(m.a, a[k].v); };
  auto const ys = [&](int k) { return cdna2_flushed(m.b, b[k].v); };
  if (Special const s = cdna12_block_specials(xs, ys, n, dc, false, tr); s.set) return s.bits;
  uint32_t level[kCdna2MaxGroup];
  for (int k = 0; k < m.group; ++k) {
    level[k] = k < n ? cdna2_product_f32(xs(k), ys(k)) : 0;
    if (tr.on() && k < n)
      tr("  p[{}] = a {} x b {} -> binary32 {}", k, Shown{m.a, a[k].bits}, Shown{m.b, b[k].bits},
         Shown{Format::kF32, level[k]});
  }
  for (int size = m.group; size > 1; size /= 2) { // fl(p1 + p2), fl(p3 + p4), then their sum
    for (int i = 0; i < size / 2; ++i) {
      uint32_t const sum = cdna2_fl_add(level[2 * i], level[2 * i + 1]);
      if (tr.on())
        tr("  fl({} + {}) = {}", Shown{Format::kF32, level[2 * i]}, Shown{Format::kF32, level[2 * i + 1]},
           Shown{Format::kF32, sum});
      level[i] = sum; // i <= 2i: nothing still to be read is overwritten
    }
  }
  uint32_t const d = cdna2_fl_add(flush_f32(c), level[0]);
  if (tr.on())
    tr("  fl(c {} + {}) = {}", Shown{Format::kF32, flush_f32(c)}, Shown{Format::kF32, level[0]},
       Shown{Format::kF32, d});
  return d;
}

template <class Tr>
WAVEMMA_HD uint64_t cdna12_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  bool const cdna2 = m.engine == Engine::kCdna2PairwiseDot;
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0; k0 < K; k0 += m.group) {
    int const n = min(m.group, K - k0);
    if (tr.on()) tr("block k={}..{}: c = {}", k0, k0 + n - 1, Shown{Format::kF32, d});
    d = cdna2 ? cdna2_pairwise_block(m, a + k0, b + k0, n, d, tr) : cdna1_exact_block(m, a + k0, b + k0, n, d, tr);
  }
  if (cdna2 && K == 0) d = flush_f32(d); // no block: the output is still flushed
  return d;
}

} // namespace wavemma::numeric::core
