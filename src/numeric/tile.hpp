#pragma once
// Internal tile kernels behind dot_tile and dot_tile_rows.

#include "wavemma/numeric/engine.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wavemma::numeric::detail {

// B as the kernels read it. Element (k, j) of output row i is data[r * row_stride + j * col_stride]
// with r = rows[i * K + k] (rows == nullptr: r = k). dot_tile's Bt is {row_stride 1, col_stride K};
// dot_tile_rows' B is {row_stride N, col_stride 1} with its row map.
struct BView {
  uint64_t const* data;
  size_t row_stride, col_stride;
  int b_rows;           // rows of B (the values r can take)
  uint32_t const* rows; // M x K B-row indices, or nullptr
  int K;

  size_t row(int i, int k) const {
    return rows != nullptr ? rows[static_cast<size_t>(i) * static_cast<size_t>(K) + static_cast<size_t>(k)]
                           : static_cast<size_t>(k);
  }
  uint64_t at(int i, int k, int j) const { return data[row(i, k) * row_stride + static_cast<size_t>(j) * col_stride]; }
};

// Where product k of output row i finds its B row in a packed [r][n_pad] array: one table for
// every row without a row map (stride 0), one per output row with one.
struct RowOffsets {
  std::vector<uint32_t> offset;
  size_t stride = 0;
  void build(BView const&, int M, int K, size_t n_pad);
  uint32_t const* of_row(int i) const { return offset.data() + static_cast<size_t>(i) * stride; }
};

// The epilogue of every vectorised kernel for the lanes it could not finish: writes D[i][j0 + l]
// for l < n, the reference core's result where bit l of `redo` is set and computed[l] elsewhere,
// and counts the recomputed elements. C is read before D is written: D may be C.
void finish_with_reference(Model const&, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                           uint64_t* D, int i, int j0, int n, uint64_t const* computed, uint32_t redo);

// Decodes every A/B element once, then runs the reference core per output element.
void dot_tile_generic(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                      uint64_t* D);

// Vectorised kernels (AVX2) for the hot models; returns false when the model has none or the
// build has no AVX2, and then leaves D untouched.
bool dot_tile_simd(Model const&, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                   uint64_t* D);

// Whether dot_tile_simd has a kernel for this model in this build (for some K).
bool has_simd_kernel(Model const&);

// dot_tile_scaled's vectorised kernel (kCdna4ScaledDot, AVX2, default MXCSR); false when it cannot
// run, and then D is untouched. D may be C.
bool dot_tile_scaled_simd(Model const&, int M, int N, int K, uint64_t const* A, uint8_t const* SA, uint64_t const* Bt,
                          uint8_t const* SBt, uint64_t const* C, uint64_t* D);

} // namespace wavemma::numeric::detail
