// The seed-style policies of tests/gemm/seed_style_policies.hpp in wavemma's generic kernel,
// compiled for a real AMD target (CTest label amd), as policies_kernels.hip is:
//   -DWAVEMMA_FAMILY=2 (gfx12): the RDNA4 WMMA policy with both tile policies, and the scalar one;
//   -DWAVEMMA_FAMILY=3 (gfx94x): the CDNA3 XF32 MFMA policy, and the scalar one.

#include "../seed_style_policies.hpp"
#include "wavemma/gemm/kernel.hpp"

namespace ss = seed_style;
using wavemma::gemm::matrix_multiply_generic;

template <class Tile, class Compute, class ElemIn>
void const* kernel() {
  return reinterpret_cast<void const*>(&matrix_multiply_generic<Tile, Compute, ElemIn>);
}

int wavemma_seed_style_kernels(void const** out) {
  int n = 0;
  out[n++] = kernel<ss::SoftwareDoubleBufferTilePolicy<float, 32, 32, 8>, ss::ScalarFMAPolicy<4, 4, 8>, float>();
#if WAVEMMA_FAMILY == 2
  out[n++] = kernel<ss::SingleBufferTilePolicy<_Float16, 32, 32, 16>, ss::WmmaRdna4F16Policy, _Float16>();
  out[n++] = kernel<ss::SoftwareDoubleBufferTilePolicy<_Float16, 32, 32, 32>, ss::WmmaRdna4F16Policy, _Float16>();
#elif WAVEMMA_FAMILY == 3
  out[n++] = kernel<ss::SingleBufferTilePolicy<float, 32, 32, 16>, ss::MfmaCdna3XF32Policy, float>();
#endif
  return n;
}
