#pragma once
// TilePolicies: how a block stages its strips of A and B through LDS (shared memory).
//
// A is kept as rows with k contiguous; B is kept transposed (n-major, k contiguous) so a lane reads
// runs of k with stride 1. Elements outside the matrices are zero-filled, so edge tiles work for any
// m, n, k. The protocol (prologue, prefetch, acquire, release, buffer) is the seeds'; the loads take
// named strides instead of positional ones (seed-errata.md §A.6).

#include "wavemma/gemm/problem.hpp"

namespace wavemma::gemm {

// What a ComputePolicy sees of one staged tile.
template <class Elem>
struct TileView {
  Elem const* a;           // block_m rows x lda
  uint8_t const* a_index;  // sparse: block_m rows x lda 2-bit positions (one per byte)
  Elem const* b_t;         // block_n columns x ldb (B transposed)
  int lda, ldb;
};

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

// Cooperative copy of an A strip (rows x cols of `a`, row stride `ld`) starting at (row0, col0).
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
__device__ inline void load_b_transposed(T* dst, int cols_n, int ks, T const* b, int k, int n, int k0, int col0, int tid,
                                         int nthreads) {
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

// Dense strips of A and B, single- (Buffers = 1) or double-buffered (Buffers = 2, the next strip
// loads while the current one is consumed).
template <class Elem, int BlockM, int BlockN, int KTile, int Buffers = 1>
struct LdsTile {
  static_assert(BlockM > 0 && BlockN > 0 && KTile > 0, "tile sizes must be positive");
  static_assert(Buffers == 1 || Buffers == 2, "one or two buffers");
  using elem = Elem;
  static constexpr int block_m = BlockM, block_n = BlockN, k_tile = KTile, buffers = Buffers;
  static constexpr bool sparse = false;
  struct SharedStorage { // 16-byte aligned rows for the vectorised copies
    alignas(16) Elem a[Buffers][BlockM * KTile];
    alignas(16) Elem b_t[Buffers][BlockN * KTile];
  };

  template <class Out>
  __device__ static void load(SharedStorage& s, int buf, Problem<Elem, Out> const& p, int tile, int row0, int col0,
                              int tid, int nthreads) {
    detail::load_rows(s.a[buf], BlockM, KTile, p.a, p.m, p.k, row0, tile * KTile, tid, nthreads);
    detail::load_b_transposed(s.b_t[buf], BlockN, KTile, p.b, p.k, p.n, tile * KTile, col0, tid, nthreads);
  }
  template <class Out>
  __device__ static void prologue(SharedStorage& s, Problem<Elem, Out> const& p, int row0, int col0, int tid, int nthreads) {
    if constexpr (Buffers == 2) {
      load(s, 0, p, 0, row0, col0, tid, nthreads);
      __syncthreads();
    }
  }
  // Single: loads strip t. Double: loads strip t + 1 into the other buffer, if there is one.
  template <class Out>
  __device__ static void prefetch(SharedStorage& s, Problem<Elem, Out> const& p, int t, int tiles, int row0, int col0,
                                  int tid, int nthreads) {
    if constexpr (Buffers == 1) load(s, 0, p, t, row0, col0, tid, nthreads);
    else if (t + 1 < tiles) load(s, (t + 1) % 2, p, t + 1, row0, col0, tid, nthreads);
  }
  __device__ static void acquire(int) {
    if constexpr (Buffers == 1) __syncthreads(); // the strip is loaded
  }
  __device__ static void release(int) { __syncthreads(); } // nobody reads the buffer about to be refilled
  __device__ static TileView<Elem> view(SharedStorage const& s, int t) {
    int const buf = Buffers == 1 ? 0 : t % 2;
    return {s.a[buf], nullptr, s.b_t[buf], KTile, KTile};
  }
};

// 2:4 sparse A: the stored values (m x k/2) and their positions, B dense. KTile counts dense K.
template <class Elem, int BlockM, int BlockN, int KTile>
struct SparseLdsTile {
  static_assert(KTile % 4 == 0, "the dense K of a strip covers whole groups of four");
  using elem = Elem;
  static constexpr int block_m = BlockM, block_n = BlockN, k_tile = KTile, buffers = 1;
  static constexpr bool sparse = true;
  struct SharedStorage {
    alignas(16) Elem a[BlockM * (KTile / 2)];
    alignas(16) uint8_t a_index[BlockM * (KTile / 2)];
    alignas(16) Elem b_t[BlockN * KTile];
  };
  template <class Out>
  __device__ static void prologue(SharedStorage&, Problem<Elem, Out> const&, int, int, int, int) {}
  template <class Out>
  __device__ static void prefetch(SharedStorage& s, Problem<Elem, Out> const& p, int t, int, int row0, int col0, int tid,
                                  int nthreads) {
    int const kc = KTile / 2;
    detail::load_rows(s.a, BlockM, kc, p.a, p.m, p.k / 2, row0, t * kc, tid, nthreads);
    detail::load_rows(s.a_index, BlockM, kc, p.a_index, p.m, p.k / 2, row0, t * kc, tid, nthreads);
    detail::load_b_transposed(s.b_t, BlockN, KTile, p.b, p.k, p.n, t * KTile, col0, tid, nthreads);
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static TileView<Elem> view(SharedStorage const& s, int) { return {s.a, s.a_index, s.b_t, KTile / 2, KTile}; }
};

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
  using elem = _Float16;
  static constexpr int block_m = BlockM, block_n = BlockN, k_tile = KTile, buffers = 1;
  static constexpr bool sparse = false;
  static constexpr int wave = 32;
  struct SharedStorage {
    alignas(16) _Float16 a[BlockM * KTile];
    alignas(16) _Float16 b_t[BlockN * KTile];
  };
  template <class Out>
  __device__ static void prologue(SharedStorage&, Problem<_Float16, Out> const&, int, int, int, int) {}
  template <class Out>
  __device__ static void prefetch(SharedStorage& s, Problem<_Float16, Out> const& p, int t, int, int row0, int col0,
                                  int tid, int nthreads) {
    int const k0 = t * KTile;
    detail::load_rows(s.a, BlockM, KTile, p.a, p.m, p.k, row0, k0, tid, nthreads);
    using v8fp16 = __fp16 __attribute__((ext_vector_type(8)));
    int const lane = tid % wave, waves = nthreads / wave, w = tid / wave;
    int const regions = (KTile / 8) * (BlockN / 32);
    for (int r = w; r < regions; r += waves) {
      int const kr = (r / (BlockN / 32)) * 8, cr = (r % (BlockN / 32)) * 32; // region origin in the strip
      int const gk = k0 + kr, gc = col0 + cr;
      bool const inside = gk + 8 <= p.k && gc + 32 <= p.n && p.n % 8 == 0;
      if (inside) {
        // Each 8-element row segment is 16 bytes; the builtin takes an __fp16 vector pointer.
        auto* ptr = reinterpret_cast<v8fp16*>(const_cast<_Float16*>(p.b + static_cast<size_t>(gk + lane / 4) * p.n + gc + (lane % 4) * 8));
        v8fp16 const v = __builtin_amdgcn_global_load_tr_b128_v8f16(ptr);
        for (int e = 0; e < 8; ++e) {
          int const kk = kr + (lane / 8) * 2 + e / 4, nn = cr + (e % 4) * 8 + lane % 8;
          s.b_t[nn * KTile + kk] = __builtin_bit_cast(_Float16, static_cast<__fp16>(v[e])); // bits, not a conversion
        }
      } else {
        for (int e = 0; e < 8; ++e) {
          int const kk = kr + (lane / 8) * 2 + e / 4, nn = cr + (e % 4) * 8 + lane % 8;
          int const bk = k0 + kk, bn = col0 + nn;
          s.b_t[nn * KTile + kk] = (bk < p.k && bn < p.n) ? p.b[static_cast<size_t>(bk) * p.n + bn] : _Float16{};
        }
      }
    }
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static TileView<_Float16> view(SharedStorage const& s, int) { return {s.a, nullptr, s.b_t, KTile, KTile}; }
};

} // namespace wavemma::gemm
