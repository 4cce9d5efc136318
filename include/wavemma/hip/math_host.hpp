#pragma once
// HIP's fast math functions that glibc's math.h also declares (__expf, __sinf, ...: internal names
// libm does not export). They are defined here with glibc's signature (noexcept) as host
// functions: under wavemma-hipcc, hip/hip_runtime.h includes this outside clang's host-device
// region, since a host-device definition cannot overload glibc's host declaration. The results are
// libm's, where the GPU's are approximations. sincosf, sincos, exp10f and exp10 are libm's own.

#include <cmath>

inline float __expf(float x) noexcept { return std::exp(x); }
inline float __exp10f(float x) noexcept { return std::pow(10.0f, x); }
inline float __logf(float x) noexcept { return std::log(x); }
inline float __log2f(float x) noexcept { return std::log2(x); }
inline float __log10f(float x) noexcept { return std::log10(x); }
inline float __powf(float x, float y) noexcept { return std::pow(x, y); }
inline float __sinf(float x) noexcept { return std::sin(x); }
inline float __cosf(float x) noexcept { return std::cos(x); }
inline float __tanf(float x) noexcept { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) noexcept {
  *s = std::sin(x);
  *c = std::cos(x);
}
