// Writes include/wavemma/gemm/generated/instructions.hpp: every instruction of the catalog at every
// wave size as a small struct that device code can use -- the builtin's C types, a call wrapper, and
// each operand's layout. A layout is a routing table (wavemma/gemm/operand_layout.hpp) generated
// from the catalog's BitLayout; instructions that share a layout share its table, which is named
// after its first user and carries the CuTe-style shape and the inverse formulas of `wavemma show`.
// It is how the GEMM policies (HIP code, compiled for the CPU and for AMD GPUs) read their fragment
// layouts from the catalog instead of writing them by hand.

#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "wavemma/isa/builtin.hpp"

namespace {

using namespace wavemma::isa;

// One instruction struct: a row at a wave size, and for the scaled f8f6f4 MFMAs the A/B format pair
// (cbsz = blgp; gfx1250's scaled WMMA: matrix_a_fmt = matrix_b_fmt), whose layouts differ (fp8 and
// fp4; the struct name says which).
struct Variant {
  Instruction const& in;
  int wave;
  Modifiers mods;
  std::string suffix;
};
std::vector<Variant> variants_of(Instruction const& in, int wave) {
  if (!in.mod_rules().scaled || !in.mod_rules().format_select) return {{in, wave, {}, ""}};
  std::vector<Variant> out;
  for (int format : {0, 4}) { // fp8 x fp8, fp4 x fp4
    Modifiers m;
    if (in.gen == Generation::kGfx1250)
      m.matrix_fmt = {format, format};
    else
      m.cbsz = m.blgp = format;
    out.push_back({in, wave, m, fmt::format("_{}", name(*f8f6f4_format(format)))});
  }
  return out;
}

std::string struct_name(Variant const& v) {
  return fmt::format("{}_{}{}_w{}", name(v.in.gen), v.in.mnemonic.substr(2), v.suffix, v.wave);
}

struct OperandOf {
  Operand op;
  char const* label; // the member name in the instruction struct
};
std::vector<OperandOf> operands_of(Instruction const& in) {
  std::vector<OperandOf> out{{Operand::kA, "A"}, {Operand::kB, "B"}, {Operand::kD, "D"}};
  if (in.sparse()) out.push_back({Operand::kIndex, "Index"});
  if (in.has_operand(Operand::kScaleA)) out.insert(out.end(), {{Operand::kScaleA, "SA"}, {Operand::kScaleB, "SB"}});
  return out;
}

// The routing table's initializer; equal layouts give equal text, which is how they are shared.
std::string routing_body(BitLayout const& L) {
  if (L.has_lane_group_map()) throw std::logic_error("a lane-group map (BLGP) in a default layout");
  auto bits = [&](Axis axis) {
    std::vector<std::string> src;
    for (int s = 0; s < L.extent_bits(axis); ++s) {
      Dest const d = L.dest(axis, s);
      if (d.field == Field::kNone) throw std::logic_error("a dropped coordinate bit (broadcast) in a default layout");
      src.push_back(fmt::format("{}({})", d.field == Field::kLane ? "lane_bit" : "n_bit", d.bit));
    }
    return fmt::format("{{{}}}", fmt::join(src, ", "));
  };
  std::string s = fmt::format("    .elem_bits = {}, .vgprs = {}, .block_bits = {}, .row_bits = {}, .col_bits = {},\n",
                              L.elem_bits(), L.vgprs(), L.extent_bits(Axis::kBlock), L.extent_bits(Axis::kRow),
                              L.extent_bits(Axis::kCol));
  if (L.fixed_lane_mask())
    s += fmt::format("    .lane_mask = {:#x}, .lane_value = {:#x},\n", L.fixed_lane_mask(), L.fixed_lane_value());
  if (L.slot_const_mask())
    s += fmt::format("    .n_mask = {:#x}, .n_value = {:#x},\n", L.slot_const_mask(), L.slot_const_value());
  std::vector<std::string> coords; // a coordinate of one value (K1, one block) has no bits
  if (L.extent_bits(Axis::kBlock)) coords.push_back(".block = " + bits(Axis::kBlock));
  if (L.extent_bits(Axis::kRow)) coords.push_back(".row = " + bits(Axis::kRow));
  if (L.extent_bits(Axis::kCol)) coords.push_back(".col = " + bits(Axis::kCol));
  return s + "    " + fmt::format("{}", fmt::join(coords, ",\n    "));
}

// The extent of a coordinate, CuTe style: M16 for i, N16 for j, K16 for k, C8 for a stored position.
std::string extent(std::string const& var, int size) {
  std::string const letter = var == "i"    ? "M"
                             : var == "j"  ? "N"
                             : var == "b"  ? "B"
                             : var == "k"  ? "K"
                             : var == "kb" ? "KB"
                                           : "C";
  return fmt::format("{}{}", letter, size);
}

// `// (L32,V4) -> (M16,K16)` and the inverse formulas, the shape of a table.
std::string routing_comment(BitLayout const& L, AxisNames const& names) {
  std::vector<std::string> to;
  if (L.blocks() > 1) to.push_back(extent(names.block, L.blocks()));
  to.push_back(extent(names.row, L.rows()));
  to.push_back(extent(names.col, L.cols()));
  int const per_vgpr = 32 / L.elem_bits();
  std::string const packing = L.elem_bits() > 32 ? "64-bit elements, one per VGPR pair"
                              : per_vgpr == 1    ? "32-bit elements"
                                                 : fmt::format("{}-bit elements, {} per VGPR", L.elem_bits(), per_vgpr);
  std::string s = fmt::format("// (lane, vgpr) -> ({}): (L{},V{}) -> ({}), {}\n",
                              names.block == "b" && L.blocks() > 1 ? "block, row, col" : "row, col", L.wave(),
                              L.vgprs(), fmt::join(to, ","), packing);
  Formulas const f = formulas(L, names);
  for (auto const& line : f.inverse) s += "//   " + line + "\n";
  for (auto const& line : f.notes) s += "//   " + line + "\n";
  return s;
}

struct Tables {
  std::map<std::string, std::string> name_of_body; // routing body -> table name
  std::string text;                                // the tables, in order of first use
};

// The table name of an operand's layout, writing the table on first use.
std::string table_of(Tables& t, Variant const& v, OperandOf const& o) {
  Instruction const& in = v.in;
  BitLayout const L = operand_layout(in, v.wave, o.op, v.mods);
  std::string const body = routing_body(L);
  auto const [it, fresh] = t.name_of_body.try_emplace(body, fmt::format("{}_{}", struct_name(v), o.label));
  if (fresh) {
    std::string lower = it->second;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    it->second = lower;
    t.text += routing_comment(L, axis_names(in, o.op));
    t.text += fmt::format("inline constexpr Routing {}{{\n{}}};\n\n", lower, body);
  }
  return it->second;
}

std::string call_wrapper(Variant const& v, Builtin const& bi, CType const& c) {
  // The call: immediates fixed to their neutral values (the scaled MFMA: its formats; each lane's
  // scale VGPRs as arguments); integer signedness as template arguments.
  Instruction const& in = v.in;
  std::vector<std::string> args;
  for (auto const& p : bi.params) {
    switch (p.role) {
    case ParamRole::kA:
      args.emplace_back("a");
      break;
    case ParamRole::kB:
      args.emplace_back("b");
      break;
    case ParamRole::kC:
      args.emplace_back("c");
      break;
    case ParamRole::kIndex:
      args.emplace_back("index");
      break;
    case ParamRole::kASign:
      args.emplace_back("a_signed");
      break;
    case ParamRole::kCbsz:
      args.emplace_back(std::to_string(in.mod_rules().format_select ? v.mods.cbsz : 0));
      break;
    case ParamRole::kBlgp:
      args.emplace_back(std::to_string(in.mod_rules().format_select ? v.mods.blgp : 0));
      break;
    case ParamRole::kScaleA:
      args.emplace_back("scale_a");
      break;
    case ParamRole::kScaleB:
      args.emplace_back("scale_b");
      break;
    case ParamRole::kFmtA:
      args.emplace_back(std::to_string(v.mods.matrix_fmt[0]));
      break;
    case ParamRole::kFmtB:
      args.emplace_back(std::to_string(v.mods.matrix_fmt[1]));
      break;
    case ParamRole::kBSign:
      args.emplace_back("b_signed");
      break;
    default:
      args.emplace_back(p.type.scalar == CScalar::kBool ? "false" : "0");
    }
  }
  std::string s, scales = "int"; // gfx1250's scale16: 64-bit scales
  for (auto const& p : bi.params)
    if (p.role == ParamRole::kScaleA) scales = p.type.c_name();
  if (is_integer(in.a) && is_rdna(in.gen)) s += "  template <bool a_signed, bool b_signed>\n";
  // The result is D's type: C's, except gfx1250's bf16f32 (f32 C, bf16 D), which names it.
  s += fmt::format("  __device__ static {} mma(a_type const& a, b_type const& b, c_type const& c{}) {{\n",
                   bi.ret == c ? "c_type" : "d_type",
                   in.sparse()                        ? ", int index"
                   : in.has_operand(Operand::kScaleA) ? fmt::format(", {0} scale_a, {0} scale_b", scales)
                                                      : "");
  return s + fmt::format("    return {}({});\n  }}\n", bi.name, fmt::join(args, ", "));
}

std::string instruction_struct(Tables& t, Variant const& v) {
  Instruction const& in = v.in;
  int const wave = v.wave;
  Builtin const& bi = *builtins_of(in, wave).front(); // the untied form
  bool const gfx1250_formats = in.mod_rules().format_select && in.gen == Generation::kGfx1250;
  std::string const formats =
      !in.mod_rules().format_select ? ""
      : gfx1250_formats ? fmt::format(" matrix_a_fmt:{} matrix_b_fmt:{}", v.mods.matrix_fmt[0], v.mods.matrix_fmt[1])
                        : fmt::format(" cbsz:{} blgp:{}", v.mods.cbsz, v.mods.blgp);
  std::string s =
      fmt::format("// {}{}, {}, wave{}\nstruct {} {{\n", in.mnemonic, formats, name(in.gen), wave, struct_name(v));
  s += fmt::format("  static constexpr char const* mnemonic = \"{}\";\n", in.mnemonic);
  s += fmt::format("  static constexpr char const* builtin = \"{}\";\n", bi.name);
  s += fmt::format("  static constexpr int wave = {}, m = {}, n = {}, k = {}, blocks = {}, cycles = {};\n", wave, in.m,
                   in.n, in.k, in.blocks, in.cycles);
  s += fmt::format("  static constexpr bool sparse = {};\n", in.sparse() ? "true" : "false");
  if (in.mod_rules().format_select) { // the A and B formats (f8f6f4_format)
    if (gfx1250_formats)
      s += fmt::format("  static constexpr int fmt_a = {}, fmt_b = {};\n", v.mods.matrix_fmt[0], v.mods.matrix_fmt[1]);
    else
      s += fmt::format("  static constexpr int cbsz = {}, blgp = {};\n", v.mods.cbsz, v.mods.blgp);
    s += fmt::format("  static constexpr char const* a_format = \"{}\";\n", name(in.type_of(Operand::kA, v.mods)));
  }
  if (in.has_operand(Operand::kScaleA)) // K per scale: the numeric model's block
    s += fmt::format("  static constexpr int scale_block = {};\n", in.numeric().group);
  CType a{}, b{}, c{};
  for (auto const& p : bi.params) {
    if (p.role == ParamRole::kA) a = p.type;
    if (p.role == ParamRole::kB) b = p.type;
    if (p.role == ParamRole::kC) c = p.type;
  }
  s += fmt::format("  using a_type = {};\n  using b_type = {};\n  using c_type = {};\n", a.c_name(), b.c_name(),
                   c.c_name());
  if (!(bi.ret == c)) s += fmt::format("  using d_type = {};\n", bi.ret.c_name());
  for (auto const& o : operands_of(in)) {
    AxisNames const n = axis_names(in, o.op);
    s += fmt::format("  using {} = OperandLayout<layout::{}>; // (lane, vgpr) -> ({}, {})\n", o.label,
                     table_of(t, v, o), n.row, n.col);
  }
  return s + call_wrapper(v, bi, c) + "};\n\n";
}

} // namespace

