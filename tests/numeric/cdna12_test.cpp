// CDNA1 (kCdna1ExactDot) and CDNA2 (kCdna2PairwiseDot) against oracles of the test's own: the
// pairwise rule in host binary32 arithmetic (cdna12_oracle.hpp), the exact block in __int128 fixed
// point rounded by the host's int -> float conversion. The hardware vectors are in
// hw_vectors_test.cpp.

#include "cdna12_oracle.hpp"
#include "engine_test_util.hpp"
#include "random_inputs.hpp"
#include "wavemma/numeric/engine.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace wavemma::numeric {
namespace {

using F = Format;

bool same_result(uint32_t got, uint32_t want) {
  if (std::isnan(std::bit_cast<float>(want))) return std::isnan(std::bit_cast<float>(got));
  return got == want;
}

// Every corner of the inputs (NaN, inf, subnormals, huge products, cancellation), K with short
// last blocks: the engine equals the host-float oracle, NaNs as NaNs.
TEST(Cdna2Pairwise, EqualsTheHostFloatOracle) {
  testing::RandomCodes rnd(2024);
  for (auto [fmt, group] : {std::pair{F::kF16, 4}, std::pair{F::kBf16, 4}, std::pair{F::kBf16, 2}}) {
    Model const m{Engine::kCdna2PairwiseDot, fmt, fmt, F::kF32, group};
    oracle::Half const h = fmt == F::kF16 ? oracle::Half::kF16 : oracle::Half::kBf16;
    for (int n = 0; n < 20000; ++n) {
      int const K = std::vector<int>{4, 8, 16, 10, 2, 3}[static_cast<size_t>(n % 6)];
      std::vector<uint64_t> const a = rnd.vector(fmt, K), b = rnd.vector(fmt, K);
      auto const c = static_cast<uint32_t>(rnd.code(F::kF32));
      uint32_t const want = oracle::pairwise_rule(h, h, a, b, c, group, true);
      auto const got = static_cast<uint32_t>(testing::dot_checked(m, a, b, c));
      ASSERT_TRUE(same_result(got, want))
          << name(fmt) << " g" << group << " K=" << K << std::hex << " got 0x" << got << " want 0x" << want;
    }
  }
}

// The pairwise order is visible: fl(fl(1 + s) + fl(s + 0)) differs from fl(fl(1 + 0) + fl(s + s)).
TEST(Cdna2Pairwise, OrderDependentAndFlushing) {
  Model const m{Engine::kCdna2PairwiseDot, F::kF16, F::kF16, F::kF32, 4};
  uint64_t const one = 0x3c00, s = 0x0c00; // s = 2^-12; s·s = 2^-24
  // products 1, 2^-24 (s·s) at positions 0,1 vs 0,2: fl(1 + 2^-24) = 1 (tie to even) twice, or
  // fl(fl(1 + 0) + fl(2^-24 + 2^-24)) = 1 + 2^-23.
  std::vector<uint64_t> const a1{one, s, s, 0}, b1{one, s, s, 0};
  std::vector<uint64_t> const a2{one, 0, s, s}, b2{one, 0, s, s};
  EXPECT_EQ(testing::dot_checked(m, a1, b1, 0), 0x3f800000u);
  EXPECT_EQ(testing::dot_checked(m, a2, b2, 0), 0x3f800001u);
  // f16 subnormal inputs are zeros; an f32 subnormal c is a zero; a subnormal result is a zero.
  std::vector<uint64_t> const tiny{0x0001, 0, 0, 0}, unit{0x3c00, 0, 0, 0};
  EXPECT_EQ(testing::dot_checked(m, tiny, unit, 0), 0u);
  EXPECT_EQ(testing::dot_checked(m, unit, std::vector<uint64_t>(4, 0), 0x00000001), 0u);
  Model const bf{Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 2};
  std::vector<uint64_t> const big{0x5f80, 0x5f80}, pm{0x6000, 0xe000}; // 2^64·2^65 = 2^129 = inf
  EXPECT_TRUE(std::isnan(std::bit_cast<float>(static_cast<uint32_t>(testing::dot_checked(bf, big, pm, 0)))));
}

// The exact block: c and a block's products summed in __int128 units of 2^g, rounded once by the
// host's correctly rounded int -> float conversion and an exact scaling. Inputs are drawn where
// every term lies on the grid 2^g and the sum fits.
uint32_t exact_oracle(std::vector<double> const& p, double c, int group, int g) {
  float d = static_cast<float>(c);
  for (size_t k0 = 0; k0 < p.size(); k0 += static_cast<size_t>(group)) {
    auto units = [g](double v) { return static_cast<__int128>(std::ldexp(v, -g)); };
    __int128 t = units(d);
    for (size_t k = k0; k < std::min(p.size(), k0 + static_cast<size_t>(group)); ++k) t += units(p[k]);
    d = std::ldexp(static_cast<float>(t), g); // one rounding (int -> float), then exact
  }
  return std::bit_cast<uint32_t>(d);
}

TEST(Cdna1Exact, EqualsTheInt128Oracle) {
  std::mt19937_64 rng(908);
  auto uniform = [&](int lo, int hi) { return static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)) + lo; };
  for (auto [fmt, group, e_lo, e_hi] : {std::tuple{F::kF16, 4, 0, 30}, std::tuple{F::kBf16, 2, 107, 147}}) {
    Model const m{Engine::kCdna1ExactDot, fmt, fmt, F::kF32, group};
    int const frac = fmt == F::kF16 ? 10 : 7;
    // f16: every code (grid 2^-24, products on 2^-48); bf16: exponents 2^-20 .. 2^20.
    int const g = fmt == F::kF16 ? -48 : -54;
    for (int n = 0; n < 20000; ++n) {
      int const K = std::vector<int>{4, 8, 16, 10, 2}[static_cast<size_t>(n % 5)];
      std::vector<uint64_t> a(static_cast<size_t>(K)), b(static_cast<size_t>(K));
      std::vector<double> p(static_cast<size_t>(K));
      auto code = [&] {
        uint64_t const sign = (rng() & 1) << 15;
        int const e = rng() % 8 == 0 ? 0 : uniform(std::max(e_lo, 1), e_hi);
        uint64_t const f = e == 0 && fmt == F::kBf16 ? 0 : rng() & ((1u << frac) - 1); // no bf16 subnormals
        return sign | static_cast<uint64_t>(e) << frac | f;
      };
      for (size_t k = 0; k < p.size(); ++k) {
        a[k] = code();
        b[k] = code();
        if (fmt == F::kBf16 && n % 3 == 0 && k % 2 == 1) a[k] = a[k - 1] ^ 0x8000; // cancellation
        double const x = fmt == F::kF16 ? double{std::bit_cast<_Float16>(static_cast<uint16_t>(a[k]))}
                                        : double{std::bit_cast<float>(static_cast<uint32_t>(a[k] << 16))};
        double const y = fmt == F::kF16 ? double{std::bit_cast<_Float16>(static_cast<uint16_t>(b[k]))}
                                        : double{std::bit_cast<float>(static_cast<uint32_t>(b[k] << 16))};
        p[k] = x * y; // exact in double
      }
      // c on the grid 2^g, below 2^41.
      double const c =
          std::ldexp(static_cast<double>(static_cast<int64_t>(rng() >> 40) - (int64_t{1} << 23)), uniform(g, 17));
      auto const cbits = std::bit_cast<uint32_t>(static_cast<float>(c));
      ASSERT_EQ(static_cast<double>(std::bit_cast<float>(cbits)), c);
      uint32_t const want = exact_oracle(p, c, group, g);
      auto const got = static_cast<uint32_t>(testing::dot_checked(m, a, b, cbits));
      ASSERT_EQ(got, want) << name(fmt) << " K=" << K << std::hex << " got 0x" << got << " want 0x" << want;
    }
  }
}

