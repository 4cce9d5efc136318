// The vectorised engines keep ordinary data on their fast path: on every profile of data that real
// programs use, other than those holding the values the engines define specially (subnormal
// arithmetic, NaN/inf), at most kMaxRate of the elements go to the reference core. Every numeric
// model of the catalog is checked; a model without a vectorised kernel is listed, not hidden.

#include "support/fallback_probe.hpp"

#include <cstdio>
#include <gtest/gtest.h>

namespace wavemma::test {
namespace {

constexpr double kMaxRate = 0.01; // of the elements, on each non-special profile, for each model
constexpr int kTiles = 16;        // GEMM depth in instruction tiles

TEST(FallbackRate, OrdinaryDataStaysOnTheVectorKernels) {
  for (CatalogModel const& c : catalog_models()) {
    bool const vectorised = numeric::has_fast_tile(c.model);
    for (ProfileInfo const& p : kProfiles) {
      numeric::TileCounts const n = GemmChain(c, p.profile, kTiles, 7).run();
      ASSERT_EQ(n.elements, uint64_t(kTiles) * uint64_t(c.M) * uint64_t(c.N)) << "every call is counted";
      if (!vectorised) {
        EXPECT_EQ(n.unvectorised, n.elements) << describe(c.model) << ": no kernel, so every element by the reference";
        continue;
      }
      EXPECT_EQ(n.unvectorised, 0u) << describe(c.model);
      double const rate = double(n.fallbacks) / double(n.elements);
      if (!p.special)
        EXPECT_LE(rate, kMaxRate) << describe(c.model) << " (" << c.instruction->mnemonic << ") on " << p.name << ": "
                                  << n.fallbacks << " of " << n.elements << " elements by the reference core";
    }
    if (!vectorised)
      std::printf("no vectorised kernel: %s (%s)\n", describe(c.model).c_str(),
                  std::string(c.instruction->mnemonic).c_str());
  }
}

// The counts can fail: a NaN in a row of A sends that row's elements, and only those, to the
// reference core of a vectorised engine.
TEST(FallbackRate, CountsTheElementsHandedToTheReference) {
  for (CatalogModel const& c : catalog_models()) {
    if (!numeric::has_fast_tile(c.model) || !numeric::info(c.model.a).has_nan()) continue; // fp4, fp6: no NaN
    ProfileData data(c.model.a, c.model.b, c.model.out, c.K, 3);
    std::vector<uint64_t> a = data.matrix(Profile::kSmallIntegers, false, c.M, c.K);
    std::vector<uint64_t> const b = data.matrix(Profile::kSmallIntegers, true, c.K, c.N);
    a[static_cast<size_t>(c.K) - 1] = numeric::canonical_nan(c.model.a); // row 0
    std::vector<uint64_t> d(static_cast<size_t>(c.M) * static_cast<size_t>(c.N), 0);
    numeric::TileCounts const before = numeric::tile_counts();
    numeric::dot_tile_rows(c.model, c.M, c.N, c.K, a.data(), b.data(), c.K, nullptr, d.data(), d.data());
    numeric::TileCounts const n = numeric::tile_counts() - before;
    EXPECT_EQ(n.fallbacks, uint64_t(c.N)) << describe(c.model);
  }
}

} // namespace
} // namespace wavemma::test
