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
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace wavemma::isa;

constexpr std::string_view kPrefix = "__builtin_amdgcn_";

std::string stem(Builtin const& b) { return b.name.substr(kPrefix.size()); }

// The C++ spelling of a catalog type: an alias named as clang's table names it (v8f32) for
// vectors, the scalar type itself otherwise.
std::string spelled(CType const& t) { return t.lanes == 1 ? t.c_name() : t.short_name(); }

std::string header_of(Builtin const& b) {
  std::string where = b.instruction ? fmt::format("{}  {} wave{}", b.instruction->mnemonic, name(b.gen), b.wave)
                                    : std::string("no catalog instruction: rejected on every target");
  return fmt::format("// #{}  {}  {}\n//      {}\n", &b - builtins().data(), b.name, where, b.signature());
}

// --- forms ---------------------------------------------------------------------------------------
// Builtins whose parameters play the same roles in the same order share a form: one template,
// written once, that takes the builtin's index, its C types and the limits of its immediates.

// The name of a role: the template parameter of an immediate (so that clang names it in its errors)
// and the field of detail::Immediates it sets.
std::string_view role_name(ParamRole r) {
  switch (r) {
  case ParamRole::kA:
    return "a";
  case ParamRole::kB:
    return "b";
  case ParamRole::kC:
    return "c";
  case ParamRole::kIndex:
    return "index";
  case ParamRole::kASign:
    return "a_sign";
  case ParamRole::kBSign:
    return "b_sign";
  case ParamRole::kClamp:
    return "clamp";
  case ParamRole::kOpsel:
    return "opsel";
  case ParamRole::kCbsz:
    return "cbsz";
  case ParamRole::kAbid:
    return "abid";
  case ParamRole::kBlgp:
    return "blgp";
  case ParamRole::kScaleSelA:
    return "opsel_a";
  case ParamRole::kScaleA:
    return "scale_a";
  case ParamRole::kScaleSelB:
    return "opsel_b";
  case ParamRole::kScaleB:
    return "scale_b";
  case ParamRole::kANeg:
    return "a_neg";
  case ParamRole::kBNeg:
    return "b_neg";
  case ParamRole::kCMod:
    return "c_mod";
  case ParamRole::kReuseA:
    return "reuse_a";
  case ParamRole::kReuseB:
    return "reuse_b";
  case ParamRole::kFmtA:
    return "fmt_a";
  case ParamRole::kFmtB:
    return "fmt_b";
  case ParamRole::kScaleFmtA:
    return "a_scale_fmt";
  case ParamRole::kScaleFmtB:
    return "b_scale_fmt";
  }
  throw std::logic_error("unknown parameter role");
}
bool is_operand(ParamRole r) { return r == ParamRole::kA || r == ParamRole::kB || r == ParamRole::kC; }

std::string form_of(Builtin const& b) {
  std::string out = "form";
  for (auto const& p : b.params) out += fmt::format("_{}", role_name(p.role));
  // gfx1250's scale16 forms take 64-bit scales where the scale forms take int.
  for (auto const& p : b.params)
    if (p.role == ParamRole::kScaleA && p.type.scalar == CScalar::kInt64) return out + "_scale64";
  return out;
}

// The immediates of detail::Immediates in its declaration order (designated initializers follow it).
constexpr ParamRole kImmediateOrder[] = {
    ParamRole::kASign,     ParamRole::kBSign,  ParamRole::kClamp,     ParamRole::kOpsel,     ParamRole::kCbsz,
    ParamRole::kAbid,      ParamRole::kBlgp,   ParamRole::kScaleSelA, ParamRole::kScaleSelB,
    ParamRole::kANeg, // gfx1250 from here
    ParamRole::kBNeg,      ParamRole::kCMod,   ParamRole::kFmtA,      ParamRole::kFmtB,      ParamRole::kScaleFmtA,
    ParamRole::kScaleFmtB, ParamRole::kReuseA, ParamRole::kReuseB};
