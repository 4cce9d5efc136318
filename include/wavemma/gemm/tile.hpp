#pragma once
// TilePolicies: how a block stages its strips of A and B through LDS (shared memory), in the seeds'
// interface (kernel.hpp): prologue, prefetch(smem, A, B, t_next, ...), acquire, release, buf_idx,
// get_tile_a, get_tile_b_T.
//
// A strip of A is tile_a[block_tile_m][k_tile_size]; B is kept transposed, tile_b_T[block_tile_n]
// [k_tile_size], so a lane reads runs of k with stride 1 in both (the k_tile_size the kernel passes
// to load_a/load_b is the row stride of both). Elements outside the matrices are zero-filled, so
// edge tiles work for any m, n, k.

#include <stdint.h>

#include "wavemma/gemm/policy_name.hpp"
#include "wavemma/hip.hpp"

namespace wavemma::gemm {

namespace detail {

// The copies below move 16 bytes at a time when the strip lies wholly inside the matrix and every
// row starts 16-byte aligned (the common case, decided alike by the whole block), and element by
// element, zero-filling, at the edges. Either way each element lands in the same place.
template <class T>
inline constexpr int chunk_elems = sizeof(T) <= 16 && 16 % sizeof(T) == 0 ? static_cast<int>(16 / sizeof(T)) : 0;

template <class T>
__device__ inline bool aligned16(T const* p) {
  return reinterpret_cast<uintptr_t>(p) % 16 == 0;
}

// Cooperative copy of rows x cols of `src` (src_rows x src_cols, row-major) from (row0, col0).
template <class T>
__device__ inline void load_rows(T* dst, int rows, int cols, T const* src, int src_rows, int src_cols, int row0,
                                 int col0, int tid, int nthreads) {
  constexpr int E = chunk_elems<T>;
  if (E > 0 && row0 + rows <= src_rows && col0 + cols <= src_cols && cols % E == 0 && src_cols % E == 0 &&
      col0 % E == 0 && aligned16(src) && aligned16(dst)) {
    int const per_row = cols / E;
    for (int c = tid; c < rows * per_row; c += nthreads) {
      int const r = c / per_row, k = (c % per_row) * E;
      __builtin_memcpy(dst + r * cols + k, src + static_cast<size_t>(row0 + r) * src_cols + col0 + k, 16);
    }
    return;
  }
  for (int idx = tid; idx < rows * cols; idx += nthreads) {
    int const r = idx / cols, c = idx % cols;
    int const gr = row0 + r, gc = col0 + c;
    dst[idx] = (gr < src_rows && gc < src_cols) ? src[static_cast<size_t>(gr) * src_cols + gc] : T{};
  }
}

// Cooperative transposing copy of a B strip: dst[n][k] = B[k0 + k][col0 + n]. The fast path reads
// 16 bytes along a row of B and writes them down a column of the strip.
template <class T>
__device__ inline void load_b_transposed(T* dst, int cols_n, int ks, T const* b, int k, int n, int k0, int col0,
                                         int tid, int nthreads) {
  constexpr int E = chunk_elems<T>;
  if (E > 0 && k0 + ks <= k && col0 + cols_n <= n && cols_n % E == 0 && n % E == 0 && col0 % E == 0 && aligned16(b)) {
    int const per_row = cols_n / E;
    for (int c = tid; c < ks * per_row; c += nthreads) {
      int const kk = c / per_row, nn = (c % per_row) * E;
      T v[E > 0 ? E : 1];
      __builtin_memcpy(v, b + static_cast<size_t>(k0 + kk) * n + col0 + nn, 16);
#pragma unroll
      for (int e = 0; e < E; ++e) dst[(nn + e) * ks + kk] = v[e];
    }
    return;
  }
  for (int idx = tid; idx < cols_n * ks; idx += nthreads) {
    int const nn = idx / ks, kk = idx % ks;
    int const gk = k0 + kk, gn = col0 + nn;
    dst[idx] = (gk < k && gn < n) ? b[static_cast<size_t>(gk) * n + gn] : T{};
  }
}

} // namespace detail

// Dense strips of A and B: the seeds' SingleBufferTilePolicy (Buffers = 1: load strip t, sync,
// compute, sync) and SoftwareDoubleBufferTilePolicy (Buffers = 2: strip t + 1 loads into the other
// buffer while strip t is consumed; one sync per strip).
template <class Elem, int BlockM, int BlockN, int KTile, int Buffers = 1>
struct LdsTile {
  static_assert(Buffers == 1 || Buffers == 2, "one or two buffers");
  static constexpr int num_buffers = Buffers, block_tile_m = BlockM, block_tile_n = BlockN, k_tile_size = KTile;
  static constexpr PolicyName name =
      tile_extent("LdsTile<", BlockM, BlockN, KTile) + (Buffers == 2 ? ", 2 buffers>" : ">");
  struct SharedStorage { // 16-byte aligned rows for the vectorised copies
    alignas(16) Elem tile_a[Buffers][BlockM * KTile];
    alignas(16) Elem tile_b_T[Buffers][BlockN * KTile];
  };

