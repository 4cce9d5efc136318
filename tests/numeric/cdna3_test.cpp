// CDNA3 Algorithms 1 and 2: the worked vectors of numerics.md §3.8, one line per case, and the
// properties of §3.3/§3.4.

#include "engine_test_util.hpp"
#include "wavemma/numeric/engine.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

using testing::bf16;
using testing::dot_checked;
using testing::DotCase;
using testing::f16;
using testing::f32;
using testing::Factors;
using testing::fnuz_bf8;
using testing::make_case;

Model const kF16{Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8};
Model const kBf16{Engine::kCdna3FusedDot, Format::kBf16, Format::kBf16, Format::kF32, 8};
Model const kXf32{Engine::kCdna3FusedDot, Format::kXf32, Format::kXf32, Format::kF32, 4};
Model const kBf8{Engine::kCdna3Fp8Dot, Format::kBf8E5M2Fnuz, Format::kBf8E5M2Fnuz, Format::kF32, 16};

Factors F(double a, double b) { return {f16(a), f16(b)}; }
Factors B(double a, double b) { return {bf16(a), bf16(b)}; }
Factors X(double a, double b) { return {f32(a), f32(b)}; }
Factors Q(double a, double b) { return {fnuz_bf8(a), fnuz_bf8(b)}; }

double p2(int e) { return std::ldexp(1.0, e); }

// The same case with every product and c negated (A elements' signs flipped).
DotCase negated(DotCase dc, uint64_t d) {
  uint64_t const a_sign = uint64_t{1} << (info(dc.model.a).bits - 1);
  for (auto& x : dc.a) {
    if (!decode(dc.model.a, x).is_zero()) x ^= a_sign;
  }
  if (dc.c != 0) dc.c ^= 0x80000000;
  dc.name += "_negated";
  dc.d = d;
  return dc;
}

