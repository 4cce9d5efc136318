// gfx11 DOT2 and gfx12 DOT4 chains: the worked fixtures of numerics.md §4.2 (one line per case),
// special-value precedence (§7), 16-bit narrowing and FP16_OVFL (§6), and the gfx11/gfx12 quirks.

#include "engine_test_util.hpp"
#include "wavemma/numeric/engine.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

using testing::bf16;
using testing::dot_checked;
using testing::f16;
using testing::f32;

double p2(int e) { return std::ldexp(1.0, e); }

Model rdna3(Format in, Format out, bool ovfl = false) {
  Model m{Engine::kRdna3Dot2, in, in, out, 2};
  m.fp16_ovfl = ovfl;
  return m;
}
Model rdna4(Format in, Format out, int group = 4, bool ovfl = false) {
  Model m{Engine::kRdna4Dot4, in, in, out, group};
  m.fp16_ovfl = ovfl;
  return m;
}

// §4.2 worked fixture examples (gfx1100, f32 out). a and b as (hi:lo) packed words.
struct Dot2Fixture {
  char const* what;
  uint32_t a, b, acc, d;
};
constexpr Dot2Fixture kSection42[] = {
    {"one_minus_one_plus_one", 0x3c00bc00, 0x3c003c00, 0x3f800000, 0x3f7fffff},
    {"negative_zero_frame", 0x3c003c00, 0x3c000000, 0x80000000, 0x3f800001},
    {"positive_zero_frame", 0x3c00bc00, 0x3c000000, 0x00000000, 0x3f7fffff},
    {"two_minus_two", 0x3c003c00, 0x3c003c00, 0xc0000000, 0x34000000},
    {"f16_subnormal_factors_kept", 0x00000001, 0x3c008001, 0x00000000, 0xa7880000},
};

class Section42 : public ::testing::TestWithParam<Dot2Fixture> {};

TEST_P(Section42, Gfx1100Dot2) {
  Dot2Fixture const& f = GetParam();
  std::vector<uint64_t> a{f.a & 0xFFFF, f.a >> 16};
  std::vector<uint64_t> b{f.b & 0xFFFF, f.b >> 16};
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), a, b, f.acc), f.d);
}
INSTANTIATE_TEST_SUITE_P(Rdna3, Section42, ::testing::ValuesIn(kSection42),
                         [](auto const& info) { return std::string(info.param.what); });

// The same terms in another accumulator frame give other bits: signs of zeros matter on gfx11 only.
TEST(Rdna3Properties, ZeroSignsChangeTheResultOnlyOnGfx11) {
  std::vector<uint64_t> a{0x3c00, 0x3c00};
  std::vector<uint64_t> b{0x0000, 0x3c00}; // +0 and +1 products
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), a, b, 0x00000000), 0x3f800000u);
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), a, b, 0x80000000), 0x3f800001u);
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32, 2), a, b, 0x00000000), 0x3f800000u);
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32, 2), a, b, 0x80000000), 0x3f800000u);
  // All magnitudes zero: +0 even from a -0 accumulator.
  std::vector<uint64_t> z{0x8000, 0x0000};
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), z, z, 0x80000000), 0u);
  // An f32 subnormal accumulator has magnitude 0 on gfx11, but its sign still sets the frame.
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), a, b, 0x80000001), 0x3f800001u);
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32, 2), a, b, 0x00000001), 0x3f800000u);
}

TEST(Rdna3Properties, Bf16SubnormalFactorsFlushOnGfx11Only) {
  std::vector<uint64_t> a{0x0001, 0}; // bf16 2^-133
  std::vector<uint64_t> b{bf16(1), 0};
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kF32), a, b, 0), 0u);
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32, 2), a, b, 0), f32(p2(-133)));
  // inf x (flushed subnormal) is invalid on gfx11, inf on gfx12.
  std::vector<uint64_t> ia{0x7F80, 0};
  std::vector<uint64_t> ib{0x0001, 0};
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kF32), ia, ib, 0), kRdnaInvalidNan);
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32, 2), ia, ib, 0), 0x7F800000u);
}

