// The HIP sources the host tests run (kernels/*.hip) compile unchanged for real AMD GPUs with
// clang-22 and the HIP headers (label amd): the assembly holds the matrix instructions, and no
// calls or scratch (the ockl functions of wavemma/hip/device.hpp are inlined).

#include "support/process.hpp"

#include <gtest/gtest.h>
#include <regex>

namespace {

struct Kernel {
  char const* file;
  char const* arch;
  std::vector<char const*> instructions;
};

TEST(SimtAmd, KernelSourcesCompileForTheGpu) {
  // clang-format off
  Kernel const kernels[] = {
    {"wmma_16x16.hip", "gfx1201", {"v_wmma_f32_16x16x16_f16 "}},
    {"wmma_gemm.hip",  "gfx1201", {"v_wmma_f32_16x16x16_f16 ", "global_load_tr_b128 ", "s_barrier"}},
    {"wmma_gemm.hip",  "gfx1200", {"v_wmma_f32_16x16x16_f16 ", "global_load_tr_b128 "}},
    {"mfma_gemm.hip",  "gfx942",  {"v_mfma_f32_32x32x8_f16 "}}, // one wave per block: no s_barrier
  };
  // clang-format on
  for (auto const& k : kernels) {
    std::string const cmd = std::string("clang++-22 -x hip --offload-arch=") + k.arch +
                            " -nogpulib --cuda-device-only -O3 -S -o - -std=c++20 -flax-vector-conversions=none"
                            " -I" WAVEMMA_SOURCE_DIR "/include " WAVEMMA_SOURCE_DIR "/tests/simt/kernels/" +
                            k.file;
    auto const r = wavemma::test::run(cmd);
    ASSERT_EQ(r.status, 0) << cmd << "\n" << r.output.substr(0, 3000);
    for (char const* instruction : k.instructions)
      EXPECT_NE(r.output.find(instruction), std::string::npos) << k.file << " for " << k.arch << ": no " << instruction;
    EXPECT_EQ(r.output.find("s_swappc_b64"), std::string::npos) << k.file << ": a call";
    EXPECT_EQ(r.output.find("scratch_"), std::string::npos) << k.file << ": scratch";
    std::regex const no_private(R"(\.amdhsa_private_segment_fixed_size 0\b)");
    EXPECT_TRUE(std::regex_search(r.output, no_private)) << k.file << ": private segment";
  }
}

} // namespace
