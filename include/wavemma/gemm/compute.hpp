#pragma once
// ComputePolicies, in the seeds' interface (kernel.hpp): who computes which part of the block tile
// (thread_tile_offset), the fragments (load_a, load_b), the multiply (mma) and the store (store_c).
//
// `MatrixCore<I>` issues one matrix instruction per k-step, one instruction tile per wave. I is an
// instruction description generated from the catalog (generated/instructions.hpp): its operand
// layouts (lane, element n) -> (row, col) decide every fragment load and every store, so no
// policy writes a layout by hand and every instruction of the catalog can drive the kernel.
// `ScalarFma` is the fallback: a thread tile per thread, one fused multiply-add per k.

#include <stdint.h>
#include <type_traits>
#include <utility>

#include "wavemma/gemm/generated/instructions.hpp"
#include "wavemma/gemm/policy_name.hpp"

namespace wavemma::gemm {

namespace detail {

// The raw bits of an element, as an unsigned integer of its size.
template <class T>
__host__ __device__ inline auto bits_of(T x) {
  if constexpr (sizeof(T) == 1)
    return __builtin_bit_cast(uint8_t, x);
  else if constexpr (sizeof(T) == 2)
    return __builtin_bit_cast(uint16_t, x);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(uint32_t, x);
  else
    return __builtin_bit_cast(uint64_t, x);
}

// Register words of one operand of one lane: element n of e bits sits at bits [n*e, n*e+e).
__host__ __device__ inline void put_element(uint32_t* words, int n, int e, uint64_t v) {
  int const bit = n * e;
  if (e == 64) {
    words[bit / 32] = static_cast<uint32_t>(v);
    words[bit / 32 + 1] = static_cast<uint32_t>(v >> 32);
  } else {
    uint32_t const mask = e == 32 ? 0xffffffffu : ((1u << e) - 1u);
    words[bit / 32] |= (static_cast<uint32_t>(v) & mask) << (bit % 32);
  }
}
__host__ __device__ inline uint64_t get_element(uint32_t const* words, int n, int e) {
  int const bit = n * e;
  if (e == 64) return words[bit / 32] | static_cast<uint64_t>(words[bit / 32 + 1]) << 32;
  uint32_t const mask = e == 32 ? 0xffffffffu : ((1u << e) - 1u);
  return (words[bit / 32] >> (bit % 32)) & mask;
}

// An output value of type Out from the low bits of a register element.
template <class Out>
__host__ __device__ inline Out out_from_bits(uint64_t v) {
  if constexpr (sizeof(Out) == 8)
    return __builtin_bit_cast(Out, v);
  else
    return __builtin_bit_cast(Out, static_cast<uint32_t>(v));
}

} // namespace detail

// Scalar FMA on f32 or f64: TileM x TileN outputs per thread, products in k order (the hardware's
// scalar FMA, correctly rounded). BlockN: the TilePolicy's block_tile_n, which places the threads
// (the seeds' ScalarFMAPolicy takes BlockDimX = BlockN / TileN).
template <class Elem, int TileM, int TileN, int BlockN>
struct ScalarFma {
  static_assert(BlockN % TileN == 0, "the block is a whole number of thread tiles wide");
  static constexpr int thread_tile_m = TileM, thread_tile_n = TileN, frag_size_m = TileM, frag_size_n = TileN;
  static constexpr int effective_lanes = 1; // threads that share one thread tile
  static constexpr int k_step = 1;
  static constexpr PolicyName name =
      PolicyName("ScalarFma<") + (sizeof(Elem) == 8 ? "f64, " : "f32, ") + TileM + ", " + TileN + ">";
  using elem_a = Elem;
  using elem_b = Elem;
  using elem_c = Elem;
  struct Accumulator {
    Elem data[TileM][TileN];
  };
  __device__ static void zero(Accumulator& acc) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j) acc.data[i][j] = Elem{};
  }
  __device__ static void thread_tile_offset(int tid, int, int* thread_row, int* thread_col) {
    constexpr int block_dim_x = BlockN / TileN;
    *thread_row = (tid / block_dim_x) * TileM;
    *thread_col = (tid % block_dim_x) * TileN;
  }
  __device__ static void load_a(Elem const* tile_a, int tile_a_row, int ki, int k_tile_size, int, Elem (&frag)[TileM]) {
    for (int i = 0; i < TileM; ++i) frag[i] = tile_a[(tile_a_row + i) * k_tile_size + ki];
  }
  __device__ static void load_b(Elem const* tile_b_T, int tile_b_col, int ki, int k_tile_size, int,
                                Elem (&frag)[TileN]) {
    for (int j = 0; j < TileN; ++j) frag[j] = tile_b_T[(tile_b_col + j) * k_tile_size + ki];
  }
  // One rounding per product: fmaf for float (an fma in double, then to float, would round twice).
  __device__ static Elem fma(Elem a, Elem b, Elem c) {
    if constexpr (sizeof(Elem) == 4)
      return __builtin_fmaf(a, b, c);
    else
      return __builtin_fma(a, b, c);
  }
  __device__ static void mma(Accumulator& acc, Elem const (&a_frag)[TileM], Elem const (&b_frag)[TileN]) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j) acc.data[i][j] = fma(a_frag[i], b_frag[j], acc.data[i][j]);
  }
  __device__ static void store_c(Accumulator const& acc, Elem* C, int out_row_base, int out_col_base, int m, int n,
                                 int) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j)
        if (out_row_base + i < m && out_col_base + j < n)
          C[static_cast<size_t>(out_row_base + i) * n + out_col_base + j] = acc.data[i][j];
  }
};

