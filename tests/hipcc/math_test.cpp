// HIP's device math (wavemma/hip/math.hpp) against independent references: the roundings of
// __fadd_rz, __fmaf_ru, __float2int_rd, ... against the host FPU in the same rounding mode
// (fesetround), the integer intrinsics against plain 64- and 128-bit arithmetic and CUDA's
// documented examples, the per-lane __builtin_amdgcn_* against the ISA's pseudocode written out
// here byte by byte.

#include "wavemma/hip/math.hpp"

#include <algorithm>
#include <bitset>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

#pragma STDC FENV_ACCESS ON

namespace {

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// Floats that exercise roundings: random bit patterns, and values next to powers of two.
std::vector<float> sample_floats() {
  std::vector<float> out;
  std::mt19937 rng(7);
  for (int i = 0; i < 4000; ++i) {
    float f;
    uint32_t const b = rng();
    std::memcpy(&f, &b, 4);
    if (std::isfinite(f)) out.push_back(f);
  }
  for (int e = -30; e <= 30; ++e)
    for (float f : {std::ldexp(1.0f, e), std::nextafter(std::ldexp(1.0f, e), 0.0f), std::ldexp(1.5f, e)})
      out.push_back(f), out.push_back(-f);
  return out;
}

// The host FPU's result in a rounding mode: the reference.
template <class F>
auto in_mode(int mode, F f) {
  std::fesetround(mode);
  auto const r = f();
  std::fesetround(FE_TONEAREST);
  return r;
}

struct Mode {
  int fe;
  float (*add)(float, float), (*sub)(float, float), (*mul)(float, float), (*div)(float, float);
  float (*fma)(float, float, float), (*sqrt)(float), (*from_double)(double), (*from_int)(int);
  float (*from_ll)(long long), (*from_ull)(unsigned long long);
};
Mode const kModes[] = {
    {FE_TONEAREST, __fadd_rn, __fsub_rn, __fmul_rn, __fdiv_rn, __fmaf_rn, __fsqrt_rn, __double2float_rn, __int2float_rn,
     __ll2float_rn, __ull2float_rn},
    {FE_TOWARDZERO, __fadd_rz, __fsub_rz, __fmul_rz, __fdiv_rz, __fmaf_rz, __fsqrt_rz, __double2float_rz,
     __int2float_rz, __ll2float_rz, __ull2float_rz},
    {FE_DOWNWARD, __fadd_rd, __fsub_rd, __fmul_rd, __fdiv_rd, __fmaf_rd, __fsqrt_rd, __double2float_rd, __int2float_rd,
     __ll2float_rd, __ull2float_rd},
    {FE_UPWARD, __fadd_ru, __fsub_ru, __fmul_ru, __fdiv_ru, __fmaf_ru, __fsqrt_ru, __double2float_ru, __int2float_ru,
     __ll2float_ru, __ull2float_ru},
};

TEST(HipMath, RoundedArithmeticMatchesTheFpuInThatMode) {
  auto const xs = sample_floats();
  size_t const n = xs.size();
  for (Mode const& m : kModes)
    for (size_t i = 0; i < n; ++i) {
      float volatile a = xs[i], b = xs[(i * 31 + 7) % n], c = xs[(i * 17 + 3) % n];
      ASSERT_EQ(bits(m.add(a, b)), bits(in_mode(m.fe, [&] { return float(a + b); }))) << a << " + " << b;
      ASSERT_EQ(bits(m.sub(a, b)), bits(in_mode(m.fe, [&] { return float(a - b); }))) << a << " - " << b;
      ASSERT_EQ(bits(m.mul(a, b)), bits(in_mode(m.fe, [&] { return float(a * b); }))) << a << " * " << b;
      ASSERT_EQ(bits(m.div(a, b)), bits(in_mode(m.fe, [&] { return float(a / b); }))) << a << " / " << b;
      ASSERT_EQ(bits(m.fma(a, b, c)), bits(in_mode(m.fe, [&] { return std::fma(float(a), float(b), float(c)); })));
      float const pos = std::fabs(a);
      ASSERT_EQ(bits(m.sqrt(pos)), bits(in_mode(m.fe, [&] { return std::sqrt(pos); }))) << pos;
      double volatile d = double(a) * (1.0 + 0x1p-30);
      ASSERT_EQ(bits(m.from_double(d)), bits(in_mode(m.fe, [&] { return float(d); }))) << d;
      int volatile k = int(bits(a) ^ 0x5A5A5A5Au);
      ASSERT_EQ(bits(m.from_int(k)), bits(in_mode(m.fe, [&] { return float(k); }))) << k;
      long long volatile ll = (long long)(uint64_t(bits(a)) << 31 | bits(b));
      ASSERT_EQ(bits(m.from_ll(ll)), bits(in_mode(m.fe, [&] { return float(ll); }))) << ll;
      unsigned long long volatile ull = uint64_t(bits(b)) << 32 | bits(a);
      // x87 holds a 64-bit integer exactly, and rounds to float in the FPU's mode.
      ASSERT_EQ(bits(m.from_ull(ull)), bits(in_mode(m.fe, [&] { return float((long double)ull); }))) << ull;
    }
}

TEST(HipMath, FloatToIntegerRoundsSaturatesAndMapsNanToZero) {
  auto xs = sample_floats();
  for (float f : {0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 2147483648.0f, -3e9f, 1e20f, std::nanf("")}) xs.push_back(f);
  auto sat = [](double r) {
    return std::isnan(r) ? 0 : r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? int(-2147483648LL) : int(r);
  };
  for (float f : xs) {
    EXPECT_EQ(__float2int_rn(f), sat(std::nearbyint(f))) << f;
    EXPECT_EQ(__float2int_rz(f), sat(std::trunc(f))) << f;
    EXPECT_EQ(__float2int_rd(f), sat(std::floor(f))) << f;
    EXPECT_EQ(__float2int_ru(f), sat(std::ceil(f))) << f;
  }
  EXPECT_EQ(__float2uint_rn(-5.0f), 0u);
  EXPECT_EQ(__float2ll_rd(-2.5f), -3);
  EXPECT_EQ(__double2int_rn(2.5), 2);
}

TEST(HipMath, IntegerIntrinsics) {
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    uint32_t const x = rng(), y = rng(), s = rng();
    unsigned brev = 0;
    for (int b = 0; b < 32; ++b) brev |= ((x >> b) & 1u) << (31 - b);
    EXPECT_EQ(__brev(x), brev);
    EXPECT_EQ(__popc(x), unsigned(std::bitset<32>(x).count()));
    EXPECT_EQ(__umulhi(x, y), unsigned((uint64_t(x) * y) >> 32));
    EXPECT_EQ(__mulhi(int(x), int(y)), int((int64_t(int(x)) * int(y)) >> 32));
    EXPECT_EQ(__umul64hi(uint64_t(x) << 32 | y, uint64_t(s) << 20 | x),
              uint64_t((static_cast<unsigned __int128>(uint64_t(x) << 32 | y) * (uint64_t(s) << 20 | x)) >> 64));
    // __mul24: the low 24 bits of each, sign-extended, multiplied; the low 32 bits of the product.
    int64_t const x24 = int64_t(int32_t(x << 8) >> 8), y24 = int64_t(int32_t(y << 8) >> 8);
    EXPECT_EQ(__mul24(int(x), int(y)), int(uint32_t(x24 * y24)));
    EXPECT_EQ(__umul24(x, y), uint32_t(uint64_t(x & 0xFFFFFF) * (y & 0xFFFFFF)));
    EXPECT_EQ(__hadd(int(x), int(y)), int((int64_t(int(x)) + int(y)) >> 1));
    EXPECT_EQ(__urhadd(x, y), unsigned((uint64_t(x) + y + 1) >> 1));
    EXPECT_EQ(__funnelshift_l(x, y, s), unsigned(((uint64_t(y) << 32 | x) << (s % 32)) >> 32));
    EXPECT_EQ(__funnelshift_r(x, y, s), unsigned((uint64_t(y) << 32 | x) >> (s % 32)));
    // __byte_perm: byte i of the result is byte (selector nibble i & 7) of {y:x}.
    unsigned char in[8];
    std::memcpy(in, &x, 4);
    std::memcpy(in + 4, &y, 4);
    unsigned want = 0;
    for (int b = 0; b < 4; ++b) want |= unsigned(in[(s >> (4 * b)) & 7]) << (8 * b);
    EXPECT_EQ(__byte_perm(x, y, s), want);
  }
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x3210), 0x33221100u); // CUDA's examples
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x7654), 0x77665544u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x0123), 0x00112233u);
  EXPECT_EQ(__clz(0), 32);
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__clzll(-1), 0);
  EXPECT_EQ(__ffs(0), 0u);
  EXPECT_EQ(__ffs(0x80), 8u);
  EXPECT_EQ(__ffsll(1ull << 40), 41u);
  EXPECT_EQ(__sad(-3, 4, 10u), 17u);
  EXPECT_EQ(__funnelshift_lc(1u, 2u, 40u), 1u);
  EXPECT_EQ(min(3, -5), -5);
  EXPECT_EQ(max(2.0f, -1.0f), 2.0f);
  EXPECT_EQ(min(7u, 3), 3u);
  EXPECT_EQ(__int_as_float(0x3F800000), 1.0f);
  EXPECT_EQ(__double2hiint(1.0), 0x3FF00000);
  EXPECT_EQ(__saturatef(-1.0f), 0.0f);
  EXPECT_EQ(__saturatef(std::nanf("")), 0.0f);
  EXPECT_EQ(__saturatef(0.25f), 0.25f);
}

