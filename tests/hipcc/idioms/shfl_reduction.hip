// The reduction idiom of AMD's training examples and tutorials: each block reduces its part of the
// input with a grid-stride loop, then within each wave with __shfl_down over warpSize (32 or 64,
// asked at run time), then across the block's waves through __shared__ memory, and the first
// thread adds the block's sum into the total with atomicAdd. The reference is the exact sum on the
// host; the values are integers, summed in unsigned 64-bit arithmetic on both sides.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e_ = (expr);                                                                                      \
    if (e_ != hipSuccess) {                                                                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(e_));                                  \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

constexpr int block_size = 256;

__device__ unsigned long long wave_sum(unsigned long long value) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) value += __shfl_down(value, offset);
  return value;
}

__global__ void reduce(unsigned const* in, size_t n, unsigned long long* total) {
  __shared__ unsigned long long partial[block_size / 32]; // enough for wave32 and wave64
  unsigned long long sum = 0;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) sum += in[i];
  sum = wave_sum(sum);
  int const lane = threadIdx.x % warpSize;
  int const wave = threadIdx.x / warpSize;
  if (lane == 0) partial[wave] = sum;
  __syncthreads();
  int const waves = blockDim.x / warpSize;
  if (wave == 0) {
    sum = lane < waves ? partial[lane] : 0;
    sum = wave_sum(sum);
    if (lane == 0) atomicAdd(total, sum);
  }
}

int main() {
  size_t const n = 1000003; // not a multiple of anything
  std::vector<unsigned> host(n);
  unsigned state = 12345;
  for (auto& v : host) {
    state = state * 1664525u + 1013904223u; // a fixed LCG: the same input on every run
    v = state >> 4;
  }
  unsigned long long expected = 0;
  for (unsigned v : host) expected += v;

  unsigned* in;
  unsigned long long* total;
  HIP_CHECK(hipMalloc(&in, n * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&total, sizeof(unsigned long long)));
  HIP_CHECK(hipMemcpy(in, host.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(total, 0, sizeof(unsigned long long)));
  reduce<<<dim3(40), dim3(block_size)>>>(in, n, total);
  HIP_CHECK(hipGetLastError());
  unsigned long long got = 0;
  HIP_CHECK(hipMemcpy(&got, total, sizeof(got), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(total));

  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  bool const ok = got == expected;
  std::printf("%s: warpSize %d, sum %llu, expected %llu\n", ok ? "PASSED" : "FAILED", props.warpSize, got, expected);
  return ok ? 0 : 1;
}
