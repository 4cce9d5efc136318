#pragma once
// Policies written in the seeds' idiom, for the tests: as the seed documents write a TilePolicy
// and a ComputePolicy (plain structs of __device__ static members, constants by the seeds' names,
// fragments as arrays, layouts as the index arithmetic of the pages), with nothing of wavemma's
// in them. They plug into wavemma::gemm::matrix_multiply_generic unchanged; gemm_test runs them on
// the CPU, gemm_amd_test compiles them for their GPUs.
//
// The fragment layouts are those of the ISA tables (the AMD Matrix Instruction Calculator), not the
// seed example's contiguous K (seed-errata.md §A.1) -- except in WmmaRdna4F16ContiguousKPolicy,
// which keeps the example's order to show what the bit-exact check sees. The builtins take
// _Float16 vectors, as clang-22 declares them (seed-errata.md §A.5).

#include "wavemma/hip.hpp"

namespace seed_style {

// --- TilePolicies --------------------------------------------------------------------------------

// Every element of the LDS strip is loaded by one thread; outside the matrix, zero.
template <typename ElemIn>
__device__ inline void cooperative_load_tile_a(ElemIn* dest, ElemIn const* A, int block_row_start, int block_tile_m,
                                               int t, int k_tile_size, int m, int k, int tid, int num_threads) {
  for (int idx = tid; idx < block_tile_m * k_tile_size; idx += num_threads) {
    int const tile_row = idx / k_tile_size;
    int const tile_col = idx % k_tile_size;
    int const global_row = block_row_start + tile_row;
    int const global_col = t * k_tile_size + tile_col;
    dest[tile_row * k_tile_size + tile_col] =
        (global_row < m && global_col < k) ? A[global_row * k + global_col] : ElemIn{};
  }
}

// tile_b_T is stored column-major: dest[col_within_tile * k_tile_size + k_idx].
template <typename ElemIn>
__device__ inline void cooperative_load_tile_b_T(ElemIn* dest, ElemIn const* B, int block_col_start, int block_tile_n,
                                                 int t, int k_tile_size, int k, int n, int tid, int num_threads) {
  for (int idx = tid; idx < block_tile_n * k_tile_size; idx += num_threads) {
    int const tile_col_idx = idx / k_tile_size;
    int const tile_k_idx = idx % k_tile_size;
    int const global_row = t * k_tile_size + tile_k_idx;
    int const global_col = block_col_start + tile_col_idx;
    dest[tile_col_idx * k_tile_size + tile_k_idx] =
        (global_row < k && global_col < n) ? B[global_row * n + global_col] : ElemIn{};
  }
}

template <typename ElemIn, int BlockTileM_, int BlockTileN_, int KTileSize_>
struct SingleBufferTilePolicy {
  static constexpr int num_buffers = 1;
  static constexpr int block_tile_m = BlockTileM_;
  static constexpr int block_tile_n = BlockTileN_;
  static constexpr int k_tile_size = KTileSize_;

  struct SharedStorage {
    ElemIn tile_a[BlockTileM_][KTileSize_];
    ElemIn tile_b_T[BlockTileN_][KTileSize_];
  };

  __device__ static void prologue(SharedStorage& /*smem*/, ElemIn const* /*A*/, ElemIn const* /*B*/,
                                  int /*block_row_start*/, int /*block_col_start*/, int /*m*/, int /*n*/, int /*k*/,
                                  int /*tid*/, int /*num_threads*/) {}

  // Single buffer: t_next is the strip to compute now.
  __device__ static void prefetch(SharedStorage& smem, ElemIn const* A, ElemIn const* B, int t_next,
                                  int block_row_start, int block_col_start, int m, int n, int k, int tid,
                                  int num_threads) {
    cooperative_load_tile_a(&smem.tile_a[0][0], A, block_row_start, block_tile_m, t_next, k_tile_size, m, k, tid,
                            num_threads);
    cooperative_load_tile_b_T(&smem.tile_b_T[0][0], B, block_col_start, block_tile_n, t_next, k_tile_size, k, n, tid,
                              num_threads);
  }