// The run-time operands after A, B and C, in the order detail::matrix takes them.
constexpr ParamRole kDataOrder[] = {ParamRole::kIndex, ParamRole::kScaleA, ParamRole::kScaleB};
bool is_flag(ParamRole r) {
  return r == ParamRole::kASign || r == ParamRole::kBSign || r == ParamRole::kClamp || r == ParamRole::kOpsel ||
         r == ParamRole::kANeg || r == ParamRole::kBNeg || r == ParamRole::kReuseA || r == ParamRole::kReuseB;
}

bool has_role(Builtin const& b, ParamRole r) {
  return std::any_of(b.params.begin(), b.params.end(), [&](BuiltinParam const& p) { return p.role == r; });
}
// gfx950 f8f6f4: CBSZ and BLGP are the A and B formats (gfx1250's formats are fmt_a and fmt_b).
bool formats(Builtin const& b) {
  return b.instruction && b.instruction->mod_rules().format_select && has_role(b, ParamRole::kCbsz);
}
// gfx1250's scaled WMMA: scale rows (a_scale_sel, b_scale_sel) and formats.
bool scale_formats(Builtin const& b) { return has_role(b, ParamRole::kScaleFmtA); }

// The range checks of gfx1250's immediates (reference/gfx1250.md §4.2, "the compiler's traps"): each
// where clang-22 would crash or drop bits without a word, an error naming the operand. A value is
// a template parameter named by its role (the detail::Immediates field); the message names the
// builtin's parameter.
struct Gfx1250Check {
  ParamRole role;
  char const* field;
  char const* param;
  int max;
  char const* what;
};
constexpr Gfx1250Check kGfx1250Checks[] = {
    {ParamRole::kFmtA, "fmt_a", "fmt_a", 4,
     "a format 0..4 (fp8, bf8, fp6, bf6, fp4): clang-22's backend crashes on 5..7 and drops higher bits"},
    {ParamRole::kFmtB, "fmt_b", "fmt_b", 4,
     "a format 0..4 (fp8, bf8, fp6, bf6, fp4): clang-22's backend crashes on 5..7 and drops higher bits"},
    {ParamRole::kCMod, "c_mod", "c_mod", 3, "0..3 (bit 0: -C, bit 1: |C|): clang-22 drops other bits silently"},
    {ParamRole::kScaleSelA, "opsel_a", "a_scale_sel", 1, "0 or 1 (ROW0, ROW1): clang-22 drops other bits silently"},
    {ParamRole::kScaleSelB, "opsel_b", "b_scale_sel", 1, "0 or 1 (ROW0, ROW1): clang-22 drops other bits silently"},
    {ParamRole::kScaleFmtA, "a_scale_fmt", "a_scale_fmt", 2,
     "0..2 (E8M0, E5M3, E4M3): clang-22 emits matrix_a_scale_fmt:3, which the assembler rejects"},
    {ParamRole::kScaleFmtB, "b_scale_fmt", "b_scale_fmt", 2,
     "0..2 (E8M0, E5M3, E4M3): clang-22 emits matrix_b_scale_fmt:3, which the assembler rejects"},
};
bool gfx1250_check_applies(Builtin const& b, Gfx1250Check const& c) {
  bool const scale_sel = c.role == ParamRole::kScaleSelA || c.role == ParamRole::kScaleSelB;
  return b.gen == Generation::kGfx1250 && has_role(b, c.role) && (!scale_sel || scale_formats(b));
}

// The ranges of the integer immediates (reference/instructions.md §5 rule 5): CBSZ up to log2 of
// the blocks (the 3-bit field where no instruction says); ABID below 2^CBSZ, except that with a
// sparsity index (SMFMAC) it selects one of the instruction's index sets; BLGP 0..7.
int cbsz_max(Builtin const& b) {
  if (formats(b)) return 4;
  return b.instruction ? std::countr_zero(static_cast<unsigned>(b.instruction->blocks)) : 7;
}
bool abid_selects_index_set(Builtin const& b) {
  return has_role(b, ParamRole::kAbid) && has_role(b, ParamRole::kIndex);
}
int abid_max(Builtin const& b) {
  if (!b.instruction) throw std::logic_error(fmt::format("{}: index sets of no instruction", b.name));
  return index_sets(*b.instruction, b.wave) - 1;
}

