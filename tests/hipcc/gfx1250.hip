// gfx1250's matrix cores as a kernel written for them uses them: the target chosen by its macros
// (__gfx1250__ first, since clang-22 also defines __GFX12__ there, RDNA4's macro), wave32 tiles, a
// dense f16 WMMA with its negation modifiers (a_neg, c_mod), and the block-scaled f8f6f4 WMMA with an
// FP4 A, an FP8 (E4M3) B and E8M0 scales, in both its scale (K block 32) and scale16 (K block 16)
// forms, the B scales in the second row (lanes 16-31). The operands are packed per lane by the
// rules reference/gfx1250.md §5 gives from AMD's libraries, written out here; the host checks D
// against the exact result, worked out in double from the formats' definitions (OCP MX v1.0).
// Every input is small, so every partial sum is exact in f32 whatever order the hardware adds in.

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

typedef _Float16 v16h __attribute__((ext_vector_type(16)));
typedef int v16i __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));

constexpr int kWave = 32;

// What the device pass saw: bit 0 __gfx1250__ (or __gfx1251__), bit 1 __GFX12__.
__global__ void target_macros(int* seen) {
  int s = 0;
#if defined(__gfx1250__) || defined(__gfx1251__)
  s |= 1;
#endif
#if defined(__GFX12__)
  s |= 2;
#endif
  seen[threadIdx.x] = s;
}

// D = (-A) * B - C, 16x16x32 f16 -> f32. RDNA4 code guarded by __GFX12__ alone would land here too:
// gfx1250 is tested first.
__global__ void dense_f16(v16h const* a, v16h const* b, v8f const* c, v8f* d) {
  int const l = static_cast<int>(threadIdx.x);
#if defined(__gfx1250__) || defined(__gfx1251__)
  d[l] = __builtin_amdgcn_wmma_f32_16x16x32_f16(/*a_neg*/ true, a[l], /*b_neg*/ false, b[l], /*c_mod: -C*/ 1, c[l],
                                                /*reuse_a*/ false, /*reuse_b*/ false);
#elif defined(__GFX12__)
  d[l] = v8f{}; // an RDNA4 path would use __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12
#endif
}

// D = (SA * A_fp4) * (SB * B_fp8) + C, 16x16x128, scales of K block 32 (one int) and 16 (one long).
__global__ void scaled_fp4_fp8(v16i const* a, v16i const* b, v8f const* c, int const* sa, int const* sb,
                               long const* sa16, long const* sb16, v8f* d) {
  int const l = static_cast<int>(threadIdx.x);
#if defined(__gfx1250__) || defined(__gfx1251__)
  d[l] = __builtin_amdgcn_wmma_scale_f32_16x16x128_f8f6f4(/*fmt_a fp4*/ 4, a[l], /*fmt_b fp8*/ 0, b[l], 0, c[l],
                                                          /*a_scale_sel*/ 0, /*a_scale_fmt E8M0*/ 0, sa[l],
                                                          /*b_scale_sel*/ 1, /*b_scale_fmt E8M0*/ 0, sb[l],
                                                          /*reuse_a*/ false, /*reuse_b*/ false);
  d[kWave + l] = __builtin_amdgcn_wmma_scale16_f32_16x16x128_f8f6f4(4, a[l], 0, b[l], 0, c[l], 0, 0, sa16[l], 1, 0,
                                                                    sb16[l], false, false);
#endif
}

// FP4 E2M1: sign, 2 exponent bits (bias 1), 1 fraction bit; exponent 0 is subnormal (0, 0.5).
double fp4_value(unsigned code) {
  int const e = (code >> 1) & 3, f = code & 1;
  double const mag = e == 0 ? 0.5 * f : std::ldexp(1.0 + 0.5 * f, e - 1);
  return (code & 8) ? -mag : mag;
}
// FP8 E4M3 (OCP): bias 7, 3 fraction bits.
double fp8_value(unsigned code) {
  int const e = (code >> 3) & 15, f = code & 7;
  double const mag = e == 0 ? std::ldexp(f / 8.0, -6) : std::ldexp(1.0 + f / 8.0, e - 7);
  return (code & 0x80) ? -mag : mag;
}

// The place of a K-chunked A/B element (reference/gfx1250.md §5.1): chunks of S consecutive K
// alternate between lanes 0-15 and 16-31; a lane holds its chunks back to back.
struct Place {
  int lane, bit; // bit: from the lane's first register (32 per VGPR)
};
Place chunked(int row, int k, int chunk, int elem_bits) {
  int const c = k / chunk, n = chunk * (c / 2) + k % chunk;
  return {row + 16 * (c % 2), n * elem_bits};
}
// An 8- or 4-bit code into its lane's registers (neither straddles a VGPR).
void put(std::vector<v16i>& lanes, Place p, unsigned code) {
  lanes[size_t(p.lane)][p.bit / 32] |= int(code << (p.bit % 32));
}
// D (f32 16x16): element (i, j) in lane 16 * (i / 8) + j, VGPR i % 8.
float d_at(std::vector<v8f> const& d, int base, int i, int j) { return d[size_t(base + 16 * (i / 8) + j)][i % 8]; }

