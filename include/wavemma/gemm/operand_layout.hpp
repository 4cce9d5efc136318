#pragma once
// An operand's register layout for device code: the catalog's bit routing as a table, and the one
// template that applies it.
//
// Element n of a lane's slice of an operand sits at bits [n*e, n*e+e) of the lane's register tuple
// (VGPR n*e/32). The routing says where each binary digit of the element's coordinate (block, row,
// col) comes from: a bit of the lane, or a bit of n (wavemma/isa/layout.hpp). The tables are
// generated from the catalog (generated/instructions.hpp), one per distinct layout.

#include <stdint.h>

#include "wavemma/hip.hpp"

namespace wavemma::gemm {

// Where one coordinate bit comes from.
struct RoutedBit {
  enum From : uint8_t { kNothing, kLane, kN };
  From from = kNothing;
  uint8_t bit = 0;
};
__host__ __device__ constexpr RoutedBit lane_bit(int b) { return {RoutedBit::kLane, static_cast<uint8_t>(b)}; }
__host__ __device__ constexpr RoutedBit n_bit(int b) { return {RoutedBit::kN, static_cast<uint8_t>(b)}; }

// (lane, n) -> (block, row, col). Coordinate c has 2^c_bits values; bit b of it is c[b]'s source.
struct Routing {
  static constexpr int kMaxBits = 8;
  int elem_bits = 0, vgprs = 0;
  int block_bits = 0, row_bits = 0, col_bits = 0;
  uint32_t lane_mask = 0, lane_value = 0; // the lanes that hold the operand: (lane & mask) == value
  uint32_t n_mask = 0, n_value = 0;       // the slots that hold it: (n & mask) == value
  RoutedBit block[kMaxBits]{}, row[kMaxBits]{}, col[kMaxBits]{};
};

template <Routing R>
struct OperandLayout {
  static constexpr int elem_bits = R.elem_bits, vgprs = R.vgprs;
  static constexpr int slots = vgprs * 32 / elem_bits > 0 ? vgprs * 32 / elem_bits : 1; // n < slots
  static constexpr int blocks = 1 << R.block_bits, rows = 1 << R.row_bits, cols = 1 << R.col_bits;

  // Whether slot n of this lane holds an element (RDNA4 wave64 half-waves and OPSEL halves do not).
  __host__ __device__ static constexpr bool holds(int lane, int n) {
    return (static_cast<uint32_t>(n) & R.n_mask) == R.n_value &&
           (static_cast<uint32_t>(lane) & R.lane_mask) == R.lane_value;
  }
  __host__ __device__ static constexpr int block(int lane, int n) { return gather(R.block, R.block_bits, lane, n); }
  __host__ __device__ static constexpr int row(int lane, int n) { return gather(R.row, R.row_bits, lane, n); }
  __host__ __device__ static constexpr int col(int lane, int n) { return gather(R.col, R.col_bits, lane, n); }

private:
  __host__ __device__ static constexpr int gather(RoutedBit const (&src)[Routing::kMaxBits], int bits, int lane,
                                                  int n) {
    int v = 0;
    for (int b = 0; b < bits; ++b)
      if (src[b].from != RoutedBit::kNothing)
        v |= ((src[b].from == RoutedBit::kLane ? lane : n) >> src[b].bit & 1) << b;
    return v;
  }
};

} // namespace wavemma::gemm
