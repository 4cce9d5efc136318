#pragma once
// HIP's __half and __half2 (<hip/hip_fp16.h>), on the host and in kernels alike: the types, their
// conversions with HIP's roundings (__float2half is round-to-nearest-even, the _rz/_rd/_ru forms
// round toward zero, down and up), the operators, and the __h*/h2* functions. Arithmetic is
// correctly rounded to f16, as the GPU's v_add_f16/v_mul_f16/v_fma_f16/v_div_fixup_f16 are; the
// transcendental functions (hexp, hsin, ...) are float libm results rounded to f16, which may
// differ from the GPU's ocml in the last place. C++17.

#include "wavemma/hip/float_bits.hpp"
#include "wavemma/hip/vector_types.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>

// As HIP's: the bits, and the same two bytes as a _Float16 (`x` first here, so that wavemma's
// `__half_raw{bits}` sets the bits).
struct __half_raw {
  union {
    unsigned short x;
    _Float16 data;
  };
};
struct __half2_raw {
  unsigned short x, y;
};

namespace wavemma::hip::fp {
inline uint16_t to_f16(double v, Rounding r = Rounding::kNearestEven) { return narrow16(Format::kF16, v, r); }
inline double from_f16(uint16_t bits) { return widen16(Format::kF16, bits); }

// HIP's header makes std::is_floating_point<_Float16> true and converts __half to and from every
// "floating point" type through templates; wavemma asks its own question instead of changing std's.
template <class T>
inline constexpr bool is_float_v = std::is_floating_point_v<T> || std::is_same_v<std::remove_cv_t<T>, _Float16>;

// A value of floating type T as f16 bits, rounded once (_Float16: the same bits; long double goes
// through double, 53 >= 2 x 11 + 2 bits, which rounds to nearest the same).
template <class T>
uint16_t f16_of(T v) {
  if constexpr (std::is_same_v<std::remove_cv_t<T>, _Float16>)
    return bits_as<uint16_t>(v);
  else
    return to_f16(static_cast<double>(v));
}
// f16 bits as floating type T, exactly.
template <class T>
T f16_as(uint16_t bits) {
  if constexpr (std::is_same_v<std::remove_cv_t<T>, _Float16>)
    return bits_as<_Float16>(bits);
  else
    return static_cast<T>(from_f16(bits));
}
// f16 bits as integer type T, as C++ converts a _Float16: toward zero; bool is "not zero" (a NaN is
// true). Out of range is undefined in C++: wavemma saturates and gives 0 for NaN, as the GPU's
// v_cvt_i32_f32 does [ASSUME for the narrower types].
template <class T>
T f16_to_integer(uint16_t bits) {
  if constexpr (std::is_same_v<std::remove_cv_t<T>, bool>)
    return (bits & 0x7FFFu) != 0;
  else
    return float_to_int<T>(from_f16(bits), Rounding::kTowardZero);
}
} // namespace wavemma::hip::fp

// HIP's __half, member for member: the constructors and conversions are HIP's (a _Float16, any
// floating type through a template, any integer type through another), so that overload resolution
// picks what HIP's picks and refuses what HIP's refuses (`(__fp16)h`, for one).
struct __half {
  unsigned short __x; // the bits (HIP keeps them in a union with a _Float16)

  __half() = default;
  constexpr __half(__half_raw const& r) : __x(r.x) {}
  __half(_Float16 v) : __x(::wavemma::hip::fp::bits_as<unsigned short>(v)) {}
  template <class T, std::enable_if_t<::wavemma::hip::fp::is_float_v<T>, int> = 0>
  __half(T v) : __x(::wavemma::hip::fp::f16_of(v)) {}
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  __half(T v) : __x(::wavemma::hip::fp::to_f16(static_cast<double>(v))) {}