  __device__ static void prologue(SharedStorage& smem, Elem const* A, Elem const* B, int block_row_start,
                                  int block_col_start, int m, int n, int k, int tid, int num_threads) {
    if constexpr (Buffers == 2) {
      load(smem, 0, A, B, 0, block_row_start, block_col_start, m, n, k, tid, num_threads);
      __syncthreads(); // strip 0 is visible before the first compute
    }
  }
  // Single: loads strip t_next (= t). Double: loads strip t_next (= t + 1) into the other buffer,
  // if there is one.
  __device__ static void prefetch(SharedStorage& smem, Elem const* A, Elem const* B, int t_next, int block_row_start,
                                  int block_col_start, int m, int n, int k, int tid, int num_threads) {
    if (t_next * KTile < k)
      load(smem, t_next % Buffers, A, B, t_next, block_row_start, block_col_start, m, n, k, tid, num_threads);
  }
  __device__ static void acquire(int) {
    if constexpr (Buffers == 1) __syncthreads(); // the strip is loaded
  }
  // Nobody still reads the buffer the next prefetch refills (double: and the prefetched strip is
  // visible).
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int t) { return t % Buffers; }
  __device__ static Elem* get_tile_a(SharedStorage& smem, int buf) { return smem.tile_a[buf]; }
  __device__ static Elem* get_tile_b_T(SharedStorage& smem, int buf) { return smem.tile_b_T[buf]; }

private:
  __device__ static void load(SharedStorage& smem, int buf, Elem const* A, Elem const* B, int t, int row0, int col0,
                              int m, int n, int k, int tid, int num_threads) {
    detail::load_rows(smem.tile_a[buf], BlockM, KTile, A, m, k, row0, t * KTile, tid, num_threads);
    detail::load_b_transposed(smem.tile_b_T[buf], BlockN, KTile, B, k, n, t * KTile, col0, tid, num_threads);
  }
};

// 2:4 sparse A, B dense, for matrix_multiply_sparse: A arrives compressed (m x k/2 stored values)
// with the 2-bit position of each stored value (m x k/2, one per byte), as the seeds' SWMMAC tile
// policy takes them. KTile counts dense K; the A strips are KTile/2 wide.
template <class Elem, int BlockM, int BlockN, int KTile>
struct SparseLdsTile {
  static_assert(KTile % 4 == 0, "the dense K of a strip covers whole groups of four");
  static constexpr int num_buffers = 1, block_tile_m = BlockM, block_tile_n = BlockN, k_tile_size = KTile;
  static constexpr PolicyName name = tile_extent("SparseLdsTile<", BlockM, BlockN, KTile) + ">";
  struct SharedStorage {
    alignas(16) Elem tile_a[BlockM * (KTile / 2)];
    alignas(16) uint8_t tile_a_index[BlockM * (KTile / 2)];
    alignas(16) Elem tile_b_T[BlockN * KTile];
  };
  __device__ static void prologue(SharedStorage&, Elem const*, uint8_t const*, Elem const*, int, int, int, int, int,
                                  int, int) {}
  __device__ static void prefetch(SharedStorage& smem, Elem const* A, uint8_t const* A_index, Elem const* B, int t_next,
                                  int block_row_start, int block_col_start, int m, int n, int k, int tid,
                                  int num_threads) {
    int const kc = KTile / 2;
    detail::load_rows(smem.tile_a, BlockM, kc, A, m, k / 2, block_row_start, t_next * kc, tid, num_threads);
    detail::load_rows(smem.tile_a_index, BlockM, kc, A_index, m, k / 2, block_row_start, t_next * kc, tid, num_threads);
    detail::load_b_transposed(smem.tile_b_T, BlockN, KTile, B, k, n, t_next * KTile, block_col_start, tid, num_threads);
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int) { return 0; }
  __device__ static Elem* get_tile_a(SharedStorage& smem, int) { return smem.tile_a; }
  __device__ static uint8_t* get_tile_a_index(SharedStorage& smem, int) { return smem.tile_a_index; }
  __device__ static Elem* get_tile_b_T(SharedStorage& smem, int) { return smem.tile_b_T; }
};

// B kept row-major, tile_b[KTile][BlockN], for a ComputePolicy that reads it with gfx950's LDS
// transpose reads (ds_read_b64_tr_b16/_b8: each lane receives a column of four or eight rows), as
// the seeds' SingleBufferTilePolicyF16RowB keeps it for MfmaCdna4F16TrPolicy. get_tile_b_T (the
// interface's name) returns this row-major strip; b_row_major says so, and MatrixCoreFor picks
// the transpose-read B load for it. Its row stride is BlockN, which the ComputePolicy knows (the
// seeds' policy took the kernel's k_tile_size argument for it, seed-errata.md §A).
template <class Elem, int BlockM, int BlockN, int KTile>
struct RowMajorBTile {
  static constexpr int num_buffers = 1, block_tile_m = BlockM, block_tile_n = BlockN, k_tile_size = KTile;
  static constexpr bool b_row_major = true;
  static constexpr PolicyName name = tile_extent("RowMajorBTile<", BlockM, BlockN, KTile) + ">";
  struct SharedStorage {
    alignas(16) Elem tile_a[BlockM * KTile];
    alignas(16) Elem tile_b[KTile * BlockN];
  };
  __device__ static void prologue(SharedStorage&, Elem const*, Elem const*, int, int, int, int, int, int, int) {}
  __device__ static void prefetch(SharedStorage& smem, Elem const* A, Elem const* B, int t_next, int block_row_start,
                                  int block_col_start, int m, int n, int k, int tid, int num_threads) {
    detail::load_rows(smem.tile_a, BlockM, KTile, A, m, k, block_row_start, t_next * KTile, tid, num_threads);
    detail::load_rows(smem.tile_b, KTile, BlockN, B, k, n, t_next * KTile, block_col_start, tid, num_threads);
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int) { return 0; }
  __device__ static Elem* get_tile_a(SharedStorage& smem, int) { return smem.tile_a; }
  __device__ static Elem* get_tile_b_T(SharedStorage& smem, int) { return smem.tile_b; }
};