// One rounding per block: independent of the order of the products within a block; subnormals kept.
TEST(Cdna1Exact, OrderIndependentWithinABlockAndKeepsSubnormals) {
  Model const m{Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4};
  testing::RandomCodes rnd(17);
  for (int n = 0; n < 5000; ++n) {
    std::vector<uint64_t> a = rnd.vector(F::kF16, 4, true), b = rnd.vector(F::kF16, 4, true);
    auto const c = rnd.finite_code(F::kF32);
    uint64_t const d = dot(m, a, b, c);
    std::swap(a[0], a[3]);
    std::swap(b[0], b[3]);
    std::swap(a[1], a[2]);
    std::swap(b[1], b[2]);
    ASSERT_EQ(dot(m, a, b, c), d);
  }
  std::vector<uint64_t> const tiny{0x0001, 0, 0, 0}, unit{0x0001, 0, 0, 0}; // 2^-24 · 2^-24
  EXPECT_EQ(testing::dot_checked(m, tiny, unit, 0), 0x27800000u);           // 2^-48
  EXPECT_EQ(testing::dot_checked(m, std::vector<uint64_t>(4, 0), unit, 0x00000001), 0x00000001u);
  // inf x 0 is NaN, inf alone that inf, +inf and -inf NaN.
  std::vector<uint64_t> const inf{0x7c00, 0, 0, 0}, ninf{0x7c00, 0xfc00, 0, 0}, ones{0x3c00, 0x3c00, 0, 0};
  EXPECT_EQ(testing::dot_checked(m, inf, std::vector<uint64_t>(4, 0), 0), kCdna3Nan);
  EXPECT_EQ(testing::dot_checked(m, inf, ones, 0), 0x7f800000u);
  EXPECT_EQ(testing::dot_checked(m, ninf, ones, 0), kCdna3Nan);
}