  __half& operator=(__half_raw const& r) {
    __x = r.x;
    return *this;
  }
  template <class T, std::enable_if_t<::wavemma::hip::fp::is_float_v<T>, int> = 0>
  __half& operator=(T v) {
    return *this = __half(v);
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  __half& operator=(T v) {
    return *this = __half(v);
  }

  template <class T, std::enable_if_t<::wavemma::hip::fp::is_float_v<T>, int> = 0>
  operator T() const {
    return ::wavemma::hip::fp::f16_as<T>(__x);
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  operator T() const {
    return ::wavemma::hip::fp::f16_to_integer<T>(__x);
  }
  constexpr operator __half_raw() const { return {{__x}}; }

  double value() const { return ::wavemma::hip::fp::from_f16(__x); }
  static __half of(double v, ::wavemma::hip::fp::Rounding r = ::wavemma::hip::fp::Rounding::kNearestEven) {
    return __half_raw{::wavemma::hip::fp::to_f16(v, r)};
  }

  __half& operator+=(__half o) { return *this = of(value() + o.value()); }
  __half& operator-=(__half o) { return *this = of(value() - o.value()); }
  __half& operator*=(__half o) { return *this = of(value() * o.value()); }
  // Double's correctly rounded quotient rounds correctly to f16 (53 >= 2 x 11 + 2).
  __half& operator/=(__half o) { return *this = of(value() / o.value()); }
  __half& operator++() { return *this += __half(1); }
  __half operator++(int) {
    __half old = *this;
    ++*this;
    return old;
  }
  __half& operator--() { return *this -= __half(1); }
  __half operator--(int) {
    __half old = *this;
    --*this;
    return old;
  }
  __half operator+() const { return *this; }
  __half operator-() const { return __half_raw{static_cast<unsigned short>(__x ^ 0x8000u)}; }

  // The binary operators are templates of no deduced parameter: they convert their arguments as
  // HIP's (non-template) friends do, but lose a tie to a program's own non-template overload for
  // __half. clang's HIP mode breaks that tie by the caller's side: a library's host-only
  // `operator==(const __half&, const __half&)` (rocWMMA has one, and +, -, *, /) is what host code
  // calls beside HIP's __host__ __device__ friend; wavemma compiles each pass as C++, which has no
  // sides and would find the two ambiguous.
  template <class = void>
  friend __half operator+(__half a, __half b) {
    return a += b;
  }
  template <class = void>
  friend __half operator-(__half a, __half b) {
    return a -= b;
  }
  template <class = void>
  friend __half operator*(__half a, __half b) {
    return a *= b;
  }
  template <class = void>
  friend __half operator/(__half a, __half b) {
    return a /= b;
  }
  template <class = void>
  friend bool operator==(__half a, __half b) {
    return a.value() == b.value();
  }
  template <class = void>
  friend bool operator!=(__half a, __half b) {
    return a.value() != b.value();
  }
  template <class = void>
  friend bool operator<(__half a, __half b) {
    return a.value() < b.value();
  }
  template <class = void>
  friend bool operator>(__half a, __half b) {
    return a.value() > b.value();
  }
  template <class = void>
  friend bool operator<=(__half a, __half b) {
    return a.value() <= b.value();
  }
  template <class = void>
  friend bool operator>=(__half a, __half b) {
    return a.value() >= b.value();
  }
};

struct alignas(4) __half2 {
  __half x, y;

  __half2() = default;
  constexpr __half2(__half a, __half b) : x(a), y(b) {}
  constexpr __half2(__half2_raw r) : x(__half_raw{{r.x}}), y(__half_raw{{r.y}}) {}
  // HIP's __half2 also converts to and from its storage, a vector of two _Float16.
  using _Float16_2 = _Float16 __attribute__((ext_vector_type(2)));
  __half2(_Float16_2 v) : x(_Float16(v[0])), y(_Float16(v[1])) {}
  operator _Float16_2() const { return _Float16_2{_Float16(x), _Float16(y)}; }
  constexpr operator __half2_raw() const { return {x.__x, y.__x}; }
  __half2& operator=(__half2_raw r) { return *this = __half2(r); }

  __half2& operator+=(__half2 o) { return x += o.x, y += o.y, *this; }
  __half2& operator-=(__half2 o) { return x -= o.x, y -= o.y, *this; }
  __half2& operator*=(__half2 o) { return x *= o.x, y *= o.y, *this; }
  __half2& operator/=(__half2 o) { return x /= o.x, y /= o.y, *this; }
  __half2& operator++() { return ++x, ++y, *this; }
  __half2& operator--() { return --x, --y, *this; }
  __half2 operator++(int) {
    __half2 old = *this;
    ++*this;
    return old;
  }
  __half2 operator--(int) {
    __half2 old = *this;
    --*this;
    return old;
  }
  __half2 operator+() const { return *this; }
  __half2 operator-() const { return {-x, -y}; }

  friend __half2 operator+(__half2 a, __half2 b) { return a += b; }
  friend __half2 operator-(__half2 a, __half2 b) { return a -= b; }
  friend __half2 operator*(__half2 a, __half2 b) { return a *= b; }
  friend __half2 operator/(__half2 a, __half2 b) { return a /= b; }
  // As HIP's: true when both halves compare so.
  friend bool operator==(__half2 a, __half2 b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(__half2 a, __half2 b) { return a.x != b.x && a.y != b.y; }
  friend bool operator<(__half2 a, __half2 b) { return a.x < b.x && a.y < b.y; }
  friend bool operator>(__half2 a, __half2 b) { return a.x > b.x && a.y > b.y; }
  friend bool operator<=(__half2 a, __half2 b) { return a.x <= b.x && a.y <= b.y; }
  friend bool operator>=(__half2 a, __half2 b) { return a.x >= b.x && a.y >= b.y; }
};
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "HIP's __half layout");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "HIP's __half2 layout");

using half = __half;
using half2 = __half2;

// --- conversions -----------------------------------------------------------------------------
namespace wavemma::hip::fp {
inline __half half_of(double v, Rounding r) { return __half::of(v, r); }
} // namespace wavemma::hip::fp

#define WAVEMMA_HALF_ROUNDINGS(from, T)                                                                                \
  inline __half __##from##2half_rn(T v) {                                                                              \
    return ::wavemma::hip::fp::half_of(static_cast<double>(v), ::wavemma::hip::fp::Rounding::kNearestEven);            \
  }                                                                                                                    \
  inline __half __##from##2half_rz(T v) {                                                                              \
    return ::wavemma::hip::fp::half_of(static_cast<double>(v), ::wavemma::hip::fp::Rounding::kTowardZero);             \
  }                                                                                                                    \
  inline __half __##from##2half_rd(T v) {                                                                              \
    return ::wavemma::hip::fp::half_of(static_cast<double>(v), ::wavemma::hip::fp::Rounding::kDown);                   \
  }                                                                                                                    \
  inline __half __##from##2half_ru(T v) {                                                                              \
    return ::wavemma::hip::fp::half_of(static_cast<double>(v), ::wavemma::hip::fp::Rounding::kUp);                     \
  }                                                                                                                    \
  inline T __half2##from##_rn(__half h) {                                                                              \
    return ::wavemma::hip::fp::float_to_int<T>(h.value(), ::wavemma::hip::fp::Rounding::kNearestEven);                 \
  }                                                                                                                    \
  inline T __half2##from##_rz(__half h) {                                                                              \
    return ::wavemma::hip::fp::float_to_int<T>(h.value(), ::wavemma::hip::fp::Rounding::kTowardZero);                  \
  }                                                                                                                    \
  inline T __half2##from##_rd(__half h) {                                                                              \
    return ::wavemma::hip::fp::float_to_int<T>(h.value(), ::wavemma::hip::fp::Rounding::kDown);                        \
  }                                                                                                                    \
  inline T __half2##from##_ru(__half h) {                                                                              \
    return ::wavemma::hip::fp::float_to_int<T>(h.value(), ::wavemma::hip::fp::Rounding::kUp);                          \
  }