std::vector<DotCase> section_3_8_cases() {
  std::vector<DotCase> v;
  auto both = [&](DotCase dc, uint64_t d_negated) {
    v.push_back(dc);
    v.push_back(negated(dc, d_negated));
  };
  double const t = p2(-24);
  uint32_t const one = f32(1);
  uint32_t const one_ulp = f32(1 + p2(-23));

  v.push_back(make_case("f16_subnormal_times_subnormal", kF16, 8, 0, {F(t, t)}, f32(p2(-48))));
  v.push_back(make_case("f16_zero_product_subnormal_c", kF16, 8, f32(p2(-140)), {F(0, 1)}, f32(p2(-140))));
  both(make_case("f16_extra_bit_c1", kF16, 8, one, {F(p2(-12), p2(-12)), F(p2(-12), p2(-12))}, one_ulp),
       f32(-1 - p2(-23)));
  both(make_case("f16_extra_bit_c_tiny_a", kF16, 8, f32(t), {F(1, 1), F(p2(-12), p2(-12))}, one_ulp),
       f32(-1 - p2(-23)));
  both(make_case("f16_extra_bit_c_tiny_b", kF16, 8, f32(t), {F(p2(-12), p2(-12)), F(1, 1)}, one_ulp),
       f32(-1 - p2(-23)));
  for (int j = 2; j <= 16; ++j) { // K = 16, blocks of 8: the second 2^-24 reaches c's block only when j <= 8
    std::vector<Factors> ps(16, Factors{0, 0});
    ps[0] = ps[static_cast<size_t>(j - 1)] = F(p2(-12), p2(-12));
    v.push_back(make_case("f16_k16_block_of_8_j" + std::to_string(j), kF16, 16, one, ps, j <= 8 ? one_ulp : one));
  }
  {
    std::vector<Factors> base = {F(1, 1), F(0, 1), F(1.5 * p2(-12), p2(-12))};
    std::vector<int> order = {0, 1, 2};
    do {
      std::vector<Factors> ps;
      for (int i : order) ps.push_back(base[static_cast<size_t>(i)]);
      std::string const name =
          "f16_one_zero_extra_order" + std::to_string(order[0]) + std::to_string(order[1]) + std::to_string(order[2]);
      both(make_case(name, kF16, 8, 0, ps, one), f32(-1));
    } while (std::next_permutation(order.begin(), order.end()));
  }
  for (int j = 1; j <= 10; ++j) {
    both(make_case("f16_small_second_product_j" + std::to_string(j), kF16, 8, 0,
                   {F(1, 1), F((1 + p2(-j)) * p2(-12), p2(-12))}, one),
         f32(-1));
  }
  v.push_back(make_case("f16_2_25_exponent0", kF16, 8, 0,
                        {F(1.5, 1.5), F(p2(-12), p2(-11)), F(p2(-12), p2(-12)), F(p2(-12), p2(-12))},
                        f32(2.25 + p2(-22))));
  v.push_back(make_case("f16_2_25_exponent1", kF16, 8, 0,
                        {F(2.25, 1), F(p2(-12), p2(-11)), F(p2(-12), p2(-12)), F(p2(-12), p2(-12))}, f32(2.25)));
  v.push_back(make_case("f16_c1_two_quarter_units", kF16, 8, one,
                        {F(p2(-12), p2(-13)), F(p2(-12), p2(-13)), F(p2(-12), p2(-12))}, one_ulp));
  for (int i = 0; i <= 22; ++i) {
    both(make_case("f16_c_rounded_down_i" + std::to_string(i), kF16, 8, f32(t + p2(-25 - i)), {F(1, 1)}, one),
         f32(-1 - p2(-23)));
  }
  for (int i = 0; i <= 9; ++i) {
    both(make_case("f16_c_larger_i" + std::to_string(i), kF16, 8, one, {F((1 + p2(-1 - i)) * p2(-12), p2(-12))},
                   i < 7 ? one_ulp : one),
         f32(-1 - p2(-23)));
  }
  for (int i = 0; i <= 9; ++i) {
    v.push_back(make_case("f16_c_below_2_i" + std::to_string(i), kF16, 8, f32(2 - p2(-22)),
                          {F(p2(-11), p2(-11)), F((1 + p2(-1 - i)) * p2(-12), p2(-11))},
                          f32(i <= 6 ? 2 + p2(-22) : 2)));
  }
  for (int i = 0; i <= 6; ++i) {
    v.push_back(make_case("f16_negative_c_i" + std::to_string(i), kF16, 8, f32(-2 + p2(-21)),
                          {F(-p2(-11), p2(-10)), F(-p2(-11), p2(-11)), F(-(2 - p2(-4 - i)) * p2(-12), p2(-12))},
                          f32(i <= 2 ? -2 - p2(-22) : -2 - p2(-21))));
  }
  v.push_back(make_case("f16_c_larger_branch_kmg_not_mmasim", kF16, 8, one,
                        {F(-p2(-12), p2(-12)), F(-(2 - p2(-6)) * p2(-13), p2(-13))}, f32(1 - p2(-24))));
  v.push_back(make_case("f16_c1_2m24_2m31", kF16, 8, one, {F(p2(-12), p2(-12)), F(p2(-14), p2(-17))}, one_ulp));
  v.push_back(make_case("f16_c1_2m24_2m32", kF16, 8, one, {F(p2(-12), p2(-12)), F(p2(-14), p2(-18))}, one));
  v.push_back(make_case("f16_c_lost_to_cancellation", kF16, 8, f32(16), {F(p2(15), p2(14)), F(-p2(15), p2(14))}, 0));
  v.push_back(
      make_case("bf16_c_lost_to_cancellation", kBf16, 8, f32(1024), {B(p2(18), p2(17)), B(-p2(18), p2(17))}, 0));
  v.push_back(make_case("bf16_sum_beyond_2_128", kBf16, 8, 0,
                        {B(1.5 * p2(64), p2(63)), B(1.5 * p2(64), p2(63)), B(-1.5 * p2(64), p2(63))},
                        f32(1.5 * p2(127))));
  both(make_case("bf16_product_overflow", kBf16, 8, 0, {B(p2(64), p2(64))}, 0x7F800000), 0xFF800000);
  v.push_back(
      make_case("bf16_product_overflows_both_signs", kBf16, 8, 0, {B(p2(64), p2(64)), B(-p2(64), p2(64))}, kCdna3Nan));
  for (int i = 0; i <= 22; ++i) {
    both(make_case("bf16_subnormal_result_i" + std::to_string(i), kBf16, 8, 0,
                   {B(p2(-75), p2(-75)), B(p2(-76), p2(-76 - i))}, i < 6 ? f32(p2(-149)) : 0),
         f32(-p2(-149)));
  }
  for (int i = 0; i <= 22; i += 11) { // a zero product between them takes no part in e_max
    v.push_back(make_case("bf16_zero_product_between_i" + std::to_string(i), kBf16, 8, 0,
                          {B(p2(-75), p2(-75)), B(0, 1), B(p2(-76), p2(-76 - i))}, i < 6 ? f32(p2(-149)) : 0));
  }
  for (int j = 0; j <= 10; ++j) {
    v.push_back(make_case("bf16_subnormal_c_j" + std::to_string(j), kBf16, 8, f32(p2(-127) - p2(-140)),
                          {B(p2(-70), p2(-70)), B(p2(-75), p2(-75)), B(p2(-77), p2(-77 - j))},
                          f32(j <= 3 ? p2(-127) + p2(-149) : p2(-127))));
  }
  both(make_case("xf32_truncated_input", kXf32, 8, 0, {X(1 + p2(-10) + p2(-11), 1)}, f32(1 + p2(-10))),
       f32(-1 - p2(-10)));
  for (int j = 2; j <= 8; ++j) {
    std::vector<Factors> ps(8, Factors{0, 0});
    ps[0] = ps[static_cast<size_t>(j - 1)] = X(p2(-12), p2(-12));
    v.push_back(make_case("xf32_k8_block_of_4_j" + std::to_string(j), kXf32, 8, one, ps, j <= 4 ? one_ulp : one));
  }
  Factors const q_one = Q(1, 1);
  Factors const q_zero = Q(0, 1);
  Factors const q_extra = Q(1.5 * p2(-12), p2(-12));
  both(make_case("fp8_same_group_a", kBf8, 16, 0, {q_one, q_zero, q_extra}, one), f32(-1));
  both(make_case("fp8_same_group_b", kBf8, 16, 0, {q_extra, q_zero, q_one}, one), f32(-1));
  both(make_case("fp8_other_group_a", kBf8, 16, 0, {q_one, q_extra, q_zero}, one), f32(-1 - p2(-23)));
  both(make_case("fp8_other_group_b", kBf8, 16, 0, {q_extra, q_one, q_zero}, one), f32(-1 - p2(-23)));
  both(make_case("fp8_other_group_c", kBf8, 16, 0, {q_zero, q_one, q_extra}, one), f32(-1 - p2(-23)));
  both(make_case("fp8_other_group_d", kBf8, 16, 0, {q_zero, q_extra, q_one}, one), f32(-1 - p2(-23)));
  for (int i = 0; i <= 10; ++i) {
    both(make_case("fp8_c_beyond_25_bits_i" + std::to_string(i), kBf8, 16, f32(p2(-26 - i)),
                   {q_one, Q(p2(-12), p2(-12))}, one),
         f32(-1));
  }
  v.push_back(make_case("fp8_cancelled_group_keeps_e_g", kBf8, 16, f32(p2(-20)),
                        {q_one, Q(p2(3), p2(2)), q_zero, Q(-p2(3), p2(2))}, one));
  return v;
}

