// One RDNA4 WMMA, D = A x B + C for 16 x 16 x 16 f16 -> f32, run on the CPU by wavemma::simt
// and on a gfx1201 GPU alike. docs/simt.md walks through it; CTest runs it (simt_example_wmma).
#include <cstdio>
#include <wavemma/hip.hpp>

#define HIP_CHECK(expr)                                                                            \
  do {                                                                                             \
    hipError_t const e = (expr);                                                                   \
    if (e != hipSuccess) {                                                                         \
      std::fprintf(stderr, "%s failed: %s\n", #expr, hipGetErrorString(e));                        \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

using half8 = _Float16 __attribute__((ext_vector_type(8)));
using float8 = float __attribute__((ext_vector_type(8)));

// One wave32. Lane L holds row L%16 of A and column L%16 of B; its element e is
// K = 8*(e/4) + 4*(L/16) + e%4. Result g of lane L is D[8*(L/16) + g][L%16].
__global__ void wmma_16x16(_Float16 const* A, _Float16 const* B, float const* C, float* D) {
  int const lane = static_cast<int>(threadIdx.x);
  half8 a, b;
  float8 c;
  for (int e = 0; e < 8; ++e) {
    int const k = 8 * (e / 4) + 4 * (lane / 16) + e % 4;
    a[e] = A[(lane % 16) * 16 + k];
    b[e] = B[k * 16 + lane % 16];
  }
  for (int g = 0; g < 8; ++g) c[g] = C[(8 * (lane / 16) + g) * 16 + lane % 16];
  float8 const d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int g = 0; g < 8; ++g) D[(8 * (lane / 16) + g) * 16 + lane % 16] = d[g];
}

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("%s (%s, wave%d)\n", props.name, props.gcnArchName, props.warpSize);

  // Small integers: every product and sum is exact, so a plain loop is the reference.
  _Float16 A[256], B[256];
  float C[256], D[256];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      A[i * 16 + j] = static_cast<_Float16>((i + 2 * j) % 5 - 2);
      B[i * 16 + j] = static_cast<_Float16>((3 * i + j) % 7 - 3);
      C[i * 16 + j] = static_cast<float>(i - j);
    }
  _Float16 *d_a, *d_b;
  float *d_c, *d_d;
  HIP_CHECK(hipMalloc(&d_a, sizeof A));
  HIP_CHECK(hipMalloc(&d_b, sizeof B));
  HIP_CHECK(hipMalloc(&d_c, sizeof C));
  HIP_CHECK(hipMalloc(&d_d, sizeof D));
  HIP_CHECK(hipMemcpy(d_a, A, sizeof A, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_b, B, sizeof B, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_c, C, sizeof C, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(wmma_16x16, dim3(1), dim3(32), 0, 0, d_a, d_b, d_c, d_d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(D, d_d, sizeof D, hipMemcpyDeviceToHost));

  int wrong = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float want = C[i * 16 + j];
      for (int k = 0; k < 16; ++k)
        want += static_cast<float>(A[i * 16 + k]) * static_cast<float>(B[k * 16 + j]);
      wrong += D[i * 16 + j] != want;
    }
  std::printf("D = A x B + C: %s\n", wrong ? "WRONG" : "exact");
  HIP_CHECK(hipFree(d_a));
  HIP_CHECK(hipFree(d_b));
  HIP_CHECK(hipFree(d_c));
  HIP_CHECK(hipFree(d_d));
  return wrong ? 1 : 0;
}
