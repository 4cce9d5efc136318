// The idiom of rocm-examples' reduction tutorial: a kernel template that takes its operation as a
// parameter, given an extended lambda written in host code (`[] __device__ (T l, T r) {...}`),
// here a block reduction over __shared__ memory; also a `__host__ __device__` lambda called on
// both sides, and a `[=] __device__` lambda that captures by value. The reference is the same
// operation folded on the host, in exact integers.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(command)                                                                                             \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

template <unsigned BlockSize, typename T, typename F>
__global__ void reduce(T const* in, T* out, unsigned n, F op, T zero) {
  __shared__ T partial[BlockSize];
  unsigned const i = blockIdx.x * BlockSize + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : zero;
  __syncthreads();
  for (unsigned half = BlockSize / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] = op(partial[threadIdx.x], partial[threadIdx.x + half]);
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

template <typename F>
__global__ void map(int* data, unsigned n, F f) {
  unsigned const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = f(data[i]);
}

int main() {
  constexpr unsigned block = 128;
  unsigned const n = 5000, blocks = (n + block - 1) / block;
  std::vector<unsigned> host(n);
  for (unsigned i = 0; i < n; ++i) host[i] = (i * 2654435761u) % 100003u;

  unsigned *in, *out;
  HIP_CHECK(hipMalloc(&in, n * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&out, blocks * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(in, host.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));

  auto max_op = [] __device__(unsigned lhs, unsigned rhs) { return max(lhs, rhs); };
  auto sum_op = [] __host__ __device__(unsigned lhs, unsigned rhs) -> unsigned { return lhs + rhs; };
  int errors = 0;
  for (int which = 0; which < 2; ++which) {
    if (which == 0)
      reduce<block><<<blocks, block>>>(in, out, n, max_op, 0u);
    else
      hipLaunchKernelGGL((reduce<block, unsigned, decltype(sum_op)>), dim3(blocks), dim3(block), 0, 0, in, out, n,
                         sum_op, 0u);
    HIP_CHECK(hipGetLastError());
    std::vector<unsigned> got(blocks);
    HIP_CHECK(hipMemcpy(got.data(), out, blocks * sizeof(unsigned), hipMemcpyDeviceToHost));
    for (unsigned b = 0; b < blocks; ++b) {
      unsigned expected = 0;
      for (unsigned i = b * block; i < std::min(n, (b + 1) * block); ++i)
        expected = which == 0 ? std::max(expected, host[i]) : sum_op(expected, host[i]);
      if (got[b] != expected && errors++ < 5)
        std::printf("%s of block %u = %u, expected %u\n", which == 0 ? "max" : "sum", b, got[b], expected);
    }
  }

  int* data;
  HIP_CHECK(hipMalloc(&data, n * sizeof(int)));
  std::vector<int> values(n);
  for (unsigned i = 0; i < n; ++i) values[i] = static_cast<int>(i % 1000) - 500;
  HIP_CHECK(hipMemcpy(data, values.data(), n * sizeof(int), hipMemcpyHostToDevice));
  int const scale = -3, offset = 11;
  map<<<blocks, block>>>(data, n, [=] __device__(int x) { return x * scale + offset; });
  HIP_CHECK(hipMemcpy(values.data(), data, n * sizeof(int), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    int const expected = (static_cast<int>(i % 1000) - 500) * -3 + 11;
    if (values[i] != expected && errors++ < 10) std::printf("map [%u] = %d, expected %d\n", i, values[i], expected);
  }

  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(data));
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
