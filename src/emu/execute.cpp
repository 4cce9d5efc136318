// The two data paths (registers, matrices) and the arithmetic they share.

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <stdexcept>

#include "plan.hpp"
#include "wavemma/numeric/inputs.hpp"

namespace wavemma::emu {
namespace {

using isa::Operand;

uint64_t mask_of(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
uint64_t sign_of(int bits) { return 1ull << (bits - 1); }

// Per-thread scratch buffers, reused across calls (the hot path allocates nothing).
struct Scratch {
  std::vector<uint64_t> a, b, c;          // operands after the value modifiers
  std::vector<uint64_t> c_in, d, dg, idx; // the register paths' gathered C, D, index
  std::vector<uint64_t> copies[4][2];
  std::vector<uint32_t> rows;                 // sparse: the B row of each stored product
  std::vector<uint64_t> scale_a, scale_b, bt; // scaled: the gathered scales, B by columns
  std::vector<uint8_t> sa, sb;                // scaled: the scale bytes as the engine takes them
};
Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Where an operand's register words are: VGPR-major (emu::Registers, word vgpr * wave + lane) or
// lane-major (each lane's VGPRs in a row of `stride` words, as the SIMT runtime stages them).
struct Words {
  uint32_t const* data = nullptr;
  int stride = 0; // 0: VGPR-major
};

// The word index of every place of a gather in a layout, and the step from a 64-bit element's low
// word to its high word (the next VGPR of the same lane).
uint32_t const* places(detail::Gather const& g, int stride) {
  return stride == 0 ? g.word.data() : detail::lane_major(g, stride).lane_word.data();
}
size_t next_vgpr(int stride, int wave) { return stride == 0 ? size_t(wave) : 1; }

// Copies the runs of one copy of a lane-major gather: each run is consecutive fields of the words.
void gather_runs(detail::Gather const& g, int copy, uint32_t const* w, uint64_t* out) {
  int const eb = g.elem_bits;
  uint64_t const mask = mask_of(eb);
  for (uint32_t r = g.run_begin[size_t(copy)]; r < g.run_begin[size_t(copy) + 1]; ++r) {
    auto const [dst_e, bit, len] = g.lane_runs[r];
    uint64_t* dst = out + dst_e;
    uint32_t const* src = w + bit / 32;
    if (eb == 64) {
      for (uint32_t i = 0; i < len; ++i) dst[i] = src[2 * i] | uint64_t(src[2 * i + 1]) << 32;
    } else if (eb == 32) {
      for (uint32_t i = 0; i < len; ++i) dst[i] = src[i];
    } else if (eb == 16 && bit % 32 == 0) { // the common case: pairs of halves
      uint32_t i = 0;
      for (; i + 2 <= len; i += 2) {
        dst[i] = src[i / 2] & 0xffff;
        dst[i + 1] = src[i / 2] >> 16;
      }
      if (i < len) dst[i] = src[i / 2] & 0xffff;
    } else {
      for (uint32_t i = 0; i < len; ++i) {
        uint32_t const b = bit % 32 + i * uint32_t(eb);
        uint64_t v = src[b / 32] >> (b % 32);
        if (b % 32 + uint32_t(eb) > 32) v |= uint64_t(src[b / 32 + 1]) << (32 - b % 32); // fp6 across two VGPRs
        dst[i] = v & mask;
      }
    }
  }
}

// Reads one copy of an operand out of register words into raw element bits.
void gather(detail::Gather const& g, int copy, Words src, int wave, uint64_t* out) {
  if (src.stride != 0 && detail::lane_major(g, src.stride).runs_pay) return gather_runs(g, copy, src.data, out);
  size_t const n = g.word.size() / size_t(g.copies);
  uint32_t const* w = src.data;
  uint32_t const* idx = places(g, src.stride) + size_t(copy) * n;
  if (g.elem_bits == 64) {
    size_t const hi = next_vgpr(src.stride, wave);
    for (size_t e = 0; e < n; ++e) out[e] = w[idx[e]] | uint64_t(w[idx[e] + hi]) << 32;
  } else if (g.elem_bits == 32) {
    for (size_t e = 0; e < n; ++e) out[e] = w[idx[e]];
  } else if (32 % g.elem_bits == 0) {
    uint8_t const* sh = g.shift.data() + size_t(copy) * n;
    uint64_t const m = mask_of(g.elem_bits);
    for (size_t e = 0; e < n; ++e) out[e] = (w[idx[e]] >> sh[e]) & m;
  } else { // fp6: an element may start in one VGPR and end in the next
    size_t const hi = next_vgpr(src.stride, wave);
    uint8_t const* sh = g.shift.data() + size_t(copy) * n;
    uint64_t const m = mask_of(g.elem_bits);
    for (size_t e = 0; e < n; ++e) {
      uint64_t v = w[idx[e]] >> sh[e];
      if (sh[e] + g.elem_bits > 32) v |= uint64_t(w[idx[e] + hi]) << (32 - sh[e]);
      out[e] = v & m;
    }
  }
}
void gather(detail::Gather const& g, int copy, Registers const& regs, std::vector<uint64_t>& out) {
  out.resize(g.word.size() / size_t(g.copies));
  gather(g, copy, {regs.words.data(), 0}, regs.wave, out.data());
}

void scatter(detail::Gather const& g, uint64_t const* values, uint32_t* words, int stride, int wave) {
  if (stride != 0 && g.elem_bits == 32 && stride == g.vgprs) {
    // Lane-major 32-bit D: write the words in order (sequential stores, the loads scattered).
    auto const& source = detail::lane_major(g, stride).word_source;
    for (size_t x = 0; x < source.size(); ++x)
      if (source[x] != 0) words[x] = static_cast<uint32_t>(values[source[x] - 1]);
    return;
  }
  size_t const n = g.word.size() / size_t(g.copies);
  size_t const hi = next_vgpr(stride, wave);
  uint32_t const* table = places(g, stride);
  for (int copy = 0; copy < g.copies; ++copy) {
    uint32_t const* idx = table + size_t(copy) * n;
    if (g.elem_bits == 64) {
      for (size_t e = 0; e < n; ++e) {
        words[idx[e]] = static_cast<uint32_t>(values[e]);
        words[idx[e] + hi] = static_cast<uint32_t>(values[e] >> 32);
      }
    } else if (g.elem_bits == 32) {
      for (size_t e = 0; e < n; ++e) words[idx[e]] = static_cast<uint32_t>(values[e]);
    } else {
      uint8_t const* sh = g.shift.data() + size_t(copy) * n;
      for (size_t e = 0; e < n; ++e) {
        uint64_t const m = mask_of(g.elem_bits) << sh[e];
        uint64_t const v = values[e] << sh[e] & m;
        words[idx[e]] = static_cast<uint32_t>((words[idx[e]] & ~m) | v);
        if (sh[e] + g.elem_bits > 32) // fp6 across two VGPRs
          words[idx[e] + hi] = static_cast<uint32_t>(((words[idx[e] + hi] & ~(m >> 32)) | v >> 32));
      }
    }
  }
}
void scatter(detail::Gather const& g, uint64_t const* values, Registers& regs) {
  scatter(g, values, regs.words.data(), 0, regs.wave);
}

void require(Registers const& r, int vgprs, int wave, char const* what) {
  if (r.wave != wave || r.vgprs < vgprs || r.words.size() != size_t(r.vgprs) * size_t(r.wave))
    throw std::invalid_argument(
        fmt::format("{} needs {} VGPRs of wave{} (got {} of wave{})", what, vgprs, wave, r.vgprs, r.wave));
}

void require(Matrix const& x, int blocks, int rows, int cols, char const* what) {
  if (x.blocks != blocks || x.rows != rows || x.cols != cols || x.bits.size() != size_t(blocks) * rows * cols)
    throw std::invalid_argument(fmt::format("{} must be {} block(s) of {}x{} (got {} of {}x{})", what, blocks, rows,
                                            cols, x.blocks, x.rows, x.cols));
}

// The C matrix an inline constant stands for (numerics.md §2).
void inline_c(detail::Plan const& p, int code, std::vector<uint64_t>& c) {
  if (!numeric::is_inline_constant(code))
    throw std::invalid_argument(fmt::format("{} is not an inline constant code", code));
  uint64_t v;
  switch (p.issue.instruction->cd) {
  case numeric::Format::kF16:
    v = numeric::inline_constant_16(numeric::Format::kF16, code);
    break;
  case numeric::Format::kBf16:
    v = numeric::inline_constant_16(numeric::Format::kBf16, code);
    break;
  case numeric::Format::kF64: {
    // f64 operands: float constants as binary64, integer constants sign-extended [ASSUME].
    uint32_t const w = numeric::inline_constant_32(code);
    bool const is_float = code >= 240;
    v = is_float ? numeric::from_double(numeric::Format::kF64, numeric::to_double(numeric::Format::kF32, w))
                 : static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(w)));
    break;
  }
  default:
    v = numeric::inline_constant_32(code);
  }
  c.assign(size_t(p.blocks) * p.m * p.n, v);
}

} // namespace

