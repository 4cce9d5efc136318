// Tracing explains but never changes a result.

#include "model_catalog.hpp"
#include "random_inputs.hpp"
#include "wavemma/numeric/engine.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

bool mentions(Trace const& t, std::string const& word) {
  for (auto const& l : t.lines) {
    if (l.find(word) != std::string::npos) return true;
  }
  return false;
}

TEST(Trace, NeverChangesTheResult) {
  testing::RandomCodes rnd(1234);
  for (Model const& m : testing::all_models()) {
    for (int K : testing::k_values(m)) {
      for (int n = 0; n < 40; ++n) {
        std::vector<uint64_t> const a = rnd.vector(m.a, K);
        std::vector<uint64_t> const b = rnd.vector(m.b, K);
        uint64_t const c = rnd.code(m.out);
        Trace t;
        uint64_t const plain = dot(m, a, b, c);
        uint64_t const traced = dot(m, a, b, c, &t);
        ASSERT_EQ(plain, traced) << testing::describe(m);
        ASSERT_GE(t.lines.size(), 2u);
        EXPECT_NE(t.lines.front().find("model:"), std::string::npos);
        EXPECT_NE(t.lines.back().find("result: d = "), std::string::npos);
      }
    }
  }
}

TEST(Trace, ExplainsTheSteps) {
  {
    Model const m{Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8};
    std::vector<uint64_t> a{0x3c00, 0x0c00, 0, 0, 0, 0, 0, 0}; // 1, 2^-12 ...
    std::vector<uint64_t> b{0x3c00, 0x0a00, 0, 0, 0, 0, 0, 0}; // 1, 2^-13: p = 2^-25 is truncated
    Trace t;
    dot(m, a, b, 0, &t);
    EXPECT_TRUE(mentions(t, "e_max = 0"));
    EXPECT_TRUE(mentions(t, "truncated"));
    EXPECT_TRUE(mentions(t, "RNE32"));
    EXPECT_TRUE(mentions(t, "p[1] = a 0x0c00"));
  }
  {
    Model const m{Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF32, 2};
    Trace t;
    dot(m, std::vector<uint64_t>{0xbc00, 0x3c00}, std::vector<uint64_t>{0x3c00, 0x3c00}, 0x3f800000, &t);
    EXPECT_TRUE(mentions(t, "one's complement"));
    EXPECT_TRUE(mentions(t, "G = -24"));
    EXPECT_TRUE(mentions(t, "0x3f7fffff"));
  }
  {
    Model const m{Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 4};
    Trace t;
    dot(m, std::vector<uint64_t>{0x3c00, 0x0c00, 0, 0}, std::vector<uint64_t>{0x3c00, 0x8a00, 0, 0}, 0, &t);
    EXPECT_TRUE(mentions(t, "pair (0,1)"));
    EXPECT_TRUE(mentions(t, "grid"));
  }
  {
    Model const m{Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 1, true};
    Trace t;
    dot(m, std::vector<uint64_t>{1}, std::vector<uint64_t>{1}, 0x7FFFFFFF, &t);
    EXPECT_TRUE(mentions(t, "saturates"));
  }
  {
    Model const m{Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8};
    Trace t;
    dot(m, std::vector<uint64_t>{0x7c00}, std::vector<uint64_t>{0}, 0, &t);
    EXPECT_TRUE(mentions(t, "inf x 0"));
  }
}

} // namespace
} // namespace wavemma::numeric
