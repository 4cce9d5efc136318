// The driver of the vectorised dot_tile kernels (AVX2): which models have one, and, for the
// aligning engines (tile_kernels.hpp), the tile cut into batches of kChains 8-column chains.
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

// clang-format off
struct AligningKernel {
  Engine engine;
  bool (*covers)(Model const&);
  ChainKernel run;
};
constexpr AligningKernel kAligningKernels[] = {
  {Engine::kCdna3FusedDot, cdna3_covers, cdna3_chains},
  {Engine::kCdna3Fp8Dot,   cdna3_covers, cdna3_chains},
  {Engine::kRdna3Dot2,     rdna_covers,  rdna_chains},
  {Engine::kRdna4Dot4,     rdna_covers,  rdna_chains},
};
// clang-format on

ChainKernel aligning_kernel(Model const& m) {
  for (AligningKernel const& k : kAligningKernels)
    if (k.engine == m.engine) return k.covers(m) ? k.run : nullptr;
  return nullptr;
}

// The kernels rely on the default floating-point environment: RNE, no flush-to-zero, no DAZ.
bool default_fp_environment() {
  unsigned const csr = _mm_getcsr();
  return (csr & 0x6000) == 0 && (csr & 0x8040) == 0;
}

} // namespace

WAVEMMA_AVX2_BEGIN
namespace {

using namespace simd;

// The 8 output columns of one chain: row i, columns j0 .. j0 + kLanes - 1, of which n are inside
// the tile (0 for a chain that only fills a batch).
struct Chain {
  int i, j0, n;
};
using Batch = Chain[kChains];

// Runs the chains of one batch and writes their valid outputs.
void run_batch(Model const& m, ChainKernel kernel, TileOperands const& t, Batch const& batch, int N, int K,
               uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D) {
  auto const k_size = static_cast<size_t>(K);
  Sites at;
  Lanes d;
  Lanes fallback;
  bool full = true; // every chain has 8 valid columns
  for (int w = 0; w < kChains; ++w) {
    Chain const& ch = batch[w];
    size_t const row = static_cast<size_t>(ch.i) * static_cast<size_t>(N) + static_cast<size_t>(ch.j0);
    at[w] = Site{&t.a, &t.b, static_cast<size_t>(ch.i) * k_size, static_cast<size_t>(ch.j0), t.b_off.of_row(ch.i)};
    full = full && ch.n == kLanes;
    d[w] = ch.n > 0 ? load_low_words(C + row, ch.n) : zero8();
    fallback[w] = _mm256_or_si256(load8(&t.b.special[static_cast<size_t>(ch.j0)]),
                                  splat(t.a.special[static_cast<size_t>(ch.i)]));
  }
  kernel(m, at, K, d, fallback);
  V any_fallback = zero8();
  for (int w = 0; w < kChains; ++w) any_fallback = _mm256_or_si256(any_fallback, fallback[w]);
  for (int w = 0; w < kChains; ++w) {
    Chain const& ch = batch[w];
    if (ch.n == 0) continue;
    uint64_t* d_row = D + static_cast<size_t>(ch.i) * static_cast<size_t>(N) + static_cast<size_t>(ch.j0);
    if (full && !any(any_fallback)) {
      store_low_words(d_row, d[w]);
      continue;
    }
    alignas(32) uint64_t computed[kLanes];
    store_low_words(computed, d[w]);
    finish_with_reference(m, N, K, A, B, C, D, ch.i, ch.j0, ch.n, computed,
                          static_cast<uint32_t>(lane_bits(fallback[w])));
  }
}

// The tile's 8-column chains, row by row, kChains at a time (a short last batch is padded with
// chains that are computed and not written).
void dot_tile_aligning(Model const& m, ChainKernel kernel, int M, int N, int K, uint64_t const* A, BView const& B,
                       uint64_t const* C, uint64_t* D) {
  thread_local TileOperands t;
  pack(m, M, N, K, A, B, t);
  Batch batch;
  int filled = 0;
  for (int i = 0; i < M; ++i) {
    for (int j0 = 0; j0 < N; j0 += kLanes) {
      batch[filled++] = {i, j0, std::min(kLanes, N - j0)};
      if (filled == kChains) {
        run_batch(m, kernel, t, batch, N, K, A, B, C, D);
        filled = 0;
      }
    }
  }
  if (filled > 0) {
    for (int w = filled; w < kChains; ++w) batch[w] = {batch[0].i, batch[0].j0, 0};
    run_batch(m, kernel, t, batch, N, K, A, B, C, D);
  }
}

} // namespace
WAVEMMA_AVX2_END

bool has_simd_kernel(Model const& m) {
  return tile_isa() == TileIsa::kAvx2 && (aligning_kernel(m) != nullptr || has_plain_simd_kernel(m, 0));
}

bool dot_tile_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B,
                   uint64_t const* C, uint64_t* D) {
  if (tile_isa() != TileIsa::kAvx2 || !default_fp_environment()) return false;
  if (has_plain_simd_kernel(m, K)) {
    dot_tile_plain_simd(m, M, N, K, A, B, C, D);
    return true;
  }
  ChainKernel const kernel = aligning_kernel(m);
  if (kernel == nullptr) return false;
  dot_tile_aligning(m, kernel, M, N, K, A, B, C, D);
  return true;
}

} // namespace wavemma::numeric::detail

#else // not x86-64: every model takes the generic path

namespace wavemma::numeric::detail {
bool has_simd_kernel(Model const&) {
  return false;
}
bool dot_tile_simd(Model const&, int, int, int, uint64_t const*, BView const&, uint64_t const*,
                   uint64_t*) {
  return false;
}
} // namespace wavemma::numeric::detail

#endif