std::string check(Issue const& is) {
  if (!is.instruction) return "no instruction";
  if (!is.instruction->has_wave(is.wave))
    return fmt::format("{} has no wave{} form", is.instruction->mnemonic, is.wave);
  return isa::check_modifiers(*is.instruction, is.wave, is.mods);
}

numeric::Model numeric_model(Issue const& is) {
  auto const& in = *is.instruction;
  auto const& nm = in.numeric();
  numeric::Model m;
  m.engine = nm.engine;
  m.a = in.type_of(Operand::kA, is.mods); // iu8/iu4: the signedness NEG chooses
  m.b = in.type_of(Operand::kB, is.mods);
  m.out = in.cd;
  m.group = nm.group;
  m.clamp = is.mods.clamp && in.mod_rules().clamp; // a reserved CLAMP (float RDNA WMMA) has no effect
  m.fp16_ovfl = is.mods.fp16_ovfl && in.cd == numeric::Format::kF16;
  return m;
}

namespace detail {

ValueModifiers value_modifiers(Plan const& p) {
  auto const& in = *p.issue.instruction;
  auto const& mods = p.issue.mods;
  auto const& r = in.mod_rules();
  bool const float_rdna = isa::is_rdna(in.gen) && numeric::is_float(in.a);
  auto bits_of = [](std::array<bool, 3> const& v) { return static_cast<uint8_t>(v[0] | v[1] << 1 | v[2] << 2); };
  return {static_cast<uint8_t>(float_rdna ? (r.neg_lo_defined & bits_of(mods.neg_lo)) : 0),
          static_cast<uint8_t>(float_rdna ? (r.neg_hi_defined & bits_of(mods.neg_hi)) : 0),
          static_cast<uint8_t>(r.blgp_is_neg ? (mods.blgp & 7) : 0)};
}

Operands apply_value_modifiers(Plan const& p, uint64_t const* a, uint64_t const* b, uint64_t const* c,
                               bool b_by_columns) {
  auto const& in = *p.issue.instruction;
  Scratch& s = scratch();
  size_t const na = size_t(p.blocks) * p.m * p.kc, nb = size_t(p.blocks) * p.k * p.n, nc = size_t(p.blocks) * p.m * p.n;
  int const ea = numeric::storage_bits(in.a), eb = numeric::storage_bits(in.b), ec = numeric::storage_bits(in.cd);
  auto const [lo_on, hi_on, f64_neg] = value_modifiers(p);
  auto flip = [&](uint64_t const* src, size_t n, std::vector<uint64_t>& buf, std::vector<uint8_t> const& high, int bit,
                  int bits) -> uint64_t const* {
    bool const lo = lo_on & (1 << bit), hi = hi_on & (1 << bit), all = f64_neg & (1 << bit);
    if (!lo && !hi && !all) return src;
    buf.assign(src, src + n);
    uint64_t const sg = sign_of(bits);
    size_t const per_block = high.size();
    for (size_t e = 0; e < n; ++e)
      if (all || (high[e % per_block] ? hi : lo)) buf[e] ^= sg;
    return buf.data();
  };
  Operands out{flip(a, na, s.a, p.a_high, 0, ea), flip(b, nb, s.b, b_by_columns ? p.b_high_cols : p.b_high, 1, eb), c};
  if ((hi_on | lo_on | f64_neg) & 4) {
    s.c.assign(c, c + nc);
    uint64_t const sg = sign_of(ec);
    for (auto& v : s.c) {
      if (hi_on & 4) v &= ~sg; // |C| first, then the negation (numerics.md §2)
      if ((lo_on | f64_neg) & 4) v ^= sg;
    }
    out.c = s.c.data();
  }
  return out;
}

namespace {

// gfx1250 scaled WMMA: the engine applies E8M0 scales (exact powers of two). E5M3 and E4M3 scales
// are real multipliers, which no engine of wavemma::numeric computes yet: refused, never guessed.
void require_power_of_two_scales(Plan const& p) {
  auto const& in = *p.issue.instruction;
  if (!in.mod_rules().wmma_scaled) return;
  for (int t = 0; t < 2; ++t)
    if (p.issue.mods.scale_fmt[t] != 0)
      throw std::invalid_argument(fmt::format(
          "{}: matrix_{}_scale_fmt {} ({}) is not emulated: the numeric engine applies E8M0 (power-of-two) scales "
          "only (docs/numerics.md §12)",
          in.mnemonic, t == 0 ? 'a' : 'b', p.issue.mods.scale_fmt[t],
          p.issue.mods.scale_fmt[t] == 1 ? "E5M3" : "E4M3"));
}

void compute_c_typed(Plan const& p, uint64_t const* a_in, uint64_t const* b_in, uint64_t const* c_in,
                     uint64_t const* index, uint64_t* d, bool b_by_columns, Scales scales);

} // namespace

// D in C's type from the engine, then narrowed where D is narrower (gfx1250 bf16f32: C f32, D
// bf16, rounded once to nearest even [ASSUME: docs/numerics.md §12]).
void compute(Plan const& p, uint64_t const* a_in, uint64_t const* b_in, uint64_t const* c_in, uint64_t const* index,
             uint64_t* d, bool b_by_columns, Scales scales) {
  compute_c_typed(p, a_in, b_in, c_in, index, d, b_by_columns, scales);
  auto const& in = *p.issue.instruction;
  numeric::Format const from = in.cd, to = in.type_of(Operand::kD);
  if (to == from) return;
  size_t const n = size_t(p.blocks) * p.m * p.n;
  for (size_t e = 0; e < n; ++e) {
    uint64_t const x = d[e] & numeric::storage_mask(from);
    double const v = numeric::to_double(from, x);
    d[e] = v != v ? numeric::canonical_nan(to) : numeric::from_double(to, v);
  }
}

namespace {

void compute_c_typed(Plan const& p, uint64_t const* a_in, uint64_t const* b_in, uint64_t const* c_in,
                     uint64_t const* index, uint64_t* d, bool b_by_columns, Scales scales) {
  auto const [a, b, c] = apply_value_modifiers(p, a_in, b_in, c_in, b_by_columns);
  if (p.scaled) {
    require_power_of_two_scales(p);
    // One E8M0 byte per row of A (column of B) and block of 32 K: dot_tile_scaled takes B and SB by
    // columns (N x K, N x K/32).
    if (!scales.a || !scales.b)
      throw std::invalid_argument(fmt::format("{} needs its scale operands (SA, SB)", p.issue.instruction->mnemonic));
    Scratch& s = scratch();
    int const kb = p.k / p.model.group;
    s.sa.resize(size_t(p.m) * kb);
    s.sb.resize(size_t(p.n) * kb);
    for (size_t e = 0; e < s.sa.size(); ++e) s.sa[e] = static_cast<uint8_t>(scales.a[e]);
    for (int j = 0; j < p.n; ++j)
      for (int q = 0; q < kb; ++q) s.sb[size_t(j) * kb + q] = static_cast<uint8_t>(scales.b[size_t(q) * p.n + j]);
    uint64_t const* bt = b;
    if (!b_by_columns) {
      s.bt.resize(size_t(p.n) * p.k);
      for (int kk = 0; kk < p.k; ++kk)
        for (int j = 0; j < p.n; ++j) s.bt[size_t(j) * p.k + kk] = b[size_t(kk) * p.n + j];
      bt = s.bt.data();
    }
    numeric::dot_tile_scaled(p.model, p.m, p.n, p.k, a, s.sa.data(), bt, s.sb.data(), c, d);
    return;
  }
  auto const layout = b_by_columns ? numeric::BLayout::kColumns : numeric::BLayout::kRows;
  int const rows = p.blocks * p.m; // every block in one call: the blocks are stacked row-wise
  if (!p.sparse) {
    numeric::dot_tile_rows(p.model, rows, p.n, p.k, a, b, p.blocks * p.k, p.blocks > 1 ? p.block_rows.data() : nullptr,
                           c, d, layout);
    return;
  }
  // Sparse: stored value cc of row i multiplies B row 4*(cc/2) + idx[i][cc], in stored order.
  std::vector<uint32_t>& map = scratch().rows;
  map.resize(size_t(rows) * p.kc);
  size_t const per_block = size_t(p.m) * size_t(p.kc);
  for (int blk = 0; blk < p.blocks; ++blk) {
    uint32_t* out = map.data() + size_t(blk) * per_block;
    uint32_t const base = static_cast<uint32_t>(blk * p.k);
    for (size_t row = 0; row < per_block; row += size_t(p.kc))
      for (uint32_t cc = 0; cc < uint32_t(p.kc); ++cc)
        out[row + cc] = base + 2 * (cc & ~1u) + static_cast<uint32_t>(index[row + cc] & 3);
  }
  numeric::dot_tile_rows(p.model, rows, p.n, p.kc, a, b, p.blocks * p.k, map.data(), c, d, layout);
}

} // namespace

} // namespace detail

