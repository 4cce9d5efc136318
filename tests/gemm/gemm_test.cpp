// Every GEMM policy on every family it runs on, square and ragged: the kernel (on the SIMT
// runtime) must equal the chain of single-instruction emulations bit for bit and lie within the
// input format's tolerance of an f64 reference. Both sides of the bit-exact check read the catalog,
// so two checks owe it nothing: the layouts the kernel uses are the reference formulas
// (tests/support/layout_reference.hpp), and on exactly representable inputs the result is the exact
// product. Policies written in the seeds' idiom plug in unchanged, and the seeds' mistakes are caught.

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "seed_style_policies.hpp"
#include "support/layout_reference.hpp"
#include "support/reference_registers.hpp"
#include "support/process.hpp"
#include "run_policy.hpp" // src/gemm

namespace wavemma::gemm {
namespace {

struct Size {
  int m, n, k;
};

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Runs f(policy, arch) for every policy on every generation's default architecture it runs on
// (the catalog's generations: a new one is tested when it arrives); returns how many policies ran.
template <class F>
size_t for_each_policy_and_arch(F const& f) {
  std::set<PolicyInfo const*> ran;
  for (auto const& p : policies())
    for (auto const& g : isa::generations()) {
      auto const* arch = &isa::default_arch(g.gen);
      if (!p.runs_on(*arch)) continue;
      ran.insert(&p);
      f(p, arch);
    }
  return ran.size();
}

RunOptions options(PolicyInfo const& p, isa::Arch const* arch, Size s) {
  RunOptions o;
  o.arch = arch;
  o.policy = std::string(p.name);
  o.m = s.m, o.n = s.n, o.k = s.k;
  return o;
}

TEST(Gemm, EveryPolicyPassesBothChecksOnItsArchitectures) {
  // Under the sanitizers a smaller square keeps the run short; the ragged size stays.
  std::vector<Size> const sizes = {kSanitized ? Size{96, 96, 96} : Size{256, 256, 256}, Size{200, 136, 72}};
  int runs = 0;
  size_t const ran = for_each_policy_and_arch([&](PolicyInfo const& p, isa::Arch const* arch) {
    for (auto const& s : sizes) {
      RunOptions o = options(p, arch, s);
      o.seed = 7;
      RunResult const r = run(o);
      SCOPED_TRACE(fmt::format("{} on {} {}x{}x{}", p.name, arch->name, s.m, s.n, s.k));
      EXPECT_TRUE(r.launch_error.empty()) << r.launch_error;
      EXPECT_TRUE(r.bitwise_equal) << r.mismatches << " mismatches; first " << r.first_mismatch;
      EXPECT_LE(r.max_error_over_tolerance, 1.0) << "max |error| " << r.max_abs_error;
      EXPECT_TRUE(r.passed);
      ++runs;
    }
  });
  std::cout << "[gemm] " << runs << " policy runs passed both checks\n";
  EXPECT_EQ(ran, policies().size()) << "every policy runs somewhere";
}

// --- the independent sides of the bit-exact check ------------------------------------------------

// On exactly representable inputs the exact product is the only right answer, in any order of
// accumulation: every policy's C must equal it exactly (the f64 reference sums exact products
// exactly here).
TEST(Gemm, ExactlyRepresentableInputsGiveTheExactProduct) {
  size_t const ran = for_each_policy_and_arch([&](PolicyInfo const& p, isa::Arch const* arch) {
    RunOptions o = options(p, arch, {104, 72, 200});
    o.values = RunOptions::Values::kSmallIntegers;
    RunResult const r = run(o);
    SCOPED_TRACE(fmt::format("{} on {}", p.name, arch->name));
    EXPECT_TRUE(r.launch_error.empty()) << r.launch_error;
    EXPECT_EQ(r.max_abs_error, 0.0);
    EXPECT_TRUE(r.bitwise_equal) << r.first_mismatch;
  });
  EXPECT_EQ(ran, policies().size());
}

// The layouts the kernel gathers and scatters with (generated/instructions.hpp) are the formulas
// of layouts.md, transcribed independently in tests/support: every (lane, n) an operand's routing
// holds is a place the formulas give its element, and every place the formulas give is held.
template <class L>
void expect_reference_layout(isa::Instruction const& in, int wave, isa::Operand op, char const* name,
                             isa::Modifiers const& mods) {
  long held = 0, expected = 0;
  for (int lane = 0; lane < wave; ++lane)
    for (int n = 0; n < L::slots; ++n) {
      if (!L::holds(lane, n)) continue;
      ++held;
      isa::Coord const c{L::block(lane, n), L::row(lane, n), L::col(lane, n)};
      isa::Place const want{n * L::elem_bits / 32, lane, n * L::elem_bits % 32,
                            n * L::elem_bits % 32 + std::min(L::elem_bits, 64) - 1};
      auto const places = test::reference(in, wave, op, c, mods);
      ASSERT_NE(std::find(places.begin(), places.end(), want), places.end())
          << in.mnemonic << " w" << wave << " " << name << ": lane " << lane << " n " << n << " -> (" << c.block << ", "
          << c.row << ", " << c.col << "), which the formulas do not place there";
    }
  auto const e = test::extents_of(in, op);
  for (int b = 0; b < e.blocks; ++b)
    for (int r = 0; r < e.rows; ++r)
      for (int c = 0; c < e.cols; ++c)
        expected += static_cast<long>(test::reference(in, wave, op, {b, r, c}, mods).size());
  EXPECT_EQ(held, expected) << in.mnemonic << " w" << wave << " " << name;
}

template <class P>
void check_policy_layouts(int& checked) {
  if constexpr (!std::is_void_v<typename P::instruction>) {
    using I = typename P::instruction;
    auto const is = detail::issue_of<P>(); // the policy's formats (f8f6f4); no other modifier moves a layout here
    isa::Modifiers mods;
    mods.cbsz = is.instruction->mod_rules().format_select ? is.mods.cbsz : 0;
    mods.blgp = is.instruction->mod_rules().format_select ? is.mods.blgp : 0;
    mods.matrix_fmt = is.mods.matrix_fmt; // gfx1250's f8f6f4
    auto const* in = is.instruction;
    expect_reference_layout<typename I::A>(*in, I::wave, isa::Operand::kA, "A", mods);
    expect_reference_layout<typename I::B>(*in, I::wave, isa::Operand::kB, "B", mods);
    expect_reference_layout<typename I::D>(*in, I::wave, isa::Operand::kD, "D", mods);
    if constexpr (I::sparse)
      expect_reference_layout<typename I::Index>(*in, I::wave, isa::Operand::kIndex, "Index", mods);
    if constexpr (P::scaled) {
      expect_reference_layout<typename I::SA>(*in, I::wave, isa::Operand::kScaleA, "SA", mods);
      expect_reference_layout<typename I::SB>(*in, I::wave, isa::Operand::kScaleB, "SB", mods);
    }
    ++checked;
  }
}
template <class... P>
int check_layouts(PolicyList<P...>) {
  int checked = 0;
  (check_policy_layouts<P>(checked), ...);
  return checked;
}

TEST(Gemm, TheKernelsLayoutsAreTheReferenceFormulas) {
  int const checked = check_layouts(AllPolicies{});
  int matrix_policies = 0;
  for (auto const& p : policies()) matrix_policies += !p.instruction.empty();
  EXPECT_EQ(checked, matrix_policies);
}

// --- the seeds' interface ------------------------------------------------------------------------

namespace ss = seed_style;
// clang-format off
using SeedWmma       = Policy<"seed_wmma_f16",    Gen::kGfx12,  32, ss::SingleBufferTilePolicy<_Float16, 32, 32, 16>,         ss::WmmaRdna4F16Policy,  instr::gfx12_wmma_f32_16x16x16_f16_w32>;
using SeedWmmaDouble = Policy<"seed_wmma_f16_db", Gen::kGfx12,  32, ss::SoftwareDoubleBufferTilePolicy<_Float16, 32, 32, 32>, ss::WmmaRdna4F16Policy,  instr::gfx12_wmma_f32_16x16x16_f16_w32>;
using SeedMfma       = Policy<"seed_mfma_xf32",   Gen::kGfx94x, 64, ss::SingleBufferTilePolicy<float, 32, 32, 16>,            ss::MfmaCdna3XF32Policy, instr::gfx94x_mfma_f32_16x16x8_xf32_w64>;
using SeedScalar     = Policy<"seed_scalar_f32",  kAnyGeneration,     0, ss::SoftwareDoubleBufferTilePolicy<float, 32, 32, 8>,     ss::ScalarFMAPolicy<4, 4, 8>>;
// clang-format on

template <class P>
void expect_passes(char const* arch, Size s, RunOptions::Values values = RunOptions::Values::kRandom) {
  RunOptions o;
  o.arch = isa::find_arch(arch);
  o.m = s.m, o.n = s.n, o.k = s.k;
  o.values = values;
  RunResult const r = detail::run_policy<P>(o);
  SCOPED_TRACE(fmt::format("{} on {} {}x{}x{}", P::name, arch, s.m, s.n, s.k));
  EXPECT_TRUE(r.launch_error.empty()) << r.launch_error;
  EXPECT_TRUE(r.bitwise_equal) << r.mismatches << " mismatches; first " << r.first_mismatch;
  EXPECT_TRUE(r.passed) << "max |error| / tolerance " << r.max_error_over_tolerance;
  if (values == RunOptions::Values::kSmallIntegers) EXPECT_EQ(r.max_abs_error, 0.0);
}

TEST(GemmSeedInterface, SeedStylePoliciesPlugIntoTheGenericKernelUnchanged) {
  for (Size s : {Size{64, 64, 64}, Size{72, 40, 56}}) {
    expect_passes<SeedWmma>("gfx1201", s);
    expect_passes<SeedWmmaDouble>("gfx1201", s);
    expect_passes<SeedMfma>("gfx942", s);
    expect_passes<SeedScalar>("gfx1201", s);
    expect_passes<SeedWmma>("gfx1201", s, RunOptions::Values::kSmallIntegers);
    expect_passes<SeedMfma>("gfx942", s, RunOptions::Values::kSmallIntegers);
  }
}

// The seeds' WmmaRdna4F16Policy loads K contiguously (lanes 0-15 hold K 0-7, seed-errata.md §A.1).
// The product is mathematically the same, so the f64 check passes -- but the hardware
// accumulates in the documented K groups, and the bit-exact check sees the difference.
TEST(GemmSeedInterface, TheSeedsContiguousKOrderFailsTheBitExactCheckOnly) {
  using Contiguous =
      Policy<"seed_wmma_f16_contiguous_k", Gen::kGfx12, 32, ss::SingleBufferTilePolicy<_Float16, 32, 32, 16>,
             ss::WmmaRdna4F16ContiguousKPolicy, instr::gfx12_wmma_f32_16x16x16_f16_w32>;
  RunOptions o;
  o.arch = isa::find_arch("gfx1201");
  o.m = o.n = o.k = 64;
  RunResult const seed = detail::run_policy<Contiguous>(o);
  EXPECT_TRUE(seed.launch_error.empty()) << seed.launch_error;
  EXPECT_FALSE(seed.bitwise_equal);
  EXPECT_GT(seed.mismatches, 0);
  EXPECT_LE(seed.max_error_over_tolerance, 1.0) << "the product itself is right";
  // The documented layout, same everything else: bit-exact.
  RunResult const right = detail::run_policy<SeedWmma>(o);
  EXPECT_TRUE(right.bitwise_equal) << right.first_mismatch;
}

// The seeds' RDNA4 scalar fallback (8x8 thread tiles in a 32x32 block, effective_lanes 32, and
// the kernel's threads = tiles x effective_lanes) puts 32 threads on each tile (errata §A.3): the
// runner refuses it before the launch, saying why.
TEST(GemmSeedInterface, ThreadTilesThatDoNotCoverTheBlockAreRefused) {
  using Overrun = Policy<"seed_scalar_overrun", kAnyGeneration, 0, ss::SingleBufferTilePolicy<float, 32, 32, 8>,
                         ss::ScalarFMAPolicy<8, 8, 4, 32>>;
  RunOptions o;
  o.arch = isa::find_arch("gfx1201");
  o.m = o.n = o.k = 32;
  RunResult const r = detail::run_policy<Overrun>(o);
  EXPECT_EQ(r.launch_error,
            "seed_scalar_overrun: threads 0 and 1 share a unit of 32 lanes but have tiles at (0, 0) and (0, 8)");
  EXPECT_FALSE(r.passed);
}

// A policy that lacks a member the kernel calls fails to compile with one error, which names it.
TEST(GemmSeedInterface, AMissingMemberIsOneClearCompileError) {
  struct Case {
    char const* name;
    char const* policy; // a TilePolicy `Tile` and a ComputePolicy `Compute` for the kernel
    char const* message;
  };
  // clang-format off
  Case const cases[] = {
    {"no_acquire", "struct Tile : ss::SingleBufferTilePolicy<_Float16, 32, 32, 16> { static void acquire(int, int); };\n"
                   "using Compute = ss::WmmaRdna4F16Policy;",
                   "TilePolicy needs static void acquire(int t)"},
    {"no_buf_idx", "template <class T> struct Hide : T { static void buf_idx() {} };\n"
                   "using Tile = Hide<ss::SoftwareDoubleBufferTilePolicy<_Float16, 32, 32, 16>>;\nusing Compute = ss::WmmaRdna4F16Policy;",
                   "TilePolicy needs static int buf_idx(int t)"},
    {"no_store_c", "using Tile = ss::SingleBufferTilePolicy<_Float16, 32, 32, 16>;\n"
                   "struct Compute : ss::WmmaRdna4F16Policy { static void store_c(); };",
                   "ComputePolicy needs static void store_c(const Accumulator&"},
    {"no_k_step",  "using Tile = ss::SingleBufferTilePolicy<float, 32, 32, 16>;\n"
                   "struct Compute { static constexpr int thread_tile_m = 4, thread_tile_n = 4, effective_lanes = 1;\n"
                   "  using elem_a = float; using elem_b = float; struct Accumulator { float v; }; };",
                   "ComputePolicy needs static constexpr int thread_tile_m, thread_tile_n, effective_lanes, k_step"},
  };
  // clang-format on
  for (auto const& c : cases) {
    std::string const path = ::testing::TempDir() + "gemm_policy_" + c.name + ".cpp";
    std::ofstream(path)
        << "#include \"seed_style_policies.hpp\"\n#include <wavemma/gemm/kernel.hpp>\nnamespace ss = seed_style;\n"
        << c.policy << "\n[[maybe_unused]] auto* kernel = &wavemma::gemm::matrix_multiply_generic<Tile, Compute, "
        << (std::string(c.policy).find("float, 32") != std::string::npos ? "float" : "_Float16") << ">;\n";
    auto const r = test::run("clang++-22 -std=c++20 -fsyntax-only -I" WAVEMMA_SOURCE_DIR
                             "/include -I" WAVEMMA_SOURCE_DIR "/tests/gemm " +
                             path);
    EXPECT_NE(r.status, 0) << c.name;
    size_t errors = 0;
    for (size_t at = r.output.find("error:"); at != std::string::npos; at = r.output.find("error:", at + 1)) ++errors;
    EXPECT_EQ(errors, 1u) << c.name << ":\n" << r.output.substr(0, 4000);
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.name << ":\n" << r.output.substr(0, 4000);
  }
}

// --- the rest ------------------------------------------------------------------------------------

// A device buffer is freed when the run leaves its scope, also by an exception (a failed check).
TEST(Gemm, DeviceBuffersAreFreedWhenACheckThrows) {
  simt::set_target("gfx1201", 32);
  void const* first = nullptr;
  void const* second = nullptr;
  auto run_and_throw = [&] {
    detail::DeviceBuffer<float> const a(std::vector<float>(64, 1.0f), "A");
    detail::DeviceBuffer<double> const b(8, "B");
    first = a.data();
    second = b.data();
    hipPointerAttribute_t at{};
    EXPECT_EQ(hipPointerGetAttributes(&at, first), hipSuccess);
    EXPECT_EQ(at.type, hipMemoryTypeDevice);
    detail::hip_check(hipErrorInvalidValue, "hipMemcpy", "C");
  };
  EXPECT_THROW(run_and_throw(), std::runtime_error);
  hipPointerAttribute_t at{};
  for (void const* p : {first, second}) {
    ASSERT_EQ(hipPointerGetAttributes(&at, p), hipSuccess);
    EXPECT_NE(at.type, hipMemoryTypeDevice) << p << " is still a device allocation";
  }
}

// Each policy carries its name; the registry shows it as written here.
TEST(Gemm, PoliciesCarryTheirNames) {
  struct Case {
    char const* policy;
    char const* arch;
    char const* tile;
    char const* compute;
  };
  // clang-format off
  Case const cases[] = {
    {"scalar_fma_f32_db", "gfx942",  "LdsTile<64x64x16, 2 buffers>", "ScalarFma<f32, 4, 4>"},
    {"scalar_fma_f64",    "gfx942",  "LdsTile<32x32x16>",            "ScalarFma<f64, 2, 2>"},
    {"wmma_f16_tr",       "gfx1201", "TransposeLoadTile<32x32x32>",  "MatrixCore<v_wmma_f32_16x16x16_f16>"},
    {"swmmac_f16",        "gfx1201", "SparseLdsTile<32x32x32>",      "MatrixCore<v_swmmac_f32_16x16x32_f16>"},
    {"mfma_f32_2b_m",     "gfx942",  "LdsTile<128x64x16>",           "MatrixCore<v_mfma_f32_32x32x1_2b_f32, blocks 2x1>"},
    {"mfma_f16_tr",       "gfx950",  "RowMajorBTile<32x32x32>",      "MatrixCore<v_mfma_f32_16x16x32_f16, B by ds_read_tr16>"},
    {"mfma_scale_fp4",    "gfx950",  "LdsTile<32x32x128>",           "ScaledMatrixCore<v_mfma_scale_f32_16x16x128_f8f6f4 fp4>"},
    {"wmma_fp8",          "gfx1250", "LdsTile<32x32x64>",            "MatrixCore<v_wmma_f32_16x16x64_fp8_fp8>"},
    {"wmma_scale_fp4",    "gfx1251", "LdsTile<32x32x128>",           "ScaledMatrixCore<v_wmma_scale_f32_16x16x128_f8f6f4 fp4>"},
  };
  // clang-format on
  for (auto const& c : cases) {
    auto const* p = find_policy(c.policy, *isa::find_arch(c.arch));
    ASSERT_NE(p, nullptr) << c.policy;
    EXPECT_EQ(p->tile_policy, c.tile) << c.policy;
    EXPECT_EQ(p->compute_policy, c.compute) << c.policy;
  }
  EXPECT_EQ(detail::info_of<SeedWmma>().tile_policy, "(unnamed)") << "a seed-style policy carries no name";
}

TEST(Gemm, BadRequestsAreRejected) {
  RunOptions o;
  o.arch = isa::find_arch("gfx1100");
  o.policy = "mfma_f16";
  EXPECT_THROW(run(o), std::invalid_argument); // a CDNA3 policy on RDNA3
  o.policy = "no_such_policy";
  EXPECT_THROW(run(o), std::invalid_argument);
  o.policy = "wmma_f16";
  o.k = 0;
  EXPECT_THROW(run(o), std::invalid_argument);
  o.arch = isa::find_arch("gfx1201");
  o.policy = "swmmac_f16";
  o.k = 30; // not whole groups of four
  EXPECT_THROW(run(o), std::invalid_argument);
}

TEST(Gemm, ModelledTimeFollowsTheInstructionCycles) {
  auto const* arch = isa::find_arch("gfx942");
  auto const* p = find_policy("mfma_f16", *arch);
  ASSERT_NE(p, nullptr);
  auto const* mi300x = isa::find_gpu("mi300x");
  Model const m = model_on_gpu(*p, *arch, *mi300x, 1024, 1024, 1024);
  // 16x16x16 tiles: 64 * 64 * 64 issues of 16 cycles over 4 * 304 matrix units at 2100 MHz.
  EXPECT_EQ(m.issues, 64L * 64 * 64);
  EXPECT_NEAR(m.seconds, 64.0 * 64 * 64 * 16 / (4.0 * 304) / 2.1e9, 1e-12);
  // A two-block instruction covers two 32x32 tiles per issue: 32 * 32 tiles / 2 blocks, K 1.
  auto const* two_blocks = find_policy("mfma_f32_2b", *arch);
  ASSERT_NE(two_blocks, nullptr);
  Model const m2 = model_on_gpu(*two_blocks, *arch, *mi300x, 1024, 1024, 1024);
  EXPECT_EQ(m2.issues, 32L * 32 / 2 * 1024);
  EXPECT_NEAR(m2.seconds, 32.0 * 32 / 2 * 1024 * 64 / (4.0 * 304) / 2.1e9, 1e-12);
}

} // namespace
} // namespace wavemma::gemm
