// The driver of the vectorised dot_tile kernels (AVX2): which models have one (one table for every
// kind of kernel, tile_kernels.hpp).
//
// Anything outside a kernel's fast path is marked per lane and that element is recomputed by the
// reference core (finish_with_reference), so dot_tile stays bit-identical to dot().

#include "tile.hpp"

#if defined(__x86_64__)

#include "fp_environment.hpp"
#include "tile_kernels.hpp"

#include <algorithm>
#include <cstdint>
#include <immintrin.h>

namespace wavemma::numeric::detail {
namespace {

// The kernel of each engine, whatever its kind; the kernels rely on the default floating-point
// environment (fp_environment.hpp).
// clang-format off
struct Kernel {
  Engine engine;
  bool (*covers)(Model const&, int K);
  TileKernel tile;
};
constexpr Kernel kKernels[] = {
  {Engine::kFmaChain,         lanewise_covers,                                         lanewise_tile},
  {Engine::kIntegerDot,       lanewise_covers,                                         lanewise_tile},
  {Engine::kCdna2PairwiseDot, lanewise_covers,                                         lanewise_tile},
  {Engine::kCdna1ExactDot,    exact_blocks_covers,                                     exact_blocks_tile},
  {Engine::kCdna4ScaledDot,   exact_blocks_covers,                                     exact_blocks_tile},
  {Engine::kCdna3FusedDot,    [](Model const& m, int) { return cdna3_covers(m); },     cdna3_tile},
  {Engine::kCdna3Fp8Dot,      [](Model const& m, int) { return cdna3_covers(m); },     cdna3_tile},
  {Engine::kRdna3Dot2,        [](Model const& m, int) { return rdna_covers(m); },      rdna3_tile},
  {Engine::kRdna4Dot4,        [](Model const& m, int) { return rdna_covers(m); },      rdna4_tile},
};
// clang-format on

// The model's kernel for K products per element, or none.
TileKernel kernel_of(Model const& m, int K) {
  for (Kernel const& k : kKernels)
    if (k.engine == m.engine) return k.covers(m, K) ? k.tile : nullptr;
  return nullptr;
}

} // namespace

bool has_simd_kernel(Model const& m) { return tile_isa() == TileIsa::kAvx2 && kernel_of(m, 0) != nullptr; }

bool dot_tile_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                   uint64_t* D) {
  if (tile_isa() != TileIsa::kAvx2 || !default_fp_environment()) return false;
  TileKernel const tile = kernel_of(m, K);
  if (tile == nullptr) return false;
  tile(m, M, N, K, A, B, C, D);
  return true;
}

} // namespace wavemma::numeric::detail

#else // not x86-64: every model takes the generic path

namespace wavemma::numeric::detail {
bool has_simd_kernel(Model const&) { return false; }
bool dot_tile_simd(Model const&, int, int, int, uint64_t const*, BView const&, uint64_t const*, uint64_t*) {
  return false;
}
} // namespace wavemma::numeric::detail

#endif
