#pragma once
// HIP's device math beyond <cmath> (amd_device_functions.h, amd_math_functions.h), as HIP declares
// it, and the per-lane __builtin_amdgcn_* builtins, on the CPU:
//   - integer intrinsics (__popc, __clz, __ffs, __brev, __byte_perm, __mul24, __umulhi, ...) and
//     the global min/max: exact;
//   - float conversions with a rounding (__float2int_rn, __int2float_rz, __fadd_ru, __fmaf_rd,
//     ...): correctly rounded in the named direction;
//   - the fast intrinsics (__fdividef, __expf, __sinf, ...), rsqrtf and the approximate builtins
//     (rcpf, rsqf, sqrtf): correctly rounded (or libm) results, where the GPU's are approximations
//     that may differ in the last bits;
//   - the per-lane builtins (perm, ubfe, sbfe, fmed3f, frexp_mant, class, alignbit, ...): the ISA's
//     definitions [DOC: RDNA3 ISA V_PERM_B32, V_BFE_U32/I32, V_MED3_F32, V_FREXP_*, V_ALIGNBIT_B32].
// C++17.

#include "wavemma/hip/float_bits.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <math.h> // <cmath>'s float overloads at global scope, as HIP's device math has them: sin(1.0f) is a float
#include <type_traits>

namespace wavemma::hip::math {

using fp::bits_as;
using fp::Rounding;

// The exact value v = hi + lo (lo the rounding error of hi), rounded once to float.
inline float to_float(double hi, double lo, Rounding r) {
  double const v = fp::round_to_odd(hi, lo);
  if (std::isnan(v)) return static_cast<float>(v);
  return bits_as<float>(static_cast<uint32_t>(numeric::from_double(numeric::Format::kF32, v, r)));
}
inline double two_sum_error(double a, double b, double s) {
  double const bp = s - a;
  return (a - (s - bp)) + (b - bp);
}
inline float add(float a, float b, Rounding r) {
  double const s = double(a) + double(b);
  return to_float(s, two_sum_error(a, b, s), r);
}
inline float mul(float a, float b, Rounding r) {
  return to_float(double(a) * double(b), 0, r); // exact in double
}
inline float div(float a, float b, Rounding r) {
  double const q = double(a) / double(b);
  if (!std::isfinite(q) || b == 0) return to_float(q, 0, r);
  double const rem = std::fma(-q, double(b), double(a)); // exact: a = q b + rem
  return to_float(q, rem / double(b), r);
}
inline float sqrt(float a, Rounding r) {
  double const s = std::sqrt(double(a));
  if (!std::isfinite(s) || s == 0) return to_float(s, 0, r);
  return to_float(s, std::fma(-s, s, double(a)), r); // the remainder's sign is the error's
}
inline float fma(float a, float b, float c, Rounding r) { return to_float(fp::fma_to_odd(a, b, c), 0, r); }
// A double, or an integer, rounded once to float in the mode's direction.
inline float narrow(double v, Rounding r) { return to_float(v, 0, r); }
template <class Int>
float int_to_float(Int v, Rounding r) {
  // Every 64-bit integer is the exact sum of two doubles.
  double const hi = static_cast<double>(v);
  double const lo = static_cast<double>(static_cast<__int128>(v) - static_cast<__int128>(hi));
  return to_float(hi, lo, r);
}

inline uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s) {
  uint64_t const bytes = uint64_t(y) << 32 | x;
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) out |= uint32_t((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xFF) << (8 * i);
  return out;
}

