// Writes, from the instruction catalog, the host versions of the matrix builtins
// (include/wavemma/simt/builtins.inc) and the runtime test's kernels that call them
// (tests/simt/builtin_cases.inc). Both files are committed; CTest regenerates and diffs them.
//
//   gen_simt_builtins builtins > include/wavemma/simt/builtins.inc
//   gen_simt_builtins cases    > tests/simt/builtin_cases.inc

#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fmt/format.h>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace wavemma::isa;

constexpr std::string_view kPrefix = "__builtin_amdgcn_";

std::string stem(Builtin const& b) {
  return b.name.substr(kPrefix.size());
}

// The C++ spelling of a catalog type: an alias named as clang's table names it (v8f32) for
// vectors, the scalar type itself otherwise.
std::string spelled(CType const& t) {
  return t.lanes == 1 ? t.c_name() : t.short_name();
}

bool is_data(BuiltinParam const& p) {
  return !p.constant;
}

std::string header_of(Builtin const& b) {
  std::string where =
      b.instruction ? fmt::format("{}  {} wave{}", b.instruction->mnemonic, name(b.gen), b.wave)
                    : std::string("no catalog instruction: rejected on every target");
  return fmt::format("// #{}  {}  {}\n//      {}\n", &b - builtins().data(), b.name, where,
                     b.signature());
}

// --- immediates ---------------------------------------------------------------------------------

struct Range {
  int lo, hi;
  std::string why;
};

// The legal values of a constant parameter (reference/instructions.md §5 rule 5).
Range range_of(Builtin const& b, ParamRole role) {
  Instruction const* in = b.instruction;
  switch (role) {
  case ParamRole::kCbsz: {
    if (!in) return {0, 7, "the 3-bit field"};
    int const max = std::countr_zero(static_cast<unsigned>(in->blocks));
    return {0, max, fmt::format("log2 of {} block{}", +in->blocks, in->blocks == 1 ? "" : "s")};
  }
  case ParamRole::kAbid:
    if (in && in->kind == Kind::kSmfmac) {
      int const sets = index_sets(*in, b.wave);
      return {0, sets - 1, fmt::format("it selects one of {} index sets", sets)};
    }
    return {0, 15, "below 2^cbsz"}; // the upper bound depends on cbsz: see abid_check
  case ParamRole::kBlgp:
    if (in && in->mod_rules().blgp_is_neg) return {0, 7, "neg:[a,b,c] bits"};
    return {0, 7, "the 3-bit field"};
  default:
    return {0, 1, "a bool"};
  }
}

std::string template_head(Builtin const& b) {
  std::vector<std::string> params;
  for (auto const& p : b.params)
    if (p.constant)
      params.push_back(
          fmt::format("{} {}", p.type.scalar == CScalar::kBool ? "bool" : "int", p.name));
  if (params.empty()) return {};
  std::string out = "template <";
  for (size_t i = 0; i < params.size(); ++i) out += (i ? ", " : "") + params[i];
  return out + ">\n";
}

std::string static_asserts(Builtin const& b) {
  std::string out;
  bool has_cbsz = false;
  for (auto const& p : b.params) {
    if (!p.constant || p.type.scalar == CScalar::kBool) continue;
    Range const r = range_of(b, p.role);
    has_cbsz |= p.role == ParamRole::kCbsz;
    if (p.role == ParamRole::kAbid && !(b.instruction && b.instruction->kind == Kind::kSmfmac) &&
        has_cbsz) {
      out += fmt::format("  static_assert({0} >= 0 && (cbsz < 0 || cbsz > 7 || {0} < (1 << cbsz)), "
                         "\"{1}: {0} must be "
                         "0..2^cbsz-1\");\n",
                         p.name, b.name);
      continue;
    }
    std::string const test = r.lo == r.hi
                                 ? fmt::format("{} == {}", p.name, r.lo)
                                 : fmt::format("{0} >= {1} && {0} <= {2}", p.name, r.lo, r.hi);
    out += fmt::format("  static_assert({}, \"{}: {} must be {}..{} ({})\");\n", test, b.name,
                       p.name, r.lo, r.hi, r.why);
  }
  return out;
}

