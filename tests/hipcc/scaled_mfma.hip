// gfx950's block-scaled MFMA as a HIP program uses it: an MX-style 16x128 FP4 A times a 128x16
// FP8 (E4M3) B with one E8M0 scale per 32 K of each row of A and column of B, launched with
// <<< >>>, the path chosen from gcnArchName, the operands packed per lane in the layout the
// host works out from AMD's description (A and B lane l: row/column l % 16, K group l / 16; fp4
// holds 32 consecutive K, fp8 two chunks of 16; the scale of K block q in lane i + 16q). The host
// checks D against the exact product, worked out here in double: fp4 and fp8 codes decoded by
// their definitions (OCP MX v1.0), every scale a power of two, every sum exact in float.

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define HIP_CHECK(call)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (call);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("FAILED %s: %s\n", #call, hipGetErrorString(e));                                                     \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

constexpr int M = 16, N = 16, K = 128, KB = K / 32;

typedef int v8i __attribute__((ext_vector_type(8)));
typedef float v4f __attribute__((ext_vector_type(4)));

// FP4 E2M1: sign, 2 exponent bits (bias 1), 1 fraction bit; exponent 0 is subnormal (0, 0.5).
double fp4_value(unsigned code) {
  int const e = (code >> 1) & 3, f = code & 1;
  double const mag = e == 0 ? 0.5 * f : std::ldexp(1.0 + 0.5 * f, e - 1);
  return (code & 8) ? -mag : mag;
}
// FP8 E4M3 (OCP): bias 7, 3 fraction bits; codes 0x7f/0xff are NaN (not used here).
double fp8_value(unsigned code) {
  int const e = (code >> 3) & 15, f = code & 7;
  double const mag = e == 0 ? std::ldexp(f / 8.0, -6) : std::ldexp(1.0 + f / 8.0, e - 7);
  return (code & 0x80) ? -mag : mag;
}

// Lane l's A registers: 32 fp4 codes, K = 32 * (l / 16) + n in nibble n; B: 32 fp8 codes, K =
// 16 * (l / 16) + 64 * (n / 16) + n % 16 in byte n. The scale VGPRs hold the E8M0 byte in byte 1
// (opsel 1), the other bytes garbage that must be ignored.
__global__ void scaled_tile(v8i const* a, v8i const* b, int const* sa, int const* sb, float* d) {
  int const l = static_cast<int>(threadIdx.x);
  v4f const c{};
#if defined(__gfx950__)
  v4f const r = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a[l], b[l], c, /*cbsz fp4*/ 4, /*blgp fp8*/ 0,
                                                                 /*opsel_a*/ 1, sa[l], /*opsel_b*/ 1, sb[l]);
  for (int v = 0; v < 4; ++v) d[l * 4 + v] = r[v];
#endif
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  if (std::strncmp(prop.gcnArchName, "gfx950", 6) != 0) {
    std::printf("FAILED: this program needs gfx950 (got %s)\n", prop.gcnArchName);
    return 1;
  }
  // Asymmetric data: A codes from i and k, B codes from k and j, scales from row and block.
  unsigned a_code[M][K], b_code[K][N], sa_code[M][KB], sb_code[KB][N];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) a_code[i][k] = (i * 7 + k * 3 + (k >> 4)) % 16;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      b_code[k][j] = 0x28 + (k * 5 + j * 11) % 24 + ((k + j) % 3 == 0 ? 0x80 : 0); // 0.25 .. 3.75
  for (int q = 0; q < KB; ++q) {
    for (int i = 0; i < M; ++i) sa_code[i][q] = 127 - 2 + (i + q) % 5;     // 2^-2 .. 2^2
    for (int j = 0; j < N; ++j) sb_code[q][j] = 127 + (j * 3 + q) % 4 - 1; // 2^-1 .. 2^2
  }
  std::vector<v8i> a(64), b(64);
  std::vector<int> sa(64), sb(64);
  for (int l = 0; l < 64; ++l) {
    unsigned aw[8] = {}, bw[8] = {};
    for (int n = 0; n < 32; ++n) {
      aw[n / 8] |= a_code[l % 16][32 * (l / 16) + n] << (4 * (n % 8));
      bw[n / 4] |= b_code[16 * (l / 16) + 64 * (n / 16) + n % 16][l % 16] << (8 * (n % 4));
    }
    std::memcpy(&a[l], aw, sizeof aw); // fp4 reads the low 4 registers; the rest stays zero
    std::memcpy(&b[l], bw, sizeof bw);
    sa[l] = static_cast<int>(0xA5000011u | sa_code[l % 16][l / 16] << 8);
    sb[l] = static_cast<int>(0x5A0000EEu | sb_code[l / 16][l % 16] << 8);
  }
  v8i *a_d, *b_d;
  int *sa_d, *sb_d;
  float* d_d;
  HIP_CHECK(hipMalloc(&a_d, 64 * sizeof(v8i)));
  HIP_CHECK(hipMalloc(&b_d, 64 * sizeof(v8i)));
  HIP_CHECK(hipMalloc(&sa_d, 64 * sizeof(int)));
  HIP_CHECK(hipMalloc(&sb_d, 64 * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_d, 64 * 4 * sizeof(float)));
  HIP_CHECK(hipMemcpy(a_d, a.data(), 64 * sizeof(v8i), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b_d, b.data(), 64 * sizeof(v8i), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sa_d, sa.data(), 64 * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sb_d, sb.data(), 64 * sizeof(int), hipMemcpyHostToDevice));
  scaled_tile<<<dim3(1), dim3(64)>>>(a_d, b_d, sa_d, sb_d, d_d);
  HIP_CHECK(hipGetLastError());
  std::vector<float> d(64 * 4);
  HIP_CHECK(hipMemcpy(d.data(), d_d, d.size() * sizeof(float), hipMemcpyDeviceToHost));

  // D[i][j] of the 16x16 tile sits in lane j + 16 * (i / 4), register i % 4.
  int bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double want = 0;
      for (int k = 0; k < K; ++k)
        want += fp4_value(a_code[i][k]) * fp8_value(b_code[k][j]) *
                std::ldexp(1.0, static_cast<int>(sa_code[i][k / 32] + sb_code[k / 32][j]) - 254);
      float const got = d[(j + 16 * (i / 4)) * 4 + i % 4];
      if (static_cast<double>(got) != want && bad++ < 5)
        std::printf("FAILED D[%d][%d] = %.9g, exact %.9g\n", i, j, got, want);
    }
  hipFree(a_d);
  hipFree(b_d);
  hipFree(sa_d);
  hipFree(sb_d);
  hipFree(d_d);
  if (bad) {
    std::printf("FAILED: %d of %d elements\n", bad, M * N);
    return 1;
  }
  std::printf("PASSED: %d elements of an FP4 x FP8 block-scaled MFMA equal the exact product\n", M * N);
  return 0;
}