namespace detail {

// gfx950's LDS transpose read of 64 bits of w-bit elements (w = 16 or 8) at p, as two words.
template <int Bits>
__device__ inline void ds_read_transpose(void const* p, uint32_t* words) {
  using v2i32 = int __attribute__((ext_vector_type(2)));
  using v4i16 = short __attribute__((ext_vector_type(4)));
  using lds_v2i32 = __attribute__((address_space(3))) v2i32;
  using lds_v4i16 = __attribute__((address_space(3))) v4i16;
  static_assert(Bits == 16 || Bits == 8, "16- and 8-bit elements");
  if constexpr (Bits == 16) {
    v4i16 const v = __builtin_amdgcn_ds_read_tr16_b64_v4i16((lds_v4i16*)(const_cast<void*>(p)));
    __builtin_memcpy(words, &v, 8);
  } else {
    v2i32 const v = __builtin_amdgcn_ds_read_tr8_b64_v2i32((lds_v2i32*)(const_cast<void*>(p)));
    __builtin_memcpy(words, &v, 8);
  }
}

// Whether operand layout L (B: row = k, col = n) can be filled by LDS transpose reads of E
// elements per lane from a row-major strip: each read gives lane i of a group of 16 the elements
// (row, col + i mod E) that lane i - i mod E's slot names, for E consecutive slots; so every slot
// must be held, and the E lanes i0..i0+E-1 must want one row at E consecutive columns. The
// read's lane rule is the SIMT runtime's (src/simt/collectives.cpp, docs/simt.md).
template <class L, int Wave, int E>
consteval bool ds_transpose_fits() {
  if (L::slots % E != 0 || L::vgprs % 2 != 0 || L::blocks != 1) return false;
  for (int i = 0; i < Wave; ++i)
    for (int n = 0; n < L::slots; ++n) {
      int const i0 = i - i % E;
      if (!L::holds(i, n) || L::row(i, n) != L::row(i0, n) || L::col(i, n) != L::col(i0, n) + i % E) return false;
    }
  return true;
}

} // namespace detail

// The element type of a vector (the C type of a builtin), or the type itself.
template <class V>
struct vector_elem {
  using type = V;
};
template <class V>
  requires requires(V v) { __builtin_vectorelements(V); }
struct vector_elem<V> {
  using type = std::remove_cvref_t<decltype(std::declval<V&>()[0])>;
};

