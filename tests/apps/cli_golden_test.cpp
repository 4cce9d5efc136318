// Golden CLI tests: tests/golden/cli/<case>.args holds the arguments, <case>.out the expected
// stdout. WAVEMMA_GOLDEN_REBASE=1 rewrites the .out files from the current binary; a rebased diff
// is reviewed like code (scripts/golden-rebase.sh). A <case>.outpath file names a repository file
// that holds the expected output instead (the pictures under docs/images are generated this way).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "support/process.hpp"

namespace wavemma {
namespace {

namespace fs = std::filesystem;

std::string slurp(fs::path const& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(CliGolden, OutputsMatch) {
  bool const rebase = std::getenv("WAVEMMA_GOLDEN_REBASE") != nullptr;
  int cases = 0;
  std::vector<fs::path> args;
  for (auto const& e : fs::directory_iterator(WAVEMMA_GOLDEN_DIR))
    if (e.path().extension() == ".args") args.push_back(e.path());
  std::sort(args.begin(), args.end());
  for (auto const& a : args) {
    std::string line = slurp(a);
    while (!line.empty() && (line.back() == '\n' || line.back() == ' ')) line.pop_back();
    auto const res = test::run(fmt::format("{} {} 2>/dev/null", WAVEMMA_BIN, line));
    fs::path out = a;
    out.replace_extension(".out");
    fs::path redirect = a;
    redirect.replace_extension(".outpath");
    if (fs::exists(redirect)) {
      std::string rel = slurp(redirect);
      while (!rel.empty() && rel.back() == '\n') rel.pop_back();
      out = fs::path(WAVEMMA_SOURCE_DIR) / rel;
    }
    if (rebase) {
      std::ofstream(out) << res.output;
    } else {
      ASSERT_TRUE(fs::exists(out)) << out << " missing: run scripts/golden-rebase.sh and review the diff";
      EXPECT_EQ(res.status, 0) << a.filename();
      EXPECT_EQ(res.output, slurp(out)) << "golden mismatch for " << a.filename() << " (wavemma " << line << ")";
    }
    ++cases;
  }
  EXPECT_GE(cases, 5);
  std::cout << "[golden] " << cases << " CLI cases" << (rebase ? " rebased" : " compared") << "\n";
}

} // namespace
} // namespace wavemma