// V_PERM_B32: each result byte is selected from the 64-bit {S0, S1} (S0 the high dword).
inline uint32_t perm(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint64_t const data = uint64_t(s0) << 32 | s1;
  auto byte = [&](int i) { return uint32_t((data >> (8 * i)) & 0xFF); };
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t const s = (sel >> (8 * i)) & 0xFF, sign_of[4] = {1, 3, 5, 7};
    uint32_t const b = s >= 13   ? 0xFF
                       : s == 12 ? 0
                       : s >= 8  ? ((byte(int(sign_of[s - 8])) >> 7) ? 0xFF : 0)
                                 : byte(int(s));
    out |= b << (8 * i);
  }
  return out;
}
inline uint32_t ubfe(uint32_t v, uint32_t offset, uint32_t width) {
  offset &= 31;
  width &= 31;
  return (v >> offset) & ((1u << width) - 1u);
}
inline uint32_t sbfe(uint32_t v, uint32_t offset, uint32_t width) {
  width &= 31;
  if (width == 0) return 0;
  uint32_t const f = ubfe(v, offset, width), sign = 1u << (width - 1);
  return (f ^ sign) - sign;
}
// V_MED3_F32: with a NaN operand, the minimum of the three (NaNs ignored); else the median.
inline float fmed3(float a, float b, float c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) return std::fmin(std::fmin(a, b), c);
  float const hi = std::fmax(std::fmax(a, b), c);
  return hi == a ? std::fmax(b, c) : hi == b ? std::fmax(a, c) : std::fmax(a, b);
}
template <class T>
T frexp_mant(T v) {
  int e;
  return std::isinf(v) || std::isnan(v) ? v : std::frexp(v, &e);
}
template <class T>
int frexp_exp(T v) {
  int e = 0;
  if (std::isinf(v) || std::isnan(v)) return 0;
  std::frexp(v, &e);
  return e;
}
template <class T>
T fract(T v) {
  if (std::isinf(v)) return std::numeric_limits<T>::quiet_NaN();
  if (std::isnan(v)) return v + v; // quieted (fmin below would drop it)
  return std::fmin(v - std::floor(v), std::nextafter(T(1), T(0)));
}
// V_CMP_CLASS: bit 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
// 7 +denormal, 8 +normal, 9 +inf.
template <class T>
bool fp_class(T v, int mask) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  Bits const quiet = Bits{1} << (std::numeric_limits<T>::digits - 2);
  int bit;
  if (std::isnan(v)) {
    bit = (bits_as<Bits>(v) & quiet) ? 1 : 0;
  } else {
    bool const neg = std::signbit(v);
    int const kind = std::isinf(v) ? 3 : std::fpclassify(v) == FP_NORMAL ? 2 : v != 0 ? 1 : 0;
    bit = neg ? 5 - kind : 6 + kind;
  }
  return (mask >> bit) & 1;
}
inline uint32_t alignbit(uint32_t hi, uint32_t lo, uint32_t shift) {
  return uint32_t((uint64_t(hi) << 32 | lo) >> (shift & 31));
}
inline uint32_t alignbyte(uint32_t hi, uint32_t lo, uint32_t shift) {
  return uint32_t((uint64_t(hi) << 32 | lo) >> (8 * (shift & 3)));
}

} // namespace wavemma::hip::math