int dense() {
  constexpr int M = 16, N = 16, K = 32;
  std::vector<v16h> a(kWave), b(kWave);
  std::vector<v8f> c(kWave), d(kWave);
  std::memset(a.data(), 0, a.size() * sizeof(v16h));
  std::memset(b.data(), 0, b.size() * sizeof(v16h));
  auto av = [](int i, int k) { return (i * 5 + k * 3) % 7 - 3; };
  auto bv = [](int k, int j) { return (k * 7 + j * 2 + k / 8) % 9 - 4; };
  auto cv = [](int i, int j) { return (i * 3 - j * 5) % 11; };
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      Place const p = chunked(i, k, 8, 16);
      a[size_t(p.lane)][p.bit / 16] = static_cast<_Float16>(av(i, k));
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) {
      Place const p = chunked(j, k, 8, 16);
      b[size_t(p.lane)][p.bit / 16] = static_cast<_Float16>(bv(k, j));
    }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) c[size_t(16 * (i / 8) + j)][i % 8] = static_cast<float>(cv(i, j));
  v16h *a_d, *b_d;
  v8f *c_d, *d_d;
  HIP_CHECK(hipMalloc(&a_d, kWave * sizeof(v16h)));
  HIP_CHECK(hipMalloc(&b_d, kWave * sizeof(v16h)));
  HIP_CHECK(hipMalloc(&c_d, kWave * sizeof(v8f)));
  HIP_CHECK(hipMalloc(&d_d, kWave * sizeof(v8f)));
  HIP_CHECK(hipMemcpy(a_d, a.data(), kWave * sizeof(v16h), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b_d, b.data(), kWave * sizeof(v16h), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(c_d, c.data(), kWave * sizeof(v8f), hipMemcpyHostToDevice));
  dense_f16<<<dim3(1), dim3(kWave)>>>(a_d, b_d, c_d, d_d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(d.data(), d_d, kWave * sizeof(v8f), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double want = -cv(i, j);
      for (int k = 0; k < K; ++k) want += -av(i, k) * bv(k, j);
      float const got = d_at(d, 0, i, j);
      if (static_cast<double>(got) != want && bad++ < 5)
        std::printf("FAILED dense D[%d][%d] = %.9g, exact %.9g\n", i, j, got, want);
    }
  hipFree(a_d);
  hipFree(b_d);
  hipFree(c_d);
  hipFree(d_d);
  if (bad) return std::printf("FAILED: dense f16, %d of %d elements\n", bad, M * N), 1;
  std::printf("dense: %d elements of (-A)*B - C (wmma_f32_16x16x32_f16) equal the exact result\n", M * N);
  return 0;
}

int scaled() {
  constexpr int M = 16, N = 16, K = 128;
  auto a_code = [](int i, int k) { return unsigned(i * 7 + k * 3 + (k >> 4)) % 16; };
  auto b_code = [](int k, int j) { return 0x28u + unsigned(k * 5 + j * 11) % 24 + ((k + j) % 3 == 0 ? 0x80u : 0); };
  auto c_val = [](int i, int j) { return double((i * 13 + j * 7) % 9 - 4); };
  // E8M0 codes: 2^-2 .. 2^2 for A, 2^-1 .. 2^2 for B, per K block of 32 (scale) or 16 (scale16).
  auto sa_code = [](int i, int q) { return 125u + unsigned(i + q) % 5; };
  auto sb_code = [](int q, int j) { return 126u + unsigned(j * 3 + q) % 4; };
  std::vector<v16i> a(kWave), b(kWave);
  std::vector<v8f> c(kWave), d(2 * kWave);
  std::memset(a.data(), 0, a.size() * sizeof(v16i));
  std::memset(b.data(), 0, b.size() * sizeof(v16i));
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) put(a, chunked(i, k, 32, 4), a_code(i, k)); // FP4: S = 32, 8 VGPRs
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) put(b, chunked(j, k, 16, 8), b_code(k, j)); // f8f6f4 FP8: S = 16, 16 VGPRs
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) c[size_t(16 * (i / 8) + j)][i % 8] = static_cast<float>(c_val(i, j));
  // Scales (reference/gfx1250.md §5.3): row i of A (column j of B) in lane i + 16 * sel, the byte of
  // K block q at bits 8q of the 32- or 64-bit scale; A uses row 0, B row 1. The other half's lanes
  // hold codes that would change D if read.
  std::vector<int> sa(kWave), sb(kWave);
  std::vector<long> sa16(kWave), sb16(kWave);
  for (int l = 0; l < kWave; ++l) {
    unsigned w_a = 0, w_b = 0;
    unsigned long long w_a16 = 0, w_b16 = 0;
    for (int q = 0; q < 8; ++q) {
      bool const a_row = l < 16, b_row = l >= 16;
      unsigned const x = a_row ? sa_code(l % 16, q) : 0x90u, y = b_row ? sb_code(q, l % 16) : 0x70u;
      if (q < 4) {
        w_a |= x << (8 * q);
        w_b |= y << (8 * q);
      }
      w_a16 |= static_cast<unsigned long long>(x) << (8 * q);
      w_b16 |= static_cast<unsigned long long>(y) << (8 * q);
    }
    sa[size_t(l)] = static_cast<int>(w_a);
    sb[size_t(l)] = static_cast<int>(w_b);
    sa16[size_t(l)] = static_cast<long>(w_a16);
    sb16[size_t(l)] = static_cast<long>(w_b16);
  }
  v16i *a_d, *b_d;
  v8f *c_d, *d_d;
  int *sa_d, *sb_d;
  long *sa16_d, *sb16_d;
  HIP_CHECK(hipMalloc(&a_d, kWave * sizeof(v16i)));
  HIP_CHECK(hipMalloc(&b_d, kWave * sizeof(v16i)));
  HIP_CHECK(hipMalloc(&c_d, kWave * sizeof(v8f)));
  HIP_CHECK(hipMalloc(&d_d, 2 * kWave * sizeof(v8f)));
  HIP_CHECK(hipMalloc(&sa_d, kWave * sizeof(int)));
  HIP_CHECK(hipMalloc(&sb_d, kWave * sizeof(int)));
  HIP_CHECK(hipMalloc(&sa16_d, kWave * sizeof(long)));
  HIP_CHECK(hipMalloc(&sb16_d, kWave * sizeof(long)));
  HIP_CHECK(hipMemcpy(a_d, a.data(), kWave * sizeof(v16i), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(b_d, b.data(), kWave * sizeof(v16i), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(c_d, c.data(), kWave * sizeof(v8f), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sa_d, sa.data(), kWave * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sb_d, sb.data(), kWave * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sa16_d, sa16.data(), kWave * sizeof(long), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(sb16_d, sb16.data(), kWave * sizeof(long), hipMemcpyHostToDevice));
  scaled_fp4_fp8<<<dim3(1), dim3(kWave)>>>(a_d, b_d, c_d, sa_d, sb_d, sa16_d, sb16_d, d_d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(d.data(), d_d, 2 * kWave * sizeof(v8f), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int form = 0; form < 2; ++form) { // scale (K block 32), scale16 (K block 16)
    int const block = form == 0 ? 32 : 16;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double want = c_val(i, j);
        for (int k = 0; k < K; ++k) {
          int const q = k / block;
          want += fp4_value(a_code(i, k)) * fp8_value(b_code(k, j)) *
                  std::ldexp(1.0, static_cast<int>(sa_code(i, q) + sb_code(q, j)) - 254);
        }
        float const got = d_at(d, form * kWave, i, j);
        if (static_cast<double>(got) != want && bad++ < 5)
          std::printf("FAILED %s D[%d][%d] = %.9g, exact %.9g\n", form ? "scale16" : "scale", i, j, got, want);
      }
  }
  hipFree(a_d);
  hipFree(b_d);
  hipFree(c_d);
  hipFree(d_d);
  hipFree(sa_d);
  hipFree(sb_d);
  hipFree(sa16_d);
  hipFree(sb16_d);
  if (bad) return std::printf("FAILED: scaled FP4 x FP8, %d of %d elements\n", bad, 2 * M * N), 1;
  std::printf("scaled: %d elements of FP4 x FP8 with E8M0 scales (scale and scale16) equal the exact result\n",
              2 * M * N);
  return 0;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  if (std::strncmp(prop.gcnArchName, "gfx125", 6) != 0 || prop.warpSize != kWave) {
    std::printf("FAILED: this program needs gfx1250 or gfx1251, wave32 (got %s, wave%d)\n", prop.gcnArchName,
                prop.warpSize);
    return 1;
  }
  int* seen_d;
  HIP_CHECK(hipMalloc(&seen_d, kWave * sizeof(int)));
  target_macros<<<dim3(1), dim3(kWave)>>>(seen_d);
  HIP_CHECK(hipGetLastError());
  int seen = 0;
  HIP_CHECK(hipMemcpy(&seen, seen_d, sizeof(int), hipMemcpyDeviceToHost));
  hipFree(seen_d);
  if (seen != 3) return std::printf("FAILED: target macros %d, want __gfx1250__ and __GFX12__ (3)\n", seen), 1;
  std::printf("macros: __gfx1250__ and __GFX12__ defined in the device pass\n");
  if (dense() || scaled()) return 1;
  std::printf("PASSED\n");
  return 0;
}