  __device__ static void acquire(int /*t*/) { __syncthreads(); }
  __device__ static void release(int /*t*/) { __syncthreads(); }
  __device__ static int buf_idx(int /*t*/) { return 0; }
  __device__ static ElemIn* get_tile_a(SharedStorage& smem, int /*buf*/) { return &smem.tile_a[0][0]; }
  __device__ static ElemIn* get_tile_b_T(SharedStorage& smem, int /*buf*/) { return &smem.tile_b_T[0][0]; }
};

template <typename ElemIn, int BlockTileM_, int BlockTileN_, int KTileSize_>
struct SoftwareDoubleBufferTilePolicy {
  static constexpr int num_buffers = 2;
  static constexpr int block_tile_m = BlockTileM_;
  static constexpr int block_tile_n = BlockTileN_;
  static constexpr int k_tile_size = KTileSize_;

  struct SharedStorage {
    ElemIn tile_a[2][BlockTileM_][KTileSize_];
    ElemIn tile_b_T[2][BlockTileN_][KTileSize_];
  };

  // Strip 0 into buffer 0, visible before the loop.
  __device__ static void prologue(SharedStorage& smem, ElemIn const* A, ElemIn const* B, int block_row_start,
                                  int block_col_start, int m, int n, int k, int tid, int num_threads) {
    cooperative_load_tile_a(&smem.tile_a[0][0][0], A, block_row_start, block_tile_m, 0, k_tile_size, m, k, tid,
                            num_threads);
    cooperative_load_tile_b_T(&smem.tile_b_T[0][0][0], B, block_col_start, block_tile_n, 0, k_tile_size, k, n, tid,
                              num_threads);
    __syncthreads();
  }

  // Strip t_next into the background buffer while the other one is computed.
  __device__ static void prefetch(SharedStorage& smem, ElemIn const* A, ElemIn const* B, int t_next,
                                  int block_row_start, int block_col_start, int m, int n, int k, int tid,
                                  int num_threads) {
    if (t_next * k_tile_size < k) {
      int const buf = t_next % 2;
      cooperative_load_tile_a(&smem.tile_a[buf][0][0], A, block_row_start, block_tile_m, t_next, k_tile_size, m, k, tid,
                              num_threads);
      cooperative_load_tile_b_T(&smem.tile_b_T[buf][0][0], B, block_col_start, block_tile_n, t_next, k_tile_size, k, n,
                                tid, num_threads);
    }
  }

  __device__ static void acquire(int /*t*/) {}
  __device__ static void release(int /*t*/) { __syncthreads(); }
  __device__ static int buf_idx(int t) { return t % 2; }
  __device__ static ElemIn* get_tile_a(SharedStorage& smem, int buf) { return &smem.tile_a[buf][0][0]; }
  __device__ static ElemIn* get_tile_b_T(SharedStorage& smem, int buf) { return &smem.tile_b_T[buf][0][0]; }
};

// --- ComputePolicies -----------------------------------------------------------------------------

// v_wmma_f32_16x16x16_f16 on gfx12 wave32: one 16x16 output tile per wave, 2x2 waves per 32x32 block.
// Lane L holds row (or column) L%16; element e of its half8 is K = 8*(e/4) + 4*(L/16) + e%4 (the ISA
// table: lane group 0 holds K 0-3 and 8-11, lane group 1 K 4-7 and 12-15).
struct WmmaRdna4F16Policy {
  static constexpr int thread_tile_m = 16;
  static constexpr int thread_tile_n = 16;
  static constexpr int frag_size_m = 8;
  static constexpr int frag_size_n = 8;
  static constexpr int effective_lanes = 32;
  static constexpr int k_step = 16;

  using elem_a = _Float16;
  using elem_b = _Float16;

  using wmma_f8 = float __attribute__((ext_vector_type(8)));
  struct Accumulator {
    wmma_f8 regs;
  };

  __device__ static void zero(Accumulator& acc) { acc.regs = wmma_f8{}; }

  // wid = tid / 32; waves_n = block_tile_n / thread_tile_n = 32 / 16.
  __device__ static void thread_tile_offset(int tid, int /*lane_id*/, int* thread_row, int* thread_col) {
    constexpr int waves_n = 2;
    int const wid = tid / 32;
    *thread_row = (wid / waves_n) * 16;
    *thread_col = (wid % waves_n) * 16;
  }

  __device__ static int k_of(int e, int lane_id) { return 8 * (e / 4) + 4 * (lane_id / 16) + e % 4; }

  __device__ static void load_a(_Float16 const* tile_a_ptr, int tile_a_row, int ki, int k_tile_size, int lane_id,
                                elem_a (&frag)[8]) {
    int const row = tile_a_row + lane_id % 16;
    for (int e = 0; e < 8; ++e) frag[e] = tile_a_ptr[row * k_tile_size + ki + k_of(e, lane_id)];
  }

