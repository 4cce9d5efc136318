// Properties every float engine must have: sums of small integers (exact products, exact partial
// sums in every intermediate format) come out exact, through dot and dot_tile.

#include "engine_test_util.hpp"
#include "model_catalog.hpp"
#include "random_inputs.hpp"
#include "wavemma/numeric/engine.hpp"

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

// Encodes a small integer with host conversions or the independent oracle, never with encode().
uint64_t code_of(Format f, int v) {
  auto const d = static_cast<double>(v);
  switch (f) {
  case Format::kF32:
  case Format::kXf32:
    return testing::f32(d);
  case Format::kF64:
    return std::bit_cast<uint64_t>(d);
  case Format::kF16:
    return testing::f16(d);
  case Format::kBf16:
    return testing::bf16(d);
  case Format::kFp8E4M3:
    return testing::ocp_fp8(d);
  case Format::kBf8E5M2:
    return testing::ocp_bf8(d);
  case Format::kFp8E4M3Fnuz:
    return testing::fnuz_fp8(d);
  case Format::kBf8E5M2Fnuz:
    return testing::fnuz_bf8(d);
  case Format::kFp6E2M3:
    return testing::small_code(oracle::kE2M3, d);
  case Format::kBf6E3M2:
    return testing::small_code(oracle::kE3M2, d);
  case Format::kFp4E2M1:
    return testing::small_code(oracle::kE2M1, d);
  default:
    break;
  }
  throw std::logic_error("not a float format");
}

// The largest integer magnitude every intermediate of the output format holds exactly.
int exact_limit(Format out) {
  switch (out) {
  case Format::kF16:
    return 2048;
  case Format::kBf16:
    return 256;
  default:
    return 1 << 20;
  }
}

// Integers exactly representable in the input format (E5M2: 2 fraction bits).
int input_limit(Format in) {
  switch (in) {
  case Format::kBf8E5M2:
  case Format::kBf8E5M2Fnuz:
    return 6;
  case Format::kFp8E4M3:
  case Format::kFp8E4M3Fnuz:
    return 12;
  case Format::kFp4E2M1: // 0..4 are all values; 5 is not
    return 4;
  case Format::kFp6E2M3: // 0..7
    return 7;
  case Format::kBf6E3M2: // 0..8
    return 8;
  default:
    return 40;
  }
}

TEST(FloatEngines, SmallIntegerSumsAreExact) {
  std::mt19937 rng(5150);
  int models = 0;
  for (Model const& m : testing::all_models()) {
    if (m.engine == Engine::kIntegerDot) continue;
    ++models;
    // gfx11 subtracts opposite-signed terms in one's complement (1 + (-1) + 1 = 1 - 2^-24): only
    // same-signed terms are exact there.
    bool const same_sign = m.engine == Engine::kRdna3Dot2;
    for (int K : testing::k_values(m)) {
      // Bound |a|, |b| and |c| so that every partial sum stays exact in the output format.
      int const per_product = std::max(1, exact_limit(m.out) / (2 * K));
      int bound = std::min({input_limit(m.a), input_limit(m.b), 40});
      while (bound > 1 && bound * bound > per_product) --bound;
      int const c_bound = exact_limit(m.out) / 2;
      for (int n = 0; n < 60; ++n) {
        auto pick = [&](int limit) {
          int const v = static_cast<int>(rng() % static_cast<unsigned>(limit + 1));
          return (same_sign || rng() % 2 == 0) ? v : -v;
        };
        std::vector<uint64_t> a(static_cast<size_t>(K));
        std::vector<uint64_t> b(static_cast<size_t>(K));
        int64_t sum = pick(c_bound);
        uint64_t const c = code_of(m.out, static_cast<int>(sum));
        for (size_t k = 0; k < a.size(); ++k) {
          int const x = pick(bound);
          int const y = pick(bound);
          a[k] = code_of(m.a, x);
          b[k] = code_of(m.b, y);
          sum += int64_t{x} * y;
        }
        uint64_t const expect = code_of(m.out, static_cast<int>(sum)); // +0 for a zero sum
        ASSERT_EQ(testing::dot_checked(m, a, b, c), expect) << testing::describe(m) << " K=" << K << " sum=" << sum;
      }
    }
  }
  EXPECT_GE(models, 30);
}

// splits_at_steps: one dot over K equals the dot over the last products started from the dot over
// the first K1 (a multiple of the group), on codes that reach every corner of the formats — or, for
// a clamped integer sum, it can differ, and the model says so.
TEST(Engines, DotSplitsAtStepsWhereTheModelSaysSo) {
  testing::RandomCodes rng(77);
  int splits = 0;
  for (Model const& m : testing::all_models()) {
    int const K = 4 * std::max(m.group, 4);
    for (int n = 0; n < 300; ++n) {
      std::vector<uint64_t> const a = rng.vector(m.a, K), b = rng.vector(m.b, K);
      uint64_t const c = rng.code(m.out);
      int const k1 = m.group * rng.uniform(1, K / m.group - 1);
      std::span<uint64_t const> const sa(a), sb(b);
      uint64_t const whole = dot(m, sa, sb, c);
      uint64_t const first = dot(m, sa.first(size_t(k1)), sb.first(size_t(k1)), c);
      uint64_t const split = dot(m, sa.subspan(size_t(k1)), sb.subspan(size_t(k1)), first);
      if (!splits_at_steps(m)) continue;
      ASSERT_EQ(whole, split) << testing::describe(m) << " K=" << K << " split at " << k1;
      ++splits;
    }
  }
  EXPECT_GT(splits, 10000);
  // The exception: c = 2^31 - 2 plus 3 * 1 saturates at the first instruction, then -2 * 1 brings
  // the single sum back below the limit.
  Model const clamped{Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 1, true};
  ASSERT_FALSE(splits_at_steps(clamped));
  std::vector<uint64_t> const a{1, 1, 1, 0xFF, 0xFF}, b{1, 1, 1, 2, 0};
  uint64_t const c = 0x7FFFFFFE;
  std::span<uint64_t const> const sa(a), sb(b);
  EXPECT_EQ(dot(clamped, sa, sb, c), 0x7FFFFFFFu); // 2^31 - 2 + 3 - 2 = 2^31 - 1
  EXPECT_EQ(dot(clamped, sa.subspan(3), sb.subspan(3), dot(clamped, sa.first(3), sb.first(3), c)), 0x7FFFFFFDu);
}

} // namespace
} // namespace wavemma::numeric
