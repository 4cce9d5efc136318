// Every GEMM policy compiled for its real AMD targets with clang-22 and Debian's HIP headers
// (tests/gemm/amd/policies_kernels.hip): each kernel's code holds its policy's matrix instruction
// (scalar policies: an FMA and no matrix instruction), and no kernel uses scratch.

#include <gtest/gtest.h>

#include <algorithm>
#include <fmt/format.h>
#include <iostream>
#include <fstream>
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
  std::string const body = name.substr(name.find('_') + 1);   // drop the generation
  return "v_" + body.substr(0, body.rfind("_w"));             // drop the wave size
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
    std::string const out = ::testing::TempDir() + "gemm_" + std::string(arch.name) + ".s";
    std::string const cmd = fmt::format(
        "clang++-22 -std=c++20 -x hip --offload-arch={} -nogpulib --cuda-device-only -O3 -S -flax-vector-conversions=none "
        "-I{}/include -DWAVEMMA_GENERATION={} -o {} {}/tests/gemm/amd/policies_kernels.hip",
        arch.name, WAVEMMA_SOURCE_DIR, static_cast<int>(g.gen), out, WAVEMMA_SOURCE_DIR);
    auto const res = test::run(cmd);
    ASSERT_EQ(res.status, 0) << cmd << "\n" << res.output.substr(0, 3000);
    std::ifstream f(out);
    std::stringstream ss;
    ss << f.rdbuf();
    auto const ks = kernels_of(ss.str());
    size_t expected = 0;
    for (auto const& p : policies()) expected += p.runs_on(arch);
    EXPECT_EQ(ks.size(), expected) << arch.name;
    for (auto const& k : ks) {
      std::string const want = instruction_of(k.symbol);
      EXPECT_EQ(k.scratch, 0) << arch.name << " " << k.symbol << " uses scratch";
      EXPECT_EQ(k.code.find("scratch_"), std::string::npos) << arch.name << " " << k.symbol;
      if (want.empty()) {
        EXPECT_NE(k.code.find("fma"), std::string::npos) << arch.name << " scalar kernel without an FMA: " << k.symbol;
        EXPECT_EQ(k.code.find("v_wmma"), std::string::npos);
        EXPECT_EQ(k.code.find("v_mfma"), std::string::npos);
      } else {
        EXPECT_NE(k.code.find(want + " "), std::string::npos) << arch.name << ": " << want << " missing from " << k.symbol;
      }
      ++checked;
    }
  }
  std::cout << "[gemm-amd] " << checked << " policy kernels compiled for " << archs << "\n";
}

} // namespace
} // namespace wavemma::gemm