// V_PERM_B32 (RDNA3 ISA): the bytes of {S0, S1}, S0 the high dword; selector 8-11 replicate the top
// bit of bytes 1, 3, 5, 7; 12 is 0x00; 13 and above 0xff.
uint32_t perm_reference(uint32_t s0, uint32_t s1, uint32_t sel) {
  unsigned char in[8];
  std::memcpy(in, &s1, 4);
  std::memcpy(in + 4, &s0, 4);
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned const k = (sel >> (8 * i)) & 0xFF;
    unsigned char b;
    if (k >= 13)
      b = 0xFF;
    else if (k == 12)
      b = 0x00;
    else if (k >= 8)
      b = (in[2 * (k - 8) + 1] & 0x80) ? 0xFF : 0x00;
    else
      b = in[k];
    out |= uint32_t(b) << (8 * i);
  }
  return out;
}

TEST(HipAmdgcnBuiltins, PerLaneBuiltinsFollowTheIsa) {
  std::mt19937 rng(3);
  for (int i = 0; i < 20000; ++i) {
    uint32_t const a = rng(), b = rng();
    uint32_t sel = 0;
    for (int k = 0; k < 4; ++k) sel |= (rng() % 16) << (8 * k);
    ASSERT_EQ(__builtin_amdgcn_perm(a, b, sel), perm_reference(a, b, sel));
    uint32_t const off = rng() % 32, width = rng() % 32;
    // V_BFE_U32: (S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1); V_BFE_I32 sign-extends that field.
    uint32_t const field = width == 0 ? 0 : uint32_t((uint64_t(a) >> off) & ((uint64_t(1) << width) - 1));
    ASSERT_EQ(__builtin_amdgcn_ubfe(a, off, width), field);
    uint32_t const sfield = width && (field >> (width - 1)) ? field | ~((1u << width) - 1) : field;
    ASSERT_EQ(__builtin_amdgcn_sbfe(a, off, width), sfield);
    ASSERT_EQ(__builtin_amdgcn_alignbit(a, b, off), uint32_t((uint64_t(a) << 32 | b) >> off));
    ASSERT_EQ(__builtin_amdgcn_alignbyte(a, b, off), uint32_t((uint64_t(a) << 32 | b) >> (8 * (off % 4))));
  }
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x07060504u), 0x11223344u);
  EXPECT_EQ(__builtin_amdgcn_perm(0x11223344u, 0x55667788u, 0x0C0D0C0Du), 0x00FF00FFu);
  // Median of three, and with a NaN the minimum of the others.
  auto const xs = sample_floats();
  for (size_t i = 0; i + 2 < xs.size(); i += 3) {
    float v[3] = {xs[i], xs[i + 1], xs[i + 2]};
    float s[3] = {v[0], v[1], v[2]};
    std::sort(s, s + 3);
    EXPECT_EQ(__builtin_amdgcn_fmed3f(v[0], v[1], v[2]), s[1]);
    EXPECT_EQ(__builtin_amdgcn_fmed3f(std::nanf(""), v[1], v[2]), std::min(v[1], v[2]));
  }
  for (float f : xs) {
    int e;
    float const m = std::frexp(f, &e);
    EXPECT_EQ(__builtin_amdgcn_frexp_mantf(f), m);
    EXPECT_EQ(__builtin_amdgcn_frexp_expf(f), e);
    EXPECT_EQ(__builtin_amdgcn_ldexpf(m, e), f);
    // V_CMP_CLASS mask bits: 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal.
    int const cls = std::fpclassify(f);
    int const bit = f == 0 ? (std::signbit(f) ? 5 : 6) : cls == FP_SUBNORMAL ? (f < 0 ? 4 : 7) : (f < 0 ? 3 : 8);
    EXPECT_TRUE(__builtin_amdgcn_classf(f, 1 << bit)) << f;
    EXPECT_FALSE(__builtin_amdgcn_classf(f, ~(1 << bit) & 0x3FF)) << f;
    float const fr = __builtin_amdgcn_fractf(f);
    EXPECT_TRUE(fr >= 0 && fr < 1) << f;
  }
  EXPECT_EQ(__builtin_amdgcn_frexp_expf(HUGE_VALF), 0);
  EXPECT_TRUE(__builtin_amdgcn_classf(HUGE_VALF, 1 << 9));
  EXPECT_TRUE(__builtin_amdgcn_classf(-HUGE_VALF, 1 << 2));
  EXPECT_TRUE(__builtin_amdgcn_classf(std::numeric_limits<float>::quiet_NaN(), 1 << 1));
  EXPECT_TRUE(__builtin_amdgcn_classf(std::numeric_limits<float>::signaling_NaN(), 1 << 0));
  EXPECT_EQ(__builtin_amdgcn_fractf(-0.25f), 0.75f);
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_fractf(HUGE_VALF)));
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_fractf(std::numeric_limits<float>::quiet_NaN()))); // not 0.99999994
  EXPECT_TRUE(std::isnan(__builtin_amdgcn_fract(std::numeric_limits<double>::quiet_NaN())));
}

} // namespace

