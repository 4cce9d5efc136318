#pragma once
// gfx11 (RDNA3) DOT2 and gfx12 (RDNA4) DOT4 chains (numerics.md §4–§7), for host and device code:
// factor decoding, the special-value precedence, the steps and output rounding/narrowing (§6).

#include "wavemma/numeric/core/model.hpp"

namespace wavemma::numeric::core {

// A factor as the step sees it: value ±sig·2^exp, alignment exponent ae = exp + frac_bits.
struct RdnaFactor {
  bool neg;
  uint64_t sig; // 0 for zeros and for flushed (gfx11 BF16) subnormals: "zero significand"
  int exp;
  int ae;
  bool nan;
  bool inf;
};

// gfx11 flushes BF16 subnormal factors (flush_bf16_subnormals); gfx12 keeps all subnormals.
WAVEMMA_HD inline RdnaFactor rdna_factor(Format f, Decoded const& d, bool flush_bf16_subnormals) {
  int const p = params(f).frac_bits;
  RdnaFactor r{d.neg, d.is_finite() ? d.sig : 0, d.exp, d.exp + p, d.is_nan(), d.is_inf()};
  bool const subnormal = d.cls == Decoded::kFinite && d.sig < (uint64_t{1} << p);
  if (flush_bf16_subnormals && f == Format::kBf16 && subnormal) r.sig = 0;
  return r;
}

enum class RdnaSpecial : uint8_t { kNone, kFactorNan, kInvalid, kQuietAcc, kPosInf, kNegInf };

// The step's special-value decision over n factor pairs and the f32 accumulator word.
template <class Tr>
WAVEMMA_HD RdnaSpecial rdna_specials(RdnaFactor const* a, RdnaFactor const* b, int n, uint32_t acc, Tr& tr) {
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

// The special result in the output format (f32, f16 or bf16 bits).
WAVEMMA_HD inline uint64_t rdna_special_result(RdnaSpecial s, uint32_t acc, Format out) {
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

// The accumulator of a step as an f32 word: f32 C as is, packed 16-bit C widened (§2).
WAVEMMA_HD inline uint32_t widen_acc(Format out, uint64_t acc_bits) {
  if (out == Format::kF32) return static_cast<uint32_t>(acc_bits);
  return widen16_to_f32(out, static_cast<uint16_t>(acc_bits));
}

// gfx11 step 6: round to 24 significant bits (RNE); exponents below -126 flush to +0 (after
// rounding, sign dropped), above 127 give ±inf. mag > 0.
WAVEMMA_HD inline uint32_t rdna3_round_f32(bool neg, uint64_t mag, int g) {
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

// gfx12 step 5: RNE to f32 with gradual underflow; a result that is zero is +0. mag > 0.
WAVEMMA_HD inline uint32_t rdna4_round_f32(bool neg, uint64_t mag, int g) {
  auto const r = static_cast<uint32_t>(core::encode(Format::kF32, neg, mag, g, Rounding::kNearestEven));
  return (r & 0x7FFFFFFF) == 0 ? 0 : r;
}

// §6 F16 output from the exact value ±mag·2^g: RNE with f16 subnormals, zero -> +0, overflow ->
// ±inf or ±65504 with MODE.FP16_OVFL. mag > 0.
WAVEMMA_HD inline uint16_t narrow_f16(bool neg, uint64_t mag, int g, bool fp16_ovfl) {
  auto const r = static_cast<uint16_t>(core::encode(Format::kF16, neg, mag, g, Rounding::kNearestEven));
  if ((r & 0x7FFF) == 0) return 0;
  if (fp16_ovfl && (r & 0x7FFF) == 0x7C00) return static_cast<uint16_t>((r & 0x8000) | 0x7BFF);
  return r;
}

// A step's result ±mag·2^g in the output format: f16 through narrow_f16, f32 through the family's
// rounding (gfx12: rdna4_round_f32, else rdna3_round_f32), bf16 as the high half of that f32 (RNE
// to f32, then truncation). mag > 0.
WAVEMMA_HD inline uint64_t rdna_output(Format out, bool neg, uint64_t mag, int g, bool fp16_ovfl, bool gfx12) {
  auto const round_f32 = [&] { return gfx12 ? rdna4_round_f32(neg, mag, g) : rdna3_round_f32(neg, mag, g); };
  switch (out) {
  case Format::kF16:
    return narrow_f16(neg, mag, g, fp16_ovfl);
  case Format::kBf16:
    return round_f32() >> 16;
  default:
    return round_f32();
  }
}

// --- gfx11 DOT2 -------------------------------------------------------------------------------

// A term of the sign-magnitude sum: ±mag·2^exp.
struct Rdna3Term {
  bool neg;
  uint64_t mag;
  int exp;
  WAVEMMA_HD int lead() const { return mag == 0 ? kNoExponent : exp + bit_length(mag) - 1; }
};

// One DOT2 step: acc_out (in the output format) + a0·b0 + a1·b1 (§4.2).
template <class Tr>
WAVEMMA_HD uint64_t rdna3_dot2_step(Model const& m, Operand const* a, Operand const* b, uint64_t acc_out, Tr& tr) {
  uint32_t const acc = widen_acc(m.out, acc_out);
  RdnaFactor fa[2];
  RdnaFactor fb[2];
  for (int n = 0; n < 2; ++n) {
    fa[n] = rdna_factor(m.a, a[n].v, true);
    fb[n] = rdna_factor(m.b, b[n].v, true);
    if (tr.on()) {
      tr("  a{} {} x b{} {}{}", n, Shown{m.a, a[n].bits}, n, Shown{m.b, b[n].bits},
         (fa[n].sig == 0 && a[n].v.cls == Decoded::kFinite) || (fb[n].sig == 0 && b[n].v.cls == Decoded::kFinite)
             ? " (BF16 subnormal factor flushed)"
             : "");
    }
  }
  if (tr.on() && m.out != Format::kF32) tr("  acc {} widened to f32 0x{:08x}", Shown{m.out, acc_out}, acc);
  if (RdnaSpecial const s = rdna_specials(fa, fb, 2, acc, tr); s != RdnaSpecial::kNone)
    return rdna_special_result(s, acc, m.out);

  // Decode (step 2): products are exact; the accumulator's magnitude is 0 when its exponent field
  // is 0.
  Rdna3Term p[2];
  int g_p = kNoExponent;
  for (int n = 0; n < 2; ++n) {
    p[n] = {fa[n].neg != fb[n].neg, fa[n].sig * fb[n].sig, fa[n].exp + fb[n].exp};
    if (p[n].mag != 0) g_p = max(g_p, fa[n].ae + fb[n].ae - 24);
    if (tr.on()) tr("  p{} = {}", n, Exact{p[n].neg, p[n].mag, p[n].exp});
  }
  bool const sigma = (acc >> 31) != 0;
  int const e_c = static_cast<int>((acc >> 23) & 0xFF);
  Rdna3Term const c{sigma, e_c > 0 ? (uint64_t{1} << 23 | (acc & 0x7FFFFF)) : 0, e_c - 150};
  if (e_c == 0 && (acc & 0x7FFFFF) != 0) tr("  accumulator is an f32 subnormal: magnitude 0");

  if (p[0].mag == 0 && p[1].mag == 0 && c.mag == 0) {
    tr("  all magnitudes zero -> +0");
    return 0;
  }
  // Step 3: the alignment grid.
  int const lead_c = m.out == Format::kF16 ? max(-14, c.lead()) : c.lead();
  int const l = max(lead_c, max(p[0].lead(), p[1].lead()));
  int const g = max(g_p, l - 26);
  if (tr.on()) tr("  grid: G_p = {}, L = {}, G = {} (sigma = {})", Exponent{g_p}, l, g, sigma ? "-" : "+");

  // Step 5: sign-magnitude sum in the accumulator's frame; opposite-signed terms add their one's
  // complement.
  int64_t s = static_cast<int64_t>(shift_trunc(c.mag, g - c.exp));
  tr("  acc -> +{} units of 2^{}", s, g);
  for (int n = 0; n < 2; ++n) {
    auto const u = static_cast<int64_t>(shift_trunc(p[n].mag, g - p[n].exp));
    int64_t const add = p[n].neg == sigma ? u : -u - 1;
    if (tr.on()) {
      char const* const truncated = loses_bits(p[n].mag, g - p[n].exp) ? " (truncated)" : "";
      if (p[n].neg == sigma)
        tr("  p{} -> {}{}", n, add, truncated);
      else
        tr("  p{} -> {} (one's complement of {}){}", n, add, u, truncated);
    }
    s += add;
  }
  if (s == 0) {
    tr("  S = 0 -> +0");
    return 0;
  }
  bool const neg = (s < 0) != sigma;
  uint64_t const mag = magnitude(s);
  if (tr.on()) tr("  S = {} units of 2^{}: value {}", s, g, Exact{neg, mag, g});

  uint64_t const d = rdna_output(m.out, neg, mag, g, m.fp16_ovfl, false);
  if (tr.on())
    tr("  rounded ({}) -> {}", m.out == Format::kF16 ? "RNE f16" : "24-bit RNE, flush below 2^-126", Shown{m.out, d});
  return d;
}

template <class Tr>
WAVEMMA_HD uint64_t rdna3_dot2(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  uint64_t acc = c;
  for (int k0 = 0; k0 < K; k0 += 2) {
    if (tr.on()) tr("DOT2 step k={},{}: acc = {}", k0, k0 + 1, Shown{m.out, acc});
    acc = rdna3_dot2_step(m, a + k0, b + k0, acc, tr);
  }
  return acc;
}

// --- gfx12 DOT4 -------------------------------------------------------------------------------

template <class Tr>
WAVEMMA_HD uint64_t rdna4_dot4_step(Model const& m, Operand const* a, Operand const* b, uint64_t acc_out, Tr& tr) {
  int const n = m.group;
  uint32_t const acc = widen_acc(m.out, acc_out);
  RdnaFactor fa[4];
  RdnaFactor fb[4];
  for (int i = 0; i < n; ++i) {
    fa[i] = rdna_factor(m.a, a[i].v, false);
    fb[i] = rdna_factor(m.b, b[i].v, false);
    if (tr.on()) tr("  a{} {} x b{} {}", i, Shown{m.a, a[i].bits}, i, Shown{m.b, b[i].bits});
  }
  if (tr.on() && m.out != Format::kF32) tr("  acc {} widened to f32 0x{:08x}", Shown{m.out, acc_out}, acc);
  if (RdnaSpecial const s = rdna_specials(fa, fb, n, acc, tr); s != RdnaSpecial::kNone)
    return rdna_special_result(s, acc, m.out);

  // Step 2: exact products with their grids; the accumulator keeps subnormals.
  int64_t p[4]; // signed value in units of 2^grid[i]
  int grid[4];  // kNoExponent for a zero product
  int g_max = kNoExponent;
  for (int i = 0; i < n; ++i) {
    uint64_t const mag = fa[i].sig * fb[i].sig;
    grid[i] = mag == 0 ? kNoExponent : fa[i].ae + fb[i].ae - 24;
    // The grid lies at or below the product's last bit: exact left shift.
    p[i] = mag == 0 ? 0 : with_sign(fa[i].neg != fb[i].neg, mag << ((fa[i].exp + fb[i].exp) - grid[i]));
    g_max = max(g_max, grid[i]);
    if (tr.on()) {
      Exact const value{fa[i].neg != fb[i].neg, mag, fa[i].exp + fb[i].exp};
      if (mag == 0)
        tr("  p{} = {}", i, value);
      else
        tr("  p{} = {} (grid 2^{})", i, value, grid[i]);
    }
  }
  bool const acc_neg = (acc >> 31) != 0;
  int const e_c = static_cast<int>((acc >> 23) & 0xFF);
  uint64_t const c_mag = e_c > 0 ? (uint64_t{1} << 23 | (acc & 0x7FFFFF)) : (acc & 0x7FFFFF);
  int const c_exp = max(e_c, 1) - 150;
  int const c_lead = c_mag == 0 ? kNoExponent : c_exp + bit_length(c_mag) - 1;

  // Step 3: the grid.
  int const c_floor = m.out == Format::kF16 ? -14 : -126;
  int const g = max(g_max, max(c_floor, c_lead) - 26);
  if (tr.on()) tr("  grid: max product grid {}, c_floor {}, G = {}", Exponent{g_max}, c_floor, g);

  // Step 4.1: the accumulator, floored onto the grid.
  int64_t c_units = shift_floor(with_sign(acc_neg, c_mag), g - c_exp);
  bool const all_below = acc_neg && c_mag != 0 && shift_trunc(c_mag, g - c_exp) == 0;
  if (all_below && g > c_floor) {
    tr("  negative accumulator entirely below the grid and G > c_floor: contributes 0 (not -1)");
    c_units = 0;
  }
  int64_t s = c_units;
  tr("  acc -> {} units of 2^{}", c_units, g);

  // Step 4.2: pairs, each floored onto its own grid, then onto G.
  for (int i = 0; i < n; i += 2) {
    if (grid[i] == kNoExponent && grid[i + 1] == kNoExponent) continue;
    int const g_pair = max(grid[i], grid[i + 1]);
    int64_t pair = 0;
    for (int j = i; j < i + 2; ++j) {
      if (grid[j] != kNoExponent) pair += shift_floor(p[j], g_pair - grid[j]);
    }
    int64_t const contribution = shift_floor(pair, g - g_pair);
    tr("  pair ({},{}): {} units of 2^{} -> {} units of 2^{}", i, i + 1, pair, g_pair, contribution, g);
    s += contribution;
  }
  if (s == 0) {
    tr("  S = 0 -> +0");
    return 0;
  }
  bool const neg = s < 0;
  uint64_t const mag = magnitude(s);
  if (tr.on()) tr("  S = {} units of 2^{}: value {}", s, g, Exact{neg, mag, g});

  uint64_t const d = rdna_output(m.out, neg, mag, g, m.fp16_ovfl, true);
  if (tr.on()) tr("  rounded -> {}", Shown{m.out, d});
  return d;
}

template <class Tr>
WAVEMMA_HD uint64_t rdna4_dot4(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  uint64_t acc = c;
  for (int k0 = 0; k0 < K; k0 += m.group) {
    if (tr.on()) tr("DOT{} step k={}..{}: acc = {}", m.group, k0, k0 + m.group - 1, Shown{m.out, acc});
    acc = rdna4_dot4_step(m, a + k0, b + k0, acc, tr);
  }
  return acc;
}

} // namespace wavemma::numeric::core
