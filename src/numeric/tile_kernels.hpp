#pragma once
// The aligning engines' AVX2 kernels (CDNA3 Algorithms 1 and 2, gfx11 DOT2, gfx12 DOT4) and what
// they share: the operands decoded once per tile into structure-of-arrays form (tile_pack.cpp),
// and the chains a kernel runs at once. Each lane is one output column; a few vectors of 8 lanes
// ("chains") run interleaved so that their dependency chains overlap. x86-64 only; the kernels are AVX2 code
// (simd.hpp), the functions that say which models they cover are not.

#include "simd.hpp"
#include "tile.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wavemma::numeric::detail {

// Whether a kernel covers the model (formats, output, group).
bool cdna3_covers(Model const&);
bool rdna_covers(Model const&);

WAVEMMA_AVX2_BEGIN

using simd::kLanes;

// Alignment exponent of a zero (or flushed) factor: two of them still fit an int32, and any sum
// with it lies far below every real exponent, so such products never set a grid.
constexpr int32_t kZeroAe = -(1 << 20);

// Structure-of-arrays operands: A as [i][k], B as [r][j] with N padded to kLanes.
struct Packed {
  std::vector<int32_t> sig; // signed significand << scale, in the low 16 bits (vpmaddwd-ready)
  std::vector<int32_t> ae; // alignment exponent max(E,1) - bias - 12 (so ae_a + ae_b is the product
                           // grid 2^(e_a + e_b - 24)); kZeroAe for a zero significand
  std::vector<int32_t> neg; // 0 or -1: the factor's sign, zeros included (the gfx11 frame needs it)
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
// How many chains pay depends on the kernel's registers and dependency chains (tile_simd.cpp).
template <int kC>
using ChainKernel = void (*)(Model const&, Sites<kC> const&, int K, Lanes<kC>& d, Lanes<kC>& fallback);

template <int kC>
void cdna3_chains(Model const&, Sites<kC> const&, int K, Lanes<kC>& d, Lanes<kC>& fallback);
template <int kC>
void rdna_chains(Model const&, Sites<kC> const&, int K, Lanes<kC>& d, Lanes<kC>& fallback);

WAVEMMA_AVX2_END
} // namespace wavemma::numeric::detail