// --- HIP's special functions (amd_math_functions.h) ----------------------------------------------
// Against their definitions: sin(pi x) and cos(pi x) at the points where they are exact; erf^-1 and
// erfc^-1 as inverses of libm's erf and erfc; erfcx, normcdf, normcdfinv, norm and rhypot as the
// formulas that define them; and published decimal values.

TEST(HipMath, SinpiAndCospiAreExactWhereTheValueIs) {
  for (double k = -64; k <= 64; k += 1) {
    EXPECT_EQ(sinpi(k), 0.0) << k;
    EXPECT_EQ(std::signbit(sinpi(k)), std::signbit(k)) << k;
    EXPECT_EQ(cospi(k + 0.5), 0.0) << k;
    EXPECT_EQ(cospi(k), std::fmod(std::fabs(k), 2.0) == 0 ? 1.0 : -1.0) << k;
    EXPECT_EQ(sinpi(k + 0.5),
              std::fmod(std::fabs(k + 0.5), 2.0) < 1 ? (k + 0.5 > 0 ? 1.0 : -1.0) : (k + 0.5 > 0 ? -1.0 : 1.0))
        << k;
  }
  EXPECT_EQ(cospif(0.25f), std::sqrt(0.5f));
  EXPECT_EQ(sinpi(1.0 / 6), 0.5);
  EXPECT_EQ(sinpi(0.25), std::sqrt(0.5));
  EXPECT_EQ(sinpi(1e300), 0.0); // every double this large is an even integer
  double s = 0, c = 0;
  sincospi(0.75, &s, &c);
  EXPECT_EQ(s, std::sqrt(0.5));
  EXPECT_EQ(c, -std::sqrt(0.5));
}