namespace {

// The register-level core shared by the VGPR-major and lane-major entry points: gathers A, B, C
// and the index out of their words, runs the arithmetic and leaves D's elements in s.d.
void run_registers(detail::Plan const& p, Words a, Words b, Words c, std::optional<int> c_inline, Words index,
                   Words scale_a = {}, Words scale_b = {}) {
  Scratch& s = scratch();
  int const w = p.issue.wave;
  size_t const nc = size_t(p.blocks) * p.m * p.n;
  if (c_inline) {
    if (p.sparse) throw std::invalid_argument("sparse instructions have no C operand to hold an inline constant");
    inline_c(p, *c_inline, s.c_in);
  } else {
    s.c_in.resize(nc);
    gather(p.c, 0, c, w, s.c_in.data());
  }
  if (p.sparse) {
    s.idx.resize(size_t(p.m) * p.kc);
    gather(p.index, 0, index, w, s.idx.data());
  }
  detail::Scales scales;
  if (p.scaled) {
    s.scale_a.resize(p.scale_a.word.size());
    s.scale_b.resize(p.scale_b.word.size());
    gather(p.scale_a, 0, scale_a, w, s.scale_a.data());
    gather(p.scale_b, 0, scale_b, w, s.scale_b.data());
    scales = {s.scale_a.data(), s.scale_b.data()};
  }
  s.d.resize(nc);
  // RDNA3 replicates A and B in every 16-lane group; outputs of lane group g read copy g
  // [ASSUME numerics.md §9 item 5]. When the copies agree (the normal case) one run serves all.
  int const copies = p.a.copies;
  bool differ = false;
  // B goes to the engine by columns: a lane holds a column's elements in order in its VGPRs.
  for (int g = 0; g < copies; ++g) {
    s.copies[g][0].resize(p.a.word.size() / size_t(copies));
    s.copies[g][1].resize(p.b.word.size() / size_t(p.b.copies));
    gather(p.a, g, a, w, s.copies[g][0].data());
    gather(p.b, g, b, w, s.copies[g][1].data());
    differ = differ || (g > 0 && (s.copies[g][0] != s.copies[0][0] || s.copies[g][1] != s.copies[0][1]));
  }
  detail::compute(p, s.copies[0][0].data(), s.copies[0][1].data(), s.c_in.data(), s.idx.data(), s.d.data(), true,
                  scales);
  if (differ) {
    s.dg.resize(nc);
    for (int g = 1; g < copies; ++g) {
      detail::compute(p, s.copies[g][0].data(), s.copies[g][1].data(), s.c_in.data(), s.idx.data(), s.dg.data(), true);
      for (size_t e = 0; e < nc; ++e)
        if (p.d_group[e] == g) s.d[e] = s.dg[e];
    }
  }
}

} // namespace

