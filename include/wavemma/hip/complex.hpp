#pragma once
// HIP's complex numbers (<hip/hip_complex.h>): hipFloatComplex and hipDoubleComplex are float2 and
// double2, with HIP's functions and operators. The products and quotients are the textbook formulas,
// as HIP's are (no scaling against overflow). C++17.

#include "wavemma/hip/vector_types.hpp"

#include <cmath>

using hipFloatComplex = float2;
using hipDoubleComplex = double2;
using hipComplex = hipFloatComplex;

// F: the type as HIP spells it in hipCfma's signature (hipComplex for the float one).
#define WAVEMMA_COMPLEX(C, T, f, F)                                                                                    \
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
  /* HIP's order, each product and sum contracted as clang contracts them for the GPU */                               \
  inline F hipCfma##f(F p, F q, F r) {                                                                                 \
    return {std::fma(-p.y, q.y, std::fma(p.x, q.x, r.x)), std::fma(p.x, q.y, std::fma(q.x, p.y, r.y))};                \
  }
WAVEMMA_COMPLEX(hipFloatComplex, float, f, hipComplex)
WAVEMMA_COMPLEX(hipDoubleComplex, double, , hipDoubleComplex)
#undef WAVEMMA_COMPLEX

// HIP's operators on them (amd_hip_complex.h, HIP 5.2 and later): non-template functions, so they
// win over the vector's component-wise templates. With <hip/hip_complex.h> included, `a * b` and
// `a / b` of two hipFloatComplex -- of two float2 -- are the complex product and quotient, in HIP's
// order of operations (+, - and / are hipCadd, hipCsub and hipCdiv's); `a *= b` is ambiguous (the vector's member and
// the free operator), as in HIP.
#define WAVEMMA_COMPLEX_OPERATORS(C, f)                                                                                \
  inline C operator-(C const& op) { return {-op.x, -op.y}; }                                                           \
  inline bool operator==(C const& lhs, C const& rhs) { return lhs.x == rhs.x && lhs.y == rhs.y; }                      \
  inline bool operator!=(C const& lhs, C const& rhs) { return !(lhs == rhs); }                                         \
  inline C operator+(C const& lhs, C const& rhs) { return hipCadd##f(lhs, rhs); }                                      \
  inline C operator-(C const& lhs, C const& rhs) { return hipCsub##f(lhs, rhs); }                                      \
  /* HIP's operator* sums the imaginary part's products in the other order from hipCmul: with */                       \
  /* contraction into an fma the two round differently, so it keeps its own order */                                   \
  inline C operator*(C const& lhs, C const& rhs) {                                                                     \
    return {lhs.x * rhs.x - lhs.y * rhs.y, lhs.x * rhs.y + lhs.y * rhs.x};                                             \
  }                                                                                                                    \
  inline C operator/(C const& lhs, C const& rhs) { return hipCdiv##f(lhs, rhs); }                                      \
  inline C& operator+=(C& lhs, C const& rhs) { return lhs = lhs + rhs; }                                               \
  inline C& operator-=(C& lhs, C const& rhs) { return lhs = lhs - rhs; }                                               \
  inline C& operator*=(C& lhs, C const& rhs) { return lhs = lhs * rhs; }                                               \
  inline C& operator/=(C& lhs, C const& rhs) { return lhs = lhs / rhs; }                                               \
  WAVEMMA_COMPLEX_SCALAR(C, unsigned short)                                                                            \
  WAVEMMA_COMPLEX_SCALAR(C, signed short)                                                                              \
  WAVEMMA_COMPLEX_SCALAR(C, unsigned int)                                                                              \
  WAVEMMA_COMPLEX_SCALAR(C, signed int)                                                                                \
  WAVEMMA_COMPLEX_SCALAR(C, float)                                                                                     \
  WAVEMMA_COMPLEX_SCALAR(C, unsigned long)                                                                             \
  WAVEMMA_COMPLEX_SCALAR(C, signed long)                                                                               \
  WAVEMMA_COMPLEX_SCALAR(C, double)                                                                                    \
  WAVEMMA_COMPLEX_SCALAR(C, signed long long)                                                                          \
  WAVEMMA_COMPLEX_SCALAR(C, unsigned long long)
// The component type times the scalar, converted as C++ converts (HIP's `lhs.x * rhs`).
#define WAVEMMA_COMPLEX_SCALAR(C, S)                                                                                   \
  inline C operator*(C const& lhs, S rhs) {                                                                            \
    C r;                                                                                                               \
    r.x = lhs.x * rhs;                                                                                                 \
    r.y = lhs.y * rhs;                                                                                                 \
    return r;                                                                                                          \
  }
WAVEMMA_COMPLEX_OPERATORS(hipFloatComplex, f)
WAVEMMA_COMPLEX_OPERATORS(hipDoubleComplex, )
#undef WAVEMMA_COMPLEX_OPERATORS
#undef WAVEMMA_COMPLEX_SCALAR

inline hipFloatComplex make_hipFloatComplex(float re, float im) { return {re, im}; }
inline hipDoubleComplex make_hipDoubleComplex(double re, double im) { return {re, im}; }
inline hipComplex make_hipComplex(float re, float im) { return {re, im}; }
inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) { return {z.x, z.y}; }
inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return {static_cast<float>(z.x), static_cast<float>(z.y)};
}