TEST(HipMath, ErfinvAndErfcinvInvertLibm) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-5.5, 5.5);
  for (int i = 0; i < 20000; ++i) {
    double const x = u(rng), y = std::erf(x);
    if (std::fabs(y) < 1) EXPECT_NEAR(std::erf(erfinv(y)), y, 2 * std::numeric_limits<double>::epsilon()) << x;
    double const z = std::erfc(x);
    if (z > 0 && z < 2) EXPECT_NEAR(std::erfc(erfcinv(z)) / z, 1.0, 1e-14) << x;
  }
  for (double z : {1e-300, 1e-100, 1e-20, 1e-5}) EXPECT_NEAR(std::erfc(erfcinv(z)) / z, 1.0, 1e-13) << z;
  EXPECT_NEAR(erfinv(0.5), 0.4769362762044698733814, 1e-16); // published value
  EXPECT_EQ(erfinv(1.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(erfinv(-1.0), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(erfinv(1.5)));
  EXPECT_TRUE(std::isnan(erfcinvf(-0.5f)));
  EXPECT_EQ(erfcinv(0.0), std::numeric_limits<double>::infinity());
  EXPECT_NEAR(erfinvf(0.5f), 0.47693628f, 1e-7f);
}

TEST(HipMath, ErfcxNormcdfAndNormsFollowTheirDefinitions) {
  for (double x = -5; x <= 25; x += 0.125) {
    long double const exact = std::exp((long double)x * x) * std::erfc((long double)x);
    EXPECT_NEAR(erfcx(x) / double(exact), 1.0, 1e-15) << x;
    EXPECT_NEAR(normcdf(x), std::erfc(-x / std::sqrt(2.0)) / 2, 4e-16) << x;
  }
  // Beyond exp(x^2)'s range: erfcx(x) ~ 1 / (x sqrt(pi)) (1 - 1/(2x^2) + ...).
  EXPECT_NEAR(erfcx(1e3) * 1e3 * std::sqrt(M_PI), 1 - 0.5e-6, 1e-12);
  EXPECT_NEAR(normcdfinv(0.975), 1.959963984540054, 1e-15); // published value
  EXPECT_NEAR(normcdf(normcdfinv(0.3)), 0.3, 1e-16);
  float const v[] = {3, 4, 12};
  EXPECT_EQ(normf(3, v), 13.0f);
  EXPECT_EQ(rnorm3df(3, 4, 12), 1.0f / 13);
  EXPECT_EQ(norm4d(1, 1, 1, 1), 2.0);
  EXPECT_EQ(rhypot(3.0, 4.0), 0.2);
  EXPECT_NEAR(cyl_bessel_i0(1.0), 1.2660658777520082, 1e-15); // published values
  EXPECT_NEAR(cyl_bessel_i1(-1.0), -0.5651591039924851, 1e-15);
  EXPECT_EQ(powif(2.0f, 10), 1024.0f);
  EXPECT_EQ(powi(2.0, -2), 0.25);
  static_assert(std::is_same_v<decltype(pow(2.0f, 3)), float>, "HIP's pow(float, int) is a float");
  static_assert(std::is_same_v<decltype(::sin(1.0f)), float>, "HIP's sin(float) is a float");
  EXPECT_EQ(fdividef(1.0f, 4.0f), 0.25f);
}
