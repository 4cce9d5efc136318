// The conversions of wavemma's hip_fp16.h, hip_bf16.h, hip_bfloat16.h and hip_fp8.h, exhaustively,
// against definitions written here from the formats' specifications: every f16, bf16 and fp8 code
// decoded; floats at every rounding boundary (each midpoint between neighbouring values, one float
// ulp either side, the values themselves) encoded in every rounding mode; and the arithmetic
// against exact integer arithmetic. Also HIP's sizes and alignments of the vector types.

#include "wavemma/hip/fp8.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace {

float internal_float(uint32_t code, __hip_fp8_interpretation_t t);

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// --- reference formats: value = (-1)^s * m * 2^e from the field layout ---------------------------
struct Layout {
  int exp_bits, man_bits, bias;
  bool fnuz;     // 0x80 is the only NaN, no -0, no inf
  bool ocp_e4m3; // no inf, S.1111.111 is NaN
};
constexpr Layout kF16{5, 10, 15, false, false};
constexpr Layout kBf16{8, 7, 127, false, false};
constexpr Layout kE4M3{4, 3, 7, false, true};
constexpr Layout kE5M2{5, 2, 15, false, false};
constexpr Layout kE4M3Fnuz{4, 3, 8, true, false};
constexpr Layout kE5M2Fnuz{5, 2, 16, true, false};

// NaN, inf or the exact value.
double reference_value(Layout const& f, uint32_t code, bool* nan) {
  int const total = 1 + f.exp_bits + f.man_bits;
  uint32_t const s = (code >> (total - 1)) & 1, e = (code >> f.man_bits) & ((1u << f.exp_bits) - 1),
                 m = code & ((1u << f.man_bits) - 1);
  uint32_t const e_max = (1u << f.exp_bits) - 1;
  *nan = false;
  if (f.fnuz && code == (1u << (total - 1))) return *nan = true, 0.0;
  if (f.ocp_e4m3 && e == e_max && m == (1u << f.man_bits) - 1) return *nan = true, 0.0;
  if (!f.fnuz && !f.ocp_e4m3 && e == e_max) {
    if (m != 0) return *nan = true, 0.0;
    return s ? -HUGE_VAL : HUGE_VAL;
  }
  double const mag = e == 0 ? std::ldexp(double(m), 1 - f.bias - f.man_bits)
                            : std::ldexp(double(m + (1u << f.man_bits)), int(e) - f.bias - f.man_bits);
  return s ? -mag : mag;
}

// The non-negative finite values of a format, ascending, with their codes.
struct Value {
  double v;
  uint32_t code;
};
std::vector<Value> finite_values(Layout const& f) {
  std::vector<Value> out;
  int const total = 1 + f.exp_bits + f.man_bits;
  for (uint32_t c = 0; c < (1u << (total - 1)); ++c) {
    bool nan;
    double const v = reference_value(f, c, &nan);
    if (!nan && std::isfinite(v)) out.push_back({v, c});
  }
  return out; // codes of non-negative values ascend with the value
}

enum class Mode { kNearestEven, kTowardZero, kDown, kUp };

