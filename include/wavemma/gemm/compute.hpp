#pragma once
// ComputePolicies: who computes which part of the block tile, and how.
//
// `MatrixCore<I>` issues one matrix instruction per k-step, one instruction tile per wave. I is an
// instruction description generated from the catalog (generated/instructions.hpp): its operand
// layouts (lane, element n) -> (row, col) decide every fragment load and every store, so no
// policy writes a layout by hand and every instruction of the catalog can drive the kernel.
// `ScalarFma` is the fallback: a thread tile per thread, one fused multiply-add per k.

#include "wavemma/gemm/generated/instructions.hpp"
#include "wavemma/gemm/tile.hpp"

namespace wavemma::gemm {

// Scalar FMA on f32 or f64: TileM x TileN outputs per thread, products in k order (the hardware's
// scalar FMA, correctly rounded: fmaf / fma).
template <class Elem, int TileM, int TileN>
struct ScalarFma {
  using elem = Elem;
  using out = Elem;
  static constexpr int lanes = 1, tile_m = TileM, tile_n = TileN, k_step = 1;
  struct Accumulator {
    Elem v[TileM][TileN];
  };
  struct FragA {
    Elem v[TileM];
  };
  struct FragB {
    Elem v[TileN];
  };
  __device__ static void zero(Accumulator& acc) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j) acc.v[i][j] = Elem{};
  }
  __device__ static FragA load_a(TileView<Elem> const& t, int row0, int k0, int) {
    FragA f;
    for (int i = 0; i < TileM; ++i) f.v[i] = t.a[(row0 + i) * t.lda + k0];
    return f;
  }
  __device__ static FragB load_b(TileView<Elem> const& t, int col0, int k0, int) {
    FragB f;
    for (int j = 0; j < TileN; ++j) f.v[j] = t.b_t[(col0 + j) * t.ldb + k0];
    return f;
  }
  __device__ static void mma(Accumulator& acc, FragA const& a, FragB const& b) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j) acc.v[i][j] = __builtin_fma(a.v[i], b.v[j], acc.v[i][j]);
  }
  __device__ static void store(Accumulator const& acc, out* c, int ldc, int row0, int col0, int m, int n, int) {
    for (int i = 0; i < TileM; ++i)
      for (int j = 0; j < TileN; ++j)
        if (row0 + i < m && col0 + j < n) c[static_cast<size_t>(row0 + i) * ldc + col0 + j] = acc.v[i][j];
  }
};
// One matrix instruction per wave and k-step. Out is the C type (float, int, double); ElemBits
// masks narrow integers (iu4 is stored one value per byte); ASigned/BSigned choose signed integer
// inputs on RDNA (the a_sign/b_sign immediates).
template <class I, class Elem, class Out, bool ASigned = true, bool BSigned = true>
struct MatrixCore {
  using instruction = I;
  using elem = Elem;
  using out = Out;
  static constexpr int lanes = I::wave, tile_m = I::m, tile_n = I::n, k_step = I::k;
  static_assert(I::blocks == 1, "the GEMM uses single-block instructions");
  using Accumulator = typename I::c_type;
  struct FragA {
    typename I::a_type a;
    int index; // the sparsity index VGPR (sparse instructions)
  };
  using FragB = typename I::b_type;

  __device__ static void zero(Accumulator& acc) { acc = Accumulator{}; }

  // Each lane gathers the elements the layout gives it, in register order.
  __device__ static FragA load_a(TileView<Elem> const& t, int row0, int k0, int lane) {
    using L = typename I::A;
    int const kc = I::sparse ? k0 / 2 : k0; // sparse A holds K/2 stored values per row
    Words<L::vgprs> w{};
#pragma unroll
    for (int n = 0; n < L::slots; ++n)
      if (L::holds(lane, n)) w.put(n, L::elem_bits, bits_of(t.a[(row0 + L::row(lane, n)) * t.lda + kc + L::col(lane, n)]));
    FragA f{__builtin_bit_cast(typename I::a_type, w), 0};
    if constexpr (I::sparse) {
      using X = typename I::Index;
      Words<X::vgprs> idx{};
#pragma unroll
      for (int n = 0; n < X::slots; ++n)
        if (X::holds(lane, n)) idx.put(n, X::elem_bits, t.a_index[(row0 + X::row(lane, n)) * t.lda + kc + X::col(lane, n)]);
      f.index = static_cast<int>(idx.w[0]);
    }
    return f;
  }
  __device__ static FragB load_b(TileView<Elem> const& t, int col0, int k0, int lane) {
    using L = typename I::B; // row = k, col = n; the strip holds B transposed
    Words<L::vgprs> w{};
#pragma unroll
    for (int n = 0; n < L::slots; ++n)
      if (L::holds(lane, n)) w.put(n, L::elem_bits, bits_of(t.b_t[(col0 + L::col(lane, n)) * t.ldb + k0 + L::row(lane, n)]));
    return __builtin_bit_cast(FragB, w);
  }
  __device__ static void mma(Accumulator& acc, FragA const& a, FragB const& b) {
    if constexpr (I::sparse) acc = I::mma(a.a, b, acc, a.index);
    else if constexpr (requires { I::template mma<ASigned, BSigned>(a.a, b, acc); })
      acc = I::template mma<ASigned, BSigned>(a.a, b, acc);
    else acc = I::mma(a.a, b, acc);
  }
  __device__ static void store(Accumulator const& acc, Out* c, int ldc, int row0, int col0, int m, int n, int lane) {
    using L = typename I::D;
    auto const w = __builtin_bit_cast(Words<L::vgprs>, acc);
#pragma unroll
    for (int e = 0; e < L::slots; ++e) {
      if (!L::holds(lane, e)) continue;
      int const r = row0 + L::row(lane, e), col = col0 + L::col(lane, e);
      if (r < m && col < n) c[static_cast<size_t>(r) * ldc + col] = out_from_bits<Out>(w.get(e, L::elem_bits));
    }
  }
};

} // namespace wavemma::gemm