// One matrix instruction per wave and k-step; the waves of a block cover it row by row, BlockN
// (the TilePolicy's block_tile_n) / thread_tile_n waves wide. A multi-block instruction (CDNA's
// `_Nb` forms, I::blocks > 1) computes I::blocks independent instruction tiles per issue: each of
// its blocks is a different tile of C, BlockRows of them down and I::blocks / BlockRows across, so
// a wave's thread tile is (I::m * BlockRows) x (I::n * I::blocks / BlockRows) and no block's work
// is redundant (the seeds' MfmaCdnaPolicy feeds both blocks of 32x32x1 the same data). The
// operand layouts say which block each (lane, slot) belongs to, as they say its row and column.
// A fragment is the lane's VGPRs of the operand as 32-bit words (sparse A: then the lane's
// sparsity-index VGPR). Elem: the staged element (bit patterns for bf16 and 8-bit floats, one
// byte per iu4); C is the builtin's accumulator element (float, int, double); ASigned/BSigned:
// signed integer inputs on RDNA (the a_sign/b_sign immediates).
//
// BRowMajor: the TilePolicy keeps B row-major (RowMajorBTile, row stride BlockN) and load_b reads
// it with gfx950's LDS transpose reads, one per 64 bits of the lane's B registers; which lane
// points where follows from the B layout (ds_transpose_fits checks that the read can give it).
template <class I, class Elem, int BlockN, bool ASigned = true, bool BSigned = true, int BlockRows = 1,
          bool BRowMajor = false>
struct MatrixCore {
  using instruction = I;
  using Out = typename vector_elem<typename I::c_type>::type;
  static_assert(BlockRows > 0 && I::blocks % BlockRows == 0, "the blocks of an issue form a whole grid of tiles");
  static constexpr int blocks_m = BlockRows, blocks_n = I::blocks / BlockRows;
  static_assert(BlockN % (I::n * blocks_n) == 0, "the block is a whole number of wave tiles wide");
  static constexpr PolicyName
      name = BRowMajor       ? PolicyName("MatrixCore<") + I::mnemonic + ", B by ds_read_tr" + I::B::elem_bits + ">"
             : I::blocks > 1 ? PolicyName("MatrixCore<") + I::mnemonic + ", blocks " + blocks_m + "x" + blocks_n + ">"
                             : PolicyName("MatrixCore<") + I::mnemonic + ">";
  static constexpr int thread_tile_m = I::m * blocks_m, thread_tile_n = I::n * blocks_n, effective_lanes = I::wave,
                       k_step = I::k;
  static constexpr int frag_size_m = I::A::vgprs + (I::sparse ? 1 : 0), frag_size_n = I::B::vgprs;
  using elem_a = uint32_t;
  using elem_b = uint32_t;
  using elem_c = Out;
  struct Accumulator {
    typename I::c_type regs;
  };
  // The builtin's types hold the operands' VGPRs: exactly, except that the f8f6f4 builtins take
  // 8 VGPRs of A and B whatever the format (fp4 reads the low 4; gfx1250's: 16, fp4 reads 8).
  static constexpr bool wide_ab = requires { I::cbsz; } || requires { I::fmt_a; };
  static_assert((wide_ab
                     ? sizeof(typename I::a_type) >= 4 * I::A::vgprs && sizeof(typename I::b_type) >= 4 * I::B::vgprs
                     : sizeof(typename I::a_type) == 4 * I::A::vgprs &&
                           sizeof(typename I::b_type) == 4 * I::B::vgprs) &&
                    sizeof(typename I::c_type) == 4 * I::D::vgprs,
                "the builtin's types hold the operands' VGPRs");

  // Where block b's tile sits in the wave's thread tile.
  __host__ __device__ static constexpr int block_row(int b) { return (b / blocks_n) * I::m; }
  __host__ __device__ static constexpr int block_col(int b) { return (b % blocks_n) * I::n; }

  __device__ static void zero(Accumulator& acc) { acc.regs = typename I::c_type{}; }

  __device__ static void thread_tile_offset(int tid, int, int* thread_row, int* thread_col) {
    constexpr int waves_n = BlockN / thread_tile_n;
    int const wave = tid / I::wave;
    *thread_row = (wave / waves_n) * thread_tile_m;
    *thread_col = (wave % waves_n) * thread_tile_n;
  }