// Rounds x (exact as a double) to the format by locating it between neighbouring values; above the
// largest finite value the next value is infinity's place (IEEE: overflow per the mode).
uint32_t reference_round(Layout const& f, std::vector<Value> const& vals, double x, Mode mode) {
  int const total = 1 + f.exp_bits + f.man_bits;
  uint32_t const sign = std::signbit(x) ? 1u << (total - 1) : 0u;
  uint32_t const inf = ((1u << f.exp_bits) - 1) << f.man_bits;
  double const a = std::fabs(x);
  Value const& top = vals.back();
  // The magnitude rounds up when the mode points away from zero for this sign.
  bool const away = mode == Mode::kUp ? !sign : mode == Mode::kDown ? sign != 0 : false;
  if (std::isinf(a)) return sign | inf;
  if (a > top.v) {
    if (mode == Mode::kTowardZero || (mode != Mode::kNearestEven && !away)) return sign | top.code;
    if (mode == Mode::kNearestEven) {
      double const next = top.v + (top.v - vals[vals.size() - 2].v); // the next step, infinity's place
      if (a < (top.v + next) / 2) return sign | top.code;
    }
    return sign | inf;
  }
  size_t const hi = size_t(
      std::lower_bound(vals.begin(), vals.end(), a, [](Value const& v, double x) { return v.v < x; }) - vals.begin());
  if (vals[hi].v == a) return sign | vals[hi].code;
  Value const& lo = vals[hi - 1];
  Value const& up = vals[hi];
  switch (mode) {
  case Mode::kTowardZero:
    return sign | lo.code;
  case Mode::kDown:
  case Mode::kUp:
    return sign | (away ? up.code : lo.code);
  case Mode::kNearestEven:
    break;
  }
  double const below = a - lo.v, above = up.v - a;
  if (below < above) return sign | lo.code;
  if (above < below) return sign | up.code;
  return sign | ((lo.code & 1) == 0 ? lo.code : up.code);
}

// Every float at a rounding boundary of the format: each value, each midpoint, one ulp either side.
std::vector<float> boundary_floats(std::vector<Value> const& vals) {
  std::vector<float> out;
  for (size_t i = 0; i < vals.size(); ++i) {
    double const here = vals[i].v;
    double const next = i + 1 < vals.size() ? vals[i + 1].v : here + (here - vals[i - 1].v);
    for (double p : {here, (here + next) / 2}) {
      float const f = static_cast<float>(p); // exact: a midpoint has one more bit
      for (float q : {f, std::nextafter(f, 0.0f), std::nextafter(f, HUGE_VALF)})
        for (float s : {q, -q}) out.push_back(s);
    }
  }
  out.push_back(HUGE_VALF);
  out.push_back(-HUGE_VALF);
  out.push_back(std::numeric_limits<float>::max());
  out.push_back(std::numeric_limits<float>::denorm_min());
  out.push_back(-std::numeric_limits<float>::denorm_min());
  return out;
}

// --- f16 -------------------------------------------------------------------------------------------

TEST(HipFp16, EveryCodeWidensExactly) {
  for (uint32_t c = 0; c < 0x10000; ++c) {
    __half const h = __ushort_as_half(uint16_t(c));
    bool nan;
    double const v = reference_value(kF16, c, &nan);
    float const f = __half2float(h);
    if (nan) {
      // A NaN keeps its sign and payload, quieted.
      EXPECT_EQ(bits(f), (c >> 15) << 31 | 0x7FC00000u | (c & 0x3FFu) << 13) << std::hex << c;
    } else {
      EXPECT_EQ(f, v) << std::hex << c;
      EXPECT_EQ(std::signbit(f), std::signbit(v)) << std::hex << c;
      EXPECT_EQ(static_cast<double>(h), v) << std::hex << c;
    }
  }
}

TEST(HipFp16, FloatsRoundAsEachModeSays) {
  auto const vals = finite_values(kF16);
  auto const floats = boundary_floats(vals);
  size_t checked = 0;
  for (float x : floats) {
    struct Form {
      __half (*fn)(float);
      Mode mode;
    } const forms[] = {{__float2half, Mode::kNearestEven},
                       {__float2half_rn, Mode::kNearestEven},
                       {__float2half_rz, Mode::kTowardZero},
                       {__float2half_rd, Mode::kDown},
                       {__float2half_ru, Mode::kUp}};
    for (auto const& form : forms) {
      uint32_t const want = reference_round(kF16, vals, x, form.mode);
      ASSERT_EQ(__half_as_ushort(form.fn(x)), want) << x << " mode " << int(form.mode);
      ++checked;
    }
  }
  EXPECT_GT(checked, 900000u);
}

