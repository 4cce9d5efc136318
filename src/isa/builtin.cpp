// Builtin signatures derived from the catalog rows. The rules below reproduce clang-22's builtin
// table (reference/instructions.md §4) [DOC]; tests/isa/builtin_test compiles every one with
// clang-22 to prove it.

#include "wavemma/isa/builtin.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::isa {
namespace {

constexpr std::string_view kPrefix = "__builtin_amdgcn_";

// Spellings: alone (clang's table), as a vector suffix (v8f32), and in C.
struct ScalarInfo {
  std::string_view alone, vector_suffix, c_name;
};
constexpr ScalarInfo kScalars[] = {
    {"float", "f32", "float"},    {"double", "f64", "double"}, {"_Float16", "f16", "_Float16"},
    {"__fp16", "fp16", "__fp16"}, {"short", "i16", "short"},   {"int", "i32", "int"},
    {"int64_t", "i64", "long"},   {"bool", "i1", "bool"},      {"__bf16", "bf16", "__bf16"},
};

// The earliest CDNA generation's row with the same builtin: where the builtin arrived.
Instruction const& first_of_builtin(Instruction const& in) {
  Instruction const* first = &in;
  for (auto const& row : catalog())
    if (!is_rdna(row.gen) && row.builtin_stem == in.builtin_stem && row.gen < first->gen) first = &row;
  return *first;
}

// The clang feature that gates a builtin (reference/instructions.md §5): on CDNA, the builtins that
// arrive with gfx950 need gfx950-insts, fp8/bf8 ones fp8-insts, every other mai-insts.
std::string cdna_feature(Instruction const& in) {
  Instruction const& first = first_of_builtin(in);
  if (first.gen == Generation::kGfx950) return "gfx950-insts";
  bool const fp8 = first.a == numeric::Format::kFp8E4M3Fnuz || first.a == numeric::Format::kBf8E5M2Fnuz ||
                   first.a == numeric::Format::kFp8E4M3 || first.a == numeric::Format::kBf8E5M2;
  return fp8 ? "fp8-insts" : "mai-insts";
}

// The C type that carries an operand of `vgprs` registers of element type t.
CType operand_ctype(Instruction const& in, numeric::Format t, int vgprs) {
  switch (t) {
  case numeric::Format::kF16:
    // SWMMAC and gfx1250 declare __fp16 vectors, every other builtin _Float16 (seed-errata.md §A.5).
    return {in.kind == Kind::kSwmmac || in.gen == Generation::kGfx1250 ? CScalar::kFp16 : CScalar::kFloat16, vgprs * 2};
  case numeric::Format::kBf16:
    // bf16 is short bit patterns, except in the builtins that arrived with gfx950 and gfx1250 (__bf16).
    return {first_of_builtin(in).gen >= Generation::kGfx950 ? CScalar::kBf16 : CScalar::kShort, vgprs * 2};
  case numeric::Format::kF32:
  case numeric::Format::kXf32:
    return {CScalar::kFloat, vgprs};
  case numeric::Format::kF64:
    return {CScalar::kDouble, vgprs / 2};
  case numeric::Format::kI32:
    return {CScalar::kInt, vgprs};
  default: // packed 8- and 4-bit data
    // Dense MFMA passes a 64-bit pair as int64_t; everything else as int vectors.
    if (in.kind == Kind::kMfma && vgprs == 2) return {CScalar::kInt64, 1};
    return {CScalar::kInt, vgprs};
  }
}

std::string feature_of(Instruction const& in, int wave) {
  switch (in.gen) {
  case Generation::kGfx11:
    return fmt::format("gfx11-insts,wavefrontsize{}", wave);
  case Generation::kGfx12:
    return fmt::format("gfx12-insts,wavefrontsize{}", wave);
  case Generation::kGfx1250:
    return "gfx1250-insts,wavefrontsize32";
  default:
    return cdna_feature(in);
  }
}

std::string builtin_name(Instruction const& in, int wave, bool tied) {
  std::string n = fmt::format("{}{}", kPrefix, in.builtin_stem);
  if (tied) n += "_tied";
  switch (in.gen) {
  case Generation::kGfx11:
    return n + fmt::format("_w{}", wave);
  case Generation::kGfx12:
    return n + (in.kind == Kind::kWmma ? fmt::format("_w{}_gfx12", wave) : fmt::format("_w{}", wave));
  default:
    return n;
  }
}

// gfx1250 (reference/gfx1250.md §4.2, clang-22's table): flags before each of A and B, a c_mod short
// after B (none on SWMMAC and iu8), C, the SWMMAC index, the scale arguments, the reuse hints, and
// iu8's optional clamp.
std::vector<BuiltinParam> gfx1250_params(Instruction const& in, CType a, CType b, CType c) {
  constexpr CType kBool{CScalar::kBool}, kInt{CScalar::kInt}, kShort{CScalar::kShort};
  ModRules const& r = in.mod_rules();
  std::vector<BuiltinParam> p;
  bool const integer = is_integer(in.a);
  bool const neg = (r.neg_lo_legal & 0b011) != 0 && !integer;
  if (r.format_select) p.push_back({ParamRole::kFmtA, "fmt_a", kInt, true});
  if (integer) p.push_back({ParamRole::kASign, "a_sign", kBool, true});
  if (neg) p.push_back({ParamRole::kANeg, "a_neg", kBool, true});
  p.push_back({ParamRole::kA, "a", a, false});
  if (r.format_select) p.push_back({ParamRole::kFmtB, "fmt_b", kInt, true});
  if (integer) p.push_back({ParamRole::kBSign, "b_sign", kBool, true});
  if (neg) p.push_back({ParamRole::kBNeg, "b_neg", kBool, true});
  p.push_back({ParamRole::kB, "b", b, false});
  if (r.neg_lo_legal & 0b100) p.push_back({ParamRole::kCMod, "c_mod", kShort, true});
  p.push_back({ParamRole::kC, "c", c, false});
  if (in.sparse()) p.push_back({ParamRole::kIndex, "index", kInt, false});
  if (r.wmma_scaled) {
    CType const scale = in.scale_block() == 16 ? CType{CScalar::kInt64} : kInt;
    p.push_back({ParamRole::kScaleSelA, "a_scale_sel", kInt, true});
    p.push_back({ParamRole::kScaleFmtA, "a_scale_fmt", kInt, true});
    p.push_back({ParamRole::kScaleA, "a_scale", scale, false});
    p.push_back({ParamRole::kScaleSelB, "b_scale_sel", kInt, true});
    p.push_back({ParamRole::kScaleFmtB, "b_scale_fmt", kInt, true});
    p.push_back({ParamRole::kScaleB, "b_scale", scale, false});
  }
  if (r.reuse) {
    p.push_back({ParamRole::kReuseA, "reuse_a", kBool, true});
    p.push_back({ParamRole::kReuseB, "reuse_b", kBool, true});
  }
  if (r.clamp) p.push_back({ParamRole::kClamp, "clamp", kBool, true, true});
  return p;
}

Builtin derive(Instruction const& in, int wave, bool tied) {
  constexpr CType kBool{CScalar::kBool}, kInt{CScalar::kInt};
  CType const a = operand_ctype(in, in.a, vgprs(in, wave, Operand::kA));
  CType const b = operand_ctype(in, in.b, vgprs(in, wave, Operand::kB));
  CType const c = operand_ctype(in, in.cd, vgprs(in, wave, Operand::kC));
  // The result is D's type; the bf16f32 SWMMAC returns C's eight floats (D is C's registers).
  CType const d = in.sparse() ? c : operand_ctype(in, in.type_of(Operand::kD), vgprs(in, wave, Operand::kD));
  Builtin bi{builtin_name(in, wave, tied), &in, in.gen, wave, tied, d, {}, feature_of(in, wave), {&in}};
  auto& p = bi.params;
  if (in.gen == Generation::kGfx1250) {
    p = gfx1250_params(in, a, b, c);
    return bi;
  }
  bool const integer = is_integer(in.a) && is_rdna(in.gen);
  if (integer) {
    p = {{ParamRole::kASign, "a_sign", kBool, true},
         {ParamRole::kA, "a", a, false},
         {ParamRole::kBSign, "b_sign", kBool, true},
         {ParamRole::kB, "b", b, false},
         {ParamRole::kC, "c", c, false}};
  } else {
    p = {{ParamRole::kA, "a", a, false}, {ParamRole::kB, "b", b, false}, {ParamRole::kC, "c", c, false}};
  }
  switch (in.kind) {
  case Kind::kWmma:
    if (in.mod_rules().op_sel_defined & 0b100) p.push_back({ParamRole::kOpsel, "opsel", kBool, true});
    break;
  case Kind::kSwmmac:
    p.push_back({ParamRole::kIndex, "index", kInt, false});
    break;
  case Kind::kMfma:
    p.push_back({ParamRole::kCbsz, "cbsz", kInt, true});
    if (in.mod_rules().scaled) { // (..., cbsz, blgp, opsel_a, scale_a, opsel_b, scale_b) [DOC: clang-22]
      p.push_back({ParamRole::kBlgp, "blgp", kInt, true});
      p.push_back({ParamRole::kScaleSelA, "opsel_a", kInt, true});
      p.push_back({ParamRole::kScaleA, "scale_a", kInt, false});
      p.push_back({ParamRole::kScaleSelB, "opsel_b", kInt, true});
      p.push_back({ParamRole::kScaleB, "scale_b", kInt, false});
      break;
    }
    p.push_back({ParamRole::kAbid, "abid", kInt, true});
    p.push_back({ParamRole::kBlgp, "blgp", kInt, true});
    break;
  case Kind::kSmfmac:
    p.push_back({ParamRole::kIndex, "idx", kInt, false});
    p.push_back({ParamRole::kCbsz, "cbsz", kInt, true});
    p.push_back({ParamRole::kAbid, "abid", kInt, true});
    break;
  }
  if (integer) p.push_back({ParamRole::kClamp, "clamp", kBool, true});
  return bi;
}

std::vector<Builtin> make_all() {
  std::vector<Builtin> all;
  auto const add = [&](Builtin b) {
    for (auto& other : all)
      if (other.name == b.name) { // another generation's row of the same builtin
        if (other.signature() != b.signature() || other.wave != b.wave)
          throw std::logic_error(fmt::format("{}: {} on {} and {} on {}", b.name, other.signature(), name(other.gen),
                                             b.signature(), name(b.gen)));
        other.rows.push_back(b.instruction);
        return;
      }
    all.push_back(std::move(b));
  };
  for (auto const& in : catalog()) {
    if (in.builtin_stem.empty()) continue; // the unscaled f8f6f4: no builtin reaches it
    for (int wave : in.wave_sizes()) {
      add(derive(in, wave, false));
      bool const tied_form = in.gen == Generation::kGfx11 && (in.mod_rules().op_sel_defined & 0b100);
      if (tied_form) add(derive(in, wave, true));
    }
  }
  return all;
}

} // namespace

