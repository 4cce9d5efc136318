// The OCP Microscaling (MX v1.0) formats: FP6 E2M3, FP6 E3M2, FP4 E2M1 and the E8M0 scale, every
// code decoded and every rounding boundary encoded against the format definitions of
// format_oracle.hpp (the generic exhaustive tests of format_test.cpp and encode_test.cpp run the
// three element formats as well; this file holds what is particular to MX).

#include "format_oracle.hpp"
#include "wavemma/numeric/format.hpp"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>

namespace wavemma::numeric {
namespace {

constexpr Rounding kModes[] = {Rounding::kNearestEven, Rounding::kTowardZero, Rounding::kDown, Rounding::kUp};

// OCP MX v1.0 §5.3 table: the extremes of each element format.
TEST(MxFormats, ExtremesOfTheSpecification) {
  struct Row {
    Format f;
    double max, min_normal, min_subnormal;
  };
  Row const rows[] = {
      {Format::kFp6E2M3, 7.5, 1.0, 0.125},
      {Format::kBf6E3M2, 28.0, 0.25, 0.0625},
      {Format::kFp4E2M1, 6.0, 1.0, 0.5},
  };
  for (auto const& r : rows) {
    FormatInfo const& fi = info(r.f);
    EXPECT_EQ(to_double(r.f, fi.max_finite), r.max) << fi.name;
    EXPECT_EQ(to_double(r.f, uint64_t{1} << fi.frac_bits), r.min_normal) << fi.name;
    EXPECT_EQ(to_double(r.f, 1), r.min_subnormal) << fi.name;
    EXPECT_EQ(to_double(r.f, storage_mask(r.f)), -r.max) << fi.name; // all ones: -max, not NaN
    EXPECT_FALSE(fi.has_inf());
    EXPECT_FALSE(fi.has_nan());
    EXPECT_TRUE(fi.has_negative_zero());
  }
  EXPECT_EQ(parse_format("fp6"), Format::kFp6E2M3);
  EXPECT_EQ(parse_format("E3M2"), Format::kBf6E3M2);
  EXPECT_EQ(parse_format("e2m1"), Format::kFp4E2M1);
  EXPECT_EQ(parse_format("e8m0"), Format::kE8M0);
}

// Every code is a number: no inf, no NaN, 2^(bits-1) magnitudes in each sign, strictly increasing.
TEST(MxFormats, EveryElementCodeIsANumberInIncreasingOrder) {
  int codes = 0;
  for (auto const& s : oracle::kMxFloats) {
    double prev = -1;
    for (uint32_t code = 0; code < (1u << (s.bits - 1)); ++code, ++codes) {
      Decoded const d = decode(s.format, code);
      ASSERT_TRUE(d.is_finite()) << name(s.format) << " " << code;
      double const v = to_double(s.format, code);
      ASSERT_EQ(v, oracle::value(s, code));
      ASSERT_GT(v, prev) << name(s.format) << " " << code;
      prev = v;
      double const neg = to_double(s.format, code | oracle::sign_bit(s));
      ASSERT_EQ(neg, -v);
      ASSERT_TRUE(std::signbit(neg)); // -0 included
    }
  }
  EXPECT_EQ(codes, 32 + 32 + 8);
}

// Conversion to FP6/FP4 saturates: beyond ±max in every rounding mode, and from ±inf.
TEST(MxFormats, OverflowSaturatesInEveryMode) {
  for (auto const& s : oracle::kMxFloats) {
    uint32_t const max = oracle::max_finite_code(s);
    uint32_t const sign = oracle::sign_bit(s);
    int const q = oracle::grid_of(s, max);
    uint64_t const sig = oracle::sig_of(s, max);
    for (Rounding r : kModes) {
      for (bool neg : {false, true}) {
        uint32_t const expect = (neg ? sign : 0) | max;
        // The midpoint to the would-be next value, just above it, far above, and huge.
        EXPECT_EQ(encode(s.format, neg, 2 * sig + 1, q - 1, r), expect) << name(s.format);
        EXPECT_EQ(encode(s.format, neg, 2 * sig + 1, q - 1, r, true), expect) << name(s.format);
        EXPECT_EQ(encode(s.format, neg, sig + 1, q, r), expect) << name(s.format);
        EXPECT_EQ(encode(s.format, neg, 1, 400, r), expect) << name(s.format);
      }
    }
    EXPECT_EQ(from_double(s.format, INFINITY), max);
    EXPECT_EQ(from_double(s.format, -INFINITY), sign | max);
    EXPECT_EQ(from_double(s.format, NAN), 0u); // no NaN code [ASSUME]
    EXPECT_EQ(canonical_nan(s.format), 0u);
  }
  EXPECT_EQ(from_double(Format::kFp4E2M1, 5.0), 0x6u);  // the tie between 4 and 6 goes to even 4
  EXPECT_EQ(from_double(Format::kFp4E2M1, 5.01), 0x7u); // 6
  EXPECT_EQ(from_double(Format::kFp4E2M1, 1e9), 0x7u);
  EXPECT_EQ(from_double(Format::kFp6E2M3, 7.75), 0x1Fu);  // 7.5, not 8
  EXPECT_EQ(from_double(Format::kBf6E3M2, -30.0), 0x3Fu); // -28
}

// E8M0, every code: 2^(E-127), 0xFF NaN, no sign bit, no zero.
TEST(E8m0, EveryCodeFromTheDefinition) {
  FormatInfo const& fi = info(Format::kE8M0);
  EXPECT_FALSE(fi.is_signed);
  EXPECT_FALSE(fi.has_inf());
  EXPECT_TRUE(fi.has_nan());
  EXPECT_FALSE(fi.has_negative_zero());
  EXPECT_EQ(fi.max_finite, 0xFEu);
  for (uint32_t code = 0; code < 256; ++code) {
    Decoded const d = decode(Format::kE8M0, code);
    if (oracle::e8m0_is_nan(code)) {
      ASSERT_TRUE(d.is_nan());
      ASSERT_TRUE(std::isnan(to_double(Format::kE8M0, code)));
      continue;
    }
    ASSERT_EQ(d.cls, Decoded::kFinite) << code; // 0x00 is 2^-127, not zero
    ASSERT_FALSE(d.neg);
    ASSERT_EQ(to_double(Format::kE8M0, code), oracle::e8m0_value(code)) << code;
    ASSERT_EQ(std::ldexp(static_cast<double>(d.sig), d.exp), oracle::e8m0_value(code));
  }
  EXPECT_EQ(to_double(Format::kE8M0, 0x7F), 1.0);
  EXPECT_EQ(to_double(Format::kE8M0, 0x00), std::ldexp(1.0, -127));
  EXPECT_EQ(to_double(Format::kE8M0, 0xFE), std::ldexp(1.0, 127));
  EXPECT_EQ(canonical_nan(Format::kE8M0), 0xFFu);
}

// E8M0 encoding, every boundary: between 2^e and 2^(e+1) the midpoint 1.5·2^e (the tie rounds up,
// format.hpp), points just around it, and every mode; the ends of the range; what has no code.
TEST(E8m0, EncodesEveryBoundary) {
  for (uint32_t lo = 0; lo < 0xFE; ++lo) {
    uint32_t const hi = lo + 1;
    int const e = static_cast<int>(lo) - 127;
    // 1.5·2^e = 3·2^(e-1); just below it: (6·2^(e-2) - ε); just above: 3·2^(e-1) + ε.
    EXPECT_EQ(encode(Format::kE8M0, false, 3, e - 1, Rounding::kNearestEven), hi) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 5, e - 2, Rounding::kNearestEven, true), lo) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 3, e - 1, Rounding::kNearestEven, true), hi) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 3, e - 1, Rounding::kTowardZero), lo) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 3, e - 1, Rounding::kDown), lo) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 3, e - 1, Rounding::kUp), hi) << lo;
    EXPECT_EQ(encode(Format::kE8M0, false, 1, e, Rounding::kUp, true), hi) << lo; // 2^e + ε
    for (Rounding r : kModes) EXPECT_EQ(encode(Format::kE8M0, false, 1, e, r), lo) << lo;
    EXPECT_EQ(from_double(Format::kE8M0, oracle::e8m0_value(lo)), lo);
  }
  // Below 2^-127 nothing is smaller: 2^-127; above 2^127 NaN, or 2^127 toward zero.
  for (Rounding r : kModes) EXPECT_EQ(encode(Format::kE8M0, false, 1, -140, r), 0x00u);
  EXPECT_EQ(encode(Format::kE8M0, false, 1, 128, Rounding::kNearestEven), 0xFFu);
  EXPECT_EQ(encode(Format::kE8M0, false, 1, 128, Rounding::kTowardZero), 0xFEu);
  EXPECT_EQ(encode(Format::kE8M0, false, 3, 126, Rounding::kNearestEven), 0xFFu); // 1.5·2^127 ties up
  // No zero, no sign: NaN.
  EXPECT_EQ(encode(Format::kE8M0, false, 0, 0, Rounding::kNearestEven), 0xFFu);
  EXPECT_EQ(encode(Format::kE8M0, true, 1, 0, Rounding::kNearestEven), 0xFFu);
  EXPECT_EQ(from_double(Format::kE8M0, NAN), 0xFFu);
  EXPECT_EQ(from_double(Format::kE8M0, INFINITY), 0xFFu);
  EXPECT_EQ(from_double(Format::kE8M0, -1.0), 0xFFu);
}

TEST(MxFormats, FormatValueText) {
  EXPECT_EQ(format_value(Format::kFp4E2M1, 0x7), "0x7 (6 = 0x1.8p+2)");
  EXPECT_EQ(format_value(Format::kFp6E2M3, 0x20), "0x20 (-0)");
  EXPECT_EQ(format_value(Format::kE8M0, 0x7F), "0x7f (1 = 0x1p+0)");
  EXPECT_EQ(format_value(Format::kE8M0, 0xFF), "0xff (NaN)");
}

} // namespace
} // namespace wavemma::numeric