class Section38 : public ::testing::TestWithParam<DotCase> {};

TEST_P(Section38, MatchesHardware) {
  DotCase const& dc = GetParam();
  uint64_t const got = dot_checked(dc.model, dc.a, dc.b, dc.c);
  EXPECT_EQ(got, dc.d) << format_value(Format::kF32, got) << " expected " << format_value(Format::kF32, dc.d);
}

INSTANTIATE_TEST_SUITE_P(Cdna3, Section38, ::testing::ValuesIn(section_3_8_cases()),
                         [](auto const& info) { return testing::param_name(info.param.name); });

// c = 1, p = 2^-24 + 2^-32 gives 1, the negated inputs give -(1 + 2^-23) (§3.3).
TEST(Cdna3Properties, SignAsymmetry) {
  std::vector<uint64_t> a(8, 0);
  std::vector<uint64_t> b(8, 0);
  a[0] = f16((1 + p2(-8)) * p2(-12));
  b[0] = f16(p2(-12));
  EXPECT_EQ(dot_checked(kF16, a, b, f32(1)), f32(1));
  a[0] ^= 0x8000;
  EXPECT_EQ(dot_checked(kF16, a, b, f32(-1)), f32(-1 - p2(-23)));
}

uint16_t random_f16(std::mt19937& rng) {
  // Finite values over a wide exponent range, both signs, some zeros and subnormals.
  uint32_t const r = rng();
  if (r % 16 == 0) return static_cast<uint16_t>(r & 0x8000);
  if (r % 16 == 1) return static_cast<uint16_t>(r & 0x83FF);
  uint32_t const e = 1 + (r >> 8) % 30;
  return static_cast<uint16_t>((r & 0x8000) | e << 10 | (r >> 16 & 0x3FF));
}

