// The MFMA idiom of AMD's lab notes and of blog posts on CDNA matrix cores: one wave64 computes a
// 16x16 f32 tile of A (16 x K) times B (K x 16) with __builtin_amdgcn_mfma_f32_16x16x4f32, looping
// over K four at a time and accumulating in the builtin's float4 result. Lane l holds A[l%16][k0+l/16]
// and B[k0+l/16][l%16]; element i of its result is D[4*(l/16)+i][l%16] (the CDNA3 ISA's layout).
// The reference is a double-precision loop on the host; the operands are random floats in [-1, 1),
// and the tolerance is 1e-5 * sum|a*b| per element (f32 accumulation error, K = 256).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e_ = (expr);                                                                                      \
    if (e_ != hipSuccess) {                                                                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(e_));                                  \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

typedef float float4_t __attribute__((ext_vector_type(4)));

__global__ void mfma_tile(float const* a, float const* b, float* d, int k) {
  int const lane = threadIdx.x;
  float4_t acc = {0.0f, 0.0f, 0.0f, 0.0f};
#if defined(__gfx90a__) || defined(__gfx942__)
  for (int k0 = 0; k0 < k; k0 += 4) {
    float const a_value = a[(lane % 16) * k + k0 + lane / 16];
    float const b_value = b[(k0 + lane / 16) * 16 + lane % 16];
    acc = __builtin_amdgcn_mfma_f32_16x16x4f32(a_value, b_value, acc, 0, 0, 0);
  }
#endif
  for (int i = 0; i < 4; ++i) d[(4 * (lane / 16) + i) * 16 + lane % 16] = acc[i];
}

int main() {
  int const k = 256;
  std::mt19937 random(2024);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> a(16 * k), b(k * 16), d(16 * 16);
  for (auto& v : a) v = uniform(random);
  for (auto& v : b) v = uniform(random);
  float *da, *db, *dd;
  HIP_CHECK(hipMalloc(&da, a.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, b.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dd, d.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(mfma_tile, dim3(1), dim3(64), 0, 0, da, db, dd, k);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(d.data(), dd, d.size() * sizeof(float), hipMemcpyDeviceToHost));

  int errors = 0;
  double worst = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double exact = 0, magnitude = 0;
      for (int kk = 0; kk < k; ++kk) {
        double const p = double(a[i * k + kk]) * double(b[kk * 16 + j]);
        exact += p;
        magnitude += std::fabs(p);
      }
      double const error = std::fabs(d[i * 16 + j] - exact);
      worst = std::fmax(worst, error / magnitude);
      if (!(error <= 1e-5 * magnitude) && errors++ < 5)
        std::printf("D[%d][%d] = %.9g, reference %.12g\n", i, j, d[i * 16 + j], exact);
    }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dd));
  std::printf("%s: %d of 256 elements outside the tolerance (worst relative error %.3g)\n",
              errors == 0 ? "PASSED" : "FAILED", errors, worst);
  return errors == 0 ? 0 : 1;
}
