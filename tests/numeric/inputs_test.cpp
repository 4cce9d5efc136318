// Packed 16-bit C widening and inline constants (numerics.md §2).

#include "wavemma/numeric/inputs.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>

namespace wavemma::numeric {
namespace {

// f16 -> f32: exact for numbers (host F16C conversion as the oracle), NaN payload << 13 unquieted.
TEST(WidenToF32, F16ExhaustiveAgainstHostConversion) {
  for (uint32_t code = 0; code < 0x10000; ++code) {
    auto const h = static_cast<uint16_t>(code);
    uint32_t const got = widen_to_f32(Format::kF16, h);
    bool const nan = (code & 0x7C00) == 0x7C00 && (code & 0x3FF) != 0;
    if (nan) {
      uint32_t const expect = (code & 0x8000u) << 16 | 0x7F800000u | (code & 0x3FFu) << 13;
      ASSERT_EQ(got, expect) << std::hex << code;
    } else {
      float const f = static_cast<float>(std::bit_cast<_Float16>(h));
      ASSERT_EQ(got, std::bit_cast<uint32_t>(f)) << std::hex << code;
    }
  }
  EXPECT_EQ(widen_to_f32(Format::kF16, 0x7D00), 0x7FA00000u); // signalling NaN stays signalling
}

TEST(WidenToF32, Bf16IsAShift) {
  for (uint32_t code = 0; code < 0x10000; code += 7) {
    EXPECT_EQ(widen_to_f32(Format::kBf16, static_cast<uint16_t>(code)), code << 16);
  }
  EXPECT_EQ(widen_to_f32(Format::kBf16, 0xFFFF), 0xFFFF0000u);
}

TEST(WidenToF32, RejectsOtherFormats) { EXPECT_THROW(widen_to_f32(Format::kF32, 0), std::invalid_argument); }

struct Constant {
  int code;
  double value; // the AMDGPU inline-constant value
};
constexpr Constant kFloatConstants[] = {{240, 0.5},  {241, -0.5}, {242, 1.0},
                                        {243, -1.0}, {244, 2.0},  {245, -2.0},
                                        {246, 4.0},  {247, -4.0}, {248, 0.15915494309189532}};

TEST(InlineConstant, ThirtyTwoBitValues) {
  EXPECT_EQ(inline_constant_32(128), 0u);
  EXPECT_EQ(inline_constant_32(129), 1u);
  EXPECT_EQ(inline_constant_32(192), 64u);
  EXPECT_EQ(inline_constant_32(193), 0xFFFFFFFFu);
  EXPECT_EQ(inline_constant_32(208), static_cast<uint32_t>(-16));
  for (auto const& c : kFloatConstants) {
    EXPECT_EQ(inline_constant_32(c.code), std::bit_cast<uint32_t>(static_cast<float>(c.value))) << c.code;
  }
  EXPECT_EQ(inline_constant_32(248), 0x3E22F983u);
  EXPECT_THROW(inline_constant_32(209), std::out_of_range);
  EXPECT_THROW(inline_constant_32(255), std::out_of_range);
  EXPECT_FALSE(is_inline_constant(127));
  EXPECT_TRUE(is_inline_constant(248));
}

TEST(InlineConstant, SixteenBitValues) {
  for (auto const& c : kFloatConstants) {
    float const f = static_cast<float>(c.value);
    EXPECT_EQ(inline_constant_16(Format::kF16, c.code), std::bit_cast<uint16_t>(static_cast<_Float16>(f))) << c.code;
    EXPECT_EQ(inline_constant_16(Format::kBf16, c.code), std::bit_cast<uint32_t>(f) >> 16) << c.code;
  }
  // The values seen in the WMMA operand captures (C = inline constant, D = C when A = B = 0).
  EXPECT_EQ(inline_constant_16(Format::kF16, 248), 0x3118);
  EXPECT_EQ(inline_constant_16(Format::kBf16, 248), 0x3E22);
  EXPECT_EQ(inline_constant_16(Format::kF16, 193), 0xFFFF);
  EXPECT_EQ(inline_constant_16(Format::kBf16, 208), 0xFFF0);
  EXPECT_EQ(inline_constant_16(Format::kF16, 129), 0x0001);
  EXPECT_EQ(inline_constant_16(Format::kBf16, 192), 0x0040);
}

// The packed A/B word, as derived from the DOT2 inline-constant captures (the hw vector test
// runs those captures through the engines).
TEST(InlineConstant, PackedOperandWords) {
  EXPECT_EQ(inline_constant_packed(Format::kF16, 242), 0x00003C00u); // float: low half only
  EXPECT_EQ(inline_constant_packed(Format::kF16, 248), 0x00003118u);
  EXPECT_EQ(inline_constant_packed(Format::kF16, 129), 0x00000001u); // integer: its 32-bit pattern
  EXPECT_EQ(inline_constant_packed(Format::kF16, 193), 0xFFFFFFFFu);
  EXPECT_EQ(inline_constant_packed(Format::kBf16, 242), 0x3F803F80u); // both halves
  EXPECT_EQ(inline_constant_packed(Format::kBf16, 248), 0x3E223E22u);
  EXPECT_EQ(inline_constant_packed(Format::kBf16, 129), 0x00010001u);
}

} // namespace
} // namespace wavemma::numeric