TEST(HipFp16, DoublesRoundOnceNotThroughFloat) {
  auto const vals = finite_values(kF16);
  for (size_t i = 0; i + 1 < vals.size(); ++i) {
    double const mid = (vals[i].v + vals[i + 1].v) / 2;
    for (double x : {std::nextafter(mid, 0.0), std::nextafter(mid, HUGE_VAL), mid})
      ASSERT_EQ(__half_as_ushort(__double2half(x)), reference_round(kF16, vals, x, Mode::kNearestEven)) << x;
  }
  // Just above a tie between 1 and 1 + 2^-10: float would round it to the tie (and then to even).
  EXPECT_EQ(__half_as_ushort(__double2half(1.0 + 0x1p-11 + 0x1p-40)), 0x3C01);
  EXPECT_EQ(__half_as_ushort(__float2half(float(1.0 + 0x1p-11 + 0x1p-40))), 0x3C00);
}

TEST(HipFp16, NanAndSpecials) {
  EXPECT_EQ(__half_as_ushort(__float2half(from_bits(0x7FC00000u))), 0x7E00);
  EXPECT_EQ(__half_as_ushort(__float2half(from_bits(0xFF812345u))), 0xFE00 | (0x012345u >> 13));
  EXPECT_EQ(__half_as_ushort(__float2half(-0.0f)), 0x8000);
  EXPECT_TRUE(__hisnan(__float2half(std::nanf(""))));
  EXPECT_TRUE(__hisinf(__float2half_ru(65520.0f)));
  EXPECT_EQ(__half_as_ushort(__float2half_rz(1e9f)), 0x7BFF);
  EXPECT_EQ(__half_as_ushort(__float2half_rd(-1e9f)), 0xFC00);
  EXPECT_EQ(__half_as_ushort(HIPRT_MAX_NORMAL_FP16), 0x7BFF);
}

// Integer conversions: every code to int in each mode against the exact value's rounding.
TEST(HipFp16, HalfToIntegersAndBack) {
  for (uint32_t c = 0; c < 0x10000; ++c) {
    __half const h = __ushort_as_half(uint16_t(c));
    bool nan;
    double const v = reference_value(kF16, c, &nan);
    auto sat = [&](double r) -> long long {
      return nan ? 0 : r > 2147483647.0 ? 2147483647 : r < -2147483648.0 ? -2147483648LL : (long long)r;
    };
    EXPECT_EQ(__half2int_rz(h), sat(std::trunc(v))) << std::hex << c;
    EXPECT_EQ(__half2int_rd(h), sat(std::floor(v))) << std::hex << c;
    EXPECT_EQ(__half2int_ru(h), sat(std::ceil(v))) << std::hex << c;
    EXPECT_EQ(__half2int_rn(h), sat(std::nearbyint(v))) << std::hex << c;
    EXPECT_EQ(__half2uint_rz(h), nan || v <= 0       ? 0u
                                 : v >= 4294967295.0 ? 4294967295u
                                                     : unsigned(std::trunc(v)))
        << std::hex << c;
  }
  auto const vals = finite_values(kF16);
  for (int i = -70000; i <= 70000; i += 7) {
    EXPECT_EQ(__half_as_ushort(__int2half_rn(i)), reference_round(kF16, vals, i, Mode::kNearestEven)) << i;
    EXPECT_EQ(__half_as_ushort(__int2half_rz(i)), reference_round(kF16, vals, i, Mode::kTowardZero)) << i;
    EXPECT_EQ(__half_as_ushort(__int2half_rd(i)), reference_round(kF16, vals, i, Mode::kDown)) << i;
    EXPECT_EQ(__half_as_ushort(__int2half_ru(i)), reference_round(kF16, vals, i, Mode::kUp)) << i;
  }
}