int main() {
  Tables tables;
  std::string structs;
  for (auto const& in : catalog())
    for (int wave : in.wave_sizes())
      // the unscaled f8f6f4 MFMAs have no builtin
      if (!builtins_of(in, wave).empty())
        for (auto const& v : variants_of(in, wave)) structs += instruction_struct(tables, v);
  fmt::print("// DO NOT EDIT: generated by tools/gen_gemm_instructions.cpp from the wavemma::isa catalog.\n"
             "// Regenerate: cmake --build <build dir> --target regenerate_gemm_instructions\n"
             "// (CTest gemm_generated_files checks that this file is up to date.)\n"
             "//\n"
             "// Every instruction at every wave size: the builtin's C types, a call wrapper, and each operand's\n"
             "// layout as a routing table applied by OperandLayout (wavemma/gemm/operand_layout.hpp). The tables\n"
             "// come first, one per distinct layout, named after the first instruction that uses it; each states\n"
             "// its shape, (lanes, VGPRs) -> (rows, cols), and the inverse formulas of `wavemma show` (bit = the\n"
             "// bit position of the element in its VGPR).\n\n"
             "#pragma once\n\n#include \"wavemma/gemm/operand_layout.hpp\"\n\n// clang-format off\n"
             "namespace wavemma::gemm::instr {{\n\nnamespace layout {{\n\n{}}} // namespace layout\n\n{}"
             "}} // namespace wavemma::gemm::instr\n// clang-format on\n",
             tables.text, structs);
}
