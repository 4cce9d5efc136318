// CDNA3 f32/f64 MFMA: a chain of correctly rounded fused multiply-adds (numerics.md §3.1).

#include "engine_impl.hpp"
#include "fp_environment.hpp"

#include <bit>
#include <cmath>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace wavemma::numeric::detail {
namespace {

// The chain must run in the IEEE default environment (RNE, no flush-to-zero, no
// denormals-are-zero) whatever the caller set; exception masks are left alone.
class DefaultFpEnvironment {
public:
#if defined(__SSE2__)
  DefaultFpEnvironment() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ & ~kMxcsrNonDefault); }
  ~DefaultFpEnvironment() { _mm_setcsr(saved_); }
  DefaultFpEnvironment(DefaultFpEnvironment const&) = delete;
  DefaultFpEnvironment& operator=(DefaultFpEnvironment const&) = delete;

private:
  unsigned saved_;
#endif
};

// The host FMA is IEEE 754 fusedMultiplyAdd (RNE, subnormals kept: the default FP environment).
template <class T, class Bits>
uint64_t chain(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  T d = std::bit_cast<T>(static_cast<Bits>(c));
  for (int k = 0; k < K; ++k) {
    // Every input format converts exactly (check_model), so these casts do not round.
    T const x = static_cast<T>(to_double(m.a, a[k].bits));
    T const y = static_cast<T>(to_double(m.b, b[k].bits));
    T const next = std::fma(x, y, d);
    if (tr.on()) {
      tr("k={}: fma(a {}, b {}, d {}) = {}", k, show(m.a, a[k].bits), show(m.b, b[k].bits),
         show(m.out, std::bit_cast<Bits>(d)), show(m.out, std::bit_cast<Bits>(next)));
    }
    d = next;
  }
  return std::bit_cast<Bits>(d);
}

} // namespace

uint64_t fma_chain(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  DefaultFpEnvironment const env;
  if (m.out == Format::kF64) return chain<double, uint64_t>(m, a, b, K, c, tr);
  return chain<float, uint32_t>(m, a, b, K, c, tr);
}

} // namespace wavemma::numeric::detail