// Arithmetic: sums, products and fmas of many operand pairs against exact integer arithmetic. Every
// f16 value is a multiple of 2^-24 and every product of 2^-48: on the 2^-48 grid, as __int128,
// everything is exact, and rounding is done by locating the result between neighbouring values.
using i128 = __int128;
i128 grid24(double v) { // v * 2^24
  return static_cast<i128>(std::ldexp(v, 24));
}
uint32_t round_grid48(std::vector<Value> const& vals, i128 x) {
  uint32_t const sign = x < 0 ? 0x8000u : 0u;
  i128 const a = x < 0 ? -x : x;
  auto at = [&](size_t i) { return grid24(vals[i].v) << 24; };
  i128 const top = at(vals.size() - 1), step = top - at(vals.size() - 2);
  if (a >= top + step / 2) return sign | 0x7C00u; // the tie at 65520 rounds to infinity (even)
  if (a > top) return sign | vals.back().code;
  size_t lo = 0, hi = vals.size() - 1; // the first value >= a
  while (lo < hi) {
    size_t const mid = (lo + hi) / 2;
    if (at(mid) < a)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (at(hi) == a) return sign | vals[hi].code;
  i128 const below = a - at(hi - 1), above = at(hi) - a;
  if (below != above) return sign | (below < above ? vals[hi - 1].code : vals[hi].code);
  return sign | ((vals[hi - 1].code & 1) == 0 ? vals[hi - 1].code : vals[hi].code);
}

TEST(HipFp16, ArithmeticIsCorrectlyRounded) {
  auto const vals = finite_values(kF16);
  std::vector<uint16_t> ops;
  for (uint32_t c = 0; c < 0x7C00; c += 61) ops.push_back(uint16_t(c));
  for (uint16_t c : {0x0001, 0x03FF, 0x0400, 0x3BFF, 0x3C00, 0x3C01, 0x7BFF}) ops.push_back(c);
  size_t const n = ops.size();
  size_t checked = 0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i % 5; j < n; j += 5)
      for (uint16_t signs : {0x0000, 0x8000}) {
        __half const a = __ushort_as_half(ops[i]), b = __ushort_as_half(uint16_t(ops[j] | signs));
        __half const c = __ushort_as_half(uint16_t(ops[(i * 7 + j) % n] | (i % 2 ? 0x8000 : 0)));
        i128 const a24 = grid24(__half2float(a)), b24 = grid24(__half2float(b)), c24 = grid24(__half2float(c));
        if (a24 + b24 != 0) ASSERT_EQ(__half_as_ushort(__hadd(a, b)), round_grid48(vals, (a24 + b24) << 24));
        if (a24 - b24 != 0) ASSERT_EQ(__half_as_ushort(__hsub(a, b)), round_grid48(vals, (a24 - b24) << 24));
        if (a24 * b24 != 0) ASSERT_EQ(__half_as_ushort(__hmul(a, b)), round_grid48(vals, a24 * b24));
        i128 const fma = a24 * b24 + (c24 << 24);
        if (fma != 0)
          ASSERT_EQ(__half_as_ushort(__hfma(a, b, c)), round_grid48(vals, fma))
              << __half2float(a) << " * " << __half2float(b) << " + " << __half2float(c);
        checked += 4;
      }
  EXPECT_GT(checked, 100000u);
  // Division: the quotient rounds correctly (compared through double, whose rounding of the
  // quotient cannot move it across an f16 rounding boundary, 53 >= 2 x 11 + 2).
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 1; j < n; j += 7) {
      __half const a = __ushort_as_half(ops[i]), b = __ushort_as_half(ops[j]);
      double const q = double(__half2float(a)) / double(__half2float(b));
      ASSERT_EQ(__half_as_ushort(__hdiv(a, b)), reference_round(kF16, vals, q, Mode::kNearestEven));
    }
  // Saturating forms clamp to [0, 1].
  EXPECT_EQ(__half_as_ushort(__hadd_sat(__float2half(0.75f), __float2half(0.5f))), 0x3C00);
  EXPECT_EQ(__half_as_ushort(__hsub_sat(__float2half(0.25f), __float2half(0.5f))), 0x0000);
  EXPECT_EQ(__half_as_ushort(__hfma_sat(__float2half(0.5f), __float2half(0.5f), __float2half(0.125f))), 0x3600);
}