  // Each lane gathers the elements the layout gives it, in register order.
  __device__ static void load_a(Elem const* tile_a, int tile_a_row, int ki, int k_tile_size, int lane_id,
                                uint32_t (&frag)[frag_size_m])
    requires(!I::sparse)
  {
    gather<typename I::A>(frag, lane_id, [&](int b, int r, int c) {
      return detail::bits_of(tile_a[(tile_a_row + block_row(b) + r) * k_tile_size + ki + c]);
    });
  }
  // Sparse A holds K/2 stored values per row, and their positions.
  __device__ static void load_a(Elem const* tile_a, uint8_t const* tile_a_index, int tile_a_row, int ki,
                                int k_tile_size, int lane_id, uint32_t (&frag)[frag_size_m])
    requires(I::sparse)
  {
    int const lda = k_tile_size / 2, kc = ki / 2;
    gather<typename I::A>(frag, lane_id, [&](int b, int r, int c) {
      return detail::bits_of(tile_a[(tile_a_row + block_row(b) + r) * lda + kc + c]);
    });
    uint32_t index[1] = {0};
    gather<typename I::Index>(index, lane_id, [&](int b, int r, int c) {
      return tile_a_index[(tile_a_row + block_row(b) + r) * lda + kc + c];
    });
    frag[frag_size_m - 1] = index[0];
  }
  // B: row = k, col = n; the strip holds B transposed.
  __device__ static void load_b(Elem const* tile_b_T, int tile_b_col, int ki, int k_tile_size, int lane_id,
                                uint32_t (&frag)[frag_size_n])
    requires(!BRowMajor)
  {
    gather<typename I::B>(frag, lane_id, [&](int b, int r, int c) {
      return detail::bits_of(tile_b_T[(tile_b_col + block_col(b) + c) * k_tile_size + ki + r]);
    });
  }
  // B row-major (tile_b[k][n], row stride BlockN): each 64 bits of the lane's registers by one LDS
  // transpose read. Lane s of a group of 16 points at the E elements that lanes i0..i0+E-1 want
  // in slot n = E*c + e: e = (s % 16) / (16 / E), i0 = s - s % 16 + E * (s % (16 / E)).
  static constexpr int tr_elems = 64 / I::B::elem_bits;
  __device__ static void load_b(Elem const* tile_b, int tile_b_col, int ki, int, int lane_id,
                                uint32_t (&frag)[frag_size_n])
    requires(BRowMajor)
  {
    using L = typename I::B;
    constexpr int E = tr_elems;
    static_assert(detail::ds_transpose_fits<L, I::wave, E>(), "the B layout is not what LDS transpose reads give");
    int const s = lane_id % 16, e = s / (16 / E), i0 = lane_id - s + E * (s % (16 / E));
#pragma unroll
    for (int c = 0; c < L::vgprs / 2; ++c) {
      int const n = E * c + e;
      detail::ds_read_transpose<L::elem_bits>(tile_b + (ki + L::row(i0, n)) * BlockN + tile_b_col + L::col(i0, n),
                                              &frag[2 * c]);
    }
  }

  // The builtin's A and B from the fragments (registers past a narrower format's: zero).
  __device__ static void operands(uint32_t const (&a_frag)[frag_size_m], uint32_t const (&b_frag)[frag_size_n],
                                  typename I::a_type& a, typename I::b_type& b) {
    a = typename I::a_type{};
    b = typename I::b_type{};
    __builtin_memcpy(&a, a_frag, 4 * I::A::vgprs);
    __builtin_memcpy(&b, b_frag, 4 * I::B::vgprs);
  }

  __device__ static void mma(Accumulator& acc, uint32_t const (&a_frag)[frag_size_m],
                             uint32_t const (&b_frag)[frag_size_n]) {
    typename I::a_type a;
    typename I::b_type b;
    operands(a_frag, b_frag, a, b);
    if constexpr (I::sparse)
      acc.regs = I::mma(a, b, acc.regs, static_cast<int>(a_frag[frag_size_m - 1]));
    else if constexpr (requires { I::template mma<ASigned, BSigned>(a, b, acc.regs); })
      acc.regs = I::template mma<ASigned, BSigned>(a, b, acc.regs);
    else
      acc.regs = I::mma(a, b, acc.regs);
  }

