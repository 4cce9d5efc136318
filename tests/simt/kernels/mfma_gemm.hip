// A GEMM for CDNA3 (gfx942, wave64): C = A x B with f16 A (M x K, row-major), f16 B (K x N,
// row-major) and f32 C, one v_mfma_f32_32x32x8_f16 per 32x32x8 step. One wave per 32 x 32 block
// tile, A and B staged in LDS with a barrier around each K step.
//
//   clang++-22 -x hip --offload-arch=gfx942 -nogpulib --cuda-device-only -O3 -S -I include
//   mfma_gemm.hip
// M and N are multiples of 32, K of 8.

#include <cstdio>
#include <wavemma/hip.hpp>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const hip_check_error = (expr);                                                                         \
    if (hip_check_error != hipSuccess) {                                                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(hip_check_error));                     \
      return hip_check_error;                                                                                          \
    }                                                                                                                  \
  } while (0)

namespace mfma_gemm {

using half4 = _Float16 __attribute__((ext_vector_type(4)));
using float16 = float __attribute__((ext_vector_type(16)));

constexpr int kTile = 32, kStepK = 8, kThreads = 64;

// v_mfma_f32_32x32x8_f16 (reference/layouts.md): lane L holds row (A) or column (B) L % 32 and
// K = 4*(L/32) + e in element e; accumulator g of lane L is C[8*(g/4) + 4*(L/32) + g%4][L % 32].
__global__ void __launch_bounds__(kThreads) gemm(_Float16 const* A, _Float16 const* B, float* C, int n, int k) {
  __shared__ _Float16 a_tile[kTile][kStepK];
  __shared__ _Float16 b_tile[kStepK][kTile];
  int const lane = static_cast<int>(threadIdx.x);
  int const row0 = static_cast<int>(blockIdx.y) * kTile, col0 = static_cast<int>(blockIdx.x) * kTile;
  float16 acc = {};
  for (int k0 = 0; k0 < k; k0 += kStepK) {
    for (int i = lane; i < kTile * kStepK; i += kThreads) {
      a_tile[i / kStepK][i % kStepK] = A[(row0 + i / kStepK) * k + k0 + i % kStepK];
      b_tile[i / kTile][i % kTile] = B[(k0 + i / kTile) * n + col0 + i % kTile];
    }
    __syncthreads();
    half4 a, b;
    for (int e = 0; e < 4; ++e) {
      a[e] = a_tile[lane % 32][4 * (lane / 32) + e];
      b[e] = b_tile[4 * (lane / 32) + e][lane % 32];
    }
    acc = __builtin_amdgcn_mfma_f32_32x32x8f16(a, b, acc, 0, 0, 0);
    __syncthreads();
  }
  for (int g = 0; g < 16; ++g) C[(row0 + 8 * (g / 4) + 4 * (lane / 32) + g % 4) * n + col0 + lane % 32] = acc[g];
}

inline hipError_t run(_Float16 const* A, _Float16 const* B, float* C, int m, int n, int k) {
  _Float16 *d_a, *d_b;
  float* d_c;
  HIP_CHECK(hipMalloc(&d_a, sizeof(_Float16) * size_t(m) * size_t(k)));
  HIP_CHECK(hipMalloc(&d_b, sizeof(_Float16) * size_t(k) * size_t(n)));
  HIP_CHECK(hipMalloc(&d_c, sizeof(float) * size_t(m) * size_t(n)));
  HIP_CHECK(hipMemcpy(d_a, A, sizeof(_Float16) * size_t(m) * size_t(k), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_b, B, sizeof(_Float16) * size_t(k) * size_t(n), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(d_c, 0, sizeof(float) * size_t(m) * size_t(n)));
  hipLaunchKernelGGL(gemm, dim3(unsigned(n / kTile), unsigned(m / kTile)), dim3(kThreads), 0, 0, d_a, d_b, d_c, n, k);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(C, d_c, sizeof(float) * size_t(m) * size_t(n), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_a));
  HIP_CHECK(hipFree(d_b));
  HIP_CHECK(hipFree(d_c));
  return hipSuccess;
}

} // namespace mfma_gemm
