#pragma once
// CDNA3 (gfx942) MFMA Algorithms 1 (f16, bf16, xf32) and 2 (FNUZ fp8/bf8), numerics.md §3.2–§3.6,
// for host and device code. Values are kept exact as signed integers on a power-of-two grid:
// "S in units of 2^u".

#include "wavemma/numeric/core/model.hpp"

namespace wavemma::numeric::core {

// A non-zero product p = ±mag·2^exp; e_p = e_a + e_b, the sum of the factors' alignment exponents
// max(unbiased exponent, e_min) — not normalised (§3.2).
struct Cdna3Product {
  bool neg;
  uint64_t mag;
  int exp;
  int e_p;
};

WAVEMMA_HD inline Cdna3Product cdna3_product(Model const& m, Decoded const& x, Decoded const& y) {
  return {x.neg != y.neg, x.sig * y.sig, x.exp + y.exp, x.exp + params(m.a).frac_bits + y.exp + params(m.b).frac_bits};
}

// §3.6: NaN inputs, infinite or overflowing (|p| >= 2^128) products and an infinite c decide the
// block alone. Returns the block result, or nothing when the block is finite.
template <class Tr>
WAVEMMA_HD Special cdna3_block_specials(Operand const* a, Operand const* b, int n, Decoded const& c, Tr& tr) {
  for (int k = 0; k < n; ++k) {
    if (a[k].v.is_nan() || b[k].v.is_nan()) {
      tr("  k={}: NaN input -> NaN 0x{:08x}", k, kCdna3Nan);
      return {true, kCdna3Nan};
    }
  }
  if (c.is_nan()) {
    tr("  c is NaN -> NaN 0x{:08x}", kCdna3Nan);
    return {true, kCdna3Nan};
  }
  bool pos_inf = false;
  bool neg_inf = false;
  for (int k = 0; k < n; ++k) {
    Decoded const& x = a[k].v;
    Decoded const& y = b[k].v;
    bool const neg = x.neg != y.neg;
    if (x.is_inf() || y.is_inf()) {
      if (x.is_zero() || y.is_zero()) {
        tr("  k={}: inf x 0 -> NaN 0x{:08x}", k, kCdna3Nan);
        return {true, kCdna3Nan};
      }
      tr("  k={}: product is {}inf", k, neg ? '-' : '+');
      (neg ? neg_inf : pos_inf) = true;
    } else if (x.cls == Decoded::kFinite && y.cls == Decoded::kFinite) {
      int const lead = x.exp + y.exp + bit_length(x.sig * y.sig) - 1;
      if (lead >= 128) {
        tr("  k={}: |p| >= 2^128 (leading bit 2^{}) -> {}inf", k, lead, neg ? '-' : '+');
        (neg ? neg_inf : pos_inf) = true;
      }
    }
  }
  if (c.is_inf()) (c.neg ? neg_inf : pos_inf) = true;
  return cdna_infinities(pos_inf, neg_inf, tr);
}

// The products of a block for the trace, and the largest e_p of those at positions k ≡ parity
// (mod step): step 1 takes all, step 2 the even (parity 0) or odd ones. kNoExponent: none.
template <class Tr>
WAVEMMA_HD void cdna3_trace_products(Model const& m, Operand const* a, Operand const* b, int n, Tr& tr) {
  if (!tr.on()) return;
  int zeros = 0;
  for (int k = 0; k < n; ++k) {
    Decoded const& x = a[k].v;
    Decoded const& y = b[k].v;
    if (x.is_zero() || y.is_zero()) {
      ++zeros;
      continue;
    }
    Cdna3Product const p = cdna3_product(m, x, y);
    tr("  p[{}] = a {} x b {} = {} (e_p = {})", k, Shown{m.a, a[k].bits}, Shown{m.b, b[k].bits},
       Exact{p.neg, p.mag, p.exp}, p.e_p);
  }
  if (zeros != 0) tr("  zero products at k={} take no part", ZeroProducts{a, b, n});
}

WAVEMMA_HD inline int cdna3_e_max(Model const& m, Operand const* a, Operand const* b, int n, int parity, int step) {
  int e = kNoExponent;
  for (int k = parity; k < n; k += step) {
    if (a[k].v.is_zero() || b[k].v.is_zero()) continue;
    e = max(e, cdna3_product(m, a[k].v, b[k].v).e_p);
  }
  return e;
}

// Σ ⌊p⌉ᵀ on grid 2^g over the non-zero products at positions parity, parity + step, ...: each
// magnitude truncated toward zero, sign kept, exact integer sum.
template <class Tr>
WAVEMMA_HD int64_t cdna3_truncated_sum(Model const& m, Operand const* a, Operand const* b, int n, int parity, int step,
                                       int g, Tr& tr) {
  int64_t s = 0;
  for (int k = parity; k < n; k += step) {
    if (a[k].v.is_zero() || b[k].v.is_zero()) continue;
    Cdna3Product const p = cdna3_product(m, a[k].v, b[k].v);
    uint64_t const units = shift_trunc(p.mag, g - p.exp);
    if (tr.on() && loses_bits(p.mag, g - p.exp)) {
      tr("    p[{}] truncated to {}{} units of 2^{} (was {})", k, p.neg ? "-" : "", units, g,
         Exact{p.neg, p.mag, p.exp});
    }
    s += with_sign(p.neg, units);
  }
  return s;
}

template <class Tr>
WAVEMMA_HD uint32_t cdna3_round_f32(int64_t s, int g, Tr& tr) {
  if (s == 0) {
    tr("  exact zero -> +0");
    return 0;
  }
  auto const d = static_cast<uint32_t>(core::encode(Format::kF32, s < 0, magnitude(s), g, Rounding::kNearestEven));
  if (tr.on()) tr("  RNE32({} units of 2^{} = {}) = {}", s, g, Exact{s < 0, magnitude(s), g}, Shown{Format::kF32, d});
  return d;
}

// Steps 3–5: add c to the product sum S_sum (units of 2^(e_max-24)). has_products == false means
// e_max = -inf. fp8 drops c entirely when e_max - e_c > 25 (§3.4 step 4).
template <class Tr>
WAVEMMA_HD uint32_t cdna3_add_c(bool has_products, int e_max, int64_t s_sum, Decoded const& c, bool fp8, Tr& tr) {
  int const e_c = c.exp + 23;                      // exponent if normal, -126 if subnormal or zero (§3.2)
  int64_t const c_units = with_sign(c.neg, c.sig); // units of 2^(e_c - 23)
  if (has_products && e_max >= e_c) {
    int const u = e_max - 24;
    int64_t c_aligned = shift_floor(c_units, u - c.exp); // ⌊c⌋_u, toward -inf
    if (fp8 && e_max - e_c > 25) {
      tr("  e_max - e_c = {} > 25: c contributes 0", e_max - e_c);
      c_aligned = 0;
    }
    tr("  e_max {} >= e_c {}: c' = floor(c) on 2^{} = {} units; S_acc = {} + {}", e_max, e_c, u, c_aligned, s_sum,
       c_aligned);
    return cdna3_round_f32(s_sum + c_aligned, u, tr);
  }
  // C-larger branch (§3.3 step 4, KMG's rule).
  int const g1 = e_c - 32;
  int64_t const s_shifted = has_products ? shift_floor(s_sum, g1 - (e_max - 24)) : 0;
  int64_t const t = s_shifted + shift_floor(c_units, g1 - c.exp);
  if (has_products) {
    tr("  C-larger branch: e_c {} > e_max {}: S' = floor(S_sum) on 2^{} = {} units; T = S' + c = "
       "{} units",
       e_c, e_max, g1, s_shifted, t);
  } else {
    tr("  no non-zero product: T = c = {} units of 2^{}", t, g1);
  }
  if (t == 0) {
    tr("  T = 0 -> +0");
    return 0;
  }
  int const e_n = max(bit_length(magnitude(t)) - 1 + g1, -126);
  int const g2 = e_n - 31;
  int64_t const s_acc = shift_floor(t, g2 - g1);
  tr("  normalise: e_n = {}, S_acc = floor(T) on 2^{} = {} units", e_n, g2, s_acc);
  return cdna3_round_f32(s_acc, g2, tr);
}

// Algorithm 1 on one finite block.
template <class Tr>
WAVEMMA_HD uint32_t cdna3_algorithm1_block(Model const& m, Operand const* a, Operand const* b, int n, Decoded const& c,
                                           Tr& tr) {
  cdna3_trace_products(m, a, b, n, tr);
  int const e_max = cdna3_e_max(m, a, b, n, 0, 1);
  if (e_max == kNoExponent) return cdna3_add_c(false, kNoExponent, 0, c, false, tr);
  tr("  e_max = {}, grid u = 2^{}", e_max, e_max - 24);
  int64_t const s_sum = cdna3_truncated_sum(m, a, b, n, 0, 1, e_max - 24, tr);
  tr("  S_sum = {} units of 2^{}", s_sum, e_max - 24);
  return cdna3_add_c(true, e_max, s_sum, c, false, tr);
}

// Algorithm 2 on one finite block: products at even and odd block positions are summed separately.
template <class Tr>
WAVEMMA_HD uint32_t cdna3_algorithm2_block(Model const& m, Operand const* a, Operand const* b, int n, Decoded const& c,
                                           Tr& tr) {
  cdna3_trace_products(m, a, b, n, tr);
  int e[2];
  int64_t s[2] = {0, 0};
  int e_max = kNoExponent;
  for (int i = 0; i < 2; ++i) {
    e[i] = cdna3_e_max(m, a, b, n, i, 2);
    if (e[i] == kNoExponent) continue;
    s[i] = cdna3_truncated_sum(m, a, b, n, i, 2, e[i] - 24, tr);
    tr("  {} group: e_g = {}, S_g = {} units of 2^{}", i == 0 ? "even" : "odd", e[i], s[i], e[i] - 24);
    e_max = max(e_max, e[i]);
  }
  if (e_max == kNoExponent) return cdna3_add_c(false, kNoExponent, 0, c, true, tr);
  int64_t s_sum = 0;
  for (int i = 0; i < 2; ++i) {
    if (e[i] == kNoExponent) continue;
    int64_t const aligned = shift_floor(s[i], (e_max - 24) - (e[i] - 24)); // ⌊S_g⌋ on 2^(e_max-24)
    if (aligned != s[i]) tr("  smaller group rounded down to {} units of 2^{}", aligned, e_max - 24);
    s_sum += aligned;
  }
  tr("  e_max = {}, S_sum = {} units of 2^{}", e_max, s_sum, e_max - 24);
  return cdna3_add_c(true, e_max, s_sum, c, true, tr);
}

// kCdna3FusedDot and kCdna3Fp8Dot: blocks of m.group products (the last may be shorter), chained
// through c.
template <class Tr>
WAVEMMA_HD uint64_t cdna3_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  bool const fp8 = m.engine == Engine::kCdna3Fp8Dot;
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0; k0 < K; k0 += m.group) {
    int const n = min(m.group, K - k0);
    if (tr.on()) tr("block k={}..{}: c = {}", k0, k0 + n - 1, Shown{Format::kF32, d});
    Decoded const dc = core::decode(Format::kF32, d);
    Special const special = cdna3_block_specials(a + k0, b + k0, n, dc, tr);
    if (special.set) {
      d = special.bits;
    } else {
      d = fp8 ? cdna3_algorithm2_block(m, a + k0, b + k0, n, dc, tr)
              : cdna3_algorithm1_block(m, a + k0, b + k0, n, dc, tr);
    }
  }
  return d;
}

} // namespace wavemma::numeric::core