  __device__ static void store_c(Accumulator const& acc, Out* C, int out_row_base, int out_col_base, int m, int n,
                                 int lane_id) {
    using L = typename I::D;
    uint32_t words[L::vgprs];
    __builtin_memcpy(words, &acc.regs, sizeof words);
#pragma unroll
    for (int e = 0; e < L::slots; ++e) {
      if (!L::holds(lane_id, e)) continue;
      int const b = L::block(lane_id, e);
      int const r = out_row_base + block_row(b) + L::row(lane_id, e),
                c = out_col_base + block_col(b) + L::col(lane_id, e);
      if (r < m && c < n)
        C[static_cast<size_t>(r) * n + c] = detail::out_from_bits<Out>(detail::get_element(words, e, L::elem_bits));
    }
  }

protected:
  // Fills a lane's register words of operand L with element(block, row, col) of every slot it holds.
  template <class L, int Words, class Element>
  __device__ static void gather(uint32_t (&words)[Words], int lane_id, Element const& element) {
    static_assert(Words >= L::vgprs);
#pragma unroll
    for (int v = 0; v < L::vgprs; ++v) words[v] = 0;
#pragma unroll
    for (int e = 0; e < L::slots; ++e)
      if (L::holds(lane_id, e))
        detail::put_element(words, e, L::elem_bits,
                            element(L::block(lane_id, e), L::row(lane_id, e), L::col(lane_id, e)));
  }
};

// gfx950's block-scaled MFMA (v_mfma_scale_*_f8f6f4 in the formats of I), and gfx1250's scaled
// WMMA (v_wmma_scale_f32_16x16x128_f8f6f4, scale rows 0, E8M0 scales): MatrixCore's fragments
// and, per k-step, each lane's two scale VGPRs, gathered through the SA and SB layouts from the
// product's scales: SA[i * kb + q] the E8M0 code of row i of A for K block q (32 K), SB[q * n + j]
// column j's (kb = ceil(k/32); past the matrix, 1.0). matrix_multiply_scaled calls load_scales.
template <class I, class Elem, int BlockN>
struct ScaledMatrixCore : MatrixCore<I, Elem, BlockN> {
  using Base = MatrixCore<I, Elem, BlockN>;
  using typename Base::Accumulator;
  static constexpr bool scaled = true;
  static constexpr int scale_block = I::scale_block; // K per scale, from the catalog
  static constexpr PolicyName name = PolicyName("ScaledMatrixCore<") + I::mnemonic + " " + I::a_format + ">";

  __device__ static void load_scales(uint8_t const* SA, uint8_t const* SB, int row0, int col0, int k0, int m, int n,
                                     int k, int lane_id, uint32_t (&scales)[2]) {
    int const kb = (k + scale_block - 1) / scale_block, q0 = k0 / scale_block;
    uint32_t sa[1], sb[1];
    Base::template gather<typename I::SA>(sa, lane_id, [&](int, int r, int q) -> uint8_t {
      return row0 + r < m && q0 + q < kb ? SA[(row0 + r) * kb + q0 + q] : 0x7F;
    });
    Base::template gather<typename I::SB>(sb, lane_id, [&](int, int q, int c) -> uint8_t {
      return col0 + c < n && q0 + q < kb ? SB[(q0 + q) * n + col0 + c] : 0x7F;
    });
    scales[0] = sa[0];
    scales[1] = sb[0];
  }
  using Base::mma;
  __device__ static void mma(Accumulator& acc, uint32_t const (&a_frag)[Base::frag_size_m],
                             uint32_t const (&b_frag)[Base::frag_size_n], uint32_t const (&scales)[2]) {
    typename I::a_type a;
    typename I::b_type b;
    Base::operands(a_frag, b_frag, a, b);
    acc.regs = I::mma(a, b, acc.regs, static_cast<int>(scales[0]), static_cast<int>(scales[1]));
  }
};

} // namespace wavemma::gemm