Registers execute(Issue const& is, RegisterOperands const& ops) {
  detail::Plan const& p = detail::plan_for(is);
  int const w = is.wave;
  require(ops.a, p.a.vgprs, w, "A");
  require(ops.b, p.b.vgprs, w, "B");
  if (!ops.c_inline) require(ops.c, p.c.vgprs, w, p.sparse ? "the accumulator (D before the instruction)" : "C");
  if (p.sparse) require(ops.index, p.index.vgprs, w, "the sparsity index");
  if (p.scaled) {
    require(ops.scale_a, p.scale_a.vgprs, w, "the A scales (SA)");
    require(ops.scale_b, p.scale_b.vgprs, w, "the B scales (SB)");
  }
  if (!ops.d_prior.words.empty()) require(ops.d_prior, p.d.vgprs, w, "the prior D registers");
  run_registers(p, {ops.a.words.data()}, {ops.b.words.data()}, {ops.c.words.data()}, ops.c_inline,
                {ops.index.words.data()}, {ops.scale_a.words.data()}, {ops.scale_b.words.data()});
  Registers out;
  if (!ops.d_prior.words.empty()) {
    out = ops.d_prior;
  } else if (!ops.c_inline) {
    out = ops.c; // the tied form: D starts as C
  } else {
    out = Registers(p.d.vgprs, w);
  }
  out.vgprs = p.d.vgprs;
  out.words.resize(size_t(p.d.vgprs) * w);
  scatter(p.d, scratch().d.data(), out);
  return out;
}