// The legal values of the builtin's integer immediates, for people.
std::string limits_comment(Builtin const& b) {
  std::vector<std::string> parts;
  if (formats(b)) {
    parts.push_back(
        "cbsz, blgp: the A and B formats 0..4 (fp8, bf8, fp6, bf6, fp4); opsel_a, opsel_b 0..3 (scale bytes)");
  } else if (has_role(b, ParamRole::kCbsz))
    parts.push_back(b.instruction ? fmt::format("cbsz 0..{} (log2 of {} block{})", cbsz_max(b), +b.instruction->blocks,
                                                b.instruction->blocks == 1 ? "" : "s")
                                  : "cbsz 0..7 (the 3-bit field)");
  if (has_role(b, ParamRole::kAbid))
    parts.push_back(abid_selects_index_set(b)
                        ? fmt::format("abid 0..{} (one of {} index sets)", abid_max(b), abid_max(b) + 1)
                        : "abid 0..2^cbsz-1");
  if (has_role(b, ParamRole::kBlgp) && !formats(b))
    parts.push_back(b.instruction && b.instruction->mod_rules().blgp_is_neg ? "blgp 0..7 (neg:[a,b,c] bits)"
                                                                            : "blgp 0..7");
  if (has_role(b, ParamRole::kFmtA)) parts.push_back("fmt_a, fmt_b 0..4 (fp8, bf8, fp6, bf6, fp4)");
  if (has_role(b, ParamRole::kCMod)) parts.push_back("c_mod 0..3 (bit 0: -C, bit 1: |C|)");
  if (scale_formats(b))
    parts.push_back("a_scale_sel, b_scale_sel 0..1 (ROW0, ROW1); a_scale_fmt, b_scale_fmt 0..2 (E8M0, E5M3, E4M3)");
  return parts.empty() ? "" : fmt::format("//      {}\n", fmt::join(parts, ", "));
}

