// The RDNA3 WMMA idiom of public HIP programs: one wave32 multiplies a 16x16 f16 tile with
// __builtin_amdgcn_wmma_f32_16x16x16_f16_w32, reading its operands from __half buffers into
// _Float16 vectors (the implicit and explicit __half -> _Float16 conversions) and writing the f32
// result back as __half through the explicit float -> __half conversion. Several tiles along K
// accumulate in the same registers. The reference is exact integer arithmetic on the host: the
// operands are small non-negative integers, so every product and partial sum is exact in f32 and
// in f16. (Non-negative because RDNA3's dot chain adds terms of the other sign than the accumulator
// in one's complement, as the hardware does: -3 + 3*1 gives 2^-22, not 0; docs/numerics.md.)
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const status_ = (expr);                                                                                 \
    if (status_ != hipSuccess) {                                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(status_));                  \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int tile = 16;

// a: 16 x k row-major, b: k x 16 row-major, c: 16 x 16 row-major. One wave32.
__global__ void wmma_tiles(__half const* a, __half const* b, __half* c, int k) {
  int const lane = threadIdx.x;
  int const row_or_col = lane % 16;
  float8 acc = {};
#if defined(__GFX11__)
  for (int k0 = 0; k0 < k; k0 += tile) {
    half16 a_frag;
    half16 b_frag;
    for (int e = 0; e < 16; ++e) {
      // Lane i holds row i of A and column i of B (both lane halves hold the same data on RDNA3).
      a_frag[e] = (_Float16)a[row_or_col * k + k0 + e];
      b_frag[e] = b[(k0 + e) * tile + row_or_col];
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a_frag, b_frag, acc);
  }
  // Element v of lane l is D[2v + l/16][l%16].
  for (int v = 0; v < 8; ++v) c[(2 * v + lane / 16) * tile + row_or_col] = (__half)acc[v];
#else
  (void)a, (void)b, (void)c, (void)k, (void)acc, (void)row_or_col;
#endif
}

int main() {
  int const k = 64;
  std::vector<int> ai(tile * k), bi(k * tile);
  for (int i = 0; i < tile * k; ++i) {
    ai[i] = (i * 7 + i / 13) % 5; // 0..4
    bi[i] = (i * 5 + i / 11) % 4; // 0..3: sums up to 768, exact in f16
  }
  std::vector<__half> ha(ai.size()), hb(bi.size()), hc(tile * tile);
  for (size_t i = 0; i < ai.size(); ++i) ha[i] = __half(static_cast<float>(ai[i]));
  for (size_t i = 0; i < bi.size(); ++i) hb[i] = __half(static_cast<float>(bi[i]));

  __half *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, ha.size() * sizeof(__half)));
  HIP_CHECK(hipMalloc(&db, hb.size() * sizeof(__half)));
  HIP_CHECK(hipMalloc(&dc, hc.size() * sizeof(__half)));
  HIP_CHECK(hipMemcpy(da, ha.data(), ha.size() * sizeof(__half), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, hb.data(), hb.size() * sizeof(__half), hipMemcpyHostToDevice));
  wmma_tiles<<<dim3(1), dim3(32), 0, 0>>>(da, db, dc, k);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(hc.data(), dc, hc.size() * sizeof(__half), hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < tile; ++i)
    for (int j = 0; j < tile; ++j) {
      long expected = 0;
      for (int kk = 0; kk < k; ++kk) expected += static_cast<long>(ai[i * k + kk]) * bi[kk * tile + j];
      float const got = __half2float(hc[i * tile + j]);
      if (got != static_cast<float>(expected) && errors++ < 5)
        std::printf("D[%d][%d] = %g, expected %ld\n", i, j, got, expected);
    }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  std::printf("%s: %d of %d elements differ\n", errors == 0 ? "PASSED" : "FAILED", errors, tile * tile);
  return errors == 0 ? 0 : 1;
}
