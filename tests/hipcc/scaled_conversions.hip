// gfx950's scaled conversion builtins in a kernel, as MX quantisation code writes them: each lane
// widens every fp8/bf8 code (and fp4 pair) with a per-block E8M0 scale, and narrows every code's
// value times the scale back; the host checks each result against the formats' field layouts
// (tests/hip/fp8_reference.hpp). Prints "scaled_conversions: ok".
#include <hip/hip_runtime.h>

#include "fp8_reference.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

typedef float float2_t __attribute__((ext_vector_type(2)));
typedef short short2_t __attribute__((ext_vector_type(2)));

__global__ void widen(float const* scales, float* out, unsigned* round_trip) {
  unsigned const code = threadIdx.x; // 256 lanes: every code
  float const scale = scales[blockIdx.x];
  float2_t const f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp8(code | (255u - code) << 8, scale, false);
  out[blockIdx.x * 1024 + code * 4 + 0] = f[0];
  out[blockIdx.x * 1024 + code * 4 + 1] = f[1];
  out[blockIdx.x * 1024 + code * 4 + 2] = __builtin_amdgcn_cvt_scalef32_f32_bf8(static_cast<int>(code << 16), scale, 2);
  float2_t const g = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(code << 24, scale, 3);
  out[blockIdx.x * 1024 + code * 4 + 3] = g[0] + g[1];
  // Back: the widened fp8 value narrows to its own code (a finite code's value, times and then
  // divided by the same power of two, is exact unless it overflowed or underflowed f32).
  short2_t packed = {0, 0};
  packed = __builtin_amdgcn_cvt_scalef32_pk_fp8_f32(packed, f[0], f[1], scale, true);
  round_trip[blockIdx.x * 256 + code] = static_cast<unsigned short>(packed[1]);
}

int main() {
  float const scales[4] = {1.0f, 0x1p-10f, 0x1p+20f, -0x1.8p+3f}; // E = 127, 117, 147, 130 (sign ignored)
  int const expo[4] = {0, -10, 20, 3};
  float *d_scales, *d_out;
  unsigned* d_rt;
  hipMalloc(&d_scales, sizeof scales);
  hipMalloc(&d_out, 4 * 1024 * sizeof(float));
  hipMalloc(&d_rt, 4 * 256 * sizeof(unsigned));
  hipMemcpy(d_scales, scales, sizeof scales, hipMemcpyHostToDevice);
  widen<<<4, 256>>>(d_scales, d_out, d_rt);
  if (hipDeviceSynchronize() != hipSuccess) {
    std::printf("scaled_conversions: launch failed: %s\n", hipGetErrorString(hipGetLastError()));
    return 1;
  }
  static float out[4 * 1024];
  static unsigned rt[4 * 256];
  hipMemcpy(out, d_out, sizeof out, hipMemcpyDeviceToHost);
  hipMemcpy(rt, d_rt, sizeof rt, hipMemcpyDeviceToHost);
  int bad = 0;
  auto same = [&](float got, double want, char const* what, int b, unsigned c) {
    bool const ok = std::isnan(want) ? std::isnan(got) : double(got) == want;
    if (!ok && bad++ < 10) std::printf("%s: block %d code %u: got %a, want %a\n", what, b, c, got, want);
  };
  for (int b = 0; b < 4; ++b)
    for (unsigned c = 0; c < 256; ++c) {
      auto widen8 = [&](fp8ref::Format f, unsigned code) {
        return fp8ref::is_nan(f, code)
                   ? NAN
                   : static_cast<double>(static_cast<float>(std::ldexp(fp8ref::value(f, code), expo[b])));
      };
      same(out[b * 1024 + c * 4 + 0], widen8(fp8ref::kE4M3, c), "pk_f32_fp8 low", b, c);
      same(out[b * 1024 + c * 4 + 1], widen8(fp8ref::kE4M3, 255 - c), "pk_f32_fp8 high", b, c);
      same(out[b * 1024 + c * 4 + 2], widen8(fp8ref::kE5M2, c), "f32_bf8", b, c);
      double const fp4 = std::ldexp(fp8ref::fp4_value(c & 15) + fp8ref::fp4_value(c >> 4), expo[b]);
      same(out[b * 1024 + c * 4 + 3], fp4, "pk_f32_fp4", b, c);
      unsigned const lo =
          fp8ref::builtin_nearest_even(fp8ref::kE4M3, out[b * 1024 + c * 4 + 0] / std::ldexp(1.0, expo[b]));
      unsigned const hi =
          fp8ref::builtin_nearest_even(fp8ref::kE4M3, out[b * 1024 + c * 4 + 1] / std::ldexp(1.0, expo[b]));
      if (rt[b * 256 + c] != (lo | hi << 8) && bad++ < 10)
        std::printf("pk_fp8_f32: block %d code %u: got 0x%x, want 0x%x\n", b, c, rt[b * 256 + c], lo | hi << 8);
      // A finite code comes back as itself (NaN codes as the NaN S.1111.111).
      if (b < 3 && !fp8ref::is_nan(fp8ref::kE4M3, c) && (rt[b * 256 + c] & 0xFF) != c && bad++ < 10)
        std::printf("round trip: block %d code %u: got 0x%x\n", b, c, rt[b * 256 + c] & 0xFF);
    }
  if (bad) {
    std::printf("scaled_conversions: %d mismatches\n", bad);
    return 1;
  }
  std::printf("scaled_conversions: ok\n");
  return 0;
}
