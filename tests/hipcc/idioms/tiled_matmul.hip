// The tiled shared-memory matrix multiply of HIP's samples and training material: TILE x TILE
// blocks stage tiles of A and B in __shared__ arrays between two __syncthreads(), with sizes that
// are not multiples of the tile (guarded loads pad with zeros), launched with hipLaunchKernelGGL.
// The operands are small integers held in floats, so the result is exact; the reference is a
// 64-bit integer product on the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e_ = (expr);                                                                                      \
    if (e_ != hipSuccess) {                                                                                            \
      std::fprintf(stderr, "%s failed: %s\n", #expr, hipGetErrorString(e_));                                           \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

constexpr int TILE = 16;

__global__ void matmul_tiled(float const* a, float const* b, float* c, int m, int n, int k) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE + 1]; // padded against bank conflicts, as the samples do
  int const row = blockIdx.y * TILE + threadIdx.y;
  int const col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    int const ak = t * TILE + threadIdx.x;
    int const bk = t * TILE + threadIdx.y;
    a_tile[threadIdx.y][threadIdx.x] = row < m && ak < k ? a[row * k + ak] : 0.0f;
    b_tile[threadIdx.y][threadIdx.x] = bk < k && col < n ? b[bk * n + col] : 0.0f;
    __syncthreads();
    for (int i = 0; i < TILE; ++i) sum += a_tile[threadIdx.y][i] * b_tile[i][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = sum;
}

int main() {
  int const m = 70, n = 45, k = 53;
  std::vector<float> a(m * k), b(k * n), c(m * n, -1.0f);
  for (int i = 0; i < m * k; ++i) a[i] = static_cast<float>((i * 13) % 17 - 8);
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>((i * 11) % 15 - 7);
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, a.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, b.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, c.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
  dim3 const block(TILE, TILE);
  dim3 const grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE);
  hipLaunchKernelGGL(matmul_tiled, grid, block, 0, 0, da, db, dc, m, n, k);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(c.data(), dc, c.size() * sizeof(float), hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      long expected = 0;
      for (int kk = 0; kk < k; ++kk) expected += static_cast<long>(a[i * k + kk]) * static_cast<long>(b[kk * n + j]);
      if (c[i * n + j] != static_cast<float>(expected) && errors++ < 5)
        std::printf("C[%d][%d] = %g, expected %ld\n", i, j, c[i * n + j], expected);
    }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  std::printf("%s: %d of %d elements differ\n", errors == 0 ? "PASSED" : "FAILED", errors, m * n);
  return errors == 0 ? 0 : 1;
}
