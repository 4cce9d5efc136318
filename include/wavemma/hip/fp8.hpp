#pragma once
// HIP's FP8 types and conversions (<hip/hip_fp8.h>): the FNUZ formats of gfx942 (__hip_fp8_e4m3_fnuz,
// __hip_fp8_e5m2_fnuz) and the OCP ones of gfx950 and gfx12 (__hip_fp8_e4m3, __hip_fp8_e5m2), their
// x2/x4 forms and the __hip_cvt_* functions. The conversions are those of amd_hip_fp8.h's host path
// [SRC: cast_to_f8 / cast_from_f8]:
//   - round to nearest even;
//   - a value above the format's largest finite one (checked before rounding, as HIP does) becomes
//     that largest value with __HIP_SATFINITE, else NaN (FNUZ: 0x80; OCP E4M3: S.1111.111) or, in OCP
//     E5M2, infinity;
//   - NaN becomes NaN (0x80, or S.1111.111 / S.11111.11 in OCP); infinity becomes NaN in FNUZ and in
//     E4M3 and stays infinity in E5M2, whatever the saturation;
//   - FNUZ has no -0: a negative value that rounds to zero is +0;
//   - widening is exact; a NaN widens to HIP's pattern 0x7C01 (half), 0x7F800001 (float),
//     0x7FF0000000000001 (double), and an E5M2 infinity to infinity.
// Values below the smallest subnormal round correctly here (HIP's shifts are undefined there). HIP's
// device code on gfx942/gfx950 uses the hardware's v_cvt_pk_fp8_f32 instead; wavemma uses the
// host path everywhere (docs/hipcc.md). C++17.

#include "wavemma/hip/bfloat16.hpp"
#include "wavemma/hip/float16.hpp"
#include "wavemma/hip/float_bits.hpp"
#include "wavemma/hip/vector_types.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};
enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

namespace wavemma::hip::fp {

inline Format fp8_format(__hip_fp8_interpretation_t t) {
  switch (t) {
  case __HIP_E4M3:
    return Format::kFp8E4M3;
  case __HIP_E5M2:
    return Format::kBf8E5M2;
  case __HIP_E4M3_FNUZ:
    return Format::kFp8E4M3Fnuz;
  case __HIP_E5M2_FNUZ:
    break;
  }
  return Format::kBf8E5M2Fnuz;
}

inline __hip_fp8_storage_t to_fp8(double v, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  Format const f = fp8_format(t);
  numeric::FormatInfo const& fi = numeric::info(f);
  bool const fnuz = fi.specials == numeric::Specials::kFnuz, e4m3 = fi.exp_bits == 4;
  unsigned const sign = std::signbit(v) ? 0x80u : 0u;
  unsigned const nan = fnuz ? 0x80u : sign | 0x7Fu;
  if (std::isnan(v)) return static_cast<__hip_fp8_storage_t>(nan);
  if (std::isinf(v)) return static_cast<__hip_fp8_storage_t>(fnuz || e4m3 ? nan : sign | 0x7Cu);
  if (std::fabs(v) > numeric::to_double(f, fi.max_finite)) {
    if (sat == __HIP_SATFINITE) return static_cast<__hip_fp8_storage_t>(sign | fi.max_finite);
    return static_cast<__hip_fp8_storage_t>(fnuz || e4m3 ? nan : sign | 0x7Cu);
  }
  return static_cast<__hip_fp8_storage_t>(numeric::from_double(f, v, Rounding::kNearestEven));
}

// The exact value, or NaN (is_nan set) for a NaN code.
inline double fp8_value(__hip_fp8_storage_t x, __hip_fp8_interpretation_t t, bool* is_nan) {
  numeric::Decoded const d = numeric::decode(fp8_format(t), x);
  *is_nan = d.is_nan();
  return d.is_nan() ? 0.0 : numeric::to_double(fp8_format(t), x);
}
inline uint16_t fp8_to_half_bits(__hip_fp8_storage_t x, __hip_fp8_interpretation_t t) {
  bool nan;
  double const v = fp8_value(x, t, &nan);
  return nan ? uint16_t{0x7C01} : to_f16(v);
}
inline float fp8_to_float(__hip_fp8_storage_t x, __hip_fp8_interpretation_t t) {
  bool nan;
  double const v = fp8_value(x, t, &nan);
  return nan ? bits_float(0x7F800001u) : static_cast<float>(v);
}
inline double fp8_to_double(__hip_fp8_storage_t x, __hip_fp8_interpretation_t t) {
  bool nan;
  double const v = fp8_value(x, t, &nan);
  return nan ? bits_double(0x7FF0000000000001ull) : v;
}

inline __hip_fp8x2_storage_t pack2(__hip_fp8_storage_t lo, __hip_fp8_storage_t hi) {
  return static_cast<__hip_fp8x2_storage_t>(hi << 8 | lo);
}

} // namespace wavemma::hip::fp