std::string immediates_init(Builtin const& b) {
  std::vector<std::string> fields;
  for (auto const& p : b.params)
    if (p.constant) {
      std::string const field = p.role == ParamRole::kASign   ? "a_sign"
                                : p.role == ParamRole::kBSign ? "b_sign"
                                : p.role == ParamRole::kClamp ? "clamp"
                                : p.role == ParamRole::kOpsel ? "opsel"
                                : p.role == ParamRole::kCbsz  ? "cbsz"
                                : p.role == ParamRole::kAbid  ? "abid"
                                                              : "blgp";
      fields.push_back(fmt::format(".{} = {}", field, p.name));
    }
  // Designated initializers must follow the declaration order of detail::Immediates.
  constexpr std::string_view kOrder[] = {".a_sign", ".b_sign", ".clamp", ".opsel",
                                         ".cbsz",   ".abid",   ".blgp"};
  std::string out = "{";
  bool first = true;
  for (auto key : kOrder)
    for (auto const& f : fields)
      if (f.starts_with(std::string(key) + " ")) {
        out += (first ? "" : ", ") + f;
        first = false;
      }
  return out + "}";
}

// --- builtins.inc -------------------------------------------------------------------------------

void write_builtins() {
  std::string out =
      R"(// DO NOT EDIT: generated by tools/gen_simt_builtins.cpp from the wavemma::isa catalog.
// Regenerate: cmake --build <build dir> --target regenerate_simt_builtins
// (CTest simt_generated_files checks that this file is up to date.)
//
// Every matrix builtin of the catalog as a macro of the builtin's own name, whose expression has
// clang-22's result type and takes clang-22's argument types, converted as clang converts them (a
// host function; vector operands by reference and the result in a struct member, so that no wide
// vector crosses the x86 vector ABI). Immediates (a_sign, b_sign, clamp, opsel, cbsz, abid, blgp) become template
// arguments, so a non-constant one is a compile error as with clang; their ranges
// (reference/instructions.md §5 rule 5) are static_asserts. Each call is a wave collective that
// lands in detail::matrix with the builtin's index in isa::builtins().
//
// Included by wavemma/simt/hip_host.hpp.

// clang-format off
namespace wavemma::simt::builtins {

)";
  // Vector aliases, spelled as clang's builtin table spells them.
  std::map<std::string, std::string> aliases;
  for (auto const& b : builtins()) {
    std::vector<CType> types{b.ret};
    for (auto const& p : b.params) types.push_back(p.type);
    for (auto const& t : types)
      if (t.lanes > 1) aliases[t.short_name()] = t.c_name();
  }
  for (auto const& [alias, c] : aliases) out += fmt::format("using {} = {};\n", alias, c);
  out += "\n";

  for (auto const& b : builtins()) {
    int const id = static_cast<int>(&b - builtins().data());
    std::string params, args = "0";
    for (auto const& p : b.params) {
      if (!is_data(p)) continue;
      // Vectors arrive by reference (no wide vector by value: the x86 vector ABI warns about it),
      // converted as a by-value parameter would be (detail::In).
      params += p.type.lanes > 1
                    ? fmt::format("detail::In<{}> const& {}, ", spelled(p.type), p.name)
                    : fmt::format("{} {}, ", spelled(p.type), p.name);
      if (p.role == ParamRole::kIndex) args = std::string(p.name);
    }
    std::string const fn = stem(b);
    out += header_of(b);
    out += template_head(b);
    out += fmt::format("inline detail::Result<{}> {}({}::wavemma::simt::Site site = "
                       "::wavemma::simt::Site::current()) {{\n",
                       spelled(b.ret), fn, params);
    out += static_asserts(b);
    auto value = [&](ParamRole role, char const* name) {
      for (auto const& p : b.params)
        if (p.role == role) return p.type.lanes > 1 ? std::string(name) + ".v" : std::string(name);
      return std::string(name);
    };
    out += fmt::format("  detail::Result<{}> r;\n  detail::matrix({}, {}, {}, {}, {}, {}, r.d, "
                       "site);\n  return r;\n}}\n",
                       spelled(b.ret), id, immediates_init(b), value(ParamRole::kA, "a"),
                       value(ParamRole::kB, "b"), value(ParamRole::kC, "c"), args);
    // The macro of the builtin's name.
    bool const has_constants = !template_head(b).empty();
    if (!has_constants) {
      out += fmt::format("#define {}(...) ::wavemma::simt::builtins::{}(__VA_ARGS__).d\n\n", b.name,
                         fn);
      continue;
    }
    std::string macro_params, targs, fargs;
    for (auto const& p : b.params) {
      macro_params += (macro_params.empty() ? "" : ", ") + std::string(p.name);
      if (p.constant) {
        std::string const cast = p.type.scalar == CScalar::kBool ? "bool" : "int";
        targs += fmt::format("{}static_cast<{}>({})", targs.empty() ? "" : ", ", cast, p.name);
      } else {
        fargs += fmt::format("{}({})", fargs.empty() ? "" : ", ", p.name);
      }
    }
    out += fmt::format("#define {}({}) \\\n  ::wavemma::simt::builtins::{}<{}>({}).d\n\n", b.name,
                       macro_params, fn, targs, fargs);
  }
  out += "} // namespace wavemma::simt::builtins\n// clang-format on\n";
  std::fputs(out.c_str(), stdout);
}