std::string form_template(Builtin const& b) {
  std::vector<std::string> imms, checks, args{"a.v", "b.v", "c.v", "0", "0", "0"};
  std::string params = "detail::In<A> const& a, detail::In<B> const& b, detail::In<C> const& c, ";
  std::string limits;
  for (auto const& p : b.params) {
    auto const data = std::find(std::begin(kDataOrder), std::end(kDataOrder), p.role);
    if (data != std::end(kDataOrder)) {
      params += fmt::format("{} {}, ", spelled(p.type), role_name(p.role));
      args[size_t(3 + (data - std::begin(kDataOrder)))] = std::string(role_name(p.role));
    } else if (!p.constant && !is_operand(p.role)) {
      throw std::logic_error(fmt::format("{}: a data parameter of no known role", b.name));
    }
  }
  for (ParamRole r : kImmediateOrder) {
    if (!has_role(b, r)) continue;
    imms.push_back(fmt::format("{} {}", is_flag(r) ? "bool" : "int", role_name(r)));
  }
  if (formats(b)) {
    checks.push_back("static_assert(cbsz >= 0 && cbsz <= 4 && blgp >= 0 && blgp <= 4, \"cbsz and blgp must be formats "
                     "0..4 (fp8, bf8, fp6, bf6, fp4)\");");
    checks.push_back(
        "static_assert(opsel_a >= 0 && opsel_a <= 3 && opsel_b >= 0 && opsel_b <= 3, \"opsel_a and opsel_b "
        "must be scale bytes 0..3\");");
  } else if (has_role(b, ParamRole::kCbsz)) {
    limits += ", int cbsz_max";
    checks.push_back(
        "static_assert(cbsz >= 0 && cbsz <= cbsz_max, \"cbsz must be 0..log2 of the instruction's blocks\");");
  }
  if (abid_selects_index_set(b)) {
    limits += ", int abid_max";
    checks.push_back(
        "static_assert(abid >= 0 && abid <= abid_max, \"abid must select one of the instruction's index sets\");");
  } else if (has_role(b, ParamRole::kAbid)) {
    checks.push_back(
        "static_assert(abid >= 0 && (cbsz < 0 || cbsz > 7 || abid < (1 << cbsz)), \"abid must be 0..2^cbsz-1\");");
  }
  if (has_role(b, ParamRole::kBlgp) && !formats(b))
    checks.push_back("static_assert(blgp >= 0 && blgp <= 7, \"blgp must be 0..7\");");
  for (auto const& c : kGfx1250Checks)
    if (gfx1250_check_applies(b, c))
      checks.push_back(
          fmt::format("static_assert({0} >= 0 && {0} <= {1}, \"{2} must be {3}\");", c.field, c.max, c.param, c.what));
  std::vector<std::string> fields;
  for (ParamRole r : kImmediateOrder)
    if (has_role(b, r)) fields.push_back(fmt::format(".{0} = {0}", role_name(r)));
  std::string s =
      fmt::format("template <int Id, class D, class A, class B, class C{}>\nstruct {} {{\n", limits, form_of(b));
  if (!imms.empty()) s += fmt::format("  template <{}>\n", fmt::join(imms, ", "));
  s += fmt::format(
      "  static detail::Result<D> call({}::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {{\n", params);
  for (auto const& c : checks) s += "    " + c + "\n";
  s += fmt::format("    return issue<Id, D>({{{}}}, {}, site);\n  }}\n}};\n\n", fmt::join(fields, ", "),
                   fmt::join(args, ", "));
  return s;
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
// vector crosses the x86 vector ABI). Immediates (a_sign, b_sign, clamp, opsel, cbsz, abid, blgp; on
// gfx1250 also a_neg, b_neg, c_mod, fmt_a, fmt_b, the scale rows and formats, reuse_a, reuse_b)
// become template arguments, so a non-constant one is a compile error as with clang; their ranges
// (reference/instructions.md §5 rule 5; gfx1250: reference/gfx1250.md §4.2, where clang-22 itself
// crashes or drops bits) are static_asserts naming the operand, and clang's message shows the
// values (e.g. "requirement '2 <= 1'"). Each call is a wave collective that lands in detail::matrix with
// the builtin's index in isa::builtins().
//
// Builtins whose parameters play the same roles share a form, one template below; each builtin is
// then one line, an instance of its form with its index, its C types (result D, operands A, B, C)
// and the limits of its immediates, and a macro.
//
// Included by wavemma/hip/host.hpp.

// clang-format off
// The optional last argument of gfx1250's iu8 builtins (clamp): the second of a macro's variadic
// arguments, or false.
#define WAVEMMA_BUILTIN_ARG1(x, ...) x
#define WAVEMMA_BUILTIN_ARG2(x, y, ...) y

namespace wavemma::simt::builtins {

)";
  // Vector aliases, named as clang's builtin table names them, and of its kind: GCC vectors
  // (vector_size), which convert to and from any vector of the same size under clang's default lax
  // vector conversions (a HIP float4's clang vector passed as a v8f16, a v8f16 result assigned to
  // one), where two ext_vector_types of different element types do not convert.
  std::map<std::string, std::string> aliases;
  for (auto const& b : builtins()) {
    std::vector<CType> types{b.ret};
    for (auto const& p : b.params) types.push_back(p.type);
    for (auto const& t : types)
      if (t.lanes > 1) {
        std::string const element = CType{t.scalar, 1}.c_name();
        aliases[t.short_name()] =
            fmt::format("{} __attribute__((vector_size({} * sizeof({}))))", element, t.lanes, element);
      }
  }
  for (auto const& [alias, c] : aliases) out += fmt::format("using {} = {};\n", alias, c);
  out += "\n";

  out += R"(// What every form does: this lane's operands to the wave's collective, this lane's D back.
template <int Id, class D, class A, class B, class C>
inline detail::Result<D> issue(detail::Immediates imm, A const& a, B const& b, C const& c, int index, int64_t scale_a,
                               int64_t scale_b, ::wavemma::simt::Site site) {
  detail::Result<D> r;
  detail::matrix(Id, imm, a, b, c, static_cast<uint32_t>(index), scale_a, scale_b, r.d, site);
  return r;
}

)";
  // The forms, in order of first use.
  std::vector<std::string> forms;
  for (auto const& b : builtins()) {
    std::string const f = form_of(b);
    if (std::find(forms.begin(), forms.end(), f) != forms.end()) continue;
    forms.push_back(f);
    out += form_template(b);
  }

  for (auto const& b : builtins()) {
    int const id = static_cast<int>(&b - builtins().data());
    std::string types;
    for (ParamRole r : {ParamRole::kA, ParamRole::kB, ParamRole::kC})
      for (auto const& p : b.params)
        if (p.role == r) types += ", " + spelled(p.type);
    std::string limits;
    if (has_role(b, ParamRole::kCbsz) && !formats(b)) limits += fmt::format(", {}", cbsz_max(b));
    if (abid_selects_index_set(b)) limits += fmt::format(", {}", abid_max(b));
    std::string const fn = stem(b);
    out += header_of(b) + limits_comment(b);
    out += fmt::format("using {} = {}<{}, {}{}{}>;\n", fn, form_of(b), id, spelled(b.ret), types, limits);
    // The macro of the builtin's name: immediates to template arguments, operands in (a, b, c[, index]) order.
    std::vector<std::string> macro_params, targs, fargs;
    bool const has_constants =
        std::any_of(b.params.begin(), b.params.end(), [](BuiltinParam const& p) { return p.constant; });
    if (!has_constants) {
      out += fmt::format("#define {}(...) ::wavemma::simt::builtins::{}::call(__VA_ARGS__).d\n\n", b.name, fn);
      continue;
    }
    // An optional last parameter (gfx1250 iu8 clamp) and the one before it are the macro's `...`.
    bool const optional = b.params.back().optional;
    auto spelled_arg = [&](BuiltinParam const& p) -> std::string {
      if (!optional || &p < &b.params.back() - 1) return std::string(p.name);
      return &p == &b.params.back() ? "WAVEMMA_BUILTIN_ARG2(__VA_ARGS__, false, )"
                                    : "WAVEMMA_BUILTIN_ARG1(__VA_ARGS__, )";
    };
    for (auto const& p : b.params)
      if (!optional || &p < &b.params.back() - 1) macro_params.emplace_back(p.name);
    if (optional) macro_params.emplace_back("...");
    for (ParamRole r : kImmediateOrder)
      for (auto const& p : b.params)
        if (p.role == r)
          targs.push_back(
              fmt::format("static_cast<{}>({})", p.type.scalar == CScalar::kBool ? "bool" : "int", spelled_arg(p)));
    for (ParamRole r : {ParamRole::kA, ParamRole::kB, ParamRole::kC, ParamRole::kIndex})
      for (auto const& p : b.params)
        if (p.role == r) fargs.push_back(fmt::format("({})", p.name));
    if (has_role(b, ParamRole::kScaleA) && formats(b)) // LLVM's fold of constant zero scales (wavemma/simt/lane.hpp)
      for (char const* s : {"scale_a", "scale_b"})
        fargs.push_back(fmt::format("WAVEMMA_LLVM_SCALE({}, scale_a, scale_b)", s));
    else if (has_role(b, ParamRole::kScaleA)) // gfx1250: clang-22 keeps the scaled instruction for any scale
      for (ParamRole r : {ParamRole::kScaleA, ParamRole::kScaleB})
        for (auto const& p : b.params)
          if (p.role == r) fargs.push_back(fmt::format("({})", p.name));
    out += fmt::format("#define {}({}) \\\n  ::wavemma::simt::builtins::{}::call<{}>({}).d\n\n", b.name,
                       fmt::join(macro_params, ", "), fn, fmt::join(targs, ", "), fmt::join(fargs, ", "));
  }
  out += "} // namespace wavemma::simt::builtins\n// clang-format on\n";
  std::fputs(out.c_str(), stdout);
}

