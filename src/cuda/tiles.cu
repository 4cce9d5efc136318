// The fast paths of wavemma::cuda (docs/cuda.md, "The fast paths"): a pre-pass decodes A and B once
// into the values a model's fast formulation takes, K-major, and marks every row of A and column of
// B that holds an inf or NaN; a tiled kernel runs every element's chain from shared memory; the
// marked elements, and those whose result the formulation hands over, are recomputed afterwards by
// the reference kernel. One policy per formulation says what a value is and what a step does.

#include <cuda_runtime.h>

#include "kernels.hpp"
#include "wavemma/numeric/core/fma_chain.hpp"
#include "wavemma/numeric/core/integer_dot.hpp"
#include "wavemma/numeric/core/rdna4_binary64.hpp"

namespace wavemma::cuda::detail {
namespace {

namespace core = numeric::core;

// gfx12/gfx1250 DOT4 chains with f32 C/D in binary64 (core/rdna4_binary64.hpp): steps of four. A
// factor is one double: its value, whose significand (at most 11 bits) leaves the low bits zero,
// with ae + 1024 in the low 11 bits (a zero's ae as -1024: its products stay far below every grid).
// Eight bytes per factor in shared memory (a 16-byte B64Factor gave 1.96e12 MAC/s on an H200, this 2.02e12).
struct Dot4Binary64 {
  using Value = double;
  using Acc = float;
  static constexpr int kGroup = 4;
  static constexpr uint64_t kAeMask = 0x7FF;
  static constexpr int kAeBias = 1024;
  __device__ static Value decode(numeric::Format f, uint64_t bits) {
    core::B64Factor const x = core::b64_factor(f, bits);
    int const ae = x.ae < -kAeBias ? -kAeBias : x.ae;
    return core::f64_from(core::f64_bits(x.v) | static_cast<uint64_t>(ae + kAeBias));
  }
  __device__ static core::B64Factor unpack(double p) {
    uint64_t const b = core::f64_bits(p);
    return {core::f64_from(b & ~kAeMask), static_cast<int>(b & kAeMask) - kAeBias};
  }
  __device__ static Acc load(uint64_t c) { return core::f32_from(static_cast<uint32_t>(c)); }
  __device__ static uint64_t store(Acc d) { return core::f32_bits(d); }
  __device__ static Acc step(Value const* a, Value const* b, Acc acc) {
    core::B64Factor const fa[4] = {unpack(a[0]), unpack(a[1]), unpack(a[2]), unpack(a[3])};
    core::B64Factor const fb[4] = {unpack(b[0]), unpack(b[1]), unpack(b[2]), unpack(b[3])};
    return core::rdna4_dot4_step_b64(fa, fb, acc);
  }
  __device__ static Acc end_of_instruction(Acc d, bool) { return d; }
  // After an overflow the reference's special values decide.
  __device__ static bool hand_over(Acc d) { return (core::f32_bits(d) & 0x7F800000u) == 0x7F800000u; }
};

// f32 and f64 FMA chains (core/fma_chain.hpp): d = fma(a, b, d), correctly rounded, in K order.
// The GPU's fma is IEEE's; only its NaNs differ from the reference's rule, so a NaN is handed over.
template <class T>
struct FmaChain {
  using Value = T;
  using Acc = T;
  static constexpr int kGroup = 1;
  __device__ static Value decode(numeric::Format f, uint64_t bits) {
    return core::FmaWord<T>::value(f, bits & core::storage_mask(f));
  }
  __device__ static Acc load(uint64_t c) {
    return core::FmaWord<T>::from(static_cast<typename core::FmaWord<T>::Bits>(c));
  }
  __device__ static uint64_t store(Acc d) { return core::FmaWord<T>::bits(d); }
  __device__ static Acc step(Value const* a, Value const* b, Acc acc) { return core::fma_rne(a[0], b[0], acc); }
  __device__ static Acc end_of_instruction(Acc d, bool) { return d; }
  __device__ static bool hand_over(Acc d) { return d != d; }
};

// Integer sums (core/integer_dot.hpp): exact within an instruction, then clamped to int32 or
// wrapped at its end.
struct IntegerSum {
  using Value = int32_t;
  using Acc = int64_t;
  static constexpr int kGroup = 4;
  __device__ static Value decode(numeric::Format f, uint64_t bits) {
    numeric::Decoded const d = core::decode(f, bits & core::storage_mask(f));
    return static_cast<int32_t>(core::with_sign(d.neg, d.sig));
  }
  __device__ static Acc load(uint64_t c) { return static_cast<int32_t>(static_cast<uint32_t>(c)); }
  __device__ static uint64_t store(Acc d) { return static_cast<uint32_t>(d); }
  __device__ static Acc step(Value const* a, Value const* b, Acc acc) {
    return acc + int64_t{a[0]} * b[0] + int64_t{a[1]} * b[1] + int64_t{a[2]} * b[2] + int64_t{a[3]} * b[3];
  }
  __device__ static Acc end_of_instruction(Acc d, bool clamp) {
    int64_t constexpr lo = -(int64_t{1} << 31), hi = (int64_t{1} << 31) - 1;
    if (clamp) return d < lo ? lo : d > hi ? hi : d;
    return static_cast<int32_t>(static_cast<uint32_t>(d)); // modulo 2^32
  }
  __device__ static bool hand_over(Acc) { return false; }
};

// Decodes a rows x cols matrix of raw codes (row-major) into a K-major array of padded size: A (m x
// k) is read transposed (out[k][row]), B (k x n) as is (out[k][col]). Padding decodes as zero. A
// row of A or column of B with an inf or NaN sets special[its index].
template <class P>
__global__ void decode_kernel(numeric::Format f, uint64_t const* raw, int rows, int cols, bool transpose, int out_ld,
                              int out_k, typename P::Value* value, uint8_t* special) {
  long long const e = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= static_cast<long long>(out_ld) * out_k) return;
  int r, c, kk, x; // source row and column; K index and row/column of the output
  if (transpose) { // e walks the source row-major (coalesced reads)
    r = static_cast<int>(e / out_k), kk = static_cast<int>(e % out_k);
    c = kk, x = r;
  } else {
    kk = static_cast<int>(e / out_ld), x = static_cast<int>(e % out_ld);
    r = kk, c = x;
  }
  uint64_t const bits = r < rows && c < cols ? raw[static_cast<size_t>(r) * cols + c] : 0;
  if (!core::decode(f, bits & core::storage_mask(f)).is_finite()) special[x] = 1;
  value[static_cast<size_t>(kk) * out_ld + x] = P::decode(f, bits);
}

constexpr int kBm = kTile, kBn = kTile, kBk = kSlice, kThreads = 256, kTm = kBm / 16, kTn = kBn / 16;
static_assert(kBk % 4 == 0, "K slices hold whole steps");

// D for one 64x64 tile: thread (tx, ty) owns rows ty + 16i and columns tx + 16j; K in slices of 16.
template <class P>
__global__ void __launch_bounds__(kThreads) tile_kernel(TileArgs g) {
  using V = typename P::Value;
  __shared__ V as[kBk][kBm], bs[kBk][kBn];
  auto const *av = static_cast<V const*>(g.a), *bv = static_cast<V const*>(g.b);
  int const tx = static_cast<int>(threadIdx.x % 16), ty = static_cast<int>(threadIdx.x / 16);
  int const row0 = static_cast<int>(blockIdx.y) * kBm, col0 = static_cast<int>(blockIdx.x) * kBn;
  typename P::Acc acc[kTm][kTn];
  for (int i = 0; i < kTm; ++i)
    for (int j = 0; j < kTn; ++j) {
      int const r = row0 + ty + 16 * i, c = col0 + tx + 16 * j;
      acc[i][j] = P::load(g.c != nullptr && r < g.m && c < g.n ? g.c[size_t(r) * g.n + c] : 0);
    }
  for (int k0 = 0; k0 < g.k_steps; k0 += kBk) {
    for (int q = static_cast<int>(threadIdx.x); q < kBk * kBm; q += kThreads) {
      int const kk = q / kBm, x = q % kBm;
      as[kk][x] = av[size_t(k0 + kk) * g.mp + row0 + x];
      bs[kk][x] = bv[size_t(k0 + kk) * g.np + col0 + x];
    }
    __syncthreads();
    int const k_end = min(kBk, g.k_steps - k0); // the chain's K ends with its last instruction
#pragma unroll
    for (int s = 0; s < kBk; s += P::kGroup) {
      if (s >= k_end) break;
      V fb[kTn][P::kGroup];
#pragma unroll
      for (int j = 0; j < kTn; ++j)
#pragma unroll
        for (int q = 0; q < P::kGroup; ++q) fb[j][q] = bs[s + q][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < kTm; ++i) {
        V fa[P::kGroup];
#pragma unroll
        for (int q = 0; q < P::kGroup; ++q) fa[q] = as[s + q][ty + 16 * i];
#pragma unroll
        for (int j = 0; j < kTn; ++j) acc[i][j] = P::step(fa, fb[j], acc[i][j]);
      }
      if ((k0 + s + P::kGroup) % g.in_k == 0)
#pragma unroll
        for (int i = 0; i < kTm; ++i)
#pragma unroll
          for (int j = 0; j < kTn; ++j) acc[i][j] = P::end_of_instruction(acc[i][j], g.clamp);
    }
    __syncthreads();
  }
  for (int i = 0; i < kTm; ++i)
    for (int j = 0; j < kTn; ++j) {
      int const r = row0 + ty + 16 * i, c = col0 + tx + 16 * j;
      if (r >= g.m || c >= g.n) continue;
      size_t const o = size_t(r) * g.n + c;
      g.d[o] = P::store(acc[i][j]);
      g.redo[o] = g.a_special[r] | g.b_special[c] | P::hand_over(acc[i][j]);
    }
}

template <class P>
int launch(TileArgs g, numeric::Format fa, numeric::Format fb, uint64_t const* a, uint64_t const* b,
           CUstream_st* stream) {
  if (int const e = cudaMemsetAsync(g.a_special, 0, size_t(g.mp) + size_t(g.np), stream); e != 0) return e;
  int const threads = 256;
  auto const blocks = [&](long long n) { return static_cast<unsigned>((n + threads - 1) / threads); };
  auto* const va = static_cast<typename P::Value*>(g.a);
  auto* const vb = static_cast<typename P::Value*>(g.b);
  decode_kernel<P><<<blocks(static_cast<long long>(g.mp) * g.k_alloc), threads, 0, stream>>>(
      fa, a, g.m, g.k, true, g.mp, g.k_alloc, va, g.a_special);
  decode_kernel<P><<<blocks(static_cast<long long>(g.np) * g.k_alloc), threads, 0, stream>>>(
      fb, b, g.k, g.n, false, g.np, g.k_alloc, vb, g.b_special);
  dim3 const grid(static_cast<unsigned>(g.np / kBn), static_cast<unsigned>(g.mp / kBm));
  tile_kernel<P><<<grid, kThreads, 0, stream>>>(g);
  return cudaGetLastError();
}

} // namespace

size_t tile_value_bytes(FastPath f) {
  switch (f) {
  case FastPath::kDot4Binary64:
    return sizeof(Dot4Binary64::Value);
  case FastPath::kFmaF32:
    return sizeof(float);
  case FastPath::kFmaF64:
    return sizeof(double);
  case FastPath::kIntegerSum:
    return sizeof(int32_t);
  case FastPath::kNone:
    break;
  }
  return 0;
}

int launch_tiles(FastPath f, TileArgs const& g, numeric::Format fa, numeric::Format fb, uint64_t const* a,
                 uint64_t const* b, CUstream_st* stream) {
  switch (f) {
  case FastPath::kDot4Binary64:
    return launch<Dot4Binary64>(g, fa, fb, a, b, stream);
  case FastPath::kFmaF32:
    return launch<FmaChain<float>>(g, fa, fb, a, b, stream);
  case FastPath::kFmaF64:
    return launch<FmaChain<double>>(g, fa, fb, a, b, stream);
  case FastPath::kIntegerSum:
    return launch<IntegerSum>(g, fa, fb, a, b, stream);
  case FastPath::kNone:
    break;
  }
  return cudaErrorInvalidValue;
}

} // namespace wavemma::cuda::detail