// --- builtin_cases.inc --------------------------------------------------------------------------

// Immediate values to test, in the order of the builtin's constant parameters.
std::vector<std::vector<int>> variants(Builtin const& b) {
  std::vector<ParamRole> roles;
  for (auto const& p : b.params)
    if (p.constant) roles.push_back(p.role);
  if (roles.empty()) return {{}};
  Instruction const* in = b.instruction;
  auto has = [&](ParamRole r) { return std::find(roles.begin(), roles.end(), r) != roles.end(); };
  if (has(ParamRole::kASign)) // a_sign, b_sign, clamp: every signedness, clamp on and off
    return {{0, 0, 0}, {1, 0, 1}, {0, 1, 0}, {1, 1, 1}};
  if (has(ParamRole::kOpsel)) return {{0}, {1}};
  if (!in) return {{0, 0, 0}};
  if (in->kind == Kind::kSmfmac) { // cbsz 0, abid = the index set
    std::vector<std::vector<int>> v;
    for (int s = 0; s < index_sets(*in, b.wave); ++s) v.push_back({0, s});
    return v;
  }
  int const max_cbsz = std::countr_zero(static_cast<unsigned>(in->blocks));
  if (max_cbsz > 0) return {{0, 0, 0}, {max_cbsz, (1 << max_cbsz) - 1, 3}, {1, 0, 6}};
  if (in->mod_rules().blgp_is_neg) return {{0, 0, 0}, {0, 0, 5}, {0, 0, 2}};
  return {{0, 0, 0}, {0, 0, in->mod_rules().blgp_effect ? 3 : 2}};
}

void write_cases() {
  std::string out =
      R"(// DO NOT EDIT: generated by tools/gen_simt_builtins.cpp from the wavemma::isa catalog.
// Regenerate: cmake --build <build dir> --target regenerate_simt_builtins
//
// One kernel per builtin and immediate variant, for tests/simt/builtins_test.cpp: each lane reads
// its operands (exactly the builtin's parameter types) from the test's buffers, calls the builtin
// by its clang name, and stores the result. Included by builtins_test.cpp, which defines Io and
// BuiltinCase.

// clang-format off
)";
  std::string table = "inline BuiltinCase const kBuiltinCases[] = {\n";
  for (auto const& b : builtins()) {
    int const id = static_cast<int>(&b - builtins().data());
    auto const vs = variants(b);
    for (size_t v = 0; v < vs.size(); ++v) {
      std::string locals, args, imms;
      size_t next_imm = 0;
      for (auto const& p : b.params) {
        if (!args.empty()) args += ", ";
        if (p.constant) {
          int const value = vs[v][next_imm++];
          args +=
              p.type.scalar == CScalar::kBool ? (value ? "true" : "false") : std::to_string(value);
          imms += fmt::format("{}{}", imms.empty() ? "" : ", ", value);
        } else {
          int const operand = p.role == ParamRole::kA   ? 0
                              : p.role == ParamRole::kB ? 1
                              : p.role == ParamRole::kC ? 2
                                                        : 3;
          locals += fmt::format("  {} {};\n  io.get({}, {});\n", p.type.c_name(), p.name, operand,
                                p.name);
          args += p.name;
        }
      }
      std::string const kernel = fmt::format("case_{}_{}", id, v);
      out += fmt::format("__global__ void {}(Io io) {{\n{}  io.put({}({}));\n}}\n", kernel, locals,
                         b.name, args);
      table += fmt::format("  {{{}, \"{}\", {{{}}}, {}}},\n", id, b.name, imms, kernel);
    }
  }
  out += "\n" + table + "};\n// clang-format on\n";
  std::fputs(out.c_str(), stdout);
}

} // namespace

int main(int argc, char** argv) {
  std::string_view const what = argc == 2 ? argv[1] : "";
  if (what == "builtins") {
    write_builtins();
  } else if (what == "cases") {
    write_cases();
  } else {
    std::fputs("usage: gen_simt_builtins builtins|cases > file\n", stderr);
    return 2;
  }
  return 0;
}