// --- integer intrinsics -------------------------------------------------------------------------
inline unsigned int __popc(unsigned int x) { return unsigned(__builtin_popcount(x)); }
inline unsigned int __popcll(unsigned long long x) { return unsigned(__builtin_popcountll(x)); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline unsigned int __ffs(unsigned int x) { return x == 0 ? 0 : unsigned(__builtin_ctz(x)) + 1; }
inline unsigned int __ffs(int x) { return __ffs(unsigned(x)); }
inline unsigned int __ffsll(unsigned long long x) { return x == 0 ? 0 : unsigned(__builtin_ctzll(x)) + 1; }
inline unsigned int __ffsll(long long x) { return __ffsll((unsigned long long)x); }
inline unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
inline unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  return ::wavemma::hip::math::byte_perm(x, y, s);
}
inline int __mul24(int x, int y) {
  auto s24 = [](int v) { return (int32_t(uint32_t(v) << 8)) >> 8; };
  return int(uint32_t(int64_t(s24(x)) * int64_t(s24(y))));
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xFFFFFFu) * (y & 0xFFFFFFu); }
inline int __mulhi(int x, int y) { return int((int64_t(x) * int64_t(y)) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) { return unsigned((uint64_t(x) * uint64_t(y)) >> 32); }
inline long long __mul64hi(long long x, long long y) { return (long long)((__int128(x) * __int128(y)) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)((static_cast<unsigned __int128>(x) * y) >> 64);
}
// Halving adds, without overflow (CUDA's definitions, which HIP's follow).
inline int __hadd(int x, int y) { return int((int64_t(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return int((int64_t(x) + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return unsigned((uint64_t(x) + y) >> 1); }
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return unsigned((uint64_t(x) + y + 1) >> 1); }
inline unsigned int __sad(int x, int y, unsigned int z) {
  return unsigned(x > y ? int64_t(x) - y : int64_t(y) - x) + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  return unsigned(((uint64_t(hi) << 32 | lo) << (shift & 31)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  return shift >= 32 ? lo : __funnelshift_l(lo, hi, shift);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  return unsigned((uint64_t(hi) << 32 | lo) >> (shift & 31));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  return shift >= 32 ? hi : __funnelshift_r(lo, hi, shift);
}
inline unsigned int __bitextract_u32(unsigned int v, unsigned int offset, unsigned int width) {
  return ::wavemma::hip::math::ubfe(v, offset, width);
}
inline unsigned int __bitinsert_u32(unsigned int dst, unsigned int src, unsigned int offset, unsigned int width) {
  offset &= 31;
  width &= 31;
  unsigned const mask = (1u << width) - 1u;
  return (dst & ~(mask << offset)) | ((src & mask) << offset);
}

// HIP's global min and max (amd_math_functions.h), one overload per type: no template, so that
// host code with `using namespace std` still finds std::min for other types.
#define WAVEMMA_MATH_MIN_MAX(T)                                                                                        \
  inline T min(T a, T b) { return a < b ? a : b; }                                                                     \
  inline T max(T a, T b) { return a > b ? a : b; }
WAVEMMA_MATH_MIN_MAX(int)
WAVEMMA_MATH_MIN_MAX(unsigned int)
WAVEMMA_MATH_MIN_MAX(long)
WAVEMMA_MATH_MIN_MAX(unsigned long)
WAVEMMA_MATH_MIN_MAX(long long)
WAVEMMA_MATH_MIN_MAX(unsigned long long)
#undef WAVEMMA_MATH_MIN_MAX
// Mixed signedness compares as unsigned, as HIP's overloads do.
inline unsigned int min(unsigned int a, int b) { return min(a, unsigned(b)); }
inline unsigned int min(int a, unsigned int b) { return min(unsigned(a), b); }
inline unsigned int max(unsigned int a, int b) { return max(a, unsigned(b)); }
inline unsigned int max(int a, unsigned int b) { return max(unsigned(a), b); }
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }

// --- bit casts --------------------------------------------------------------------------------
inline float __int_as_float(int x) { return ::wavemma::hip::math::bits_as<float>(x); }
inline int __float_as_int(float x) { return ::wavemma::hip::math::bits_as<int>(x); }
inline float __uint_as_float(unsigned int x) { return ::wavemma::hip::math::bits_as<float>(x); }
inline unsigned int __float_as_uint(float x) { return ::wavemma::hip::math::bits_as<unsigned int>(x); }
inline double __longlong_as_double(long long x) { return ::wavemma::hip::math::bits_as<double>(x); }
inline long long __double_as_longlong(double x) { return ::wavemma::hip::math::bits_as<long long>(x); }
inline int __double2hiint(double x) { return int(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return int(uint32_t(__double_as_longlong(x))); }
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(uint64_t(uint32_t(hi)) << 32 | uint32_t(lo)));
}

// --- conversions and arithmetic with a rounding -------------------------------------------------
#define WAVEMMA_MATH_ROUNDINGS(define)                                                                                 \
  define(rn, kNearestEven) define(rz, kTowardZero) define(rd, kDown) define(ru, kUp)
#define WAVEMMA_MATH_TO_INT(suffix, mode)                                                                              \
  inline int __float2int_##suffix(float x) {                                                                           \
    return ::wavemma::hip::fp::float_to_int<int>(x, ::wavemma::hip::fp::Rounding::mode);                               \
  }                                                                                                                    \
  inline unsigned int __float2uint_##suffix(float x) {                                                                 \
    return ::wavemma::hip::fp::float_to_int<unsigned int>(x, ::wavemma::hip::fp::Rounding::mode);                      \
  }                                                                                                                    \
  inline long long __float2ll_##suffix(float x) {                                                                      \
    return ::wavemma::hip::fp::float_to_int<long long>(x, ::wavemma::hip::fp::Rounding::mode);                         \
  }                                                                                                                    \
  inline unsigned long long __float2ull_##suffix(float x) {                                                            \
    return ::wavemma::hip::fp::float_to_int<unsigned long long>(x, ::wavemma::hip::fp::Rounding::mode);                \
  }                                                                                                                    \
  inline int __double2int_##suffix(double x) {                                                                         \
    return ::wavemma::hip::fp::float_to_int<int>(x, ::wavemma::hip::fp::Rounding::mode);                               \
  }                                                                                                                    \
  inline unsigned int __double2uint_##suffix(double x) {                                                               \
    return ::wavemma::hip::fp::float_to_int<unsigned int>(x, ::wavemma::hip::fp::Rounding::mode);                      \
  }                                                                                                                    \
  inline long long __double2ll_##suffix(double x) {                                                                    \
    return ::wavemma::hip::fp::float_to_int<long long>(x, ::wavemma::hip::fp::Rounding::mode);                         \
  }                                                                                                                    \
  inline unsigned long long __double2ull_##suffix(double x) {                                                          \
    return ::wavemma::hip::fp::float_to_int<unsigned long long>(x, ::wavemma::hip::fp::Rounding::mode);                \
  }                                                                                                                    \
  inline float __int2float_##suffix(int x) {                                                                           \
    return ::wavemma::hip::math::int_to_float(x, ::wavemma::hip::fp::Rounding::mode);                                  \
  }                                                                                                                    \
  inline float __uint2float_##suffix(unsigned int x) {                                                                 \
    return ::wavemma::hip::math::int_to_float(x, ::wavemma::hip::fp::Rounding::mode);                                  \
  }                                                                                                                    \
  inline float __ll2float_##suffix(long long x) {                                                                      \
    return ::wavemma::hip::math::int_to_float(x, ::wavemma::hip::fp::Rounding::mode);                                  \
  }                                                                                                                    \
  inline float __ull2float_##suffix(unsigned long long x) {                                                            \
    return ::wavemma::hip::math::int_to_float(x, ::wavemma::hip::fp::Rounding::mode);                                  \
  }                                                                                                                    \
  inline float __double2float_##suffix(double x) {                                                                     \
    return ::wavemma::hip::math::narrow(x, ::wavemma::hip::fp::Rounding::mode);                                        \
  }                                                                                                                    \
  inline float __fadd_##suffix(float a, float b) {                                                                     \
    return ::wavemma::hip::math::add(a, b, ::wavemma::hip::fp::Rounding::mode);                                        \
  }                                                                                                                    \
  inline float __fsub_##suffix(float a, float b) {                                                                     \
    return ::wavemma::hip::math::add(a, -b, ::wavemma::hip::fp::Rounding::mode);                                       \
  }                                                                                                                    \
  inline float __fmul_##suffix(float a, float b) {                                                                     \
    return ::wavemma::hip::math::mul(a, b, ::wavemma::hip::fp::Rounding::mode);                                        \
  }                                                                                                                    \
  inline float __fdiv_##suffix(float a, float b) {                                                                     \
    return ::wavemma::hip::math::div(a, b, ::wavemma::hip::fp::Rounding::mode);                                        \
  }                                                                                                                    \
  inline float __fsqrt_##suffix(float a) { return ::wavemma::hip::math::sqrt(a, ::wavemma::hip::fp::Rounding::mode); } \
  inline float __frcp_##suffix(float a) {                                                                              \
    return ::wavemma::hip::math::div(1.0f, a, ::wavemma::hip::fp::Rounding::mode);                                     \
  }                                                                                                                    \
  inline float __fmaf_##suffix(float a, float b, float c) {                                                            \
    return ::wavemma::hip::math::fma(a, b, c, ::wavemma::hip::fp::Rounding::mode);                                     \
  }