// --- builtin_cases.inc --------------------------------------------------------------------------

// gfx1250's immediate variants, each as the values of the roles it sets (the others 0): every
// negation, c_mod, each format on each side, both scale rows, the reuse hints, signedness and clamp.
using RoleValues = std::vector<std::pair<ParamRole, int>>;
std::vector<RoleValues> gfx1250_variants(Builtin const& b) {
  using R = ParamRole;
  std::vector<RoleValues> v{{}};
  if (has_role(b, R::kASign)) {
    v.push_back({{R::kASign, 1}, {R::kClamp, 1}, {R::kReuseA, 1}});
    v.push_back({{R::kBSign, 1}, {R::kReuseB, 1}});
    v.push_back({{R::kASign, 1}, {R::kBSign, 1}, {R::kClamp, 1}});
    return v;
  }
  v.push_back({{R::kANeg, 1}, {R::kCMod, 1}, {R::kReuseA, 1}});
  v.push_back({{R::kBNeg, 1}, {R::kCMod, 2}, {R::kReuseB, 1}});
  v.push_back({{R::kANeg, 1}, {R::kBNeg, 1}, {R::kCMod, 3}});
  if (has_role(b, R::kFmtA)) {
    constexpr std::pair<int, int> kFormats[] = {{2, 4}, {4, 3}, {1, 2}, {3, 1}, {4, 4}, {2, 2}, {0, 4}};
    int n = 0;
    for (auto [fa, fb] : kFormats) {
      ++n;
      v.push_back(
          {{R::kFmtA, fa}, {R::kFmtB, fb}, {R::kCMod, n % 4}, {R::kScaleSelA, n % 2}, {R::kScaleSelB, n / 2 % 2}});
    }
  } else if (scale_formats(b)) {
    v.push_back({{R::kScaleSelA, 1}, {R::kCMod, 1}});
    v.push_back({{R::kScaleSelB, 1}, {R::kReuseA, 1}});
    v.push_back({{R::kScaleSelA, 1}, {R::kScaleSelB, 1}});
  }
  // The scale formats stay E8M0: the emulator refuses E5M3 and E4M3 scales (docs/numerics.md §12),
  // which builtins_test checks on its own.
  return v;
}