// --- the __hip_cvt_* functions ---------------------------------------------------------------
inline __hip_fp8_storage_t __hip_cvt_float_to_fp8(float f, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  return ::wavemma::hip::fp::to_fp8(f, sat, t);
}
inline __hip_fp8_storage_t __hip_cvt_double_to_fp8(double d, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  return ::wavemma::hip::fp::to_fp8(d, sat, t);
}
inline __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(float2 f, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  return ::wavemma::hip::fp::pack2(__hip_cvt_float_to_fp8(f.x, sat, t), __hip_cvt_float_to_fp8(f.y, sat, t));
}
inline __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(double2 d, __hip_saturation_t sat,
                                                        __hip_fp8_interpretation_t t) {
  return ::wavemma::hip::fp::pack2(__hip_cvt_double_to_fp8(d.x, sat, t), __hip_cvt_double_to_fp8(d.y, sat, t));
}
inline __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(__half_raw h, __hip_saturation_t sat,
                                                    __hip_fp8_interpretation_t t) {
  return __hip_cvt_float_to_fp8(__half2float(__half(h)), sat, t);
}
inline __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(__half2_raw h, __hip_saturation_t sat,
                                                         __hip_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(__half22float2(__half2(h)), sat, t);
}
inline __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw b, __hip_saturation_t sat,
                                                        __hip_fp8_interpretation_t t) {
  return __hip_cvt_float_to_fp8(__bfloat162float(__hip_bfloat16(b)), sat, t);
}
inline __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(__hip_bfloat162_raw b, __hip_saturation_t sat,
                                                             __hip_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(__bfloat1622float2(__hip_bfloat162(b)), sat, t);
}
inline __half_raw __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t x, __hip_fp8_interpretation_t t) {
  return {::wavemma::hip::fp::fp8_to_half_bits(x, t)};
}
inline __half2_raw __hip_cvt_fp8x2_to_halfraw2(__hip_fp8x2_storage_t x, __hip_fp8_interpretation_t t) {
  return {::wavemma::hip::fp::fp8_to_half_bits(static_cast<__hip_fp8_storage_t>(x & 0xFF), t),
          ::wavemma::hip::fp::fp8_to_half_bits(static_cast<__hip_fp8_storage_t>(x >> 8), t)};
}

// --- the types -------------------------------------------------------------------------------
namespace wavemma::hip::fp {

// One FP8 number of interpretation I. Construction saturates (__HIP_SATFINITE), as HIP's does.
template <__hip_fp8_interpretation_t I>
struct Fp8 {
  __hip_fp8_storage_t __x;
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;
  static constexpr unsigned int __we = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 4 : 5;
  static constexpr unsigned int __wm = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 3 : 2;

  Fp8() = default;
  // Integers go through float, as in HIP.
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  Fp8(T v) : __x(to_fp8(static_cast<float>(v), __default_saturation, I)) {}
  Fp8(float f) : __x(to_fp8(f, __default_saturation, I)) {}
  Fp8(double d) : __x(to_fp8(d, __default_saturation, I)) {}
  Fp8(__half h) : __x(__hip_cvt_halfraw_to_fp8(h, __default_saturation, I)) {}
  Fp8(__hip_bfloat16 b) : __x(to_fp8(b.value(), __default_saturation, I)) {}

  operator float() const { return fp8_to_float(__x, I); }
  operator double() const { return fp8_to_double(__x, I); }
  operator __half() const { return __half(__hip_cvt_fp8_to_halfraw(__x, I)); }
  operator __hip_bfloat16() const { return __hip_bfloat16(fp8_to_float(__x, I)); }
  operator bool() const {
    bool nan;
    return fp8_value(__x, I, &nan) != 0 || nan;
  }
  // Integers: toward zero, saturated to the type's range; NaN is 0 (HIP's operators).
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  operator T() const {
    bool nan;
    double const v = fp8_value(__x, I, &nan);
    return nan ? T{0} : float_to_int<T>(v, Rounding::kTowardZero);
  }
};

template <__hip_fp8_interpretation_t I>
struct Fp8x2 {
  __hip_fp8x2_storage_t __x;
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;
  static constexpr unsigned int __we = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 4 : 5;
  static constexpr unsigned int __wm = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 3 : 2;

