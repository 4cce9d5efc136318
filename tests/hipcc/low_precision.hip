// __half, __hip_bfloat16 and the FP8 types in kernels, as a HIP program uses them: device code
// converts and computes, and the host checks every result against exact values worked out here
// (small integers and dyadic fractions, exact in every format used).

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                                                              \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      ++failures;                                                                                                      \
      std::printf("FAILED line %d: ", __LINE__);                                                                       \
      std::printf(__VA_ARGS__);                                                                                        \
      std::printf("\n");                                                                                               \
    }                                                                                                                  \
  } while (0)
#define HIP_CHECK(call)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (call);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("FAILED %s: %s\n", #call, hipGetErrorString(e));                                                     \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

// out[i] = a[i] * b[i] + c[i] in f16 (one rounding, exact here), and the dot product of the
// halves of two __half2 vectors, accumulated in float across the wave with __shfl_xor.
__global__ void half_math(__half const* a, __half const* b, __half const* c, __half* out, float* dot) {
  int const i = static_cast<int>(threadIdx.x);
  out[i] = __hfma(a[i], b[i], c[i]);
  __half2 const p = __halves2half2(a[i], b[i]);
  __half2 const q = __hmul2(p, __float2half2_rn(0.5f));
  float partial = __low2float(q) + __high2float(q);
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) partial += __shfl_xor(partial, offset);
  if (i == 0) *dot = partial;
}

__global__ void bf16_math(__hip_bfloat16 const* a, float* out) {
  int const i = static_cast<int>(threadIdx.x);
  __hip_bfloat16 const twice = __hadd(a[i], a[i]);
  out[i] = __bfloat162float(twice) + __bfloat162float(__float2bfloat16(0.25f));
}

