// CDNA1 (gfx908) and CDNA2 (gfx90a) f16/bf16 MFMA blocks (reference/cdna-generations.md, Numerics).
//
// CDNA1: each block of `group` products and c is summed exactly and rounded once (RNE, gradual
//   underflow) — KMG's model, which the gfx908 hardware vectors support (docs/numerics.md §7).
// CDNA2: subnormal inputs flushed; each product exact, then converted to binary32 (|p| >= 2^128 is
//   ±inf, a product below 2^-126 flushes); the products summed pairwise with RNE and every fl{}
//   flushed: d = fl(c + fl(fl(p1 + p2) + fl(p3 + p4))) for a group of 4, fl(c + fl(p1 + p2)) for 2.

#include "engine_impl.hpp"
#include "exact_sum.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace wavemma::numeric::detail {
namespace {

// NaN inputs and inf·0 give NaN; with `infinities`, also infinities of both signs, and an infinite
// factor or c alone gives that infinity (CDNA1, whose exact products cannot overflow; CDNA2 leaves
// them to its binary32 arithmetic, where a product may overflow). Decided from the decoded inputs
// of the block (flushed ones for CDNA2: inf times a flushed subnormal is NaN) [ASSUME for the NaN
// bits, kCdna3Nan].
template <class X, class Y> // x(k), y(k): the decoded factors of product k
std::optional<uint32_t> block_specials(X x, Y y, int n, Decoded const& c, bool infinities, Tracer& tr) {
  bool pos_inf = false, neg_inf = false;
  for (int k = 0; k < n; ++k) {
    if (x(k).is_nan() || y(k).is_nan()) {
      tr("  k={}: NaN input -> NaN 0x{:08x}", k, kCdna3Nan);
      return kCdna3Nan;
    }
  }
  if (c.is_nan()) {
    tr("  c is NaN -> NaN 0x{:08x}", kCdna3Nan);
    return kCdna3Nan;
  }
  for (int k = 0; k < n; ++k) {
    if (!x(k).is_inf() && !y(k).is_inf()) continue;
    if (x(k).is_zero() || y(k).is_zero()) {
      tr("  k={}: inf x 0 -> NaN 0x{:08x}", k, kCdna3Nan);
      return kCdna3Nan;
    }
    (x(k).neg != y(k).neg ? neg_inf : pos_inf) = true;
  }
  if (!infinities) return std::nullopt;
  if (c.is_inf()) (c.neg ? neg_inf : pos_inf) = true;
  return cdna_infinities(pos_inf, neg_inf, tr);
}

// --- CDNA1 --------------------------------------------------------------------------------------

uint32_t exact_block(Model const& m, Operand const* a, Operand const* b, int n, uint32_t c, Tracer& tr) {
  Decoded const dc = decode(Format::kF32, c);
  auto const x = [a](int k) -> Decoded const& { return a[k].v; };
  auto const y = [b](int k) -> Decoded const& { return b[k].v; };
  if (auto s = block_specials(x, y, n, dc, true, tr)) return *s;
  uint32_t const d = rne32_exact_block(dc, a, b, n, 0, [&](int k, Term const& t) {
    if (tr.on())
      tr("  p[{}] = a {} x b {} = {} (exact)", k, show(m.a, a[k].bits), show(m.b, b[k].bits),
         format_exact(t.neg, t.mag, t.exp));
  });
  if (tr.on()) tr("  RNE32(c + sum of products, exact) = {}", show(Format::kF32, d));
  return d;
}

// --- CDNA2 --------------------------------------------------------------------------------------

// A subnormal (below the smallest normal) becomes the zero of its sign.
Decoded flushed(Format f, Decoded v) {
  if (v.cls == Decoded::kFinite && v.sig < (uint64_t{1} << info(f).frac_bits)) {
    v.cls = Decoded::kZero;
    v.sig = 0;
  }
  return v;
}

uint32_t flush_f32(uint32_t bits) { return (bits & 0x7F800000) == 0 ? bits & 0x80000000 : bits; }

// fl{x + y} of two binary32 values: IEEE specials, RNE, the result flushed.
uint32_t fl_add(uint32_t x, uint32_t y) {
  Decoded const dx = decode(Format::kF32, x);
  Decoded const dy = decode(Format::kF32, y);
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
uint32_t product_f32(Decoded const& x, Decoded const& y) {
  bool const neg = x.neg != y.neg;
  if (x.is_inf() || y.is_inf()) return neg ? kF32NegInf : kF32PosInf; // (inf x 0 was decided before)
  if (x.is_zero() || y.is_zero()) return neg ? 0x80000000 : 0;
  return flush_f32(
      static_cast<uint32_t>(encode(Format::kF32, neg, x.sig * y.sig, x.exp + y.exp, Rounding::kNearestEven)));
}

uint32_t pairwise_block(Model const& m, Operand const* a, Operand const* b, int n, uint32_t c, Tracer& tr) {
  Decoded const dc = decode(Format::kF32, flush_f32(c));
  thread_local std::vector<Decoded> x, y;
  x.resize(static_cast<size_t>(m.group));
  y.resize(static_cast<size_t>(m.group));
  for (int k = 0; k < m.group; ++k) { // a short last block is padded with +0 products
    x[static_cast<size_t>(k)] = k < n ? flushed(m.a, a[k].v) : Decoded{Decoded::kZero, false, 0, 0};
    y[static_cast<size_t>(k)] = k < n ? flushed(m.b, b[k].v) : Decoded{Decoded::kZero, false, 0, 0};
  }
  auto const xs = [](int k) -> Decoded const& { return x[static_cast<size_t>(k)]; };
  auto const ys = [](int k) -> Decoded const& { return y[static_cast<size_t>(k)]; };
  if (auto s = block_specials(xs, ys, m.group, dc, false, tr)) return *s;
  std::vector<uint32_t> level(static_cast<size_t>(m.group));
  for (int k = 0; k < m.group; ++k) {
    level[static_cast<size_t>(k)] = product_f32(x[static_cast<size_t>(k)], y[static_cast<size_t>(k)]);
    if (tr.on() && k < n)
      tr("  p[{}] = a {} x b {} -> binary32 {}", k, show(m.a, a[k].bits), show(m.b, b[k].bits),
         show(Format::kF32, level[static_cast<size_t>(k)]));
  }
  while (level.size() > 1) { // fl(p1 + p2), fl(p3 + p4), then their sum
    std::vector<uint32_t> next(level.size() / 2);
    for (size_t i = 0; i < next.size(); ++i) {
      next[i] = fl_add(level[2 * i], level[2 * i + 1]);
      if (tr.on())
        tr("  fl({} + {}) = {}", show(Format::kF32, level[2 * i]), show(Format::kF32, level[2 * i + 1]),
           show(Format::kF32, next[i]));
    }
    level = std::move(next);
  }
  uint32_t const d = fl_add(flush_f32(c), level[0]);
  if (tr.on())
    tr("  fl(c {} + {}) = {}", show(Format::kF32, flush_f32(c)), show(Format::kF32, level[0]), show(Format::kF32, d));
  return d;
}

} // namespace

uint64_t cdna12_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  bool const cdna2 = m.engine == Engine::kCdna2PairwiseDot;
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0; k0 < K; k0 += m.group) {
    int const n = std::min(m.group, K - k0);
    if (tr.on()) tr("block k={}..{}: c = {}", k0, k0 + n - 1, show(Format::kF32, d));
    d = cdna2 ? pairwise_block(m, a + k0, b + k0, n, d, tr) : exact_block(m, a + k0, b + k0, n, d, tr);
  }
  if (cdna2 && K == 0) d = flush_f32(d); // no block: the output is still flushed
  return d;
}

} // namespace wavemma::numeric::detail
