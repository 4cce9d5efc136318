// RDNA4 (gfx1200/gfx1201) sparse GEMM with SWMMAC: A pruned to 2:4 (two non-zeros in every group of
// four along K), stored compressed with its 2-bit positions, times a dense B. The seeds'
// SwmmacRdna4F16Policy example compared against the unpruned A with a tolerance that always passed
// (seed-errata.md §A.2); this one checks against the pruned A.
//
//   on the CPU:  build/release/examples/rdna4_swmmac [size]
//   on a GPU:    clang++-22 -std=c++20 -x hip --offload-arch=gfx1201 -Iinclude examples/rdna4_swmmac.hip
#include "common.hpp"

#include <algorithm>

#include <wavemma/gemm/compute.hpp>
#include <wavemma/gemm/kernel.hpp>
#include <wavemma/gemm/tile.hpp>

namespace g = wavemma::gemm;
using Tile = g::SparseLdsTile<_Float16, 32, 32, 32>;
using Compute = g::MatrixCore<g::instr::gfx12_swmmac_f32_16x16x32_f16_w32, _Float16, 32>;

int main(int argc, char** argv) {
#if defined(WAVEMMA_SIMT)
  wavemma::simt::set_target("gfx1201"); // on the CPU: the GPU to emulate
#endif
  int const m = size_from_args(argc, argv), n = m, k = (m + 3) / 4 * 4;
  print_device();
  std::printf("Sparse GEMM %d x %d x %d (A 2:4), f16 -> f32, %d threads per block\n", m, n, k,
              g::block_threads<Tile, Compute>());
  auto ha = random_matrix<_Float16>(m, k, 42);
  auto const hb = random_matrix<_Float16>(k, n, 43);
  // Prune: keep the two largest magnitudes of every group of four; store them and their positions.
  std::vector<_Float16> stored(static_cast<size_t>(m) * k / 2);
  std::vector<uint8_t> index(stored.size());
  for (int i = 0; i < m; ++i)
    for (int gq = 0; gq < k / 4; ++gq) {
      _Float16* q = &ha[size_t(i) * k + 4 * gq];
      int order[4] = {0, 1, 2, 3};
      std::sort(order, order + 4, [&](int x, int y) { return std::fabs(float(q[x])) > std::fabs(float(q[y])); });
      int const lo = std::min(order[0], order[1]), hi = std::max(order[0], order[1]);
      for (int t = 0; t < 4; ++t)
        if (t != lo && t != hi) q[t] = static_cast<_Float16>(0.f);
      stored[size_t(i) * k / 2 + 2 * gq] = q[lo];
      stored[size_t(i) * k / 2 + 2 * gq + 1] = q[hi];
      index[size_t(i) * k / 2 + 2 * gq] = static_cast<uint8_t>(lo);
      index[size_t(i) * k / 2 + 2 * gq + 1] = static_cast<uint8_t>(hi);
    }
  _Float16 *a, *b;
  uint8_t* idx;
  float* c;
  HIP_CHECK(hipMalloc(&a, sizeof(_Float16) * stored.size()));
  HIP_CHECK(hipMalloc(&idx, index.size()));
  HIP_CHECK(hipMalloc(&b, sizeof(_Float16) * hb.size()));
  HIP_CHECK(hipMalloc(&c, sizeof(float) * m * n));
  HIP_CHECK(hipMemcpy(a, stored.data(), sizeof(_Float16) * stored.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(idx, index.data(), index.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b, hb.data(), sizeof(_Float16) * hb.size(), hipMemcpyHostToDevice));
  dim3 const grid((n + Tile::block_tile_n - 1) / Tile::block_tile_n, (m + Tile::block_tile_m - 1) / Tile::block_tile_m);
  float const ms = time_kernel_ms([&] {
    hipLaunchKernelGGL(HIP_KERNEL_NAME(g::matrix_multiply_sparse<Tile, Compute, _Float16>), grid,
                       dim3(g::block_threads<Tile, Compute>()), 0, 0, a, idx, b, c, m, n, k);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<float> hc(static_cast<size_t>(m) * n);
  HIP_CHECK(hipMemcpy(hc.data(), c, sizeof(float) * hc.size(), hipMemcpyDeviceToHost));
  bool const ok = verify(hc, ha, hb, m, n, k); // against the pruned A
  print_metrics("GemmKernel<SparseLdsTile, MatrixCore<v_swmmac_f32_16x16x32_f16>> [gfx12]", ok, ms,
                sizeof(_Float16) * (double(m) * k / 2 + double(k) * n) + double(m) * k / 2 +
                    sizeof(float) * double(m) * n,
                m, n, k);
  std::printf("  (sparse: the TFLOPS count the dense K)\n");
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(idx));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  return ok ? 0 : 1;
}
