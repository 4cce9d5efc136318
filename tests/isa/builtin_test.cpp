// Builtins derived from the catalog against clang-22's builtin table as docs/reference/
// instructions.md §4 records it, and (label amd) against clang-22 itself.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "support/markdown.hpp"
#include "support/process.hpp"
#include "wavemma/isa/builtin.hpp"

namespace wavemma::isa {
namespace {

using test::markdown_table;

constexpr char const* kSections[] = {
    "### 4.1 gfx11 builtins",       "### 4.2 gfx12 WMMA builtins",    "### 4.3 gfx12 SWMMAC builtins",
    "### 4.4 gfx942 MFMA builtins", "### 4.5 gfx942 SMFMAC builtins", "### 4.6 gfx908/gfx90a builtins",
    "### 4.7 gfx950 builtins",      "### 4.8 gfx1250 builtins",
};

// The derived builtins are exactly the reference's: each line is one builtin, and each builtin a line.
TEST(Builtins, SignaturesEqualClangsTable) {
  std::set<std::string> listed;
  for (auto const* heading : kSections) {
    for (auto const& r : markdown_table("instructions.md", heading)) {
      EXPECT_TRUE(listed.insert(r[0]).second) << r[0] << " is listed twice";
      Builtin const* b = find_builtin(r[0]);
      ASSERT_NE(b, nullptr) << r[0];
      EXPECT_EQ(b->signature(), r[1]) << r[0];
      EXPECT_EQ(b->feature, r[3]) << r[0];
      EXPECT_EQ(b->instruction->mnemonic, r[2].substr(0, r[2].find(' '))) << r[0];
    }
  }
  for (auto const& b : builtins())
    EXPECT_TRUE(listed.contains(b.name.substr(std::string_view("__builtin_amdgcn_").size())))
        << b.name << " is not in instructions.md §4";
}

TEST(Builtins, GatingRules) {
  auto const* gfx1100 = find_arch("gfx1100");
  auto const* gfx1201 = find_arch("gfx1201");
  auto const* gfx942 = find_arch("gfx942");
  auto const& w11 = *find_builtin("wmma_f32_16x16x16_f16_w32");
  auto const& w12 = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  auto const& w12_64 = *find_builtin("wmma_f32_16x16x16_f16_w64_gfx12");
  auto const& xf32 = *find_builtin("mfma_f32_16x16x8_xf32");
  auto const& old_i8 = *find_builtin("mfma_i32_32x32x8i8");
  EXPECT_EQ(builtin_status(w11, *gfx1100, 32), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(w11, *gfx1201, 32), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(w12, *gfx1100, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(w12_64, *gfx1201, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(w12_64, *gfx1201, 64), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(xf32, *gfx942, 64), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(xf32, *gfx1201, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(old_i8, *gfx942, 64), BuiltinStatus::kBackendCrash);
  // CDNA: the row of the launched generation decides, else clang's feature (observed with clang-22).
  auto const* gfx908 = find_arch("gfx908");
  auto const* gfx90a = find_arch("gfx90a");
  auto const* gfx950 = find_arch("gfx950");
  auto const& f32 = *find_builtin("mfma_f32_32x32x1f32");
  auto const& bf16_1k = *find_builtin("mfma_f32_32x32x4bf16_1k");
  auto const& fp8 = *find_builtin("mfma_f32_16x16x32_fp8_fp8");
  auto const& f16_k32 = *find_builtin("mfma_f32_16x16x32_f16");
  for (auto const* a : {gfx908, gfx90a, gfx942, gfx950})
    EXPECT_EQ(builtin_status(f32, *a, 64), BuiltinStatus::kOk) << a->name;
  EXPECT_EQ(f32.instruction_on(Generation::kGfx908)->mnemonic, "v_mfma_f32_32x32x1f32");
  EXPECT_EQ(f32.instruction_on(Generation::kGfx94x)->mnemonic, "v_mfma_f32_32x32x1_2b_f32");
  EXPECT_EQ(builtin_status(bf16_1k, *gfx908, 64), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(bf16_1k, *gfx90a, 64), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(old_i8, *gfx90a, 64), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(old_i8, *gfx950, 64), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(xf32, *gfx950, 64), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(fp8, *gfx90a, 64), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(fp8, *gfx950, 64), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(f16_k32, *gfx942, 64), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(f16_k32, *gfx950, 64), BuiltinStatus::kOk);
  // gfx1250 implies the gfx11 and gfx12 features and selects neither (reference/gfx1250.md §4.2).
  auto const* gfx1250 = find_arch("gfx1250");
  auto const& g1250 = *find_builtin("wmma_f32_16x16x32_f16");
  EXPECT_EQ(builtin_status(g1250, *gfx1250, 32), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(g1250, *find_arch("gfx1251"), 32), BuiltinStatus::kOk);
  EXPECT_EQ(builtin_status(g1250, *gfx1201, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(w12, *gfx1250, 32), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(w11, *gfx1250, 32), BuiltinStatus::kBackendCrash);
  EXPECT_EQ(builtin_status(w12_64, *gfx1250, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_status(f32, *gfx1250, 32), BuiltinStatus::kSemaError);
  EXPECT_EQ(builtin_diagnostic(g1250, *gfx1201, 32),
            "'__builtin_amdgcn_wmma_f32_16x16x32_f16' needs target feature gfx1250-insts,wavefrontsize32");
  EXPECT_EQ(builtin_diagnostic(w12, *gfx1100, 32),
            "'__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12' needs target feature gfx12-insts,wavefrontsize32");
  EXPECT_EQ(builtin_diagnostic(xf32, *gfx1201, 32),
            "'__builtin_amdgcn_mfma_f32_16x16x8_xf32' needs target feature mai-insts");
}

} // namespace
} // namespace wavemma::isa
