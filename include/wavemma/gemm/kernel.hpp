#pragma once
// The seeds' generic kernel, matrix_multiply_generic<TilePolicy, ComputePolicy, ElemIn>(A, B, C, m,
// n, k), and its two interfaces as the seed documents write them (reference/gemm-system.md §2):
//
//   TilePolicy: num_buffers, block_tile_m, block_tile_n, k_tile_size, SharedStorage;
//     prologue(smem, A, B, block_row_start, block_col_start, m, n, k, tid, num_threads),
//     prefetch(smem, A, B, t_next, block_row_start, block_col_start, m, n, k, tid, num_threads),
//     acquire(t), release(t), buf_idx(t), get_tile_a(smem, buf), get_tile_b_T(smem, buf).
//   ComputePolicy: thread_tile_m, thread_tile_n, effective_lanes, k_step, [frag_size_m, frag_size_n],
//     elem_a, elem_b, Accumulator; zero(acc), thread_tile_offset(tid, lane_id, &row, &col),
//     load_a(tile_a, row, ki, k_tile_size, lane_id, frag), load_b(tile_b_T, col, ki, k_tile_size,
//     lane_id, frag), mma(acc, a_frag, b_frag), store_c(acc, C, row, col, m, n, lane_id).
//
// A seed-style policy plugs in unchanged. wavemma adds, without changing any of the above: C of
// the type the ComputePolicy names as elem_c (the seeds' float if it names none), and a second
// kernel, matrix_multiply_sparse, for 2:4 sparse A (the TilePolicy's prologue and prefetch then take
// A_index after A, it has get_tile_a_index, and load_a takes the index strip after the A strip).
//
// K is walked strip by strip and, within a strip, k_step at a time, always in increasing k: the
// order in which the hardware would accumulate, so the result equals the chain of single-
// instruction emulations bit for bit. Every member is checked before the body is instantiated, so a
// policy that lacks one gets one message naming it.

#include <concepts>
#include <stdint.h>
#include <type_traits>
#include <utility>

#include "wavemma/hip.hpp"

