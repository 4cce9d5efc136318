// RDNA4 (gfx1200/gfx1201) WMMA GEMM, f16 inputs, f32 accumulation: the seeds'
// matrix_multiply_rdna4_wmma.hip rewritten on wavemma::gemm. Two tile policies share one compute
// policy: B transposed into LDS by the threads, and B through the hardware transpose load
// (__builtin_amdgcn_global_load_tr_b128_v8f16). The compute policy reads its fragment layouts from
// the catalog (the documented K interleave, not the seed example's contiguous K).
//
//   on the CPU:  build/release/examples/rdna4_wmma [size]
//   on a GPU:    clang++-22 -std=c++20 -x hip --offload-arch=gfx1201 -Iinclude examples/rdna4_wmma.hip
#include "common.hpp"

#include <wavemma/gemm/compute.hpp>
#include <wavemma/gemm/kernel.hpp>
#include <wavemma/gemm/tile.hpp>

namespace g = wavemma::gemm;
using Compute = g::MatrixCore<g::instr::gfx12_wmma_f32_16x16x16_f16_w32, _Float16, 32>;
using LdsB = g::LdsTile<_Float16, 32, 32, 32>;
using TransposeB = g::TransposeLoadTile<32, 32, 32>;

template <class Tile>
bool run(char const* label, _Float16 const* a, _Float16 const* b, float* c, std::vector<_Float16> const& ha,
         std::vector<_Float16> const& hb, int m, int n, int k) {
  dim3 const grid((n + Tile::block_tile_n - 1) / Tile::block_tile_n, (m + Tile::block_tile_m - 1) / Tile::block_tile_m);
  dim3 const block(g::block_threads<Tile, Compute>());
  HIP_CHECK(hipMemset(c, 0, sizeof(float) * m * n));
  float const ms = time_kernel_ms([&] {
    hipLaunchKernelGGL(HIP_KERNEL_NAME(g::matrix_multiply_generic<Tile, Compute, _Float16>), grid, block, 0, 0, a, b, c,
                       m, n, k);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<float> hc(static_cast<size_t>(m) * n);
  HIP_CHECK(hipMemcpy(hc.data(), c, sizeof(float) * hc.size(), hipMemcpyDeviceToHost));
  bool const ok = verify(hc, ha, hb, m, n, k);
  print_metrics(label, ok, ms, sizeof(_Float16) * (double(m) * k + double(k) * n) + sizeof(float) * double(m) * n, m, n,
                k);
  return ok;
}

int main(int argc, char** argv) {
#if defined(WAVEMMA_SIMT)
  wavemma::simt::set_target("gfx1201"); // on the CPU: the GPU to emulate
#endif
  int const m = size_from_args(argc, argv), n = m, k = m;
  print_device();
  std::printf("GEMM %d x %d x %d, f16 -> f32, block tile 32 x 32, k strip 32, %d threads per block\n", m, n, k,
              g::block_threads<LdsB, Compute>());
  auto const ha = random_matrix<_Float16>(m, k, 42), hb = random_matrix<_Float16>(k, n, 43);
  _Float16 *a, *b;
  float* c;
  HIP_CHECK(hipMalloc(&a, sizeof(_Float16) * ha.size()));
  HIP_CHECK(hipMalloc(&b, sizeof(_Float16) * hb.size()));
  HIP_CHECK(hipMalloc(&c, sizeof(float) * m * n));
  HIP_CHECK(hipMemcpy(a, ha.data(), sizeof(_Float16) * ha.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b, hb.data(), sizeof(_Float16) * hb.size(), hipMemcpyHostToDevice));
  bool ok = run<LdsB>("GemmKernel<LdsTile, MatrixCore<v_wmma_f32_16x16x16_f16>> [gfx12]", a, b, c, ha, hb, m, n, k);
  ok &= run<TransposeB>("GemmKernel<TransposeLoadTile, MatrixCore<v_wmma_f32_16x16x16_f16>> [gfx12]", a, b, c, ha, hb,
                        m, n, k);
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  return ok ? 0 : 1;
}
