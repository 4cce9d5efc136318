// gfx12 (RDNA4) F16/BF16 (and assumed FP8/BF8) WMMA: a chain of DOT4 steps with floor alignment
// (numerics.md §5, §6). A step of one pair (group 2) is the gfx12 DOT2 instruction.

#include "bits.hpp"
#include "rdna_common.hpp"

#include <algorithm>

namespace wavemma::numeric::detail {
namespace {

uint64_t dot4_step(Model const& m, Operand const* a, Operand const* b, uint64_t acc_out, Tracer& tr) {
  int const n = m.group;
  uint32_t const acc = widen_acc(m.out, acc_out);
  RdnaFactor fa[4];
  RdnaFactor fb[4];
  for (int i = 0; i < n; ++i) {
    fa[i] = rdna_factor(m.a, a[i].v, false);
    fb[i] = rdna_factor(m.b, b[i].v, false);
    if (tr.on()) tr("  a{} {} x b{} {}", i, show(m.a, a[i].bits), i, show(m.b, b[i].bits));
  }
  if (tr.on() && m.out != Format::kF32) tr("  acc {} widened to f32 0x{:08x}", show(m.out, acc_out), acc);
  if (auto s = rdna_specials(fa, fb, n, acc, tr); s != RdnaSpecial::kNone) return rdna_special_result(s, acc, m.out);

  // Step 2: exact products with their grids; the accumulator keeps subnormals.
  int64_t p[4]; // signed value in units of 2^grid[i]
  int grid[4];  // kNoExponent for a zero product
  int g_max = kNoExponent;
  for (int i = 0; i < n; ++i) {
    uint64_t const mag = fa[i].sig * fb[i].sig;
    grid[i] = mag == 0 ? kNoExponent : fa[i].ae + fb[i].ae - 24;
    // The grid lies at or below the product's last bit: exact left shift.
    p[i] = mag == 0 ? 0 : with_sign(fa[i].neg != fb[i].neg, mag << ((fa[i].exp + fb[i].exp) - grid[i]));
    g_max = std::max(g_max, grid[i]);
    if (tr.on()) {
      tr("  p{} = {}{}", i, format_exact(fa[i].neg != fb[i].neg, mag, fa[i].exp + fb[i].exp),
         mag == 0 ? "" : fmt::format(" (grid 2^{})", grid[i]));
    }
  }
  bool const acc_neg = (acc >> 31) != 0;
  int const e_c = static_cast<int>((acc >> 23) & 0xFF);
  uint64_t const c_mag = e_c > 0 ? (uint64_t{1} << 23 | (acc & 0x7FFFFF)) : (acc & 0x7FFFFF);
  int const c_exp = std::max(e_c, 1) - 150;
  int const c_lead = c_mag == 0 ? kNoExponent : c_exp + bit_length(c_mag) - 1;

  // Step 3: the grid.
  int const c_floor = m.out == Format::kF16 ? -14 : -126;
  int const g = std::max(g_max, std::max(c_floor, c_lead) - 26);
  if (tr.on())
    tr("  grid: max product grid {}, c_floor {}, G = {}", g_max == kNoExponent ? "-inf" : std::to_string(g_max),
       c_floor, g);

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
    int const g_pair = std::max(grid[i], grid[i + 1]);
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
  if (tr.on()) tr("  S = {} units of 2^{}: value {}", s, g, format_exact(neg, mag, g));

  uint64_t const d = rdna_output(m.out, neg, mag, g, m.fp16_ovfl, rdna4_round_f32);
  if (tr.on()) tr("  rounded -> {}", show(m.out, d));
  return d;
}

} // namespace

uint64_t rdna4_dot4(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  uint64_t acc = c;
  for (int k0 = 0; k0 < K; k0 += m.group) {
    if (tr.on()) tr("DOT{} step k={}..{}: acc = {}", m.group, k0, k0 + m.group - 1, show(m.out, acc));
    acc = dot4_step(m, a + k0, b + k0, acc, tr);
  }
  return acc;
}

} // namespace wavemma::numeric::detail