// FP8 round trips in device code: float -> fp8 -> float with saturation, in the format the target
// uses (FNUZ on gfx942, OCP on gfx12), and the pair type.
__global__ void fp8_math(float const* in, float* out, unsigned char* codes) {
  int const i = static_cast<int>(threadIdx.x);
#if defined(__gfx942__)
  __hip_fp8_e4m3_fnuz const f(in[i]);
#else
  __hip_fp8_e4m3 const f(in[i]);
#endif
  codes[i] = f.__x;
  out[i] = static_cast<float>(f);
  __hip_fp8x2_e5m2 const pair(float2{in[i], -in[i]});
  float2 const back = pair;
  out[64 + i] = back.x + back.y; // x + (-x) = 0 for every finite x
}

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::string const arch = props.gcnArchName;
  bool const fnuz = arch.find("gfx94") == 0;
  int const w = props.warpSize;

  // f16.
  size_t const n = static_cast<size_t>(w);
  std::vector<__half> a(n), b(n), c(n);
  for (int i = 0; i < w; ++i) {
    a[size_t(i)] = __float2half(float(i) * 0.25f);
    b[size_t(i)] = __float2half(float(i % 7) - 3.0f);
    c[size_t(i)] = __float2half(0.25f);
  }
  __half *da, *db, *dc, *dout;
  float* ddot;
  HIP_CHECK(hipMalloc(&da, size_t(w) * sizeof(__half)));
  HIP_CHECK(hipMalloc(&db, size_t(w) * sizeof(__half)));
  HIP_CHECK(hipMalloc(&dc, size_t(w) * sizeof(__half)));
  HIP_CHECK(hipMalloc(&dout, size_t(w) * sizeof(__half)));
  HIP_CHECK(hipMalloc(&ddot, sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), size_t(w) * sizeof(__half), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), size_t(w) * sizeof(__half), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dc, c.data(), size_t(w) * sizeof(__half), hipMemcpyHostToDevice));
  half_math<<<1, w>>>(da, db, dc, dout, ddot);
  HIP_CHECK(hipGetLastError());
  std::vector<__half> out(n);
  float dot = 0;
  HIP_CHECK(hipMemcpy(out.data(), dout, size_t(w) * sizeof(__half), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&dot, ddot, sizeof dot, hipMemcpyDeviceToHost));
  float want_dot = 0;
  for (int i = 0; i < w; ++i) {
    float const x = float(i) * 0.25f, y = float(i % 7) - 3.0f;
    float const want = x * y + 0.25f; // exact in f16: multiples of 1/4 below 64
    EXPECT(__half2float(out[size_t(i)]) == want, "hfma lane %d: %g vs %g", i, double(__half2float(out[size_t(i)])),
           double(want));
    want_dot += x * 0.5f + y * 0.5f;
  }
  EXPECT(dot == want_dot, "dot %g vs %g", double(dot), double(want_dot));

  // bf16.
  std::vector<__hip_bfloat16> bf(n);
  for (int i = 0; i < w; ++i) bf[size_t(i)] = __float2bfloat16(float(i) - 8.5f);
  __hip_bfloat16* dbf;
  float* dbfo;
  HIP_CHECK(hipMalloc(&dbf, size_t(w) * sizeof(__hip_bfloat16)));
  HIP_CHECK(hipMalloc(&dbfo, size_t(w) * sizeof(float)));
  HIP_CHECK(hipMemcpy(dbf, bf.data(), size_t(w) * sizeof(__hip_bfloat16), hipMemcpyHostToDevice));
  bf16_math<<<1, w>>>(dbf, dbfo);
  std::vector<float> bfo(n);
  HIP_CHECK(hipMemcpy(bfo.data(), dbfo, size_t(w) * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < w; ++i)
    EXPECT(bfo[size_t(i)] == 2 * (float(i) - 8.5f) + 0.25f, "bf16 lane %d: %g", i, double(bfo[size_t(i)]));

  // fp8: values on the format's grid come back exactly; 1000 saturates to the largest finite
  // value (240 FNUZ, 448 OCP); 0.3 rounds to nearest even (0.3125 FNUZ and OCP: 1.25 x 2^-2).
  std::vector<float> in(64, 0.0f);
  float const cases[] = {1.0f, -2.0f, 0.5f, 3.5f, -0.125f, 1000.0f, 0.3f, -1000.0f};
  for (int i = 0; i < 64; ++i) in[size_t(i)] = cases[i % 8] * float(1 + i / 8 % 2);
  float *din, *dout8;
  unsigned char* dcodes;
  HIP_CHECK(hipMalloc(&din, 64 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout8, 128 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dcodes, 64));
  HIP_CHECK(hipMemcpy(din, in.data(), 64 * sizeof(float), hipMemcpyHostToDevice));
  fp8_math<<<1, 64>>>(din, dout8, dcodes);
  HIP_CHECK(hipGetLastError());
  std::vector<float> o8(128);
  std::vector<unsigned char> codes(64);
  HIP_CHECK(hipMemcpy(o8.data(), dout8, 128 * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(codes.data(), dcodes, 64, hipMemcpyDeviceToHost));
  float const big = fnuz ? 240.0f : 448.0f;
  for (int i = 0; i < 64; ++i) {
    float const x = in[size_t(i)];
    float const want = x > big ? big : x < -big ? -big : (i % 8 == 6) ? 0.3125f * float(1 + i / 8 % 2) : x;
    EXPECT(o8[size_t(i)] == want, "fp8 e4m3 lane %d: %g -> %g (want %g)", i, double(x), double(o8[size_t(i)]),
           double(want));
    EXPECT(o8[size_t(64 + i)] == 0.0f, "fp8x2 e5m2 lane %d", i);
  }
  // The codes themselves for 1.0: 0x40 in E4M3FNUZ (bias 8), 0x38 in OCP E4M3 (bias 7).
  EXPECT(codes[0] == (fnuz ? 0x40 : 0x38), "code of 1.0: %#x", codes[0]);
  // The host path, as the example programs use it.
  __hip_fp8_storage_t const s = __hip_cvt_float_to_fp8(2.0f, __HIP_SATFINITE, fnuz ? __HIP_E4M3_FNUZ : __HIP_E4M3);
  EXPECT(__half2float(__hip_cvt_fp8_to_halfraw(s, fnuz ? __HIP_E4M3_FNUZ : __HIP_E4M3)) == 2.0f, "host round trip");

  if (failures) return 1;
  std::printf("low-precision types: PASSED\n");
  return 0;
}
