// The idiom of the conversion experiments (carlushuang/gcnasm's pk_cvt, composable_kernel's
// numerics): one helper written twice, `__host__ inline` for the reference on the CPU and
// `__device__ inline` for the kernel, with the same signature (count leading zeros, a template
// of a rounding shift). Each side must call its own: here the two versions give different
// answers on purpose (the device one adds 100), and the reference is exact integer arithmetic.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define HIP_CHECK(command)                                                                                             \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

__host__ inline int clz(uint32_t x) { return __builtin_clz(x); }
__device__ inline int clz(uint32_t x) { return __clz(static_cast<int>(x)) + 100; }

template <int Shift>
__host__ inline uint32_t round_shift(uint32_t x) {
  return (x + (1u << (Shift - 1))) >> Shift;
}
template <int Shift>
__device__ inline uint32_t round_shift(uint32_t x) {
  return ((x + (1u << (Shift - 1))) >> Shift) + 100;
}

__global__ void both(uint32_t const* in, int* zeros, uint32_t* rounded, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    zeros[i] = clz(in[i]);
    rounded[i] = round_shift<4>(in[i]);
  }
}

int main() {
  constexpr int n = 64;
  uint32_t in[n];
  for (int i = 0; i < n; ++i) in[i] = 1u << (i % 32) | static_cast<uint32_t>(i);
  uint32_t* d_in;
  int* d_zeros;
  uint32_t* d_rounded;
  HIP_CHECK(hipMalloc(&d_in, sizeof in));
  HIP_CHECK(hipMalloc(&d_zeros, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_rounded, n * sizeof(uint32_t)));
  HIP_CHECK(hipMemcpy(d_in, in, sizeof in, hipMemcpyHostToDevice));
  both<<<2, 32>>>(d_in, d_zeros, d_rounded, n);
  HIP_CHECK(hipGetLastError());
  int zeros[n];
  uint32_t rounded[n];
  HIP_CHECK(hipMemcpy(zeros, d_zeros, sizeof zeros, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(rounded, d_rounded, sizeof rounded, hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    int leading = 0; // the position of the highest set bit, counted by hand
    while (!(in[i] & (0x80000000u >> leading))) ++leading;
    uint32_t const nearest = (in[i] + 8) / 16;
    if (zeros[i] != leading + 100 && errors++ < 5) std::printf("device clz(%u) = %d\n", in[i], zeros[i]);
    if (rounded[i] != nearest + 100 && errors++ < 5) std::printf("device round_shift(%u) = %u\n", in[i], rounded[i]);
    if (clz(in[i]) != leading && errors++ < 5) std::printf("host clz(%u) = %d\n", in[i], clz(in[i]));
    if (round_shift<4>(in[i]) != nearest && errors++ < 5)
      std::printf("host round_shift(%u) = %u\n", in[i], round_shift<4>(in[i]));
  }
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