WAVEMMA_HALF_ROUNDINGS(int, int)
WAVEMMA_HALF_ROUNDINGS(uint, unsigned int)
WAVEMMA_HALF_ROUNDINGS(short, short)
WAVEMMA_HALF_ROUNDINGS(ushort, unsigned short)
WAVEMMA_HALF_ROUNDINGS(ll, long long)
WAVEMMA_HALF_ROUNDINGS(ull, unsigned long long)
#undef WAVEMMA_HALF_ROUNDINGS

inline __half __float2half(float v) { return __half::of(v); }
inline __half __float2half_rn(float v) { return __half::of(v); }
inline __half __float2half_rz(float v) { return __half::of(v, ::wavemma::hip::fp::Rounding::kTowardZero); }
inline __half __float2half_rd(float v) { return __half::of(v, ::wavemma::hip::fp::Rounding::kDown); }
inline __half __float2half_ru(float v) { return __half::of(v, ::wavemma::hip::fp::Rounding::kUp); }
inline __half __double2half(double v) { return __half::of(v); }
inline float __half2float(__half h) { return static_cast<float>(h.value()); }
inline __half2 __float2half2_rn(float v) { return {__half::of(v), __half::of(v)}; }
inline __half2 __floats2half2_rn(float a, float b) { return {__half::of(a), __half::of(b)}; }
inline __half2 __float22half2_rn(float2 v) { return {__half::of(v.x), __half::of(v.y)}; }
inline float2 __half22float2(__half2 h) { return {__half2float(h.x), __half2float(h.y)}; }
inline float __low2float(__half2 h) { return __half2float(h.x); }
inline float __high2float(__half2 h) { return __half2float(h.y); }
inline __half2 make_half2(__half a, __half b) { return {a, b}; }
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }
inline __half2 __half2half2(__half a) { return {a, a}; }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline __half2 __low2half2(__half2 h) { return {h.x, h.x}; }
inline __half2 __high2half2(__half2 h) { return {h.y, h.y}; }
inline __half2 __lows2half2(__half2 a, __half2 b) { return {a.x, b.x}; }
inline __half2 __highs2half2(__half2 a, __half2 b) { return {a.y, b.y}; }
inline __half2 __lowhigh2highlow(__half2 h) { return {h.y, h.x}; }
inline short __half_as_short(__half h) { return static_cast<short>(h.__x); }
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline __half __short_as_half(short v) { return __half_raw{static_cast<unsigned short>(v)}; }
inline __half __ushort_as_half(unsigned short v) { return __half_raw{v}; }

