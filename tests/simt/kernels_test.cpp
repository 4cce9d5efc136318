// HIP sources in the seeds' style (tests/simt/kernels/*.hip), compiled for the host, run on the
// CPU and compared bit for bit with the chain of single-instruction emulations in K order on the
// matrices themselves (emu's matrix path: no register layout involved, so the kernels' lane
// mappings are checked too). The same files compile for the GPU (simt_amd_test, label amd).

#include "kernels/mfma_gemm.hip"
#include "kernels/wmma_gemm.hip"
#include "simt_test.hpp"
#include "wavemma/emu/emulator.hpp"

#include <bit>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

namespace wavemma::simt::test {
namespace {

struct Problem {
  int m, n, k;
  std::vector<_Float16> a, b; // row-major M x K and K x N
};

Problem random_problem(int m, int n, int k, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto value = [&](double scale) {
    double const v = std::ldexp(1.0 + double(rng() % 1024) / 1024.0, int(rng() % 5) - 2) * scale;
    return static_cast<_Float16>(rng() % 2 ? -v : v);
  };
  Problem p{m, n, k, std::vector<_Float16>(size_t(m) * size_t(k)), std::vector<_Float16>(size_t(k) * size_t(n))};
  for (auto& x : p.a) x = value(1.0);
  for (auto& x : p.b) x = value(0.5); // A and B drawn differently: an A/B mix-up shows
  return p;
}

// C from tm x tn x tk instructions chained over K, each on the matrices themselves.
std::vector<float> emulated_gemm(Problem const& p, isa::Generation gen, char const* mnemonic, int tm, int tn, int tk) {
  isa::Instruction const* in = isa::find_instruction(gen, mnemonic);
  emu::Issue const issue{in, in->default_wave(), {}};
  std::vector<float> c(size_t(p.m) * size_t(p.n));
  for (int r = 0; r < p.m; r += tm)
    for (int col = 0; col < p.n; col += tn) {
      emu::Matrix acc(1, tm, tn);
      for (int k0 = 0; k0 < p.k; k0 += tk) {
        emu::Matrix a(1, tm, tk), b(1, tk, tn);
        for (int i = 0; i < tm; ++i)
          for (int k = 0; k < tk; ++k) a.at(0, i, k) = std::bit_cast<uint16_t>(p.a[size_t((r + i) * p.k + k0 + k)]);
        for (int k = 0; k < tk; ++k)
          for (int j = 0; j < tn; ++j) b.at(0, k, j) = std::bit_cast<uint16_t>(p.b[size_t((k0 + k) * p.n + col + j)]);
        acc = emu::execute(issue, a, b, acc);
      }
      for (int i = 0; i < tm; ++i)
        for (int j = 0; j < tn; ++j)
          c[size_t((r + i) * p.n + col + j)] = std::bit_cast<float>(static_cast<uint32_t>(acc.at(0, i, j)));
    }
  return c;
}

void expect_same_bits(std::vector<float> const& got, std::vector<float> const& want, Problem const& p) {
  ASSERT_EQ(got.size(), want.size());
  int mismatches = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::bit_cast<uint32_t>(got[i]) != std::bit_cast<uint32_t>(want[i]) && mismatches++ < 5)
      ADD_FAILURE() << "C[" << i / size_t(p.n) << "][" << i % size_t(p.n) << "] = " << got[i] << ", emulated "
                    << want[i];
  EXPECT_EQ(mismatches, 0);
  // And it is a GEMM: close to the f64 product.
  for (int i = 0; i < p.m; ++i)
    for (int j = 0; j < p.n; ++j) {
      double ref = 0;
      for (int k = 0; k < p.k; ++k) ref += double(p.a[size_t(i * p.k + k)]) * double(p.b[size_t(k * p.n + j)]);
      ASSERT_NEAR(got[size_t(i * p.n + j)], ref, 1e-3 * (1 + std::abs(ref))) << i << " " << j;
    }
}

TEST(SimtKernels, WmmaGemmEqualsTheEmulatedChain) {
  ScopedTarget t("gfx1201");
  Problem const p = random_problem(64, 96, 64, 7);
  auto const want = emulated_gemm(p, isa::Generation::kGfx12, "v_wmma_f32_16x16x16_f16", 16, 16, 16);
  for (bool hardware_transpose : {false, true}) {
    std::vector<float> c(size_t(p.m) * size_t(p.n));
    ASSERT_EQ(wmma_gemm::run(p.a.data(), p.b.data(), c.data(), p.m, p.n, p.k, hardware_transpose), hipSuccess);
    expect_same_bits(c, want, p);
  }
}

TEST(SimtKernels, BothCoresGiveTheBitsOfOneThread) {
  ScopedTarget t("gfx1201");
  Problem const p = random_problem(96, 128, 48, 11);
  std::vector<float> one(size_t(p.m) * size_t(p.n)), all(one.size());
  {
    ScopedThreads single(1);
    ASSERT_EQ(wmma_gemm::run(p.a.data(), p.b.data(), one.data(), p.m, p.n, p.k, true), hipSuccess);
  }
  {
    ScopedThreads two(2);
    ASSERT_EQ(wmma_gemm::run(p.a.data(), p.b.data(), all.data(), p.m, p.n, p.k, true), hipSuccess);
  }
  EXPECT_EQ(std::memcmp(one.data(), all.data(), one.size() * sizeof(float)), 0);
}

TEST(SimtKernels, MfmaGemmEqualsTheEmulatedChain) {
  ScopedTarget t("gfx942");
  Problem const p = random_problem(64, 96, 40, 3);
  std::vector<float> c(size_t(p.m) * size_t(p.n));
  ASSERT_EQ(mfma_gemm::run(p.a.data(), p.b.data(), c.data(), p.m, p.n, p.k), hipSuccess);
  expect_same_bits(c, emulated_gemm(p, isa::Generation::kGfx94x, "v_mfma_f32_32x32x8_f16", 32, 32, 8), p);
}

// The kernel needs its target: on gfx942 the WMMA builtin is missing, and run() says so.
TEST(SimtKernels, WrongTargetIsAnError) {
  ScopedTarget t("gfx942");
  Problem const p = random_problem(32, 32, 16, 5);
  std::vector<float> c(32 * 32);
  testing::internal::CaptureStderr();
  EXPECT_EQ(wmma_gemm::run(p.a.data(), p.b.data(), c.data(), 32, 32, 16, false), hipErrorInvalidDeviceFunction);
  std::string const err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("kernel gemm, block (0,0,0), wave 0: lanes 0-63"), std::string::npos) << err;
  EXPECT_NE(err.find("wmma_gemm.hip:"), std::string::npos) << err; // HIP_CHECK's line
}

std::string read(std::string const& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// docs/simt.md shows kernels/wmma_16x16.hip verbatim (CTest simt_example_wmma runs it).
TEST(SimtKernels, TheDocumentedExampleIsTheTestedFile) {
  std::string const doc = read(WAVEMMA_SOURCE_DIR "/docs/simt.md");
  std::string const example = read(WAVEMMA_SOURCE_DIR "/tests/simt/kernels/wmma_16x16.hip");
  ASSERT_FALSE(example.empty());
  EXPECT_NE(doc.find("```cpp\n" + example + "```"), std::string::npos)
      << "docs/simt.md must contain tests/simt/kernels/wmma_16x16.hip in a ```cpp block";
}

} // namespace
} // namespace wavemma::simt::test
