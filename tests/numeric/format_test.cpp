// Format table, exhaustive decoding, to_double, format_value, parse_format.

#include "format_oracle.hpp"
#include "wavemma/numeric/format.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <string>

namespace wavemma::numeric {
namespace {

double decoded_value(Decoded const& d) {
  double const m = std::ldexp(static_cast<double>(d.sig), d.exp);
  return d.neg ? -m : m;
}

TEST(FormatInfo, RowsMatchTheSpecification) {
  for (auto const& s : oracle::kSmallFloats) {
    FormatInfo const& fi = info(s.format);
    EXPECT_EQ(fi.bits, s.bits) << fi.name;
    EXPECT_EQ(fi.exp_bits, s.exp_bits) << fi.name;
    EXPECT_EQ(fi.frac_bits, s.frac_bits) << fi.name;
    EXPECT_EQ(fi.bias, s.bias) << fi.name;
    EXPECT_TRUE(fi.is_float);
    EXPECT_EQ(fi.max_finite, oracle::max_finite_code(s)) << fi.name;
    EXPECT_EQ(fi.has_inf(), s.kind == oracle::Kind::kIeee) << fi.name;
    EXPECT_EQ(fi.has_negative_zero(), s.kind != oracle::Kind::kFnuz) << fi.name;
  }
  EXPECT_EQ(info(Format::kF32).frac_bits, 23);
  EXPECT_EQ(info(Format::kF64).bias, 1023);
  EXPECT_EQ(info(Format::kXf32).frac_bits, 10);
  EXPECT_EQ(info(Format::kXf32).bits, 32);
  EXPECT_FALSE(info(Format::kI8).is_float);
  EXPECT_TRUE(info(Format::kI4).is_signed);
  EXPECT_FALSE(info(Format::kU4).is_signed);
  EXPECT_EQ(info(Format::kI32).bits, 32);
}

TEST(FormatInfo, ExtremesFromTheReferenceTable) {
  // numerics.md §1.1: max finite, min normal, min subnormal.
  EXPECT_EQ(to_double(Format::kF16, info(Format::kF16).max_finite), 65504.0);
  EXPECT_EQ(to_double(Format::kFp8E4M3, info(Format::kFp8E4M3).max_finite), 448.0);
  EXPECT_EQ(to_double(Format::kBf8E5M2, info(Format::kBf8E5M2).max_finite), 57344.0);
  EXPECT_EQ(to_double(Format::kFp8E4M3Fnuz, info(Format::kFp8E4M3Fnuz).max_finite), 240.0);
  EXPECT_EQ(to_double(Format::kBf8E5M2Fnuz, info(Format::kBf8E5M2Fnuz).max_finite), 57344.0);
  EXPECT_EQ(to_double(Format::kBf16, 0x0001), std::ldexp(1.0, -133));
  EXPECT_EQ(to_double(Format::kFp8E4M3, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(to_double(Format::kBf8E5M2, 0x01), std::ldexp(1.0, -16));
  EXPECT_EQ(to_double(Format::kFp8E4M3Fnuz, 0x01), std::ldexp(1.0, -10));
  EXPECT_EQ(to_double(Format::kBf8E5M2Fnuz, 0x01), std::ldexp(1.0, -17));
  EXPECT_EQ(to_double(Format::kFp8E4M3Fnuz, 0x08), std::ldexp(1.0, -7)); // min normal
  EXPECT_EQ(to_double(Format::kXf32, 0x00002000), std::ldexp(1.0, -136));
  EXPECT_EQ(to_double(Format::kXf32, 0x7F7FFFFF), std::ldexp(2.0 - std::ldexp(1.0, -10), 127));
}

// Every code of every 8/16-bit float: class and exact value against the textbook formula.
TEST(Decode, ExhaustiveSmallFloatsMatchTheFormula) {
  for (auto const& s : oracle::kSmallFloats) {
    for (uint32_t code = 0; code < (1u << s.bits); ++code) {
      Decoded const d = decode(s.format, code);
      bool const neg = (code & oracle::sign_bit(s)) != 0;
      if (oracle::is_nan(s, code)) {
        ASSERT_EQ(d.cls, Decoded::kNaN) << name(s.format) << " code " << code;
        ASSERT_TRUE(std::isnan(to_double(s.format, code)));
        continue;
      }
      if (oracle::is_inf(s, code)) {
        ASSERT_EQ(d.cls, Decoded::kInf) << name(s.format) << " code " << code;
        ASSERT_EQ(d.neg, neg);
        ASSERT_EQ(to_double(s.format, code), neg ? -INFINITY : INFINITY);
        continue;
      }
      double const expect = oracle::value(s, code);
      ASSERT_EQ(d.cls, expect == 0 ? Decoded::kZero : Decoded::kFinite) << name(s.format) << " code " << code;
      ASSERT_EQ(d.neg, neg) << name(s.format) << " code " << code;
      ASSERT_EQ(decoded_value(d), expect) << name(s.format) << " code " << code;
      ASSERT_EQ(std::bit_cast<uint64_t>(to_double(s.format, code)), std::bit_cast<uint64_t>(expect))
          << name(s.format) << " code " << code; // also the sign of zero
      // The documented representation: raw significand and the max(E,1) exponent.
      int const e = static_cast<int>(oracle::exp_field(s, code));
      ASSERT_EQ(d.exp, std::max(e, 1) - s.bias - s.frac_bits);
      ASSERT_LT(d.sig, uint64_t{2} << s.frac_bits);
    }
  }
}

TEST(Decode, FnuzHasNoNegativeZeroAndNoInfinity) {
  for (Format f : {Format::kFp8E4M3Fnuz, Format::kBf8E5M2Fnuz}) {
    EXPECT_TRUE(decode(f, 0x80).is_nan());
    EXPECT_TRUE(decode(f, 0x00).is_zero());
    for (uint32_t c = 0; c < 256; ++c) EXPECT_FALSE(decode(f, c).is_inf());
    EXPECT_EQ(to_double(f, 0xFF), -to_double(f, 0x7F));
  }
}

TEST(Decode, OcpE4m3HasTwoNansAndNoInfinity) {
  int nans = 0;
  for (uint32_t c = 0; c < 256; ++c) {
    EXPECT_FALSE(decode(Format::kFp8E4M3, c).is_inf());
    nans += decode(Format::kFp8E4M3, c).is_nan() ? 1 : 0;
  }
  EXPECT_EQ(nans, 2);
  EXPECT_TRUE(decode(Format::kFp8E4M3, 0x7F).is_nan());
  EXPECT_TRUE(decode(Format::kFp8E4M3, 0xFF).is_nan());
  EXPECT_EQ(to_double(Format::kFp8E4M3, 0x80), 0.0);
  EXPECT_TRUE(std::signbit(to_double(Format::kFp8E4M3, 0x80)));
}

TEST(Decode, IntegersExhaustive) {
  for (uint32_t c = 0; c < 256; ++c) {
    int const i8 = c < 128 ? static_cast<int>(c) : static_cast<int>(c) - 256;
    EXPECT_EQ(to_double(Format::kI8, c), i8);
    EXPECT_EQ(to_double(Format::kU8, c), static_cast<int>(c));
    Decoded const d = decode(Format::kI8, c);
    EXPECT_EQ(d.neg, i8 < 0);
    EXPECT_EQ(d.sig, static_cast<uint64_t>(std::abs(i8)));
    EXPECT_EQ(d.exp, 0);
  }
  for (uint32_t c = 0; c < 16; ++c) {
    int const i4 = c < 8 ? static_cast<int>(c) : static_cast<int>(c) - 16;
    EXPECT_EQ(to_double(Format::kI4, c), i4);
    EXPECT_EQ(to_double(Format::kU4, c), static_cast<int>(c));
    // Bits above the element width are ignored.
    EXPECT_EQ(to_double(Format::kI4, c | 0xF0), i4);
  }
  EXPECT_EQ(to_double(Format::kI32, 0x80000000), -2147483648.0);
  EXPECT_EQ(to_double(Format::kI32, 0x7FFFFFFF), 2147483647.0);
  EXPECT_EQ(to_double(Format::kI32, 0xFFFFFFFF), -1.0);
}

// xf32: the f32 word with the low 13 fraction bits cleared (toward zero), NaN classified first.
TEST(Decode, Xf32TruncatesTheLow13Bits) {
  std::mt19937 rng(7);
  for (int n = 0; n < 200000; ++n) {
    uint32_t const w = static_cast<uint32_t>(rng());
    float const full = std::bit_cast<float>(w);
    if (std::isnan(full)) {
      EXPECT_TRUE(decode(Format::kXf32, w).is_nan()) << std::hex << w;
      continue;
    }
    float const truncated = std::bit_cast<float>(w & ~uint32_t{0x1FFF});
    EXPECT_EQ(std::bit_cast<uint64_t>(to_double(Format::kXf32, w)), std::bit_cast<uint64_t>(double{truncated}))
        << std::hex << w;
  }
  // a = 1 + 2^-10 + 2^-11 -> 1 + 2^-10 (numerics §3.2), symmetric for the negative.
  EXPECT_EQ(to_double(Format::kXf32, 0x3F803000), 1.0 + std::ldexp(1.0, -10));
  EXPECT_EQ(to_double(Format::kXf32, 0xBF803000), -(1.0 + std::ldexp(1.0, -10)));
  // A NaN whose payload lies only in the dropped bits stays NaN [ASSUME §9.8].
  EXPECT_TRUE(decode(Format::kXf32, 0x7F800001).is_nan());
  EXPECT_TRUE(decode(Format::kXf32, 0x7F800000).is_inf());
  // Subnormal grid 2^-136: smaller bits vanish.
  EXPECT_TRUE(decode(Format::kXf32, 0x00001FFF).is_zero());
}

TEST(Decode, F32AndF64SpotChecks) {
  std::mt19937_64 rng(11);
  for (int n = 0; n < 100000; ++n) {
    uint64_t const w = rng();
    double const x = std::bit_cast<double>(w);
    if (!std::isnan(x)) EXPECT_EQ(std::bit_cast<uint64_t>(to_double(Format::kF64, w)), w);
    auto const w32 = static_cast<uint32_t>(w);
    float const y = std::bit_cast<float>(w32);
    if (!std::isnan(y)) EXPECT_EQ(to_double(Format::kF32, w32), double{y});
  }
  EXPECT_EQ(to_double(Format::kF32, 0x00000001), std::ldexp(1.0, -149));
  EXPECT_EQ(to_double(Format::kF64, 1), std::ldexp(1.0, -1074));
  Decoded const d = decode(Format::kF32, 0x00000000);
  EXPECT_EQ(d.exp + 23, -126); // zero sits on the subnormal grid (the e_c rule of numerics §3.2)
}

TEST(FormatValue, ReadableText) {
  EXPECT_EQ(format_value(Format::kF16, 0x3c00), "0x3c00 (1 = 0x1p+0)");
  EXPECT_EQ(format_value(Format::kF32, 0x34400000), "0x34400000 (1.78813934e-07 = 0x1.8p-23)");
  EXPECT_EQ(format_value(Format::kF32, 0xbf800001), "0xbf800001 (-1.00000012 = -0x1.000002p+0)");
  EXPECT_EQ(format_value(Format::kF16, 0x8000), "0x8000 (-0)");
  EXPECT_EQ(format_value(Format::kF16, 0x7c00), "0x7c00 (+inf)");
  EXPECT_EQ(format_value(Format::kF32, 0xffc00000), "0xffc00000 (-NaN)");
  EXPECT_EQ(format_value(Format::kI8, 0xff), "0xff (-1)");
  EXPECT_EQ(format_value(Format::kFp8E4M3Fnuz, 0x80), "0x80 (-NaN)");
  EXPECT_EQ(format_value(Format::kI4, 0x9), "0x9 (-7)");
}

TEST(ParseFormat, NamesAndAliases) {
  for (int i = 0; i < kFormatCount; ++i) {
    auto const f = static_cast<Format>(i);
    EXPECT_EQ(parse_format(name(f)), f);
  }
  EXPECT_EQ(parse_format("BF16"), Format::kBf16);
  EXPECT_EQ(parse_format("fp16"), Format::kF16);
  EXPECT_EQ(parse_format("fp8"), Format::kFp8E4M3);
  EXPECT_EQ(parse_format("e4m3fnuz"), Format::kFp8E4M3Fnuz);
  EXPECT_EQ(parse_format("e5m2"), Format::kBf8E5M2);
  EXPECT_EQ(parse_format("int8"), Format::kI8);
  EXPECT_EQ(parse_format("f8"), std::nullopt);
  EXPECT_EQ(parse_format(""), std::nullopt);
  // E5M3 is named, not computed: its definition is not public (llvm-mc-22's MATRIX_SCALE_FMT_E5M3
  // names it; ISA5 gives 5 exponent and 3 fraction bits, no sign).
  EXPECT_EQ(parse_format("e5m3"), std::nullopt);
  EXPECT_EQ(name(Format::kE5M3), "e5m3");
  EXPECT_EQ(storage_bits(Format::kE5M3), 8);
  EXPECT_FALSE(info(Format::kE5M3).is_signed);
}

TEST(CanonicalNan, IsNanInEveryFloatFormat) {
  for (int i = 0; i < kFormatCount; ++i) {
    auto const f = static_cast<Format>(i);
    if (info(f).has_nan()) EXPECT_TRUE(decode(f, canonical_nan(f)).is_nan()) << name(f);
  }
  EXPECT_EQ(canonical_nan(Format::kF16), 0x7E00u);
  EXPECT_EQ(canonical_nan(Format::kF32), 0x7FC00000u);
  EXPECT_EQ(canonical_nan(Format::kBf16), 0x7FC0u);
  EXPECT_EQ(canonical_nan(Format::kFp8E4M3Fnuz), 0x80u);
}

} // namespace
} // namespace wavemma::numeric
