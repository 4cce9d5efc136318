// gfx11 (RDNA3) F16/BF16 WMMA: a chain of DOT2 steps (numerics.md §4, §6).

#include "bits.hpp"
#include "rdna_common.hpp"

#include <algorithm>

namespace wavemma::numeric::detail {
namespace {

// A term of the sign-magnitude sum: ±mag·2^exp.
struct Term {
  bool neg;
  uint64_t mag;
  int exp;
  int lead() const { return mag == 0 ? kNoExponent : exp + bit_length(mag) - 1; }
};

uint64_t zero_result() { return 0; } // +0 in every output format

// One DOT2 step: acc_out (in the output format) + a0·b0 + a1·b1 (§4.2).
uint64_t dot2_step(Model const& m, Operand const* a, Operand const* b, uint64_t acc_out, Tracer& tr) {
  uint32_t const acc = widen_acc(m.out, acc_out);
  RdnaFactor fa[2];
  RdnaFactor fb[2];
  for (int n = 0; n < 2; ++n) {
    fa[n] = rdna_factor(m.a, a[n].v, true);
    fb[n] = rdna_factor(m.b, b[n].v, true);
    if (tr.on()) {
      tr("  a{} {} x b{} {}{}", n, show(m.a, a[n].bits), n, show(m.b, b[n].bits),
         (fa[n].sig == 0 && a[n].v.cls == Decoded::kFinite) || (fb[n].sig == 0 && b[n].v.cls == Decoded::kFinite)
             ? " (BF16 subnormal factor flushed)"
             : "");
    }
  }
  if (tr.on() && m.out != Format::kF32) tr("  acc {} widened to f32 0x{:08x}", show(m.out, acc_out), acc);
  if (auto s = rdna_specials(fa, fb, 2, acc, tr); s != RdnaSpecial::kNone) return rdna_special_result(s, acc, m.out);

  // Decode (step 2): products are exact; the accumulator's magnitude is 0 when its exponent field
  // is 0.
  Term p[2];
  int g_p = kNoExponent;
  for (int n = 0; n < 2; ++n) {
    p[n] = {fa[n].neg != fb[n].neg, fa[n].sig * fb[n].sig, fa[n].exp + fb[n].exp};
    if (p[n].mag != 0) g_p = std::max(g_p, fa[n].ae + fb[n].ae - 24);
    if (tr.on()) tr("  p{} = {}", n, format_exact(p[n].neg, p[n].mag, p[n].exp));
  }
  bool const sigma = (acc >> 31) != 0;
  int const e_c = static_cast<int>((acc >> 23) & 0xFF);
  Term const c{sigma, e_c > 0 ? (uint64_t{1} << 23 | (acc & 0x7FFFFF)) : 0, e_c - 150};
  if (e_c == 0 && (acc & 0x7FFFFF) != 0) tr("  accumulator is an f32 subnormal: magnitude 0");

  if (p[0].mag == 0 && p[1].mag == 0 && c.mag == 0) {
    tr("  all magnitudes zero -> +0");
    return zero_result();
  }
  // Step 3: the alignment grid.
  int const lead_c = m.out == Format::kF16 ? std::max(-14, c.lead()) : c.lead();
  int const l = std::max({lead_c, p[0].lead(), p[1].lead()});
  int const g = std::max(g_p, l - 26);
  if (tr.on())
    tr("  grid: G_p = {}, L = {}, G = {} (sigma = {})", g_p == kNoExponent ? "-inf" : std::to_string(g_p), l, g,
       sigma ? "-" : "+");

  // Step 5: sign-magnitude sum in the accumulator's frame; opposite-signed terms add their one's
  // complement.
  int64_t s = static_cast<int64_t>(shift_trunc(c.mag, g - c.exp));
  tr("  acc -> +{} units of 2^{}", s, g);
  for (int n = 0; n < 2; ++n) {
    auto const u = static_cast<int64_t>(shift_trunc(p[n].mag, g - p[n].exp));
    int64_t const add = p[n].neg == sigma ? u : -u - 1;
    if (tr.on()) {
      tr("  p{} -> {}{}{}", n, add, p[n].neg == sigma ? "" : " (one's complement of " + std::to_string(u) + ")",
         loses_bits(p[n].mag, g - p[n].exp) ? " (truncated)" : "");
    }
    s += add;
  }
  if (s == 0) {
    tr("  S = 0 -> +0");
    return zero_result();
  }
  bool const neg = (s < 0) != sigma;
  uint64_t const mag = magnitude(s);
  if (tr.on()) tr("  S = {} units of 2^{}: value {}", s, g, format_exact(neg, mag, g));

  uint64_t const d = rdna_output(m.out, neg, mag, g, m.fp16_ovfl, rdna3_round_f32);
  if (tr.on())
    tr("  rounded ({}) -> {}", m.out == Format::kF16 ? "RNE f16" : "24-bit RNE, flush below 2^-126", show(m.out, d));
  return d;
}

} // namespace

uint64_t rdna3_dot2(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  uint64_t acc = c;
  for (int k0 = 0; k0 < K; k0 += 2) {
    if (tr.on()) tr("DOT2 step k={},{}: acc = {}", k0, k0 + 1, show(m.out, acc));
    acc = dot2_step(m, a + k0, b + k0, acc, tr);
  }
  return acc;
}

} // namespace wavemma::numeric::detail
