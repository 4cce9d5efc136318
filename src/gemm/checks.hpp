#pragma once
// The checks of one GEMM run: before the launch, that the ComputePolicy's thread tiles cover the
// block tile; after it, the kernel's C bit for bit against the chain of single-instruction
// emulations in K order (or, for scalar policies, a correctly rounded fma per k), and within a
// tolerance of an f64 reference.

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <string>
#include <vector>

#include "inputs.hpp"
#include "wavemma/emu/chain.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/simt/runtime.hpp"

namespace wavemma::gemm::detail {

// Runs f(row_begin, row_end) over [0, rows) on the runtime's threads (simt::threads(): every core
// unless set_threads or WAVEMMA_THREADS says otherwise).
template <class F>
void parallel_rows(int rows, F const& f) {
  emu::parallel_ranges(rows, simt::threads(), f);
}

// The chain of single-instruction emulations in K order (emu::chain): each instruction tile of C
// starts at +0 and takes the instruction K at a time, edges zero-filled. Independent of the
// kernel, its tiling, its LDS and the SIMT runtime.
std::vector<uint64_t> emulation_chain(emu::Issue const&, Inputs const&, int m, int n, int k);

// Scalar FMA: a correctly rounded fma per k, in k order, from +0.
template <class Elem>
std::vector<uint64_t> fma_chain(Inputs const& x, int m, int n, int k) {
  std::vector<uint64_t> c(size_t(m) * n);
  parallel_rows(m, [&](int i0, int i1) {
    for (int i = i0; i < i1; ++i)
      for (int j = 0; j < n; ++j) {
        Elem acc{};
        for (int kk = 0; kk < k; ++kk)
          acc =
              std::fma(element<Elem>(x.a[size_t(i) * k + kk], x.in), element<Elem>(x.b[size_t(kk) * n + j], x.in), acc);
        c[size_t(i) * n + j] = out_bits(acc);
      }
  });
  return c;
}

// The error bound of a K-term dot product in the output format: (K + 2) units of the accumulator
// (the hardware models truncate at most one unit per term and round once per step) times the
// sum of |a*b|; xf32 adds its input truncation (13 of 23 fraction bits dropped: 2^-9 relative
// per product). Integers are exact.
double tolerance(numeric::Format in, numeric::Format out, int k, long double abs_sum);

// Fills r's bitwise_equal, mismatches, first_mismatch, max_abs_error, max_error_over_tolerance
// and passed from the kernel's C (got) and the chain of emulations.
void compare(RunResult& r, Inputs const& x, std::vector<uint64_t> const& got, std::vector<uint64_t> const& chain, int m,
             int n, int k);

// Why the threads' tiles (thread_tile_offset of each thread of a block) do not cover the block tile
// exactly, or nothing: the effective_lanes threads of a unit share one tile, and the units' tiles
// are aligned, inside the block tile and distinct (seed-errata.md §A.3, where they overlap).
template <class TP, class CP>
std::string thread_tile_misfit(int threads) {
  constexpr int tm = CP::thread_tile_m, tn = CP::thread_tile_n, lanes = CP::effective_lanes;
  std::map<std::pair<int, int>, int> owner; // tile -> first thread
  for (int first = 0; first < threads; first += lanes) {
    int r0 = 0, c0 = 0;
    CP::thread_tile_offset(first, 0, &r0, &c0);
    for (int lane = 1; lane < lanes && first + lane < threads; ++lane) {
      int r = 0, c = 0;
      CP::thread_tile_offset(first + lane, lane, &r, &c);
      if (r != r0 || c != c0)
        return fmt::format("threads {} and {} share a unit of {} lanes but have tiles at ({}, {}) and ({}, {})", first,
                           first + lane, lanes, r0, c0, r, c);
    }
    if (r0 < 0 || c0 < 0 || r0 % tm || c0 % tn || r0 + tm > TP::block_tile_m || c0 + tn > TP::block_tile_n)
      return fmt::format("thread {}'s {}x{} tile at ({}, {}) is not an aligned tile of the {}x{} block tile", first, tm,
                         tn, r0, c0, TP::block_tile_m, TP::block_tile_n);
    auto const [it, fresh] = owner.try_emplace({r0, c0}, first);
    if (!fresh) return fmt::format("threads {} and {} compute the same tile at ({}, {})", it->second, first, r0, c0);
  }
  return {};
}

} // namespace wavemma::gemm::detail
