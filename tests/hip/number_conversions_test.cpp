// HIP's number types convert in every direction HIP's headers declare, as C++ writes it (implicit
// initialisation, functional and C-style casts, static_cast, assignment), exhaustively: every f16,
// bf16 and fp8 code out, and into each type from its own codes, from every rounding boundary of
// float and double, and from the integers. The truths: the formats' field layouts, decoded here
// with ldexp; the compiler's own _Float16 conversions (IEEE round to nearest even on x86); and
// fp8_reference.hpp. A conversion that went through bool or another wrong type fails here.

#include "fp8_reference.hpp"

#include "wavemma/hip/bfloat16.hpp"
#include "wavemma/hip/float16.hpp"
#include "wavemma/hip/fp8.hpp"

#include <climits>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <type_traits>

namespace {

template <class To, class From>
To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &v, sizeof t);
  return t;
}

// IEEE binary16 (1/5/10, bias 15) and bfloat16 (1/8/7, bias 127) from their fields.
double ieee_value(unsigned code, int exp_bits, int man_bits) {
  int const bias = (1 << (exp_bits - 1)) - 1, emax = (1 << exp_bits) - 1;
  int const e = int(code >> man_bits) & emax, m = int(code) & ((1 << man_bits) - 1);
  double const s = (code >> (exp_bits + man_bits)) & 1 ? -1.0 : 1.0;
  if (e == emax) return m ? std::nan("") : s * HUGE_VAL;
  return s * (e ? std::ldexp((1 << man_bits) + m, e - bias - man_bits) : std::ldexp(m, 1 - bias - man_bits));
}
double f16_value(unsigned c) { return ieee_value(c, 5, 10); }
double bf16_value(unsigned c) { return ieee_value(c, 8, 7); }