// Whether a TilePolicy keeps B row-major (RowMajorBTile).
template <class Tile>
inline constexpr bool b_row_major = requires { requires Tile::b_row_major; };

// gfx12 only: the B strip arrives through __builtin_amdgcn_global_load_tr_b128_v8f16, which hands
// each group of 8 lanes an 8x8 block of 16-bit elements already transposed (gemm-system.md §4: lane
// L passes &B[k0 + L/4][c0 + (L%4)*8] and receives element e = B[k0 + (L/8)*2 + e/4][c0 + (e%4)*8 +
// L%8]). One wave-wide call covers 8 rows of K by 32 columns; the calls of a strip are shared
// among the waves. A call whose 8x32 region is not wholly inside B (or whose rows are not 16-byte
// aligned) falls back, for the whole wave, to zero-filling scalar loads -- a wave-uniform choice, so
// the collective load is never diverged.
template <int BlockM, int BlockN, int KTile>
struct TransposeLoadTile {
  static_assert(BlockN % 32 == 0 && KTile % 8 == 0, "whole 8 x 32 transpose-load regions");
  static constexpr int num_buffers = 1, block_tile_m = BlockM, block_tile_n = BlockN, k_tile_size = KTile;
  static constexpr int wave = 32;
  static constexpr PolicyName name = tile_extent("TransposeLoadTile<", BlockM, BlockN, KTile) + ">";
  struct SharedStorage {
    alignas(16) _Float16 tile_a[BlockM * KTile];
    alignas(16) _Float16 tile_b_T[BlockN * KTile];
  };
  __device__ static void prologue(SharedStorage&, _Float16 const*, _Float16 const*, int, int, int, int, int, int, int) {
  }
  __device__ static void prefetch(SharedStorage& smem, _Float16 const* A, _Float16 const* B, int t_next,
                                  int block_row_start, int block_col_start, int m, int n, int k, int tid,
                                  int num_threads) {
    int const k0 = t_next * KTile;
    detail::load_rows(smem.tile_a, BlockM, KTile, A, m, k, block_row_start, k0, tid, num_threads);
    using v8fp16 = __fp16 __attribute__((ext_vector_type(8)));
    int const lane = tid % wave, waves = num_threads / wave, w = tid / wave;
    int const regions = (KTile / 8) * (BlockN / 32);
    for (int r = w; r < regions; r += waves) {
      int const kr = (r / (BlockN / 32)) * 8, cr = (r % (BlockN / 32)) * 32; // region origin in the strip
      int const gk = k0 + kr, gc = block_col_start + cr;
      bool const inside = gk + 8 <= k && gc + 32 <= n && n % 8 == 0;
      if (inside) {
        // Each 8-element row segment is 16 bytes; the builtin takes an __fp16 vector pointer.
        auto* ptr = reinterpret_cast<v8fp16*>(
            const_cast<_Float16*>(B + static_cast<size_t>(gk + lane / 4) * n + gc + (lane % 4) * 8));
        v8fp16 const v = __builtin_amdgcn_global_load_tr_b128_v8f16(ptr);
        for (int e = 0; e < 8; ++e) {
          int const kk = kr + (lane / 8) * 2 + e / 4, nn = cr + (e % 4) * 8 + lane % 8;
          smem.tile_b_T[nn * KTile + kk] =
              __builtin_bit_cast(_Float16, static_cast<__fp16>(v[e])); // bits, not a conversion
        }
      } else {
        for (int e = 0; e < 8; ++e) {
          int const kk = kr + (lane / 8) * 2 + e / 4, nn = cr + (e % 4) * 8 + lane % 8;
          int const bk = k0 + kk, bn = block_col_start + nn;
          smem.tile_b_T[nn * KTile + kk] = (bk < k && bn < n) ? B[static_cast<size_t>(bk) * n + bn] : _Float16{};
        }
      }
    }
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int) { return 0; }
  __device__ static _Float16* get_tile_a(SharedStorage& smem, int) { return smem.tile_a; }
  __device__ static _Float16* get_tile_b_T(SharedStorage& smem, int) { return smem.tile_b_T; }
};

} // namespace wavemma::gemm
