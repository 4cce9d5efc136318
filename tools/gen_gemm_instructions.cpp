// Writes include/wavemma/gemm/generated/instructions.hpp: every instruction of the catalog at every
// wave size as a small struct that device code can use -- the builtin's C types, a call wrapper,
// and for each operand the inverse layout (lane, element n) -> (block, row, col) as constexpr bit
// routings. It is how the GEMM policies (HIP code, compiled for the CPU and for AMD GPUs) read
// their fragment layouts from the catalog instead of writing them by hand.

#include <fmt/format.h>
#include <string>

#include "wavemma/isa/builtin.hpp"

namespace {

using namespace wavemma::isa;

std::string struct_name(Instruction const& in, int wave) {
  std::string m(in.mnemonic.substr(2));
  return fmt::format("{}_{}_w{}", name(in.gen), m, wave);
}

// C++ of one coordinate: OR of runs ((var >> d) & mask) << s over the routing of its bits.
std::string coordinate(BitLayout const& L, Axis axis) {
  int const bits = L.extent_bits(axis);
  std::string out;
  for (int s = 0; s < bits;) {
    Dest const d0 = L.dest(axis, s);
    int len = 1;
    while (s + len < bits) {
      Dest const dn = L.dest(axis, s + len);
      if (dn.field != d0.field || dn.bit != d0.bit + len) break;
      ++len;
    }
    std::string const var = d0.field == Field::kLane ? "lane" : "n";
    std::string term = d0.bit ? fmt::format("({} >> {} & {})", var, d0.bit, (1 << len) - 1) : fmt::format("({} & {})", var, (1 << len) - 1);
    if (s) term = fmt::format("{} << {}", term, s);
    out += (out.empty() ? "" : " | ") + term;
    s += len;
  }
  return out.empty() ? "0" : out;
}

std::string operand_struct(Instruction const& in, int wave, Operand op, char const* label) {
  BitLayout const L = operand_layout(in, wave, op);
  int const slots = L.vgprs() * 32 / L.elem_bits() > 0 ? L.vgprs() * 32 / L.elem_bits() : 1;
  std::string s;
  s += fmt::format("  // {}: (lane, n) -> (block, row, col); {} VGPR(s), {} x {}-bit elements per lane\n", label, L.vgprs(),
                   slots, L.elem_bits());
  s += fmt::format("  struct {} {{\n", label);
  s += fmt::format("    static constexpr int elem_bits = {}, vgprs = {}, slots = {};\n", L.elem_bits(), L.vgprs(), slots);
  s += fmt::format("    static constexpr int blocks = {}, rows = {}, cols = {};\n", L.blocks(), L.rows(), L.cols());
  s += fmt::format("    __host__ __device__ static constexpr bool holds([[maybe_unused]] int lane, [[maybe_unused]] int n) {{ return (n & {:#x}) == {:#x} && (lane & {:#x}) == {:#x}; }}\n",
                   L.slot_const_mask(), L.slot_const_value(), L.fixed_lane_mask(), L.fixed_lane_value());
  s += fmt::format("    __host__ __device__ static constexpr int block([[maybe_unused]] int lane, [[maybe_unused]] int n) {{ return {}; }}\n", coordinate(L, Axis::kBlock));
  s += fmt::format("    __host__ __device__ static constexpr int row([[maybe_unused]] int lane, [[maybe_unused]] int n) {{ return {}; }}\n", coordinate(L, Axis::kRow));
  s += fmt::format("    __host__ __device__ static constexpr int col([[maybe_unused]] int lane, [[maybe_unused]] int n) {{ return {}; }}\n", coordinate(L, Axis::kCol));
  s += "  };\n";
  return s;
}

std::string instruction_struct(Instruction const& in, int wave) {
  auto const list = builtins_of(in, wave);
  Builtin const& bi = *list.front(); // the untied form
  std::string s = fmt::format("// {}, {}, wave{}\nstruct {} {{\n", in.mnemonic, name(in.gen), wave, struct_name(in, wave));
  s += fmt::format("  static constexpr char const* mnemonic = \"{}\";\n", in.mnemonic);
  s += fmt::format("  static constexpr char const* builtin = \"{}\";\n", bi.name);
  s += fmt::format("  static constexpr int wave = {}, m = {}, n = {}, k = {}, blocks = {}, cycles = {};\n", wave, in.m, in.n, in.k,
                   in.blocks, in.cycles);
  s += fmt::format("  static constexpr bool sparse = {};\n", in.sparse() ? "true" : "false");
  CType a{}, b{}, c{};
  for (auto const& p : bi.params) {
    if (p.role == ParamRole::kA) a = p.type;
    if (p.role == ParamRole::kB) b = p.type;
    if (p.role == ParamRole::kC) c = p.type;
  }
  s += fmt::format("  using a_type = {};\n  using b_type = {};\n  using c_type = {};\n", a.c_name(), b.c_name(), c.c_name());
  s += operand_struct(in, wave, Operand::kA, "A");
  s += operand_struct(in, wave, Operand::kB, "B");
  s += operand_struct(in, wave, Operand::kD, "D");
  if (in.sparse()) s += operand_struct(in, wave, Operand::kIndex, "Index");
  // The call: immediates fixed to their neutral values; integer signedness as template arguments.
  std::string args;
  for (auto const& p : bi.params) {
    std::string v;
    switch (p.role) {
    case ParamRole::kA: v = "a"; break;
    case ParamRole::kB: v = "b"; break;
    case ParamRole::kC: v = "c"; break;
    case ParamRole::kIndex: v = "index"; break;
    case ParamRole::kASign: v = "a_signed"; break;
    case ParamRole::kBSign: v = "b_signed"; break;
    default: v = p.type.scalar == CScalar::kBool ? "false" : "0";
    }
    args += (args.empty() ? "" : ", ") + v;
  }
  bool const integer = is_integer(in.a) && is_rdna(in.gen);
  if (integer) s += "  template <bool a_signed, bool b_signed>\n";
  s += fmt::format("  __device__ static c_type mma(a_type const& a, b_type const& b, c_type const& c{}) {{\n",
                   in.sparse() ? ", int index" : "");
  s += fmt::format("    return {}({});\n  }}\n}};\n\n", bi.name, args);
  return s;
}

} // namespace

int main() {
  fmt::print("// DO NOT EDIT: generated by tools/gen_gemm_instructions.cpp from the wavemma::isa catalog.\n"
             "// Regenerate: cmake --build <build dir> --target regenerate_gemm_instructions\n"
             "// (CTest gemm_generated_files checks that this file is up to date.)\n"
             "//\n"
             "// Every instruction at every wave size: the builtin's C types, a call wrapper, and each\n"
             "// operand's inverse layout (lane, element n of the lane's slice) -> (block, row, col) as the\n"
             "// catalog's bit routing. Element n of a lane sits at bits [n*e, n*e+e) of its register tuple.\n\n"
             "#pragma once\n\n#include \"wavemma/hip.hpp\"\n\n// clang-format off\nnamespace wavemma::gemm::instr {{\n\n");
  for (auto const& in : catalog())
    for (int wave : in.wave_sizes()) fmt::print("{}", instruction_struct(in, wave));
  fmt::print("}} // namespace wavemma::gemm::instr\n// clang-format on\n");
}