TEST(Rdna3Properties, F32ResultsBelow2To126FlushOnGfx11Only) {
  std::vector<uint64_t> a{bf16(p2(-65)), 0};
  std::vector<uint64_t> b{bf16(-p2(-65)), 0};
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kF32), a, b, 0), 0u); // sign dropped too
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32, 2), a, b, 0), f32(-p2(-130)));
  // Rounding happens before the flush: 1.125·2^-126 - 2^-129 on G = -151 is S = 2^25 - 1 units (the
  // negative product adds its one's complement), which rounds up to 2^-126 and survives.
  std::vector<uint64_t> c{bf16(1.5 * p2(-64)), bf16(-p2(-65))};
  std::vector<uint64_t> d{bf16(1.5 * p2(-63)), bf16(p2(-64))};
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kF32), c, d, 0), f32(p2(-126)));
  // Without the one's-complement unit the same value is exact on gfx12.
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32, 2), c, d, 0), f32(p2(-126)));
  // Just below: 2^-126 - 2^-134 (24 significant bits) flushes.
  std::vector<uint64_t> e{bf16(p2(-63)), bf16(-p2(-67))};
  std::vector<uint64_t> f{bf16(p2(-63)), bf16(p2(-67))};
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kF32), e, f, 0), 0u);
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32, 2), e, f, 0), f32(p2(-126) - p2(-134)));
}

// gfx12 accumulator floor alignment and its exception (§5.2 step 4.1, ASSUME §9.18 for f32).
TEST(Rdna4Properties, NegativeAccumulatorBelowTheGrid) {
  std::vector<uint64_t> one{f16(1), 0, 0, 0};
  // G = -24 > c_floor: a negative accumulator wholly below the grid contributes 0, not -1 unit.
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32), one, one, f32(-p2(-140))), f32(1));
  // A positive one is floored to 0 anyway.
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32), one, one, f32(p2(-140))), f32(1));
  // G = -134 <= c_floor = -126: the floor unit -1 is kept.
  std::vector<uint64_t> tiny{bf16(p2(-55)), 0, 0, 0};
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32), tiny, tiny, f32(-p2(-149))), f32(p2(-110) - p2(-134)));
  // Exactly G = c_floor = -126 (product grid 2^-126): the floor unit is still kept.
  std::vector<uint64_t> g126{bf16(p2(-51)), 0, 0, 0};
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32), g126, g126, f32(-p2(-140))), f32(p2(-102) - p2(-126)));
  // One binade up (G = -125 > c_floor) the negative accumulator contributes 0.
  std::vector<uint64_t> g125b{bf16(p2(-50)), 0, 0, 0};
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kF32), g126, g125b, f32(-p2(-140))), f32(p2(-101)));
  // A negative accumulator partly above the grid is floored: -1 - 2^-30 on G = -24 -> -(1 +
  // 2^-24)... then 1·1 added: 2 - ... exercise through a plain product sum instead:
  std::vector<uint64_t> a{f16(1), f16(p2(-12)), 0, 0};
  std::vector<uint64_t> b{f16(1), f16(-p2(-13)), 0, 0}; // 1 - 2^-25: pair floored to 1 - 2^-24
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32), a, b, 0), f32(1 - p2(-24)));
}

TEST(Rdna4Properties, PairsAreAlignedSeparately) {
  // (1, -2^-26) floors to 1 - 2^-24 in its pair; in two pairs each product is floored on G alone.
  std::vector<uint64_t> same_pair{f16(1), f16(-p2(-13)), 0, 0};
  std::vector<uint64_t> b_same{f16(1), f16(p2(-13)), 0, 0};
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32), same_pair, b_same, 0), f32(1 - p2(-24)));
  std::vector<uint64_t> split{f16(1), 0, f16(-p2(-13)), 0};
  std::vector<uint64_t> b_split{f16(1), 0, f16(p2(-13)), 0};
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF32), split, b_split, 0), f32(1 - p2(-24)));
}

