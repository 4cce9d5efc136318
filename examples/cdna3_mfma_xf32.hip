// CDNA3 (gfx942, MI300) MFMA GEMM on xf32: the seeds' MfmaCdna3XF32Policy rewritten on
// wavemma::gemm. v_mfma_f32_16x16x8_xf32 takes f32 inputs and drops their low 13 fraction bits
// (truncation: SEED-C3 says "rounds", the hardware truncates -- seed-errata.md §A.8), so the
// check allows that input error on top of the f32 accumulation.
//
//   on the CPU:  build/release/examples/cdna3_mfma_xf32 [size]
//   on a GPU:    clang++-22 -std=c++20 -x hip --offload-arch=gfx942 -Iinclude examples/cdna3_mfma_xf32.hip
#include "common.hpp"

#include <wavemma/gemm/compute.hpp>
#include <wavemma/gemm/kernel.hpp>
#include <wavemma/gemm/tile.hpp>

namespace g = wavemma::gemm;
using Tile = g::LdsTile<float, 32, 32, 32>;
using Compute = g::MatrixCore<g::instr::gfx94x_mfma_f32_16x16x8_xf32_w64, float, 32>;

int main(int argc, char** argv) {
#if defined(WAVEMMA_SIMT)
  wavemma::simt::set_target("gfx942"); // on the CPU: the GPU to emulate
#endif
  int const m = size_from_args(argc, argv), n = m, k = m;
  print_device();
  std::printf("GEMM %d x %d x %d, xf32 -> f32, block tile 32 x 32, k strip 32, %d threads per block\n", m, n, k,
              g::block_threads<Tile, Compute>());
  auto const ha = random_matrix<float>(m, k, 42), hb = random_matrix<float>(k, n, 43);
  float *a, *b, *c;
  HIP_CHECK(hipMalloc(&a, sizeof(float) * ha.size()));
  HIP_CHECK(hipMalloc(&b, sizeof(float) * hb.size()));
  HIP_CHECK(hipMalloc(&c, sizeof(float) * m * n));
  HIP_CHECK(hipMemcpy(a, ha.data(), sizeof(float) * ha.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b, hb.data(), sizeof(float) * hb.size(), hipMemcpyHostToDevice));
  dim3 const grid((n + Tile::block_tile_n - 1) / Tile::block_tile_n, (m + Tile::block_tile_m - 1) / Tile::block_tile_m);
  float const ms = time_kernel_ms([&] {
    hipLaunchKernelGGL(HIP_KERNEL_NAME(g::matrix_multiply_generic<Tile, Compute, float>), grid,
                       dim3(g::block_threads<Tile, Compute>()), 0, 0, a, b, c, m, n, k);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<float> hc(static_cast<size_t>(m) * n);
  HIP_CHECK(hipMemcpy(hc.data(), c, sizeof(float) * hc.size(), hipMemcpyDeviceToHost));
  bool const ok = verify(hc, ha, hb, m, n, k, std::ldexp(1.0, -9)); // each xf32 input within 2^-10
  print_metrics("GemmKernel<LdsTile, MatrixCore<v_mfma_f32_16x16x8_xf32>> [gfx942]", ok, ms,
                sizeof(float) * 3.0 * m * n, m, n, k);
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  return ok ? 0 : 1;
}
