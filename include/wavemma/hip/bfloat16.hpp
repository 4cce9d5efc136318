#pragma once
// HIP's bfloat16 types: __hip_bfloat16 and __hip_bfloat162 (<hip/hip_bf16.h>) and the older
// hip_bfloat16 (<hip/hip_bfloat16.h>). As HIP defines them [SRC: amd_hip_bf16.h, hip_bfloat16.h]:
// a float rounds to nearest even, and a NaN keeps its top 16 bits, with bit 16 set when any lower
// bit is (so that it stays a NaN); a double and an int round once (HIP 6.3: round to odd to float,
// then to nearest even); arithmetic is done in float and rounded back (fma too: fmaf, then the
// rounding to bf16). C++17.

#include "wavemma/hip/float_bits.hpp"
#include "wavemma/hip/vector_types.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace wavemma::hip::fp {
inline uint16_t float_to_bf16(float f) {
  uint32_t u = float_bits(f);
  if (std::isnan(f)) return static_cast<uint16_t>((u & 0xFFFFu ? u | 0x10000u : u) >> 16);
  return static_cast<uint16_t>(numeric::from_double(Format::kBf16, f, Rounding::kNearestEven));
}
// HIP's double conversion: round to odd to float, then to nearest even: one correct rounding of the
// double (and, for a NaN, the float NaN's rule after the host's double-to-float conversion).
inline uint16_t double_to_bf16(double d) {
  if (std::isnan(d)) return float_to_bf16(static_cast<float>(d));
  return static_cast<uint16_t>(numeric::from_double(Format::kBf16, d, Rounding::kNearestEven));
}
inline uint16_t float_to_bf16_truncate(float f) { return static_cast<uint16_t>(float_bits(f) >> 16); }
inline float bf16_to_float(uint16_t bits) { return bits_float(uint32_t{bits} << 16); }
} // namespace wavemma::hip::fp

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x, y;
};

// HIP's __hip_bfloat16, member for member [SRC: amd_hip_bf16.h, HIP 6.3]: constructors from int and
// unsigned (rounded once, through double), short and unsigned short (exact), float and double
// (rounded once); conversions to float, bool (not zero; a NaN is true) and each integer type (toward
// zero, through float: wavemma saturates where C++ leaves it undefined, and gives 0 for NaN); no
// template, so that `(_Float16)b` is as ambiguous here as in HIP. Assignment from int, unsigned or
// double goes through float first, as HIP's operator= does (so it may round twice).
struct __hip_bfloat16 {
  unsigned short data; // the bits (HIP 6.0's public name; HIP 6.2 made it protected `__x`)

  __hip_bfloat16() = default;
  constexpr __hip_bfloat16(__hip_bfloat16_raw const& r) : data(r.x) {}
  __hip_bfloat16(unsigned int v) : data(::wavemma::hip::fp::double_to_bf16(v)) {}
  __hip_bfloat16(int v) : data(::wavemma::hip::fp::double_to_bf16(v)) {}
  __hip_bfloat16(unsigned short v) : data(::wavemma::hip::fp::float_to_bf16(v)) {}
  __hip_bfloat16(short v) : data(::wavemma::hip::fp::float_to_bf16(v)) {}
  __hip_bfloat16(double v) : data(::wavemma::hip::fp::double_to_bf16(v)) {}
  __hip_bfloat16(float v) : data(::wavemma::hip::fp::float_to_bf16(v)) {}

  constexpr operator __hip_bfloat16_raw() const { return {data}; }
  operator bool() const { return value() != 0.0f; }
  operator float() const { return value(); }
#define WAVEMMA_BF16_TO_INTEGER(T)                                                                                     \
  operator T() const { return ::wavemma::hip::fp::float_to_int<T>(value(), ::wavemma::hip::fp::Rounding::kTowardZero); }
  WAVEMMA_BF16_TO_INTEGER(char)
  WAVEMMA_BF16_TO_INTEGER(signed char)
  WAVEMMA_BF16_TO_INTEGER(unsigned char)
  WAVEMMA_BF16_TO_INTEGER(short)
  WAVEMMA_BF16_TO_INTEGER(unsigned short)
  WAVEMMA_BF16_TO_INTEGER(int)
  WAVEMMA_BF16_TO_INTEGER(unsigned int)
  WAVEMMA_BF16_TO_INTEGER(long)
  WAVEMMA_BF16_TO_INTEGER(unsigned long)
  WAVEMMA_BF16_TO_INTEGER(long long)
  WAVEMMA_BF16_TO_INTEGER(unsigned long long)
#undef WAVEMMA_BF16_TO_INTEGER