// §6: f16 outputs round once from the exact sum (no detour through f32).
TEST(RdnaNarrowing, F16RoundsOnceFromTheExactSum) {
  // 2 + 2^-10 + 2^-23: direct RNE to f16 -> 2 + 2^-9; via f32 it would tie twice and give 2.
  std::vector<uint64_t> a{f16(2), f16(p2(-5))};
  std::vector<uint64_t> b{f16(1), f16(p2(-5))};
  uint64_t const c = 0x0002; // f16 2^-23
  uint64_t const expect = f16(2 + p2(-9));
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF16), a, b, c), expect);
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF16, 2), a, b, c), expect);
  // f16 subnormal outputs exist on both generations.
  std::vector<uint64_t> s{f16(p2(-12)), 0};
  std::vector<uint64_t> t{f16(p2(-12)), 0};
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF16), s, t, 0), 0x0001u);
  EXPECT_EQ(dot_checked(rdna4(Format::kF16, Format::kF16, 2), s, t, 0), 0x0001u);
}

TEST(RdnaNarrowing, Bf16KeepsTheUpperHalfOfTheF32Result) {
  // 1 + 2^-8 + 2^-9: f32 exact, upper half truncates to 1 + 2^-8... (no second rounding).
  std::vector<uint64_t> a{bf16(1), bf16(p2(-4))};
  std::vector<uint64_t> b{bf16(1), bf16(p2(-4) * 1.5)}; // 1 + 1.5·2^-8
  EXPECT_EQ(dot_checked(rdna3(Format::kBf16, Format::kBf16), a, b, 0),
            bf16(1)); // 1 + 2^-8 + 2^-9 -> 0x3F80 (truncated)
  EXPECT_EQ(dot_checked(rdna4(Format::kBf16, Format::kBf16, 2), a, b, 0), bf16(1));
}

TEST(RdnaNarrowing, Fp16OverflowMode) {
  std::vector<uint64_t> a{f16(65504), 0};
  std::vector<uint64_t> b{f16(2), 0};
  for (bool gfx12 : {false, true}) {
    Model const plain = gfx12 ? rdna4(Format::kF16, Format::kF16, 2) : rdna3(Format::kF16, Format::kF16);
    Model const ovfl = gfx12 ? rdna4(Format::kF16, Format::kF16, 2, true) : rdna3(Format::kF16, Format::kF16, true);
    EXPECT_EQ(dot_checked(plain, a, b, 0), 0x7C00u);
    EXPECT_EQ(dot_checked(ovfl, a, b, 0), 0x7BFFu);
    EXPECT_EQ(dot_checked(ovfl, a, std::vector<uint64_t>{f16(-2), 0}, 0), 0xFBFFu);
    // An infinite input stays infinite.
    EXPECT_EQ(dot_checked(ovfl, std::vector<uint64_t>{0x7C00, 0}, b, 0), 0x7C00u);
    EXPECT_EQ(dot_checked(ovfl, a, b, 0xFC00), 0xFC00u);
    // bf16 and f32 outputs ignore the bit.
    Model bf = gfx12 ? rdna4(Format::kBf16, Format::kBf16, 2, true) : rdna3(Format::kBf16, Format::kBf16, true);
    EXPECT_EQ(dot_checked(bf, std::vector<uint64_t>{0x7F7F, 0}, std::vector<uint64_t>{bf16(2), 0}, 0), 0x7F80u);
  }
}

