// Counts written in prose are the counts of the code: each sentence of README.md and docs/ that
// states how many instructions, builtins or policies there are is found and compared with the
// catalog's or the registry's count, so that a new row or policy without its sentence fails here.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "wavemma/gemm/runner.hpp"
#include "wavemma/isa/builtin.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/isa/resolve.hpp"

namespace wavemma {
namespace {

std::string read(char const* relative) {
  std::ifstream in(std::string(WAVEMMA_SOURCE_DIR) + "/" + relative);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The number in the first match of pattern (its one capture group) in a file, or -1. Prose
// wraps lines, so whitespace in the pattern matches any run of spaces and newlines.
long stated(char const* file, std::string pattern) {
  pattern = std::regex_replace(pattern, std::regex(" "), "\\s+");
  std::smatch m;
  std::string const text = read(file);
  if (!std::regex_search(text, m, std::regex(pattern))) return -1;
  return std::stol(m[1]);
}

struct Statement {
  char const* file;
  char const* pattern;
  long actual;
};

void expect_stated(std::vector<Statement> const& statements) {
  for (auto const& s : statements)
    EXPECT_EQ(stated(s.file, s.pattern), s.actual) << s.file << ": /" << s.pattern << "/ (-1: no such sentence)";
}

// Every policy on the default architecture of each generation that has matrix policies of its own,
// as gemm_amd_test compiles them (a generation with none is not compiled).
long policy_kernels() {
  long n = 0;
  for (auto const& g : isa::generations()) {
    if (std::ranges::none_of(gemm::policies(), [&](auto const& p) { return p.gen == g.gen; })) continue;
    for (auto const& p : gemm::policies()) n += p.runs_on(isa::default_arch(g.gen));
  }
  return n;
}

TEST(DocsCounts, TheCatalogsCountsInProseAreTheCatalogs) {
  expect_stated({
      {"README.md", "one catalog of (\\d+) of them", static_cast<long>(isa::catalog().size())},
      {"README.md", "the (\\d+) wave32 instructions of RDNA4",
       static_cast<long>(isa::list_targets("gfx1201", "", 0).size())},
      // The SIMT runtime's builtins: every one of the catalog.
      {"docs/simt.md", "all (\\d+) builtins", static_cast<long>(isa::builtins().size())},
  });
}

TEST(DocsCounts, TheGemmCountsInProseAreTheRegistrys) {
  expect_stated({
      {"README.md", "ComputePolicies, (\\d+) named policies", static_cast<long>(gemm::policies().size())},
      {"docs/gemm.md", "the (\\d+) named policies", static_cast<long>(gemm::policies().size())},
      {"docs/gemm.md", "uses scratch \\((\\d+) kernels", policy_kernels()},
  });
}

} // namespace
} // namespace wavemma