  Fp8x2() = default;
  Fp8x2(double2 v) : __x(__hip_cvt_double2_to_fp8x2(v, __default_saturation, I)) {}
  Fp8x2(float2 v) : __x(__hip_cvt_float2_to_fp8x2(v, __default_saturation, I)) {}
  Fp8x2(__half2 v) : __x(__hip_cvt_halfraw2_to_fp8x2(v, __default_saturation, I)) {}
  Fp8x2(__hip_bfloat162 v) : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __default_saturation, I)) {}

  operator float2() const {
    return {fp8_to_float(static_cast<__hip_fp8_storage_t>(__x & 0xFF), I),
            fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> 8), I)};
  }
  operator __half2() const { return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, I)); }
};

template <__hip_fp8_interpretation_t I>
struct Fp8x4 {
  __hip_fp8x4_storage_t __x;
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;
  static constexpr unsigned int __we = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 4 : 5;
  static constexpr unsigned int __wm = (I == __HIP_E4M3 || I == __HIP_E4M3_FNUZ) ? 3 : 2;

  Fp8x4() = default;
  Fp8x4(double4 v) : __x(pack4(v)) {}
  Fp8x4(float4 v) : __x(pack4(v)) {}
  Fp8x4(__half2 lo, __half2 hi)
      : __x(__hip_cvt_halfraw2_to_fp8x2(lo, __default_saturation, I) |
            __hip_fp8x4_storage_t{__hip_cvt_halfraw2_to_fp8x2(hi, __default_saturation, I)} << 16) {}
  Fp8x4(__hip_bfloat162 lo, __hip_bfloat162 hi)
      : __x(__hip_cvt_bfloat16raw2_to_fp8x2(lo, __default_saturation, I) |
            __hip_fp8x4_storage_t{__hip_cvt_bfloat16raw2_to_fp8x2(hi, __default_saturation, I)} << 16) {}

  operator float4() const {
    auto at = [&](int i) { return fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> (8 * i)), I); };
    return {at(0), at(1), at(2), at(3)};
  }

private:
  template <class V>
  static __hip_fp8x4_storage_t pack4(V const& v) {
    __hip_fp8x4_storage_t out = 0;
    for (unsigned i = 0; i < 4; ++i)
      out |= __hip_fp8x4_storage_t{to_fp8(v.data[i], __default_saturation, I)} << (8 * i);
    return out;
  }
};

} // namespace wavemma::hip::fp

// HIP's twelve FP8 types are structs (a library may forward-declare them: rocWMMA does), with HIP's
// members: __x, __default_saturation, __default_interpret, __we, __wm, the constructors and the
// conversions, which they take from the templates above.
#define WAVEMMA_FP8_STRUCT(name, Base, I)                                                                              \
  struct name : ::wavemma::hip::fp::Base<I> {                                                                          \
    using ::wavemma::hip::fp::Base<I>::Base;                                                                           \
    name() = default;                                                                                                  \
  };
WAVEMMA_FP8_STRUCT(__hip_fp8_e4m3_fnuz, Fp8, __HIP_E4M3_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8_e5m2_fnuz, Fp8, __HIP_E5M2_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8_e4m3, Fp8, __HIP_E4M3)
WAVEMMA_FP8_STRUCT(__hip_fp8_e5m2, Fp8, __HIP_E5M2)
WAVEMMA_FP8_STRUCT(__hip_fp8x2_e4m3_fnuz, Fp8x2, __HIP_E4M3_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8x2_e5m2_fnuz, Fp8x2, __HIP_E5M2_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8x2_e4m3, Fp8x2, __HIP_E4M3)
WAVEMMA_FP8_STRUCT(__hip_fp8x2_e5m2, Fp8x2, __HIP_E5M2)
WAVEMMA_FP8_STRUCT(__hip_fp8x4_e4m3_fnuz, Fp8x4, __HIP_E4M3_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8x4_e5m2_fnuz, Fp8x4, __HIP_E5M2_FNUZ)
WAVEMMA_FP8_STRUCT(__hip_fp8x4_e4m3, Fp8x4, __HIP_E4M3)
WAVEMMA_FP8_STRUCT(__hip_fp8x4_e5m2, Fp8x4, __HIP_E5M2)
#undef WAVEMMA_FP8_STRUCT
static_assert(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e4m3) == 2 && sizeof(__hip_fp8x4_e4m3) == 4,
              "HIP's FP8 layouts");
static_assert(std::is_trivially_default_constructible_v<__hip_fp8_e4m3> && std::is_standard_layout_v<__hip_fp8_e4m3>,
              "a union member, as rocWMMA uses it");
