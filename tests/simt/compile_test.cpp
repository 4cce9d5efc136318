// The host builtins take and give exactly clang-22's types, and reject what clang rejects: each
// builtin is called with arguments of the catalog's C types under -flax-vector-conversions=none
// and its result type checked; non-constant or out-of-range immediates and mismatched vector
// types fail to compile. Runs clang++-22 on generated sources.

#include "support/process.hpp"
#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>

namespace wavemma::simt::test {
namespace {

std::string const kCompile = "clang++-22 -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Werror "
                             "-I" WAVEMMA_SOURCE_DIR "/include ";

wavemma::test::RunResult compile(std::string const& name, std::string const& body, std::string const& flags = "") {
  std::string const path = ::testing::TempDir() + "simt_" + name + ".cpp";
  std::ofstream(path) << "#include <wavemma/hip.hpp>\n#include <type_traits>\n" << body;
  return wavemma::test::run(kCompile + flags + " " + path);
}

// Every builtin: arguments of exactly the catalog's types, the result exactly its type.
// The type clang-22 gives a builtin's call: a vector result is a GCC vector (vector_size), the kind
// of clang's builtin table ("V8f"), which converts to the catalog's ext_vector_type of the same
// elements (`d` below) and, under lax vector conversions, to any vector of its size.
std::string clang_result(isa::CType const& t) {
  if (t.lanes == 1) return t.c_name();
  std::string const element = isa::CType{t.scalar, 1}.c_name();
  return fmt::format("{} __attribute__((vector_size({} * sizeof({}))))", element, t.lanes, element);
}

TEST(SimtCompile, EveryBuiltinHasClangsSignature) {
  std::string body;
  int n = 0; // a function per builtin
  for (auto const& b : isa::builtins()) {
    if (b.gen == isa::Generation::kGfx1250) continue; // not SIMT builtins yet (issue 20 item 5)
    std::string decls, args;
    for (auto const& p : b.params) {
      args += args.empty() ? "" : ", ";
      if (p.constant) {
        args += p.type.scalar == isa::CScalar::kBool ? "true" : "0";
      } else {
        decls += fmt::format("  {} {}{{}};\n", p.type.c_name(), p.name);
        args += std::string(p.name);
      }
    }
    body += fmt::format("[[maybe_unused]] void call_{}() {{\n{}  "
                        "static_assert(std::is_same_v<decltype({}({})), {}>);\n"
                        "  [[maybe_unused]] {} d = {}({});\n}}\n",
                        n++, decls, b.name, args, clang_result(b.ret), b.ret.c_name(), b.name, args);
  }
  auto const r = compile("signatures", body, "-flax-vector-conversions=none");
  EXPECT_EQ(r.status, 0) << r.output.substr(0, 3000);
}

// What clang rejects, and the ranges clang does not check but the project must (instructions.md
// §5 rule 5), fail to compile with a message that says why.
TEST(SimtCompile, BadImmediatesAndTypesAreCompileErrors) {
  struct Case {
    char const* name;
    char const* code;
    char const* error;
  };
  // clang-format off
  Case const cases[] = {
    {"runtime_sign",  "int f(bool s, v2i a, v8i c) { return __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(s, a, true, a, c, false)[0]; }",
                      "invalid explicitly-specified argument for template parameter 'a_sign'"},
    {"runtime_cbsz",  "float f(int k, v32f c) { return __builtin_amdgcn_mfma_f32_32x32x1f32(1.0f, 2.0f, c, k, 0, 0)[0]; }",
                      "invalid explicitly-specified argument for template parameter 'cbsz'"},
    {"cbsz_range",    "float f(v32f c) { return __builtin_amdgcn_mfma_f32_32x32x1f32(1.0f, 2.0f, c, 2, 0, 0)[0]; }",
                      "requirement '2 <= 1': cbsz must be 0..log2 of the instruction's blocks"},
    {"cbsz_single",   "float f(v4f c, v4h a) { return __builtin_amdgcn_mfma_f32_16x16x16f16(a, a, c, 1, 0, 0)[0]; }",
                      "requirement '1 <= 0': cbsz must be 0..log2 of the instruction's blocks"},
    {"abid_range",    "float f(v4f c) { return __builtin_amdgcn_mfma_f32_4x4x1f32(1.0f, 2.0f, c, 1, 2, 0)[0]; }",
                      "requirement '1 < 0 || 1 > 7 || 2 < (1 << 1)': abid must be 0..2^cbsz-1"},
    {"blgp_range",    "float f(v4f c) { return __builtin_amdgcn_mfma_f32_4x4x1f32(1.0f, 2.0f, c, 0, 0, 8)[0]; }",
                      "requirement '8 <= 7': blgp must be 0..7"},
    {"smfmac_set",    "float f(v2i a, v4i b, v4f c) { return __builtin_amdgcn_smfmac_f32_16x16x64_fp8_fp8(a, b, c, 0, 0, 2)[0]; }",
                      "requirement '2 <= 1': abid must select one of the instruction's index sets"},
    {"fp16_for_f16",  "float f(v8fp16 a, v8f c) { return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, a, c)[0]; }",
                      "error:"},
    {"f16_for_fp16",  "float f(v8h a, v16fp16 b, v8f c) { return __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, b, c, 0)[0]; }",
                      "error:"},
    {"tr_pointer",    "_Float16 f(v8h* p) { return __builtin_amdgcn_global_load_tr_b128_v8f16(p)[0]; }",
                      "error:"},
  };
  // clang-format on
  std::string const types = R"(
using v2i = int __attribute__((ext_vector_type(2)));
using v4i = int __attribute__((ext_vector_type(4)));
using v8i = int __attribute__((ext_vector_type(8)));
using v4f = float __attribute__((ext_vector_type(4)));
using v8f = float __attribute__((ext_vector_type(8)));
using v32f = float __attribute__((ext_vector_type(32)));
using v4h = _Float16 __attribute__((ext_vector_type(4)));
using v8h = _Float16 __attribute__((ext_vector_type(8)));
using v8fp16 = __fp16 __attribute__((ext_vector_type(8)));
using v16fp16 = __fp16 __attribute__((ext_vector_type(16)));
)";
  // One source, one case per line: clang reports each.
  std::string source = types;
  int const first_line = 3 + static_cast<int>(std::count(types.begin(), types.end(), '\n'));
  for (auto const& c : cases) source += std::string(c.code) + "\n";
  auto const r = compile("bad", source, "-flax-vector-conversions=none -ferror-limit=0");
  EXPECT_NE(r.status, 0);
  for (size_t i = 0; i < std::size(cases); ++i) {
    std::string const at = fmt::format("simt_bad.cpp:{}:", first_line + static_cast<int>(i));
    size_t const where = r.output.find(at);
    EXPECT_NE(where, std::string::npos) << cases[i].name << " compiled";
    EXPECT_NE(r.output.find(cases[i].error), std::string::npos) << cases[i].name << ":\n" << r.output.substr(0, 3000);
  }
  // The good twins of the cases above compile.
  auto const ok = compile("good", types + R"(
float f(v32f c32, v4f c4, v2i a, v4i b) {
  return __builtin_amdgcn_mfma_f32_32x32x1f32(1.0f, 2.0f, c32, 1, 1, 7)[0] +
         __builtin_amdgcn_mfma_f32_4x4x1f32(1.0f, 2.0f, c4, 2, 3, 0)[0] +
         __builtin_amdgcn_smfmac_f32_16x16x64_fp8_fp8(a, b, c4, 0, 0, 1)[0];
}
)",
                          "-flax-vector-conversions=none");
  EXPECT_EQ(ok.status, 0) << ok.output.substr(0, 1500);
}

// Under clang's default lax vector conversions, the seeds' __fp16 vectors reach the gfx12
// builtin that declares _Float16 ones, as with the real builtin (seed-errata.md §A.5).
TEST(SimtCompile, SeedsFp16VectorsConvertUnderLaxConversions) {
  auto const r = compile("lax", R"(
using half8 = __attribute__((ext_vector_type(8))) __fp16;
using float8 = float __attribute__((ext_vector_type(8)));
float8 f(half8 a, half8 b, float8 c) { return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c); }
)");
  EXPECT_EQ(r.status, 0) << r.output.substr(0, 1500);
}

} // namespace
} // namespace wavemma::simt::test