// Algorithm 1 does not depend on the order of the products inside a block.
TEST(Cdna3Properties, Algorithm1IsIndependentOfProductOrderWithinABlock) {
  std::mt19937 rng(21);
  for (int n = 0; n < 3000; ++n) {
    std::vector<uint64_t> a(16);
    std::vector<uint64_t> b(16);
    for (auto& x : a) x = random_f16(rng);
    for (auto& x : b) x = random_f16(rng);
    uint64_t const c = f32(std::ldexp(static_cast<double>(rng() % 2000) - 1000, static_cast<int>(rng() % 40) - 30));
    uint64_t const d = dot_checked(kF16, a, b, c);
    std::vector<size_t> perm(8);
    std::iota(perm.begin(), perm.end(), 0);
    for (int block = 0; block < 2; ++block) {
      std::shuffle(perm.begin(), perm.end(), rng);
      std::vector<uint64_t> pa = a;
      std::vector<uint64_t> pb = b;
      for (size_t i = 0; i < 8; ++i) {
        pa[8 * static_cast<size_t>(block) + i] = a[8 * static_cast<size_t>(block) + perm[i]];
        pb[8 * static_cast<size_t>(block) + i] = b[8 * static_cast<size_t>(block) + perm[i]];
      }
      ASSERT_EQ(dot_checked(kF16, pa, pb, c), d) << "case " << n;
    }
  }
}

// Algorithm 2 does: the same products in other even/odd positions give other bits.
TEST(Cdna3Properties, Algorithm2DependsOnProductOrder) {
  std::vector<uint64_t> same{fnuz_bf8(-1), 0, fnuz_bf8(-1.5 * p2(-12))};
  std::vector<uint64_t> other{fnuz_bf8(-1), fnuz_bf8(-1.5 * p2(-12)), 0};
  std::vector<uint64_t> b{fnuz_bf8(1), fnuz_bf8(1), fnuz_bf8(p2(-12))};
  std::vector<uint64_t> b_other{fnuz_bf8(1), fnuz_bf8(p2(-12)), fnuz_bf8(1)};
  same.resize(16, 0);
  other.resize(16, 0);
  b.resize(16, 0);
  b_other.resize(16, 0);
  EXPECT_EQ(dot_checked(kBf8, same, b, 0), f32(-1));
  EXPECT_EQ(dot_checked(kBf8, other, b_other, 0), f32(-1 - p2(-23)));
  // ... whereas Algorithm 1 with the same products in f16 does not care.
  Model const f16m = kF16;
  std::vector<uint64_t> fa{f16(-1), 0, f16(-1.5 * p2(-12))};
  std::vector<uint64_t> fb{f16(1), f16(1), f16(p2(-12))};
  std::vector<uint64_t> fa2{f16(-1), f16(-1.5 * p2(-12)), 0};
  std::vector<uint64_t> fb2{f16(1), f16(p2(-12)), f16(1)};
  EXPECT_EQ(dot_checked(f16m, fa, fb, 0), dot_checked(f16m, fa2, fb2, 0));
}

