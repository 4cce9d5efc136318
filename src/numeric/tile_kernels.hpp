#pragma once
// The AVX2 dot_tile kernels, one signature for every kind (TileKernel, dispatched by one table in
// tile_simd.cpp): the lane-wise kernels (tile_lanewise.cpp: kFmaChain f32/f64, kIntegerDot,
// kCdna2PairwiseDot), the exact-block kernel (tile_exact_blocks.cpp: kCdna1ExactDot,
// kCdna4ScaledDot) and the aligning engines' kernels (CDNA3 Algorithms 1 and 2, gfx11 DOT2, gfx12
// DOT4), with what the aligning ones share: the operands decoded once per tile into structure-of-arrays form
// (tile_pack.cpp), and the chains a kernel runs at once. Each lane is one output column; a few vectors of 8 lanes
// ("chains") run interleaved so that their dependency chains overlap. x86-64 only; the kernels are AVX2 code
// (simd.hpp), the functions that say which models they cover are not.

#include "simd.hpp"
#include "tile.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wavemma::numeric::detail {

// Whether a kernel covers the model (formats, output, group; K products per element).
bool lanewise_covers(Model const&, int K);
bool exact_blocks_covers(Model const&, int K);
bool cdna3_covers(Model const&);
bool rdna_covers(Model const&);

WAVEMMA_AVX2_BEGIN

using simd::kLanes;

// Alignment exponent of a zero (or flushed) factor: two of them still fit an int32, and any sum
// with it lies far below every real exponent, so such products never set a grid.
constexpr int32_t kZeroAe = -(1 << 20);

// Structure-of-arrays operands: A as [i][k], B as [r][j] with N padded to kLanes.
struct Packed {
  std::vector<int32_t> sig;     // signed significand << scale, in the low 16 bits (vpmaddwd-ready)
  std::vector<int32_t> ae;      // alignment exponent max(E,1) - bias - 12 (so ae_a + ae_b is the product
                                // grid 2^(e_a + e_b - 24)); kZeroAe for a zero significand
  std::vector<int32_t> neg;     // 0 or -1: the factor's sign, zeros included (the gfx11 frame needs it)
  std::vector<int32_t> special; // per row of A / column of B: -1 when it holds a NaN or an infinity
};

struct TileOperands {
  Packed a, b;
  int n_pad = 0;
  RowOffsets b_off; // where product k of output row i finds its B row
};

// Decodes A and B of a tile (every element once) for the model's kernel.
void pack(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, TileOperands&);

// Where the operands of one chain live: output row i, columns j0 .. j0 + kLanes - 1.
struct Site {
  Packed const* a;
  Packed const* b;
  size_t a_row;          // index of A[i][0]
  size_t b_col;          // column j0 of B
  uint32_t const* b_off; // offset of product k's B row, for this output row
  int32_t a_sig(int k) const { return a->sig[a_row + static_cast<size_t>(k)]; }
  int32_t a_ae(int k) const { return a->ae[a_row + static_cast<size_t>(k)]; }
  int32_t a_neg(int k) const { return a->neg[a_row + static_cast<size_t>(k)]; }
  size_t b_at(int k) const { return b_off[k] + b_col; }
  simd::V b_sig(int k) const { return simd::load8(&b->sig[b_at(k)]); }
  simd::V b_ae(int k) const { return simd::load8(&b->ae[b_at(k)]); }
  simd::V b_neg(int k) const { return simd::load8(&b->neg[b_at(k)]); }
};
template <int kC>
using Sites = Site[kC];
template <int kC>
using Lanes = simd::V[kC];

// A kernel runs the K products of kC chains: `d` holds the chains' C words on entry (the low 32
// bits of the element words) and their D words on return; it sets the lanes of `fallback` whose
// element the reference core must compute (a special C, or a case the kernel does not cover).
template <int kC>
using ChainKernel = void (*)(Model const&, Sites<kC> const&, int K, Lanes<kC>& d, Lanes<kC>& fallback);

namespace tile_detail {

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
inline void run_batch(Model const& m, TileOperands const& t, Batch<kC> const& batch, int N, int K, uint64_t const* A,
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
    fallback[w] =
        _mm256_or_si256(load8(&t.b.special[static_cast<size_t>(ch.j0)]), splat(t.a.special[static_cast<size_t>(ch.i)]));
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

// A whole tile by a kernel (instantiated where the kernel is defined, so that it inlines): the
// tile's 8-column chains, row by row, kC at a time (a short last batch is padded with chains
// that are computed and not written).
template <int kC, ChainKernel<kC> kKernel>
void tile_by_chains(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
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

} // namespace tile_detail

// The kernels, a tile at a time. The aligning ones interleave as many chains as pay for it (four
// for the gfx12 step, whose dependency chain is long and which spills little; two for the others,
// which spill more: numeric_bench).
using TileKernel = void (*)(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                            uint64_t* D);
void lanewise_tile(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                   uint64_t* D);
void exact_blocks_tile(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                       uint64_t* D);
void cdna3_tile(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D);
void rdna3_tile(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D);
void rdna4_tile(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D);

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail
