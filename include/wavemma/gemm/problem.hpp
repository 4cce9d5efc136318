#pragma once
// The GEMM problem as the kernel sees it, and the small device helpers the policies share.
// HIP dialect: compiled for the host with wavemma::simt and for AMD GPUs with clang -x hip.

#include <stdint.h>

#include "wavemma/hip.hpp"

namespace wavemma::gemm {

// C[m x n] = A[m x k] * B[k x n], row-major, C written (not accumulated). Sparse policies read A
// compressed (m x k/2 stored values) with its 2-bit positions (m x k/2, one per byte).
template <class In, class Out>
struct Problem {
  In const* a;
  uint8_t const* a_index; // sparse policies only
  In const* b;
  Out* c;
  int m, n, k;
};

// The raw bits of an element, as an unsigned integer of its size.
template <class T>
__host__ __device__ inline auto bits_of(T x) {
  if constexpr (sizeof(T) == 1) return __builtin_bit_cast(uint8_t, x);
  else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(uint16_t, x);
  else if constexpr (sizeof(T) == 4) return __builtin_bit_cast(uint32_t, x);
  else return __builtin_bit_cast(uint64_t, x);
}

// Register words of one operand of one lane: element n of e bits sits at bits [n*e, n*e+e).
template <int Vgprs>
struct Words {
  uint32_t w[Vgprs];
  __host__ __device__ void put(int n, int e, uint64_t v) {
    int const bit = n * e;
    if (e == 64) {
      w[bit / 32] = static_cast<uint32_t>(v);
      w[bit / 32 + 1] = static_cast<uint32_t>(v >> 32);
    } else {
      uint32_t const mask = e == 32 ? 0xffffffffu : ((1u << e) - 1u);
      w[bit / 32] |= (static_cast<uint32_t>(v) & mask) << (bit % 32);
    }
  }
  __host__ __device__ uint64_t get(int n, int e) const {
    int const bit = n * e;
    if (e == 64) return w[bit / 32] | static_cast<uint64_t>(w[bit / 32 + 1]) << 32;
    uint32_t const mask = e == 32 ? 0xffffffffu : ((1u << e) - 1u);
    return (w[bit / 32] >> (bit % 32)) & mask;
  }
};

// An output value of type Out from the low bits of a register element.
template <class Out>
__host__ __device__ inline Out out_from_bits(uint64_t v) {
  if constexpr (sizeof(Out) == 8) return __builtin_bit_cast(Out, v);
  else return __builtin_bit_cast(Out, static_cast<uint32_t>(v));
}

} // namespace wavemma::gemm