TEST(Cdna3Properties, SpecialValues) {
  auto run = [](Model const& m, uint64_t a0, uint64_t b0, uint64_t c, uint64_t a1 = 0, uint64_t b1 = 0) {
    std::vector<uint64_t> a{a0, a1};
    std::vector<uint64_t> b{b0, b1};
    a.resize(8, 0);
    b.resize(8, 0);
    return dot_checked(m, a, b, c);
  };
  uint16_t const inf = 0x7C00;
  EXPECT_EQ(run(kF16, 0x7E00, f16(1), 0), kCdna3Nan);                     // NaN factor
  EXPECT_EQ(run(kF16, f16(1), f16(1), 0x7FC00001), kCdna3Nan);            // NaN c
  EXPECT_EQ(run(kF16, inf, 0, 0), kCdna3Nan);                             // inf x 0 [ASSUME]
  EXPECT_EQ(run(kF16, inf, f16(-2), 0), 0xFF800000u);                     // -inf
  EXPECT_EQ(run(kF16, inf, f16(2), 0xFF800000), kCdna3Nan);               // +inf meets -inf c
  EXPECT_EQ(run(kF16, f16(1), f16(1), 0x7F800000), 0x7F800000u);          // c = inf
  EXPECT_EQ(run(kF16, inf, f16(1), 0, inf, f16(1)), 0x7F800000u);         // two +inf
  EXPECT_EQ(run(kBf16, bf16(p2(127)), bf16(1), 0x7F7FFFFF), 0x7F800000u); // RNE32 overflow
  EXPECT_EQ(run(kXf32, 0x7F800001, f32(1), 0), kCdna3Nan);                // NaN in the dropped bits [ASSUME §9.8]
  std::vector<uint64_t> q(16, 0);
  q[3] = 0x80; // FNUZ NaN
  std::vector<uint64_t> qb(16, fnuz_bf8(1));
  EXPECT_EQ(dot_checked(kBf8, q, qb, 0), kCdna3Nan);
  EXPECT_EQ(dot_checked(kBf8, std::vector<uint64_t>(16, 0), qb, 0xFF800000), 0xFF800000u);
  // An exact zero sum is +0, even from -0 inputs; c = -0 with no products gives +0.
  EXPECT_EQ(run(kF16, f16(-1), f16(1), f32(1)), 0u);
  EXPECT_EQ(run(kF16, 0x8000, f16(1), 0x80000000), 0u);
  // A tiny negative sum that rounds to zero keeps its sign [ASSUME §9.7].
  EXPECT_EQ(run(kBf16, bf16(-p2(-75)), bf16(p2(-76)), 0), 0x80000000u);
}

// A NaN produced by one block is the c of the next, so it propagates.
TEST(Cdna3Properties, BlocksChainThroughC) {
  std::vector<uint64_t> a(16, 0);
  std::vector<uint64_t> b(16, 0);
  a[0] = 0x7C00;
  b[0] = 0; // inf x 0 in block 0
  a[9] = f16(1);
  b[9] = f16(1);
  EXPECT_EQ(dot_checked(kF16, a, b, 0), kCdna3Nan);
  // With a partial last block (K = 10, group 8) the tail forms its own block.
  std::vector<uint64_t> a10(10, 0);
  std::vector<uint64_t> b10(10, 0);
  a10[0] = a10[8] = f16(p2(-12));
  b10[0] = b10[8] = f16(p2(-12));
  EXPECT_EQ(dot_checked(kF16, a10, b10, f32(1)), f32(1));
}

} // namespace
} // namespace wavemma::numeric
