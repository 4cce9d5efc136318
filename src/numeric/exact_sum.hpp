#pragma once
// An exact sum of signed terms m·2^e over the whole range the engines meet (bf16 products down to
// 2^-266, gfx950 scaled products up to 2^292), as a fixed-point two's-complement integer, and its
// correctly rounded encoding. Used by the engines that round a block once (CDNA1, gfx950 scaled)
// and by the CDNA2 adder (each fl{} is the exact sum of two f32 values, rounded).

#include "bits.hpp"
#include "wavemma/numeric/format.hpp"

#include <array>
#include <cassert>
#include <cstdint>

namespace wavemma::numeric::detail {

class ExactSum {
public:
  static constexpr int kLsb = -384;  // weight of bit 0
  static constexpr int kLimbs = 13;  // 832 bits: terms below 2^447 in magnitude, sums of many

  // Adds (-1)^neg · mag · 2^exp; the term must lie on the grid 2^kLsb and below 2^440.
  void add(bool neg, uint64_t mag, int exp) {
    if (mag == 0) return;
    int const pos = exp - kLsb;
    assert(pos >= 0 && pos + bit_length(mag) <= 64 * kLimbs - 8);
    int const limb = pos / 64, shift = pos % 64;
    // The term spans at most two limbs: lo at `limb`, hi at `limb + 1`.
    uint64_t const lo = mag << shift;
    uint64_t const hi = shift == 0 ? 0 : mag >> (64 - shift);
    if (!neg) {
      unsigned __int128 carry = 0;
      for (int i = limb; i < kLimbs; ++i) {
        uint64_t const t = i == limb ? lo : i == limb + 1 ? hi : 0;
        unsigned __int128 const s = static_cast<unsigned __int128>(w_[i]) + t + carry;
        w_[i] = static_cast<uint64_t>(s);
        carry = s >> 64;
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
  void add(Decoded const& v) { add(v.neg, v.sig, v.exp); }

  bool is_zero() const {
    for (uint64_t x : w_)
      if (x != 0) return false;
    return true;
  }
  bool negative() const { return (w_[kLimbs - 1] >> 63) != 0; }

  // The sum rounded into `f` (a float format) in mode r; an exact zero gives +0.
  uint64_t round(Format f, Rounding r) const {
    if (is_zero()) return 0;
    bool const neg = negative();
    std::array<uint64_t, kLimbs> m = w_;
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
    if (t < 64) return encode(f, neg, m[0], kLsb, r);
    // The 64 bits [t-63, t] as the significand, everything below as sticky.
    int const low = t - 63;
    int const limb = low / 64, shift = low % 64;
    uint64_t sig = m[limb] >> shift;
    if (shift != 0 && limb + 1 < kLimbs) sig |= m[limb + 1] << (64 - shift);
    bool sticky = shift != 0 && (m[limb] & ((uint64_t{1} << shift) - 1)) != 0;
    for (int i = 0; i < limb && !sticky; ++i) sticky = m[i] != 0;
    return encode(f, neg, sig, low + kLsb, r, sticky);
  }

private:
  std::array<uint64_t, kLimbs> w_{};
};

} // namespace wavemma::numeric::detail
