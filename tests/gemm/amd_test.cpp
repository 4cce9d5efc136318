// Every GEMM policy compiled for its real AMD targets with clang-22 and Debian's HIP headers
// (tests/gemm/amd/policies_kernels.hip): each kernel's code holds its policy's matrix instruction
// (scalar policies: an FMA and no matrix instruction), and no kernel uses scratch.

#include <gtest/gtest.h>

#include <algorithm>
#include <fmt/format.h>
#include <iostream>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>

#include "support/process.hpp"
#include "wavemma/gemm/runner.hpp"

namespace wavemma::gemm {
namespace {

struct Kernel {
  std::string symbol, code;
  long scratch = -1;
};

// Splits clang's assembly into kernels: the code before each `.amdhsa_kernel NAME` block is that
// kernel's, and the block holds its private segment (scratch) size.
std::vector<Kernel> kernels_of(std::string const& asm_text) {
  std::vector<Kernel> out;
  std::istringstream in(asm_text);
  std::string line, code;
  Kernel* current = nullptr;
  for (; std::getline(in, line);) {
    if (line.find(".amdhsa_kernel ") != std::string::npos) {
      out.push_back({line.substr(line.find(".amdhsa_kernel ") + 15), code, -1});
      current = &out.back();
      code.clear();
    } else if (current && line.find(".amdhsa_private_segment_fixed_size") != std::string::npos) {
      current->scratch = std::stol(line.substr(line.find("size") + 4));
    } else if (line.find(".end_amdhsa_kernel") != std::string::npos) {
      current = nullptr;
    } else if (!current) {
      code += line + "\n";
    }
  }
  return out;
}

// The instruction a kernel's symbol names: ...5instr<len>gfx12_wmma_f32_16x16x16_f16_w32...
std::string instruction_of(std::string const& symbol) {
  std::smatch m;
  if (!std::regex_search(symbol, m, std::regex(R"(5instr(\d+))"))) return {};
  std::string const name = symbol.substr(static_cast<size_t>(m.position(0) + m.length(0)), std::stoul(m[1]));
  std::string const body = name.substr(name.find('_') + 1);       // drop the generation
  std::string mnemonic = "v_" + body.substr(0, body.rfind("_w")); // drop the wave size
  for (char const* format : {"_fp8", "_fp4"})                     // and the f8f6f4 formats of a struct
    if (mnemonic.ends_with(format) && mnemonic.find("f8f6f4") != std::string::npos)
      mnemonic.resize(mnemonic.size() - 4);
  return mnemonic;
}

// The kernels of one of tests/gemm/amd/*.hip compiled for an architecture (select: the -D that
// picks the file's kernels).
std::vector<Kernel> compile_for(char const* file, std::string_view arch, std::string const& select) {
  std::string const out =
      fmt::format("{}{}_{}_{}.s", ::testing::TempDir(), file, arch, std::hash<std::string>{}(select));
  std::string const cmd = fmt::format("clang++-22 -std=c++20 -x hip --offload-arch={} -nogpulib --cuda-device-only -O3 "
                                      "-S -flax-vector-conversions=none "
                                      "-I{}/include {} -o {} {}/tests/gemm/amd/{}",
                                      arch, WAVEMMA_SOURCE_DIR, select, out, WAVEMMA_SOURCE_DIR, file);
  auto const res = test::run(cmd);
  EXPECT_EQ(res.status, 0) << cmd << "\n" << res.output.substr(0, 3000);
  std::ifstream f(out);
  std::stringstream ss;
  ss << f.rdbuf();
  return kernels_of(ss.str());
}

// A scalar kernel: an FMA and no matrix instruction; a matrix kernel: its instruction. Neither
// uses scratch.
void expect_code(Kernel const& k, std::string const& instruction, char const* arch) {
  EXPECT_EQ(k.scratch, 0) << arch << " " << k.symbol << " uses scratch";
  EXPECT_EQ(k.code.find("scratch_"), std::string::npos) << arch << " " << k.symbol;
  if (instruction.empty()) {
    EXPECT_NE(k.code.find("fma"), std::string::npos) << arch << " scalar kernel without an FMA: " << k.symbol;
    EXPECT_EQ(k.code.find("v_wmma"), std::string::npos);
    EXPECT_EQ(k.code.find("v_mfma"), std::string::npos);
  } else {
    EXPECT_NE(k.code.find(instruction + " "), std::string::npos)
        << arch << ": " << instruction << " missing from " << k.symbol;
  }
}

TEST(GemmAmd, EveryPolicyCompilesForItsTargetsWithItsInstructionAndNoScratch) {
  int checked = 0;
  std::string archs;
  // Each generation that has matrix policies, at its default architecture.
  for (auto const& g : isa::generations()) {
    bool const has_policy = std::ranges::any_of(policies(), [&](PolicyInfo const& p) { return p.gen == g.gen; });
    if (!has_policy) continue;
    isa::Arch const& arch = isa::default_arch(g.gen);
    archs += (archs.empty() ? "" : ", ") + std::string(arch.name);
    // One compile per wave size (clang's -mwavefrontsize64 for wave64 on RDNA); the scalar
    // policies with the default wave.
    for (int const wave : arch.wave_sizes()) {
      bool const scalar = wave == arch.default_wave();
      size_t expected = 0;
      for (auto const& p : policies()) expected += p.runs_on(arch) && (p.wave == wave || (p.wave == 0 && scalar));
      if (expected == 0) continue;
      std::string select = fmt::format("-DWAVEMMA_GENERATION={} -DWAVEMMA_WAVE={}", static_cast<int>(g.gen), wave);
      if (scalar) select += " -DWAVEMMA_SCALAR";
      if (wave == 64 && arch.default_wave() == 32) select += " -mwavefrontsize64";
      auto const ks = compile_for("policies_kernels.hip", arch.name, select);
      EXPECT_EQ(ks.size(), expected) << arch.name << " wave" << wave;
      for (auto const& k : ks) {
        expect_code(k, instruction_of(k.symbol), arch.name.data());
        ++checked;
      }
    }
  }
  std::cout << "[gemm-amd] " << checked << " policy kernels compiled for " << archs << "\n";
}

// Policies written in the seeds' idiom compile for their GPUs in the same kernel.
TEST(GemmAmd, SeedStylePoliciesCompileForTheirTargets) {
  struct Case {
    char const* arch;
    int family_value;
    char const* policy; // in the kernel's symbol
    char const* instruction;
  };
  int checked = 0;
  for (Case c : {Case{"gfx1201", 2, "WmmaRdna4F16Policy", "v_wmma_f32_16x16x16_f16"},
                 Case{"gfx942", 3, "MfmaCdna3XF32Policy", "v_mfma_f32_16x16x8_xf32"}}) {
    auto const ks = compile_for("seed_style_kernels.hip", c.arch, fmt::format("-DWAVEMMA_FAMILY={}", c.family_value));
    int matrix = 0;
    for (auto const& k : ks) {
      bool const is_matrix = k.symbol.find(c.policy) != std::string::npos;
      matrix += is_matrix;
      expect_code(k, is_matrix ? c.instruction : "", c.arch);
      ++checked;
    }
    EXPECT_EQ(matrix, c.family_value == 2 ? 2 : 1) << c.arch;
    EXPECT_EQ(ks.size(), static_cast<size_t>(matrix + 1)) << c.arch << ": and the scalar one";
  }
  std::cout << "[gemm-amd] " << checked << " seed-style kernels compiled for gfx1201 and gfx942\n";
}

} // namespace
} // namespace wavemma::gemm