  __hip_bfloat16& operator=(__hip_bfloat16_raw const& r) { return data = r.x, *this; }
  __hip_bfloat16& operator=(unsigned int v) { return *this = static_cast<float>(v); }
  __hip_bfloat16& operator=(int v) { return *this = static_cast<float>(v); }
  __hip_bfloat16& operator=(unsigned short v) { return *this = static_cast<float>(v); }
  __hip_bfloat16& operator=(short v) { return *this = static_cast<float>(v); }
  __hip_bfloat16& operator=(double v) { return *this = static_cast<float>(v); }
  __hip_bfloat16& operator=(float v) { return data = ::wavemma::hip::fp::float_to_bf16(v), *this; }

  float value() const { return ::wavemma::hip::fp::bf16_to_float(data); }
  static __hip_bfloat16 of(float v) { return __hip_bfloat16_raw{::wavemma::hip::fp::float_to_bf16(v)}; }

  __hip_bfloat16& operator+=(__hip_bfloat16 o) { return *this = of(value() + o.value()); }
  __hip_bfloat16& operator-=(__hip_bfloat16 o) { return *this = of(value() - o.value()); }
  __hip_bfloat16& operator*=(__hip_bfloat16 o) { return *this = of(value() * o.value()); }
  __hip_bfloat16& operator/=(__hip_bfloat16 o) { return *this = of(value() / o.value()); }
  __hip_bfloat16& operator++() { return *this = of(value() + 1.0f); }
  __hip_bfloat16& operator--() { return *this = of(value() - 1.0f); }
  __hip_bfloat16 operator++(int) {
    __hip_bfloat16 old = *this;
    ++*this;
    return old;
  }
  __hip_bfloat16 operator--(int) {
    __hip_bfloat16 old = *this;
    --*this;
    return old;
  }
  __hip_bfloat16 operator+() const { return *this; }
  __hip_bfloat16 operator-() const { return __hip_bfloat16_raw{static_cast<unsigned short>(data ^ 0x8000u)}; }
  friend __hip_bfloat16 operator+(__hip_bfloat16 a, __hip_bfloat16 b) { return a += b; }
  friend __hip_bfloat16 operator-(__hip_bfloat16 a, __hip_bfloat16 b) { return a -= b; }
  friend __hip_bfloat16 operator*(__hip_bfloat16 a, __hip_bfloat16 b) { return a *= b; }
  friend __hip_bfloat16 operator/(__hip_bfloat16 a, __hip_bfloat16 b) { return a /= b; }
  friend bool operator==(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() == b.value(); }
  friend bool operator!=(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() != b.value(); }
  friend bool operator<(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() < b.value(); }
  friend bool operator>(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() > b.value(); }
  friend bool operator<=(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() <= b.value(); }
  friend bool operator>=(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() >= b.value(); }
};

struct alignas(4) __hip_bfloat162 {
  __hip_bfloat16 x, y;

  __hip_bfloat162() = default;
  constexpr __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  constexpr __hip_bfloat162(__hip_bfloat162_raw r) : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  constexpr operator __hip_bfloat162_raw() const { return {x.data, y.data}; }
  operator float2() const { return {x.value(), y.value()}; }

