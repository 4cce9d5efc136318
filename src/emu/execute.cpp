// The two data paths (registers, matrices) and the arithmetic they share.

#include <array>
#include <fmt/format.h>
#include <stdexcept>

#include "plan.hpp"
#include "wavemma/numeric/inputs.hpp"

namespace wavemma::emu {
namespace {

using isa::ElemType;
using isa::Operand;

numeric::Format format_of(ElemType t, bool is_signed) {
  switch (t) {
  case ElemType::kF32: return numeric::Format::kF32;
  case ElemType::kF64: return numeric::Format::kF64;
  case ElemType::kF16: return numeric::Format::kF16;
  case ElemType::kBf16: return numeric::Format::kBf16;
  case ElemType::kXf32: return numeric::Format::kXf32;
  case ElemType::kFp8: return numeric::Format::kFp8E4M3;
  case ElemType::kBf8: return numeric::Format::kBf8E5M2;
  case ElemType::kFp8Fnuz: return numeric::Format::kFp8E4M3Fnuz;
  case ElemType::kBf8Fnuz: return numeric::Format::kBf8E5M2Fnuz;
  case ElemType::kIu8: return is_signed ? numeric::Format::kI8 : numeric::Format::kU8;
  case ElemType::kIu4: return is_signed ? numeric::Format::kI4 : numeric::Format::kU4;
  case ElemType::kI8: return numeric::Format::kI8;
  case ElemType::kI32: return numeric::Format::kI32;
  }
  throw std::logic_error("unknown element type");
}

numeric::Engine engine_of(isa::Engine e) {
  switch (e) {
  case isa::Engine::kFmaChain: return numeric::Engine::kFmaChain;
  case isa::Engine::kCdna3FusedDot: return numeric::Engine::kCdna3FusedDot;
  case isa::Engine::kCdna3Fp8Dot: return numeric::Engine::kCdna3Fp8Dot;
  case isa::Engine::kRdna3Dot2: return numeric::Engine::kRdna3Dot2;
  case isa::Engine::kRdna4Dot4: return numeric::Engine::kRdna4Dot4;
  case isa::Engine::kIntegerDot: return numeric::Engine::kIntegerDot;
  }
  throw std::logic_error("unknown engine");
}

uint64_t mask_of(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
uint64_t sign_of(int bits) { return 1ull << (bits - 1); }

// Per-thread scratch buffers, reused across calls (the hot path allocates nothing).
struct Scratch {
  std::vector<uint64_t> a, b, c, d, idx, bt;
  std::vector<uint64_t> copies[4][2];
};
Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Reads one copy of an operand out of registers into raw element bits.
void gather(detail::Gather const& g, int copy, Registers const& regs, std::vector<uint64_t>& out) {
  size_t const n = g.word.size() / size_t(g.copies);
  out.resize(n);
  uint32_t const* w = regs.words.data();
  uint32_t const* idx = g.word.data() + size_t(copy) * n;
  uint8_t const* sh = g.shift.data() + size_t(copy) * n;
  if (g.elem_bits == 64) {
    for (size_t e = 0; e < n; ++e) out[e] = w[idx[e]] | uint64_t(w[idx[e] + size_t(regs.wave)]) << 32;
  } else {
    uint64_t const m = mask_of(g.elem_bits);
    for (size_t e = 0; e < n; ++e) out[e] = (w[idx[e]] >> sh[e]) & m;
  }
}

void scatter(detail::Gather const& g, uint64_t const* values, Registers& regs) {
  size_t const n = g.word.size() / size_t(g.copies);
  for (int copy = 0; copy < g.copies; ++copy)
    for (size_t e = 0; e < n; ++e) {
      uint32_t const wi = g.word[size_t(copy) * n + e];
      if (g.elem_bits == 64) {
        regs.words[wi] = static_cast<uint32_t>(values[e]);
        regs.words[wi + size_t(regs.wave)] = static_cast<uint32_t>(values[e] >> 32);
      } else {
        uint32_t const m = static_cast<uint32_t>(mask_of(g.elem_bits)) << g.shift[size_t(copy) * n + e];
        regs.words[wi] = (regs.words[wi] & ~m) | (static_cast<uint32_t>(values[e]) << g.shift[size_t(copy) * n + e] & m);
      }
    }
}

void require(Registers const& r, int vgprs, int wave, char const* what) {
  if (r.wave != wave || r.vgprs < vgprs || r.words.size() != size_t(r.vgprs) * size_t(r.wave))
    throw std::invalid_argument(fmt::format("{} needs {} VGPRs of wave{} (got {} of wave{})", what, vgprs, wave, r.vgprs, r.wave));
}

void require(Matrix const& x, int blocks, int rows, int cols, char const* what) {
  if (x.blocks != blocks || x.rows != rows || x.cols != cols || x.bits.size() != size_t(blocks) * rows * cols)
    throw std::invalid_argument(fmt::format("{} must be {} block(s) of {}x{} (got {} of {}x{})", what, blocks, rows, cols,
                                            x.blocks, x.rows, x.cols));
}

// The C matrix an inline constant stands for (numerics.md §2).
void inline_c(detail::Plan const& p, int code, std::vector<uint64_t>& c) {
  if (!numeric::is_inline_constant(code)) throw std::invalid_argument(fmt::format("{} is not an inline constant code", code));
  uint64_t v;
  switch (p.issue.instruction->cd) {
  case ElemType::kF16: v = numeric::inline_constant_16(numeric::Format::kF16, code); break;
  case ElemType::kBf16: v = numeric::inline_constant_16(numeric::Format::kBf16, code); break;
  case ElemType::kF64: {
    // f64 operands: float constants as binary64, integer constants sign-extended [ASSUME].
    uint32_t const w = numeric::inline_constant_32(code);
    bool const is_float = code >= 240;
    v = is_float ? numeric::from_double(numeric::Format::kF64, numeric::to_double(numeric::Format::kF32, w))
                 : static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(w)));
    break;
  }
  default: v = numeric::inline_constant_32(code);
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
  bool const signedness = in.mod_rules().neg_is_signedness;
  numeric::Model m;
  m.engine = engine_of(nm.engine);
  m.a = format_of(in.a, signedness ? is.mods.neg_lo[0] : true);
  m.b = format_of(in.b, signedness ? is.mods.neg_lo[1] : true);
  m.out = format_of(in.cd, true);
  m.group = nm.group;
  m.clamp = is.mods.clamp;
  m.fp16_ovfl = is.mods.fp16_ovfl && in.cd == ElemType::kF16;
  return m;
}

namespace detail {

Operands apply_value_modifiers(Plan const& p, uint64_t const* a, uint64_t const* b, uint64_t const* c) {
  auto const& in = *p.issue.instruction;
  auto const& mods = p.issue.mods;
  auto const& r = in.mod_rules();
  Scratch& s = scratch();
  size_t const na = size_t(p.blocks) * p.m * p.kc, nb = size_t(p.blocks) * p.k * p.n, nc = size_t(p.blocks) * p.m * p.n;
  int const ea = isa::elem_bits(in.a), eb = isa::elem_bits(in.b), ec = isa::elem_bits(in.cd);
  bool const float_rdna = isa::is_rdna(in.gen) && isa::is_float(in.a);
  auto bits_of = [](std::array<bool, 3> const& v) { return static_cast<uint8_t>(v[0] | v[1] << 1 | v[2] << 2); };
  uint8_t const lo_on = float_rdna ? (r.neg_lo_defined & bits_of(mods.neg_lo)) : 0;
  uint8_t const hi_on = float_rdna ? (r.neg_hi_defined & bits_of(mods.neg_hi)) : 0;
  uint8_t const f64_neg = r.blgp_is_neg ? static_cast<uint8_t>(mods.blgp & 7) : 0;
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
  Operands out{flip(a, na, s.a, p.a_high, 0, ea), flip(b, nb, s.b, p.b_high, 1, eb), c};
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

void compute(Plan const& p, uint64_t const* a_in, uint64_t const* b_in, uint64_t const* c_in, uint64_t const* index,
             uint64_t* d) {
  Scratch& s = scratch();
  auto const [a, b, c] = apply_value_modifiers(p, a_in, b_in, c_in);
  for (int blk = 0; blk < p.blocks; ++blk) {
    uint64_t const* ab = a + size_t(blk) * p.m * p.kc;
    uint64_t const* bb = b + size_t(blk) * p.k * p.n;
    uint64_t const* cb = c + size_t(blk) * p.m * p.n;
    uint64_t* db = d + size_t(blk) * p.m * p.n;
    s.bt.resize(size_t(p.n) * p.kc);
    if (!p.sparse) {
      for (int j = 0; j < p.n; ++j)
        for (int k = 0; k < p.k; ++k) s.bt[size_t(j) * p.k + k] = bb[size_t(k) * p.n + j];
      numeric::dot_tile(p.model, p.m, p.n, p.k, ab, s.bt.data(), cb, db);
      continue;
    }
    // Sparse: stored value c of row i multiplies B row 4*(c/2) + idx[i][c], in stored order.
    for (int i = 0; i < p.m; ++i) {
      for (int j = 0; j < p.n; ++j)
        for (int cc = 0; cc < p.kc; ++cc) {
          int const krow = 4 * (cc / 2) + static_cast<int>(index[size_t(i) * p.kc + cc] & 3);
          s.bt[size_t(j) * p.kc + cc] = bb[size_t(krow) * p.n + j];
        }
      numeric::dot_tile(p.model, 1, p.n, p.kc, ab + size_t(i) * p.kc, s.bt.data(), cb + size_t(i) * p.n,
                        db + size_t(i) * p.n);
    }
  }
}

} // namespace detail

Registers execute(Issue const& is, RegisterOperands const& ops) {
  detail::Plan const& p = detail::plan_for(is);
  int const w = is.wave;
  require(ops.a, p.a.vgprs, w, "A");
  require(ops.b, p.b.vgprs, w, "B");
  if (!ops.c_inline) require(ops.c, p.c.vgprs, w, p.sparse ? "the accumulator (D before the instruction)" : "C");
  if (p.sparse) require(ops.index, 1, w, "the sparsity index");
  Scratch& s = scratch();
  std::vector<uint64_t> c, idx;
  if (ops.c_inline) {
    if (p.sparse) throw std::invalid_argument("sparse instructions have no C operand to hold an inline constant");
    inline_c(p, *ops.c_inline, c);
  } else {
    gather(p.c, 0, ops.c, c);
  }
  if (p.sparse) gather(p.index, 0, ops.index, idx);
  size_t const nd = size_t(p.blocks) * p.m * p.n;
  std::vector<uint64_t> d(nd);
  // RDNA3 replicates A and B in every 16-lane group; outputs of lane group g read copy g
  // [ASSUME numerics.md §9 item 5]. When the copies agree (the normal case) one run serves all.
  int const copies = p.a.copies;
  bool differ = false;
  for (int g = 0; g < copies; ++g) {
    gather(p.a, g, ops.a, s.copies[g][0]);
    gather(p.b, g, ops.b, s.copies[g][1]);
    differ = differ || s.copies[g][0] != s.copies[0][0] || s.copies[g][1] != s.copies[0][1];
  }
  detail::compute(p, s.copies[0][0].data(), s.copies[0][1].data(), c.data(), idx.data(), d.data());
  if (differ) {
    std::vector<uint64_t> dg(nd);
    for (int g = 1; g < copies; ++g) {
      detail::compute(p, s.copies[g][0].data(), s.copies[g][1].data(), c.data(), idx.data(), dg.data());
      for (size_t e = 0; e < nd; ++e)
        if (p.d_group[e] == g) d[e] = dg[e];
    }
  }
  Registers out;
  if (!ops.d_prior.words.empty()) {
    require(ops.d_prior, p.d.vgprs, w, "the prior D registers");
    out = ops.d_prior;
  } else if (!ops.c_inline) {
    out = ops.c; // the tied form: D starts as C
  } else {
    out = Registers(p.d.vgprs, w);
  }
  out.vgprs = p.d.vgprs;
  out.words.resize(size_t(p.d.vgprs) * w);
  scatter(p.d, d.data(), out);
  return out;
}

Matrix execute(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index) {
  detail::Plan const& p = detail::plan_for(is);
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
  Matrix d(p.blocks, p.m, p.n);
  detail::compute(p, ap, bp, c.bits.data(), p.sparse ? index->bits.data() : nullptr, d.bits.data());
  return d;
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
