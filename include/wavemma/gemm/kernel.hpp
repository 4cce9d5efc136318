#pragma once
// The generic tiled kernel of the seeds, with its two interfaces as concepts.
//
// A block computes a block_m x block_n tile of C. Its threads form "units" of ComputePolicy::lanes
// threads (a wave for matrix instructions, one thread for scalar FMA); each unit owns a
// tile_m x tile_n sub-tile. The K dimension is walked strip by strip (TilePolicy::k_tile) and,
// within a strip, k_step at a time, always in increasing k: the order in which the hardware would
// accumulate, so the result equals the chain of single-instruction emulations bit for bit.

#include <concepts>

#include "wavemma/gemm/compute.hpp"

namespace wavemma::gemm {

template <class T>
concept TilePolicy = requires {
  typename T::elem;
  typename T::SharedStorage;
  { T::block_m } -> std::convertible_to<int>;
  { T::block_n } -> std::convertible_to<int>;
  { T::k_tile } -> std::convertible_to<int>;
  { T::buffers } -> std::convertible_to<int>;
  { T::sparse } -> std::convertible_to<bool>;
} && (T::block_m > 0 && T::block_n > 0 && T::k_tile > 0);

template <class C>
concept ComputePolicy = requires {
  typename C::elem;
  typename C::out;
  typename C::Accumulator;
  typename C::FragA;
  typename C::FragB;
  { C::lanes } -> std::convertible_to<int>;
  { C::tile_m } -> std::convertible_to<int>;
  { C::tile_n } -> std::convertible_to<int>;
  { C::k_step } -> std::convertible_to<int>;
} && (C::lanes > 0 && C::tile_m > 0 && C::tile_n > 0 && C::k_step > 0);

// Threads per block: one unit per sub-tile. Every unit's sub-tile lies inside the block tile by
// construction, and the block tile is exactly covered (seed-errata.md §A.3).
template <class TP, class CP>
inline constexpr int block_threads = (TP::block_m / CP::tile_m) * (TP::block_n / CP::tile_n) * CP::lanes;

template <class TP, class CP>
consteval bool compatible() {
  static_assert(TilePolicy<TP>, "TilePolicy lacks elem, SharedStorage, block_m, block_n, k_tile, buffers or sparse");
  static_assert(ComputePolicy<CP>, "ComputePolicy lacks elem, out, Accumulator, FragA, FragB, lanes, tile_m, tile_n or k_step");
  static_assert(std::same_as<typename TP::elem, typename CP::elem>, "the policies disagree on the element type");
  static_assert(TP::block_m % CP::tile_m == 0 && TP::block_n % CP::tile_n == 0,
                "the block tile must be a whole number of ComputePolicy tiles");
  static_assert(TP::k_tile % CP::k_step == 0, "a strip must be a whole number of k-steps");
  static_assert(block_threads<TP, CP> <= 1024, "more than 1024 threads per block");
  return true;
}

template <class TP, class CP, class T>
__global__ void __launch_bounds__((block_threads<TP, CP>))
matrix_multiply_generic(Problem<T, typename CP::out> p) {
  static_assert(compatible<TP, CP>());
  static_assert(std::same_as<T, typename TP::elem>, "T is the policies' element type");
  __shared__ typename TP::SharedStorage smem;
  int const tid = threadIdx.x;
  int const nthreads = blockDim.x;
  int const lane = tid % CP::lanes, unit = tid / CP::lanes;
  int const units_n = TP::block_n / CP::tile_n;
  int const row0 = (unit / units_n) * CP::tile_m, col0 = (unit % units_n) * CP::tile_n;
  int const block_row = blockIdx.y * TP::block_m, block_col = blockIdx.x * TP::block_n;

  typename CP::Accumulator acc;
  CP::zero(acc);
  int const tiles = (p.k + TP::k_tile - 1) / TP::k_tile;
  TP::prologue(smem, p, block_row, block_col, tid, nthreads);
  for (int t = 0; t < tiles; ++t) {
    TP::prefetch(smem, p, t, tiles, block_row, block_col, tid, nthreads);
    TP::acquire(t);
    TileView<T> const view = TP::view(smem, t);
    for (int ki = 0; ki < TP::k_tile; ki += CP::k_step) {
      auto const a = CP::load_a(view, row0, ki, lane);
      auto const b = CP::load_b(view, col0, ki, lane);
      CP::mma(acc, a, b);
    }
    TP::release(t);
  }
  CP::store(acc, p.c, p.n, block_row + row0, block_col + col0, p.m, p.n, lane);
}

} // namespace wavemma::gemm