WAVEMMA_MATH_ROUNDINGS(WAVEMMA_MATH_TO_INT)
#undef WAVEMMA_MATH_TO_INT
#undef WAVEMMA_MATH_ROUNDINGS
inline int __float2int(float x) { return __float2int_rz(x); }
inline float __int2float(int x) { return __int2float_rn(x); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __dsqrt_rn(double a) { return std::sqrt(a); }

// --- fast and approximate functions: the exact or libm result ------------------------------------
inline float __fdividef(float a, float b) { return a / b; }
// __expf and the other fast forms glibc declares itself (math.h): hip_math_host.hpp.
#if !defined(__WAVEMMA_HIPCC__)
#include "wavemma/hip/math_host.hpp"
#endif
inline float __saturatef(float x) { return std::isnan(x) || x <= 0 ? 0.0f : x >= 1 ? 1.0f : x; }
inline float rsqrtf(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x))); }
inline double rcbrt(double x) { return static_cast<double>(1.0L / std::cbrt(static_cast<long double>(x))); }
inline float fdividef(float a, float b) { return a / b; }

// --- HIP's special functions beyond <cmath> (amd_math_functions.h) -------------------------------
// Computed in long double (x87, 64-bit significands) and rounded to the type: within an ulp of the
// exact value, where the GPU's OCML gives its own approximations (they may differ in the last bits).
namespace wavemma::hip::math {
using Wide = long double;
inline constexpr Wide kPi = 3.14159265358979323846264338327950288L;
inline constexpr Wide kSqrt2 = 1.41421356237309504880168872420969808L;
inline constexpr Wide kTwoOverSqrtPi = 1.12837916709551257389615890312154517L;
// sin(pi x) and cos(pi x): x reduced exactly to [-1, 1], the zeros exact.
inline Wide sinpi(Wide x) {
  Wide const r = std::remainder(x, Wide(2));
  if (r == 0 || std::fabs(r) == 1) return std::copysign(Wide(0), x);
  return std::sin(kPi * r);
}
inline Wide cospi(Wide x) {
  Wide const r = std::remainder(x, Wide(2));
  if (std::fabs(r) == Wide(0.5)) return 0;
  return std::cos(kPi * r);
}
// erf^-1 and erfc^-1 by Newton's method from a closed-form first guess.
inline Wide erfinv(Wide y) {
  if (std::isnan(y) || std::fabs(y) > 1) return std::numeric_limits<Wide>::quiet_NaN();
  if (std::fabs(y) == 1) return std::copysign(std::numeric_limits<Wide>::infinity(), y);
  Wide const ln = std::log1p(-y * y), t = 2 / (kPi * Wide(0.147)) + ln / 2;
  Wide x = std::copysign(std::sqrt(std::sqrt(t * t - ln / Wide(0.147)) - t), y);
  for (int i = 0; i < 6; ++i) x -= (std::erf(x) - y) / (kTwoOverSqrtPi * std::exp(-x * x));
  return x;
}
inline Wide erfcinv(Wide y) {
  if (std::isnan(y) || y < 0 || y > 2) return std::numeric_limits<Wide>::quiet_NaN();
  if (y == 0) return std::numeric_limits<Wide>::infinity();
  if (y == 2) return -std::numeric_limits<Wide>::infinity();
  if (y > Wide(1e-3)) {
    Wide x = erfinv(1 - y);
    for (int i = 0; i < 3; ++i) x += (std::erfc(x) - y) / (kTwoOverSqrtPi * std::exp(-x * x));
    return x;
  }
  // Newton's method on log erfc(x) = log y, nearly quadratic in x where erfc is tiny.
  Wide const log_y = std::log(y);
  Wide x = std::sqrt(-log_y);
  for (int i = 0; i < 40; ++i) {
    Wide const e = std::erfc(x), step = (std::log(e) - log_y) * e / (kTwoOverSqrtPi * std::exp(-x * x));
    x += step;
    if (std::fabs(step) <= std::fabs(x) * std::numeric_limits<Wide>::epsilon()) break;
  }
  return x;
}
// exp(x^2) erfc(x); its asymptotic series where exp(x^2) would overflow the long double.
inline Wide erfcx(Wide x) {
  if (x < 100) return std::exp(x * x) * std::erfc(x);
  Wide const u = 1 / (x * x);
  return (1 - u / 2 + 3 * u * u / 4 - 15 * u * u * u / 8) / (x * std::sqrt(kPi));
}
template <typename T>
Wide norm(int dim, T const* a) {
  Wide s = 0;
  for (int i = 0; i < dim; ++i) s += Wide(a[i]) * Wide(a[i]);
  return std::sqrt(s);
}
// I_0 and I_1 (libstdc++'s cyl_bessel_i, for x >= 0; I_0 is even, I_1 odd).
inline Wide bessel_i(int order, Wide x) {
  Wide const v = std::cyl_bessel_il(Wide(order), std::fabs(x));
  return order == 1 && x < 0 ? -v : v;
}
} // namespace wavemma::hip::math