// C++'s conversion of a floating value to an integer type, where defined, and wavemma's choice
// where C++ leaves it undefined: saturate, NaN -> 0; bool: not zero (NaN: true).
template <class T>
T to_integer(double v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0;
  else {
    if (std::isnan(v)) return 0;
    double const t = std::trunc(v);
    if (t <= double(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    if (t >= double(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(t);
  }
}

template <class H, class T>
void expect_integer_conversions_of(H const& x, double v, unsigned code) {
  T const implicit = x;
  ASSERT_EQ(implicit, to_integer<T>(v)) << "code 0x" << std::hex << code << " to " << typeid(T).name();
  ASSERT_EQ(static_cast<T>(x), to_integer<T>(v)) << std::hex << code;
  ASSERT_EQ((T)x, to_integer<T>(v)) << std::hex << code;
}
template <class H>
void expect_every_integer_conversion(H const& x, double v, unsigned code) {
  expect_integer_conversions_of<H, bool>(x, v, code);
  expect_integer_conversions_of<H, char>(x, v, code);
  expect_integer_conversions_of<H, signed char>(x, v, code);
  expect_integer_conversions_of<H, unsigned char>(x, v, code);
  expect_integer_conversions_of<H, short>(x, v, code);
  expect_integer_conversions_of<H, unsigned short>(x, v, code);
  expect_integer_conversions_of<H, int>(x, v, code);
  expect_integer_conversions_of<H, unsigned>(x, v, code);
  expect_integer_conversions_of<H, long>(x, v, code);
  expect_integer_conversions_of<H, unsigned long>(x, v, code);
  expect_integer_conversions_of<H, long long>(x, v, code);
  expect_integer_conversions_of<H, unsigned long long>(x, v, code);
}

// --- __half ----------------------------------------------------------------------------------------

TEST(HalfConversions, EveryCodeOut) {
  for (unsigned c = 0; c < 0x10000; ++c) {
    __half const h = __ushort_as_half(uint16_t(c));
    double const v = f16_value(c);
    // To _Float16: the same bits, every way C++ spells it (the defect of issue 18 gave 1.0).
    _Float16 const a = h;
    ASSERT_EQ(bit_cast<uint16_t>(a), c);
    ASSERT_EQ(bit_cast<uint16_t>((_Float16)h), c);
    ASSERT_EQ(bit_cast<uint16_t>(static_cast<_Float16>(h)), c);
    float const f = h;
    double const d = h;
    long double const ld = h;
    if (std::isnan(v)) {
      ASSERT_TRUE(std::isnan(f) && std::isnan(d) && std::isnan(ld)) << c;
    } else {
      ASSERT_EQ(f, v) << c;
      ASSERT_EQ(static_cast<double>(h), v) << c;
      ASSERT_EQ(d, v) << c;
      ASSERT_EQ(ld, v) << c;
      ASSERT_EQ(std::signbit(f), bool(c & 0x8000)) << c;
      ASSERT_EQ(f, float(bit_cast<_Float16>(uint16_t(c)))) << c; // the compiler's widening
    }
    expect_every_integer_conversion(h, v, c);
  }
}

TEST(HalfConversions, EveryCodeInFromFloat16AndFp16) {
  for (unsigned c = 0; c < 0x10000; ++c) {
    _Float16 const x = bit_cast<_Float16>(uint16_t(c));
    __half const a = x;
    __half b;
    b = x;
    ASSERT_EQ(__half_as_ushort(a), c);
    ASSERT_EQ(__half_as_ushort(b), c);
    ASSERT_EQ(__half_as_ushort(__half(x)), c);
    ASSERT_EQ(__half_as_ushort(static_cast<__half>(x)), c);
    __fp16 g;
    std::memcpy(&g, &c, 2);
    __half const from_fp16 = g; // __fp16 -> _Float16, as in HIP
    if (std::isnan(f16_value(c)))
      ASSERT_TRUE(__hisnan(from_fp16));
    else
      ASSERT_EQ(__half_as_ushort(from_fp16), c);
  }
}

// Floats and doubles at every f16 boundary, against the compiler's own rounding to _Float16.
TEST(HalfConversions, FloatsAndDoublesRoundAsTheCompilerDoes) {
  int checked = 0;
  for (unsigned c = 0; c < 0x7C00; ++c) {
    double const lo = f16_value(c), hi = c + 1 < 0x7C00 ? f16_value(c + 1) : 65536.0;
    double const mid = (lo + hi) / 2;
    for (double p : {lo, mid})
      for (double s : {1.0, -1.0}) {
        double const x = s * p;
        for (double d : {x, std::nextafter(x, HUGE_VAL), std::nextafter(x, -HUGE_VAL)}) {
          __half const from_double = d;
          ASSERT_EQ(__half_as_ushort(from_double), bit_cast<uint16_t>(static_cast<_Float16>(d))) << d;
          __half assigned;
          assigned = d;
          ASSERT_EQ(__half_as_ushort(assigned), __half_as_ushort(from_double));
          ++checked;
        }
        float const xf = static_cast<float>(x);
        for (float f : {xf, std::nextafterf(xf, HUGE_VALF), std::nextafterf(xf, -HUGE_VALF)}) {
          __half const from_float = f;
          ASSERT_EQ(__half_as_ushort(from_float), bit_cast<uint16_t>(static_cast<_Float16>(f))) << f;
          ASSERT_EQ(__half_as_ushort(__half((long double)f)), __half_as_ushort(from_float)) << f;
          ++checked;
        }
      }
  }
  EXPECT_GT(checked, 350000);
}

TEST(HalfConversions, IntegersRoundAsTheCompilerDoes) {
  for (int i = -70000; i <= 70000; ++i) {
    __half const a = i;
    ASSERT_EQ(__half_as_ushort(a), bit_cast<uint16_t>(static_cast<_Float16>(i))) << i;
    __half const s = static_cast<short>(i);
    ASSERT_EQ(__half_as_ushort(s), bit_cast<uint16_t>(static_cast<_Float16>(static_cast<short>(i)))) << i;
  }
  for (long long v : {LLONG_MIN, LLONG_MAX, (1LL << 53) + 1, -(1LL << 40)}) {
    __half const h = v;
    ASSERT_EQ(__half_as_ushort(h), bit_cast<uint16_t>(static_cast<_Float16>(v))) << v;
  }
  EXPECT_EQ(__half_as_ushort(__half(true)), 0x3C00);
  EXPECT_EQ(__half_as_ushort(__half(ULLONG_MAX)), 0x7C00);
}

// __half2 and its storage vector of two _Float16.
TEST(HalfConversions, Half2AndItsFloat16Vector) {
  for (unsigned c = 0; c < 0x10000; c += 7) {
    __half2 const h = __halves2half2(__ushort_as_half(uint16_t(c)), __ushort_as_half(uint16_t(c ^ 0x8001)));
    __half2::_Float16_2 const v = h;
    ASSERT_EQ(bit_cast<uint16_t>(_Float16(v[0])), c);
    ASSERT_EQ(bit_cast<uint16_t>(_Float16(v[1])), c ^ 0x8001);
    __half2 const back = v;
    ASSERT_EQ(__half_as_ushort(back.x), c);
    ASSERT_EQ(__half_as_ushort(back.y), c ^ 0x8001);
  }
}

// --- __hip_bfloat16 and hip_bfloat16 ------------------------------------------------------------------

TEST(Bfloat16Conversions, EveryCodeOut) {
  for (unsigned c = 0; c < 0x10000; ++c) {
    __hip_bfloat16 const b = __ushort_as_bfloat16(uint16_t(c));
    double const v = bf16_value(c);
    float const f = b;
    double const d = b; // through operator float, as HIP's (it declares no operator double)
    hip_bfloat16 old;
    old.data = uint16_t(c);
    float const g = old;
    if (std::isnan(v)) {
      ASSERT_TRUE(std::isnan(f) && std::isnan(d) && std::isnan(g)) << c;
      ASSERT_EQ(bit_cast<uint32_t>(f), c << 16); // the bits, payload and all
    } else {
      ASSERT_EQ(f, v) << c;
      ASSERT_EQ(d, v) << c;
      ASSERT_EQ(g, v) << c;
      ASSERT_EQ(float(bit_cast<__bf16>(uint16_t(c))), f) << c; // the compiler's widening
    }
    expect_every_integer_conversion(b, v, c);
  }
}

// Round to nearest even from a float's bits, as the definition reads: keep the top 16 bits, and add
// one when the 16 dropped bits are above half, or exactly half with the kept bits odd (finite f).
unsigned bf16_nearest_even(float f) {
  uint32_t const u = bit_cast<uint32_t>(f), dropped = u & 0xFFFFu;
  uint32_t const kept = u >> 16;
  return kept + ((dropped > 0x8000u || (dropped == 0x8000u && (kept & 1))) ? 1u : 0u);
}

// Floats at every bf16 boundary round to nearest even (HIP's NaN rule: FloatNaNs below); a double
// or an int rounds once (HIP 6.3's constructors), but assignment of a double goes through float.
TEST(Bfloat16Conversions, FloatsDoublesAndIntegersIn) {
  for (unsigned c = 0; c < 0x7F80; ++c) {
    double const lo = bf16_value(c), hi = c + 1 < 0x7F80 ? bf16_value(c + 1) : 0x1p128;
    double const mid = (lo + hi) / 2;
    for (double s : {1.0, -1.0}) {
      unsigned const sign = s < 0 ? 0x8000u : 0u;
      for (double p : {lo, mid}) {
        float const x = static_cast<float>(s * p);
        for (float f : {x, std::nextafterf(x, HUGE_VALF), std::nextafterf(x, -HUGE_VALF)}) {
          unsigned const want = bf16_nearest_even(f);
          __hip_bfloat16 const a = f;
          ASSERT_EQ(__bfloat16_as_ushort(a), want) << f;
          ASSERT_EQ(hip_bfloat16(f).data, want) << f;
          hip_bfloat16 assigned;
          assigned = f;
          ASSERT_EQ(assigned.data, want) << f;
        }
      }
      if (c + 1 >= 0x7F80 || c == 0) continue;
      // Just above and below the midpoint, in double: one rounding gives the neighbour, rounding
      // through float first gives the tie's even code.
      double const tail = std::ldexp(std::fabs(mid), -40);
      __hip_bfloat16 const above = s * (mid + tail), below = s * (mid - tail);
      ASSERT_EQ(__bfloat16_as_ushort(above), (c + 1) | sign) << mid;
      ASSERT_EQ(__bfloat16_as_ushort(below), c | sign) << mid;
      ASSERT_EQ(__bfloat16_as_ushort(__double2bfloat16(s * (mid + tail))), (c + 1) | sign) << mid;
      __hip_bfloat16 assigned;
      assigned = s * (mid + tail);
      ASSERT_EQ(__bfloat16_as_ushort(assigned), ((c & 1) ? c + 1 : c) | sign) << mid;
    }
  }
  for (int i = -(1 << 20); i <= (1 << 20); i += 3) {
    __hip_bfloat16 const a = i;
    ASSERT_EQ(__bfloat16_as_ushort(a), bf16_nearest_even(static_cast<float>(i))) << i;
  }
  // An int that float cannot hold: one rounding from the exact value (2^24 + 2^16 + 1 -> up).
  int const big = (1 << 24) + (1 << 16) + 1;
  EXPECT_EQ(__bfloat16_as_ushort(__hip_bfloat16(big)), 0x4B81);
  EXPECT_EQ(__bfloat16_as_ushort(__hip_bfloat16(static_cast<unsigned>(big))), 0x4B81);
}

// A NaN keeps its top 16 bits, with the lowest of them set when a dropped bit was (so that it
// stays a NaN) [SRC: amd_hip_bf16.h].
TEST(Bfloat16Conversions, FloatNaNs) {
  for (uint32_t u : {0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7F810000u, 0xFF80FFFFu, 0x7FFFFFFFu}) {
    float const f = bit_cast<float>(u);
    uint32_t const want = (u >> 16) | ((u & 0xFFFFu) ? 1u : 0u);
    __hip_bfloat16 const a = f;
    EXPECT_EQ(__bfloat16_as_ushort(a), want) << std::hex << u;
    EXPECT_EQ(hip_bfloat16(f).data, want) << std::hex << u;
  }
}

// --- fp8 ----------------------------------------------------------------------------------------------

template <class T>
void check_fp8_type(fp8ref::Format f) {
  for (unsigned c = 0; c < 256; ++c) {
    T x;
    x.__x = static_cast<__hip_fp8_storage_t>(c);
    bool const nan = fp8ref::is_nan(f, c);
    double const v = nan ? std::nan("") : fp8ref::value(f, c);
    float const fl = x;
    double const d = x;
    __half const h = x;
    __hip_bfloat16 const b = x;
    if (nan) {
      ASSERT_EQ(bit_cast<uint32_t>(fl), 0x7F800001u); // HIP's patterns
      ASSERT_EQ(__half_as_ushort(h), 0x7C01);
      ASSERT_TRUE(std::isnan(d) && __hisnan(b));
    } else {
      ASSERT_EQ(fl, v) << c;
      ASSERT_EQ(d, v) << c;
      ASSERT_EQ(double(__half2float(h)), v) << c;
      ASSERT_EQ(double(__bfloat162float(b)), v) << c;
    }
    // Integers: toward zero, saturated, NaN -> 0; bool: not zero (a NaN is true).
    expect_every_integer_conversion(x, nan ? std::nan("") : v, c);
    bool const truth = x;
    ASSERT_EQ(truth, nan || v != 0) << c;
  }
  // In, with HIP's __HIP_SATFINITE: beyond the largest finite value (before rounding) is that
  // value; NaN is NaN; infinity is NaN (OCP E5M2: infinity).
  double const top = fp8ref::value(f, fp8ref::max_code(f));
  for (unsigned c = 0; c <= fp8ref::max_code(f) + 1; ++c) {
    double const lo = c <= fp8ref::max_code(f) ? fp8ref::value(f, c) : top * 1.125;
    double const hi = c < fp8ref::max_code(f) ? fp8ref::value(f, c + 1) : lo * 1.5;
    for (double p : {lo, (lo + hi) / 2})
      for (double s : {1.0, -1.0}) {
        float const x = static_cast<float>(s * p);
        for (float in : {x, std::nextafterf(x, HUGE_VALF), std::nextafterf(x, -HUGE_VALF)}) {
          unsigned want;
          if (std::fabs(in) > top)
            want = (in < 0 ? 0x80u : 0u) | fp8ref::max_code(f);
          else
            want = unsigned(fp8ref::round_nearest_even(f, in));
          T const a = in;
          T const b = static_cast<double>(in);
          ASSERT_EQ(a.__x, want) << in;
          ASSERT_EQ(b.__x, want) << in;
          if (std::nearbyint(in) == in && std::fabs(in) < 30000 && !std::signbit(in)) {
            T const from_int = static_cast<int>(in);
            ASSERT_EQ(from_int.__x, want) << in;
          }
        }
      }
  }
  bool const e5m2_ocp = !f.fnuz && f.exp_bits == 5;
  T const inf = HUGE_VALF, nan = std::nanf("");
  EXPECT_EQ(inf.__x, e5m2_ocp ? 0x7Cu : f.fnuz ? 0x80u : 0x7Fu);
  EXPECT_TRUE(fp8ref::is_nan(f, nan.__x));
}

TEST(Fp8Conversions, EveryCodeOutAndEveryBoundaryIn) {
  check_fp8_type<__hip_fp8_e4m3_fnuz>(fp8ref::kE4M3Fnuz);
  check_fp8_type<__hip_fp8_e5m2_fnuz>(fp8ref::kE5M2Fnuz);
  check_fp8_type<__hip_fp8_e4m3>(fp8ref::kE4M3);
  check_fp8_type<__hip_fp8_e5m2>(fp8ref::kE5M2);
}

// Overload resolution as HIP's declarations give it: __half converts to and from _Float16 directly;
// __hip_bfloat16 and the fp8 types have no _Float16 conversion, and the several routes to one
// (float, double, the integers, bool) are ambiguous, as in HIP: no silent route through bool.
static_assert(std::is_convertible_v<__half, _Float16> && std::is_convertible_v<_Float16, __half>);
static_assert(std::is_convertible_v<__half, long double> && std::is_convertible_v<__half, bool>);
static_assert(!std::is_convertible_v<__hip_bfloat16, _Float16> && !std::is_constructible_v<_Float16, __hip_bfloat16>);
static_assert(!std::is_convertible_v<__hip_fp8_e4m3, _Float16> &&
              !std::is_convertible_v<__hip_fp8_e5m2_fnuz, _Float16>);
static_assert(std::is_convertible_v<__hip_bfloat16, double> && std::is_convertible_v<hip_bfloat16, _Float16>);

// The types are structs, as HIP declares them (a forward declaration names the same type).
struct __hip_fp8_e4m3;
static_assert(std::is_class_v<__hip_fp8_e4m3> && std::is_class_v<__hip_fp8x2_e5m2_fnuz> &&
              std::is_class_v<__hip_fp8x4_e4m3>);
static_assert(__hip_fp8_e5m2::__we == 5 && __hip_fp8_e5m2::__wm == 2 && __hip_fp8x4_e4m3_fnuz::__we == 4);
static_assert(__hip_fp8_e4m3_fnuz::__default_interpret == __HIP_E4M3_FNUZ &&
              __hip_fp8x2_e4m3::__default_saturation == __HIP_SATFINITE);

} // namespace