  __device__ static void load_b(_Float16 const* tile_b_T_ptr, int tile_b_col, int ki, int k_tile_size, int lane_id,
                                elem_b (&frag)[8]) {
    int const col = tile_b_col + lane_id % 16;
    for (int e = 0; e < 8; ++e) frag[e] = tile_b_T_ptr[col * k_tile_size + ki + k_of(e, lane_id)];
  }

  __device__ static void mma(Accumulator& acc, elem_a const (&a_frag)[8], elem_b const (&b_frag)[8]) {
#if defined(__gfx1200__) || defined(__gfx1201__) || defined(WAVEMMA_SIMT)
    using half8 = _Float16 __attribute__((ext_vector_type(8)));
    half8 const a_vec = {a_frag[0], a_frag[1], a_frag[2], a_frag[3], a_frag[4], a_frag[5], a_frag[6], a_frag[7]};
    half8 const b_vec = {b_frag[0], b_frag[1], b_frag[2], b_frag[3], b_frag[4], b_frag[5], b_frag[6], b_frag[7]};
    acc.regs = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a_vec, b_vec, acc.regs);
#endif
  }

  // Lane L, accumulator element G: i = 8*(L/16) + G, j = L%16.
  __device__ static void store_c(Accumulator const& acc, float* C, int out_row_base, int out_col_base, int m, int n,
                                 int lane_id) {
    for (int G = 0; G < 8; ++G) {
      int const r = out_row_base + 8 * (lane_id / 16) + G;
      int const c = out_col_base + lane_id % 16;
      if (r < m && c < n) C[r * n + c] = acc.regs[G];
    }
  }
};

// The seed example's own K order: lane group g holds K 8g .. 8g+7 contiguously. The same
// permutation of K for A and B, so the product is right, but not the order the hardware adds in.
struct WmmaRdna4F16ContiguousKPolicy : WmmaRdna4F16Policy {
  __device__ static void load_a(_Float16 const* tile_a_ptr, int tile_a_row, int ki, int k_tile_size, int lane_id,
                                elem_a (&frag)[8]) {
    int const row = tile_a_row + lane_id % 16;
    int const k_off = ki + 8 * (lane_id / 16);
    for (int e = 0; e < 8; ++e) frag[e] = tile_a_ptr[row * k_tile_size + k_off + e];
  }
  __device__ static void load_b(_Float16 const* tile_b_T_ptr, int tile_b_col, int ki, int k_tile_size, int lane_id,
                                elem_b (&frag)[8]) {
    int const col = tile_b_col + lane_id % 16;
    int const k_off = ki + 8 * (lane_id / 16);
    for (int e = 0; e < 8; ++e) frag[e] = tile_b_T_ptr[col * k_tile_size + k_off + e];
  }
};

// v_mfma_f32_16x16x8_xf32 on gfx942 (the CDNA3 page's MfmaCdna3XF32Policy): one 16x16 tile per
// wave64, 2x2 waves per 32x32 block. Lane group g = L/16 holds K ki+2g and ki+2g+1 of row (column)
// L%16; accumulator element G of lane L is i = 4*(L/16) + G, j = L%16.
struct MfmaCdna3XF32Policy {
  static constexpr int thread_tile_m = 16;
  static constexpr int thread_tile_n = 16;
  static constexpr int frag_size_m = 2;
  static constexpr int frag_size_n = 2;
  static constexpr int effective_lanes = 64;
  static constexpr int k_step = 8;

  using elem_a = float;
  using elem_b = float;

  using v4float = float __attribute__((ext_vector_type(4)));
  using v2float = float __attribute__((ext_vector_type(2)));
  struct Accumulator {
    v4float regs;
  };

  __device__ static void zero(Accumulator& acc) { acc.regs = v4float{}; }

  __device__ static void thread_tile_offset(int tid, int /*lane_id*/, int* thread_row, int* thread_col) {
    constexpr int waves_n = 2; // block_tile_n / thread_tile_n = 32 / 16
    int const wid = tid / 64;
    *thread_row = (wid / waves_n) * 16;
    *thread_col = (wid % waves_n) * 16;
  }

  __device__ static void load_a(float const* tile_a_ptr, int tile_a_row, int ki, int k_tile_size, int lane_id,
                                elem_a (&frag)[2]) {
    int const row = tile_a_row + lane_id % 16;
    int const k_off = ki + 2 * (lane_id / 16);
    frag[0] = tile_a_ptr[row * k_tile_size + k_off];
    frag[1] = tile_a_ptr[row * k_tile_size + k_off + 1];
  }