// One rounding of the exact sum, whatever its span: hand-computed cases around the subnormal ties
// (terms 400 bits apart, the multi-limb sum) and around a normal tie with a far sticky bit (88
// bits, one __int128).
TEST(Cdna1Exact, WideSpansRoundOnce) {
  Model const bf{Engine::kCdna1ExactDot, F::kBf16, F::kBf16, F::kF32, 4};
  uint64_t const p100 = 0x7180, n100 = 0xF180, p_75 = 0x1A00, p_85 = 0x1500; // ±2^100, 2^-75, 2^-85
  // 2^200 - 2^200 + 2^-150 (+ 2^-170) + c on the subnormal grid 2^-149.
  EXPECT_EQ(testing::dot_checked(bf, {p100, n100, p_75, p_85}, {p100, p100, p_75, p_85}, 0x2), 0x3u);
  EXPECT_EQ(testing::dot_checked(bf, {p100, n100, p_75, 0}, {p100, p100, p_75, 0}, 0x2), 0x2u); // 2.5 -> 2
  EXPECT_EQ(testing::dot_checked(bf, {p100, n100, p_75, 0}, {p100, p100, p_75, 0}, 0x3), 0x4u); // 3.5 -> 4
  EXPECT_EQ(testing::dot_checked(bf, {p100, n100, p_75, 0}, {p100, p100, p_75, 0}, 0x3f800000), 0x3f800000u);
  EXPECT_EQ(testing::dot_checked(bf, {p100, 0, 0, 0}, {p100, 0, 0, 0}, 0x3f800000), 0x7f800000u); // 2^200
  Model const h{Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4};
  // c = (2^23 + 2)·2^17, + 2^16 (half its ulp) ties to even; + 2^-48 more rounds up.
  EXPECT_EQ(testing::dot_checked(h, {0x5C00, 0, 0, 0}, {0x5C00, 0, 0, 0}, 0x53800002), 0x53800002u);
  EXPECT_EQ(testing::dot_checked(h, {0x5C00, 0x0001, 0, 0}, {0x5C00, 0x0001, 0, 0}, 0x53800002), 0x53800003u);
}

// A sum exactly on a binary32 midpoint plus a term 78 bits below it (beyond a double: the vector
// kernel's tie rule, and the reference's exact sum): the tiny term decides, either sign, both signs
// of the sum; without it the tie goes to even.
TEST(Cdna1Exact, TiesSettledByATinyTerm) {
  Model const m{Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4};
  uint64_t const c = 0x4E800001;    // 2^30 + 2^7 (odd significand)
  uint64_t const half_ulp = 0x5400; // 64 = 2^6, times 1.0
  for (bool neg : {false, true}) {
    uint64_t const s16 = neg ? 0x8000 : 0, s32 = neg ? 0x80000000 : 0;
    uint64_t const outward = 0x0001 | s16, inward = 0x0001 | (s16 ^ 0x8000); // ±2^-24, times 2^-24
    EXPECT_EQ(testing::dot_checked(m, {half_ulp | s16, outward, 0, 0}, {0x3c00, 0x0001, 0, 0}, c | s32),
              0x4E800002u | s32);
    EXPECT_EQ(testing::dot_checked(m, {half_ulp | s16, inward, 0, 0}, {0x3c00, 0x0001, 0, 0}, c | s32),
              0x4E800001u | s32);
    EXPECT_EQ(testing::dot_checked(m, {half_ulp | s16, 0, 0, 0}, {0x3c00, 0, 0, 0}, c | s32), 0x4E800002u | s32);
  }
}

} // namespace
} // namespace wavemma::numeric