// The __half2 forms work on both halves; comparisons are the IEEE ones.
TEST(HipFp16, Half2AndComparisons) {
  __half2 const a = __floats2half2_rn(1.5f, -2.0f), b = __floats2half2_rn(0.25f, 3.0f);
  float2 const s = __half22float2(__hadd2(a, b));
  EXPECT_EQ(s.x, 1.75f);
  EXPECT_EQ(s.y, 1.0f);
  float2 const m = __half22float2(__hmul2(a, b));
  EXPECT_EQ(m.x, 0.375f);
  EXPECT_EQ(m.y, -6.0f);
  EXPECT_EQ(__low2float(__lowhigh2highlow(a)), -2.0f);
  __half const nan = __ushort_as_half(0x7E00), one = __float2half(1.0f);
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hequ(nan, one));
  EXPECT_FALSE(__hne(nan, one));
  EXPECT_TRUE(__hneu(nan, one));
  EXPECT_TRUE(__hlt(__float2half(-1.0f), one));
  EXPECT_EQ(__half_as_ushort(__hmax(nan, one)), 0x3C00);
  EXPECT_TRUE(__hisnan(__hmax_nan(nan, one)));
  EXPECT_TRUE(__hbgt2(__floats2half2_rn(2, 3), __floats2half2_rn(1, 2)));
  EXPECT_FALSE(__hbgt2(__floats2half2_rn(2, 1), __floats2half2_rn(1, 2)));
  __half h = 2.5f; // the implicit conversions of HIP's __half
  float f = h;
  EXPECT_EQ(f, 2.5f);
  h += __half(1);
  EXPECT_EQ(float(h), 3.5f);
  EXPECT_EQ(int(__half(-2.75f)), -2);
}

// --- bf16 ------------------------------------------------------------------------------------------

TEST(HipBf16, EveryCodeWidensExactly) {
  for (uint32_t c = 0; c < 0x10000; ++c) {
    bool nan;
    double const v = reference_value(kBf16, c, &nan);
    float const f = __bfloat162float(__ushort_as_bfloat16(uint16_t(c)));
    EXPECT_EQ(bits(f), c << 16) << std::hex << c; // widening is exact, NaNs included
    if (!nan) EXPECT_EQ(f, v) << std::hex << c;
    EXPECT_EQ(bits(float(hip_bfloat16::round_to_nearest_even(f))), c << 16) << std::hex << c;
  }
}

TEST(HipBf16, FloatsRoundToNearestEvenAndNanStaysNan) {
  auto const vals = finite_values(kBf16);
  for (float x : boundary_floats(vals)) {
    uint32_t const want = reference_round(kBf16, vals, x, Mode::kNearestEven);
    ASSERT_EQ(__bfloat16_as_ushort(__float2bfloat16(x)), want) << x;
    ASSERT_EQ(hip_bfloat16(x).data, want) << x;
    ASSERT_EQ(hip_bfloat16(x, hip_bfloat16::truncate).data, bits(x) >> 16) << x;
  }
  // A NaN keeps its top 16 bits, with bit 16 set when a lower bit is, so that it stays a NaN.
  for (uint32_t nan : {0x7FC00000u, 0x7F800001u, 0xFF810000u, 0x7FFF0001u}) {
    uint32_t const top = nan >> 16, want = (nan & 0xFFFF) ? top | 1 : top;
    EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16(from_bits(nan))), want) << std::hex << nan;
  }
  // HIP 6.3's __double2bfloat16 rounds once (to odd to float, then to nearest even): a double
  // just above a bf16 tie rounds up, where rounding through float would land on the tie's even code.
  double const tie = 1.0 + 0x1p-8;
  EXPECT_EQ(__bfloat16_as_ushort(__double2bfloat16(tie + 0x1p-40)), 0x3F81);
}

