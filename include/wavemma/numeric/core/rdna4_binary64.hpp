#pragma once
// The gfx12 (RDNA4) DOT4 step with an f32 accumulator in binary64 arithmetic: the formulation of
// wavemma::cuda's fast kernel (docs/cuda.md, "The binary64 formulation"), equal to
// rdna4_dot4_step (rdna.hpp) for finite factors and a finite accumulator, for every input format
// whose products are exact in binary64 (every format of the RDNA4 and gfx1250 WMMA).
//
// Why it is exact. rdna4_dot4_step floors each pair onto the pair's grid and then onto the step's
// grid G; both floors are floors of integers by powers of two, so they compose into one floor of
// the pair's exact sum x onto G. A pair's products are exact in binary64 and fl_down(x) (the
// largest double at or below x) has the same floor onto G as x: the largest multiple of 2^G at or
// below x is itself a double (|x| < 2^(G+27)). Adding fl_down(x) to M = 1.5·2^(G+52) rounding
// down lands on a double whose unit is 2^G: that add is the floor, and the running sum stays in
// M's binade, so the accumulator's floor and the second pair's are added the same way. S·2^G =
// t − M is exact, and its RNE conversion to f32 with gradual underflow is step 5.

#include "wavemma/numeric/core/format.hpp"

namespace wavemma::numeric::core {

// Whether binary64 holds every product of two codes of f exactly (floats of at most 16 bits).
WAVEMMA_HD constexpr bool b64_products_exact(Format f) { return params(f).exp_bits > 0 && params(f).bits <= 16; }

// A finite factor as the binary64 step takes it: its exact value and its alignment exponent ae
// (exp + frac_bits, rdna.hpp's RdnaFactor), kNoExponent for a zero.
struct B64Factor {
  double v;
  int ae;
};

// The factor of a finite code; inf and NaN are the caller's to route to rdna4_dot4_step.
WAVEMMA_HD inline B64Factor b64_factor(Format f, uint64_t bits) {
  Decoded const d = core::decode(f, bits);
  if (d.cls != Decoded::kFinite || d.sig == 0) return {0.0, kNoExponent};
  return {ldexp2(d.neg ? -static_cast<double>(d.sig) : static_cast<double>(d.sig), d.exp),
          d.exp + core::params(f).frac_bits};
}

// a + b rounded toward −∞ (binary64, no overflow).
WAVEMMA_HD inline double add_down(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rd(a, b);
#else
  double const s = a + b; // round to nearest; the error s − (a + b) is a double (TwoSum)
  double const bv = s - a;
  double const err = (a - (s - bv)) + (b - bv);
  return err < 0 ? std::nextafter(s, -HUGE_VAL) : s;
#endif
}

// a·b + c rounded toward −∞, where a·b is exact in binary64.
WAVEMMA_HD inline double fma_down(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return __fma_rd(a, b, c);
#else
  return add_down(a * b, c);
#endif
}

// x rounded to the nearest f32 (ties to even, gradual underflow, overflow to ±inf).
WAVEMMA_HD inline float to_f32_rne(double x) {
#if defined(__CUDA_ARCH__)
  return __double2float_rn(x);
#else
  return static_cast<float>(x); // the host's default rounding; the tests run with MXCSR at reset
#endif
}

// One DOT4 step, f32 accumulator and f32 result (c_floor −126, numerics.md §5): rdna4_dot4_step
// of Model{kRdna4Dot4, ., ., kF32, 4} for four finite factor pairs and a finite acc. A non-finite
// result means an overflow, which the reference also gives; the caller routes what follows it
// (and any inf or NaN operand) to the reference.
WAVEMMA_HD inline float rdna4_dot4_step_b64(B64Factor const* a, B64Factor const* b, float acc) {
  int const g_max = max(max(a[0].ae + b[0].ae, a[1].ae + b[1].ae), max(a[2].ae + b[2].ae, a[3].ae + b[3].ae)) - 24;
  uint32_t const cb = f32_bits(acc);
  int const c_top = max(static_cast<int>((cb >> 23) & 0xFF), 1) - 127; // max(c_floor, c_lead)
  int const g = max(g_max, c_top - 26);
  double const m = f64_from(static_cast<uint64_t>(g + 1075) << 52 | uint64_t{1} << 51); // 1.5·2^(g+52)
  double const unit = f64_from(static_cast<uint64_t>(g + 1023) << 52);                  // 2^g
  double const c = acc;
  // A negative accumulator wholly below the grid, with G above c_floor, contributes 0 (not −1).
  double const c_used = (c < 0 && -c < unit && g > -126) ? 0.0 : c;
  double t = add_down(fma_down(a[0].v, b[0].v, a[1].v * b[1].v), m);
  t = add_down(fma_down(a[2].v, b[2].v, a[3].v * b[3].v), t);
  t = add_down(c_used, t);
  float const r = to_f32_rne(t - m);
  return r == 0.0f ? 0.0f : r; // a result that is zero is +0
}

} // namespace wavemma::numeric::core
