// CDNA3 f32/f64 MFMA: a chain of correctly rounded fused multiply-adds (numerics.md §3.1); the
// arithmetic is core/fma_chain.hpp's, run here in the IEEE default environment.

#include "engine_impl.hpp"
#include "fp_environment.hpp"

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

} // namespace

uint64_t fma_chain(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  DefaultFpEnvironment const env;
  return core::fma_chain(m, a, b, K, c, tr);
}

} // namespace wavemma::numeric::detail
