#pragma once
// HIP's complex numbers (<hip/hip_complex.h>): hipFloatComplex and hipDoubleComplex are float2 and
// double2, with HIP's functions. The products and quotients are the textbook formulas, as HIP's
// are (no scaling against overflow). C++17.

#include "wavemma/hip/vector_types.hpp"

#include <cmath>

using hipFloatComplex = float2;
using hipDoubleComplex = double2;
using hipComplex = hipFloatComplex;

#define WAVEMMA_COMPLEX(C, T, f)                                                                                       \
  inline T hipCreal##f(C z) { return z.x; }                                                                            \
  inline T hipCimag##f(C z) { return z.y; }                                                                            \
  inline C hipConj##f(C z) { return {z.x, -z.y}; }                                                                     \
  inline T hipCsqabs##f(C z) { return z.x * z.x + z.y * z.y; }                                                         \
  inline C hipCadd##f(C a, C b) { return {a.x + b.x, a.y + b.y}; }                                                     \
  inline C hipCsub##f(C a, C b) { return {a.x - b.x, a.y - b.y}; }                                                     \
  inline C hipCmul##f(C a, C b) { return {a.x * b.x - a.y * b.y, a.y * b.x + a.x * b.y}; }                             \
  inline C hipCdiv##f(C a, C b) {                                                                                      \
    T const d = hipCsqabs##f(b);                                                                                       \
    return {(a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d};                                                 \
  }                                                                                                                    \
  inline T hipCabs##f(C z) { return std::hypot(z.x, z.y); }                                                            \
  inline C hipCfma##f(C p, C q, C r) {                                                                                 \
    return {std::fma(p.x, q.x, std::fma(-p.y, q.y, r.x)), std::fma(p.x, q.y, std::fma(p.y, q.x, r.y))};                \
  }
WAVEMMA_COMPLEX(hipFloatComplex, float, f)
WAVEMMA_COMPLEX(hipDoubleComplex, double, )
#undef WAVEMMA_COMPLEX

inline hipFloatComplex make_hipFloatComplex(float re, float im) { return {re, im}; }
inline hipDoubleComplex make_hipDoubleComplex(double re, double im) { return {re, im}; }
inline hipComplex make_hipComplex(float re, float im) { return {re, im}; }
inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) { return {z.x, z.y}; }
inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return {static_cast<float>(z.x), static_cast<float>(z.y)};
}