  __hip_bfloat162& operator+=(__hip_bfloat162 o) { return x += o.x, y += o.y, *this; }
  __hip_bfloat162& operator-=(__hip_bfloat162 o) { return x -= o.x, y -= o.y, *this; }
  __hip_bfloat162& operator*=(__hip_bfloat162 o) { return x *= o.x, y *= o.y, *this; }
  __hip_bfloat162& operator/=(__hip_bfloat162 o) { return x /= o.x, y /= o.y, *this; }
  __hip_bfloat162 operator-() const { return {-x, -y}; }
  friend __hip_bfloat162 operator+(__hip_bfloat162 a, __hip_bfloat162 b) { return a += b; }
  friend __hip_bfloat162 operator-(__hip_bfloat162 a, __hip_bfloat162 b) { return a -= b; }
  friend __hip_bfloat162 operator*(__hip_bfloat162 a, __hip_bfloat162 b) { return a *= b; }
  friend __hip_bfloat162 operator/(__hip_bfloat162 a, __hip_bfloat162 b) { return a /= b; }
  friend bool operator==(__hip_bfloat162 a, __hip_bfloat162 b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(__hip_bfloat162 a, __hip_bfloat162 b) { return a.x != b.x && a.y != b.y; }
};
static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2, "HIP's layout");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4, "HIP's layout");

// --- conversions -----------------------------------------------------------------------------
inline __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16::of(f); }
inline __hip_bfloat16 __double2bfloat16(double d) { return __hip_bfloat16(d); }
inline float __bfloat162float(__hip_bfloat16 a) { return a.value(); }
inline float2 __bfloat1622float2(__hip_bfloat162 a) { return a; }
inline __hip_bfloat162 __float22bfloat162_rn(float2 a) { return {__float2bfloat16(a.x), __float2bfloat16(a.y)}; }
inline __hip_bfloat162 __float2bfloat162_rn(float a) { return {__float2bfloat16(a), __float2bfloat16(a)}; }
inline __hip_bfloat162 __floats2bfloat162_rn(float a, float b) { return {__float2bfloat16(a), __float2bfloat16(b)}; }
inline __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) { return {a, a}; }
inline __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return {a, b}; }
inline __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return {a, b}; }
inline __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) { return a.x; }
inline __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) { return a.y; }
inline __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) { return {a.x, a.x}; }
inline __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) { return {a.y, a.y}; }
inline __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return {a.x, b.x}; }
inline __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return {a.y, b.y}; }
inline __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) { return {a.y, a.x}; }
inline float __low2float(__hip_bfloat162 a) { return a.x.value(); }
inline float __high2float(__hip_bfloat162 a) { return a.y.value(); }
inline short __bfloat16_as_short(__hip_bfloat16 a) { return static_cast<short>(a.data); }
inline unsigned short __bfloat16_as_ushort(__hip_bfloat16 a) { return a.data; }
inline __hip_bfloat16 __short_as_bfloat16(short v) { return __hip_bfloat16_raw{static_cast<unsigned short>(v)}; }
inline __hip_bfloat16 __ushort_as_bfloat16(unsigned short v) { return __hip_bfloat16_raw{v}; }

// --- arithmetic (in float, rounded back) and comparisons -------------------------------------
inline __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) { return a + b; }
inline __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) { return a - b; }
inline __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) { return a * b; }
inline __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) { return a / b; }
inline __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hip_bfloat16::of(std::fma(a.value(), b.value(), c.value()));
}
inline __hip_bfloat16 __hneg(__hip_bfloat16 a) { return -a; }
inline __hip_bfloat16 __habs(__hip_bfloat16 a) {
  return __hip_bfloat16_raw{static_cast<unsigned short>(a.data & 0x7FFFu)};
}
inline bool __hisnan(__hip_bfloat16 a) { return std::isnan(a.value()); }
inline bool __hisinf(__hip_bfloat16 a) { return std::isinf(a.value()); }
inline __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16::of(std::fmax(a.value(), b.value()));
}
inline __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16::of(std::fmin(a.value(), b.value()));
}
#define WAVEMMA_BF16_COMPARE(name, op)                                                                                 \
  inline bool __h##name(__hip_bfloat16 a, __hip_bfloat16 b) { return a.value() op b.value(); }                         \
  inline bool __h##name##u(__hip_bfloat16 a, __hip_bfloat16 b) {                                                       \
    return __hisnan(a) || __hisnan(b) || a.value() op b.value();                                                       \
  }
