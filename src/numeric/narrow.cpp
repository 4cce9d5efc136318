// RDNA factor decoding, special-value precedence and output narrowing (numerics.md §4–§7).

#include "bits.hpp"
#include "rdna_common.hpp"

namespace wavemma::numeric::detail {

RdnaFactor rdna_factor(Format f, Decoded const& d, bool flush_bf16_subnormals) {
  int const p = info(f).frac_bits;
  RdnaFactor r{d.neg, d.is_finite() ? d.sig : 0, d.exp, d.exp + p, d.is_nan(), d.is_inf()};
  bool const subnormal = d.cls == Decoded::kFinite && d.sig < (uint64_t{1} << p);
  if (flush_bf16_subnormals && f == Format::kBf16 && subnormal) r.sig = 0;
  return r;
}

RdnaSpecial rdna_specials(RdnaFactor const* a, RdnaFactor const* b, int n, uint32_t acc, Tracer& tr) {
  for (int i = 0; i < n; ++i) {
    if (a[i].nan || b[i].nan) {
      tr("  factor NaN in pair {} -> 0x{:08x}", i, kRdnaFactorNan);
      return RdnaSpecial::kFactorNan;
    }
  }
  bool pos_inf = false;
  bool neg_inf = false;
  for (int i = 0; i < n; ++i) {
    bool const zero_sig_partner = (a[i].inf && !b[i].inf && b[i].sig == 0) || (b[i].inf && !a[i].inf && a[i].sig == 0);
    if (zero_sig_partner) {
      tr("  product {}: inf x (zero significand) -> 0x{:08x}", i, kRdnaInvalidNan);
      return RdnaSpecial::kInvalid;
    }
    if (a[i].inf || b[i].inf) (a[i].neg != b[i].neg ? neg_inf : pos_inf) = true;
  }
  if (pos_inf && neg_inf) {
    tr("  products +inf and -inf -> 0x{:08x}", kRdnaInvalidNan);
    return RdnaSpecial::kInvalid;
  }
  bool const acc_nan = (acc & 0x7F800000) == 0x7F800000 && (acc & 0x7FFFFF) != 0;
  if (acc_nan) {
    tr("  accumulator NaN 0x{:08x} -> quieted 0x{:08x}", acc, acc | 0x00400000u);
    return RdnaSpecial::kQuietAcc;
  }
  if ((acc & 0x7FFFFFFF) == 0x7F800000) ((acc >> 31) != 0 ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) {
    tr("  accumulator infinity meets the opposite product infinity -> 0x{:08x}", kRdnaInvalidNan);
    return RdnaSpecial::kInvalid;
  }
  if (pos_inf || neg_inf) {
    tr("  result {}inf", pos_inf ? '+' : '-');
    return pos_inf ? RdnaSpecial::kPosInf : RdnaSpecial::kNegInf;
  }
  return RdnaSpecial::kNone;
}

uint64_t rdna_special_result(RdnaSpecial s, uint32_t acc, Format out) {
  uint32_t const quiet = acc | 0x00400000u;
  switch (out) {
  case Format::kF16:
    switch (s) {
    case RdnaSpecial::kFactorNan:
      return kRdnaFactorNanF16;
    case RdnaSpecial::kInvalid:
      return kRdnaInvalidNanF16;
    case RdnaSpecial::kQuietAcc:
      return ((quiet >> 16) & 0x8000) | 0x7C00 | ((quiet >> 13) & 0x3FF);
    case RdnaSpecial::kPosInf:
      return 0x7C00;
    case RdnaSpecial::kNegInf:
      return 0xFC00;
    case RdnaSpecial::kNone:
      break;
    }
    break;
  case Format::kBf16:
    switch (s) {
    case RdnaSpecial::kFactorNan:
      return kRdnaFactorNanBf16;
    case RdnaSpecial::kInvalid:
      return kRdnaInvalidNanBf16;
    case RdnaSpecial::kQuietAcc:
      return quiet >> 16;
    case RdnaSpecial::kPosInf:
      return 0x7F80;
    case RdnaSpecial::kNegInf:
      return 0xFF80;
    case RdnaSpecial::kNone:
      break;
    }
    break;
  default:
    switch (s) {
    case RdnaSpecial::kFactorNan:
      return kRdnaFactorNan;
    case RdnaSpecial::kInvalid:
      return kRdnaInvalidNan;
    case RdnaSpecial::kQuietAcc:
      return quiet;
    case RdnaSpecial::kPosInf:
      return 0x7F800000;
    case RdnaSpecial::kNegInf:
      return 0xFF800000;
    case RdnaSpecial::kNone:
      break;
    }
    break;
  }
  return 0;
}

uint32_t widen_acc(Format out, uint64_t acc_bits) {
  if (out == Format::kF32) return static_cast<uint32_t>(acc_bits);
  return widen_to_f32(out, static_cast<uint16_t>(acc_bits));
}

uint32_t rdna3_round_f32(bool neg, uint64_t mag, int g) {
  int e = bit_length(mag) - 1; // exponent of the leading bit, relative to 2^g
  uint64_t m;                  // 24-bit significand
  if (e > 23) {
    int const s = e - 23;
    m = mag >> s;
    bool const round_bit = ((mag >> (s - 1)) & 1) != 0;
    bool const sticky = (mag & ((uint64_t{1} << (s - 1)) - 1)) != 0;
    if (round_bit && (sticky || (m & 1) != 0)) ++m;
    if (m == uint64_t{1} << 24) {
      m >>= 1;
      ++e;
    }
  } else {
    m = mag << (23 - e);
  }
  e += g;
  uint32_t const sign = neg ? 0x80000000u : 0;
  if (e < -126) return 0; // flush after rounding, sign dropped
  if (e > 127) return sign | 0x7F800000u;
  return sign | static_cast<uint32_t>(e + 127) << 23 | static_cast<uint32_t>(m & 0x7FFFFF);
}

uint32_t rdna4_round_f32(bool neg, uint64_t mag, int g) {
  auto const r = static_cast<uint32_t>(encode(Format::kF32, neg, mag, g, Rounding::kNearestEven));
  return (r & 0x7FFFFFFF) == 0 ? 0 : r;
}

uint16_t narrow_f16(bool neg, uint64_t mag, int g, bool fp16_ovfl) {
  auto const r = static_cast<uint16_t>(encode(Format::kF16, neg, mag, g, Rounding::kNearestEven));
  if ((r & 0x7FFF) == 0) return 0;
  if (fp16_ovfl && (r & 0x7FFF) == 0x7C00) return static_cast<uint16_t>((r & 0x8000) | 0x7BFF);
  return r;
}

uint64_t rdna_output(Format out, bool neg, uint64_t mag, int g, bool fp16_ovfl,
                     uint32_t (*round_f32)(bool neg, uint64_t mag, int g)) {
  switch (out) {
  case Format::kF16:
    return narrow_f16(neg, mag, g, fp16_ovfl);
  case Format::kBf16:
    return round_f32(neg, mag, g) >> 16;
  default:
    return round_f32(neg, mag, g);
  }
}

} // namespace wavemma::numeric::detail