// §7 precedence, per output format (§6 table), on both generations.
TEST(RdnaSpecials, PrecedenceAndNarrowedConstants) {
  uint64_t const nan = 0x7E00;
  uint64_t const inf = 0x7C00;
  uint64_t const one = f16(1);
  struct Expect {
    Format out;
    uint64_t factor_nan, invalid, pos_inf, neg_inf;
  };
  Expect const outs[] = {{Format::kF32, 0xFFC00A3D, 0xFFC00000, 0x7F800000, 0xFF800000},
                         {Format::kF16, 0xFE3D, 0xFE00, 0x7C00, 0xFC00},
                         {Format::kBf16, 0xFFFD, 0xFFC0, 0x7F80, 0xFF80}};
  for (bool gfx12 : {false, true}) {
    for (auto const& e : outs) {
      Model const m = gfx12 ? rdna4(Format::kF16, e.out, 2) : rdna3(Format::kF16, e.out);
      uint64_t const c_nan = e.out == Format::kF32 ? 0x7F800001 : e.out == Format::kF16 ? 0x7C01 : 0x7F81;
      uint64_t const c_quiet = e.out == Format::kF32 ? 0x7FC00001 : e.out == Format::kF16 ? 0x7E01 : 0x7FC1;
      uint64_t const c_neg_inf = e.out == Format::kF32 ? 0xFF800000 : e.out == Format::kF16 ? 0xFC00 : 0xFF80;
      SCOPED_TRACE(std::string(gfx12 ? "gfx12 " : "gfx11 ") + std::string(name(e.out)));
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{nan, inf}, std::vector<uint64_t>{one, 0}, c_nan), e.factor_nan);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{inf, one}, std::vector<uint64_t>{0, one}, c_nan), e.invalid);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{inf, inf}, std::vector<uint64_t>{one, f16(-1)}, c_nan), e.invalid);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{inf, one}, std::vector<uint64_t>{one, one}, c_nan), c_quiet);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{inf, one}, std::vector<uint64_t>{one, one}, c_neg_inf), e.invalid);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{inf, one}, std::vector<uint64_t>{one, one}, 0), e.pos_inf);
      EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{one, one}, std::vector<uint64_t>{one, one}, c_neg_inf), e.neg_inf);
    }
  }
}

// A NaN or infinity produced by an early step is the next step's accumulator.
TEST(RdnaSpecials, PropagateThroughTheChain) {
  std::vector<uint64_t> a{0x7E00, 0, f16(1), f16(1)};
  std::vector<uint64_t> b{f16(1), 0, f16(1), f16(1)};
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF32), a, b, 0), 0xFFC00A3Du | 0x00400000u);
  EXPECT_EQ(dot_checked(rdna3(Format::kF16, Format::kF16), a, b, 0), 0xFE3Du);
}

// gfx12 FP8/BF8 (OCP) decode into the same step [ASSUME §9.1, §9.14].
TEST(Rdna4Properties, OcpFp8Inputs) {
  using testing::ocp_bf8;
  using testing::ocp_fp8;
  Model const m{Engine::kRdna4Dot4, Format::kFp8E4M3, Format::kBf8E5M2, Format::kF32, 4};
  std::vector<uint64_t> a{ocp_fp8(448), ocp_fp8(-0.5), ocp_fp8(p2(-9)), 0};
  std::vector<uint64_t> b{ocp_bf8(2), ocp_bf8(3), ocp_bf8(p2(-16)), ocp_bf8(1)};
  EXPECT_EQ(dot_checked(m, a, b, f32(1)),
            f32(896 - 1.5 + 1)); // 2^-25 is floored away on G = 9 - 24
  EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{0x7F, 0, 0, 0}, b, 0),
            kRdnaFactorNan); // E4M3FN NaN
  EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{ocp_fp8(1), 0, 0, 0}, std::vector<uint64_t>{0x7C, 0, 0, 0}, 0),
            0x7F800000u);
  EXPECT_EQ(dot_checked(m, std::vector<uint64_t>{0, 0, 0, 0}, std::vector<uint64_t>{0x7C, 0, 0, 0}, 0),
            kRdnaInvalidNan);
}

} // namespace
} // namespace wavemma::numeric
