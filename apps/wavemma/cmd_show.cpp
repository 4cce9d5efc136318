// wavemma show: every fact of one catalog row, labelled, with the layout formulas of each
// operand, the builtin signature and a usage snippet derived from the layouts.

#include <fmt/format.h>

#include "cli.hpp"
#include "layout_render.hpp"
#include "wavemma/isa/builtin.hpp"

namespace wavemma::cli {
namespace {

// "[i-expression][k-expression]" (with a leading block subscript for multi-block operands) from
// the printed inverse formulas, which use the variables lane, vgpr and bit.
std::string subscripts(isa::Formulas const& f) {
  std::string out;
  for (auto const& inv : f.inverse) out += "[" + inv.substr(inv.find('=') + 2) + "]";
  return out;
}

// A loop that fills one lane's operand from a row-major matrix, using the printed inverse.
std::string snippet(isa::Instruction const& in, int wave, isa::Builtin const& bi) {
  std::string out = fmt::format("  // One wave{} issues the instruction; lane = threadIdx.x % {}.\n", wave, wave);
  for (auto const& p : bi.params) {
    isa::Operand op;
    if (p.role == isa::ParamRole::kA)
      op = isa::Operand::kA;
    else if (p.role == isa::ParamRole::kB)
      op = isa::Operand::kB;
    else if (p.role == isa::ParamRole::kC)
      op = isa::Operand::kC;
    else
      continue;
    auto const L = isa::operand_layout(in, wave, op);
    auto const f = isa::formulas(L, isa::axis_names(in, op));
    int const e = L.elem_bits();
    int const elems = L.vgprs() * 32 / e;
    std::string const mat = in.sparse() && op == isa::Operand::kA ? "Acomp" : std::string(isa::name(op));
    bool const per_element = p.type.lanes == elems || (p.type.lanes == 1 && e == 64);
    if (L.fixed_lane_mask())
      out += fmt::format("  // {}: lanes with (lane & {:#x}) != 0 are ignored\n", p.name, L.fixed_lane_mask());
    if (per_element) {
      out += fmt::format("  {} {};\n  for (int n = 0; n < {}; ++n) {{\n", p.type.short_name(), p.name, elems);
      out += fmt::format("    const int vgpr = n * {} / 32, bit = n * {} % 32;\n", e, e);
      out += fmt::format("    {}{} = {}{};\n  }}\n", p.name, p.type.lanes > 1 ? "[n]" : "", mat, subscripts(f));
    } else {
      out += fmt::format("  uint32_t {0}_regs[{1}] = {{}};  // then: {2} {0} = __builtin_bit_cast({2}, {0}_regs)\n",
                         p.name, L.vgprs(), p.type.short_name());
      out += fmt::format("  for (int vgpr = 0; vgpr < {}; ++vgpr)\n    for (int bit = 0; bit < 32; bit += {})\n",
                         L.vgprs(), e);
      out += fmt::format("      {}_regs[vgpr] |= (uint32_t)({}{} & {:#x}) << bit;\n", p.name, mat, subscripts(f),
                         (1ull << e) - 1);
    }
  }
  if (in.sparse()) out += "  // index: one VGPR holding the 2-bit positions of the stored A values (see layout K)\n";
  std::string args;
  for (auto const& p : bi.params)
    args += (args.empty() ? "" : ", ") + (p.constant ? std::string("0") : std::string(p.name));
  out += fmt::format("  c = {}({});\n", bi.name, args);
  auto const L = isa::operand_layout(in, wave, isa::Operand::kD);
  auto const f = isa::formulas(L, isa::axis_names(in, isa::Operand::kD));
  out += fmt::format("  // D element n of this lane is D{} with vgpr = n*{}/32, bit = n*{}%32\n", subscripts(f),
                     L.elem_bits(), L.elem_bits());
  return out;
}

struct ShowOptions {
  TargetOptions target;
  bool no_snippet = false;
};

void run(ShowOptions const& o) {
  Target const t = o.target.resolve();
  auto const& in = *t.instruction;
  auto const& nm = in.numeric();
  std::string archs;
  for (auto const& a : isa::architectures())
    if (a.gen == in.gen)
      archs += (archs.empty() ? "" : ", ") + std::string(a.name) + (a.clang22_target ? "" : " (not a clang-22 target)");

  fmt::print("{}  ({} {}, {} wave{})\n", in.mnemonic, isa::family_name(in.gen), isa::name(in.kind), t.arch->name,
             t.wave);
  fmt::print("  shape        M={} N={} K={}{}, {} block{}\n", in.m, in.n, in.k,
             in.sparse() ? " (dense K; A stored 2:4)" : "", in.blocks, in.blocks > 1 ? "s" : "");
  fmt::print("  types        A {}, B {}, C {}, D {}{}\n", in.type_name(isa::Operand::kA),
             in.type_name(isa::Operand::kB), numeric::name(in.cd), numeric::name(in.type_of(isa::Operand::kD)),
             !in.mod_rules().format_select ? ""
             : in.mod_rules().mai ? " (at cbsz = blgp = 0; cbsz/blgp 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4)"
                                  : " (at matrix_a_fmt = matrix_b_fmt = 0; 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4)");
  using isa::Operand;
  fmt::print("               {}: {}\n", in.type_name(Operand::kA), in.type_description(Operand::kA));
  if (in.b != in.a) fmt::print("               {}: {}\n", in.type_name(Operand::kB), in.type_description(Operand::kB));
  std::string regs;
  for (auto op : isa::kOperands)
    if (in.has_operand(op))
      regs += fmt::format("{}{} {}", regs.empty() ? "" : ", ", isa::name(op), isa::vgprs(in, t.wave, op));
  fmt::print("  registers    {} VGPRs per lane{}\n", regs,
             in.sparse() ? " (C is D: the accumulator is read and written)" : "");
  double const per_unit = static_cast<double>(in.ops()) / in.cycles;
  fmt::print("  cost         {} ops, {} cycles -> {:.0f} ops/cycle per matrix unit, {:.0f} per CU ({} units per CU)\n",
             in.ops(), in.cycles, per_unit, per_unit * t.arch->matrix_units_per_cu, t.arch->matrix_units_per_cu);
  if (!isa::is_rdna(in.gen)) fmt::print("               VALU co-execution: {} cycles\n", in.valu_coexec);
  if (isa::is_rdna(in.gen) && t.wave == 64)
    fmt::print("               wave64 cost: not documented; assumed equal to wave32 [ASSUME]\n");
  bool const gfx1250 = in.gen == isa::Generation::kGfx1250;
  if (gfx1250)
    fmt::print("               cycles: LLVM 22's gfx1250 schedule model, not a measurement [DOC]; AMD has published "
               "no per-CU rate for gfx1250, so no peak figure\n");
  fmt::print("  encoding     {} opcode {:#04x} (OP field, D0 bits {}){}\n",
             isa::is_rdna(in.gen) ? "VOP3P" : "VOP3P-MAI", in.opcode, gfx1250 ? "23:16" : "22:16",
             in.aliases.empty() ? "" : fmt::format("; aliases: {}", in.aliases));
  if (gfx1250 && in.mod_rules().wmma_scaled)
    fmt::print("               16 bytes: the {} prefix word (opcode {:#04x}, the scales), then the WMMA word\n",
               in.scale_block() == 16 ? "v_wmma_ld_scale16_paired_b64" : "v_wmma_ld_scale_paired_b32",
               in.scale_block() == 16 ? 0x3a : 0x35);
  if (gfx1250 && in.gfx12_form())
    fmt::print("               a gfx12 instruction llvm-mc-22 also assembles for gfx1250 (gfx12 encoding and layouts); "
               "clang-22 cannot select it there: assembler only\n");
  if (in.aliases.find('~') != std::string_view::npos)
    fmt::print("               (~name: llvm-mc-22 also assembles this CDNA2 name as this instruction, a different "
               "shape on CDNA2)\n");
  fmt::print("  modifiers    {}\n", isa::modifier_summary(in));
  if (in.sparse()) fmt::print("  index sets   {} in wave{}\n", isa::index_sets(in, t.wave), t.wave);
  fmt::print("  numerics     {} [{}] {}\n", nm.name, isa::name(nm.evidence), nm.summary);
  fmt::print("               evidence: {}\n", nm.sources);
  fmt::print("  available on {}\n", archs);
  for (auto const* bi : isa::builtins_of(in, t.wave)) {
    fmt::print("  builtin      {}\n", bi->name);
    fmt::print("               {}\n", bi->signature());
    fmt::print("               clang feature: {}{}\n", bi->feature,
               bi->tied ? "; _tied: D keeps C's other halves" : "");
  }
  for (auto op : isa::kOperands) {
    if (!in.has_operand(op)) continue;
    LayoutView const v = make_view(in, t.arch->name, t.wave, op, {});
    fmt::print("  layout {}     {}\n{}", isa::name(op), operand_title(v), render_formulas(v, "               "));
  }
  auto const bis = isa::builtins_of(in, t.wave);
  if (!o.no_snippet && !bis.empty())
    fmt::print("  usage (HIP, derived from the layouts above):\n{}", snippet(in, t.wave, *bis.front()));
}

} // namespace

void add_show(CLI::App& app) {
  auto o = std::make_shared<ShowOptions>();
  auto* cmd = app.add_subcommand("show", "Every fact of one instruction: shape, types, cost, encoding, modifiers, "
                                         "numerics and evidence, builtins, layouts, usage");
  o->target.add_to(*cmd);
  cmd->add_flag("--no-snippet", o->no_snippet, "Leave out the usage snippet");
  cmd->footer(
      "Examples:\n  wavemma show v_wmma_f32_16x16x16_f16 --arch gfx1201\n"
      "  wavemma show __builtin_amdgcn_mfma_f32_16x16x8_xf32\n  wavemma show v_swmmac_f32_16x16x32_f16 --wave 64");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
