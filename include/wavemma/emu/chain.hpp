#pragma once
// A whole matrix product as the hardware would form it: the chain of single-instruction
// emulations in K order. Each instruction tile of D starts from its tile of C (or +0) and takes the
// instruction's K at a time; the tiles are spread over the cores. This is the reference of
// `wavemma gemm` and what `wavemma.matmul` computes.

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "wavemma/emu/emulator.hpp"

namespace wavemma::emu {

// Raw element bits, row-major. Sparse instructions: `a` is the stored A (m x k/2) and `index` its
// 2-bit positions (m x k/2), as compress_2to4 gives them.
struct Product {
  int m = 0, n = 0, k = 0;
  uint64_t const* a = nullptr;     // m x k (sparse: m x k/2)
  uint64_t const* index = nullptr; // sparse only
  uint64_t const* b = nullptr;     // k x n
  uint64_t const* c = nullptr;     // m x n start values; nullptr: +0
  // Scaled instructions: the E8M0 scale of row i of A for K block q (of 32) at scale_a[i * kb + q],
  // of column j of B at scale_b[q * n + j], kb = ceil(k/32).
  uint64_t const* scale_a = nullptr;
  uint64_t const* scale_b = nullptr;
};

// D (m x n) = the chain over the tiles of the product. Tiles at the edges are zero-filled where the
// sizes are not multiples of the instruction's; a multi-block instruction computes `blocks` tiles
// per issue (its blocks are independent products). threads = 0: every core. Throws
// std::invalid_argument for a bad issue, a K a sparse instruction cannot split into groups of 4,
// or broadcast modifiers (CBSZ/ABID, BLGP) on a multi-block instruction, whose blocks are tiles here.
void chain(Issue const&, Product const&, uint64_t* d, int threads = 0);

// What chain refuses, as it refuses it (std::invalid_argument), for the other implementations of
// the chain (wavemma::cuda) to refuse the same.
void check_chain(Issue const&, Product const&);

// Runs f(begin, end) over [0, count) split into one contiguous range per thread.
template <class F>
void parallel_ranges(int count, int threads, F const& f) {
  if (threads <= 0) threads = static_cast<int>(std::thread::hardware_concurrency());
  threads = std::max(1, std::min(threads, count));
  if (threads == 1) return f(0, count);
  std::vector<std::thread> pool;
  // The bounds in 64 bits: count * t overflows int for large counts and thread numbers.
  auto const bound = [&](int t) { return static_cast<int>(int64_t{count} * t / threads); };
  for (int t = 0; t < threads; ++t) pool.emplace_back([&, t] { f(bound(t), bound(t + 1)); });
  for (auto& th : pool) th.join();
}

} // namespace wavemma::emu
