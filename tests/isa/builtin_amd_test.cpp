// Builtins against clang-22 itself (label amd): every builtin the catalog allows on a target
// compiles there with its exact types, every one it rejects is rejected with clang's diagnostic,
// and the backend crashes the catalog guards against are real.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "support/process.hpp"
#include "wavemma/isa/builtin.hpp"

namespace wavemma::isa {
namespace {

// --- against clang-22 (label amd) --------------------------------------------------------------

std::string literal_for(BuiltinParam const& p) { return p.type.scalar == CScalar::kBool ? "false" : "0"; }

// A HIP file with one kernel per builtin; returns the source.
std::string kernels_for(std::vector<Builtin const*> const& list) {
  std::string src;
  int id = 0;
  for (auto const* b : list) {
    std::string params = b->ret.c_name() + "* d", args;
    for (auto const& p : b->params) {
      if (!args.empty()) args += ", ";
      if (p.constant) {
        args += literal_for(p);
      } else {
        params += ", " + p.type.c_name() + " " + std::string(p.name);
        args += std::string(p.name);
      }
    }
    src += "__attribute__((global)) void k" + std::to_string(id++) + "(" + params + ") { *d = " + b->name + "(" + args +
           "); }\n";
  }
  return src;
}

struct Target {
  Arch const* arch;
  int wave;
  std::string tag() const { return std::string(arch->name) + "_w" + std::to_string(wave); }
  std::string clang() const {
    return std::string("clang++-22 -x hip --offload-arch=") + std::string(arch->name) +
           " -nogpulib -nogpuinc --cuda-device-only -emit-llvm -S -o /dev/null -flax-vector-conversions=none " +
           (wave == 64 && is_rdna(arch->gen) ? "-mwavefrontsize64 " : "");
  }
};

// Each generation's default architecture at every wave size, and a second target of the RDNA
// generations (RDNA3.5, the RX 9060), since clang gates features by target.
std::vector<Target> targets() {
  std::vector<Arch const*> archs;
  for (auto const& g : generations()) archs.push_back(&default_arch(g.gen));
  for (char const* name : {"gfx1151", "gfx1200"}) archs.push_back(find_arch(name));
  std::vector<Target> out;
  for (auto const* a : archs)
    for (int wave : a->wave_sizes()) out.push_back({a, wave});
  return out;
}

// Every builtin the catalog allows on a target compiles there, with its exact parameter types.
TEST(BuiltinsAmd, ClangAcceptsTheBuiltinsTheCatalogAllows) {
  int accepted = 0;
  for (auto const& t : targets()) {
    std::vector<Builtin const*> ok;
    for (auto const& b : builtins())
      if (builtin_status(b, *t.arch, t.wave) != BuiltinStatus::kSemaError) ok.push_back(&b);
    std::string const path = ::testing::TempDir() + "ok_" + t.tag() + ".hip";
    std::ofstream(path) << kernels_for(ok);
    auto const res = test::run(t.clang() + path);
    EXPECT_EQ(res.status, 0) << t.tag() << "\n" << res.output.substr(0, 2000);
    accepted += static_cast<int>(ok.size());
  }
  std::cout << "[builtins] clang-22 compiled " << accepted << " builtin calls the catalog allows\n";
}

// Every builtin is rejected, with the diagnostic the catalog predicts, on a target where the
// catalog says clang rejects it (clang stops code generation at the first such error, so each
// gets a file of its own; the targets rotate so that every target is exercised).
TEST(BuiltinsAmd, ClangRejectsTheBuiltinsTheCatalogRejects) {
  auto const all_targets = targets();
  std::string script;
  std::map<std::string, std::string> want; // builtin -> diagnostic
  int n = 0;
  for (auto const& b : builtins()) {
    std::vector<Target> bad;
    for (auto const& t : all_targets)
      if (builtin_status(b, *t.arch, t.wave) == BuiltinStatus::kSemaError) bad.push_back(t);
    ASSERT_FALSE(bad.empty()) << b.name;
    Target const& t = bad[static_cast<size_t>(n++) % bad.size()];
    std::string const path = ::testing::TempDir() + "bad_" + t.tag() + "_" + b.name + ".hip";
    std::ofstream(path) << kernels_for({&b});
    script += "echo '@@ " + b.name + "'; " + t.clang() + path + " 2>&1; ";
    want[b.name] = builtin_diagnostic(b, *t.arch, t.wave);
  }
  auto const res = test::run("{ " + script + "}");
  std::istringstream lines(res.output);
  std::string current;
  std::set<std::string> diagnosed;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("@@ ", 0) == 0) {
      current = line.substr(3);
    } else if (line.find("error: '" + current + "' needs target feature") != std::string::npos) {
      EXPECT_TRUE(diagnosed.insert(current).second) << current;
      EXPECT_NE(line.find(want[current]), std::string::npos) << line << "\nwanted: " << want[current];
    } else {
      EXPECT_EQ(line.find("error:"), std::string::npos) << current << ": " << line;
    }
  }
  EXPECT_EQ(diagnosed.size(), want.size());
  std::cout << "[builtins] clang-22 rejected " << diagnosed.size() << " builtins with the predicted diagnostic\n";
}

// The builtins the catalog calls backend crashes really fail instruction selection.
TEST(BuiltinsAmd, BackendCrashesAreReal) {
  struct Case {
    char const* builtin;
    char const* arch;
  };
  for (Case c : {Case{"wmma_f32_16x16x16_f16_w32", "gfx1201"}, Case{"mfma_i32_32x32x8i8", "gfx942"},
                 Case{"mfma_f32_32x32x4bf16_1k", "gfx908"}, Case{"smfmac_f32_16x16x32_f16", "gfx90a"},
                 Case{"mfma_f32_16x16x8_xf32", "gfx950"}, Case{"wmma_f32_16x16x16_f16_w32_gfx12", "gfx1250"},
                 Case{"wmma_f32_16x16x16_f16_w32", "gfx1250"}}) {
    Builtin const* b = find_builtin(c.builtin);
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(builtin_status(*b, *find_arch(c.arch), b->wave), BuiltinStatus::kBackendCrash);
    std::string const path = ::testing::TempDir() + "crash_" + c.builtin + ".hip";
    std::ofstream(path) << kernels_for({b});
    auto const res =
        test::run(std::string("clang++-22 -x hip --offload-arch=") + c.arch +
                  " -nogpulib -nogpuinc --cuda-device-only -S -o /dev/null -fno-crash-diagnostics " + path);
    EXPECT_NE(res.status, 0) << c.builtin;
    EXPECT_NE(res.output.find("Cannot select"), std::string::npos) << res.output.substr(0, 400);
  }
}

} // namespace
} // namespace wavemma::isa