void execute_lanes(Issue const& is, LaneWords const& in, uint32_t* d) {
  detail::Plan const& p = detail::plan_for(is);
  int const w = is.wave;
  // The f8f6f4 builtins pass 8 VGPRs of A and B whatever the format; fp6/fp4 read the low 6 or 4.
  bool const wider = is.instruction->mod_rules().format_select;
  auto fits = [&](int given, int used) { return wider ? given >= used : given == used; };
  if (!fits(in.a_vgprs, p.a.vgprs) || !fits(in.b_vgprs, p.b.vgprs) || in.c_vgprs != p.c.vgprs ||
      (p.sparse && in.index < 0) || (p.scaled && (in.scale_a < 0 || in.scale_b < 0)) ||
      in.stride < in.a_vgprs + in.b_vgprs + in.c_vgprs + (p.sparse ? 1 : 0))
    throw std::invalid_argument(fmt::format("{}: lane words of {}/{}/{} VGPRs (stride {}) for A/B/C of {}/{}/{}",
                                            is.instruction->mnemonic, in.a_vgprs, in.b_vgprs, in.c_vgprs, in.stride,
                                            p.a.vgprs, p.b.vgprs, p.c.vgprs));
  int const a0 = 0, b0 = in.a_vgprs, c0 = in.a_vgprs + in.b_vgprs;
  run_registers(p, {in.words + a0, in.stride}, {in.words + b0, in.stride}, {in.words + c0, in.stride}, std::nullopt,
                {in.words + (p.sparse ? in.index : 0), in.stride}, {in.words + (p.scaled ? in.scale_a : 0), in.stride},
                {in.words + (p.scaled ? in.scale_b : 0), in.stride});
  // D starts as C (the tied form: the half a 16-bit gfx11 D leaves alone keeps C's bits), then
  // takes the results. When D's places cover every bit, C need not be copied.
  int const dv = p.d.vgprs;
  if (!p.d_covers_all) {
    for (int lane = 0; lane < w; ++lane)
      for (int v = 0; v < dv; ++v)
        d[size_t(lane) * dv + v] = v < in.c_vgprs ? in.words[size_t(lane) * in.stride + c0 + v] : 0;
  }
  scatter(p.d, scratch().d.data(), d, dv, w);
}