#define WAVEMMA_SPECIAL(name, T, expression)                                                                           \
  inline T name(T x) {                                                                                                 \
    namespace m = ::wavemma::hip::math;                                                                                \
    m::Wide const w = x;                                                                                               \
    return static_cast<T>(expression);                                                                                 \
  }
#define WAVEMMA_SPECIALS(f, T)                                                                                         \
  WAVEMMA_SPECIAL(sinpi##f, T, m::sinpi(w))                                                                            \
  WAVEMMA_SPECIAL(cospi##f, T, m::cospi(w))                                                                            \
  WAVEMMA_SPECIAL(erfinv##f, T, m::erfinv(w))                                                                          \
  WAVEMMA_SPECIAL(erfcinv##f, T, m::erfcinv(w))                                                                        \
  WAVEMMA_SPECIAL(erfcx##f, T, m::erfcx(w))                                                                            \
  WAVEMMA_SPECIAL(normcdf##f, T, std::erfc(-w / m::kSqrt2) / 2)                                                        \
  WAVEMMA_SPECIAL(normcdfinv##f, T, -m::kSqrt2* m::erfcinv(2 * w))                                                     \
  WAVEMMA_SPECIAL(cyl_bessel_i0##f, T, m::bessel_i(0, w))                                                              \
  WAVEMMA_SPECIAL(cyl_bessel_i1##f, T, m::bessel_i(1, w))                                                              \
  inline void sincospi##f(T x, T* s, T* c) {                                                                           \
    *s = sinpi##f(x);                                                                                                  \
    *c = cospi##f(x);                                                                                                  \
  }                                                                                                                    \
  inline T norm##f(int dim, T const* a) { return static_cast<T>(::wavemma::hip::math::norm(dim, a)); }                 \
  inline T rnorm##f(int dim, T const* a) { return static_cast<T>(1 / ::wavemma::hip::math::norm(dim, a)); }            \
  inline T norm3d##f(T x, T y, T z) {                                                                                  \
    T const a[] = {x, y, z};                                                                                           \
    return norm##f(3, a);                                                                                              \
  }                                                                                                                    \
  inline T norm4d##f(T x, T y, T z, T w) {                                                                             \
    T const a[] = {x, y, z, w};                                                                                        \
    return norm##f(4, a);                                                                                              \
  }                                                                                                                    \
  inline T rnorm3d##f(T x, T y, T z) {                                                                                 \
    T const a[] = {x, y, z};                                                                                           \
    return rnorm##f(3, a);                                                                                             \
  }                                                                                                                    \
  inline T rnorm4d##f(T x, T y, T z, T w) {                                                                            \
    T const a[] = {x, y, z, w};                                                                                        \
    return rnorm##f(4, a);                                                                                             \
  }                                                                                                                    \
  inline T rhypot##f(T x, T y) { return static_cast<T>(1 / std::hypot((long double)x, (long double)y)); }              \
  inline T powi##f(T base, int e) { return static_cast<T>(std::pow((long double)base, e)); }                           \
  inline T pow(T base, int e) { return powi##f(base, e); }
WAVEMMA_SPECIALS(f, float)
WAVEMMA_SPECIALS(, double)
#undef WAVEMMA_SPECIALS
#undef WAVEMMA_SPECIAL
// _Float16's fma rounded once (the product is exact in double; rounded to odd, then to _Float16).
inline _Float16 fma(_Float16 x, _Float16 y, _Float16 z) {
  return static_cast<_Float16>(::wavemma::hip::fp::fma_to_odd(double(x), double(y), double(z)));
}
inline _Float16 pow(_Float16 base, int e) {
  return static_cast<_Float16>(static_cast<double>(std::pow((long double)base, e)));
}

// --- per-lane builtins, with clang-22's signatures ----------------------------------------------
#define __builtin_amdgcn_perm(s0, s1, sel) ::wavemma::hip::math::perm(uint32_t(s0), uint32_t(s1), uint32_t(sel))
#define __builtin_amdgcn_ubfe(v, offset, width)                                                                        \
  ::wavemma::hip::math::ubfe(uint32_t(v), uint32_t(offset), uint32_t(width))
#define __builtin_amdgcn_sbfe(v, offset, width)                                                                        \
  ::wavemma::hip::math::sbfe(uint32_t(v), uint32_t(offset), uint32_t(width))
#define __builtin_amdgcn_fmed3f(a, b, c) ::wavemma::hip::math::fmed3(float(a), float(b), float(c))
#define __builtin_amdgcn_frexp_mantf(v) ::wavemma::hip::math::frexp_mant(float(v))
#define __builtin_amdgcn_frexp_mant(v) ::wavemma::hip::math::frexp_mant(double(v))
#define __builtin_amdgcn_frexp_expf(v) ::wavemma::hip::math::frexp_exp(float(v))
#define __builtin_amdgcn_frexp_exp(v) ::wavemma::hip::math::frexp_exp(double(v))
#define __builtin_amdgcn_fractf(v) ::wavemma::hip::math::fract(float(v))
#define __builtin_amdgcn_fract(v) ::wavemma::hip::math::fract(double(v))
#define __builtin_amdgcn_classf(v, mask) ::wavemma::hip::math::fp_class(float(v), int(mask))
#define __builtin_amdgcn_class(v, mask) ::wavemma::hip::math::fp_class(double(v), int(mask))
#define __builtin_amdgcn_ldexpf(v, e) std::ldexp(float(v), int(e))
#define __builtin_amdgcn_ldexp(v, e) std::ldexp(double(v), int(e))
#define __builtin_amdgcn_rcpf(v) (1.0f / float(v))
#define __builtin_amdgcn_rcp(v) (1.0 / double(v))
#define __builtin_amdgcn_rsqf(v) ::rsqrtf(float(v))
#define __builtin_amdgcn_rsq(v) ::rsqrt(double(v))
#define __builtin_amdgcn_sqrtf(v) std::sqrt(float(v))
#define __builtin_amdgcn_sqrt(v) std::sqrt(double(v))
#define __builtin_amdgcn_alignbit(hi, lo, shift)                                                                       \
  ::wavemma::hip::math::alignbit(uint32_t(hi), uint32_t(lo), uint32_t(shift))
#define __builtin_amdgcn_alignbyte(hi, lo, shift)                                                                      \
  ::wavemma::hip::math::alignbyte(uint32_t(hi), uint32_t(lo), uint32_t(shift))