std::string CType::short_name() const {
  auto const& s = kScalars[static_cast<int>(scalar)];
  return lanes == 1 ? std::string(s.alone) : fmt::format("v{}{}", lanes, s.vector_suffix);
}

std::string CType::c_name() const {
  auto const& s = kScalars[static_cast<int>(scalar)];
  if (lanes == 1) return std::string(s.c_name);
  return fmt::format("{} __attribute__((ext_vector_type({})))", s.c_name, lanes);
}

std::string Builtin::signature() const {
  std::string out = ret.short_name() + " (";
  for (size_t i = 0; i < params.size(); ++i)
    out += fmt::format("{}{}{}{} {}", params[i].optional ? "[" : "", i ? ", " : "", params[i].constant ? "const " : "",
                       params[i].type.short_name(), params[i].name);
  for (auto const& p : params)
    if (p.optional) out += "]";
  return out + ")";
}

std::string Builtin::prototype() const {
  std::string out = fmt::format("{} {}(", ret.c_name(), name);
  for (size_t i = 0; i < params.size(); ++i)
    out += fmt::format("{}{}{} {}", i ? ", " : "", params[i].constant ? "const " : "", params[i].type.c_name(),
                       params[i].name);
  return out + ");";
}

std::span<Builtin const> builtins() {
  static std::vector<Builtin> const all = make_all();
  return all;
}

