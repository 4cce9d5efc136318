// encode / from_double: round trips, rounding at every midpoint, overflow, underflow, signed zeros.

#include "format_oracle.hpp"
#include "wavemma/numeric/format.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>

namespace wavemma::numeric {
namespace {

using oracle::FloatSpec;
constexpr Rounding kModes[] = {Rounding::kNearestEven, Rounding::kTowardZero, Rounding::kDown, Rounding::kUp};

char const* mode_name(Rounding r) {
  switch (r) {
  case Rounding::kNearestEven:
    return "RNE";
  case Rounding::kTowardZero:
    return "RTZ";
  case Rounding::kDown:
    return "RD";
  case Rounding::kUp:
    return "RU";
  }
  return "?";
}

// Where a value strictly between two adjacent magnitudes lo < hi rounds (by magnitude code).
// `tie`: the value is the exact midpoint; `above`: it lies above the midpoint.
uint32_t expected_between(uint32_t lo, uint32_t hi, bool neg, Rounding r, bool tie, bool above) {
  switch (r) {
  case Rounding::kNearestEven:
    if (tie) return (lo & 1) == 0 ? lo : hi;
    return above ? hi : lo;
  case Rounding::kTowardZero:
    return lo;
  case Rounding::kUp:
    return neg ? lo : hi; // toward +inf: a negative value's magnitude shrinks
  case Rounding::kDown:
    return neg ? hi : lo;
  }
  return lo;
}

TEST(Encode, EveryCodeRoundTrips) {
  for (auto const& s : oracle::kSmallFloats) {
    for (uint32_t code = 0; code < (1u << s.bits); ++code) {
      Decoded const d = decode(s.format, code);
      if (!d.is_finite()) continue;
      for (Rounding r : kModes) {
        ASSERT_EQ(encode(s.format, d.neg, d.sig, d.exp, r), code) << name(s.format) << " " << mode_name(r);
        // The same value with its significand scaled up by 2^5 (more bits than fit).
        ASSERT_EQ(encode(s.format, d.neg, d.sig << 5, d.exp - 5, r), code);
      }
    }
  }
}

// For every pair of adjacent finite codes: the exact midpoint, points just above and just below it,
// and points just above the lower code, in both signs and all four rounding modes.
TEST(Encode, MidpointsRoundPerModeExhaustive) {
  for (auto const& s : oracle::kSmallFloats) {
    for (uint32_t lo = 0; lo < oracle::max_finite_code(s); ++lo) {
      uint32_t const hi = lo + 1;
      int const q = oracle::grid_of(s, lo); // hi - lo = 2^q
      uint64_t const sig_lo = oracle::sig_of(s, lo);
      ASSERT_EQ(oracle::value(s, hi) - oracle::value(s, lo), std::ldexp(1.0, q));
      for (bool neg : {false, true}) {
        for (Rounding r : kModes) {
          auto expect = [&](bool tie, bool above) {
            return oracle::with_sign(s, neg, expected_between(lo, hi, neg, r, tie, above));
          };
          // midpoint (2·sig_lo + 1)·2^(q-1)
          uint64_t const mid = 2 * sig_lo + 1;
          ASSERT_EQ(encode(s.format, neg, mid, q - 1, r), expect(true, false))
              << name(s.format) << " lo " << lo << " " << mode_name(r) << " neg " << neg;
          ASSERT_EQ(encode(s.format, neg, mid, q - 1, r, true), expect(false, true))
              << name(s.format) << " just above midpoint, lo " << lo << " " << mode_name(r);
          ASSERT_EQ(encode(s.format, neg, 2 * mid - 1, q - 2, r, true), expect(false, false))
              << name(s.format) << " just below midpoint, lo " << lo << " " << mode_name(r);
          ASSERT_EQ(encode(s.format, neg, sig_lo, q, r, true), expect(false, false))
              << name(s.format) << " just above lo " << lo << " " << mode_name(r);
        }
      }
    }
  }
}

struct OverflowCase {
  Format f;
  uint32_t max, overflow_pos, overflow_neg; // overflow_*: inf or NaN
};

// Beyond the largest finite value: IEEE formats go to inf, E4M3FN and FNUZ (no inf) to NaN
// (OCP8 non-saturating conversion); directions toward zero saturate at the largest finite value.
TEST(Encode, OverflowPerFormat) {
  OverflowCase const cases[] = {
      {Format::kF16, 0x7BFF, 0x7C00, 0xFC00},   {Format::kBf16, 0x7F7F, 0x7F80, 0xFF80},
      {Format::kFp8E4M3, 0x7E, 0x7F, 0xFF},     {Format::kBf8E5M2, 0x7B, 0x7C, 0xFC},
      {Format::kFp8E4M3Fnuz, 0x7F, 0x80, 0x80}, {Format::kBf8E5M2Fnuz, 0x7F, 0x80, 0x80},
  };
  for (auto const& c : cases) {
    FormatInfo const& fi = info(c.f);
    uint32_t const sign = 1u << (fi.bits - 1);
    Decoded const m = decode(c.f, c.max);
    // the would-be next value up is (sig_max + 1)·2^exp; its midpoint with max is
    // (2·sig+1)·2^(exp-1)
    uint64_t const mid = 2 * m.sig + 1;
    bool const max_is_even = (c.max & 1) == 0;
    EXPECT_EQ(encode(c.f, false, mid, m.exp - 1, Rounding::kNearestEven), max_is_even ? c.max : c.overflow_pos)
        << name(c.f);
    EXPECT_EQ(encode(c.f, false, mid, m.exp - 1, Rounding::kNearestEven, true), c.overflow_pos) << name(c.f);
    EXPECT_EQ(encode(c.f, false, 2 * mid - 1, m.exp - 2, Rounding::kNearestEven, true), c.max) << name(c.f);
    EXPECT_EQ(encode(c.f, true, 1, 400, Rounding::kNearestEven), c.overflow_neg) << name(c.f);
    EXPECT_EQ(encode(c.f, false, 1, 400, Rounding::kTowardZero), c.max) << name(c.f);
    EXPECT_EQ(encode(c.f, true, 1, 400, Rounding::kTowardZero), sign | c.max) << name(c.f);
    EXPECT_EQ(encode(c.f, false, 1, 400, Rounding::kUp), c.overflow_pos) << name(c.f);
    EXPECT_EQ(encode(c.f, true, 1, 400, Rounding::kUp), sign | c.max) << name(c.f);
    EXPECT_EQ(encode(c.f, false, 1, 400, Rounding::kDown), c.max) << name(c.f);
    EXPECT_EQ(encode(c.f, true, 1, 400, Rounding::kDown), c.overflow_neg) << name(c.f);
  }
  // The OCP E4M3FN numbers: 448 is the largest, 464 (the midpoint to 480) ties to 448.
  EXPECT_EQ(from_double(Format::kFp8E4M3, 464.0), 0x7Eu);
  EXPECT_EQ(from_double(Format::kFp8E4M3, 464.5), 0x7Fu);
  EXPECT_EQ(from_double(Format::kFp8E4M3Fnuz, 247.9), 0x7Fu);
  EXPECT_EQ(from_double(Format::kFp8E4M3Fnuz, 248.0), 0x80u);
  EXPECT_EQ(from_double(Format::kF16, 65519.0), 0x7BFFu);
  EXPECT_EQ(from_double(Format::kF16, 65520.0), 0x7C00u);
}

TEST(Encode, UnderflowAndSignedZeros) {
  for (auto const& s : oracle::kSmallFloats) {
    int const q = 1 - s.bias - s.frac_bits; // subnormal grid
    uint32_t const neg_zero = s.kind == oracle::Kind::kFnuz ? 0 : oracle::sign_bit(s);
    // Zero keeps its sign (FNUZ: +0).
    EXPECT_EQ(encode(s.format, false, 0, 0, Rounding::kNearestEven), 0u);
    EXPECT_EQ(encode(s.format, true, 0, 0, Rounding::kNearestEven), neg_zero) << name(s.format);
    // Half the smallest subnormal ties to zero; more rounds up; a quarter rounds to zero.
    EXPECT_EQ(encode(s.format, false, 1, q - 1, Rounding::kNearestEven), 0u);
    EXPECT_EQ(encode(s.format, true, 1, q - 1, Rounding::kNearestEven), neg_zero) << name(s.format);
    EXPECT_EQ(encode(s.format, false, 3, q - 2, Rounding::kNearestEven), 1u);
    EXPECT_EQ(encode(s.format, true, 1, q - 2, Rounding::kNearestEven), neg_zero);
    EXPECT_EQ(encode(s.format, false, 1, q - 60, Rounding::kUp), 1u);
    EXPECT_EQ(encode(s.format, true, 1, q - 60, Rounding::kDown), oracle::sign_bit(s) | 1u);
    EXPECT_EQ(encode(s.format, true, 1, q - 60, Rounding::kUp), neg_zero);
    // An infinitesimal (sticky with a zero significand).
    EXPECT_EQ(encode(s.format, false, 0, 0, Rounding::kUp, true), 1u);
    EXPECT_EQ(encode(s.format, false, 0, 0, Rounding::kNearestEven, true), 0u);
  }
}

// Independent oracles: the host's double->float conversion (RNE, gradual underflow) and the F16C
// float->half conversion of _Float16.
TEST(Encode, AgreesWithHostConversions) {
  std::mt19937_64 rng(3);
  for (int n = 0; n < 400000; ++n) {
    uint64_t const w = rng();
    // Bias the exponent toward the interesting ranges of f32 and f16.
    int const e = static_cast<int>(rng() % 340) - 180;
    double const x = std::ldexp(1.0 + static_cast<double>(w >> 12) * 0x1p-52, e) * ((w & 1) != 0 ? -1 : 1);
    float const xf = static_cast<float>(x);
    ASSERT_EQ(from_double(Format::kF32, x), std::bit_cast<uint32_t>(xf)) << x;
    auto const h = static_cast<_Float16>(xf); // xf is exact in double, so this is a single rounding
    ASSERT_EQ(from_double(Format::kF16, double{xf}), std::bit_cast<uint16_t>(h)) << xf;
    // bf16 RNE from the f32 bit pattern (the usual integer formula), finite values only.
    uint32_t const b = std::bit_cast<uint32_t>(xf);
    if ((b & 0x7F800000) != 0x7F800000) {
      uint32_t const rounded = (b + 0x7FFF + ((b >> 16) & 1)) >> 16;
      ASSERT_EQ(from_double(Format::kBf16, double{xf}), rounded) << xf;
    }
    ASSERT_EQ(from_double(Format::kF64, x), std::bit_cast<uint64_t>(x));
  }
}

TEST(Encode, DirectedModesAgreeWithHostFloatRounding) {
  // double -> float under each rounding mode, computed from nextafter around the RNE result.
  std::mt19937_64 rng(5);
  for (int n = 0; n < 100000; ++n) {
    double const x = std::ldexp(static_cast<double>(rng() >> 11) * 0x1p-53 + 0.5, static_cast<int>(rng() % 80) - 40) *
                     ((rng() & 1) != 0 ? -1 : 1);
    float const near = static_cast<float>(x);
    float const down = static_cast<double>(near) > x ? std::nextafter(near, -INFINITY) : near;
    float const up = static_cast<double>(near) < x ? std::nextafter(near, INFINITY) : near;
    float const toward_zero = x < 0 ? up : down;
    EXPECT_EQ(from_double(Format::kF32, x, Rounding::kDown), std::bit_cast<uint32_t>(down));
    EXPECT_EQ(from_double(Format::kF32, x, Rounding::kUp), std::bit_cast<uint32_t>(up));
    EXPECT_EQ(from_double(Format::kF32, x, Rounding::kTowardZero), std::bit_cast<uint32_t>(toward_zero));
  }
}

TEST(Encode, F32AndF64Boundaries) {
  // f32: largest finite, overflow threshold, smallest subnormal, the normal/subnormal boundary.
  EXPECT_EQ(encode(Format::kF32, false, 0xFFFFFF, 104, Rounding::kNearestEven), 0x7F7FFFFFu);
  EXPECT_EQ(encode(Format::kF32, false, 0x1FFFFFF, 103, Rounding::kNearestEven),
            0x7F800000u); // tie -> even = up
  EXPECT_EQ(encode(Format::kF32, false, 1, -149, Rounding::kNearestEven), 1u);
  EXPECT_EQ(encode(Format::kF32, false, 1, -150, Rounding::kNearestEven), 0u);
  EXPECT_EQ(encode(Format::kF32, true, 3, -151, Rounding::kNearestEven), 0x80000001u);
  EXPECT_EQ(encode(Format::kF32, false, 0xFFFFFF, -150, Rounding::kNearestEven),
            0x00800000u); // rounds up to min normal
  EXPECT_EQ(encode(Format::kF32, false, 0x7FFFFF, -149, Rounding::kNearestEven), 0x007FFFFFu);
  // A 64-bit significand far wider than f32.
  EXPECT_EQ(encode(Format::kF32, false, ~uint64_t{0}, -63, Rounding::kNearestEven), 0x40000000u);
  EXPECT_EQ(encode(Format::kF32, false, ~uint64_t{0}, -63, Rounding::kTowardZero), 0x3FFFFFFFu);
  // f64
  EXPECT_EQ(encode(Format::kF64, false, (uint64_t{1} << 53) + 1, 0, Rounding::kNearestEven), 0x4340000000000000u);
  EXPECT_EQ(encode(Format::kF64, false, (uint64_t{1} << 53) + 3, 0, Rounding::kNearestEven), 0x4340000000000002u);
  EXPECT_EQ(encode(Format::kF64, false, 1, -1074, Rounding::kNearestEven), 1u);
  EXPECT_EQ(encode(Format::kF64, false, 1, 1024, Rounding::kNearestEven), 0x7FF0000000000000u);
  // xf32 keeps 10 fraction bits and stores them in the high bits of the f32 fraction field.
  EXPECT_EQ(encode(Format::kXf32, false, 0x7FF, -10, Rounding::kNearestEven), 0x3FFFE000u);
  EXPECT_EQ(encode(Format::kXf32, false, 0xFFF, -11, Rounding::kNearestEven), 0x40000000u);
}

TEST(Encode, IntegersRoundThenSaturate) {
  // 2.5 and -2.5 on the integer grid
  EXPECT_EQ(encode(Format::kI8, false, 5, -1, Rounding::kNearestEven), 2u);
  EXPECT_EQ(encode(Format::kI8, false, 5, -1, Rounding::kUp), 3u);
  EXPECT_EQ(encode(Format::kI8, true, 5, -1, Rounding::kDown), 0xFDu);       // -3
  EXPECT_EQ(encode(Format::kI8, true, 5, -1, Rounding::kTowardZero), 0xFEu); // -2
  EXPECT_EQ(encode(Format::kI8, false, 1000, 0, Rounding::kNearestEven), 0x7Fu);
  EXPECT_EQ(encode(Format::kI8, true, 1000, 0, Rounding::kNearestEven), 0x80u);
  EXPECT_EQ(encode(Format::kU8, true, 3, 0, Rounding::kNearestEven), 0u);
  EXPECT_EQ(encode(Format::kU4, false, 16, 0, Rounding::kNearestEven), 0xFu);
  EXPECT_EQ(encode(Format::kI4, true, 8, 0, Rounding::kNearestEven), 0x8u);
  EXPECT_EQ(encode(Format::kI32, true, uint64_t{1} << 31, 0, Rounding::kNearestEven), 0x80000000u);
  EXPECT_EQ(encode(Format::kI32, false, 1, 80, Rounding::kNearestEven), 0x7FFFFFFFu);
  EXPECT_EQ(encode(Format::kI32, false, 0, 80, Rounding::kNearestEven), 0u);
  for (uint32_t c = 0; c < 256; ++c) {
    Decoded const d = decode(Format::kI8, c);
    EXPECT_EQ(encode(Format::kI8, d.neg, d.sig, 0, Rounding::kNearestEven), c);
  }
}

TEST(FromDouble, SpecialValues) {
  EXPECT_EQ(from_double(Format::kF16, INFINITY), 0x7C00u);
  EXPECT_EQ(from_double(Format::kF16, -INFINITY), 0xFC00u);
  EXPECT_EQ(from_double(Format::kFp8E4M3, INFINITY), 0x7Fu); // no inf: NaN
  EXPECT_EQ(from_double(Format::kFp8E4M3Fnuz, -INFINITY), 0x80u);
  EXPECT_TRUE(decode(Format::kF16, from_double(Format::kF16, NAN)).is_nan());
  EXPECT_EQ(from_double(Format::kFp8E4M3Fnuz, NAN), 0x80u);
  EXPECT_EQ(from_double(Format::kFp8E4M3Fnuz, -0.0), 0x00u);
  EXPECT_EQ(from_double(Format::kFp8E4M3, -0.0), 0x80u);
  EXPECT_EQ(from_double(Format::kI8, -INFINITY), 0x80u);
  EXPECT_EQ(from_double(Format::kI8, NAN), 0u);
  EXPECT_EQ(from_double(Format::kF16, std::ldexp(1.0, -1074)), 0u); // a double subnormal
}

} // namespace
} // namespace wavemma::numeric
