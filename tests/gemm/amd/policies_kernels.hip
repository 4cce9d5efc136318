// Every GEMM policy of one family and wave size compiled for a real AMD target (CTest label amd):
//   clang++-22 -std=c++20 -x hip --offload-arch=<gfx> -nogpulib --cuda-device-only -O3 -S
//              -DWAVEMMA_GENERATION=<isa::Generation value> -DWAVEMMA_WAVE=<32|64>
//              [-DWAVEMMA_SCALAR] [-mwavefrontsize64 for wave64 on RDNA]
// WAVEMMA_SCALAR adds the scalar policies (any wave size) to the compile of the default wave.
// The test then checks the assembly for each policy's matrix instruction and for scratch use.

#include "wavemma/gemm/policies.hpp"

using namespace wavemma::gemm;

template <class P>
void const* kernel_of() {
  if constexpr (P::sparse)
    return reinterpret_cast<void const*>(
        &matrix_multiply_sparse<typename P::tile, typename P::compute, typename P::elem>);
  else if constexpr (P::scaled)
    return reinterpret_cast<void const*>(
        &matrix_multiply_scaled<typename P::tile, typename P::compute, typename P::elem>);
  else
    return reinterpret_cast<void const*>(
        &matrix_multiply_generic<typename P::tile, typename P::compute, typename P::elem>);
}

// Referencing a kernel from host code makes the device compilation emit it; only the family's
// policies are instantiated (the others' builtins do not exist on the target).
#if defined(WAVEMMA_SCALAR)
constexpr bool kScalar = true;
#else
constexpr bool kScalar = false;
#endif

template <Gen G, class P>
void add(void const** out, int& n) {
  if constexpr (P::generation.runs_on(G) && (P::wave == WAVEMMA_WAVE || (P::wave == 0 && kScalar)))
    out[n++] = kernel_of<P>();
}
template <Gen G, class... P>
int reference_kernels(PolicyList<P...>, void const** out) {
  int n = 0;
  (add<G, P>(out, n), ...);
  return n;
}

int wavemma_gemm_kernels(void const** out) {
  return reference_kernels<static_cast<Gen>(WAVEMMA_GENERATION)>(AllPolicies{}, out);
}
