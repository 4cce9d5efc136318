#pragma once
// CDNA3 f32/f64 MFMA: a chain of correctly rounded fused multiply-adds (numerics.md §3.1), for host
// and device code. The caller runs it in the IEEE default environment (RNE, subnormals kept).

#include "wavemma/numeric/core/model.hpp"

namespace wavemma::numeric::core {

template <class T>
struct FmaWord; // the bits of T and the default NaN of an invalid operation
template <>
struct FmaWord<float> {
  using Bits = uint32_t;
  static constexpr Bits kQuiet = 0x00400000, kDefaultNan = 0xFFC00000, kExpMask = 0x7F800000, kFracMask = 0x7FFFFF;
  WAVEMMA_HD static Bits bits(float x) { return f32_bits(x); }
  WAVEMMA_HD static float from(Bits b) { return f32_from(b); }
  WAVEMMA_HD static float value(Format f, uint64_t code) { return core::to_float(f, code); }
};
template <>
struct FmaWord<double> {
  using Bits = uint64_t;
  static constexpr Bits kQuiet = 0x0008000000000000, kDefaultNan = 0xFFF8000000000000, kExpMask = 0x7FF0000000000000,
                        kFracMask = 0x000FFFFFFFFFFFFF;
  WAVEMMA_HD static Bits bits(double x) { return f64_bits(x); }
  WAVEMMA_HD static double from(Bits b) { return f64_from(b); }
  WAVEMMA_HD static double value(Format f, uint64_t code) { return core::to_double(f, code); }
};

// One step d' = fma(x, y, d) with the NaN rules of the x86-64 host the reference was defined on
// (IEEE leaves them open): the first NaN of y, x, d, quieted; an invalid operation (∞·0, ∞ − ∞)
// gives the default NaN, negative and quiet [ASSUME §9.20].
template <class T>
WAVEMMA_HD T fma_step(T x, T y, T d) {
  using W = FmaWord<T>;
  auto const nan = [](typename W::Bits b) { return (b & W::kExpMask) == W::kExpMask && (b & W::kFracMask) != 0; };
  typename W::Bits const bx = W::bits(x), by = W::bits(y), bd = W::bits(d);
  if (nan(by)) return W::from(by | W::kQuiet);
  if (nan(bx)) return W::from(bx | W::kQuiet);
  if (nan(bd)) return W::from(bd | W::kQuiet);
  T const r = fma_rne(x, y, d);
  return nan(W::bits(r)) ? W::from(W::kDefaultNan) : r;
}

template <class T, class Tr>
WAVEMMA_HD uint64_t fma_chain_of(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  using W = FmaWord<T>;
  T d = W::from(static_cast<typename W::Bits>(c));
  for (int k = 0; k < K; ++k) {
    // Every input format converts exactly (check_model), so these values are not rounded.
    T const x = W::value(m.a, a[k].bits);
    T const y = W::value(m.b, b[k].bits);
    T const next = fma_step(x, y, d);
    if (tr.on()) {
      tr("k={}: fma(a {}, b {}, d {}) = {}", k, Shown{m.a, a[k].bits}, Shown{m.b, b[k].bits}, Shown{m.out, W::bits(d)},
         Shown{m.out, W::bits(next)});
    }
    d = next;
  }
  return W::bits(d);
}

template <class Tr>
WAVEMMA_HD uint64_t fma_chain(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  if (m.out == Format::kF64) return fma_chain_of<double>(m, a, b, K, c, tr);
  return fma_chain_of<float>(m, a, b, K, c, tr);
}

} // namespace wavemma::numeric::core