Matrix execute(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index,
               ScaleMatrices const* scales) {
  Matrix d;
  execute(is, a, b, c, index, d, scales);
  return d;
}

void execute(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index, Matrix& d,
             ScaleMatrices const* scales) {
  detail::Plan const& p = detail::plan_for(is);
  detail::Scales sc;
  if (p.scaled) {
    if (!scales)
      throw std::invalid_argument(fmt::format("{} needs the scale matrices SA and SB", is.instruction->mnemonic));
    int const kb = p.k / p.model.group;
    require(scales->a, 1, p.m, kb, "SA (the A scales)");
    require(scales->b, 1, kb, p.n, "SB (the B scales)");
    sc = {scales->a.bits.data(), scales->b.bits.data()};
  }
  require(a, p.blocks, p.m, p.kc, p.sparse ? "A (compressed)" : "A");
  require(b, p.blocks, p.k, p.n, "B");
  require(c, p.blocks, p.m, p.n, "C");
  if (p.sparse) {
    if (!index) throw std::invalid_argument("sparse instructions need the index matrix");
    require(*index, 1, p.m, p.kc, "the sparsity index");
  }
  // Broadcast modifiers (CBSZ/ABID on A, BLGP on B) make elements read other elements.
  Scratch& s = scratch();
  uint64_t const* ap = a.bits.data();
  uint64_t const* bp = b.bits.data();
  if (!p.a_identity) {
    s.copies[0][0].resize(p.a_source.size());
    for (size_t e = 0; e < p.a_source.size(); ++e) s.copies[0][0][e] = a.bits[p.a_source[e]];
    ap = s.copies[0][0].data();
  }
  if (!p.b_identity) {
    s.copies[0][1].resize(p.b_source.size());
    for (size_t e = 0; e < p.b_source.size(); ++e) s.copies[0][1][e] = b.bits[p.b_source[e]];
    bp = s.copies[0][1].data();
  }
  uint64_t const* ip = p.sparse ? index->bits.data() : nullptr;
  size_t const nd = size_t(p.blocks) * p.m * p.n;
  // D may be C (the arithmetic reads all of C before it writes D); when it is A, B or the index,
  // the result goes through scratch.
  if (&d == &a || &d == &b || &d == index) {
    s.d.resize(nd);
    detail::compute(p, ap, bp, c.bits.data(), ip, s.d.data(), false, sc);
    d = Matrix(p.blocks, p.m, p.n);
    std::copy(s.d.begin(), s.d.end(), d.bits.begin());
    return;
  }
  if (&d != &c) {
    d.blocks = p.blocks;
    d.rows = p.m;
    d.cols = p.n;
    d.bits.resize(nd);
  }
  detail::compute(p, ap, bp, c.bits.data(), ip, d.bits.data(), false, sc);
}

Registers to_registers(Issue const& is, Operand op, Matrix const& m, Registers base) {
  if (std::string const err = check(is); !err.empty()) throw std::invalid_argument(err);
  auto const L = detail::placement_layout(is, op);
  std::string const what(isa::name(op));
  require(m, L.blocks(), L.rows(), L.cols(), what.c_str());
  if (base.words.empty()) base = Registers(L.vgprs(), is.wave);
  require(base, L.vgprs(), is.wave, what.c_str());
  scatter(detail::make_gather(L), m.bits.data(), base);
  return base;
}

Matrix from_registers(Issue const& is, Operand op, Registers const& r) {
  if (std::string const err = check(is); !err.empty()) throw std::invalid_argument(err);
  auto const L = detail::placement_layout(is, op);
  require(r, L.vgprs(), is.wave, std::string(isa::name(op)).c_str());
  Matrix m(L.blocks(), L.rows(), L.cols());
  gather(detail::make_gather(L), 0, r, m.bits);
  return m;
}

} // namespace wavemma::emu