// --- arithmetic ------------------------------------------------------------------------------
namespace wavemma::hip::fp {
// HIP's _sat forms clamp to [0, 1]; NaN becomes +0 [DOC: CUDA's __hadd_sat, which HIP mirrors].
inline __half saturate(__half h) {
  double const v = h.value();
  return std::isnan(v) || v <= 0 ? __half(__half_raw{0}) : v >= 1 ? __half(__half_raw{0x3C00}) : h;
}
inline __half fma(__half a, __half b, __half c) { return __half::of(fma_to_odd(a.value(), b.value(), c.value())); }
// fmax/fmin: a NaN operand yields the other one.
inline __half max(__half a, __half b) {
  return std::isnan(a.value()) ? b : std::isnan(b.value()) ? a : a.value() < b.value() ? b : a;
}
inline __half min(__half a, __half b) {
  return std::isnan(a.value()) ? b : std::isnan(b.value()) ? a : b.value() < a.value() ? b : a;
}
inline __half canonical_nan() { return __half_raw{0x7FFF}; }
} // namespace wavemma::hip::fp

inline __half __hadd(__half a, __half b) { return a + b; }
inline __half __hsub(__half a, __half b) { return a - b; }
inline __half __hmul(__half a, __half b) { return a * b; }
inline __half __hdiv(__half a, __half b) { return a / b; }
inline __half __hfma(__half a, __half b, __half c) { return ::wavemma::hip::fp::fma(a, b, c); }
inline __half __hadd_sat(__half a, __half b) { return ::wavemma::hip::fp::saturate(a + b); }
inline __half __hsub_sat(__half a, __half b) { return ::wavemma::hip::fp::saturate(a - b); }
inline __half __hmul_sat(__half a, __half b) { return ::wavemma::hip::fp::saturate(a * b); }
inline __half __hfma_sat(__half a, __half b, __half c) { return ::wavemma::hip::fp::saturate(__hfma(a, b, c)); }
inline __half __hneg(__half a) { return -a; }
inline __half __habs(__half a) { return __half_raw{static_cast<unsigned short>(a.__x & 0x7FFFu)}; }
inline __half __hmax(__half a, __half b) { return ::wavemma::hip::fp::max(a, b); }
inline __half __hmin(__half a, __half b) { return ::wavemma::hip::fp::min(a, b); }
inline bool __hisnan(__half a) { return std::isnan(a.value()); }
inline bool __hisinf(__half a) { return std::isinf(a.value()); }
inline __half __hmax_nan(__half a, __half b) {
  return __hisnan(a) || __hisnan(b) ? ::wavemma::hip::fp::canonical_nan() : __hmax(a, b);
}
inline __half __hmin_nan(__half a, __half b) {
  return __hisnan(a) || __hisnan(b) ? ::wavemma::hip::fp::canonical_nan() : __hmin(a, b);
}

