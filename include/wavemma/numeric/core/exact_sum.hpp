#pragma once
// An exact sum of signed terms m·2^e over the whole range the engines meet (bf16 products down to
// 2^-266, gfx950 scaled products up to 2^292), as a fixed-point two's-complement integer, and its
// correctly rounded encoding, for host and device code. Used by the engines that round a block
// once (CDNA1, gfx950 scaled) and by the CDNA2 adder (each fl{} is the exact sum of two f32
// values, rounded).

#include "wavemma/numeric/core/model.hpp"

namespace wavemma::numeric::core {

class ExactSum {
public:
  static constexpr int kLsb = -384; // weight of bit 0
  static constexpr int kLimbs = 13; // 832 bits: terms below 2^447 in magnitude, sums of many

  // Adds (-1)^neg · mag · 2^exp; the term must lie on the grid 2^kLsb and below 2^440.
  WAVEMMA_HD void add(bool neg, uint64_t mag, int exp) {
    if (mag == 0) return;
    int const pos = exp - kLsb;
    WAVEMMA_CORE_ASSERT(pos >= 0 && pos + bit_length(mag) <= 64 * kLimbs - 8);
    int const limb = pos / 64, shift = pos % 64;
    // The term spans at most two limbs: lo at `limb`, hi at `limb + 1`.
    uint64_t const lo = mag << shift;
    uint64_t const hi = shift == 0 ? 0 : mag >> (64 - shift);
    if (!neg) {
      uint64_t carry = 0;
      for (int i = limb; i < kLimbs; ++i) {
        uint64_t const t = i == limb ? lo : i == limb + 1 ? hi : 0;
        uint64_t const s1 = w_[i] + t;
        uint64_t const s2 = s1 + carry;
        carry = (s1 < t || s2 < carry) ? 1 : 0;
        w_[i] = s2;
        if (carry == 0 && i > limb) break;
      }
    } else {
      uint64_t borrow = 0;
      for (int i = limb; i < kLimbs; ++i) {
        uint64_t const t = i == limb ? lo : i == limb + 1 ? hi : 0;
        uint64_t const a = w_[i];
        uint64_t const d = a - t - borrow;
        borrow = (a < t || (a - t) < borrow) ? 1 : 0;
        w_[i] = d;
        if (borrow == 0 && i > limb) break;
      }
    }
  }
  WAVEMMA_HD void add(Decoded const& v) { add(v.neg, v.sig, v.exp); }

  WAVEMMA_HD bool is_zero() const {
    for (uint64_t x : w_)
      if (x != 0) return false;
    return true;
  }
  WAVEMMA_HD bool negative() const { return (w_[kLimbs - 1] >> 63) != 0; }

  // The sum rounded into `f` (a float format) in mode r; an exact zero gives +0.
  WAVEMMA_HD uint64_t round(Format f, Rounding r) const {
    if (is_zero()) return 0;
    bool const neg = negative();
    uint64_t m[kLimbs];
    for (int i = 0; i < kLimbs; ++i) m[i] = w_[i];
    if (neg) { // magnitude = two's complement negation
      uint64_t carry = 1;
      for (auto& x : m) {
        x = ~x + carry;
        carry = (x == 0 && carry == 1) ? 1 : 0;
      }
    }
    int top = kLimbs - 1;
    while (m[top] == 0) --top;
    int const t = top * 64 + bit_length(m[top]) - 1; // index of the leading bit
    if (t < 64) return core::encode(f, neg, m[0], kLsb, r);
    // The 64 bits [t-63, t] as the significand, everything below as sticky.
    int const low = t - 63;
    int const limb = low / 64, shift = low % 64;
    uint64_t sig = m[limb] >> shift;
    if (shift != 0 && limb + 1 < kLimbs) sig |= m[limb + 1] << (64 - shift);
    bool sticky = shift != 0 && (m[limb] & ((uint64_t{1} << shift) - 1)) != 0;
    for (int i = 0; i < limb && !sticky; ++i) sticky = m[i] != 0;
    return core::encode(f, neg, sig, low + kLsb, r, sticky);
  }

private:
  uint64_t w_[kLimbs] = {};
};

// A term (-1)^neg · mag · 2^exp of an exact sum.
struct Term {
  bool neg;
  uint64_t mag; // below 2^56
  int exp;
};

// The exact sum of the n terms term(0) .. term(n - 1) rounded into `f` (an exact zero gives +0).
// Terms that span at most 120 bits sum in one 128-bit integer (the common case); wider spans use
// ExactSum.
template <class TermAt>
WAVEMMA_HD uint64_t round_exact_terms(TermAt const& term, int n, Format f, Rounding r) {
  int lo = 1 << 30, hi = -(1 << 30);
  for (int i = 0; i < n; ++i) {
    Term const t = term(i);
    if (t.mag == 0) continue;
    lo = min(lo, t.exp);
    hi = max(hi, t.exp + bit_length(t.mag));
  }
  if (hi < lo) return 0; // every term zero
  if (hi - lo <= 120) {
    __int128 s = 0;
    for (int i = 0; i < n; ++i) {
      Term const t = term(i);
      if (t.mag == 0) continue;
      __int128 const v = static_cast<__int128>(t.mag) << (t.exp - lo);
      s += t.neg ? -v : v;
    }
    if (s == 0) return 0;
    bool const neg = s < 0;
    auto const m = static_cast<unsigned __int128>(neg ? -s : s);
    auto const top = static_cast<uint64_t>(m >> 64);
    if (top == 0) return core::encode(f, neg, static_cast<uint64_t>(m), lo, r);
    int const shift = bit_length(top); // keep 64 bits, the rest as sticky
    auto const sig = static_cast<uint64_t>(m >> shift);
    bool const sticky = (m & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0;
    return core::encode(f, neg, sig, lo + shift, r, sticky);
  }
  ExactSum sum;
  for (int i = 0; i < n; ++i) {
    Term const t = term(i);
    sum.add(t.neg, t.mag, t.exp);
  }
  return sum.round(f, r);
}

WAVEMMA_HD inline uint64_t round_exact_sum(Term const* t, int n, Format f, Rounding r) {
  return round_exact_terms([t](int i) { return t[i]; }, n, f, r);
}

// The term of product k (zero products give mag 0 and take no part).
WAVEMMA_HD inline Term product_term(Decoded const& x, Decoded const& y, int scale) {
  if (x.is_zero() || y.is_zero()) return {false, 0, 0};
  return {x.neg != y.neg, x.sig * y.sig, x.exp + y.exp + scale};
}

// RNE32 of c plus the exact products a[k]·b[k]·2^scale, k < n, zero products skipped: the block
// that CDNA1 rounds once (scale 0) and gfx950's scaled block (the sum of the two E8M0 exponents).
WAVEMMA_HD inline uint32_t rne32_exact_block(Decoded const& c, Operand const* a, Operand const* b, int n, int scale) {
  auto const term = [&](int i) -> Term {
    if (i == 0) return {c.neg, c.sig, c.exp};
    return product_term(a[i - 1].v, b[i - 1].v, scale);
  };
  return static_cast<uint32_t>(round_exact_terms(term, n + 1, Format::kF32, Rounding::kNearestEven));
}

} // namespace wavemma::numeric::core