TEST(HipBf16, ArithmeticGoesThroughFloat) {
  __hip_bfloat16 const a = __float2bfloat16(1.5f), b = __float2bfloat16(0.0078125f);
  EXPECT_EQ(__bfloat162float(__hadd(a, b)), 1.5f + 0.0078125f);
  EXPECT_EQ(__bfloat162float(__hmul(a, a)), 2.25f);
  __hip_bfloat162 const v = __floats2bfloat162_rn(2.0f, -3.0f);
  float2 const r = __bfloat1622float2(__hmul2(v, v));
  EXPECT_EQ(r.x, 4.0f);
  EXPECT_EQ(r.y, 9.0f);
}

// --- fp8 -------------------------------------------------------------------------------------------

struct Fp8Format {
  __hip_fp8_interpretation_t interp;
  Layout layout;
  uint32_t nan(bool negative) const { return layout.fnuz ? 0x80u : (negative ? 0xFFu : 0x7Fu); }
  bool has_inf() const { return !layout.fnuz && !layout.ocp_e4m3; }
};
constexpr Fp8Format kFp8Formats[] = {
    {__HIP_E4M3_FNUZ, kE4M3Fnuz}, {__HIP_E5M2_FNUZ, kE5M2Fnuz}, {__HIP_E4M3, kE4M3}, {__HIP_E5M2, kE5M2}};

TEST(HipFp8, EveryCodeWidensExactly) {
  for (auto const& f : kFp8Formats)
    for (uint32_t c = 0; c < 256; ++c) {
      bool nan;
      double const v = reference_value(f.layout, c, &nan);
      float const got = internal_float(c, f.interp);
      __half_raw const h = __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t(c), f.interp);
      if (nan) {
        EXPECT_EQ(bits(got), 0x7F800001u) << f.interp << " " << c; // HIP's NaN patterns
        EXPECT_EQ(h.x, 0x7C01) << f.interp << " " << c;
      } else {
        EXPECT_EQ(got, v) << f.interp << " " << c;
        EXPECT_EQ(std::signbit(got), std::signbit(v)) << f.interp << " " << c;
        EXPECT_EQ(double(__half2float(__half(h))), v) << f.interp << " " << c;
      }
    }
}

// HIP's narrowing: round to nearest even; above the largest finite value (before rounding) the
// saturating form gives that value, the other NaN (or, in OCP E5M2, infinity); NaN gives NaN;
// infinity gives NaN except in OCP E5M2, whatever the saturation; FNUZ has no -0.
uint32_t fp8_expected(Fp8Format const& f, std::vector<Value> const& vals, double x, bool sat) {
  bool const neg = std::signbit(x);
  if (std::isnan(x)) return f.nan(neg);
  if (std::isinf(x)) return f.has_inf() ? (neg ? 0xFCu : 0x7Cu) : f.nan(neg);
  if (std::fabs(x) > vals.back().v)
    return sat ? (neg ? 0x80u : 0u) | vals.back().code : f.has_inf() ? (neg ? 0xFCu : 0x7Cu) : f.nan(neg);
  uint32_t const code = reference_round(f.layout, vals, x, Mode::kNearestEven);
  return f.layout.fnuz && code == 0x80 ? 0u : code;
}

TEST(HipFp8, FloatsAndDoublesNarrowAsHipDoes) {
  for (auto const& f : kFp8Formats) {
    auto const vals = finite_values(f.layout);
    std::vector<float> xs = boundary_floats(vals);
    double const top = vals.back().v, step = top - vals[vals.size() - 2].v;
    for (double d : {top + step / 4, top + step / 2, top * 1.0001, top * 16, -top - 1, 1e-30, -1e-30})
      xs.push_back(float(d));
    xs.push_back(std::nanf(""));
    xs.push_back(-std::nanf(""));
    for (float x : xs)
      for (__hip_saturation_t sat : {__HIP_NOSAT, __HIP_SATFINITE}) {
        uint32_t const want = fp8_expected(f, vals, x, sat == __HIP_SATFINITE);
        ASSERT_EQ(__hip_cvt_float_to_fp8(x, sat, f.interp), want) << f.interp << " " << x << " sat " << sat;
        ASSERT_EQ(__hip_cvt_double_to_fp8(double(x), sat, f.interp), want) << f.interp << " " << x;
      }
  }
}

