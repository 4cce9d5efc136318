// The fast path of wavemma::cuda for the gfx12-style DOT4 chains with an f32 accumulator
// (core/rdna4_binary64.hpp; docs/cuda.md "The binary64 formulation"): a pre-pass decodes A and B
// once into binary64 values and alignment exponents, K-major; a tiled kernel runs every element's
// chain from shared memory; elements whose row of A or column of B holds an inf or NaN, and those
// whose chain overflowed, are marked and recomputed afterwards by the reference kernel.

#include <cuda_runtime.h>

#include "kernels.hpp"
#include "wavemma/numeric/core/rdna4_binary64.hpp"

namespace wavemma::cuda::detail {
namespace {

namespace core = numeric::core;

// Decodes a rows x cols matrix of raw codes (row-major, leading dimension ld) into K-major arrays
// of padded size: A (m x k) is read transposed (out[k][row]), B (k x n) as is (out[k][col]).
// Padding decodes as zero. A row of A or column of B with an inf or NaN sets special[its index].
__global__ void decode_kernel(numeric::Format f, uint64_t const* raw, int rows, int cols, bool transpose, int out_ld,
                              int out_rows, double* value, int* ae, uint8_t* special) {
  long long const e = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  int const outer = transpose ? out_ld : out_rows; // K-major output: out_rows = padded K
  if (e >= static_cast<long long>(outer) * (transpose ? out_rows : out_ld)) return;
  // transpose: e walks the source row-major (coalesced reads): r = e / out_rows, kk = e % out_rows.
  int r, c, kk, x;
  if (transpose) {
    r = static_cast<int>(e / out_rows), kk = static_cast<int>(e % out_rows);
    c = kk, x = r;
  } else {
    kk = static_cast<int>(e / out_ld), x = static_cast<int>(e % out_ld);
    r = kk, c = x;
  }
  uint64_t const bits = r < rows && c < cols ? raw[static_cast<size_t>(r) * cols + c] : 0;
  core::B64Factor const fa = core::b64_factor(f, bits);
  numeric::Decoded const d = core::decode(f, bits & core::storage_mask(f));
  if (!d.is_finite()) special[x] = 1;
  size_t const o = static_cast<size_t>(kk) * out_ld + x;
  value[o] = fa.v;
  ae[o] = fa.ae;
}

constexpr int kBm = kB64Tile, kBn = kB64Tile, kBk = 16, kThreads = 256, kTm = kBm / 16, kTn = kBn / 16;

// D for one 64x64 tile: thread (tx, ty) owns rows ty + 16i and columns tx + 16j; K in slices of 16
// (whole DOT4 steps; the padded K is a multiple of the instruction's, hence of 16).
__global__ void __launch_bounds__(kThreads) dot4_b64_kernel(B64Args g) {
  __shared__ double av[kBk][kBm], bv[kBk][kBn];
  __shared__ int ae[kBk][kBm], be[kBk][kBn];
  int const tx = static_cast<int>(threadIdx.x % 16), ty = static_cast<int>(threadIdx.x / 16);
  int const row0 = static_cast<int>(blockIdx.y) * kBm, col0 = static_cast<int>(blockIdx.x) * kBn;
  float acc[kTm][kTn];
  for (int i = 0; i < kTm; ++i)
    for (int j = 0; j < kTn; ++j) {
      int const r = row0 + ty + 16 * i, c = col0 + tx + 16 * j;
      acc[i][j] = g.c != nullptr && r < g.m && c < g.n ? core::f32_from(static_cast<uint32_t>(g.c[size_t(r) * g.n + c]))
                                                       : 0.0f;
    }
  for (int k0 = 0; k0 < g.kp; k0 += kBk) {
    for (int q = static_cast<int>(threadIdx.x); q < kBk * kBm; q += kThreads) {
      int const kk = q / kBm, x = q % kBm;
      size_t const oa = size_t(k0 + kk) * g.mp + row0 + x, ob = size_t(k0 + kk) * g.np + col0 + x;
      av[kk][x] = g.av[oa];
      ae[kk][x] = g.ae[oa];
      bv[kk][x] = g.bv[ob];
      be[kk][x] = g.be[ob];
    }
    __syncthreads();
#pragma unroll
    for (int s = 0; s < kBk; s += 4) {
      core::B64Factor fb[kTn][4];
#pragma unroll
      for (int j = 0; j < kTn; ++j)
#pragma unroll
        for (int q = 0; q < 4; ++q) fb[j][q] = {bv[s + q][tx + 16 * j], be[s + q][tx + 16 * j]};
#pragma unroll
      for (int i = 0; i < kTm; ++i) {
        core::B64Factor fa[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) fa[q] = {av[s + q][ty + 16 * i], ae[s + q][ty + 16 * i]};
#pragma unroll
        for (int j = 0; j < kTn; ++j) acc[i][j] = core::rdna4_dot4_step_b64(fa, fb[j], acc[i][j]);
      }
    }
    __syncthreads();
  }
  for (int i = 0; i < kTm; ++i)
    for (int j = 0; j < kTn; ++j) {
      int const r = row0 + ty + 16 * i, c = col0 + tx + 16 * j;
      if (r >= g.m || c >= g.n) continue;
      size_t const o = size_t(r) * g.n + c;
      uint32_t const bits = core::f32_bits(acc[i][j]);
      g.d[o] = bits;
      g.redo[o] = g.a_special[r] | g.b_special[c] | ((bits & 0x7F800000u) == 0x7F800000u);
    }
}

} // namespace

int launch_dot4_b64(B64Args const& g, numeric::Format fa, numeric::Format fb, uint64_t const* a, uint64_t const* b,
                    CUstream_st* stream) {
  if (int const e = cudaMemsetAsync(g.a_special, 0, size_t(g.mp) + size_t(g.np), stream); e != 0) return e;
  int const threads = 256;
  auto const blocks = [&](long long n) { return static_cast<unsigned>((n + threads - 1) / threads); };
  decode_kernel<<<blocks(static_cast<long long>(g.mp) * g.kp), threads, 0, stream>>>(
      fa, a, g.m, g.k, true, g.mp, g.kp, g.av, g.ae, g.a_special);
  decode_kernel<<<blocks(static_cast<long long>(g.np) * g.kp), threads, 0, stream>>>(
      fb, b, g.k, g.n, false, g.np, g.kp, g.bv, g.be, g.b_special);
  dim3 const grid(static_cast<unsigned>(g.np / kBn), static_cast<unsigned>(g.mp / kBm));
  dot4_b64_kernel<<<grid, kThreads, 0, stream>>>(g);
  return cudaGetLastError();
}

} // namespace wavemma::cuda::detail
