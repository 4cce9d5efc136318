// Model checking, names, evidence notes and argument errors.

#include "wavemma/numeric/engine.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace wavemma::numeric {
namespace {

TEST(Engine, NamesRoundTrip) {
  for (int i = 0; i < kEngineCount; ++i) {
    auto const e = static_cast<Engine>(i);
    EXPECT_EQ(parse_engine(engine_name(e)), e);
    std::string const note(evidence_note(e));
    bool const tagged = note.find("[HW") != std::string::npos || note.find("[DOC") != std::string::npos;
    EXPECT_TRUE(tagged) << note;
    EXPECT_NE(note.find("ASSUME"), std::string::npos) << note;
  }
  EXPECT_EQ(parse_engine("nope"), std::nullopt);
}

TEST(Engine, SupportedModels) {
  Model const ok[] = {
      {Engine::kFmaChain, Format::kF32, Format::kF32, Format::kF32, 1},
      {Engine::kFmaChain, Format::kF64, Format::kF64, Format::kF64, 1},
      {Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8},
      {Engine::kCdna3FusedDot, Format::kBf16, Format::kBf16, Format::kF32, 4},
      {Engine::kCdna3FusedDot, Format::kXf32, Format::kXf32, Format::kF32, 4},
      {Engine::kCdna3Fp8Dot, Format::kFp8E4M3Fnuz, Format::kBf8E5M2Fnuz, Format::kF32, 16},
      {Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF16, 2},
      {Engine::kRdna3Dot2, Format::kBf16, Format::kBf16, Format::kBf16, 2},
      {Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 4},
      {Engine::kRdna4Dot4, Format::kFp8E4M3, Format::kBf8E5M2, Format::kF32, 4},
      {Engine::kRdna4Dot4, Format::kBf16, Format::kBf16, Format::kF32, 2},
      {Engine::kIntegerDot, Format::kU4, Format::kI8, Format::kI32, 1},
      {Engine::kCdna3Fp8Dot, Format::kFp8E4M3, Format::kBf8E5M2, Format::kF32, 16}, // gfx950 OCP
      {Engine::kCdna1ExactDot, Format::kBf16, Format::kBf16, Format::kF32, 2},
      {Engine::kCdna2PairwiseDot, Format::kF16, Format::kF16, Format::kF32, 4},
      {Engine::kCdna4ScaledDot, Format::kFp6E2M3, Format::kBf8E5M2, Format::kF32, 32},
  };
  for (auto const& m : ok) EXPECT_EQ(check_model(m), std::nullopt) << engine_name(m.engine);
  Model const bad[] = {
      {Engine::kFmaChain, Format::kF64, Format::kF64, Format::kF32, 1},      // f64 does not fit f32
      {Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF16, 8}, // f32 out only
      {Engine::kCdna3FusedDot, Format::kFp8E4M3Fnuz, Format::kF16, Format::kF32, 8},
      {Engine::kCdna3Fp8Dot, Format::kFp8E4M3, Format::kBf8E5M2Fnuz, Format::kF32, 16}, // OCP and FNUZ do not mix
      {Engine::kCdna1ExactDot, Format::kF16, Format::kF16, Format::kF16, 4},            // f32 out only
      {Engine::kCdna2PairwiseDot, Format::kF16, Format::kF16, Format::kF32, 3},         // a power of two
      {Engine::kCdna4ScaledDot, Format::kF16, Format::kFp4E2M1, Format::kF32, 32},
      {Engine::kCdna4ScaledDot, Format::kFp8E4M3Fnuz, Format::kFp4E2M1, Format::kF32, 32},
      {Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF32, 4}, // DOT2 is group 2
      {Engine::kRdna3Dot2, Format::kFp8E4M3, Format::kFp8E4M3, Format::kF32, 2},
      {Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 8},
      {Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kI32, 4},
      {Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kF32, 1},
      {Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 0}, // group >= 1
  };
  for (auto const& m : bad) {
    auto const err = check_model(m);
    ASSERT_TRUE(err.has_value()) << engine_name(m.engine);
    std::vector<uint64_t> const x(8, 0);
    EXPECT_THROW(dot(m, x, x, 0), std::invalid_argument);
  }
}

TEST(Engine, ArgumentErrors) {
  Model const m{Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF32, 2};
  std::vector<uint64_t> const three(3, 0);
  std::vector<uint64_t> const two(2, 0);
  EXPECT_THROW(dot(m, three, three, 0), std::invalid_argument); // K not a multiple of the step
  EXPECT_THROW(dot(m, two, three, 0), std::invalid_argument);   // lengths differ
  std::vector<uint64_t> d(4);
  EXPECT_THROW(dot_tile(m, 2, 2, 3, three.data(), three.data(), d.data(), d.data()), std::invalid_argument);
}

TEST(Engine, EmptyProductListReturnsC) {
  std::vector<uint64_t> const none;
  EXPECT_EQ(dot({Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8}, none, none, 0x80000000),
            0x80000000u);
  EXPECT_EQ(dot({Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF16, 2}, none, none, 0x1234), 0x1234u);
  EXPECT_EQ(dot({Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 1}, none, none, 7), 7u);
}

// K = 0 through the batched path too (the tile has no A or B at all).
TEST(Engine, EmptyTileReturnsC) {
  Model const models[] = {{Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8},
                          {Engine::kRdna3Dot2, Format::kF16, Format::kF16, Format::kF16, 2},
                          {Engine::kRdna4Dot4, Format::kBf16, Format::kBf16, Format::kBf16, 4},
                          {Engine::kFmaChain, Format::kF32, Format::kF32, Format::kF32, 1},
                          {Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 1}};
  for (Model const& m : models) {
    std::vector<uint64_t> const c{0x8000, 0x7E01, 0x1234, 0x0001};
    std::vector<uint64_t> d(4);
    dot_tile(m, 2, 2, 0, nullptr, nullptr, c.data(), d.data());
    for (size_t e = 0; e < 4; ++e) EXPECT_EQ(d[e], dot(m, {}, {}, c[e])) << engine_name(m.engine);
  }
}

TEST(Engine, InputBitsAboveTheFormatWidthAreIgnored) {
  Model const m{Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8};
  std::vector<uint64_t> a(8, 0);
  std::vector<uint64_t> b(8, 0);
  a[0] = 0xABCD3C00;
  b[0] = 0x12343C00;
  EXPECT_EQ(dot(m, a, b, 0xFFFFFFFF00000000ull), 0x3F800000u);
}

#if defined(__SSE2__)
// The results do not depend on the caller's MXCSR (rounding mode, FTZ, DAZ).
TEST(Engine, IgnoresTheCallersFloatingPointMode) {
  Model const fma{Engine::kFmaChain, Format::kF32, Format::kF32, Format::kF32, 1};
  Model const rdna{Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 2};
  std::vector<uint64_t> const sub_a{0x00800000, 0x3F800001}; // 2^-126, 1 + 2^-23
  std::vector<uint64_t> const sub_b{0x3F000000, 0x3F800001}; // 0.5,    1 + 2^-23
  std::vector<uint64_t> const f16_a{0x0001, 0x3C00};         // 2^-24, 1
  std::vector<uint64_t> const f16_b{0x0001, 0x0000};
  auto run = [&](uint64_t (&out)[4]) {
    out[0] = dot(fma, std::span(sub_a).first(1), std::span(sub_b).first(1), 0); // 2^-127
    out[1] = dot(fma, std::span(sub_a).last(1), std::span(sub_b).last(1), 0);   // rounds
    uint64_t const c = 0;
    dot_tile(fma, 1, 1, 2, sub_a.data(), sub_b.data(), &c, &out[2]);
    dot_tile(rdna, 1, 1, 2, f16_a.data(), f16_b.data(), &c, &out[3]); // 2^-48, an f32 normal
  };
  uint64_t expected[4] = {};
  run(expected);
  EXPECT_EQ(expected[0], 0x00400000u);
  EXPECT_EQ(expected[1], 0x3F800002u);
  unsigned const saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040u | 0x4000u); // FTZ, DAZ, round up
  uint64_t got[4] = {};
  run(got);
  _mm_setcsr(saved);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got[i], expected[i]) << i;
}
#endif

} // namespace
} // namespace wavemma::numeric