// Ordered comparisons are false with a NaN; the unordered (..u) forms are true.
#define WAVEMMA_HALF_COMPARE(name, op)                                                                                 \
  inline bool __h##name(__half a, __half b) { return a.value() op b.value(); }                                         \
  inline bool __h##name##u(__half a, __half b) { return __hisnan(a) || __hisnan(b) || a.value() op b.value(); }        \
  inline __half2 __h##name##2(__half2 a, __half2 b) {                                                                  \
    return {__half(__h##name(a.x, b.x) ? 1.0f : 0.0f), __half(__h##name(a.y, b.y) ? 1.0f : 0.0f)};                     \
  }                                                                                                                    \
  inline __half2 __h##name##u2(__half2 a, __half2 b) {                                                                 \
    return {__half(__h##name##u(a.x, b.x) ? 1.0f : 0.0f), __half(__h##name##u(a.y, b.y) ? 1.0f : 0.0f)};               \
  }                                                                                                                    \
  inline bool __hb##name##2(__half2 a, __half2 b) { return __h##name(a.x, b.x) && __h##name(a.y, b.y); }               \
  inline bool __hb##name##u2(__half2 a, __half2 b) { return __h##name##u(a.x, b.x) && __h##name##u(a.y, b.y); }
WAVEMMA_HALF_COMPARE(eq, ==)
WAVEMMA_HALF_COMPARE(le, <=)
WAVEMMA_HALF_COMPARE(ge, >=)
WAVEMMA_HALF_COMPARE(lt, <)
WAVEMMA_HALF_COMPARE(gt, >)
#undef WAVEMMA_HALF_COMPARE
// != is the unordered one in IEEE terms; __hne is ordered (false with a NaN), __hneu is not.
inline bool __hne(__half a, __half b) { return !__hisnan(a) && !__hisnan(b) && a.value() != b.value(); }
inline bool __hneu(__half a, __half b) { return !(a.value() == b.value()); }
inline __half2 __hne2(__half2 a, __half2 b) {
  return {__half(__hne(a.x, b.x) ? 1.0f : 0.0f), __half(__hne(a.y, b.y) ? 1.0f : 0.0f)};
}
inline __half2 __hneu2(__half2 a, __half2 b) {
  return {__half(__hneu(a.x, b.x) ? 1.0f : 0.0f), __half(__hneu(a.y, b.y) ? 1.0f : 0.0f)};
}
inline bool __hbne2(__half2 a, __half2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
inline bool __hbneu2(__half2 a, __half2 b) { return __hneu(a.x, b.x) && __hneu(a.y, b.y); }

// The __half2 forms, component-wise.
#define WAVEMMA_HALF2_UNARY(name2, name)                                                                               \
  inline __half2 name2(__half2 a) { return {name(a.x), name(a.y)}; }
#define WAVEMMA_HALF2_BINARY(name2, name)                                                                              \
  inline __half2 name2(__half2 a, __half2 b) { return {name(a.x, b.x), name(a.y, b.y)}; }
WAVEMMA_HALF2_BINARY(__hadd2, __hadd)
WAVEMMA_HALF2_BINARY(__hsub2, __hsub)
WAVEMMA_HALF2_BINARY(__hmul2, __hmul)
WAVEMMA_HALF2_BINARY(__h2div, __hdiv)
WAVEMMA_HALF2_BINARY(__hadd2_sat, __hadd_sat)
WAVEMMA_HALF2_BINARY(__hsub2_sat, __hsub_sat)
WAVEMMA_HALF2_BINARY(__hmul2_sat, __hmul_sat)
WAVEMMA_HALF2_BINARY(__hmax2, __hmax)
WAVEMMA_HALF2_BINARY(__hmin2, __hmin)
WAVEMMA_HALF2_UNARY(__hneg2, __hneg)
WAVEMMA_HALF2_UNARY(__habs2, __habs)
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return {__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)};
}
inline __half2 __hisnan2(__half2 a) {
  return {__half(__hisnan(a.x) ? 1.0f : 0.0f), __half(__hisnan(a.y) ? 1.0f : 0.0f)};
}

// --- math: float libm, rounded once to f16 -------------------------------------------------
#define WAVEMMA_HALF_MATH(name, expr)                                                                                  \
  inline __half name(__half h) {                                                                                       \
    float const x = __half2float(h);                                                                                   \
    return __half::of(expr);                                                                                           \
  }
WAVEMMA_HALF_MATH(hsqrt, std::sqrt(static_cast<double>(x)))
WAVEMMA_HALF_MATH(hrsqrt, 1.0 / std::sqrt(static_cast<double>(x)))
WAVEMMA_HALF_MATH(hrcp, 1.0 / static_cast<double>(x))
WAVEMMA_HALF_MATH(hexp, std::exp(x))
WAVEMMA_HALF_MATH(hexp2, std::exp2(x))
WAVEMMA_HALF_MATH(hexp10, std::pow(10.0f, x))
WAVEMMA_HALF_MATH(hlog, std::log(x))
WAVEMMA_HALF_MATH(hlog2, std::log2(x))
WAVEMMA_HALF_MATH(hlog10, std::log10(x))
WAVEMMA_HALF_MATH(hsin, std::sin(x))
WAVEMMA_HALF_MATH(hcos, std::cos(x))
WAVEMMA_HALF_MATH(hceil, std::ceil(x))
WAVEMMA_HALF_MATH(hfloor, std::floor(x))
WAVEMMA_HALF_MATH(htrunc, std::trunc(x))
WAVEMMA_HALF_MATH(hrint, std::nearbyint(x))
#undef WAVEMMA_HALF_MATH
WAVEMMA_HALF2_UNARY(h2sqrt, hsqrt)
WAVEMMA_HALF2_UNARY(h2rsqrt, hrsqrt)
WAVEMMA_HALF2_UNARY(h2rcp, hrcp)
WAVEMMA_HALF2_UNARY(h2exp, hexp)
WAVEMMA_HALF2_UNARY(h2exp2, hexp2)
WAVEMMA_HALF2_UNARY(h2exp10, hexp10)
WAVEMMA_HALF2_UNARY(h2log, hlog)
WAVEMMA_HALF2_UNARY(h2log2, hlog2)
WAVEMMA_HALF2_UNARY(h2log10, hlog10)
WAVEMMA_HALF2_UNARY(h2sin, hsin)
WAVEMMA_HALF2_UNARY(h2cos, hcos)
WAVEMMA_HALF2_UNARY(h2ceil, hceil)
WAVEMMA_HALF2_UNARY(h2floor, hfloor)
WAVEMMA_HALF2_UNARY(h2trunc, htrunc)
WAVEMMA_HALF2_UNARY(h2rint, hrint)
#undef WAVEMMA_HALF2_UNARY
#undef WAVEMMA_HALF2_BINARY

// HIP's f16 constants (HIPRT_*_FP16).
#define HIPRT_INF_FP16 __ushort_as_half(0x7C00U)
#define HIPRT_MAX_NORMAL_FP16 __ushort_as_half(0x7BFFU)
#define HIPRT_MIN_DENORM_FP16 __ushort_as_half(0x0001U)
#define HIPRT_NAN_FP16 __ushort_as_half(0x7FFFU)
#define HIPRT_NEG_ZERO_FP16 __ushort_as_half(0x8000U)
#define HIPRT_ONE_FP16 __ushort_as_half(0x3C00U)
#define HIPRT_ZERO_FP16 __ushort_as_half(0x0000U)
