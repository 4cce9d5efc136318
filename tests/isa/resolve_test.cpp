// User input -> catalog objects: the defaults, and one line per rejected input with its message.

#include <gtest/gtest.h>

#include <algorithm>

#include "wavemma/isa/resolve.hpp"

namespace wavemma::isa {
namespace {

TEST(Resolve, DefaultArchitectures) {
  std::vector<std::string_view> names;
  for (auto const* a : default_architectures()) names.push_back(a->name);
  // One per generation; the flagship where the generation's first part is not (gfx1200, gfx940).
  EXPECT_EQ(names.size(), generations().size());
  for (char const* flagship : {"gfx1100", "gfx1201", "gfx908", "gfx90a", "gfx942", "gfx950"})
    EXPECT_NE(std::find(names.begin(), names.end(), flagship), names.end()) << flagship;
}

TEST(Resolve, Targets) {
  Target t = resolve_target("v_mfma_f32_16x16x8_xf32", "", 0); // gfx942 only
  EXPECT_EQ(t.arch->name, "gfx942");
  EXPECT_EQ(t.wave, 64);
  t = resolve_target("v_mfma_f32_16x16x16_f16", "cdna4", 0);
  EXPECT_EQ(t.arch->name, "gfx950");
  t = resolve_target("mfma_f32_16x16x16f16", "gfx908", 0); // a builtin shared by four generations
  EXPECT_EQ(t.instruction->mnemonic, "v_mfma_f32_16x16x16f16");
  t = resolve_target("v_mfma_f32_16x16x16_f16", "", 0); // also gfx950's: CDNA3 is the preferred CDNA
  EXPECT_EQ(t.arch->name, "gfx942");
  EXPECT_EQ(t.wave, 64);
  t = resolve_target("wmma_f32_16x16x16_f16_w64_gfx12", "", 0); // a builtin fixes generation and wave
  EXPECT_EQ(t.arch->name, "gfx1201");
  EXPECT_EQ(t.wave, 64);
  t = resolve_target("V_WMMA_F32_16x16x16_F16", "RDNA3", 0); // any case
  EXPECT_EQ(t.arch->name, "gfx1100");
  EXPECT_EQ(t.wave, 32);
}

TEST(Resolve, Listings) {
  EXPECT_EQ(list_targets("gfx1201", "", 0).size(), 22u); // RDNA4's wave32 rows
  EXPECT_EQ(list_targets("gfx1201", "swmmac", 64).size(), 11u);
  size_t all = 0;
  for (auto const* a : default_architectures()) all += instructions_of(a->gen).size() * a->wave_sizes().size();
  EXPECT_EQ(list_targets("", "", 0).size(), all);
  EXPECT_THROW(list_targets("gfx942", "", 32), InputError);
  EXPECT_THROW(list_targets("", "wmmma", 0), InputError);
}

struct Rejected {
  char const* instruction;
  char const* arch;
  int wave;
  char const* message;
};

TEST(Resolve, RejectedTargets) {
  // clang-format off
  Rejected const cases[] = {
    {"v_wmma_f32_16x16x16_f16",  "",        0,  "v_wmma_f32_16x16x16_f16 exists on gfx11 and gfx12: choose with --arch (e.g. --arch gfx1201)"},
    {"v_wmma_f32_16x16x16_f1",   "gfx1201", 0,  "unknown instruction 'v_wmma_f32_16x16x16_f1'; did you mean v_wmma_f32_16x16x16_f16?"},
    {"v_mfma_f32_16x16x16_f16",  "gfx1201", 0,  "gfx1201 lacks instruction v_mfma_f32_16x16x16_f16: CDNA3 has it (gfx940, gfx941, gfx942)"},
    {"v_mfma_f32_16x16x16_f16",  "gfx9",    0,  "unknown architecture 'gfx9' (known: "},
    {"V_MFMA_F32_16X16X16_F16\x01", "",     0,  "unknown instruction 'V_MFMA_F32_16X16X16_F16\\x01'"},
    {"v_mfma_i32_32x32x8i8",     "",        0,  "v_mfma_i32_32x32x8i8 exists on gfx908 and gfx90a: choose with --arch (e.g. --arch gfx90a)"},
    {"v_mfma_f32_16x16x8_xf32",  "",        32, "gfx942 has no wave32 (CDNA3 runs wave64 only)"},
    {"v_mfma_f32_16x16x8_xf32",  "",        48, "--wave takes 32 or 64 (got '48')"},
    {"v_mfma_f32_16x16x8_xf32",  "gfx950",  0,  "gfx950 lacks instruction v_mfma_f32_16x16x8_xf32: CDNA3 has it"},
    {"wmma_f32_16x16x16_f16_w64_gfx12", "", 32, "__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12 is a wave64 builtin, but --wave 32 was given"},
  };
  // clang-format on
  for (auto const& c : cases) {
    try {
      resolve_target(c.instruction, c.arch, c.wave);
      ADD_FAILURE() << c.instruction << " accepted";
    } catch (InputError const& e) {
      EXPECT_TRUE(std::string_view(e.what()).starts_with(c.message)) << e.what();
    }
  }
}

ModifierText with_neg_blgp(std::string neg, int blgp) {
  ModifierText t;
  t.neg = std::move(neg);
  t.blgp = blgp;
  return t;
}

TEST(Resolve, Modifiers) {
  auto const& f64 = *find_instruction(Generation::kGfx94x, "v_mfma_f64_16x16x4_f64");
  EXPECT_EQ(resolve_modifiers(f64, 64, with_neg_blgp("1,0,1", 0), nullptr).blgp, 5); // neg:[a,b,c] in the BLGP bits
  EXPECT_EQ(parse_modifier_bits("--neg-lo", "[1,1]"), (std::array<bool, 3>{true, true, false}));
  EXPECT_THROW(parse_modifier_bits("--neg-lo", "1,2"), InputError);
  EXPECT_THROW(parse_modifier_bits("--neg-lo", "1,0,0,0"), InputError);
  EXPECT_THROW(resolve_modifiers(f64, 64, with_neg_blgp("", 1), nullptr), InputError);
  EXPECT_THROW(resolve_modifiers(f64, 64, with_neg_blgp("1", 1), nullptr), InputError);
  auto const& f16 = *find_instruction(Generation::kGfx94x, "v_mfma_f32_16x16x16_f16");
  EXPECT_THROW(resolve_modifiers(f16, 64, with_neg_blgp("1", 0), nullptr), InputError);
  EXPECT_THROW(resolve_operand(f16, "K"), InputError);
  EXPECT_EQ(resolve_operand(f16, "d"), Operand::kD);
}

TEST(Resolve, Places) {
  auto const& in = *find_instruction(Generation::kGfx94x, "v_mfma_f32_16x16x16_f16");
  auto const L = operand_layout(in, 64, Operand::kA);
  EXPECT_NO_THROW(check_element(L, axis_names(in, Operand::kA), {0, 15, 15}));
  EXPECT_THROW(check_element(L, axis_names(in, Operand::kA), {0, 16, 0}), InputError);
  EXPECT_THROW(check_element(L, axis_names(in, Operand::kA), {1, 0, 0}), InputError);
  EXPECT_NO_THROW(check_register(L, Operand::kA, 63, 1));
  EXPECT_THROW(check_register(L, Operand::kA, 64, 0), InputError);
  EXPECT_THROW(check_register(L, Operand::kA, 0, 2), InputError);
}

} // namespace
} // namespace wavemma::isa