Builtin const* find_builtin(std::string_view name) {
  std::string const full = name.starts_with(kPrefix) ? std::string(name) : fmt::format("{}{}", kPrefix, name);
  for (auto const& b : builtins())
    if (b.name == full) return &b;
  return nullptr;
}

std::vector<Builtin const*> builtins_of(Instruction const& in, int wave) {
  std::vector<Builtin const*> out;
  for (auto const& b : builtins())
    if (b.wave == wave && b.instruction_on(in.gen) == &in) out.push_back(&b);
  return out;
}

Instruction const* Builtin::instruction_on(Generation g) const {
  for (auto const* in : rows)
    if (in->gen == g) return in;
  return nullptr;
}

BuiltinStatus builtin_status(Builtin const& b, Arch const& arch, int wave) {
  bool const wave_ok = b.wave == wave;
  if (b.instruction_on(arch.gen)) return wave_ok ? BuiltinStatus::kOk : BuiltinStatus::kSemaError;
  // clang checks the builtin's features only, the backend the instruction: gfx12 has gfx11-insts, so
  // the gfx11 builtins pass Sema there and fail selection; gfx1250 has both, and selects neither
  // (reference/gfx1250.md §4.2, trap 4); the CDNA builtins alike on a later CDNA target.
  return has_features(arch, wave, b.feature) ? BuiltinStatus::kBackendCrash : BuiltinStatus::kSemaError;
}

std::string_view name(BuiltinStatus s) {
  constexpr std::string_view kNames[] = {"ok", "sema-error", "backend-crash"};
  return kNames[static_cast<int>(s)];
}

std::string builtin_diagnostic(Builtin const& b, Arch const& arch, int wave) {
  switch (builtin_status(b, arch, wave)) {
  case BuiltinStatus::kOk:
    return {};
  case BuiltinStatus::kSemaError:
    return fmt::format("'{}' needs target feature {}", b.name, b.feature);
  case BuiltinStatus::kBackendCrash: {
    std::string where;
    for (auto const* in : b.rows) where += fmt::format("{}{}", where.empty() ? "" : ", ", name(in->gen));
    return fmt::format("'{}' is accepted by clang-22 on {} but its instruction does not exist there (the backend "
                       "fails with \"Cannot select\"); it exists on {}",
                       b.name, arch.name, where);
  }
  }
  return {};
}

} // namespace wavemma::isa