WAVEMMA_BF16_COMPARE(eq, ==)
WAVEMMA_BF16_COMPARE(le, <=)
WAVEMMA_BF16_COMPARE(ge, >=)
WAVEMMA_BF16_COMPARE(lt, <)
WAVEMMA_BF16_COMPARE(gt, >)
#undef WAVEMMA_BF16_COMPARE
inline bool __hne(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hisnan(a) && !__hisnan(b) && a.value() != b.value(); }
inline bool __hneu(__hip_bfloat16 a, __hip_bfloat16 b) { return !(a.value() == b.value()); }
#define WAVEMMA_BF162_BINARY(name2, name)                                                                              \
  inline __hip_bfloat162 name2(__hip_bfloat162 a, __hip_bfloat162 b) { return {name(a.x, b.x), name(a.y, b.y)}; }
WAVEMMA_BF162_BINARY(__hadd2, __hadd)
WAVEMMA_BF162_BINARY(__hsub2, __hsub)
WAVEMMA_BF162_BINARY(__hmul2, __hmul)
WAVEMMA_BF162_BINARY(__h2div, __hdiv)
WAVEMMA_BF162_BINARY(__hmax2, __hmax)
WAVEMMA_BF162_BINARY(__hmin2, __hmin)
#undef WAVEMMA_BF162_BINARY
inline __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
inline __hip_bfloat162 __hneg2(__hip_bfloat162 a) { return -a; }
inline __hip_bfloat162 __habs2(__hip_bfloat162 a) { return {__habs(a.x), __habs(a.y)}; }

// --- hip_bfloat16, the older type (rocBLAS's) ----------------------------------------------
struct hip_bfloat16 {
  uint16_t data;
  enum truncate_t { truncate };

  hip_bfloat16() = default;
  explicit hip_bfloat16(float f) : data(::wavemma::hip::fp::float_to_bf16(f)) {}
  hip_bfloat16(float f, truncate_t) : data(::wavemma::hip::fp::float_to_bf16_truncate(f)) {}
  operator float() const { return ::wavemma::hip::fp::bf16_to_float(data); }
  hip_bfloat16& operator=(float const& f) { return data = ::wavemma::hip::fp::float_to_bf16(f), *this; }

  static hip_bfloat16 round_to_nearest_even(float f) { return hip_bfloat16(f); }
  static hip_bfloat16 truncate_float_to_bfloat16(float f) { return hip_bfloat16(f, truncate); }
  static float bfloat16_to_float(hip_bfloat16 v) { return v; }

  hip_bfloat16& operator+=(hip_bfloat16 o) { return *this = hip_bfloat16(float(*this) + float(o)); }
  hip_bfloat16& operator-=(hip_bfloat16 o) { return *this = hip_bfloat16(float(*this) - float(o)); }
  hip_bfloat16& operator*=(hip_bfloat16 o) { return *this = hip_bfloat16(float(*this) * float(o)); }
  hip_bfloat16& operator/=(hip_bfloat16 o) { return *this = hip_bfloat16(float(*this) / float(o)); }
  hip_bfloat16& operator++() { return *this = hip_bfloat16(float(*this) + 1.0f); }
  hip_bfloat16& operator--() { return *this = hip_bfloat16(float(*this) - 1.0f); }
  hip_bfloat16 operator-() const {
    hip_bfloat16 r = *this;
    r.data ^= 0x8000u;
    return r;
  }
  friend hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) { return a += b; }
  friend hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) { return a -= b; }
  friend hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) { return a *= b; }
  friend hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) { return a /= b; }
  friend bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
  friend bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) != float(b); }
  friend bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
  friend bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return float(a) > float(b); }
  friend bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) <= float(b); }
  friend bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) >= float(b); }
};
static_assert(sizeof(hip_bfloat16) == 2, "HIP's layout");
