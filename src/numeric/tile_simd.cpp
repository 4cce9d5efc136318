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

WAVEMMA_AVX2_BEGIN
namespace {

using namespace simd;

// The 8 output columns of one chain: row i, columns j0 .. j0 + kLanes - 1, of which n are inside
// the tile (0 for a chain that only fills a batch).
struct Chain {
  int i, j0, n;
};
template <int kC>
using Batch = Chain[kC];

// Runs the chains of one batch and writes their valid outputs.
template <int kC, ChainKernel<kC> kKernel>
void run_batch(Model const& m, TileOperands const& t, Batch<kC> const& batch, int N, int K, uint64_t const* A,
               BView const& B, uint64_t const* C, uint64_t* D) {
  auto const k_size = static_cast<size_t>(K);
  Sites<kC> at;
  Lanes<kC> d;
  Lanes<kC> fallback;
  bool full = true; // every chain has 8 valid columns
  for (int w = 0; w < kC; ++w) {
    Chain const& ch = batch[w];
    size_t const row = static_cast<size_t>(ch.i) * static_cast<size_t>(N) + static_cast<size_t>(ch.j0);
    at[w] = Site{&t.a, &t.b, static_cast<size_t>(ch.i) * k_size, static_cast<size_t>(ch.j0), t.b_off.of_row(ch.i)};
    full = full && ch.n == kLanes;
    d[w] = ch.n > 0 ? load_low_words(C + row, ch.n) : zero8();
    fallback[w] = _mm256_or_si256(load8(&t.b.special[static_cast<size_t>(ch.j0)]),
                                  splat(t.a.special[static_cast<size_t>(ch.i)]));
  }
  kKernel(m, at, K, d, fallback);
  V any_fallback = zero8();
  for (int w = 0; w < kC; ++w) any_fallback = _mm256_or_si256(any_fallback, fallback[w]);
  for (int w = 0; w < kC; ++w) {
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

// The tile's 8-column chains, row by row, kC at a time (a short last batch is padded with chains
// that are computed and not written).
template <int kC, ChainKernel<kC> kKernel>
void dot_tile_aligning(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                       uint64_t* D) {
  thread_local TileOperands t;
  pack(m, M, N, K, A, B, t);
  Batch<kC> batch;
  int filled = 0;
  for (int i = 0; i < M; ++i) {
    for (int j0 = 0; j0 < N; j0 += kLanes) {
      batch[filled++] = {i, j0, std::min(kLanes, N - j0)};
      if (filled == kC) {
        run_batch<kC, kKernel>(m, t, batch, N, K, A, B, C, D);
        filled = 0;
      }
    }
  }
  if (filled > 0) {
    for (int w = filled; w < kC; ++w) batch[w] = {batch[0].i, batch[0].j0, 0};
    run_batch<kC, kKernel>(m, t, batch, N, K, A, B, C, D);
  }
}

} // namespace
WAVEMMA_AVX2_END

namespace {

using AligningTile = void (*)(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                              uint64_t* D);

// The aligning kernel of each engine, with the number of 8-lane chains it interleaves: four pay
// for the gfx12 step (its dependency chain is long and it spills little), two for the others
// (more spill, and slower: numeric_bench).
// clang-format off
struct AligningKernel {
  Engine engine;
  bool (*covers)(Model const&);
  AligningTile tile;
};
constexpr AligningKernel kAligningKernels[] = {
  {Engine::kCdna3FusedDot, cdna3_covers, dot_tile_aligning<2, cdna3_chains<2>>},
  {Engine::kCdna3Fp8Dot,   cdna3_covers, dot_tile_aligning<2, cdna3_chains<2>>},
  {Engine::kRdna3Dot2,     rdna_covers,  dot_tile_aligning<2, rdna_chains<2>>},
  {Engine::kRdna4Dot4,     rdna_covers,  dot_tile_aligning<4, rdna_chains<4>>},
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

bool dot_tile_simd(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B,
                   uint64_t const* C, uint64_t* D) {
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
bool has_simd_kernel(Model const&) {
  return false;
}
bool dot_tile_simd(Model const&, int, int, int, uint64_t const*, BView const&, uint64_t const*,
                   uint64_t*) {
  return false;
}
} // namespace wavemma::numeric::detail

#endif
