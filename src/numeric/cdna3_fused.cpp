// CDNA3 (gfx942) MFMA Algorithms 1 (f16, bf16, xf32) and 2 (FNUZ fp8/bf8), numerics.md §3.2–§3.6.
//
// Values are kept exact as signed integers on a power-of-two grid: "S in units of 2^u".

#include "bits.hpp"
#include "engine_impl.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace wavemma::numeric::detail {
namespace {

// A non-zero product p = ±mag·2^exp; e_p = e_a + e_b, the sum of the factors' alignment exponents
// max(unbiased exponent, e_min) — not normalised (§3.2).
struct Product {
  int k;
  bool neg;
  uint64_t mag;
  int exp;
  int e_p;
};

int alignment_exponent(Format f, Decoded const& d) { return d.exp + info(f).frac_bits; }

// §3.6: NaN inputs, infinite or overflowing (|p| >= 2^128) products and an infinite c decide the
// block alone. Returns the block result, or nullopt when the block is finite.
std::optional<uint32_t> block_specials(Operand const* a, Operand const* b, int n, Decoded const& c, Tracer& tr) {
  for (int k = 0; k < n; ++k) {
    if (a[k].v.is_nan() || b[k].v.is_nan()) {
      tr("  k={}: NaN input -> NaN 0x{:08x}", k, kCdna3Nan);
      return kCdna3Nan;
    }
  }
  if (c.is_nan()) {
    tr("  c is NaN -> NaN 0x{:08x}", kCdna3Nan);
    return kCdna3Nan;
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
        return kCdna3Nan;
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

std::vector<Product> nonzero_products(Model const& m, Operand const* a, Operand const* b, int n, Tracer& tr) {
  std::vector<Product> ps;
  ps.reserve(static_cast<size_t>(n));
  std::string zeros; // block positions of zero products, for the trace
  for (int k = 0; k < n; ++k) {
    Decoded const& x = a[k].v;
    Decoded const& y = b[k].v;
    bool const neg = x.neg != y.neg;
    if (x.is_zero() || y.is_zero()) {
      if (tr.on()) zeros += (zeros.empty() ? "" : ",") + std::to_string(k);
      continue;
    }
    Product p{k, neg, x.sig * y.sig, x.exp + y.exp, alignment_exponent(m.a, x) + alignment_exponent(m.b, y)};
    if (tr.on()) {
      tr("  p[{}] = a {} x b {} = {} (e_p = {})", k, show(m.a, a[k].bits), show(m.b, b[k].bits),
         format_exact(p.neg, p.mag, p.exp), p.e_p);
    }
    ps.push_back(p);
  }
  if (!zeros.empty()) tr("  zero products at k={} take no part", zeros);
  return ps;
}

// Σ ⌊p⌉ᵀ on grid 2^g: each magnitude truncated toward zero, sign kept, exact integer sum.
int64_t truncated_sum(std::vector<Product> const& ps, int g, Tracer& tr) {
  int64_t s = 0;
  for (auto const& p : ps) {
    uint64_t const units = shift_trunc(p.mag, g - p.exp);
    if (tr.on() && loses_bits(p.mag, g - p.exp)) {
      tr("    p[{}] truncated to {}{} units of 2^{} (was {})", p.k, p.neg ? "-" : "", units, g,
         format_exact(p.neg, p.mag, p.exp));
    }
    s += with_sign(p.neg, units);
  }
  return s;
}

uint32_t round_f32(int64_t s, int g, Tracer& tr) {
  if (s == 0) {
    tr("  exact zero -> +0");
    return 0;
  }
  auto const d = static_cast<uint32_t>(encode(Format::kF32, s < 0, magnitude(s), g, Rounding::kNearestEven));
  if (tr.on())
    tr("  RNE32({} units of 2^{} = {}) = {}", s, g, format_exact(s < 0, magnitude(s), g), show(Format::kF32, d));
  return d;
}

// Steps 3–5: add c to the product sum S_sum (units of 2^(e_max-24)). has_products == false means
// e_max = -inf. fp8 drops c entirely when e_max - e_c > 25 (§3.4 step 4).
uint32_t add_c(bool has_products, int e_max, int64_t s_sum, Decoded const& c, bool fp8, Tracer& tr) {
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
    return round_f32(s_sum + c_aligned, u, tr);
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
  int const e_n = std::max(bit_length(magnitude(t)) - 1 + g1, -126);
  int const g2 = e_n - 31;
  int64_t const s_acc = shift_floor(t, g2 - g1);
  tr("  normalise: e_n = {}, S_acc = floor(T) on 2^{} = {} units", e_n, g2, s_acc);
  return round_f32(s_acc, g2, tr);
}

// Algorithm 1 on one finite block.
uint32_t algorithm1_block(Model const& m, Operand const* a, Operand const* b, int n, Decoded const& c, Tracer& tr) {
  std::vector<Product> const ps = nonzero_products(m, a, b, n, tr);
  if (ps.empty()) return add_c(false, kNoExponent, 0, c, false, tr);
  int e_max = kNoExponent;
  for (auto const& p : ps) e_max = std::max(e_max, p.e_p);
  tr("  e_max = {}, grid u = 2^{}", e_max, e_max - 24);
  int64_t const s_sum = truncated_sum(ps, e_max - 24, tr);
  tr("  S_sum = {} units of 2^{}", s_sum, e_max - 24);
  return add_c(true, e_max, s_sum, c, false, tr);
}

// Algorithm 2 on one finite block: products at even and odd block positions are summed separately.
uint32_t algorithm2_block(Model const& m, Operand const* a, Operand const* b, int n, Decoded const& c, Tracer& tr) {
  std::vector<Product> const ps = nonzero_products(m, a, b, n, tr);
  struct Group {
    std::vector<Product> ps;
    int e = kNoExponent;
    int64_t s = 0;
  };
  Group groups[2];
  for (auto const& p : ps) {
    Group& g = groups[p.k % 2];
    g.ps.push_back(p);
    g.e = std::max(g.e, p.e_p);
  }
  int e_max = kNoExponent;
  for (int i = 0; i < 2; ++i) {
    Group& g = groups[i];
    if (g.ps.empty()) continue;
    g.s = truncated_sum(g.ps, g.e - 24, tr);
    tr("  {} group: e_g = {}, S_g = {} units of 2^{}", i == 0 ? "even" : "odd", g.e, g.s, g.e - 24);
    e_max = std::max(e_max, g.e);
  }
  if (e_max == kNoExponent) return add_c(false, kNoExponent, 0, c, true, tr);
  int64_t s_sum = 0;
  for (auto const& g : groups) {
    if (g.ps.empty()) continue;
    int64_t const aligned = shift_floor(g.s, (e_max - 24) - (g.e - 24)); // ⌊S_g⌋ on 2^(e_max-24)
    if (aligned != g.s) tr("  smaller group rounded down to {} units of 2^{}", aligned, e_max - 24);
    s_sum += aligned;
  }
  tr("  e_max = {}, S_sum = {} units of 2^{}", e_max, s_sum, e_max - 24);
  return add_c(true, e_max, s_sum, c, true, tr);
}

} // namespace

uint64_t cdna3_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  bool const fp8 = m.engine == Engine::kCdna3Fp8Dot;
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0; k0 < K; k0 += m.group) {
    int const n = std::min(m.group, K - k0);
    if (tr.on()) tr("block k={}..{}: c = {}", k0, k0 + n - 1, show(Format::kF32, d));
    Decoded const dc = decode(Format::kF32, d);
    if (auto special = block_specials(a + k0, b + k0, n, dc, tr)) {
      d = *special;
    } else {
      d = fp8 ? algorithm2_block(m, a + k0, b + k0, n, dc, tr) : algorithm1_block(m, a + k0, b + k0, n, dc, tr);
    }
  }
  return d;
}

} // namespace wavemma::numeric::detail
