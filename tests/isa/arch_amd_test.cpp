// Each architecture's target features against clang-22's own (label amd): the "target-features" that
// clang++-22 gives a device function for the architecture and wave size, and, for a feature clang
// derives without listing it (vmem-to-lds-load-insts), whether the builtin it gates compiles.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "support/process.hpp"
#include "wavemma/isa/arch.hpp"

namespace wavemma::isa {
namespace {

std::string clang(Arch const& arch, int wave) {
  return std::string("clang++-22 -x hip --offload-arch=") + std::string(arch.name) +
         " -nogpulib -nogpuinc --cuda-device-only -emit-llvm -S -o - " +
         (wave != arch.default_wave() ? "-mwavefrontsize64 " : "");
}

// The features clang-22 enables ("+name") for a device function of the architecture.
std::set<std::string> clang_features(Arch const& arch, int wave) {
  std::string const path = ::testing::TempDir() + "features.hip";
  std::ofstream(path) << "__attribute__((device)) void f() {}\n";
  auto const res = test::run(clang(arch, wave) + path);
  EXPECT_EQ(res.status, 0) << res.output.substr(0, 2000);
  std::string const key = "\"target-features\"=\"";
  auto const at = res.output.find(key);
  if (at == std::string::npos) return {};
  std::string const list = res.output.substr(at + key.size(), res.output.find('"', at + key.size()) - at - key.size());
  std::set<std::string> out;
  std::stringstream ss(list);
  for (std::string f; std::getline(ss, f, ',');)
    if (f.starts_with('+')) out.insert(f.substr(1));
  return out;
}

// A feature clang derives and does not list: does a builtin it gates compile?
bool clang_accepts(Arch const& arch, int wave, std::string const& body) {
  std::string const path = ::testing::TempDir() + "derived.hip";
  std::ofstream(path) << "__attribute__((global)) void k(__attribute__((address_space(1))) void* g, "
                         "__attribute__((address_space(3))) void* l) { "
                      << body << " }\n";
  return test::run(clang(arch, wave) + path).status == 0;
}

TEST(ArchAmd, FeaturesAreClangs) {
  int checked = 0;
  for (auto const& arch : architectures()) {
    if (!arch.clang22_target) continue;
    for (int wave : arch.wave_sizes()) {
      std::set<std::string> const theirs = clang_features(arch, wave);
      ASSERT_FALSE(theirs.empty()) << arch.name << " wave" << wave;
      for (int i = 0; i < kFeatureCount; ++i) {
        auto const f = static_cast<Feature>(i);
        bool const clang_has = f == Feature::kVmemToLdsLoadInsts
                                   ? clang_accepts(arch, wave, "__builtin_amdgcn_global_load_lds(g, l, 4, 0, 0);")
                                   : theirs.contains(std::string(name(f)));
        EXPECT_EQ(has_feature(arch, wave, f), clang_has) << arch.name << " wave" << wave << ": " << name(f);
        ++checked;
      }
    }
  }
  std::cout << "[features] " << checked << " (architecture, wave, feature) facts agree with clang-22\n";
}

} // namespace
} // namespace wavemma::isa
