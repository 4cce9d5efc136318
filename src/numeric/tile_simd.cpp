// The driver of the vectorised dot_tile kernels (AVX2): which models have one, and, for the
// aligning engines (tile_kernels.hpp), the tile cut into batches of 8-column chains.
//
// Anything outside a kernel's fast path is marked per lane and that element is recomputed by the
// reference core (finish_with_reference), so dot_tile stays bit-identical to dot().

#include "tile.hpp"

#if defined(__x86_64__)

#include "tile_kernels.hpp"

#include <algorithm>
#include <cstdint>
#include <immintrin.h>

namespace wavemma::numeric::detail {
namespace {

// The kernels rely on the default floating-point environment: RNE, no flush-to-zero, no DAZ.
bool default_fp_environment() {
  unsigned const csr = _mm_getcsr();
  return (csr & 0x6000) == 0 && (csr & 0x8040) == 0;
}

} // namespace

namespace {

// The aligning kernel of each engine.
// clang-format off
struct AligningKernel {
  Engine engine;
  bool (*covers)(Model const&);
  AligningTile tile;
};
constexpr AligningKernel kAligningKernels[] = {
  {Engine::kCdna3FusedDot, cdna3_covers, cdna3_tile},
  {Engine::kCdna3Fp8Dot,   cdna3_covers, cdna3_tile},
  {Engine::kRdna3Dot2,     rdna_covers,  rdna3_tile},
  {Engine::kRdna4Dot4,     rdna_covers,  rdna4_tile},
};
// clang-format on

AligningTile aligning_kernel(Model const& m) {
  for (AligningKernel const& k : kAligningKernels)
    if (k.engine == m.engine) return k.covers(m) ? k.tile : nullptr;
  return nullptr;
}

} // namespace

bool has_simd_kernel(Model const& m) {
  return tile_isa() == TileIsa::kAvx2 && (aligning_kernel(m) != nullptr || has_plain_simd_kernel(m, 0));
}

bool dot_tile_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                   uint64_t* D) {
  if (tile_isa() != TileIsa::kAvx2 || !default_fp_environment()) return false;
  if (has_plain_simd_kernel(m, K)) {
    dot_tile_plain_simd(m, M, N, K, A, B, C, D);
    return true;
  }
  AligningTile const tile = aligning_kernel(m);
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
