// wavemma gemm: the JSON contracts of design.md and bad requests.

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "support/process.hpp"

namespace wavemma {
namespace {

std::string const kBin = WAVEMMA_BIN;

// The JSON document in a command's stdout. (Under ASan a runtime warning about makecontext may
// precede it when the sanitizer's own report lands on stdout; the document is what is checked.)
nlohmann::json json_of(std::string const& out) {
  size_t const open = out.find_first_of("[{"), close = out.find_last_of("]}");
  if (open == std::string::npos || close == std::string::npos || close < open) return nlohmann::json::parse(out);
  return nlohmann::json::parse(out.substr(open, close - open + 1));
}

TEST(CliGemm, ListPoliciesJsonContract) {
  auto const res = test::run(kBin + " gemm --list-policies --format json 2>/dev/null");
  ASSERT_EQ(res.status, 0);
  auto const j = json_of(res.output);
  ASSERT_TRUE(j.is_array());
  EXPECT_GE(j.size(), 24u);
  for (auto const& p : j) {
    ASSERT_TRUE(p.contains("policy") && p["policy"].is_string());
    ASSERT_TRUE(p.contains("archs") && p["archs"].is_array() && !p["archs"].empty());
  }
}

TEST(CliGemm, RunJsonContract) {
  auto const res =
      test::run(kBin + " gemm --arch gfx942 --policy mfma_xf32 --m 200 --n 136 --k 72 --format json 2>/dev/null");
  ASSERT_EQ(res.status, 0) << res.output;
  auto const j = json_of(res.output);
  for (char const* key :
       {"arch", "policy", "m", "n", "k", "passed", "bitwise_equal", "max_abs_error", "seconds", "emulated_gflops"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["arch"], "gfx942");
  EXPECT_EQ(j["policy"], "mfma_xf32");
  EXPECT_EQ(j["m"], 200);
  EXPECT_TRUE(j["passed"].get<bool>());
  EXPECT_TRUE(j["bitwise_equal"].get<bool>());
}

TEST(CliGemm, TextRunSaysPassed) {
  auto const res = test::run(kBin + " gemm --arch gfx1100 --policy wmma_iu8 --size 64 --quiet 2>&1");
  ASSERT_EQ(res.status, 0) << res.output;
  EXPECT_NE(res.output.find("PASSED"), std::string::npos) << res.output;
  EXPECT_NE(res.output.find("bit-exact    yes"), std::string::npos) << res.output;
}

// --wave 64 on RDNA runs the wave64 WMMA policy (wmma_f16_w64 by default) on both generations.
TEST(CliGemm, Wave64RunsOnRdna) {
  for (char const* arch : {"gfx1100", "gfx1201"}) {
    auto const res =
        test::run(fmt::format("{} gemm --arch {} --wave 64 --m 72 --n 40 --k 56 --quiet 2>&1", kBin, arch));
    ASSERT_EQ(res.status, 0) << arch << "\n" << res.output;
    EXPECT_NE(res.output.find(fmt::format("wmma_f16_w64 on {} (wave64)", arch)), std::string::npos) << res.output;
    EXPECT_NE(res.output.find("bit-exact    yes"), std::string::npos) << res.output;
  }
}

TEST(CliGemm, BadRequestsGiveOneLineAndStatus2) {
  struct Case {
    char const* args;
    char const* needle;
  };
  for (Case c :
       {Case{"--policy nope", "unknown policy"}, Case{"--arch gfx1100 --policy mfma_f16", "does not run on gfx1100"},
        Case{"--m 0", "--m takes a decimal integer >= 1"}, Case{"--format xml", "unknown format"},
        Case{"--arch gfx9", "unknown architecture"}, Case{"--size 100000", "beyond the limit of 2^38"},
        Case{"--arch gfx1201 --gpu mi300x", "is gfx942"},
        Case{"--arch gfx1201 --policy swmmac_f16 --k 30", "divisible by 4"},
        Case{"--arch gfx1100 --wave 64 --policy wmma_f16", "wave64 policies there: wmma_f16_w64"}}) {
    auto const res = test::run(fmt::format("{{ {} gemm {} 2>&1 >/dev/null; }}", kBin, c.args));
    EXPECT_EQ(res.status, 2) << c.args << "\n" << res.output;
    EXPECT_EQ(std::count(res.output.begin(), res.output.end(), '\n'), 1) << c.args << "\n" << res.output;
    EXPECT_NE(res.output.find(c.needle), std::string::npos) << c.args << "\n" << res.output;
  }
}

} // namespace
} // namespace wavemma