namespace wavemma::gemm {

// The C element a ComputePolicy writes: its elem_c, or the seeds' float.
template <class CP>
struct c_elem {
  using type = float;
};
template <class CP>
  requires requires { typename CP::elem_c; }
struct c_elem<CP> {
  using type = typename CP::elem_c;
};
template <class CP>
using c_elem_t = typename c_elem<CP>::type;

// The element a TilePolicy stages (what get_tile_a points to): the kernel's ElemIn.
template <class Tile>
using staged_elem_t = std::remove_cvref_t<
    std::remove_pointer_t<decltype(Tile::get_tile_a(std::declval<typename Tile::SharedStorage&>(), 0))>>;

// The fragment lengths: frag_size_m/n where the policy has them, else the seeds' generic kernel's
// thread_tile_m/n.
template <class CP>
consteval int frag_size_m() {
  if constexpr (requires { CP::frag_size_m; })
    return CP::frag_size_m;
  else
    return CP::thread_tile_m;
}
template <class CP>
consteval int frag_size_n() {
  if constexpr (requires { CP::frag_size_n; })
    return CP::frag_size_n;
  else
    return CP::thread_tile_n;
}

// --- the members, one concept each ---------------------------------------------------------------

namespace tile_member {
template <class T>
concept constants = requires {
  { T::num_buffers } -> std::convertible_to<int>;
  { T::block_tile_m } -> std::convertible_to<int>;
  { T::block_tile_n } -> std::convertible_to<int>;
  { T::k_tile_size } -> std::convertible_to<int>;
  typename T::SharedStorage;
};
// 2:4 sparse A: the TilePolicy also stages the positions of the stored values.
template <class T>
concept sparse = constants<T> && requires(typename T::SharedStorage& s) {
  { T::get_tile_a_index(s, 0) } -> std::convertible_to<uint8_t const*>;
};
template <class T, class E>
concept prologue = constants<T> && requires(typename T::SharedStorage& s, E const* p, uint8_t const* x, int i) {
  requires(sparse<T> ? requires { T::prologue(s, p, x, p, i, i, i, i, i, i, i); }
                     : requires { T::prologue(s, p, p, i, i, i, i, i, i, i); });
};
template <class T, class E>
concept prefetch = constants<T> && requires(typename T::SharedStorage& s, E const* p, uint8_t const* x, int i) {
  requires(sparse<T> ? requires { T::prefetch(s, p, x, p, i, i, i, i, i, i, i, i); }
                     : requires { T::prefetch(s, p, p, i, i, i, i, i, i, i, i); });
};
template <class T>
concept acquire = requires(int t) { T::acquire(t); };
template <class T>
concept release = requires(int t) { T::release(t); };
template <class T>
concept buf_idx = requires(int t) {
  { T::buf_idx(t) } -> std::convertible_to<int>;
};
template <class T, class E>
concept get_tile_a = constants<T> && requires(typename T::SharedStorage& s) {
  { T::get_tile_a(s, 0) } -> std::convertible_to<E const*>;
};
template <class T, class E>
concept get_tile_b_T = constants<T> && requires(typename T::SharedStorage& s) {
  { T::get_tile_b_T(s, 0) } -> std::convertible_to<E const*>;
};
} // namespace tile_member

namespace compute_member {
template <class C>
concept constants = requires {
  { C::thread_tile_m } -> std::convertible_to<int>;
  { C::thread_tile_n } -> std::convertible_to<int>;
  { C::effective_lanes } -> std::convertible_to<int>;
  { C::k_step } -> std::convertible_to<int>;
  typename C::elem_a;
  typename C::elem_b;
  typename C::Accumulator;
};
template <class C>
concept zero = constants<C> && requires(typename C::Accumulator& acc) { C::zero(acc); };
template <class C>
concept thread_tile_offset = requires(int i, int* p) { C::thread_tile_offset(i, i, p, p); };
template <class C, class E, bool Sparse>
concept load_a =
    constants<C> && requires(E const* tile, uint8_t const* index, int i, typename C::elem_a (&frag)[frag_size_m<C>()]) {
      requires(Sparse ? requires { C::load_a(tile, index, i, i, i, i, frag); }
                      : requires { C::load_a(tile, i, i, i, i, frag); });
    };
template <class C, class E>
concept load_b = constants<C> && requires(E const* tile, int i, typename C::elem_b (&frag)[frag_size_n<C>()]) {
  C::load_b(tile, i, i, i, i, frag);
};
template <class C>
concept mma = constants<C> && requires(typename C::Accumulator& acc, typename C::elem_a const (&a)[frag_size_m<C>()],
                                       typename C::elem_b const (&b)[frag_size_n<C>()]) { C::mma(acc, a, b); };
template <class C>
concept store_c = constants<C> && requires(typename C::Accumulator const& acc, c_elem_t<C>* c, int i) {
  C::store_c(acc, c, i, i, i, i, i);
};
} // namespace compute_member

template <class T, class ElemIn>
concept TilePolicy =
    tile_member::constants<T> && tile_member::prologue<T, ElemIn> && tile_member::prefetch<T, ElemIn> &&
    tile_member::acquire<T> && tile_member::release<T> && tile_member::buf_idx<T> &&
    tile_member::get_tile_a<T, ElemIn> && tile_member::get_tile_b_T<T, ElemIn>;

template <class C, class ElemIn, bool Sparse = false>
concept ComputePolicy = compute_member::constants<C> && compute_member::zero<C> &&
                        compute_member::thread_tile_offset<C> && compute_member::load_a<C, ElemIn, Sparse> &&
                        compute_member::load_b<C, ElemIn> && compute_member::mma<C> && compute_member::store_c<C>;

// Threads per block: one thread tile per effective_lanes threads (a wave for a matrix instruction,
// one thread for scalar FMA), one thread tile per (block_tile / thread_tile).
template <class TP, class CP>
consteval int block_threads() {
  if constexpr (tile_member::constants<TP> && compute_member::constants<CP>)
    return (TP::block_tile_m / CP::thread_tile_m) * (TP::block_tile_n / CP::thread_tile_n) * CP::effective_lanes;
  else
    return 1; // the checks below say what is missing
}

// Each missing member, one message; then the seeds' trait checks and the fit of the two policies
// (seed-errata.md §A.3: the thread tiles must cover the block tile exactly).
template <class TP, class CP, class ElemIn, bool Sparse>
consteval bool policies_fit() {
  static_assert(tile_member::constants<TP>, "TilePolicy needs static constexpr int num_buffers, block_tile_m, "
                                            "block_tile_n, k_tile_size and a struct SharedStorage");
  static_assert(compute_member::constants<CP>, "ComputePolicy needs static constexpr int thread_tile_m, thread_tile_n, "
                                               "effective_lanes, k_step and types elem_a, elem_b, Accumulator");
  if constexpr (!tile_member::constants<TP> || !compute_member::constants<CP>) {
    return false;
  } else {
    if constexpr (Sparse) {
      static_assert(tile_member::sparse<TP>,
                    "matrix_multiply_sparse needs a TilePolicy with get_tile_a_index(smem, buf)");
      static_assert(tile_member::prologue<TP, ElemIn>,
                    "TilePolicy needs static void prologue(SharedStorage&, const ElemIn* A, const uint8_t* A_index, "
                    "const ElemIn* B, "
                    "int block_row_start, int block_col_start, int m, int n, int k, int tid, int num_threads)");
      static_assert(
          tile_member::prefetch<TP, ElemIn>,
          "TilePolicy needs static void prefetch(SharedStorage&, const ElemIn* A, const uint8_t* A_index, const "
          "ElemIn* B, "
          "int t_next, int block_row_start, int block_col_start, int m, int n, int k, int tid, int num_threads)");
    } else {
      static_assert(!tile_member::sparse<TP>,
                    "a TilePolicy with get_tile_a_index (2:4 sparse A) runs in matrix_multiply_sparse");
      static_assert(tile_member::prologue<TP, ElemIn>,
                    "TilePolicy needs static void prologue(SharedStorage&, const ElemIn* A, const ElemIn* B, int "
                    "block_row_start, "
                    "int block_col_start, int m, int n, int k, int tid, int num_threads)");
      static_assert(
          tile_member::prefetch<TP, ElemIn>,
          "TilePolicy needs static void prefetch(SharedStorage&, const ElemIn* A, const ElemIn* B, int t_next, "
          "int block_row_start, int block_col_start, int m, int n, int k, int tid, int num_threads)");
    }
    static_assert(tile_member::acquire<TP>, "TilePolicy needs static void acquire(int t)");
    static_assert(tile_member::release<TP>, "TilePolicy needs static void release(int t)");
    static_assert(tile_member::buf_idx<TP>, "TilePolicy needs static int buf_idx(int t)");
    static_assert(tile_member::get_tile_a<TP, ElemIn>,
                  "TilePolicy needs static ElemIn* get_tile_a(SharedStorage&, int buf)");
    static_assert(tile_member::get_tile_b_T<TP, ElemIn>,
                  "TilePolicy needs static ElemIn* get_tile_b_T(SharedStorage&, int buf)");
    static_assert(compute_member::zero<CP>, "ComputePolicy needs static void zero(Accumulator&)");
    static_assert(
        compute_member::thread_tile_offset<CP>,
        "ComputePolicy needs static void thread_tile_offset(int tid, int lane_id, int* thread_row, int* thread_col)");
    if constexpr (Sparse)
      static_assert(compute_member::load_a<CP, ElemIn, true>,
                    "ComputePolicy needs static void load_a(const ElemIn* tile_a, const uint8_t* tile_a_index, int "
                    "tile_a_row, int ki, "
                    "int k_tile_size, int lane_id, elem_a (&frag)[frag_size_m])");
    else
      static_assert(compute_member::load_a<CP, ElemIn, false>,
                    "ComputePolicy needs static void load_a(const ElemIn* tile_a, int tile_a_row, int ki, int "
                    "k_tile_size, int lane_id, "
                    "elem_a (&frag)[frag_size_m])");
    static_assert(compute_member::load_b<CP, ElemIn>, "ComputePolicy needs static void load_b(const ElemIn* tile_b_T, "
                                                      "int tile_b_col, int ki, int k_tile_size, int lane_id, "
                                                      "elem_b (&frag)[frag_size_n])");
    static_assert(compute_member::mma<CP>, "ComputePolicy needs static void mma(Accumulator&, const elem_a "
                                           "(&)[frag_size_m], const elem_b (&)[frag_size_n])");
    static_assert(compute_member::store_c<CP>, "ComputePolicy needs static void store_c(const Accumulator&, elem_c* C "
                                               "(float unless it names elem_c), int out_row_base, "
                                               "int out_col_base, int m, int n, int lane_id)");
    constexpr bool members =
        TilePolicy<TP, ElemIn> && ComputePolicy<CP, ElemIn, Sparse> && tile_member::sparse<TP> == Sparse;
    if constexpr (!members) {
      return false;
    } else {
      // The seeds' TilePolicyTraits and ComputePolicyTraits.
      static_assert(TP::num_buffers == 1 || TP::num_buffers == 2,
                    "TilePolicy::num_buffers must be 1 (single) or 2 (double-buffer)");
      static_assert(TP::block_tile_m > 0 && TP::block_tile_n > 0 && TP::k_tile_size > 0,
                    "TilePolicy's tile sizes must be positive");
      static_assert(std::is_trivially_destructible_v<typename TP::SharedStorage>,
                    "TilePolicy::SharedStorage must be trivially destructible");
      static_assert(CP::thread_tile_m > 0 && CP::thread_tile_n > 0 && CP::effective_lanes > 0 && CP::k_step > 0,
                    "ComputePolicy's constants must be positive");
      static_assert(std::is_trivially_constructible_v<typename CP::Accumulator>,
                    "ComputePolicy::Accumulator must be trivially constructible");
      // The fit.
      static_assert(TP::k_tile_size % CP::k_step == 0, "k_tile_size must be divisible by ComputePolicy::k_step");
      static_assert(TP::block_tile_m % CP::thread_tile_m == 0 && TP::block_tile_n % CP::thread_tile_n == 0,
                    "the block tile must be a whole number of thread tiles");
      static_assert(block_threads<TP, CP>() <= 1024, "more than 1024 threads per block");
      return true;
    }
  }
}

// A ComputePolicy of gfx950's block-scaled MFMA (ScaledMatrixCore): its mma takes each lane's scale
// VGPRs, which load_scales gathers from the product's scales.
template <class CP>
concept scaled_compute = requires { CP::scaled; };

// The body the kernels share. A_index is null for dense A; SA and SB for unscaled policies.
template <class TP, class CP, class ElemIn>
__device__ void gemm_block(ElemIn const* A, uint8_t const* A_index, ElemIn const* B, c_elem_t<CP>* C, int m, int n,
                           int k, uint8_t const* SA = nullptr, uint8_t const* SB = nullptr) {
  constexpr bool sparse = tile_member::sparse<TP>;
  __shared__ typename TP::SharedStorage smem;

  int const tid = threadIdx.y * blockDim.x + threadIdx.x;
  int const lane_id = tid % CP::effective_lanes;
  int const num_threads = blockDim.x * blockDim.y;
  int const block_row_start = blockIdx.y * TP::block_tile_m;
  int const block_col_start = blockIdx.x * TP::block_tile_n;

  int thread_row = 0, thread_col = 0;
  CP::thread_tile_offset(tid, lane_id, &thread_row, &thread_col);
  typename CP::Accumulator acc;
  CP::zero(acc);

  int const num_tiles = (k + TP::k_tile_size - 1) / TP::k_tile_size;
  if constexpr (sparse)
    TP::prologue(smem, A, A_index, B, block_row_start, block_col_start, m, n, k, tid, num_threads);
  else
    TP::prologue(smem, A, B, block_row_start, block_col_start, m, n, k, tid, num_threads);
  for (int t = 0; t < num_tiles; ++t) {
    // Single buffer: load strip t now. Double: strip t + 1 into the other buffer.
    int const t_next = t + (TP::num_buffers == 1 ? 0 : 1);
    if constexpr (sparse)
      TP::prefetch(smem, A, A_index, B, t_next, block_row_start, block_col_start, m, n, k, tid, num_threads);
    else
      TP::prefetch(smem, A, B, t_next, block_row_start, block_col_start, m, n, k, tid, num_threads);
    TP::acquire(t);
    int const buf = TP::buf_idx(t);
    ElemIn const* tile_a_ptr = TP::get_tile_a(smem, buf);
    ElemIn const* tile_b_T_ptr = TP::get_tile_b_T(smem, buf);
    for (int ki = 0; ki < TP::k_tile_size; ki += CP::k_step) {
      typename CP::elem_a a_frag[frag_size_m<CP>()];
      typename CP::elem_b b_frag[frag_size_n<CP>()];
      if constexpr (sparse)
        CP::load_a(tile_a_ptr, TP::get_tile_a_index(smem, buf), thread_row, ki, TP::k_tile_size, lane_id, a_frag);
      else
        CP::load_a(tile_a_ptr, thread_row, ki, TP::k_tile_size, lane_id, a_frag);
      CP::load_b(tile_b_T_ptr, thread_col, ki, TP::k_tile_size, lane_id, b_frag);
      if constexpr (scaled_compute<CP>) {
        uint32_t scales[2];
        CP::load_scales(SA, SB, block_row_start + thread_row, block_col_start + thread_col, t * TP::k_tile_size + ki, m,
                        n, k, lane_id, scales);
        CP::mma(acc, a_frag, b_frag, scales);
      } else {
        CP::mma(acc, a_frag, b_frag);
      }
    }
    TP::release(t);
  }
  CP::store_c(acc, C, block_row_start + thread_row, block_col_start + thread_col, m, n, lane_id);
}

// C[m x n] = A[m x k] * B[k x n], row-major, C written (not accumulated).
template <class TP, class CP, class ElemIn>
__global__ void __launch_bounds__((block_threads<TP, CP>()))
    matrix_multiply_generic(ElemIn const* __restrict__ A, ElemIn const* __restrict__ B, c_elem_t<CP>* __restrict__ C,
                            int m, int n, int k) {
  if constexpr (policies_fit<TP, CP, ElemIn, false>()) gemm_block<TP, CP>(A, nullptr, B, C, m, n, k);
}

// The same with 2:4 sparse A: A holds the stored values (m x k/2), A_index the 2-bit position of
// each in its group of four (m x k/2, one per byte).
template <class TP, class CP, class ElemIn>
__global__ void __launch_bounds__((block_threads<TP, CP>()))
    matrix_multiply_sparse(ElemIn const* __restrict__ A, uint8_t const* __restrict__ A_index,
                           ElemIn const* __restrict__ B, c_elem_t<CP>* __restrict__ C, int m, int n, int k) {
  if constexpr (policies_fit<TP, CP, ElemIn, true>()) gemm_block<TP, CP>(A, A_index, B, C, m, n, k);
}

// The block-scaled product: SA (m x ceil(k/32)) and SB (ceil(k/32) x n) hold one E8M0 code per row
// of A and column of B for every 32 K; C = sum over the blocks q of (A_q * 2^(SA-127)) (B_q * 2^(SB-127)).
template <class TP, class CP, class ElemIn>
__global__ void __launch_bounds__((block_threads<TP, CP>()))
    matrix_multiply_scaled(ElemIn const* __restrict__ A, ElemIn const* __restrict__ B, uint8_t const* __restrict__ SA,
                           uint8_t const* __restrict__ SB, c_elem_t<CP>* __restrict__ C, int m, int n, int k) {
  static_assert(scaled_compute<CP>, "matrix_multiply_scaled needs a ComputePolicy with load_scales (ScaledMatrixCore)");
  if constexpr (policies_fit<TP, CP, ElemIn, false>()) gemm_block<TP, CP>(A, nullptr, B, C, m, n, k, SA, SB);
}

} // namespace wavemma::gemm
