#pragma once
// The operands of the lane-wise AVX2 kernels (tile_lanewise.cpp, tile_exact_blocks.cpp): every
// element of A and B converted once to the word a kernel computes with, B's columns padded to a
// whole vector, and the rows of A and columns of B that go to the reference. x86-64 only.

#include "simd.hpp"
#include "tile.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wavemma::numeric::detail {

WAVEMMA_AVX2_BEGIN

constexpr int kLanes64 = 4; // 64-bit lanes per vector

// A as [i][k], B as [r][j] (N padded to a multiple of the vector's lanes), one word per element.
template <class W>
struct LaneOperands {
  std::vector<W> a, b;
  std::vector<int32_t> a_nan, b_nan; // per row of A / column of B: -1 when it holds a NaN
  int n_pad = 0;
  RowOffsets b_off; // where product k of output row i finds its B row
};

// Packs A and B for the kernels: word_a(raw) and word_b(raw) are what a kernel computes with, and
// nan_a(raw) / nan_b(raw) mark the rows and columns that go to the reference.
template <int kVectorLanes, class W, class WordA, class WordB, class NanA, class NanB>
void pack_lanes(int M, int N, int K, uint64_t const* A, BView const& B, LaneOperands<W>& t, WordA word_a, WordB word_b,
                NanA nan_a, NanB nan_b) {
  auto const k_size = static_cast<size_t>(K);
  t.n_pad = (N + kVectorLanes - 1) / kVectorLanes * kVectorLanes;
  auto const n_pad = static_cast<size_t>(t.n_pad);
  t.a.resize(static_cast<size_t>(M) * k_size);
  t.a_nan.assign(static_cast<size_t>(M), 0);
  for (size_t i = 0; i < static_cast<size_t>(M); ++i) {
    for (size_t k = 0; k < k_size; ++k) {
      uint64_t const raw = A[i * k_size + k];
      t.a[i * k_size + k] = word_a(raw);
      if (nan_a(raw)) t.a_nan[i] = -1;
    }
  }
  auto const rows = static_cast<size_t>(B.b_rows);
  t.b.assign(rows * n_pad, W{}); // padding columns: +0
  t.b_nan.assign(n_pad, 0);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < static_cast<size_t>(N); ++j) {
      uint64_t const raw = B.data[r * B.row_stride + j * B.col_stride];
      t.b[r * n_pad + j] = word_b(raw);
      if (nan_b(raw)) t.b_nan[j] = -1;
    }
  }
  t.b_off.build(B, M, K, n_pad);
}

WAVEMMA_AVX2_END

} // namespace wavemma::numeric::detail
