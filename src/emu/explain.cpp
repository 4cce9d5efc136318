// `wavemma exec --explain`: one output element, its products in hardware order and the engine's
// steps.

#include <fmt/format.h>
#include <stdexcept>

#include "plan.hpp"

namespace wavemma::emu {

std::vector<std::string> explain(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c,
                                 Matrix const* index, int block, int row, int col, ScaleMatrices const* scales) {
  Matrix const d = execute(is, a, b, c, index, scales); // validates the operands
  detail::Plan const& p = detail::plan_for(is);
  if (block < 0 || block >= p.blocks || row < 0 || row >= p.m || col < 0 || col >= p.n)
    throw std::out_of_range(
        fmt::format("D element ({},{},{}) outside {} block(s) of {}x{}", block, row, col, p.blocks, p.m, p.n));
  auto const& in = *is.instruction;
  numeric::Model const& model = p.model;
  // The operands as consumed: broadcasts first, then the value modifiers.
  std::vector<uint64_t> av(a.bits), bv(b.bits);
  for (size_t e = 0; e < p.a_source.size(); ++e) av[e] = a.bits[p.a_source[e]];
  for (size_t e = 0; e < p.b_source.size(); ++e) bv[e] = b.bits[p.b_source[e]];
  auto const ops = detail::apply_value_modifiers(p, av.data(), bv.data(), c.bits.data());

  std::vector<std::string> out;
  auto const& nm = in.numeric();
  out.push_back(fmt::format("{} ({} wave{}), D{}[{}][{}]: model {} [{}], engine {}, {} product(s) per step",
                            in.mnemonic, isa::name(in.gen), is.wave,
                            p.blocks > 1 ? fmt::format(" block {}", block) : "", row, col, nm.name,
                            isa::name(nm.evidence), numeric::engine_name(model.engine), model.group));
  out.push_back(fmt::format("  {}", nm.summary));
  size_t const ci = (size_t(block) * p.m + row) * p.n + col;
  if (ops.c[ci] != c.bits[ci])
    out.push_back(fmt::format("C = {} (after the C modifiers; given {})", numeric::format_value(model.out, ops.c[ci]),
                              numeric::format_value(model.out, c.bits[ci])));
  else
    out.push_back(fmt::format("C = {}", numeric::format_value(model.out, ops.c[ci])));
  std::vector<uint64_t> pa, pb;
  out.push_back("products in hardware order:");
  for (int t = 0; t < p.kc; ++t) {
    size_t const ai = (size_t(block) * p.m + row) * p.kc + t;
    int const k = p.sparse ? 4 * (t / 2) + static_cast<int>(index->at(0, row, t) & 3) : t;
    size_t const bi = (size_t(block) * p.k + k) * p.n + col;
    pa.push_back(ops.a[ai]);
    pb.push_back(ops.b[bi]);
    std::string const where = p.sparse ? fmt::format("stored {:2} (k={:2})", t, k) : fmt::format("k={:2}", k);
    std::string note;
    if (ops.a[ai] != av[ai] || ops.b[bi] != bv[bi]) note = "  (negated by NEG/NEG_HI)";
    if (!p.a_identity && p.a_source[ai] != ai)
      note += fmt::format("  (A from block {})", p.a_source[ai] / (p.m * p.kc));
    out.push_back(fmt::format("  {:>3}  {}  A = {:<28} B = {}{}", t, where, numeric::format_value(model.a, ops.a[ai]),
                              numeric::format_value(model.b, ops.b[bi]), note));
  }
  numeric::Trace trace;
  uint64_t r;
  if (p.scaled) {
    std::vector<uint8_t> sa, sb;
    for (int q = 0; q < scales->a.cols; ++q) {
      sa.push_back(static_cast<uint8_t>(scales->a.at(0, row, q)));
      sb.push_back(static_cast<uint8_t>(scales->b.at(0, q, col)));
      out.push_back(fmt::format("  K block {}: scale A = {}, scale B = {}", q,
                                numeric::format_value(numeric::Format::kE8M0, sa.back()),
                                numeric::format_value(numeric::Format::kE8M0, sb.back())));
    }
    r = numeric::dot_scaled(model, pa, pb, sa, sb, ops.c[ci], &trace);
  } else {
    r = numeric::dot(model, pa, pb, ops.c[ci], &trace);
  }
  out.push_back("engine steps:");
  for (auto const& l : trace.lines) out.push_back("  " + l);
  uint64_t const got = d.bits[ci];
  if (r != got) throw std::logic_error("explain disagrees with execute");
  out.push_back(fmt::format("D = {}", numeric::format_value(model.out, got)));
  return out;
}

} // namespace wavemma::emu
