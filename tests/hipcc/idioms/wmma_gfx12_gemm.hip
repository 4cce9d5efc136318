// The RDNA4 WMMA idiom of blog posts and small GEMM projects: _Float16 buffers, a grid of wave32
// blocks each computing one 16x16 tile of C = A * B with __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12
// over K, operands loaded as 8-element vectors. On gfx12, element n of lane l's A vector is
// A[l%16][n%4 + 4*(l/16) + 8*(n/4)] (B likewise with the column l%16), and element v of the result
// is C[v + 8*(l/16)][l%16]. The reference is a double-precision loop on the host; operands are random
// f16 values in [-1, 1], the tolerance 2^-20 * sum|a*b| per element (f32 accumulation, K = 128).
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

typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

// A: m x k row-major, B: k x n row-major, C: m x n row-major; m, n multiples of 16, k of 16.
__global__ void wmma_gemm(_Float16 const* a, _Float16 const* b, float* c, int m, int n, int k) {
  int const lane = threadIdx.x;
  int const tile_row = blockIdx.y * 16, tile_col = blockIdx.x * 16;
  float8 acc = {};
#if defined(__GFX12__)
  for (int k0 = 0; k0 < k; k0 += 16) {
    half8 a_frag, b_frag;
    for (int e = 0; e < 8; ++e) {
      int const kk = k0 + e % 4 + 4 * (lane / 16) + 8 * (e / 4);
      a_frag[e] = a[(tile_row + lane % 16) * k + kk];
      b_frag[e] = b[kk * n + tile_col + lane % 16];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a_frag, b_frag, acc);
  }
#endif
  for (int v = 0; v < 8; ++v) c[(tile_row + v + 8 * (lane / 16)) * n + tile_col + lane % 16] = acc[v];
}

int main() {
  int const m = 48, n = 32, k = 128;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<_Float16> a(m * k), b(k * n);
  for (auto& v : a) v = static_cast<_Float16>(uniform(random));
  for (auto& v : b) v = static_cast<_Float16>(uniform(random));
  std::vector<float> c(m * n);
  _Float16 *da, *db;
  float* dc;
  HIP_CHECK(hipMalloc(&da, a.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&db, b.size() * sizeof(_Float16)));
  HIP_CHECK(hipMalloc(&dc, c.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice));
  wmma_gemm<<<dim3(n / 16, m / 16), dim3(32)>>>(da, db, dc, m, n, k);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(c.data(), dc, c.size() * sizeof(float), hipMemcpyDeviceToHost));

  int errors = 0;
  double worst = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double exact = 0, magnitude = 0;
      for (int kk = 0; kk < k; ++kk) {
        double const p = double(a[i * k + kk]) * double(b[kk * n + j]);
        exact += p;
        magnitude += std::fabs(p);
      }
      double const error = std::fabs(c[i * n + j] - exact);
      worst = std::fmax(worst, error / magnitude);
      if (!(error <= std::ldexp(magnitude, -20)) && errors++ < 5)
        std::printf("C[%d][%d] = %.9g, reference %.12g\n", i, j, c[i * n + j], exact);
    }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  std::printf("%s: %d of %d elements outside the tolerance (worst relative error %.3g)\n",
              errors == 0 ? "PASSED" : "FAILED", errors, m * n, worst);
  return errors == 0 ? 0 : 1;
}