TEST(HipFp8, TypesAndPairs) {
  // The types saturate; the pairs put x in the low byte.
  __hip_fp8_e4m3_fnuz const big(1000.0f);
  EXPECT_EQ(big.__x, 0x7F);
  EXPECT_EQ(float(big), 240.0f);
  __hip_fp8_e4m3 const ocp(-1000.0f);
  EXPECT_EQ(ocp.__x, 0xFE);
  EXPECT_EQ(float(ocp), -448.0f);
  __hip_fp8_e5m2 const e5(0.5f);
  EXPECT_EQ(e5.__x, 0x38);
  __hip_fp8x2_e4m3 const pair(float2{1.0f, -2.0f});
  EXPECT_EQ(pair.__x, 0xC038);
  float2 const back = pair;
  EXPECT_EQ(back.x, 1.0f);
  EXPECT_EQ(back.y, -2.0f);
  __hip_fp8x4_e5m2_fnuz const quad(float4{1.0f, 2.0f, -4.0f, 0.0f});
  float4 const q = quad;
  EXPECT_EQ(q.x, 1.0f);
  EXPECT_EQ(q.z, -4.0f);
  EXPECT_EQ(int(__hip_fp8_e4m3_fnuz(-3.5f)), -3);
  EXPECT_EQ(int(__hip_fp8_e4m3_fnuz(__hip_fp8_e4m3_fnuz{})), 0);
  __hip_fp8_e4m3_fnuz nan;
  nan.__x = 0x80;
  EXPECT_EQ(int(nan), 0); // NaN converts to 0
  EXPECT_EQ(__hip_cvt_halfraw_to_fp8(__half_raw{0x3C00}, __HIP_SATFINITE, __HIP_E4M3_FNUZ), 0x40);
}

// An fp8 code through the type of its interpretation (the types' operator float).
float internal_float(uint32_t code, __hip_fp8_interpretation_t t) {
  auto through = [&](auto v) {
    v.__x = __hip_fp8_storage_t(code);
    return float(v);
  };
  switch (t) {
  case __HIP_E4M3_FNUZ:
    return through(__hip_fp8_e4m3_fnuz{});
  case __HIP_E5M2_FNUZ:
    return through(__hip_fp8_e5m2_fnuz{});
  case __HIP_E4M3:
    return through(__hip_fp8_e4m3{});
  case __HIP_E5M2:
    return through(__hip_fp8_e5m2{});
  }
  return 0;
}

// --- vector types ---------------------------------------------------------------------------------

TEST(HipVectorTypes, HipSizesAlignmentsAndOperators) {
  // amd_hip_vector_types.h: N x sizeof(T), aligned to the whole size for 1, 2 and 4 components and
  // to the element for 3.
  static_assert(sizeof(float4) == 16 && alignof(float4) == 16);
  static_assert(sizeof(float3) == 12 && alignof(float3) == 4);
  static_assert(sizeof(char3) == 3 && alignof(char3) == 1);
  static_assert(sizeof(short2) == 4 && alignof(short2) == 4);
  static_assert(sizeof(double2) == 16 && alignof(double2) == 16);
  static_assert(sizeof(ulonglong4) == 32 && alignof(ulonglong4) == 32);
  static_assert(sizeof(int1) == 4 && alignof(int1) == 4);
  float4 a = make_float4(1, 2, 3, 4);
  a *= 2.0f;
  float4 const b = a + make_float4(0.5f, 0.5f, 0.5f, 0.5f);
  EXPECT_EQ(b.x, 2.5f);
  EXPECT_EQ(b.w, 8.5f);
  int2 c = make_int2(7, -9);
  c %= int2(4); // HIP's integer compound operators take a vector only
  EXPECT_EQ(c.x, 3);
  EXPECT_EQ(c.y, -1);
  EXPECT_TRUE(make_uint3(1, 2, 3) == make_uint3(1, 2, 3));
  EXPECT_EQ((~make_uchar2(0, 255)).x, 255);
}

} // namespace