// Immediate values to test, in the order of the builtin's constant parameters.
std::vector<std::vector<int>> variants(Builtin const& b) {
  std::vector<ParamRole> roles;
  for (auto const& p : b.params)
    if (p.constant) roles.push_back(p.role);
  if (roles.empty()) return {{}};
  if (b.gen == Generation::kGfx1250) {
    std::vector<std::vector<int>> out;
    for (auto const& rv : gfx1250_variants(b)) {
      std::vector<int> values;
      for (ParamRole r : roles) {
        int value = 0;
        for (auto const& [role, x] : rv)
          if (role == r) value = x;
        values.push_back(value);
      }
      if (std::find(out.begin(), out.end(), values) == out.end()) out.push_back(values);
    }
    return out;
  }
  Instruction const* in = b.instruction;
  auto has = [&](ParamRole r) { return std::find(roles.begin(), roles.end(), r) != roles.end(); };
  if (has(ParamRole::kASign)) // a_sign, b_sign, clamp: every signedness, clamp on and off
    return {{0, 0, 0}, {1, 0, 1}, {0, 1, 0}, {1, 1, 1}};
  if (has(ParamRole::kOpsel)) return {{0}, {1}};
  if (!in) return {{0, 0, 0}};
  if (formats(b)) // cbsz, blgp (formats), opsel_a, opsel_b: every format on each side, every scale byte
    return {{0, 0, 0, 0}, {2, 4, 1, 3}, {4, 3, 2, 0}, {1, 2, 3, 1}, {3, 1, 0, 2}, {4, 4, 0, 0}, {2, 2, 0, 0}};
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
        if (p.optional && vs[v][next_imm] == 0) { // left out: the optional clamp is false
          imms += fmt::format("{}0", imms.empty() ? "" : ", ");
          ++next_imm;
          continue;
        }
        if (!args.empty()) args += ", ";
        if (p.constant) {
          int const value = vs[v][next_imm++];
          args += p.type.scalar == CScalar::kBool ? (value ? "true" : "false") : std::to_string(value);
          imms += fmt::format("{}{}", imms.empty() ? "" : ", ", value);
        } else {
          int const operand = p.role == ParamRole::kA        ? 0
                              : p.role == ParamRole::kB      ? 1
                              : p.role == ParamRole::kC      ? 2
                              : p.role == ParamRole::kScaleA ? 4
                              : p.role == ParamRole::kScaleB ? 5
                                                             : 3;
          locals += fmt::format("  {} {};\n  io.get({}, {});\n", p.type.c_name(), p.name, operand, p.name);
          args += p.name;
        }
      }
      std::string const kernel = fmt::format("case_{}_{}", id, v);
      out += fmt::format("__global__ void {}(Io io) {{\n{}  io.put({}({}));\n}}\n", kernel, locals, b.name, args);
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