  __device__ static void load_b(float const* tile_b_T_ptr, int tile_b_col, int ki, int k_tile_size, int lane_id,
                                elem_b (&frag)[2]) {
    int const col = tile_b_col + lane_id % 16;
    int const k_off = ki + 2 * (lane_id / 16);
    frag[0] = tile_b_T_ptr[col * k_tile_size + k_off];
    frag[1] = tile_b_T_ptr[col * k_tile_size + k_off + 1];
  }

  __device__ static void mma(Accumulator& acc, elem_a const (&a_frag)[2], elem_b const (&b_frag)[2]) {
#if defined(__gfx942__) || defined(WAVEMMA_SIMT)
    v2float const a = {a_frag[0], a_frag[1]};
    v2float const b = {b_frag[0], b_frag[1]};
    acc.regs = __builtin_amdgcn_mfma_f32_16x16x8_xf32(a, b, acc.regs, 0, 0, 0);
#endif
  }

  __device__ static void store_c(Accumulator const& acc, float* C, int out_row_base, int out_col_base, int m, int n,
                                 int lane_id) {
    for (int G = 0; G < 4; ++G) {
      int const r = out_row_base + 4 * (lane_id / 16) + G;
      int const c = out_col_base + lane_id % 16;
      if (r < m && c < n) C[r * n + c] = acc.regs[G];
    }
  }
};

// The portable fallback: a ThreadTileM x ThreadTileN tile per thread, BlockDimX threads across the
// block. One thread per thread tile: effective_lanes = 1 (seed-errata.md §A.3: the seeds' 32 or 64
// launches more threads than the tiles).
template <int ThreadTileM_, int ThreadTileN_, int BlockDimX_, int EffectiveLanes_ = 1>
struct ScalarFMAPolicy {
  static constexpr int thread_tile_m = ThreadTileM_;
  static constexpr int thread_tile_n = ThreadTileN_;
  static constexpr int effective_lanes = EffectiveLanes_;
  static constexpr int k_step = 1;

  using elem_a = float;
  using elem_b = float;

  struct Accumulator {
    float data[ThreadTileM_][ThreadTileN_];
  };

  __device__ static void zero(Accumulator& acc) {
    for (int i = 0; i < ThreadTileM_; ++i)
      for (int j = 0; j < ThreadTileN_; ++j) acc.data[i][j] = 0.0f;
  }

  __device__ static void thread_tile_offset(int tid, int /*lane_id*/, int* thread_row, int* thread_col) {
    *thread_row = (tid / BlockDimX_) * ThreadTileM_;
    *thread_col = (tid % BlockDimX_) * ThreadTileN_;
  }

  __device__ static void load_a(float const* tile_a_ptr, int tile_a_row, int ki, int k_tile_size, int /*lane_id*/,
                                elem_a (&frag)[ThreadTileM_]) {
    for (int i = 0; i < ThreadTileM_; ++i) frag[i] = tile_a_ptr[(tile_a_row + i) * k_tile_size + ki];
  }

  __device__ static void load_b(float const* tile_b_T_ptr, int tile_b_col, int ki, int k_tile_size, int /*lane_id*/,
                                elem_b (&frag)[ThreadTileN_]) {
    for (int j = 0; j < ThreadTileN_; ++j) frag[j] = tile_b_T_ptr[(tile_b_col + j) * k_tile_size + ki];
  }

  // One correctly rounded fused multiply-add per k, as the hardware's scalar FMA.
  __device__ static void mma(Accumulator& acc, elem_a const (&a_frag)[ThreadTileM_],
                             elem_b const (&b_frag)[ThreadTileN_]) {
    for (int i = 0; i < ThreadTileM_; ++i)
      for (int j = 0; j < ThreadTileN_; ++j) acc.data[i][j] = __builtin_fmaf(a_frag[i], b_frag[j], acc.data[i][j]);
  }

  __device__ static void store_c(Accumulator const& acc, float* C, int out_row_base, int out_col_base, int m, int n,
                                 int /*lane_id*/) {
    for (int i = 0; i < ThreadTileM_; ++i)
      for (int j = 0; j < ThreadTileN_; ++j) {
        int const r = out_row_base + i;
        int const c = out_col_base + j;
        if (r < m && c < n) C[r * n + c] = acc.data[i][j];
      }
  }
};

} // namespace seed_style
